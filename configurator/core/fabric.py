"""The links a collective crosses: a card's fast domain (a server, or an NVL72-class NVLink domain) and the
scale-out network, and the link each group of ranks takes inside the domain
(:func:`~configurator.core.formulas.communication.group_link_gbps`: a switchless board's pairs)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.formulas import communication as comm
from configurator.core.frozen_record import fast_init
from configurator.core.memo import LastAsked
from configurator.core.link_domains import RACK_SCALE_DOMAIN
from configurator.core.procurement.nodes import cards_in_node
from configurator.core.scenario import Assumptions

PCIE_FALLBACK_GBPS = 16.0
"""A card's PCIe link when the catalog has none, one way [GB/s]: PCIe 4.0 x8, 16 GT/s × 8 lanes
with 128b/130b encoding ≈ 15.8 GB/s (PCI-SIG PCI Express Base Specification 4.0), rounded."""


@fast_init
@dataclass(frozen=True)
class Fabric:
    """The two levels a collective crosses: a fast domain, then the scale-out network."""

    domain: int
    """Cards that share the fast level (a server, or an NVL72-class NVLink domain) [count]."""
    fast_gbps: float
    """Bandwidth per card inside the domain, one way [GB/s]."""
    fast_kind: str  # "link" (NVLink-class) or "pcie"
    network_gbps: float
    """Scale-out bandwidth per card, one way [GB/s]."""
    link_group: int = 1
    """Cards a GPU-to-GPU link joins inside a domain it does not span (an NVLink bridge's pair or
    four in a PCIe server), or a board's cards where each pair has its own links (``link_mesh``) [count];
    1 where a switched link spans the domain or there is none."""
    link_gbps: float = 0.0
    """That link's bandwidth per card, one way [GB/s] (0 without one); a pair's on a mesh."""
    link_mesh: bool = False
    """No switch on the board: a group rides its pairs' links (:func:`.communication.switchless_group_gbps`)."""
    library: str = "nccl"
    """Collective library: "hccl" on HCCS-linked Ascend NPUs (:data:`~.formulas.communication.COLLECTIVE_LIBRARIES`)."""


def fabric(card: Card, cards_per_node: int, assumptions: Assumptions) -> Fabric:
    """The card's fast domain and scale-out bandwidth in servers of ``cards_per_node`` cards.

    The fast level is the server, of at most the cards the card's largest node holds where it is
    sold only in its makers' nodes (:func:`~configurator.core.procurement.nodes.cards_in_node`: 8
    GH200 or MI250X are two 4-card nodes joined by the network); a rack-scale NVLink domain (GB200
    NVL72) extends it. A server whose cards have no fast link (or a link shared by fewer cards than
    the server holds) talks over PCIe, except a group that fits on the cards the link joins (an
    NVLink bridge's pair: the fabric's ``link_group``,
    :func:`~configurator.core.formulas.communication.bridged_links`); on a server board with no switch
    (the catalog's ``switchless_board``: HGX A100/H100 4-GPU, AMD's 8-module MI300X-class boards) a group
    rides only its own pairs' links (:func:`~configurator.core.formulas.communication.switchless_group_gbps`).
    Scale-out is the card's own figure from the catalog (e.g. Gaudi 3's integrated RoCE ports) or the
    named default: one 400 Gb/s NIC per card on rail-optimised HGX fabrics.
    """
    ic = card.interconnect
    rack_scale = card.has_fast_link and ic.domain_size > RACK_SCALE_DOMAIN
    domain = ic.domain_size if rack_scale else cards_in_node(card.id, cards_per_node)
    linked = card.has_fast_link and ic.domain_size >= domain
    fast = ic.link_gbps_one_way if linked else (ic.pcie_gbps_one_way or PCIE_FALLBACK_GBPS)
    network = ic.scale_out_gbps or host_bus_capped(
        assumptions.network_gbps_per_card if card.has_fast_link else assumptions.network_gbps_per_pcie_card, card)
    if card.has_fast_link and not linked and ic.domain_size > 1:  # a bridge inside the server
        return Fabric(domain, fast, "pcie", network, ic.domain_size, ic.link_gbps_one_way)
    if linked and not rack_scale and ic.switchless_board == domain:  # a board without a switch: a pair's own links
        return Fabric(domain, fast, "link", network, domain, comm.switchless_pair_gbps(fast, domain), link_mesh=True)
    return Fabric(domain, fast, "link" if linked else "pcie", network, library="hccl" if ic.link == "hccs" else "nccl")


