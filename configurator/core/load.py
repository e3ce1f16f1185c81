"""Serving under load: continuous batching with chunked prefill, and tail latency.

One model copy, requests of ``P`` prompt and ``O`` output tokens arriving at ``λ`` per second
(Poisson, as MLPerf's server scenario issues them), at most ``B`` sequences decoding together
and ``C`` tokens per step (vLLM ``max_num_batched_tokens``, SGLang ``--chunked-prefill-size``,
TensorRT-LLM ``max_num_tokens``). Every step decodes one token of each running sequence and
carries the prompts that arrived meanwhile (Orca, Yu et al. 2022; Sarathi-Serve, Agrawal et al.
2024), so the mean step is

``T = T_d(n) + λ·P·T·τ_p + (1 − e^(−λ·k·T))·(t_chunk + max(0, R − T_d(n)))``, with ``n = λ·(O − 1)·T``
decoding (Little), at most ``B' = min(B, C·D/(D + P))`` (:attr:`StepCosts.steady_batch`: the step
token budget carries no more with their prompts), and ``k = ⌈P/(C − n)⌉`` the steps a prompt's
chunks take (:func:`~configurator.core.load_step.prompt_chunks`)

where ``T_d(n)`` is a pure decode step, ``τ_p`` the compute time of one prompt token,
``t_chunk`` the fixed cost a step pays when it carries a prompt and ``R`` the prompt's own weight
read and host time, which a carrying step takes at the least (a MoE prompt's experts, a
dequantized copy; :attr:`StepCosts.carried_read_s`). TPOT is the step time a
sequence sees; its spread over a request comes from the prompts that share its steps
(Poisson per step, averaged over ``O − 1`` steps) and from the slow drift of ``n``; where the costs
give the answers' lengths (:attr:`StepCosts.answer_shares`), over each answer's own steps, the
percentiles a mixture over them (:mod:`~configurator.core.tpot_tail`). TTFT is
the rest of the running step, the step that carries the prompt, and the wait for room in the
token budget (an M/D/1 queue of prompt tokens served at the chunk budget), its tail
exponential with the Pollaczek–Khinchine mean. The figures are checked against a
discrete-event simulation of the same scheduler in ``tests/test_serving.py``.

Multi-step scheduling (vLLM ``--num-scheduler-steps N``, :attr:`StepCosts.scheduler_steps`): the
scheduler runs only between passes of ``N`` decode steps, so a prompt that arrives waits for the
rest of the running pass (uniform over ``N·T`` where one step waits over ``T``), the prompts that
arrived during a pass share the step that carries them, and a step's fixed prompt cost comes once
a pass, ``(1 − e^(−λNkT))·(t_chunk + max(0, R − T_d(n)))/N`` a step (vLLM 0.6.0, commit 32e7db2: ``llm_engine.py``
``step`` schedules only when ``_has_remaining_steps`` is false, l. 1500; decodes are given
``num_lookahead_slots + 1 = N`` steps, ``scheduler.py`` l. 1318-1319, prompts one step,
l. 866-868). With ``N = 1`` every formula is the one-step one. Checked against a simulation of
that scheduler in ``tests/test_multi_step_scheduling.py``.

The latency targets and the search for the highest rate that meets them are in
:mod:`configurator.core.load_targets`; the chance of waiting for a slot (Erlang C) in
:mod:`configurator.core.formulas.queueing`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from configurator.core.formulas.queueing import erlang_c
from configurator.core.frozen_record import fast_init, kept_property
from configurator.core.load_step import capacity_step, mean_step, mean_step_between, prompt_chunks, steady_batch
from configurator.core.load_targets import MLPERF_SERVER_LIMITS as MLPERF_SERVER_LIMITS  # re-exported for callers
from configurator.core.load_targets import LatencyLimits, highest_meeting, worst_share
from configurator.core.memo import LastAsked
from configurator.core.tpot_tail import answer_steps, mixture_offsets, tpot_spread
from configurator.core.ttft_grid import PERCENTILES as PERCENTILES  # re-exported: the load model's percentiles
from configurator.core.ttft_grid import _tail_terms as _tail_terms  # noqa: F401  (tests read it here)
from configurator.core.ttft_grid import _wait_tail as _wait_tail  # noqa: F401  (tests read it here)
from configurator.core.ttft_tail import ttft_mean as _ttft_mean
from configurator.core.ttft_tail import ttft_quantiles as _ttft_quantiles


_Z = {50: 0.0, 90: 1.2815515655446004, 95: 1.6448536269514722, 99: 2.3263478740408408}
"""The standard normal quantile Φ⁻¹(k/100) at each of :data:`PERCENTILES` [-]."""
HIGHEST_RATE = 1e15
"""The highest arrival rate a load point is evaluated at [1/s]: a copy of unbounded capacity (one
that neither prefills nor decodes) is evaluated there instead of at an infinite rate, where the
step's products would be undefined (``∞ · 0``). No deployment comes near it."""


