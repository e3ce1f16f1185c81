"""Model states in training: ZeRO sharding, optimizer traffic, adapters and the memory peak."""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.zero_pipeline import held_gradient_bytes


def zero_sharded(weights, gradients, optimizer, stage, dp, unsharded_share=1.0, pp=1, deferred=True):
    """Model states per card under ZeRO ``stage`` over ``dp`` data-parallel ranks [B].

    Parameters
    ----------
    weights, gradients, optimizer : float or array
        Bytes of each state on one card before sharding [B] (mixed-precision Adam: ``2Ψ``,
        ``2Ψ``, ``KΨ`` with ``K = 12``).
    stage : int or array
        ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 also weights.
    dp : int or array
        Data-parallel degree ``N_d`` [count].
    unsharded_share : float or array
        Share of itself a state left unsharded keeps on the card (expert parallelism holds
        ``1/ep`` of the routed experts, :func:`~.parallelism.expert_parallel_factor`); a sharded
        state is ``1/dp`` of the whole whether or not experts are split first.
    pp : int or array
        Pipeline stages [count]: beside them, where the reduction is ``deferred`` to the step's
        last micro-batch (PyTorch's pipelining), ZeRO 2/3 hold the stage's gradients whole
        (:func:`~.zero_pipeline.held_gradient_bytes`); not deferred, the rank's share.
    deferred : bool or array
        Whether the framework defers the gradient reduction beside pipeline stages.

    Returns
    -------
    tuple
        (weights, gradients, optimizer) per card [B]; their sum is ``(2+2+K)Ψ`` at stage 0,
        ``4Ψ + KΨ/N_d`` (P_os), ``2Ψ + (2+K)Ψ/N_d`` (P_os+g), ``(2+2+K)Ψ/N_d`` (P_os+g+p) without
        pipeline stages; ``2Ψ + 2Ψ + KΨ/N_d`` and ``2Ψ/N_d + 2Ψ + KΨ/N_d`` at ZeRO 2 and 3 beside them,
        deferred.

    References
    ----------
    Rajbhandari et al. 2020, "ZeRO: Memory Optimizations Toward Training Trillion Parameter
    Models", SC'20, §5 and Figure 1 (Ψ = 7.5 B, N_d = 64, K = 12: 120, 31.4, 16.6, 1.9 GB).
    """
    return (zero_shard(weights, 3, stage, dp, unsharded_share),
            held_gradient_bytes(gradients, stage, pp, dp, unsharded_share, deferred),
            zero_shard(optimizer, 1, stage, dp, unsharded_share))


def zero_shard(value, from_stage, stage, dp, unsharded_share=1.0):
    """One model state per card [B]: ``value / dp`` where ZeRO ``stage`` shards it (from
    ``from_stage`` on: 3 weights, 2 gradients, 1 optimizer states), else ``value ×
    unsharded_share`` — one of :func:`zero_sharded`'s three, for a caller that needs only one.
    Array-friendly."""
    return np.where(stage >= from_stage, value / dp, value * unsharded_share)


def optimizer_step_bytes_per_param(weights, gradients, optimizer):
    """Bytes an optimizer step moves per parameter [B]: reads weights, gradients and states,
    writes weights and states: ``2·(w + o) + g`` (a memory-bound element-wise update, as
    PyTorch's fused AdamW)."""
    return 2.0 * (weights + optimizer) + gradients


def lora_matrix_params(rank, d_in, d_out):
    """Adapter parameters of one adapted ``d_in × d_out`` matrix: ``r·(d_in + d_out)`` [count]
    (Hu et al. 2021, "LoRA", §4.1: ``W + BA`` with ``B ∈ R^{d×r}``, ``A ∈ R^{r×k}``)."""
    return rank * (d_in + d_out)


def gathered_weight_bytes(layers, prefetch_layers, layer_params, n_layers, weight_bytes):
    """Weights of the layers ZeRO-3 (or parameter offload) holds gathered at a time [B]: the
    ``min(layers, prefetch_layers)`` in use and prefetched, of ``layer_params`` parameters over
    ``n_layers`` layers at ``weight_bytes`` each (PyTorch FSDP ``limit_all_gathers``; DeepSpeed
    ZeRO-3 prefetch)."""
    return np.minimum(layers, prefetch_layers) * layer_params / n_layers * weight_bytes


