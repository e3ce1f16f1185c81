"""A floor under the time per output token a serving layout reports at a stated request rate,
whatever its batch per copy (:func:`tpot_floor`), worked out from the copy's step table and
prefill time alone — no load point, no latency percentiles — so that the serving search can set
aside a layout that cannot meet the time-per-token target without timing it
(:func:`cannot_meet_tpot`). The search itself is :mod:`configurator.core.workloads.serving.plan`.

Why it is a floor. Under a stated rate ``λ`` per copy the load model's time per token at a
percentile ``p ≥ 50`` is ``(T + z_p·σ)/k`` (:func:`~configurator.core.load.load_point`; ``z_p ≥ 0``,
``k`` tokens per step, ``σ`` at least its prompt-arrival term ``P·τ_p·√(λT/D)/(1 − λ·P·τ_p)``, ``D``
the decode steps per answer, its other terms being non-negative) with ``T`` the mean step, a root
of ``F(T) = (T_d(min(λ·D·T, c)) + (1 − e^(−λT))·t_chunk) / (1 − λ·P·τ_p)``
(:func:`~configurator.core.load_step.solve_mean_step`), ``c`` the running batch and ``T_d`` the step
table read linearly between nodes (:func:`~configurator.core.serving_step_costs.step_costs`). ``F``
rises with ``T``, so every root is at least ``F_lo^m(0)`` for any ``F_lo ≤ F`` that rises too
(induction from ``0 ≤ root``). Here ``F_lo`` reads the table at :func:`node_below` of
``min(λ·D·T, c₀)``, ``c₀ = max(1, min(⌈users/copies⌉, chunk budget))`` the smallest running batch
any batch per copy gives: the step costs' nodes hold every grid value up to ``c`` and ``c`` itself
(``c ≥ c₀``), and where the table rises with the batch (``tests/test_latency_floor.py``, every
catalog card) the line between two nodes is never below the lower one. The solver stops within
``1e-12 s + 1e-6·T`` of a root (:data:`~configurator.core.load_step.STEP_TOLERANCE`); the floor is
lowered by :data:`FLOOR_MARGIN` for that and for rounding. Separate pools: the decode copies' pure
decode steps (``P·τ_p = t_chunk = 0``) at the rate over them. A copy evaluated past its capacity
(overloaded) misses the request rate instead, so it does not carry the load either.
"""

from __future__ import annotations

import bisect
import functools
import math
from statistics import NormalDist

from configurator.core.engine_step import engine_step_tokens
from configurator.core.catalog import Card
from configurator.core.decode_step_table import copy_step_table
from configurator.core.precision import kv_element_bytes
from configurator.core.formats import kv_bytes
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_layer_overhead, prompt_token_seconds, uncached_prompt_tokens
from configurator.core.serving_speed import serving_batching
from configurator.core.serving_step_costs import _ROOT_TWO_GRID, speculative_tokens_per_step
from configurator.core.serving_use import latency_targets
from configurator.core.units import Precision
from configurator.core.workloads.serving.copies import kept_plan
from configurator.core.workloads.serving.edits import with_serving
from configurator.core.workloads.serving.pool_sizes import prefill_pool_sizes

NODES = tuple(sorted({0, 1, 2, *_ROOT_TWO_GRID}))
"""Batches every step costs' table is read at up to its running batch (the grid of
:func:`~configurator.core.serving_step_costs.step_costs`) [sequences]."""

FLOOR_MARGIN = 1e-5
"""Share the floor is lowered by: the mean step solver's tolerance (1e-6 of the step, and 1e-12 s)
and the rounding of the floor's own arithmetic, with room to spare."""

RATE_MARGIN = 1e-6
"""Share below the stated rate that separate pools' decode copies are floored at: their load point
is evaluated at most a billionth below the pools' capacity, which may lie that close above the
stated rate."""

ROUNDS = 6
"""Rounds of ``T ← F_lo(T)`` from 0 at most (each a floor; they stop where the floor stops rising)."""


def node_below(sequences: float) -> int:
    """The largest of :data:`NODES` not above ``sequences`` (≥ 0) [sequences]."""
    return NODES[bisect.bisect_right(NODES, sequences) - 1]


