"""estimate(scenario, card) -> Estimate, and sweeps over card counts and cards."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.economics import (
    Costs,
    Power,
    PriceBasis,
    deployment_power,
    energy_kwh,
    job_costs,
    price_basis,
)
from configurator.core.memory import (
    TIGHT_FIT_HEADROOM,
    ActivationLayout,
    MemoryBreakdown,
    StageMemory,
    activation_layout,
    inference_memory_model,
    stage_memories,
    training_memory,
    training_states,
)
from configurator.core.graphics import (
    GraphicsSpeed,
    card_fit_messages,
    demand_messages,
    graphics_speed,
)
from configurator.core.constraints import load_messages, missed_serving_targets
from configurator.core.messages import Message, msg
from configurator.core.verdicts import Verdict, blocking
from configurator.core.procurement.goodput import deployment_goodput
from configurator.core.procurement.prices import active_price_book
from configurator.core.training_speed import (
    MicroBatchTiming,
    TrainingSpeed,
    micro_batch_timing,
    training_speed,
)
from configurator.core.plan.training import Layout, TrainingPlan, clear_plan_memo, plan_training_layout
from configurator.core.precision import PrecisionPlan, plan_inference, plan_serving, plan_training
from configurator.core.scenario import Recompute, Scenario, Workload
from configurator.core.serving_speed import InferenceSpeed, ReplicaSpeed, inference_speed, replica_speed
from configurator.core.units import GIB

@dataclass(frozen=True)
class Limits:
    """The largest load that still fits on the card."""

    max_micro_batch: int | None = None
    max_concurrency: int | None = None
    max_context: int | None = None


@dataclass(frozen=True)
class Estimate:
    """Everything the estimator says about one (Scenario, Card)."""

    scenario: Scenario
    card: Card
    plan: PrecisionPlan
    memory: MemoryBreakdown
    limits: Limits
    training: TrainingSpeed | None
    inference: InferenceSpeed | None
    power: Power | None
    energy_kwh: float | None
    costs: Costs
    messages: tuple[Message, ...]
    graphics: GraphicsSpeed | None = None
    verdicts: tuple[Verdict, ...] = ()
    """Every constraint the scenario states, checked (:mod:`configurator.core.constraints`): the one
    answer to "does it meet the budget, region, deadline, power and latency targets", with how much
    it misses or has to spare."""

    @property
    def violations(self) -> tuple[Verdict, ...]:
        """The verdicts that keep this configuration from being ranked as meeting the constraints."""
        return blocking(self.verdicts)

    @property
    def fits(self) -> bool:
        return self.memory.fits

    @property
    def hours(self) -> float | None:
        """Time for the job: training, or a render job (None for serving and streaming)."""
        if self.training:
            return self.training.hours
        return self.graphics.hours if self.graphics else None

    @property
    def tokens_per_s(self) -> float | None:
        speed = self.training or self.inference
        return speed.tokens_per_s if speed else None

    @property
    def throughput(self) -> float | None:
        """Tokens/s (AI), users or streams carried, or frames per hour (rendering)."""
        if self.graphics:
            return self.graphics.throughput
        return self.tokens_per_s

    @property
    def usable(self) -> bool:
        """Fits in memory and carries the whole load (graphics: all users or streams)."""
        return self.fits and (self.graphics is None or self.graphics.meets_demand)

    @property
    def warnings(self) -> list[str]:
        return [m.text for m in self.messages]

    def to_dict(self) -> dict:
        """The CLI's JSON contract (sizes in GiB per card, times in s or h)."""
        from configurator.core.estimate_json import estimate_to_dict

        return estimate_to_dict(self)


def _class_messages(scenario: Scenario, card: Card) -> list[Message]:
    messages = _family(scenario.workload).class_messages(scenario.workload, card)
    if card.confidence == "low":
        messages.append(msg("low-confidence", card=card.name))
    if card.tdp_w is None:
        messages.append(msg("no-tdp", card=card.name))
    if card.bandwidth_gbps is None:
        messages.append(msg("no-bandwidth", card=card.name))
    return messages


def _fit_messages(memory: MemoryBreakdown, card: Card) -> list[Message]:
    if not memory.fits:
        return [
            msg("does-not-fit", need=memory.total / GIB, card=card.name, budget=memory.budget / GIB,
                short=(memory.total - memory.budget) / GIB)
        ]
    if memory.headroom < TIGHT_FIT_HEADROOM:
        return [msg("tight-fit", headroom=100 * memory.headroom)]
    return []


