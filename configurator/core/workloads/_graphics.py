"""What the graphics families (desktops, video, rendering) share: assembly through
:func:`configurator.core.graphics.graphics_speed`, and the per-card limit as the factor."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card, Catalog
from configurator.core.estimate import (
    Estimate,
    _estimate_graphics,
    carrying_whole_load,
    estimate,
    graphics_basis,
    with_count,
)
from configurator.core.graphics import graphics_memory, graphics_unsuitable
from configurator.core.constraints import check
from configurator.core.messages import Message, msg
from configurator.core.verdicts import Verdict
from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads.base import CatalogPoint, MemoryCurve, WorkloadFamily, basis_of

GRAPHICS_FACTORS = {
    "framebuffer": "memory", "shading load": "compute", "encoders": "video engines", "decoders": "video engines",
    "vGPU instances": "vGPU limit", "passthrough": "vGPU limit", "encode sessions": "driver limit",
}
"""The limit :func:`configurator.core.graphics.graphics_speed` names -> the factor shown."""


class GraphicsFamily(WorkloadFamily):
    """Desktops, video and rendering: no parallel layout, no planner."""

    has_layout = False
    warns_tight_fit = True
    """Whether a fitting but nearly full card is worth a warning."""
    hours_per_unit = 1.0
    """Hours in one ``cost_unit`` of running work [h] (1 for a stream-hour)."""
    per_card_unit: str
    """Unit of ``GraphicsSpeed.per_card``: users or streams per card, or frames per hour."""

    def class_messages(self, workload: Workload, card: Card) -> list[Message]:
        """A training card (no encoders, no graphics vGPU) chosen for graphics work."""
        if card.category == "training":
            return [msg("class-mismatch", card=card.name, category=card.category, workload=workload.value,
                        expected="graphics")]
        return []

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        return _estimate_graphics(scenario, card, graphics_basis(scenario, card))

    def constraint_check(self, scenario: Scenario, card: Card, part, costs, power) -> tuple[Verdict, ...]:
        """Budget, region, power and (rendering) the deadline for the job's hours (``part``: GraphicsSpeed)."""
        return check(scenario, card, costs=costs, power=power, hours=part.hours, one_off_job=self.one_off_job)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        basis = graphics_basis(scenario, card)
        return [_estimate_graphics(with_count(scenario, n), card, basis) for n in counts]

    def limiting_factor(self, est: Estimate) -> str:
        return GRAPHICS_FACTORS.get(est.graphics.limiting, "unknown") if est.graphics else "unknown"

    def can_rank(self, est: Estimate) -> bool:
        return est.graphics is not None

    def limit_reason(self, est: Estimate) -> Message:
        g = est.graphics
        return msg("reason-graphics-limit", card=est.card.name, per_card=g.per_card, unit=g.unit, limit=g.limiting)

    def cheaper_reason(self, card: Card, other: Card, ratio: float) -> Message:
        return msg("reason-class-cheaper-graphics", card=card.name, category=card.category, ratio=ratio,
                   other=other.name, other_category=other.category, unit=self.cost_unit)

    def mismatch(self, scenario: Scenario, chosen: Estimate, catalog: Catalog) -> Message | None:
        """A training card (no encoders, no graphics vGPU) or a consumer card chosen for graphics
        work, when a data-centre graphics-capable card does the job for less."""
        from configurator.core.plan.deployment import graphics_deployments
        from configurator.core.recommend import Filters, Objective, recommend, score  # ranking builds on families

        scenario, card = chosen.scenario, chosen.card
        if card.category != "training" and not card.is_consumer:
            return None
        mine_candidates = graphics_deployments(scenario, card)
        if not mine_candidates and chosen.graphics.cards_needed and self.carries_load:
            mine_candidates = [carrying_whole_load(chosen)]  # e.g. passthrough
        for objective in (Objective.TCO, Objective.CLOUD):
            better = recommend(scenario, catalog, objective, Filters(), limit=1).best
            mine = min((v for v in (score(e, objective, Filters()) for e in mine_candidates) if v is not None),
                       default=None)
            if better is None:
                continue
            if mine is None:
                return msg("mismatch-card-cannot-do-graphics", card=card.name, category=card.category,
                           other=better.card.name, count=better.count, workload=scenario.workload.value)
            if better.score < mine:
                return msg("mismatch-wrong-class-for-graphics", card=card.name, category=card.category,
                           other=better.card.name, count=better.count, ratio=mine / better.score,
                           currency=scenario.economics.currency, unit=self.cost_unit)
            return None
        return None

    def rejection(self, workload: Workload, card: Card) -> str:
        return graphics_unsuitable(workload, card) or super().rejection(workload, card)


class LoadFamily(GraphicsFamily):
    """Desktops and video: a number of users or streams, carried by enough cards."""

    carries_load = True
    one_off_job = False
    x_unit = "cards"
    load_variable: str
    """What the memory curve counts on one card: ``users`` or ``streams``."""

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the users or streams on it."""
        values = tuple(range(1, max(2 * on_card, 8) + 1))
        totals = tuple(graphics_memory(scenario, card, v).total for v in values)
        return MemoryCurve(self.load_variable, values, totals, graphics_memory(scenario, card, 0).budget,
                           max(on_card, 1))

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """Cost per user-month or stream-hour [currency] against the cards the whole load needs."""
        if chosen is None and graphics_unsuitable(scenario.workload, card):
            return None
        est = chosen if chosen is not None else estimate(scenario, card)
        g = est.graphics
        if g is None or not g.cards_needed:
            return None
        est = carrying_whole_load(est)
        if est.costs.per_unit is None:
            return None
        return CatalogPoint(card, float(g.cards_needed), est.costs.per_unit, est.usable, basis_of(est.costs),
                            self.x_unit, self.chart_cost_unit)
