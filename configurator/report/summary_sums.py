"""Amounts printed so that they add up: the bill of materials' line totals as the summary prints them
sum to the capex it prints under them, to the last printed digit (an approver adds the column up).

Each amount is printed rounded (:func:`~configurator.core.message_numbers.money_text`: whole units
from 100 up, cents below, in Chinese 万元 to two decimals from 1万 CNY up), and the capex is rounded
from the exact sum: rounded separately, the lines could miss it by a unit or more (the 300-desktop
bill: 15,267 + 80,500 + 3,200 + 24,000 + 2,153 + 10,000 = 135,120 USD printed over a capex of 135,119
USD until December 2026). The lines are rounded to their printed step by the largest-remainder method
(Hamilton's apportionment; Balinski & Young, *Fair Representation*, 1982, ch. 2): each line moves less
than one printed step from its exact amount and the printed lines sum to the printed capex. No Qt here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from configurator.core.message_numbers import CENTS_BELOW
from configurator.core.money_words import money_unit


def printed_step(value: float, currency: str, language: str, like: float | None = None) -> float:
    """The smallest step an amount ``value`` [``currency``] is printed in, in a column whose unit its
    largest amount ``like`` decides [``currency``]: 100 CNY in Chinese 万元 (two decimals of 1万), else
    one unit from :data:`~configurator.core.message_numbers.CENTS_BELOW` up and a cent below."""
    scale, _word, decimals = money_unit(value if like is None else like, currency, language)
    if decimals is not None:
        return scale * 10.0 ** -decimals
    return 1.0 if abs(value) >= CENTS_BELOW else 0.01


def summing_amounts(values: Sequence[float | None], total: float, currency: str, language: str,
                    like: float | None = None) -> list[float | None]:
    """``values`` [``currency``] (None: not in the sum) moved by less than one printed step each
    (:func:`printed_step`) so that, printed, they sum to ``total`` printed: the largest remainders
    rounded up, the others down. Values printed in different steps (cents below 100 beside whole units)
    keep their own rounding; the difference is taken up by the lines printed in the largest step."""
    steps = [None if v is None else printed_step(v, currency, language, like) for v in values]
    if not any(s is not None for s in steps):
        return list(values)
    step = max(s for s in steps if s is not None)
    floors = [None if v is None else (math.floor(v / s + 1e-6) * s if s == step else round(v / s) * s)
              for v, s in zip(values, steps, strict=True)]
    target = round(total / step) * step if abs(total) >= CENTS_BELOW or step != 1.0 else total
    short = round((target - sum(f for f in floors if f is not None)) / step)
    movable = sorted((i for i, s in enumerate(steps) if s == step),
                     key=lambda i: (-(values[i] - floors[i]), i))
    if not 0 <= short <= len(movable):  # the floors cannot reach it (a total that is not the lines' sum)
        return [None if v is None else round(v / s) * s for v, s in zip(values, steps, strict=True)]
    shown = list(floors)
    for i in movable[:short]:
        shown[i] += step
    return shown
