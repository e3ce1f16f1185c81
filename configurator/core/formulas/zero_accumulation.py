"""ZeRO 0, 1 and 2 with gradient accumulation and no pipeline stages: which gradients a rank holds
between a step's micro-batches and how often it reduces them, from the same recipe.

A step of ``m`` > 1 accumulated micro-batches gives a rank two ways to keep its gradients:

1. **Hold them whole and reduce once a step** — ZeRO 1 in every framework. DeepSpeed
   (deepspeedai/DeepSpeed edaa722, 2026-08-22, ``deepspeed/runtime/zero/stage_1_and_2.py``
   ``DeepSpeedZeroOptimizer.reduce_ready_partitions_and_remove_grads``: without
   ``partition_gradients`` the 16-bit gradients are reduced only ``if ...
   self.is_gradient_accumulation_boundary()``; ``deepspeed/runtime/engine.py``
   ``DeepSpeedEngine.allreduce_gradients``: "Communicate only at gradient accumulation
   boundaries", ``reduce_gradients`` for ZeRO 1). Megatron-LM's distributed optimizer (NVIDIA/
   Megatron-LM d98e8a6, 2026-08-22, ``megatron/core/distributed/distributed_data_parallel.py``
   ``DistributedDataParallel.no_sync`` sets ``is_last_microbatch = False`` for every bucket group
   but the last micro-batch's; ``param_and_grad_buffer.py``
   ``_ParamAndGradBucketGroup.register_grad_ready`` starts the reduce-scatter only ``if
   self.is_last_microbatch``), its whole ``main_grad`` buffer held meanwhile. The memory model holds
   the gradients whole at ZeRO 1 (:func:`~configurator.core.formulas.states.zero_sharded`) and the
   communication counts one synchronisation a step (:func:`~.communication.gradient_sync_seconds`,
   :func:`~.communication.data_parallel_exposed_seconds`): they agree.
2. **Hold only the rank's share and reduce-scatter every micro-batch** — ZeRO 2 in every recipe
   here: a share can take a micro-batch's gradients only once they are reduced.
   DeepSpeed ZeRO 2 (``partition_gradients``) reduces on every backward, not only at the boundary
   (``DeepSpeedEngine.allreduce_gradients``: "ZeRO stage >= 2 communicates during non gradient
   accumulation boundaries as well", ``overlapping_partition_gradients_reduce_epilogue``;
   ``reduce_ready_partitions_and_remove_grads`` → ``reduce_independent_p_g_buckets_and_remove_grads``
   → ``reduce_ipg_grads`` → ``average_tensor`` per bucket, into the contiguous partition);
   PyTorch FSDP2 with ``reshard_after_forward=False`` (ZeRO 2) reduce-scatters in every
   backward unless the loop turns the sync off, and torchtitan's loop does not
   (pytorch/torchtitan b5bcd76, 2026-08-21, ``torchtitan/trainer.py`` ``Trainer.train_step``: one
   ``forward_backward_step`` per accumulation step with no ``set_requires_gradient_sync``;
   PyTorch ``_fsdp_collectives.py`` ``foreach_reduce`` adds each reduced share to
   ``sharded_param.grad``): the PyTorch recipes (``torch-amp``, ``pure``). Megatron-Core's ZeRO 2,
   Megatron-FSDP ``optim_grads`` (``megatron/core/distributed/fsdp/src/megatron_fsdp/
   megatron_fsdp.py`` ``MegatronFSDP._register_fsdp_hooks``, ``_process_post_backward_gradients``:
   ``grad_reduce_every_bprop = self.data_parallel_sharding_strategy in ["optim_grads",
   "optim_grads_params"]``; ``no_sync``: "For grads shard mode there will actually always be
   gradient sync happening"): the Megatron recipes. The memory model holds the share (ZeRO 2 without
   pipeline stages, :func:`~.zero_pipeline.gradients_sharded_in_step`); the communication counted
   one reduce-scatter a step. :func:`accumulation_reduce_scatter_seconds` adds the other ``m − 1``.

ZeRO 0 (plain data parallelism) holds the gradients whole either way; what differs is only how
often the recipe's loop all-reduces them:

3. **Once a step** — Megatron-LM's DDP with ``--overlap-grad-reduce`` (``megatron/core/
   pipeline_parallel/schedules.py`` ``forward_backward_no_pipelining`` runs the first ``m − 1``
   micro-batches inside ``config.no_sync_func``, ``DistributedDataParallel.no_sync``; each bucket
   group's ``register_grad_ready`` starts ``start_grad_sync`` — ``torch.distributed.all_reduce``
   without the distributed optimizer — only ``if self.is_last_microbatch``) and DeepSpeed's ZeRO 0
   (``DeepSpeedEngine.allreduce_gradients``: "Communicate only at gradient accumulation
   boundaries", ``buffered_allreduce_fallback`` at ``is_gradient_accumulation_boundary()``): the
   Megatron recipes (``megatron-mixed``, ``megatron-bf16-grads``), which
   :func:`~.communication.data_parallel_exposed_seconds` already counts.
4. **Every micro-batch** — torchtitan, the PyTorch recipes (``torch-amp``, ``pure``): its plain
   data parallelism is FSDP2 over the ``dp_replicate`` mesh (pytorch/torchtitan b5bcd76,
   ``torchtitan/models/llama3/parallelize.py`` ``parallelize_llama``: "Always run
   apply_fsdp_to_decoder -- with shard_degree=1 it is a no-op for the all-gather", its mesh
   ``["dp_replicate", "fsdp"]``), whose post-backward all-reduces the gradients over the replicas in
   every backward, and ``Trainer.train_step`` turns no sync off between accumulation steps (no
   ``set_requires_gradient_sync``, no ``no_sync``). :func:`accumulation_reduce_scatter_seconds`
   adds the other ``m − 1`` all-reduces (:func:`gradient_reduce_seconds`), each behind its
   micro-batch's backward as ZeRO 0's step synchronisation is.

The third pairing — FSDP2 under ``set_requires_gradient_sync(False)`` / ``no_sync`` for all but
the last micro-batch, its full unsharded gradients held (``FSDPParam.unsharded_accumulated_grad``)
and reduced once — is no recipe's default here (PyTorch's pipelining runs it beside pipeline
stages: :mod:`~configurator.core.formulas.zero_pipeline`, behaviour 1). ZeRO 3 without pipeline
stages already repeats its whole synchronisation every micro-batch
(:func:`~.communication.zero3_regathers`).

Every function is array-friendly in every argument.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.collectives import reduce_scatter_seconds
from configurator.core.formulas.communication import BACKWARD_SHARE, exposed_seconds


ALL_REDUCES_EVERY_MICRO_BATCH = frozenset({"torch-amp", "pure"})
"""Training recipes (``Training.recipe``) whose loop all-reduces ZeRO 0's gradients after every
accumulated micro-batch (behaviour 4 of this module: torchtitan); the others (Megatron's, behaviour
3) all-reduce once a step."""


def zero0_reduces_every_micro_batch(recipe):
    """Whether the recipe ``recipe`` (``Training.recipe``'s value) all-reduces ZeRO 0's gradients
    after every accumulated micro-batch [bool]: :data:`ALL_REDUCES_EVERY_MICRO_BATCH`."""
    return str(getattr(recipe, "value", recipe)) in ALL_REDUCES_EVERY_MICRO_BATCH


def reduces_every_accumulated_micro_batch(zero, pp, micro_batches, zero0_every=False):
    """Whether a rank reduces its gradients after every accumulated micro-batch (behaviours 2 and 4
    of this module): ZeRO 2, or ZeRO 0 where ``zero0_every`` (:func:`zero0_reduces_every_micro_batch`
    of the recipe) [bool], without pipeline stages (``pp`` ≤ 1) and with more than one micro-batch
    a step [bool]. ZeRO 1 holds the gradients whole and reduces once; ZeRO 3 repeats its
    synchronisation anyway (:func:`~.communication.zero3_regathers`); beside pipeline stages see
    :mod:`~configurator.core.formulas.zero_pipeline`."""
    return ((zero == 2) | ((zero == 0) & zero0_every)) & (pp <= 1) & (micro_batches > 1)


def gradient_reduce_scatter_seconds(params, grad_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency):
    """One reduce-scatter of a card's gradients over its data-parallel ranks [s]: ``params ×
    grad_bytes`` [B] (``params`` trainable parameters on the card before sharding [count], ``grad_bytes``
    per gradient element [B]) over ``dp`` ranks of which ``per_domain`` share a fast domain
    (``fast_gbps`` and ``network_gbps`` one way [GB/s], ``efficiency`` of them reached [1]),
    :func:`~.collectives.reduce_scatter_seconds`; 0 on one rank."""
    return reduce_scatter_seconds(params * grad_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency) * (dp > 1)


def gradient_reduce_seconds(params, grad_bytes, zero, dp, per_domain, fast_gbps, network_gbps, efficiency):
    """One reduction of a card's gradients after a micro-batch [s]: at ZeRO 0 an all-reduce
    (:func:`~.collectives.allreduce_seconds`), else the reduce-scatter of
    :func:`gradient_reduce_scatter_seconds`; the arguments as there, ``zero`` the ZeRO stage
    [count]; 0 on one rank."""
    one = reduce_scatter_seconds(params * grad_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency)
    # allreduce_seconds on the same arguments is this reduce-scatter doubled: worked out once for both branches
    return np.where(zero == 0, 2.0 * one * (dp > 1), one * (dp > 1))


def accumulation_reduce_scatter_seconds(reduce_scatter_s, micro_compute_s, micro_batches, zero, pp, overlap,
                                        zero0_every=False):
    """Exposed time of the gradient reductions ZeRO 2 (and ZeRO 0 under a recipe that all-reduces
    every micro-batch) makes before a step's last micro-batch [s].

    Parameters
    ----------
    reduce_scatter_s : float or array
        One reduction of the card's gradients (:func:`gradient_reduce_seconds`; at ZeRO 2
        :func:`gradient_reduce_scatter_seconds`) [s].
    micro_compute_s : float or array
        Compute of one micro-batch [s]; each reduction hides behind its backward,
        :data:`~.communication.BACKWARD_SHARE` of it (DeepSpeed and FSDP2 wait for the
        reductions at the end of the backward).
    micro_batches : int or array
        Accumulated micro-batches a step ``m`` [count].
    zero, pp : int or array
        ZeRO stage and pipeline stages [count].
    overlap : float
        Share of the window communication hides behind [1].
    zero0_every : bool
        Whether the recipe all-reduces ZeRO 0's gradients every micro-batch
        (:func:`zero0_reduces_every_micro_batch`).

    Returns
    -------
    float or array
        ``(m − 1) ×`` the exposed part of ``reduce_scatter_s`` where
        :func:`reduces_every_accumulated_micro_batch`, else 0; the step's last reduction (with
        ZeRO 2's weight all-gather) is the synchronisation
        :func:`~.communication.data_parallel_exposed_seconds` already counts.
    """
    extra = earlier_reductions_exposed_seconds(reduce_scatter_s, micro_compute_s, micro_batches, overlap)
    return extra * reduces_every_accumulated_micro_batch(zero, pp, micro_batches, zero0_every)


def earlier_reductions_exposed_seconds(reduce_scatter_s, micro_compute_s, micro_batches, overlap):
    """Exposed time of the gradient reductions a step makes after each micro-batch but its last [s]:
    ``(m − 1) × max(0, t_reduce − overlap × BACKWARD_SHARE × t_micro)``, each hidden only behind its
    own micro-batch's backward (:data:`~.communication.BACKWARD_SHARE` of ``micro_compute_s`` [s],
    ``overlap`` of it [1], :func:`~.communication.exposed_seconds`), since every framework that
    reduces every micro-batch makes the compute stream wait for the reductions at the end of each
    backward: DeepSpeed ZeRO 2 (``overlapping_partition_gradients_reduce_epilogue``), PyTorch FSDP2
    (``torch/distributed/fsdp/_fully_shard/_fsdp_state.py`` ``FSDPState._root_post_backward_final_callback``:
    ``current_stream().wait_event(reduce_scatter_state.event)`` after every backward that is the last,
    the default), Megatron-FSDP
    (NVIDIA/Megatron-LM d98e8a6 ``megatron_fsdp.py`` ``_root_post_backward``:
    ``grad_reduce_pipeline.reset()`` → ``wait_for_previous_grad_reduce(0)``, a CUDA event wait on
    every queued reduce-scatter). ``reduce_scatter_s``: one reduction of the card's gradients [s];
    ``micro_batches``: ``m`` [count]."""
    return (np.maximum(micro_batches, 1) - 1) * exposed_seconds(reduce_scatter_s, BACKWARD_SHARE * micro_compute_s,
                                                                 overlap)
