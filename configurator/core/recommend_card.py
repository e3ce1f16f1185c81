"""One card's part of the ranking: its configurations scored, and where the card stands.

:func:`rank_card` plans a card's deployments for the scenario and keeps its best configuration that
meets every constraint (:func:`score`), else its fewest cards without a price, else the one closest
to the line (:func:`below_the_line`), else why it is left out (:class:`CardRanking`);
:func:`suggest` gives the configuration of one card the ranking would rank. Split out of
:mod:`configurator.core.recommend` (which ranks the catalog from these) in December 2026.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.constraints import region_excludes
from configurator.core.estimate import Estimate
from configurator.core.messages import Message, deadline_msg, msg
from configurator.core.procurement.host import rented_by_rent
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.recommend_costs import cloud_per_million, energy_per_million, tco_per_million
from configurator.core.recommend_filters import CONSUMER_LEFT_OUT, Filters
from configurator.core.recommend_pricing import PRICED_OBJECTIVES, priced_for, rented_for
from configurator.core.recommend_record import Objective, Recommendation, speed_of
from configurator.core.recommend_rows import (
    budget_unchecked, miss_size, no_rent_reason, oversized_figures, rent_budget, unpriced_reason,
)
from configurator.core.region import delivery_message, import_message
from configurator.core.scenario import Scenario
from configurator.core.serving_use import as_asked
from configurator.core.workloads import family_of
from configurator.core.workloads.checks import constraint_ids
from configurator.core.workloads.layout import plannable


# ---- scoring ----------------------------------------------------------------------------


def score(est: Estimate, objective: Objective, filters: Filters, book: PriceBook | None = None) -> float | None:
    """Lower is better; None when the objective cannot be evaluated (no price, no power, or no
    serving figures: a card without a published memory bandwidth cannot be timed for decoding).
    ``book`` prices the bill of materials of the TCO objective (None: the estimate scenario's own)."""
    if not family_of(est.scenario.workload).can_rank(est):
        return None
    if objective is Objective.TCO:
        return tco_per_million(est, filters, book)
    if objective is Objective.CLOUD:
        return cloud_per_million(est)
    if objective is Objective.FASTEST:
        return speed_of(est)
    if objective is Objective.ENERGY:
        return energy_per_million(est)
    return float(est.scenario.count)


def constraint_violation(est: Estimate, filters: Filters) -> str | None:
    """The first stated constraint the configuration breaks (or cannot be checked against), in
    words, or None: the estimate's own verdicts (one checker for warnings, ranking and the line)."""
    violations = est.violations
    return violations[0].message.text if violations else None


def _best_per_card(candidates: list[Estimate], objective: Objective, filters: Filters, book: PriceBook
                   ) -> Recommendation | None:
    """The card's configuration that meets every constraint with the best score (then the fewest
    cards, then the fastest; the first of equals), with its cost figures: only those that meet
    every constraint are scored, and the figures are worked out for the best alone (its bill of
    materials priced once: the TCO is the score when ranking by it)."""
    best, kept = None, None
    for est in candidates:
        if constraint_violation(est, filters) or budget_unchecked(est):
            continue  # not scored: one that breaks a constraint is never the card's best
        value = score(est, objective, filters, book)
        if value is None:
            continue
        key = (value, est.scenario.count, speed_of(est))
        if kept is None or key < kept:
            best, kept = est, key
    if best is None:
        return None
    tco = kept[0] if objective is Objective.TCO else tco_per_million(best, filters, book)
    return Recommendation(best, kept[0], tco, cloud_per_million(best), energy_per_million(best))


def _unpriced(candidates: list[Estimate], objective: Objective, filters: Filters, book: PriceBook
              ) -> Recommendation | None:
    """The configuration with the fewest cards that meets every constraint (the fastest of those),
    when the objective lacks its price, or a budget cannot be checked for want of one: at one price
    per card the fewest cost least, so it is the one a quote would rank. (The fastest showed
    1,536 x Ascend 910C for an 8B fine-tune once the card's 384-chip link had a speed.)"""
    meeting = [e for e in candidates if not constraint_violation(e, filters)]
    if objective not in PRICED_OBJECTIVES:
        meeting = [e for e in meeting if budget_unchecked(e)]
    if not meeting:
        return None
    est = min(meeting, key=lambda e: (e.scenario.count, speed_of(e)))
    rent_missing = objective is Objective.CLOUD and cloud_per_million(est) is None
    reason = no_rent_reason(est) if rent_missing or rent_budget(est) else unpriced_reason(est, book)
    oversized = oversized_figures(est)  # said beside the price it lacks: not a fleet a quote should be asked for
    reasons = (reason,) if oversized is None else (reason, msg("unpriced-oversized", why=reason, **oversized))
    return Recommendation(est, math.inf, tco_per_million(est, filters, book), cloud_per_million(est),
                          energy_per_million(est), reasons)


def below_the_line(candidates: Sequence[Estimate], objective: Objective, filters: Filters,
                   book: PriceBook | None = None) -> Recommendation | None:
    """The configuration of one card that comes closest to meeting the constraints it breaks
    (fewest broken, then by the least, then the objective), with the verdicts it breaks as
    reasons; None when no candidate breaks one. ``book``: as :func:`score`'s."""
    breaking = [e for e in candidates if e.violations]
    if not breaking:
        return None

    def value(est: Estimate) -> float:
        found = score(est, objective, filters, book)
        return math.inf if found is None else found

    est = min(breaking, key=lambda e: (miss_size(e), value(e), e.scenario.count))
    reasons = [v.message for v in est.violations]
    if (oversized := oversized_figures(est)) is not None:  # the first break said with the fleet's size
        reasons[0] = msg("below-line-oversized", miss=reasons[0], **oversized)
    return Recommendation(est, value(est), tco_per_million(est, filters, book), cloud_per_million(est),
                          energy_per_million(est), tuple(reasons))


def _candidates(scenario: Scenario, card: Card, objective: Objective) -> list[Estimate]:
    """The card's configurations worth ranking; for serving with none that meets the latency
    targets, the one that carries the load without them (it goes below the line)."""
    whole = objective is not Objective.CLOUD
    family = family_of(scenario.workload)
    found = family.deployments(scenario, card, all_counts=objective is Objective.FASTEST, whole_systems=whole)
    if not found:
        closest = family.closest_deployment(plannable(scenario, card), card, whole_systems=whole)
        if closest is not None and closest.fits:
            return [closest]
    return found


@dataclass(frozen=True)
class CardRanking:
    """Where one card stands in a ranking (:func:`rank_card`): its best configuration
    (``ranked``), else its fewest cards without a price (``unpriced``), else its closest one below
    the line (``below_line``); ``why`` says why it is not ranked (None when it is)."""

    card: Card
    ranked: Recommendation | None = None
    unpriced: Recommendation | None = None
    below_line: Recommendation | None = None
    why: Message | None = None
    unrated: Message | None = None

    @property
    def rejected(self) -> str | None:
        """:attr:`why` in English (None when ranked)."""
        return None if self.why is None else self.why.text


def rank_card(scenario: Scenario, card: Card, objective: Objective = Objective.TCO,
              filters: Filters = Filters(), book: PriceBook | None = None) -> CardRanking:  # noqa: B008 - frozen
    """One card's part of :func:`~configurator.core.recommend.recommend` (the slow part: its deployments
    planned and priced), so that a caller can rank the catalog card by card, in any order, and show what it
    has so far (:func:`~configurator.core.recommend.ranking_of`)."""
    book = price_book_for(scenario.economics) if book is None else book
    if not filters.allows(card, scenario.workload):
        consumer_only = card.is_consumer and replace(filters, consumer=True).allows(card, scenario.workload)
        return CardRanking(card, why=CONSUMER_LEFT_OUT if consumer_only else msg("left-out-filtered"))
    priced = rented_by_rent(rented_for(priced_for(scenario, card, filters), objective), card,
                            objective is Objective.CLOUD)  # a rent is no bill: the housing rule refuses bills
    barred = region_excludes(priced, card)  # none for cards already owned: delivered
    if barred is not None:  # may not be exported there at all: left out, not below the line
        return CardRanking(card, why=barred.message)
    candidates = _candidates(priced, card, objective)
    if not candidates and (unrated := unrated_line(priced, card)) is not None:
        return CardRanking(card, why=unrated, unrated=unrated)
    if not candidates:
        # the deadline, not memory, may be why: beyond reach even at peak, else missed at every count that fits
        family = family_of(scenario.workload)
        reach = family.deadline_out_of_reach(scenario, card)
        late = None if reach else family.missed_deadline(scenario, card)
        return CardRanking(card, why=(deadline_msg("deadline-out-of-reach", scenario.constraints.deadline_hours,
                                                    {"hours": reach[1]}, card=card.name, count=reach[0])
                                       if reach
                                       else late if late else family.rejection(scenario, card)))
    rec = _best_per_card(candidates, objective, filters, book)
    if rec is None and (missing := _unpriced(candidates, objective, filters, book)) is not None:
        return CardRanking(card, unpriced=missing, why=missing.reasons[0])
    if rec is None:
        closest = below_the_line(candidates, objective, filters, book)
        if closest is not None:
            return CardRanking(card, below_line=closest, why=msg("left-out-below-line", reasons=list(closest.reasons)))
        return CardRanking(card, why=msg("left-out-no-figure", objective=objective.value))
    return CardRanking(card, ranked=rec)


def unrated_line(scenario: Scenario, card: Card) -> Message | None:
    """Why ``card`` cannot be rated for ``scenario`` (the family's
    :meth:`~configurator.core.workloads.base.WorkloadFamily.unrated`: a figure the catalog lacks),
    with what the region says of it (a licence needed, Chinese regulators' caution): a buyer there
    weighs it still; None when the card has the figures."""
    why = family_of(scenario.workload).unrated(scenario, card)
    if why is None:
        return None
    region = scenario.constraints.region
    for caution in (delivery_message(card, region), import_message(card, region)):
        if caution is not None:
            why = msg("unrated-caution", why=why, caution=caution)
    return why


def suggest(scenario: Scenario, card: Card, objective: Objective = Objective.TCO,
            book: PriceBook | None = None) -> Scenario:
    """The configuration of ``card`` the recommendation would rank for ``scenario`` (the same
    deployments and checks, bills priced from ``book``; None: the scenario's own); without a price,
    the fastest that meets every constraint; ranked by rent in mainland China, as rented
    (:func:`rented_for`). Given as asked (:func:`~configurator.core.serving_use.as_asked`, the panel's
    and the command line's rule): the job's global batch is the question's, not the one the planner
    moved it to on the count chosen, so that ``suggest`` of its own answer answers the same question
    (Llama 2 7B, 1 T tokens in 30 days on A100 80GB: 112 cards at 2,064,384 tokens moved from
    2,097,152; asked again at 2,064,384 it chose 96)."""
    scenario = rented_for(scenario, objective)
    candidates = family_of(scenario.workload).deployments(scenario, card,
                                                          whole_systems=objective is not Objective.CLOUD)
    rec = _best_per_card(candidates, objective, Filters(),
                         price_book_for(scenario.economics) if book is None else book)
    if rec is not None:
        return as_asked(rec.estimate.scenario, scenario)
    feasible = [e for e in candidates if not constraint_ids(e)] or candidates
    if feasible:
        return as_asked(min(feasible, key=lambda e: (speed_of(e), e.scenario.count)).scenario, scenario)
    return plannable(scenario, card)
