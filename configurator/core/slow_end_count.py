"""The fewest cards that meet a deadline even at the slow end of the likely range (session 49, slowend49).

A training job's deadline verdict says a deadline met at the estimate that the slow end of the
likely range misses (:func:`configurator.core.constraints.check`, ``slow_hours``; "Takes 60.0 days,
42.6 min within the 60-day deadline at the estimate; may miss it at the slow end of the likely range
(60.7 days)"). A buyer signing a purchase wants that margin priced: how many cards of the same card
meet it even there, and what the extra cards cost to own. :func:`with_slow_end` runs the same count
and layout search as the ranking (the workload family's
:meth:`~configurator.core.workloads.base.WorkloadFamily.deployments`) at the deadline shortened by the
band's slow-end factor, keeps the fewest count whose own slow end meets the deadline and every other
constraint, and writes it into the deadline verdict's ``params`` (``slow_count``, ``slow_count_hours``,
``slow_extra``, …), which the verdict's words (:mod:`configurator.core.verdicts`) and its JSON say.

Ranked by rent (:attr:`~configurator.core.scenario_ranking.Objective.CLOUD`) the extra cost is the job's extra
rent at the card's rent per card-hour, the basis that ranking compares (:func:`extra_rent`; session 49,
slowend49b), not the cost of owning them. A configuration picked by hand (``estimate``, the window's estimate
panel) says it too, on its scenario's saved ranking question's basis (:func:`with_slow_end_asked`).

The ranking's pick (chosen at the estimate: the owner's policy) is unchanged. Nothing is searched where
the slow end meets the deadline or the work has no band (rendering, serving): the estimate is
returned as it is.
"""

from __future__ import annotations

from dataclasses import replace

from configurator.core.catalog import Card
from configurator.core.frozen_record import stored
from configurator.core.memo import LruMemo
from configurator.core.procurement.prices import PriceBook
from configurator.core.scenario import Scenario, updated
from configurator.core.scenario_ranking import Objective
from configurator.core.uncertainty import slow_end_hours
from configurator.core.verdicts import Verdict
from configurator.core.workloads import family_of
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import TRAINING_COUNTS

MEMO_SIZE = 8
"""Estimates whose search :func:`with_slow_end` keeps (the window ranks card by card and asks again for
the same first at each step) [estimates]."""

_MEMO: LruMemo[Estimate] = LruMemo(MEMO_SIZE)
"""Each estimate said with its slow end's count, by objective, for the same estimate and price book objects
(thread-safe: the window's workers rank at once)."""


def slow_factor(count: int) -> float:
    """The slow end of a job's time at ``count`` cards over its estimate (the band's high end of the
    hours, :func:`~configurator.core.uncertainty.slow_end_hours`) [-]."""
    return slow_end_hours(1.0, count)


def deadline_verdict(est: Estimate) -> Verdict | None:
    """The estimate's deadline verdict, None where no deadline was checked."""
    return next((v for v in est.verdicts if v.id == "deadline"), None)


def misses_at_slow_end(verdict: Verdict | None) -> bool:
    """A deadline met at the estimate that the likely range's slow end misses (the verdict's words
    "may miss it at the slow end", :func:`configurator.core.verdicts._deadline`)."""
    if verdict is None or not verdict.met:
        return False
    slow = verdict.params.get("slow_hours")
    return slow is not None and slow > verdict.target


def with_slow_end(est: Estimate, book: PriceBook | None = None, objective: Objective = Objective.TCO) -> Estimate:
    """``est`` with its deadline verdict saying the fewest count of its card whose slow end meets the
    deadline (:func:`fewest_at_slow_end`) and what it costs beyond ``est``'s on the ranking's basis:
    ranked by rent (``objective`` CLOUD) any count is tried and the extra is the job's rent
    (:func:`extra_rent`), else counts of whole servers only, as a ranking by ownership buys them, and the
    extra is the cost of owning them (:func:`extra_ownership`; ``book``: the ranking's prices, None: the
    scenario's own). ``est`` itself where the slow end meets, or no deadline was checked: nothing is
    searched."""
    verdict = deadline_verdict(est)
    if not misses_at_slow_end(verdict) or "slow_count" in verdict.params:
        return est
    kept = _MEMO.get(objective, held=(est, book))
    if kept is not None:
        return kept
    rent = objective is Objective.CLOUD
    found, blocked = fewest_at_slow_end(est.scenario, est.card, verdict.target, whole_systems=not rent)
    params = {**verdict.params, "slow_count": None, "slow_blocked": blocked, "card": est.card.name,
              "currency": est.scenario.economics.currency, "years": est.scenario.economics.amortisation_years,
              "slow_basis": "rent" if rent else "ownership"}
    if found is not None:
        params.update(slow_count=found.scenario.count, slow_count_hours=deadline_verdict(found).params["slow_hours"],
                      slow_extra=extra_rent(est, found) if rent else extra_ownership(est, found, book))
        if rent:
            params.update(slow_rate=est.costs.prices.cloud_per_hour)
    verdicts = tuple(replace(v, params=params) if v is verdict else v for v in est.verdicts)
    said = replace(est, limits=stored(est, "limits"), messages=stored(est, "messages"), verdicts=verdicts)
    return _MEMO.put(objective, said, held=(est, book))


