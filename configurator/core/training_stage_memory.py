"""Memory of a training pipeline stage: model states, weight copies and the activations its
micro-batches in flight keep, as a function of the micro-batch (:class:`TrainingMemoryModel`), and the
breakdown on the most-loaded card (:func:`training_memory`). The per-layer activation formulas these
read are in :mod:`configurator.core.memory`, the frameworks' rules for what a stage holds when in
:mod:`configurator.core.training_held_states`, the parameters per pipeline rank in
:mod:`configurator.core.training_rank_params`."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.formulas.activations import activation_peak_bytes_per_token
from configurator.core.formulas.parallelism import expert_parallel_factor, micro_batches_in_flight
from configurator.core.formulas.states import (
    ddp_bucket_bytes,
    in_backward_gradient_share,
    fit_bytes,
    root_gathered_bytes,
    fit_reserve,
    reserved_bytes,
    training_peak_bytes,
    zero_shard,
    zero_sharded,
)
from configurator.core.frozen_record import fast_init
from configurator.core.memory import (
    GIB,
    MemoryBreakdown,
    activation_layout,
    gathered_layer_bytes,
    stage_stored_bytes,
    scenario_stage_layers,
    training_states,
    usable_capacity_bytes,
)
from configurator.core.layer_activations import ActivationLayout, logits_bytes_per_token, working_layer_bytes
from configurator.core.adapter_memory import (adapter_base_bytes, dequantized_weight_bytes, gathered_element_bytes,
                                              lora_params_per_layer, nf4_base)
from configurator.core.formulas.dualpipe import dualpipe_in_flight, mirror_rank, runs_dualpipe
from configurator.core.pipeline_schedule import round_size, short_first_chunk_layers
from configurator.core.training_held_states import (autocast_copy_held, autocast_copy_saved, ddp_buckets,
                                                    defers_gradient_reduction, gradients_held, in_backward,
                                                    largest_parameter, paged_state_bytes, step_gradient_copy,
                                                    step_temporary)
from configurator.core.training_rank_params import rank_params, rank_routed_params, rank_stage_layers
from configurator.core.training_zero3 import DEEPSPEED_2021
from configurator.core.precision import PrecisionPlan, StateBytes
from configurator.core.scenario import Scenario

__all__ = ["StageBasis", "StageMemory", "TrainingMemoryModel", "dequantized_bytes", "fsdp_root_bytes",
           "stage_basis", "stage_memories", "stage_memory", "stage_memory_at", "stored_in_flight_bytes",
           "training_memory"]


@fast_init
@dataclass(frozen=True)
class TrainingMemoryModel:
    """Memory of one pipeline stage as a function of micro-batch size."""

    weights: float
    gradients: float
    optimizer: float
    weight_copies: float
    activations_per_sequence: float
    context: float
    allocator: float
    capacity: float
    gradients_held: bool
    """The gradients are alive beside the activations (:func:`gradients_held`), not made as they are freed."""
    buffers: float = 0.0
    """Gradient buffers held for the whole run beside the gradients: PyTorch DDP's buckets
    (:func:`~configurator.core.formulas.states.ddp_bucket_bytes`) [B]."""
    step_copy: float = 0.0
    """Copies and temporaries the optimizer step makes while the activations are freed: Megatron's fp32
    gradient shard (:func:`~configurator.core.formulas.states.megatron_step_gradient_copy_bytes`), the
    foreach AdamW's second-moment temporary (:func:`step_temporary`) [B]."""
    paged: float = 0.0
    """Optimizer states in CUDA unified memory (``Training.paged_optimizer``): shown with the optimizer
    states, outside the caching allocator's peak and reserve and so outside the total the card must hold
    (:func:`paged_state_bytes`) [B]."""
    fit_floor: float | None = None
    """The allocator reserve the run cannot do without near the card's limit [share of the peak]: the
    reserve without recomputation (:func:`~configurator.core.formulas.states.fit_reserve`); None: all of
    ``allocator``."""

    @property
    def fit_allocator(self) -> float:
        """The reserve the fit is judged with [share of the peak] (:attr:`fit_floor`)."""
        return self.allocator if self.fit_floor is None else fit_reserve(self.allocator, self.fit_floor)

    def breakdown(self, micro_batch: int) -> MemoryBreakdown:
        """The parts on one card at ``micro_batch`` sequences; the buffers are shown with the
        gradients and the step's copy with the optimizer states, and ``not_concurrent`` takes off
        what the two phases do not hold at once (:func:`training_peak_bytes`)."""
        activations = self.weight_copies + micro_batch * self.activations_per_sequence
        peak = float(training_peak_bytes(self.weights, self.gradients, self.optimizer, activations,
                                         self.gradients_held, self.buffers, self.step_copy))
        overhead = self.allocator * peak + self.context
        made = 0.0 if self.gradients_held else self.gradients  # made as the activations are freed
        total = float(reserved_bytes(peak, self.allocator, self.context))
        needed = None if self.fit_allocator == self.allocator else \
            float(fit_bytes(total, self.allocator, self.fit_floor, self.context))
        return MemoryBreakdown(
            weights=self.weights + self.weight_copies,
            gradients=self.gradients + self.buffers,
            optimizer=self.optimizer + self.step_copy + self.paged,
            activations=micro_batch * self.activations_per_sequence,
            kv_cache=0.0,
            overhead=overhead,
            not_concurrent=min(made + self.step_copy, activations) + self.paged,
            total=total,
            capacity=self.capacity,
            budget=self.capacity,
            needed=needed,
        )

    def max_micro_batch(self) -> int:
        """Largest micro-batch that fits (0 if not even the model states fit)."""
        room = (self.capacity - self.context) / (1 + self.fit_allocator) - self.weights - self.optimizer - self.buffers
        if self.gradients_held:
            room -= self.gradients
            if room < self.step_copy:
                return 0
        elif room < self.gradients + self.step_copy:
            return 0
        if room < self.weight_copies + self.activations_per_sequence:
            return 0
        return int((room - self.weight_copies) // self.activations_per_sequence)


def stored_in_flight_bytes(stage_bytes, pp, micro_batches, rank, virtual_stages=1, per_round=None,
                           short_first_layers=0):
    """Per-token bytes kept for backward by the micro-batches in flight on pipeline stage ``rank``
    (0 the first, 1 the second, ``pp − 1`` the last) [B]: ``stage_bytes`` (one micro-batch's, the
    stage's own layers) times
    :func:`~configurator.core.formulas.parallelism.micro_batches_in_flight` (1F1B: ``min(p − i, m)``,
    Narayanan et al. 2021 §2.2.1; interleaved: ``(1 + (p − 1)/(p·v))·p`` on the first, Korthikanti
    et al. 2022 §4.2.3, ``N`` a round in place of ``p`` under the flexible schedule;
    ``short_first_layers``: the first stage's layers when its first chunk gave a layer to the
    embedding, or the last stage's when its last chunk gave one to the head). Array-friendly in
    every argument."""
    return stage_bytes * micro_batches_in_flight(pp, micro_batches, virtual_stages, rank, per_round,
                                                 short_first_layers)


@fast_init
@dataclass(frozen=True)
class StageMemory(TrainingMemoryModel):
    """Memory of one pipeline stage before ZeRO sharding (independent of the card count)."""

    zero: int = 0
    expert_share: float = 0.0
    """Share of the stage's trainable parameters in routed experts."""
    gathered: float = 0.0
    """Full 16-bit weights of the layers ZeRO-3 holds gathered at a time, before the expert split [B]:
    under expert parallelism a rank gathers only the experts it holds, over their own data-parallel
    group (:mod:`~configurator.core.formulas.expert_data_parallel`), ``expert_parallel_factor`` of them."""
    root_gathered: float = 0.0
    """Full weights of PyTorch FSDP's root unit (the embedding and head), held gathered for the whole step beside
    their shard [B] (:func:`~configurator.core.formulas.states.root_gathered_bytes`); no expert in it."""
    ddp: bool = False
    """Plain data parallelism runs through PyTorch DDP, whose buckets copy the gradients
    (:func:`ddp_buckets`)."""
    pp: int = 1
    """Pipeline stages of the layout: beside them ZeRO 2/3 hold the stage's gradients whole where
    the reduction is ``deferred`` (:func:`~configurator.core.formulas.zero_pipeline.held_gradient_bytes`) [count]."""
    deferred: bool = True
    """The framework defers the gradient reduction beside pipeline stages (:func:`defers_gradient_reduction`)."""

    def sharded(self, dp: int, ep: int = 1) -> TrainingMemoryModel:
        """The stage on ``dp`` data-parallel ranks of which ``ep`` split the experts
        (:func:`zero_sharded`); ZeRO-3 also holds its gathered layers."""
        split = expert_parallel_factor(self.expert_share, ep)
        weights, grads, optimizer = (float(x) for x in zero_sharded(self.weights, self.gradients, self.optimizer,
                                                                      self.zero, dp, split, self.pp,
                                                                      self.deferred))
        weights += self.gathered * split  # a rank gathers only its own experts (their data-parallel group's shards)
        weights += self.root_gathered
        copies = float(zero_shard(self.weight_copies, 3, self.zero, dp, split)) \
            if self.weight_copies and autocast_copy_held(self.zero) else 0.0
        step_copy = float(zero_shard(self.step_copy, 1, self.zero, dp, split)) if self.step_copy else 0.0
        buffers = float(ddp_bucket_bytes(grads, self.zero, dp)) if self.ddp else 0.0
        paged = float(zero_shard(self.paged, 1, self.zero, dp, split)) if self.paged else 0.0
        return TrainingMemoryModel(weights, grads, optimizer, copies, self.activations_per_sequence, self.context,
                                   self.allocator, self.capacity, self.gradients_held, buffers, step_copy, paged,
                                   self.fit_floor)


def stage_memory(scenario: Scenario, card: Card, plan: PrecisionPlan, first_stage: bool) -> StageMemory:
    """Model states, weight copies and activations of the first or last pipeline stage."""
    return stage_memory_at(scenario, card, plan, 0 if first_stage else scenario.parallelism.pp - 1)


def dequantized_bytes(scenario: Scenario, plan: PrecisionPlan) -> float:
    """Bytes of the dequantised copy of one frozen 4-bit linear a QLoRA stage holds at a time, before
    tensor parallelism [B] (:func:`~configurator.core.adapter_memory.dequantized_weight_bytes`), 0 for
    other workloads. Counted with the stage's weights, before ZeRO sharding: under ZeRO-3 it is read as
    a share of the rank, below the whole copy each rank makes (at most 0.44 GiB, Llama 3 70B); and beside
    the whole step's peak, an upper bound where the loss's vocabulary-wide buffers, which meet no 4-bit
    linear, set that peak (``formulas.activations.activation_peak_bytes_per_token``)."""
    if not nf4_base(scenario):
        return 0.0
    return dequantized_weight_bytes(scenario.model, plan.math_bytes)


@fast_init
@dataclass(frozen=True)
class StageBasis:
    """What every pipeline stage of one scenario reads alike (:func:`stage_basis`): worked out once
    for the stages :func:`stage_memories` gives (or the ranks of a planner's stage table row), not
    once per stage (issue 28)."""

    states: StateBytes
    """The recipe's bytes per parameter (``memory.training_states``)."""
    layout: ActivationLayout
    """The activation layout (``memory.activation_layout``)."""
    stage_layers: tuple[int, int, int]
    """The first, the fullest and the last stage's layers (``memory.scenario_stage_layers``)."""
    step_copy: float
    """:func:`step_gradient_copy` and :func:`step_temporary` per trainable parameter [B]."""
    dequantized: float
    """:func:`dequantized_bytes` [B]."""
    capacity: float
    """The card's usable capacity (``memory.usable_capacity_bytes``) [B]."""


def stage_basis(scenario: Scenario, card: Card, plan: PrecisionPlan) -> StageBasis:
    """The parts of :func:`stage_memory_at` no pipeline rank changes, for ``scenario`` on ``card``."""
    states = training_states(scenario, plan)
    return StageBasis(states, activation_layout(scenario, plan, states),
                      scenario_stage_layers(scenario, scenario.parallelism.pp),
                      step_gradient_copy(scenario, states) + step_temporary(scenario, states),
                      dequantized_bytes(scenario, plan), usable_capacity_bytes(card, scenario.assumptions))


def stage_memory_at(scenario: Scenario, card: Card, plan: PrecisionPlan, rank: int,
                    activations: bool = True, basis: StageBasis | None = None) -> StageMemory:
    """Model states, weight copies and activations of pipeline stage ``rank``: the first (0), the
    second (1: the fullest stage's layers and the most micro-batches in flight of the middle stages)
    or the last (``pp − 1``), each its own weights with its own activations; ``activations=False``
    leaves ``activations_per_sequence`` at 0 (the planner's stage tables read the states alone and
    count the activations per layout); ``basis``: the scenario's :func:`stage_basis`, when already
    worked out."""
    model, par, train = scenario.model, scenario.parallelism, scenario.training
    basis = basis or stage_basis(scenario, card, plan)
    states, layout = basis.states, basis.layout
    tp, pp = par.tp, par.pp
    first_stage = rank == 0
    first_layers, fullest, last_layers = basis.stage_layers
    layers = first_layers if first_stage else last_layers if rank == pp - 1 else fullest
    owned = rank_params(scenario, rank, layers)
    params = owned / tp
    if scenario.workload.is_adapter:
        base = adapter_base_bytes(scenario, plan, params * tp, layers) / tp
        trainable = layers * lora_params_per_layer(model, train.lora_rank, train.lora_targets) / tp
        weights = base + trainable * states.weights + basis.dequantized / tp
        grads, optimizer = trainable * states.gradients, trainable * states.optimizer
        step_copy = trainable * basis.step_copy
        copies = trainable * states.autocast_copy
    else:
        weights, grads, optimizer = params * states.weights, params * states.gradients, params * states.optimizer
        step_copy = params * basis.step_copy
        copies = params * states.autocast_copy if autocast_copy_saved(train) else 0.0
        if in_backward(scenario):  # one parameter's gradient and step temporaries in flight, not the stage's
            share = float(in_backward_gradient_share(largest_parameter(model) / tp, params))
            grads, step_copy = grads * share, step_copy * share
        if train.offload_optimizer:
            # ZeRO-Offload: fp32 masters and moments on the host; the card keeps 16-bit weights,
            # and gradients only until their bucket is copied out (Ren et al. 2021 §4.1)
            weights, optimizer, copies, step_copy = params * plan.math_bytes, 0.0, 0.0, 0.0
            grads = min(params, gathered_layer_bytes(model, layers, 1.0) / tp) * plan.math_bytes
        if train.offload_params:
            weights, copies = 0.0, 0.0  # only the gathered layers below are on the card
    optimizer, paged = paged_state_bytes(train.paged_optimizer and not train.offload_optimizer, optimizer)
    per_token = 0.0
    if activations:
        dualpipe = runs_dualpipe(train.pipeline_algorithm, pp)
        # the loss on the last stage, which under DualPipe rank 0 holds too (its mirror)
        loss = logits_bytes_per_token(model, layout) if rank == pp - 1 or (dualpipe and first_stage) else 0.0
        if dualpipe:  # its own stage's and the mirror stage's micro-batches in flight, PP + 1 together
            own, mirrored = dualpipe_in_flight(pp, train.grad_accum, rank)
            mirror = mirror_rank(rank, pp)
            stored = own * stage_stored_bytes(scenario, layout, layers) \
                + mirrored * stage_stored_bytes(scenario, layout, rank_stage_layers(scenario, pp, mirror))
        else:
            stored = stored_in_flight_bytes(stage_stored_bytes(scenario, layout, layers), pp, train.grad_accum, rank,
                                            par.virtual_stages, round_size(par.pipeline_schedule, pp, train.grad_accum),
                                            short_first_chunk_layers(model.n_layers, pp)
                                            if first_stage or rank == pp - 1 else 0)
        per_token = float(activation_peak_bytes_per_token(
            stored, 1, working_layer_bytes(model, layout, train.seq_len), loss))
    expert_share = 0.0 if scenario.workload.is_adapter else rank_routed_params(scenario, rank, layers) / owned
    gathered, root = 0.0, 0.0
    if train.offload_params:
        if not scenario.workload.is_adapter:
            gathered = gathered_layer_bytes(model, layers, plan.math_bytes) / tp
    elif par.zero >= 3:
        gathered = gathered_layer_bytes(model, layers, gathered_element_bytes(scenario, plan), kept=pp > 1) / tp
        root = fsdp_root_bytes(scenario, plan, first_stage, rank == pp - 1) / tp
    a = scenario.assumptions
    allocator = a.allocator_overhead_recompute if layout.recomputes_layers else a.allocator_overhead
    return StageMemory(
        weights=weights,
        gradients=grads,
        optimizer=optimizer,
        weight_copies=copies,
        activations_per_sequence=per_token * train.seq_len / (tp * par.cp),
        context=a.cuda_context_gib * GIB,
        allocator=allocator,
        fit_floor=a.allocator_overhead,
        capacity=basis.capacity,
        zero=par.zero,
        expert_share=expert_share,
        gathered=gathered,
        root_gathered=root,
        gradients_held=gradients_held(scenario),
        step_copy=step_copy,
        paged=paged,
        ddp=ddp_buckets(scenario),
        pp=pp,
        deferred=defers_gradient_reduction(scenario),
    )


def fsdp_root_bytes(scenario: Scenario, plan: PrecisionPlan, first: bool, last: bool) -> float:
    """What PyTorch FSDP's root unit holds gathered on a stage under ZeRO-3, before tensor parallelism [B]: the
    embedding on the first stage and the head on the last at the math precision
    (:func:`~configurator.core.formulas.states.root_gathered_bytes`); none under DeepSpeed's ZeRO 3
    (``zero3_implementation`` ``"deepspeed-2021"``), which releases them as any other parameter."""
    if scenario.parallelism.zero3_implementation == DEEPSPEED_2021:
        return 0.0
    model = scenario.model
    return float(root_gathered_bytes(model.embedding_params() if first else 0, model.head_params() if last else 0,
                                     plan.math_bytes))


def stage_memories(scenario: Scenario, card: Card, plan: PrecisionPlan) -> tuple[StageMemory, ...]:
    """The stages that can be the fullest: the first, the second (its layers are the fullest stage's
    and it holds the most micro-batches in flight after the first, which may have given a layer to
    the embedding) and the last, each with its own weights and activations."""
    pp, basis = scenario.parallelism.pp, stage_basis(scenario, card, plan)
    return tuple(stage_memory_at(scenario, card, plan, rank, basis=basis)
                 for rank in sorted({0, min(1, pp - 1), pp - 1}))


def training_memory(
    scenario: Scenario, stages: tuple[StageMemory, ...]
) -> tuple[MemoryBreakdown, int]:
    """Breakdown on the most-loaded card and the largest micro-batch that fits there."""
    models = [stage.sharded(scenario.replicas, scenario.parallelism.ep)
              for stage in stages]
    breakdowns = [m.breakdown(scenario.training.micro_batch) for m in models]
    return max(breakdowns, key=lambda b: b.total), min(m.max_micro_batch() for m in models)
