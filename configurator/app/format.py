"""Numbers with units for the screen, in the window's language: the core's one formatter
(:mod:`configurator.core.view.numbers`) bound to the language the window runs in."""

from __future__ import annotations

from configurator.app.i18n import current_language
from configurator.core.view import numbers as _numbers


def number(value: float, decimals: int = 1) -> str:
    """A number with ``decimals`` decimals, thousands grouped."""
    return _numbers.number(value, decimals, current_language())


def count(value: float | None) -> str:
    """A whole number (cards, users, streams), thousands grouped."""
    return _numbers.count(value, current_language())


def significant(value: float, digits: int = 3) -> str:
    """About ``digits`` significant digits, thousands grouped."""
    return _numbers.significant(value, digits, current_language())


def gib(n_bytes: float) -> str:
    return _numbers.gib(n_bytes, current_language())


def tokens_per_s(value: float | None) -> str:
    return _numbers.tokens_per_s(value, current_language())


def seconds(value: float | None) -> str:
    return _numbers.seconds(value, current_language())


def duration(hours: float | None) -> str:
    return _numbers.duration(hours, current_language())


def watts(value: float | None) -> str:
    return _numbers.watts(value, current_language())


def kwh(value: float | None) -> str:
    return _numbers.kwh(value, current_language())


def money(value: float | None, currency: str, like: float | None = None, unit: bool = True) -> str:
    """An amount and its currency, never split over two lines (``like``, ``unit``: a column's, as
    :func:`configurator.core.view.numbers.money`)."""
    return _numbers.money(value, currency, current_language(), like, unit)


def axis_currency(currency: str) -> str:
    """The currency on a money axis' title ('元' for CNY in Chinese, whose ticks say 万; else the code)."""
    return _numbers.axis_currency(currency, current_language())


def currency_word(currency: str) -> str:
    """The word an amount in ``currency`` is written with in units ('元' for CNY in Chinese, else the code):
    a money box's suffix."""
    return _numbers.currency_word(currency, current_language())


def box_money(value: float, currency: str, decimals: int = 0, trimmed: bool = False) -> str:
    """An amount as a money box shows it, exact to its ``decimals``, in the unit the texts write it in
    ('300 万元' in Chinese, '3,000,000 USD': :func:`configurator.core.view.numbers.box_money`)."""
    return _numbers.box_money(value, currency, current_language(), decimals, trimmed)


def money_word(like: float, currency: str) -> str:
    """The unit of a column of amounts whose largest is ``like``, for its heading ('万元', 'CNY')."""
    return _numbers.money_word(like, currency, current_language())


def unit_cost(value: float | None, currency: str, like: float | None = None, unit: bool = True) -> str:
    """A cost per unit of work, with enough significant digits below one unit to tell the figures a
    ranking orders apart ('0.0308 USD', not '0.03 USD': :func:`~configurator.core.view.numbers.unit_cost`);
    ``like``: its column's top, whose unit it takes; without ``unit`` the number alone (its heading names it)."""
    return _numbers.unit_cost(value, currency, current_language(), like, unit)


def money_tick(value: float, decimals: int | None = None) -> str:
    """A chart tick's amount of money, counted as the window's language counts (1.5M; 150万), its currency
    on the axis (:func:`configurator.core.view.numbers.money_tick`)."""
    return _numbers.money_tick(value, current_language(), decimals)


def token_count(tokens: float) -> str:
    """A count of tokens as the window's language counts it ('1 B'; '10 亿'), its unit word left to the
    sentence (:func:`configurator.core.view.numbers.token_count`)."""
    return _numbers.token_count(tokens, current_language())


def tick_count(value: float) -> str:
    """A whole-number tick on an axis of counts (tokens/s, frames, users, streams, cards), written as
    the window's language counts (10,000,000; 1000万), its unit on the axis."""
    return _numbers.tick_count(value, current_language())


def percent(fraction: float | None) -> str:
    return _numbers.percent(fraction, current_language())


def whole(value: float | None) -> str:
    """A count (users, streams, cards) with thousands separators."""
    return _numbers.count(value, current_language())
