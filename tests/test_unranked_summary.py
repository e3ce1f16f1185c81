"""Nothing ranked while a configuration listed unranked for want of a figure meets every constraint: every surface
says the ranking's one sentence (:data:`~configurator.core.view.ranking_view.NONE_RANKED_FOR_FIGURES`) and presents
that configuration (session 50, users50). ``recommend --workload inference --model qwen2.5-72b --users 200 --tpot-ms
50 --region cn --budget 500万元``: 16 × Ascend 910C server at 414.88 万元 meets every constraint, its board power
unpublished; the command line said so (small50), but the summary said "No configuration meets every constraint
set. The nearest, 48 × Ascend 910B, breaks: over budget by 316.79 万元" and the wizard showed the same 910B.

Session 51 (buyer51): the 910C server's total without its energy is ranked now (after every complete total), so
every surface recommends it; the sentence stays where nothing ranks (400 万元 below)."""

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


@pytest.mark.parametrize(("language", "then", "excluded"), [
    ("en", "**Recommended by lowest total cost of ownership: 16 × Ascend 910C server — Atlas 800T/800I A3 (8 per "
           "server), which fits and meets every constraint set.",
     "the total excludes energy (no published board power)"),
    ("zh_CN", "**按总拥有成本最低推荐：16 × 昇腾 910C 服务器——Atlas 800T/800I A3（每台 8 颗），"
              "显存可容纳且满足所设的全部约束。", "总额不含电费（无公开的板卡功耗）")])
def test_the_summary_recommends_the_configuration_that_meets_them_all_its_total_without_energy(
        tmp_path, language, then, excluded):
    """Session 51 (buyer51, persona50b #11): the total without its energy is ranked (after every complete one:
    here there is none) and page 1 says what it leaves out."""
    text = _summary(tmp_path, language, "--budget", "500万元")
    assert then in text and excluded in text.split("## ")[0]
    assert SAID[language] not in text
    assert "910B" not in text.split("## ")[1]  # page 1 names no configuration over the budget


def test_the_nearest_shown_beside_cards_unranked_for_want_of_a_figure_follows_the_same_sentence(tmp_path):
    text = _summary(tmp_path, "en", "--budget", "400万元").replace("\u00a0", " ")  # 414.88 万元: over, alone
    assert f"**{SAID['en']} The nearest, 16 × Ascend 910C server — Atlas 800T/800I A3 (8 per server), breaks: over " \
           "budget by 148,807 CNY. The budget covers 96 % of it" in text


def test_a_chosen_card_without_a_board_power_is_not_told_to_enter_a_quote(tmp_path):
    text = _summary(tmp_path, "en", "--budget", "500万元", "--card", "ascend-910c-a3-server", "--count", "16")
    assert "is the recommended option by lowest total cost of ownership" in text
    assert "no price on that basis" not in text and "It cannot be ranked" not in text


@pytest.mark.parametrize(("language", "without"), [("en", "without energy (no published power)"),
                                                 ("zh_CN", "未含电费（无公开功率）")])
def test_the_wizard_presents_it_as_ranked_its_total_without_energy(qtbot, catalog, controller, language, without):
    from configurator.app.i18n import language_for_a_while
    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_decide import decide

    scenario = question_scenario(("recommend", *QUESTION, "--budget", "500万元"), catalog)
    assert unranked_meeting_all(recommend(scenario, catalog, limit=1)) is None
    decision = decide(scenario, catalog, None, None, False)
    assert decision.chosen_by == "recommender" and decision.meets_constraints
    assert (decision.estimate.card.id, decision.scenario.count) == ("ascend-910c-a3-server", 16)
    with language_for_a_while(language):
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        text = unescape(re.sub(r"<[^>]+>", "", wizard.summary.decision_html(decision)))
    assert without in text and SAID[language] not in text and "910B" not in text
