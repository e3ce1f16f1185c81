"""The words of logarithmic ticks: 1, 2 and 5 times powers of ten as counts or amounts of money,
the other minor ticks blank (the axes of :mod:`configurator.app.charts`)."""

from __future__ import annotations

import math

from configurator.app import format as fmt


def one_two_five(exponent: float) -> tuple[float, int] | None:
    """The value of a logarithmic tick at ``exponent`` and its power of ten, when the value is 1, 2
    or 5 times a power of ten within 10⁻¹⁵..10¹⁵ (None for the other minor ticks)."""
    if abs(exponent) > 15:
        return None
    magnitude = math.floor(exponent + 1e-9)
    leading = round(10.0 ** (exponent - magnitude), 6)
    if leading not in (1.0, 2.0, 5.0):
        return None
    return leading * 10.0**magnitude, magnitude


def log_tick_label(exponent: float) -> str:
    """Label 1, 2 and 5 times powers of ten as counts (:func:`configurator.app.format.tick_count`:
    2,000 and 10,000,000 in English, 2000 and 1000万 in Chinese); leave the other minor ticks blank."""
    tick = one_two_five(exponent)
    if tick is None:
        return ""
    value, magnitude = tick
    return fmt.tick_count(value) if value >= 1 else fmt.number(value, -magnitude)


def log_money_label(exponent: float) -> str:
    """Label 1, 2 and 5 times powers of ten as amounts of money (:class:`MoneyAxis`: 2亿, 200M);
    amounts below one keep their decimals (0.05); leave the other minor ticks blank."""
    tick = one_two_five(exponent)
    if tick is None:
        return ""
    value, magnitude = tick
    return fmt.money_tick(value, -magnitude)
