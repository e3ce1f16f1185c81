"""Serving speed: the load model's step costs of one model copy, the copy under load, separate
prefill and decode pools, and the deployment (prefill times: :mod:`configurator.core.prefill_time`).
Efficiencies are named fields of :class:`~configurator.core.scenario.Assumptions` and of the engine
profiles (:mod:`configurator.core.engines`).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field

from configurator.core.engine_step import engine_step_tokens, with_engine_step
from configurator.core.fabric import links
from configurator.core.catalog import Card
from configurator.core.decode_step import _bound, copy_fabric, speculative_step_seconds
from configurator.core.decode_step import decode_step_seconds as decode_step_seconds  # re-exported
from configurator.core.prompt_rate import prompt_peak as prompt_peak  # re-exported
from configurator.core.decode_step_table import copy_step_table
from configurator.core.engine_formats import serves, serves_kv
from configurator.core.frozen_record import LazyValue, extended, fast_init, lazy_value
from configurator.core.load import (
    PERCENTILES,
    LatencyLimits,
    StepCosts,
    capacity,
    closed_loop_rate,
    goodput,
    highest_meeting,
    load_point,
    load_point_fields,
    static_batch,
    worst_share,
)
from configurator.core.kv_memory import kv_cache_bytes_per_token
from configurator.core.messages import Message, msg
from configurator.core.training_speed import tensor_parallel_messages
from configurator.core.precision import PrecisionPlan, kv_element_bytes
from configurator.core.prefill_time import (
    alone_prompt_token_seconds,
    idle_ttft_seconds,
    prefill_layer_overhead,
    prefill_pass_seconds,
    prefill_pool_prompt_seconds,
    prefill_seconds,
    prompt_step_read_seconds,
    prompt_token_seconds,
    uncached_prompt_tokens,
)
from configurator.core.scenario import Scenario, Serving
from configurator.core.serving_pipeline import pipelined_decode, stage_send_seconds
from configurator.core.serving_use import latency_targets
from configurator.core.units import GB
from configurator.core.within_targets import goodput_within, pools_share_within, share_within


@fast_init
@dataclass(frozen=True)
class ReplicaSpeed:
    """Latency and request rate of one serving replica (tp × pp cards)."""

    ttft_s: float
    tpot_s: float
    requests_per_s: float
    decode_bound: str  # "memory" or "compute"
    messages: tuple[Message, ...]
    ttft_percentiles_s: dict[int, float] = field(default_factory=dict)
    """Time to first token at the operating load, by percentile (``ttft_tail.PERCENTILES``) [s]."""
    tpot_percentiles_s: dict[int, float] = field(default_factory=dict)
    """Time per output token at the operating load, by percentile [s]."""
    batching: str = "continuous"
    load_per_s: float | None = None
    """Requests per second the latencies are for (the target rate, or what the users send)."""
    idle_ttft: float | LazyValue | None = None
    """Time to first token of one prompt on an idle copy [s], or a :class:`~configurator.core.frozen_record.LazyValue`
    of it (worked out when first read: only the JSON export reads it); read it as :attr:`idle_ttft_s`."""

    goodput: float | LazyValue | None = None
    """Goodput under a stated request rate and latency targets: the highest rate at which the
    targets hold at their percentile, queueing counted (:func:`goodput_limits`,
    :func:`~configurator.core.load.goodput`), or a :class:`~configurator.core.frozen_record.LazyValue`
    of it (worked out when first read: the notes and a tie in the search's rank read it); None
    without a stated rate, without targets, or with static batching [1/s]; read it as
    :attr:`goodput_per_s`."""
    within: float | LazyValue | None = None
    """Share of the requests served within the latency targets at the operating point (TTFT and
    TPOT both, :func:`~configurator.core.within_targets.share_within`), or a
    :class:`~configurator.core.frozen_record.LazyValue` of it; None where no goodput is taken — no
    target, on the users' load alone no typed one (:func:`goodput_targets`), static batching [share]."""

    @property
    def goodput_per_s(self) -> float:
        """The request rate carried within the latency targets, :attr:`goodput`; without one
        (no stated rate or no target) :attr:`requests_per_s`, the capacity or what the users send [1/s]."""
        value = self.goodput
        return self.requests_per_s if value is None else lazy_value(value)

    @property
    def goodput_taken(self) -> bool:
        """Whether a goodput is taken (a stated rate, or the users' load with a typed target), without
        working it out."""
        return self.within is not None

    @property
    def share_within_targets(self) -> float | None:
        """:attr:`within` worked out, or None [share]."""
        return None if self.within is None else lazy_value(self.within)

    @property
    def goodput_taken_per_s(self) -> float | None:
        """The goodput shown, where one is taken: the rate served (:attr:`load_per_s`) times the share
        of its requests within the targets (:attr:`share_within_targets`;
        :func:`~configurator.core.within_targets.goodput_within`), or None [1/s]: what the JSON
        (``performance.goodput_requests_per_s``) and the view's "Goodput" row show. The
        rank reads :attr:`goodput_per_s` instead (the highest rate within the targets)."""
        share = self.share_within_targets
        return None if share is None or self.load_per_s is None else goodput_within(self.load_per_s, share)

    @property
    def idle_ttft_s(self) -> float | None:
        """Time to first token of one prompt on an idle copy [s] (:func:`idle_ttft_seconds`)."""
        return lazy_value(self.idle_ttft)

    def ttft_at(self, percentile: int) -> float:
        """TTFT at ``percentile`` (the median when not known) [s]."""
        return self.ttft_percentiles_s.get(percentile, self.ttft_s)

    def tpot_at(self, percentile: int) -> float:
        """TPOT at ``percentile`` (the median when not known) [s]."""
        return self.tpot_percentiles_s.get(percentile, self.tpot_s)


@fast_init
@dataclass(frozen=True)
class ServingSpeed(ReplicaSpeed):
    """Latency and throughput of a serving deployment: its replicas' latencies, and request
    rate, load and tokens of all of them together."""

    tokens_per_s: float = 0.0
    tokens_per_s_per_card: float = 0.0


def serving_batching(scenario: Scenario) -> str:
    """``continuous`` or ``static``: as asked, else the engine's way."""
    chosen = scenario.serving.batching
    if chosen is not None:
        return chosen
    return "continuous" if scenario.serving.profile.continuous_batching else "static"


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


def running_batch(scenario: Scenario, card: Card) -> int:
    """Sequences one model copy decodes at once on ``card``: its batch (``Scenario.sequences_per_replica``),
    at most the tokens one engine step carries (the engine's default there unless given), since every
    running sequence adds a token to each step (vLLM refuses ``max_num_seqs`` above
    ``max_num_batched_tokens``: SchedulerConfig ``_verify_args``); users beyond it wait in the engine's
    queue [sequences]."""
    return running_batch_of(scenario.sequences_per_replica, with_engine_step(scenario, card).serving)


def running_batch_of(sequences: int, serving: Serving) -> int:
    """:func:`running_batch` of a copy whose batch (``Scenario.sequences_per_replica``) is
    ``sequences``, its serving settings ``serving`` (a caller that has read the batch already)
    [sequences]."""
    return max(1, min(sequences, serving.max_batched_tokens))


def replica_speed(scenario: Scenario, card: Card, plan: PrecisionPlan,
                  costs: StepCosts | None = None, sequences: int | None = None) -> ReplicaSpeed | None:
    """TTFT, TPOT and request rate of one replica, with latency percentiles at its load.

    Continuous batching (:mod:`configurator.core.load`): prompts are prefilled in the steps that
    decode the running sequences, so TPOT carries the prefill chunks; the load is the target
    request rate per copy (``constraints.requests_per_s``), else what the copy's users send back to
    back; the request rate reported is the copy's capacity when a target is given. Static
    batching (Hugging Face ``generate``): ``c`` prompts prefilled together, then ``O − 1`` decode
    steps, ``c / (t_prefill(c) + (O − 1)·t_decode)`` requests/s. None without a rate or bandwidth.
    ``costs``: the copy's :func:`step_costs` at its running batch when the caller has them already
    (a layout search's probe asked the same question there); ``sequences``: the copy's batch
    (``Scenario.sequences_per_replica``) when the caller has read it already.
    """
    if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return None
    scenario = with_engine_step(scenario, card)  # no engine step given: the engine's default on the card
    serving, constraints = scenario.serving, scenario.constraints
    messages: list[Message] = []
    mean_kv = serving.prompt_tokens + serving.output_tokens // 2
    # the idle first token is read only by the JSON export: worked out when first read (the same
    # function of the same frozen objects, so the same number)
    idle_ttft = LazyValue(idle_ttft_seconds, scenario, card, plan)
    c = running_batch_of(scenario.sequences_per_replica if sequences is None else sequences, serving)
    copies = scenario.data_parallel
    static = serving_batching(scenario) == "static"
    if not static and costs is None:
        costs = step_costs(scenario, card, plan, c)
    # the step table looked up only where the step costs do not say what bounds the step (static
    # batching, a MoE step too close to call): a search's copies hand their costs in, and a
    # continuous copy's costs of a dense model always say
    bound = costs.decode_bound if not static and costs.decode_bound is not None else \
        _bound(*copy_step_table(scenario, card, plan, mean_kv).step.roofline(c))  # decode_bound's numbers
    if bound == "compute" and c > 1:
        messages.append(msg("inference-batch-compute-bound", concurrency=c, card=card.name))
    if scenario.parallelism.tp > 1:
        messages.extend(tensor_parallel_messages(scenario, card, copy_fabric(card, scenario.parallelism.cards_per_node,
                                                                         scenario.assumptions)))
    if serving.prompt_tokens > (step := engine_step_tokens(scenario, card)):
        messages.append(msg("prompt-exceeds-batch", prompt=serving.prompt_tokens, chunk=step))
    if plan.weight_format is not None and not serves(serving.profile, plan.weight_format):
        messages.append(msg("format-not-served", engine=serving.engine.value, format=plan.weight_format.value))
    if serving.kv_precision is not None and not serves_kv(serving.profile, serving.kv_precision):
        messages.append(msg("kv-not-served", engine=serving.engine.value, precision=serving.kv_precision.value.upper()))
    target = constraints.requests_per_s / copies if constraints.requests_per_s else None
    if static:
        tpot = speculative_step_seconds(scenario, card, plan, c, mean_kv) / speculative_tokens_per_step(scenario)
        batch_s, first = static_batch(prefill_seconds(scenario, card, plan, uncached_prompt_tokens(scenario), c),
                                      tpot, serving.output_tokens)
        rps = c / batch_s
        if target and target > rps:
            messages.append(msg("serving-overloaded", rate=target, capacity=rps))
        wait = {k: (k / 100) * batch_s if target else 0.0 for k in PERCENTILES}
        ttft = {k: first + wait[k] for k in PERCENTILES}
        return ReplicaSpeed(ttft[50], tpot, rps, bound, tuple(messages), ttft, dict.fromkeys(PERCENTILES, tpot),
                            "static", min(target, rps) if target else rps, idle_ttft)
    if serving.disaggregated and scenario.prefill_copies:  # 0 unless disaggregated (read only then)
        return _disaggregated_speed(scenario, card, plan, pools(scenario, card, plan, costs), bound, messages,
                                    idle_ttft.get())
    if serving.disaggregated:
        messages.append(msg("disaggregation-needs-copies", count=scenario.count))
    limit = capacity(costs)
    users = -(-serving.users // copies)
    rate = target if target else closed_loop_rate(costs, users, limit)
    # load_point's fields read once (no LoadPoint made to be read and dropped)
    at_rate, at_capacity, step, n, ttft_s, tpot_s, overloaded = load_point_fields(costs, rate, limit, not target,
                                                                                  users)
    if overloaded:
        messages.append(msg("serving-overloaded", rate=rate, capacity=at_capacity))
    rps = at_capacity if target else at_rate
    held = goodput_targets(scenario)
    good = within = None
    if held is not None:
        limits, percentile = held
        # the rank's goodput (a stated rate): the highest rate within the targets; the shown one: the
        # rate served times the share of its requests within them
        if target:
            good = LazyValue(goodput, costs, limits, percentile, limit,
                             search_start(held, ttft_s, tpot_s, overloaded, at_rate))
        within = LazyValue(share_within, costs, at_rate, step, n, overloaded, limits, not target, users)
    return ReplicaSpeed(ttft_s[50], tpot_s[50], rps, bound, tuple(messages), ttft_s, tpot_s, "continuous", at_rate,
                        idle_ttft, good, within)


def kv_transfer_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, prompt_tokens: int) -> float:
    """The key/value cache of one prompt sent from its prefill copy to a decode copy [s].

    ``KV bytes per token × cached tokens`` (sliding layers keep their window) over the copy's
    ``tp × pp`` cards, each sending on its own link: the scale-out network (one 400 Gb/s NIC per card
    on HGX-class servers unless the catalog gives the card's own, :func:`~configurator.core.fabric.fabric`),
    or the fast link when the whole deployment sits in one fast domain (DistServe §4 places the pools
    inside one NVLink node for this reason; on a board without a switch one pair's own link,
    :func:`~configurator.core.fabric.links`), at the collective link efficiency.
    """
    model, par, a = scenario.model, scenario.parallelism, scenario.assumptions
    net = copy_fabric(card, par.cards_per_node, a)
    link = links(net, a, 2)[0] if scenario.count <= net.domain else net.network_gbps
    kv = kv_cache_bytes_per_token(model, kv_element_bytes(scenario, plan)) * model.attended_tokens(prompt_tokens)
    return kv / (par.tp * par.pp * link * GB * a.link_efficiency)


def prefill_pool_rate(prefill_copies: int, prompt_s: float) -> float:
    """Prompts a prefill pool serves per second: its copies over the time per prompt
    (:func:`prefill_pool_prompt_seconds`) [1/s]."""
    return prefill_copies / prompt_s


@fast_init
@dataclass(frozen=True)
class Pools:
    """Separate prefill and decode pools of a deployment: the copies of each, the prefill copies'
    time per prompt and the decode copies' pure decode steps (no prompt chunks between them)."""

    prefill_copies: int
    decode_copies: int
    prompt_s: float
    """Prefill time per prompt on a prefill copy (:func:`prefill_pool_prompt_seconds`) [s]."""
    decode: StepCosts
    decode_capacity: float
    """Highest request rate one decode copy sustains (:func:`~configurator.core.load.capacity`) [1/s]."""

    @property
    def prefill_rate(self) -> float:
        """Prompts the prefill pool serves per second, ``prefill copies / time per prompt`` — an upper
        bound of :attr:`capacity` at every batch per copy [1/s]."""
        return prefill_pool_rate(self.prefill_copies, self.prompt_s)

    @property
    def capacity(self) -> float:
        """Requests per second the deployment sustains: the slower pool's rate [1/s]."""
        return min(self.prefill_rate, self.decode_copies * self.decode_capacity)


def pools(scenario: Scenario, card: Card, plan: PrecisionPlan, costs: StepCosts) -> Pools:
    """The pools of a disaggregated ``scenario`` (:attr:`~configurator.core.scenario.Scenario.prefill_copies`
    > 0) from its copy's :func:`step_costs` at the running batch, the prompts taken out of the
    decode steps."""
    table = copy_step_table(scenario, card, plan, scenario.serving.prompt_tokens + scenario.serving.output_tokens // 2)
    kept = table.kept.get(("pools", id(costs)))  # the pure decode steps of these costs, kept with them
    if kept is None:
        # pure decode steps: a step budget that the one-token stand-in prompts never bind (StepCosts.steady_batch)
        steps = max(costs.output_tokens - 1, 0) / costs.tokens_per_step
        budget = costs.max_batch + 1 if steps <= 0 else math.ceil(costs.max_batch * (1.0 + 1.0 / steps)) + 1
        decode = StepCosts(costs.decode_s, 0.0, 0.0, 1, costs.output_tokens, costs.max_batch, budget,
                           costs.tokens_per_step)
        kept = table.kept[("pools", id(costs))] = (costs, decode, capacity(decode))
    _, decode, decode_capacity = kept
    prefill_copies = scenario.prefill_copies
    return Pools(prefill_copies, scenario.data_parallel - prefill_copies,
                 table.batch_free(prefill_pool_prompt_seconds, scenario, card, plan), decode, decode_capacity)


def _disaggregated_speed(scenario: Scenario, card: Card, plan: PrecisionPlan, split: Pools, bound: str,
                         messages: list[Message], idle_ttft: float) -> ReplicaSpeed:
    """Separate prefill and decode pools (DistServe, Zhong et al. 2024): decode copies run pure
    decode steps (no prompt chunks between them), prefill copies serve prompts batched up to the
    chunk budget as an M/D/1 queue, and the first token waits for the prefill, the KV transfer
    and the decode copy's first step. The request rate and load are per copy of the whole
    deployment (× copies = the deployment's), the latencies those a request sees.

    TTFT percentiles add the parts' percentiles (an upper bound on the percentile of the sum)."""
    serving, constraints = scenario.serving, scenario.constraints
    prefill_copies, decode_copies = split.prefill_copies, split.decode_copies
    decode = split.decode
    transfer = kv_transfer_seconds(scenario, card, plan, serving.prompt_tokens)
    limit = split.capacity
    if constraints.requests_per_s:
        rate, busy = constraints.requests_per_s, decode_copies
    else:  # the users over the decode copies: one user keeps one copy busy, not all of them
        users = -(-serving.users // decode_copies)
        busy = serving.users / users
        rate = busy * closed_loop_rate(decode, users, split.decode_capacity)
    overloaded = rate > limit
    rate = min(rate, limit * (1 - 1e-9))
    point = load_point(decode, rate / busy, split.decode_capacity, closed=not constraints.requests_per_s,
                       users=-(-serving.users // decode_copies))
    ttft = pools_ttft(split, idle_ttft + transfer, rate, point)
    if overloaded:
        copies = scenario.data_parallel
        messages.append(msg("serving-overloaded", rate=(constraints.requests_per_s or rate) / copies,
                            capacity=limit / copies))
    messages.append(msg("serving-disaggregated", prefill=prefill_copies, decode=decode_copies,
                        transfer_ms=transfer * 1000))
    copies = scenario.data_parallel
    rps = limit if constraints.requests_per_s else rate
    held = goodput_targets(scenario)
    good = within = None
    stated = constraints.requests_per_s
    if held is not None:
        limits, percentile = held
        if stated:  # the rank's goodput: the highest rate within the targets (replica_speed)
            good = LazyValue(pools_goodput, split, idle_ttft + transfer, limits, percentile, copies,
                             search_start(held, ttft, point.tpot_s, overloaded, rate))
        within = LazyValue(pools_share_within, decode, point.rate, point.step_s, point.decoding, overloaded,
                           prefill_wait(split, rate), idle_ttft + transfer, limits, not stated,
                           -(-serving.users // decode_copies))
    return ReplicaSpeed(ttft[50], point.tpot_s[50], rps / copies, bound, tuple(messages), ttft, point.tpot_s,
                        "continuous", rate / copies, idle_ttft, good, within)


def pools_ttft(split: Pools, fixed_s: float, rate: float, point) -> dict[int, float]:
    """Time to first token by percentile with separate pools at ``rate`` requests/s to the
    deployment [s]: the prefill pool's M/D/1 wait (its tail exponential), the idle prefill and the
    key/value transfer (``fixed_s``) and the decode copy's first step at its load (``point``, a
    :class:`~configurator.core.load.LoadPoint`). Percentiles add the parts' (an upper bound on the
    percentile of the sum)."""
    rho, theta = prefill_wait(split, rate)
    wait = {k: theta * math.log(rho / (1 - k / 100)) if rho > 1 - k / 100 else 0.0 for k in PERCENTILES}
    return {k: wait[k] + fixed_s + point.ttft_s[k] for k in PERCENTILES}


def prefill_wait(split: Pools, rate: float) -> tuple[float, float]:
    """The prefill pool's M/D/1 wait at ``rate`` requests/s to the deployment: (probability of
    waiting ρ, mean wait when waiting θ [s]), θ = 0 where the pool is full (ρ ≥ 1)."""
    rho = rate / split.prefill_copies * split.prompt_s
    return rho, (split.prompt_s / (2 * (1 - rho)) if rho < 1 else 0.0)


def pools_goodput(split: Pools, fixed_s: float, limits: LatencyLimits, percentile: int, copies: int,
                  low: float = 0.0, most: float = math.inf) -> float:
    """Goodput of separate pools per model copy of the deployment (``copies`` of them) [1/s]: the
    highest rate to the deployment at which TTFT (:func:`pools_ttft`: the prefill pool's wait, the
    transfer and the decode copy's first step) and the decode copies' TPOT at ``percentile`` hold
    within ``limits``, each pool at its share of the rate (the prefill copies all of it, each decode
    copy its part) — the lesser of the two pools' rates under the targets they share — by the
    search of :func:`~configurator.core.load.goodput` (:func:`~configurator.core.load.highest_meeting`;
    ``low``: a rate to the deployment known to meet them, ``most``: the highest rate to the deployment
    searched, else its capacity [1/s])."""
    decode, decode_copies, decode_capacity = split.decode, split.decode_copies, split.decode_capacity

    def point_at(rate: float) -> tuple:
        point = load_point(decode, rate / decode_copies, decode_capacity)
        return point, pools_ttft(split, fixed_s, rate, point)

    def worst(found: tuple) -> float:
        point, ttft = found
        return worst_share(ttft[percentile], point.tpot_s[percentile], point.overloaded, limits)

    found = highest_meeting(point_at, worst, min(split.capacity, most), low=low)
    return found[0].rate * decode_copies / copies if found is not None else 0.0


def goodput_targets(scenario: Scenario) -> tuple[LatencyLimits, int] | None:
    """The latency targets and percentile a goodput is taken at (:func:`goodput_limits`), or None where
    none is: under a stated request rate, the targets the use sets where none is typed; on the
    users' load alone only where a target is typed (the use's defaults are no question the buyer
    asked of the users' rate, which the users set)."""
    c = scenario.constraints
    return goodput_limits(scenario) if c.requests_per_s or c.ttft_ms or c.tpot_ms else None


def goodput_limits(scenario: Scenario) -> tuple[LatencyLimits, int] | None:
    """The latency targets a goodput is taken at — each typed target, else the use's default
    (:func:`~configurator.core.serving_use.latency_targets`), a missing one unbounded — and their
    percentile; None without any target."""
    targets = latency_targets(scenario)
    if not targets.any:
        return None
    return LatencyLimits(targets.ttft_ms or math.inf, targets.tpot_ms or math.inf), targets.percentile


def search_start(held: tuple[LatencyLimits, int], ttft_s: dict, tpot_s: dict, overloaded: bool,
                 rate: float) -> float:
    """Where a goodput search may start: the stated ``rate`` [1/s] when its latencies (``ttft_s``,
    ``tpot_s`` by percentile [s]) meet the targets ``held`` (:func:`goodput_limits`), else 0 (a trickle)."""
    limits, percentile = held
    return rate if worst_share(ttft_s[percentile], tpot_s[percentile], overloaded, limits) <= 1.0 else 0.0


def busy_copies(scenario: Scenario) -> float:
    """Model copies the users keep busy, as a number of fully loaded copies: ``U / ceil(U / D)``
    for ``U`` users sent back to back over ``D`` copies (every copy when the users fill them;
    one user keeps one copy busy, not all of them). Copies under a stated request rate, or split
    into prefill and decode pools, count whole [copies]."""
    copies = scenario.data_parallel
    if scenario.constraints.requests_per_s or (scenario.serving.disaggregated and scenario.prefill_copies):
        return float(copies)
    users = scenario.serving.users
    return min(float(copies), users / -(-users // copies))


def deployment_speed(scenario: Scenario, replica: ReplicaSpeed | None) -> ServingSpeed | None:
    """The deployment: ``count / (tp × pp)`` replicas serving side by side, as many busy as the
    users keep busy (:func:`busy_copies`)."""
    if replica is None:
        return None
    busy = busy_copies(scenario)
    requests_per_s = replica.requests_per_s * busy
    tokens_per_s = requests_per_s * scenario.serving.output_tokens
    load = replica.load_per_s * busy if replica.load_per_s is not None else None
    good = LazyValue(_times, replica.goodput, busy) if replica.goodput is not None else None
    return extended(ServingSpeed, replica, {"requests_per_s": requests_per_s, "load_per_s": load, "goodput": good,
                                            "tokens_per_s": tokens_per_s,
                                            "tokens_per_s_per_card": tokens_per_s / scenario.count})


def _times(value: float | LazyValue, factor: float) -> float:
    """``value`` (or a :class:`LazyValue` of it) times ``factor``."""
    return lazy_value(value) * factor
