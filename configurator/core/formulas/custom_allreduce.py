"""The serving engines' custom all-reduce: a one-shot kernel below a switch size, a two-shot kernel above it.

vLLM, SGLang and TensorRT-LLM replace NCCL's all-reduce between the cards of one server that a GPU-to-GPU
link joins with a kernel of their own, in two forms:

* **one-shot**, below a message size that depends on the rank count: every rank reads all ``n − 1`` peers'
  whole inputs and sums them itself, ``(n − 1)·S`` bytes a rank, behind one barrier;
* **two-shot**, at or above it: a reduce-scatter, a second barrier, then an all-gather, a ring's
  ``2(n − 1)/n·S`` bytes a rank.

At two ranks the forms read the same bytes and the engines run the one-shot at every size. Each engine's
switch sizes are its profile's ``oneshot_allreduce`` (:class:`~configurator.core.engines.EngineProfile`),
with their sources. The estimate charges a tensor-parallel all-reduce NCCL's ring
(:func:`~configurator.core.formulas.collectives.allreduce_seconds`: twice
:data:`~configurator.core.formulas.collectives.COLLECTIVE_LATENCY_S` and the ring's bytes); a rows' check of
TensorRT-LLM 0.9.0's tensor-parallel decode steps, whose messages are all one-shot sized, finds that charge
right (``benchmarks/data/notes-tp-allreduce-size-2026-12-06.md`` §3). So the one-shot form keeps that fixed
cost and pays its own bytes, and the two-shot form pays the ring's bytes and its fixed cost beyond the
one-shot's (:data:`TWO_SHOT_EXTRA_FIXED_S`). The engines set their switch sizes where the one-shot stops
being the faster; where the two lines here cross below an engine's switch size the faster is charged
(:func:`custom_allreduce_extra_seconds`), so the time of a call never falls as its message grows.

References
----------
vllm-project/vllm ``csrc/custom_all_reduce.cuh`` @c9eabec7, ``CustomAllreduce::allreduce``, ``REDUCE_CASE``:
``cross_device_reduce_1stage`` where ``world_size_ == 2``, or on a fully connected group where
``world_size_ <= 4 && bytes < 512 * 1024`` or ``world_size_ <= 8 && bytes < 256 * 1024``; else
``cross_device_reduce_2stage`` (reduce-scatter, barrier, all-gather). SGLang's ``sgl-kernel`` port, the same.
NVIDIA/TensorRT-LLM ``cpp/tensorrt_llm/plugins/ncclPlugin/allreducePlugin.cpp``,
``AllreducePlugin::selectImplementation`` (AUTO): ``ONESHOT`` at ≤ 2 ranks, at ≤ 4 ranks below 1,000,000 B,
else below 500,000 B; ``TWOSHOT`` (later NCCL) above.
"""

from __future__ import annotations

import math

import numpy as np

from configurator.core.formulas.collectives import at_least
from configurator.core.units import GB

TWO_SHOT_EXTRA_FIXED_S = 5.9e-6
"""The two-shot custom all-reduce's fixed time a call beyond the one-shot's [s]: its second barrier and
second kernel phase. **Fitted** on the engines' measured kernel tables (aiconfigurator 0.12.0's
``custom_allreduce_perf`` of TensorRT-LLM, vLLM and SGLang on A100, H100, H200 and B200; 1 KiB to 8 MiB,
2-8 ranks; ``benchmarks/data/custom-allreduce-2026-12-06.json``) by ``benchmarks/custom_allreduce_fit.py``:
each form ``α + bytes/(L·0.75)`` (the default link efficiency, ``LINK_EFFICIENCY``) below and above each
engine's switch size, least squares on the relative error: α one-shot 3.80 µs, two-shot 9.67 µs, the
difference 5.87 µs. Each engine left out (fitted on the other two): the difference 5.07 (TensorRT-LLM out),
5.74 (vLLM), 7.36 µs (SGLang); the left-out engine's tables predicted within a 23.0 / 26.0 / 21.4 % median.
Kernels timed alone, all ranks starting together; the in-step fixed cost both forms share is NCCL's charge
(module docstring)."""

