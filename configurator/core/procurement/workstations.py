"""The bill of local-display desktops: operators whose monitors are cabled to the card at their desk
(``graphics.local_display``, ``--local-display``) are bought workstations, not virtual desktops.

Until December 2026 such a bill was a data centre's — rack servers, a rack, management and front-end
switches, shared storage for the desktops' disks and an NVIDIA vGPU licence per user — although no remote
session runs: the card drives the desk's monitors through its own display outputs
(:func:`~configurator.core.graphics.users_by_outputs`). A workstation holds one card
(:data:`CARDS_PER_WORKSTATION`); its price is the price file's ``workstation-1gpu`` item, unpriced (null,
with the search on record) until the buyer's quote prices it — never a guess. Where the workstations are a
bill's only lines without a price (:func:`workstations_unpriced`), the ranking ranks on the priced part after every
complete total and every surface says the total excludes them (:mod:`configurator.core.procurement.partial`, the
rule for any item without a price: :func:`excluded_message`); a budget on
such a total cannot be confirmed (until December 2026 the question read "No card meets the scenario's
constraints.", every card listed without a price).
"""

from __future__ import annotations

from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.desks import at_desks, colocation_set_aside, pue_set_aside
from configurator.core.economics import PriceBasis
from configurator.core.messages import Message, msg
from configurator.core.procurement.bom_lines import BillOfMaterials, book_rate, card_line, line_of
from configurator.core.procurement.prices import PriceBook
from configurator.core.scenario import Scenario

WORKSTATION_ITEM = "workstation-1gpu"
"""The price file's deskside workstation without its card (``resources/procurement_prices.json``): one card."""

WORKSTATION_ITEMS = {1: WORKSTATION_ITEM, 2: "workstation-2gpu"}
"""The price file's deskside workstation item by the cards it holds [count -> item id]: a two-card box (one
deskside workstation, :mod:`configurator.core.procurement.host`) needs the power supply, slots and cooling of two
boards (until December 2026 it was billed as ``workstation-1gpu``, written for one card at a desk)."""

CARDS_PER_WORKSTATION = 1
"""Cards one desk's workstation holds: one professional card drives the desk's monitors (an RTX A6000's four
DisplayPort outputs, its datasheet) [count]."""


def without_rent(prices: PriceBasis) -> PriceBasis:
    """``prices`` at the users' desks (:func:`at_desks`): no cloud rent, with the one sentence why
    (``desks-no-rent``): a card cabled to a desk's monitors is bought, never rented, so no rent-based
    figure (cloud per hour, cost per user-month on rent) is offered and the cost is owning the cards (until
    December 2026 the estimate read "Cost per user-month — cloud rent 292 USD" for 4 designers at their
    desks). Why a card has no rent to rank (:data:`RENT_NOT_OFFERED`) is not said beside it: "its rent is sold only
    outside mainland China" stood above "no cloud rent applies at the desks" for 30 designers in China."""
    kept = tuple(m for m in prices.messages if m.id not in RENT_NOT_OFFERED)
    return replace(prices, cloud_per_hour=None, cloud_price_date=None, cloud=None, cloud_range=None,
                   rent_held_by=None, messages=(*kept, msg("desks-no-rent")))


RENT_NOT_OFFERED = ("no-cloud-price", "cloud-price-china-only", "cloud-price-abroad-only")
"""Messages saying why a card's rent is not ranked (:func:`configurator.core.economics.no_rent_message`)."""


def rent_ranking_refused(scenario: Scenario, objective: str) -> Message | None:
    """Why a ranking by ``objective`` ranks nothing at the users' desks: by cloud rent (``"cloud"``) no card
    can be ranked, none being rented there (:func:`without_rent`; until December 2026 every card was listed
    "no price — enter a quote" under "No card meets the scenario's constraints."). None elsewhere."""
    return msg("desks-not-ranked-by-rent") if objective == "cloud" and at_desks(scenario) else None


