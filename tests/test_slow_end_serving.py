"""A request rate a serving deployment carries at the estimate but not at the slow end of its likely range
names the fewest cards of the same card that carry it there, with what they cost beyond it (session 49,
slowend49c; mleng49: "51.1 requests/s (likely 34.1–51.1)" against the 40 needed, nothing said). One
mechanism with the training deadline's (:data:`configurator.core.slow_end_count.SLOW_ENDS`); the command
line's text and JSON, the window's recommendation and estimate panels, the summary and the wizard's result
say it, in both languages. A suggested count ("Cards for the deadline", "Cards for the targets") names the
slow end's count where it differs. A rate the whole range carries searches nothing."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from buyer_questions import cli_text as _cli
from buyer_questions import question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.recommend import recommend
from configurator.core.recommend_costs import ownership_cost
from configurator.core.scenario import updated
from configurator.core.scenario_ranking import Objective
from configurator.core.slow_end_count import (
    fewest_at_slow_end, misses_at_slow_end, slow_end_verdict, with_slow_end, with_slow_end_asked)
from configurator.core.verdicts import Verdict

SERVE = ("--workload", "inference", "--model", "llama3-70b", "--requests-per-s", "40", "--prompt-tokens", "1000",
         "--output-tokens", "300", "--ttft-ms", "1000", "--tpot-ms", "33.3", "--weight-format", "fp8")
"""mleng49's serving question: Llama 3 70B at 40 requests/s, 1,000-token prompts, 300-token answers, first
token within 1 s and 33.3 ms per token at p90, FP8: 8 x MI350X carry 51.1 requests/s, 34.1 at the slow end."""

QUESTION = ("recommend", *SERVE)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def first(catalog):
    return recommend(question_scenario(QUESTION, catalog), catalog).ranked[0]


def _rate(est):
    return next(v for v in est.verdicts if v.id == "request-rate")


def test_the_first_names_the_fewest_cards_that_carry_the_rate_at_the_slow_end(first, catalog):
    v = _rate(first.estimate)
    assert slow_end_verdict(first.estimate) is v and misses_at_slow_end(v) and v.met  # still first, unchanged
    p = v.params
    assert p["slow_requests_per_s"] < v.target <= v.actual
    assert p["slow_count"] > first.count and p["slow_count_requests_per_s"] >= v.target
    server = first.estimate.scenario.cards_in_node
    assert p["slow_count"] % server == 0  # whole servers, as the ranking buys them
    assert p["slow_extra"] > 0 and p["slow_basis"] == "ownership"
    text = v.message.text
    assert "needed at the estimate; may miss it at the slow end of the likely range (" in text
    assert f"to carry it even at the slow end: {p['slow_count']:,} cards" in text and "more to own over 4 years" in text
    zh = v.message.text_in("zh_CN")
    assert f"若按慢端也要达到：{p['slow_count']:,} 张卡" in zh and "按可能范围的慢端" in zh and "4 年的拥有成本多" in zh
    assert not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", zh)
    found, _ = fewest_at_slow_end(first.estimate.scenario, first.card, v.target, verdict_id="request-rate")
    assert found.scenario.count == p["slow_count"]
    extra = ownership_cost(found).ownership.tco - ownership_cost(first.estimate).ownership.tco
    assert p["slow_extra"] == pytest.approx(extra, rel=1e-6)


def test_a_rate_the_whole_range_carries_searches_nothing(catalog):
    scenario = question_scenario(QUESTION, catalog)
    est = estimate(updated(scenario, card_id="mi350x", count=16), catalog.get("mi350x"))
    v = _rate(est)
    assert v.met and v.params["slow_requests_per_s"] >= v.target and not misses_at_slow_end(v)
    assert with_slow_end(est) is est and v.message.id == "meets-request-rate"


def test_ranked_by_rent_the_extra_is_a_months_rent(catalog):
    est = recommend(question_scenario(QUESTION, catalog), catalog, Objective.CLOUD).ranked[0].estimate
    v = _rate(est)
    p = v.params
    assert p["slow_basis"] == "rent" and p["slow_count_requests_per_s"] >= v.target
    assert "more to rent a month around the clock at" in v.message.text
    assert "全天候租用一个月的租金多" in v.message.text_in("zh_CN")
    assert v.to_dict()["slow_end"]["extra_rent_period"] == "month"


def test_none_tried_and_unpriced_in_words():
    base = {"slow_requests_per_s": 30.0, "card": "X1", "currency": "USD", "years": 4.0, "slow_blocked": True}
    none = Verdict("request-rate", 40.0, 50.0, "requests/s", True, -10.0, -0.25, params={**base, "slow_count": None})
    assert none.message.text.endswith("; no count of X1 tried carries it even at the slow end within the other "
                                      "constraints set")
    assert none.message.text_in("zh_CN").endswith("按慢端都无法在满足其他约束的同时达到所需请求率")
    unpriced = Verdict("request-rate", 40.0, 50.0, "requests/s", True, -10.0, -0.25,
                       params={**base, "slow_count": 16, "slow_count_requests_per_s": 45.5})
    assert unpriced.message.text.endswith("to carry it even at the slow end: 16 cards (45.5 requests/s there); what "
                                          "the extra cards cost to own is not priced")
    assert unpriced.to_dict()["slow_end"]["cards_requests_per_s"] == 45.5


def test_the_command_line_says_it_in_text_and_json(first):
    p = _rate(first.estimate).params
    line = next(x for x in _cli(*QUESTION).splitlines() if "requests/s needed at the estimate" in x)
    assert f"to carry it even at the slow end: {p['slow_count']:,} cards" in line
    assert f"若按慢端也要达到：{p['slow_count']:,} 张卡" in _cli(*QUESTION, "--lang", "zh_CN")
    data = json.loads(_cli(*QUESTION, "--json"))
    held = next(v for v in data["ranked"][0]["constraints"] if v["id"] == "request-rate")["slow_end"]
    assert held["cards"] == p["slow_count"] and held["basis"] == "ownership"
    assert held["requests_per_s"] == pytest.approx(p["slow_requests_per_s"], rel=1e-5)
    assert held["cards_requests_per_s"] == pytest.approx(p["slow_count_requests_per_s"], rel=1e-5)
    picked = _cli("estimate", *SERVE, "--card", "mi350x", "--count", "8")
    assert f"to carry it even at the slow end: {p['slow_count']:,} cards" in picked


def test_a_suggested_count_names_the_slow_ends_where_it_differs(catalog, first):
    scenario = question_scenario(QUESTION, catalog)
    few = estimate(updated(scenario, card_id="mi350x", count=4), catalog.get("mi350x"))
    said = next(s for s in what_would_fit(few) if s.kind == "meets-serving-targets").message
    count = _rate(first.estimate).params["slow_count"]
    assert f"; to carry it even at the slow end: {count:,} cards" in said.text
    assert f"若按慢端也要达到：{count:,} 张卡" in said.text_in("zh_CN")
    job = question_scenario(("recommend", "--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B",
                             "--deadline", "1d"), catalog)
    short = estimate(updated(job, card_id="gaudi3", count=8), catalog.get("gaudi3"))
    said = next(s for s in what_would_fit(short) if s.kind == "meets-deadline").message
    assert "meet the 24 h deadline" in said.text and "; to meet it even at the slow end: " in said.text
    assert "若按慢端也要满足期限：" in said.text_in("zh_CN")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_window_the_summary_and_the_wizard_say_it(qtbot, catalog, first, controller, language):
    from configurator.app.controller import ScenarioController
    from configurator.app.i18n import language_for_a_while
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.app.results_panel import ResultsPanel
    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_decide import decide
    from configurator.core.analysis import Analysis
    from configurator.report.summary import build_summary

    count = f"{_rate(first.estimate).params['slow_count']:,}"
    said = f"若按慢端也要达到：{count} 张卡" if language == "zh_CN" else f"even at the slow end: {count} cards"
    scenario = question_scenario(QUESTION, catalog)
    rows = build_summary(first.estimate, catalog, language, recommended=True).first_page[0].rows
    assert any(said in row[2] for row in rows)
    picked = estimate(updated(scenario, card_id="mi350x", count=8), catalog.get("mi350x"))
    assert said in _rate(with_slow_end_asked(picked)).message.text_in(language)
    with language_for_a_while(language):
        panel = RecommendationPanel(ScenarioController(catalog, scenario))
        qtbot.addWidget(panel)
        panel.refresh()
        assert said in unescape(re.sub(r"<[^>]+>", "", panel.against_label.text()))
        results = ResultsPanel()
        qtbot.addWidget(results)
        results.update_from(Analysis(picked, (), (), None, ()))
        assert said in results.slow_end.text() and not results.slow_end.isHidden()
        wizard = WorkloadWizard(controller)
        qtbot.addWidget(wizard)
        decision = decide(scenario, catalog, "mi350x", None, True)
        assert decision.chosen_by == "you"
        assert said in unescape(re.sub(r"<[^>]+>", "", wizard.summary.decision_html(decision)))


def test_the_objective_of_a_hand_picked_count_is_its_scenarios(catalog):
    scenario = question_scenario(QUESTION, catalog)
    picked = estimate(updated(scenario, card_id="mi350x", count=8), catalog.get("mi350x"))
    assert scenario.ranking.objective is not Objective.CLOUD
    assert _rate(with_slow_end_asked(picked)).params["slow_basis"] == "ownership"