TWO_RANKS_ONE_SHOT = math.inf
"""The switch size at two ranks or one [B]: none, every size runs the one-shot (vLLM ``world_size_ == 2``,
TensorRT-LLM ``ONESHOT`` at ≤ 2 ranks; the forms' bytes agree there)."""


def oneshot_switch_bytes(tiers: tuple[tuple[int, float], ...], ranks: int) -> float:
    """The message size below which an engine's custom all-reduce runs its one-shot kernel at ``ranks``
    ranks [B].

    ``tiers``: the profile's ``oneshot_allreduce``, ``(ranks at most [count], switch size [B])`` in rising
    rank order; the first whose rank bound ``ranks`` is within gives the size. At two ranks or fewer
    :data:`TWO_RANKS_ONE_SHOT`. 0 (never: NCCL's ring) past the last tier or with no tiers, an engine that
    leaves every all-reduce to NCCL (this module's references)."""
    if not tiers:
        return 0.0
    if ranks <= 2:
        return TWO_RANKS_ONE_SHOT
    for most_ranks, switch in tiers:
        if ranks <= most_ranks:
            return float(switch)
    return 0.0


def oneshot_bytes_over_ring_seconds(n_bytes, ranks, link_gbps, efficiency):
    """The time the one-shot kernel's bytes take beyond a ring's for an ``n_bytes`` message [B] over
    ``ranks`` cards [s]: ``((n − 1) − 2(n − 1)/n)·S = (n − 1)(n − 2)/n·S`` over one rank's link of
    ``link_gbps`` one way [GB/s] at ``efficiency``; 0 at two ranks. On a switched link (NVSwitch) the peers'
    inputs share the card's link; on a board with no switch ``link_gbps`` is the group's
    (:func:`~configurator.core.formulas.communication.switchless_group_gbps`, ``n − 1`` pairs' links), so each
    peer's ``S`` rides its own pair's link. Array-friendly. (vLLM ``cross_device_reduce_1stage``: each rank
    reads every peer's whole input; this module's references.)"""
    n = at_least(ranks, 1)
    return (n - 1) * (n - 2) / n * n_bytes / (link_gbps * GB * efficiency)


def custom_allreduce_extra_seconds(n_bytes, ranks, switch_bytes, link_gbps, efficiency,
                                   two_shot_extra_s=TWO_SHOT_EXTRA_FIXED_S):
    """An engine's custom all-reduce of an ``n_bytes`` message [B] over ``ranks`` cards beyond NCCL's ring
    charge [s].

    At or above ``switch_bytes`` [B] (:func:`oneshot_switch_bytes`) the two-shot: the ring's bytes and
    ``two_shot_extra_s`` [s] (:data:`TWO_SHOT_EXTRA_FIXED_S`). Below it the one-shot's extra bytes
    (:func:`oneshot_bytes_over_ring_seconds`), or the two-shot's extra where that is less, the faster form
    (module docstring): ``min(t_bytes, Δα)`` below, ``Δα`` above, a time that never falls as the message
    grows. ``link_gbps`` one way [GB/s] at ``efficiency``. Array-friendly in ``n_bytes``; plain numbers give
    a plain number."""
    oneshot_s = oneshot_bytes_over_ring_seconds(n_bytes, ranks, link_gbps, efficiency)
    if isinstance(oneshot_s, np.ndarray):
        return np.where(n_bytes < switch_bytes, np.minimum(oneshot_s, two_shot_extra_s), two_shot_extra_s)
    if n_bytes < switch_bytes:
        return oneshot_s if oneshot_s < two_shot_extra_s else two_shot_extra_s
    return two_shot_extra_s
