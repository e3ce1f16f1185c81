"""Memory of a training pipeline stage: model states, weight copies and the activations its
micro-batches in flight keep, as a function of the micro-batch (:class:`TrainingMemoryModel`), and the
breakdown on the most-loaded card (:func:`training_memory`). The per-layer activation formulas these
read are in :mod:`configurator.core.memory`."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.activations import activation_peak_bytes_per_token
from configurator.core.formulas.parallelism import expert_parallel_factor, micro_batches_in_flight
from configurator.core.formulas.states import (
    OPTIMIZER_MOMENTS,
    adam_step_temporary_bytes,
    ddp_bucket_bytes,
    in_backward_gradient_share,
    megatron_step_gradient_copy_bytes,
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
    routed_expert_params,
    stage_params,
    stage_stored_bytes,
    scenario_stage_layers,
    training_states,
    usable_capacity_bytes,
)
from configurator.core.layer_activations import ActivationLayout, logits_bytes_per_token, working_layer_bytes
from configurator.core.adapter_memory import (adapter_base_bytes, dequantized_weight_bytes, gathered_element_bytes,
                                              largest_block_linear_params, lora_params_per_layer, nf4_base)
from configurator.core.formulas.dualpipe import dualpipe_in_flight, mirror_rank, runs_dualpipe
from configurator.core.pipeline_schedule import round_size, short_first_chunk_layers
from configurator.core.training_zero3 import DEEPSPEED_2021
from configurator.core.training_mtp import mtp_params, mtp_routed_expert_params
from configurator.core.precision import PrecisionPlan, StateBytes
from configurator.core.scenario import Optimizer, Recompute, Scenario, SelectivePolicy

__all__ = ["StageBasis", "StageMemory", "TrainingMemoryModel", "autocast_copy_held", "ddp_buckets",
           "defers_gradient_reduction", "dequantized_bytes", "fsdp_root_bytes", "gradients_held", "in_backward",
           "largest_parameter", "paged_state_bytes",
           "step_gradient_copy", "step_temporary", "stage_basis", "stage_memories", "stage_memory", "stage_memory_at",
           "stage_rank_params", "stored_in_flight_bytes", "training_memory"]


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


def gradients_held(scenario: Scenario) -> bool:
    """Whether a stage's gradients are alive beside its activations, so that the peak is their sum
    (:func:`~configurator.core.formulas.states.training_peak_bytes`), not the larger of the two.

    They are when a step runs more than one micro-batch (gradient accumulation, or the micro-batches
    of a pipeline): the gradients of the earlier micro-batches are kept (whole under ZeRO-0/1, the
    rank's shard under ZeRO-2/3, whole again beside pipeline stages where the framework defers their
    reduction: :func:`defers_gradient_reduction`) while a later one's activations are held — DeepSpeed ZeRO-1
    (``stage_1_and_2.py`` ``reduce_ready_partitions_and_remove_grads``: without gradient partitioning
    the 16-bit gradients are reduced and removed only at the accumulation boundary; ZeRO-2 reduces
    them into the rank's partition every micro-batch, each reduce-scatter charged in time by
    :func:`~configurator.core.formulas.zero_accumulation.accumulation_reduce_scatter_seconds`),
    PyTorch FSDP2 (``torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py`` ``foreach_reduce``:
    ``fsdp_param.sharded_param.grad += new_sharded_dtensor_grad``
    after each micro-batch's reduce-scatter). And always under the Megatron recipes, whose
    main gradients (fp32 under megatron-mixed, 16-bit under megatron-bf16-grads) live in a buffer
    allocated once for the whole model and zeroed, not freed,
    between steps: Megatron-LM ``megatron/core/distributed/param_and_grad_buffer.py``
    (``_ParamAndGradBuffer.__init__``: ``self.grad_data = torch.zeros(self.numel, dtype=self.grad_dtype)``;
    ``reset()``: ``self.grad_data.zero_()``; whole on every rank, the distributed optimizer included),
    DeepSpeed ``runtime/bf16_optimizer.py`` (``fp32_groups_gradients_flat``, ``torch.zeros_like`` of the
    whole flat 16-bit group; ``clear_hp_grads`` zeroes it). Otherwise (one micro-batch, gradients set
    to None after the step: PyTorch ``zero_grad(set_to_none=True)``) the gradients are made as the
    activations are freed. And under the optimizer step in backward (``Training.optimizer_in_backward``),
    whose in-flight gradient, the largest parameter's, is made beside the step's activations
    (:func:`~configurator.core.formulas.states.in_backward_gradient_share`)."""
    t = scenario.training
    return t.grad_accum > 1 or t.recipe.runs_megatron_core or in_backward(scenario)


def in_backward(scenario: Scenario) -> bool:
    """Whether the optimizer steps each parameter in backward (``Training.optimizer_in_backward``): read by
    full-model training alone (an adapter's gradients are the adapters' own, a small share)."""
    return scenario.training.optimizer_in_backward and not scenario.workload.is_adapter


def largest_parameter(model: ModelArchitecture) -> int:
    """Elements of the model's largest parameter tensor [count]: the embedding (or output head)
    ``vocab × hidden``, else the largest block linear
    (:func:`~configurator.core.adapter_memory.largest_block_linear_params`: one matrix each, as Hugging
    Face's and torchtune's Llama modules keep the projections; a grouped-experts tensor holding every
    expert at once is not counted)."""
    return max(model.vocab * model.hidden, largest_block_linear_params(model))


def defers_gradient_reduction(scenario: Scenario) -> bool:
    """Whether ZeRO 2/3 beside pipeline stages hold the stage's gradients whole through a step's
    micro-batches and reduce-scatter them once (``Training.grad_reduce`` per-step), rather than
    reduce-scatter each micro-batch's into the rank's share (per-micro-batch), which the memory model
    (:func:`~configurator.core.formulas.zero_pipeline.held_gradient_bytes`) and the step time
    (:func:`~configurator.core.formulas.zero_pipeline.micro_batch_reduce_scatter_seconds`) both read.
    Where the scenario says ``recipe`` (the default), as the recipe's framework does it: per-micro-batch
    under the Megatron recipes (Megatron-Core's ZeRO 2/3, Megatron-FSDP, reduce-scatters after every
    backward: NVIDIA/Megatron-LM d98e8a64 ``megatron/core/distributed/fsdp/src/megatron_fsdp/megatron_fsdp.py``,
    ``grad_reduce_every_bprop`` under ``optim_grads`` / ``optim_grads_params``), per-step under the
    PyTorch recipes (pytorch/pytorch ``torch/distributed/pipelining/stage.py``
    ``backward_maybe_with_nosync``: FSDP2's gradient sync off for every micro-batch's backward but the
    last); DeepSpeed's pipeline engine refuses ZeRO 2/3 beside stages. The two behaviours and their
    sources: :mod:`configurator.core.formulas.zero_pipeline`."""
    how = scenario.training.grad_reduce
    return how == "per-step" if how != "recipe" else not scenario.training.recipe.runs_megatron_core


def ddp_buckets(scenario: Scenario) -> bool:
    """Whether plain data parallelism (ZeRO 0) runs through PyTorch DDP, whose gradient buckets
    are a second copy of the gradients (:func:`~configurator.core.formulas.states.ddp_bucket_bytes`):
    every recipe but Megatron's, whose own data parallelism reduces the gradient buffer the
    gradients live in (``param_and_grad_buffer.py``), so nothing is copied, and but offload
    (DeepSpeed's ZeRO-Offload, not DDP)."""
    t = scenario.training
    return not (t.recipe.runs_megatron_core or t.offload_optimizer or t.offload_params)


def autocast_copy_held(zero):
    """Whether the recipe's 16-bit copy of the rank's trainable weights (``StateBytes.autocast_copy``,
    ``StageMemory.weight_copies``) is held beside the activations at ZeRO stage ``zero`` (bool, or a
    bool array for an array of stages; :func:`stage_memory_at` leaves the copy out of full-model
    training with full recomputation, whatever the stage).

    Not under ZeRO-3: a fully sharded model runs no autocast over
    its weights; FSDP casts each shard to the math precision as it all-gathers it
    (``MixedPrecisionPolicy(param_dtype=torch.bfloat16)``; PyTorch ``torch/distributed/fsdp/
    _fully_shard/_fsdp_param.py``: the cast shard is a transient input of the all-gather), so the 16-bit
    weights alive are the gathered layers
    (``StageMemory.gathered``) and no copy of the shard outlives its all-gather (``FSDPParam.all_gather_inputs``:
    ``sharded_param_data.to(self.param_dtype)``). torchtitan enters no autocast when FSDP is on
    (``torchtitan/distributed/utils.py`` ``maybe_enable_amp``, commit 0b44d4c, 2025-06-16: "FSDP handles mixed
    precision internally"; before it, at 9dec370 and e7c0cae, its Llama 3 path called no autocast)."""
    return zero < 3


def autocast_copy_saved(train) -> bool:
    """Whether the backward keeps autocast's 16-bit weight copies (``StateBytes.autocast_copy``) of a
    full model under the recomputation of ``train`` (a ``Training`` section).

    Without recomputation, and under the ``attention`` and ``fp8-cache`` selective policies, every
    linear saves the weight it multiplied, which autocast cast once per forward. Under full
    recomputation and torchtitan's per-op policy the cast (``aten._to_copy``) is not among the saved
    ops, so each layer's copies are made again when it is rebuilt in backward and none outlives it
    (torchtitan ``parallelize_llama._save_list``: matmuls and attention kernels only; PyTorch
    ``create_selective_checkpoint_contexts``). Measured on the H200 (``benchmarks/data``, grid of
    2026-12-04): the per-op rows of the 1B and 3B shapes were 1.0-1.7 and 5.0 GiB over their peak
    with the copies counted — the layers' 16-bit weights, 1.8 and 5.2 GiB."""
    if train.recompute is Recompute.FULL:
        return False
    return not (train.recompute is Recompute.SELECTIVE and train.selective_policy is SelectivePolicy.PER_OP)


def paged_state_bytes(paged: bool, optimizer: float) -> tuple[float, float]:
    """The optimizer states ``optimizer`` [B] split into (those the caching allocator holds, those in
    CUDA unified memory) [B]: all in unified memory under a paged optimizer (``paged``), none otherwise.

    bitsandbytes' paged optimizers allocate their states with ``cudaMallocManaged`` (``get_paged`` in
    ``bitsandbytes/functional.py``, 0.43: ``lib.cget_managed_ptr``), not through PyTorch's caching
    allocator, so ``torch.cuda.max_memory_allocated`` and ``max_memory_reserved`` never count them; when
    the card runs short the driver evicts their pages to host memory and faults them back when the
    optimizer step reads them (Dettmers et al. 2023 §3, "Paged Optimizers": "automatically evicted to CPU
    RAM when the GPU runs out-of-memory and paged back into GPU memory when the memory is needed in the
    optimizer update step"). So they need no room on the card: a run fits when everything else does,
    and the states live in whatever memory is left, the rest in host memory (the transfer's time is not
    counted)."""
    return (0.0, optimizer) if paged else (optimizer, 0.0)


def step_gradient_copy(scenario: Scenario, states) -> float:
    """Bytes per trainable parameter of the fp32 gradient copy the optimizer step makes [B]:
    Megatron's with a 16-bit gradient buffer
    (:func:`~configurator.core.formulas.states.megatron_step_gradient_copy_bytes`), none otherwise
    (PyTorch's optimizers step on the gradients they are given, as Apex's ``DistributedFusedAdam``
    does under ``Training.optimizer_states``; DeepSpeed and FSDP are not counted here)."""
    if not scenario.training.recipe.runs_megatron_core or scenario.training.optimizer_states != "recipe":
        return 0.0
    return float(megatron_step_gradient_copy_bytes(states.gradients))


def step_temporary(scenario: Scenario, states) -> float:
    """Bytes per trainable parameter of the temporary PyTorch's AdamW step allocates beside the states
    and gradients [B]: one second moment's element (the recipe's AdamW states over its two moments) under
    ``training.optimizer_kernel`` ``foreach``
    (:func:`~configurator.core.formulas.states.adam_step_temporary_bytes`); none under the Megatron recipes
    (Transformer Engine's or Apex's ``FusedAdam``, in place), Apex's ``DistributedFusedAdam``
    (``training.optimizer_states``), 8-bit AdamW and SGD (bitsandbytes' and PyTorch's momentum updates
    in place: ``_multi_tensor_sgd`` allocates only under weight decay or Nesterov, neither its
    default), and paged optimizers (bitsandbytes' ``optimizer_update_32bit`` kernel, in place)."""
    t = scenario.training
    if (t.recipe.runs_megatron_core or t.optimizer_states != "recipe" or t.optimizer is not Optimizer.ADAMW
            or t.paged_optimizer):
        return 0.0
    return float(adam_step_temporary_bytes(t.optimizer_kernel, states.optimizer / OPTIMIZER_MOMENTS["adamw"]))


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


def stage_rank_params(model: ModelArchitecture, pp: int, rank: int, layers: int) -> float:
    """Parameters on pipeline stage ``rank`` with ``layers`` layers, before tensor parallelism
    [count]: the first and last stage's from :func:`~configurator.core.memory.stage_params` (the
    embedding, the head), a middle stage's its layers' alone."""
    if rank == 0 or rank == pp - 1:
        return stage_params(model, pp, rank == 0, layers) + (mtp_params(model) if rank == pp - 1 else 0)
    return layers * model.layer_params() / model.n_layers


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


def rank_params(scenario: Scenario, rank: int, layers: int) -> float:
    """Parameters pipeline rank ``rank`` holds, before tensor parallelism [count]: its stage's
    (:func:`stage_rank_params`, the last with the multi-token prediction modules,
    ``training_mtp.mtp_params``), and under DualPipe the mirror stage's too
    (``formulas.dualpipe.mirror_rank``: "Parameter per device 2×")."""
    model, pp = scenario.model, scenario.parallelism.pp
    own = stage_rank_params(model, pp, rank, layers)
    if not runs_dualpipe(scenario.training.pipeline_algorithm, pp):
        return own
    mirror = mirror_rank(rank, pp)
    return own + stage_rank_params(model, pp, mirror, _stage_layers(scenario, pp, mirror))


def rank_routed_params(scenario: Scenario, rank: int, layers: int) -> float:
    """Routed-expert parameters of what :func:`rank_params` counts, what expert parallelism splits
    [count]."""
    model, pp = scenario.model, scenario.parallelism.pp

    def routed(stage: int, stage_layers: int) -> float:
        return routed_expert_params(model, stage_layers) + (mtp_routed_expert_params(model) if stage == pp - 1 else 0)

    own = routed(rank, layers)
    if not runs_dualpipe(scenario.training.pipeline_algorithm, pp):
        return own
    mirror = mirror_rank(rank, pp)
    return own + routed(mirror, _stage_layers(scenario, pp, mirror))


def _stage_layers(scenario: Scenario, pp: int, rank: int) -> int:
    """Layers of stage ``rank`` (:func:`~configurator.core.memory.scenario_stage_layers`) [count]."""
    first, fullest, last = scenario_stage_layers(scenario, pp)
    return first if rank == 0 else last if rank == pp - 1 else fullest


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
                + mirrored * stage_stored_bytes(scenario, layout, _stage_layers(scenario, pp, mirror))
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