@fast_init
@dataclass(frozen=True)
class StepCosts:
    """What the load model needs from the hardware and engine model of one copy."""

    decode_s: Callable[[float], float]
    """Pure decode step with ``n`` sequences at the mean context [s]."""
    prompt_token_s: float
    """Compute time of one prompt token inside a step [s]."""
    chunk_s: float
    """Fixed extra cost of a step that carries prompt tokens [s]; with prefill passes of their own,
    :attr:`own_pass_s` included."""
    prompt_tokens: int
    output_tokens: int
    max_batch: int
    """Sequences one copy decodes together at most."""
    step_tokens: int
    """Tokens one step may carry, decode tokens included."""
    tokens_per_step: float = 1.0
    """Output tokens a running sequence gains per step (speculative decoding: the accepted
    draft tokens plus one; Leviathan et al. 2023 eq. 1)."""
    decode_bound: str | None = None
    """What bounds the pure decode step at ``max_batch`` sequences, ``memory`` or ``compute``, when
    the table's maker worked it out with the table (None: not known here)."""
    scheduler_steps: int = 1
    """Decode steps one scheduling pass runs (multi-step scheduling, vLLM ``--num-scheduler-steps``;
    :attr:`~configurator.core.engines.EngineProfile.scheduler_steps`): a prompt joins only between
    passes (module docstring); 1: at any step."""
    own_pass_s: float = 0.0
    """Of :attr:`chunk_s`, what a prefill pass of its own adds, where the engine does not put prompts
    in the decode steps (:attr:`~configurator.core.engines.EngineProfile.prefill_with_decodes`): its
    weight read and host time, which the running sequences wait through [s]; 0: prompts ride in a
    decode step. The prompt's own carrying step does not pay it again: there the pass's weight read
    and host time (:attr:`prompt_read_s`, the same number) stand in place of the decode step where
    they take longer."""
    prompt_read_s: float = 0.0
    """What the step carrying a prompt's chunk takes at the least by the prompt's own count: the
    weights its chunk touches read once (a MoE's experts that chunk routes to; where quantized weights
    are dequantized first, their FP16 copy written and read back) and the host time of a step, as
    :func:`~configurator.core.prefill_time.prefill_seconds` counts them per chunk [s]. A carrying
    step takes the longer of the pure decode step and this (:func:`_carrying_and_token_wait`): the
    decodes share the prompt's weight read, but a decode step reads neither the experts only the
    prompt routes to nor a dequantized copy. 0: the pure decode step stands for it."""
    answer_shares: tuple[float, ...] = ()
    """The answers' lengths as multiples of the mean (:attr:`output_tokens`), equally likely: a quantile
    table of the answer-length distribution. The TPOT percentiles are then a mixture over it, a request's
    TPOT being the mean of its own steps (:mod:`~configurator.core.tpot_tail`); the mean step, the
    capacity and the TTFT keep the mean answer. Empty: every answer the mean length."""
    alone_token_s: float = 0.0
    """The prompt's own :attr:`prompt_token_s` where other copies run its experts beside it [s]; 0: the same."""
    idle_prefill_s: float = 0.0
    """The prompt prefilled alone on an idle copy (:func:`~configurator.core.prefill_time.idle_ttft_seconds`,
    its products at the prompt efficiency under their weight stream) [s]: the steps carrying the prompt take at
    least this, more work in a step never making it shorter (:func:`_carrying_and_token_wait`); 0: no floor."""

    @kept_property
    def carried_read_s(self) -> float:
        """The prompt's own weight read and host time that a decode step carrying it shares,
        :attr:`prompt_read_s` (the mean step charges a carrying step what it exceeds the pure decode
        step by, :func:`~configurator.core.load_step.solve_mean_step`); 0 where the engine runs the
        prompt in a pass of its own (:attr:`own_pass_s` > 0), whose read the running sequences wait
        through in :attr:`chunk_s` already [s]."""
        return self.prompt_read_s if self.own_pass_s == 0.0 else 0.0

    @kept_property
    def decode_steps(self) -> float:
        """Steps one answer holds its batch slot after its first token (worked out once: the load
        model reads it in every evaluation): its decode steps, and with passes of ``N`` steps the
        rest of the pass its last token falls in, ``(N − 1)/2`` on average (vLLM 0.6.0 checks
        stops and streams a pass's tokens only when the pass ends, ``llm_engine.py`` l. 1571-1607)."""
        decoded = max(self.output_tokens - 1, 0) / self.tokens_per_step
        return decoded + 0.5 * (self.scheduler_steps - 1) if decoded > 0 else decoded

    @kept_property
    def last_pass_stretch(self) -> float:
        """The time per output token a client sees over the steps' own, ``(D + (N − 1)/2)/D`` with
        ``D`` the decode steps: its last tokens reach it when their pass ends (1 with one step a
        pass)."""
        decoded = max(self.output_tokens - 1, 0) / self.tokens_per_step
        return self.decode_steps / decoded if self.scheduler_steps > 1 and decoded > 0 else 1.0

    @kept_property
    def steady_batch(self) -> float:
        """Sequences the copy keeps decoding at most in steady state, ``B' = min(B, C·D/(D + P))``
        [sequences] (:func:`steady_batch`) where prompts ride in the decode steps; ``B`` where the engine
        runs them in passes of their own (:attr:`own_pass_s` > 0: SGLang without mixed chunks, whose
        ``chunked_prefill_size`` bounds a prefill pass's tokens, not a decode batch's)."""
        if self.own_pass_s > 0.0:
            return self.max_batch
        return steady_batch(self.max_batch, self.step_tokens, self.prompt_tokens, self.decode_steps)

    @kept_property
    def full_decode_s(self) -> float:
        """The pure decode step with the batch as full as the copy keeps it, ``T_d(B')``
        (:attr:`steady_batch`) [s] (read once: every mean step's bracket starts there)."""
        return self.decode_s(self.steady_batch)


