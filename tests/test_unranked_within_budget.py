"""A ranking that ranks nothing because the configurations no constraint rules out lack a figure (a price, a
board power) says so, and never that the budget is too small where one of them keeps within it (session 50,
small50). Checking ``recommend --workload inference --model qwen2.5-72b --concurrency 200 --tpot-ms 50 --region cn``
at 500 万元: 16 × Ascend 910C server costs 414.88 万元 and meets every constraint, but its board power is not
published, so no total cost of ownership ranks it; the command line and the window said "No card meets the
scenario's constraints." and "The budget is too small: every priced configuration that meets the other
constraints costs more" above it.

Session 51 (buyer51): such a total is ranked, after every complete one, and says it leaves out the energy
(:func:`~configurator.core.procurement.partial.excluded_message`); "No card can be ranked" is said where nothing
ranks."""

from __future__ import annotations

import json

import pytest
from buyer_questions import cli_text, question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.recommend import recommend
from configurator.core.recommend_budget import budget_short, budget_short_message
from configurator.core.view.ranking_view import NONE_MEETS, NONE_RANKED_FOR_FIGURES, none_ranked

QUESTION = ("recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "200", "--tpot-ms",
            "50", "--region", "cn", "--limit", "3")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_a_configuration_within_budget_without_a_board_power_is_ranked_on_its_total_without_energy(catalog):
    """Session 51 (buyer51, persona50b #11): a total whose energy is unknown for want of a published board power is
    a partial total, ranked after every complete one and saying what it leaves out; here it is the only
    configuration within the budget, so it is first."""
    result = recommend(question_scenario((*QUESTION, "--budget", "500万元"), catalog), catalog)
    first = result.ranked[0]
    assert first.card.id == "ascend-910c-a3-server" and first.count == 16
    assert first.reasons[0].id == "total-excludes-energy" and result.ranked_after == ("ascend-910c-a3-server",)
    assert any(v.id == "budget" and v.met for v in first.estimate.verdicts)
    assert budget_short_message(result) is None and first.card.id not in {r.card.id for r in result.unpriced}


def test_a_total_without_energy_ranks_after_every_complete_one(catalog):
    """At 1,000 万元 48 × Ascend 910B (a complete total) is first, the 910C server's total without its energy after
    it, though lower: a partial total never takes first place by price."""
    result = recommend(question_scenario((*QUESTION, "--budget", "1000万元"), catalog), catalog)
    ids = [r.card.id for r in result.ranked]
    assert ids.index("ascend-910b") < ids.index("ascend-910c-a3-server")
    assert result.ranked_after == ("ascend-910c-a3-server",)


@pytest.mark.parametrize(("language", "said", "not_said"), [
    ("en", "The total excludes energy (no published board power)", "No card can be ranked"),
    ("zh_CN", "总额不含电费（无公开的板卡功耗）", "无法排名任何加速卡")])
def test_the_command_line_says_what_the_total_leaves_out_in_both_languages(language, said, not_said):
    text = cli_text(*QUESTION, "--budget", "500万元", "--lang", language)
    assert said in text and not_said not in text and "预算不足" not in text and "The budget is too small" not in text
    assert json.loads(cli_text(*QUESTION, "--budget", "500万元", "--json"))["budget_too_small"] is None


@pytest.mark.parametrize(("language", "first"), [
    ("en", "No card can be ranked: those no constraint rules out lack a figure"),
    ("zh_CN", "无法排名任何加速卡：未被约束排除的方案缺少排名所需的数据（列为未参与排名）。")])
def test_no_card_can_be_ranked_is_still_said_where_nothing_ranks(catalog, language, first):
    """small50's sentence stays true where it is said: at 400 万元 the 910C server is over the budget and BR100,
    without a price, cannot be checked against it; nothing is ranked."""
    result = recommend(question_scenario((*QUESTION, "--budget", "400万元"), catalog), catalog)
    assert not result.ranked and result.unpriced and none_ranked(result) == NONE_RANKED_FOR_FIGURES
    assert first in cli_text(*QUESTION, "--budget", "400万元", "--lang", language)


def test_a_budget_below_every_priced_configuration_is_still_said_too_small(catalog):
    result = recommend(question_scenario((*QUESTION, "--budget", "50万元"), catalog), catalog)
    assert budget_short_message(result) is not None and none_ranked(result) == NONE_MEETS
    assert "预算不足" in cli_text(*QUESTION, "--budget", "50万元", "--lang", "zh_CN")
