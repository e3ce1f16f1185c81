"""The distribution of the time to first token past the carrying steps on its fixed grid, in arrays:
``R + W`` (:mod:`configurator.core.ttft_tail`'s model: the rest of the running step, uniform over its
16 midpoints, plus two independent waits, each zero with probability ``1 − p`` and exponential with
mean ``θ`` otherwise), its distribution function at 64 points across the step and 400 past it
(:func:`_ttft_grid`), the percentiles read off it by linear interpolation
(:func:`ttft_quantiles_on_arrays`, what :func:`~configurator.core.ttft_tail.ttft_quantiles` computes in
plain floats and falls back on) and the share of first tokens within a time (:func:`ttft_share`).
Split from :mod:`configurator.core.ttft_tail`."""

from __future__ import annotations

import math

import numpy as np

PERCENTILES = (50, 90, 95, 99)
"""Latency percentiles reported (and usable as targets): the median, p90 (the chat use's), p95 (the
SLO most serving contracts and NVIDIA's genai-perf write) and p99 (MLPerf's server scenario). A fixed
set, each worked out once per load point: a target at another level (p99.9) is none the tails keep."""


def _wait_tail(t, waits: list[tuple[float, float]]):
    """``P(W₁ + W₂ > t)`` (``t`` an array) for independent waits, each zero with probability
    1 − p and exponential with mean θ otherwise (``waits`` = [(p, θ), (p, θ)])."""
    (p1, t1), (p2, t2) = waits

    waited = np.maximum(t, 0.0)

    def exp_tail(theta: float):  # e^(−t⁺/θ); −x/θ computed as x/(−θ): the same number, one array operation less
        return np.exp(waited / -theta) if theta > 0 else np.zeros_like(t)

    # a wait that never happens (p = 0) adds exact zeros: its exponentials are not computed
    e1 = exp_tail(t1) if p1 else None
    e2 = exp_tail(t2) if p2 else None
    if p1 and p2:
        tail = p1 * (1 - p2) * e1 + p2 * (1 - p1) * e2
    elif p1 or p2:
        tail = p1 * (1 - p2) * e1 if p1 else p2 * (1 - p1) * e2
    else:
        tail = np.zeros_like(t)
    if p1 > 0 and p2 > 0 and t1 > 0 and t2 > 0:
        if abs(t1 - t2) > 1e-9 * t1:
            tail = tail + p1 * p2 * (t1 * e1 - t2 * e2) / (t1 - t2)
        else:
            tail = tail + p1 * p2 * (1 + waited / t1) * e1
    return np.where(t < 0, 1.0, tail)


NEAR = np.linspace(0.0, 1.0, 65)[1:]
FAR = np.geomspace(1e-6, 1.0, 400)
MIDPOINTS = (np.arange(16) + 0.5) / 16
"""The TTFT grid in units of the step (64 points across it) and of 40 mean waits (400 past it),
and the 16 midpoints of the step's remainder."""
_BEFORE_MIDPOINT = NEAR[:, None] < MIDPOINTS[None, :]
"""The (point, midpoint) pairs of the step's grid where the point lies before the midpoint."""
_GAPS = np.arange(64) / 64
"""The distances from a point of the step's grid back to a midpoint at or before it: 0, 1/64, …,
63/64 of the step (point k/64 less midpoint (4j + 2)/64, both exact in binary)."""


def _gap_pairs() -> np.ndarray:
    """(point, gap) = 1 where a midpoint lies ``gap``/64 of the step at or before the point (point
    k/64, midpoint (4j + 2)/64: the step's 64ths, exact), else 0: the sum ``Σ_j e^(−(t − r_j)/θ)``
    over the midpoints at or before each point of the step's grid is this matrix times the
    exponentials of the 64 gaps."""
    pairs = np.zeros((64, 64))
    for point in range(1, 65):
        for mid in range(16):
            if 4 * mid + 2 <= point:
                pairs[point - 1, point - 4 * mid - 2] = 1.0
    return pairs


_PAIRS = _gap_pairs()
_MIDPOINTS_BEFORE = (~_BEFORE_MIDPOINT).sum(axis=1).astype(float)
"""Midpoints at or before each point of the step's grid [count]."""
_LEVELS = np.array([k / 100 for k in PERCENTILES])
"""The percentiles as shares [-]."""


def _tail_terms(waits: list[tuple[float, float]]) -> list[tuple[float, float, float]]:
    """``P(W₁ + W₂ > x)`` for ``x ≥ 0`` as ``Σ (a + c·x)·e^(−x/θ)``: the terms (a, c, θ) of
    :func:`_wait_tail`."""
    (p1, t1), (p2, t2) = waits
    a1, a2, c1 = p1 * (1 - p2), p2 * (1 - p1), 0.0
    if p1 > 0 and p2 > 0 and t1 > 0 and t2 > 0:
        if abs(t1 - t2) > 1e-9 * t1:
            a1, a2 = a1 + p1 * p2 * t1 / (t1 - t2), a2 - p1 * p2 * t2 / (t1 - t2)
        else:
            a1, c1 = a1 + p1 * p2, p1 * p2 / t1
    return [(a, c, theta) for a, c, theta in ((a1, c1, t1), (a2, 0.0, t2)) if theta > 0 and (a or c)]


