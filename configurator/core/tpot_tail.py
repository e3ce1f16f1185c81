"""Time per output token over requests whose answers differ in length: the TPOT percentiles of
:func:`configurator.core.load.load_point` as a mixture over the answer lengths.

What a benchmark reports as a request's TPOT is its own mean step, ``(latency − TTFT)/(tokens − 1)``,
and its percentiles are taken over requests (MLPerf's LoadGen, mlcommons/inference b66003e1:
``loadgen/logging.cc`` l. 474-476 records ``(latency − token_latencies_[i]) / (n_tokens − 1)`` per
sample, ``loadgen/results.cc`` l. 100-125 sorts those and reads the percentile's sample; vLLM's
``benchmark_serving.py`` the same). The load model gives one step a variance ``V`` (the prompts that share
it, Poisson) and a slow drift of sd ``δ`` (the decoding population), so a request of ``D`` decode steps
has a TPOT of mean ``T`` and variance ``V/D + δ²`` (normal: a mean over its steps). With every answer
of the mean length that is one normal; with answers of lengths ``D_j`` (equally likely, a quantile table
of their distribution) it is the mixture ``P(TPOT ≤ T + x) = (1/J)·Σ_j Φ(x / √(V/D_j + δ²))``: a short
answer that meets a prompt burst averages it over few steps, so the upper percentiles rise while the
median stays at ``T`` (the mixture is symmetric about it).
"""

from __future__ import annotations

import math

from configurator.core.load_step import prompt_chunks

_ROOT_HALF = 1.0 / math.sqrt(2.0)
_ROUNDS = range(200)


def answer_steps(shares: tuple[float, ...], output_tokens: float, tokens_per_step: float,
                 pass_rest: float = 0.0) -> list[float]:
    """Decode steps of each answer of the table: ``(s_j·O − 1)/a`` for an answer of ``s_j`` times the
    mean ``O`` tokens (``a`` tokens a step: speculative decoding), plus ``pass_rest`` (the rest of a
    multi-step pass the last token falls in, :attr:`~configurator.core.load.StepCosts.decode_steps`),
    at least 1 [steps]."""
    steps = []
    for share in shares:
        d = (share * output_tokens - 1.0) / tokens_per_step + pass_rest
        steps.append(1.0 if 1.0 > d else d)
    return steps


def mixture_offsets(step_var: float, drift_sd: float, steps: list[float],
                    percentiles: tuple[int, ...]) -> dict[int, float]:
    """How far each percentile of the TPOT lies above the mean step ``T`` [s]: the ``x`` where
    ``(1/J)·Σ_j Φ(x/σ_j) = p/100``, ``σ_j = √(V/D_j + δ²)`` (module docstring), ``V`` = ``step_var``
    [s²] and ``δ`` = ``drift_sd`` [s]. The median is 0; an upper percentile lies between ``z·min σ_j``
    and ``z·max σ_j`` (each term of the sum at those ``x`` is below, resp. above, ``p/100``), where it
    is found by bisection to 1e-12 relative."""
    sigmas = [math.sqrt(step_var / d + drift_sd * drift_sd) for d in steps]
    low_sigma, high_sigma = min(sigmas), max(sigmas)
    offsets = {}
    for pct in percentiles:
        target = pct / 100.0
        if target == 0.5 or high_sigma == 0.0:
            offsets[pct] = 0.0
            continue
        z = _normal_quantile(target)
        low, high = z * low_sigma, z * high_sigma
        if low > high:
            low, high = high, low
        scales = [_ROOT_HALF / s for s in sigmas]
        for _ in _ROUNDS:
            middle = 0.5 * (low + high)
            share = _mixture_cdf(middle, scales)
            if share < target:
                low = middle
            else:
                high = middle
            if high - low <= 1e-12 * abs(high):
                break
        offsets[pct] = 0.5 * (low + high)
    return offsets


def _normal_quantile(p: float) -> float:
    """The standard normal quantile ``Φ⁻¹(p)`` (bisection on ``erf``, to 1e-13)."""
    low, high = -40.0, 40.0
    for _ in _ROUNDS:
        middle = 0.5 * (low + high)
        if 0.5 * (1.0 + math.erf(middle * _ROOT_HALF)) < p:
            low = middle
        else:
            high = middle
        if high - low <= 1e-13:
            break
    return 0.5 * (low + high)


