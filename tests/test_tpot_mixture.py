"""The TPOT percentiles over answers of many lengths (configurator/core/tpot_tail.py): the mixture's
quantile against a Monte-Carlo of the same model, against a simulation of the steps themselves, and
the load point unchanged where the costs state no spread of answers."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from configurator.core.load import PERCENTILES, StepCosts, load_point
from configurator.core.tpot_tail import answer_steps, mixture_offsets

SHARES = (0.0228, 0.0594, 0.1051, 0.1553, 0.2056, 0.2604, 0.3107, 0.3563, 0.4066, 0.4568, 0.5162,
          0.5802, 0.6487, 0.7127, 0.7766, 0.8360, 0.9000, 0.9548, 1.0115, 1.0736, 1.1330, 1.2015,
          1.2700, 1.3477, 1.4253, 1.5258, 1.6492, 1.8045, 1.9918, 2.2431, 2.6223, 3.3212)
"""A table of answer lengths over their mean (benchmarks/accuracy_serving.py MLPERF_ANSWER_SHARES)."""


@pytest.mark.parametrize("step_var, drift_sd, output", [(0.004 ** 2 * 2.0, 0.0, 291), (2.5e-5, 0.003, 291),
                                                        (1e-6, 1e-4, 40), (4e-4, 0.0, 1000)])
def test_mixture_quantile_is_the_monte_carlo_of_the_mixture(step_var, drift_sd, output):
    """Draw an answer of the table, then its TPOT from the normal of its own steps (mean 0, variance
    ``V/D_j + δ²``): the p90 and p99 of 400,000 draws meet :func:`mixture_offsets` within 1.5 %
    (the draws' own error at p99 is ~0.7 %); the p50 is 0."""
    rng = np.random.default_rng(7)
    steps = answer_steps(SHARES, output, 1.0)
    offsets = mixture_offsets(step_var, drift_sd, steps, PERCENTILES)
    sigmas = np.sqrt(step_var / np.array(steps) + drift_sd ** 2)
    draws = rng.normal(0.0, sigmas[rng.integers(0, len(steps), 400_000)])
    assert offsets[50] == 0.0
    for pct in (90, 99):
        assert offsets[pct] == pytest.approx(float(np.quantile(draws, pct / 100)), rel=0.015)


@pytest.mark.parametrize("prompts_per_step, output", [(2.0, 291), (0.5, 291), (6.0, 120)])
def test_mixture_matches_a_simulation_of_each_request_own_steps(prompts_per_step, output):
    """The mechanism: each step carries Poisson(m) prompts of ``a`` seconds each; a request's TPOT is
    the mean of its own ``D_j`` steps (LoadGen's ``(latency − TTFT)/(tokens − 1)``), over answers of
    the table's lengths. The simulated p99 meets the mixture within 5 %; every answer held at the mean
    length (the single normal) misses it by far more where short answers are common."""
    rng = np.random.default_rng(11)
    a = 0.004
    steps = answer_steps(SHARES, output, 1.0)
    offsets = mixture_offsets(a * a * prompts_per_step, 0.0, steps, PERCENTILES)
    whole = np.maximum(np.rint(np.array(steps)).astype(int), 1)[rng.integers(0, len(steps), 300_000)]
    tpot = a * (rng.poisson(prompts_per_step * whole) - prompts_per_step * whole) / whole
    simulated = float(np.quantile(tpot, 0.99))
    assert offsets[99] == pytest.approx(simulated, rel=0.05)
    single = 2.3263478740408408 * math.sqrt(a * a * prompts_per_step / (output - 1))
    assert single < 0.6 * simulated


def _costs(**changes) -> StepCosts:
    costs = StepCosts(lambda n: 0.020 + 2e-5 * n, 2e-5, 0.004, 222, 291, 256, 4096)
    return dataclasses.replace(costs, **changes)


def test_no_spread_stated_keeps_the_load_point_and_one_length_is_the_single_normal():
    """Empty answer shares: the load point as before (the same object fields); a table of one share,
    1.0, the mixture of one normal: the same percentiles to 1e-9."""
    plain = load_point(_costs(), 20.0)
    one = load_point(_costs(answer_shares=(1.0,)), 20.0)
    for pct in PERCENTILES:
        assert one.tpot_s[pct] == pytest.approx(plain.tpot_s[pct], rel=1e-9)
    assert one.ttft_s == plain.ttft_s and one.step_s == plain.step_s


def test_spread_answers_raise_the_upper_tpot_only():
    """The spread moves neither the mean step, the median TPOT nor the TTFT; its p99 rises (here the p99's
    excess over the median by more than half)."""
    plain = load_point(_costs(), 20.0)
    spread = load_point(_costs(answer_shares=SHARES), 20.0)
    assert spread.step_s == plain.step_s and spread.ttft_s == plain.ttft_s
    assert spread.tpot_s[50] == plain.tpot_s[50]
    assert spread.tpot_s[99] - spread.tpot_s[50] > 1.5 * (plain.tpot_s[99] - plain.tpot_s[50])
    assert not plain.overloaded