@fast_init
@dataclass(frozen=True)
class LoadPoint:
    """One copy at an arrival rate: latencies as percentiles."""

    rate: float
    """Requests per second [1/s]."""
    capacity: float
    """Highest sustainable rate [1/s]."""
    step_s: float
    decoding: float
    """Sequences decoding at once, on average."""
    ttft_s: dict[int, float]
    tpot_s: dict[int, float]
    overloaded: bool


def capacity(costs: StepCosts) -> float:
    """The highest rate a copy sustains [1/s]: where the decoding sequences fill the batch as far as the
    step token budget lets them (``n = B'``, :attr:`StepCosts.steady_batch`). There ``λ·T = B/D`` with ``D`` decode steps per answer, so the step is explicit,
    ``T* = T_d(B') + B'·P·τ_p/D + (1 − e^(−N·k·B'/D))·(t_chunk + max(0, R − T_d(B')))/N`` (``N`` steps a
    scheduling pass, :func:`~configurator.core.load_step.capacity_step`), and
    ``λ = B'/(D·T*)``. Answers of one
    token only prefill: the limit is the prompt compute, ``λ·P·τ_p < 1``."""
    d, b = costs.decode_steps, costs.steady_batch
    if d <= 0:
        prompt = costs.prompt_tokens * costs.prompt_token_s
        return (1.0 - 1e-6) / prompt if prompt > 0 else math.inf  # a decode pool that never decodes
    return b / (d * capacity_step(costs))


def load_point(costs: StepCosts, rate: float, limit: float | None = None, closed: bool = False,
               users: int | None = None) -> LoadPoint:
    """Latency percentiles of one copy serving ``rate`` requests per second (``limit``: its
    capacity, when already known; ``closed``: the rate is what a fixed set of ``users`` sends
    back to back, each holding its own batch slot, so none waits for one — those beyond the
    batch wait in the queue, :func:`slot_wait_seconds`, added to every TTFT percentile).

    Past its capacity a copy queues without bound: the point is evaluated at the capacity and
    marked overloaded."""
    return LoadPoint(*load_point_fields(costs, rate, limit, closed, users))


