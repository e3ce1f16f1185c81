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

from collections.abc import Sequence

from configurator.core.message_numbers import CENTS_BELOW
from configurator.core.view.numbers import printed_step


def summing_amounts(values: Sequence[float | None], total: float, currency: str, language: str,
                    like: float | None = None, last: Sequence[bool] | None = None) -> list[float | None]:
    """``values`` [``currency``] (None: not in the sum) each rounded to its printed step
    (:func:`printed_step`), then as few of them as the difference takes moved by one step to the other
    side of their exact amount, so that, printed, they sum to ``total`` printed: those nearest half a
    step first (the largest-remainder rule), those flagged in ``last`` (a single unit, whose total is
    its unit price: "1 switch 2.25 万元" beside 2.24 万元) only where the others do not suffice. Values
    printed in a smaller step than the largest (cents below 100 beside whole units) keep their rounding."""
    steps = [None if v is None else printed_step(v, currency, language, like) for v in values]
    if not any(s is not None for s in steps):
        return list(values)
    step = max(s for s in steps if s is not None)
    shown = [None if v is None else round(v / s) * s for v, s in zip(values, steps, strict=True)]
    target = round(total / step) * step if abs(total) >= CENTS_BELOW or step != 1.0 else total
    short = round((target - sum(v for v in shown if v is not None)) / step)
    if short == 0:
        return shown
    last = [False] * len(values) if last is None else list(last)
    direction = 1 if short > 0 else -1  # up: lines rounded down, those with the largest remainders first
    movable = sorted((i for i, s in enumerate(steps) if s == step and direction * (values[i] - shown[i]) > 0),
                     key=lambda i: (last[i], -abs(values[i] - shown[i]), i))
    if len(movable) < abs(short):  # the total is not the lines' sum: each line as it rounds
        return shown
    for i in movable[:abs(short)]:
        shown[i] += direction * step
    return shown


def printed_sum_holds(values: Sequence[float], times: Sequence[float], total: float, currency: str, language: str,
                      like: float | None = None) -> bool:
    """Whether ``values`` [``currency``] printed, each times its factor in ``times`` (4 years of opex), sum to
    ``total`` printed, to its printed step: the TCO's capex + years × opex − residual, which an approver
    checks on the printed figures (4,446,023 + 4 × 602,603 − 1,333,807 = 5,522,628 USD beside a TCO of
    5,522,629 USD)."""
    def printed(value: float) -> float:
        step = printed_step(value, currency, language, like)
        return round(value / step) * step

    step = printed_step(total, currency, language, like)
    return abs(sum(printed(v) * t for v, t in zip(values, times, strict=True)) - printed(total)) < step / 2
