"""The weight format a model's makers publish it in, and when serving uses it unasked.

DeepSeek-V3 and -R1 are released as FP8 weights only (block-wise E4M3, one scale per 128 x 128
block: ``quantization_config`` of their config.json); the engines load them as published (SGLang's
DeepSeek usage page: "the official DeepSeek V3 is already in FP8 format", 8 x H200; vLLM's
DeepSeek-V3 recipe: 8 x H200 with native FP8). Sized at 16 bits they took three times the cards a
practitioner buys (48 x H200 until December 2026). The fact is declared once, per preset, in
``resources/models.json`` (``published_format``, ``published_format_source``). Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from configurator.core.architecture import ModelArchitecture, load_presets
from configurator.core.formats import DEFAULT_FORMAT, FORMATS, WeightFormat
from configurator.core.json_values import read_json_file
from configurator.core.resources import bundled_path
from configurator.core.scenario import Scenario


@dataclass(frozen=True)
class PublishedFormat:
    """The weight format a preset's checkpoint is released in, and where that is said."""

    weight_format: WeightFormat
    source: str


@cache
def _published() -> dict[str, PublishedFormat]:
    """Preset id -> its published format, for the presets that declare one (``resources/models.json``)."""
    raw = read_json_file(bundled_path("resources/models.json"))
    return {preset_id: PublishedFormat(WeightFormat(entry["published_format"]),
                                       str(entry.get("published_format_source", "")))
            for preset_id, entry in raw.get("models", {}).items() if entry.get("published_format")}


_SEEN: dict[int, tuple[ModelArchitecture, PublishedFormat | None]] = {}
"""By the id of a model asked about: (that model, its answer); the model held, so its id is its own."""


def published_format(model: ModelArchitecture) -> PublishedFormat | None:
    """The format ``model``'s checkpoint is published in, where ``model`` is a preset that declares
    one and has that preset's architecture (an edited copy is no longer the published checkpoint);
    None otherwise (a 16-bit release: BF16/FP16)."""
    seen = _SEEN.get(id(model))
    if seen is not None and seen[0] is model:
        return seen[1]
    found = _published().get(model.name)
    if found is not None and load_presets().get(model.name) != model:
        found = None
    if len(_SEEN) >= 256:
        _SEEN.clear()
    _SEEN[id(model)] = (model, found)
    return found


def published_default(scenario: Scenario) -> PublishedFormat | None:
    """The published format serving ``scenario`` uses where no weight format is named: the model's
    published one when the precision asked stands for a wider format (BF16, the default, asked of an
    FP8 release: its weights are FP8, and nobody upcasts them to serve on a card with FP8); None when a
    format is named, the model has no published format, or the precision asks for fewer bits (INT4,
    FP4: a quantisation of the release). Training is not served: its precision stands as asked."""
    if scenario.serving.weight_format is not None:
        return None
    found = published_format(scenario.model)
    if found is None:
        return None
    asked = FORMATS[DEFAULT_FORMAT[scenario.precision]].bits_per_weight
    return found if asked > FORMATS[found.weight_format].bits_per_weight else None
