"""A duration as buyers type it — ``720``, ``8h``, ``90d``, ``6w``, ``1y`` (or ``8小时``, ``3天``,
``2周``, ``1年``) — read into hours, one rule for the command line (``--deadline``) and the
window's deadline boxes (the wizard's training and render deadlines alike)."""

from __future__ import annotations

import math
import re

from configurator.core.magnitudes import typed_text

DURATION_UNITS: dict[str, float] = {
    "h": 1.0, "hour": 1.0, "hours": 1.0, "d": 24.0, "day": 24.0, "days": 24.0,
    "w": 168.0, "week": 168.0, "weeks": 168.0, "y": 8766.0, "year": 8766.0, "years": 8766.0,
    "小时": 1.0, "天": 24.0, "周": 168.0, "年": 8766.0}
"""Hours per unit a duration is typed in [h]: an hour, a day (24 h), a week (168 h), a Julian year
(365.25 d = 8,766 h), by letter, word or Chinese character; a bare number is hours."""

_DURATION = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*(" + "|".join(map(re.escape, DURATION_UNITS)) + r")?\s*",
                       re.IGNORECASE)


def duration_hours(text: str) -> float | None:
    """The hours ``text`` writes (:data:`DURATION_UNITS`; a bare number is hours); None where it
    writes no duration. An overflowing one is infinite: the caller refuses it as too long. Digits
    typed in full width by an input method (``３天``) are read as theirs (:func:`~configurator.core.
    magnitudes.typed_text`)."""
    match = _DURATION.fullmatch(typed_text(text))
    if not match:
        return None
    value = float(match.group(1)) * DURATION_UNITS[(match.group(2) or "h").lower()]
    return value if math.isfinite(value) else math.inf


HOURS_PER_DAY = 24.0
"""Hours in a day [h/day]: a time from one day up may be written in days, never one under it."""


def days_or_less(days: float) -> tuple[float, str]:
    """A time said beside a deadline in days, given in days [d], in the unit it is written in (value,
    unit): days from one day up; under a day in hours, under an hour in minutes ("0.797 days" read as
    "19.1 h", "0.013 days" as "18.7 min"; persona 6, session 38: a buyer reads a part of a day in
    hours). The one rule of a time under a day: a message's ``{days:days}`` and the screen's job time
    beside a deadline in days follow it."""
    if days >= 1 or not math.isfinite(days):
        return days, "days"
    hours = days * HOURS_PER_DAY
    return (hours, "h") if hours >= 1 else (hours * 60, "min")
