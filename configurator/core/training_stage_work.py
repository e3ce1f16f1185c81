"""What one training micro-batch asks of the fullest pipeline stage on one card: its products'
parameters and shapes, its activation traffic and per-layer time, and the timing record they add up
to with the collectives (:class:`MicroBatchTiming`, summed by
:func:`configurator.core.training_speed.micro_batch_timing`, which adds the links' share).

Thin adapters from a scenario and a card to the plain-number formulas of
:mod:`configurator.core.formulas`; each says what it computes and its unit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from configurator.core.adapter_memory import gathered_element_bytes
from configurator.core.adapter_speed import adapter_layer_seconds
from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.dualpipe import paired_stage_work
from configurator.core.formulas.gemm_efficiency import product_precision
from configurator.core.formulas.timing import (
    ACTIVATION_TRAFFIC_PASSES,
    TRAINING_PASSES,
    activation_traffic_seconds,
    layer_overhead_seconds,
)
from configurator.core.matmul_shapes import matmul_efficiency_by_shape
from configurator.core.memory import training_stage_layers
from configurator.core.layer_activations import ActivationLayout, layer_traffic_bytes, logits_bytes_per_token
from configurator.core.messages import Message
from configurator.core.precision import PrecisionPlan, StateBytes, attention_precision
from configurator.core.scenario import Scenario
from configurator.core.training_graphs import training_layer_seconds
from configurator.core.training_mtp import mtp_matmul_params
from configurator.core.units import GB, Precision


@dataclass(frozen=True)
class MicroBatchTiming:
    """Time of one micro-batch on one card; independent of the data-parallel width."""

    compute_s: float
    traffic_s: float
    tensor_parallel_s: float
    total_s: float
    peak_flops: float
    params_per_card: float
    """Trainable parameters on the fullest card before ZeRO sharding, experts split [count]."""
    states: StateBytes
    messages: tuple[Message, ...]
    context_parallel_s: float = 0.0
    expert_parallel_s: float = 0.0
    offload_s: float = 0.0
    """Exposed host-link streaming of offloaded weights or activations [s]."""
    frozen_bytes_per_card: float = 0.0
    """Frozen adapter base on the fullest card before ZeRO sharding, as stored (what ZeRO-3
    gathers: :func:`frozen_base_bytes`) [B]; 0 when every weight trains."""
    expert_share: float = 0.0
    """Routed experts' share of the fullest stage's parameters before the expert split [1]: what
    of ``params_per_card`` is synchronised over the experts' own data-parallel group
    (:func:`~configurator.core.formulas.expert_data_parallel.data_parallel_groups`)."""
    overlap_window_s: float = 0.0
    """The micro-batch's time the data-parallel collectives hide behind
    (:func:`~configurator.core.formulas.timing.overlap_window_seconds`) [s]."""


def frozen_base_bytes(scenario: Scenario, plan: PrecisionPlan, params: float, layers: int) -> float:
    """Bytes of the frozen base of an adapter stage of ``params`` parameters and ``layers`` blocks,
    as ZeRO-3 gathers it [B]: the blocks at :func:`~configurator.core.adapter_memory.gathered_element_bytes`
    each (QLoRA: NF4 linears with their constants), the rest (embedding, head, final norm) in the
    math precision. 0 for a workload that trains every weight."""
    if not scenario.workload.is_adapter:
        return 0.0
    model = scenario.model
    in_blocks = layers * model.layer_params() / model.n_layers
    return in_blocks * gathered_element_bytes(scenario, plan) + (params - in_blocks) * plan.math_bytes


def matmul_params_per_stage(model: ModelArchitecture, layers):
    """Parameters in matrix products on a stage of ``layers`` layers with the output head [count]."""
    per_layer = (model.matmul_params() - model.vocab * model.hidden) / model.n_layers
    return layers * per_layer + model.vocab * model.hidden


HIGH_PRECISION_HEAD_SCALINGS = ("block",)
"""FP8 scalings (``Training.fp8_scaling``) whose recipe runs the output head's product in 16 bits, not
FP8. ``block`` is DeepSeek-V3's: "we retain the original precision (e.g., BF16 or FP32) for the
following components: the embedding module, the output head, MoE gating modules, normalization
operators, and attention operators" (report §3.3.1; attention is 16-bit under every FP8 recipe here,
:func:`~configurator.core.precision.attention_precision`; gating and norms are not products worth
counting). Not every framework does: torchtitan's float8 converter turns the head to FP8 unless it is
named in ``filter_fqns`` (empty by default), so ``dynamic`` keeps an FP8 head; Megatron-Core's output
layer is not a Transformer Engine module, so ``delayed`` would qualify too but is left as it was until
its rows are checked."""


def output_head_weight(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """Time of one output-head parameter's products in units of one of the products at the math
    precision [-]: the peak ratio ``P_math / P_16`` when the recipe keeps the head in 16 bits
    (:data:`HIGH_PRECISION_HEAD_SCALINGS`; the 16-bit type of :func:`attention_precision`), else 1.
    An H800: 1,979 / 989 TFLOP/s = 2."""
    if plan.math is not Precision.FP8 or scenario.training.fp8_scaling not in HIGH_PRECISION_HEAD_SCALINGS:
        return 1.0
    return card.peak_tflops(plan.math) / card.peak_tflops(attention_precision(card, plan))


def matmul_params_on_fullest_stage(model: ModelArchitecture, pp: int, dualpipe: bool = False,
                                   head_weight: float = 1.0) -> float:
    """Parameters in matrix products per micro-batch on the slowest pipeline rank [count]: the
    longer of a middle stage's layers and the last stage's layers with the output head and the
    multi-token prediction modules (:func:`~configurator.core.training_mtp.mtp_matmul_params`, which
    share that head), stages balanced as :func:`~configurator.core.memory.training_stage_layers`
    splits them (one stage: all of them). ``dualpipe``: each rank runs half the micro-batches
    through its own stage and half through the mirror stage, so the end ranks' work is the mean of
    the first and the last stage's (:func:`~configurator.core.formulas.dualpipe.paired_stage_work`).
    ``head_weight``: the head's passes (the model's and each MTP module's) counted at that many
    parameters each (:func:`output_head_weight`: a 16-bit head beside FP8 products)."""
    return _fullest_stage_products(model, pp, dualpipe, head_weight)[0]


def head_params_on_fullest_stage(model: ModelArchitecture, pp: int, dualpipe: bool = False,
                                 head_weight: float = 1.0) -> float:
    """The output head's passes within :func:`matmul_params_on_fullest_stage` [count]: the model's
    head and each MTP module's pass through it (``(1 + D)·V·h``, at ``head_weight`` each) where the
    slowest rank holds the last stage, half of them where DualPipe's end ranks are the slowest (each
    runs half its micro-batches through the last stage), else 0. What no layer recomputation runs
    again (:func:`~configurator.core.formulas.flops.checkpointed_matmul_factor`)."""
    return _fullest_stage_products(model, pp, dualpipe, head_weight)[1]


def _fullest_stage_products(model: ModelArchitecture, pp: int, dualpipe: bool, head_weight: float):
    """(:func:`matmul_params_on_fullest_stage`, :func:`head_params_on_fullest_stage`) [count]."""
    first, fullest, last = training_stage_layers(model, pp, bool(dualpipe))
    per_layer = (model.matmul_params() - model.vocab * model.hidden) / model.n_layers
    heads = (1 + model.mtp_depth) * model.vocab * model.hidden
    last_stage = matmul_params_per_stage(model, last) + mtp_matmul_params(model) + (head_weight - 1.0) * heads
    if dualpipe:
        ends = (first * per_layer + last_stage) / 2.0
        work = paired_stage_work(first * per_layer, fullest * per_layer, last_stage, pp)
        return float(work), float(np.where((pp > 2) & (fullest * per_layer > ends), 0.0, head_weight * heads / 2.0))
    middle = fullest * per_layer
    return (middle, 0.0) if middle > last_stage else (last_stage, head_weight * heads)


def moe_layers_on_stage(model: ModelArchitecture, layers):
    """MoE layers on a stage of ``layers`` layers, in the model's proportion [count]."""
    return layers * model.n_moe_layers / model.n_layers




