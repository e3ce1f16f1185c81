"""The search for a TTFT percentile among the running step's 64 points (ttft_tail._near_quantile)
starts from a guess and doubles a bracket away from it: it lands on the same two points as a
bisection of all 64, so the percentiles are the same numbers, bit for bit."""

from __future__ import annotations

import itertools

import pytest

from configurator.core import ttft_tail
from configurator.core.ttft_grid import PERCENTILES
from configurator.core.ttft_tail import ttft_quantiles


def _bisected(near: list, step: float, level: float, end: float) -> float:
    """The search it replaces: bisection over all the step's points."""
    low, high, f_low, f_high = -1, ttft_tail._LAST_NEAR, 0.0, end
    while high - low > 1:
        middle = (low + high) >> 1
        value = ttft_tail._near_cdf(near, middle)
        if value <= level:
            low, f_low = middle, value
        else:
            high, f_high = middle, value
    if low < 0:
        return step * ttft_tail._NEAR_LIST[0]
    if f_low == level:
        return step * ttft_tail._NEAR_LIST[low]
    return ttft_tail._between(level, f_low, f_high, step * ttft_tail._NEAR_LIST[low],
                              step * ttft_tail._NEAR_LIST[high])


STEPS = (1e-4, 3e-3, 0.04, 0.05057, 2.0)
PROBABILITIES = (1e-6, 0.05, 0.2230, 0.5, 0.9, 0.999)
MEANS = (1e-6, 1e-3, 0.0402, 0.1171, 1.0, 36.57, 1e3)


@pytest.mark.parametrize("step", STEPS)
def test_the_guessed_search_finds_the_bisections_points(step, monkeypatch):
    """One wait and two, over steps, probabilities and means eleven orders of magnitude apart:
    the percentiles equal the bisection's exactly."""
    fast = {}
    cases = [[(p1, t1), (p2, t2)] for p1, t1, p2, t2 in itertools.product(PROBABILITIES, MEANS, (0.0,) + PROBABILITIES, MEANS)
             if p2 == 0.0 or abs(t1 - t2) > 1e-6 * t1]
    for waits in cases:
        fast[str(waits)] = ttft_quantiles(step, waits)
    monkeypatch.setattr(ttft_tail, "_near_quantile", _bisected)
    for waits in cases:
        assert fast[str(waits)] == ttft_quantiles(step, waits), waits
    assert set(next(iter(fast.values()))) == set(PERCENTILES)
