"""The serving load model's probability and unit rules, checked as rules (tools/mutate.py found
them unpinned): a tail probability is 1 before zero, the closed form of the TTFT tail equals
the direct one, the TPOT spread of a pure-decode load is the Poisson drift of the batch, and a
target in milliseconds is met by a point whose time in seconds is a thousandth of it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from configurator.core import load
from configurator.core.load import LatencyLimits, StepCosts, highest_rate, load_point
from configurator.core.load_step import mean_step

WAITS = [
    [(0.3, 0.02), (0.6, 0.05)],  # two different mean waits
    [(0.4, 0.03), (0.7, 0.03)],  # equal mean waits (the limit t1 -> t2 of the closed form)
    [(0.9, 1.5), (0.2, 2.5)],  # waits longer than a second
    [(0.0, 0.0), (0.5, 0.04)],  # the first queue never waits
]


@pytest.mark.parametrize("waits", WAITS)
def test_wait_tail_is_a_probability_of_the_sum_of_two_waits(waits):
    """``P(W₁ + W₂ > t)``: 1 for t < 0; just past 0 the chance that either waits,
    ``1 − (1 − p₁)(1 − p₂)``; the mean of the sum, ``∫ P(W > t) dt``, is ``p₁θ₁ + p₂θ₂``."""
    (p1, t1), (p2, t2) = waits
    assert np.all(load._wait_tail(np.array([-1.0, -1e-6]), waits) == 1.0)
    assert float(load._wait_tail(np.array([1e-12]), waits)[0]) == pytest.approx(1 - (1 - p1) * (1 - p2), rel=1e-6)
    longest = max(t1, t2)
    t = np.linspace(0.0, 60 * longest, 200_001)
    tail = load._wait_tail(t, waits)
    mean = float(np.sum((tail[1:] + tail[:-1]) / 2 * np.diff(t)))
    assert mean == pytest.approx(p1 * t1 + p2 * t2, rel=1e-4)


@pytest.mark.parametrize("waits", WAITS)
def test_tail_terms_are_the_wait_tail_in_closed_form(waits):
    """:func:`load._tail_terms` is ``P(W₁ + W₂ > x) = Σ (a + c·x)·e^(−x/θ)`` for ``x ≥ 0``: the same
    function as :func:`load._wait_tail`, term by term (its docstring's rule)."""
    x = np.linspace(0.0, 20 * max(t for _, t in waits), 301)
    closed = sum((a + c * x) * np.exp(-x / theta) for a, c, theta in load._tail_terms(waits))
    np.testing.assert_allclose(closed, load._wait_tail(x, waits), rtol=1e-9, atol=1e-12)


def _decode_only(slope_s: float, batch: int = 256, chunk_s: float = 0.0) -> StepCosts:
    """A copy whose prompts cost nothing: a decode step of 10 ms plus ``slope_s`` per sequence."""
    return StepCosts(decode_s=lambda n: 0.010 + slope_s * n, prompt_token_s=0.0, chunk_s=chunk_s,
                     prompt_tokens=100, output_tokens=201, max_batch=batch, step_tokens=8192)


def test_tpot_spread_of_a_pure_decode_load_is_the_poisson_drift_of_the_batch():
    """With no prompt work the only spread is the decoding population, ≈ Poisson with mean n:
    ``sd = slope·√n``, so TPOT p99 − p50 = z₉₉·slope·√n (z₉₉ = 2.326, the normal quantile)."""
    slope = 1e-4
    point = load_point(_decode_only(slope), rate=10.0)
    assert point.decoding > 10
    z99 = 2.3263478740408408
    assert point.tpot_s[99] - point.tpot_s[50] == pytest.approx(z99 * slope * math.sqrt(point.decoding), rel=1e-6)
    assert point.tpot_s[50] == pytest.approx(point.step_s, rel=1e-9)


def test_mean_step_is_the_fixed_point_of_the_step_equation():
    """``T = T_d(n)`` with ``n = λ·(O − 1)·T`` (Little) when prompts cost nothing."""
    costs = _decode_only(1e-4)
    step, n = mean_step(costs, 10.0)
    assert n == pytest.approx(10.0 * 200 * step, rel=1e-9)
    assert step == pytest.approx(costs.decode_s(n), rel=1e-6)


def test_a_millisecond_target_is_met_by_a_point_a_thousandth_of_it_in_seconds():
    """highest_rate compares seconds with targets in milliseconds: a point whose p99 TTFT and TPOT
    are 0.05 % under the targets meets them, so the highest rate is at least that point's."""
    costs = StepCosts(decode_s=lambda n: 0.010 + 1e-4 * n, prompt_token_s=2e-5, chunk_s=0.002,
                      prompt_tokens=1000, output_tokens=200, max_batch=128, step_tokens=8192)
    rate = 0.5 * load.capacity(costs)
    point = load_point(costs, rate)
    for which in ("ttft", "tpot"):
        limits = {"ttft_ms": 1e9, "tpot_ms": 1e9}
        limits[f"{which}_ms"] = getattr(point, f"{which}_s")[99] * 1000 * 1.0005
        best = highest_rate(costs, LatencyLimits(**limits), percentile=99)
        assert best is not None and best.rate >= rate * (1 - 1e-9), which


def test_static_batching_waits_are_uniform_over_one_batch(catalog, llama8b):
    """A static batch (Hugging Face generate) runs to its end before the next starts: a request
    arriving at a random moment waits a uniform share of one batch time, so its k-th percentile
    TTFT is the batch's first-token time plus k/100 of the batch time (batch time = batch /
    requests per second)."""
    from configurator.core.precision import plan_serving
    from configurator.core.scenario import Scenario
    from configurator.core.serving_speed import replica_speed

    card = catalog.get("h100-sxm")
    s = Scenario(model=llama8b, card_id="h100-sxm", count=1, workload="inference",
                 serving={"engine": "transformers", "concurrency": 8, "prompt_tokens": 512, "output_tokens": 128},
                 constraints={"requests_per_s": 1.0})
    r = replica_speed(s, card, plan_serving(s, card))
    assert r.batching == "static"
    batch_s = 8 / r.requests_per_s
    ttft = r.ttft_percentiles_s
    assert ttft[90] - ttft[50] == pytest.approx(0.40 * batch_s, rel=1e-9)
    assert ttft[99] - ttft[50] == pytest.approx(0.49 * batch_s, rel=1e-9)