FSDP_ROOT_KEPT_GATHERED = ("pytorch/pytorch 3ade90a6aaa939cd6238e314c321b9f920db1471 "
                           "torch/distributed/fsdp/_runtime_utils.py _post_forward_reshard")
"""Where FSDP's root unit is read to stay gathered from its forward to the end of backward: ``free_unsharded_flat_param
= not state._is_root and ...`` ("Do not free the root's parameters in the post-forward for FULL_SHARD with the
intention that they are immediately used for backward"); its post-backward reshard runs only once the root's own
gradient is made (the embedding's, the last of the backward), and a frozen root (an adapter run's) has no
post-backward hook on its gradient and no input that requires one (token ids), so it is resharded by the final
callback after the whole backward.

FSDP2 (``fully_shard``) does the same up to torch 2.7 (pytorch/pytorch 005da465
``torch/distributed/_composable/fsdp/_fsdp_state.py``: ``FSDPState._lazy_init`` sets the root group's
``post_forward_mesh_info = None``, and ``_root_post_backward_final_callback`` reshards it after the backward), what
torchtune 30b8519 and torchtitan 9dec370 / e7c0cae ran (their root: ``tok_embeddings``, ``norm``, ``output``).
Not modelled, so the term over-counts them: from pytorch PR #155319 (June 2025) an explicit
``reshard_after_forward=True`` on the root is respected (the root then absent at the loss's peak), and torchtitan
83e6941 (2025-07-28) wraps the embedding and ``[norm, output]`` as their own units, leaving the root empty
(``benchmarks/data/notes-fsdp2-root-2026-12-06.md``)."""


def root_gathered_bytes(embedding_params, head_params, weight_bytes):
    """Full weights of FSDP's root unit, gathered beside its shard for the whole step [B]: the parameters no
    auto-wrap unit took, the token embedding ``V·d`` and an untied output head ``V·d`` (the final norm's ``d``
    left out), at ``weight_bytes`` each (:data:`FSDP_ROOT_KEPT_GATHERED`). Array-friendly."""
    return (embedding_params + head_params) * weight_bytes


def training_peak_bytes(weights, gradients, optimizer, activations, gradients_held=False, buffers=0.0,
                        step_copy=0.0, resident=None):
    """Peak allocated bytes of a training step [B]: the larger of its two phases (a peak is a
    maximum over phases, not a sum of them), over the weights ``w``, optimizer states ``o`` and
    buffers ``b`` held for the whole run.

    Backward: ``w + o + b + max(g, a)`` when the gradients are made as the activations are freed
    (one micro-batch, gradients freed after the step), ``w + o + b + g + a`` when they are held
    beside the activations (``gradients_held``: gradient accumulation, pipelined micro-batches, a
    gradient buffer allocated once: :func:`configurator.core.training_held_states.gradients_held`).
    Optimizer step: ``w + o + b + g + s``, the activations freed and ``s`` (``step_copy``) the
    copies and temporaries the step makes (:func:`megatron_step_gradient_copy_bytes`,
    :func:`adam_step_temporary_bytes`). So ``w + o + b + g +
    max(a, s)`` held, ``w + o + b + max(a, g + s)`` otherwise. ``resident``: ``w + o + b`` when
    already worked out (then ``weights``, ``optimizer`` and ``buffers`` are not read; the training
    search works it out once per layout before the micro-batch, issue 28). Array-friendly."""
    if gradients_held is True:  # held on every layout: the sum alone (what ``np.where`` would pick)
        backward = gradients + activations
    else:
        backward = np.where(gradients_held, gradients + activations, np.maximum(gradients, activations))
    held = resident_bytes(weights, optimizer, buffers) if resident is None else resident
    return held + np.maximum(backward, gradients + step_copy)


def resident_bytes(weights, optimizer, buffers=0.0):
    """What a training step holds through both of its phases (:func:`training_peak_bytes`): the
    weights, the optimizer states and the buffers, ``w + o + b`` [B]. Array-friendly."""
    return weights + optimizer + buffers


TORCHTUNE_OPTIMIZER_IN_BACKWARD = ("pytorch/torchtune 1814feb17a9038e1a8053ce93111bd26774a8db6 "
                                   "torchtune/training/memory.py register_optim_in_bwd_hooks")