@dataclass(frozen=True)
class TrainingBasis:
    """What a training estimate needs that does not depend on the card count."""

    plan: PrecisionPlan
    layout: ActivationLayout
    stages: tuple[StageMemory, ...]
    timing: MicroBatchTiming | None
    prices: PriceBasis
    card_messages: tuple[Message, ...]


@dataclass(frozen=True)
class InferenceBasis:
    """What an inference estimate needs that does not depend on the card count."""

    plan: PrecisionPlan
    memory: MemoryBreakdown
    limits: Limits
    replica: ReplicaSpeed | None
    prices: PriceBasis
    card_messages: tuple[Message, ...]


def training_basis(scenario: Scenario, card: Card) -> TrainingBasis:
    plan = plan_training(card, scenario.precision)
    layout = activation_layout(scenario, plan, training_states(scenario, plan))
    timing = micro_batch_timing(scenario, card, plan, layout) if plan.math is not None else None
    return TrainingBasis(plan, layout, stage_memories(scenario, card, plan), timing,
                         price_basis(card, scenario.economics), tuple(_class_messages(scenario, card)))


def inference_basis(scenario: Scenario, card: Card) -> InferenceBasis:
    plan = plan_serving(scenario, card)
    serving = scenario.serving
    model = inference_memory_model(scenario, card, plan)
    per_replica = scenario.sequences_per_replica
    limits = Limits(max_concurrency=model.max_concurrency(serving.context_tokens) * scenario.data_parallel,
                    max_context=model.max_context(per_replica))
    return InferenceBasis(plan, model.breakdown(per_replica, serving.context_tokens), limits,
                          replica_speed(scenario, card, plan), price_basis(card, scenario.economics),
                          tuple(_class_messages(scenario, card)))


def verdict_messages(verdicts: Iterable[Verdict]) -> list[Message]:
    """The words of every verdict not met: what breaks and by how much, or why it cannot be checked."""
    return [v.message for v in verdicts if v.met is not True]


def _estimate_training(scenario: Scenario, card: Card, basis: TrainingBasis) -> Estimate:
    plan = basis.plan
    memory, max_batch = training_memory(scenario, basis.stages)
    speed = training_speed(scenario, card, plan, basis.layout, basis.timing) if basis.timing else None
    goodput = deployment_goodput(scenario, card) if speed else None
    if goodput is not None:
        speed = replace(speed, goodput=goodput.fraction, hours=speed.hours / goodput.fraction,
                        gpu_hours=speed.gpu_hours / goodput.fraction)
    power = deployment_power(card, scenario)
    hours = speed.hours if speed else None
    energy = energy_kwh(power, hours) if power and hours is not None else None
    costs = job_costs(scenario, basis.prices, power, hours, scenario.training.tokens)
    verdicts = _family(scenario.workload).constraint_check(scenario, card, speed, costs, power)
    messages = [*plan.messages, *_fit_messages(memory, card), *(speed.messages if speed else ()),
                *verdict_messages(verdicts), *basis.card_messages, *costs.messages]
    return Estimate(scenario, card, plan, memory, Limits(max_micro_batch=max_batch), speed, None, power,
                    energy, costs, tuple(messages), verdicts=verdicts)


def _estimate_inference(scenario: Scenario, card: Card, basis: InferenceBasis) -> Estimate:
    speed = inference_speed(scenario, basis.replica)
    power = deployment_power(card, scenario)
    energy = energy_kwh(power, 1.0) if power else None
    tokens_per_hour = speed.tokens_per_s * 3600.0 if speed else None
    costs = job_costs(scenario, basis.prices, power, 1.0, tokens_per_hour)
    verdicts = _family(scenario.workload).constraint_check(scenario, card, speed, costs, power)
    messages = [*basis.plan.messages, *_fit_messages(basis.memory, card), *(speed.messages if speed else ()),
                *load_messages(scenario, speed), *verdict_messages(verdicts), *basis.card_messages, *costs.messages]
    return Estimate(scenario, card, basis.plan, basis.memory, basis.limits, None, speed, power, energy, costs,
                    tuple(messages), verdicts=verdicts)


