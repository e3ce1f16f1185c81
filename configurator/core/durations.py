"""A duration as buyers type it — ``720``, ``30min``, ``8h``, ``90d``, ``6w``, ``3mo``, ``1y`` (or
``30分钟``, ``8小时``, ``3天``, ``2周``, ``3个月``, ``1年``) — read into hours, one rule for the
command line (``--deadline``) and the window's deadline boxes (the wizard's training and render deadlines alike)."""

from __future__ import annotations

import math
import re

from configurator.core.magnitudes import typed_text

HOURS_PER_YEAR = 8766.0
"""Hours in a Julian year (365.25 d) [h]."""

DURATION_UNITS: dict[str, float] = {
    "min": 1 / 60, "mins": 1 / 60, "minute": 1 / 60, "minutes": 1 / 60,
    "h": 1.0, "hour": 1.0, "hours": 1.0, "d": 24.0, "day": 24.0, "days": 24.0,
    "w": 168.0, "week": 168.0, "weeks": 168.0,
    "mo": HOURS_PER_YEAR / 12, "month": HOURS_PER_YEAR / 12, "months": HOURS_PER_YEAR / 12,
    "y": HOURS_PER_YEAR, "year": HOURS_PER_YEAR, "years": HOURS_PER_YEAR,
    "分钟": 1 / 60, "小时": 1.0, "天": 24.0, "周": 168.0, "个月": HOURS_PER_YEAR / 12, "月": HOURS_PER_YEAR / 12,
    "年": HOURS_PER_YEAR}
"""Hours per unit a duration is typed in [h]: a minute (1/60 h), an hour, a day (24 h), a week
(168 h), a month (a twelfth of a Julian year: 730.5 h), a Julian year (365.25 d = 8,766 h), by
letters, word or Chinese characters; a bare number is hours. A bare ``m`` is none of them: it could
be minutes or months (:func:`ambiguous_unit`)."""

AMBIGUOUS_UNITS = frozenset({"m"})
"""Units a duration may not be typed in because they read two ways: ``m`` (minutes or months)."""

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


_AMBIGUOUS = re.compile(r"\s*[0-9]*\.?[0-9]+\s*(" + "|".join(map(re.escape, AMBIGUOUS_UNITS)) + r")\s*",
                        re.IGNORECASE)


def ambiguous_unit(text: str) -> bool:
    """Whether ``text`` writes a number in a unit that reads two ways (:data:`AMBIGUOUS_UNITS`:
    ``1m``, minutes or months), which :func:`duration_hours` refuses rather than guess."""
    return _AMBIGUOUS.fullmatch(typed_text(text)) is not None


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
