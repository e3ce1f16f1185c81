"""The share of requests served within the latency targets at an operating point, and the goodput
it gives: the served rate times that share.

DistServe (Zhong et al., OSDI 2024, §2) defines goodput as the rate of requests that meet their
SLOs. At one load point the load model gives each latency as a distribution — TTFT the carrying
steps plus the rest of the running step and the queueing waits (:mod:`~configurator.core.ttft_tail`),
TPOT a normal (or a mixture over the answers' lengths) about the mean step
(:mod:`~configurator.core.tpot_tail`) — and its percentiles are read off those. The share within the
targets reads the same distributions the other way, at the targets.

**Assumption**: a request's TTFT and its TPOT are independent, so the share within both is the
product of the shares within each. Why: the TTFT is set by what the request finds when it arrives
(the rest of the running step, the queue for room in the token budget and for a slot), the TPOT
by the prompts that arrive while it decodes, later, and the slow drift of the decoding population.
Both rise in a busy period, so they are positively associated in fact; for associated latencies the
joint share is at least the product (Esary, Proschan & Walkup 1967, "Association of random variables,
with applications", Ann. Math. Statist. 38(5)), so the product is at worst a little low. Either way
the joint share is at most the lesser of the two shares (the Fréchet upper bound), which is where
"the p90 meets both targets" leaves it: each share at least 90 %, the joint one between their product
and the lesser.
"""

from __future__ import annotations

import math

from configurator.core.load import LatencyLimits, StepCosts, ttft_parts, slot_wait_seconds
from configurator.core.tpot_tail import tpot_share, tpot_spread
from configurator.core.ttft_grid import ttft_share

_ROUNDS = range(80)
"""The most bisection rounds :func:`comonotone_share` takes (each halves the bracket)."""


def ttft_within(costs: StepCosts, rate: float, step: float, n: float, within_s: float, closed: bool = False,
                users: int | None = None) -> float:
    """The share of requests whose TTFT is within ``within_s`` [s] at ``rate`` requests/s, mean step
    ``step`` [s] and ``n`` sequences decoding (a :func:`~configurator.core.load.load_point_fields`
    point, ``closed`` and ``users`` as there): ``P(R + W ≤ within − carrying)``, the carrying steps
    and a closed loop's wait for a slot fixed, ``R + W`` read on the grid its percentiles are read on
    (:func:`~configurator.core.ttft_tail.ttft_share`) [share]; 1 without a target (infinite)."""
    if within_s == math.inf:
        return 1.0
    carrying, waits = ttft_parts(costs, rate, step, n, closed)
    if closed and users is not None and users > costs.max_batch:
        carrying += slot_wait_seconds(costs, users, rate)
    return ttft_share(step * costs.scheduler_steps, waits, within_s - carrying)


def tpot_within(costs: StepCosts, rate: float, step: float, n: float, within_s: float) -> float:
    """The share of requests whose TPOT is within ``within_s`` [s] at the point of :func:`ttft_within`:
    :func:`~configurator.core.tpot_tail.tpot_share` with the spread the TPOT percentiles are worked
    out with (:func:`~configurator.core.tpot_tail.tpot_spread`) [share]; 1 without a target."""
    if within_s == math.inf:
        return 1.0
    return tpot_share(costs, step, tpot_spread(costs, rate, step, n, costs.decode_s(n)), within_s)


def share_within(costs: StepCosts, rate: float, step: float, n: float, overloaded: bool, limits: LatencyLimits,
                 closed: bool = False, users: int | None = None) -> float:
    """The share of requests within both targets ``limits`` [ms; ``math.inf``: none] at a load point
    (:func:`ttft_within` × :func:`tpot_within`: independent, module docstring); 0 where the copy is
    overloaded (its queue grows without bound: every request's first token comes late in the end,
    as :func:`~configurator.core.load.worst_share` counts it) [share]."""
    if overloaded:
        return 0.0
    return ttft_within(costs, rate, step, n, limits.ttft_ms / 1000, closed, users) * \
        tpot_within(costs, rate, step, n, limits.tpot_ms / 1000)


def comonotone_share(first, second, total: float) -> float:
    """``P(X + Y ≤ total)`` for ``X`` and ``Y`` of the distribution functions ``first`` and ``second``
    (non-decreasing, 0 below 0) taken comonotone — one share ``q`` ranks a request in both, so the
    sum's ``q``-quantile is the sum of the two quantiles, as separate pools add the parts' TTFT
    percentiles (:func:`~configurator.core.serving_pools.pools_ttft`): the share ``q = F_X(y)`` where
    ``F_X(y) = F_Y(total − y)``, found by bisection on ``y ∈ [0, total]`` to 1e-12 of ``total``
    [share]."""
    if not total >= 0.0:
        return 0.0
    low, high = 0.0, total
    for _ in _ROUNDS:
        middle = 0.5 * (low + high)
        if first(middle) < second(total - middle):
            low = middle
        else:
            high = middle
        if high - low <= 1e-12 * total:
            break
    return min(first(high), second(total - low))


def goodput_within(served: float, share: float) -> float:
    """Goodput (DistServe, Zhong et al., OSDI 2024, §2: the rate of requests that meet their SLOs):
    the served rate ``served`` [1/s] times the share of its requests within the targets ``share``
    [share]; [1/s]."""
    return served * share


def prefill_wait_share(rho: float, theta: float, within_s: float) -> float:
    """``P(wait ≤ within_s)`` for the prefill pool's M/D/1 wait of
    :func:`~configurator.core.serving_pools.pools_ttft` — zero with probability ``1 − ρ``, else
    exponential with mean ``θ`` [s] — whose percentiles ``θ·ln(ρ/(1 − p))`` that function adds:
    ``1 − ρ·e^(−w/θ)`` [share]; 1 with no wait (``θ = 0``), 0 below 0 s."""
    if within_s < 0.0:
        return 0.0
    return 1.0 - rho * math.exp(-within_s / theta) if theta > 0.0 else 1.0


def pools_share_within(decode: StepCosts, rate: float, step: float, n: float, overloaded: bool, wait: tuple,
                       fixed_s: float, limits: LatencyLimits, closed: bool = False, users: int | None = None) -> float:
    """:func:`share_within` for separate prefill and decode pools: the decode copy's point (``decode``
    its pure decode step costs, ``rate`` [1/s] per decode copy, ``step`` [s], ``n``, ``closed``,
    ``users`` as there), the prefill pool's wait ``wait`` = (ρ, θ [s]) and the fixed idle prefill and
    KV transfer ``fixed_s`` [s]. The TTFT adds the parts' percentiles in
    :func:`~configurator.core.serving_pools.pools_ttft`, so its share is the comonotone sum's
    (:func:`comonotone_share`) of the decode copy's first token (:func:`ttft_within`) and the wait
    (:func:`prefill_wait_share`); times the decode copy's TPOT share (:func:`tpot_within`) [share]."""
    if overloaded:
        return 0.0
    tpot = tpot_within(decode, rate, step, n, limits.tpot_ms / 1000)
    if limits.ttft_ms == math.inf:
        return tpot
    rho, theta = wait
    return tpot * comonotone_share(lambda y: ttft_within(decode, rate, step, n, y, closed, users),
                                   lambda z: prefill_wait_share(rho, theta, z), limits.ttft_ms / 1000 - fixed_s)