def load_point_fields(costs: StepCosts, rate: float, limit: float | None = None, closed: bool = False,
                      users: int | None = None) -> tuple[float, float, float, float, dict[int, float],
                                                          dict[int, float], bool]:
    """:func:`load_point`'s fields in the order of :class:`LoadPoint`'s, without the record: for a
    caller that reads them once into a record of its own (a copy's speed)."""
    limit = capacity(costs) if limit is None else limit
    overloaded = rate > limit
    if limit < rate:  # min(rate, limit, HIGHEST_RATE) written out: no call (the same comparisons)
        rate = limit
    if HIGHEST_RATE < rate:
        rate = HIGHEST_RATE
    if rate <= 0:
        rate = limit * 1e-6 if 0 < limit < math.inf else 1e-9
    if rate * costs.prompt_tokens * costs.prompt_token_s >= 1.0:  # as mean_step computes it: a capacity
        rate = (1.0 - 1e-9) / (costs.prompt_tokens * costs.prompt_token_s)  # prompts alone fill, rounded up
    step, n = mean_step(costs, rate)
    decode = costs.decode_s(n)

    # TPOT: the step's spread over an answer (tpot_tail.tpot_spread: the prompts sharing its steps, the drift of n)
    passes = costs.scheduler_steps
    extra_var, drift, sd = tpot_spread(costs, rate, step, n, decode)
    # one step a pass: no stretch (last_pass_stretch's 1.0, not worked out)
    tpot, tokens_per_step, stretch = {}, costs.tokens_per_step, costs.last_pass_stretch if passes > 1 else 1.0
    if costs.answer_shares:  # answers of many lengths: each request's TPOT its own steps' mean, a mixture
        each = answer_steps(costs.answer_shares, costs.output_tokens, tokens_per_step, 0.5 * (passes - 1))
        offsets = mixture_offsets(extra_var, abs(drift), each, PERCENTILES)
        for k in PERCENTILES:
            tpot[k] = (step + offsets[k]) / tokens_per_step * stretch
    else:
        for k in PERCENTILES:  # a loop, not a comprehension: no function made and called
            tpot[k] = (step + _Z[k] * sd) / tokens_per_step * stretch

    carrying, waits = ttft_parts(costs, rate, step, n, closed)
    if closed and users is not None and users > costs.max_batch:  # else no wait for a slot (slot_wait_seconds' 0)
        carrying += slot_wait_seconds(costs, users, rate)
    # the rest of the running scheduling pass (one step, or N with multi-step scheduling)
    ttft = _ttft_quantiles(step * costs.scheduler_steps, waits)  # a new dict: the carrying steps added in place
    for k in PERCENTILES:
        ttft[k] = carrying + ttft[k]
    return rate, limit, step, n, ttft, tpot, overloaded


def mean_ttft_seconds(costs: StepCosts, point: LoadPoint, closed: bool = False, users: int | None = None) -> float:
    """Mean time to first token at a load point (``point`` from :func:`load_point` with the same
    ``costs``, ``closed`` and ``users``; its percentiles are of the same distribution): the carrying
    steps, the mean of the rest (:func:`~configurator.core.ttft_tail.ttft_mean`: the rest of the
    running scheduling pass and the waits) and a closed loop's wait for a slot [s]."""
    carrying, waits = ttft_parts(costs, point.rate, point.step_s, point.decoding, closed)
    slot = slot_wait_seconds(costs, users, point.rate) if closed and users is not None else 0.0
    return carrying + _ttft_mean(point.step_s * costs.scheduler_steps, waits) + slot


def ttft_parts(costs: StepCosts, rate: float, step: float, n: float,
                closed: bool = False) -> tuple[float, list[tuple[float, float]]]:
    """TTFT apart from the rest of the running step: the step(s) carrying the prompt, and two
    waits as (probability of waiting, mean wait when waiting): for room in the token budget
    (M/D/1 of prompt tokens, Pollaczek–Khinchine mean) and for a free batch slot (M/D/c with
    c = B slots held O − 1 steps each: Erlang C, the deterministic-service wait about half the
    exponential one, Cosmetatos 1976)."""
    last = _LAST_CARRYING.kept  # the closed loop's last request at this rate and step: its parts again
    if last[0] is costs and last[1] == rate and last[2] == step and last[3] == n:
        carrying, rho, token_theta = last[4]
    else:
        carrying, rho, token_theta = _carrying_and_token_wait(costs, rate, step, n)
    hold = costs.decode_steps  # max(·, 1.0), max(·, 1) and min(·, 0.999) written out: no call
    hold = (1.0 if 1.0 > hold else hold) * step
    slots = costs.max_batch
    slots = 1 if 1 > slots else slots
    occupancy = rate * hold / slots
    occupancy = 0.999 if 0.999 < occupancy else occupancy
    waiting = 0.0 if closed else erlang_c(slots, occupancy * slots)
    slot_theta = 0.5 * hold / (slots * (1 - occupancy))
    return carrying, [(rho, token_theta), (waiting, slot_theta)]


