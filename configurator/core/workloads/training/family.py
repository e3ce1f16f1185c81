"""Training (pre-training, full fine-tuning, LoRA, QLoRA): a job of a token budget.

Assembly is :mod:`.estimate`'s, the layout :mod:`.plan`'s, the counts ranked :mod:`.deployment`'s;
memory against micro-batch from :mod:`configurator.core.training_stage_memory`; cost per million tokens from
:mod:`configurator.core.economics`.
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.default_job import DEFAULT_SEQ_LEN, pretraining_context
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.training_stage_memory import stage_memories
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario, Workload
from configurator.core.workloads.base import (
    MILLION_TOKENS,
    TIGHT_HEADROOM,
    CatalogPoint,
    Estimate,
    MemoryCurve,
    WorkloadFamily,
    basis_of,
    deadline_alternative,
    geometric,
)
from configurator.core.workloads.checks import unrated_message
from configurator.core.workloads.layout import TRAINING_COUNTS, at_count, whole_system_counts
from configurator.core.workloads.training import deployment, plan
from configurator.core.workloads.training.estimate import TRAINING_CLASSES, estimate_training, training_basis
from configurator.core.workloads.training.search import clear_plan_memo

ADAPTER_CLASSES = ("training", "inference", "workstation")
"""Card classes an adapter fine-tune (LoRA, QLoRA) ranks by default: the frozen base weights need no
optimizer states, so the published adapter runs fit one 24–48 GB card of any of them — litgpt's
config hub on 1 × A10G (an inference card; held-out rows ``litgpt-config-hub``), torchtune's README on
1 × RTX 4090 and Answer.AI's fsdp_qlora on 2 × RTX 3090 (consumer cards: graphics, ranked with
``--consumer`` or the classes picked), the RTX A6000 / RTX PRO 6000 workstations. A full fine-tune ranks
the training class alone (:attr:`TrainingFamily.default_classes`)."""

COMM_BOUND_SHARE = 0.25
"""Share of the step spent in tensor- and data-parallel communication above which the
reason given is communication rather than compute (the ranking's wording threshold)."""


class TrainingFamily(WorkloadFamily):
    name = "training"
    workloads = frozenset({Workload.PRETRAIN, Workload.FINETUNE, Workload.LORA, Workload.QLORA})
    x_unit = "h"
    chart_cost_unit = "job"
    cost_unit = MILLION_TOKENS
    unit_scale = 1e6
    speed_unit = "h"
    runs_model = True
    one_off_job = True
    job_pace = "train"
    default_classes = {
        Workload.PRETRAIN: TRAINING_CLASSES,
        Workload.FINETUNE: TRAINING_CLASSES,
        Workload.LORA: ADAPTER_CLASSES,
        Workload.QLORA: ADAPTER_CLASSES,
    }
    """A full fine-tune trains every weight, as a pre-training does: the training class alone, the class its
    own rule asks for (:data:`~configurator.core.workloads.training.estimate.FULL_TRAINING`); the published
    full fine-tunes of 7–8 B models run on data-centre training GPUs (torchtune README, "Full Finetune" on
    8 × A100; the held-out rows ``torchtune-readme``). Until December 2026 it ranked the inference class too,
    and the Atlas 300I Duo (Ascend 310P, no BF16, an inference card), before it 16 × T4, won the Qwen2.5 7B
    fine-tune in China under its own caution "belongs on training cards" (session 46). Picking the classes
    (``--classes training,inference``, the panel's) ranks them. An adapter fine-tune (LoRA, QLoRA):
    :data:`ADAPTER_CLASSES`."""

    def default_seq_len(self, scenario: Scenario) -> int:
        """A pre-training's sequence is the model's published pre-training context
        (:func:`~configurator.core.default_job.pretraining_context`: Llama 3 70B 8,192 tokens); a fine-tune's
        the fine-tuning recipes' 2,048 (:data:`~configurator.core.default_job.DEFAULT_SEQ_LEN`) [tokens]."""
        if scenario.workload is Workload.PRETRAIN:
            return pretraining_context(scenario.model.name)
        return DEFAULT_SEQ_LEN

    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        return plan.assemble(scenario, card)

    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        if scenario.auto_layout:  # the planner chooses a layout per count, the counts searched together
            return plan.estimated_counts([at_count(scenario, n) for n in counts], card)
        basis = training_basis(scenario, card)
        return [estimate_training(at_count(scenario, n), card, basis) for n in counts]

    def plans_layout(self, scenario: Scenario) -> bool:
        return bool(scenario.auto_layout)

    def clear_memos(self) -> None:
        clear_plan_memo()

    def deployments(self, scenario: Scenario, card: Card, all_counts: bool = False, whole_systems: bool = False
                    ) -> list[Estimate]:
        counts = whole_system_counts(card, TRAINING_COUNTS) if whole_systems else TRAINING_COUNTS
        return deployment.training_deployments(scenario, card, all_counts, counts)

    def deadline_out_of_reach(self, scenario: Scenario, card: Card) -> tuple[int, float] | None:
        return deployment.deadline_out_of_reach(scenario, card)

    def unrated(self, scenario: Scenario, card: Card) -> Message | None:
        return unrated_message(card, plan_training(card, scenario.precision))

    def missed_deadline(self, scenario: Scenario, card: Card) -> Message | None:
        return deployment.missed_deadline(scenario, card)

    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the micro-batch, on the most loaded pipeline stage: what each needs to
        run, the figure the fit is judged on (``fit_total``), so the curve crosses the limit where the
        verdict turns (a full fine-tune of Llama 3 8B on 2 × H100 fitted at micro-batch 4 while the whole
        curve, the allocator's usual cache included, lay above the limit until December 2026, persona 9)."""
        stages = stage_memories(scenario, card, plan_training(card, scenario.precision))
        sharded = [stage.sharded(scenario.replicas, scenario.parallelism.ep) for stage in stages]
        current = scenario.training.micro_batch
        largest = min(m.max_micro_batch() for m in sharded)
        values = geometric(max(2 * current, 2 * largest, 8), 32)
        totals = tuple(max(m.breakdown(v).fit_total for m in sharded) for v in values)
        return MemoryCurve("micro_batch", values, totals, sharded[0].capacity, current)

    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """The job's cost [currency] against the hours to train [h], with the estimate it is of and the
        job's million tokens (its TCO, the ranking's basis, is per million tokens)."""
        est = chosen if chosen is not None else plan.estimated(scenario, card)
        cost = est.costs.per_million_tokens
        if cost is None or est.training is None:
            return None
        millions = est.scenario.training.tokens / 1e6
        return CatalogPoint(est.card, est.training.hours, cost * millions, est.fits, basis_of(est.costs), self.x_unit,
                            self.chart_cost_unit, est, millions)

    def speed_figure(self, est: Estimate) -> float:
        return est.training.hours

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """The training budget [tokens] (a job: ``hours`` do not change it)."""
        return est.scenario.training.tokens

    def work_per_year(self, est: Estimate) -> float | None:
        """Tokens trained in a year [tokens/year]: at full use, or, with a deadline, at most the
        job's tokens every deadline (:meth:`WorkloadFamily.at_the_pace_asked`).
        Without that cap the cost per token of a cluster that finishes in half the time asked for
        was that of one kept busy all year, so a count with twice the cards that the deadline
        needs ranked as cheap per token as the one that just meets it (Llama 3 70B on 1 T tokens
        within 90 days: 256 × Gaudi 3, USD 7.4 M, done in 25 days, over 128 × MI300X, USD 3.2 M,
        78 days)."""
        t = est.training
        return None if t is None else self.at_the_pace_asked(est, t.tokens_per_s * 3600 * HOURS_PER_YEAR)

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

    def limit_reason(self, est: Estimate) -> Message:
        t = est.training
        comm = (t.tensor_parallel_s + t.data_parallel_s) / t.step_time_s
        if comm > COMM_BOUND_SHARE:
            return msg("reason-comm-bound", card=est.card.name, share=100 * comm)
        memory = est.memory
        if memory.cache_given_back:  # fits only as the allocator gives its cache back: not "-19.0 % headroom"
            return msg("reason-compute-bound-cache", card=est.card.name, mfu=100 * t.mfu,
                       headroom=100 * memory.headroom)
        return msg("reason-compute-bound", card=est.card.name, mfu=100 * t.mfu, headroom=100 * memory.headroom)

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float) -> Message | None:
        return deadline_alternative(fastest_figure, card, count, chosen_figure)
