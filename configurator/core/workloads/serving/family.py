"""Serving (inference): a deployment that runs on, answering requests.

Assembly is :mod:`.estimate`'s, the layout :mod:`.plan`'s, the fewest cards that carry the
load :mod:`.deployment`'s; memory against context from
:func:`.memory.serving_memory_model`; cost per million output tokens
from :mod:`configurator.core.economics`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.memo import ScenarioMemo
from configurator.core.workloads.serving.memory import serving_memory_model
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario, Workload
from configurator.core.serving_use import latency_targets
from configurator.core.workloads.base import (
    MILLION_TOKENS,
    TIGHT_HEADROOM,
    CatalogPoint,
    Estimate,
    MemoryCurve,
    WorkloadFamily,
    basis_of,
    geometric,
)
from configurator.core.workloads.checks import unrated_message
from configurator.core.workloads.layout import at_count
from configurator.core.workloads.serving import deployment, plan
from configurator.core.workloads.serving.scaled_copies import scaled_copies
from configurator.core.engine_step import with_engine_step

DEPLOYMENT_MEMO_SIZE = 256
"""Deployment searches kept per kind (:meth:`ServingFamily.deployments`,
:meth:`ServingFamily.closest_deployment`, bought or rented) [scenarios × cards]: a catalog's
worth (~70 cards) for a few questions, least recently used dropped first."""

_DEPLOYMENTS: dict[tuple[str, bool], ScenarioMemo[Estimate | None]] = {
    (kind, whole): ScenarioMemo(DEPLOYMENT_MEMO_SIZE) for kind in ("fewest", "closest") for whole in (False, True)}
"""The deployments found, by kind and ``whole_systems``, per whole scenario and card (by identity). A
deployment is a function of the two (it is made of their estimates, which the estimate memo keeps
alike): the hand-picked card's check (:func:`configurator.core.mismatch.mismatch`) ranks the inference
cards again right after the panel's ranking of the same scenario ranked them, ~100 ms of a ~0.8 s
re-rank of the README's 70B question searched again (issue 28)."""


def _kept_deployment(kind: str, whole_systems: bool, scenario: Scenario, card: Card, search) -> Estimate | None:
    """``search()``, or the deployment kept for ``scenario`` and ``card`` (:data:`_DEPLOYMENTS`)."""
    return _DEPLOYMENTS[kind, whole_systems].kept_or_made(scenario, (card,), search)


LONGEST_CONTEXT_SHOWN = 2_097_152
"""Context the memory curve stops at [tokens] (the scenario model's upper bound on the context)."""


def served_tokens_per_hour(est: Estimate) -> float:
    """Output tokens a serving deployment serves per hour: the stated load if there is one
    (capacity beyond it is paid for but idle), else its capacity [tokens/h]."""
    target = est.scenario.constraints.requests_per_s
    rate = min(target, est.serving.requests_per_s) if target else est.serving.requests_per_s
    return rate * est.scenario.serving.output_tokens * 3600.0


