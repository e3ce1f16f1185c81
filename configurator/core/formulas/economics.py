"""Power, energy and money on plain quantities."""

from __future__ import annotations

HOURS_PER_YEAR = 8766.0
"""Average hours in a year, leap years included: 365.25 × 24 [h] (Julian year, IAU)."""

HOURS_PER_MONTH = HOURS_PER_YEAR / 12
"""Average hours in a month: 8766 / 12 = 730.5 [h]."""


# ---- the defaults of scenario.Economics, each named with its source ------------------------
# A default marked **Assumption** is not fixed by a publication; where one found differs, the
# docstring quotes it and the value stays (it drives every cost result) until the lead decides.

DEFAULT_CURRENCY = "USD"
"""Currency of the results (ISO 4217 code): the catalog's prices are in US dollars
(``catalog.json``, each price's ``currency``), so results need no conversion by default."""

USD_TO_CURRENCY = 1.0
"""Exchange rate applied to the catalog's USD prices [currency/USD]: 1 for
:data:`DEFAULT_CURRENCY` = USD (identity, ISO 4217)."""

ELECTRICITY_PER_KWH = 0.0861
"""Electricity price [USD/kWh]: the US industrial sector's average retail price in 2025, the plain
mean of the twelve monthly averages of the U.S. EIA's Electric Power Monthly (8.21–9.33 ¢/kWh).
It is the price file's ``electricity_usd_per_kwh`` rate, where its source is cited in full;
tests/test_procurement_prices.py holds the two equal (one figure: a scenario in CNY starts from
the file's ``electricity_cny_per_kwh`` instead, :func:`configurator.core.currency.default_electricity`).
States range about 6–20 ¢ and data centres on commercial tariffs pay more (14.6 ¢): a buyer who
knows the tariff enters it. Was 0.10, an assumption 24 % above the 2023 industrial average."""

PUE = 1.54
"""Facility power usage effectiveness, dimensionless (total facility power / IT power; The Green
Grid, ISO/IEC 30134-2): the industry's weighted average annual PUE in the Uptime Institute Global
Data Center Survey 2025 (UII report 180, July 2025), 1.54 — "little change for the sixth
consecutive year" (1.56 in 2024, 1.58 in 2023). It is the price file's ``pue_air`` rate, where its
source is cited in full; tests/test_procurement_prices.py holds the two equal. New, large or
liquid-cooled halls do better ("1.3 or even better", the 2024 survey as summarised by
cloudnews.tech; the price file's ``pue_liquid``): a buyer who knows the hall enters its PUE."""

POWER_FRACTION = 0.8
"""Average drawn power over rated power during training (dimensionless), in the range measured
on 8-GPU H100 HGX nodes: the highest draw seen was 8.4 kW of the 10.2 kW rating, 0.82 (Latif et
al. 2025, "Single-Node Power Demand During AI Training: Measurements on an 8-GPU NVIDIA H100
System", IEEE Access 13, 61740–61747; arXiv:2412.08602), and computationally intensive training
ran at 76 % of the rating (Newkirk et al. 2025, "Empirically-Calibrated H100 Node Power Models
for Reducing Uncertainty in AI Training Energy Estimation", arXiv:2506.14551, abstract)."""

AMORTISATION_YEARS = 4.0
"""Years the hardware is used and depreciated over [years]. **Assumption**, shorter than the
large cloud providers now use for servers: Microsoft 4 → 6 years from fiscal 2023 (10-Q,
Q2 FY2023), Alphabet 6 years from 2023 (10-K 2022), Amazon 4 → 5 years from 2022 (10-K 2022),
Meta 4 → 5 years in 2022 (10-K 2022); four years was their figure in 2020–2021 (Microsoft 10-Q
Oct 2020: 3 → 4; Alphabet 10-Q Jul 2021: 3 → 4). Accelerators may age faster than servers in
general; no filing found gives GPUs their own life."""

UTILISATION = 0.8
"""Share of the year owned hardware does work (dimensionless). **Assumption**: no fleet-wide
published figure was found. Bounds: Llama 3's 16,384-GPU training cluster kept "higher than 90 %
effective training time" over a 54-day snapshot (Dubey et al. 2024, "The Llama 3 Herd of
Models", §3.3.4), a dedicated job; shared platforms show much lower per-job GPU use (Gao et al.
2024, "An Empirical Study on Low GPU Utilization of Deep Learning Jobs", ICSE, studies 400
Microsoft jobs at or below 50 %, a selected sample, not a fleet average)."""

ECONOMICS_DEFAULTS = {
    "currency": DEFAULT_CURRENCY,
    "usd_to_currency": USD_TO_CURRENCY,
    "electricity_per_kwh": ELECTRICITY_PER_KWH,
    "pue": PUE,
    "power_fraction": POWER_FRACTION,
    "amortisation_years": AMORTISATION_YEARS,
    "utilisation": UTILISATION,
}
"""Field of ``Economics`` → its named default (every field whose default is not ``None`` or
``False``: those mean "the price file's figure" or "off")."""

ECONOMICS_UNSOURCED = ("amortisation_years", "utilisation")
"""Economics defaults that are assumptions (no publication found fixes them; where one differs,
the docstring says by how much)."""


def it_watts(board_watts, host_watts, servers, power_fraction):
    """IT power, what the servers draw from their PDUs [W]: ``(cards' TDP + servers × host power) ×
    average share of maximum``, no PUE: cooling and power conversion do not pass through a server's
    plug (The Green Grid, White Paper 49: PUE = facility power ÷ IT equipment power)."""
    return (board_watts + host_watts * servers) * power_fraction


def facility_watts(board_watts, host_watts, servers, power_fraction, pue):
    """Average draw of the facility [W]: :func:`it_watts` × PUE (PUE as defined by The Green Grid,
    White Paper 49, and ISO/IEC 30134-2)."""
    return it_watts(board_watts, host_watts, servers, power_fraction) * pue


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
