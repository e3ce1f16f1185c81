"""A planned deployment as a bill of materials: accelerators, servers, scale-out fabric,
management and storage networks, storage, racks, facility and software lines."""

from __future__ import annotations

import math
from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.memo import LruMemo
from configurator.core.economics import PriceBasis, price_basis
from configurator.core.graphics import boards_needed, host_cards_per_server, vgpu_licence
from configurator.core.messages import Message, msg
from configurator.core.training_speed import fabric
from configurator.core.procurement.desktop_storage import desktop_storage_note, desktop_terabytes
from configurator.core.procurement.goodput import CHECKPOINT_BYTES_PER_PARAM, Goodput, deployment_goodput
from configurator.core.procurement.prices import ITEM_KINDS, PriceBook
from configurator.core.procurement.bom_lines import IDLE_WORDS, BillOfMaterials, BomLine  # noqa: F401 - re-exported
from configurator.core.procurement.bom_lines import card_line as _card_line
from configurator.core.procurement.bom_lines import line_of as _line
from configurator.core.procurement.bom_lines import book_rate
from configurator.core.procurement.switches import (
    SUBNET_MANAGED,
    SwitchChoices,
    back_to_back,
    back_to_back_cables,
    fabric_links,
    fat_tree_switches,
    scale_out_switch,
    smallest_switch,
)
from configurator.core.procurement.owned import owned_notes
from configurator.core.desks import at_desks
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

CHECKPOINTS_KEPT = 5
"""Full training checkpoints kept on shared storage (weights, gradients' master copy and
optimizer states), the storage sized from them and the tokenised data set."""


DATASET_BYTES_PER_TOKEN = 4.0
"""Tokenised training data on disk: one 32-bit token id per token [B]."""

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

STORAGE_PORTS_PER_SERVER = 2
"""Storage-network ports of a GPU server, dual-homed to a redundant switch pair (NVIDIA DGX
BasePOD reference architecture: each DGX joins the storage and in-band fabric over two ports)."""

STORAGE_NODE_TB = 368.0
"""**Assumption**: raw NVMe capacity of one storage server, 24 × 15.36 TB drives in a 2U chassis
[TB]; the storage is bought per TB (``storage-nvme-per-tb``), this only counts its switch ports."""

STORAGE_NODES_MIN = 2
"""Storage servers at least: a highly available pair."""

STORAGE_PORTS_PER_NODE = 2
"""Storage-network ports of one storage server (dual-homed, as the GPU servers)."""

STORAGE_STEP_TB = 0.1
"""The storage line's step: its quantity is to a tenth of a TB, and at least that [TB]."""

STORAGE_SWITCHES_MIN = 2
"""Storage switches at least, where there are any: a redundant pair."""

STORAGE_FABRIC_SWITCH = "switch-storage-eth"
"""The price file's 64 × 100 GbE storage and in-band switch (NVIDIA DGX BasePOD reference
architecture): training (checkpoints, the data set), a deployment with a scale-out fabric, and
baseboard or rack-scale servers, whose in-band NICs run at 100 GbE or more."""

FRONT_END_SWITCH = "switch-storage-eth-25g"
"""The price file's 48 × 25 GbE storage and in-band switch: serving or graphics on general-purpose
PCIe servers without a scale-out fabric, which load their weights once and whose in-band NICs are
25 GbE (until December 2026 they bought the 100 GbE pair: 76,000 of 211,600 USD on 16 × A10)."""

STORAGE_SWITCH_SIZES: dict[str, SwitchChoices] = {
    STORAGE_FABRIC_SWITCH: (("switch-storage-eth-32", 1), (STORAGE_FABRIC_SWITCH, 1)),
    FRONT_END_SWITCH: ((FRONT_END_SWITCH, 1),),
}
"""The price file's switches of each storage network (:func:`storage_switch_item`), the smallest
taken that holds every server's and storage server's ports (:func:`storage_endpoints`,
:func:`~configurator.core.procurement.switches.smallest_switch`): a 32 × 100 GbE pair up to 14 servers
beside two storage servers (until December 2026 3 to 8 HGX servers bought a 64 × 100 GbE pair, USD
76,000, for 10 to 20 ports)."""

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


