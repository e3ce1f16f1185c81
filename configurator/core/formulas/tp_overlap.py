"""Tensor-parallel collectives overlapped with the matrix products beside them (Transformer
Engine's userbuffers, Megatron-LM ``--tp-comm-overlap``).

With sequence parallelism each layer's pass all-gathers the ``tokens × hidden`` activations before
its column-parallel products (query/key/value, MLP up) and reduce-scatters after its row-parallel
ones (attention output, MLP down), in forward and again in backward (Korthikanti et al. 2022,
§4.2.2). Without the overlap each collective waits on the critical path
(:func:`configurator.core.formulas.communication.tensor_parallel_seconds`). With it, Transformer
Engine splits each collective and the product that depends on it into chunks and runs one chunk's
transfer under another chunk's product (Wang et al. 2023, "Overlap Communication with Dependent
Computation via Decomposition in Large Deep Learning Models", ASPLOS '23, §3: the collective
becomes a ring of point-to-point steps, each hidden behind a slice of the product). What stays
exposed: the slice of work that has nothing to hide behind (the first product chunk of a ring,
the last reduce-scatter chunk of a pipelined split), the transfer that outlasts its product, and
the streaming multiprocessors the communication kernels take from the products.

Which collective rides on which product, and how, is Transformer Engine's default table
(NVIDIA/TransformerEngine ``transformer_engine/pytorch/module/base.py``, ``initialize_ub``, commit
d0067d0, 2026-08): ``ring_exchange`` (``num_splits = tp``, copy engine, no SM margin) for
``qkv_fprop``, ``fc1_fprop``, ``proj_dgrad``, ``fc2_dgrad`` (the all-gathers); ``pipeline``
(``num_splits = 4``, 16 SMs, ``set_sm_margin``) for ``proj_fprop``, ``fc2_fprop`` (the forward
reduce-scatters); ``bulk`` (16 SMs, ``set_sm_margin``) for ``qkv_dgrad``/``qkv_wgrad`` and
``fc1_dgrad``/``fc1_wgrad`` (the backward reduce-scatter of the input gradient under the weight
gradient, and the input's re-gather under the input gradient). Megatron-LM passes no table
unless ``--tp-comm-overlap-cfg`` names one (``megatron/training/initialize.py``
``_initialize_tp_communicators``, NVIDIA/Megatron-LM commit d98e8a6), so these defaults are what
the flag runs (:data:`TE_DEFAULT_TABLE`). A recipe that names a tuned table (Megatron-Bridge's
``comm_overlap.tp_comm_overlap_cfg``) runs other methods and SM counts per product: the formula
takes the table (:class:`UserbuffersTable`; the transcribed ones in
:mod:`configurator.core.formulas.tp_overlap_tables`). Array-friendly: the planner passes one value
per layout.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

TP_OVERLAP_DEFAULT = False
"""Whether tensor-parallel communication is overlapped when a scenario does not say: off, as
Megatron-LM's ``ModelParallelConfig.tp_comm_overlap = False`` (``megatron/core/model_parallel_config.py``)
and Megatron-Bridge's ``CommOverlapConfig`` unless a recipe sets it."""

PIPELINE_SPLITS = 4
"""Chunks a pipelined product-then-reduce-scatter is split into: Transformer Engine's default
``num_splits`` for the ``pipeline`` method (``initialize_ub``, ``get_default_config``) [count]."""

TE_DEFAULT_COMM_SMS = 16
"""SMs Transformer Engine's ``pipeline`` and ``bulk`` communication kernels take by default, with
``set_sm_margin`` on (``initialize_ub``, ``get_default_config``: ``num_sm = 16``,
``set_sm_margin = not method == "ring_exchange"``) [count]."""

HOPPER_SMS = 132
"""Streaming multiprocessors of an H100 SXM (NVIDIA H100 Tensor Core GPU Architecture whitepaper,
2022) [count]: the denominator of every SM share here. **Assumption**: the Hopper count for every
card (B200's 148 SMs give 10.8 % for 16 SMs instead of 12.1 %)."""

OVERLAP_SM_MARGIN = TE_DEFAULT_COMM_SMS / HOPPER_SMS
"""Share of the card's streaming multiprocessors the default ``pipeline`` and ``bulk`` communication
kernels hold while their product runs: Transformer Engine launches the product on
``sm_count − num_sm`` SMs (``transformer_engine/common/comm_gemm_overlap/comm_gemm_overlap.cpp``,
``_math_sms = set_sm_margin ? sm_count − num_comm_sm : sm_count``) with the default ``num_sm = 16``
(:data:`TE_DEFAULT_COMM_SMS` of :data:`HOPPER_SMS`); the product's time scales with the SMs it
runs on."""


