"""The time LoRA adapters add to a training micro-batch, from a scenario and a card: which linears
carry an adapter (``training.lora_targets``) and at what shapes, each timed by
:func:`~configurator.core.formulas.adapter_time.adapter_seconds`; and the host floor of an eager
step, the kernels its layers and adapters launch at the host's time per op
(:func:`eager_host_floor_seconds`). Read by the scalar step time
(:mod:`configurator.core.training_speed`) and the planner's arrays
(:mod:`configurator.core.workloads.training.layout_speed`) alike."""

from __future__ import annotations

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.engines import TRANSFORMERS
from configurator.core.formulas.adapter_time import (
    BACKWARD_KERNELS,
    FORWARD_KERNELS,
    SAVED_TENSORS,
    TAIL_KERNELS,
    adapter_seconds,
)
from configurator.core.formulas.eager_layer import (
    RECOMPUTE_TAIL_KERNELS,
    eager_layer_backward_kernels,
    eager_layer_kernels,
    eager_layer_saved_tensors,
    layer_products,
)
from configurator.core.formulas.gemm_efficiency import gemm_family
from configurator.core.formulas.timing import eager_host_seconds
from configurator.core.memory import activation_kernels, training_states
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import ActivationKernels, Scenario
from configurator.core.units import GB, TERA, Precision

REPLAYED_LAYER_KERNELS = 35
"""Kernels of the unfused Llama layer whose time the transformers engine profile's per-layer term
stands for (:data:`~configurator.core.engines.TRANSFORMERS` ``layer_overhead_graphs_s``: fp32 RMSNorm,
RoPE, q/k/v/o, SDPA, cache update, SwiGLU, "≈35 kernels × ≈3 µs per kernel in a replayed graph") [count]."""

ADAPTER_KERNEL_S = TRANSFORMERS.layer_overhead_graphs_s / REPLAYED_LAYER_KERNELS
"""Fixed time one more kernel adds to the stream [s] (2.9 µs): the engine profile's per-kernel time,
launch gap and tail on the GPU, what a small kernel costs when the host runs ahead of the GPU, as it
does while the step's large products keep the GPU busy. The host's own dispatch of an eager kernel
(9.4 µs on a DGX H100, :data:`~configurator.core.formulas.efficiency.LAYER_OVERHEAD_S`) is not charged
again: it overlaps the GPU's work, except as the floor under the whole step where the host cannot keep
ahead (:func:`eager_host_floor_seconds`)."""

EAGER_OP_HOST_S = TRANSFORMERS.prompt_eager_op_host_s
"""Host time of one eager PyTorch op in a training step [s] (25 µs): the engine profile's figure for
the prompt run op by op, measured on the H200 rig (512 tokens of Llama 3 8B in 32.3 ms, 1,312 kernels
at 24.6 µs each, host-bound), whose training rows run the same modules (``benchmarks/gpu_grid_model.py``
``Block``). A training op also records its autograd node; a backward kernel is launched from the
autograd engine's C++ without Python: the one figure stands for both. NVIDIA/Fuser issue 3507 times
9.4 µs per kernel on a DGX H100 (a one-layer Llama 3.2 1B forward, 65 kernels in 0.616 ms)."""


def adapted_linears(model: ModelArchitecture, targets: str,
                    fused: bool = False) -> tuple[tuple[float, float, float, float, bool], ...]:
    """The linears of one layer that carry an adapter, averaged over the model's layers: ``(d_in,
    d_out, rows, modules, by_output)`` — input and output widths [count], the share of the layer's
    tokens each module runs on, how many such modules a layer has [count], and whether tensor
    parallelism splits the linear by its output (q, k, v, gate, up; the output and down projections
    by their input: Megatron's column- and row-parallel linears). q, k, v and the output projection
    (with ``qkv`` q, k and v alone: NeMo 24.07's PEFT default, ``attention_qkv``); with ``all-linear``
    the MLP's too: a dense layer's gate, up and down (up and down for GELU), an
    MoE layer's for every routed expert (each on ``top-k / experts`` of the tokens) and every shared
    one (as :func:`~configurator.core.adapter_memory.lora_params_per_layer` counts their parameters).
    ``fused``: Megatron-Core's layers, whose q, k and v are one linear (``linear_qkv``) and gate and up
    one (``linear_fc1``), each with one adapter (NeMo's LoRA on ``linear_qkv``, ``linear_proj``,
    ``linear_fc1``, ``linear_fc2``)."""
    d = model.hidden
    if fused:
        linears = [(d, model.q_dim + 2 * model.kv_dim, 1.0, 1.0, True)]
    else:
        linears = [(d, model.q_dim, 1.0, 1.0, True), (d, model.kv_dim, 1.0, 1.0, True),
                   (d, model.kv_dim, 1.0, 1.0, True)]
    if targets == "qkv":
        return tuple(linears)
    linears.append((model.attn_out_dim, d, 1.0, 1.0, False))
    if targets == "attention":
        return tuple(linears)
    inputs, first = (1, 2 if model.gated_mlp else 1) if fused else (2 if model.gated_mlp else 1, 1)

    def mlp(ffn: float, rows: float, modules: float) -> list[tuple[float, float, float, float, bool]]:
        return [(d, first * ffn, rows, modules, True)] * inputs + [(ffn, d, rows, modules, False)]

    if not model.is_moe:
        return tuple(linears + mlp(model.ffn, 1.0, 1.0))
    moe, dense = model.n_moe_layers / model.n_layers, model.n_dense_layers / model.n_layers
    linears += mlp(model.routed_ffn, model.experts_per_token / model.n_experts, moe * model.n_experts)
    if model.n_shared_experts:
        linears += mlp(model.routed_ffn, 1.0, moe * model.n_shared_experts)
    if dense:
        linears += mlp(model.ffn, 1.0, dense)
    return tuple(linears)


