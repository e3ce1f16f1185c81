"""A ranking that ranks nothing because the configurations no constraint rules out lack a figure (a price, a
board power) says so, and never that the budget is too small where one of them keeps within it (session 50,
small50). Checking ``recommend --workload inference --model qwen2.5-72b --concurrency 200 --tpot-ms 50 --region cn``
at 500 万元: 16 × Ascend 910C server costs 414.88 万元 and meets every constraint, but its board power is not
published, so no total cost of ownership ranks it; the command line and the window said "No card meets the
scenario's constraints." and "The budget is too small: every priced configuration that meets the other
constraints costs more" above it."""

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


def test_a_configuration_within_budget_left_unranked_is_not_the_budgets_fault(catalog):
    result = recommend(question_scenario((*QUESTION, "--budget", "500万元"), catalog), catalog)
    assert not result.ranked
    within = [r for r in result.unpriced if any(v.id == "budget" and v.met for v in r.estimate.verdicts)]
    assert within and within[0].card.id.startswith("ascend-910c")
    assert budget_short_message(result) is None and none_ranked(result) == NONE_RANKED_FOR_FIGURES
    assert budget_short(result) is not None  # found, but the wizard and the summary show the 910C (users50)


@pytest.mark.parametrize(("language", "first", "not_said"), [
    ("en", "No card can be ranked: those no constraint rules out lack a figure", "The budget is too small"),
    ("zh_CN", "无法排名任何加速卡：未被约束排除的方案缺少排名所需的数据（列为未参与排名）。", "预算不足")])
def test_the_command_line_says_why_in_both_languages(language, first, not_said):
    text = cli_text(*QUESTION, "--budget", "500万元", "--lang", language)
    assert first in text and not_said not in text
    assert json.loads(cli_text(*QUESTION, "--budget", "500万元", "--json"))["budget_too_small"] is None


def test_a_budget_below_every_priced_configuration_is_still_said_too_small(catalog):
    result = recommend(question_scenario((*QUESTION, "--budget", "50万元"), catalog), catalog)
    assert budget_short_message(result) is not None and none_ranked(result) == NONE_MEETS
    assert "预算不足" in cli_text(*QUESTION, "--budget", "50万元", "--lang", "zh_CN")