FP8_GATHER_BYTES = 1.0
"""Bytes of one element a tensor-parallel all-gather moves under FP8 math [B]: Transformer Engine
quantises a column product's input before gathering it and gathers the output gradient of a row
product in FP8 for its input gradient (``initialize_ub``: "AllGather buffers use fp8 when using fp8
recipe", ``fp8_buf`` for ``qkv_fprop``, ``qkv_dgrad``, ``proj_dgrad``, ``fc1_fprop``, ``fc1_dgrad``,
``fc2_dgrad``, a ``torch.uint8`` buffer; ``layernorm_linear.py``: the norm's output quantised, then
``fill_userbuffers_buffer_for_all_gather(ub_obj, ln_out, quantizer, …)``; NVIDIA/TransformerEngine
d0067d0). The reduce-scatters (``proj_fprop``, ``fc2_fprop``, the bulk ``qkv_wgrad``/``fc1_wgrad``)
keep 16-bit buffers. Per-tensor scales (one number a tensor) are not counted."""


def all_gather_element_bytes(math_bytes, fp8):
    """Bytes per element of a tensor-parallel all-gather [B]: :data:`FP8_GATHER_BYTES` under FP8
    math (``fp8``), else the activations' ``math_bytes``."""
    return FP8_GATHER_BYTES if fp8 else math_bytes


class UserbuffersBlock(NamedTuple):
    """How one tensor-parallel block's three non-ring overlaps run: a row of a userbuffers table
    (Transformer Engine ``ub_cfgs``; Megatron-Bridge ``TransformerLayerTPOverlapCfg``). The block's
    two ring-exchange all-gathers (``qkv_fprop``/``proj_dgrad``, ``fc1_fprop``/``fc2_dgrad``) use the
    copy engines and take no SMs from their products in every table (``num_sm = 1``,
    ``set_sm_margin = False``, ``use_ce = True``), so they need no entry.

    ``fprop_rs_splits``: the forward reduce-scatter after the row product (``proj_fprop``,
    ``fc2_fprop``): ``pipeline`` in that many chunks, or ``None`` for ``ring_exchange`` (``tp``
    chunks, the rank's own last, each sent while the next is computed:
    ``CommOverlapP2PBase::split_overlap_rs``). ``fprop_rs_margin_sms``: SMs the row product gives up
    to it (``num_sm`` where ``set_sm_margin``, else 0). ``dgrad_*``, ``wgrad_*``: the two bulk
    overlaps of the column product's backward (``qkv_dgrad``/``fc1_dgrad``: the input's re-gather
    under the input gradient; ``qkv_wgrad``/``fc1_wgrad``: the input gradient's reduce-scatter under
    the weight gradient). ``*_margin_sms``: SMs taken from the product's launch
    (``set_sm_margin``); ``*_shared_sms``: SMs the transfer's kernel holds without a margin
    (``set_sm_margin = False``: the product is launched on every SM and gets them back when the
    transfer ends: ``CommOverlapBase::bulk_overlap`` starts the transfer first) [count].
    """

    fprop_rs_splits: int | None
    fprop_rs_margin_sms: int
    dgrad_margin_sms: int
    wgrad_margin_sms: int
    dgrad_shared_sms: int = 0
    wgrad_shared_sms: int = 0


class UserbuffersTable(NamedTuple):
    """A userbuffers table as the estimate reads it: the attention block's row (``qkv_*``,
    ``proj_*``) and the MLP block's (``fc1_*``, ``fc2_*``)."""

    attention: UserbuffersBlock
    mlp: UserbuffersBlock


_TE_DEFAULT_BLOCK = UserbuffersBlock(PIPELINE_SPLITS, TE_DEFAULT_COMM_SMS, TE_DEFAULT_COMM_SMS,
                                     TE_DEFAULT_COMM_SMS)

TE_DEFAULT_TABLE = UserbuffersTable(_TE_DEFAULT_BLOCK, _TE_DEFAULT_BLOCK)
"""Transformer Engine's default table (``initialize_ub`` with no ``ub_cfgs``; Megatron-LM passes none
unless ``--tp-comm-overlap-cfg`` names one): pipelined forward reduce-scatters in
:data:`PIPELINE_SPLITS`, every ``pipeline`` and ``bulk`` overlap holding :data:`TE_DEFAULT_COMM_SMS`
SMs from its product. What the estimate charges for ``parallelism.tp_comm_overlap``."""


def chunked_overlap_exposed_seconds(comm_s, gemm_s, comm_tail_share, gemm_hidden_share):
    """Time a collective of ``comm_s`` [s] adds to the product of ``gemm_s`` [s] it is overlapped
    with, split into chunks (Wang et al. 2023 §3):
    ``t_exposed = s·C + max(0, (1 − s)·C − w·G)`` [s].

    ``s`` (``comm_tail_share``): the share of the transfer that has no product left to hide behind
    (the last chunk of a product-then-reduce-scatter pipeline of ``n`` chunks: ``1/n``; 0 for a
    ring or a bulk overlap). ``w`` (``gemm_hidden_share``): the share of the product the rest can
    hide behind (a ring all-gather of ``tp`` chunks computes its own chunk first, with nothing in
    flight: ``(tp − 1)/tp``; a pipeline of ``n``: ``(n − 1)/n``; a bulk overlap with an
    independent product: 1). Timeline of ``n`` equal chunks: a ring takes
    ``g + (n − 1)·max(g, c)`` with ``g = G/n``, ``c = C/(n − 1)``; a pipeline
    ``g + (n − 1)·max(g, r) + r`` with ``r = C/n``; minus ``G`` gives the formula. Between 0 and
    ``C``; never below the product alone, never above product and transfer in series.
    """
    tail = comm_tail_share * comm_s
    return tail + np.maximum(0.0, comm_s - tail - gemm_hidden_share * gemm_s)


