"""The cost figures a recommendation ranks on: owning the configuration (its whole bill of
materials over the years, :func:`ownership_cost`), renting it (:func:`cloud_cost`) and its energy,
each per million tokens or graphics unit of the work done."""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend_filters import Filters
from configurator.core.workloads import family_of


def ownership_cost(est: Estimate, book: PriceBook | None = None) -> DeploymentCost:
    """What owning the configuration costs: its whole bill of materials priced from ``book`` over the
    years (:func:`configurator.core.procurement.deployment.deployment_cost`, the summary's figure; the
    cards already owned are the scenario's ``economics.owned_cards``, set by :func:`priced_for`).
    ``book`` None: the scenario's own (:func:`~configurator.core.procurement.prices.price_book_for`)."""
    return deployment_cost(est, book)


def cloud_cost(est: Estimate) -> float | None:
    """Cloud rental for the training job, or per hour of serving."""
    return est.costs.cloud


def tco_per_million(est: Estimate, filters: Filters | None = None, book: PriceBook | None = None) -> float | None:
    """The total cost of ownership per million tokens or per graphics unit: the whole bill of
    materials owned over the years with its energy, support and licences, less its resale value,
    over the work done in those years (:attr:`DeploymentCost.ranked_per_unit`); None while a line
    of the bill has no price or the power is unknown."""
    return ownership_cost(est, book).ranked_per_unit


def _per_unit(cost: float, est: Estimate, hours: float) -> float | None:
    """``cost`` per million tokens or graphics unit; None when the deployment does no work
    (the family's work over ``hours`` and its units per cost unit)."""
    family = family_of(est.scenario.workload)
    work = family.work_paid_for(est, hours)
    return cost / work * family.unit_scale if work > 0 else None


def cloud_per_million(est: Estimate) -> float | None:
    """Cloud rental per million tokens or graphics unit (serving: one hour's rent over one
    hour's work)."""
    cost = cloud_cost(est)
    return None if cost is None else _per_unit(cost, est, 1.0)


def energy_per_million(est: Estimate) -> float | None:
    if est.energy_kwh is None:
        return None
    return _per_unit(est.energy_kwh, est, 1.0)


def rent_or_buy(est: Estimate, cost: DeploymentCost) -> Message:
    """Rent or buy in one sentence: over the TCO's years at its utilisation, the rent of the same cards
    (``rent_per_year`` × years) against the total cost of ownership, and the break-even utilisation
    above which buying costs less (:func:`configurator.core.procurement.tco.break_even_utilisation`,
    the figure the printed summary's break-even row and rent chart read), or that renting is cheaper
    at any utilisation; without a cloud price for ``est``'s card, that and what buying costs."""
    own = cost.ownership
    said = {"years": own.years, "u": own.utilisation, "tco": own.tco, "currency": own.currency}
    if cost.rent_per_year is None:
        return msg("rent-or-buy-no-rent", card=est.card.name, **said)
    said["rent"] = cost.rent_per_year * own.years
    if cost.break_even_utilisation is None:
        return msg("rent-or-buy-rent-cheaper", **said)
    return msg("rent-or-buy", break_even=cost.break_even_utilisation, **said)