def with_slow_end_asked(est: Estimate) -> Estimate:
    """A configuration picked by hand (``estimate``'s text and JSON, the window's estimate panel) with its
    slow end's count (:func:`with_slow_end`) on the basis of the ranking question its scenario holds
    (:attr:`~configurator.core.scenario.Scenario.ranking`: by rent, the extra rent; else the extra cost of
    owning), priced at the scenario's own prices, as its summary is."""
    return with_slow_end(est, None, est.scenario.ranking.objective)


def fewest_at_slow_end(scenario: Scenario, card: Card, deadline: float, whole_systems: bool = True
                       ) -> tuple[Estimate | None, bool]:
    """The fewest count of ``card`` whose job meets ``deadline`` [h] even at the slow end of its likely
    range, and every other constraint ``scenario`` states, as an estimate at ``deadline`` (None where no
    count the search tries does), and whether some count tried meets the deadline there but breaks
    another constraint (a budget, a power cap). The family's count and layout search (the ranking's) is
    run at the deadline shortened by each slow-end factor the band holds for counts from ``scenario``'s
    up (:func:`slow_factor`: one for every count above 64 cards), so it stops just past the counts that
    meet there; each count kept is judged at its own slow end."""
    family = family_of(scenario.workload)
    factors = sorted({slow_factor(n) for n in (scenario.count, *TRAINING_COUNTS) if n >= scenario.count})
    meeting: dict[int, Estimate] = {}
    blocked = False
    for factor in factors:
        shortened = updated(scenario, constraints={"deadline_hours": deadline / factor})
        for est in family.deployments(shortened, card, whole_systems=whole_systems):
            verdict = deadline_verdict(est)
            slow = None if verdict is None else verdict.params.get("slow_hours", verdict.actual)
            if slow is None or slow > deadline:
                continue
            if any(v.id != "deadline" for v in est.violations):
                blocked = True
            else:
                meeting.setdefault(est.scenario.count, est)
    if not meeting:
        return None, blocked
    from configurator.core.estimate import estimate  # the count at the buyer's own deadline (its pace, its TCO)

    fewest = meeting[min(meeting)]
    return estimate(updated(fewest.scenario, constraints={"deadline_hours": deadline}), card), blocked


def extra_ownership(est: Estimate, more: Estimate, book: PriceBook | None = None) -> float | None:
    """What owning ``more`` costs beyond ``est`` over the years the hardware is owned: the difference of
    their total costs of ownership (:attr:`~configurator.core.procurement.tco.OwnershipCost.tco`: capex
    less resale, plus the years' energy, support, licences and colocation), each bill priced from
    ``book``; None where either bill lacks a price [currency]."""
    from configurator.core.recommend_costs import ownership_cost  # the estimator's costs: loaded with a search

    mine, theirs = ownership_cost(est, book).ownership, ownership_cost(more, book).ownership
    if not (mine.complete and theirs.complete):
        return None
    return theirs.tco - mine.tco


def extra_rent(est: Estimate, more: Estimate) -> float | None:
    """What renting ``more`` for the job costs beyond renting ``est``: the difference of their rents for the
    job at the estimate (:attr:`~configurator.core.economics.Costs.cloud`: the rent per card-hour times the
    cards times the job's hours), the basis a ranking by rent compares; None where either has no rent
    [currency]."""
    mine, theirs = est.costs.cloud, more.costs.cloud
    return None if mine is None or theirs is None else theirs - mine
