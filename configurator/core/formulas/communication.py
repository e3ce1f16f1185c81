"""Traffic of each kind of parallelism in a training step, and the overlap that hides it.

Links are given as plain numbers: ``fast_gbps`` inside a fast domain of ``domain`` cards and
``network_gbps`` per card across domains (one way [GB/s]), ``efficiency`` the share of link
bandwidth collectives reach, ``overlap`` the share of a compute window that hides traffic.
Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

import math

import numpy as np

from configurator.core.formulas.collectives import (
    COLLECTIVE_LATENCY_S,
    NETWORK_HOP_LATENCY_S,
    all_to_all_seconds,
    allreduce_seconds,
    at_least,
    at_most,
    point_to_point_seconds,
    reduce_scatter_seconds,
)
from configurator.core.formulas.moe import routed_all_to_all_seconds
from configurator.core.units import GB

TP_COLLECTIVES_PER_LAYER = 4
"""All-reduce equivalents per layer per micro-batch: two in forward, two in backward
(Shoeybi et al. 2019, "Megatron-LM", §3, Fig. 4)."""

CP_EXCHANGES_PER_LAYER = 3
"""Key/value blocks each context-parallel rank passes on per ring step and layer: K and V in
forward, K and V again with their gradients in backward (Liu et al. 2023, "Ring Attention", §3;
Megatron-LM ``--context-parallel-size``)."""

EP_ALL_TO_ALLS_PER_LAYER = 4
"""All-to-alls per MoE layer per micro-batch: dispatch and combine in forward, and their
gradients in backward (Lepikhin et al. 2021, "GShard", §2.2)."""

BACKWARD_SHARE = 2.0 / 3.0
"""Share of a training step's compute spent in the backward pass: 4N of 6N FLOPs per token
(Kaplan et al. 2020, "Scaling Laws for Neural Language Models", §2.1)."""


def exposed_seconds(comm_s, window_s, overlap):
    """Communication left after hiding behind ``overlap`` × the compute window:
    ``max(0, t_comm − overlap·t_window)`` [s]."""
    return np.maximum(0.0, comm_s - overlap * window_s)


PCIE_RING_STEP_LATENCY_S = 1.0e-6
"""Latency of one step of a ring collective between cards that talk over PCIe [s]: NCCL's own
cost model, ``hwLat[PCI][Ring][LL] = 1.0`` µs per step (NVIDIA/nccl ``src/graph/tuning.cc``; an
all-reduce over ``n`` ranks takes ``2(n−1)`` steps), on top of the fixed cost of the call
(:data:`~configurator.core.formulas.collectives.COLLECTIVE_LATENCY_S`, twice per all-reduce).
Checked: 20 µs + 14 × 1 µs = 34 µs for eight cards, where nccl-tests ``all_reduce_perf`` measured
40–42 µs at 8 B on 8 × RTX 4090 (NVIDIA/nccl issue #1530) and 54 µs on 8 × RTX 3090 (issue
#1439), both launched from the host (``graph: 0``); serving engines replay their decode steps,
collectives included, from CUDA graphs, without the launch."""


def ring_allreduce_step_latency_seconds(ranks, step_latency_s):
    """The per-step latency of a ring all-reduce over ``ranks`` cards: ``2(n−1)`` steps of
    ``step_latency_s`` each [s] (NCCL ``tuning.cc``: ``nsteps = 2·(nRanks−1)`` for AllReduce)."""
    return 2.0 * (at_least(ranks, 1) - 1) * step_latency_s


def bridged_links(tp, fast_gbps, step_latency_s, link_group, link_gbps, mesh=False):
    """(link bandwidth one way [GB/s], ring step latency [s]) a tensor-parallel group of ``tp`` cards
    runs its all-reduces over in a server whose GPU-to-GPU link joins only ``link_group`` of its cards
    (an NVLink bridge: H100 NVL and A100 PCIe pairs, H200 NVL pairs or fours), the server's PCIe
    (``fast_gbps``, ``step_latency_s`` a ring step) otherwise.

    A group of at most ``link_group`` cards placed on one bridged set rides the bridge at
    ``link_gbps``, with no PCIe step latency (the link rings of NVLink servers pay none here either):
    NCCL ranks the paths between two GPUs by type, ``PATH_NVL`` ("Connection traversing NVLink")
    before ``PATH_PIX``/``PXB``/``PHB`` (PCIe through a switch or the host bridge), and builds its
    rings on the best path each pair has (NVIDIA/nccl ``src/graph/topo.h``, path types). The bridge's
    bandwidth and the cards it joins are the catalog's ``interconnect`` (``link_gbps``,
    ``domain_size``: the cards' datasheets, 600 GB/s a pair on H100 NVL and A100 PCIe, 900 GB/s a
    card over a 2- or 4-way bridge on H200 NVL). A wider group's ring crosses PCIe between the sets,
    and its slowest hop bounds every step of the ring, so it stays on ``fast_gbps``. ``link_group``
    1 (no bridge, or a link that spans the server) changes nothing. Array-friendly in ``tp``.

    Checked (no figure set from it): on eight A100 PCIe cards bridged in pairs (``nvidia-smi topo``:
    NV12 within a pair, NODE/SYS between pairs) all_reduce_perf measured a bus bandwidth of 208 GB/s
    on a bridged pair and 20 GB/s once a third card joined over PCIe (NVIDIA/nccl-tests issue 178,
    2023); this model gives 225 and 23.6 GB/s (300 and 31.5 GB/s one way at ``LINK_EFFICIENCY``
    0.75). Two bridged H100 PCIe measured 116 GB/s at 1-4 GB (NVIDIA/nccl issue 1161, 2024, its
    cause not established here), where the model gives 225: the bridge's charge may be optimistic on
    Hopper PCIe cards. The PCIe side: NCCL itself takes a Gen4 lane at 12 Gb/s ("16.0 GT/s PCIe",
    120 × 100 Mb/s in ``kvDictPciGen``, NVIDIA/nccl ``src/graph/topo.cc``), 24 GB/s for x16, where
    the model's Gen4 x16 at ``LINK_EFFICIENCY`` is 23.6 GB/s.

    ``mesh``: the ``link_group`` cards are a server board with no switch whose every pair has its own
    links of ``link_gbps`` (:func:`switchless_pair_gbps`); a group of them rides its pairs' links
    (:func:`switchless_group_gbps`) rather than one flat figure."""
    if type(link_group) is int and link_group <= 1:
        return fast_gbps, step_latency_s
    group_gbps = group_link_gbps(tp, link_gbps, link_gbps, mesh)
    if isinstance(tp, np.ndarray):
        over = (tp > 1) & (tp <= link_group)
        return np.where(over, group_gbps, fast_gbps), np.where(over, 0.0, step_latency_s)
    return (group_gbps, 0.0) if 1 < tp <= link_group else (fast_gbps, step_latency_s)


def switchless_pair_gbps(card_gbps: float, board_cards: int) -> float:
    """The link between two cards of a server board with no switch, one way [GB/s]: each card's
    ``card_gbps`` split evenly among the ``board_cards − 1`` others, ``card_gbps / (n − 1)``.

    NVIDIA's HGX H100 4-GPU board wires each GPU's 18 NVLinks straight to the other three, 6 a pair
    (the catalog's ``interconnect.switchless_board``, with its source), where the 8-GPU board runs them
    all through its NVSwitches: 150 GB/s one way a pair against 450 through a switch. AMD's MI300X
    platform joins its 8 modules by seven Infinity Fabric links each, one to every other module ("a fully
    connected 8-GPU system", ROCm/ROCm ``docs/conceptual/gpu-arch/mi300.md`` @e396b48): 448 / 7 = 64 GB/s
    one way a pair."""
    return card_gbps / max(board_cards - 1, 1)


def switchless_group_gbps(pair_gbps, group):
    """The link a group of ``group`` cards on a board with no switch runs its all-reduces over, one way
    per card [GB/s]: the ``g − 1`` pairs' links each card has to the others of its group,
    ``(g − 1) · pair_gbps``. Array-friendly in ``group``.

    A collective reaches only the links between its own cards: NCCL builds a two-rank ring on the
    direct path between the two GPUs (``PATH_NVL``, its bandwidth the links between them:
    NVIDIA/nccl ``src/graph/paths.cc``, ``ncclTopoComputePaths``), and rings over more ranks on every
    pair's links; AMD says it of its MI300X platform in so many words: "dedicated links between each
    pair of GPUs in a fully connected topology ... the best performance is achieved when all 8 GPUs and,
    hence, all the links between them are used. In the case of 2- or 4-GPU collective operations ...
    you can only use a fraction of the potential bandwidth on the node" (ROCm/ROCm
    ``docs/how-to/rocm-for-ai/inference-optimization/workload.rst`` @e396b48, "Use all eight GPUs").
    So on an 8-module MI300X board TP2 gets 1/7 of the card's figure, TP4 3/7 and TP8 all of it; on a
    4-GPU HGX H100 board TP2 1/3 and TP4 all of it."""
    return (group - 1) * pair_gbps


def group_link_gbps(ranks_inside, fast_gbps, pair_gbps, mesh):
    """The link one rank of a collective reaches the others of its group inside its fast domain over,
    one way [GB/s]: on a board with no switch (``mesh``) the links of the ``g − 1`` pairs it has inside
    the group (:func:`switchless_group_gbps`; ``pair_gbps`` a pair's, :func:`switchless_pair_gbps`), a
    send between two cards (``g`` = 2) one pair's; through a switch, or with no peer inside the domain
    (``g`` = 1: nothing crosses the fast link), the domain's ``fast_gbps``. Array-friendly.

    Every group a training step or a served copy runs a collective in takes its fast link from here:
    tensor-parallel all-reduces (:func:`bridged_links`), data-parallel all-reduces, reduce-scatters and
    gathers, context-parallel rings, gathers and all-to-alls, expert-parallel all-to-alls, and the
    sends between pipeline stages and from a prefill copy to a decode copy. On such a board a ring of
    ``g`` ranks reaches its ``g − 1`` pairs through as many rings laid over them (RCCL's model of four
    MI300X: ``XGMI[48.0]`` a link, ``totalBw 144.0``, three links, ROCm/rccl issue 1210), an all-to-all
    sends each peer its ``1/n`` over that pair's own link, so ``(g − 1)/n·S`` of bytes over
    ``(g − 1)·pair`` is each peer's ``S/n`` over one pair, all at once; and a send takes the direct path
    between its two cards and no other (NCCL's point-to-point transport: the path between the two
    GPUs, ``PATH_NVL`` where they share NVLinks, NVIDIA/nccl ``src/graph/paths.cc``)."""
    if not mesh:
        return fast_gbps
    if isinstance(ranks_inside, np.ndarray):
        return np.where(ranks_inside > 1, switchless_group_gbps(pair_gbps, ranks_inside), fast_gbps)
    return switchless_group_gbps(pair_gbps, ranks_inside) if ranks_inside > 1 else fast_gbps


TREE_NET_LATENCY_S = NETWORK_HOP_LATENCY_S
"""Latency of one network hop of NCCL's tree all-reduce with the LL protocol, the one it picks for
the small messages of a decode step's all-reduces [s]: ``hwLatencies[NET][Tree][LL] = 5.0`` µs
(NVIDIA/nccl ``src/graph/tuning.cc``, ``ncclTunerConstantsDefaults``, commit 5067397c, 2026-06;
:data:`~configurator.core.formulas.collectives.NETWORK_HOP_LATENCY_S`, the same hop).
``ncclTopoTuneModel`` charges a tree all-reduce over ``n`` ranks on ``N`` nodes
``base + 2·((n/N − 1)·intra + log2(N)·inter)``: inside one node that is the order of the fixed cost
charged per call here (6.8 + 2·7·0.6 = 15.2 µs for eight ranks over NVLink against
:data:`~configurator.core.formulas.collectives.COLLECTIVE_LATENCY_S` twice, 20 µs); across
nodes the ``2·log2(N)`` network hops come on top (:func:`network_allreduce_latency_seconds`)."""


HCCL_TASK_LATENCY_S = 2.0e-6
HCCL_NHR_ALLREDUCE_TASKS = 10
"""HCCL's own cost model of an all-reduce between servers (Huawei Ascend): each task its AI CPU
issues costs 2 µs (``CostModelManager::CalcLatencyParams``: ``C = 0.000002 * taskNum`` for
``EngineType::AICPU``), and its NHR template (nonuniform hierarchical ring, the inter-server
all-reduce) counts 10 tasks whatever the server count (``InsTempAllReduceNHR::CalcCostCoeff``:
``int taskNum = 10``) (hicann/hccl ``src/ops/op_common/selector/cost_model.cc`` and
``src/ops/all_reduce/template/aicpu/ins_temp_all_reduce_nhr.cc``, commit 09300b7, 2026-08): 20 µs an
all-reduce over servers on top of the part inside each server, the model HCCL's algorithm
selector weighs its templates with. No measured HCCL small-message time over RoCE was found
(the CANN hccl_test guide's sample output is one server's)."""

COLLECTIVE_LIBRARIES = ("nccl", "hccl")
"""The collective libraries whose latency between servers is modelled: NCCL (and RCCL, its port)
for every card but Huawei's Ascend NPUs, which run HCCL (``Fabric.library``)."""


def network_allreduce_latency_seconds(ranks, per_domain, library="nccl"):
    """Latency an all-reduce over ``ranks`` cards, ``per_domain`` of them per fast domain, adds for
    crossing ``N = ranks / per_domain`` domains, 0 inside one domain [s]. ``library`` "nccl":
    ``2·log2(N)·`` :data:`TREE_NET_LATENCY_S` (NCCL's tree model, ``ncclTopoTuneModel``); "hccl":
    :data:`HCCL_NHR_ALLREDUCE_TASKS` × :data:`HCCL_TASK_LATENCY_S` (HCCL's cost model of its NHR
    template), whatever ``N``. Array-friendly; a plain number for plain-number arguments. A
    tensor-parallel group over servers pays it twice per layer in a decode step, where the bytes
    are a few hundred kilobytes and the hops, not the bandwidth, are what crossing the network
    costs."""
    n = at_least(ranks, 1)
    domains = n / at_most(at_least(per_domain, 1), n)
    if library == "hccl":
        return HCCL_NHR_ALLREDUCE_TASKS * HCCL_TASK_LATENCY_S * (domains > 1)
    if isinstance(domains, np.ndarray):
        return 2.0 * np.log2(np.maximum(domains, 1.0)) * TREE_NET_LATENCY_S
    return 2.0 * math.log2(max(float(domains), 1.0)) * TREE_NET_LATENCY_S


def tensor_parallel_seconds(tokens, hidden, element_bytes, tp, layers, collectives_per_layer, domain, fast_gbps,
                            network_gbps, efficiency, step_latency_s=0.0, link_group=1, link_gbps=0.0,
                            library="nccl", mesh=False):
    """Tensor-parallel traffic of ``tokens`` through ``layers`` layers [s].

    Megatron-LM with sequence parallelism: per layer and pass, two all-gathers and two
    reduce-scatters of the ``tokens × hidden`` activations of ``element_bytes`` [B], the volume
    of two all-reduces (Korthikanti et al. 2022 §4.2.2); ``collectives_per_layer`` counts
    all-reduce equivalents (:data:`TP_COLLECTIVES_PER_LAYER` in training). ``step_latency_s``:
    the latency of each ring step (:data:`PCIE_RING_STEP_LATENCY_S` between cards without a
    GPU-to-GPU link; 0 keeps the call's fixed cost alone). ``link_group`` and ``link_gbps``: the
    cards a bridge joins inside a server it does not span and its bandwidth one way [GB/s]; a group
    that fits runs over it (:func:`bridged_links`; ``mesh``: a board without a switch, ``link_gbps`` a
    pair's). A group wider than one domain also pays the
    network's hops (:func:`network_allreduce_latency_seconds`, of the collective ``library``). Zero
    when ``tp`` is 1.
    """
    if not (type(link_group) is int and link_group <= 1):
        fast_gbps, step_latency_s = bridged_links(tp, fast_gbps, step_latency_s, link_group, link_gbps, mesh)
    per_call = allreduce_seconds(tokens * hidden * element_bytes, tp, at_most(tp, domain), fast_gbps, network_gbps,
                                 efficiency)
    if not (type(tp) is int and type(step_latency_s) is float and step_latency_s == 0.0):  # no step latency: + 0.0
        per_call = per_call + ring_allreduce_step_latency_seconds(tp, step_latency_s)
    if not (type(tp) is int and type(domain) is int and tp <= domain):  # inside one domain: + 0.0
        per_call = per_call + network_allreduce_latency_seconds(tp, at_most(tp, domain), library)
    split = tp > 1
    seconds = collectives_per_layer * layers * per_call
    return seconds if split is True else seconds * split  # × True is the same number


def tensor_parallel_seconds_of(hidden, element_bytes, tp, layers, collectives_per_layer, domain, fast_gbps,
                               network_gbps, efficiency, step_latency_s=0.0, link_group=1, link_gbps=0.0,
                               library="nccl", mesh=False):
    """:func:`tensor_parallel_seconds` as a function of plain-number ``tokens`` alone [s]: for whole
    ``tp`` and domain, the same operations in the same order (the all-reduce of
    :func:`~configurator.core.formulas.collectives.reduce_scatter_seconds`' whole-ranks steps) with
    every part that does not depend on the tokens worked out once, so the same numbers
    (``tests/test_decode_step.py``); otherwise the formula itself. A decode step table asks for a
    dozen batches of one copy."""
    per_domain = at_most(tp, domain)
    if type(tp) is not int or type(per_domain) is not int or type(step_latency_s) is not float:
        return lambda tokens: tensor_parallel_seconds(tokens, hidden, element_bytes, tp, layers, collectives_per_layer,
                                                      domain, fast_gbps, network_gbps, efficiency, step_latency_s,
                                                      link_group, link_gbps, library, mesh)
    if not (type(link_group) is int and link_group <= 1):
        fast_gbps, step_latency_s = bridged_links(tp, fast_gbps, step_latency_s, link_group, link_gbps, mesh)
    n = tp if tp >= 1 else 1
    g = per_domain if per_domain >= 1 else 1
    g = g if g <= n else n
    domains = n / g
    group_share = (g - 1) / g
    domain_share = (domains - 1) / domains if domains >= 1 else 0.0
    fast, network = fast_gbps * GB * efficiency, network_gbps * GB * efficiency
    latency = COLLECTIVE_LATENCY_S * (tp > 1)
    ring = None if type(step_latency_s) is float and step_latency_s == 0.0 else \
        ring_allreduce_step_latency_seconds(tp, step_latency_s)
    hops = None if tp <= domain else network_allreduce_latency_seconds(tp, per_domain, library)
    scale, split = collectives_per_layer * layers, tp > 1
    if ring is None and hops is None and split is True:  # no step latency, one domain: the same operations
        def whole(tokens: float) -> float:
            n_bytes = tokens * hidden * element_bytes
            return scale * (2.0 * (group_share * n_bytes / fast + domain_share * n_bytes / g / network + latency))

        return whole

    def seconds(tokens: float) -> float:
        n_bytes = tokens * hidden * element_bytes
        per_call = 2.0 * (group_share * n_bytes / fast + domain_share * n_bytes / g / network + latency)
        if ring is not None:
            per_call = per_call + ring
        if hops is not None:
            per_call = per_call + hops
        total = scale * per_call
        return total if split is True else total * split

    return seconds


RING_STEP_LATENCY_INSIDE_S = 3.4e-6
RING_STEP_LATENCY_ACROSS_S = 14.0e-6
"""Latency of one step of a ring all-gather or reduce-scatter between two cards of a fast domain
(NVLink) and between two nodes (network) [s]: NCCL's own cost model, Ring / Simple protocol
``hwLatencies`` of 3.4 µs (NVLINK) and 14.0 µs (NET) (NVIDIA/nccl ``src/graph/tuning.cc``,
``ncclTunerConstantsDefaults``, commit 5067397c, 2026-06; the Simple protocol carries the large
messages a weight gather sends). ``ncclTopoTuneModel`` charges a ring AllGather or ReduceScatter
over ``n`` ranks on ``N`` nodes ``n − 1`` steps, ``N − 1`` of them across the network:
``(n − N)·intra + (N − 1)·inter``; with several GPUs per node NCCL offers only the ring for these
two collectives (its PAT algorithm needs one GPU per node)."""


def ring_gather_latency_seconds(ranks, per_domain):
    """Step latency of one ring all-gather or reduce-scatter over ``ranks`` cards, ``per_domain``
    of them per fast domain: ``(n − N)·`` :data:`RING_STEP_LATENCY_INSIDE_S` ``+ (N − 1)·``
    :data:`RING_STEP_LATENCY_ACROSS_S` with ``N = n / per_domain`` domains (NCCL
    ``ncclTopoTuneModel``) [s]; the fixed cost of the call is
    :data:`~configurator.core.formulas.collectives.COLLECTIVE_LATENCY_S`, charged beside it.
    Array-friendly."""
    n = at_least(ranks, 1)
    domains = n / at_most(at_least(per_domain, 1), n)
    return (n - domains) * RING_STEP_LATENCY_INSIDE_S + (domains - 1) * RING_STEP_LATENCY_ACROSS_S


def zero3_unit_latency_seconds(units, trains, zero, dp, per_domain, pp=1):
    """Ring latency of ZeRO 3's per-unit collectives per synchronisation [s].

    FSDP gathers and reduce-scatters each unit in a collective of its own — torchtitan wraps every
    transformer block in ``fully_shard`` (pytorch/torchtitan ``torchtitan/distributed/fsdp.py``
    ``apply_fsdp_to_decoder``, b5bcd76, 2026-08: ``for layer_id, transformer_block in
    model.layers.items(): fully_shard(transformer_block, ...)``; the embedding and the head are two
    units more, not counted), one all-gather per unit and pass; DeepSpeed ZeRO-3 fetches per
    submodule — so each micro-batch makes ``units`` × (two gathers and one reduce-scatter; the
    gathers alone where nothing ``trains``, an adapter's frozen base) calls, each paying
    :func:`ring_gather_latency_seconds` (``ranks − 1`` ring steps: 7.2 ms a call on 1,536 cards,
    8 per node). The bytes are :func:`gradient_sync_seconds`'. Counted only where ZeRO 3 gathers
    again every micro-batch (:func:`zero3_regathers`): under pipeline stages it gathers once a step,
    the traffic of ZeRO 1–2, whose buckets grow with the data-parallel width so that they stay
    bandwidth-bound (Megatron-Core ``DistributedDataParallelConfig.bucket_size``:
    ``max(40M, 1M × dp)`` parameters, "larger DP sizes need larger buckets to ensure collectives do
    not become latency-bound"). Zero on one rank. Array-friendly."""
    calls = 2 + trains
    return units * calls * ring_gather_latency_seconds(dp, per_domain) * (zero3_regathers(zero, pp) & (dp > 1))


def gradient_sync_seconds(params, grad_bytes, weight_bytes, zero, dp, per_domain, fast_gbps, network_gbps,
                          efficiency, pp=1):
    """Data-parallel traffic per synchronisation of ``params`` parameters per card [s].

    ``grad_bytes`` and ``weight_bytes`` per parameter [B]. ZeRO 0: one all-reduce of the
    gradients. ZeRO 1–2 (distributed optimizer): reduce-scatter of the gradients, all-gather of
    the updated 16-bit weights. ZeRO 3 (FSDP): the weights gathered for forward and again for
    backward and the gradients reduce-scattered (Rajbhandari et al. 2020 §7; Megatron-LM
    distributed-optimizer docs). ``per_domain`` of the ``dp`` ranks share a fast domain. Under
    pipeline stages (``pp > 1``) ZeRO 3 gathers the weights once per step and keeps them for
    backward and every micro-batch (:func:`zero3_regathers`), the traffic of ZeRO 1–2.

    Checked against the published sharded runs (``benchmarks/data/held-out.json``, issue 27; a
    diagnosis, nothing set from them): FSDP2 on 32 and 64 H200 (Trainy) is predicted −1.4/+0.3 %
    with each card sending ``1/g`` of a buffer over its NIC; sending all of it (a ring that
    crosses the network at every hop) would make them −35/−36 %. DeepSpeed ZeRO-3 of GPT-3 175B
    on 384/768/1,536 A100 (Narayanan et al. 2021 Table 2: steps of 81.6, 66.8 and 66.8 s) is
    predicted +47/+137/+211 % at the default overlap (+21.7/+65.8/+141.4 % as the rows now state
    the run: no overlap, fp16 gradients): its three steps agree (±5 %) with one per-card ZeRO-3 time of
    ~61 s per step under :func:`data_parallel_exposed_seconds`, 3.9 × the 15.7 s this formula
    gives the same bytes at 768 cards. Not the bytes but the implementation: DeepSpeed v0.3.13
    (2021-03-16, the first release with ZeRO-3) gathers one tensor at a time, each call after a
    ``torch.cuda.synchronize()`` (``partition_parameters.py`` ``_allgather_param``; "the async
    version is not async at all", DeepSpeed PR #1188, merged 2021-10-31 as c0eeb69d), so nothing
    overlaps: without overlap the rows are +16/+52/+113 %, and with per-tensor ring latency (4 to
    12 collectives a layer and pass where :func:`zero3_unit_latency_seconds` counts one) +13 to
    +7 / +42 to +21 / +78 to +23 % (the rows' notes). DeepSpeed batched its gathers and
    reduce-scatters, made them overlap and dropped the list-form copies only in PR #1453 (merged
    2022-01-20 as 4912e0ad: RoBERTa-10B on 64 A100 from 54.9 to 92.1 TFLOP/s per GPU). Quantified
    (issue 27, the rows' notes): that implementation's third gather under recomputation (weights
    released when their reuse distance passes ``stage3_max_reuse_distance``, 1e9 parameters: 8 of a
    GPT-3 layer's 12 h² are), its 2,208 per-tensor calls a step, and PyTorch 1.8's ``n`` slice
    copies per list-form call at 9.4 µs of host time each put the three rows at +1.1/+2.0/−11.9 %.
    This formula is bucketed, overlapped ZeRO-3 (FSDP; DeepSpeed since then), the default of
    ``parallelism.zero3_implementation``; the 2021 implementation is its ``"deepspeed-2021"``
    (:mod:`configurator.core.formulas.zero3_deepspeed_2021`), which the three rows state:
    +0.8/+1.5/−12.4 %.
    """
    grads = params * grad_bytes
    weights = params * weight_bytes
    rs = reduce_scatter_seconds(grads, dp, per_domain, fast_gbps, network_gbps, efficiency)
    gather = reduce_scatter_seconds(weights, dp, per_domain, fast_gbps, network_gbps, efficiency)
    allreduce = 2.0 * rs  # allreduce_seconds(grads, …): this very reduce-scatter doubled, not worked out twice
    seconds = np.where(zero3_regathers(zero, pp), rs + 2 * gather, np.where(zero >= 1, rs + gather, allreduce))
    return seconds * (dp > 1)


def frozen_base_gather_seconds(base_bytes, zero, dp, per_domain, fast_gbps, network_gbps, efficiency, pp=1):
    """ZeRO-3 traffic of a frozen adapter base per synchronisation [s]: all-gathers alone.

    ``base_bytes``: the frozen weights on one card before sharding, in the dtype they are stored
    and gathered in [B] (LoRA: the 16-bit base; QLoRA: NF4 block linears with their constants,
    the rest 16-bit). PyTorch FSDP2 all-gathers a module's parameters in its pre-forward and
    again in its pre-backward hook and frees them after each, trainable or not (PyTorch docs,
    ``torch.distributed.fsdp.fully_shard``, the user contract); torchtune's
    ``lora_finetune_distributed`` shards the frozen base so, with ``reshard_after_forward=True``
    by default, FSDP1's FULL_SHARD (pytorch/torchtune ``torchtune/training/_distributed.py``,
    ``shard_model``). A frozen parameter has no gradient, so nothing of the base is
    reduce-scattered (the adapters' own gradients are ignored, as everywhere for adapters). Under
    pipeline stages the base is gathered once per step and kept (:func:`zero3_regathers`). Zero
    below ZeRO 3, on one rank, or without a frozen base.
    """
    gather = reduce_scatter_seconds(base_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency)
    return np.where(zero3_regathers(zero, pp), 2 * gather, gather) * ((zero >= 3) & (dp > 1) & (base_bytes > 0))


def data_parallel_sync_seconds(params, frozen_bytes, grad_bytes, weight_bytes, zero, dp, per_domain, fast_gbps,
                               network_gbps, efficiency, pp=1, units=0):
    """Data-parallel traffic per synchronisation of a card whose ``params`` parameters train and
    whose ``frozen_bytes`` [B] of weights do not (an adapter's base) [s]: the trained ones'
    :func:`gradient_sync_seconds`, none without them, plus the frozen ones'
    :func:`frozen_base_gather_seconds` (evaluated only where there are frozen bytes), plus the ring
    latency of ZeRO 3's per-unit collectives over the card's ``units`` layers
    (:func:`zero3_unit_latency_seconds`, evaluated only where some layout runs ZeRO 3)."""
    trains = params > 0
    seconds = gradient_sync_seconds(params, grad_bytes, weight_bytes, zero, dp, per_domain, fast_gbps, network_gbps,
                                    efficiency, pp) * trains
    if np.any(frozen_bytes):
        seconds = seconds + frozen_base_gather_seconds(frozen_bytes, zero, dp, per_domain, fast_gbps, network_gbps,
                                                       efficiency, pp)
    if (np.any(units) if isinstance(units, np.ndarray) else units) and np.any(zero >= 3):  # else adds zero
        seconds = seconds + zero3_unit_latency_seconds(units, trains, zero, dp, per_domain, pp) * \
            (trains | (frozen_bytes > 0))
    return seconds


def zero3_regathers(zero, pp):
    """Whether ZeRO 3 gathers the weights again for backward and for every micro-batch: only
    without pipeline stages. With them, frameworks keep a stage's gathered weights from the first
    micro-batch's forward to the step's end: torchtitan's default FSDP policy does not reshard
    after forward when pipeline parallelism is on, "to avoid per-microbatch all-gathers"
    (pytorch/torchtitan ``torchtitan/distributed/fsdp.py``, ``get_fsdp_reshard_after_forward_policy``),
    and Megatron-LM shards only gradients and optimizer states (its distributed optimizer) beside
    pipeline stages. Llama 3 405B: FSDP "for model shards we do not reshard after forward
    computation" (Dubey et al. 2024, §3.3.2)."""
    return (zero >= 3) & (pp <= 1)


def data_parallel_exposed_seconds(sync_s, micro_compute_s, micro_batches, zero, overlap, pp=1):
    """Exposed data-parallel time per step [s].

    ZeRO 0–2 synchronise once per step, in buckets behind the last micro-batch (its backward for
    the gradients, :data:`BACKWARD_SHARE` of it; the next forward too for the weight gather):
    PyTorch DDP and Megatron-LM ``--overlap-grad-reduce`` / ``--overlap-param-gather``. ZeRO 2
    with accumulated micro-batches and no pipeline stages also reduce-scatters after each earlier
    micro-batch, and ZeRO 0 under the PyTorch recipes (torchtitan's loop) all-reduces after each,
    counted beside this by
    :func:`~configurator.core.formulas.zero_accumulation.accumulation_reduce_scatter_seconds`. ZeRO 3
    repeats its gathers every micro-batch, each hidden behind that micro-batch's compute (FSDP
    prefetching), except under pipeline stages, where it gathers once (:func:`zero3_regathers`).
    """
    window = micro_compute_s * np.where(zero >= 1, 1.0, BACKWARD_SHARE)
    per_sync = exposed_seconds(sync_s, window, overlap)
    return per_sync * np.where(zero3_regathers(zero, pp), micro_batches, 1)


def pipeline_p2p_seconds(tokens, hidden, element_bytes, tp, pp, virtual_stages, crosses_network, fast_gbps,
                         network_gbps, efficiency):
    """Point-to-point traffic of one micro-batch on a pipeline stage [s].

    Each of the ``v`` model chunks sends its output activations forward and receives their
    gradient backward: ``2·v`` sends of ``tokens × hidden / tp`` elements (sequence parallelism
    splits the tensor over the ``tp`` ranks; Narayanan et al. 2021 §2.2, §4.1 scatter/gather).
    """
    gbps = np.where(crosses_network, network_gbps, fast_gbps)
    one = point_to_point_seconds(tokens * hidden * element_bytes / tp, gbps, efficiency)
    return 2 * virtual_stages * one * (pp > 1)


def context_parallel_seconds(tokens, kv_dim, element_bytes, cp, layers, crosses_network, attention_s, fast_gbps,
                             network_gbps, efficiency, overlap):
    """Exposed ring exchange of context parallelism for one micro-batch on a rank [s].

    Each rank holds ``tokens`` of every sequence; per layer it passes its key/value block
    (``2 × tokens × kv_dim`` elements) ``cp − 1`` times around the ring,
    :data:`CP_EXCHANGES_PER_LAYER` blocks per step, overlapped with the attention of the block
    it already has, ``attention_s`` (Liu et al. 2023 §3).
    """
    gbps = np.where(crosses_network, network_gbps, fast_gbps)
    block = point_to_point_seconds(2 * tokens * kv_dim * element_bytes, gbps, efficiency)
    ring = CP_EXCHANGES_PER_LAYER * layers * (cp - 1) * block
    return exposed_seconds(ring, attention_s, overlap) * (cp > 1)


def expert_parallel_seconds(tokens, hidden, element_bytes, top_k, ep, moe_layers, per_domain, fast_gbps,
                            network_gbps, efficiency, groups=0, groups_per_token=0, dispatch_bytes=None,
                            n_experts=0, deduplicated=False):
    """All-to-all traffic of expert parallelism for one micro-batch on a rank [s], before any
    overlap (:func:`configurator.core.formulas.moe.expert_parallel_exposed_seconds`: the dispatch
    waits for the router and the experts for the dispatch unless the schedule overlaps them).

    Each token goes to ``top_k`` experts and comes back: ``tokens × top_k × hidden`` elements per
    all-to-all, :data:`EP_ALL_TO_ALLS_PER_LAYER` per MoE layer (Lepikhin et al. 2021 §2.2); with
    group-limited routing, or a dispatcher that deduplicates (``deduplicated``; ``n_experts`` routed
    experts), once per remote node over the network
    (:func:`configurator.core.formulas.moe.routed_all_to_all_seconds`). Half of them run the
    dispatch's way (the forward dispatch and the combine's gradient) at ``dispatch_bytes`` [B] per
    element, half the combine's way (the forward combine and the dispatch's gradient) at
    ``element_bytes`` [B] (:func:`configurator.core.formulas.moe.dispatch_element_bytes`: FP8
    dispatch, BF16 combine in DeepSeek-V3 and DeepEP); ``dispatch_bytes`` None: ``element_bytes``.
    """
    dispatch_bytes = element_bytes if dispatch_bytes is None else dispatch_bytes
    one_way = tokens * hidden
    dispatch = routed_all_to_all_seconds(one_way * dispatch_bytes, top_k, ep, per_domain, fast_gbps, network_gbps,
                                         efficiency, groups, groups_per_token, n_experts, deduplicated)
    combine = dispatch if dispatch_bytes == element_bytes else \
        routed_all_to_all_seconds(one_way * element_bytes, top_k, ep, per_domain, fast_gbps, network_gbps,
                                  efficiency, groups, groups_per_token, n_experts, deduplicated)
    return EP_ALL_TO_ALLS_PER_LAYER / 2 * moe_layers * (dispatch + combine) * (ep > 1)


def offload_stream_bytes(weights_bytes, stored_bytes, offload_params, offload_activations):
    """Bytes crossing the host link per micro-batch [B]: offloaded weights fetched for forward and
    again for backward, offloaded activations written out and read back."""
    return 2.0 * weights_bytes * offload_params + 2.0 * stored_bytes * offload_activations


def offload_stream_seconds(n_bytes, compute_s, host_gbps, efficiency, overlap):
    """Exposed time of streaming ``n_bytes`` [B] between host and card per micro-batch over a host
    link of ``host_gbps`` [GB/s], prefetched behind that micro-batch's compute ``compute_s`` [s]."""
    return exposed_seconds(n_bytes / (host_gbps * GB * efficiency), compute_s, overlap)
