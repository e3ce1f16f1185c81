"""A training estimate assembled at a given layout: memory, speed, goodput, power, energy, cost
and the verdicts of the stated constraints. What does not depend on the card count is worked out
once (:class:`TrainingBasis`), so a sweep over counts reuses it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.constraints import check
from configurator.core.economics import PriceBasis, deployment_power, energy_kwh, job_costs, price_basis
from configurator.core.memory import MemoryBreakdown, activation_layout, training_states
from configurator.core.layer_activations import ActivationLayout
from configurator.core.job_horizon import outlasts_years
from configurator.core.messages import Message, msg
from configurator.core.training_stage_memory import StageMemory, stage_memories, training_memory
from configurator.core.training_speed import TrainingSpeed, micro_batch_timing, training_speed
from configurator.core.training_stage_work import MicroBatchTiming
from configurator.core.precision import PrecisionPlan, plan_training
from configurator.core.procurement.goodput import deployment_goodput
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.scenario import Scenario, Workload
from configurator.core.verdicts import Verdict
from configurator.core.workloads.base import Estimate, Limits
from configurator.core.workloads.checks import card_messages, fit_messages, layout_messages, verdict_messages

FULL_TRAINING = frozenset({Workload.PRETRAIN, Workload.FINETUNE})
"""Workloads that train every weight: they belong on training-class cards (LoRA and QLoRA do not need them)."""

TRAINING_CLASSES = ("training",)
"""Card classes built for full training (NVLink-class fabric, ECC, FP32 master weights)."""


def class_messages(workload: Workload, card: Card) -> list[Message]:
    """A card outside the training classes chosen for full training (and a consumer card's missing ECC)."""
    if workload not in FULL_TRAINING or card.positioned_for(TRAINING_CLASSES, workload):
        return []
    messages = [msg("class-mismatch", card=card.name, category=card.category, workload=workload.value,
                    expected="training")]
    if card.category == "graphics" and card.ecc is False:
        messages.append(msg("consumer-card-training", card=card.name))
    return messages


@dataclass(frozen=True)
class LayoutBasis:
    """What a layout's memory and speed read of a training estimate (no prices)."""

    plan: PrecisionPlan
    layout: ActivationLayout
    stages: tuple[StageMemory, ...]
    timing: MicroBatchTiming | None


@dataclass(frozen=True)
class TrainingBasis(LayoutBasis):
    """What a training estimate needs that does not depend on the card count: the layout's
    basis with the prices and the card's messages."""

    prices: PriceBasis
    card_messages: tuple[Message, ...]
    book: PriceBook
    """The price book the estimate's servers are powered and its budget checked from."""


def layout_basis(scenario: Scenario, card: Card) -> LayoutBasis:
    """The precision plan, activation layout, stage memories and micro-batch timing of the layout
    ``scenario`` states."""
    plan = plan_training(card, scenario.precision)
    layout = activation_layout(scenario, plan, training_states(scenario, plan))
    timing = micro_batch_timing(scenario, card, plan, layout) if plan.math is not None else None
    return LayoutBasis(plan, layout, stage_memories(scenario, card, plan), timing)


def training_basis(scenario: Scenario, card: Card, book: PriceBook | None = None,
                   laid: LayoutBasis | None = None) -> TrainingBasis:
    """What does not depend on the count; ``book`` None: the scenario's own
    (:func:`~configurator.core.procurement.prices.price_book_for` its economics, read once, here);
    ``laid``: the scenario's :func:`layout_basis` when already worked out."""
    laid = laid or layout_basis(scenario, card)
    return TrainingBasis(laid.plan, laid.layout, laid.stages, laid.timing,
                         price_basis(card, scenario.economics, scenario.constraints.region),
                         tuple(card_messages(card, class_messages(scenario.workload, card))),
                         price_book_for(scenario.economics) if book is None else book)


def layout_outcome(scenario: Scenario, card: Card, basis: LayoutBasis
                   ) -> tuple[MemoryBreakdown, int, TrainingSpeed | None]:
    """The memory on the most-loaded card, the largest micro-batch that fits and the speed before
    goodput (None without a rate) of the layout ``scenario`` states: what choosing among layouts
    reads of an estimate (:func:`estimate_training` builds the rest on them)."""
    memory, max_batch = training_memory(scenario, basis.stages)
    speed = training_speed(scenario, card, basis.plan, basis.layout, basis.timing) if basis.timing else None
    return memory, max_batch, speed


def constraint_check(scenario: Scenario, card: Card, speed: TrainingSpeed | None, costs, power,
                     book: PriceBook) -> tuple[Verdict, ...]:
    """The job's deadline, budget, power and throughput targets: the one checker with the job's hours."""
    return check(scenario, card, costs=costs, power=power, hours=speed.hours if speed else None,
                 one_off_job=True, training=speed, book=book)


def estimate_training(scenario: Scenario, card: Card, basis: TrainingBasis,
                      outcome: tuple[MemoryBreakdown, int, TrainingSpeed | None] | None = None) -> Estimate:
    """``scenario`` on ``scenario.count`` × ``card`` at the layout it states (``outcome``: its
    :func:`layout_outcome` when already worked out)."""
    plan = basis.plan
    memory, max_batch, speed = outcome or layout_outcome(scenario, card, basis)
    goodput = deployment_goodput(scenario, card, basis.book) if speed else None
    if goodput is not None:
        speed = replace(speed, goodput=goodput.fraction, hours=speed.hours / goodput.fraction,
                        gpu_hours=speed.gpu_hours / goodput.fraction)
    power = deployment_power(card, scenario, basis.book)
    hours = speed.hours if speed else None
    energy = energy_kwh(power, hours) if power and hours is not None else None
    costs = job_costs(scenario, basis.prices, power, hours, scenario.training.tokens)
    verdicts = constraint_check(scenario, card, speed, costs, power, basis.book)
    outlasts = outlasts_years(hours if memory.fits else None, scenario.economics.amortisation_years)
    messages = [*layout_messages(scenario), *plan.messages, *fit_messages(memory, card),
                *(speed.messages if speed else ()),
                *verdict_messages(verdicts, memory.fits), *([outlasts] if outlasts else ()), *basis.card_messages,
                *costs.messages]
    return Estimate(scenario, card, plan, memory, Limits(max_micro_batch=max_batch), speed, None, power,
                    energy, costs, tuple(messages), verdicts=verdicts)