@dataclass(frozen=True)
class GraphicsBasis:
    """What a graphics estimate needs that does not depend on the card count."""

    plan: PrecisionPlan
    prices: PriceBasis
    card_messages: tuple[Message, ...]


def graphics_basis(scenario: Scenario, card: Card) -> GraphicsBasis:
    return GraphicsBasis(plan_inference(card, scenario.precision), price_basis(card, scenario.economics),
                         tuple(card_fit_messages(scenario, card)) + tuple(_class_messages(scenario, card)))


_FAMILY_OF: list = []
"""``workloads.family_of``, imported on first use (that package builds on this module): an import
statement on every call costs more than the look-up, the more so once Qt's import hook is loaded."""


def _family(workload: Workload):
    """The workload's family (:mod:`configurator.core.workloads`, which builds on this module)."""
    if not _FAMILY_OF:
        from configurator.core.workloads import family_of

        _FAMILY_OF.append(family_of)
    return _FAMILY_OF[0](workload)


def _graphics_costs(scenario: Scenario, prices: PriceBasis, speed: GraphicsSpeed, power: Power | None) -> Costs:
    """Costs per hour (desktops, transcoding) or for the render job, with the cost per unit
    (the family's: frame, user-month of ``hours_per_unit`` hours, or stream-hour)."""
    family = _family(scenario.workload)
    if family.one_off_job:
        costs = job_costs(scenario, prices, power, speed.hours, None)
        per_unit = costs.total / speed.demand if costs.total is not None else None
    else:
        costs = job_costs(scenario, prices, power, 1.0, None)
        per_hour = costs.total / speed.served if costs.total is not None and speed.served > 0 else None
        per_unit = per_hour * family.hours_per_unit if per_hour is not None else None
    return replace(costs, per_unit=per_unit)


def _estimate_graphics(scenario: Scenario, card: Card, basis: GraphicsBasis) -> Estimate:
    family = _family(scenario.workload)
    speed, memory = graphics_speed(scenario, card)
    power = deployment_power(card, scenario)
    hours = speed.hours if family.one_off_job else 1.0
    energy = energy_kwh(power, hours) if power and hours is not None else None
    costs = _graphics_costs(scenario, basis.prices, speed, power)
    verdicts = family.constraint_check(scenario, card, speed, costs, power)
    fit = _fit_messages(memory, card) if not memory.fits or family.warns_tight_fit else []
    messages = [*fit, *speed.messages, *demand_messages(speed, scenario.count), *basis.card_messages,
                *verdict_messages(verdicts), *costs.messages]
    return Estimate(scenario, card, basis.plan, memory, Limits(), None, None, power, energy, costs,
                    tuple(messages), speed, verdicts)


MEMO_SIZE = 2048
"""Estimates kept for reuse (:func:`estimate`), least recently used dropped first: about
7 KiB each (measured with tracemalloc on a catalog-wide training search), so ~14 MiB at most."""

_MEMO: OrderedDict[tuple, tuple[Card, object, Estimate]] = OrderedDict()
_MEMO_LOCK = threading.Lock()  # the window analyses on a worker thread while the GUI thread may estimate


def clear_estimate_memo() -> None:
    """Forget every kept estimate and training or serving layout search (the next :func:`estimate`
    of each scenario computes it again)."""
    from configurator.core.plan.serving import clear_search_memo  # the serving planner builds on this module

    with _MEMO_LOCK:
        _MEMO.clear()
    clear_plan_memo()
    clear_search_memo()


def estimate(scenario: Scenario, card: Card) -> Estimate:
    """Memory, speed, power and cost of ``scenario`` on ``scenario.count`` × ``card``.

    Layout fields left to the planner (``scenario.auto_layout``) are chosen first, so the
    estimate is of the layout a practitioner would run; its scenario holds the values chosen.

    An estimate depends on the scenario, the card and the price book in use only, and is never
    edited (frozen), so the last :data:`MEMO_SIZE` are kept and given again for the same three
    (the card and the book by identity: the catalog is loaded once, hashing a card costs more):
    the recommendation under another objective, re-analysing after an undo, a summary printed
    from a fresh analysis. The scenario is compared by its JSON (``1`` and ``1.0`` differ there).
    """
    book = active_price_book()
    key = (scenario.model_dump_json(warnings=False), id(card), id(book))
    with _MEMO_LOCK:
        kept = _MEMO.get(key)
        if kept is not None and kept[0] is card and kept[1] is book:
            _MEMO.move_to_end(key)
            return kept[2]
    result = _family(scenario.workload).assemble(scenario, card)  # outside the lock: it estimates too
    with _MEMO_LOCK:
        _MEMO[key] = (card, book, result)  # card and book held, so their ids are not reused while kept
        if len(_MEMO) > MEMO_SIZE:
            _MEMO.popitem(last=False)
    return result


