"""The closed loop's rate (core/load.py closed_loop_rate), its rounds tried where ``R`` taken as the
chord between the bracket's ends gives the users: over a wide grid of copies and users the rate
lies within the tolerance's bound of the exact root of ``λ·R(λ) = U`` (bisection to the last bits,
``R`` from full-bracket solves), and the users it implies within the tolerance."""

from __future__ import annotations

import pytest
from test_mean_step_bracket import COPIES

from configurator.core import load_step
from configurator.core.load import CLOSED_LOOP_TOLERANCE, capacity, closed_loop_rate, request_seconds


def _users_at(costs, rate: float) -> float:
    """``λ·R(λ)`` with ``R`` from a fresh full-bracket solve."""
    load_step._LAST_STEP.clear()
    return rate * request_seconds(costs, rate)


def _exact_rate(costs, users: int, high: float) -> float:
    """The root of ``λ·R(λ) = users`` in ``(0, high]`` by bisection [1/s]."""
    low = 0.0
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if _users_at(costs, middle) < users:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)


@pytest.mark.parametrize("index", range(0, len(COPIES), 11))
def test_the_rate_is_within_the_tolerance_of_the_root(index):
    costs = COPIES[index]
    limit = capacity(costs)
    p_tau = costs.prompt_tokens * costs.prompt_token_s
    for users in (1, 7, 64, 900, 5000):
        rate = closed_loop_rate(costs, users, limit)
        assert 0.0 < rate <= limit
        if rate >= limit * (1 - 1e-12) or rate * p_tau >= 1.0 - 1e-6:
            continue  # the copy at its capacity (or prompts filling it): no root inside
        assert _users_at(costs, rate) == pytest.approx(users, rel=1.5 * CLOSED_LOOP_TOLERANCE)
        top = min(limit, (1.0 - 1e-9) / p_tau if p_tau > 0 else limit)
        assert rate == pytest.approx(_exact_rate(costs, users, top), rel=1.5 * CLOSED_LOOP_TOLERANCE), (index, users)


def test_a_chord_far_below_zero_at_the_origin_gives_a_rate_not_a_division_by_zero():
    """A copy whose ``R`` rises so steeply that the chord's ``b`` is far below zero (``b + √(b² + 4sU)``
    rounds to 0 in the other form of the root; found by tests/test_figure_ranges.py's property test)."""
    from configurator.core.load import StepCosts
    costs = StepCosts(lambda n: 1.0 + 3558532.0 * n, 3.0, 1.0, 1, 2, 89, 3, 1.0)
    limit = capacity(costs)
    rate = closed_loop_rate(costs, 2, limit)
    assert 0.0 < rate <= limit