def tpot_floor(scenario: Scenario, card: Card, percentile: int = 50, slower: float = 1.0) -> float | None:
    """A floor under the time per output token at ``percentile`` (≥ 50; at any higher one too) that
    the estimate of ``scenario``'s layout reports at any batch per copy while it carries the stated
    request rate (see the module's docstring) [s]; infinite where the prompts alone fill a copy at
    that rate (it cannot carry it). With separate prefill and decode pools, the decode copies'
    pure decode steps at the rate over them (pools not sized yet: with the smallest prefill pool
    the search tries, :func:`~.pool_sizes.prefill_pool_sizes`), whose load point the pools' time
    per token is. None where no floor is worked out: no stated rate, static batching, a mixture of
    experts (its step table's values may round apart between batches asked together), or no speed
    (no math precision, peak or bandwidth). ``slower``: the floor at the stated rate divided by it
    (≥ 1), for a copy that may be evaluated at a rate that much below it."""
    serving, rate = scenario.serving, scenario.constraints.requests_per_s
    if not rate or not math.isfinite(slower) or scenario.model.is_moe or serving_batching(scenario) == "static":
        return None
    plan = kept_plan(scenario, card)
    if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return None
    copies, rate = scenario.data_parallel, rate / slower
    table = copy_step_table(scenario, card, plan, serving.prompt_tokens + serving.output_tokens // 2)
    if serving.disaggregated and copies >= 2:
        # separate pools: the decode copies' pure decode steps (no prompt in them) at the rate over
        # the decode copies; pools still to be sized (the search's, _sized_pools) have at least the
        # smallest prefill pool it tries, so as many decode copies as the rest at most
        copies -= prefill_pool_sizes(copies)[0] if serving.prefill_cards is None else scenario.prefill_copies
        share, chunk_s = 0.0, 0.0
        rate *= 1.0 - RATE_MARGIN  # at most this far below the rate stated (Pools.capacity's 1e-9)
    else:
        share, chunk_s = None, scenario.model.n_layers * prefill_layer_overhead(scenario)
    rate = rate / copies  # per copy, as the replica's speed takes it
    if share is None:
        share = rate * uncached_prompt_tokens(scenario) * table.batch_free(prompt_token_seconds, scenario, card, plan)
    if share >= 1.0:
        return math.inf
    per_step = speculative_tokens_per_step(scenario)
    per_second = rate * max(serving.output_tokens - 1, 0) / per_step  # sequences each second of step adds
    smallest = max(1, min(-(-serving.users // copies), engine_step_tokens(scenario, card)))
    step, read, time_at = 0.0, -1, table.timer()  # the table's step at a batch (what table.at reads)
    for _ in range(ROUNDS):
        node = node_below(min(per_second * step, smallest))
        if node == read and step > 0.0:
            break  # the same node again: the floor rises only through the chunk term, left there
        read = node
        step = max(step, (time_at(node) + (1.0 - math.exp(-rate * step)) * chunk_s) / (1.0 - share))
    step = max(step * (1.0 - FLOOR_MARGIN) - 1e-12, 0.0)
    if percentile <= 50 or not share:
        return step / per_step
    # the spread of the step over an answer: at least its prompt-arrival term, ``(P·τ_p)²·λT`` over
    # the decode steps, divided by ``(1 − λ·P·τ_p)²`` (load_point's variance, its other terms ≥ 0)
    prompt_s = share / rate  # P·τ_p
    steps = max(max(serving.output_tokens - 1, 0) / per_step, 1.0)
    sd = prompt_s * math.sqrt(rate * step / steps) / (1.0 - share)
    return (step + normal_quantile(percentile) * (1.0 - FLOOR_MARGIN) * sd) * (1.0 - FLOOR_MARGIN) / per_step


@functools.cache
def normal_quantile(percentile: int) -> float:
    """``NormalDist().inv_cdf(percentile / 100)``, the standard normal's quantile at ``percentile``,
    worked out once per percentile (the floor is asked thousands of times at one or two)."""
    return NormalDist().inv_cdf(percentile / 100)


def cannot_meet_tpot(scenario: Scenario, card: Card, fp8_too: bool = True, miss: float = 0.0) -> bool:
    """Whether ``scenario``'s layout misses the time-per-token target (the buyer's, else the
    use's, at its percentile) or the stated request rate at every batch per copy, with the engine's
    KV cache and with the FP8 one the search may try instead
    (:func:`~configurator.core.workloads.serving.replica_plan.with_fp8_cache_if_needed`; with ``fp8_too``
    False, with its own only): its :func:`tpot_floor` above the target with each. False where
    either has no floor.

    With ``miss`` (≥ 0, a share): whether its worst target miss
    (:func:`~configurator.core.workloads.serving.weighing.target_miss`) exceeds ``miss`` at every
    batch: its floor at the stated rate over ``1 + miss`` above the target times ``1 + miss``.
    Why: evaluated at a rate ``x`` times the stated one (``x < 1`` only where it falls short of the
    rate), it misses the rate by ``1/x − 1``, more than ``miss`` for ``x < 1/(1 + miss)``; else its
    time per token is at least the floor at ``1/(1 + miss)`` of the rate (the floor rises with the
    rate), which misses the target by more than ``miss``."""
    targets = latency_targets(scenario)
    if not targets.tpot_ms or targets.percentile < 50:
        return False
    slower, limit = 1.0 + miss, targets.tpot_ms * (1.0 + miss) * (1.0 + FLOOR_MARGIN)
    floor = tpot_floor(scenario, card, targets.percentile, slower)
    if floor is None or not floor * 1000 > limit:
        return False
    if not fp8_too or scenario.serving.kv_precision is not None or not card.supports(Precision.FP8) or \
            kv_element_bytes(scenario, kept_plan(scenario, card)) <= kv_bytes(Precision.FP8):
        return True  # no FP8 cache tried for it
    fp8 = with_serving(scenario, kv_precision=Precision.FP8)
    floor = tpot_floor(fp8, card, targets.percentile, slower)
    return floor is not None and floor * 1000 > limit