def adapter_layer_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, tokens, tp, recomputed):
    """Time the adapters of one layer add to a micro-batch of ``tokens`` rows per rank [s] (0 for a
    workload without adapters): each adapted linear's
    :func:`~configurator.core.formulas.adapter_time.adapter_seconds`, its widths split over ``tp``
    ranks on the side tensor parallelism splits (q, k, v, gate and up by output, the output and down
    projections by input), a kernel at :data:`ADAPTER_KERNEL_S`, the products at the card's 16-bit GEMM
    curve; Megatron-Core's fused linears carry
    one adapter each (:func:`adapted_linears`). ``recomputed``: layers are rebuilt in backward (their adapters' forward runs
    twice). Dropout (``training.lora_dropout`` above 0) adds its kernels; under AMP (an autocast copy
    of the trained weights, :attr:`~configurator.core.precision.StateBytes.autocast_copy`: the adapters
    are fp32) each adapter's ``A`` and ``B`` are cast per forward and their gradients back. ``tokens``,
    ``tp`` and ``recomputed`` may be arrays."""
    if not scenario.workload.is_adapter:
        return 0.0
    train, a = scenario.training, scenario.assumptions
    peak = (card.peak_tflops(Precision.BF16) or card.peak_tflops(plan.math) or 0.0) * TERA
    if not peak or not card.bandwidth_gbps:
        return 0.0
    casts = 2 if training_states(scenario, plan).autocast_copy > 0 else 0
    family = gemm_family(card.architecture, card.is_consumer, card.id)
    passes = np.where(recomputed, 2, 1)
    rows_per_rank = np.asarray(tokens, dtype=float)
    tp = np.asarray(tp, dtype=float)
    fused = activation_kernels(scenario) is ActivationKernels.FUSED
    # every linear at once, one row each (the layouts, when arrays, along the columns), then summed linear by
    # linear in their order: the same operations on the same values, element by element, as one call a linear,
    # in one pass of array calls instead of one a linear (speed45: a third of a LoRA recommendation)
    shape = (-1,) + (1,) * max(np.ndim(rows_per_rank), np.ndim(tp), np.ndim(passes))
    d_in, d_out, rows, modules, by_output = (np.array(column).reshape(shape) for column in
                                             zip(*adapted_linears(scenario.model, train.lora_targets, fused)))
    seconds = adapter_seconds(rows_per_rank * rows, np.where(by_output, d_in, d_in / tp),
                              np.where(by_output, d_out / tp, d_out), train.lora_rank, ADAPTER_KERNEL_S, peak,
                              card.bandwidth_gbps * GB, min(plan.math_bytes, 2.0), family, passes,
                              train.lora_dropout > 0.0, casts, a.bandwidth_efficiency)
    total = 0.0
    for module, linear in zip(modules.reshape(-1).tolist(), seconds, strict=True):
        total = total + module * linear
    return float(total) if np.ndim(total) == 0 else total


