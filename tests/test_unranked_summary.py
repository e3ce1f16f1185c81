"""Nothing ranked while a configuration listed unranked for want of a figure meets every constraint: every surface
says the ranking's one sentence (:data:`~configurator.core.view.ranking_view.NONE_RANKED_FOR_FIGURES`) and presents
that configuration (session 50, users50). ``recommend --workload inference --model qwen2.5-72b --users 200 --tpot-ms
50 --region cn --budget 500万元``: 16 × Ascend 910C server at 414.88 万元 meets every constraint, its board power
unpublished; the command line said so (small50), but the summary said "No configuration meets every constraint
set. The nearest, 48 × Ascend 910B, breaks: over budget by 316.79 万元" and the wizard showed the same 910B."""

from __future__ import annotations

import re
from html import unescape

import pytest
from buyer_questions import cli_text, question_scenario

from configurator.core.recommend import recommend
from configurator.core.recommend_budget import unranked_meeting_all

QUESTION = ("--workload", "inference", "--model", "qwen2.5-72b", "--users", "200", "--tpot-ms", "50", "--region",
            "cn")
SAID = {"en": "No card can be ranked: those no constraint rules out lack a figure the ranking needs (listed as not "
              "ranked).",
        "zh_CN": "无法排名任何加速卡：未被约束排除的方案缺少排名所需的数据（列为未参与排名）。"}


def _summary(tmp_path, language: str, *more: str) -> str:
    path = tmp_path / f"summary-{language}.md"
    cli_text("report", *QUESTION, *more, "--lang", language, "-o", str(path))
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("language", "then"), [
    ("en", "16 × Ascend 910C server — Atlas 800T/800I A3 (8 per server) meets every constraint set; it is not "
           "ranked: no published board power."),
    ("zh_CN", "16 × 昇腾 910C 服务器——Atlas 800T/800I A3（每台 8 颗）满足所设的全部约束，但未参与排名：无公开的板卡功耗。")])
def test_the_summary_says_the_rankings_sentence_and_presents_the_configuration_that_meets_them_all(
        tmp_path, language, then):
    text = _summary(tmp_path, language, "--budget", "500万元")
    assert f"**{SAID[language]}{' ' if language == 'en' else ''}{then}" in text
    assert "No configuration meets every constraint set" not in text and "没有满足所设全部约束的配置" not in text
    assert "910B" not in text.split("## ")[1]  # page 1 names no configuration over the budget
    assert cli_text("recommend", *QUESTION, "--budget", "500万元", "--limit", "1", "--lang", language).count(
        SAID[language]) == 1  # the command line's, the same words


def test_the_nearest_shown_beside_cards_unranked_for_want_of_a_figure_follows_the_same_sentence(tmp_path):
    text = _summary(tmp_path, "en", "--budget", "400万元").replace("\u00a0", " ")  # 414.88 万元: over, alone
    assert f"**{SAID['en']} The nearest, 16 × Ascend 910C server — Atlas 800T/800I A3 (8 per server), breaks: over " \
           "budget by 148,807 CNY. The budget covers 96 % of it" in text


def test_a_chosen_card_without_a_board_power_is_not_told_to_enter_a_quote(tmp_path):
    text = _summary(tmp_path, "en", "--budget", "500万元", "--card", "ascend-910c-a3-server", "--count", "16")
    assert "It cannot be ranked by lowest total cost of ownership: no published board power." in text
    assert "no price on that basis" not in text


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_wizard_presents_it_under_the_same_sentence(qtbot, catalog, controller, language):
    from configurator.app.i18n import language_for_a_while
    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_decide import decide

    scenario = question_scenario(("recommend", *QUESTION, "--budget", "500万元"), catalog)
    shown = unranked_meeting_all(recommend(scenario, catalog, limit=1))
    assert shown is not None and (shown.card.id, shown.count) == ("ascend-910c-a3-server", 16)
    decision = decide(scenario, catalog, None, None, False)
    assert decision.chosen_by == "unranked" and decision.meets_constraints
    assert (decision.estimate.card.id, decision.scenario.count) == (shown.card.id, shown.count)
    with language_for_a_while(language):
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        text = unescape(re.sub(r"<[^>]+>", "", wizard.summary.decision_html(decision)))
    assert text.startswith(SAID[language])
    assert "Nothing meets every constraint you set" not in text and "910B" not in text