def ttft_quantiles_on_arrays(step: float, waits: list[tuple[float, float]]) -> dict[int, float]:
    """Percentiles of ``R + W``: R uniform over one running step (16 midpoints), W the queueing
    waits [s]: the grid's distribution function (:func:`_ttft_grid`) read at each level by linear
    interpolation (``np.interp``'s rule)."""
    t, cdf = _ttft_grid(step, waits)
    return dict(zip(PERCENTILES, _interp(_LEVELS, cdf, t).tolist(), strict=True))


def ttft_share(step: float, waits: list[tuple[float, float]], within: float) -> float:
    """``P(R + W ≤ within)`` (module docstring): the share of first tokens, less their carrying
    steps, that come within ``within`` [s] — ``step`` the mean step [s], ``waits`` the two waits as
    (probability of waiting, mean wait when waiting [s]) [share].

    The same grid and distribution function the percentiles are read off (:func:`_ttft_grid`), read
    the other way: linear interpolation between its points of the share at ``within`` (the inverse of
    :func:`~configurator.core.ttft_tail.ttft_quantiles`' interpolation of the time at a share, so the share
    at the ``k``-th percentile is ``k/100`` to the percentiles' stated 1e-9), from ``(0 s, 0)`` to the grid's first
    point and its last value past its end."""
    if not within > 0.0:
        return 0.0
    if not 0.0 < step < math.inf:
        return 1.0 if step <= 0.0 and not (waits[0][0] or waits[1][0]) else 0.0
    t, cdf = _ttft_grid(step, waits)
    return float(np.interp(within, np.concatenate(([0.0], t)), np.concatenate(([0.0], cdf))))


def _ttft_grid(step: float, waits: list[tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
    """The grid's times [s] and the distribution function of ``R + W`` there (non-decreasing) [-].
    Past the step every ``t − r`` is positive and ``e^(−(t−r)/θ)`` splits into
    ``e^(−(t−step)/θ)·e^(−(step−r)/θ)``, so the long tail costs one exponential per point."""
    (p1, t1), (p2, t2) = waits
    longest = t1 if t1 > t2 else t2
    n = len(NEAR)
    size = n + len(FAR) if longest > 0 else n
    t, cdf = np.empty(size), np.empty(size)  # the grid: the step's points, then the tail's; its CDF
    near = np.multiply(step, NEAR, out=t[:n])
    r = step * MIDPOINTS
    if 0.0 < step < math.inf and t1 > 0 and (not p2 or (p1 > 0 and p2 > 0 and t2 > 0 and abs(t1 - t2) > 1e-9 * t1)):
        # one wait (a closed loop's) or two of different means: _wait_tail's terms at each of the 64
        # gaps between a point and a midpoint at or before it, summed over the midpoints by the pairs
        # matrix (a point before a midpoint has tail 1: CDF 0)
        e1 = np.exp(_GAPS * (step / -t1))
        if p2:
            e2 = np.exp(_GAPS * (step / -t2))
            gap_tail = e1 * (p1 * (1 - p2)) + e2 * (p2 * (1 - p1)) + (e1 * t1 - e2 * t2) * (p1 * p2) / (t1 - t2)
        else:
            gap_tail = np.multiply(e1, p1 * (1 - p2), out=e1)
        tail = _PAIRS @ gap_tail
        np.subtract(_MIDPOINTS_BEFORE, tail, out=tail)
        np.divide(tail, len(r), out=cdf[:n])  # the mean over the midpoints
    else:
        x = 1.0 - _wait_tail(near[:, None] - r[None, :], waits)
        np.divide(np.add.reduce(x, axis=1), len(r), out=cdf[:n])  # the mean over the midpoints
    if longest > 0:
        far = np.multiply(FAR, 40 * longest, out=t[n:])
        np.add(far, step, out=far)
        tail, terms = None, _tail_terms(waits)
        if terms:
            before_end, past_step = step - r, far - step  # the same for every term
        for a, c, theta in terms:
            inner = np.exp(before_end / -theta)
            decay = np.divide(past_step, -theta)
            np.exp(decay, out=decay)
            mean = np.add.reduce(inner) / len(r)
            if c:
                term = decay * (a * mean + c * (far * mean - np.add.reduce(r * inner) / len(r)))
            else:
                term = np.multiply(decay, a * mean, out=decay)
            if tail is None:
                tail = term
            else:
                tail += term
        if tail is None:
            cdf[n:] = 1.0
        else:
            np.subtract(1.0, tail, out=cdf[n:])
    np.maximum.accumulate(cdf, out=cdf)
    return t, cdf


try:  # np.interp less its checks for complex values and periods (its own compiled function: the same numbers)
    from numpy._core.multiarray import interp as _interp
except ImportError:  # pragma: no cover - another numpy's layout
    _interp = np.interp
