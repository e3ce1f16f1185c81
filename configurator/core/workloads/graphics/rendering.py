"""Offline rendering: a job of frames, one card per frame, priced per frame.

Render time from :func:`configurator.core.formulas.graphics.render_hours`; memory is the
scene on each card (:func:`configurator.core.graphics.graphics_memory`)."""

from __future__ import annotations

import math

from configurator.core.catalog import Card
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.graphics import graphics_memory, graphics_unsuitable
from configurator.core.message_numbers import deadline_time_unit
from configurator.core.messages import HOURS_PER_DAY, Message, msg
from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads.graphics.family import GraphicsFamily
from configurator.core.workloads.base import CatalogPoint, Estimate, MemoryCurve, basis_of, deadline_alternative, geometric

SCENE_CURVE_REACH = (2.0, 1.2)
"""The scene-size curve reaches twice the scene or 1.2 × the card's memory, whichever is larger."""


JOB_TIME_MESSAGE = {"duration": "reason-render-speed", "h": "reason-render-speed-h", "days": "reason-render-speed-days"}
"""The why line of a render job with a deadline, by the unit its time is written in
(:func:`~configurator.core.message_numbers.deadline_time_unit`)."""


class RenderingFamily(GraphicsFamily):
    name = "rendering"
    workloads = frozenset({Workload.RENDER})
    x_unit = "h"
    chart_cost_unit = "job"
    cost_unit = "frame"
    needs = ("rt-cores", "display-outputs")
    unit_scale = 1.0
    speed_unit = "h"
    one_off_job = True
    job_pace = "render"
    default_classes = {Workload.RENDER: ("graphics", "inference", "workstation")}
    default_card = "l40s"  # NVIDIA's data-centre card for rendering: 3rd-generation RT cores, 48 GB for scenes
    default_card_for_region = {"cn": "rtx-a6000"}  # the L40S needs a US export licence there; the A6000
    # (2nd-generation RT cores, 48 GB, display outputs) is permitted: the catalog's export status
    per_card_unit = "frames per hour"

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the scene size [GiB]."""
        g = scenario.graphics
        scene, card_share = SCENE_CURVE_REACH
        top = max(scene * g.scene_gib, card_share * card.memory_gb)
        values = tuple(v for v in geometric(max(2, round(top)), 32))
        totals = tuple(graphics_memory(scenario.model_copy(update={"graphics": g.model_copy(update={"scene_gib": v})}),
                                       card, 1).total for v in values)
        limit = graphics_memory(scenario, card, 1).budget
        return MemoryCurve("scene_gib", values, totals, limit, round(g.scene_gib))

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """The job's cost [currency] against the hours to render it [h] at the scenario's count, with the
        estimate it is of and the job's frames (its TCO, the ranking's basis, is per frame)."""
        if chosen is None and graphics_unsuitable(scenario.workload, card):
            return None
        est = chosen if chosen is not None else self.estimated(scenario, card)
        g = est.graphics
        if g is None or g.hours is None or est.costs.total is None:
            return None
        return CatalogPoint(card, g.hours, est.costs.total, est.fits, basis_of(est.costs), self.x_unit,
                            self.chart_cost_unit, est, g.demand)

    def speed_figure(self, est: Estimate) -> float:
        g = est.graphics
        return g.hours if g.hours is not None else math.inf

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """The frames of the job [frames]."""
        return est.graphics.demand

    def work_per_year(self, est: Estimate) -> float | None:
        """Frames rendered in a year [frames/year]: at full use, or, with a deadline, at most the
        job's frames every deadline (:meth:`WorkloadFamily.at_the_pace_asked`). Without that cap a
        render job scales with the cards, so a cluster's fixed lines (switches, installation)
        spread over ever more frames nobody asked for and the cheapest per frame was always the
        largest count tried (10,000 frames in 72 h: 1,024 cards for USD 18.7 M, finishing in
        1.1 h, where 16 cards meet the deadline for USD 0.39 M)."""
        g = est.graphics
        if g is None or not g.per_card:
            return None
        return self.at_the_pace_asked(est, g.per_card * est.scenario.count * HOURS_PER_YEAR)

    def limit_reason(self, est: Estimate) -> Message:
        """The card's pace and the job's time on its count; a card without ray-tracing cores (``rt_cores`` 0:
        H100 NVL, H200 NVL) is ranked at its (measured or FP32-scaled) pace and marked so: until December 2026
        its row read as any render card's (persona46)."""
        pace = self._pace_reason(est)
        return msg("reason-render-no-rt-cores", reason=pace) if est.card.rt_cores == 0 else pace

    def _pace_reason(self, est: Estimate) -> Message:
        g = est.graphics
        deadline = est.scenario.constraints.deadline_hours
        if not deadline:  # sized at one server at most (deployment.py)
            return msg("reason-render-speed-no-deadline", card=est.card.name, minutes=g.minutes_per_frame,
                       hours=g.hours, count=est.scenario.count)
        # the job's time in its deadline's unit, as the verdict beside it says it (deadline_time_unit): "2.95
        # days for the job" beside "misses the 40 h deadline" until December 2026
        unit = deadline_time_unit(g.hours, deadline)
        time = {"days": g.hours / HOURS_PER_DAY} if unit == "days" else {"hours": g.hours}  # named in its unit
        return msg(JOB_TIME_MESSAGE[unit], card=est.card.name, minutes=g.minutes_per_frame, **time,
                   count=est.scenario.count)

    def tighter_target_changes_answer(self, scenario: Scenario) -> bool:
        """Not with a deadline: every card is then bought at the fewest that meet it
        (:data:`~configurator.core.workloads.graphics.deployment.DEADLINE_COUNT`), so a shorter
        deadline buys more of each card rather than another answer — "a deadline under 29.6 h
        changes the answer" was said of 37 × RTX PRO 6000 Blackwell Workstation for 10,000 frames in
        30 h, which in 29 h is 38 of the same card (persona check, December 2026)."""
        return not scenario.constraints.deadline_hours

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float) -> Message | None:
        return deadline_alternative(fastest_figure, card, count, chosen_figure)