"""Where the optimizer step in backward (``Training.optimizer_in_backward``) is read from: each trainable
parameter ``p`` gets ``p.register_post_accumulate_grad_hook(optim_step)``, ``optim_step`` running
``optim_dict[param].step()`` then ``optim_dict[param].zero_grad()`` (set to None, PyTorch's default), the
optimizer of that one parameter (``recipes/full_finetune_single_device.py`` ``_setup_optimizer``:
``{p: config.instantiate(cfg_optimizer, [p]) for p in self._model.parameters()}``).

Its time is taken as unchanged: the per-parameter steps read and write the same bytes as one step after
backward (:func:`optimizer_step_bytes_per_param`), on the same stream, between the backward's kernels rather
than overlapped with them; what it adds is a launch or a few per parameter tensor instead of a few
multi-tensor launches for them all, about 300 tensors × a few kernels × ~5 µs ≈ a few ms for an 8B Llama,
under 1 % of a step of seconds. torchtune's README 'Optimization flags' table measures +1.4 % tokens/s with
it (7,210 → 7,309 on the Llama 3.2 3B row), within a run's noise."""


def in_backward_gradient_share(largest_params, params):
    """Share of a stage's gradients alive at once when the optimizer steps each parameter in backward and
    frees its gradient (:data:`TORCHTUNE_OPTIMIZER_IN_BACKWARD`): one parameter's, at most the largest's,
    ``min(P_max / P, 1)`` of the ``P`` parameters the gradients are counted over [share].

    A parameter's hook fires once its gradient is wholly accumulated, so the gradient of a weight used
    twice (a tied embedding and output head) is made at the head, at the start of backward, and lives
    until the embedding's backward, the last; an untied head's is made beside the whole step's
    activations too. So the largest gradient is counted beside the activations
    (:func:`configurator.core.training_held_states.gradients_held`), an upper bound for the others. The
    step's copies and temporaries scale alike: each per-parameter optimizer steps its one tensor (a
    ``foreach`` AdamW's second-moment temporary is that tensor's). Array-friendly."""
    return np.minimum(largest_params / params, 1.0)


def optimizer_in_backward_runs(grad_accum, zero, replicas):
    """Whether an optimizer step in backward (:data:`TORCHTUNE_OPTIMIZER_IN_BACKWARD`) can run on a layout:
    one micro-batch per step (``grad_accum == 1``: the recipes raise "Gradient accumulation is not supported
    with optimizer in bwd", ``full_finetune_single_device.py`` and ``full_finetune_distributed.py``
    ``__init__``: a gradient stepped as soon as it is made cannot be summed over micro-batches), and one
    data-parallel replica or ZeRO-3 (torchtune's distributed recipe shards with FSDP2, whose ``foreach_reduce``
    calls the sharded parameter's post-accumulate-grad hooks once its reduce-scattered gradient is set:
    pytorch ``torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py``); under plain data parallelism or
    ZeRO 1-2 the gradient must first be reduced over the replicas (DDP's buckets, a ZeRO partition's
    reduce at the step), which a per-parameter hook runs before. Array-friendly."""
    return (grad_accum == 1) & ((replicas == 1) | (zero >= 3))


def megatron_step_gradient_copy_bytes(gradient_bytes):
    """Bytes per parameter of the fp32 copy of the gradients Megatron-LM's optimizer makes at its
    step, on the parameters whose optimizer states the rank holds [B]: 4 when the gradient buffer
    is 16-bit, 0 when it is already fp32 (``Tensor.float()`` returns the tensor itself).

    Source: NVIDIA/Megatron-LM d98e8a6 ``megatron/core/optimizer/distrib_optimizer.py``
    ``DistributedOptimizer._copy_model_grads_to_main_grads``: ``shard_main_param.grad =
    shard_model_grad.float()`` for the rank's shard of each parameter (the non-distributed
    ``optimizer.py`` ``Float16OptimizerWithFloat16Params._copy_model_grads_to_main_grads``:
    ``main_param.grad = model_param.main_grad.float()``, whole); it lives through the step and is
    freed by ``zero_grad(set_to_none=True)`` at the start of the next ``train_step``
    (``megatron/training/training.py``), before its forward. The step's other buffers are not
    model-sized: the reduce-scatter writes into the gradient buffer's own shard
    (``param_and_grad_buffer.py`` ``start_grad_sync``: ``local_data_view``), the updated shard is
    copied into the parameter buffer in place (``_copy_main_params_to_model_params``), and
    Transformer Engine's or Apex's ``FusedAdam`` (``megatron/core/optimizer/__init__.py``) updates
    in place with multi-tensor kernels."""
    return np.where(gradient_bytes < 4.0, 4.0, 0.0)