def storage_terabytes(scenario: Scenario, desktops: bool = False) -> float:
    """Shared storage a training job needs: ``CHECKPOINTS_KEPT`` resumable checkpoints and the
    tokenised data set [TB]; serving keeps two copies of the weights [TB]; virtual desktops their
    disks, profiles and golden image (``desktops``: the work is virtual desktops;
    :func:`~configurator.core.procurement.desktop_storage.desktop_terabytes`, by user class; until
    December 2026 none, and a 300-desktop bill had no storage for the desktops); video and render
    jobs (no model) none: scenes and footage are not sized here."""
    if scenario.workload.is_graphics:
        return desktop_terabytes(scenario) if desktops else 0.0
    params = scenario.model.total_params()
    if scenario.workload.is_training:
        return (CHECKPOINTS_KEPT * CHECKPOINT_BYTES_PER_PARAM * params
                + DATASET_BYTES_PER_TOKEN * scenario.training.tokens) / 1e12
    return 2 * 2.0 * params / 1e12


def storage_quantity_tb(terabytes: float) -> float:
    """The storage line's quantity: ``terabytes`` [TB] to a tenth of a TB, at least 0.1 TB [TB], so
    that a few GB of weights are bought as 0.1 TB rather than listed as "0 TB" at no cost (16 × A10
    serving Llama 3 8B, 0.032 TB, read "0.0 TB, 0 USD" until December 2026)."""
    return max(round(terabytes, 1), STORAGE_STEP_TB) if terabytes > 0 else 0.0


def storage_switches(servers: int, terabytes: float, ports: int) -> int:
    """Storage-network switches for ``servers`` GPU servers reaching shared storage of
    ``terabytes`` [TB] over ``ports``-port switches: every server's and storage node's ports
    (:data:`STORAGE_PORTS_PER_SERVER`, :data:`STORAGE_PORTS_PER_NODE`; at least
    :data:`STORAGE_NODES_MIN` nodes of :data:`STORAGE_NODE_TB`), in a non-blocking fat tree
    (:func:`fat_tree_switches`), at least a redundant pair; none for one server, whose storage
    is its own drives. Called only for a bill that buys the storage
    (:func:`storage_terabytes` above zero): a bill without storage buys no storage network (until
    December 2026 a 500-desktop VDI bill bought a pair of 64-port switches, USD 76,000, with no
    storage behind them)."""
    if servers <= 1:
        return 0
    return max(STORAGE_SWITCHES_MIN, sum(fat_tree_switches(storage_endpoints(servers, terabytes), ports)))


def storage_endpoints(servers: int, terabytes: float) -> int:
    """Storage-network ports of ``servers`` GPU servers and the storage servers of ``terabytes`` [TB]
    (:func:`storage_nodes`): :data:`STORAGE_PORTS_PER_SERVER` and :data:`STORAGE_PORTS_PER_NODE`
    each [count]."""
    return servers * STORAGE_PORTS_PER_SERVER + storage_nodes(terabytes) * STORAGE_PORTS_PER_NODE


def storage_nodes(terabytes: float) -> int:
    """Storage servers holding ``terabytes`` [TB] of shared storage: :data:`STORAGE_NODE_TB` each, at
    least :data:`STORAGE_NODES_MIN` (a highly available pair); none without shared storage (a
    transcoding or render farm's front-end network, :func:`front_end_network`) [count]."""
    if terabytes <= 0:
        return 0
    return max(STORAGE_NODES_MIN, math.ceil(terabytes / STORAGE_NODE_TB))


def front_end_network(servers: int, requests_in: bool) -> bool:
    """Whether ``servers`` GPU servers need the storage and in-band switch pair even without shared
    storage to reach: more than one server whose users' work comes in and goes out over the network
    (``requests_in``: requests, desktop sessions, streams, render jobs). Until December 2026 only a bill
    buying storage bought it: 200 4K transcoding streams on 7 servers had only the management switch."""
    return requests_in and servers > 1


