"""Serving speed: one model copy under load, separate prefill and decode pools, and the deployment
(the copy's step costs: :mod:`configurator.core.serving_step_costs`; the pools' parts:
:mod:`configurator.core.serving_pools`; prefill times: :mod:`configurator.core.prefill_time`).
Efficiencies are named fields of :class:`~configurator.core.scenario.Assumptions` and of the engine
profiles (:mod:`configurator.core.engines`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from configurator.core.engine_step import engine_step_tokens, with_engine_step
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
    load_point,
    load_point_fields,
    static_batch,
    worst_share,
)
from configurator.core.messages import Message, msg
from configurator.core.training_speed import tensor_parallel_messages
from configurator.core.precision import PrecisionPlan
from configurator.core.prefill_time import (
    idle_ttft_seconds,
    prefill_seconds,
    uncached_prompt_tokens,
)
from configurator.core.scenario import Scenario, Serving
from configurator.core.serving_pools import Pools, kv_transfer_seconds, pools, pools_goodput, pools_ttft, prefill_wait
from configurator.core.serving_step_costs import speculative_tokens_per_step, step_costs
from configurator.core.serving_use import latency_targets
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
    ``costs``: the copy's :func:`~configurator.core.serving_step_costs.step_costs` at its running batch when
    the caller has them already (a layout search's probe asked the same question there); ``sequences``: the
    copy's batch
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
    if serving.disaggregated and copies >= 2:  # the copies share one set of experts (Scenario.prefill_copies)
        messages.append(msg("disaggregation-needs-expert-groups", copies=copies, count=scenario.count,
                            ep=scenario.parallelism.ep))
    elif serving.disaggregated:
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
