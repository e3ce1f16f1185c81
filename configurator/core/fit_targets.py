"""What would meet the stated time and load targets: when a configuration misses its deadline
(training, fine-tuning, rendering) or its request rate or latency targets (serving) at the count
typed, the count that meets them, found by the planner the recommendation sizes this card with
(:meth:`~configurator.core.workloads.base.WorkloadFamily.deployments`); where no count found
does, the fastest one found, or the bound of the card's peak (a sibling of
:mod:`configurator.core.fit_suggestions`, which lists these with the memory changes).

Only the targets on a speed are kept in the search: a budget, a power cap or a region rule would
be broken by more cards whatever the time, so the question asked here — how many cards finish in
time — is answered without them; the suggestion then says what the count found costs (the capex of
its bill of materials, the figure the recommendation shows) and which of those stated limits it
breaks, in the limits' own verdict words (:func:`costed`). Qt-free.
"""

from __future__ import annotations

from configurator.core.estimate import Estimate, estimate
from configurator.core.messages import HOURS_PER_DAY, Message, deadline_msg, msg
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import price_book_for
from configurator.core.scenario import Scenario, updated_or_none
from configurator.core.workloads import family_of
from configurator.core.workloads.checks import constraint_ids

TIME_TARGETS = ("deadline", "throughput")
"""Verdicts of a job's time (training, fine-tuning, rendering) and of its tokens/s floor (training)
that more cards can meet."""

LOAD_TARGETS = ("request-rate", "ttft", "tpot")
"""Verdicts of a serving deployment's load and latency that more copies can meet."""

NOT_OF_TIME = {"budget": None, "power_cap_kw": None, "rack_power_kw": None, "region": None}
"""The constraints left out of the search: each is broken by more cards, not by time."""

STATED_LIMITS = ("budget", "region", "power-cap", "rack-power")
"""The verdict ids of :data:`NOT_OF_TIME`'s constraints: the limits a suggested count may break."""


def missed_targets(est: Estimate, targets: tuple[str, ...]) -> list[str]:
    """The ids among ``targets`` that ``est`` misses (met False), in its verdicts' order."""
    return [v.id for v in est.verdicts if v.id in targets and v.missed]


def _time_only(scenario: Scenario) -> Scenario | None:
    """``scenario`` with only its targets on a speed kept (:data:`NOT_OF_TIME` cleared)."""
    return updated_or_none(scenario, constraints=NOT_OF_TIME)


def fewest_meeting(est: Estimate) -> tuple[Estimate | None, list[Estimate]]:
    """The fewest cards of ``est``'s card that meet its targets on a speed, as the recommendation's
    planner finds them (:meth:`deployments`, cards bought whole as the ranking buys them), and
    every deployment it found (to read the fastest from when none meets)."""
    base = _time_only(est.scenario)
    if base is None:
        return None, []
    found = family_of(base.workload).deployments(base, est.card, whole_systems=True)
    meeting = [e for e in found if not constraint_ids(e)]
    return (min(meeting, key=lambda e: e.scenario.count) if meeting else None), found


def layout_params(est: Estimate) -> dict:
    """The layout a suggestion names: tensor, context, pipeline and data-parallel widths [count]."""
    par = est.scenario.parallelism
    return {"tp": par.tp, "cp": par.cp, "pp": par.pp, "dp": est.scenario.data_parallel}


def deadline_met_message(met: Estimate) -> Message:
    """``met``, a deployment that meets its deadline, in words: cards, time, layout."""
    deadline = met.scenario.constraints.deadline_hours
    layout = layout_params(met) if met.training is not None else {}
    return deadline_msg("meets-deadline-with" if layout else "meets-deadline-cards", deadline,
                        {"hours": met.hours or 0.0}, count=met.scenario.count, card=met.card.name, **layout)


def deadline_missed_message(est: Estimate, found: list[Estimate]) -> tuple[Message, Estimate] | None:
    """No count found meets the deadline: the fastest deployment found (its count and time), else
    the bound at the card's peak on the largest count the batch keeps busy; None when neither is
    known."""
    deadline = est.scenario.constraints.deadline_hours
    timed = [e for e in found if e.hours]
    if timed:
        fastest = min(timed, key=lambda e: e.hours)
        hours = fastest.hours
        return deadline_msg("misses-deadline-every-count", deadline, {"hours": hours}, days=hours / HOURS_PER_DAY,
                            count=fastest.scenario.count), fastest
    reach = family_of(est.scenario.workload).deadline_out_of_reach(est.scenario, est.card)
    if reach is None:
        return None
    return deadline_msg("deadline-out-of-reach", deadline, {"hours": reach[1]}, card=est.card.name,
                        count=reach[0]), est


