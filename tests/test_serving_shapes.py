"""The serving deployment search sizes separate prefill and decode pools copy shape by copy shape
(:mod:`configurator.core.workloads.serving.shapes`, ``deployment._fewest_pooled``): the fewest
cards it finds carry the load (the plan there is asked again in full), are never more than the one
guess of the sessions before gave, and a card that carries the load at no count is left quickly."""

from __future__ import annotations

import pytest
from buyer_questions import README_SERVING, question_scenario

from configurator.core.estimate import clear_estimate_memo
from configurator.core.workloads.layout import plannable
from configurator.core.workloads.serving import deployment, plan
from configurator.core.workloads.serving.plan import carries_load
from configurator.core.workloads.serving.shapes import CopyShape, copy_shapes, pinned_to


BEFORE = {"a10": 544, "h800-sxm": 16, "h100-sxm": 12, "h100-pcie": 36, "a100-pcie-80gb": 72, "mi300x": 12,
          "mi325x": 12, "l40s": 160, "h200-sxm": 12, "trainium2": 68}
"""The README question's counts as the deployment search gave them before it sized the pools shape by
shape (one guess below the fewest shared copies; session 20's README)."""


@pytest.fixture(scope="module")
def question(catalog):
    return question_scenario(README_SERVING, catalog)


@pytest.mark.parametrize("card_id, fewer", [("h800-sxm", 12), ("a10", 456)])
def test_pools_sized_by_shape_find_counts_the_one_guess_missed(catalog, question, card_id, fewer):
    """H800: 12 cards (TP4, pools) carry the README question where the one guess left 16; A10: 456
    (TP8 × 57 copies; 392 until the decode step grew with its batch, max(W + g·C, C),
    g 0.07/0.20, session 48; 360 until vLLM's weight share came from its kernel tables, 0.90 -> 0.89, session 48)
    where it left 544. The deployment found carries the load."""
    card = catalog.get(card_id)
    found = deployment.serving_deployment(question, card)
    assert found is not None and carries_load(found)
    assert found.scenario.count == fewer < BEFORE[card_id]
    assert found.scenario.serving.disaggregated


@pytest.mark.parametrize("card_id", sorted(BEFORE))
def test_never_more_cards_than_before(catalog, question, card_id):
    """On no card of the set does the search answer more cards than before, and what it answers
    carries the load."""
    found = deployment.serving_deployment(question, catalog.get(card_id))
    assert found is not None and carries_load(found)
    assert found.scenario.count <= BEFORE[card_id]


def test_a_card_that_carries_at_no_count_is_left_quickly(catalog, question, monkeypatch):
    """T4 carries the README question at no count (too slow per token at any width): the doubling
    stops at the latency floor, and no pools are sized — at most one plan per count doubled."""
    searches = []
    search = plan.search_serving
    monkeypatch.setattr(plan, "search_serving", lambda s, c: searches.append(s.count) or search(s, c))
    clear_estimate_memo()
    assert deployment.serving_deployment(question, catalog.get("t4")) is None
    assert len(searches) <= len(deployment.SERVING_COUNTS)


def test_copy_shapes_follow_the_plan(catalog, question):
    """Every tensor degree inside one fast domain that divides the heads, one stage each, then the
    stages at the widest, fewest cards per copy first; a pinned degree is kept."""
    card = catalog.get("h100-sxm")
    base = plannable(question, card)
    shapes = copy_shapes(base, card)
    assert shapes[:4] == [CopyShape(1, 1), CopyShape(2, 1), CopyShape(4, 1), CopyShape(8, 1)]
    assert shapes[4:] == [CopyShape(8, pp) for pp in (2, 4, 8, 16)]
    pinned = base.model_copy(update={"auto_layout": tuple(f for f in base.auto_layout if f != "tp"),
                                     "parallelism": base.parallelism.model_copy(update={"tp": 4})})
    assert CopyShape(4, 1) in copy_shapes(pinned, card) and all(s.tp == 4 for s in copy_shapes(pinned, card))
    laid_out = pinned_to(base, CopyShape(2, 1))
    assert laid_out.parallelism.tp == 2 and laid_out.parallelism.pp == 1
    assert "tp" not in laid_out.auto_layout and "pp" not in laid_out.auto_layout
    assert "max_batch" in laid_out.auto_layout


def test_a_pinned_tensor_degree_is_sized_in_its_own_copies(catalog, question):
    """With the tensor degree pinned (TP4 on H100), the pools are sized in copies of four cards and
    every count asked is a multiple of four: the deployment found carries the load."""
    card = catalog.get("h100-sxm")
    base = plannable(question, card)
    pinned = base.model_copy(update={"auto_layout": tuple(f for f in base.auto_layout if f != "tp"),
                                     "parallelism": base.parallelism.model_copy(update={"tp": 4})})
    found = deployment.serving_deployment(pinned, card)
    assert found is not None and carries_load(found)
    assert found.scenario.parallelism.tp == 4 and found.scenario.count % 4 == 0
    assert found.scenario.count <= 12
