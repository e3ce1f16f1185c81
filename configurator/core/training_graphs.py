"""The fixed per-layer time of a training step whose layers are replayed from captured CUDA graphs
(``Training.cuda_graphs``), read by the scalar step time (:mod:`configurator.core.training_speed`)
and the planner's arrays (:mod:`configurator.core.workloads.training.layout_speed`) alike.

Without graphs a layer costs :data:`~configurator.core.formulas.efficiency.LAYER_OVERHEAD_S` per
forward-pass equivalent (``Assumptions.layer_overhead_s``, 450 µs, fitted over the calibration's
eager and Megatron-LM runs, none of which captured graphs): kernel launches, framework dispatch and
the gaps between a layer's small kernels, in series with its products. A replayed graph launches
every kernel of the captured region from one host call (CUDA C++ Programming Guide, "CUDA Graphs":
"a graph's launch submits all of its work at once"), so no host dispatch is left per layer, only the
GPU's own gap and tail per kernel. That is what the serving engine profiles' replayed per-layer
figure already measures for a decode step (:class:`~configurator.core.engines.EngineProfile`
``layer_overhead_graphs_s``), one forward pass of one layer: reused here, not a new constant.

The frameworks: Megatron-Core ``--cuda-graph-impl local`` / ``transformer_engine`` (before them
``--enable-cuda-graph`` / ``--external-cuda-graph``, ``megatron/training/arguments.py``) and
``full_iteration``; NeMo's ``enable_cuda_graph`` (with ``cuda_graph_scope`` ``full_iteration`` in the
MLPerf Training v5.x Llama 2 70B LoRA and Llama 3.1 8B / 405B configs, ``MCORE_CUDA_GRAPH=1``,
``FULL_CUDA_GRAPH=1``); PyTorch's ``torch.compile(mode="reduce-overhead")``. NVIDIA/Megatron-LM at
d98e8a64ddf34856e74b24714e3bedb2f5a39553, ``megatron/core/transformer/transformer_config.py``
(``__post_init__``): per-layer graphs refuse CPU offloading ("CUDA graphs not supported with CPU
offloading.") and full recomputation ("full recompute is only supported with full iteration CUDA
graph."); :meth:`configurator.core.scenario.Scenario` refuses both beside this setting.
"""

from __future__ import annotations

from configurator.core.engines import TRANSFORMERS, VLLM
from configurator.core.memory import activation_kernels
from configurator.core.scenario import ActivationKernels, Scenario

FUSED_LAYER_REPLAY_S = VLLM.layer_overhead_graphs_s
"""Replayed time of one fused layer's forward beyond its roofline [s] (30 µs): vLLM's decode layer,
"≈10 kernels × ≈3 µs in a replayed graph" (merged QKV and gate-up GEMMs, fused norm and residual,
rotary, SiLU-and-mul, attention). A Megatron-Core layer with Transformer Engine under FP8 launches
about as many forward: the norm fused with its FP8 cast, the QKV GEMM, rotary, fused attention, the
projection's cast and GEMM, the bias-dropout-add, the norm-and-cast, two MLP GEMMs, the SwiGLU with
its cast and the second residual add (``transformer_engine/pytorch/module/layernorm_linear.py``,
``layernorm_mlp.py``); LoRA adapters add their own kernels apart
(:func:`~configurator.core.adapter_speed.adapter_layer_seconds`)."""

UNFUSED_LAYER_REPLAY_S = TRANSFORMERS.layer_overhead_graphs_s
"""Replayed time of one unfused (PyTorch-module) layer's forward beyond its roofline [s] (100 µs):
the transformers profile's, ≈35 kernels × ≈3 µs (fp32 RMSNorm, RoPE, q/k/v/o, SDPA, SwiGLU), which
the H200 rig's graph-replayed decode rows check."""


def replayed_layer_seconds(scenario: Scenario) -> float:
    """Time per layer per forward-pass equivalent of a step replayed from CUDA graphs [s]: the fused
    figure (:data:`FUSED_LAYER_REPLAY_S`) where the layers run Transformer Engine's fused kernels
    (:func:`~configurator.core.memory.activation_kernels` ``fused``), the unfused one
    (:data:`UNFUSED_LAYER_REPLAY_S`) otherwise."""
    fused = activation_kernels(scenario) is ActivationKernels.FUSED
    return FUSED_LAYER_REPLAY_S if fused else UNFUSED_LAYER_REPLAY_S


def training_layer_seconds(scenario: Scenario) -> float:
    """Fixed time per layer per forward-pass equivalent of a training step [s]: the assumption's
    ``layer_overhead_s`` (kernel launches, dispatch and gaps, fitted on steps run without graphs),
    or where the step replays CUDA graphs (``Training.cuda_graphs``) :func:`replayed_layer_seconds`
    in its place, never more than the assumption. Multiplied by the layers on the stage and the
    passes (:func:`~configurator.core.formulas.timing.layer_overhead_seconds`)."""
    per_layer = scenario.assumptions.layer_overhead_s
    if not scenario.training.cuda_graphs:
        return per_layer
    return min(per_layer, replayed_layer_seconds(scenario))