def load_met_message(met: Estimate) -> Message:
    """``met``, a serving deployment that carries the stated load within its targets, in words."""
    s = met.scenario
    return msg("meets-serving-targets", count=s.count, card=met.card.name, copies=s.data_parallel,
               tp=s.parallelism.tp, pp=s.parallelism.pp)


def throughput_met_message(met: Estimate) -> Message:
    """``met``, a training deployment that reaches its tokens/s floor, in words: cards, rate, layout."""
    floor = met.scenario.constraints.min_tokens_per_s
    return msg("meets-throughput-with", count=met.scenario.count, card=met.card.name, floor=floor,
               rate=met.tokens_per_s or 0.0, **layout_params(met))


def throughput_missed_message(est: Estimate, found: list[Estimate]) -> tuple[Message, Estimate] | None:
    """No count found reaches the tokens/s floor: the fastest found (its count and rate); None when
    none found is timed."""
    rated = [e for e in found if e.tokens_per_s]
    if not rated:
        return None
    fastest = max(rated, key=lambda e: e.tokens_per_s)
    return msg("misses-throughput-every-count", floor=est.scenario.constraints.min_tokens_per_s,
               rate=fastest.tokens_per_s, count=fastest.scenario.count, card=est.card.name), fastest


def closest_load(est: Estimate) -> Estimate | None:
    """Where no count carries ``est``'s load within its targets: the deployment of its card closest to
    meeting them, the one the recommendation lists below the line
    (:meth:`~configurator.core.workloads.base.WorkloadFamily.closest_deployment`: the smallest relative
    miss, the fewest cards among near ties), searched as :func:`fewest_meeting` searches; None when
    there is none (no latency target, no count fits)."""
    base = _time_only(est.scenario)
    return None if base is None else family_of(base.workload).closest_deployment(base, est.card, whole_systems=True)


def load_missed_message(closest: Estimate) -> Message:
    """No count carries the load within its targets: ``closest`` (:func:`closest_load`) in words, with
    the load targets it still misses, in their verdicts' own words."""
    s = closest.scenario
    missed = [v.message for v in closest.verdicts if v.id in LOAD_TARGETS and v.missed]
    return msg("misses-serving-targets-every-count", count=s.count, card=closest.card.name, copies=s.data_parallel,
               tp=s.parallelism.tp, pp=s.parallelism.pp, missed=missed)


def with_stated_limits(found: Estimate, asked: Estimate) -> Estimate:
    """``found`` (searched without :data:`NOT_OF_TIME`) checked against the budget, power caps and
    region ``asked`` states; ``found`` itself where ``asked`` states none of them."""
    c = asked.scenario.constraints
    limits = {k: getattr(c, k) for k in NOT_OF_TIME}
    if all(v is None for v in limits.values()):
        return found
    scenario = updated_or_none(found.scenario, constraints=limits)
    return found if scenario is None else estimate(scenario, found.card)


def capex(est: Estimate) -> float | None:
    """The capex of ``est``'s bill of materials (cards, servers, network, storage, racks) [the
    scenario's currency], the figure the recommendation and the budget verdict show; None when no
    line is priced."""
    return priced_capex(est)[0]


def priced_capex(est: Estimate) -> tuple[float | None, int]:
    """:func:`capex` and how many lines of the bill have no price [count] (the budget verdict's
    count): with any unpriced, the capex is a floor."""
    bom = bill_of_materials(est.scenario, est.card, price_book_for(est.scenario.economics),
                            prices=est.costs.prices)
    return (bom.capex if bom.capex else None), len(bom.unpriced)


def costed(said: Message, found: Estimate, asked: Estimate) -> tuple[Message, float | None, list[str], int]:
    """``said`` (a suggested count in words) with what that count costs and the stated limits it
    breaks: the message (``said``, then the capex unless the broken budget's own words give it, then
    the broken limits' verdict words), the capex [currency], the broken limits' ids
    (:data:`STATED_LIMITS`) and the bill's lines with no price [count]."""
    checked = with_stated_limits(found, asked)
    broken = [v for v in checked.verdicts if v.id in STATED_LIMITS and v.missed]
    cost, unpriced = priced_capex(checked)
    costs: list[Message] = []
    if cost is not None and not any(v.id == "budget" and v.basis == "capex" for v in broken):
        # a bill with unpriced lines (a card without a price) costs at least this: "capex 2.5M" read as the whole
        costs.append(msg("suggestion-capex-partly-priced", cost=cost, unpriced=unpriced,
                         currency=checked.scenario.economics.currency) if unpriced else
                     msg("suggestion-capex", cost=cost, currency=checked.scenario.economics.currency))
    if broken:
        costs.append(msg("suggestion-breaks", broken=[v.message for v in broken]))
    if not costs:
        return said, cost, [], unpriced
    return msg("suggestion-costs", said=said, costs=costs), cost, [v.id for v in broken], unpriced
