"""Failures at scale: checkpoint interval, goodput and spare servers on plain quantities."""

from __future__ import annotations

import math


def checkpoint_interval_hours(write_s, mtbf_h):
    """Young's optimal checkpoint interval ``√(2·δ·M)`` for a write of ``δ`` [s] and a mean time
    between interruptions ``M`` [h] [h] (Young 1974, "A first order approximation to the optimum
    checkpoint interval", CACM 17(9))."""
    return math.sqrt(2.0 * (write_s / 3600.0) * mtbf_h)


def lost_hours_per_hour(rate_per_h, interval_h, restart_h, write_s):
    """Wall-clock hours lost per hour of work [h/h]: each of ``rate_per_h`` interruptions loses
    half a checkpoint interval plus the restart, and each interval pays one write
    (Young 1974, §2: ``T/2`` lost per failure on average)."""
    return rate_per_h * (interval_h / 2 + restart_h) + (write_s / 3600.0) / interval_h


def goodput_fraction(lost_per_hour):
    """Share of wall-clock time that trains when ``lost_per_hour`` [h/h] is lost: ``1/(1+lost)``."""
    return 1.0 / (1.0 + lost_per_hour)


def poisson_quantile(mean, confidence, limit=10_000):
    """Smallest ``k`` with ``P(X ≤ k) ≥ confidence`` for ``X ~ Poisson(mean)`` [count]."""
    k, term = 0, math.exp(-mean)
    total = term
    while total < confidence and k < limit:
        k += 1
        term *= mean / k
        total += term
    return k


def servers_out_at_once(servers: int, gpus_per_server: int, failure_rate: float, repair_h: float) -> float:
    """Mean number of servers out for repair at any moment: failures arrive as a Poisson process of
    ``servers × gpus_per_server × failure_rate`` per hour and each stays out ``repair_h`` [h], so the
    servers out are Poisson-distributed with this mean (an M/G/∞ queue: Little's law) [count]."""
    return servers * gpus_per_server * failure_rate * repair_h


def poisson_tail(mean: float, k: int) -> float:
    """``P(X ≥ k)`` for ``X ~ Poisson(mean)`` [probability]."""
    if k <= 0:
        return 1.0
    term = total = math.exp(-mean)
    for i in range(1, k):
        term *= mean / i
        total += term
    return max(0.0, 1.0 - total)


def spare_servers(servers, gpus_per_server, failure_rate, repair_h, confidence):
    """Spares so that, with GPUs failing as a Poisson process at ``failure_rate`` [1/GPU-h] and a
    failed server out for ``repair_h`` [h], a replacement is there with probability
    ``confidence``: the ``confidence`` quantile of Poisson(servers × GPUs × rate × repair) [count]."""
    mean = servers_out_at_once(servers, gpus_per_server, failure_rate, repair_h)
    if servers <= 1 or mean <= 0:
        return 0
    return poisson_quantile(mean, confidence)
