"""The dates of catalog prices: the day prices are aged against, the days a catalog date
('2024', '2024-05', '2024-05-17') covers, and whether a price is dated after today. Below the
catalog (which refuses a user's price from the future) and the price policy
(:mod:`configurator.core.procurement.card_price`, which ages prices)."""

from __future__ import annotations

import calendar
from datetime import date
from functools import lru_cache
from typing import Protocol


class Dated(Protocol):
    date: str


def today() -> date:
    """The date prices are aged against (one place, so tests and callers can fix it)."""
    return date.today()


@lru_cache(maxsize=4096)
def period(value: str) -> tuple[date, date]:
    """First and last day of a catalog date (``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``); a pure
    function of the text, kept per text (the catalog's few hundred dates are read on every price
    pick)."""
    parts = [int(p) for p in value.split("-")]
    year = parts[0]
    if len(parts) == 1:
        return date(year, 1, 1), date(year, 12, 31)
    month = parts[1]
    if len(parts) == 2:
        return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
    day = date(year, month, parts[2])
    return day, day


def is_future(entry: Dated, on: date | None = None) -> bool:
    """Whether the price is dated after ``on`` (today): its period starts after that day."""
    return period(entry.date)[0] > (on or today())
