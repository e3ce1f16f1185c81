"""The resolution the model states its figures at: six significant digits, as the command line's
JSON gives every figure but money (:meth:`configurator.core.verdicts.Verdict.to_dict`,
:func:`configurator.core.estimate_json.estimate_to_dict`). Figures that differ only beyond it are one
figure to the model: an order that compares them (the configurations below the line) compares them
at this resolution, so float noise — which moves with the platform, or with the order of a sum —
never decides it. Qt-free."""

from __future__ import annotations

import math

STATED_DIGITS = 6
"""Significant digits of a figure as the model states it."""


def significant(value: float, digits: int = STATED_DIGITS) -> float:
    """``value`` to ``digits`` significant digits, as a float: 31.032000000000004 -> 31.032 (an
    infinite or undefined value as it is). The one rounding of every figure the JSON writes."""
    return float(f"{value:.{digits}g}") if math.isfinite(value) else value


def stated(value: float) -> float:
    """``value`` as the model states it (:data:`STATED_DIGITS` significant digits)."""
    return significant(value)