def _carrying_and_token_wait(costs: StepCosts, rate: float, step: float, n: float) -> tuple[float, float, float]:
    """:func:`ttft_parts`' step(s) carrying the prompt [s] and its wait for room in the token budget as (probability
    of waiting, mean wait when waiting [s]). The prompts arrived during the same scheduling pass (``λ·N·T`` on
    average) share its carrying step. Each carrying step takes the pure decode step at ``n`` or the prompt's own
    weight read (:attr:`StepCosts.prompt_read_s`), the longer, plus its own tokens (:attr:`StepCosts.alone_token_s`)
    and fixed cost: at least its prefill on an idle copy (:func:`~configurator.core.prefill_time.prefill_seconds`,
    :attr:`StepCosts.idle_prefill_s`, which prices the prompt's products at its own efficiency)."""
    p, tau, chunk_s = costs.prompt_tokens, costs.prompt_token_s, costs.chunk_s - costs.own_pass_s
    own = costs.alone_token_s or tau  # the prompt's own tokens (its experts spread where copies share them)
    decode = costs.decode_s(n)
    read = costs.prompt_read_s  # the prompt's own weight read: max(T_d(n), ·) written out, no call
    decode = read if read > decode else decode
    budget = costs.step_tokens - n
    budget = 1.0 if 1.0 > budget else budget  # max(·, 1.0), min(·, …) and max(·, 1) below written out: no call
    full_step = decode + budget * tau + chunk_s
    chunks = math.ceil(p / budget)  # prompt_chunks(P, C, n) with the budget above: ⌈P / max(C − n, 1)⌉, no call
    carrying = (chunks - 1) * (decode + budget * own + chunk_s) + decode + chunk_s + (p - (chunks - 1) * budget) * own
    floor = costs.idle_prefill_s  # the prompt alone on an idle copy: max(carrying, ·) written out, no call
    carrying = floor if floor > carrying else carrying
    # prompts arrived alongside (during the same pass) share its last step
    carrying += rate * step * costs.scheduler_steps * tau * p / (1 if 1 > chunks else chunks)
    service = p / budget * full_step
    rho = rate * service
    rho = 0.999 if 0.999 < rho else rho
    token_wait = rho * service / (2 * (1 - rho))
    return carrying, rho, token_wait / rho if rho > 0 else 0.0


def request_seconds(costs: StepCosts, rate: float) -> float:
    """Mean time a request spends in a copy that holds it in a batch slot at ``rate`` requests/s:
    its mean first token (the rest of the running scheduling pass, the step(s) carrying its prompt, the
    wait for room in the token budget) and its decode steps, ``TTFT + D·T`` [s]; infinite where
    the prompts alone fill the copy (``λ·P·τ_p ≥ 1``). Grows with the rate."""
    if rate * costs.prompt_tokens * costs.prompt_token_s >= 1.0:
        return math.inf
    return _request_seconds(costs, rate, *mean_step(costs, rate))


def _request_seconds(costs: StepCosts, rate: float, step: float, n: float) -> float:
    """:func:`request_seconds` with the mean step ``step`` and the sequences decoding ``n`` at
    ``rate`` already found [s]; its prompt's parts kept (:data:`_LAST_CARRYING`)."""
    parts = _carrying_and_token_wait(costs, rate, step, n)  # a slot held: no wait for one
    _LAST_CARRYING.kept = (costs, rate, step, n, parts)
    carrying, rho, theta = parts
    return step * costs.scheduler_steps / 2 + carrying + rho * theta + costs.decode_steps * step


_LAST_CARRYING = LastAsked((None, None, None, None, None))
"""The last request's prompt parts worked out (:func:`_request_seconds`): (costs, rate, step, n,
:func:`_carrying_and_token_wait`'s three), the costs by identity (held here): the load point at the
rate a closed loop settled on reads them again (:func:`ttft_parts`)."""


