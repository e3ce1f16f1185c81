"""What the graphics families (desktops, video, rendering) share: assembly through
:func:`configurator.core.graphics.graphics_speed` (:mod:`.estimate`), the deployments
(:mod:`.deployment`), and the per-card limit as the factor."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.desks import at_desks
from configurator.core.graphics import graphics_memory, graphics_unsuitable, limit_engines, no_display_for_monitor
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, Workload
from configurator.core.view.names import work_unit
from configurator.core.workloads.base import CatalogPoint, Estimate, MemoryCurve, WorkloadFamily, basis_of
from configurator.core.workloads.graphics import deployment
from configurator.core.workloads.graphics.estimate import estimate_graphics, graphics_basis
from configurator.core.workloads.layout import at_count
from configurator.core.workloads.memo import remembered

GRAPHICS_FACTORS = {
    "framebuffer": "framebuffer", "shading load": "compute", "encoders": "video engines", "decoders": "video engines",
    "vGPU instances": "vGPU limit", "passthrough": "vGPU limit", "encode sessions": "driver limit",
    "display outputs": "display outputs",
}
"""The limit :func:`configurator.core.graphics.graphics_speed` names -> the factor shown."""


class GraphicsFamily(WorkloadFamily):
    """Desktops, video and rendering: no parallel layout, no planner."""

    has_layout = False
    ranking_reads_count = False  # each card's deployment starts from one card (deployment.graphics_deployments)
    warns_tight_fit = True
    """Whether a fitting but nearly full card is worth a warning."""
    hours_per_unit = 1.0
    """Hours in one ``cost_unit`` of running work [h] (1 for a stream-hour)."""
    licensed_per_user = False
    """Whether each user of the work needs a software licence of its own (a desktop's NVIDIA vGPU
    licence, :func:`configurator.core.graphics.vgpu_licence`), paid on a rent as on a purchase."""
    per_card_unit: str
    needs: tuple[str, ...] = ()
    """What the work needs of a card, most first, by the names of
    :func:`~configurator.core.graphics_mistake.graphics_lacks`: desktops a vGPU profile each (else one user
    per card) and encoders for the remote display protocol's stream, video its encoders, rendering its
    ray-tracing cores; all of them display outputs, which a graphics card has and a training card has not."""
    """Unit of ``GraphicsSpeed.per_card``: users or streams per card, or frames per hour."""

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        return estimate_graphics(scenario, card, graphics_basis(scenario, card), self)

    def estimated(self, scenario: Scenario, card: Card) -> Estimate:
        """:meth:`assemble` through the shared memo (what :func:`configurator.core.estimate.estimate` gives)."""
        return remembered(scenario, card, self.assemble)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        basis = graphics_basis(scenario, card)
        return [estimate_graphics(at_count(scenario, n, has_layout=False), card, basis, self) for n in counts]

    def deployments(self, scenario: Scenario, card: Card, all_counts: bool = False, whole_systems: bool = False
                    ) -> list[Estimate]:
        return deployment.graphics_deployments(scenario, card, self)

    def carrying_whole_load(self, est: Estimate) -> Estimate:
        return deployment.carrying_whole_load(est, self)

    def limiting_factor(self, est: Estimate) -> str:
        return GRAPHICS_FACTORS.get(est.graphics.limiting, "unknown") if est.graphics else "unknown"

    def can_rank(self, est: Estimate) -> bool:
        return est.graphics is not None

    def can_run(self, card: Card, workload: Workload) -> bool:
        """Whether ``card`` is one the ranking searches for ``workload`` by default: of a class it ranks
        (:attr:`default_classes`; not a training card, the costly mistake of graphics work) and with the
        graphics hardware the work needs verified (:func:`~configurator.core.graphics.graphics_unsuitable`:
        desktops graphics vGPU profiles, rendering ray-tracing cores)."""
        return (card.positioned_for(self.default_classes[workload], workload)
                and graphics_unsuitable(workload, card) is None)

    def limit_reason(self, est: Estimate) -> Message:
        g, card, scenario = est.graphics, est.card, est.scenario
        # a workstation a desk, its card its monitors' ("1 user per card, limited by display outputs" until
        # December 2026: the desk, not the connectors)
        if at_desks(scenario) and g.per_card >= 1 and card.display_outputs:
            return msg("reason-graphics-desks", card=card.name, monitors=scenario.graphics.monitors,
                       outputs=card.display_outputs)
        engines = limit_engines(est.card, g.limiting)
        unit = work_unit(g.unit, g.per_card)  # "1 user per card" (passthrough, a card's display outputs)
        if engines is not None:  # a video engine limit: the engines that decide it, said
            return msg("reason-graphics-limit-engines", card=est.card.name, per_card=g.per_card, unit=unit,
                       limit=g.limiting, engines=engines[0], engine=engines[1])
        return msg("reason-graphics-limit", card=est.card.name, per_card=g.per_card, unit=unit, limit=g.limiting)

    def cheaper_reason(self, card: Card, other: Card, ratio: float) -> Message:
        return msg("reason-class-cheaper-graphics", card=card.name, category=card.category, ratio=ratio,
                   cheaper=1 - 1 / ratio, other=other.name, other_category=other.category, unit=self.cost_unit)

    def rejection(self, scenario: Scenario, card: Card) -> Message:
        return (graphics_unsuitable(scenario.workload, card) or no_display_for_monitor(scenario, card)
                or super().rejection(scenario, card))


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
        """Cost per user-month or stream-hour [currency] against the cards the whole load needs, with
        the estimate it is of (its TCO, the ranking's basis, is per user-month or stream-hour too)."""
        if chosen is None and graphics_unsuitable(scenario.workload, card):
            return None
        est = chosen if chosen is not None else self.estimated(scenario, card)
        g = est.graphics
        if g is None or not g.cards_needed:
            return None
        est = self.carrying_whole_load(est)
        if est.costs.per_unit is None:
            return None
        return CatalogPoint(card, float(g.cards_needed), est.costs.per_unit, est.usable, basis_of(est.costs),
                            self.x_unit, self.chart_cost_unit, est)