def eager_layer_kernel_counts(scenario: Scenario, plan: PrecisionPlan) -> tuple[int, int] | None:
    """Kernels one layer launches forward and backward in an eager training step [count], None where
    the layers run fused (Megatron-Core with Transformer Engine: :func:`~configurator.core.memory.activation_kernels`
    ``fused``). The layer's own (:func:`~configurator.core.formulas.eager_layer.eager_layer_kernels`,
    :func:`~configurator.core.formulas.eager_layer.eager_layer_backward_kernels`, a dense layer's for
    an MoE's too, fewer than an eager MoE layer launches), each product's weight cast to 16-bit and its
    gradient back under AMP with trained fp32 weights, and each adapter's
    (:data:`~configurator.core.formulas.adapter_time.FORWARD_KERNELS`,
    :data:`~configurator.core.formulas.adapter_time.BACKWARD_KERNELS`, with its dropout and AMP casts) on
    every adapted linear (:func:`adapted_linears`)."""
    kernels = activation_kernels(scenario)
    if kernels is ActivationKernels.FUSED:
        return None
    model, train = scenario.model, scenario.training
    fused_norm = kernels is ActivationKernels.FUSED_NORM
    adapter = scenario.workload.is_adapter
    amp = training_states(scenario, plan).autocast_copy > 0
    casts = layer_products(model.gated_mlp) if amp and not adapter else 0
    forward = eager_layer_kernels(model.gated_mlp, fused_norm) + casts
    backward = eager_layer_backward_kernels(model.gated_mlp, not adapter, fused_norm) + casts
    if adapter:
        modules = sum(linear[3] for linear in adapted_linears(model, train.lora_targets))
        extra = (1 if train.lora_dropout > 0.0 else 0) + (2 if amp else 0)
        forward += round(modules * (FORWARD_KERNELS + extra))
        backward += round(modules * (BACKWARD_KERNELS + extra))
    return forward, backward


def eager_recompute_ops(scenario: Scenario, plan: PrecisionPlan) -> int | None:
    """Host ops of one layer's re-forward in backward under non-reentrant checkpointing [count], None
    where the layers run fused: the forward's kernels (:func:`eager_layer_kernel_counts`, the AMP
    casts again: the re-forward runs in an autocast region of its own) less those after the layer's
    last saved tensor, which checkpoint's early stop does not rerun (the residual add,
    :data:`~configurator.core.formulas.eager_layer.RECOMPUTE_TAIL_KERNELS`, and with an adapted down
    projection its adapter's scale and sum, :data:`~configurator.core.formulas.adapter_time.TAIL_KERNELS`),
    and one detach per saved tensor that takes a gradient
    (:func:`~configurator.core.formulas.eager_layer.eager_layer_saved_tensors`, and
    :data:`~configurator.core.formulas.adapter_time.SAVED_TENSORS` per adapter). A Llama 3.2 1B LoRA
    layer on all seven linears: 83 − 3 + 15 + 7 × 4 = 123 (the forward's 83 kernels)."""
    counts = eager_layer_kernel_counts(scenario, plan)
    if counts is None:
        return None
    model, train = scenario.model, scenario.training
    adapter = scenario.workload.is_adapter
    fused_norm = activation_kernels(scenario) is ActivationKernels.FUSED_NORM
    saved = eager_layer_saved_tensors(model.gated_mlp, not adapter, fused_norm)
    tail = RECOMPUTE_TAIL_KERNELS
    if adapter:
        saved += round(sum(linear[3] for linear in adapted_linears(model, train.lora_targets)) * SAVED_TENSORS)
        tail += TAIL_KERNELS if train.lora_targets == "all-linear" else 0
    return counts[0] - tail + saved


def eager_host_floor_seconds(scenario: Scenario, plan: PrecisionPlan, layers, recomputed):
    """Host time to launch one micro-batch of ``layers`` layers op by op [s], the floor under an eager
    step (0 where the layers run fused): :func:`~configurator.core.formulas.timing.eager_host_seconds`
    of :func:`eager_layer_kernel_counts` at :data:`EAGER_OP_HOST_S`, and where ``recomputed`` the
    re-forward's ops (:func:`eager_recompute_ops`: fewer kernels than the forward, one detach more per
    saved tensor). A Llama 3.2 1B LoRA step on all seven linears (83 kernels forward, 116 backward a
    layer, 123 ops re-forward) at 2,048 tokens: 79.6 ms, 128.8 ms with full recomputation (112.8 ms
    before the re-forward was counted apart from the forward, against 140.8 ms measured on the H200
    rig); ``layers`` and ``recomputed`` may be arrays. 0 where the layers are replayed from CUDA graphs
    (``Training.cuda_graphs``): the host launches the captured graph, not its kernels one by one."""
    counts = eager_layer_kernel_counts(scenario, plan)
    if counts is None or scenario.training.cuda_graphs:
        return 0.0
    again = eager_recompute_ops(scenario, plan) if np.any(recomputed) else None
    if np.ndim(layers) == 0 and np.ndim(recomputed) == 0:  # the scalar estimate's: plain numbers, no arrays made
        return float(eager_host_seconds(float(layers), counts[0], counts[1], 2 if recomputed else 1, EAGER_OP_HOST_S,
                                        again))
    passes = np.where(recomputed, 2, 1)
    return eager_host_seconds(np.asarray(layers, dtype=float), counts[0], counts[1], passes, EAGER_OP_HOST_S, again)
