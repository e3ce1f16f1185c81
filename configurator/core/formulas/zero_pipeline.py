"""ZeRO 2 and 3 beside pipeline stages: which gradients a rank holds while a step's micro-batches
run, how often they are reduce-scattered, and which framework refuses the layout at all.

A pipeline runs every step as many micro-batches, each with a backward of its own. A ZeRO-2/3
rank can then do one of two things with its stage's gradients:

1. **Hold them whole and reduce once** (``deferred``): PyTorch's pipelining runs every
   micro-batch's backward with gradient sync off and the weights left gathered, and
   reduce-scatters once after the last one (pytorch/pytorch 0138610
   ``torch/distributed/pipelining/stage.py`` ``_PipelineStageBase.backward_maybe_with_nosync``:
   ``set_reshard_after_backward(False)``, ``set_requires_gradient_sync(False)`` for every
   backward; ``_post_backward``: sync back on and FSDP's ``post_backward`` once a step). FSDP2
   keeps the unsharded gradients of the skipped syncs, upcast to its ``reduce_dtype``
   (``torch/distributed/fsdp/_fully_shard/_fsdp_param.py`` ``FSDPParam.to_accumulated_grad_if_needed``:
   ``unsharded_accumulated_grad``), so the card holds its stage's full gradients: torchtitan's
   FSDP2 + PP, the PyTorch recipes here (:func:`~configurator.core.training_held_states.defers_gradient_reduction`).
2. **Reduce-scatter every micro-batch** (not ``deferred``): a rank keeps only its share, which it
   can accumulate into only by reducing each micro-batch's gradients as they are made, at one
   gradient reduce-scatter a micro-batch instead of one a step. Meta's Llama 3 405B paper reads so
   beside 16 pipeline stages (FSDP "shards optimizer states and gradients, but for model shards
   we do not reshard after forward computation", Dubey et al. 2024, §3.3.2), though its speed does
   not (below). Megatron-Core's own ZeRO 2/3 (Megatron-FSDP ``optim_grads`` /
   ``optim_grads_params``) shards its main-gradient buffer the same way. Every framework that
   reduces each micro-batch makes the compute stream wait for the reductions at the end of that
   micro-batch's backward (Megatron-FSDP ``_root_post_backward``
   → ``wait_for_previous_grad_reduce(0)``), so each hides behind its own backward only
   (:func:`micro_batch_reduce_scatter_seconds`, charged in the estimate and the planner;
   ``benchmarks/data/notes-zero-pipeline-time-2026-12-06.md``).

Which of the two a scenario runs is ``Training.grad_reduce`` (per-step: 1, per-micro-batch: 2; by
default as the recipe's framework does it, 2 under the Megatron recipes, 1 under the PyTorch ones:
:func:`~configurator.core.training_held_states.defers_gradient_reduction`), read by memory and time
alike. Meta's Llama 3 405B runs state per-step: their published speed rules a per-micro-batch fp32
reduce-scatter out (charged so, 8,192 and 16,384 H100 at TP8 PP16 fall from +0.9/+0.6 % to
-32.5/-30.6 % of 430/400 TFLOP/s, 13 % short even at the network's line rate and full overlap), and
the stage's gradients held whole fit on the rows' stated backward. Without pipeline stages ZeRO 2/3
always hold the share (DeepSpeed ``stage_1_and_2.py`` reduces into the rank's partition every
micro-batch; FSDP2 syncs every backward by default), and ZeRO 2's reduce-scatters of the
accumulated micro-batches are charged: :mod:`configurator.core.formulas.zero_accumulation`.

DeepSpeed's own pipeline engine runs neither: it refuses ZeRO 2 and 3
(microsoft/DeepSpeed ``deepspeed/runtime/pipe/engine.py`` ``PipelineEngine.__init__``:
``assert self.zero_optimization_stage() < ZeroStageEnum.gradients, "ZeRO-2 and ZeRO-3 are
incompatible with pipeline parallelism"``): :func:`refused_by_deepspeed_pipeline`.

Every function is array-friendly in every argument.
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.zero_accumulation import earlier_reductions_exposed_seconds


def gradients_sharded_in_step(zero, pp, deferred=True):
    """Whether a rank holds only its ``1/N_d`` share of its gradients while a step's micro-batches
    run: ZeRO ``zero`` ≥ 2, without pipeline stages (``pp`` ≤ 1) or beside them where the
    reduction is not ``deferred`` (behaviour 2 of this module); beside them with it deferred the
    stage's gradients are held whole until the last micro-batch's backward (behaviour 1) [bool]."""
    return (zero >= 2) & ((pp <= 1) | np.logical_not(deferred))


def reduced_every_micro_batch(zero, pp, deferred=True):
    """Whether ZeRO 2/3 beside pipeline stages reduce-scatter the gradients every micro-batch
    (behaviour 2), where without pipeline stages the step's one synchronisation is counted [bool]."""
    return (zero >= 2) & (pp > 1) & np.logical_not(deferred)


