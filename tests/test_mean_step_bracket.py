"""The mean step solved inside a bracket of known roots (core/load.py): the closed loop offers each
rate's solve the steps at the rates around it, and the step at the capacity in closed form. Over a
wide grid of copies and rates the answer keeps the solver's tolerance and agrees with the solve from
the full bracket to the tolerance's order; bounds the values do not confirm are dropped."""

from __future__ import annotations

import bisect
import itertools
import math

import pytest

from configurator.core.load import CLOSED_LOOP_TOLERANCE, StepCosts, capacity, closed_loop_rate, request_seconds
from configurator.core.load_step import STEP_TOLERANCE, capacity_step, solve_mean_step


def _piecewise(batch: int, idle_s: float, slope_s: float, bend: float) -> StepCosts:
    """A decode step linear between nodes on a √2 grid, as the copy's step table gives it:
    ``idle + slope·n`` (bend 0) or concave ``idle + slope·n^0.7`` (a MoE's experts touched)."""
    nodes = sorted({0, 1, 2, batch, batch + 1}.union(round(2 ** (k / 2)) for k in range(2, int(2 * math.log2(batch + 1)))))
    times = [idle_s + slope_s * (n ** (1.0 - bend)) for n in nodes]

    def decode_s(n: float) -> float:
        i = bisect.bisect_right(nodes, n, 1, len(nodes) - 1) - 1
        return times[i] + (n - nodes[i]) * (times[i + 1] - times[i]) / (nodes[i + 1] - nodes[i])
    return decode_s


COPIES = [
    StepCosts(_piecewise(batch, idle, slope, bend), tau, chunk, prompt, output, batch, 8192)
    for batch, idle, slope, bend, tau, chunk, prompt, output in itertools.product(
        (1, 8, 64, 512, 2084), (0.004, 0.03), (1e-5, 3e-4), (0.0, 0.3), (1e-6, 2e-5), (0.0, 0.004),
        (128, 2048), (2, 256, 2048))
]


def _residual(costs: StepCosts, rate: float, step: float) -> float:
    """``|F(T) − T|`` at the step found [s]."""
    return abs(_f(costs, rate, step))


def _f(costs: StepCosts, rate: float, step: float) -> float:
    """``F(T) − T``, the mean step's equation written out (:func:`solve_mean_step`) [s]."""
    across = 1.0 - rate * costs.prompt_tokens * costs.prompt_token_s
    n = min(rate * costs.decode_steps * step, costs.max_batch)
    return (costs.decode_s(n) + (1.0 - math.exp(-rate * step)) * costs.chunk_s) / across - step


def _root(costs: StepCosts, rate: float) -> float:
    """The exact form: the root of ``F(T) = T`` by bisection to the last bits [s]."""
    low, high = 0.0, 2.0 * (costs.decode_s(costs.max_batch) + costs.chunk_s) \
        / (1.0 - rate * costs.prompt_tokens * costs.prompt_token_s)
    for _ in range(120):
        middle = 0.5 * (low + high)
        low, high = (middle, high) if _f(costs, rate, middle) > 0.0 else (low, middle)
    return 0.5 * (low + high)


@pytest.mark.parametrize("index", range(0, len(COPIES), 7))
def test_a_step_solved_between_known_roots_keeps_the_tolerance(index):
    """At rates across (0, capacity], the step solved between the roots at the rates either side
    meets ``|F(T) − T| ≤ 1e-12 s + 1e-6·T`` and lies within 2e-5 of the exact root (measured over
    this grid: 1.1e-5; the full bracket's answers 0.9e-5 below the capacity)."""
    costs = COPIES[index]
    limit = capacity(costs)
    rates = [limit * share for share in (0.05, 0.3, 0.6, 0.8, 0.9, 0.97, 0.995, 1.0)]
    cold = [solve_mean_step(costs, rate)[0] for rate in rates]
    for i in range(1, len(rates) - 1):
        step, n = solve_mean_step(costs, rates[i], cold[i - 1], cold[i + 1])
        assert _residual(costs, rates[i], step) <= 1e-12 + STEP_TOLERANCE * step
        assert step == pytest.approx(_root(costs, rates[i]), rel=2e-5)
        assert n == pytest.approx(min(rates[i] * costs.decode_steps * step, costs.max_batch))


@pytest.mark.parametrize("index", range(3, len(COPIES), 11))
def test_the_capacity_step_is_the_root_at_the_capacity(index):
    """Offered the explicit step at the capacity (``T*``, a billionth above), the solve takes it:
    within 1e-8 of the exact root (the full bracket's answer there: within 1.2e-4 on this grid)."""
    costs = COPIES[index]
    if costs.decode_steps <= 0:
        return
    limit = capacity(costs)
    offered = capacity_step(costs) * (1.0 + 1e-9)
    step, _ = solve_mean_step(costs, limit, 0.0, offered)
    assert _residual(costs, limit, step) <= 1e-12 + STEP_TOLERANCE * step
    assert step == pytest.approx(_root(costs, limit), rel=1e-8)


def test_bounds_the_values_do_not_confirm_are_dropped():
    """A lower bound above the root or an upper one below it is not a bracket: the solve starts
    from the full one and finds the same root."""
    costs = COPIES[200]
    rate = 0.7 * capacity(costs)
    root = solve_mean_step(costs, rate)[0]
    for below, above in ((2 * root, None), (0.0, 0.5 * root), (1.5 * root, 0.5 * root)):
        assert solve_mean_step(costs, rate, below, above)[0] == pytest.approx(root, rel=1e-5)


def test_nothing_arriving_steps_at_the_empty_decode():
    costs = COPIES[17]
    assert solve_mean_step(costs, 0.0) == (costs.decode_s(0.0), 0.0)


@pytest.mark.parametrize("index", range(1, len(COPIES), 13))
@pytest.mark.parametrize("users", [1, 7, 64, 900, 5000])
def test_the_closed_loop_keeps_littles_law_over_a_wide_grid(index, users):
    """``λ·R(λ) = users`` to the closed loop's tolerance with ``R`` from the full-bracket solve (the
    steps the loop solved between known roots move it by far less), or the copy at its capacity."""
    costs = COPIES[index]
    limit = capacity(costs)
    rate = closed_loop_rate(costs, users, limit)
    assert 0.0 < rate <= limit
    p_tau = costs.prompt_tokens * costs.prompt_token_s
    if rate >= limit * (1 - 1e-12) or rate * p_tau >= 1.0 - 1e-6:
        return
    from configurator.core import load_step
    load_step._LAST_STEP.clear()  # R from a fresh solve over the full bracket
    assert rate * request_seconds(costs, rate) == pytest.approx(users, rel=1.5 * CLOSED_LOOP_TOLERANCE)