def with_layout(scenario: Scenario, parallelism: dict, training: dict | None = None) -> Scenario:
    """``scenario`` with a layout the planner built valid (divides the count, fits the model's
    layers and heads); nested copies skip the full re-validation on this hot path."""
    par = scenario.parallelism.model_copy(update=parallelism)
    updates = {"parallelism": par}
    if training:
        updates["training"] = scenario.training.model_copy(update=training)
    return scenario.model_copy(update=updates)


def _layout_scenario(scenario: Scenario, layout: Layout, batch: int) -> Scenario:
    changes = layout.as_changes(None if "grad_accum" not in scenario.auto_layout else batch)
    training = {**changes["training"], "recompute": layout.recompute}
    return with_layout(scenario, changes["parallelism"], training)


def _unplanned(scenario: Scenario) -> Scenario:
    """The scenario with every Auto field at its plainest value (when no plan exists)."""
    auto = set(scenario.auto_layout)
    par = {k: 1 for k, f in (("tp", "tp"), ("pp", "pp"), ("virtual_stages", "vp"), ("cp", "cp"), ("ep", "ep"))
           if f in auto}
    if "zero" in auto:
        par["zero"] = 0
    return with_layout(scenario, par)


PLANNED_CANDIDATES = 3
"""Layouts the planner ranks first that are re-estimated exactly before one is chosen."""

BATCH_MOVE_LIMIT = 2.0
"""Most a global batch that does not split over the cards is moved, either way, to the nearest
that does [×]. The batch is the training recipe's; past this factor it is the card count that
does not suit the job, and the estimate says so instead of timing another recipe."""


def planned_training(scenario: Scenario, card: Card, plan: TrainingPlan | None = None) -> Estimate:
    """The fastest fitting layout of the planner, estimated exactly. When no layout fits, the
    lightest (the closest to fitting: its shortfall is the one to report) with the reason; when
    the global batch does not split over the cards, the plan at the nearest batch that does."""
    plan = plan or plan_training_layout(scenario, card, top=PLANNED_CANDIDATES)
    if plan.problem == "batch-does-not-divide":
        return _at_nearest_batch(scenario, card, plan)
    if plan.best is None:
        est = _closest(scenario, card, plan)
        if plan.problem == "no-layout-fits":
            est = _with_first(est, msg(plan.problem, **plan.problem_values))
        return est
    estimates = []
    for layout in plan.layouts[:PLANNED_CANDIDATES]:
        candidate = _layout_scenario(scenario, layout, plan.global_batch_tokens)
        estimates.append(_estimate_training(candidate, card, training_basis(candidate, card)))
    fitting = [e for e in estimates if e.fits and e.training is not None]
    return max(fitting, key=lambda e: e.training.tokens_per_s) if fitting else estimates[0]


def _with_first(est: Estimate, message: Message) -> Estimate:
    return replace(est, messages=(message, *est.messages))


def _closest(scenario: Scenario, card: Card, plan: TrainingPlan) -> Estimate:
    """Nothing fits: the lightest layout the search found, estimated exactly; nothing could be
    searched (no rate): the plainest layout."""
    chosen = _unplanned(scenario) if plan.lightest is None else \
        _layout_scenario(scenario, plan.lightest, plan.global_batch_tokens)
    return _estimate_training(chosen, card, training_basis(chosen, card))


def batch_message(values: dict) -> Message:
    """The global batch does not split over the cards: the nearest batches that do (one or two)."""
    nearest = values["nearest"]
    if len(nearest) == 1:
        return msg("batch-does-not-divide-one", batch=values["batch"], count=values["count"], nearest=nearest[0])
    return msg("batch-does-not-divide", batch=values["batch"], count=values["count"], low=nearest[0],
               high=nearest[-1])