def _mixture_cdf(x: float, scales: list[float]) -> float:
    """``(1/J)·Σ_j Φ(x/σ_j)`` with ``scales`` = ``1/(√2·σ_j)`` (each ``σ_j > 0``) [share]."""
    return 0.5 + 0.5 * sum(math.erf(x * c) for c in scales) / len(scales)


def tpot_spread(costs, rate: float, step: float, n: float, decode: float) -> tuple[float, float, float]:
    """The spread of a request's TPOT about the mean step ``step`` [s] at ``rate`` requests/s with
    ``n`` sequences decoding and ``decode`` = ``T_d(n)`` [s] (``costs`` a
    :class:`~configurator.core.load.StepCosts`): (one step's variance ``V`` [s²], the drift's sd
    ``δ`` [s, signed: the table's slope × √n], the sd of the mean over one answer of the mean length
    ``√(V/D + δ²)`` [s]).

    The prompt tokens sharing a step (Poisson with mean ``λT`` per step), averaged over the ``D``
    steps of one answer; prompts cluster in busy periods (a long step gathers more arrivals), which
    scales the variance by ``1/(1 − λ·P·τ_p)²`` as for the work of an M/G/1 busy period; plus the
    slow drift of the decoding population (≈ Poisson ``n``). With passes of ``N`` steps the prompts
    come once a pass (mean ``λNT`` of them): a pass's variance over its ``N`` steps."""
    p, tau, passes = costs.prompt_tokens, costs.prompt_token_s, costs.scheduler_steps
    m = rate * step * passes
    over = costs.carried_read_s - decode  # a carrying step's read beyond the decode step's (solve_mean_step)
    a, b = tau * p, (costs.chunk_s + over if over > 0.0 else costs.chunk_s)
    none_arrive = math.exp(-m)  # P(no prompt arrives during a pass), once for the three terms
    # a pass carries a prompt's chunk when one arrived in the k passes before (solve_mean_step)
    chunks = prompt_chunks(p, costs.step_tokens, n)
    none_carried = none_arrive if chunks == 1 else math.exp(-m * chunks)
    extra_var = a * a * m + b * b * none_carried * (1 - none_carried) + 2 * a * b * m * none_arrive
    extra_var /= (1.0 - rate * p * tau) ** 2 * passes
    steps = costs.decode_steps
    steps = 1.0 if 1.0 > steps else steps  # max(·, 1.0) and max(n, 0.0) written out: no call
    drift = (costs.decode_s(n + 1.0) - decode) * math.sqrt(0.0 if 0.0 > n else n)  # the slope × √n
    # x·x, not x ** 2: infinite past the largest float, no OverflowError
    return extra_var, drift, math.sqrt(extra_var / steps + drift * drift)


def tpot_share(costs, step: float, spread: tuple[float, float, float], within: float) -> float:
    """``P(TPOT ≤ within)``: the share of requests whose time per output token is within ``within``
    [s], at the mean step ``step`` [s] with its :func:`tpot_spread` ``spread`` — the distribution the
    load model's TPOT percentiles are read from (:func:`~configurator.core.load.load_point_fields`):
    ``TPOT = (T + X)·s/a`` (``a`` tokens a step, ``s`` the multi-step pass's stretch), ``X`` normal
    with the sd of one answer of the mean length, or with answers of many lengths the mixture
    ``(1/J)·Σ_j Φ(x/σ_j)`` (module docstring), so ``P = Φ(x/σ)`` (resp. the mixture) at
    ``x = within·a/s − T``. With no spread, 1 where the mean meets ``within``, else 0 [share]."""
    stretch = costs.last_pass_stretch if costs.scheduler_steps > 1 else 1.0
    x = within * costs.tokens_per_step / stretch - step
    extra_var, drift, sd = spread
    if costs.answer_shares:
        each = answer_steps(costs.answer_shares, costs.output_tokens, costs.tokens_per_step,
                            0.5 * (costs.scheduler_steps - 1))
        sigmas = [math.sqrt(extra_var / d + drift * drift) for d in each]
    else:
        sigmas = [sd]
    if not min(sigmas) > 0.0:
        return 1.0 if x >= 0.0 else 0.0
    return _mixture_cdf(x, [_ROOT_HALF / s for s in sigmas])
