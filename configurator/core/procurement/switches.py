"""Which switches a fabric buys: the smallest the price file prices that holds the fabric's ports, a
fat tree of the largest beyond it, and no switch at all where two servers are cabled back to back."""

from __future__ import annotations

import math

from configurator.core.procurement.prices import PriceBook

SwitchChoices = tuple[tuple[str, int], ...]
"""Price-file switch ids of one fabric, each with the fabric's ports one of its ports gives."""

SCALE_OUT_SWITCHES: dict[str, SwitchChoices] = {
    "infiniband": (("switch-ib-ndr-64", 1),),
    "ethernet": (("switch-eth-400g-32", 1), ("switch-eth-800g-64", 2)),
}
"""The price file's scale-out switches of each fabric, with the 400 Gb/s ports one of its ports
gives (an 800 GbE port splits in two): NDR InfiniBand for NVIDIA cards, 400/800 GbE RoCE for the
others. A fabric takes the smallest that holds every endpoint, else the one of most ports
(:func:`scale_out_switch`; until December 2026 16 ports bought a 128-port switch, USD 51,999).
InfiniBand has no NDR switch of fewer ports: the Quantum-2 QM9700/QM9790 (64 × 400 Gb/s through 32
twin-port OSFP cages) is NVIDIA's smallest NDR switch; the 40-port HDR QM8700 (200 Gb/s) is not in
the price file."""

SUBNET_MANAGED = {"infiniband": True, "ethernet": False}
"""Whether a fabric needs a subnet manager: every InfiniBand subnet does, "even if two machines are
connected directly with no switch involved" (Red Hat, "Installing and configuring the OpenSM
InfiniBand subnet manager", access.redhat.com/node/7087953; RHEL 10 "Configuring and managing
networking", InfiniBand subnet manager); a switch runs one embedded, a switchless fabric runs OpenSM
on a host, one instance per port (``opensm -g <port GUID>``: Intel, "Understanding the InfiniBand
Subnet Manager", 2010). RoCE (Ethernet) needs none."""

UNPRICED_SWITCH_PORTS = 64
"""Ports assumed of a fabric's switch where the price file names none of its switches with a port
count: 64 × 400 Gb/s, the NVIDIA Quantum-2 QM9700 NDR InfiniBand switch (32 twin-port OSFP cages;
NVIDIA QM9700/QM9790 user manual; the shipped price file's ``switch-ib-ndr-64`` item), as large as
the largest switch the shipped price file prices (``switch-eth-800g-64``: 64 × 800 GbE)."""

BACK_TO_BACK_HOSTS = 2
"""Hosts a rail-optimised fabric cables back to back, with no switch: port *i* of every host joins rail
*i*, so with two hosts each rail is two ports, one cable (NVIDIA's "Connect Two Nodes" playbook,
build.nvidia.com/playbooks/connect-two-stations, 2026-10: two nodes cabled directly, one ConnectX
cable per rail, "no switch and no rail bonding", each rail an independent 400 Gb/s RoCEv2 path)."""


def fat_tree_switches(endpoints: int, ports: int) -> tuple[int, ...]:
    """Switches per tier of a non-blocking fat tree for ``endpoints`` ports of ``ports``-port
    switches: one switch when it holds them all; else leaves with half their ports down and half
    up to spines (two tiers up to ``ports²/2`` endpoints); else a three-tier k-ary fat tree
    (Al-Fares et al. 2008: pods of k/2 leaves and k/2 aggregation switches, (k/2)² cores)."""
    if endpoints <= 0:
        return ()
    if endpoints <= ports:
        return (1,)
    half = ports // 2
    leaves = math.ceil(endpoints / half)
    if endpoints <= ports * half:
        return leaves, math.ceil(leaves * half / ports)
    pods = math.ceil(endpoints / (half * half))
    return leaves, pods * half, math.ceil(pods * half * half / ports)


def fabric_links(endpoints: int, tiers: tuple[int, ...], ports: int) -> int:
    """Cables of a switched fabric: one per endpoint, plus the uplinks of every tier below the top
    (none without a switch: :func:`back_to_back_cables`)."""
    if not tiers:
        return 0
    return endpoints + sum(n * (ports // 2) for n in tiers[:-1])


def back_to_back(hosts: int) -> bool:
    """Whether a rail-optimised fabric of ``hosts`` servers needs no switch: each rail joins one port
    of every host, and a rail of :data:`BACK_TO_BACK_HOSTS` ports is one cable. Until December 2026
    two HGX servers bought a 64-port NDR switch (USD 36,000) for 16 ports."""
    return 1 < hosts <= BACK_TO_BACK_HOSTS


def back_to_back_cables(cards: int, port_gbps: float, link_gbps: float) -> int:
    """Cables of a fabric of two servers cabled back to back (:func:`back_to_back`): one a rail, a
    server's ``cards`` rails (one port a card, procurement.md: rail-optimised), each as many
    ``link_gbps`` links as a card's ``port_gbps`` [Gb/s] needs (an 800 Gb/s card: two of 400 Gb/s;
    a 200 GbE port: one, as a switched fabric counts it) [count]."""
    return cards * max(1, math.ceil(port_gbps / link_gbps))


def smallest_switch(book: PriceBook, choices: SwitchChoices, endpoints: int) -> tuple[str, int]:
    """The switch of ``choices`` for ``endpoints`` ports, and the fabric's ports it gives: the
    fewest-port switch the price book ``book`` prices that holds them all, else the one of most
    ports, which builds the fat tree of fewest switches (:func:`fat_tree_switches`); the last
    listed where none is priced, of its listed ports or else
    :data:`UNPRICED_SWITCH_PORTS` [item id, count]."""
    sized = []
    for item_id, split in choices:
        item = book.item(item_id)
        if item is not None and item.unit_price is not None and item.ports:
            sized.append((item.ports * split, item_id))
    if not sized:  # none priced: the last listed, as the file names it
        item_id, split = choices[-1]
        item = book.item(item_id)
        return item_id, ((item.ports if item and item.ports else UNPRICED_SWITCH_PORTS) * split)
    sized.sort()
    ports, item_id = next(((p, i) for p, i in sized if p >= endpoints), sized[-1])
    return item_id, ports


def scale_out_switch(book: PriceBook, fabric_kind: str, endpoints: int) -> tuple[str, int]:
    """The scale-out switch of ``fabric_kind`` (a key of :data:`SCALE_OUT_SWITCHES`) for
    ``endpoints`` 400 Gb/s ports, and its 400 Gb/s ports (:func:`smallest_switch`; 16 ports: one
    32 × 400 GbE switch, not a 128-port one) [item id, count]."""
    return smallest_switch(book, SCALE_OUT_SWITCHES[fabric_kind], endpoints)
