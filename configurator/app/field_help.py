"""Tooltips and ranges read from the scenario's pydantic fields, so the editor states what the
core declares (one fact, one place).

The English text is the field's ``description``; the Chinese is looked up with that text as the
source under the ``ScenarioField`` context. ``tools/build_translations.py`` hands lupdate the
descriptions of :data:`DESCRIBED_PATHS`, so a changed description shows up as untranslated.
"""

from __future__ import annotations

from configurator.app.i18n import tc
from configurator.core.bounds import Bounds, field_at, field_bounds
from configurator.core.scenario import Scenario

CONTEXT = "ScenarioField"
"""Translation context of the field descriptions."""

DESCRIBED_PATHS: tuple[str, ...] = (
    "parallelism.cp", "parallelism.ep", "training.loss", "training.offload_optimizer", "training.offload_params",
    "training.offload_activations",
    "serving.context", "serving.concurrency", "serving.weight_format", "serving.weight_bpw", "serving.engine",
    "serving.cuda_graphs", "serving.batching", "serving.prefix_hit_rate", "serving.speculative_tokens",
    "serving.speculative_acceptance", "serving.speculative_draft_cost", "serving.engine_memory_fraction",
    "serving.max_batched_tokens", "serving.max_batch", "serving.disaggregated", "serving.prefill_cards", "constraints.tpot_ms", "constraints.ttft_ms",
    "constraints.requests_per_s", "constraints.latency_percentile",
    "serving.engine_profile", *(f"serving.engine_profile.{name}" for name in (
        "cuda_graphs", "layer_overhead_graphs_s", "layer_overhead_eager_s", "step_overhead_s", "weight_stream_share",
        "kv_read_share", "kv_half_context", "prefill_share", "prefill_layer_overhead_s", "continuous_batching",
        "fp8_kv_with_fp8_weights")),
)
"""Fields whose editor tooltip is their declared description."""


def _field(path: str):
    found = field_at(Scenario, tuple(path.split(".")))
    if found is None:
        raise KeyError(f"no scenario field at {path!r}")
    return found


def field_description(path: str) -> str:
    """The field's declared description in English, as written on the model."""
    model, name = _field(path)
    return model.model_fields[name].description or ""


def field_help(path: str) -> str:
    """The field's description in the current language, as a sentence."""
    text = tc(CONTEXT, field_description(path))
    return text[:1].upper() + text[1:]


def field_range(path: str) -> Bounds:
    """The range the field accepts (what a spin box for it is limited to)."""
    return field_bounds(*_field(path))