def ring_hidden_share(tp):
    """Share of a ring-exchange product that hides the all-gather's transfers: ``(tp − 1)/tp``
    (Transformer Engine's ``ring_exchange`` splits into ``num_splits = tp`` chunks; the first
    is the rank's own) [-]."""
    return (tp - 1.0) / np.maximum(tp, 1.0)


def sm_share(sms):
    """Share of the card's streaming multiprocessors ``sms`` SMs are [-] (:data:`HOPPER_SMS`)."""
    return sms / HOPPER_SMS


def margin_slowdown(sms):
    """Time a product launched on ``HOPPER_SMS − sms`` SMs adds, per second of its time on all of
    them: ``m/(1 − m)`` with ``m`` = :func:`sm_share` [-] (its time scales with its SMs)."""
    m = sm_share(sms)
    return m / (1.0 - m)


def tensor_parallel_overlap_seconds(collective_s, column_s, row_s, tp, trains_weights=True,
                                    block=_TE_DEFAULT_BLOCK, gather_s=None):
    """One tensor-parallel block's time with the overlap as the userbuffers table's ``block`` runs
    it (default: Transformer Engine's, :data:`TE_DEFAULT_TABLE`), forward and backward of one
    micro-batch [s]: its four collectives' exposed parts (:func:`chunked_overlap_exposed_seconds`)
    plus the time its products lose to the communication kernels' SMs. A layer has two blocks:
    attention (column: query/key/value, row: output) and MLP (column: gate and up, row: down).

    ``collective_s``: one all-gather or reduce-scatter of the block's ``tokens × hidden``
    activations [s] (half an all-reduce; a block's four are two all-reduce equivalents);
    ``gather_s``: one all-gather's [s] where its elements are narrower than the reduce-scatters'
    (FP8 math: :data:`FP8_GATHER_BYTES`); None: ``collective_s``.
    ``column_s``, ``row_s``: the forward time of the block's column- and row-parallel products on
    one rank [s]; each backward product (input gradient, weight gradient) takes as long.
    ``trains_weights``: False for a frozen base (adapters), which has no weight gradient for the
    bulk reduce-scatter to hide under. Forward: a ring all-gather under ``column``, a reduce-scatter
    after ``row`` (pipelined: the last of ``n`` chunks exposed, ``(n − 1)/n`` of the product to hide
    behind; ring exchange: like the ring all-gather); backward: a ring all-gather of the output
    gradient under ``row``'s input gradient, a bulk reduce-scatter of ``column``'s input gradient
    under its weight gradient. A margin of ``k`` SMs slows its product by
    :func:`margin_slowdown` ``(k)``: ``row`` forward, ``column``'s input and weight gradients. A
    bulk transfer holding ``k`` SMs without a margin costs its product ``k/S`` of the time they
    overlap, ``(k/S)·min(C, G)`` (**approximation**: the SM-seconds the transfer's kernel holds,
    spread over the product's SMs; the re-gather under the input gradient is not among the four
    collectives charged, so its share is counted by the same rule with its own ``C``).
    """
    c, ring = collective_s, ring_hidden_share(tp)
    g = c if gather_s is None else gather_s
    if block.fprop_rs_splits is None:
        tail, hidden = 0.0, ring
    else:
        tail = 1.0 / block.fprop_rs_splits
        hidden = 1.0 - tail
    wgrad = 1.0 if trains_weights else 0.0
    gathers = chunked_overlap_exposed_seconds(g, column_s, 0.0, ring) + chunked_overlap_exposed_seconds(
        g, row_s, 0.0, ring)
    scatters = chunked_overlap_exposed_seconds(c, row_s, tail, hidden) + chunked_overlap_exposed_seconds(
        c, wgrad * column_s, 0.0, 1.0)
    margin = margin_slowdown(block.fprop_rs_margin_sms) * row_s + margin_slowdown(
        block.dgrad_margin_sms) * column_s + margin_slowdown(block.wgrad_margin_sms) * wgrad * column_s
    shared = sm_share(block.dgrad_shared_sms) * np.minimum(g, column_s) + sm_share(
        block.wgrad_shared_sms) * np.minimum(c, wgrad * column_s)
    return gathers + scatters + margin + shared
