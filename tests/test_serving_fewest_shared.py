"""The serving deployment search bisects shared copies in full before it sizes separate pools below
them (``deployment._fewest_deployment``): whether shared copies carry the load is not monotone in
the card count (which tensor-parallel widths divide it sets the layouts on offer), so one card fewer
not carrying it says nothing of fewer still. The Chinese buyer's question (Llama 3 70B at
10 requests/s, no user count, delivery to mainland China, a 3,000,000 CNY budget): 55 × V100 32 GB
do not carry it with shared copies, 48 do — a search that stopped at 55 answered 56 cards, over the
budget, where 48 meet it."""

from __future__ import annotations

import pytest
from buyer_questions import CHINESE_BUYER, question_scenario

from configurator.core.catalog import load_bundled_catalog
from configurator.core.workloads.layout import at_count, plannable
from configurator.core.workloads.serving import deployment
from configurator.core.workloads.serving.plan import carries, carries_load


@pytest.fixture(scope="module")
def v100_question():
    catalog = load_bundled_catalog()
    return question_scenario(CHINESE_BUYER, catalog), catalog.get("v100-sxm-32gb")


def test_shared_copies_carrying_is_not_monotone_in_the_count(v100_question):
    scenario, card = v100_question
    base = deployment._engine_defaults(plannable(scenario, card))
    assert carries(at_count(base, 48), card)
    assert not carries(at_count(base, 55), card)


def test_the_fewest_is_found_below_a_count_whose_one_fewer_does_not_carry(v100_question):
    scenario, card = v100_question
    found = deployment.serving_deployment(scenario, card)
    assert found is not None and carries_load(found)
    assert found.scenario.count <= 48
