"""Goodput as the served rate times the share of requests within the latency targets (DistServe,
Zhong et al., OSDI 2024, §2: the rate of requests that meet their SLOs): the share reads the same
TTFT and TPOT distributions the load model's percentiles are read from
(:mod:`configurator.core.within_targets`)."""

from __future__ import annotations

import dataclasses
import math

import pytest

from configurator.core.load import PERCENTILES, LatencyLimits, StepCosts, load_point_fields
from configurator.core.tpot_tail import tpot_share, tpot_spread
from configurator.core.ttft_tail import ttft_quantiles
from configurator.core.ttft_grid import ttft_share
from configurator.core.within_targets import (
    comonotone_share,
    goodput_within,
    prefill_wait_share,
    share_within,
    tpot_within,
    ttft_within,
)


def _costs(**changes) -> StepCosts:
    costs = StepCosts(lambda n: 0.020 + 2e-5 * n, 2e-5, 0.004, 222, 291, 256, 4096)
    return dataclasses.replace(costs, **changes)


COSTS = (_costs(), _costs(answer_shares=(0.25, 0.5, 1.0, 1.25, 2.0)), _costs(scheduler_steps=4),
         _costs(tokens_per_step=2.5))
"""One answer length; answers of many lengths (the TPOT a mixture); multi-step scheduling; speculative
decoding."""


def _point(costs: StepCosts, rate: float, closed: bool = False, users: int | None = None):
    rate, _, step, n, ttft, tpot, overloaded = load_point_fields(costs, rate, None, closed, users)
    return rate, step, n, ttft, tpot, overloaded


@pytest.mark.parametrize("costs", COSTS)
@pytest.mark.parametrize("rate", [2.0, 20.0, 30.0])
def test_the_share_at_the_kth_percentile_is_k_per_cent(costs, rate):
    """One constraint at a time: the TTFT share at the p-th percentile TTFT, and the TPOT share at the
    p-th percentile TPOT, are p/100 — the share reads the distribution the percentiles come from."""
    rate, step, n, ttft, tpot, _ = _point(costs, rate)
    for k in PERCENTILES:
        assert ttft_within(costs, rate, step, n, ttft[k]) == pytest.approx(k / 100, abs=1e-6)
        assert tpot_within(costs, rate, step, n, tpot[k]) == pytest.approx(k / 100, abs=1e-6)


def test_the_share_at_the_percentile_holds_for_a_closed_loop_with_a_queue():
    """Users beyond the batch wait for a slot (a fixed part of the TTFT): the share still reads it."""
    costs = _costs(max_batch=32)
    rate, step, n, ttft, _, _ = _point(costs, 25.0, closed=True, users=64)
    for k in PERCENTILES:
        assert ttft_within(costs, rate, step, n, ttft[k], True, 64) == pytest.approx(k / 100, abs=1e-6)


@pytest.mark.parametrize("costs", COSTS)
def test_the_share_rises_with_the_targets_to_one_and_falls_to_zero(costs):
    rate, step, n, _, tpot, overloaded = _point(costs, 20.0)
    shares = [share_within(costs, rate, step, n, overloaded, LatencyLimits(t, p))
              for t, p in ((1.0, 1.0), (50, 25), (100, 30), (200, 35), (400, 40), (1e4, 1e3))]
    assert shares == sorted(shares)
    assert shares[0] == pytest.approx(0.0, abs=1e-9)  # 1 ms to the first token: impossible
    assert shares[-1] == pytest.approx(1.0, abs=1e-9)  # 10 s and 1 s a token: every request
    assert share_within(costs, rate, step, n, overloaded, LatencyLimits(math.inf, math.inf)) == 1.0
    # each target alone: monotone too
    ttft = [ttft_within(costs, rate, step, n, t) for t in (0.0, 0.05, 0.1, 0.2, 0.4, 10.0)]
    tpot_ = [tpot_within(costs, rate, step, n, t) for t in (0.0, 0.02, 0.025, 0.03, 0.05, 1.0)]
    assert ttft == sorted(ttft) and tpot_ == sorted(tpot_)
    assert ttft[0] == 0.0 and tpot_[0] == pytest.approx(0.0, abs=1e-12)


def test_both_targets_is_the_product_of_each_and_below_the_single_shares():
    """Independent TTFT and TPOT: the share within both is the product, at most either alone."""
    costs = _costs()
    rate, step, n, ttft, tpot, overloaded = _point(costs, 20.0)
    both = share_within(costs, rate, step, n, overloaded, LatencyLimits(ttft[90] * 1000, tpot[90] * 1000))
    assert both == pytest.approx(0.81, abs=1e-5)


def test_an_overloaded_copy_has_no_requests_within_the_targets():
    costs = _costs()
    rate, step, n, _, _, overloaded = _point(costs, 1e4)
    assert overloaded
    assert share_within(costs, rate, step, n, overloaded, LatencyLimits(1e6, 1e6)) == 0.0


def test_the_goodput_is_the_served_rate_times_the_share():
    assert goodput_within(4.7, 0.87) == pytest.approx(4.089)


@pytest.mark.parametrize("step, waits", [(0.03, [(0.4, 0.05), (0.1, 0.2)]), (0.03, [(0.6, 0.05), (0.0, 0.0)]),
                                         (0.02, [(0.0, 0.0), (0.0, 0.0)]), (0.03, [(0.3, 0.05), (0.2, 0.05)])])
def test_the_ttft_share_inverts_its_percentiles(step, waits):
    """The grid's share at each percentile is its level; before 0 s none, far past the waits all."""
    quantiles = ttft_quantiles(step, waits)
    for k in PERCENTILES:
        assert ttft_share(step, waits, quantiles[k]) == pytest.approx(k / 100, abs=1e-6)
    assert ttft_share(step, waits, -1.0) == 0.0
    assert ttft_share(step, waits, 100.0) == pytest.approx(1.0, abs=1e-9)


def test_the_tpot_share_without_spread_is_a_step():
    costs = _costs(prompt_token_s=0.0, chunk_s=0.0, decode_s=lambda n: 0.02)
    spread = tpot_spread(costs, 1.0, 0.02, 10.0, 0.02)
    assert spread[2] == 0.0
    assert tpot_share(costs, 0.02, spread, 0.0199) == 0.0 and tpot_share(costs, 0.02, spread, 0.02) == 1.0


def test_separate_pools_add_the_parts_percentiles_comonotone():
    """The share of a comonotone sum at the sum of the parts' p-th percentiles is p/100: an
    exponential wait with an atom at 0 (the prefill pool's) and a uniform (0, 1 s)."""
    rho, theta = 0.5, 0.2

    def uniform(x):
        return min(max(x, 0.0), 1.0)

    for p in (0.5, 0.9, 0.95, 0.99):
        wait = theta * math.log(rho / (1 - p)) if rho > 1 - p else 0.0
        assert comonotone_share(uniform, lambda z: prefill_wait_share(rho, theta, z), p + wait) == \
            pytest.approx(p, abs=1e-9)
    assert prefill_wait_share(rho, theta, 0.0) == pytest.approx(1 - rho)
    assert comonotone_share(uniform, lambda z: prefill_wait_share(rho, theta, z), -0.1) == 0.0
