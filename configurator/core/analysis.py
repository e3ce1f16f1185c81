"""Everything the window shows for one scenario, computed in one call.

The estimate of the chosen card, the same scenario on compared cards, a sweep over card
counts, memory against batch size (training) or context (inference), and one point per
catalog card for the cost chart. Pure and Qt-free; the window only draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from configurator.core.catalog import Card, Catalog
from configurator.core.estimate import Estimate, carrying_whole_load, estimate, sweep_counts
from configurator.core.graphics import graphics_memory, graphics_unsuitable
from configurator.core.memory import inference_memory_model, stage_memories
from configurator.core.precision import plan_serving, plan_training
from configurator.core.scenario import Scenario, Workload

COUNT_SWEEP = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024)
"""Card counts the scaling chart evaluates (those the tp × pp layout allows)."""


@dataclass(frozen=True)
class MemoryCurve:
    """Memory per card against the load that drives it, with the limit [B]."""

    variable: str  # "micro_batch", "context", "users", "streams" or "scene_gib"
    values: tuple[int, ...]
    totals: tuple[float, ...]
    limit: float
    current: int


@dataclass(frozen=True)
class CatalogPoint:
    """One card in the cost chart: the scenario on that card at the same count."""

    card: Card
    latency_or_hours: float
    cost: float
    fits: bool
    basis: str | None = None  # "cloud" or "ownership"


@dataclass(frozen=True)
class Analysis:
    """What the window draws for one scenario."""

    estimate: Estimate
    compared: tuple[Estimate, ...]
    by_count: tuple[Estimate, ...]
    memory_curve: MemoryCurve
    catalog_points: tuple[CatalogPoint, ...]
    complete: bool = True
    """False for the early steps of :func:`analysis_steps` (no catalog points yet)."""

    @property
    def scaling_limit(self) -> int | None:
        """The first count from which doubling the cards adds less than 10 % throughput."""
        return scaling_limit(self.by_count)


def scaling_limit(by_count: Sequence[Estimate]) -> int | None:
    """First count after which twice the cards give under 1.1× the tokens/s (None if never)."""
    speeds = {e.scenario.count: e.throughput for e in by_count if e.throughput}
    for count, speed in sorted(speeds.items()):
        doubled = speeds.get(2 * count)
        if doubled is not None and doubled < 1.1 * speed:
            return count
    return None


def _geometric(limit: int, points: int = 24) -> tuple[int, ...]:
    values = {1}
    value = 1.0
    step = max(limit, 2) ** (1 / points)
    while value < limit:
        value *= step
        values.add(min(limit, round(value)))
    return tuple(sorted(values))


def graphics_memory_curve(scenario: Scenario, card: Card, on_card: int) -> MemoryCurve:
    """Memory per card against users or streams on the card, or against the scene size."""
    if scenario.workload is Workload.RENDER:
        g = scenario.graphics
        top = max(2 * g.scene_gib, 1.2 * card.memory_gb)
        values = tuple(v for v in _geometric(max(2, round(top)), 32))
        totals = tuple(graphics_memory(scenario.model_copy(update={"graphics": g.model_copy(update={"scene_gib": v})}),
                                       card, 1).total for v in values)
        limit = graphics_memory(scenario, card, 1).budget
        return MemoryCurve("scene_gib", values, totals, limit, round(g.scene_gib))
    variable = "users" if scenario.workload is Workload.VDI else "streams"
    values = tuple(range(1, max(2 * on_card, 8) + 1))
    totals = tuple(graphics_memory(scenario, card, v).total for v in values)
    return MemoryCurve(variable, values, totals, graphics_memory(scenario, card, 0).budget, max(on_card, 1))


def memory_curve(scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
    """Memory per card against micro-batch (training), context (inference), or the graphics
    load (``on_card`` users or streams on the card)."""
    if scenario.workload.is_graphics:
        return graphics_memory_curve(scenario, card, on_card)
    if scenario.workload is Workload.INFERENCE:
        model = inference_memory_model(scenario, card, plan_serving(scenario, card))
        concurrency, current = scenario.sequences_per_replica, scenario.serving.context
        top = max(2 * current, min(2_097_152, 2 * max(model.max_context(concurrency), 1)))
        values = _geometric(top)
        totals = tuple(model.breakdown(concurrency, v).total for v in values)
        return MemoryCurve("context", values, totals, model.budget, current)
    stages = stage_memories(scenario, card, plan_training(card, scenario.precision))
    sharded = [stage.sharded(scenario.replicas, scenario.parallelism.ep)
               for stage in stages]
    current = scenario.training.micro_batch
    largest = min(m.max_micro_batch() for m in sharded)
    values = _geometric(max(2 * current, 2 * largest, 8), 32)
    totals = tuple(max(m.breakdown(v).total for m in sharded) for v in values)
    return MemoryCurve("micro_batch", values, totals, sharded[0].capacity, current)


def graphics_catalog_point(scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
    """Rendering: job cost against hours at the scenario's count. VDI and transcoding: cost
    per user-month or stream-hour against the cards needed for the whole load."""
    if chosen is None and graphics_unsuitable(scenario.workload, card):
        return None
    est = chosen if chosen is not None else estimate(scenario, card)
    g = est.graphics
    if scenario.workload is not Workload.RENDER:
        if g is None or not g.cards_needed:
            return None
        est = carrying_whole_load(est)
        if est.costs.per_unit is None:
            return None
        return CatalogPoint(card, float(g.cards_needed), est.costs.per_unit, est.usable, est.costs.basis)
    if g is None or g.hours is None or est.costs.total is None:
        return None
    return CatalogPoint(card, g.hours, est.costs.total, est.fits, est.costs.basis)


def catalog_point(est: Estimate) -> CatalogPoint | None:
    """Cost against time (training) or against time per output token (inference)."""
    if est.graphics is not None:
        return graphics_catalog_point(est.scenario, est.card, est)
    cost = est.costs.per_million_tokens
    if cost is None:
        return None
    if est.training is not None:
        job_cost = cost * est.scenario.training.tokens / 1e6
        return CatalogPoint(est.card, est.training.hours, job_cost, est.fits, est.costs.basis)
    if est.inference is not None:
        return CatalogPoint(est.card, est.inference.tpot_s, cost, est.fits, est.costs.basis)
    return None


def analyse(scenario: Scenario, catalog: Catalog, compared_ids: Sequence[str] = ()) -> Analysis:
    """The chosen card's estimate plus the comparisons, sweeps and catalog points."""
    *_, complete = analysis_steps(scenario, catalog, compared_ids)
    return complete


