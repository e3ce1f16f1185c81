"""Time of a training step: roofline terms of one micro-batch and the 1F1B step around them.

Array-friendly: the planner passes one value per layout.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.flops import capped_share

ACTIVATION_TRAFFIC_PASSES = 4
"""Times each saved activation crosses memory in a step: written in forward, read in backward,
its gradient written and read once (one more with full recomputation, which writes it again)."""

TRAINING_PASSES = 3
"""Forward-pass equivalents of kernel launches in a training step: forward 1, backward 2 (the
backward launches a kernel per input gradient and per weight gradient; Kaplan et al. 2020 §2.1
counts its FLOPs as twice the forward). Full recomputation adds one."""


def roofline_seconds(work, rate, efficiency):
    """Time of ``work`` at ``efficiency`` × the peak ``rate``: ``work / (rate·η)`` [s]
    (FLOP at FLOP/s, or bytes at B/s; Williams et al. 2009, "Roofline", CACM 52(4)); η at most 1
    (:func:`~.flops.capped_share`): no work runs faster than its peak."""
    return work / (rate * capped_share(efficiency))


def recomputed_seconds(matmul_s, attention_s, matmul_factor, attention_factor):
    """Time the recomputation adds to one micro-batch [s]: the repeated share ``(f − 1)/f`` of the
    products' time and of the attention's, ``t_mm·(1 − 1/f_mm) + t_attn·(1 − 1/f_attn)``, where
    ``t_mm``, ``t_attn`` [s] already include the recomputed forward and ``f_mm``, ``f_attn`` [-] are
    :func:`~.flops.recompute_factors`' multipliers (Korthikanti et al. 2022, §5: selective
    recomputation repeats the attention alone, ``f_mm = 1``, full repeats the whole forward)."""
    return matmul_s * (1.0 - 1.0 / matmul_factor) + attention_s * (1.0 - 1.0 / attention_factor)


def activation_traffic_seconds(passes, bytes_per_token, tokens, tp, bandwidth, efficiency):
    """Memory traffic of the saved activations of ``tokens`` on one of ``tp`` ranks [s]:
    ``passes × bytes/token × tokens / tp / (bandwidth·η)``, ``bandwidth`` [B/s], η at most 1."""
    return passes * bytes_per_token * tokens / tp / (bandwidth * capped_share(efficiency))


def layer_overhead_seconds(layers, per_layer_s, forward_passes):
    """Kernel-launch and framework time of ``layers`` layers over ``forward_passes``
    forward-pass equivalents (:data:`TRAINING_PASSES`) at ``per_layer_s`` per layer and pass [s]."""
    return layers * per_layer_s * forward_passes


def eager_host_seconds(layers, forward_kernels, backward_kernels, forward_passes, op_host_s, recompute_ops=None):
    """Host time to launch one micro-batch's layers op by op, forward and backward [s]:
    ``layers × (K_fwd + K_bwd + (passes − 1)·K_re) × t_op``, the floor under an eager step whose GPU
    work per kernel is shorter than the host's dispatch of it (the host cannot run ahead of the GPU, so
    the GPU waits on each launch).

    Parameters
    ----------
    layers : float or array
        Layers on the stage [count].
    forward_kernels, backward_kernels : int
        Kernels one layer launches in its forward and in its backward
        (:mod:`~configurator.core.formulas.eager_layer`) [count].
    forward_passes : int or array
        Forward passes per micro-batch: 1, 2 when layers are recomputed in backward [count].
    op_host_s : float
        Host time of one eager op, its dispatch through PyTorch and its launch [s].
    recompute_ops : int, optional
        Host ops of one layer's re-forward in backward ``K_re`` [count]; ``K_fwd`` where None.

    References
    ----------
    The kernels are counted op by op (:mod:`~configurator.core.formulas.eager_layer`); the host
    time of an eager op on the H200 rig (``engines.TRANSFORMERS.prompt_eager_op_host_s``, 25 µs, which
    its prefill rows check) or on a DGX H100 (9.4 µs, NVIDIA/Fuser issue 3507).
    """
    again = forward_kernels if recompute_ops is None else recompute_ops
    return layers * (forward_kernels + backward_kernels + (forward_passes - 1) * again) * op_host_s


def training_step_seconds(micro_batch_s, slots, p2p_s, optimizer_s, data_parallel_s, host_s):
    """One optimizer step [s]: ``m·(1+b)·t_mb + t_p2p + t_optimizer + t_dp,exposed + t_host``.

    ``slots`` is ``m·(1+b)`` (:func:`~.parallelism.pipeline_slots`), ``p2p_s`` the pipeline's
    sends over the whole step, ``host_s`` the exposed time of an offloaded optimizer
    (Narayanan et al. 2021 §2.2, 1F1B schedule).
    """
    return micro_batch_s * slots + p2p_s + optimizer_s + data_parallel_s + host_s


def training_tokens_per_second(micro_batch, seq_len, micro_batches, dp, step_s):
    """Tokens trained per second by the whole job: ``b·s·m·dp / t_step`` [tokens/s]."""
    return micro_batch * seq_len * micro_batches * dp / step_s


def overlap_window_seconds(compute_s, gpu_s, host_floor_s):
    """The time of one micro-batch the collectives issued behind it hide in [s]: its compute, and
    the wait of a step bound by the host's kernel launches, ``t_compute + max(0, t_host − t_gpu)``
    (``t_gpu``: :func:`micro_batch_seconds`; ``t_host``: the eager launch floor,
    :func:`~configurator.core.adapter_speed.eager_host_floor_seconds`). While the GPU waits on the
    host, NCCL's kernels run on a stream of their own; where the floor binds, the window does not
    grow with the compute, so recomputation, which adds compute and no wall time there, cannot hide
    more traffic and shorten the step (the step ``max(t_gpu, t_host) + max(0, t_comm − ρ·window)``
    is then non-decreasing in the compute for any overlap ``ρ`` ≤ 1)."""
    return compute_s + np.maximum(host_floor_s - gpu_s, 0.0)


def micro_batch_seconds(compute_s, traffic_s, tensor_parallel_s, context_parallel_s, expert_parallel_s, offload_s,
                        overhead_s):
    """One micro-batch, forward + backward, on the fullest stage [s]: the roofline sum of compute,
    activation traffic, the exposed tensor-, context- and expert-parallel collectives, the host
    streams and the per-layer overhead (each term from this package; none assumed to overlap the
    others except where its own formula says so)."""
    return compute_s + traffic_s + tensor_parallel_s + context_parallel_s + expert_parallel_s + offload_s + overhead_s
