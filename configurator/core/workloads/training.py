"""Training (pre-training, full fine-tuning, LoRA, QLoRA): a job of a token budget.

Assembly, sweeps and the planner are :mod:`configurator.core.estimate`'s; memory against
micro-batch from :mod:`configurator.core.memory`; cost per million tokens from
:mod:`configurator.core.economics`.
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card, Catalog
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.estimate import (
    Estimate,
    _estimate_training,
    estimate,
    planned_training,
    training_basis,
    with_count,
)
from configurator.core.memory import stage_memories
from configurator.core.constraints import check
from configurator.core.messages import Message, msg
from configurator.core.verdicts import Verdict
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads.base import (
    MILLION_TOKENS,
    TIGHT_HEADROOM,
    CatalogPoint,
    MemoryCurve,
    WorkloadFamily,
    basis_of,
    deadline_alternative,
    geometric,
)

COMM_BOUND_SHARE = 0.25
"""Share of the step spent in tensor- and data-parallel communication above which the
reason given is communication rather than compute (the ranking's wording threshold)."""


FULL_TRAINING = frozenset({Workload.PRETRAIN, Workload.FINETUNE})
"""Workloads that train every weight: they belong on training-class cards (LoRA and QLoRA do not need them)."""

TRAINING_CLASSES = ("training",)
"""Card classes built for full training (NVLink-class fabric, ECC, FP32 master weights)."""


class TrainingFamily(WorkloadFamily):
    name = "training"
    workloads = frozenset({Workload.PRETRAIN, Workload.FINETUNE, Workload.LORA, Workload.QLORA})
    x_unit = "h"
    chart_cost_unit = "job"
    cost_unit = MILLION_TOKENS
    unit_scale = 1e6
    speed_unit = "h"
    one_off_job = True
    default_classes = {
        Workload.PRETRAIN: TRAINING_CLASSES,
        Workload.FINETUNE: ("training", "inference"),
        Workload.LORA: ("training", "inference", "workstation"),
        Workload.QLORA: ("training", "inference", "workstation"),
    }

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        if scenario.auto_layout:
            return planned_training(scenario, card)
        return _estimate_training(scenario, card, training_basis(scenario, card))

    def constraint_check(self, scenario: Scenario, card: Card, part, costs, power) -> tuple[Verdict, ...]:
        """The job's deadline, budget, power and throughput targets (``part``: TrainingSpeed)."""
        return check(scenario, card, costs=costs, power=power, hours=part.hours if part else None,
                     one_off_job=True, training=part)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        if scenario.auto_layout:  # the planner chooses a layout per count
            return [estimate(with_count(scenario, n), card) for n in counts]
        basis = training_basis(scenario, card)
        return [_estimate_training(with_count(scenario, n), card, basis) for n in counts]

    def plans_layout(self, scenario: Scenario) -> bool:
        return bool(scenario.auto_layout)

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the micro-batch, on the most loaded pipeline stage."""
        stages = stage_memories(scenario, card, plan_training(card, scenario.precision))
        sharded = [stage.sharded(scenario.replicas, scenario.parallelism.ep) for stage in stages]
        current = scenario.training.micro_batch
        largest = min(m.max_micro_batch() for m in sharded)
        values = geometric(max(2 * current, 2 * largest, 8), 32)
        totals = tuple(max(m.breakdown(v).total for m in sharded) for v in values)
        return MemoryCurve("micro_batch", values, totals, sharded[0].capacity, current)

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """The job's cost [currency] against the hours to train [h]."""
        est = chosen if chosen is not None else estimate(scenario, card)
        cost = est.costs.per_million_tokens
        if cost is None or est.training is None:
            return None
        job_cost = cost * est.scenario.training.tokens / 1e6
        return CatalogPoint(est.card, est.training.hours, job_cost, est.fits, basis_of(est.costs), self.x_unit,
                            self.chart_cost_unit)

    def speed_figure(self, est: Estimate) -> float:
        return est.training.hours

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """The training budget [tokens] (a job: ``hours`` do not change it)."""
        return est.scenario.training.tokens

    def work_per_year(self, est: Estimate) -> float | None:
        """Tokens trained in a year of full use [tokens/year]."""
        return None if est.training is None else est.training.tokens_per_s * 3600 * HOURS_PER_YEAR

    def limiting_factor(self, est: Estimate) -> str:
        """The largest part of the step: compute, memory traffic, exposed communication, the
        pipeline bubble or CPU-offload traffic (memory when nearly full)."""
        if est.memory.headroom < TIGHT_HEADROOM:
            return "memory"
        t = est.training
        if t is None:
            return "unknown"
        parts = {
            "compute": t.compute_s,
            "bandwidth": t.memory_traffic_s,
            "network": t.exposed_comm_s - t.offload_s,
            "pipeline bubble": t.bubble_fraction * t.step_time_s,
            "host link": t.offload_s,
        }
        return max(parts, key=parts.get)

    def can_rank(self, est: Estimate) -> bool:
        return est.training is not None

    def class_messages(self, workload: Workload, card: Card) -> list[Message]:
        """A card outside the training classes chosen for full training (and a consumer card's missing ECC)."""
        if workload not in FULL_TRAINING or card.category in TRAINING_CLASSES:
            return []
        messages = [msg("class-mismatch", card=card.name, category=card.category, workload=workload.value,
                        expected="training")]
        if card.category == "graphics" and card.ecc is False:
            messages.append(msg("consumer-card-training", card=card.name))
        return messages

    def mismatch(self, scenario: Scenario, chosen: Estimate, catalog: Catalog) -> Message | None:
        """Full training on more than one server of PCIe-only cards when the same number of
        NVLink training cards finishes sooner."""
        card = chosen.card
        if (scenario.workload not in FULL_TRAINING or card.has_fast_link
                or scenario.count <= scenario.parallelism.cards_per_node or not chosen.training):
            return None
        linked = [estimate(scenario, other) for other in catalog.cards
                  if other.category in TRAINING_CLASSES and other.has_fast_link]
        faster = [e for e in linked if e.fits and e.training and e.training.hours < chosen.training.hours]
        if not faster:
            return None
        best = min(faster, key=lambda e: e.training.hours)
        return msg("mismatch-pcie-card-for-training", card=card.name, hours=chosen.training.hours,
                   other=best.card.name, count=scenario.count, other_hours=best.training.hours)

    def limit_reason(self, est: Estimate) -> Message:
        t = est.training
        comm = (t.tensor_parallel_s + t.data_parallel_s) / t.step_time_s
        if comm > COMM_BOUND_SHARE:
            return msg("reason-comm-bound", card=est.card.name, share=100 * comm)
        return msg("reason-compute-bound", card=est.card.name, mfu=100 * t.mfu, headroom=100 * est.memory.headroom)

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float) -> Message | None:
        return deadline_alternative(fastest_figure, card, count, chosen_figure)
