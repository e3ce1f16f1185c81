"""When a training stage holds what, as each framework does it: whether its gradients are alive beside the
activations (:func:`gradients_held`), reduced once a step beside pipeline stages
(:func:`defers_gradient_reduction`) or copied into DDP's buckets (:func:`ddp_buckets`), whether the recipe's
16-bit weight copies are held (:func:`autocast_copy_held`, :func:`autocast_copy_saved`), the optimizer step
in backward (:func:`in_backward`, :func:`largest_parameter`), paged optimizer states
(:func:`paged_state_bytes`) and the step's own copies (:func:`step_gradient_copy`, :func:`step_temporary`).
Split from :mod:`configurator.core.training_stage_memory`, which adds these up per stage."""

from __future__ import annotations

from configurator.core.adapter_memory import largest_block_linear_params
from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.states import (OPTIMIZER_MOMENTS, adam_step_temporary_bytes,
                                               megatron_step_gradient_copy_bytes)
from configurator.core.scenario import Optimizer, Recompute, Scenario, SelectivePolicy


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
    bool array for an array of stages; :func:`~configurator.core.training_stage_memory.stage_memory_at`
    leaves the copy out of full-model training with full recomputation, whatever the stage).

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
