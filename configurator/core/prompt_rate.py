"""The rate of a copy's products in a forward pass (:func:`serving_rate`, split from
:mod:`configurator.core.decode_step`): the card's peak at the precision a prompt's products run at
(:func:`prompt_peak`: INT8 for llama.cpp's MMQ, FP16-accumulate where the engine asks for it), the
layers' products at their shapes and the engine's share of the prefill efficiency
(:func:`prompt_share`); whether a prompt's quantized weights are first dequantized
(:func:`prompt_dequantized`). Read by a prompt's time (:mod:`configurator.core.prefill_time`)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.engines import EngineProfile
from configurator.core.formats import FORMATS
from configurator.core.formulas.flops import sustained_rate
from configurator.core.matmul_shapes import matmul_efficiency_by_shape
from configurator.core.memo import LastAsked
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario
from configurator.core.units import TERA, Precision


_LAST_PROMPT_RATE = LastAsked((None, None, None, None, None))
"""The last prompt rate of a whole number of tokens (:func:`serving_rate`): (scenario, card, plan,
(tokens, head rows, idle), rate), the three objects by identity (held here)."""


def serving_rate(card: Card, plan: PrecisionPlan, scenario: Scenario, tokens, prompt: bool = True,
                 head_rows=None, alone: bool = False, idle: bool = False):
    """Sustained FLOP rate of a forward pass of ``tokens`` tokens per step on one of the copy's
    tensor-parallel cards: peak × the layers' products at their shapes
    (:func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape`, forward only) × the
    prefill efficiency, × the engine's share of it for prompt kernels (``prompt``; a decode step's
    products are the weight stream's, the engine's ``weight_stream_share``), the product at most
    the peak [FLOP/s]; ``tokens`` may be an array. Attention's products run at the same rate.
    ``head_rows``: the positions whose logits the step computes (``matmul_efficiency_by_shape``'s;
    every token when not given, a prompt's chunk one per prompt). ``alone``: a prompt on a copy
    whose experts others share, prefilled while they idle (its tokens alone meet at the experts,
    which run on all the sharing copies' cards: ``matmul_efficiency_by_shape``'s ``spread``).
    ``idle``: a prompt prefilled in a step of its own on an idle copy
    (:func:`~configurator.core.prefill_time.prefill_seconds`): its products at the prompt efficiency
    (``Assumptions.prompt_efficiency``, :func:`efficiency_of`) in place of the serving steps' one.

    The last prompt rate of a whole number of tokens is given again for the same scenario, card
    and plan objects: a copy's prompt token
    (:func:`~configurator.core.prefill_time.prompt_token_seconds`) and its idle first token
    (:func:`~configurator.core.prefill_time.idle_ttft_seconds`) ask for the same chunk."""
    if alone and scenario.expert_copies > 1:
        return _serving_rate(card, plan, scenario, tokens, prompt, head_rows, scenario.expert_copies, idle)
    if prompt and type(tokens) is int:
        last = _LAST_PROMPT_RATE.kept
        if last[0] is scenario and last[1] is card and last[2] is plan and last[3] == (tokens, head_rows, idle):
            return last[4]
        rate = _serving_rate(card, plan, scenario, tokens, prompt, head_rows, idle=idle)
        _LAST_PROMPT_RATE.kept = (scenario, card, plan, (tokens, head_rows, idle), rate)
        return rate
    return _serving_rate(card, plan, scenario, tokens, prompt, head_rows, idle=idle)


def efficiency_of(scenario: Scenario, idle: bool) -> float:
    """The share of the GEMM rate at each product's shape a forward pass's products sustain [-]: a
    prompt prefilled alone on an idle copy, ``Assumptions.prompt_efficiency`` (``idle``), else the
    serving steps' ``Assumptions.prefill_efficiency`` (decode, and the load model's steps that carry
    prompt tokens beside decodes)."""
    a = scenario.assumptions
    return a.prompt_efficiency if idle else a.prefill_efficiency


def _serving_rate(card: Card, plan: PrecisionPlan, scenario: Scenario, tokens, prompt: bool = True,
                  head_rows=None, spread: int = 1, idle: bool = False):
    """:func:`serving_rate` worked out; ``spread`` > 1: alone on a copy of as many sharing its experts."""
    profile = scenario.serving.profile
    int8 = prompt_int8_quantized(card, plan, profile) if prompt else False  # read by the peak and the share
    math, peak = prompt_peak(card, plan, profile, int8) if prompt else (plan.math, card.peak_tflops(plan.math))
    # the precision as it is (a StrEnum: the shapes' str() of it is its value; no .value property read)
    shape = matmul_efficiency_by_shape(scenario.model, card, math, tokens, scenario.parallelism.tp,
                                       scenario.expert_copies if spread == 1 else 1, training=False,
                                       expert_tp=scenario.expert_tensor_parallel, head_rows=head_rows, spread=spread)
    if not prompt:  # the engine's prompt share left out: × 1.0 is the same number
        return sustained_rate(peak * TERA, shape, scenario.assumptions.prefill_efficiency)
    return sustained_rate(peak * TERA, shape, efficiency_of(scenario, idle), prompt_share(card, plan, profile, int8))


def prompt_int8_quantized(card: Card, plan: PrecisionPlan, profile: EngineProfile) -> bool:
    """Whether a prompt's products of ``plan``'s weights run on INT8 tensor cores: quantized GGUF
    weights, an engine that multiplies them there (``prompt_int8_quantized``, llama.cpp's MMQ) and a
    card with an INT8 rate."""
    spec = FORMATS.get(plan.weight_format) if plan.weight_format is not None else None
    return profile.prompt_int8_quantized and spec is not None and spec.family == "gguf" \
        and spec.bits_per_weight < 16 and card.supports(Precision.INT8)


def prompt_dequantized(card: Card, plan: PrecisionPlan, profile: EngineProfile) -> bool:
    """Whether a prompt's products first dequantize ``plan``'s weights to an FP16 copy: quantized
    GGUF weights not multiplied on INT8 tensor cores (:func:`prompt_int8_quantized`). ggml-org/ggml
    e87c0557 (llama.cpp May 2024) ggml_cuda_op_mul_mat_cublas converts them to FP16 into a pool buffer
    (to_fp16_cuda) and then calls cublasGemmEx on the copy."""
    spec = FORMATS.get(plan.weight_format) if plan.weight_format is not None else None
    return spec is not None and spec.family == "gguf" and spec.bits_per_weight < 16 \
        and not prompt_int8_quantized(card, plan, profile)


def prompt_share(card: Card, plan: PrecisionPlan, profile: EngineProfile, int8: bool | None = None) -> float:
    """The engine's share of the prefill efficiency for a prompt's products [-]: ``prompt_int8_share``
    on the INT8 (MMQ) path where the profile has one, else ``prefill_share``. ``int8``:
    :func:`prompt_int8_quantized` of the three, when already worked out."""
    if profile.prompt_int8_share is not None and (prompt_int8_quantized(card, plan, profile) if int8 is None else int8):
        return profile.prompt_int8_share
    return profile.prefill_share


def prompt_peak(card: Card, plan: PrecisionPlan, profile: EngineProfile, int8: bool | None = None
                ) -> tuple[Precision, float]:
    """The precision a prompt's products run at and the card's dense peak for it [TFLOP/s or
    TOP/s]: the INT8 rate for quantized GGUF weights where the engine multiplies them on INT8
    tensor cores (``prompt_int8_quantized``, llama.cpp's MMQ), the FP16-accumulate rate where its
    FP16 products accumulate in FP16 (``prompt_fp16_accumulate``; :meth:`~configurator.core.
    catalog.Card.fp16_peak_tflops`), else the plan's math precision at its catalog rate. ``int8``:
    :func:`prompt_int8_quantized` of the three, when already worked out."""
    if prompt_int8_quantized(card, plan, profile) if int8 is None else int8:
        return Precision.INT8, card.peak_tflops(Precision.INT8)
    if profile.prompt_fp16_accumulate and plan.math is Precision.FP16:
        return plan.math, card.fp16_peak_tflops(accumulate16=True)
    return plan.math, card.peak_tflops(plan.math)
