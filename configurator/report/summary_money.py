"""The summary's money: each configuration priced on the objective's basis (:class:`Option`) and its
cost per unit of work; the bill of materials, the total cost of ownership and the rent-or-buy chart are
in :mod:`configurator.report.summary_bill`, the prices the ranking uses with whether price decides it
(issue 25) in :mod:`configurator.report.summary_prices`. No Qt here; :mod:`configurator.report.summary`
puts them in the document."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.estimate import Estimate
from configurator.core.job_alone import job_alone
from configurator.core.messages import Message
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost, work_over_years
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend import Objective
from configurator.core.recommend_costs import cloud_per_million
from configurator.core.procurement.host import in_office
from configurator.core.view.estimate_cost_view import JOB_ALONE_BASIS, JOB_ALONE_SHORT, job_alone_label
from configurator.core.view.cost_bases import PER_UNIT, basis_label, per_unit_label
from configurator.core.view.ranking_view import ranking_cost_heading
from configurator.core.view.rows import Phrase, write
from configurator.core.workloads import family_of
from configurator.report.language import Words
from configurator.core.view.numbers import unit_cost


def per_unit_name(est: Estimate, w: Words, basis: str = "tco", office: bool | None = None) -> str:
    """The cost per unit of work with its basis named: the summary's is the bill of materials' TCO
    (cloud rent when the ranking is by rent, with the licence it adds or includes); the window's
    estimate and ranking name theirs too. ``office``: whether the bills named are all in an office
    (workstations: :func:`~configurator.core.procurement.host.in_office`); None: ``est``'s own."""
    family = family_of(est.scenario.workload)
    licence = est.costs.licence_per_unit if basis == "cloud" else None
    office = in_office(est.scenario, est.card) if office is None else office
    return write(per_unit_label(family.cost_unit, basis, est.scenario.economics.amortisation_years,
                                family.pace, licence, office), w.language)


def per_unit_glance(est: Estimate, w: Words, basis: str = "tco") -> tuple[str, str]:
    """:func:`per_unit_name` in two, for the first page's two columns: the cost per unit of work
    ('Cost per million tokens') and its basis ('total cost of ownership: cards, servers, network, power,
    support — over 4 years, if the cards train at this pace all 4 years'), the basis read beside the
    figure. The whole name as the row's label wrapped to six lines in the first page's narrow label
    column, its figure alone beside them (session 47, look)."""
    family = family_of(est.scenario.workload)
    licence = est.costs.licence_per_unit if basis == "cloud" else None
    named = basis_label(basis, est.scenario.economics.amortisation_years, family.cost_unit, family.pace, licence,
                        in_office(est.scenario, est.card))
    return write(per_unit_label(family.cost_unit, None), w.language), write(named, w.language)


def per_unit_heading(est: Estimate, w: Words, objective: Objective, office: bool | None = None) -> tuple[str, str]:
    """The alternatives' cost column as a table heads it, short as the window's and the command line's
    rankings head it ('TCO/frame', 'Rent/M tokens':
    :func:`~configurator.core.view.ranking_view.ranking_cost_heading`), and the sentence under the
    table that names it in full (:func:`per_unit_name`). The full name as the heading wrapped to seven
    lines on the summary's second page (session 37)."""
    basis = "cloud" if objective is Objective.CLOUD else "tco"
    short = write(ranking_cost_heading(Objective.CLOUD if basis == "cloud" else Objective.TCO, est.scenario),
                  w.language)
    return short, w("{short}: {full}.", short=short, full=per_unit_name(est, w, basis, office))


def job_alone_rows(est: Estimate, cost: DeploymentCost, w: Words, glance: bool = False) -> tuple[tuple[str, str], ...]:
    """A job that ends, usable: what this job alone costs per unit of its work with its cards and servers
    bought for it (:func:`configurator.core.job_alone.job_alone`), beside the TCO per unit spread over the
    years; none for work that runs on. ``glance``: the first page's row, its label short and what the figure
    covers beside it (:func:`per_unit_glance`)."""
    job = job_alone(est, cost) if est.usable else None
    if job is None:
        return ()
    family = family_of(est.scenario.workload)
    value = unit_cost(job.bought_per_unit, cost.bom.currency, w.language)
    if not glance:
        return ((write(job_alone_label(family), w.language), value),)
    return ((write(Phrase(JOB_ALONE_SHORT, {"per": PER_UNIT[family.cost_unit]}), w.language),
             w("{value} — {note}", value=value, note=w(JOB_ALONE_BASIS))),)


@dataclass(frozen=True)
class Option:
    """One configuration in the ranking: the estimate, what it costs over the years and per
    unit of work on the objective's price basis (None: no price there)."""

    estimate: Estimate
    cost: DeploymentCost
    per_unit: float | None
    score: float | None
    reason: Message | None = None
    """Why an unranked configuration has no score: the recommendation's own reason (``no-price``,
    ``no-price-items``, a rent only in another market …); None when ranked or
    not told (then read as no price)."""


# ---- money per unit of work -------------------------------------------------------------


def work_per_year(est: Estimate) -> float | None:
    """Work a deployment does in a year at the scenario's utilisation, in the unit costs are
    quoted per: million tokens, user-months, stream-hours or frames (the TCO's work,
    :func:`~configurator.core.procurement.deployment.work_over_years`, over its years)."""
    work = work_over_years(est)
    return None if work is None else work / est.scenario.economics.amortisation_years


def rent_cost_per_unit(est: Estimate, cost: DeploymentCost) -> float | None:
    """Rent per unit of work, the recommendation's own figure
    (:func:`~configurator.core.recommend_costs.cloud_per_million`: an hour's rent over an hour's work);
    None without a cloud price or work. Rented cards are paid while they work: a year's rent over a
    year's work at the pace a deadline asks charged a job of 12.9 h in 5 days for all 5 — 0.468 USD
    per million tokens on page 1 where the command line ranked it at 0.0504, and the rows in another
    order (persona check, December 2026)."""
    return None if cost.rent_per_year is None else cloud_per_million(est)


def _cost_per_unit(est: Estimate, cost: DeploymentCost, objective: Objective) -> float | None:
    """TCO (or, ranking by cloud cost, rent) per unit of work; None without the prices for it
    (the TCO: :attr:`DeploymentCost.ranked_per_unit`, the figure the recommendation ranks on)."""
    if objective is Objective.CLOUD:
        return rent_cost_per_unit(est, cost)
    return cost.ranked_per_unit


def tco_per_unit_of(est: Estimate, mine: Option) -> float | None:
    """The TCO per unit of work whatever the ranking's basis (the headline and the TCO table say TCO)."""
    return _cost_per_unit(est, mine.cost, Objective.TCO)


def ranked_option(est: Estimate, objective: Objective, book: PriceBook) -> Option:
    cost = deployment_cost(est, book)
    per_unit = _cost_per_unit(est, cost, objective)
    if objective in (Objective.TCO, Objective.CLOUD):
        score = per_unit
    elif objective is Objective.FASTEST:
        family = family_of(est.scenario.workload)
        score = family.speed_figure(est) if family.can_rank(est) else None
    elif objective is Objective.ENERGY:
        work = work_per_year(est)
        energy = cost.ownership.energy_per_year
        score = None if not work or energy is None else energy / work
    else:
        score = float(est.scenario.count)
    return Option(est, cost, per_unit, score)
