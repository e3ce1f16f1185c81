"""The closed loop of users (core/load.py): the rate a fixed set of users sends, solved so that
Little's law holds, and the wait of users beyond the engine's batch slots."""

from __future__ import annotations

import pytest

from configurator.core.load import (
    StepCosts,
    capacity,
    closed_loop_rate,
    load_point,
    request_seconds,
    slot_wait_seconds,
)


def _near_capacity() -> StepCosts:
    """One copy of Llama 3 8B as the recommendation of 100,000 users planned it on a fast card:
    2,084 sequences in the batch, 1,024-token prompts, 256-token answers, 8,192 tokens a step;
    a decode step of 4.27 ms at one sequence rising to 53.9 ms at 2,084 (linear between), 10.6 µs
    of compute per prompt token, 4.16 ms more in a step that carries prompts. Near its capacity the
    wait for room in the token budget turns steep: a damped iteration over the rate and the step
    cycled there (rates 54.37–55.35 /s, TTFT 0.5–9.3 s) until its 500-round cap."""
    def decode(n: float) -> float:
        return 0.0042707 + (0.0539381 - 0.0042707) * (n - 1.0) / 2083.0
    return StepCosts(decode, 1.0598537e-5, 0.00416, 1024, 256, 2084, 8192)


def test_the_users_rate_keeps_littles_law_where_the_iteration_cycled():
    """``users = λ·R(λ)`` (Little) at the rate found, to the solver's 1e-4, below the capacity."""
    costs = _near_capacity()
    rate = closed_loop_rate(costs, 2084)
    assert rate < capacity(costs)
    assert rate * request_seconds(costs, rate) == pytest.approx(2084, rel=1e-3)


@pytest.mark.parametrize("users", [1, 8, 64, 500, 2000])
def test_the_users_rate_rises_with_the_users_and_keeps_littles_law(users):
    costs = _near_capacity()
    rate = closed_loop_rate(costs, users)
    assert rate * request_seconds(costs, rate) == pytest.approx(users, rel=1e-3)
    assert closed_loop_rate(costs, users + 1) > rate


def test_users_beyond_the_batch_wait_for_a_slot():
    """Twice as many users as a copy's 64 slots: the copy runs at its capacity (every slot full)
    and, by Little's law, each request spends ``U/λ`` in the system, ``R(λ)`` of it in a slot: the
    rest is the wait for a slot, added to the first token. With the users in slots there is none."""
    costs = StepCosts(lambda n: 0.02 + 0.0002 * n, 1e-5, 0.004, 1000, 200, 64, 8192)
    limit = capacity(costs)
    rate = closed_loop_rate(costs, 128, limit)
    assert rate == pytest.approx(limit)
    wait = slot_wait_seconds(costs, 128, rate)
    assert wait == pytest.approx(128 / rate - request_seconds(costs, rate))
    assert wait > 0.4 * 128 / rate  # about half of each request's time is spent waiting
    held = load_point(costs, rate, limit, closed=True, users=64)
    queued = load_point(costs, rate, limit, closed=True, users=128)
    for p in (50, 90, 99):
        assert queued.ttft_s[p] == pytest.approx(held.ttft_s[p] + wait)
    assert slot_wait_seconds(costs, 64, rate) == 0.0
