"""The pieces a configuration summary is made of, with no estimate logic: its table and
chart types, its number formatting, and the numbered source list."""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.view import numbers
from configurator.core.view.tradeoff_view import TradeoffChart
from configurator.report.language import Words, reference


@dataclass(frozen=True)
class Table:
    """A titled table; ``image`` names a chart drawn below it (above it, under a heading of its
    own, with ``image_title``), ``note`` a line under it."""

    key: str
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    image: str | None = None
    note: str = ""
    image_title: str = ""
    """The heading of a chart drawn above the table ('' : the chart, if any, is drawn below)."""


@dataclass(frozen=True)
class Chart:
    """A line chart drawn by the document: yearly cost against utilisation, own and rent."""

    key: str
    title: str
    x_label: str
    y_label: str
    series: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    marker: float | None = None
    """Utilisation of the break-even point [share]."""
    marker_label: str = ""


@dataclass(frozen=True)
class PointChart:
    """A chart of points drawn by the document from a core chart model: the serving trade-off
    (:func:`configurator.core.view.tradeoff_view.tradeoff_chart`, the model the window draws)."""

    key: str
    model: TradeoffChart


def nice_ticks(low: float, high: float, target: int = 5) -> list[float]:
    """Round tick values covering ``low``..``high``: steps of 1, 2 or 5 × 10ⁿ, about ``target`` of them."""
    if high <= low:
        high = low + 1.0
    raw = (high - low) / target
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks, value = [], first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def tick_texts(ticks: list[float], language: str = "en") -> list[str]:
    """The labels of :func:`nice_ticks`' ``ticks``, all with the decimals their step needs:
    0.0, 0.5, 1.0, 1.5 (three significant digits each read 0, 0.500, 1, 1.50); whole ticks as counts
    (:func:`configurator.core.view.numbers.tick_count`: 0, 2,000, 4,000 in English; 0, 2000 .. 1万 in Chinese)."""
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    if decimals == 0:
        return [numbers.tick_count(value, language) for value in ticks]
    return [numbers.number(value, decimals, language) for value in ticks]


# ---- number formatting: the core's one formatter (configurator.core.view.numbers) -----------


def num(value: float | None, digits: int = 3, language: str = "en") -> str:
    """About ``digits`` significant digits with thousands separators; '—' for unknown."""
    return numbers.significant(value, digits, language)


def count(value: float | None, language: str = "en") -> str:
    """A whole number with thousands separators; '—' for unknown."""
    return numbers.count(value, language)


def percent(share: float | None, language: str = "en") -> str:
    """A share in whole percent (the summary's precision): 0.123 -> '12 %'."""
    return numbers.percent(share, language, decimals=0)


def duration(hours: float | None, w: Words) -> str:
    """A job's time, with the hours after a number of days ('3.5 days (84 h)')."""
    return numbers.duration(hours, w.language, with_hours=True)


def gib(n_bytes: float, language: str = "en") -> str:
    return numbers.gib(n_bytes, language)


# ---- sources ----------------------------------------------------------------------------


class SourceList:
    """Sources numbered in the order they are cited."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.items: list[str] = []

    def cite(self, text: str) -> str:
        text = reference(text, self.language)
        if not text:
            return ""
        if text not in self.items:
            self.items.append(text)
        return f"[{self.items.index(text) + 1}]"
