"""The batch-embedding family: the interface the core asks of every family
(:class:`configurator.core.workloads.base.WorkloadFamily`), over :mod:`.estimate`."""

from __future__ import annotations

import math
from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_serving_precision
from configurator.core.scenario import Scenario, added_workload
from configurator.core.software import Needs
from configurator.core.workloads.base import (
    MILLION_TOKENS,
    TIGHT_HEADROOM,
    CatalogPoint,
    Estimate,
    MemoryCurve,
    WorkloadFamily,
    basis_of,
    deadline_alternative,
)
from configurator.core.workloads.layout import TRAINING_COUNTS, at_count
from configurator.core.workloads.memo import remembered

from .estimate import embedding_memory, estimate_embedding

EMBED = added_workload("embed")
"""The workload value this family serves (not one of the enum's eight)."""

COUNTS = TRAINING_COUNTS[:8]
"""Card counts a job is ranked at: 1 to 128."""


class EmbeddingFamily(WorkloadFamily):
    name = "embedding"
    workloads = frozenset({EMBED})
    x_unit = "h"
    chart_cost_unit = "job"
    cost_unit = MILLION_TOKENS
    unit_scale = 1e6
    speed_unit = "h"
    one_off_job = True
    has_layout = False
    runs_model = True
    software_needs = Needs(required=("pytorch",))  # sentence-transformers on PyTorch
    default_classes = {EMBED: ("inference", "training")}

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        return estimate_embedding(scenario, card)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        return [estimate_embedding(at_count(scenario, n, has_layout=False), card) for n in counts]

    def deployments(self, scenario: Scenario, card: Card, all_counts: bool = False, whole_systems: bool = False
                    ) -> list[Estimate]:
        base = scenario.model_copy(update={"card_id": card.id})
        found = []
        for n in COUNTS:
            est = remembered(at_count(base, n, has_layout=False), card, self.assemble)
            if est.fits and est.speed is not None:
                found.append(est)
                if not est.violations and not all_counts:
                    break
        return found

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the cards the job is spread over (the weights on each)."""
        weight_bytes = plan_serving_precision(card, scenario.precision).weight_bytes
        values = (1, 2, 4, 8)
        totals = tuple(embedding_memory(scenario, card, weight_bytes).total for _ in values)
        return MemoryCurve("cards", values, totals, embedding_memory(scenario, card, weight_bytes).budget, 1)

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """The job's cost [currency] against its hours [h]."""
        est = chosen if chosen is not None else remembered(scenario, card, self.assemble)
        if est.speed is None or est.costs.total is None:
            return None
        return CatalogPoint(est.card, est.speed.hours, est.costs.total, est.fits, basis_of(est.costs), self.x_unit,
                            self.chart_cost_unit)

    def speed_figure(self, est: Estimate) -> float:
        return est.speed.hours if est.speed else math.inf

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """The corpus [tokens] (a job: ``hours`` do not change it)."""
        return est.scenario.training.tokens

    def work_per_year(self, est: Estimate) -> float | None:
        """Tokens embedded in a year of full use [tokens/year]."""
        return None if est.speed is None else est.speed.tokens_per_s * 3600 * HOURS_PER_YEAR

    def limiting_factor(self, est: Estimate) -> str:
        return "memory" if est.memory.headroom < TIGHT_HEADROOM else "compute"

    def can_rank(self, est: Estimate) -> bool:
        return est.speed is not None

    def limit_reason(self, est: Estimate) -> Message:
        return msg("reason-compute-bound", card=est.card.name, mfu=100 * est.scenario.assumptions.matmul_efficiency,
                   headroom=100 * est.memory.headroom)

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float) -> Message | None:
        return deadline_alternative(fastest_figure, card, count, chosen_figure)
