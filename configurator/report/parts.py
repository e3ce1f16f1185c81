"""The pieces a configuration summary is made of, with no estimate logic: its table and
chart types, its number formatting, and the numbered source list."""

from __future__ import annotations

import re
from dataclasses import dataclass

from configurator.core.units import GIB
from configurator.report.language import Words, reference


@dataclass(frozen=True)
class Table:
    """A titled table; ``image`` names a chart drawn below it, ``note`` a line under it."""

    key: str
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    image: str | None = None
    note: str = ""


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


# ---- number formatting ----------------------------------------------------------------


def num(value: float | None, digits: int = 3) -> str:
    """About ``digits`` significant digits with thousands separators; '—' for unknown."""
    if value is None:
        return "—"
    if value == 0:
        return "0"
    magnitude = len(str(int(abs(value)))) if abs(value) >= 1 else 0
    return f"{value:,.{max(0, digits - magnitude)}f}"


def count(value: float | None) -> str:
    """A whole number with thousands separators; '—' for unknown."""
    return "—" if value is None else f"{round(value):,}"


def money(value: float | None, currency: str) -> str:
    return "—" if value is None else f"{value:,.{2 if abs(value) < 100 else 0}f} {currency}"


def percent(share: float | None) -> str:
    return "—" if share is None else f"{100 * share:.0f} %"


def duration(hours: float | None, w: Words) -> str:
    if hours is None:
        return "—"
    if hours < 1:
        return f"{num(hours * 60)} {w('min')}"
    if hours < 48:
        return f"{num(hours)} {w('h')}"
    return f"{num(hours / 24)} {w('days')} ({num(hours, 4)} {w('h')})"


def duration_short(hours: float | None, w: Words) -> str:
    """A duration in one unit, for narrow columns."""
    if hours is None or hours < 48:
        return duration(hours, w)
    return f"{num(hours / 24)} {w('days')}"


def gib(n_bytes: float) -> str:
    return f"{num(n_bytes / GIB)} GiB"


def tokens_text(tokens: float) -> str:
    """2e12 -> '2T', 1.5e10 -> '15B', 5e8 -> '500M' (a count of tokens, unit-less)."""
    for scale, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M")):
        if tokens >= scale:
            return f"{tokens / scale:g}{suffix}"
    return f"{tokens:,.0f}"


_MODEL_ID = re.compile(r"^([a-z]+)(\d[\d.]*)?-(.+)$")


def model_name(name: str) -> str:
    """A preset id as people write it: 'llama3-70b' -> 'Llama 3 70B', 'qwen2.5-72b' -> 'Qwen 2.5 72B';
    any other name unchanged."""
    match = _MODEL_ID.match(name)
    if not match:
        return name
    family, version, size = match.groups()
    size = re.sub(r"(\d)([bm])$", lambda m: m.group(1) + m.group(2).upper(), size).replace("-", " ")
    size = size[0].upper() + size[1:]
    return " ".join(part for part in (family.capitalize(), version, size) if part)


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
