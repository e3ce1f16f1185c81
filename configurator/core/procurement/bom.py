"""A planned deployment as a bill of materials: accelerators, servers, scale-out fabric,
management and storage networks, storage, racks, facility and software lines."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from configurator.core.catalog import Card
from configurator.core.memo import LruMemo
from configurator.core.economics import PriceBasis, price_basis
from configurator.core.graphics import boards_needed, host_cards_per_server, vgpu_licence
from configurator.core.messages import Message, msg
from configurator.core.training_speed import fabric
from configurator.core.procurement.desktop_storage import desktop_storage_note
from configurator.core.procurement.goodput import Goodput, deployment_goodput
from configurator.core.procurement.prices import ITEM_KINDS, PriceBook, UnitPrice
from configurator.core.procurement.bom_lines import IDLE_WORDS, BillOfMaterials, BomLine  # noqa: F401 - re-exported
from configurator.core.procurement.bom_lines import card_line as _card_line
from configurator.core.procurement.bom_lines import line_of as _line
from configurator.core.procurement.bom_lines import book_rate
from configurator.core.procurement.switches import (
    SUBNET_MANAGED,
    back_to_back,
    back_to_back_cables,
    fabric_links,
    fat_tree_switches,
    scale_out_switch,
    smallest_switch,
)
from configurator.core.procurement.owned import owned_notes
from configurator.core.procurement.storage import (  # noqa: F401 - storage names re-exported (tests import them)
    FRONT_END_SWITCH,
    STORAGE_FABRIC_SWITCH,
    STORAGE_NODE_TB,
    STORAGE_SWITCH_SIZES,
    front_end_network,
    storage_direct_attach,
    storage_endpoints,
    storage_nodes,
    storage_quantity_tb,
    storage_switch_item,
    storage_switches,
    storage_terabytes,
)
from configurator.core.desks import at_desks
from configurator.core.procurement.deskside import deskside_bill
from configurator.core.procurement.host import at_a_workstation
from configurator.core.procurement.workstations import workstation_bill
from configurator.core.procurement.servers import (
    Housing,
    ServerType,
    gpus_bought,
    housing,
    idle_module_w,
    server_power_w,
    server_type,
    servers_needed,
    sold_in_servers,
)
from configurator.core.scenario import Scenario, Workload

SCALE_OUT_PORT_GBPS = 400.0
"""Speed of one scale-out port the fabric is built from (NDR InfiniBand / 400 GbE) [Gb/s]."""

COLD_SPARE_W = 0.0
"""IT load of a cold spare server [W]: it stands in its rack slot, racked, cabled and on the
management network (the bill counts its rack space and its management ports, :func:`bill_of_materials`),
powered off until a server at work fails; it is then switched on in place of the failed one, which
is switched off, so the job's load at full power does not rise. **Assumption**: its BMC's standby
draw is left out (no figure on file; a small share of a working server's kilowatts). Until December
2026 a spare drew a full server's power, cards at board power, in the IT load and so in the TCO's
energy and colocation (1,024 H100 SXM pretraining: 4 spares, 40.8 kW of 1,346 kW)."""

RACK_UNITS = 42
"""Usable height of a rack [U]."""

SWITCHES_PER_NETWORK_RACK = 32
"""1U switches one network rack holds with its patch panels. A deployment whose switches fit in the
compute racks' free height gets no network rack, where it has no scale-out fabric or a fabric of one
switch (no spine: :func:`fat_tree_switches`): they are mounted beside the servers (until December
2026 a 500-desktop bill bought a whole rack, USD 10,000, for one 1U management switch, and a
2-server training job one for its one leaf switch). A fabric with spines keeps its network racks,
where the leaves' uplinks meet the spines."""

MANAGEMENT_PORTS_PER_SERVER = 2
"""Out-of-band (BMC) and in-band management ports of a server."""

def _units(book: PriceBook, item_id: str) -> int:
    """Height of one of the price file's switches [U] (1 U where the file has none)."""
    item = book.item(item_id)
    return (item.rack_units if item else None) or 1


def spares_note(goodput: Goodput | None, bought: int, rack_scale: bool) -> tuple[Message, ...]:
    """What the bill says of its spare servers (a training job on several servers): none bought, a
    failure stops the job until the repair, and how much of the time; or the spares bought and the
    waiting they leave (:func:`~configurator.core.procurement.goodput.spares_that_pay`), and that they
    stand powered off, out of the IT load (:data:`COLD_SPARE_W`). Nothing for one server or a
    rack-scale system (bought whole)."""
    if goodput is None or rack_scale or goodput.waiting_share <= 0:
        return ()
    if not bought:
        return (msg("no-spare-server", hours=goodput.repair_h, pct=100 * goodput.waiting_share),)
    return (msg("spare-servers-bought", n=bought, hours=goodput.repair_h, pct=100 * goodput.waiting_share),
            msg("spare-servers-cold", n=bought))  # out of the IT load (COLD_SPARE_W)


def _software_lines(card: Card, scenario: Scenario, book: PriceBook, rate: float,
                    desktops: bool) -> list[BomLine]:
    if desktops:
        licence = vgpu_licence(scenario, card)
        return [_line(book, licence, scenario.graphics.users, rate, yearly=True)] if licence else []
    if scenario.economics.software_licences and card.vendor == "NVIDIA" and not scenario.workload.is_graphics:
        return [_line(book, "software-nvaie", scenario.count, rate, yearly=True)]
    return []


def _working_kw(card: Card, count: int, servers: int, home: Housing, host_w: float | None) -> float:
    """IT load at full power of the ``servers`` servers at work, spares apart [kW]: the ``count`` cards
    at work at board power (10 PCIe cards at 3 a server are 10 cards' power in 4 servers, not 12:
    until December 2026 the last server's empty slots drew a card's board power each), the modules
    of a baseboard bought full, and the owned ones of a server at work, that the layout leaves unused at
    idle power (:func:`~configurator.core.procurement.servers.idle_module_w`: one rule for an HGX server,
    an MI250X or a GH200 node; ``home``, :func:`~configurator.core.procurement.servers.housing`) and each
    server's own power; an owned server's empty places and the owned servers left off draw nothing."""
    idle = home.idle * idle_module_w(card)
    return ((card.tdp_w or 0.0) * count + idle + (host_w or 0.0) * servers) / 1000


MEMO_SIZE = 2048
"""Bills of materials kept for reuse (the budget verdict builds one for every configuration a
ranking weighs; its TCO and the summary ask for the same one again)."""

_MEMO: LruMemo[BillOfMaterials] = LruMemo(MEMO_SIZE)


def clear_bom_memo() -> None:
    """Forget every kept bill of materials."""
    _MEMO.clear()


def bill_of_materials(scenario: Scenario, card: Card, book: PriceBook, *, spares: bool = True,
                      prices: PriceBasis | None = None) -> BillOfMaterials:
    """The bill of materials for ``scenario.count`` × ``card`` as the scenario lays them out
    (``prices``: the card's price basis in the scenario, :func:`~configurator.core.economics.price_basis`,
    when the estimate has it already).

    A pure function of the scenario, the card and the price book, so the last :data:`MEMO_SIZE`
    are kept, each by the identity of the three (frozen, and held by the memo so that their ids
    are not reused): the budget verdict builds the bill of an estimate's own scenario, and its
    TCO (:func:`~configurator.core.procurement.deployment.deployment_cost`) asks for it again."""
    held = (scenario, card, book)
    kept = _MEMO.get(spares, held)
    if kept is not None:
        return kept
    prices = prices or price_basis(card, scenario.economics, scenario.constraints.region)
    return _MEMO.put(spares, _bill_of_materials(scenario, card, book, spares, prices), held)


def _bill_of_materials(scenario: Scenario, card: Card, book: PriceBook, spares: bool,
                       basis: PriceBasis) -> BillOfMaterials:
    """The bill itself (:func:`bill_of_materials`, unkept): at the users' desks the workstations'
    (:func:`~configurator.core.procurement.workstations.workstation_bill`), and one deskside workstation's for
    one or two desktop boards (:func:`~configurator.core.procurement.host.at_a_workstation`); in a data centre the
    cards and
    their servers, the spares, the scale-out, management and storage networks, the storage, the racks, the
    installation and the software, sorted by kind, with the IT load and the bill's notes."""
    if at_desks(scenario):  # monitors cabled to the card at each desk: workstations, not a data centre
        return workstation_bill(scenario, card, book, basis)
    if at_a_workstation(scenario, card):  # one or two desktop boards: one deskside workstation (procurement.host)
        return deskside_bill(scenario, card, book, basis)
    h = _housed(scenario, card, book)
    lines, boards = _card_lines(h, basis)
    lines += _server_lines(h)
    goodput = deployment_goodput(scenario, card, book)
    spare = goodput.spare_servers if goodput and spares and not h.kind.rack_scale else 0
    lines += _spare_lines(h, basis, goodput if spares else None)
    total_servers = h.servers + spare  # cold spares: racked and managed, outside the scale-out fabric
    fabric_net = _scale_out(h, total_servers)
    storage = _management_and_storage(h, total_servers, fabric_net.spans_servers)
    lines += fabric_net.lines + storage.lines
    cooling = _cooling(h)
    compute_racks = _compute_racks(h, cooling, total_servers)
    network_racks = _network_racks(h, compute_racks, total_servers, fabric_net, storage)
    lines += _rack_lines(h, cooling, compute_racks, network_racks)
    lines += _installation_lines(book, sum(line.total or 0.0 for line in lines))
    lines += _software_lines(card, scenario, book, h.rate, storage.desktops)
    order = {k: i for i, k in enumerate(ITEM_KINDS)}
    lines.sort(key=lambda line: (order.get(line.kind, len(order)), line.yearly))
    notes = owned_notes(card, h.kind, h.home) + spares_note(goodput if spares else None, spare, h.kind.rack_scale) \
        + fabric_net.notes + _storage_notes(scenario, storage, total_servers)
    gpus, unit = gpus_bought(card, scenario.count, h.servers, h.kind, boards)
    gpus = h.home.cards if unit in ("server", "card") else gpus  # an owned server's empty places are not bought
    return BillOfMaterials(tuple(lines), scenario.economics.currency, total_servers, h.kind.cards_each,
                           compute_racks + network_racks, cooling.liquid, _it_kw(h, cooling, spare, fabric_net),
                           h.host_w, goodput, notes=notes, gpus_bought=gpus, purchase_unit=unit)


@dataclass(frozen=True)
class _Housed:
    """What every step of a data centre's bill reads: the scenario's cards, the server type that holds them
    (:func:`~configurator.core.procurement.servers.server_type`), the servers at work [count], its price-file
    item, where the cards owned and bought go (:func:`~configurator.core.procurement.servers.housing`), the
    price book and its rate [currency/USD]."""

    scenario: Scenario
    card: Card
    book: PriceBook
    rate: float
    per_node: int
    kind: ServerType
    servers: int
    server_item: UnitPrice | None
    home: Housing

    @property
    def host_w(self) -> float | None:
        """One server's own power, its cards apart [W]; None where the price file has none."""
        return self.server_item.power_w if self.server_item else None


def _housed(scenario: Scenario, card: Card, book: PriceBook) -> _Housed:
    """The cards of ``scenario`` in their servers (:class:`_Housed`)."""
    e, count, per_node = scenario.economics, scenario.count, host_cards_per_server(scenario, card)
    kind = server_type(card, per_node, count)
    servers = servers_needed(card, per_node, count)
    server_item = book.item(kind.item_id) if kind.item_id else None
    home = housing(card, count, servers, kind, e.owned_cards)  # owned modules come in their servers
    return _Housed(scenario, card, book, book_rate(book, e.usd_to_currency), per_node, kind, servers, server_item,
                   home)


def _card_lines(h: _Housed, basis: PriceBasis) -> tuple[list[BomLine], int | None]:
    """The cards bought (whole boards where a board holds several GPUs), the places of a baseboard bought full
    that the layout leaves unused, and the cards owned (no price); with the boards bought [count] (None: the
    cards are bought one by one)."""
    card, count, home = h.card, h.scenario.count, h.home
    owned, working = home.owned_used, home.owned_used - home.owned_idle  # owned: in the servers at work
    card_line = _card_line(card, count, basis, h.server_item)
    lines, boards = [], None
    if count > working and card.gpus_per_board > 1 and not owned:  # a multi-GPU board (A16) is bought whole
        boards = boards_needed(count, card, h.kind.cards_each)
        lines.append(replace(card_line, quantity=boards, unit="per board", role="board"))
    elif count > working:  # into the owned servers' empty places first, then in whole servers
        lines.append(replace(card_line, quantity=count - working))
    idle = home.bought_idle  # the places of a baseboard bought full the layout leaves unused
    if idle:
        lines.append(replace(card_line, quantity=idle, name=f"{card.name} ({IDLE_WORDS})", role="idle"))
    if owned:
        lines.append(replace(card_line, quantity=owned, unit_price=0.0, source="owned", confidence="owned",
                             role="owned"))
    return lines, boards


def _server_lines(h: _Housed) -> list[BomLine]:
    """The servers bought (a rack-scale system whole: a quote completes one the file has no price for) and
    those owned (no price); none for cards that need no server."""
    kind = h.kind
    if not kind.item_id:
        return []
    unnamed = kind.rack_scale and (h.server_item is None or h.server_item.unit_price is None)  # a quote completes it
    said = msg("rack-system-of", gpus=kind.gpus, card=h.card.name, item=kind.item_id) if unnamed else None
    server_line = replace(_line(h.book, kind.item_id, h.servers, h.rate, role="system" if kind.rack_scale else "",
                                name=said.text if said else None), said=said)
    lines, housed = [], h.home.servers_owned
    if h.servers > housed:
        lines.append(replace(server_line, quantity=h.servers - housed))
    if housed:
        lines.append(replace(server_line, quantity=housed, unit_price=0.0, source="owned", confidence="owned",
                             role="owned"))
    return lines


def _spare_lines(h: _Housed, basis: PriceBasis, goodput: Goodput | None) -> list[BomLine]:
    """The cold spare servers a training job on several servers buys, with their cards
    (:func:`~configurator.core.procurement.goodput.deployment_goodput`; ``goodput`` None: no spares asked)."""
    kind = h.kind
    if goodput is None or not goodput.spare_servers or not kind.item_id or kind.rack_scale:
        return []
    n = goodput.spare_servers
    spare_cards = _card_line(h.card, n * kind.cards_each, basis, h.server_item)
    return [_line(h.book, kind.item_id, n, h.rate, name=f"spare servers ({n} × {kind.cards_each} cards)",
                  role="spare"),
            BomLine(**{**spare_cards.__dict__, "name": f"{h.card.name} (spares)", "role": "spare"})]


@dataclass(frozen=True)
class _ScaleOut:
    """The scale-out fabric a deployment buys where its work spans servers: its NICs, switches by tier and
    links (lines), the switches per tier [count], their height [U] and power [W], and a note where two
    servers are cabled back to back."""

    spans_servers: bool
    lines: list[BomLine] = field(default_factory=list)
    tiers: tuple[int, ...] = ()
    switch_units: int = 0
    switch_w: float = 0.0
    notes: tuple[Message, ...] = ()


def _scale_out(h: _Housed, total_servers: int) -> _ScaleOut:
    """The scale-out fabric (:class:`_ScaleOut`): training on several servers, or serving where one copy, or
    the copies sharing one set of experts (attention data parallel with the experts over several servers:
    the dispatch and combine cross the network), spans servers; a rail per GPU at the card's network share
    (:func:`~configurator.core.training_speed.fabric`) in :data:`SCALE_OUT_PORT_GBPS` ports; two servers
    back to back, more in a fat tree (:func:`fat_tree_switches`)."""
    s, card, book, kind, servers = h.scenario, h.card, h.book, h.kind, h.servers
    spans_servers = total_servers > 1 and (
        s.workload.is_training or s.model_parallel * s.expert_copies > kind.cards_each)
    if not spans_servers:
        return _ScaleOut(False)
    net = fabric(card, h.per_node, s.assumptions)
    port_gbps = net.network_gbps * 8
    # whole ports in each server: a NIC serves the cards of its own server only (64 A100 at their PCIe Gen4 link's
    # 31.5 GB/s had been 41 NICs for 8 servers; now 6 a server)
    endpoints = servers * math.ceil(kind.cards_each * port_gbps / SCALE_OUT_PORT_GBPS - 1e-9)
    lines = []
    if card.interconnect.scale_out_gbps is None:  # NICs are bought; Gaudi-class cards have them on chip
        lines.append(_line(book, "nic-400g", endpoints, h.rate))
    fabric_kind = "infiniband" if card.vendor == "NVIDIA" else "ethernet"
    switch_id, ports = scale_out_switch(book, fabric_kind, endpoints)
    switch = book.item(switch_id)
    cabled = back_to_back(servers)  # two servers: one cable a rail, no switch
    tiers = () if cabled else fat_tree_switches(endpoints, ports)
    links = back_to_back_cables(kind.cards_each, port_gbps, SCALE_OUT_PORT_GBPS) if cabled \
        else fabric_links(endpoints, tiers, ports)
    notes: tuple[Message, ...] = ()
    if cabled:
        said = "scale-out-back-to-back-ib" if SUBNET_MANAGED[fabric_kind] else "scale-out-back-to-back"
        notes = (msg(said, servers=servers, links=links),)  # InfiniBand: OpenSM on a host
    switch_w = 0.0
    for tier, n in zip(("leaf", "spine", "core"), tiers):
        lines.append(_line(book, switch_id, n, h.rate, name=f"scale-out {tier} switches ({ports} × 400G ports)",
                           role=tier))
        switch_w += n * ((switch.power_w if switch else None) or 0.0)
    lines.append(_line(book, "link-400g", links, h.rate))
    return _ScaleOut(True, lines, tiers, sum(tiers) * _units(book, switch_id), switch_w, notes)


@dataclass(frozen=True)
class _Storage:
    """The management network, the shared storage and its storage and in-band network a deployment buys: the
    lines, the switches [count] and their height [U]; the storage [TB], whether it is bought, whether it is
    cabled straight to its storage servers, and whether the work is virtual desktops (their disks)."""

    lines: list[BomLine]
    switches: int
    switch_units: int
    terabytes: float
    buys_storage: bool
    direct: bool
    desktops: bool


def _management_and_storage(h: _Housed, total_servers: int, spans_servers: bool) -> _Storage:
    """The management switches of several servers (:data:`MANAGEMENT_PORTS_PER_SERVER` each), the shared
    storage (:func:`~configurator.core.procurement.storage.storage_terabytes`; the desktops' disks are bought
    on one server too: they are not its boot drives) and its switches, none where one server's storage is
    its own drives or the storage is cabled straight
    (:func:`~configurator.core.procurement.storage.storage_direct_attach`)."""
    s, book, rate = h.scenario, h.book, h.rate
    lines, switches, units = [], 0, 0
    if total_servers > 1:
        mgmt = math.ceil(total_servers * MANAGEMENT_PORTS_PER_SERVER / 48)
        lines.append(_line(book, "switch-mgmt-48", mgmt, rate))
        switches += mgmt
        units += mgmt * _units(book, "switch-mgmt-48")
    desktops = s.workload is Workload.VDI  # virtual desktops: their disks and vGPU licences
    terabytes = storage_terabytes(s, desktops)
    buys_storage = terabytes > 0 and (s.workload.is_training or total_servers > 1 or desktops)
    if buys_storage:
        lines.append(_line(book, "storage-nvme-per-tb", storage_quantity_tb(terabytes), rate))
    shared = terabytes if buys_storage else 0.0  # storage servers on the network
    storage_id, storage_ports = smallest_switch(
        book, STORAGE_SWITCH_SIZES[storage_switch_item(s.workload.is_training, spans_servers, h.kind)],
        storage_endpoints(total_servers, shared))
    requests_in = not s.workload.is_training  # users' requests, sessions or streams
    direct = buys_storage and storage_direct_attach(total_servers, terabytes, requests_in)
    n_storage = storage_switches(total_servers, shared, storage_ports) \
        if (buys_storage and not direct) or front_end_network(total_servers, requests_in) else 0
    if n_storage:  # shared storage or users several servers reach; one server's storage is its own drives
        lines.append(_line(book, storage_id, n_storage, rate))
        switches += n_storage
        units += n_storage * _units(book, storage_id)
    return _Storage(lines, switches, units, terabytes, buys_storage, direct, desktops)


def _storage_notes(scenario: Scenario, storage: _Storage, total_servers: int) -> tuple[Message, ...]:
    """What the bill says of its storage: the desktops' disks it sizes, and storage cabled straight."""
    notes: tuple[Message, ...] = ()
    if storage.buys_storage and storage.desktops:
        notes += desktop_storage_note(scenario, storage.terabytes)
    if storage.direct:
        notes += (msg("storage-direct-attach", servers=total_servers, nodes=storage_nodes(storage.terabytes)),)
    return notes


@dataclass(frozen=True)
class _Cooling:
    """One server's power and how its racks are cooled: at work with its cards at board power [kW] (None
    without a board power), as the racks are sized [kW] (idle modules at idle power; a rack-scale system's
    published power), and whether liquid-cooled (None: unknown)."""

    full_kw: float | None
    server_kw: float | None
    liquid: bool | None


def _cooling(h: _Housed) -> _Cooling:
    """A server's power and its cooling (:class:`_Cooling`): a rack-scale system, or a node its makers build
    liquid-cooled, as published (:attr:`UnitPrice.cooling`); else liquid above an air-cooled rack's power."""
    card, kind, item, host_w = h.card, h.kind, h.server_item, h.host_w
    full_kw = None if card.tdp_w is None else (card.tdp_w * kind.cards_each + (host_w or 0.0)) / 1000  # one at work
    fullest = server_power_w(card, h.scenario.count, kind, host_w or 0.0, h.scenario.economics.owned_cards)
    server_kw = full_kw if fullest is None or not sold_in_servers(card) else fullest / 1000
    if server_kw is None and kind.rack_scale and item is not None and item.system_power_w:
        server_kw = item.system_power_w / 1000  # the whole system's published power: its cards have none
    air_kw = h.book.rate("air_cooled_rack_kw")
    if kind.rack_scale:  # as its maker publishes it (:attr:`UnitPrice.cooling`), not assumed
        cooling = item.cooling if item is not None else None
        liquid: bool | None = None if cooling is None else cooling == "liquid"
    elif item is not None and item.cooling is not None:  # a node its makers build liquid-cooled
        liquid = item.cooling == "liquid"  # (the 4-GH200 blade nodes) whatever its power per rack
    else:
        liquid = server_kw is not None and server_kw > air_kw
    return _Cooling(full_kw, server_kw, liquid)


def _compute_racks(h: _Housed, cooling: _Cooling, total_servers: int) -> int:
    """Racks of the servers, spares included: a rack-scale system stands in all of its racks (CloudMatrix
    384: 16); servers as many to a rack as its power (air or liquid) and its :data:`RACK_UNITS` allow; none
    for cards without a server [count]."""
    kind, item, book = h.kind, h.server_item, h.book
    if kind.rack_scale:
        return total_servers * ((item.racks if item else None) or 1)
    if not kind.item_id:
        return 0
    limit = book.rate("liquid_cooled_rack_kw") if cooling.liquid else book.rate("air_cooled_rack_kw")
    by_power = max(1, int(limit // cooling.server_kw)) if cooling.server_kw else 1
    by_space = max(1, RACK_UNITS // ((item.rack_units if item else None) or 4))
    return math.ceil(total_servers / min(by_power, by_space))


def _network_racks(h: _Housed, compute_racks: int, total_servers: int, scale_out: _ScaleOut,
                   storage: _Storage) -> int:
    """Network racks for the switches (:data:`SWITCHES_PER_NETWORK_RACK`); none where there is no fabric of
    more than one tier and the switches fit in the compute racks' free height, beside the servers [count]."""
    kind, item = h.kind, h.server_item
    server_units = (item.rack_units if item else None) or 4
    free_units = compute_racks * RACK_UNITS - total_servers * server_units if kind.item_id and not kind.rack_scale \
        else 0
    switches = sum(scale_out.tiers) + storage.switches
    top_of_rack = (not scale_out.spans_servers or len(scale_out.tiers) <= 1) \
        and scale_out.switch_units + storage.switch_units <= free_units  # beside the servers
    return math.ceil(switches / SWITCHES_PER_NETWORK_RACK) if switches and not top_of_rack else 0


def _rack_lines(h: _Housed, cooling: _Cooling, compute_racks: int, network_racks: int) -> list[BomLine]:
    """The compute racks, air- or liquid-cooled (a rack-scale system's price includes its rack and cooling),
    and the network racks."""
    lines = []
    if compute_racks and not h.kind.rack_scale:
        lines.append(_line(h.book, "rack-liquid" if cooling.liquid else "rack-air", compute_racks, h.rate))
    if network_racks:
        lines.append(_line(h.book, "rack-air", network_racks, h.rate, name="network racks (air-cooled)",
                           role="network-rack"))
    return lines


def _installation_lines(book: PriceBook, hardware: float) -> list[BomLine]:
    """Installation and cabling: the price book's share of the ``hardware`` [currency]; none without one."""
    install = book.rate("installation_share", 0.0)
    if not install:
        return []
    return [BomLine("facility", "installation", "installation and cabling", 1, "per deployment",
                    hardware * install, "share of hardware", book.price_date, "estimate")]


def _it_kw(h: _Housed, cooling: _Cooling, spare: int, scale_out: _ScaleOut) -> float | None:
    """The IT load [kW]: the servers at work (:func:`_working_kw`), the ``spare`` servers powered off in
    their slots (:data:`COLD_SPARE_W`) and the scale-out switches; with no board power, a rack-scale system's
    published power (bought whole: no spares), or None."""
    switch_kw = scale_out.switch_w / 1000
    if cooling.server_kw is None or cooling.full_kw is None:
        return None if cooling.server_kw is None else cooling.server_kw * h.servers + switch_kw
    return _working_kw(h.card, h.scenario.count, h.servers, h.home, h.host_w) + COLD_SPARE_W * spare / 1000 \
        + switch_kw
