"""Collective communication over the real hierarchy: a fast domain, then the scale-out network.

Plain quantities in, seconds out; every function works on numbers or numpy arrays alike, so the
planner evaluates thousands of layouts with the same formulas the single estimate uses.

Volumes follow NCCL's performance notes (nccl-tests ``doc/PERFORMANCE.md``, "Bus bandwidth"):
over ``n`` ranks an all-reduce of ``S`` bytes moves ``2(n−1)/n·S`` per rank, a reduce-scatter or
an all-gather ``(n−1)/n·S``. A group spanning servers runs hierarchically: the part inside a
server (or an NVL72-class NVLink domain) over the fast link, and only ``1/g`` of the data per card
(``g`` members per server, each on its own rail NIC) over the network — which is how NCCL's rings
reach a bus bandwidth of the server's NICs together (8 × 400 Gb/s on a rail-optimised HGX fabric).
"""

from __future__ import annotations

import numpy as np

from configurator.core.units import GB

def at_least(value, low):
    """``np.maximum(value, low)`` [the value's unit]: for plain numbers (the serving estimate's
    case) the same number, a NaN on either side included, without numpy's call, which costs more
    than the comparison."""
    if isinstance(value, int | float) and isinstance(low, int | float):
        return value if value >= low or value != value else low
    return np.maximum(value, low)


def at_most(value, high):
    """``np.minimum(value, high)`` [the value's unit]; for plain numbers without numpy's call
    (:func:`at_least`)."""
    if isinstance(value, int | float) and isinstance(high, int | float):
        return value if value <= high or value != value else high
    return np.minimum(value, high)


COLLECTIVE_LATENCY_S = 1e-5
"""Fixed cost of one ring collective call (reduce-scatter, all-gather, a send) [s]: the order of
NCCL's own cost model for a call inside one NVLink domain, ``baseLatencies`` 6.6 µs (Ring) or
6.8 µs (Tree) for the LL protocol plus its per-step ``hwLatencies[NVLINK]`` (0.6 µs LL, 3.4 µs
Simple) (NVIDIA/nccl ``src/graph/tuning.cc``, ``ncclTunerConstantsDefaults``, commit 5067397c):
6.6 + 7 × 0.6 = 10.8 µs for a ring of eight; and of what NCCL measures for its all-to-all of
eight GB200 at 16 B a pair, 11.75 µs (:data:`ALL_TO_ALL_BASE_LATENCY_S`). The all-to-all has its
own size-based latency (:func:`all_to_all_latency_seconds`)."""

ALL_TO_ALL_PEER_LATENCY_S = (28.20e-6 - 11.75e-6) / (31 - 7)
ALL_TO_ALL_BASE_LATENCY_S = 11.75e-6 - 7 * ALL_TO_ALL_PEER_LATENCY_S
"""NCCL all-to-all latency inside one NVLink domain: a fixed part [s] and a part per peer [s]
(an all-to-all is ``n − 1`` sends and receives grouped in one call, one connection each). The line
through NCCL's two published points, ``NCCL_baseline`` of its device-API all-to-all example at
16 B a pair, CUDA graph, steady state: 11.75 µs on 8 × GB200 and 28.20 µs on 32 × GB200 (one NVL72
domain) (NVIDIA/nccl ``contrib/custom_algos/alltoall/README.md``, commit 5067397c, "Performance"):
``(28.20 − 11.75) / (31 − 7) = 0.685`` µs a peer, ``11.75 − 7 × 0.685 = 6.95`` µs fixed. Its 4 KB
rows (13.10 and 34.66 µs) lie 1.4 and 6.5 µs above: bytes, charged apart."""

NETWORK_HOP_LATENCY_S = 5.0e-6
"""Latency of one network hop of a small message between servers [s]: NCCL's cost model,
``hwLatencies[NET][Tree][LL] = 5.0`` µs (NVIDIA/nccl ``src/graph/tuning.cc``,
``ncclTunerConstantsDefaults``, commit 5067397c), the figure ``ncclTopoTuneModel`` charges a
network step "with ppn=1 [where] latencies are fully exposed". LL, NCCL's protocol for small
messages: point-to-point sends go LL up to ``NCCL_P2P_LL_THRESHOLD`` = 16 KiB a channel
(``src/enqueue.cc``), the size of a decode step's dispatch to one peer; a prefill's megabytes are
bandwidth-bound, where the hop is noise."""


def all_to_all_latency_seconds(ranks, per_domain):
    """Fixed cost of one all-to-all over ``ranks`` cards, ``per_domain`` of them per fast domain [s]:
    :data:`ALL_TO_ALL_BASE_LATENCY_S` ``+ (g − 1)·`` :data:`ALL_TO_ALL_PEER_LATENCY_S` for the
    ``g`` ranks of a domain (NCCL's measured all-to-all inside an NVLink domain), plus one
    :data:`NETWORK_HOP_LATENCY_S` when the group spans domains. The remote peers add no per-peer
    latency: their sends leave through the NICs side by side, one hop deep. Measured so: DeepEP's
    low-latency dispatch over 400 Gb/s InfiniBand (H800, 8 per node, 128 tokens, hidden 7168, top 8,
    FP8; deepseek-ai/DeepEP ``docs/legacy.md``, commit dd758ca) takes 192 µs at EP 128 and 194 µs at
    EP 256, where the share of its bytes bound for other nodes grows 3 % (120/128 → 248/256) and 128
    peers more at NCCL's per-peer figure would add 88 µs. 0 on one rank. Array-friendly."""
    n = at_least(ranks, 1)
    g = at_most(at_least(per_domain, 1), n)
    latency = ALL_TO_ALL_BASE_LATENCY_S + (g - 1) * ALL_TO_ALL_PEER_LATENCY_S + NETWORK_HOP_LATENCY_S * (n > g)
    return latency * (n > 1)


