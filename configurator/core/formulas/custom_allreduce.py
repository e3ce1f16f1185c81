"""The serving engines' custom all-reduce: the bytes a rank moves in its one-shot kernel below a switch size.

vLLM, SGLang and TensorRT-LLM replace NCCL's all-reduce between the cards of one server that a GPU-to-GPU
link joins with a kernel of their own. Below a message size that depends on the rank count they run its
**one-shot** form, where every rank reads all ``n − 1`` peers' whole inputs and reduces them itself:
``(n − 1)·S`` bytes a rank; above it the **two-shot** form (a reduce-scatter, then an all-gather, ``2(n − 1)/n·S``,
a ring's bytes) or NCCL's ring. The two agree at two ranks. Each engine's switch sizes are its profile's
``oneshot_allreduce`` (:class:`~configurator.core.engines.EngineProfile`), with their sources.

References
----------
vllm-project/vllm ``csrc/custom_all_reduce.cuh`` @c9eabec7, ``CustomAllreduce::allreduce``:
``cross_device_reduce_1stage`` (each rank sums the ``ngpus`` peers' inputs it reads) where
``world_size_ <= 4 && bytes < 512 * 1024`` or ``world_size_ <= 8 && bytes < 256 * 1024`` on a fully
NVLink-connected group, else ``cross_device_reduce_2stage`` (reduce-scatter, then all-gather).
NVIDIA/TensorRT-LLM ``cpp/tensorrt_llm/plugins/ncclPlugin/allreducePlugin.cpp``,
``AllreducePlugin::selectImplementation`` (AUTO): ``ONESHOT`` at ≤ 2 ranks, at ≤ 4 ranks below 1,000,000 B,
else below 500,000 B; ``TWOSHOT`` (later NCCL) above, NCCL past the workspace.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.collectives import at_least
from configurator.core.units import GB


def oneshot_switch_bytes(tiers: tuple[tuple[int, float], ...], ranks: int) -> float:
    """The message size below which an engine's custom all-reduce runs its one-shot kernel at ``ranks``
    ranks [B]: the switch size of the first of ``tiers`` (``(ranks at most [count], switch size [B])``,
    in rising rank order, the profile's ``oneshot_allreduce``) whose rank bound ``ranks`` is within; 0 (never)
    past the last, or with no tiers (an engine that leaves every all-reduce to NCCL)."""
    for most_ranks, switch in tiers:
        if ranks <= most_ranks:
            return float(switch)
    return 0.0


def custom_allreduce_bytes(n_bytes, ranks, switch_bytes):
    """Bytes one rank moves over its links in the custom all-reduce of an ``n_bytes`` message [B] over
    ``ranks`` cards: ``(n − 1)·S`` below ``switch_bytes`` [B] (the one-shot kernel reads every peer's whole
    input), the ring's ``2(n − 1)/n·S`` at or above it (two-shot or NCCL). Array-friendly in ``n_bytes``
    and ``ranks``; plain numbers give a plain number. (vLLM ``csrc/custom_all_reduce.cuh``,
    ``cross_device_reduce_1stage`` / ``_2stage``; this module's references.)"""
    n = at_least(ranks, 1)
    if isinstance(n_bytes, np.ndarray) or isinstance(n, np.ndarray):
        return np.where(n_bytes < switch_bytes, (n - 1) * n_bytes, 2.0 * (n - 1) / n * n_bytes)
    return (n - 1) * n_bytes if n_bytes < switch_bytes else 2.0 * (n - 1) / n * n_bytes


def oneshot_extra_seconds(n_bytes, ranks, switch_bytes, link_gbps, efficiency):
    """The time the custom all-reduce's bytes (:func:`custom_allreduce_bytes`) take beyond the ring's
    ``2(n − 1)/n·S`` that a tensor-parallel all-reduce is charged
    (:func:`~configurator.core.formulas.collectives.allreduce_seconds`), over one rank's link of
    ``link_gbps`` one way [GB/s] at ``efficiency`` [s]: ``(n − 1)(n − 2)/n·S`` below the switch size, 0 at
    or above it and at two ranks. On a switched link (NVSwitch) the peers' inputs share the card's link;
    on a board with no switch ``link_gbps`` is the group's
    (:func:`~configurator.core.formulas.communication.switchless_group_gbps`, ``n − 1`` pairs' links), so
    each peer's ``S`` rides its own pair's link, ``S`` at a pair's rate. Array-friendly; plain numbers give
    a plain number."""
    n = at_least(ranks, 1)
    ring = 2.0 * (n - 1) / n * n_bytes
    return (custom_allreduce_bytes(n_bytes, ranks, switch_bytes) - ring) / (link_gbps * GB * efficiency)