_CLOSED_LOOP_ROUNDS = range(200)
"""The most rounds :func:`closed_loop_rate` narrows its bracket (made once, as
:data:`~configurator.core.load_step._BRACKET_ROUNDS`)."""


CLOSED_LOOP_TOLERANCE = 1e-4
"""Relative accuracy of the closed loop: the users the rate found implies, ``λ·R(λ)``, within this
share of the users given."""


def closed_loop_rate(costs: StepCosts, users: int, limit: float | None = None) -> float:
    """The rate ``users`` generate when each sends its next request as the last one ends
    (zero think time): the root of ``λ·R(λ) = users`` (Little), with ``R`` the mean time a request
    spends (:func:`request_seconds`), at most the capacity [1/s].

    ``λ·R(λ)`` rises strictly with ``λ`` (every part of ``R`` grows with the load), so the root is
    bracketed by 0 and ``users/R(0)`` (or the capacity, where the users fill every slot). Each
    round tries the rate where ``R`` taken as the chord between its values at the bracket's ends
    gives ``users`` (``λ·(b + s·λ) = U``, a quadratic: false position on ``R`` rather than on
    ``λ·R``, whose extra factor ``λ`` the chord then holds exactly); where the same end moved twice
    in a row, the false-position step on ``λ·R(λ) − U`` with the Illinois halving instead (Dowell
    & Jarratt 1971), which keeps the bracket shrinking from both sides. Every trial stays inside
    the bracket. Near the capacity ``λ·R(λ)`` turns steep (the wait for room in the token budget):
    a damped iteration over the rate and the step together cycled there, and a rate accurate to
    1e-4 can still be hundreds of users off, so the users are what the tolerance holds. The chord
    saves rounds where ``R`` bends (DeepSeek-V3 on 8 cards: 5 step solves to 3; over the grid of
    ``tests/test_mean_step_bracket.py`` 8 % fewer); the answer meets the same tolerance, so it moves
    within it: ``|λ·R(λ) − U| ≤ 1e-4·U`` and ``d(λR)/dλ ≥ R`` put the rate within 1e-4 of the root
    (relative; measured 1.3e-4 apart from the Illinois iteration's, each within 1e-4 of the root,
    ``tests/test_closed_loop_chord.py``).

    Each rate's mean step is solved inside the roots at the bracket's ends (the step rises with the
    rate), and at the capacity offered in closed form (:func:`~configurator.core.load_step.capacity_step`,
    a billionth above): the same tolerance, about half the evaluations. Error bound: the step meets ``|F(T) − T| ≤
    1e-12 s + 1e-6·T`` as before, within 2e-5 of the exact root over the grid of
    ``tests/test_mean_step_bracket.py`` (measured 1.1e-5; at the capacity 1e-9, where the full
    bracket's answer was 1.2e-4 off); the users ``λ·R(λ)`` with ``R`` from the full-bracket solve
    stay within 1.5e-4 of those given."""
    limit = capacity(costs) if limit is None else limit
    p_tau = costs.prompt_tokens * costs.prompt_token_s
    step_low, idle_n = mean_step(costs, 0.0)  # nothing arriving: the step the bracket starts from
    idle = _request_seconds(costs, 0.0, step_low, idle_n)  # request_seconds at 0 (its guard 0·P·τ ≥ 1 never holds)
    if not idle > 0.0:
        return limit
    high = users / idle  # min(·, limit, prompts' limit) written out: no call (the same comparisons)
    if limit < high:
        high = limit
    prompts_limit = (1.0 - 1e-9) / p_tau if p_tau > 0 else math.inf
    if prompts_limit < high:
        high = prompts_limit

    # users in the system at a rate beyond those given: ``rate * request_seconds(costs, rate) - users``;
    # each rate's mean step solved inside the roots at the bracket's ends (the step rises with the rate)
    if high * p_tau >= 1.0:  # the prompts alone fill the copy there (rounded up): no step, R infinite
        step_high, f_high = None, math.inf
    else:
        above = None
        if high == limit and costs.decode_steps > 0:  # at the capacity the step is explicit: offered, checked
            above = capacity_step(costs) * (1.0 + 1e-9)
        step_high, n = mean_step_between(costs, high, 0.0, above)
        f_high = high * _request_seconds(costs, high, step_high, n) - users
    if f_high <= 0.0:
        return high  # the users keep the copy at its capacity
    low, f_low, side, stuck = 0.0, -float(users), 0, False
    r_low, r_high = idle, (f_high + users) / high  # R at the bracket's ends [s]
    for _ in _CLOSED_LOOP_ROUNDS:
        rate = -1.0
        if not stuck and r_high < math.inf:  # R taken as the chord between the ends: λ·(b + s·λ) = U
            slope = (r_high - r_low) / (high - low)
            b = r_low - slope * low
            if slope > 0.0:  # the positive root, in the form without cancellation for the sign of b
                root = math.sqrt(b * b + 4.0 * slope * users)
                rate = 2.0 * users / (b + root) if b >= 0.0 else (root - b) / (2.0 * slope)
            elif b > 0.0:
                rate = users / b
        if rate < 0.0:  # the same end moved twice in a row: the Illinois step on λ·R(λ) − U
            rate = (low * f_high - high * f_low) / (f_high - f_low)
        if not low < rate < high:
            rate = 0.5 * (low + high)
        step, n = mean_step_between(costs, rate, step_low, step_high)
        f = rate * _request_seconds(costs, rate, step, n) - users
        if abs(f) <= CLOSED_LOOP_TOLERANCE * users:
            return rate
        if f < 0.0:  # the root is above: the low end moves; twice in a row, the other end's value halves
            stuck = side > 0
            low, f_low, step_low, r_low = rate, f, step, (f + users) / rate
            f_high, side = (f_high / 2 if side > 0 else f_high), 1
        else:
            stuck = side < 0
            high, f_high, step_high, r_high = rate, f, step, (f + users) / rate
            f_low, side = (f_low / 2 if side < 0 else f_low), -1
        if high - low <= 1e-12 * high:
            break
    return low