def analysis_steps(scenario: Scenario, catalog: Catalog, compared_ids: Sequence[str] = (),
                   cancelled: Callable[[], bool] = lambda: False) -> Iterator[Analysis]:
    """The analysis, cheapest part first: (1) the chosen card's estimate, the compared cards and the
    memory curve, a few ms; (2) with the sweep over card counts; (3) with one point per catalog
    card, the complete analysis (the slow part: every card planned). Steps 1 and 2 have
    ``complete`` False and empty ``catalog_points``; step 1 has an empty ``by_count``. A caller
    that no longer needs the result stops iterating, or makes ``cancelled()`` true, which ends
    the catalog pass between two cards."""
    card = catalog.get(scenario.card_id)
    chosen = estimate(scenario, card)
    compared = tuple(estimate(scenario, catalog.get(i)) for i in compared_ids if i in catalog and i != card.id)
    on_card = chosen.graphics.load_on_card if chosen.graphics else 1
    # the curve of the layout the planner chose (the scenario itself when nothing is Auto)
    curve = memory_curve(chosen.scenario, card, on_card)
    yield Analysis(chosen, compared, (), curve, (), complete=False)
    by_count = tuple(sweep_counts(scenario, card, sorted({*COUNT_SWEEP, scenario.count})))
    yield Analysis(chosen, compared, by_count, curve, (), complete=False)
    points = []
    for other in catalog.cards:
        if cancelled():
            return
        if scenario.workload.is_graphics:
            point = graphics_catalog_point(scenario, other, chosen if other.id == card.id else None)
        else:
            point = catalog_point(chosen if other.id == card.id else estimate(scenario, other))
        # one price basis (cloud or owned) per chart: the chosen card's, when it has one
        same_basis = point is not None and (chosen.costs.basis is None or point.basis == chosen.costs.basis)
        if point is not None and point.fits and same_basis:
            points.append(point)
    yield Analysis(chosen, compared, by_count, curve, tuple(points))
