"""Step time of training states kept in host memory, per trainer that keeps them there (session 51, offload51;
``benchmarks/data/notes-offload-time-2026-12-07.md``).

Three trainers, three schedules of the same work (gradients to the host, the update by its CPUs, weights
back to the card), each read in its code:

- DeepSpeed ZeRO-Offload (Ren et al. 2021, §4): 16-bit gradients out during backward, 16-bit weights back
  after the CPU step (:func:`zero_offload_seconds`).
- Megatron-LM's ``HybridDeviceOptimizer`` (``--optimizer-cpu-offload``, NVIDIA/Megatron-LM d98e8a6
  ``megatron/core/optimizer/cpu_offloading/hybrid_optimizer.py``): at the step, after backward, the
  gradients are copied into fp32 host buffers and the fp32 master weights back into the card's parameters,
  both ``non_blocking`` copies, which PyTorch converts on the card (``copy_kernel_cuda``,
  ``aten/src/ATen/native/cuda/Copy.cu``: "If non_blocking is true - type conversions are performed on the
  GPU"), so 4 B a parameter cross each way; without ``--overlap-cpu-optimizer-d2h-h2d`` (default False in
  ``megatron/training/arguments.py``, not written by the launch file) the copies and the update run one
  after the other on the current stream (:func:`hybrid_optimizer_seconds`).
- PyTorch FSDP2's ``CPUOffloadPolicy`` (pytorch/pytorch 010ae4a ``torch/distributed/fsdp/_fully_shard/
  _fsdp_param.py`` ``FSDPParam.all_gather_inputs``; ``_fsdp_collectives.py`` ``foreach_reduce``): each
  all-gather copies the rank's *shard* to the card in its stored dtype and casts it there
  (:func:`shard_weight_bytes`), each reduce-scatter copies the rank's gradient shard to the host in the
  parameter's dtype, during backward, every micro-batch (:func:`gradients_out_seconds`); the update runs on
  the host's CPUs (:func:`cpu_update_seconds`) and nothing is copied back (the next all-gather fetches).

All three update with an Adam kernel on the host's CPUs at one rate, ``cpu_params_per_s``: DeepSpeed's
CPU-Adam, and PyTorch's ``torch.optim.AdamW(fused=True)`` on CPU tensors for the other two (Megatron-LM
builds it with ``fused=True`` in ``megatron/core/optimizer/__init__.py``; torchtitan's optimizer
``implementation`` defaults to ``"fused"``).
"""

from __future__ import annotations

from configurator.core.formulas.communication import BACKWARD_SHARE, exposed_seconds

HYBRID_COPY_BYTES = 4.0
"""Bytes per parameter Megatron-LM's ``HybridDeviceOptimizer`` moves each way over the host link [B]: its
host copies are fp32 (``param_update_in_fp32=True``: the gradient buffers take the fp32 master's dtype),
and PyTorch converts a ``non_blocking`` host copy on the card, so the fp32 crosses both ways (module
docstring)."""


def cpu_update_seconds(params, cards_per_node, cpu_params_per_s):
    """The host CPUs' optimizer step for ``params`` parameters per card [count], shared by the server's
    ``cards_per_node`` cards, at ``cpu_params_per_s`` parameters a second for the server [s]:
    ``params · cards / rate``."""
    return params * cards_per_node / cpu_params_per_s


def gradients_out_seconds(params, grad_bytes, compute_s, link_bytes_per_s, overlap):
    """Exposed time of copying ``params`` parameters' gradients of ``grad_bytes`` each [B] to the host over a
    link of ``link_bytes_per_s`` [B/s] during backward: hidden behind :data:`BACKWARD_SHARE` of ``compute_s``
    [s] as far as ``overlap`` allows (Ren et al. 2021, §4.1: the gradients leave while backward runs) [s]."""
    return exposed_seconds(params * grad_bytes / link_bytes_per_s, compute_s * BACKWARD_SHARE, overlap)


def zero_offload_seconds(params, grad_bytes, weight_bytes, cards_per_node, compute_s, link_bytes_per_s, overlap,
                         cpu_params_per_s):
    """Exposed time of DeepSpeed's ZeRO-Offload per step [s] (Ren et al. 2021, "ZeRO-Offload", §4): the
    gradients of ``params`` parameters (``grad_bytes`` each [B]) leave during backward
    (:func:`gradients_out_seconds`), the server's CPUs update them (:func:`cpu_update_seconds`) and the
    weights (``weight_bytes`` each [B]) come back over the link [B/s] before the next forward, exposed."""
    out = gradients_out_seconds(params, grad_bytes, compute_s, link_bytes_per_s, overlap)
    return out + cpu_update_seconds(params, cards_per_node, cpu_params_per_s) + params * weight_bytes / link_bytes_per_s


def hybrid_optimizer_seconds(params, cards_per_node, link_bytes_per_s, cpu_params_per_s):
    """Megatron-LM's ``HybridDeviceOptimizer`` step with the whole optimizer on the host and no overlap
    flag [s]: the gradients out and the master weights back at :data:`HYBRID_COPY_BYTES` a parameter each
    over the link [B/s], and the CPU update between them (:func:`cpu_update_seconds`), one after the other
    (module docstring)."""
    copies = 2.0 * params * HYBRID_COPY_BYTES / link_bytes_per_s
    return copies + cpu_update_seconds(params, cards_per_node, cpu_params_per_s)


def shard_weight_bytes(stage_params, shard, stored_bytes):
    """Bytes of weights FSDP2 with ``CPUOffloadPolicy`` copies from the host for one all-gather [B]: the
    rank's shard of the stage's ``stage_params`` parameters (over ``shard`` ranks) in their stored dtype,
    ``stored_bytes`` each [B] (fp32 under PyTorch AMP: the cast to the math precision runs on the card
    after the copy, ``FSDPParam.all_gather_inputs``); once for forward and again for backward
    (:func:`configurator.core.formulas.communication.offload_stream_bytes`)."""
    return stage_params / shard * stored_bytes
