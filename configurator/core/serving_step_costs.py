"""The step costs of one serving copy that the load model (:mod:`configurator.core.load`) reads: its
decode step on a √2 grid of running batches, the prompt token, the chunk overhead and what bounds
the step, worked out once per copy and batch. Moved out of :mod:`configurator.core.serving_speed`,
which runs the load model on them."""

from __future__ import annotations

import bisect
import math

from configurator.core.engine_step import engine_step_tokens
from configurator.core.catalog import Card
from configurator.core.decode_step import _bound
from configurator.core.decode_step_table import copy_step_table
from configurator.core.load import StepCosts
from configurator.core.precision import PrecisionPlan
from configurator.core.prefill_time import (
    alone_prompt_token_seconds,
    idle_ttft_seconds,
    prefill_layer_overhead,
    prefill_pass_seconds,
    prompt_step_read_seconds,
    prompt_token_seconds,
    uncached_prompt_tokens,
)
from configurator.core.scenario import Scenario
from configurator.core.serving_pipeline import pipelined_decode, stage_send_seconds


def speculative_tokens_per_step(scenario: Scenario) -> float:
    """Output tokens a sequence gains per verified step with ``k`` draft tokens accepted with
    probability ``α`` each: ``(1 − α^(k+1)) / (1 − α)`` (Leviathan et al. 2023, eq. 1)."""
    serving = scenario.serving
    k, alpha = serving.speculative_tokens, serving.speculative_acceptance
    return (1.0 - alpha ** (k + 1)) / (1.0 - alpha) if k else 1.0


_ROOT_TWO_GRID = tuple(round(2 ** (k / 2)) for k in range(2, 130))
"""The step table's grid, ``round(2^(k/2))`` for k = 2, 3, … (up to 2^64, past any batch) [sequences]."""


def step_nodes(batch: int) -> list[int]:
    """The sequences at which :func:`step_costs` works the decode step out exactly at a running batch
    of ``batch``: 0, 1, 2, the batch and one more, and the √2 grid below it [sequences]."""
    return sorted({0, 1, 2, batch, batch + 1}.union(_ROOT_TWO_GRID[:int(2 * math.log2(batch + 1))]))


_STEP_NODES: dict[int, list[int]] = {}
""":func:`step_nodes` of each batch asked (a table of integers, no scenario's: kept across memo
clears; read only, never edited)."""


