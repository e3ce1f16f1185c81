"""A catalog date checked: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``, a real calendar date from 1990 to
2100 — the one check every dated entry (a price, an export status, a report) reads. Split from
:mod:`configurator.core.card` so that the schema modules beside it read it without a cycle."""

from __future__ import annotations

from datetime import date

from configurator.core.messages import msg
from configurator.core.messages_said import said

DATE_PATTERN = r"^\d{4}(-\d{2}(-\d{2})?)?$"
"""How a catalog date is written: a year, a month or a day (ISO 8601, most significant first)."""


def checked_date(value: str) -> str:
    """``value`` (``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``) if it is a real date from 1990 to 2100."""

    year, month, day = (int(p) for p in (value.split("-") + ["1", "1"])[:3])
    if not 1990 <= year <= 2100:
        raise said(ValueError, msg("date-year-range", date=value))
    try:
        date(year, month, day)
    except ValueError:
        raise said(ValueError, msg("date-not-calendar", date=value)) from None
    return value
