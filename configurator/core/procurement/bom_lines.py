"""The lines of a bill of materials and the bill itself (:class:`BomLine`, :class:`BillOfMaterials`), with the
two ways a line is priced: from the price file (:func:`line_of`) or at the card's price (:func:`card_line`).
Out of :mod:`configurator.core.procurement.bom` (which re-exports them) in December 2026, so that a bill other
than a data centre's (local-display desktops' workstations, :mod:`configurator.core.procurement.workstations`)
is built from the same lines without importing the data centre's bill."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.messages import Message
from configurator.core.procurement.goodput import Goodput
from configurator.core.procurement.prices import PriceBook, UnitPrice


@dataclass(frozen=True)
class BomLine:
    """One line of the bill of materials; money in the scenario's currency."""

    kind: str
    item_id: str
    name: str
    quantity: float
    unit: str
    unit_price: float | None
    source: str
    date: str
    confidence: str
    yearly: bool = False
    """A recurring cost (licences) rather than a purchase."""
    role: str = ""
    """What the line is for when an item appears more than once: ``spare``, ``leaf``, ``spine``,
    ``core`` (fabric tiers), ``network-rack``, ``system`` (a rack-scale system bought whole),
    ``owned`` or ``idle`` (modules bought with their baseboard server that the layout leaves unused),
    ``board`` (GPUs of a multi-GPU board, the A16's 4, bought and priced by the whole board: the card
    price of such a card is a board's; until December 2026 32 A16 GPUs were "32 cards" at the board
    price, four times the boards)."""
    said: Message | None = None
    """The line's name as a message, where the program names it rather than the price file (a
    rack-scale system the file does not list): ``name`` is its English text; a warning that names
    the line says it in the reader's language."""

    @property
    def total(self) -> float | None:
        return None if self.unit_price is None else self.unit_price * self.quantity


@dataclass(frozen=True)
class BillOfMaterials:
    lines: tuple[BomLine, ...]
    currency: str
    servers: int
    gpus_per_server: int
    racks: int
    liquid_cooled: bool | None
    """The compute racks need liquid cooling: above the air-cooled rack's power, or a rack-scale
    system its maker publishes as liquid-cooled; None: a rack-scale system whose cooling is not
    published (the CloudMatrix 384; until December 2026 every rack-scale system read
    "liquid-cooled", unsourced for that one)."""
    it_kw: float | None
    """IT load at full power: cards at board power, the idle modules of a baseboard bought full and the
    owned ones given no work in a server that runs at idle power
    (:func:`~configurator.core.procurement.servers.idle_module_w`; an owned server's empty places and the
    owned servers left off draw nothing: :func:`~configurator.core.procurement.servers.housing`) and each
    server's own power at work, the scale-out switches' power; the cold spare servers at
    :data:`COLD_SPARE_W`, powered off [kW]. The energy and colocation of the TCO are charged on it."""
    host_w_per_server: float | None
    """A server's own power besides its cards, from its type [W]."""
    goodput: Goodput | None
    problems: tuple[str, ...] = ()
    notes: tuple[Message, ...] = ()
    """What the bill says about itself beside its lines: why it buys no spare server, or how many
    it buys and the waiting left (:func:`spares_note`)."""
    gpus_bought: int = 0
    """GPUs the bill pays for, spares left out, and the unit it buys them in
    (:func:`~configurator.core.procurement.servers.gpus_bought`): what renting is compared with [count]."""
    purchase_unit: str = "card"
    host: str = "server"
    """What holds the cards: ``"server"`` (rack servers, rack-scale systems, or none for a desktop unit) or
    ``"workstation"`` (deskside workstations in an office: :mod:`configurator.core.procurement.host`)."""

    @property
    def purchases(self) -> tuple[BomLine, ...]:
        return tuple(line for line in self.lines if not line.yearly)

    @property
    def system(self) -> BomLine | None:
        """The rack-scale system the cards are bought in whole (an NVL72 rack, a CloudMatrix 384
        supernode), None for cards bought in servers."""
        return next((line for line in self.lines if line.role == "system"), None)

    @property
    def capex(self) -> float:
        """Sum of the priced purchase lines (unpriced lines are listed in ``unpriced``)."""
        return sum(line.total for line in self.purchases if line.total is not None)

    @property
    def licences_per_year(self) -> float:
        return sum(line.total for line in self.lines if line.yearly and line.total is not None)

    @property
    def unpriced(self) -> tuple[BomLine, ...]:
        return tuple(line for line in self.lines if line.unit_price is None)

    @property
    def accelerators_as_bought(self) -> float:
        """The priced cards with their spares, and rack-scale systems (whose price includes
        their cards) [currency]."""
        return sum(line.total or 0.0 for line in self.purchases if line.kind == "accelerator" or line.role == "system")

    @property
    def cards_at_card_price(self) -> float:
        """Cards bought at the card price: the accelerator lines with a price, spares included,
        the cards already owned and those a system's price includes left out [count]."""
        return sum(line.quantity for line in self.purchases if line.kind == "accelerator" and line.unit_price)

    @property
    def cards_owned(self) -> int:
        """Cards of the deployment already owned (``Economics.owned_cards``), not bought [count]."""
        return int(sum(line.quantity for line in self.lines if line.role == "owned" and line.kind == "accelerator"))

    @property
    def servers_owned(self) -> int:
        """Servers the owned cards come in that the deployment runs
        (:attr:`~configurator.core.procurement.servers.Housing.servers_owned`), not bought [count]."""
        return int(sum(line.quantity for line in self.lines if line.role == "owned" and line.kind != "accelerator"))

    @property
    def spare_servers(self) -> int:
        """Cold spare servers the bill buys: the goodput's spares, none for rack-scale systems
        (bought whole, spares not added) [count]."""
        return int(sum(line.quantity for line in self.purchases if line.role == "spare" and line.kind != "accelerator"))

    @property
    def complete(self) -> bool:
        """Every line has a price: the capex and the TCO are the whole purchase."""
        return not self.unpriced