def step_costs(scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int, table=None) -> StepCosts:
    """The decode step, the prompt token and the chunk overhead of one copy, for the load model;
    worked out once per copy and batch (kept on the copy's step table, :func:`copy_step_table`:
    everything here reads only the fields its key holds; ``table``: that table, when the caller
    holds it already)."""
    if table is None:
        serving = scenario.serving
        table = copy_step_table(scenario, card, plan, serving.prompt_tokens + serving.output_tokens // 2)
    costs = table.costs.get(batch)
    if costs is None:
        costs = table.costs[batch] = _step_costs(scenario, card, plan, batch, table)
    return costs


def _step_costs(scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int, table) -> StepCosts:
    """:func:`step_costs` worked out from the copy's step table."""
    serving, model = scenario.serving, scenario.model
    uncached = uncached_prompt_tokens(scenario)

    # The step time is a maximum of affine functions of n (MoE: concave in n): exact on a grid
    # of √2 steps up to the batch, linear between; the copy's steps at other batches are kept
    # (copy_step_table: a search asks for one copy at a doubling batch). A segment's ends are
    # worked out when the load model first reads inside it (it reads a handful of the dozen):
    # the same nodes and the same interpolation, so the same numbers
    nodes = _STEP_NODES.get(batch)
    if nodes is None:
        nodes = _STEP_NODES[batch] = step_nodes(batch)
    time_at = table.timer()  # holds no reference to the table, which keeps the costs: no cycle
    per_token = table.batch_free(prompt_token_seconds, scenario, card, plan)
    time_at(batch)  # the step at the batch (a node: the load model reads it in any case)
    # the roofline at the batch is decode_bound's own numbers; a MoE's (its experts touched, a power of
    # an array there) may round apart from them, so it decides only where rounding cannot turn it
    bound = _bound(*table.parts_at(batch)) if not model.is_moe else clear_bound(*table.parts_at(batch))

    # each segment's start, rise and width worked out once (the load model reads the step tens of times)
    last, find = len(nodes) - 1, bisect.bisect_right
    segments: list[tuple | None] = [None] * last

    # the last step asked for, given again: the load model reads the step at the sequences a mean
    # step's solve ended at again for the prompt's carrying steps and the load point (one tuple
    # stored at once, as the segments: one cell, read and replaced whole)
    asked = (None, None)

    def decode_s(n: float) -> float:
        nonlocal asked
        if 0.0 < n < 1.0:  # a step that decodes at all carries a whole sequence: no step part-way to an
            n = 1.0  # empty one, which for a MoE reads no expert (tests/test_serving_physics.py)
        last_n, value = asked
        if n == last_n:
            return value
        i = find(nodes, n, 1, last) - 1  # the segment [nodes[i], nodes[i + 1]], the first or last beyond them
        segment = segments[i]
        if segment is None:  # one tuple stored at once: a thread reading alongside sees it whole or not at all
            low, high = nodes[i], nodes[i + 1]
            start = time_at(low)
            if n == low and start < math.inf:  # on the node: start + 0·rise/width is start itself, the other
                asked = (n, start)  # end not needed (the idle step reads the first node alone)
                return start
            segment = segments[i] = (low, start, time_at(high) - start, high - low)
        low, start, rise, width = segment
        value = start + (n - low) * rise / width
        asked = (n, value)
        return value

    profile = serving.profile
    # prompts that ride in the decode steps add no pass of their own: prefill_pass_seconds' 0.0, not looked up
    own_pass = 0.0 if profile.prefill_with_decodes else table.batch_free(prefill_pass_seconds, scenario, card, plan)
    # copies sharing their experts (attention data parallel) run a prompt's experts beside it: its own tokens' time
    alone = 0.0 if scenario.expert_copies <= 1 else alone_prompt_token_seconds(scenario, card, plan)
    pp = scenario.parallelism.pp
    if pp > 1:  # stages at work at once: a round carries pp micro-batches (configurator.core.serving_pipeline)
        decode_s = pipelined_decode(decode_s, pp, *stage_send_seconds(scenario, card, plan))
        # a prompt's own chunk passes every stage (its latency the whole model's), while the pp
        # micro-batches' chunks share the stages: the copy's prompt tokens at pp times the rate
        alone, per_token = alone or per_token, per_token / pp
    return StepCosts(decode_s, per_token, model.n_layers * prefill_layer_overhead(scenario) + own_pass, uncached,
                     serving.output_tokens, batch, engine_step_tokens(scenario, card),
                     speculative_tokens_per_step(scenario) if serving.speculative_tokens else 1.0,  # its 1.0 at k = 0
                     bound, profile.scheduler_steps, own_pass,
                     table.batch_free(prompt_step_read_seconds, scenario, card, plan), alone_token_s=alone,
                     idle_prefill_s=table.batch_free(idle_ttft_seconds, scenario, card, plan))


BOUND_MARGIN = 1e-9
"""Relative gap between a step's memory time (weights and cache) and its products' time beyond
which rounding cannot turn what bounds it (:func:`clear_bound`): the plain step's parts and the
roofline's agree to a few units in the last place (the same formulas, a power taken of a number
instead of an array's)."""


def clear_bound(weights_s: float, kv_s: float, compute_s: float) -> str | None:
    """:func:`~configurator.core.decode_step._bound` of a step's roofline parts [s] where the memory
    time and the products' time differ by more than :data:`BOUND_MARGIN` of the larger, so that
    parts worked out apart from the roofline's by rounding give the same answer; None where they
    come closer (the roofline's own numbers must decide)."""
    memory = weights_s + kv_s
    if abs(memory - compute_s) <= BOUND_MARGIN * (memory if memory > compute_s else compute_s):
        return None
    return "memory" if memory >= compute_s else "compute"