def slot_wait_seconds(costs: StepCosts, users: int, rate: float) -> float:
    """The wait for a batch slot of a closed loop with more users than the copy decodes at once:
    all ``U`` users are in the system, ``U/λ`` each on average (Little), of which :func:`request_seconds`
    in a slot; the rest, ``U/λ − R(λ)``, waits in the engine's queue (vLLM's waiting list) [s];
    0 when every user has a slot."""
    if users <= costs.max_batch or rate <= 0.0:
        return 0.0
    return max(0.0, users / rate - request_seconds(costs, rate))


def static_batch(prefill_s: float, decode_s: float, output_tokens: int) -> tuple[float, float]:
    """A batch prefilled together and decoded to the end before the next starts (Hugging Face
    ``generate``, TensorRT-LLM's static-batch benchmark): (batch time, first-token time) [s]."""
    return prefill_s + max(output_tokens - 1, 0) * decode_s, prefill_s


def highest_rate(costs: StepCosts, limits: LatencyLimits, percentile: int = 99,
                 limit: float | None = None, steps: int = 40, low: float = 0.0) -> LoadPoint | None:
    """The highest Poisson arrival rate one copy serves with TTFT and TPOT at ``percentile``
    within ``limits`` (MLPerf's server scenario: the largest ``target_qps`` whose run keeps the p99
    first-token and per-token latencies under the benchmark's limits), found on ``(0, capacity]``
    (both latencies grow with the rate, :func:`highest_meeting`; ``low``: a rate known to meet them,
    where the search may start [1/s]); None when even a trickle misses them."""
    limit = capacity(costs) if limit is None else limit
    return highest_meeting(lambda rate: load_point(costs, rate, limit),
                           lambda point: worst_share(point.ttft_s[percentile], point.tpot_s[percentile],
                                                     point.overloaded, limits), limit, steps, low)


def goodput(costs: StepCosts, limits: LatencyLimits, percentile: int, limit: float | None = None,
            low: float = 0.0) -> float:
    """Goodput of one copy: the highest request rate at which the latency targets hold for
    ``percentile`` per cent of requests (DistServe, Zhong et al., OSDI 2024, §2: the SLO attainment
    goal), TTFT and TPOT at ``percentile`` within ``limits`` [ms; ``math.inf``: no target] with the
    queueing at that rate counted (:func:`highest_rate`; ``low``: a rate known to meet them [1/s]);
    0 when even a trickle misses them [1/s]."""
    point = highest_rate(costs, limits, percentile, limit, low=low)
    return point.rate if point is not None else 0.0
