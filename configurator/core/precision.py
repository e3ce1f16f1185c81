"""Which precision actually runs on a card, and how many bytes each training state takes."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.engine_defaults import default_kv_precision
from configurator.core.formulas.moe import dispatch_element_bytes, training_dispatches_fp8
from configurator.core.formulas.states import state_bytes_per_param
from configurator.core.formats import FORMATS, WeightFormat, default_format, format_bits, fp4_not_taken, kv_bytes
from configurator.core.frozen_record import fast_init, kept_property
from configurator.core.messages import Message, msg
from configurator.core.published_format import PublishedFormat, published_default
from configurator.core.scenario import Optimizer, Recipe, Scenario
from configurator.core.units import BYTES_PER_ELEMENT, Precision, weight_bytes_per_param

_MATH_FALLBACKS: dict[Precision, tuple[Precision, ...]] = {
    Precision.FP32: (Precision.FP32,),
    Precision.TF32: (Precision.TF32, Precision.FP32),
    Precision.BF16: (Precision.BF16, Precision.FP16, Precision.FP32),
    Precision.FP16: (Precision.FP16, Precision.BF16, Precision.FP32),
    Precision.FP8: (Precision.FP8, Precision.BF16, Precision.FP16, Precision.FP32),
    Precision.INT8: (Precision.INT8, Precision.FP16, Precision.BF16, Precision.FP32),
    Precision.INT4: (Precision.INT4, Precision.FP16, Precision.BF16, Precision.FP32),
    Precision.FP4: (Precision.FP4, Precision.FP8, Precision.BF16, Precision.FP16, Precision.FP32),
}
"""Order in which math precisions are tried when the card lacks the requested one."""

_WEIGHT_ONLY = (Precision.FP8, Precision.INT8, Precision.INT4, Precision.FP4)
_TRAINABLE = (Precision.FP32, Precision.TF32, Precision.BF16, Precision.FP16, Precision.FP8)


@fast_init
@dataclass(frozen=True)
class PrecisionPlan:
    """What runs: the math precision, the weight storage, and why it differs from the request."""

    requested: Precision
    math: Precision | None
    weights: Precision
    messages: tuple[Message, ...] = ()
    weight_format: WeightFormat | None = None
    """Serving: the stored weight format (None in training)."""
    weight_bits: float | None = None
    """Serving: stored bits per weight of that format, scales included [bit]."""

    @kept_property
    def math_bytes(self) -> float:
        """Bytes of one activation element [B] (fp8 recipes keep activations in 16-bit)."""
        if self.math is None:
            return 2.0
        return max(2.0, BYTES_PER_ELEMENT[self.math])

    @kept_property
    def weight_bytes(self) -> float:
        """Stored bytes per weight, quantisation scales included [B/param]."""
        if self.weight_bits is not None:
            return self.weight_bits / 8.0
        return weight_bytes_per_param(self.weights)


def _first_supported(card: Card, candidates: tuple[Precision, ...]) -> Precision | None:
    """The first of ``candidates`` the card computes at, else None (a loop: a generator left
    suspended by ``next`` is closed by raising GeneratorExit in it, dearer than the search)."""
    for p in candidates:
        if card.supports(p):
            return p
    return None


def plan_serving_precision(card: Card, requested: Precision) -> PrecisionPlan:
    """Math and storage for serving; weight-only quantisation is allowed where math is not."""
    math = _first_supported(card, _MATH_FALLBACKS[requested])
    if math is None:
        return PrecisionPlan(requested, None, requested, (msg("no-compute-rate", card=card.name),))
    if math == requested:
        return PrecisionPlan(requested, math, requested)
    if requested in _WEIGHT_ONLY:
        note = msg("precision-emulated", card=card.name, requested=requested.value.upper(), used=math.value.upper())
        return PrecisionPlan(requested, math, requested, (note,))
    note = msg("precision-fallback", card=card.name, requested=requested.value.upper(), used=math.value.upper())
    return PrecisionPlan(requested, math, math, (note,))


_WEIGHT_ONLY_FAMILIES = ("awq", "gptq", "gguf", "exl2")
_FORMAT_STORAGE = {"float": None, "int8": Precision.INT8, "nvfp4": Precision.FP4, "mxfp4": Precision.FP4,
                   "awq": Precision.INT4, "gptq": Precision.INT4, "gguf": Precision.INT4, "exl2": Precision.INT4}


def plan_serving(scenario: Scenario, card: Card) -> PrecisionPlan:
    """Math and storage for serving ``scenario`` on ``card``, with the weight format's real size.

    A named weight format (``Serving.weight_format``) decides both: weight-only formats (AWQ, GPTQ,
    GGUF, EXL2) multiply at 16-bit, FP8/INT8/NVFP4/MXFP4 at their own precision where the card has it and
    weight-only otherwise (vLLM's Marlin FP8 kernels on Ampere). Without one, the precision choice
    stands for its usual format on the card (``formats.default_format``: INT4 = AWQ with groups of 128,
    FP4 = the card vendor's, NVFP4 on NVIDIA, MXFP4 on AMD), but for
    a model published in fewer bits than that (DeepSeek-V3 in FP8: its release,
    :func:`~configurator.core.published_format.published_default`), served as published.
    """
    published = published_default(scenario)
    if published is not None:
        return _as_published(scenario, card, published)
    fmt = scenario.serving.weight_format
    return _usual(scenario, card) if fmt is None else plan_named(scenario, card, fmt)


def _usual(scenario: Scenario, card: Card) -> PrecisionPlan:
    """:func:`plan_serving` with no format named: the precision's usual one on ``card``."""
    plan = plan_serving_precision(card, scenario.precision)
    if plan.math is not None and plan.weights == plan.math and plan.math != plan.requested:
        fmt = default_format(plan.math, card.vendor)  # fell back: the weights are stored at the math precision
    else:
        fmt = default_format(plan.weights, card.vendor)
    return _stored(plan, plan.weights, fmt, format_bits(fmt, scenario.serving.weight_bpw))


def plan_named(scenario: Scenario, card: Card, fmt: WeightFormat) -> PrecisionPlan:
    """:func:`plan_serving` with the weights stored in ``fmt``, named or published."""
    serving = scenario.serving
    spec = FORMATS[fmt]
    requested = spec.math
    plan = plan_serving_precision(card, requested)
    storage = _FORMAT_STORAGE[spec.family] or plan.weights
    if plan.math is not None and plan.weights == plan.math and plan.math != requested \
            and spec.family not in _WEIGHT_ONLY_FAMILIES:
        return _stored(plan, plan.weights, default_format(plan.math, card.vendor), 16.0)  # stored as it runs
    native = fp4_not_taken(fmt, card.vendor) if plan.math is Precision.FP4 else None
    if native is not None:  # NVFP4 asked of an AMD card: sized as asked, said so
        said = msg("fp4-format-not-native", card=card.name, format=fmt.value.upper(), native=native.value.upper(),
                   fmt_id=native.value)
        plan = PrecisionPlan(plan.requested, plan.math, plan.weights, (*plan.messages, said))
    return _stored(plan, storage, fmt, format_bits(fmt, serving.weight_bpw))


def _as_published(scenario: Scenario, card: Card, published: PublishedFormat) -> PrecisionPlan:
    """Serving ``scenario`` from its model's published weights, saying so: in their format on a card
    that computes at it; on one that does not, upcast to the precision asked, as the model's makers and
    SGLang serve it there (DeepSeek-V3 ``inference/fp8_cast_bf16.py``; SGLang's DeepSeek page: BF16
    "upcast from original FP8" on 4 × 8 A100), said among the reasons (``weights-published-upcast``)."""
    model, name = scenario.model.name, published.weight_format.value.upper()
    said = msg("weights-published", model=model, format=name, source=published.source.split(" (")[0])
    if card.supports(FORMATS[published.weight_format].math):
        plan = plan_named(scenario, card, published.weight_format)
        return PrecisionPlan(plan.requested, plan.math, plan.weights, (said, *plan.messages), plan.weight_format,
                             plan.weight_bits)
    plan = _usual(scenario, card)
    upcast = msg("weights-published-upcast", card=card.name, model=model, format=name,
                 used=(plan.math or plan.weights).value.upper(), fmt_id=published.weight_format.value)
    return PrecisionPlan(plan.requested, plan.math, plan.weights, (upcast, *plan.messages), plan.weight_format,
                         plan.weight_bits)


def _stored(plan: PrecisionPlan, weights: Precision, weight_format: WeightFormat, weight_bits: float) -> PrecisionPlan:
    """``plan`` with the weights stored at ``weights`` in ``weight_format`` of ``weight_bits`` bits
    each (what ``dataclasses.replace`` gives, made directly: one serving estimate asks for it)."""
    return PrecisionPlan(plan.requested, plan.math, weights, plan.messages, weight_format, weight_bits)


def kv_element_bytes(scenario: Scenario, plan: PrecisionPlan) -> float:
    """Bytes per cached key/value element: the KV precision asked for, else the engine's default
    (``engine_defaults.default_kv_precision``), else the compute precision [B]."""
    chosen = scenario.serving.kv_precision
    if chosen is None:
        chosen = default_kv_precision(scenario.serving.profile, plan.weights is Precision.FP8, plan.math)
    return kv_bytes(chosen) if chosen is not None else plan.math_bytes


def default_precision(card: Card) -> Precision:
    """BF16 where the card has it, else FP16, else FP32."""
    for precision in (Precision.BF16, Precision.FP16):
        if card.supports(precision):
            return precision
    return Precision.FP32


def attention_precision(card: Card, plan: PrecisionPlan) -> Precision | None:
    """Precision attention runs at: FP8 and FP4 training run only the linear layers at that
    precision, attention, norms and softmax at 16-bit (NVIDIA Transformer Engine ``fp8_autocast``
    wraps ``te.Linear``; torchao ``convert_to_float8_training`` swaps ``nn.Linear`` only)."""
    if plan.math in (Precision.FP8, Precision.FP4):
        return _first_supported(card, (Precision.BF16, Precision.FP16)) or plan.math
    return plan.math


def plan_training(card: Card, requested: Precision) -> PrecisionPlan:
    """Math and storage for training; quantised integer formats fall back to 16-bit."""
    messages: list[Message] = []
    wanted = requested
    if requested not in _TRAINABLE:
        wanted = Precision.BF16
    math = _first_supported(card, _MATH_FALLBACKS[wanted])
    if math is None:
        return PrecisionPlan(requested, None, wanted, (msg("no-compute-rate", card=card.name),))
    if requested not in _TRAINABLE:
        messages.append(msg("precision-not-for-training", requested=requested.value.upper(), used=math.value.upper()))
    elif math != requested:
        messages.append(
            msg("precision-fallback", card=card.name, requested=requested.value.upper(), used=math.value.upper())
        )
    return PrecisionPlan(requested, math, math, tuple(messages))


@dataclass(frozen=True)
class StateBytes:
    """Bytes per parameter of each training state [B/param]."""

    weights: float
    gradients: float
    optimizer: float
    autocast_copy: float
    residual: float
    """Bytes of one element of the residual stream (fp32 when parameters are fp32)."""


def training_state_bytes(recipe: Recipe, optimizer: Optimizer, plan: PrecisionPlan,
                         optimizer_states: str = "recipe") -> StateBytes:
    """Bytes per parameter for each state under ``recipe`` at the plan's math precision
    (:func:`~configurator.core.formulas.states.state_bytes_per_param`: torch-amp 4+4+8 plus the
    autocast copy, megatron-mixed 2+4+12, pure all in the math precision; ZeRO paper §3), the
    optimizer's states in bf16 where ``optimizer_states`` says so (``Training.optimizer_states``)."""
    return StateBytes(*state_bytes_per_param(recipe, optimizer, plan.math_bytes, optimizer_states))


def training_dispatch_bytes(scenario: Scenario, plan: PrecisionPlan) -> float:
    """Bytes per element of a training step's expert dispatch and of its combine's gradient [B]: FP8
    with its scales where the recipe dispatches in FP8
    (:func:`~configurator.core.formulas.moe.training_dispatches_fp8`), else the activations'
    :attr:`PrecisionPlan.math_bytes` (which the combine always sends)."""
    fp8 = training_dispatches_fp8(plan.math is Precision.FP8, scenario.training.fp8_scaling)
    return dispatch_element_bytes(plan.math_bytes, fp8)


def serving_dispatch_bytes(scenario: Scenario, math_bytes: float) -> float:
    """Bytes per element of a serving step's expert dispatch [B]: FP8 with its scales where the
    engine dispatches in FP8 (``EngineProfile.fp8_expert_dispatch``), else ``math_bytes`` (which
    the combine always sends)."""
    return dispatch_element_bytes(math_bytes, scenario.serving.profile.fp8_expert_dispatch)
