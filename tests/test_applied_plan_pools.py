"""A plan applied in the window (the wizard's answer, a ranking row) writes its chunk, pools and pool
size into the scenario; with them left to the planner (Auto), the next card the recommendation lays
out must start from the engine's chunk and shared copies, not from that plan's (the pool size is no
layout field, so it stayed pinned: the panel then ranked the Chinese buyer's question on 8-16 cards of
each card where the command line, asked the same, answered 64-4,096; a carried 2,048-token chunk
moved the Ascend 910B's answer from 16 to 20 cards)."""

from __future__ import annotations

from buyer_questions import CHINESE_BUYER, question_scenario

from configurator.core.recommend import Objective, recommend
from configurator.core.workloads.layout import plannable
from configurator.core.workloads.serving import deployment


def _applied(question):
    """The question as the window holds it after a disaggregated plan was applied."""
    serving = question.serving.model_copy(update={"disaggregated": True, "prefill_cards": 12, "max_batched_tokens": 2048})
    return question.model_copy(update={"card_id": "ascend-910b", "count": 16, "serving": serving})


def test_the_engine_defaults_start_from_shared_copies_at_the_engines_chunk(catalog):
    question = question_scenario(CHINESE_BUYER, catalog)
    base = deployment._engine_defaults(plannable(_applied(question), catalog.get("a10")))
    assert not base.serving.disaggregated and base.serving.prefill_cards is None
    assert base.serving.max_batched_tokens == question.serving.max_batched_tokens
    assert not {"disaggregated", "max_batched_tokens"} & set(base.auto_layout)


def test_the_chunk_search_starts_from_the_engines_chunk(catalog):
    question = question_scenario(CHINESE_BUYER, catalog)
    start = deployment.engine_start(plannable(_applied(question), catalog.get("a10")))
    assert start.serving.max_batched_tokens == question.serving.max_batched_tokens
    assert start.auto_layout == plannable(question, catalog.get("a10")).auto_layout


def test_pinned_pools_stay_pinned(catalog):
    question = question_scenario(CHINESE_BUYER, catalog)
    applied = _applied(question)
    pinned = applied.model_copy(update={"auto_layout": tuple(f for f in applied.auto_layout if f != "disaggregated")})
    base = deployment._engine_defaults(plannable(pinned, catalog.get("a10")))
    assert base.serving.disaggregated and base.serving.prefill_cards == 12


def test_an_applied_plan_ranks_as_the_question_does(catalog):
    question = question_scenario(CHINESE_BUYER, catalog)
    asked = recommend(question, catalog, Objective.TCO)
    applied = recommend(_applied(question), catalog, Objective.TCO)
    assert [(r.card.id, r.count) for r in applied.below_line] == [(r.card.id, r.count) for r in asked.below_line]
