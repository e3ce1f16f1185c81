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
the flag runs. Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

import numpy as np

TP_OVERLAP_DEFAULT = False
"""Whether tensor-parallel communication is overlapped when a scenario does not say: off, as
Megatron-LM's ``ModelParallelConfig.tp_comm_overlap = False`` (``megatron/core/model_parallel_config.py``)
and Megatron-Bridge's ``CommOverlapConfig`` unless a recipe sets it."""

PIPELINE_SPLITS = 4
"""Chunks a pipelined product-then-reduce-scatter is split into: Transformer Engine's default
``num_splits`` for the ``pipeline`` method (``initialize_ub``, ``get_default_config``) [count]."""

OVERLAP_SM_MARGIN = 16 / 132
"""Share of the card's streaming multiprocessors the ``pipeline`` and ``bulk`` communication
kernels hold while their product runs: Transformer Engine launches the product on
``sm_count − num_sm`` SMs (``transformer_engine/common/comm_gemm_overlap/comm_gemm_overlap.cpp``,
``_math_sms = set_sm_margin ? sm_count − num_comm_sm : sm_count``) with the default ``num_sm = 16``
(``initialize_ub``), of an H100 SXM's 132 SMs (NVIDIA H100 Tensor Core GPU Architecture
whitepaper, 2022). **Assumption**: the Hopper share for every card (B200's 148 SMs give 10.8 %
instead of 12.1 %); the product's time scales with the SMs it runs on."""


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


def tensor_parallel_overlap_seconds(collective_s, column_s, row_s, tp, trains_weights=True,
                                    sm_margin=OVERLAP_SM_MARGIN, pipeline_splits=PIPELINE_SPLITS):
    """One tensor-parallel block's time with Transformer Engine's default overlap, forward and
    backward of one micro-batch [s]: its four collectives' exposed parts
    (:func:`chunked_overlap_exposed_seconds`) plus the time the products launched with an SM
    margin lose to it (module docstring for the table). A layer has two blocks: attention
    (column: query/key/value, row: output) and MLP (column: gate and up, row: down).

    ``collective_s``: one all-gather or reduce-scatter of the block's ``tokens × hidden``
    activations [s] (half an all-reduce; a block's four are two all-reduce equivalents).
    ``column_s``, ``row_s``: the forward time of the block's column- and row-parallel products on
    one rank [s]; each backward product (input gradient, weight gradient) takes as long.
    ``trains_weights``: False for a frozen base (adapters), which has no weight gradient for the
    bulk reduce-scatter to hide under. Forward: a ring all-gather under ``column``, a pipelined
    reduce-scatter after ``row``; backward: a ring all-gather of the output gradient under
    ``row``'s input gradient, a bulk reduce-scatter of ``column``'s input gradient under its weight
    gradient. The margin ``m`` slows each product it is set on by ``m/(1 − m)``: ``row`` forward,
    ``column``'s input and weight gradients.
    """
    c, ring = collective_s, ring_hidden_share(tp)
    tail = 1.0 / pipeline_splits
    wgrad = 1.0 if trains_weights else 0.0
    gathers = chunked_overlap_exposed_seconds(c, column_s, 0.0, ring) + chunked_overlap_exposed_seconds(
        c, row_s, 0.0, ring)
    scatters = chunked_overlap_exposed_seconds(c, row_s, tail, 1.0 - tail) + chunked_overlap_exposed_seconds(
        c, wgrad * column_s, 0.0, 1.0)
    margin = sm_margin / (1.0 - sm_margin) * (row_s + (1.0 + wgrad) * column_s)
    return gathers + scatters + margin