def adam_step_temporary_bytes(kernel, moment_bytes):
    """Bytes per parameter of the temporary PyTorch's AdamW step allocates beside its states [B]:
    one second-moment-sized tensor (``moment_bytes``, the bytes of one ``exp_avg_sq`` element) under
    the ``foreach`` implementation, none under ``fused``.

    Source: pytorch/pytorch 002d2f0 ``torch/optim/adamw.py`` ``_multi_tensor_adamw`` (the default on
    CUDA: ``foreach=None`` and ``fused=None`` pick it, ``_default_to_fused_or_foreach``):
    ``exp_avg_sq_sqrt = torch._foreach_sqrt(device_exp_avg_sqs)`` makes a new tensor per parameter, all
    of one device-and-dtype group at once, divided and added to in place and read by
    ``torch._foreach_addcdiv_`` into the parameters; the weight decay (``_foreach_mul_``) and the two
    moments (``_foreach_lerp_``, ``_foreach_mul_``, ``_foreach_addcmul_``) update in place. So at the step
    the states, the gradients and one more moment are alive. ``_fused_adamw`` (``fused=True``) runs one
    kernel, ``torch._fused_adamw_``, in place (nothing allocated). Under ZeRO or FSDP each rank steps its
    own shard, so the temporary is the shard's."""
    return moment_bytes if kernel == "foreach" else 0.0


def ddp_bucket_bytes(gradients, zero, replicas):
    """Bytes of PyTorch DDP's gradient buckets on one card [B]: the whole gradient size
    ``gradients`` when plain data parallelism (ZeRO 0) spans ``replicas > 1`` ranks, else 0.

    The reducer allocates one flat tensor per bucket for every parameter at construction
    (pytorch ``torch/csrc/distributed/c10d/reducer.cpp`` ``Reducer::initialize_buckets``:
    ``bucket.gradients = at::empty({offset}, options)``), held for the whole run;
    ``bucket_cap_mb`` (25 MB) sets the buckets' size, not their sum. Under the default
    ``gradient_as_bucket_view=False`` each gradient is copied into its bucket and back, so the
    buckets are a second copy of the gradients: "When set to True, gradients will be views
    pointing to different offsets of allreduce communication buckets. This can reduce peak memory
    usage, where the saved memory size will be equal to the total gradients size"
    (``torch.nn.parallel.DistributedDataParallel`` documentation). Counted as that default.
    Array-friendly."""
    return np.where((zero == 0) & (replicas > 1), gradients, 0.0)


def reserved_bytes(peak, allocator_overhead, context):
    """Memory a training process holds [B]: the peak plus the caching allocator's reserve
    (``allocator_overhead × peak``) plus the CUDA context and workspaces ``context`` [B]."""
    return peak + allocator_overhead * peak + context


def fit_reserve(allocator_overhead, floor):
    """The part of the caching allocator's reserve a run cannot do without [share of the peak]:
    ``min(allocator_overhead, floor)``, ``floor`` the reserve measured without recomputation
    (``formulas.efficiency.ALLOCATOR_OVERHEAD``). When ``cudaMalloc`` fails the allocator frees every
    cached block that is not split and retries (pytorch/pytorch ``c10/cuda/CUDACachingAllocator.cpp``,
    commit eb42ad6e, header comment and ``malloc``), so the reserve over the peak is given back near
    the card's limit but for the free pieces of segments still in use. Near the limit the rigs' runs
    kept 3.7–4.1 % (the 1B at 32k tokens with full recomputation on the H100: 4.1 %, 66.0 GiB at
    peak, 68.7 reserved, where 25 % was predicted) and every run predicted above the card by this
    share ran out of memory, on both cards:
    ``benchmarks/data/notes-allocator-fit-2026-12-05.md``. Array-friendly."""
    if isinstance(allocator_overhead, np.ndarray) or isinstance(floor, np.ndarray):
        return np.minimum(allocator_overhead, floor)
    return min(allocator_overhead, floor)  # the estimate's scalars: no array round trip


