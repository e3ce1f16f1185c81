"""Money over the years: capex, opex per year, N-year total cost of ownership with depreciation
and residual value, rent against buy by utilisation, and cost per unit of work."""

from __future__ import annotations

from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.desks import applied_colocation, applied_pue
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
    (IT power × average share × PUE × hours × price; the PUE :func:`~configurator.core.desks.applied_pue`'s,
    none in an office: at the users' desks or in a deskside workstation, ``bom.host``), support as a share of
    capex, licences, colocation per kW-month
    of IT load (:func:`~configurator.core.desks.applied_colocation`'s: none at the users' desks).

    **Assumption**: a job with a deadline that it beats is costed at the pace asked (the cards
    wait :func:`paced_idle_share` of the time), but its energy counts the waiting hours at load
    power: the catalog has no idle power per card, and the published idle figures cover three
    cards (H100, A100, L40S: arXiv:2605.23918), so the energy is an upper bound and the summary's
    TCO note says so (message ``paced-energy``)."""
    e = scenario.economics
    u = e.utilisation
    office = bom.host == "workstation"  # deskside workstations: an office socket (procurement.host)
    energy = None
    if bom.it_kw is not None:
        pue = applied_pue(scenario, office)
        energy = bom.it_kw * e.power_fraction * pue * HOURS_PER_YEAR * u * e.electricity_per_kwh
    support_share = e.support_share_per_year if e.support_share_per_year is not None else \
        book.rate("support_share_per_year", SUPPORT_SHARE_FALLBACK)
    residual_share = e.residual_value_share if e.residual_value_share is not None else \
        book.rate("residual_value_share", 0.0)
    colocation = 0.0
    colocation_price = applied_colocation(scenario, office)  # none at the users' desks
    if colocation_price is not None and bom.it_kw is not None:
        colocation = colocation_price * bom.it_kw * 12
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


def rent_per_year_at(card: Card, scenario: Scenario, utilisation: float, prices: PriceBasis | None = None,
                     gpus: int | None = None) -> float | None:
    """Renting ``gpus`` cards (None: the scenario's ``count``) for ``utilisation`` of a year at the
    cloud price [currency/year] (``prices``: the estimate's price basis of ``card`` in ``scenario``,
    when already worked out)."""
    cloud = (prices or price_basis(card, scenario.economics, scenario.constraints.region)).cloud_per_hour
    n = scenario.count if gpus is None else gpus
    return None if cloud is None else cloud * n * HOURS_PER_YEAR * utilisation


VGPU_LICENCE_ITEMS = ("software-vgpu", "software-vgpu-vpc")
"""The price file's NVIDIA vGPU licences (RTX vWS, vPC) a desktop bill charges
(:func:`configurator.core.graphics.vgpu_licence`)."""

def rent_includes_vgpu_licence(prices: PriceBasis | None) -> bool:
    """Whether the rent's price entry includes the NVIDIA vGPU licence: its
    ``vgpu_licence_included`` true (Azure's NVadsA10 v5: "Each virtual machine instance in
    NVadsA10v5-series comes with a GRID license", Microsoft Learn, the entry's note). False where the
    entry says not, where its sources do not say (None: the GPU clouds that rent the card by the hour,
    RunPod, Lambda, the trackers' lowest listings, name no NVIDIA licence, and a desktop on a
    passed-through NVIDIA card needs RTX vWS, :func:`configurator.core.graphics.vgpu_licence`, so the
    bill's licences are counted on the rent too), for a price the user typed, or none."""
    entry = prices.cloud.entry if prices is not None and prices.cloud is not None else None
    return entry is not None and entry.vgpu_licence_included is True


@dataclass(frozen=True)
class RentAgainstBuy:
    """Renting against buying the same GPUs: those the bill of materials pays for, in the unit it buys
    them (a whole NVL72 rack: 72; an 8-GPU HGX server: 8; else the cards themselves), less the cards
    already owned (used either way: rented are only those the buyer would otherwise buy, and the owned
    cards' running costs count on both sides), with the bill's yearly licences on the rent too unless
    the rent's price includes them."""

    gpus: int
    """GPUs rented: the bill's less those already owned [count]."""
    used: int
    """GPUs the configuration uses (the scenario's count) [count]."""
    unit: str
    """How the bill buys them (:data:`~configurator.core.procurement.servers.PURCHASE_UNITS`)."""
    per_year: float | None
    """Renting the ``gpus`` at the TCO's utilisation, with :attr:`licences_per_year` and the owned cards'
    running costs (:meth:`owned_running_at`) [currency/year]; None without a cloud price or with nothing
    to rent."""
    licences_per_year: float
    """The bill's yearly licences counted on the rent too [currency/year]."""
    licences_in_rent: float
    """The bill's yearly licences the rent's price already includes (Azure NV-series: the vGPU
    licence), not added to it [currency/year]."""
    rent_provider: str | None
    """The provider of the rent's price entry (None: the user's figure or none)."""
    break_even_utilisation: float | None
    """Utilisation above which owning costs less than renting (:func:`break_even_utilisation`)."""
    break_even_month: float | None
    """Month from which renting has cost more than buying and running (:func:`break_even_month`)."""
    owned: int = 0
    """GPUs of the bill already owned (``Economics.owned_cards``, :attr:`BillOfMaterials.cards_owned`),
    not rented: they work either way [count]."""
    owned_energy_at_full: float = 0.0
    """The owned cards' share of the bill's energy at full use, ``owned / (gpus + owned)`` of it
    [currency/year]."""
    owned_colocation: float = 0.0
    """The owned cards' share of the bill's colocation, likewise [currency/year]."""
    chip_word: str = "GPU"
    """What the card calls one chip, the word the rented ones are counted in ('the 8 NPUs the bill buys
    in whole servers'; :attr:`~configurator.core.card.Card.chip_word`)."""

    def owned_running_at(self, utilisation: float) -> float:
        """Running the owned cards for ``utilisation`` of a year, on the rent as on buying: their share
        of the energy and the colocation [currency/year]."""
        return self.owned_energy_at_full * utilisation + self.owned_colocation

    def per_year_at(self, utilisation: float, full: float) -> float:
        """Renting for ``utilisation`` of a year, ``full`` the rent of the :attr:`gpus` at full use without
        licences [currency/year]: the licences are paid by the year, used or not, and the owned cards
        run beside the rented ones."""
        return full * utilisation + self.licences_per_year + self.owned_running_at(utilisation)


def break_even_utilisation(own: OwnershipCost, rent_full: float | None, rent_fixed: float = 0.0
                           ) -> float | None:
    """Utilisation above which owning costs less than renting: owning is ``fixed + slope × u``
    (:meth:`OwnershipCost.per_year_at`), renting ``rent_full × u + rent_fixed`` (the licences a
    year, :attr:`RentAgainstBuy.licences_per_year`); both linear in u, so the crossing is exact
    [share]. None: no cloud price, or renting is cheaper even at full use."""
    if rent_full is None:
        return None
    fixed = own.per_year_at(0.0) - rent_fixed
    slope = own.per_year_at(1.0) - own.per_year_at(0.0)
    if rent_full <= slope:
        return None
    crossing = max(0.0, fixed) / (rent_full - slope)
    return crossing if crossing <= 1.0 else None


def break_even_month(own: OwnershipCost, rent_per_year: float | None) -> float | None:
    """The month from which renting has cost more than buying and running: renting m months,
    ``rent × m/12``, reaches the capex paid up front plus m months of opex,
    ``capex + opex × m/12``, at ``m = 12 × capex / (rent − opex)`` [months]. The resale value is
    left out (it comes back only when the hardware is sold, at the end of the years), so it is a
    payback month; None without a rent, when the rent does not cover the opex, or beyond the
    TCO's years (buying may still cost less over the years by its resale value: the TCO says)."""
    if rent_per_year is None or rent_per_year <= own.opex_per_year:
        return None
    month = 12.0 * own.capex / (rent_per_year - own.opex_per_year)
    return month if month <= 12.0 * own.years else None


def rent_against_buy(bom: BillOfMaterials, own: OwnershipCost, card: Card, scenario: Scenario,
                     prices: PriceBasis | None = None) -> RentAgainstBuy:
    """Rent against buy on one basis: the GPUs the bill pays for (:attr:`BillOfMaterials.gpus_bought`,
    :func:`~configurator.core.procurement.servers.gpus_bought`) less those already owned
    (:attr:`BillOfMaterials.cards_owned`), rented at ``own``'s utilisation; the owned cards run either
    way, so their share of the bill's energy and colocation (by GPU count) counts on the rent as on
    buying; and the bill's yearly licences on both sides (those of :data:`VGPU_LICENCE_ITEMS` left off
    the rent where its price includes them, :func:`rent_includes_vgpu_licence`). With every card owned
    nothing is rented: no rent, no break-even.

    **Assumption**: the servers, network and racks the bill buys for the owned cards are on buying only
    (renting the shortfall, the owned cards would still need a host: the comparison leans that much
    towards renting where the owned cards do not fill whole servers of their own)."""
    bought = bom.gpus_bought or scenario.count
    owned = min(bom.cards_owned, bought)
    gpus = bought - owned
    share = owned / bought
    owned_energy = share * (own.energy_per_year or 0.0) / own.utilisation if own.utilisation else 0.0
    owned_colocation = share * own.colocation_per_year
    included = rent_includes_vgpu_licence(prices)
    yearly = [line for line in bom.lines if line.yearly and line.total is not None]
    in_rent = sum(line.total for line in yearly if included and line.item_id in VGPU_LICENCE_ITEMS)
    licences = sum(line.total for line in yearly) - in_rent
    full = rent_per_year_at(card, scenario, 1.0, prices, gpus) if gpus else None
    entry = prices.cloud.entry if prices is not None and prices.cloud is not None else None
    compared = RentAgainstBuy(gpus, scenario.count, bom.purchase_unit, None, licences, in_rent,
                              entry.provider if entry is not None else None, None, None, owned, owned_energy,
                              owned_colocation, card.chip_word)
    if full is None:
        return compared
    per_year = compared.per_year_at(own.utilisation, full)
    return replace(compared, per_year=per_year,
                   break_even_utilisation=break_even_utilisation(own, full + owned_energy, licences + owned_colocation),
                   break_even_month=break_even_month(own, per_year))


def rent_vs_buy_curve(own: OwnershipCost, card: Card, scenario: Scenario, compared: RentAgainstBuy | None,
                      points: int = 21) -> list[tuple[float, float, float | None]]:
    """(utilisation, own per year, rent per year) from 0 to 1 [share, currency/year], the rent of
    ``compared``'s GPUs with its licences and the owned cards' running costs (None: the scenario's cards,
    without licences); rents None without a cloud price or with nothing to rent (every card owned)."""
    full = rent_per_year_at(card, scenario, 1.0, gpus=None if compared is None else compared.gpus)
    if compared is not None and compared.per_year is None:
        full = None
    out = []
    for i in range(points):
        u = i / (points - 1)
        rent = None if full is None else compared.per_year_at(u, full) if compared is not None else full * u
        out.append((u, own.per_year_at(u), rent))
    return out


def cost_per_unit(own: OwnershipCost, work_per_year_at_full: float | None) -> float | None:
    """The TCO divided by the work done over the years at the scenario's utilisation
    [currency per unit of work]."""
    if not work_per_year_at_full:
        return None
    return own.tco / (work_per_year_at_full * own.utilisation * own.years)
