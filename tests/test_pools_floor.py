"""Separate pools of one pinned copy shape that provably carry the load at no prefill pool and no
batch (:mod:`configurator.core.workloads.serving.pools_floor`) are rejected by the deployment
search without a plan: never one whose plan carries it, and the first token's floor is never above
the first token the estimate reports where the pools carry the rate."""

from __future__ import annotations

import pytest
from buyer_questions import README_SERVING, question_scenario

from configurator.core.constraints import missed_serving_targets
from configurator.core.prefill_time import prefill_pool_prompt_seconds
from configurator.core.serving_use import latency_targets
from configurator.core.workloads.layout import at_count, plannable
from configurator.core.workloads.serving import deployment, replica_plan
from configurator.core.workloads.serving.copies import kept_plan
from configurator.core.workloads.serving.edits import with_serving
from configurator.core.workloads.serving.plan import carries, estimated
from configurator.core.workloads.serving.pool_sizes import prefill_pool_sizes
from configurator.core.workloads.serving.pools_floor import first_token_floor, pools_cannot_carry
from configurator.core.workloads.serving.shapes import CopyShape, pinned_to


CASES = [("h100-sxm", 2, (4, 5, 6, 8)), ("h100-sxm", 4, (2, 3, 4)), ("a10", 8, (32, 43, 45, 60)),
         ("l40s", 8, (10, 15, 19)), ("mi300x", 1, (6, 9, 11, 16))]
"""(card, pinned tensor degree, copies asked): on the README's serving question, counts around the
fewest each shape's pools carry the load on, rejected and not."""


@pytest.fixture(scope="module")
def question(catalog):
    return question_scenario(README_SERVING, catalog)


def _pinned_pools(question, card, tp):
    base = deployment._engine_defaults(plannable(question, card))
    return pinned_to(deployment._pools_only(base), CopyShape(tp, 1))


@pytest.mark.parametrize("card_id, tp, copies", CASES)
def test_a_rejected_count_does_not_carry(catalog, question, card_id, tp, copies):
    """Where the floors reject a count, its plan does not carry the load; some counts are rejected."""
    card = catalog.get(card_id)
    pinned = _pinned_pools(question, card, tp)
    rejected = 0
    for n in copies:
        scenario = at_count(pinned, n * tp)
        if pools_cannot_carry(scenario, card):
            rejected += 1
            assert not carries(scenario, card), (card_id, tp, n)
    assert rejected or card_id == "mi300x"


@pytest.mark.parametrize("card_id, tp, copies", CASES)
def test_first_token_floor_is_below_the_estimate(catalog, question, card_id, tp, copies):
    """Every prefill pool tried: where the pools' estimate carries the stated rate, its first token
    at the target's percentile is at least the floor."""
    card = catalog.get(card_id)
    pinned = _pinned_pools(question, card, tp)
    percentile = latency_targets(question).percentile
    for n in copies:
        scenario = at_count(pinned, n * tp)
        for prefill in prefill_pool_sizes(scenario.data_parallel):
            est = estimated(with_serving(scenario, prefill_cards=prefill * tp), card)
            if est.serving is None or "misses-request-rate" in missed_serving_targets(est.scenario, est.serving):
                continue
            s = est.scenario
            floor = first_token_floor(s, card, percentile, prefill_pool_prompt_seconds(s, card, kept_plan(s, card)))
            assert floor is None or floor <= est.serving.ttft_at(percentile)


def test_nothing_rejected_without_pinned_pools(catalog, question):
    """Shared copies, the tensor degree Auto, or no stated rate: nothing is said."""
    card = catalog.get("a10")
    base = deployment._engine_defaults(plannable(question, card))
    assert not pools_cannot_carry(at_count(base, 64), card)
    assert not pools_cannot_carry(at_count(deployment._pools_only(base), 64), card)
    pinned = _pinned_pools(question, card, 8)
    no_rate = pinned.model_copy(update={"constraints": pinned.constraints.model_copy(update={"requests_per_s": None})})
    assert not pools_cannot_carry(at_count(no_rate, 64), card)


@pytest.mark.parametrize("card_id, tp, copies", CASES + [("a100-sxm-80gb", 4, (6, 8, 9, 12)), ("gb300", 1, (3, 4, 5))])
def test_splits_set_aside_change_no_answer(catalog, question, card_id, tp, copies, monkeypatch):
    """Asked only whether pinned pools carry the load, the search that estimates no split the
    floors rule out (``replica_plan.splits_that_may_carry``) answers as the one that weighs every split,
    on cards with an FP8 cache tried (GB300, L40S, H100) and without (A10, A100)."""
    card = catalog.get(card_id)
    pinned = _pinned_pools(question, card, tp)
    shortcut = [carries(at_count(pinned, n * tp), card) for n in copies]
    monkeypatch.setattr(replica_plan, "splits_that_may_carry", lambda *args: None)
    assert shortcut == [carries(at_count(pinned, n * tp), card) for n in copies]
