"""Mixture-of-experts layers: tokens per expert, the grouped expert GEMM at those tokens, and the
expert all-to-all left exposed by a framework's schedule.

Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from configurator.core.formulas.collectives import all_to_all_seconds
from configurator.core.formulas.tp_overlap import sm_share
from configurator.core.units import GB


def experts_touched(n_experts, top_k, tokens):
    """Experts of one MoE layer that at least one of ``tokens`` tokens is routed to, in
    expectation under uniform top-k routing: ``E·(1 − (1 − k/E)^T)`` [count].

    Each expert is read whole by the grouped GEMM as soon as one token reaches it (Lepikhin et al.
    2021, "GShard", §2.2 routes each token to ``k`` of ``E`` experts).
    """
    return n_experts * (1.0 - (1.0 - top_k / n_experts) ** tokens)


def busiest_rank_experts(n_experts, top_k, tokens, ranks: int):
    """Touched experts on the busiest of ``ranks`` ranks that hold ``E/ranks`` experts each, in
    expectation under uniform top-k routing of ``tokens`` tokens [count]; ``tokens`` may be an array.

    Each expert is touched with probability ``p = 1 − (1 − k/E)^T`` (:func:`experts_touched`), so a
    rank's count is about Binomial(``m = E/ranks``, ``p``) and the busiest of ``g`` ranks holds
    ``E[max] = Σ_{j=0}^{m−1} (1 − F(j)^g)`` (``F`` the binomial CDF; independent ranks). The MoE
    layer ends in a combine or all-reduce that waits for every rank, so a decode step reads the
    busiest rank's experts, not the mean ``E·p/g``: at one token over 8 ranks, 8 experts leave
    the busiest rank ~2.5 of them against a mean of 1 (the imbalance DeepSeek's EPLB, deepseek-ai/EPLB
    README, "balance the load across different GPUs", exists to remove); with many tokens every
    rank touches nearly all it holds and the two meet. ``ranks`` ≤ 1: :func:`experts_touched`.
    Measured check: aiconfigurator's TensorRT-LLM 1.3.0rc20 MoE kernel on H200 at EP 8
    (``benchmarks/data/notes-ds3-low-batch-2026-12-06.md``).
    """
    if ranks <= 1:
        return experts_touched(n_experts, top_k, tokens)
    if np.ndim(tokens) == 0:  # a plain number: the same sum in floats, kept (a step table asks a dozen batches)
        return _busiest_of_number(n_experts, top_k, float(tokens), ranks)
    held = max(1, round(n_experts / ranks))
    p = 1.0 - (1.0 - top_k / n_experts) ** np.asarray(tokens, dtype=float)
    q = np.maximum(1.0 - p, 1e-300)  # p = 1: q^m underflows to 0 and the sum is m
    pmf = q ** held
    cdf, busiest = pmf, 1.0 - pmf ** ranks
    for j in range(1, held):
        pmf = pmf * ((held - j + 1) / j) * (p / q)
        cdf = np.minimum(cdf + pmf, 1.0)
        busiest = busiest + (1.0 - cdf ** ranks)
    return busiest


@lru_cache(maxsize=4096)
def _busiest_of_number(n_experts, top_k, tokens: float, ranks: int) -> float:
    """:func:`busiest_rank_experts` of a plain number of tokens, in floats [count]."""
    held = max(1, round(n_experts / ranks))
    p = 1.0 - (1.0 - top_k / n_experts) ** tokens
    q = max(1.0 - p, 1e-300)
    pmf = q ** held
    cdf, busiest = pmf, 1.0 - pmf ** ranks
    for j in range(1, held):
        pmf = pmf * ((held - j + 1) / j) * (p / q)
        cdf = min(cdf + pmf, 1.0)
        busiest += 1.0 - cdf ** ranks
    return busiest


def experts_apart_seconds(weights_s, compute_s, routed_weights_s, routed_compute_s):
    """A MoE decode step's products [s]: the routed experts' grouped GEMM and the rest of the
    products (attention projections, shared experts, dense layers, head) as kernels that run one
    after the other, each at its own roofline (Williams et al. 2009):
    ``max(W_r, C_r) + max(W − W_r, C − C_r)`` for the step's weight stream ``W`` and products ``C``
    of which the routed experts' are ``W_r`` and ``C_r`` [s]; arrays broadcast.

    Not ``max(W, C)``: at a few tokens per expert the grouped GEMM is bound by reading the experts
    while the attention projections, every token through the same weights, are bound by their
    FLOPs, so neither hides under the other. Measured check (aiconfigurator's per-op tables,
    ai-dynamo/aiconfigurator 095f58a ``aic-core/src/aiconfigurator_core/systems/data/h200_sxm``,
    TensorRT-LLM 1.3.0rc20, DeepSeek-V3 FP8 at TP 8 × EP 8, 512 sequences, per step of 61
    layers): the MLA projections (``gemm``, ``mla_bmm``) take 5.4 ms and the MoE layers 23-32 ms,
    in sequence (``benchmarks/data/notes-deepseek-decode-aic-2026-12-05.md``).
    """
    rest_w = weights_s - routed_weights_s
    rest_c = compute_s - routed_compute_s
    if isinstance(weights_s, float) and isinstance(compute_s, float) and isinstance(routed_weights_s, float) \
            and isinstance(routed_compute_s, float):
        return (routed_weights_s if routed_weights_s >= routed_compute_s else routed_compute_s) + \
            (rest_w if rest_w >= rest_c else rest_c)
    return np.maximum(routed_weights_s, routed_compute_s) + np.maximum(rest_w, rest_c)


EXPERT_OVERLAP_DEFAULT = False
"""Whether the scenario asks for Megatron-LM's batch-level expert overlap when it does not say
(``Training.expert_overlap``). Off: a plain schedule dispatches after the router and runs the experts
after the dispatch, so the all-to-all waits on the critical path; Megatron-LM's
``--overlap-moe-expert-parallel-comm`` (one micro-batch's all-to-all under another's compute, by
merging the forward and backward of adjacent micro-batches) is off unless given (Megatron Core MoE
README, "Batch-level EP overlap | False"; torchtitan's expert parallelism without DeepEP overlap).
DualPipe overlaps it whatever this says (:func:`expert_all_to_all_overlapped`). Not free: the
transfer's kernels hold SMs beside the products (:func:`overlapped_expert_compute_seconds`)."""


def megatron_takes_expert_overlap(pp, virtual_stages, full_recompute):
    """Whether Megatron-LM accepts ``--overlap-moe-expert-parallel-comm`` for a layout (bool, or an
    array of them): its ``TransformerConfig.__post_init__`` asserts a virtual pipeline when
    ``pp > 1`` ("virtual_pipeline_model_parallel_size must be specified when
    pipeline_model_parallel_size > 1") and no full recomputation ("disable full recomputation when
    enabling overlap_moe_expert_parallel_comm"; NVIDIA/Megatron-LM d98e8a6)."""
    takes = np.logical_and(np.logical_or(np.asarray(pp) == 1, np.asarray(virtual_stages) > 1),
                           np.logical_not(full_recompute))
    return bool(takes) if np.ndim(takes) == 0 else takes


def expert_all_to_all_overlapped(asked, dualpipe, full_recompute):
    """Whether the schedule runs one micro-batch's expert all-to-all under another's compute (bool,
    or an array of them over layouts).

    - ``dualpipe`` (the layout runs DeepSeek-V3's DualPipe, :func:`~.dualpipe.runs_dualpipe`): always.
      Its unit of work is a forward chunk paired with a backward chunk whose "both all-to-all and PP
      communication can be fully hidden" (DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", arXiv
      2412.19437, §3.2.1; deepseek-ai/DualPipe README: "full overlap of forward and backward
      computation-communication phases").
    - ``asked`` (Megatron-LM's ``--overlap-moe-expert-parallel-comm``, ``Training.expert_overlap``):
      unless ``full_recompute`` (``--recompute-granularity full``), which Megatron-Core refuses beside
      it (:func:`megatron_takes_expert_overlap`): a layout that recomputes whole layers runs its
      all-to-all exposed. Its other condition, a virtual pipeline when ``pp > 1``, is not read here:
      the schedule could pair the micro-batches without it, and the launch script says where
      Megatron-LM would not.
    - otherwise exposed (:data:`EXPERT_OVERLAP_DEFAULT`).
    """
    overlapped = np.logical_or(dualpipe, np.logical_and(asked, np.logical_not(full_recompute)))
    return bool(overlapped) if np.ndim(overlapped) == 0 else overlapped


def expert_parallel_exposed_seconds(all_to_all_s, compute_s, overlapped):
    """Expert all-to-all time left on the critical path of one micro-batch [s].

    ``overlapped``: the framework runs one micro-batch's dispatch and combine under another's
    computation (DualPipe; Megatron-LM batch-level EP overlap), so only what exceeds the
    micro-batch's compute ``compute_s`` stays: ``max(0, t_a2a − t_compute)``. Otherwise the whole
    all-to-all is exposed (:data:`EXPERT_OVERLAP_DEFAULT`).
    """
    return np.where(overlapped, np.maximum(0.0, all_to_all_s - compute_s), all_to_all_s)


EXPERT_ALL_TO_ALL_SMS = 20
"""SMs the overlapped expert all-to-all's dispatch and combine kernels hold while they run [count].
DeepSeek-V3 (DeepSeek-AI 2024, arXiv 2412.19437) §3.2.2: "only 20 SMs are sufficient to fully
utilize the bandwidths of IB and NVLink ... we ... partition 20 SMs into 10 communication
channels"; §3.5.1: "we allocate 20 out of the 132 SMs available in the H800 GPU for this purpose,
which will limit the computational throughput". The same default in the kernels others run:
DeepEP's ``Buffer.num_sms = 20`` (deepseek-ai/DeepEP ``deep_ep/buffer.py``, commit dcfd954) and
Megatron-Core's ``moe_deepep_num_sms = 20`` (``megatron/core/transformer/transformer_config.py``).
Of :data:`~.tp_overlap.HOPPER_SMS` (the Hopper count for every card, as there)."""


def overlapped_expert_compute_seconds(compute_s, all_to_all_s, overlapped, comm_sms=EXPERT_ALL_TO_ALL_SMS):
    """One micro-batch's compute [s] when the expert all-to-all runs beside it on ``comm_sms`` of
    the card's SMs (``overlapped``, :func:`expert_parallel_exposed_seconds`): while the transfer
    runs the products have ``1 − m`` of the SMs (``m`` = :func:`~.tp_overlap.sm_share`), so they
    lose ``m·t_a2a`` of work, at most all of it: ``t_c + min(m·t_a2a, t_c·m/(1 − m))`` (the latter
    when the transfer outlasts the compute, which then runs wholly on ``1 − m``). ``compute_s``
    unchanged when not overlapped (an exposed all-to-all holds its SMs while nothing computes) or
    without an all-to-all. DeepSeek-V3's DualPipe at PP16 EP64 on H800: a transfer about as long
    as the compute (the report's "computation-to-communication ratio of approximately 1:1",
    §3.2.1), so about 15 % more compute time."""
    m = sm_share(comm_sms)
    lost = np.minimum(m * all_to_all_s, compute_s * m / (1.0 - m))
    return np.where(overlapped, compute_s + lost, compute_s)


FP8_DISPATCH_BYTES = 1.0 + 4.0 / 128
"""Bytes per element of an FP8 expert dispatch [B]: E4M3 values (1 B) with one float32 scale (4 B)
per 128 channels of each token. DeepEP's ``Buffer.dispatch`` takes either BF16 tokens or a pair
"``[num_tokens, hidden]`` with type ``torch.float8_e4m3fn``, ... ``[num_tokens, hidden // 128]``
with type ``torch.float``", and ``low_latency_dispatch(use_fp8=True)`` casts to the same pair
(deepseek-ai/DeepEP ``deep_ep/buffer.py``, commit 567632d, lines 322-345 and 548-593); DeepSeek-V3
quantizes "the activation before MoE up-projections into FP8 and then appl[ies] dispatch components"
in 1x128 tiles (DeepSeek-AI 2024, arXiv 2412.19437, §3.3.2, §3.3.3). 1.03 B against BF16's 2."""

FP8_DISPATCH_SCALINGS = ("block",)
"""Training FP8 scalings (``Training.fp8_scaling``) whose recipe dispatches its tokens in FP8
(:data:`FP8_DISPATCH_BYTES`). ``block`` is DeepSeek-V3's (1x128 activation tiles): the MoE
up-projection's input is quantized before the dispatch, and in backward "a similar strategy is
applied to the activation gradient before MoE down-projections" (the combine's gradient, sent the
dispatch's way), while "both the forward and backward combine components" stay BF16 (arXiv
2412.19437, §3.3.2); DeepEP's README benchmarks the same ("FP8 dispatching and BF16 combining",
commit 567632d). Not ``delayed`` or ``dynamic``: Megatron-Core's token dispatchers send the BF16
hidden states and Transformer Engine quantizes them after the all-to-all (``moe/fused_a2a.py``
``FusedDispatch`` passes ``x`` as given; an FP8 wire only with the ``ncclep`` backend and
``moe_dispatch_fwd_dtype = 'mxfp8'``, default ``'bf16'``, ``transformer_config.py``;
NVIDIA/Megatron-LM d98e8a6: its MoE README's "50% EP dispatch volume" under FP8 is that option),
and torchao's per-tensor scaling casts inside each product. Megatron-Core's own blockwise recipe
(``--fp8-recipe blockwise``) is ``block`` here too, though its default dispatcher sends BF16: the
scenario cannot tell DeepSeek's framework from it."""


def training_dispatches_fp8(fp8_math, fp8_scaling):
    """Whether a training recipe sends its expert dispatch (and its combine's gradient) in FP8
    (bool): FP8 math under a scaling of :data:`FP8_DISPATCH_SCALINGS`."""
    return bool(fp8_math) and fp8_scaling in FP8_DISPATCH_SCALINGS


def dispatch_element_bytes(math_bytes, fp8_dispatch):
    """Bytes per element the expert dispatch sends [B]: :data:`FP8_DISPATCH_BYTES` where the
    recipe or engine dispatches in FP8 (``fp8_dispatch``), else the activations' ``math_bytes``.
    The combine always sends ``math_bytes`` (BF16 for 16-bit and FP8 math): DeepEP's ``combine``
    and ``low_latency_combine`` take ``torch.bfloat16`` only (``deep_ep/buffer.py``, commit
    567632d, lines 405-423 and 617-651)."""
    return FP8_DISPATCH_BYTES if fp8_dispatch else math_bytes


def nodes_a_token_reaches(domains, groups, groups_per_token):
    """Most fast domains (servers) one token's experts can sit in under group-limited routing
    [count]: ``groups_per_token`` of ``groups`` expert groups, spread evenly over ``domains``
    domains of an expert-parallel group, at most all of them. DeepSeek-V3: 4 of 8 groups, one
    group per node at 64-way EP over 8 nodes: at most 4 nodes ("node-limited routing",
    DeepSeek-AI 2024, §2.1.2)."""
    return np.minimum(domains, groups_per_token * np.maximum(1.0, domains / groups))


MOE_DISPATCHER_DEFAULT = "alltoall"
"""The MoE token dispatcher a training scenario runs when it does not say (``Training.moe_dispatcher``):
Megatron-LM's ``--moe-token-dispatcher-type alltoall``, an NCCL all-to-all of the tokens permuted expert
by expert, so a token routed to ``k`` experts is sent ``k`` times whether or not two of them share a
server (``MoEAlltoAllTokenDispatcher``: "permute tokens", then "A2A(EP)"; NVIDIA/Megatron-LM d98e8a6
``megatron/core/transformer/moe/token_dispatcher.py``). What Megatron-Bridge's model providers set and
torchtitan's expert parallelism does (benchmarks/data/notes-megatron-bridge-moe-2026-12-06.md)."""

DEDUPLICATING_DISPATCHERS = ("deepep", "hybridep")
"""Dispatchers (``Training.moe_dispatcher``) that send a token over the network once per remote server
that holds any of its experts and forward it to those experts over NVLink there: Megatron-LM's flex
dispatcher (``--moe-token-dispatcher-type flex --moe-flex-dispatcher-backend deepep|hybridep``), whose
DeepEP backend "removes redundant tokens during cross-node communication" (Megatron-LM d98e8a6
``megatron/core/transformer/moe/README.md``, dispatcher table). DeepEP's normal kernels forward "from
NVLink domain to RDMA domain" (deepseek-ai/DeepEP dd758ca ``docs/legacy.md``; DeepSeek-AI 2024, arXiv
2412.19437, §3.2.2); HybridEP keeps one flag per token and remote node (``attn_to_rdma_map``,
deepseek-ai/DeepEP hybrid-ep 94a9f8f ``csrc/hybrid_ep/backend/hybrid_ep_backend.cuh``)."""


def deduplicates_across_servers(dispatcher: str) -> bool:
    """Whether a token dispatcher sends each token once per remote server
    (:data:`DEDUPLICATING_DISPATCHERS`), not once per routed expert (:data:`MOE_DISPATCHER_DEFAULT`)."""
    return dispatcher in DEDUPLICATING_DISPATCHERS


def domains_a_token_reaches(domains, n_experts, top_k):
    """Fast domains (servers) of an expert-parallel group that one token's ``top_k`` experts sit in,
    in expectation under uniform top-k routing over ``n_experts`` experts spread evenly over
    ``domains`` domains [count]: ``N·(1 − Π_{i<k} (E − E/N − i)/(E − i))`` (a domain is missed when
    all ``k`` distinct experts fall in the other ``E − E/N``; hypergeometric). At most ``min(k, N)``:
    Qwen3-30B-A3B (128 experts, top 8) over 2 servers: 1.993, so 0.997 remote; over 8: 5.3.
    ``domains`` may be an array."""
    n = np.maximum(np.asarray(domains, dtype=float), 1.0)
    others = n_experts - n_experts / n
    missed = np.ones_like(n)
    for i in range(int(top_k)):
        missed = missed * np.clip((others - i) / (n_experts - i), 0.0, 1.0)
    reached = n * (1.0 - missed)
    return float(reached) if np.ndim(domains) == 0 else reached


def routed_all_to_all_seconds(n_bytes_per_copy, top_k, ranks, per_domain, fast_gbps, network_gbps, efficiency,
                              groups=0, groups_per_token=0, n_experts=0, deduplicated=False):
    """One dispatch (or combine) of an expert-parallel group of ``ranks`` cards [s]: each rank's
    tokens, ``n_bytes_per_copy`` [B] per routed copy, ``top_k`` copies
    (:func:`~configurator.core.formulas.collectives.all_to_all_seconds`, the share bound for other
    domains over the network).

    A token crosses the network once per remote node it reaches, not once per expert, where
    either the routing limits the nodes or the dispatcher deduplicates:

    - group-limited routing (``groups_per_token < groups``): DeepSeek-V3 sends each token over
      InfiniBand to at most 4 nodes and forwards it to the experts there over NVLink (§3.2.2,
      DeepEP); ``M`` nodes reached (:func:`nodes_a_token_reaches`);
    - a deduplicating dispatcher (``deduplicated``, :data:`DEDUPLICATING_DISPATCHERS`): the nodes
      ``n_experts`` experts under uniform routing put a token in, ``M`` =
      :func:`domains_a_token_reaches` (the smaller of the two with both).

    Of ``N`` domains, ``M·(N−1)/N`` reached ones are remote in expectation (each domain is reached
    alike, the sender's own among them); the network part is that many copies when it is fewer than
    ``k·(n−g)/n``. The NVLink part stays as the plain all-to-all's: the forwarding inside the remote
    server runs beside the network transfer (DeepEP's and HybridEP's kernels pipeline the two).
    """
    plain = all_to_all_seconds(n_bytes_per_copy * top_k, ranks, per_domain, fast_gbps, network_gbps, efficiency)
    limited_routing = bool(groups) and groups_per_token < groups
    if not limited_routing and not (deduplicated and n_experts):
        return plain
    n = np.maximum(ranks, 1)
    g = np.minimum(np.maximum(per_domain, 1), n)
    domains = n / g
    link = network_gbps * GB * efficiency
    across = top_k * (n - g) / n * n_bytes_per_copy / link
    reached = nodes_a_token_reaches(domains, groups, groups_per_token) if limited_routing else top_k
    if deduplicated and n_experts:
        reached = np.minimum(reached, domains_a_token_reaches(domains, n_experts, top_k))
    limited = np.minimum(top_k, reached) * (domains - 1) / domains * n_bytes_per_copy / link
    return plain - across + np.minimum(across, limited)
