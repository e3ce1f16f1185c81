"""Serving (inference): a deployment that runs on, answering requests.

Assembly and the serving planner are :mod:`configurator.core.estimate`'s and
:mod:`configurator.core.plan.serving`'s; memory against context from
:func:`configurator.core.memory.inference_memory_model`; cost per million output tokens
from :mod:`configurator.core.economics`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from configurator.core.catalog import Card, Catalog
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.estimate import (
    Estimate,
    _estimate_inference,
    estimate,
    inference_basis,
    with_count,
)
from configurator.core.memory import inference_memory_model
from configurator.core.constraints import check
from configurator.core.messages import Message, msg
from configurator.core.verdicts import Verdict
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads.base import (
    MILLION_TOKENS,
    TIGHT_HEADROOM,
    CatalogPoint,
    MemoryCurve,
    WorkloadFamily,
    basis_of,
    shown_figure,
    geometric,
)

PLANNED_FIELDS = frozenset({"tp", "pp", "max_batch", "max_batched_tokens", "disaggregated"})
"""Serving fields that, left Auto, make the serving planner choose the layout."""

LONGEST_CONTEXT_SHOWN = 2_097_152
"""Context the memory curve stops at [tokens] (the scenario model's upper bound on the context)."""


def served_tokens_per_hour(est: Estimate) -> float:
    """Output tokens an inference deployment serves per hour: the stated load if there is one
    (capacity beyond it is paid for but idle), else its capacity [tokens/h]."""
    target = est.scenario.constraints.requests_per_s
    rate = min(target, est.inference.requests_per_s) if target else est.inference.requests_per_s
    return rate * est.scenario.serving.output_tokens * 3600.0


class ServingFamily(WorkloadFamily):
    name = "serving"
    workloads = frozenset({Workload.INFERENCE})
    x_unit = "s per output token"
    chart_cost_unit = MILLION_TOKENS
    cost_unit = MILLION_TOKENS
    unit_scale = 1e6
    speed_unit = "s per output token"
    one_off_job = False
    default_classes = {Workload.INFERENCE: ("training", "inference", "workstation")}

    def plans_layout(self, scenario: Scenario) -> bool:
        serving = scenario.serving
        return bool(PLANNED_FIELDS & set(scenario.auto_layout)) or \
            (serving.disaggregated and serving.prefill_cards is None)

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        if self.plans_layout(scenario):
            from configurator.core.plan.serving import planned_inference  # the planner builds on the estimate
            return planned_inference(scenario, card)
        return _estimate_inference(scenario, card, inference_basis(scenario, card))

    def constraint_check(self, scenario: Scenario, card: Card, part, costs, power) -> tuple[Verdict, ...]:
        """Budget, region, power, request rate and latency targets (``part``: InferenceSpeed)."""
        return check(scenario, card, costs=costs, power=power, inference=part, serving=True)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        # users spread over the replicas: the basis depends on the count
        return [estimate(with_count(scenario, n), card) for n in counts]

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the context at the scenario's sequences per replica."""
        model = inference_memory_model(scenario, card, plan_serving(scenario, card))
        concurrency, current = scenario.sequences_per_replica, scenario.serving.context_tokens
        top = max(2 * current, min(LONGEST_CONTEXT_SHOWN, 2 * max(model.max_context(concurrency), 1)))
        values = geometric(top)
        totals = tuple(model.breakdown(concurrency, v).total for v in values)
        return MemoryCurve("context", values, totals, model.budget, current)

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """Cost per million output tokens [currency] against the time per output token [s]."""
        est = chosen if chosen is not None else estimate(scenario, card)
        cost = est.costs.per_million_tokens
        if cost is None or est.inference is None:
            return None
        return CatalogPoint(est.card, est.inference.tpot_s, cost, est.fits, basis_of(est.costs), self.x_unit,
                            self.chart_cost_unit)

    def speed_figure(self, est: Estimate) -> float:
        return est.inference.tpot_s

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """Output tokens served in ``hours`` at the load [tokens]."""
        return served_tokens_per_hour(est) * hours

    def work_per_year(self, est: Estimate) -> float | None:
        """Tokens processed in a year of full use [tokens/year]."""
        return None if est.inference is None else est.inference.tokens_per_s * 3600 * HOURS_PER_YEAR

    def limiting_factor(self, est: Estimate) -> str:
        """The decode step's bound (bandwidth or compute) unless memory is nearly full."""
        if est.memory.headroom < TIGHT_HEADROOM:
            return "memory"
        if est.inference is None:
            return "unknown"
        return "bandwidth" if est.inference.decode_bound == "memory" else "compute"

    def can_rank(self, est: Estimate) -> bool:
        return est.inference is not None

    def limit_reason(self, est: Estimate) -> Message:
        bound = est.inference.decode_bound
        return msg("reason-decode-bound", concurrency=est.scenario.sequences_per_replica, card=est.card.name,
                   bound="memory bandwidth" if bound == "memory" else "compute")

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float) -> Message | None:
        """The fastest deployment's time per output token beside the recommendation's [ms]."""
        if not math.isfinite(fastest_figure) or not math.isfinite(chosen_figure):
            return None
        return msg("reason-latency-changes", ms=shown_figure(fastest_figure * 1000), card=card.name, count=count,
                   chosen_ms=shown_figure(chosen_figure * 1000))

    def mismatch(self, scenario: Scenario, chosen: Estimate, catalog: Catalog) -> Message | None:
        """Serving on a training card when inference cards carry the same load for less per
        token (on ownership cost where both have purchase prices, else on cloud prices)."""
        from configurator.core.recommend import Filters, Objective, recommend, score  # ranking builds on families

        card = chosen.card
        if card.category != "training":
            return None
        for objective in (Objective.TCO, Objective.CLOUD):
            mine = score(chosen, objective, Filters())
            better = recommend(scenario, catalog, objective, Filters(classes=("inference",)), limit=1).best
            if mine and better and better.score < mine:
                return msg("mismatch-training-card-for-serving", card=card.name, other=better.card.name,
                           count=better.count, ratio=mine / better.score, currency=scenario.economics.currency,
                           saving=mine - better.score)
            if mine and better:
                return None
        return None

    def rejection(self, workload: Workload, card: Card) -> str:
        return "cannot carry the load within its targets at any count tried"