def fit_bytes(reserved, allocator_overhead, floor, context):
    """The memory a training run needs to run [B], from the ``reserved`` figure
    (:func:`reserved_bytes` at ``allocator_overhead``): its peak plus :func:`fit_reserve` plus
    ``context``. Array-friendly."""
    peak = (reserved - context) / (1.0 + allocator_overhead)
    return reserved_bytes(peak, fit_reserve(allocator_overhead, floor), context)


OPTIMIZER_MOMENTS = {"adamw": 2, "sgd": 1}
"""Moment tensors per parameter: Adam's first and second moments (Kingma & Ba 2015, Algorithm 1;
AdamW: Loshchilov & Hutter 2019), SGD's momentum buffer [count]."""

EIGHT_BIT_MOMENT_BYTES = 2.0
"""Bytes per parameter of 8-bit AdamW's two moments, one byte each (Dettmers et al. 2022, "8-bit
Optimizers via Block-wise Quantization", §2; block-wise scales neglected) [B]."""


DISTRIBUTED_ADAM_STATES = {"bf16": (2.0, 0.0), "bf16-master": (2.0, 2.0), "fp32-remainders": (4.0, 2.0)}
"""Bytes of one moment element and of the weight copy per parameter Apex's ``DistributedFusedAdam``
keeps under each ``Training.optimizer_states`` [B]: moments in its ``dtype`` (bf16 or fp32); a
copy of the weights in that dtype with ``store_params`` (bf16-master), none without it (bf16: the
16-bit weights are their own master), or with ``store_param_remainders`` the 16 low bits an fp32
master has beyond the bf16 weight (fp32-remainders: an int16 tensor)."""


def distributed_adam_state_bytes(optimizer, optimizer_states):
    """Bytes per parameter of the optimizer states Apex's ``DistributedFusedAdam`` keeps [B]: its
    moments (Adam's ``exp_avg`` and ``exp_avg_sq``) and its copy of the weights
    (:data:`DISTRIBUTED_ADAM_STATES`): AdamW 4 (bf16), 6 (bf16-master), 10 (fp32-remainders).

    Source: NVIDIA/apex f3f0492 (2024-04-24) ``apex/contrib/optimizers/distributed_fused_adam.py``
    ``StateBucket.__init__``: ``params_shard`` (``store_params``) and ``exp_avg_shard`` /
    ``exp_avg_sq_shard`` in ``dtype``, ``param_remainders_shard`` (``store_param_remainders``) in
    ``torch.int16``; as NeMo sets them (NVIDIA/NeMo v2.0.0rc0, 265bd73, ``nemo/collections/nlp/
    models/language_modeling/megatron_base_model.py`` ``setup_optimization``: ``store_params`` when
    ``fp8_params`` is set, none when the optimizer's dtype is the model's, remainders for an fp32
    optimizer over bf16 weights). 8-bit AdamW keeps its own one-byte moments
    (:data:`EIGHT_BIT_MOMENT_BYTES`)."""
    moment_bytes, copy_bytes = DISTRIBUTED_ADAM_STATES[optimizer_states]
    moments = EIGHT_BIT_MOMENT_BYTES if optimizer == "adamw-8bit" else OPTIMIZER_MOMENTS[optimizer] * moment_bytes
    return moments + copy_bytes


