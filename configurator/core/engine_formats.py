"""Whether a serving engine loads a weight format or keeps its KV cache at a precision.

The facts are the engine profile's (:class:`~configurator.core.engines.EngineProfile` ``formats``,
``formats_not_served`` and ``kv_not_served``, each with its source there); this module reads them.
"""

from __future__ import annotations

from configurator.core.engines import EngineProfile
from configurator.core.formats import FORMATS, WeightFormat
from configurator.core.units import Precision


def serves(profile: EngineProfile, fmt: WeightFormat) -> bool:
    """Whether ``profile``'s engine loads weights stored as ``fmt``: the format's family is among
    ``formats`` and the format is not in ``formats_not_served`` (llama.cpp serves 16-bit floats but no
    FP8: ggml has no FP8 type)."""
    return FORMATS[fmt].family in profile.formats and fmt.value not in profile.formats_not_served


def serves_kv(profile: EngineProfile, precision: Precision) -> bool:
    """Whether ``profile``'s engine has a KV-cache type at ``precision`` (llama.cpp: none at FP8 or FP4)."""
    return precision not in profile.kv_not_served
