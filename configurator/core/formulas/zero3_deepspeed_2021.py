"""ZeRO 3 as DeepSpeed v0.3.13 ran it (2021-03-16, the first release with ZeRO 3; microsoft/DeepSpeed
commit 12a53b43), where it differs from the bucketed, overlapped ZeRO 3 of
:func:`~configurator.core.formulas.communication.gradient_sync_seconds` (FSDP; DeepSpeed since PR #1453,
merged 2022-01-20 as 4912e0ad). Three mechanisms, each read in that commit's code:

1. weights released by reuse distance: a submodule's gathered weights are kept after its use only
   while the parameters used before its next use number fewer than ``stage3_max_reuse_distance``
   (:func:`released_gathers`), so a recomputed layer gathers its large matrices a third time;
2. one collective per tensor, each at NCCL's ring latency (:func:`per_tensor_latency_seconds`);
3. list-form collectives whose ``n`` slices PyTorch 1.8 copies one kernel each, launched from a
   host that waits (:func:`list_form_copy_seconds`).

None of it overlaps compute: each gather follows a ``torch.cuda.synchronize()``
(``deepspeed/runtime/zero/partition_parameters.py`` l. 611, ``_allgather_param``) and each fetch ends
with a stream and device synchronise (``deepspeed/runtime/zero/stage3.py`` l. 491,
``_synchronize_communication``; "the async version is not async at all", DeepSpeed PR #1188).
Plain numbers; the adapter from a scenario is
:mod:`configurator.core.training_zero3`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from configurator.core.formulas.collectives import COLLECTIVE_LATENCY_S, reduce_scatter_seconds
from configurator.core.formulas.communication import ring_gather_latency_seconds

MAX_REUSE_DISTANCE = 1_000_000_000
"""``stage3_max_reuse_distance``'s default [parameters]: a released submodule's weights are kept
gathered when fewer parameters than this are used before its next use (microsoft/DeepSpeed
12a53b43, ``deepspeed/runtime/zero/constants.py`` l. 91, ``ZERO_OPTIMIZATION_MAX_REUSE_DISTANCE_DEFAULT``;
the test is ``reuse_distance_in_numel < self.max_reuse_distance_in_numel``, ``stage3.py`` l. 470,
``_keep_for_later``)."""

PARAM_PERSISTENCE_THRESHOLD = 100_000
"""``stage3_param_persistence_threshold``'s default [parameters]: a tensor of at most this many
elements (biases, norms) stays whole on every rank and is never gathered (12a53b43,
``deepspeed/runtime/zero/constants.py`` l. 100)."""

EAGER_HOST_S_PER_KERNEL = 0.616e-3 / 65
"""Host time to launch one kernel from eager PyTorch [s]: 0.616 ms for the 65 kernels of a
one-layer Llama 3.2 1B forward on a DGX H100, 9.5 µs each (NVIDIA/Fuser issue 3507, 2024; the
figure :data:`~configurator.core.formulas.efficiency.LAYER_OVERHEAD_S` is compared with)."""


@lru_cache(maxsize=256)
def released_gathers(sizes: Sequence[float], layers: int, recompute_full: bool,
                     max_reuse: float = MAX_REUSE_DISTANCE) -> tuple[float, int]:
    """Weight gathers of one micro-batch through ``layers`` identical layers under reuse-distance release.

    Parameters
    ----------
    sizes : tuple of float
        The gathered tensors of one layer in forward order [parameters per card] (the matrices
        over :data:`PARAM_PERSISTENCE_THRESHOLD`; each is a submodule of its own, as Megatron-LM's
        ``ColumnParallelLinear`` / ``RowParallelLinear`` are).
    layers : int
        Layers on the card [count].
    recompute_full : bool
        Whether backward runs each layer's forward again first (full activation recomputation).
    max_reuse : float
        :data:`MAX_REUSE_DISTANCE` [parameters].

    Returns
    -------
    (float, int)
        The gathered parameters over the layers' parameters (2 when every use after the
        forward's gathers again) [1], and the gather calls [count].

    Notes
    -----
    The step's trace of uses: forward through the layers, then backward from the last, each
    layer's recomputed forward (when ``recompute_full``) before its backward in reverse order.
    The first use of a tensor gathers it; a later one gathers it again when the parameters used
    between the two (each use's tensor counted, DeepSpeed's ``_distance_in_numel`` over the
    steps from the one after the release to the one before the reuse, ``stage3.py`` l. 263) reach
    ``max_reuse``. A recomputed GPT-3 layer (h 12,288: 3h², h², 4h², 4h²) keeps only its last
    matrix from the recomputed forward to its backward (distance 0; the first MLP matrix is
    8h² = 1.2e9 away): 2.67 gathers of its weights, not 2.
    """
    k = len(sizes)
    forward = [(layer, i) for layer in range(layers) for i in range(k)]
    backward = []
    for layer in reversed(range(layers)):
        if recompute_full:
            backward += [(layer, i) for i in range(k)]
        backward += [(layer, i) for i in reversed(range(k))]
    trace = forward + backward
    used = np.cumsum([0.0] + [sizes[i] for _, i in trace])  # used[j]: parameters of the trace before use j
    last: dict[tuple[int, int], int] = {}
    gathered, calls = 0.0, 0
    for j, use in enumerate(trace):
        before = last.get(use)
        if before is None or used[j] - used[before + 1] >= max_reuse:
            gathered += sizes[use[1]]
            calls += 1
        last[use] = j
    return gathered / (layers * sum(sizes)), calls


def per_tensor_latency_seconds(calls, ranks, per_domain):
    """Latency of ``calls`` collectives of one tensor each over ``ranks`` cards [s]: each pays the
    call's fixed cost (:data:`~configurator.core.formulas.collectives.COLLECTIVE_LATENCY_S`) and
    its ring's steps (:func:`~configurator.core.formulas.communication.ring_gather_latency_seconds`,
    NCCL's Ring / Simple step latencies: 1.8 ms on 384 ranks of 8 per node, 7.2 ms on 1,536).
    v0.3.13 gathers each parameter alone (``partition_parameters.py`` ``_allgather_param``, l. 596)
    and reduce-scatters each gradient alone (``_reduce_scatter_gradient``, l. 733), where FSDP
    sends a unit's tensors in one flat buffer. The step latencies are today's NCCL's, the project's
    one figure; the NCCL of 2021 (v2.7.8 to v2.9.9, ``src/graph/tuning.cc`` ``hwLat``) modelled a
    network step of the Ring / Simple protocol at 9.6 µs, not 14.0 µs (NVLink 3.4 µs, the same):
    with it the Megatron-LM 2021 ZeRO-3 rows would read +1.4 / +3.0 / −10.2 % instead of
    +0.8 / +1.5 / −12.4 %. Array-friendly."""
    return calls * (ring_gather_latency_seconds(ranks, per_domain) + COLLECTIVE_LATENCY_S)


def list_form_copy_seconds(calls, ranks, host_s_per_kernel=EAGER_HOST_S_PER_KERNEL):
    """Host time of the slice copies of ``calls`` list-form collectives over ``ranks`` cards [s].

    ``_allgather_param`` and ``_reduce_scatter_gradient`` pass ``torch.distributed`` a list of
    ``n`` slices (``partition_parameters.py`` l. 629, l. 766), and PyTorch 1.8's
    ``ProcessGroupNCCL::allgather`` and ``::reduce_scatter`` copy each slice to or from the flat
    buffer NCCL works on with a ``copy_`` of its own (``torch/lib/c10d/ProcessGroupNCCL.cpp``,
    v1.8.0): ``n`` kernels a call, launched one by one from a host that waits on each gather
    (``torch.cuda.synchronize()``, l. 611), at ``host_s_per_kernel``
    (:data:`EAGER_HOST_S_PER_KERNEL`) each. Array-friendly."""
    return calls * ranks * host_s_per_kernel


def sync_seconds(params, grad_bytes, weight_bytes, gathers, calls, dp, per_domain, fast_gbps, network_gbps,
                 efficiency):
    """Data-parallel traffic of one micro-batch of a card whose ``params`` parameters train [s].

    The bytes as :func:`~configurator.core.formulas.communication.gradient_sync_seconds` moves
    them, one reduce-scatter of the gradients (``grad_bytes`` each [B]) and ``gathers`` all-gathers
    of the weights (``weight_bytes`` each [B]; :func:`released_gathers`' share), plus
    :func:`per_tensor_latency_seconds` and :func:`list_form_copy_seconds` of its ``calls`` collectives
    (the bulk transfers' own fixed costs, three calls' worth, stay counted). Zero on one rank.
    Array-friendly."""
    rs = reduce_scatter_seconds(params * grad_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency)
    gather = reduce_scatter_seconds(params * weight_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency)
    seconds = rs + gathers * gather + per_tensor_latency_seconds(calls, dp, per_domain) + \
        list_form_copy_seconds(calls, dp)
    return seconds * (dp > 1)
