"""The shared storage a deployment buys and the storage and in-band network that reaches it: terabytes
for a training job's checkpoints and data set, serving's weights or virtual desktops' disks; the storage
servers, their switch ports, the switch pair (or none: cabled straight, or one server's own drives). Split
from :mod:`configurator.core.procurement.bom` (December 2026), whose bill buys them."""

from __future__ import annotations

import math

from configurator.core.procurement.desktop_storage import desktop_terabytes
from configurator.core.procurement.goodput import CHECKPOINT_BYTES_PER_PARAM
from configurator.core.procurement.servers import ServerType
from configurator.core.procurement.switches import SwitchChoices, fat_tree_switches
from configurator.core.scenario import Scenario

CHECKPOINTS_KEPT = 5
"""Full training checkpoints kept on shared storage (weights, gradients' master copy and
optimizer states), the storage sized from them and the tokenised data set."""


DATASET_BYTES_PER_TOKEN = 4.0
"""Tokenised training data on disk: one 32-bit token id per token [B]."""

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
    switch (:data:`~configurator.core.procurement.bom.MANAGEMENT_PORTS_PER_SERVER`). Not for a deployment whose
    users' requests come in over that network (``requests_in``: serving, graphics), whose front end needs the
    switch. Two training servers with a storage pair hold it: until December 2026 such a bill bought a pair of 64 ×
    100 GbE switches (USD 76,000) for 8 ports (procurement.md: storage and management are separate, smaller
    fabrics)."""
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