def stage_shape_efficiency(scenario: Scenario, card: Card, plan: PrecisionPlan, tokens: float, layers) -> float:
    """Efficiency of the stage's matrix products at their shapes [1]: ``η_shape`` of the products of
    ``layers`` layers at ``tokens`` tokens per rank, split over the tensor- and expert-parallel ranks
    (:func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape`), at the product precision the
    recipe runs (:func:`~configurator.core.formulas.gemm_efficiency.product_precision`)."""
    par = scenario.parallelism
    return matmul_efficiency_by_shape(scenario.model, card, product_precision(plan.math.value,
                                                                              scenario.training.fp8_scaling),
                                      tokens, par.tp, par.ep, layers)


def stage_traffic_seconds(scenario: Scenario, card: Card, layout: ActivationLayout, tokens: float, layers,
                          full: bool) -> float:
    """Memory traffic of the saved activations of one micro-batch on the stage [s]: ``layers`` layers'
    traffic per token (:func:`~configurator.core.layer_activations.layer_traffic_bytes`) and the logits'
    (:func:`~configurator.core.layer_activations.logits_bytes_per_token`) over ``tokens`` tokens per rank, in
    :data:`~configurator.core.formulas.timing.ACTIVATION_TRAFFIC_PASSES` passes, one more where
    whole layers are recomputed (``full``), at the card's bandwidth × ``bandwidth_efficiency``
    (:func:`~configurator.core.formulas.timing.activation_traffic_seconds`)."""
    model = scenario.model
    act_bytes = layers * layer_traffic_bytes(model, layout, scenario.training.seq_len) \
        + logits_bytes_per_token(model, layout)
    return activation_traffic_seconds(ACTIVATION_TRAFFIC_PASSES + full, act_bytes, tokens, scenario.parallelism.tp,
                                      card.bandwidth_gbps * GB, scenario.assumptions.bandwidth_efficiency)


def stage_overhead_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, tokens: float, layers,
                           full: bool) -> float:
    """Time of one micro-batch on the stage beyond the roofline [s]: ``layers`` layers' kernel-launch
    and framework time (:func:`~configurator.core.training_graphs.training_layer_seconds` per layer
    and pass) over :data:`~configurator.core.formulas.timing.TRAINING_PASSES` passes, one more
    forward where whole layers are recomputed (``full``), plus each layer's LoRA adapters at
    ``tokens`` tokens per rank (:func:`~configurator.core.adapter_speed.adapter_layer_seconds`)."""
    return layer_overhead_seconds(layers, training_layer_seconds(scenario), TRAINING_PASSES + full) \
        + layers * adapter_layer_seconds(scenario, card, plan, tokens, scenario.parallelism.tp, full)
