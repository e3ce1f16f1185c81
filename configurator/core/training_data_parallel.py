"""The exposed data-parallel time of a training step: the dense parameters over all the replicas,
the routed experts over their own group (:mod:`~configurator.core.formulas.expert_data_parallel`),
ZeRO 2's (and the PyTorch recipes' ZeRO 0) reductions of the accumulated micro-batches
(:mod:`~configurator.core.formulas.zero_accumulation`), ZeRO 2/3's beside pipeline stages where the
framework reduces every micro-batch (``Training.grad_reduce``, :mod:`~configurator.core.formulas.zero_pipeline`)
and, where stated, DeepSpeed 2021's ZeRO 3 (:mod:`~configurator.core.training_zero3`)."""

from __future__ import annotations

from configurator.core import training_zero3
from configurator.core.fabric import Fabric, links
from configurator.core.formulas import communication as comm
from configurator.core.formulas.communication import data_parallel_exposed_seconds
from configurator.core.formulas.expert_data_parallel import data_parallel_groups
from configurator.core.formulas.parallelism import data_parallel_per_domain
from configurator.core.formulas.zero_accumulation import (
    accumulation_reduce_scatter_seconds,
    gradient_reduce_scatter_seconds,
    gradient_reduce_seconds,
    reduces_every_accumulated_micro_batch,
    zero0_reduces_every_micro_batch,
)
from configurator.core.formulas.zero_pipeline import micro_batch_reduce_scatter_seconds, reduced_every_micro_batch
from configurator.core.memory import scenario_stage_layers
from configurator.core.scenario import Recompute, Scenario
from configurator.core.training_held_states import defers_gradient_reduction


def data_parallel_step_seconds(scenario: Scenario, timing, frozen: float, weight_bytes: float, net: Fabric) -> float:
    """Exposed data-parallel time of one step [s] of a card whose ``timing`` (``MicroBatchTiming``:
    trainable parameters, their expert share, states and micro-batch compute) is known.

    ``frozen``: the frozen adapter base ZeRO-3 gathers [B] (0 below ZeRO 3); ``weight_bytes``: a
    gathered 16-bit weight [B]; ``net``: the card's links. Each part of the card's parameters is synchronised
    over its own group (:func:`~configurator.core.formulas.expert_data_parallel.data_parallel_groups`, the
    experts only where they are split), on the link its ranks inside a domain take
    (:func:`~configurator.core.fabric.links`: on a board without a switch, their own pairs'), once a step or
    once a micro-batch (:func:`~configurator.core.formulas.communication.data_parallel_exposed_seconds`).
    """
    par, train, a = scenario.parallelism, scenario.training, scenario.assumptions
    pp, m, replicas, params_card, states = par.pp, train.grad_accum, scenario.replicas, timing.params_per_card, \
        timing.states
    domain = net.domain
    per_domain = data_parallel_per_domain(replicas, par.tp, domain)
    # the routed experts synchronise over their own data-parallel group, the rest over all the replicas
    groups = data_parallel_groups(params_card, timing.expert_share, par.ep, replicas, par.tp, domain) \
        if par.ep > 1 and timing.expert_share else ((params_card, replicas, per_domain),)
    units = scenario_stage_layers(scenario, pp)[0] if par.zero >= 3 else 0
    # ZeRO-3 gathers a frozen adapter base, in its stored dtype, and reduces none of it
    sync_s = sum(comm.data_parallel_sync_seconds(params, frozen if i == 0 else 0.0, states.gradients, weight_bytes,
                                                 par.zero, ranks, per, *links(net, a, per), pp=pp, units=units)
                 for i, (params, ranks, per) in enumerate(groups))
    window = timing.overlap_window_s  # what the traffic hides behind: the compute, and a host-bound step's wait
    dp_s = float(data_parallel_exposed_seconds(sync_s, window, m, par.zero, a.comm_overlap, pp))
    every0, deferred = zero0_reduces_every_micro_batch(train.recipe), defers_gradient_reduction(scenario)
    if (reduces_every_accumulated_micro_batch(par.zero, pp, m, every0)
            or reduced_every_micro_batch(par.zero, pp, deferred)) and params_card:  # per micro-batch
        # above ZeRO 0 the reduction is its reduce-scatter (gradient_reduce_seconds' other branch, not worked out)
        rs_s = sum((gradient_reduce_seconds(params, states.gradients, par.zero, ranks, per, *links(net, a, per))
                    if par.zero == 0 else
                    gradient_reduce_scatter_seconds(params, states.gradients, ranks, per, *links(net, a, per)))
                   * (params > 0)
                   for params, ranks, per in groups)
        dp_s += float(accumulation_reduce_scatter_seconds(rs_s, window, m, par.zero, pp, a.comm_overlap, every0)
                      + micro_batch_reduce_scatter_seconds(rs_s, window, m, par.zero, pp, deferred, a.comm_overlap))
    if par.zero3_implementation == training_zero3.DEEPSPEED_2021 and not frozen:
        ds_s, applies = training_zero3.micro_batch_seconds(
            scenario.model, units or scenario_stage_layers(scenario, pp)[0], par.tp, train.recompute == Recompute.FULL,
            params_card, states.gradients, weight_bytes, par.zero, pp, replicas, per_domain,
            *links(net, a, per_domain))
        dp_s = float(ds_s) * m if applies else dp_s
    return dp_s
