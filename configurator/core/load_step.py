"""The mean engine step of one model copy under load (:mod:`configurator.core.load`): the fixed
point of the step equation ``T = F(T)`` at an arrival rate, found by false position inside a bracket
(:func:`solve_mean_step`), the last one found given again (:func:`mean_step`,
:func:`mean_step_between`), the step at the copy's capacity in closed form
(:func:`capacity_step`), and the most sequences the step token budget keeps decoding
(:func:`steady_batch`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from configurator.core.memo import LastAsked

if TYPE_CHECKING:
    from configurator.core.load import StepCosts


STEP_TOLERANCE = 1e-6
"""Relative accuracy of the mean step: ``|F(T) − T| ≤ 1e-12 s + 1e-6·T`` at the step returned."""


def prompt_chunks(prompt: float, step_tokens: float, n: float) -> int:
    """The steps one prompt's ``P`` tokens take on their own, ``k(n) = ⌈P / max(C − n, 1)⌉``: a step
    carries ``C`` tokens (``max_num_batched_tokens``), one for each of the ``n`` sequences decoding,
    the rest a chunk of the prompt (vLLM's chunked prefill fills the budget left after the decodes;
    Agrawal et al. 2024, Sarathi-Serve §4.3). Rises with ``n``."""
    budget = step_tokens - n
    return math.ceil(prompt / (1.0 if 1.0 > budget else budget))


def steady_batch(batch: float, step_tokens: float, prompt_tokens: float, decode_steps: float) -> float:
    """The most sequences a copy keeps decoding in steady state [sequences]: its batch ``B``, and no
    more than the step token budget ``C`` carries with the prompts that replace them,
    ``n·(1 + P/D) ≤ C``, ``B' = min(B, C·D/(D + P))``. Why: every step carries one token of each of
    the ``n`` sequences decoding and, on average, the prompts of the ``n/D`` sequences that join it
    (Little: ``λ·T = n/D``), ``n·P/D`` tokens; a step never carries more than ``C`` tokens
    (TensorRT-LLM ``max_num_tokens``: the micro-batch scheduler takes the generation requests' tokens
    first and chunks the contexts into what is left, ``cpp/tensorrt_llm/batch_manager/
    microBatchScheduler.cpp`` ``operator()``, commit 0a949d31; vLLM ``max_num_batched_tokens``: the
    running requests' tokens first out of ``token_budget``, ``vllm/v1/core/sched/scheduler.py``
    ``schedule``, commit 00024d31), so beyond ``B'`` the prompts wait for room in the budget (the
    token wait of :func:`~configurator.core.load.ttft_parts` grows without bound there) and the running sequences finish
    faster than they are replaced. ``D ≤ 0`` (answers that only prefill): ``B``.
    MLPerf v5.1 Llama 3.1 8B on a B200 (``max_num_tokens`` 12,000, ``P`` 871, ``D`` 128): 1,537
    sequences where the KV cache holds 2,622."""
    if decode_steps <= 0.0:
        return batch
    held = step_tokens * decode_steps / (decode_steps + prompt_tokens)
    return held if held < batch else batch


_LAST_STEP = LastAsked((None, None, None))
"""The last mean step found: (costs, rate, (step, n)); the costs by identity (held here)."""


def mean_step(costs: StepCosts, rate: float) -> tuple[float, float]:
    """:func:`solve_mean_step`, the last answer given again for the same costs (the same object)
    and rate: a closed loop asks for the step at the rate it found again, for the load point and
    the wait for a slot."""
    last = _LAST_STEP.kept
    if last[0] is costs and last[1] == rate:
        return last[2]
    found = solve_mean_step(costs, rate)
    _LAST_STEP.kept = (costs, rate, found)
    return found


def solve_mean_step(costs: StepCosts, rate: float, below: float = 0.0, above: float | None = None
                    ) -> tuple[float, float]:
    """The fixed point ``T = F(T)`` of the mean step and the sequences decoding ``n`` at ``rate``,

    ``F(T) = (T_d(n) + s(T)·(t_chunk + max(0, R − T_d(n)))) / (1 − λ·P·τ_p)``, ``n = min(λ·D·T, B')``,
    ``s(T) = (1 − e^(−λ·N·k(n)·T))/N``,

    ``B'`` the batch as full as the step token budget keeps it (:attr:`StepCosts.steady_batch`),
    ``N`` the steps of a scheduling pass (:attr:`StepCosts.scheduler_steps`), ``k(n)`` the steps one
    prompt's chunks take (:func:`prompt_chunks`). Why: a prompt joins the running sequences between
    passes, so one step of each pass carries the prompts that arrived during the pass before it, when
    any did (Poisson: ``1 − e^(−λNT)``), and a prompt longer than the step's budget goes on carrying
    its chunks in the ``k − 1`` passes after: a pass carries a prompt when one arrived during the
    ``k`` passes before it, ``1 − e^(−λNkT)``; ``s`` is the share of steps that carry a prompt
    (short prompts, ``k = 1``: Sarathi-Serve's one chunk a step; long ones at a low rate, ``k·λ·T``
    carrying steps a step; at a high rate every pass). Against the discrete-event simulation of the
    scheduler (``tests/test_serving_physics_carrying.py``): Llama 3 70B Q4_K_M on 2 × L40S, a
    1,024-token prompt in 512-token steps at 60 % of the capacity, the mean step 129 ms against the
    simulation's median 134 (``k`` held at 1: 74); Llama 3 8B on an H100, 4,096 tokens in 1,024,
    17.8 ms against 19.2 (15.7). A carrying step takes the longer of the pure decode step ``T_d(n)`` and the
    prompt's own weight read and host time ``R`` (:attr:`StepCosts.carried_read_s`: the experts its
    chunk routes to, a dequantized copy; 0 where the prompt runs a pass of its own, whose read
    :attr:`StepCosts.chunk_s` holds), plus its fixed cost ``t_chunk`` and its prompt tokens
    (``λ·P·T·τ_p`` a step on average, moved to the left side): so it exceeds the pure decode step by
    ``t_chunk + max(0, R − T_d(n))``, the step that carries the prompt as
    :func:`~configurator.core.load._carrying_and_token_wait` times it for the TTFT. A dense model's
    prompt reads the weights a decode step reads (``R ≤ T_d``): the term is 0 and ``F`` the one
    before it.

    ``F`` rises with ``T``: ``n`` and ``s`` do (``k`` rises with ``n``: a step up where a chunk more is
    needed, which the bracket below holds, being no root-finding by slopes), and ``T_d`` rises with
    ``n``; with ``x = T_d(n)`` the
    numerator is ``g(x, s) = x + s·(t_chunk + max(0, R − x)) = (1 − s)·x + s·max(x, R) + s·t_chunk``,
    which does not fall as ``x`` rises (its slope in ``x`` is ``1 − s`` or 1, ``s ≤ 1/N ≤ 1``) nor as
    ``s`` rises (its slope in ``s`` is ``t_chunk + max(0, R − x) ≥ 0``); between two steps
    ``T₁ < T₂`` each change is ≥ 0, so ``F(T₁) ≤ F(T₂)``. ``F`` is bounded by ``F_max =
    g(T_d(B'), 1/N) / (1 − λ·P·τ_p) = (T_d(B') + (t_chunk + max(0, R − T_d(B')))/N) / (1 − λ·P·τ_p)``, so
    ``F(T) − T`` is positive at 0 and not positive at ``F_max``: the root is bracketed and found by
    false position with the Illinois step (Dowell & Jarratt 1971) in a few tens of evaluations,
    where iterating ``T ← F(T)`` converges as ``(λ·D·T_d′)^k`` and needs thousands of rounds near
    the capacity.

    ``below`` and ``above``: steps known to lie below and above the root (the roots at a lower and a
    higher rate: the root rises with the rate, since ``F`` does at every ``T``: ``n``, ``s`` and
    ``λ·P·τ_p`` rise with ``λ``), a narrower bracket to start from; the answer meets the same
    tolerance (:data:`STEP_TOLERANCE`), only the iterates differ. A bound the values do not confirm
    (``F(below) > below``, ``F(above) ≤ above``) is dropped.

    Raises ValueError when the prompts alone need the whole copy (``λ·P·τ_p ≥ 1``)."""
    if rate == 0.0:  # nothing arrives: ``F`` is the constant ``T_d(0)``, its own root
        idle = costs.decode_s(0.0)
        if idle > 0.0:
            return idle, 0.0
    prefill_share = rate * costs.prompt_tokens * costs.prompt_token_s
    if prefill_share >= 1.0:
        raise ValueError("prefill saturates the copy")
    # F(T) written out in the loops below (no function made per solve, no call per evaluation);
    # a pass of N steps: the fixed cost t_chunk/N a step and the read beyond the decode step's over N,
    # paid when a prompt arrived in the k(n) passes before (λ·N·k·T); where the read is within the
    # decode step (over ≤ 0) and one chunk holds a prompt (k = 1) the same operations in the same
    # order as without them
    passes = costs.scheduler_steps
    # n at most B' (StepCosts.steady_batch): the batch as full as the step token budget keeps it
    decode_s, chunk_s, max_batch, exp = costs.decode_s, costs.chunk_s / passes, costs.steady_batch, math.exp
    read = costs.carried_read_s  # R [s]
    prompt, tokens = costs.prompt_tokens, costs.step_tokens
    one_chunk = prompt <= tokens - max_batch  # k(n) = 1 at every n ≤ B: the exponent −λ·N·T
    per_step = rate * costs.decode_steps  # λ·D, the sequences each second of step adds
    across, minus_rate = 1.0 - prefill_share, -rate * passes
    over = read - costs.full_decode_s  # F_max: g(T_d(B), 1/N) over the share of the steps left
    low, high = 0.0, (costs.full_decode_s + (chunk_s + over / passes if over > 0.0 else chunk_s)) / across
    if 0.0 < below < high:
        n = per_step * below
        n = max_batch if max_batch < n else n
        d = decode_s(n)
        over = read - d  # the prompt's own read beyond the decode step's, R − T_d(n)
        rate_n = minus_rate if one_chunk else minus_rate * prompt_chunks(prompt, tokens, n)
        f_low = (d + (1.0 - exp(rate_n * below)) * (chunk_s + over / passes if over > 0.0 else chunk_s)) / across \
            - below
    else:
        f_low = -1.0
    if f_low > 0.0:  # the lower bound confirmed: a running copy's root lies above it
        low = below
    else:
        n = per_step * low
        n = max_batch if max_batch < n else n
        d = decode_s(n)
        over = read - d
        rate_n = minus_rate if one_chunk else minus_rate * prompt_chunks(prompt, tokens, n)
        f_low = (d + (1.0 - exp(rate_n * low)) * (chunk_s + over / passes if over > 0.0 else chunk_s)) / across
    if f_low <= 0.0 or not math.isfinite(high):
        # an empty step that costs nothing (0 is a root, but not the one a running copy sits at), or
        # one beyond the largest float: iterate from the step with one prompt chunk, as it grows,
        # ``T ← F(T)`` written out (no function made: its closure's cells would be made at every solve)
        step = decode_s(0.0) + chunk_s
        for _ in _FIXED_POINT_ROUNDS:
            n = per_step * step
            n = max_batch if max_batch < n else n
            d = decode_s(n)
            over = read - d
            rate_n = minus_rate if one_chunk else minus_rate * prompt_chunks(prompt, tokens, n)
            new = (d + (1.0 - exp(rate_n * step)) * (chunk_s + over / passes if over > 0.0 else chunk_s)) / across
            if abs(new - step) <= 1e-12 + STEP_TOLERANCE * step or not math.isfinite(new):
                return new, min(per_step * new, max_batch)
            step = new
        return step, min(per_step * step, max_batch)
    if above is not None and low < above < high:
        n = per_step * above
        n = max_batch if max_batch < n else n
        d = decode_s(n)
        over = read - d
        rate_n = minus_rate if one_chunk else minus_rate * prompt_chunks(prompt, tokens, n)
        f_high = (d + (1.0 - exp(rate_n * above)) * (chunk_s + over / passes if over > 0.0 else chunk_s)) / across \
            - above
    else:
        f_high = 1.0
    if f_high <= 0.0:  # the upper bound confirmed
        high = above
    else:
        n = per_step * high
        n = max_batch if max_batch < n else n
        d = decode_s(n)
        over = read - d
        rate_n = minus_rate if one_chunk else minus_rate * prompt_chunks(prompt, tokens, n)
        f_high = (d + (1.0 - exp(rate_n * high)) * (chunk_s + over / passes if over > 0.0 else chunk_s)) / across \
            - high
    if abs(f_high + high - high) <= 1e-12 + STEP_TOLERANCE * high:  # F(high) rounded as the loop's
        step = high
    else:
        side, step = 0, high
        for _ in _BRACKET_ROUNDS:
            step = (low * f_high - high * f_low) / (f_high - f_low)
            if not low < step < high:
                step = 0.5 * (low + high)
            n = per_step * step
            n = max_batch if max_batch < n else n
            d = decode_s(n)
            over = read - d
            rate_n = minus_rate if one_chunk else minus_rate * prompt_chunks(prompt, tokens, n)
            f = (d + (1.0 - exp(rate_n * step)) * (chunk_s + over / passes if over > 0.0 else chunk_s)) / across \
                - step
            if abs(step + f - step) <= 1e-12 + STEP_TOLERANCE * step or high - low <= 1e-12 + STEP_TOLERANCE * step:
                break
            if f > 0.0:  # below the root; the same end kept twice: the other end's value halves
                low, f_low = step, f
                f_high, side = (f_high / 2 if side > 0 else f_high), 1
            else:
                high, f_high = step, f
                f_low, side = (f_low / 2 if side < 0 else f_low), -1
    n = per_step * step
    return step, (max_batch if max_batch < n else n)  # min(n, B'), no call


_FIXED_POINT_ROUNDS = range(200)
_BRACKET_ROUNDS = range(400)
"""The most rounds :func:`solve_mean_step` iterates ``T ← F(T)`` and narrows its bracket (made once:
a range is read again by every loop over it)."""


def capacity_step(costs: StepCosts) -> float:
    """The mean step at the capacity, ``T* = T_d(B') + B'·P·τ_p/D + (1 − e^(−N·k(B')·B'/D))·(t_chunk +
    max(0, R − T_d(B')))/N`` [s] (:func:`solve_mean_step`'s ``F`` at ``n = B'``, ``λ·T = B'/D``, ``B'`` the
    batch as full as the step token budget keeps it, :attr:`~configurator.core.load.StepCosts.steady_batch`;
    :func:`~configurator.core.load.capacity`; answers that decode, ``D > 0``); the last answer
    given again for the same costs (the same object: a copy's capacity, then its closed loop at the
    capacity, ask alike)."""
    last = _LAST_CAPACITY_STEP.kept
    if last[0] is costs:
        return last[1]
    d, b, passes = costs.decode_steps, costs.steady_batch, costs.scheduler_steps
    over = costs.carried_read_s - costs.full_decode_s  # the prompt's read beyond the full decode step's
    step = costs.full_decode_s + b * costs.prompt_tokens * costs.prompt_token_s / d \
        + (1.0 - math.exp(-passes * prompt_chunks(costs.prompt_tokens, costs.step_tokens, b) * b / d)) * (costs.chunk_s + over if over > 0.0 else costs.chunk_s) / passes
    _LAST_CAPACITY_STEP.kept = (costs, step)
    return step


_LAST_CAPACITY_STEP = LastAsked((None, None))
"""The last step at the capacity found: (costs, step [s]); the costs by identity (held here)."""


def mean_step_between(costs: StepCosts, rate: float, below: float, above: float | None) -> tuple[float, float]:
    """:func:`solve_mean_step` inside ``(below, above)``, kept as the last step found (:func:`mean_step`
    gives it again to the load point at the rate the closed loop settles on)."""
    found = solve_mean_step(costs, rate, below, above)
    _LAST_STEP.kept = (costs, rate, found)
    return found
