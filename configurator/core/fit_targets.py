"""What would meet the stated time and load targets: when a configuration misses its deadline
(training, fine-tuning, rendering) or its request rate or latency targets (serving) at the count
typed, the count that meets them, found by the planner the recommendation sizes this card with
(:meth:`~configurator.core.workloads.base.WorkloadFamily.deployments`); where no count found
does, the fastest one found, or the bound of the card's peak (a sibling of
:mod:`configurator.core.fit_suggestions`, which lists these with the memory changes).

Only the targets on a speed are kept in the search: a budget, a power cap or a region rule would
be broken by more cards whatever the time, so the question asked here — how many cards finish in
time — is answered without them (the estimate's own verdicts still say what more cards cost).
Qt-free.
"""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.messages import Message, deadline_msg, msg
from configurator.core.scenario import Scenario, updated_or_none
from configurator.core.workloads import family_of
from configurator.core.workloads.checks import constraint_ids

TIME_TARGETS = ("deadline",)
"""Verdicts of a job's time (training, fine-tuning, rendering) that more cards can meet."""

LOAD_TARGETS = ("request-rate", "ttft", "tpot")
"""Verdicts of a serving deployment's load and latency that more copies can meet."""

NOT_OF_TIME = {"budget": None, "power_cap_kw": None, "rack_power_kw": None, "region": None}
"""The constraints left out of the search: each is broken by more cards, not by time."""


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
        return deadline_msg("misses-deadline-every-count", deadline, {"hours": hours}, days=hours / 24,
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