def desk_constraint_messages(scenario: Scenario) -> tuple[Message, ...]:
    """What the constraints set cannot check at the users' desks: a power per server (``rack_power_kw``)
    where there is no server, a workstation at each desk whose own power is not on file — said, not
    checked (``constraints.check`` leaves its verdict out; until December 2026 it checked a rack server's
    power, 930 W of host, at the desks). Empty elsewhere."""
    if at_desks(scenario) and scenario.constraints.rack_power_kw:
        return (msg("desks-no-server-power", kw=scenario.constraints.rack_power_kw),)
    return ()


def desk_set_aside_messages(scenario: Scenario) -> tuple[Message, ...]:
    """What ``scenario`` sets for a data hall that the users' desks leave out, one sentence each: a PUE typed in
    (:func:`~configurator.core.desks.pue_set_aside`: "PUE 1.6 not applied: the cards are under office desks …")
    and a colocation price (:func:`~configurator.core.desks.colocation_set_aside`: not charged). Until December
    2026 ``--pue 1.6 --local-display`` dropped its 1.6 unsaid, and a scenario file's colocation was charged on
    the desks' cards. Empty elsewhere, or where neither is set."""
    said = []
    pue = pue_set_aside(scenario)
    if pue is not None:
        said.append(msg("desks-pue-not-applied", pue=pue))
    price = colocation_set_aside(scenario)
    if price is not None:
        said.append(msg("desks-no-colocation", price=price, currency=scenario.economics.currency))
    return tuple(said)


def workstations_needed(cards: int, cards_each: int = CARDS_PER_WORKSTATION) -> int:
    """Workstations that hold ``cards`` cards, ``cards_each`` each (:data:`CARDS_PER_WORKSTATION` at the
    users' desks) [count]."""
    return -(-cards // cards_each)


def workstation_item(cards: int) -> str:
    """The price file's workstation item that holds ``cards`` cards (:data:`WORKSTATION_ITEMS`) [item id]."""
    return WORKSTATION_ITEMS[cards]


def unpriced_item(bom: BillOfMaterials) -> str | None:
    """The workstation item ``bom`` leaves without a price where it is ranked though partial
    (:func:`workstations_unpriced`), the one a buyer's quote completes it with; None otherwise."""
    if not workstations_unpriced(bom):
        return None
    return bom.unpriced[0].item_id


def workstations_unpriced(bom: BillOfMaterials) -> int:
    """The workstations ``bom`` leaves without a price where they are its only lines without one [count]:
    the one case a total is ranked though partial (every card, and all else bought, priced; a quote for
    :data:`WORKSTATION_ITEM` completes it). 0 where the bill is complete or another line lacks a price too
    (a total without the cards, or without servers, would favour the configuration whose prices are missing)."""
    unpriced = bom.unpriced
    if not unpriced or any(line.item_id not in WORKSTATION_ITEMS.values() for line in unpriced):
        return 0
    return int(sum(line.quantity for line in unpriced))


def workstation_bill(scenario: Scenario, card: Card, book: PriceBook, basis: PriceBasis,
                     cards_each: int = CARDS_PER_WORKSTATION) -> BillOfMaterials:
    """The bill of ``scenario.count`` × ``card`` at the users' desks: the cards at the scenario's price basis
    and one workstation each (:func:`workstation_item`: the item for the cards it holds; unpriced until
    quoted); no server, rack, network, shared storage or vGPU licence (no remote session: the monitors are
    cabled to the card). The IT load is the cards' board power alone [kW]: the workstation's own power is not on
    file. ``cards_each``: one at each desk, or up to two in one deskside workstation
    (:mod:`configurator.core.procurement.host`)."""
    e = scenario.economics
    rate = book_rate(book, e.usd_to_currency)
    count, workstations = scenario.count, workstations_needed(scenario.count, cards_each)
    item = workstation_item(min(count, cards_each))
    lines = (card_line(card, count, basis, None), line_of(book, item, workstations, rate))
    it_kw = None if card.tdp_w is None else card.tdp_w * count / 1000
    desks = cards_each == CARDS_PER_WORKSTATION
    note = msg("workstations-at-desks" if desks else "deskside-workstation", n=workstations, count=count,
               card=card.name, item=item)
    return BillOfMaterials(lines, e.currency, workstations, cards_each, 0, False, it_kw, None, None,
                           notes=(note,), gpus_bought=count, purchase_unit="card", host="workstation")