def host_bus_capped(network_gbps: float, card: Card) -> float:
    """A NIC's bandwidth per card as the card can take it [GB/s]: at most the card's own host link one way
    (:attr:`~configurator.core.card.Interconnect.pcie_gbps_one_way`), where the catalog has it. A NIC on the
    server's PCIe reaches the card's memory through the card's PCIe link (GPUDirect RDMA), so a PCIe Gen3 x16
    card (Tesla V100: 15.75 GB/s one way, PCI-SIG PCI Express Base Specification 3.0, 8 GT/s × 16 lanes,
    128b/130b) cannot take the default 400 Gb/s NIC's 50 GB/s; its era's servers carried 100 Gb/s EDR
    InfiniBand (NVIDIA DGX-1: four EDR ports for eight V100). Cards with network ports on the chip (the catalog's
    ``scale_out_gbps``, or an on-die RoCE link: Gaudi 2's three scale-out 100 GbE ports) are not capped here.
    Binding on the catalog of December 2026: V100 (15.8 GB/s) and the PCIe Gen4 cards with a fast link (A100,
    A800, A30, A40, RTX A6000, RTX 3090, MI250X, MLU370-X8: 31.5 GB/s). Until December 2026 a V100 training fleet
    was timed on 50 GB/s per card (256 × Tesla V100 SXM2 16GB third in a rent ranking of a Llama 3 70B
    fine-tune, persona50b #13)."""
    host = card.interconnect.pcie_gbps_one_way
    if host is None or card.interconnect.link == "ethernet-roce":
        return network_gbps
    return min(network_gbps, host)


def card_fabric(card: Card, cards_per_node: int, assumptions: Assumptions) -> Fabric:
    """:func:`fabric`, the last one given again for the same card and assumptions (by identity) and
    servers of as many cards: a recommendation plans and estimates one card at a time, each layout
    search and each exact estimate of its counts asking for the same fabric (issue 28, speed46: ~4,000
    fabrics a cold 70B training recommendation, ~40 of them distinct). A pure function of frozen objects,
    so the same fabric; forgotten with the estimate memo (:class:`~configurator.core.memo.LastAsked`)."""
    last = _LAST_FABRIC.kept
    if last is not None and last[0] is card and last[2] is assumptions and last[1] == cards_per_node:
        return last[3]
    net = fabric(card, cards_per_node, assumptions)
    _LAST_FABRIC.kept = (card, cards_per_node, assumptions, net)
    return net


_LAST_FABRIC = LastAsked()
"""The last fabric :func:`card_fabric` worked out: (card, cards per node, assumptions, fabric), held here."""


def links(net: Fabric, a: Assumptions, group=None) -> tuple:
    """(fast-domain GB/s, network GB/s, link efficiency): the plain link figures the formulas of
    :mod:`configurator.core.formulas.communication` take.

    ``group``: the ranks of the collective inside one domain [count] (2 for a send between two cards),
    whose fast link is :func:`~configurator.core.formulas.communication.group_link_gbps` (on a board
    without a switch, the links of their own pairs); None: the domain's figure, for what is no group's."""
    fast = net.fast_gbps if group is None else comm.group_link_gbps(group, net.fast_gbps, net.link_gbps, net.link_mesh)
    return fast, net.network_gbps, a.link_efficiency
