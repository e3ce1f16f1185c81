"""The fewest cards that meet a deadline, carry a request rate or serve a question's users at once within its
latency targets even at the slow end of the likely range (session 49, slowend49; serving, slowend49c; users at
once, session 50, small50: :func:`users_at_slow_end`).

A training job's deadline verdict says a deadline met at the estimate that the slow end of the
likely range misses (:func:`configurator.core.constraints.check`, ``slow_hours``; "Takes 60.0 days,
42.6 min within the 60-day deadline at the estimate; may miss it at the slow end of the likely range
(60.7 days)"); a serving deployment's request-rate verdict a rate carried at the estimate that the slow
end does not (``slow_requests_per_s``; "… at least the 40.00 requests/s needed at the estimate; may miss it at the
slow end of the likely range (34.10 requests/s)"). A buyer signing a purchase wants that margin priced:
how many cards of the same card meet it even there, and what the extra cards cost. :func:`with_slow_end`
runs the same count and layout search as the ranking (the workload family's
:meth:`~configurator.core.workloads.base.WorkloadFamily.deployments`) at the target tightened by the
band's slow-end factor (the deadline shortened, the rate raised: :data:`SLOW_ENDS`, one mechanism for
both), keeps the fewest count whose own slow end meets the target and every other constraint, and
writes it into the verdict's ``params`` (``slow_count``, ``slow_count_hours`` or ``slow_count_requests_per_s``,
``slow_extra``, …), which the verdict's words (:mod:`configurator.core.verdicts`) and its JSON say.

Ranked by rent (:attr:`~configurator.core.scenario_ranking.Objective.CLOUD`) the extra cost is the extra
rent at the card's rent per card-hour, the basis that ranking compares (:func:`extra_rent`; session 49,
slowend49b: the job's for a job, a month's around the clock for a service), not the cost of owning them. A
configuration picked by hand (``estimate``, the window's estimate panel) says it too, on its scenario's
saved ranking question's basis (:func:`with_slow_end_asked`).

The ranking's pick (chosen at the estimate: the owner's policy) is unchanged. Nothing is searched where
the slow end meets the target or the work has no band (rendering): the estimate is returned as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.formulas.economics import HOURS_PER_MONTH
from configurator.core.frozen_record import stored
from configurator.core.memo import LruMemo
from configurator.core.procurement.prices import PriceBook
from configurator.core.scenario import Scenario, updated
from configurator.core.scenario_ranking import Objective, objective_for
from configurator.core.serving_use import latency_targets
from configurator.core.uncertainty import slow_end_hours, slow_end_latency, slow_end_rate
from configurator.core.verdicts import USERS_SAID, Verdict
from configurator.core.workloads import family_of
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import TRAINING_COUNTS
from configurator.core.workloads.serving.deployment import SERVING_COUNTS

MEMO_SIZE = 8
"""Estimates whose search :func:`with_slow_end` keeps (the window ranks card by card and asks again for
the same first at each step) [estimates]."""

_MEMO: LruMemo[Estimate] = LruMemo(MEMO_SIZE)
"""Each estimate said with its slow end's count, by objective, for the same estimate and price book objects
(thread-safe: the window's workers rank at once)."""


def slow_factor(scenario: Scenario, card: Card, count: int) -> float:
    """The slow end of ``scenario``'s job's time on ``count`` of ``card`` over its estimate (the band's high end
    of the hours, :func:`~configurator.core.uncertainty.slow_end_hours`) [-]."""
    return slow_end_hours(1.0, scenario, card, count)


def slow_rate_factor(scenario: Scenario, card: Card, count: int) -> float:
    """The slow end of ``scenario``'s serving deployment's request rate on ``count`` of ``card`` over its
    estimate (the low end of the band the rate is shown with, :func:`~configurator.core.uncertainty.slow_end_rate`:
    its engine on the card's software stack where the bands file has that group) [-]."""
    return slow_end_rate(1.0, scenario, card, count)


LATENCY_FIELDS = {"ttft": "ttft_ms", "tpot": "tpot_ms"}
"""The scenario's constraint field of each latency target a users-only question's slow end tightens together."""


@dataclass(frozen=True)
class SlowEnd:
    """A verdict whose target can be met at the estimate and missed at the slow end of the likely range.

    ``slow``: the verdict's ``params`` key of the slow end at the configuration; ``there``: the key of the
    slow end at the count found; ``factors``: each constraint field the search tightens (the target's own, or
    for a users-only question both latency targets: :data:`LATENCY_FIELDS`) with the slow end over the estimate
    of a scenario on a count of a card [-], the field's verdict id ('' where it is the verdict searched for) the
    target of each other; a target tightened for a count is ``target / factor`` (a deadline shortened by a
    factor above 1, a rate raised by one below 1); ``counts``: the counts the family's search tries [cards]."""

    slow: str
    there: str
    factors: tuple[tuple[str, str, Callable[[Scenario, Card, int], float]], ...]
    counts: tuple[int, ...]

    def factors_at(self, scenario: Scenario, card: Card, count: int) -> tuple[float, ...]:
        """The slow end over the estimate of ``scenario`` on ``count`` of ``card`` of each field of
        :attr:`factors` [-]: the band each is shown with (its group's, where it has one) at that count."""
        return tuple(factor(scenario, card, count) for _, _, factor in self.factors)

    def tightened(self, scenario: Scenario, target: float, factors: tuple[float, ...]) -> dict[str, float]:
        """The constraints the family's search is run at: each field of :attr:`factors` at its target (``target``,
        the verdict's; another latency target, as ``scenario`` holds it:
        :func:`~configurator.core.serving_use.latency_targets`) over its slow end's factor (``factors``,
        :meth:`factors_at` a count). A latency target the scenario holds none of (an offline batch job's first
        token where only the time per token is set) is left out: nothing to tighten (review50; it raised a
        TypeError)."""
        held = latency_targets(scenario) if len(self.factors) > 1 else None
        targets = (getattr(held, field) if verdict_id else target for field, verdict_id, _ in self.factors)
        return {field: held_target / factor
                for (field, _, _), held_target, factor in zip(self.factors, targets, factors, strict=True)
                if held_target}


def _latency_factor(verdict_id: str) -> Callable[[Scenario, Card, int], float]:
    """The slow end of a latency (``verdict_id``: "ttft", "tpot") of a scenario on a count of a card over its
    estimate [-]."""
    return lambda scenario, card, count: slow_end_latency(1.0, verdict_id, scenario, card, count)


def _latency_end(verdict_id: str) -> SlowEnd:
    """A users-only question's latency target said at the slow end: both latency targets tightened, the one of
    ``verdict_id`` first (the target the count found is judged on)."""
    others = tuple((f, i, _latency_factor(i)) for i, f in LATENCY_FIELDS.items() if i != verdict_id)
    return SlowEnd("slow_ms", "slow_count_ms", ((LATENCY_FIELDS[verdict_id], "", _latency_factor(verdict_id)),
                                               *others), SERVING_COUNTS)


SLOW_ENDS = {"deadline": SlowEnd("slow_hours", "slow_count_hours", (("deadline_hours", "", slow_factor),),
                                 TRAINING_COUNTS),
             "request-rate": SlowEnd("slow_requests_per_s", "slow_count_requests_per_s",
                                     (("requests_per_s", "", slow_rate_factor),), SERVING_COUNTS),
             "tpot": _latency_end("tpot"), "ttft": _latency_end("ttft")}
"""The verdicts said at the slow end, by id: a training job's deadline (hours, a ceiling), a serving
deployment's request rate (requests/s, a floor) and a question sized by its users at once alone, its time per
output token and first token (ms, ceilings; small50: the slow end is the latency its users see there, and the
users the configuration serves within the targets there, :func:`users_at_slow_end`)."""

def deadline_verdict(est: Estimate) -> Verdict | None:
    """The estimate's deadline verdict, None where no deadline was checked."""
    return next((v for v in est.verdicts if v.id == "deadline"), None)


def slow_end_verdict(est: Estimate) -> Verdict | None:
    """The estimate's verdict said at the slow end (:data:`SLOW_ENDS`: its deadline, its request rate, or a
    users-only question's latency targets), the first whose slow end misses where several were checked; None
    where none was."""
    held = [v for v in est.verdicts if v.id in SLOW_ENDS and SLOW_ENDS[v.id].slow in v.params]
    return next((v for v in held if misses_at_slow_end(v) or "slow_count" in v.params), held[0] if held else None)


def meets_there(verdict: Verdict, slow: float, target: float) -> bool:
    """Whether ``slow``, the verdict's figure at the slow end, meets ``target``: at most it for a ceiling
    (the deadline), at least it for a floor (the request rate)."""
    return slow <= target if verdict.kind == "ceiling" else slow >= target


def misses_at_slow_end(verdict: Verdict | None) -> bool:
    """A target met at the estimate that the likely range's slow end misses (the verdict's words
    "may miss it at the slow end", :mod:`configurator.core.verdicts`)."""
    if verdict is None or not verdict.met or verdict.id not in SLOW_ENDS:
        return False
    slow = verdict.params.get(SLOW_ENDS[verdict.id].slow)
    return slow is not None and not meets_there(verdict, slow, verdict.target)


def with_slow_end(est: Estimate, book: PriceBook | None = None, objective: Objective = Objective.TCO) -> Estimate:
    """``est`` with its deadline or request-rate verdict (:func:`slow_end_verdict`) saying the fewest count of
    its card whose slow end meets the target (:func:`fewest_at_slow_end`) and what it costs beyond ``est``'s on
    the ranking's basis: ranked by rent (``objective`` CLOUD) any count is tried and the extra is the rent
    (:func:`extra_rent`), else counts of whole servers only, as a ranking by ownership buys them, and the
    extra is the cost of owning them (:func:`extra_ownership`; ``book``: the ranking's prices, None: the
    scenario's own). ``est`` itself where the slow end meets, or no such target was checked: nothing is
    searched. Where the count found is ``est``'s own, the same cards meeting the target there in another layout,
    that layout is written too (``slow_layout``, :func:`layout_of`; ``slow_layout_changed``, :func:`changed_settings`):
    the words name it, no cards more (slowendeq50); where it is another count in separate prefill and decode pools,
    its layout is written as ``slow_pools`` (the estimate at that count under the buyer's own targets may plan
    shared copies, which meet them there: the pools are what hold the slow end; splitpool51)."""
    verdict = slow_end_verdict(est)
    if not misses_at_slow_end(verdict) or "slow_count" in verdict.params:
        return est
    kept = _MEMO.get(objective, held=(est, book))
    if kept is not None:
        return kept
    rent, end = objective is Objective.CLOUD, SLOW_ENDS[verdict.id]
    found, blocked = fewest_at_slow_end(est.scenario, est.card, verdict.target, whole_systems=not rent,
                                        verdict_id=verdict.id)
    params = {**verdict.params, "slow_count": None, "slow_blocked": blocked, "card": est.card.name,
              "currency": est.scenario.economics.currency, "years": est.scenario.economics.amortisation_years,
              "slow_basis": "rent" if rent else "ownership"}
    if found is not None:
        there = next(v for v in found.verdicts if v.id == verdict.id).params[end.slow]
        params.update({"slow_count": found.scenario.count, end.there: there,
                       "slow_extra": extra_rent(est, found) if rent else extra_ownership(est, found, book)})
        if rent:
            params.update(slow_rate=est.costs.prices.cloud_per_hour)
        if found.scenario.count == est.scenario.count:  # the same cards meet it there in another layout
            params.update(slow_layout=layout_of(found), slow_layout_changed=changed_settings(est, found))
        elif found.serving is not None and found.scenario.serving.disaggregated and found.scenario.prefill_copies:
            params.update(slow_pools=layout_of(found))  # more cards, in separate pools: said (splitpool51)
    if verdict.id in USERS_SAID and USERS_SAID <= {v.id for v in est.verdicts}:  # both targets held (review50)
        params["slow_users"] = users_at_slow_end(est, verdict)
    verdicts = tuple(replace(v, params=params) if v is verdict else v for v in est.verdicts)
    said = replace(est, limits=stored(est, "limits"), messages=stored(est, "messages"), verdicts=verdicts)
    return _MEMO.put(objective, said, held=(est, book))


def with_slow_end_asked(est: Estimate) -> Estimate:
    """A configuration picked by hand (``estimate``'s text and JSON, the window's estimate panel) with its
    slow end's count (:func:`with_slow_end`) on the basis of the ranking question its scenario holds
    (:attr:`~configurator.core.scenario.Scenario.ranking`: by rent, the extra rent; else the extra cost of
    owning), priced at the scenario's own prices, as its summary is."""
    asked = est.scenario.ranking.objective  # none asked: how the budget pays (objective_for)
    return with_slow_end(est, None, objective_for(asked, est.scenario.constraints.budget_basis))


def fewest_at_slow_end(scenario: Scenario, card: Card, target: float, whole_systems: bool = True,
                       verdict_id: str = "deadline") -> tuple[Estimate | None, bool]:
    """The fewest count of ``card`` whose work meets ``target``, the target of the verdict ``verdict_id``
    (:data:`SLOW_ENDS`: a deadline [h], a request rate [requests/s], a users-only question's latency target [ms],
    with the other latency target there too) even at the slow end of its likely
    range, and every other constraint ``scenario`` states, as an estimate at that target (None where no
    count the search tries does), and whether some count tried meets it there but breaks another
    constraint (a budget, a power cap, a latency target). The family's count and layout search (the
    ranking's) is run at the target tightened by each slow-end factor the band holds for counts from
    ``scenario``'s up (:meth:`SlowEnd.factors_at`: one for every count above 64 cards), so it stops just past
    the counts that meet there; each count kept is judged at its own slow end. The count found is restated
    at the buyer's own target where its slow end still meets it there, else kept as planned for the
    tightened one (a serving plan sizes its batch for the users the rate keeps in flight: planned for
    40 requests/s, 15 × MI350X carry 39.3 at the slow end; planned for about 60, enough). Where only counts
    below ``scenario``'s meet it there (a configuration picked by hand above the fewest: 112 × Gaudi 3 in shared
    copies, the planner's choice where they meet the targets at the estimate, beside 80 in separate pools), its
    own count planned for the tightened target is found instead where it meets there (another layout, the same
    cards: :func:`with_slow_end` names it)."""
    end, family = SLOW_ENDS[verdict_id], family_of(scenario.workload)
    factors = sorted({end.factors_at(scenario, card, n) for n in (scenario.count, *end.counts) if n >= scenario.count})
    meeting: dict[int, Estimate] = {}
    blocked = False
    targets = end.tightened(scenario, target, (1.0,) * len(end.factors))  # the buyer's, each field's held
    ids = {field: other or verdict_id for field, other, _ in end.factors if field in targets}  # '': the one searched
    for factor in factors:
        tightened = updated(scenario, constraints=end.tightened(scenario, target, factor))
        for est in family.deployments(tightened, card, whole_systems=whole_systems):
            if not _meets_there(est, end, ids, targets, fallback=True):
                continue
            if any(v.id not in ids.values() for v in est.violations):
                blocked = True
            else:
                meeting.setdefault(est.scenario.count, est)
    from configurator.core.estimate import estimate  # the count at the buyer's own target (its pace, its TCO)

    if meeting and max(meeting) < scenario.count:  # fewer cards meet it there in another layout: so do these
        own = end.factors_at(scenario, card, scenario.count)
        same = estimate(updated(scenario, constraints=end.tightened(scenario, target, own)), card)
        if _meets_there(same, end, ids, targets, fallback=True) and all(v.id in ids.values() for v in same.violations):
            meeting = {scenario.count: same}
    if not meeting:
        return None, blocked
    fewest = meeting[min(meeting)]
    asked = {field: getattr(scenario.constraints, field) for field in ids}  # the buyer's (None: a use's default)
    restated = estimate(updated(fewest.scenario, constraints=asked), card)
    if _meets_there(restated, end, ids, targets):
        return restated, blocked
    return fewest, blocked  # planned for the buyer's rate a service batches fewer users: kept as planned


def _meets_there(est: Estimate, end: SlowEnd, ids: dict[str, str], targets: dict[str, float],
                 fallback: bool = False) -> bool:
    """Whether ``est`` meets at the slow end each target ``end`` tightens (``targets``, the buyer's by constraint
    field; ``ids``: the verdict id of each field): its slow end (``end.slow`` in its params; its figure at the
    estimate where it has none and ``fallback``: a deadline without a band) within the target."""
    for field, verdict_id in ids.items():
        verdict = next((v for v in est.verdicts if v.id == verdict_id), None)
        slow = None if verdict is None else verdict.params.get(end.slow, verdict.actual if fallback else None)
        if slow is None or not meets_there(verdict, slow, targets[field]):
            return False
    return True


def users_at_slow_end(est: Estimate, verdict: Verdict) -> int:
    """The users at once ``est``'s cards serve within a users-only question's latency targets even at the slow
    end of the likely range, up to the users asked [users] (0: not one): the most whose first token and time per
    output token (each the question holds a target for; ``verdict``: the latency verdict said at the slow end),
    each at its slow end (:func:`~configurator.core.uncertainty.slow_end_latency`: the prefill and
    decode bands' high factors), are within their targets — the targets tightened by those factors, the layout
    planned again for each number of users tried, as the owned cards alone are sized
    (:func:`~configurator.core.recommend_owned.users_carried`; small50). Where the decode step sets the pace,
    this is the copy's capacity in users at the slow end's step time. Planned as the planner plans it, shared copies
    or separate prefill and decode pools (:func:`~configurator.core.workloads.serving.step_search.weighs_pools`), as
    the count that serves them all is sized; until splitpool51 (December 2026) both were sized in shared copies
    alone, pools weighed by the count search under a stated rate only (review50)."""
    from configurator.core.recommend_owned import users_carried  # it estimates: loaded with a search

    scenario, users, end = est.scenario, est.scenario.serving.concurrency, SLOW_ENDS[verdict.id]
    factors = end.factors_at(scenario, est.card, scenario.count)
    tightened = updated(scenario, constraints=end.tightened(scenario, verdict.target, factors))
    return users_carried(tightened, est.card, scenario.count, users).users


LAYOUT_SETTINGS = {"serving": ("kv_precision", "max_batch", "prefill_cards"),
                   "training": ("micro_batch", "zero", "recompute")}
"""The settings beside the parallel widths a same-count layout names where they differ from the configuration's
(:func:`changed_settings`), by kind of work: a serving copy's KV-cache precision, its batch and its prefill pool
(review50's batch job met its first-token target at the slow end on the same 8 × Gaudi 3 in TP 4 × 2 copies
with an FP8 KV cache); a training replica's micro-batch, ZeRO stage and recomputation."""


def layout_of(est: Estimate) -> dict:
    """``est``'s layout as the slow-end line names it and its JSON carries it (``slow_end.layout``): the tensor,
    pipeline, context and expert widths and, serving, the copies (``copies``) with the separate prefill and decode
    pools where there are (``prefill_cards``, ``decode_cards``), else the data-parallel replicas (``dp``) [cards,
    count]; and the settings of :data:`LAYOUT_SETTINGS` (a KV precision, None: the engine's default). The pools'
    cards are those the estimate runs, whole copies (:attr:`~configurator.core.scenario.Scenario.prefill_copies`),
    not the ``prefill_cards`` setting a count search carries from another count: 8 × MI300X serving Llama 3 70B
    at 10 requests/s in pools (6 prefill + 2 decode copies of TP 1) were said to meet the rate at the slow end
    on 16 cards in pools "TP 8, prefill 6 + decode 10 cards", estimated as 8 + 8 (review51)."""
    s, par = est.scenario, est.scenario.parallelism
    widths = {"tp": par.tp, "pp": par.pp, "cp": par.cp, "ep": par.ep}
    if est.serving is None:
        t = s.training
        return {**widths, "dp": s.data_parallel, "micro_batch": t.micro_batch, "zero": par.zero,
                "recompute": str(t.recompute)}
    prefill = s.prefill_pool_cards  # the pool as estimated: the setting in whole copies (review51)
    pools = {"prefill_cards": prefill, "decode_cards": s.count - prefill} if prefill else \
        {"prefill_cards": None, "decode_cards": None}
    kv = s.serving.kv_precision
    return {**widths, "copies": s.data_parallel, **pools, "kv_precision": None if kv is None else str(kv),
            "max_batch": s.serving.max_batch}


def changed_settings(est: Estimate, other: Estimate) -> list[str]:
    """The settings of :data:`LAYOUT_SETTINGS` whose value in ``other``'s layout differs from ``est``'s
    (:func:`layout_of`), in that order."""
    mine, theirs = layout_of(est), layout_of(other)
    return [k for k in LAYOUT_SETTINGS["training" if est.serving is None else "serving"] if mine[k] != theirs[k]]


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
    """What renting ``more`` costs beyond renting ``est``: the difference of their rents at the estimate
    (:attr:`~configurator.core.economics.Costs.cloud`: the rent per card-hour times the cards times the job's
    hours; for a service, which runs on, one hour's times :data:`HOURS_PER_MONTH`: a month around the clock),
    the basis a ranking by rent compares; None where either has no rent [currency]."""
    mine, theirs = est.costs.cloud, more.costs.cloud
    if mine is None or theirs is None:
        return None
    return (theirs - mine) * (HOURS_PER_MONTH if est.serving is not None else 1.0)