def ring_fraction(ranks):
    """``(n−1)/n``: the share of a buffer each rank sends in a reduce-scatter or all-gather.

    Parameters
    ----------
    ranks : int or array
        Ranks in the ring [count].

    References
    ----------
    Patarasuk & Yuan 2009, "Bandwidth optimal all-reduce algorithms for clusters of
    workstations", J. Parallel Distrib. Comput. 69(2), §3; nccl-tests ``doc/PERFORMANCE.md``.
    """
    ranks = at_least(ranks, 1)
    return (ranks - 1) / ranks


def allreduce_bus_bandwidth(algorithm_gbps, ranks):
    """Bus bandwidth of an all-reduce from its algorithm bandwidth: ``busbw = algbw·2(n−1)/n`` [GB/s].

    ``algbw = S/t`` for a buffer of ``S`` bytes; the bus bandwidth is what each rank's link
    carries, comparable to the hardware's peak (nccl-tests ``doc/PERFORMANCE.md``, "AllReduce").
    """
    return algorithm_gbps * 2.0 * ring_fraction(ranks)


def reduce_scatter_bus_bandwidth(algorithm_gbps, ranks):
    """Bus bandwidth of a reduce-scatter or all-gather: ``busbw = algbw·(n−1)/n`` [GB/s]
    (nccl-tests ``doc/PERFORMANCE.md``, "ReduceScatter", "AllGather")."""
    return algorithm_gbps * ring_fraction(ranks)


_WHOLE = frozenset({int, np.int64, np.int32})
"""Types of a whole number of ranks that :func:`reduce_scatter_seconds` works out without numpy
(a numpy integer as an int: ``n/g`` and ``(g−1)/g`` round the same from either)."""


def reduce_scatter_seconds(n_bytes, ranks, per_domain, fast_gbps, network_gbps, efficiency):
    """Reduce-scatter (or all-gather: the same volume) of ``n_bytes`` [B] over ``ranks`` cards [s].

    ``per_domain`` of the ranks share the fast link (``fast_gbps``, one way [GB/s]); the rest of
    the group is reached over ``network_gbps`` per card [GB/s]. Hierarchical: ``(g−1)/g·S`` on the
    fast link, then ``(N−1)/N·S/g`` per card over the network, with ``N = ranks/g`` domains;
    ``efficiency`` is the share of link bandwidth reached, plus :data:`COLLECTIVE_LATENCY_S`.
    """
    if type(ranks) in _WHOLE and type(per_domain) in _WHOLE:  # whole ranks: the same steps without the calls
        n = int(ranks) if ranks >= 1 else 1
        g = int(per_domain) if per_domain >= 1 else 1
        g = g if g <= n else n
        domains = n / g
        group_share = (g - 1) / g
        domain_share = (domains - 1) / domains if domains >= 1 else 0.0
    else:
        g = at_most(at_least(per_domain, 1), at_least(ranks, 1))
        domains = at_least(ranks, 1) / g
        group_share, domain_share = ring_fraction(g), ring_fraction(domains)
    inside = group_share * n_bytes / (fast_gbps * GB * efficiency)
    network = network_gbps * GB * efficiency
    if type(domain_share) is float and domain_share == 0.0 and isinstance(n_bytes, np.ndarray) and 0 < network < np.inf:
        # one domain: the network's share is 0 of finite bytes, so its zeros are not added (an array's
        # operations cost more than their numbers)
        return inside + COLLECTIVE_LATENCY_S * (ranks > 1)
    across = domain_share * n_bytes / g / network
    return inside + across + COLLECTIVE_LATENCY_S * (ranks > 1)


def allreduce_seconds(n_bytes, ranks, per_domain, fast_gbps, network_gbps, efficiency):
    """All-reduce = reduce-scatter + all-gather of ``n_bytes`` [B] over ``ranks`` cards [s]:
    ``2(n−1)/n·S/B`` inside one domain (Patarasuk & Yuan 2009 §3; NCCL ``2(n−1)/n``
    bus-bandwidth factor, nccl-tests ``doc/PERFORMANCE.md``)."""
    return 2.0 * reduce_scatter_seconds(n_bytes, ranks, per_domain, fast_gbps, network_gbps, efficiency)


def point_to_point_seconds(n_bytes, gbps, efficiency):
    """One send/receive of ``n_bytes`` [B] over a link of ``gbps`` one way [GB/s] [s]."""
    return n_bytes / (gbps * GB * efficiency) + COLLECTIVE_LATENCY_S


def all_to_all_seconds(n_bytes, ranks, per_domain, fast_gbps, network_gbps, efficiency):
    """All-to-all of ``n_bytes`` [B] per rank over ``ranks`` cards [s] (MoE dispatch or combine).

    Each rank keeps ``1/n`` and sends the rest; the share bound for other domains,
    ``(n−g)/n``, crosses the network (DeepSeek-V3 technical report §3.2.2 sizes its EP groups
    by this); plus the call's :func:`all_to_all_latency_seconds`.
    """
    n = np.maximum(ranks, 1)
    g = np.minimum(np.maximum(per_domain, 1), n)
    inside = (g - 1) / n * n_bytes / (fast_gbps * GB * efficiency)
    across = (n - g) / n * n_bytes / (network_gbps * GB * efficiency)
    return inside + across + all_to_all_latency_seconds(ranks, per_domain)
