"""The fixed per-layer time of a training step whose layers are replayed from captured CUDA graphs
(``Training.cuda_graphs``), read by the scalar step time (:mod:`configurator.core.training_speed`)
and the planner's arrays (:mod:`configurator.core.workloads.training.layout_speed`) alike.

Without graphs a layer costs :data:`~configurator.core.formulas.efficiency.LAYER_OVERHEAD_S` per
forward-pass equivalent (``Assumptions.layer_overhead_s``, 446 µs, fitted over the calibration's
eager and Megatron-LM runs, none of which captured graphs): kernel launches, framework dispatch and
the gaps between a layer's small kernels, in series with its products. A replayed graph launches
every kernel of the captured region from one host call (CUDA C++ Programming Guide, "CUDA Graphs"), so
the host's launch of each kernel is gone and the GPU's own gap and tail per kernel is left. Only that
part of the fitted time is replaced (:func:`training_layer_seconds`): the layer's kernels at the host's
launch time each (:data:`EAGER_KERNEL_HOST_S`, the reading efficiency.py already gives the fitted time:
"about 48 eager kernels' dispatch") come off, and the replayed layer the serving engine profiles
measure for one forward pass (:class:`~configurator.core.engines.EngineProfile`
``layer_overhead_graphs_s``, reused, not a new constant) goes on. The rest of the fitted time (gaps,
synchronisations, small kernels' GPU time: benchmarks/data/notes-layer-host-time-2026-12-05.md) stays;
replacing the whole of it was tried and not shipped (benchmarks/data/notes-train-cuda-graphs-2026-12-06.md).

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

from configurator.core.adapter_speed import REPLAYED_LAYER_KERNELS
from configurator.core.engines import TRANSFORMERS, VLLM
from configurator.core.formulas.zero3_deepspeed_2021 import EAGER_HOST_S_PER_KERNEL
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

FUSED_LAYER_KERNELS = 10
"""Kernels of one fused layer's forward [count]: vLLM's profile's "≈10 kernels" behind
:data:`FUSED_LAYER_REPLAY_S`, the same count the Transformer Engine layer above gives within two."""

EAGER_KERNEL_HOST_S = EAGER_HOST_S_PER_KERNEL
"""Host time to dispatch and launch one kernel of an eager (not captured) layer [s]: the one figure
(:data:`~configurator.core.formulas.zero3_deepspeed_2021.EAGER_HOST_S_PER_KERNEL`, 0.616 ms for the 65 kernels
of a one-layer Llama 3.2 1B forward on a DGX H100, NVIDIA/Fuser issue 3507), read against
:data:`~configurator.core.formulas.efficiency.LAYER_OVERHEAD_S`."""

UNFUSED_LAYER_REPLAY_S = TRANSFORMERS.layer_overhead_graphs_s
"""Replayed time of one unfused (PyTorch-module) layer's forward beyond its roofline [s] (100 µs):
the transformers profile's, ≈35 kernels × ≈3 µs (fp32 RMSNorm, RoPE, q/k/v/o, SDPA, SwiGLU), which
the H200 rig's graph-replayed decode rows check."""


def replayed_layer_seconds(scenario: Scenario) -> tuple[int, float]:
    """Kernels of one layer's forward [count] and its replayed time beyond the roofline [s]: the fused
    layer's (:data:`FUSED_LAYER_KERNELS`, :data:`FUSED_LAYER_REPLAY_S`) where the layers run Transformer
    Engine's fused kernels (:func:`~configurator.core.memory.activation_kernels` ``fused``), the unfused
    one's (:data:`~configurator.core.adapter_speed.REPLAYED_LAYER_KERNELS`, :data:`UNFUSED_LAYER_REPLAY_S`)
    otherwise."""
    if activation_kernels(scenario) is ActivationKernels.FUSED:
        return FUSED_LAYER_KERNELS, FUSED_LAYER_REPLAY_S
    return REPLAYED_LAYER_KERNELS, UNFUSED_LAYER_REPLAY_S


def training_layer_seconds(scenario: Scenario) -> float:
    """Fixed time per layer per forward-pass equivalent of a training step [s]: the assumption's
    ``layer_overhead_s`` (kernel launches, dispatch and gaps, fitted on steps run without graphs), or
    where the step replays CUDA graphs (``Training.cuda_graphs``) that time less its host launches and
    plus the replayed layer, ``max(t_layer − K·t_launch, 0) + t_replay`` (K and t_replay from
    :func:`replayed_layer_seconds`, t_launch :data:`EAGER_KERNEL_HOST_S`), never more than the
    assumption: 450 − 10 × 9.4 + 30 = 386 µs for a fused layer, max(450 − 35 × 9.4, 0) + 100 = 221 µs
    for an unfused one. Multiplied by the layers on the stage and the passes
    (:func:`~configurator.core.formulas.timing.layer_overhead_seconds`)."""
    per_layer = scenario.assumptions.layer_overhead_s
    if not scenario.training.cuda_graphs:
        return per_layer
    kernels, replay = replayed_layer_seconds(scenario)
    return min(per_layer, max(per_layer - kernels * EAGER_KERNEL_HOST_S, 0.0) + replay)
