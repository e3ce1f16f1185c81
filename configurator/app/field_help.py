"""The field registry (``core/fields.py``) in the current language: names, units, tooltips and
ranges of the scenario's fields, so the editor states what the core declares (one fact, one place).

A registry text is translated under its own context; a field without its own help shows its
description, looked up with that text as the source under the ``ScenarioField`` context.
``tools/build_translations.py`` hands lupdate the descriptions of :data:`DESCRIBED_PATHS`, so a
changed description shows up as untranslated.
"""

from __future__ import annotations

import re

from configurator.app.i18n import current_language, tc
from configurator.core.bounds import Bounds, field_at, field_bounds
from configurator.core.fields import BY_PATH, FIELDS, Text
from configurator.core.scenario import Scenario

CONTEXT = "ScenarioField"
"""Translation context of the field descriptions."""

PROFILE_PATHS: tuple[str, ...] = ("serving.engine_profile", *(f"serving.engine_profile.{name}" for name in (
    "cuda_graphs", "layer_overhead_graphs_s", "layer_overhead_eager_s", "step_overhead_s", "weight_stream_share",
    "kv_read_share", "hbm_decode_factor", "kv_half_context", "prefill_share", "prompt_int8_share", "prefill_layer_overhead_s",
    "continuous_batching",
    "fp8_kv_with_fp8_weights", "prompt_fp16_accumulate", "prompt_int8_quantized",
    "max_seqs", "max_seqs_large_card", "large_card_gib")))
"""The engine profile's fields (its own dialog), whose tooltips are their descriptions."""

WIZARD_DESCRIBED: tuple[str, ...] = ("constraints.power_cap_kw", "constraints.rack_power_kw")
"""Fields the editor does not show whose description is the workload wizard's tooltip."""

DESCRIBED_PATHS: tuple[str, ...] = (
    *(f.path for f in FIELDS if f.editor and f.help is None and f.description), *PROFILE_PATHS, *WIZARD_DESCRIBED)
"""Fields whose editor (or wizard) tooltip is their declared description."""


def shown(text: Text | None) -> str:
    """A registry text in the current language ('' for None)."""
    if text is None:
        return ""
    return text.source if text.context is None else tc(text.context, text.source)


def _field(path: str):
    found = field_at(Scenario, tuple(path.split(".")))
    if found is None:
        raise KeyError(f"no scenario field at {path!r}")
    return found


def field_description(path: str) -> str:
    """The field's declared description in English, as written on the model."""
    model, name = _field(path)
    return model.model_fields[name].description or ""


_UNIT_TAG = re.compile(r"\s*\[[^\[\]]*\]\s*$")
"""A description's closing unit tag ("... [s]"), the unit the model stores."""


def field_help(path: str, unit: str | None = None) -> str:
    """The field's tooltip in the current language: the registry's help, else its description.

    Parameters
    ----------
    path : str
        The field's dotted path in the scenario.
    unit : str, optional
        The unit the control displays ("µs", "%"), in the current language: it replaces the
        description's closing unit tag (the stored unit, "[s]"), or is added where it has none,
        so the tooltip names the unit the user reads in the box.
    """
    entry = BY_PATH.get(path)
    if entry is not None and entry.help is not None:
        return shown(entry.help).replace(DEFAULT_MARK, default_shown(path))
    text = tc(CONTEXT, field_description(path))
    if unit:
        text = f"{_UNIT_TAG.sub('', text)} [{unit}]"
    return text[:1].upper() + text[1:]


DEFAULT_MARK = "{default}"
"""Where a registry help text names its field's default: filled from the model at display time, so
no help text repeats a default (one fact, one place; tests/test_field_help_defaults.py)."""


def default_shown(path: str) -> str:
    """The field's model default as its control shows it, in the current language ("76.7 %").

    The stored value divided by the registry's scale (``0.01`` for "%"), to at most three significant
    decimals, then the control's suffix; '' where the field has no plain default."""
    model, name = _field(path)
    value = model.model_fields[name].default
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return ""
    entry = BY_PATH[path]
    number = value / entry.scale
    text = f"{round(number, 3):,g}" if isinstance(number, float) else f"{number:,}"
    suffix = shown(entry.suffix)
    if current_language().startswith("zh") and suffix.strip() == "%":
        suffix = "%"  # Chinese writes 76.7%, no space (as the estimate's own rows)
    return f"{text}{suffix}"


def field_label(path: str) -> str:
    """The field's name in the current language ("micro-batch"); unknown paths read as their last part."""
    entry = BY_PATH.get(path)
    if entry is None:
        return path.rpartition(".")[2].replace("_", " ")
    return shown(entry.label)


def row_label(path: str) -> str:
    """The field's editor row label in the current language, its shortcut after ``&`` ("&Micro-batch")."""
    entry = BY_PATH[path]
    if entry.row_label is None:
        raise KeyError(f"{path} has no row label in the registry")
    return shown(entry.row_label)


def field_question(path: str) -> tuple[str, tuple[str, ...]]:
    """The wizard's question for the field and its answers (an on/off field's: off's, then on's) in the current
    language; the capitalised label and no answers where the registry declares no question."""
    entry = BY_PATH[path]
    if entry.question is None:
        return accessible_label(path), ()
    return shown(entry.question), tuple(shown(answer) for answer in entry.answers)


def accessible_label(path: str) -> str:
    """The field's label as a control's accessible name: capitalised ("Micro-batch"), unless it
    starts with a capital already inside its first word ("vGPU profile")."""
    label = field_label(path)
    return label if label[1:2].isupper() else label[:1].upper() + label[1:]


def field_range(path: str) -> Bounds:
    """The range the field accepts (what a spin box for it is limited to)."""
    return field_bounds(*_field(path))
