"""The TTFT percentiles past the carrying steps in plain floats and closed form
(:func:`configurator.core.ttft_tail.ttft_quantiles`) are the grid's, as its arrays compute them
(:func:`~configurator.core.ttft_grid.ttft_quantiles_on_arrays`), to rounding."""

from __future__ import annotations

import itertools

import pytest

from configurator.core.ttft_grid import PERCENTILES, ttft_quantiles_on_arrays
from configurator.core.ttft_tail import ttft_quantiles

STEPS = (1e-4, 3e-3, 0.04, 2.0)
"""Mean steps [s]: a tiny model's to a long prompt chunk's."""
PROBABILITIES = (0.0, 1e-6, 0.2363, 0.9, 0.999)
"""Probabilities of waiting: none, a trickle, a closed loop's, a busy copy's, the cap."""
MEANS = (0.0, 1e-6, 1e-3, 0.1285, 36.57, 1e3)
"""Mean waits [s], twelve orders of magnitude apart (and none)."""


@pytest.mark.parametrize("step", STEPS)
def test_closed_form_percentiles_are_the_grids(step):
    """Every pair of waits of the grid, one wait (a closed loop's) and two: the percentiles within
    1e-9 relative of the arrays' (the worst seen 3.2e-10, where a percentile sits where the
    distribution function is flat to 1e-16 between the step's end and the tail's first point)."""
    worst = 0.0
    for p1, t1, p2, t2 in itertools.product(PROBABILITIES, MEANS, PROBABILITIES, MEANS):
        waits = [(p1, t1), (p2, t2)]
        fast, arrays = ttft_quantiles(step, waits), ttft_quantiles_on_arrays(step, waits)
        assert list(fast) == list(PERCENTILES)
        for k in PERCENTILES:
            worst = max(worst, abs(fast[k] - arrays[k]) / arrays[k])
    assert worst <= 1e-9


@pytest.mark.parametrize("guess_scale", (1.0, 0.5, 0.93, 1.07, 2.0))
def test_one_wait_written_out_is_the_terms_search(guess_scale, monkeypatch):
    """One wait (a closed loop's): the written-out path (``ttft_tail._one_wait_quantiles``) gives the
    general search over the terms (``_terms_quantiles`` of its one term) bit for bit, over steps,
    probabilities and means far apart. With one term the tail's first guess is its point, so the
    tail's brackets and bisection are also compared with the guess thrown off (the grid's log-step
    scaled, in both)."""
    from configurator.core import ttft_tail

    monkeypatch.setattr(ttft_tail, "_LOG_FAR_STEP", ttft_tail._LOG_FAR_STEP * guess_scale)
    steps = (1e-9, 1e-4, 3e-3, 0.03957, 0.04, 2.0, 1e3)
    probabilities = (0.0, 1e-9, 1e-6, 0.05, 0.2363, 0.5, 0.9, 0.999, 1.0)
    means = (1e-9, 1e-6, 1e-3, 0.0389, 0.1285, 1.0, 36.57, 1e3, 1e6)
    compared = 0
    for step, p, theta, other in itertools.product(steps, probabilities, means, (0.0, 1.0, 1e4)):
        span = 40 * (theta if theta > other else other)
        one = ttft_tail._one_wait_quantiles(step, p, theta, span)
        terms = ttft_tail._terms_quantiles(step, ((p, theta),), span)
        assert (one is None) == (terms is None)
        if one is not None:
            assert list(one) == list(terms) and all(repr(one[k]) == repr(terms[k]) for k in one), (step, p, theta)
            compared += 1
    assert compared > 1500