class ServingFamily(WorkloadFamily):
    name = "serving"
    workloads = frozenset({Workload.INFERENCE})
    x_unit = "s per output token"
    chart_cost_unit = MILLION_TOKENS
    cost_unit = MILLION_TOKENS
    unit_scale = 1e6
    speed_unit = "s per output token"
    speed_percentile = 50  # speed_figure is the median time per output token (ServingSpeed.tpot_s)
    runs_model = True
    one_off_job = False
    default_classes = {Workload.INFERENCE: ("training", "inference", "workstation")}
    ranking_reads_count = False  # the deployment search tries its own counts (deployment.SERVING_COUNTS)

    def plans_layout(self, scenario: Scenario) -> bool:
        return plan.plans_layout(scenario)

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        return plan.assemble(scenario, card)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        # users spread over the replicas: the basis depends on the count
        return [plan.estimated(at_count(scenario, n), card) for n in counts]

    def layout_sweep(self, chosen: Estimate, card: Card, counts: Sequence[int]) -> list[Estimate] | None:
        """The chosen copy, more or fewer of it (:func:`.scaled_copies.scaled_copies`): the planner's layout per
        count changes tensor parallel degree, pools and batch and drew a line that zig-zagged (session 51); None
        where the chosen deployment does not fit (no copy to scale: each count's own plan is drawn)."""
        if not chosen.fits or chosen.serving is None:
            return None
        return scaled_copies(chosen, card, counts)

    def clear_memos(self) -> None:
        plan.clear_search_memo()
        for memo in _DEPLOYMENTS.values():
            memo.clear()

    def deployments(self, scenario: Scenario, card: Card, all_counts: bool = False, whole_systems: bool = False
                    ) -> list[Estimate]:
        """The fewest cards that carry the whole load (none when no count tried does; each search
        kept, :data:`_DEPLOYMENTS`)."""
        found = _kept_deployment("fewest", whole_systems, scenario, card,
                                 lambda: deployment.serving_deployment(scenario, card, whole_systems=whole_systems))
        return [found] if found is not None else []

    def closest_deployment(self, scenario: Scenario, card: Card, whole_systems: bool = False) -> Estimate | None:
        return _kept_deployment("closest", whole_systems, scenario, card,
                                lambda: deployment.closest_serving_deployment(scenario, card,
                                                                              whole_systems=whole_systems))

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the context at the scenario's sequences per replica."""
        scenario = with_engine_step(scenario, card)
        model = serving_memory_model(scenario, card, plan_serving(scenario, card))
        concurrency, current = scenario.sequences_per_replica, scenario.serving.context_tokens
        top = max(2 * current, min(LONGEST_CONTEXT_SHOWN, 2 * max(model.max_context(concurrency), 1)))
        values = geometric(top)
        totals = tuple(model.breakdown(concurrency, v).total for v in values)
        return MemoryCurve("context", values, totals, model.budget, current)

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """Cost per million output tokens [currency] against the time per output token [s], with the
        estimate it is of (its TCO, the ranking's basis, is per million tokens too)."""
        est = chosen if chosen is not None else plan.estimated(scenario, card)
        cost = est.costs.per_million_tokens
        if cost is None or est.serving is None:
            return None
        return CatalogPoint(est.card, est.serving.tpot_s, cost, est.fits, basis_of(est.costs), self.x_unit,
                            self.chart_cost_unit, est)

    def speed_figure(self, est: Estimate) -> float:
        return est.serving.tpot_s

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """Output tokens served in ``hours`` at the load [tokens]."""
        return served_tokens_per_hour(est) * hours

    def work_per_year(self, est: Estimate) -> float | None:
        """Tokens processed in a year of full use [tokens/year]."""
        return None if est.serving is None else est.serving.tokens_per_s * 3600 * HOURS_PER_YEAR

    def limiting_factor(self, est: Estimate) -> str:
        """The decode step's bound (bandwidth or compute) unless memory is nearly full."""
        if est.memory.headroom < TIGHT_HEADROOM:
            return "memory"
        if est.serving is None:
            return "unknown"
        return "bandwidth" if est.serving.decode_bound == "memory" else "compute"

    def can_rank(self, est: Estimate) -> bool:
        return est.serving is not None

    def limit_reason(self, est: Estimate) -> Message:
        bound = est.serving.decode_bound
        return msg("reason-decode-bound", concurrency=est.scenario.sequences_per_replica, card=est.card.name,
                   bound="memory bandwidth" if bound == "memory" else "compute")

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float, percentile: str = "p50") -> Message | None:
        """The fastest deployment's time per output token beside the recommendation's [ms], both
        at ``percentile`` (``p50``, ``p90``, ``p99``: the one a per-token target is checked at)."""
        if not math.isfinite(fastest_figure) or not math.isfinite(chosen_figure):
            return None
        return msg("reason-latency-changes", ms=fastest_figure * 1000, card=card.name, count=count,
                   chosen_ms=chosen_figure * 1000, percentile=percentile)  # written as the table: {ms:latency}

    def checked_speed(self, est: Estimate) -> float:
        """The time per output token at the latency targets' percentile [s]: the ``tpot`` verdict's
        figure (the one its target is checked against), else the same percentile of the speed."""
        verdict = next((v for v in est.verdicts if v.id == "tpot" and isinstance(v.actual, (int, float))), None)
        if verdict is not None:
            return verdict.actual / 1000
        return est.serving.tpot_at(latency_targets(est.scenario).percentile)

    def fastest_instead(self, fastest: Estimate, chosen: Estimate) -> Message | None:
        """The fastest deployment beside the recommendation at the percentile the targets are
        checked at (a p90 target under the recommendation's p90 time rules it out)."""
        return self.faster_alternative(self.checked_speed(fastest), fastest.card, fastest.scenario.count,
                                       self.checked_speed(chosen), f"p{latency_targets(chosen.scenario).percentile}")

    def unrated(self, scenario: Scenario, card: Card) -> Message | None:
        return unrated_message(card, plan_serving(scenario, card))

    def rejection(self, scenario: Scenario, card: Card) -> Message:
        return msg("left-out-no-load")