def storage_direct_attach(servers: int, terabytes: float, requests_in: bool) -> bool:
    """Whether ``servers`` GPU servers (more than one) reach shared storage of ``terabytes`` [TB]
    cabled straight to its storage servers, with no storage switch: each server's
    :data:`STORAGE_PORTS_PER_SERVER` ports take one cable to each storage server
    (:func:`storage_nodes`) and each storage server's :data:`STORAGE_PORTS_PER_NODE` ports one from
    each GPU server, so every server still reaches both storage servers of the pair over its own
    cable (redundant as the dual-homed switch pair is). In-band management runs over the management
    switch (:data:`MANAGEMENT_PORTS_PER_SERVER`). Not for a deployment whose users' requests come in
    over that network (``requests_in``: serving, graphics), whose front end needs the switch. Two
    training servers with a storage pair hold it: until December 2026 such a bill bought a pair of
    64 × 100 GbE switches (USD 76,000) for 8 ports (procurement.md: storage and management are
    separate, smaller fabrics)."""
    if requests_in or servers <= 1:
        return False
    return servers <= STORAGE_PORTS_PER_NODE and storage_nodes(terabytes) <= STORAGE_PORTS_PER_SERVER


def storage_switch_item(training: bool, scale_out: bool, kind: ServerType) -> str:
    """The price file's storage and in-band switch for a deployment: :data:`FRONT_END_SWITCH` (25
    GbE) for serving or graphics on general-purpose PCIe servers (``kind``, the deployment's
    :func:`~configurator.core.procurement.servers.server_type`: its ``general_purpose`` flag) without a
    scale-out fabric (``scale_out``); else :data:`STORAGE_FABRIC_SWITCH` (100 GbE): a training job
    (``training``) writes checkpoints and reads its data set over it, and a fabric's or a baseboard
    server's in-band NICs are 100 GbE or faster; :data:`STORAGE_SWITCH_SIZES` sizes it to the ports.
    Until December 2026 the housing was read a second time here, from the server item's id
    (``server-pcie-`` and its siblings)."""
    return FRONT_END_SWITCH if kind.general_purpose and not training and not scale_out else STORAGE_FABRIC_SWITCH


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
    if at_desks(scenario):  # monitors cabled to the card at each desk: workstations, not a data centre
        return workstation_bill(scenario, card, book, basis)
    e, count, per_node = scenario.economics, scenario.count, host_cards_per_server(scenario, card)
    rate = book_rate(book, e.usd_to_currency)
    kind = server_type(card, per_node, count)
    servers = servers_needed(card, per_node, count)
    lines: list[BomLine] = []
    server_item = book.item(kind.item_id) if kind.item_id else None
    home = housing(card, count, servers, kind, e.owned_cards)  # owned modules come in their servers
    owned, working = home.owned_used, home.owned_used - home.owned_idle  # owned: in the servers at work
    card_line = _card_line(card, count, basis, server_item)
    boards = None
    if count > working and card.gpus_per_board > 1 and not owned:  # a multi-GPU board (A16) is bought whole
        boards = boards_needed(count, card, kind.cards_each)
        lines.append(replace(card_line, quantity=boards, unit="per board", role="board"))
    elif count > working:  # into the owned servers' empty places first, then in whole servers
        lines.append(replace(card_line, quantity=count - working))
    idle = home.bought_idle  # the places of a baseboard bought full the layout leaves unused
    if idle:
        lines.append(replace(card_line, quantity=idle, name=f"{card.name} ({IDLE_WORDS})", role="idle"))
    if owned:
        lines.append(replace(card_line, quantity=owned, unit_price=0.0, source="owned", confidence="owned",
                             role="owned"))
    if kind.item_id:
        unnamed = kind.rack_scale and (server_item is None or server_item.unit_price is None)  # a quote completes it
        said = msg("rack-system-of", gpus=kind.gpus, card=card.name, item=kind.item_id) if unnamed else None
        server_line = replace(_line(book, kind.item_id, servers, rate, role="system" if kind.rack_scale else "",
                                    name=said.text if said else None), said=said)
        housed = home.servers_owned
        if servers > housed:
            lines.append(replace(server_line, quantity=servers - housed))
        if housed:
            lines.append(replace(server_line, quantity=housed, unit_price=0.0, source="owned", confidence="owned",
                                 role="owned"))

    goodput = deployment_goodput(scenario, card, book)
    if goodput is not None:
        if spares and goodput.spare_servers and kind.item_id and not kind.rack_scale:
            n = goodput.spare_servers
            lines.append(_line(book, kind.item_id, n, rate, name=f"spare servers ({n} × {kind.cards_each} cards)",
                               role="spare"))
            spare_cards = _card_line(card, n * kind.cards_each, basis, server_item)
            lines.append(BomLine(**{**spare_cards.__dict__, "name": f"{card.name} (spares)", "role": "spare"}))
    spare = goodput.spare_servers if goodput and spares and not kind.rack_scale else 0
    total_servers = servers + spare  # cold spares: racked and managed, outside the scale-out fabric

    # serving spans servers where one copy does, or the copies sharing one set of experts do (attention
    # data parallel with the experts over several servers: the dispatch and combine cross the network)
    spans_servers = total_servers > 1 and (
        scenario.workload.is_training or scenario.model_parallel * scenario.expert_copies > kind.cards_each)
    switches, switch_w, tiers, fabric_notes = 0, 0.0, (), ()
    if spans_servers:
        net = fabric(card, per_node, scenario.assumptions)
        port_gbps = net.network_gbps * 8
        endpoints = math.ceil(servers * kind.cards_each * port_gbps / SCALE_OUT_PORT_GBPS)
        if card.interconnect.scale_out_gbps is None:  # NICs are bought; Gaudi-class cards have them on chip
            lines.append(_line(book, "nic-400g", endpoints, rate))
        fabric_kind = "infiniband" if card.vendor == "NVIDIA" else "ethernet"
        switch_id, ports = scale_out_switch(book, fabric_kind, endpoints)
        switch = book.item(switch_id)
        cabled = back_to_back(servers)  # two servers: one cable a rail, no switch
        tiers = () if cabled else fat_tree_switches(endpoints, ports)
        links = back_to_back_cables(kind.cards_each, port_gbps, SCALE_OUT_PORT_GBPS) if cabled \
            else fabric_links(endpoints, tiers, ports)
        if cabled:
            said = "scale-out-back-to-back-ib" if SUBNET_MANAGED[fabric_kind] else "scale-out-back-to-back"
            fabric_notes = (msg(said, servers=servers, links=links),)  # InfiniBand: OpenSM on a host
        names = ("leaf", "spine", "core")
        for tier, n in zip(names, tiers):
            lines.append(_line(book, switch_id, n, rate, name=f"scale-out {tier} switches ({ports} × 400G ports)",
                               role=tier))
            switch_w += n * ((switch.power_w if switch else None) or 0.0)
        lines.append(_line(book, "link-400g", links, rate))
        switches += sum(tiers)
    switch_units = 0  # height of the switches [U]
    if spans_servers:
        switch_units += sum(tiers) * _units(book, switch_id)
    if total_servers > 1:
        mgmt = math.ceil(total_servers * MANAGEMENT_PORTS_PER_SERVER / 48)
        lines.append(_line(book, "switch-mgmt-48", mgmt, rate))
        switches += mgmt
        switch_units += mgmt * _units(book, "switch-mgmt-48")
    desktops = scenario.workload is Workload.VDI  # virtual desktops: their disks and vGPU licences
    terabytes = storage_terabytes(scenario, desktops)
    # the desktops' disks are bought on one server too: they are not its boot drives
    buys_storage = terabytes > 0 and (scenario.workload.is_training or total_servers > 1 or desktops)
    if buys_storage:
        lines.append(_line(book, "storage-nvme-per-tb", storage_quantity_tb(terabytes), rate))
    shared = terabytes if buys_storage else 0.0  # storage servers on the network
    storage_id, storage_ports = smallest_switch(
        book, STORAGE_SWITCH_SIZES[storage_switch_item(scenario.workload.is_training, spans_servers, kind)],
        storage_endpoints(total_servers, shared))
    requests_in = not scenario.workload.is_training  # users' requests, sessions or streams
    direct = buys_storage and storage_direct_attach(total_servers, terabytes, requests_in)
    n_storage = storage_switches(total_servers, shared, storage_ports) \
        if (buys_storage and not direct) or front_end_network(total_servers, requests_in) else 0
    if n_storage:  # shared storage or users several servers reach; one server's storage is its own drives
        lines.append(_line(book, storage_id, n_storage, rate))
        switches += n_storage
        switch_units += n_storage * _units(book, storage_id)

    host_w = server_item.power_w if server_item else None
    full_kw = None if card.tdp_w is None else (card.tdp_w * kind.cards_each + (host_w or 0.0)) / 1000  # one at work
    fullest = server_power_w(card, count, kind, host_w or 0.0, e.owned_cards)  # idle modules at idle power
    server_kw = full_kw if fullest is None or not sold_in_servers(card) else fullest / 1000
    if server_kw is None and kind.rack_scale and server_item is not None and server_item.system_power_w:
        server_kw = server_item.system_power_w / 1000  # the whole system's published power: its cards have none
    air_kw = book.rate("air_cooled_rack_kw")
    if kind.rack_scale:  # as its maker publishes it (:attr:`UnitPrice.cooling`), not assumed
        cooling = server_item.cooling if server_item is not None else None
        liquid: bool | None = None if cooling is None else cooling == "liquid"
    elif server_item is not None and server_item.cooling is not None:  # a node its makers build liquid-cooled
        liquid = server_item.cooling == "liquid"  # (the 4-GH200 blade nodes) whatever its power per rack
    else:
        liquid = server_kw is not None and server_kw > air_kw
    if kind.rack_scale:  # a system of several racks (CloudMatrix 384: 16) stands in all of them
        compute_racks = total_servers * ((server_item.racks if server_item else None) or 1)
    elif kind.item_id:
        limit = book.rate("liquid_cooled_rack_kw") if liquid else air_kw
        by_power = max(1, int(limit // server_kw)) if server_kw else 1
        by_space = max(1, RACK_UNITS // ((server_item.rack_units if server_item else None) or 4))
        compute_racks = math.ceil(total_servers / min(by_power, by_space))
    else:
        compute_racks = 0
    server_units = (server_item.rack_units if server_item else None) or 4
    free_units = compute_racks * RACK_UNITS - total_servers * server_units if kind.item_id and not kind.rack_scale \
        else 0
    top_of_rack = (not spans_servers or len(tiers) <= 1) and switch_units <= free_units  # beside the servers
    network_racks = math.ceil(switches / SWITCHES_PER_NETWORK_RACK) if switches and not top_of_rack else 0
    racks = compute_racks + network_racks
    if compute_racks and not kind.rack_scale:  # a rack-scale system's price includes its rack and cooling
        lines.append(_line(book, "rack-liquid" if liquid else "rack-air", compute_racks, rate))
    if network_racks:
        lines.append(_line(book, "rack-air", network_racks, rate, name="network racks (air-cooled)",
                           role="network-rack"))
    if server_kw is None or full_kw is None:  # no board power: none, or a rack-scale system's published power
        it_kw = None if server_kw is None else server_kw * servers + switch_w / 1000  # (bought whole: no spares)
    else:  # the servers at work; the cold spares powered off in their slots (COLD_SPARE_W)
        it_kw = _working_kw(card, count, servers, home, host_w) + COLD_SPARE_W * spare / 1000 + switch_w / 1000
    hardware = sum(line.total or 0.0 for line in lines)
    install = book.rate("installation_share", 0.0)
    if install:
        lines.append(BomLine("facility", "installation", "installation and cabling", 1, "per deployment",
                             hardware * install, "share of hardware", book.price_date, "estimate"))
    lines.extend(_software_lines(card, scenario, book, rate, desktops))
    order = {k: i for i, k in enumerate(ITEM_KINDS)}
    lines.sort(key=lambda line: (order.get(line.kind, len(order)), line.yearly))
    notes = owned_notes(card, kind, home) + spares_note(goodput if spares else None, spare, kind.rack_scale) \
        + fabric_notes
    if buys_storage and desktops:
        notes += desktop_storage_note(scenario, terabytes)
    if direct:
        notes += (msg("storage-direct-attach", servers=total_servers, nodes=storage_nodes(terabytes)),)
    gpus, unit = gpus_bought(card, count, servers, kind, boards)
    gpus = home.cards if unit in ("server", "card") else gpus  # an owned server's empty places are not bought
    return BillOfMaterials(tuple(lines), e.currency, total_servers, kind.cards_each, racks, liquid, it_kw, host_w,
                           goodput, notes=notes, gpus_bought=gpus, purchase_unit=unit)
