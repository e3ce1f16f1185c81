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
            share = 0.5 + 0.5 * sum(math.erf(middle * c) for c in scales) / len(scales)
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
