"""Money over the years: capex, opex per year, N-year total cost of ownership with depreciation
and residual value, rent against buy by utilisation, and cost per unit of work."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.economics import HOURS_PER_YEAR, PriceBasis, price_basis
from configurator.core.procurement.bom import BillOfMaterials
from configurator.core.procurement.prices import PriceBook
from configurator.core.scenario import Scenario

SUPPORT_SHARE_FALLBACK = 0.08
"""Hardware support per year as a share of capex when the price file has none."""


@dataclass(frozen=True)
class OwnershipCost:
    """What owning the bill of materials costs, in the scenario's currency."""

    currency: str
    years: float
    utilisation: float
    capex: float
    residual: float
    """Resale value at the end of ``years`` [currency]."""
    energy_per_year: float | None
    support_per_year: float
    licences_per_year: float
    colocation_per_year: float
    complete: bool
    """False when some line has no price (the totals leave it out)."""
    support_share: float = 0.0
    """Support per year as a share of capex [share/year]."""
    residual_share: float = 0.0
    """Resale value at the end as a share of capex [share]."""

    @property
    def opex_per_year(self) -> float:
        return (self.energy_per_year or 0.0) + self.support_per_year + self.licences_per_year + self.colocation_per_year

    @property
    def depreciation_per_year(self) -> float:
        """Straight-line depreciation of capex down to the residual value [currency/year]."""
        return (self.capex - self.residual) / self.years

    @property
    def tco(self) -> float:
        """Capex less residual value plus ``years`` of opex [currency]."""
        return self.capex - self.residual + self.years * self.opex_per_year

    @property
    def tco_per_capex(self) -> float:
        """How much the TCO rises per unit of capex: the purchase less its resale value, plus the
        support the years charge on it, ``1 − residual share + years × support share``
        [currency/currency] (energy, licences and colocation do not follow the capex)."""
        return 1.0 - self.residual_share + self.years * self.support_share

    def per_year_at(self, utilisation: float) -> float:
        """Owning for a year when the hardware works ``utilisation`` of it: everything but
        energy is fixed [currency/year]."""
        energy = (self.energy_per_year or 0.0) / self.utilisation * utilisation
        return self.depreciation_per_year + self.support_per_year + self.licences_per_year + \
            self.colocation_per_year + energy


def ownership_cost(bom: BillOfMaterials, scenario: Scenario, book: PriceBook) -> OwnershipCost:
    """Capex from the bill of materials; opex per year: energy at the scenario's utilisation
    (IT power × average share × PUE × hours × price), support as a share of capex, licences,
    colocation per kW-month of IT load.

    **Assumption**: a job with a deadline that it beats is costed at the pace asked (the cards
    wait :func:`paced_idle_share` of the time), but its energy counts the waiting hours at load
    power: the catalog has no idle power per card, and the published idle figures cover three
    cards (H100, A100, L40S: arXiv:2605.23918), so the energy is an upper bound and the summary's
    TCO note says so (message ``paced-energy``)."""
    e = scenario.economics
    u = e.utilisation
    energy = None
    if bom.it_kw is not None:
        energy = bom.it_kw * e.power_fraction * e.pue * HOURS_PER_YEAR * u * e.electricity_per_kwh
    support_share = e.support_share_per_year if e.support_share_per_year is not None else \
        book.rate("support_share_per_year", SUPPORT_SHARE_FALLBACK)
    residual_share = e.residual_value_share if e.residual_value_share is not None else \
        book.rate("residual_value_share", 0.0)
    colocation = 0.0
    if e.colocation_per_kw_month is not None and bom.it_kw is not None:
        colocation = e.colocation_per_kw_month * bom.it_kw * 12
    capex = bom.capex
    return OwnershipCost(e.currency, e.amortisation_years, u, capex, capex * residual_share, energy,
                         capex * support_share, bom.licences_per_year, colocation, not bom.unpriced,
                         support_share, residual_share)


def paced_idle_share(job_hours: float | None, deadline_hours: float | None) -> float:
    """Share of the time the cards of a job with a deadline wait at the pace asked: one less the
    job's hours over the deadline's, 0 without a deadline or for a job that fills it [share]."""
    if not job_hours or not deadline_hours or job_hours >= deadline_hours:
        return 0.0
    return 1.0 - job_hours / deadline_hours


def rent_per_year_at(card: Card, scenario: Scenario, utilisation: float, prices: PriceBasis | None = None
                     ) -> float | None:
    """Renting the same cards for ``utilisation`` of a year at the cloud price [currency/year]
    (``prices``: the estimate's price basis of ``card`` in ``scenario``, when already worked out)."""
    cloud = (prices or price_basis(card, scenario.economics, scenario.constraints.region)).cloud_per_hour
    return None if cloud is None else cloud * scenario.count * HOURS_PER_YEAR * utilisation


def break_even_utilisation(own: OwnershipCost, card: Card, scenario: Scenario, prices: PriceBasis | None = None
                           ) -> float | None:
    """Utilisation above which owning costs less than renting (None: no cloud price, or renting
    is cheaper even at full use). Both are linear in utilisation, so the crossing is exact."""
    rent_full = rent_per_year_at(card, scenario, 1.0, prices)
    if rent_full is None:
        return None
    fixed = own.per_year_at(0.0)
    slope = own.per_year_at(1.0) - fixed
    if rent_full <= slope:
        return None
    crossing = fixed / (rent_full - slope)
    return crossing if crossing <= 1.0 else None


def rent_vs_buy_curve(own: OwnershipCost, card: Card, scenario: Scenario, points: int = 21
                      ) -> list[tuple[float, float, float | None]]:
    """(utilisation, own per year, rent per year) from 0 to 1 [share, currency/year]."""
    out = []
    for i in range(points):
        u = i / (points - 1)
        out.append((u, own.per_year_at(u), rent_per_year_at(card, scenario, u)))
    return out


def cost_per_unit(own: OwnershipCost, work_per_year_at_full: float | None) -> float | None:
    """The TCO divided by the work done over the years at the scenario's utilisation
    [currency per unit of work]."""
    if not work_per_year_at_full:
        return None
    return own.tco / (work_per_year_at_full * own.utilisation * own.years)