def state_bytes_per_param(recipe, optimizer, math_bytes, optimizer_states="recipe"):
    """Bytes per parameter of each training state under a precision ``recipe`` [B].

    Parameters
    ----------
    recipe : str
        ``"torch-amp"`` (fp32 weights, gradients and moments; autocast makes a ``math_bytes``
        copy of each weight), ``"megatron-mixed"`` (16-bit weights, fp32 gradients, fp32 master
        weights and moments), ``"megatron-bf16-grads"`` (as megatron-mixed with 16-bit gradients)
        or ``"pure"`` (everything in the math precision).
    optimizer : str
        ``"adamw"``, ``"adamw-8bit"`` or ``"sgd"``.
    math_bytes : float
        Bytes of one math element (2 for bf16/fp16, 4 for fp32) [B].

    Returns
    -------
    tuple
        (weights, gradients, optimizer, autocast copy, residual element) [B per parameter];
        megatron-mixed with AdamW is ``2 + 4 + 12`` (the 16-bit copy, fp32 gradients, fp32
        master + m + v), where the ZeRO paper counts fp16 gradients: ``2 + 2 + 12 = 16``
        (Rajbhandari et al. 2020 §3.1; Megatron-LM keeps fp32 main gradients when
        ``grad_reduce_in_fp32`` is set). megatron-bf16-grads is ``2 + 2 + 12``: Megatron-Core's
        default ``grad_reduce_in_fp32=False`` (NVIDIA/Megatron-LM d98e8a6 ``megatron/core/distributed/
        distributed_data_parallel_config.py``) makes the
        gradient buffer in the parameters' dtype (``param_and_grad_buffer.py``
        ``group_params_for_buffers``: ``grad_dtype = torch.float if grad_reduce_in_fp32 else param.dtype``;
        ``grad_data = torch.zeros(self.numel, dtype=self.grad_dtype)``), and that buffer is what the
        data-parallel reduce-scatter / all-reduce sends; the distributed optimizer upcasts only its
        own shard (``distrib_optimizer.py`` ``_copy_model_grads_to_main_grads``:
        ``shard_model_grad.float()``, a copy of the step's alone: :func:`megatron_step_gradient_copy_bytes`).
    optimizer_states : str
        ``"recipe"`` (the states as the recipe keeps them) or one of Apex's ``DistributedFusedAdam``
        (:func:`distributed_adam_state_bytes`); the recipe's weights and gradients stay. NeMo's
        fine-tuning with ``fp8_params`` (bf16-master): ``2 + 2 + 6`` (FP8 module weights and the
        FP8 transpose NeMo caches beside them, 1 + 1 B; bf16 gradients; the bf16 copy and
        moments); NeMo's pre-training (fp32-remainders, bf16 gradients): ``2 + 2 + 10``.
    """
    if optimizer_states != "recipe":
        weights, gradients, _, copy, residual = state_bytes_per_param(recipe, optimizer, math_bytes)
        return weights, gradients, distributed_adam_state_bytes(optimizer, optimizer_states), copy, residual
    low_precision_math = math_bytes < 4
    if recipe == "pure" or not low_precision_math:
        state = math_bytes
        moments = EIGHT_BIT_MOMENT_BYTES if optimizer == "adamw-8bit" else OPTIMIZER_MOMENTS[optimizer] * state
        return state, state, moments, 0.0, state
    moments = EIGHT_BIT_MOMENT_BYTES if optimizer == "adamw-8bit" else OPTIMIZER_MOMENTS[optimizer] * 4.0
    if recipe == "torch-amp":
        return 4.0, 4.0, moments, math_bytes, 4.0
    gradients = math_bytes if recipe == "megatron-bf16-grads" else 4.0
    return math_bytes, gradients, 4.0 + moments, 0.0, math_bytes


OFFLOAD_MASTER_AND_GRADIENT_BYTES = 8.0
"""Bytes per parameter ZeRO-Offload keeps in host memory besides the optimizer's moments: the fp32
master weight and the fp32 gradient the CPU update reads (DeepSpeed's
``estimate_zero2_model_states_mem_needs``, ``deepspeed/runtime/zero/stage_1_and_2.py``: 16 B per
parameter with Adam's two fp32 moments; Ren et al. 2021, "ZeRO-Offload", §4.1) [B]."""


def offloaded_optimizer_host_bytes(params, optimizer):
    """Host memory ZeRO-Offload holds for ``params`` parameters [B]: the fp32 master weight and
    gradient (:data:`OFFLOAD_MASTER_AND_GRADIENT_BYTES`) and the optimizer's moments in fp32
    (:data:`OPTIMIZER_MOMENTS`; 8-bit AdamW its :data:`EIGHT_BIT_MOMENT_BYTES`): 16 B with AdamW.
    DeepSpeed's own estimate adds half again for buffers; not counted here. Array-friendly."""
    moments = EIGHT_BIT_MOMENT_BYTES if optimizer == "adamw-8bit" else OPTIMIZER_MOMENTS[optimizer] * 4.0
    return params * (OFFLOAD_MASTER_AND_GRADIENT_BYTES + moments)