def _at_nearest_batch(scenario: Scenario, card: Card, plan: TrainingPlan) -> Estimate:
    """The plan at the global batch nearest the recipe's that splits over the cards, when it is
    within :data:`BATCH_MOVE_LIMIT` of it; else the memory of one sequence per rank with the
    lightest settings left to the planner (ZeRO 3, full recomputation), untimed (a speed at a recipe nobody chose would mislead), with the reason."""
    values = plan.problem_values
    batch = values["batch"]
    near = min(values["nearest"], key=lambda b: (max(b / batch, batch / b), b))
    if max(near / batch, batch / near) <= BATCH_MOVE_LIMIT:
        moved = planned_training(with_layout(scenario, {}, {"global_batch_tokens": near}), card)
        return _with_first(moved, msg("batch-moved", batch=batch, count=scenario.count, used=near))
    auto = scenario.auto_layout
    lightest = with_layout(_unplanned(scenario), {"zero": 3} if "zero" in auto else {},
                           {"micro_batch": 1, "grad_accum": 1,
                            **({"recompute": Recompute.FULL} if "recompute" in auto else {})})
    est = _estimate_training(lightest, card, training_basis(lightest, card))
    costs = job_costs(lightest, price_basis(card, lightest.economics), est.power, None, None)
    return _with_first(replace(est, training=None, energy_kwh=None, costs=costs), batch_message(values))


def messages_for_serving_targets(scenario: Scenario, inference: InferenceSpeed) -> list[str]:
    """Serving targets the deployment misses (request rate, first token, time per token), as the
    message ids of the one checker's verdicts (:func:`configurator.core.constraints.missed_serving_targets`)."""
    return missed_serving_targets(scenario, inference)


# ---- sweeps -----------------------------------------------------------------------------


def valid_counts(scenario: Scenario, counts: Iterable[int]) -> list[int]:
    """The counts the scenario's pinned tensor × pipeline layout can be split into."""
    group = pinned_model_parallel(scenario)
    return [n for n in counts if n >= group and n % group == 0]


def pinned_model_parallel(scenario: Scenario) -> int:
    """Cards a valid count must be a multiple of: the pinned tensor × pipeline × context degrees
    and the pinned expert degree, which splits the data-parallel width (Auto counts as 1)."""
    if not _family(scenario.workload).has_layout:
        return 1
    auto = scenario.auto_layout
    par = scenario.parallelism
    cp = par.cp if scenario.workload.is_training and "cp" not in auto else 1
    ep = par.ep if scenario.workload.is_training and "ep" not in auto else 1
    return (1 if "tp" in auto else par.tp) * (1 if "pp" in auto else par.pp) * cp * ep


def with_count(scenario: Scenario, count: int) -> Scenario:
    """The scenario at another card count.

    Only the count changes (and Auto tensor/pipeline degrees go back to 1 for the planner to
    choose again), and ``valid_counts`` keeps it a multiple of the pinned tp × pp, the one rule
    the count takes part in; so the (slow) full re-validation is skipped here.
    """
    if count < 1 or count % pinned_model_parallel(scenario):
        raise ValueError(f"{count} cards do not split into the scenario's tp × pp groups")
    if scenario.auto_layout and _family(scenario.workload).has_layout:
        scenario = _unplanned(scenario)
    return scenario.model_copy(update={"count": count})


def sweep_counts(scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
    """Estimates of ``scenario`` on ``card`` at each valid count of ``counts``.

    What does not depend on the count (precision plan, stage memory, micro-batch time,
    per-replica speed) is worked out once.
    """
    return _family(scenario.workload).sweep(scenario, card, valid_counts(scenario, counts))


def carrying_whole_load(est: Estimate) -> Estimate:
    """Desktops and transcoding: the same scenario on as many cards as every user or stream
    needs (``est`` itself when it already has that count, or for other workloads)."""
    g = est.graphics
    if g is None or not _family(g.workload).carries_load or not g.cards_needed or g.cards_needed == est.scenario.count:
        return est
    scenario = with_count(est.scenario, g.cards_needed)
    if g.cards_per_server is not None and g.cards_per_server != scenario.parallelism.cards_per_node:
        scenario = with_layout(scenario, {"cards_per_node": g.cards_per_server})  # as the needed count was sized
    return estimate(scenario, est.card)


def sweep_catalog(scenario: Scenario, cards: Iterable[Card], counts: Sequence[int]) -> dict[str, list[Estimate]]:
    """``sweep_counts`` for every card: card id -> estimates by count."""
    return {card.id: sweep_counts(scenario, card, counts) for card in cards}
