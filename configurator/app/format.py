"""Numbers with units for the screen, formatted for the current locale."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from configurator.core.units import GIB
from configurator.app.i18n import tc as _tc




def number(value: float, decimals: int = 1) -> str:
    """Locale-formatted number with thousands separators."""
    return QLocale().toString(float(value), "f", decimals)


def significant(value: float, digits: int = 3) -> str:
    """About ``digits`` significant digits, thousands separated."""
    if value == 0:
        return "0"
    magnitude = len(str(int(abs(value)))) if abs(value) >= 1 else 0
    return number(value, max(0, digits - magnitude))


def gib(n_bytes: float) -> str:
    return _tc("format", "{0} GiB").format(significant(n_bytes / GIB))


def tokens_per_s(value: float | None) -> str:
    return "—" if value is None else _tc("format", "{0} tokens/s").format(significant(value))


def seconds(value: float | None) -> str:
    if value is None:
        return "—"
    if value < 1:
        return _tc("format", "{0} ms").format(significant(value * 1000))
    return _tc("format", "{0} s").format(significant(value))


def duration(hours: float | None) -> str:
    if hours is None:
        return "—"
    if hours < 1:
        return _tc("format", "{0} min").format(significant(hours * 60))
    if hours < 48:
        return _tc("format", "{0} h").format(significant(hours))
    return _tc("format", "{0} days").format(significant(hours / 24))


def watts(value: float | None) -> str:
    if value is None:
        return "—"
    if value >= 10_000:
        return _tc("format", "{0} kW").format(significant(value / 1000))
    return _tc("format", "{0} W").format(significant(value))


def kwh(value: float | None) -> str:
    return "—" if value is None else _tc("format", "{0} kWh").format(significant(value))


def money(value: float | None, currency: str) -> str:
    """An amount and its currency, never split over two lines (a no-break space between them)."""
    return "—" if value is None else f"{number(value, 2 if abs(value) < 100 else 0)}\u00a0{currency}"


def percent(fraction: float | None) -> str:
    return "—" if fraction is None else _tc("format", "{0} %").format(number(100 * fraction, 1))


def whole(value: float | None) -> str:
    """A count (users, streams, cards) with thousands separators."""
    return "—" if value is None else number(round(value), 0)