def held_gradient_bytes(gradients, zero, pp, dp, unsharded_share=1.0, deferred=True):
    """Gradients one rank holds beside the activations of a step's micro-batches [B].

    Parameters
    ----------
    gradients : float or array
        The stage's gradients on one card before sharding [B].
    zero, pp, dp : int or array
        ZeRO stage, pipeline stages and data-parallel ranks ``N_d`` [count].
    unsharded_share : float or array
        Share of the gradients a rank keeps when they are not sharded (expert parallelism: ``1/ep``
        of the routed experts) [1].
    deferred : bool or array
        Beside pipeline stages the reduction waits for the last micro-batch (behaviour 1).

    Returns
    -------
    float or array
        ``gradients / dp`` where :func:`gradients_sharded_in_step`, else ``gradients ×
        unsharded_share`` (ZeRO 0/1, and ZeRO 2/3 beside pipeline stages deferred: held whole).
    """
    return np.where(gradients_sharded_in_step(zero, pp, deferred), gradients / dp, gradients * unsharded_share)


def gradient_reduce_scatters_per_step(micro_batches, deferred):
    """Gradient reduce-scatters a ZeRO-2/3 rank makes per optimizer step [count]: 1 when the
    reduction is ``deferred`` to the last micro-batch (gradients held whole,
    :func:`held_gradient_bytes`), else one per micro-batch (``micro_batches``; only the rank's
    share held). DeepSeek-V3 on 2,048 H800 as TP2 PP16 ZeRO-3 without expert parallelism, 120
    micro-batches, 16-bit gradients: 40.9 GiB of gradients a card deferred (0.64 GiB as a share),
    or 120 reduce-scatters a step not deferred."""
    return np.where(deferred, 1, micro_batches)


def micro_batch_reduce_scatter_seconds(reduce_scatter_s, micro_compute_s, micro_batches, zero, pp, deferred, overlap):
    """Exposed time of the gradient reduce-scatters behaviour 2 adds to a step [s].

    Parameters
    ----------
    reduce_scatter_s : float or array
        One reduce-scatter of the card's gradients over its data-parallel ranks
        (:func:`~.zero_accumulation.gradient_reduce_seconds`; 0 on one rank) [s].
    micro_compute_s : float or array
        Compute of one micro-batch on the stage [s].
    micro_batches : int or array
        Micro-batches a step ``m`` [count].
    zero, pp : int or array
        ZeRO stage and pipeline stages [count].
    deferred : bool or array
        Whether the framework defers the reduction to the last micro-batch (behaviour 1).
    overlap : float
        Share of the window communication hides behind [1].

    Returns
    -------
    float or array
        Where :func:`reduced_every_micro_batch`, the ``m − 1`` reduce-scatters before the last
        micro-batch's (that one, with the weight gather, is the synchronisation every ZeRO 1–3 step
        counts: :func:`~.communication.data_parallel_exposed_seconds`), each hidden only behind its
        own micro-batch's backward as without pipeline stages
        (:func:`~.zero_accumulation.earlier_reductions_exposed_seconds`: Megatron-FSDP waits for
        every queued reduce-scatter at the end of each backward); 0 elsewhere.
    """
    extra = earlier_reductions_exposed_seconds(reduce_scatter_s, micro_compute_s, micro_batches, overlap)
    return extra * reduced_every_micro_batch(zero, pp, deferred)


def refused_by_deepspeed_pipeline(zero, pp):
    """Whether DeepSpeed's ``PipelineEngine`` refuses the layout: ZeRO ≥ 2 beside pipeline stages
    (``pp`` > 1); it runs ZeRO 0 and 1 only [bool]."""
    return (zero >= 2) & (pp > 1)