IDLE_WORDS = "sold with the server, not used by the layout"
"""What the English name of a bill's ``idle`` line adds to the card's name, in brackets: the modules of a
baseboard server bought full that the layout does not use (1 H100 SXM is bought as an 8-GPU HGX
server: 1 used, 7 idle; :func:`~configurator.core.procurement.servers.cards_bought`)."""


def book_rate(book: PriceBook, usd_to_currency: float) -> float:
    """The rate the price file's items are multiplied by into the scenario's currency: ``usd_to_currency``
    [currency per USD] where the file is in USD, else 1 (a file already in the scenario's currency)."""
    return usd_to_currency if book.items and next(iter(book.items.values())).currency == "USD" else 1.0


def line_of(book: PriceBook, item_id: str, quantity: float, rate: float, *, name: str | None = None,
            yearly: bool = False, role: str = "") -> BomLine:
    """``quantity`` of the price file's ``item_id`` [its unit], its unit price times ``rate`` [the scenario's
    currency per the file's] (:func:`book_rate`); an item the file does not list, unpriced (None) and of the
    kind its id names (:func:`kind_of`). ``name``: the line's name in place of the file's; ``yearly``: a
    recurring cost; ``role``: :attr:`BomLine.role`."""
    item: UnitPrice | None = book.item(item_id)
    if item is None:
        kind = kind_of(item_id)  # an item the file does not list: a rack-scale system is counted by the rack
        return BomLine(kind, item_id, name or item_id, quantity, "per rack" if kind == "rack" else "per unit", None,
                       "", "", "", yearly, role)
    price = None if item.unit_price is None else item.unit_price * rate
    return BomLine(item.kind, item_id, name or item.name, quantity, item.unit, price, item.source, item.date,
                   item.confidence, yearly, role)


def card_line(card: Card, quantity: int, basis, server_item: UnitPrice | None) -> BomLine:
    """The cards at the scenario's price basis, or at no extra cost when the system's price
    (the price file's, or the buyer's quote) includes them (:attr:`UnitPrice.priced_whole`)."""
    if server_item is not None and server_item.priced_whole:
        return BomLine("accelerator", card.id, card.name, quantity, "per card", 0.0,
                       f"included in the {server_item.item_id} price", server_item.date, server_item.confidence)
    user = basis.card_price_date == "user"
    return BomLine("accelerator", card.id, card.name, quantity, "per card", basis.card_price,
                   "user" if user else "catalog", basis.card_price_date or "", "user" if user else "catalog")


def kind_of(item_id: str) -> str:
    """The kind of a line whose item the price file does not list, by its id's first word
    (``switch-…``: "network"; an unknown word: "facility")."""
    prefix = item_id.split("-")[0]
    return {"server": "server", "rack": "rack", "switch": "network", "nic": "network", "link": "network",
            "storage": "storage", "software": "software"}.get(prefix, "facility")
