"""A job that ends but outlasts the years its hardware is owned over (the TCO horizon, ``--years``):
405B pre-trained on 15 T tokens under a budget alone was ranked first on 256 cards that take 2,294
days, 6.3 years, beside a total cost of ownership counted over 4 — and nothing said so (persona 9,
December 2026). One rule, said by the estimate (its warnings) and by the ranking's first (its reasons)."""

from __future__ import annotations

from configurator.core.durations import HOURS_PER_DAY, HOURS_PER_YEAR
from configurator.core.messages import Message, msg, period_msg


def outlasts_years(hours: float | None, years: float) -> Message | None:
    """The warning that a job of ``hours`` [h] takes longer than ``years`` [years], the years its
    hardware is owned and depreciated over (said as :func:`~configurator.core.messages.period_msg`
    words it: not "the 1 years"); None within them or without a time."""
    if not hours or hours <= years * HOURS_PER_YEAR:
        return None
    return msg("job-outlasts-years", days=hours / HOURS_PER_DAY, taken=hours / HOURS_PER_YEAR, years=years,
               period=period_msg(years))  # the one wording of a period: "the 1 year", "the 6 months"
