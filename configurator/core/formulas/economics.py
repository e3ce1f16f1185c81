"""Power, energy and money on plain quantities."""

from __future__ import annotations

HOURS_PER_YEAR = 8766.0
"""Average hours in a year, leap years included: 365.25 × 24 [h] (Julian year, IAU)."""

HOURS_PER_MONTH = HOURS_PER_YEAR / 12
"""Average hours in a month: 8766 / 12 = 730.5 [h]."""


def facility_watts(board_watts, host_watts, servers, power_fraction, pue):
    """Average draw at the wall [W]: ``(cards' TDP + servers × host power) × average share of
    maximum × PUE`` (PUE as defined by The Green Grid, White Paper 49, and ISO/IEC 30134-2)."""
    return (board_watts + host_watts * servers) * power_fraction * pue


def energy_kwh(watts, hours):
    """Energy of a draw of ``watts`` [W] over ``hours`` [h]: ``W·h / 1000`` [kWh]."""
    return watts * hours / 1000.0


def amortised_cost_per_hour(unit_price, count, years, hours_per_year=HOURS_PER_YEAR):
    """Purchase of ``count`` units at ``unit_price`` spread evenly (straight-line) over ``years``
    [currency/h]: ``price × count / (years × hours/year)``."""
    return unit_price * count / (years * hours_per_year)


def cost_per_million(cost, units):
    """Cost of a million ``units`` (tokens) when ``units`` cost ``cost`` [currency per 10^6]."""
    return cost / units * 1e6
