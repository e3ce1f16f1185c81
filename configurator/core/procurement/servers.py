"""Which server a card is bought in, and that server's own power."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from configurator.core.catalog import Card
from configurator.core.frozen_record import fast_init
from configurator.core.messages import Message, msg
from configurator.core.link_domains import RACK_SCALE_DOMAIN
from configurator.core.procurement.nodes import card_nodes
from configurator.core.procurement.prices import PriceBook, bundled_price_book
from configurator.core.view.card_names import counts_chips

_BASEBOARD = re.compile(r"SXM|OAM|HGX|baseboard|module|superchip", re.IGNORECASE)
_ASIDE = re.compile(r"\([^)]*\)")
"""A parenthesised aside in a form factor (another form also offered, a cooling note)."""
_NOT_A_SERVER_CARD = re.compile(r"desktop|cloud-only", re.IGNORECASE)


LARGEST_PCIE_SERVER = 8
"""Card slots of the largest PCIe server of the price file (``server-pcie-8``) [count]: a server's
share of PCIe cards is bought in the smallest of 2, 4 or 8 slots that holds it (a slot a board:
an A16 board, 4 GPUs, takes one). The 1U one-card server (``server-pcie-1``) takes only the
low-profile single-width cards it names (T4, L4, A2): a double-width or full-length card needs a
2U (until December 2026 every card's share of one was priced in the 1U)."""

BASEBOARD_PLACES = 8
"""Module places of the baseboard server an SXM/OAM module is sold in (HGX 8-GPU, AMD's 8-OAM
platform, Intel's HLB baseboard) [count], for a module the price file names no node for (Huawei's
Atlas 800T A2 of 8 Ascend 910B is its own item since December 2026, ``server-atlas-800t-a2``, where
it was priced and powered as an HGX host with no word that it was)."""


@fast_init
@dataclass(frozen=True)
class ServerType:
    """How the cards are housed: an item of the price file, its GPU places and the cards each
    server holds in the layout."""

    item_id: str | None
    gpus: int
    """GPUs the server (or rack) has room for [count]."""
    rack_scale: bool
    cards_each: int
    """Cards each server holds in the layout: a server's share (``cards_per_node``) in a PCIe
    server of the next size up, every place of a baseboard or rack [count]."""
    general_purpose: bool = False
    """A general-purpose PCIe server (two x86 sockets, an OCP or PCIe NIC of 2 × 25 GbE for the
    in-band network: ``server-pcie-*``, ``server-slim-2u-8``, ``server-fhfl-2u-4``), the housing of
    every PCIe card; not a baseboard server (HGX, OAM), a maker's node (GH200, MI250X) or a
    rack-scale system, whose in-band NICs run at 100 GbE or more."""


def server_type(card: Card, cards_per_node: int, count: int) -> ServerType:
    """The server a card is bought in: an NVL72-class rack of its NVLink domain; the node the
    price file names for the card (``for_cards`` of a server item, :mod:`.nodes`: the GH200
    superchip nodes of 1, 2 or 4, no x86 host; the MI250X's 4-module node; the low-profile T4, A2
    and L4 eight to a 2U, one in a 1U; the full-length single-slot A10 one or two in the two-slot 2U,
    four to a 2U, eight to a 4U — no 1U), the
    smallest that holds a server's share of the cards; an 8-way baseboard server for other SXM/OAM modules (the maker's own where the price file names
    one, :func:`_baseboard_items`: the Atlas 800T A2 of the Ascend 910B; else HGX-class, B200-class
    above 1 kW per module); else a PCIe
    server with 2, 4 or 8 slots, the smallest that holds a server's share of the cards
    (``cards_per_node``, at most 8 boards), a slot a board: 8 A16 GPUs are two boards in a two-slot
    server (until December 2026 they took a whole eight-slot server, each GPU counted as a card); one
    double-width card is bought in the two-slot 2U (until December 2026 in the 1U ``server-pcie-1``,
    which takes no double-width card); no server for desktop systems and cloud-only parts."""
    housing = _housing(card.form_factor or "")
    if housing == "none":  # before the rack test: a cloud TPU pod is rented by the slice, not bought whole
        return ServerType(None, 1, False, 1)
    domain = card.interconnect.domain_size
    if domain > RACK_SCALE_DOMAIN and card.has_fast_link:  # the number first: most cards stop there
        return ServerType(rack_item(card), domain, True, domain)
    nodes = card_nodes(card.id)
    if nodes:
        return _smallest_node(nodes, cards_per_node, count, housing == "pcie")
    if housing == "baseboard":
        named = _baseboard_items().get(card.id)  # the maker's 8-way server where the price file names one
        return ServerType(named or ("server-hgx-8-b200" if (card.tdp_w or 0) >= 1000 else "server-hgx-8"),
                          BASEBOARD_PLACES, False, BASEBOARD_PLACES)
    per_board = card.gpus_per_board  # an A16 board carries 4 GPUs in one double-width slot
    most = LARGEST_PCIE_SERVER * per_board
    wanted = cards_per_node if cards_per_node < count else count  # max(1, min(·, ·, most)) written out: no call
    wanted = most if wanted > most else 1 if wanted < 1 else wanted
    boards = -(-wanted // per_board)  # whole boards
    slots = 2 if boards <= 2 else 4 if boards <= 4 else 8  # the first of 2, 4, 8 holding them
    return ServerType(_PCIE_SERVERS[slots], slots * per_board, False, wanted, True)


_PCIE_SERVERS = {slots: f"server-pcie-{slots}" for slots in (2, 4, 8)}
"""The price file's PCIe server item of each size for a double-width card [GPU slots -> item id]
(the 1U ``server-pcie-1`` names its low-profile cards itself, :mod:`.nodes`)."""


def sold_in_servers(card: Card) -> bool:
    """Whether ``card`` is a module sold only built into its server (SXM/OAM modules on a
    baseboard, superchips, the MI250X's node), so that a buyer orders the server's places whole; not
    a PCIe card, a rack-scale system (:func:`purchase_unit` says its unit) or a cloud-only part."""
    if _housing(card.form_factor or "") != "baseboard":
        return False
    return not (card.interconnect.domain_size > RACK_SCALE_DOMAIN and card.has_fast_link)


def purchase_unit(card: Card) -> int:
    """The fewest cards a buyer can order [count]: a rack-scale system's cards (72 a GB200 NVL72
    rack); a module sold only in its server (:func:`sold_in_servers`) the places of the smallest
    server the price file sells it in — 8 for an HGX H100, an 8-OAM MI300X platform or an Atlas
    800T A2 with 8 Ascend 910B, 4 for the MI250X's node, 1 for a GH200 (1-superchip nodes); 1 for
    a PCIe card and a cloud-only part (rented by the chip). Until December 2026 one H100 SXM was ranked and billed as one module in an
    8-GPU server host whose other 7 places stood empty, which no vendor sells."""
    housing = _housing(card.form_factor or "")
    if housing == "none":  # a cloud-only part is rented by the chip, whatever its pod
        return 1
    domain = card.interconnect.domain_size
    if domain > RACK_SCALE_DOMAIN and card.has_fast_link:
        return domain
    if housing != "baseboard":
        return 1
    nodes = card_nodes(card.id)
    return nodes[0][0] if nodes else BASEBOARD_PLACES


def whole_servers_reason(card: Card, count: int, rented: bool = False, owned: int = 0) -> Message | None:
    """Why a ranked row of modules counts whole servers (``whole-servers``: "H100 SXM5 80GB modules
    are sold 8 to a server, on its baseboard: bought in whole servers, 8 cards"; ``rented``, a row
    ranked by rent: ``whole-servers-rented``, "rented in whole servers" — until December 2026 a
    rented row said "bought"); None for a card bought singly, a rack-scale system (said as systems)
    or a node of one (GH200), and for a count that is not whole servers (ranked by rent a card is
    rented by the GPU: "rented in whole servers, 2 cards" was said of 2 MI325X, persona check,
    December 2026); None too where ``owned`` modules leave places of their server empty, which cards
    bought fill (:func:`housing`: 4 H100 SXM owned and 4 bought are not "bought in whole servers")."""
    unit = purchase_unit(card)
    if unit == 1 or not sold_in_servers(card) or count % unit or owned % unit:
        return None
    chips = "-chips" if counts_chips(card.name) else ""  # in Chinese the card's own measure word (张, 颗 by the chip)
    return msg(("whole-servers-rented" if rented else "whole-servers") + chips, card=card.name, unit=unit, count=count)


FANS_INTO_THE_CASE = frozenset({"flow-through", "active-fan"})
"""Coolers whose fans blow a board's heat into its case (:data:`~configurator.core.card.CoolerKind`): a
workstation's open-air cooler, made for a desktop case's own airflow, not a rack server's."""

RACK_SERVER_FAN_BOARDS = 0
"""Boards with fans blowing into the case (:data:`FANS_INTO_THE_CASE`) one rack server takes [count]: none.
A rack server's fans push air front to back through passive heatsinks (or past blowers exhausting out of
the bracket); its makers build and certify it with the server boards. NVIDIA sells the RTX PRO 6000
Blackwell in three editions: the 600 W Workstation Edition (double flow-through fans) for desktops, the 300 W
blower Max-Q Workstation Edition for multi-GPU workstations, and the passive Server Edition for servers,
whose 2U/4U "RTX PRO Servers" of up to 8 boards were announced with Cisco, Dell, HPE, Lenovo and Supermicro
(NVIDIA's product pages and Computex newsroom release, March-May 2025; read online in 2025, not re-checked
offline in December 2026). The price file's PCIe servers (``server-pcie-2/4/8``) are such general-purpose
servers, priced for passive boards. **Not a law of physics**: integrators build 5U rack chassis with a fan wall
for flow-through boards (autonomous-ai/autonomous-computer ``4x-6000/README.md``: four RTX PRO 6000 Blackwell
Workstation cards "over the airflow modules"; ``autonomous-ai/Personal-AI-Computer`` @c966c3b6 ``8x-5090``:
eight RTX 5090 in a 5U chassis, 5,100 W) — no such item is in the price file, so the bill cannot price one.
Such boards are housed only in deskside workstations, :data:`CARDS_PER_DESKSIDE` each (:func:`rack_server_boards`,
the one rule; :func:`configurator.core.procurement.host.refused_in_servers` applies it to a scenario). Until
December 2026 8 × RTX PRO 6000 Blackwell Workstation Edition were billed in one 8-slot rack server with a
caution (``flow-through-in-server``) and ranked, and named as the chatbot's nearest over budget (persona51)."""


def fan_board(card: Card) -> bool:
    """Whether ``card`` is a PCIe board sold with fans that blow its heat into the case (its catalog
    ``cooling``, :data:`FANS_INTO_THE_CASE`: the RTX PRO 6000 Blackwell Workstation Edition); False where
    the cooler is passive, a blower, liquid, or not stated (a GeForce card, sold in its partners' designs)."""
    return (card.cooling is not None and card.cooling.kind in FANS_INTO_THE_CASE
            and _housing(card.form_factor or "") == "pcie")


def rack_server_boards(card: Card) -> int | None:
    """Boards of ``card`` one rack server takes by its cooler [count]: :data:`RACK_SERVER_FAN_BOARDS`
    (none) for a board whose fans blow into the case (:func:`fan_board`), which only a deskside
    workstation houses (:data:`CARDS_PER_DESKSIDE` each); None where the cooler sets no limit (the
    server's slots do: :func:`server_type`)."""
    return RACK_SERVER_FAN_BOARDS if fan_board(card) else None


FLOW_THROUGH_IN_SERVER = "flow-through-in-server"
"""The message id of :func:`flow_through_reason` (the report finds the row's word by it)."""


def flow_through_cooler(card: Card) -> bool:
    """Whether ``card`` is sold with a workstation's open-air flow-through fan cooler (its catalog
    ``cooling``, :data:`~configurator.core.card.CoolerKind`: the RTX PRO 6000 Blackwell Workstation
    Edition, 600 W), not a server's passive heatsink or a blower that exhausts out of the bracket
    (the Max-Q Workstation Edition, RTX 6000 Ada, RTX A6000); False where the cooler is not stated."""
    return card.cooling is not None and card.cooling.kind == "flow-through"


def flow_through_reason(card: Card, count: int, at_workstation: bool = False) -> Message | None:
    """Why a ranked row of a workstation card with a flow-through fan cooler is not what a rack
    server takes (``flow-through-in-server``): its fans blow its heat (600 W a card for the RTX PRO
    6000 Blackwell Workstation Edition) into the chassis, where a rack server's fans push air front
    to back through passive heatsinks; NVIDIA sells the passive Server Edition for servers and the
    300 W blower Max-Q Workstation Edition for multi-GPU workstations (NVIDIA's RTX PRO 6000
    Blackwell product pages, 2025; not re-checked offline in December 2026). Since December 2026 a bill of such
    boards bought for rack servers is refused (:func:`rack_server_boards`, its ``housing`` verdict): this caution
    is left for a row the rule does not refuse — boards already owned, housed in the buyer's servers, or
    priced by rent. The bill houses the cards in PCIe servers (:func:`server_type`). None for a card without a
    flow-through cooler (the catalog's sourced ``cooling``: passive, blower, not stated …), one not
    housed in a PCIe server, or one the bill houses in a deskside workstation (``at_workstation``:
    :func:`~configurator.core.procurement.host.at_a_workstation`, where its fans belong)."""
    if not flow_through_cooler(card) or _housing(card.form_factor or "") != "pcie" or at_workstation:
        return None
    return msg(FLOW_THROUGH_IN_SERVER, card=card.name, count=count, vendor=card.vendor)


DESKSIDE_CLASSES = ("graphics", "workstation")
"""Card classes a deskside workstation holds: graphics (a GeForce, an MTT S80) and professional workstation
boards (an RTX A6000), sold with their own fans for a desktop's case."""

CARDS_PER_DESKSIDE = 2
"""Boards one deskside workstation holds [count]: two double-width cards (Dell Precision 5860 Tower and HP Z4 G5
spec sheets, 2023: up to two double-width 300 W graphics cards; NVIDIA sells the 300 W blower RTX PRO 6000
Max-Q "for multi-GPU workstations"). **Assumption** (not re-checked offline in December 2026): a third board
needs a rack server's slots, power and airflow."""


def deskside_board(card: Card, count: int) -> bool:
    """Whether ``count`` × ``card`` go in one deskside workstation rather than a rack server: a graphics or
    workstation board (:data:`DESKSIDE_CLASSES`) with its own fans (a passive data-centre board, an L40 or
    A40, needs a server's airflow) on a PCIe slot (a desktop system, a DGX Spark, needs no host), one or two
    of them (:data:`CARDS_PER_DESKSIDE`). The card's half of the host rule; the scenario's is
    :func:`~configurator.core.procurement.host.at_a_workstation`."""
    passive = card.cooling is not None and card.cooling.kind == "passive"
    return (card.category in DESKSIDE_CLASSES and 1 <= count <= CARDS_PER_DESKSIDE and not passive
            and _housing(card.form_factor or "") == "pcie" and not card_nodes(card.id))


def cards_bought(card: Card, count: int, servers: int, kind: ServerType) -> int:
    """Cards the bill buys for ``count`` cards in ``servers`` servers of ``kind`` [count]: the
    count, or for a module sold only in its server (:func:`sold_in_servers`) every place of those
    servers — a baseboard is sold full, so 1 H100 SXM is bought as an 8-GPU HGX server (the
    layout uses 1, 7 stand idle) and 6 MI250X as two 4-module nodes."""
    if kind.rack_scale or kind.item_id is None or not sold_in_servers(card):
        return count
    return max(count, servers * kind.gpus)


PURCHASE_UNITS = ("system", "server", "board", "card")
"""How a bill buys its GPUs (:func:`gpus_bought`): whole rack-scale systems, whole servers (a
baseboard sold full), whole multi-GPU boards, or card by card."""


def gpus_bought(card: Card, count: int, servers: int, kind: ServerType, boards: int | None = None
                ) -> tuple[int, str]:
    """The GPUs a bill of materials pays for and the unit it buys them in (:data:`PURCHASE_UNITS`),
    the one count both sides of rent-or-buy take (:func:`~configurator.core.procurement.tco.rent_against_buy`):
    every GPU of the ``servers`` rack-scale systems (2 GB200 are bought as one NVL72 rack: 72), every
    place of a baseboard sold full (:func:`cards_bought`: 1 H100 SXM, an 8-GPU HGX server: 8), every
    GPU of the ``boards`` multi-GPU boards bought (6 A16 GPUs, 2 boards: 8), else the ``count`` cards
    themselves, bought by the card [count]. Cold spare servers are not counted: a cloud replaces a
    failed node itself."""
    if kind.rack_scale:
        return servers * kind.gpus, "system"
    if boards:
        return boards * card.gpus_per_board, "board"
    bought = cards_bought(card, count, servers, kind)
    return bought, "server" if kind.item_id is not None and sold_in_servers(card) else "card"


IDLE_MODULE_SHARE = 0.10
"""Share of its board power an SXM/OAM module draws idle, powered on the baseboard of a server bought
full but given no work by the layout [share]: ``nvidia-smi`` of idle 8-GPU HGX H100 servers (no
process, 0 MiB used, P0) reads 68-75 W of the 700 W cap on every module (setup notes of vLLM
deployments and Kubernetes GPU nodes in public repositories, 2024-2025), 70 W = 0.10 of 700 W.
**Assumption** for the other modules (A100, B200, MI250X, GH200 …): the same share; no idle figure
of theirs is on record here. Until December 2026 the idle modules of an HGX server drew their full
board power in the bill's IT load (1 A100 SXM: 8 × 400 W) while an MI250X node's drew none."""


def idle_modules(card: Card, count: int, servers: int, kind: ServerType, owned: int = 0) -> int:
    """Modules in the servers at work that the layout leaves unused, at idle power [count]: those bought
    with their servers (7 of 1 H100 SXM's HGX server, 1 of 3 MI250X's 4-module node) and the ``owned``
    ones given no work in an owned server the deployment runs (:func:`housing`); none for a card bought
    singly and a rack-scale system."""
    if not owned:  # every server bought: the places of a baseboard sold full (a ranking asks for each estimate)
        return cards_bought(card, count, servers, kind) - count
    return housing(card, count, servers, kind, owned).idle


def idle_module_w(card: Card) -> float:
    """Power one idle module draws on its baseboard, :data:`IDLE_MODULE_SHARE` of its board power
    (70 W of an H100 SXM's 700 W) [W]; 0 where the card has no board power on file."""
    return IDLE_MODULE_SHARE * (card.tdp_w or 0.0)


@fast_init
@dataclass(frozen=True)
class Housing:
    """Where the ``count`` cards of a layout run when ``owned`` of them are already the buyer's, and what
    the bill buys beside them (:func:`housing`) [count each]."""

    servers_owned: int = 0
    """Servers of the buyer's the deployment runs in, not bought."""
    owned_used: int = 0
    """Owned cards in those servers (or, cards sold singly, owned cards the layout runs): at work or idle."""
    owned_idle: int = 0
    """Owned modules in a server the deployment runs that the layout gives no work: at idle power."""
    owned_left: int = 0
    """Owned cards the deployment does not use, in servers of the buyer's it leaves off: no power, no price."""
    servers_left: int = 0
    """Owned servers (of modules) the deployment leaves off."""
    places_filled: int = 0
    """Modules bought into the empty places of an owned server."""
    places_empty: int = 0
    """Places of the owned servers the deployment runs left empty."""
    bought: int = 0
    """Cards (modules) bought, those idle on a baseboard sold full included."""
    bought_idle: int = 0
    """Modules bought with their servers that the layout leaves unused (a baseboard is sold full)."""
    fullest: tuple[int, int] = (0, 0)
    """The cards at work and the modules idle of the server drawing most [count, count]."""

    @property
    def idle(self) -> int:
        """Modules idle in the servers the deployment runs, owned and bought: at idle power [count]."""
        return self.owned_idle + self.bought_idle

    @property
    def cards(self) -> int:
        """Cards in the deployment's servers, owned and bought [count]."""
        return self.owned_used + self.bought


def housing(card: Card, count: int, servers: int, kind: ServerType, owned: int = 0) -> Housing:
    """Where ``count`` cards in ``servers`` servers of ``kind`` run with ``owned`` cards the buyer's.

    Modules sold only in their server (:func:`sold_in_servers`, SXM/OAM on a baseboard, a maker's node)
    come with it: ``owned`` modules are ``ceil(owned / places)`` servers of ``kind`` the buyer has (4
    H100 SXM are an 8-GPU HGX server with 4 empty places: the price file lists no 4-GPU HGX server),
    filled one after the other. The deployment runs in as many of them as it has servers (fullest
    first, the last one with the layout's smallest share); the cards it needs beyond them go first
    into their empty places, bought as modules, then into whole servers bought full, whose places the
    layout leaves unused are bought idle (:func:`cards_bought`). An owned module the layout gives no
    work in an owned server it runs is idle there; owned servers it does not run are left off, with
    their modules. Cards sold singly (PCIe) come with no server: they go into the slots of the servers
    bought; a rack-scale system is bought whole, none owned. Until December 2026 4 owned H100 SXM bought
    an empty 8-GPU server for themselves (50,000 USD) and drew 4 phantom modules' idle power, and owned
    PCIe cards as many as the layout's share of a server (1 L40S in a 2-slot server) were read as a
    server owned."""
    used = min(owned, count)
    if not owned and not kind.rack_scale and kind.item_id is not None and sold_in_servers(card):
        share = min(kind.cards_each, count)  # nothing owned: every server bought full (:func:`cards_bought`)
        bought = servers * kind.gpus
        return Housing(bought=bought, bought_idle=bought - count, fullest=(share, kind.gpus - share))
    if kind.rack_scale or kind.item_id is None or not sold_in_servers(card):  # cards sold singly: no server
        return Housing(0, used, 0, owned - used, 0, 0, 0, count - used, 0, (min(kind.cards_each, count), 0))
    places, each = kind.gpus, kind.cards_each
    shares = [each] * (servers - 1) + [count - (servers - 1) * each]  # the layout's share of each server
    full, rest = divmod(owned, places)
    mine = [places] * full + ([rest] if rest else [])  # the owned servers, fullest first
    runs = mine[:servers]
    theirs, bought_shares = shares[:len(runs)], shares[len(runs):]
    if runs and len(runs) < servers and runs[-1] < places:  # the smallest share to the least filled
        theirs, bought_shares = shares[:len(runs) - 1] + shares[-1:], shares[len(runs) - 1:-1]
    filled = sum(max(0, s - m) for m, s in zip(runs, theirs))
    owned_idle = sum(max(0, m - s) for m, s in zip(runs, theirs))
    empty = sum(places - max(m, s) for m, s in zip(runs, theirs))
    new = len(bought_shares)
    bought_idle = new * places - sum(bought_shares)
    drawing = [(s, max(0, m - s)) for m, s in zip(runs, theirs)] + [(s, places - s) for s in bought_shares]
    fullest = max(drawing, key=lambda d: (d[0] * (card.tdp_w or 0.0) + d[1] * idle_module_w(card)))
    return Housing(len(runs), sum(runs), owned_idle, owned - sum(runs), len(mine) - len(runs), filled, empty,
                   filled + new * places, bought_idle, fullest)


def server_power_w(card: Card, count: int, kind: ServerType, host_w: float, owned: int = 0) -> float | None:
    """Power at full load of the fullest server of ``count`` cards housed as ``kind`` [W]: its cards
    at board power (a server's share, at most ``count``), the places of a baseboard bought full that
    the layout leaves unused at idle power (:func:`idle_module_w`) and the server's own ``host_w`` [W]:
    1 H100 SXM in its HGX server 700 + 7 × 70 + 4,600 W; None where the card has no board power.
    The one rule for idle modules, an HGX server's, an MI250X node's or a GH200 node's alike; with
    ``owned`` cards the buyer's, the servers as :func:`housing` fills them (an owned server's empty
    places draw nothing)."""
    if card.tdp_w is None:
        return None
    if owned:
        used, idle = housing(card, count, math.ceil(count / kind.cards_each), kind, owned).fullest
    else:  # every server bought: the fullest holds a server's share, its baseboard's other places idle
        used = kind.cards_each if kind.cards_each < count else count
        idle = kind.gpus - used if cards_bought(card, used, 1, kind) > used else 0
    return card.tdp_w * used + idle_module_w(card) * idle + host_w


def _smallest_node(nodes: tuple[tuple[int, str], ...], cards_per_node: int, count: int,
                   general_purpose: bool) -> ServerType:
    """The first of ``nodes`` (GPU places, item id; fewest places first) that holds a server's
    share of the cards (``cards_per_node`` and ``count``, at most the largest node's places),
    holding that share: 2 GH200 at 2 a node are one NVL2 node, not half of a 4-way node.
    ``general_purpose``: the nodes are general-purpose PCIe servers (those the price file names for
    a PCIe card: T4, A2, L4, A10), not a maker's node (GH200, MI250X)."""
    largest = nodes[-1][0]
    wanted = cards_per_node if cards_per_node < count else count  # max(1, min(·, ·, largest)) written out
    wanted = largest if wanted > largest else 1 if wanted < 1 else wanted
    for places, item_id in nodes:  # fewest places first: the last holds ``wanted``
        if places >= wanted:
            break
    return ServerType(item_id, places, False, wanted, general_purpose)


UNPRICED_RACK = "rack-system"
"""The rack-scale system of a card whose rack the price file does not list: its bill line is
unpriced and cannot be quoted. Since December 2026 every rack-scale card of the catalog has its
own rack item, priced or not (``rack-vera-rubin-nvl72``, ``rack-cloudmatrix-384``: a quote for
the item prices the whole system), so this is only a user catalog's rack-scale card; until
December 2026 the Vera Rubin NVL72 and the CloudMatrix 384 were this line, which a quote could
not reach, and before that every rack-scale card was priced as one GB200 NVL72 rack."""


def rack_item(card: Card) -> str:
    """The price file's rack-scale system of ``card`` (the whole rack, its accelerators
    included): the rack item whose ``for_cards`` lists the card, else :data:`UNPRICED_RACK`."""
    return _rack_items().get(card.id, UNPRICED_RACK)


def rack_system_power_w(card: Card) -> float | None:
    """The published power of ``card``'s rack-scale system, the whole system [W] (the bundled
    price file's rack item, ``system_power_w``), or None: no such item or no figure."""
    item = bundled_price_book().items.get(_rack_items().get(card.id, ""))
    return item.system_power_w if item is not None else None


@lru_cache(maxsize=1)
def _baseboard_items() -> dict[str, str]:
    """The 8-way baseboard server item of each module the bundled price file names one for: a server
    item listing the card (``for_cards``) without GPU places of its own (``gpus``, which would make it
    a maker's node, :mod:`.nodes`) — Huawei's Atlas 800T A2 for the Ascend 910B
    (``server-atlas-800t-a2``) and Atlas 800T/800I A3 for the 910C server form; read once. Filled
    like an HGX server, every place a card; until December 2026 these modules were billed as the
    HGX host itself, with no word on the bill that its figures stood in."""
    return {card_id: item.item_id for item in bundled_price_book().items.values()
            if item.kind == "server" and not item.gpus for card_id in item.for_cards}


@lru_cache(maxsize=1)
def _rack_items() -> dict[str, str]:
    """Rack item id by card id, as the bundled price file's rack items name their cards (read
    once; a buyer's quotes change prices, never which items there are)."""
    return {card_id: item.item_id for item in bundled_price_book().items.values() if item.kind == "rack"
            for card_id in item.for_cards}


@lru_cache(maxsize=256)
def _housing(form: str) -> str:
    """What a form factor says of the server: ``none`` (desktop systems, cloud-only parts),
    ``baseboard`` (SXM/OAM modules, superchips: its first part names one and not PCIe) or
    ``pcie``. A pure function of the text, kept per text (the catalog has a few dozen)."""
    if _NOT_A_SERVER_CARD.search(form):
        return "none"
    first = _ASIDE.sub("", form).split("/")[0]  # "OAM (HL-338 PCIe card also offered)" is an OAM module,
    # "SXM4 (also PCIe 40/80GB versions)" an SXM one (until December 2026 the "/" inside its aside cut
    # it to "SXM4 (also PCIe 40", read as a PCIe card); an aside that is all it says of its form
    # ("Not verified (OAM/module reported)") is read as before
    if not (_BASEBOARD.search(first) or "PCIe" in first):
        first = _ASIDE.sub("", form.split("/")[0])
    return "baseboard" if _BASEBOARD.search(first) and "PCIe" not in first else "pcie"


def servers_needed(card: Card, cards_per_node: int, count: int, kind: ServerType | None = None) -> int:
    """Servers (or racks, for rack-scale systems) that hold ``count`` cards at a server's share
    each (:attr:`ServerType.cards_each`) [count].

    The one count of servers (bill of materials, power, goodput, the graphics capacity view):
    10 PCIe cards at 3 per server are 4 four-slot servers (3 + 3 + 3 + 1), not 3 filled to 4 —
    the layout's per-server share (tensor-parallel group, a driver's per-server session limit)
    is what the estimate was made for. ``kind``: :func:`server_type` of the three, when already
    worked out.
    """
    kind = server_type(card, cards_per_node, count) if kind is None else kind
    return math.ceil(count / kind.cards_each)


def host_power_w(card: Card, cards_per_node: int, count: int, book: PriceBook,
                 kind: ServerType | None = None) -> float | None:
    """Power of one server besides its cards at full load, from its type in the price file:
    the published system maximum less the cards' board power (e.g. DGX H100 10.2 kW less
    8 × 700 W) [W]; None when the type has no figure. ``kind``: :func:`server_type` of the card,
    share and count, when already worked out."""
    kind = server_type(card, cards_per_node, count) if kind is None else kind
    item = book.item(kind.item_id) if kind.item_id else None
    if kind.item_id is None:
        return 0.0
    return item.power_w if item is not None else None
