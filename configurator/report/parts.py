"""The pieces a configuration summary is made of, with no estimate logic: its table and
chart types, its number formatting, and the numbered source list."""

from __future__ import annotations

import re
from dataclasses import dataclass

from configurator.core.view import numbers
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


# ---- number formatting: the core's one formatter (configurator.core.view.numbers) -----------


def num(value: float | None, digits: int = 3, language: str = "en") -> str:
    """About ``digits`` significant digits with thousands separators; '—' for unknown."""
    return numbers.significant(value, digits, language)


def count(value: float | None, language: str = "en") -> str:
    """A whole number with thousands separators; '—' for unknown."""
    return numbers.count(value, language)


def money(value: float | None, currency: str, language: str = "en") -> str:
    return numbers.money(value, currency, language)


def percent(share: float | None, language: str = "en") -> str:
    """A share in whole percent (the summary's precision): 0.123 -> '12 %'."""
    return numbers.percent(share, language, decimals=0)


def duration(hours: float | None, w: Words) -> str:
    """A job's time, with the hours after a number of days ('3.5 days (84 h)')."""
    return numbers.duration(hours, w.language, with_hours=True)


def gib(n_bytes: float, language: str = "en") -> str:
    return numbers.gib(n_bytes, language)


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
