"""The latency targets one serving copy is held to (TTFT and TPOT at a percentile; MLPerf's server
limits) and the search for the highest arrival rate that meets them, on any latencies that grow with the
rate: the one search behind :func:`configurator.core.load.highest_rate`, :func:`configurator.core.load.goodput`
and the split pools' goodput (:mod:`configurator.core.serving_speed`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class LatencyLimits:
    """Targets on the time to first token and the time per output token at a percentile [ms]."""

    ttft_ms: float
    tpot_ms: float


MLPERF_SERVER_LIMITS: dict[str, LatencyLimits] = {
    "llama2-70b": LatencyLimits(2000.0, 200.0),
    "llama2-70b-interactive": LatencyLimits(450.0, 40.0),
    "llama3.1-405b": LatencyLimits(6000.0, 175.0),
    "llama3.1-8b": LatencyLimits(2000.0, 100.0),
    "mixtral-8x7b": LatencyLimits(2000.0, 200.0),
}
"""MLPerf Inference server-scenario limits on the 99th-percentile TTFT and TPOT (MLCommons
inference_policies, inference_rules.adoc, LLM latency constraints; mlcommons/inference
loadgen/mlperf.conf ``<model>.Server.ttft_latency`` / ``tpot_latency``: llama2-70b 2000/200,
llama2-70b-interactive 450/40, mixtral-8x7b 2000/200; Llama 2 70B interactive from v5.0: 4.4×
shorter TTFT and 5× shorter TPOT than the server scenario, as MLCommons states) [ms]."""


def worst_share(ttft_s: float, tpot_s: float, overloaded: bool, limits: LatencyLimits) -> float:
    """The larger of TTFT and TPOT [s] over their limits [ms] [share; ≤ 1: both met; ∞: overloaded]."""
    if overloaded:
        return math.inf
    return max(ttft_s * 1000 / limits.ttft_ms, tpot_s * 1000 / limits.tpot_ms)


SEARCH_RESOLUTION = 1e-4
"""Relative width of the bracket :func:`highest_meeting` stops at: the highest rate found is the
highest meeting rate to within this share."""


def highest_meeting(point_at: Callable[[float], object], worst: Callable[[object], float], limit: float,
                    steps: int = 40, low: float = 0.0) -> object | None:
    """The point at the highest rate in ``(0, limit]`` [1/s] whose latencies meet their targets,
    ``point_at(rate)`` giving the latencies at a rate and ``worst(point)`` the larger of them over
    its target (≤ 1: met; :func:`worst_share`); None when even a trickle misses them. Both
    latencies grow with the rate, so the meeting rates are an interval from 0: it is bracketed
    (from ``low``, a rate known to meet, else a trickle of :data:`SEARCH_RESOLUTION` of the limit,
    which missing them means none meets them to the resolution, up to the limit) and narrowed to
    :data:`SEARCH_RESOLUTION` of the rate by Brent's method (Brent 1973, *Algorithms for
    Minimization without Derivatives*, ch. 4; as scipy ``optimize.brentq``) on ``1 − 1/worst``,
    which is 0 at the highest meeting rate, near ``worst − 1`` there and 1 where the copy is
    overloaded; at most ``steps`` points after the two ends. The one search behind
    :func:`~configurator.core.load.highest_rate` and :func:`~configurator.core.load.goodput`."""
    top = point_at(limit * (1 - 1e-9))
    share = worst(top)
    if share <= 1.0:
        return top
    found = [None, 0.0]  # the meeting point at the highest rate so far, its rate

    def excess(rate: float) -> float:
        point = point_at(rate)
        share = worst(point)
        if share <= 1.0 and rate >= found[1]:
            found[0], found[1] = point, rate
        return 1.0 - 1.0 / share if share > 1e-300 else -1e300

    low = low if low > 0.0 else SEARCH_RESOLUTION * limit  # a trickle: below it the rate is 0 to the resolution
    x_pre, f_pre = limit, 1.0 - 1.0 / share
    x_cur, f_cur = low, excess(low)
    if f_cur > 0.0:
        return None
    x_blk, f_blk, s_pre, s_cur = x_pre, f_pre, x_cur - x_pre, x_cur - x_pre
    for _ in range(steps):
        if f_pre != 0.0 and f_cur != 0.0 and (f_pre < 0.0) != (f_cur < 0.0):
            x_blk, f_blk = x_pre, f_pre
            s_pre = s_cur = x_cur - x_pre
        if abs(f_blk) < abs(f_cur):
            x_pre, x_cur, x_blk = x_cur, x_blk, x_cur
            f_pre, f_cur, f_blk = f_cur, f_blk, f_cur
        delta = 0.5 * SEARCH_RESOLUTION * abs(x_cur)
        s_bis = 0.5 * (x_blk - x_cur)
        if f_cur == 0.0 or abs(s_bis) < delta:
            break
        if abs(s_pre) > delta and abs(f_cur) < abs(f_pre):
            if x_pre == x_blk:  # the secant
                s_try = -f_cur * (x_cur - x_pre) / (f_cur - f_pre)
            else:  # inverse quadratic interpolation
                d_pre, d_blk = (f_pre - f_cur) / (x_pre - x_cur), (f_blk - f_cur) / (x_blk - x_cur)
                s_try = -f_cur * (f_blk * d_blk - f_pre * d_pre) / (d_blk * d_pre * (f_blk - f_pre))
            if 2.0 * abs(s_try) < min(abs(s_pre), 3.0 * abs(s_bis) - delta):
                s_pre, s_cur = s_cur, s_try
            else:
                s_pre = s_cur = s_bis
        else:
            s_pre = s_cur = s_bis
        x_pre, f_pre = x_cur, f_cur
        x_cur += s_cur if abs(s_cur) > delta else (delta if s_bis > 0.0 else -delta)
        f_cur = excess(x_cur)
    return found[0]
