"""The step token budget at the capacity (issue 27): a step never carries more than the engine's
``max_num_tokens`` / ``max_num_batched_tokens`` (``C``), so a copy keeps at most
``B' = min(B, C·D/(D + P))`` sequences decoding in steady state (:func:`configurator.core.load_step.
steady_batch`), and its capacity and mean step are those of ``B'`` where the budget binds."""

from __future__ import annotations

import pytest

from configurator.core.load import StepCosts, capacity, load_point
from configurator.core.load_step import capacity_step, mean_step, steady_batch


def _copy(step_tokens: int, batch: int = 2622, own_pass_s: float = 0.0) -> StepCosts:
    """A copy shaped like MLPerf v5.1 Llama 3.1 8B on a B200: 871-token prompts, 129-token answers
    (128 decode steps), a decode step of 2 ms + 13 µs a sequence, 3.5 µs a prompt token."""
    return StepCosts(lambda n: 0.002 + 1.3e-5 * n, 3.5e-6, 0.004, 871, 129, batch, step_tokens,
                     own_pass_s=own_pass_s)


def test_the_budget_keeps_the_sequences_its_prompts_leave_room_for():
    """``n·(1 + P/D) ≤ C``: 12,000 tokens a step with 871-token prompts and 128 decode steps hold
    12,000·128/999 = 1,537.5 sequences, not the 2,622 the KV cache holds; a budget that carries the
    whole batch leaves it."""
    assert steady_batch(2622, 12_000, 871, 128) == pytest.approx(12_000 * 128 / 999)
    assert steady_batch(2622, 1_000_000, 871, 128) == 2622
    assert steady_batch(64, 8192, 1000, 0.0) == 64  # answers that only prefill: the batch
    assert _copy(12_000).steady_batch == pytest.approx(1537.5, abs=0.1)


def test_at_the_capacity_a_step_carries_no_more_than_the_budget():
    """At the capacity the mean step carries ``n`` decode tokens and ``λ·P·T = n·P/D`` prompt tokens:
    no more than ``C`` where the budget binds, and the capacity is below the one without a budget."""
    tight, loose = _copy(12_000), _copy(1_000_000)
    rate = capacity(tight)
    step = capacity_step(tight)
    n = rate * tight.decode_steps * step
    assert n + rate * tight.prompt_tokens * step == pytest.approx(12_000, rel=1e-9)
    assert rate < capacity(loose)
    assert rate * 128 * capacity_step(loose) * (1 + 871 / 128) > 12_000  # the unbounded copy overruns it


def test_the_mean_step_near_the_capacity_decodes_no_more_than_the_budget_allows():
    """The mean step's decoding sequences stop at ``B'``: just under the capacity the copy decodes
    close to ``B'`` and never more."""
    costs = _copy(12_000)
    _, n = mean_step(costs, 0.999 * capacity(costs))
    assert n <= costs.steady_batch
    assert n > 0.9 * costs.steady_batch
    assert not load_point(costs, 0.9 * capacity(costs)).overloaded


def test_prefill_passes_of_their_own_are_not_bound_by_the_decode_batch():
    """Where prompts run in passes of their own (SGLang without mixed chunks) the budget bounds a
    prefill pass, not the decode batch: ``B`` stands."""
    assert _copy(12_000, own_pass_s=0.001).steady_batch == 2622
