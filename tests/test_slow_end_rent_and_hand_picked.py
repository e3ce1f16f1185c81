"""The slow end's count (session 49, slowend49b; the first part in tests/test_slow_end_count.py) where the
ranking is by rent says the job's extra rent at the rent per card-hour, not what owning the cards costs;
and a configuration picked by hand (``estimate``'s text and JSON, the window's estimate panel) names how many
of its card meet the deadline even at the slow end, on its scenario's ranking question's basis. Both
languages; a deadline the whole range meets searches nothing."""

from __future__ import annotations

import contextlib
import io
import json
import re

import pytest
from buyer_questions import question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_costs import ownership_cost
from configurator.core.scenario import RankingQuestion, updated
from configurator.core.scenario_io import write_scenario
from configurator.core.slow_end_count import deadline_verdict, misses_at_slow_end, with_slow_end, with_slow_end_asked
from configurator.core.verdicts import Verdict

JOB = ("--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B")
RENTED = ("recommend", *JOB, "--deadline", "15h", "--objective", "cloud")
"""Ranked by rent within 15 h: 32 x Instinct MI325X take 14.2 h, the slow end 16.9 h."""
PICKED = ("estimate", *JOB, "--deadline", "1d", "--card", "gaudi3", "--count", "16")
"""16 x Gaudi 3 picked by hand for a day: 21.2 h at the estimate, 25.3 h at the slow end."""
CJK_SPACE = re.compile(r"[\u4e00-\u9fff] [\u4e00-\u9fff]")


def _cli(*argv: str) -> str:
    from configurator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def rented(catalog):
    return recommend(question_scenario(RENTED, catalog), catalog, Objective.CLOUD).ranked[0]


@pytest.fixture(scope="module")
def picked(catalog):
    scenario = question_scenario(("recommend", *JOB, "--deadline", "1d"), catalog)
    return estimate(updated(scenario, card_id="gaudi3", count=16), catalog.get("gaudi3"))


def test_ranked_by_rent_the_extra_is_the_jobs_rent_at_the_rent_per_card_hour(rented, catalog):
    v = deadline_verdict(rented.estimate)
    p = v.params
    assert v.met and p["slow_basis"] == "rent" and p["slow_count"] > rented.count
    assert p["slow_count_hours"] <= v.target
    more = estimate(updated(rented.estimate.scenario, count=p["slow_count"]), rented.card)
    rate = rented.estimate.costs.prices.cloud_per_hour
    assert more.costs.cloud == pytest.approx(rate * p["slow_count"] * more.hours, rel=1e-9)  # the job's rent
    assert p["slow_extra"] == pytest.approx(more.costs.cloud - rented.estimate.costs.cloud, rel=1e-6)
    assert p["slow_extra"] > 0 and p["slow_rate"] == rate
    text = v.message.text
    assert f"to meet it even at the slow end: {p['slow_count']:,} cards" in text
    assert f"USD more to rent for the job at {rate:.2f} USD per card-hour" in text and "to own" not in text
    zh = v.message.text_in("zh_CN")
    assert f"{p['slow_count']:,} 张卡" in zh and "作业的租金多" in zh and "拥有成本" not in zh
    assert not CJK_SPACE.search(zh)


def test_ranked_by_rent_the_json_says_the_extra_rent(rented):
    p = deadline_verdict(rented.estimate).params
    data = json.loads(_cli(*RENTED, "--json"))
    held = next(v for v in data["ranked"][0]["constraints"] if v["id"] == "deadline")["slow_end"]
    assert held["basis"] == "rent" and held["cards"] == p["slow_count"] and held["extra_ownership"] is None
    assert held["extra_rent"] == pytest.approx(p["slow_extra"], abs=0.01)
    assert held["rent_per_card_hour"] == p["slow_rate"] and held["currency"] == "USD"
    assert "more to rent for the job" in _cli(*RENTED)


def test_the_rent_words_more_less_unpriced_and_in_days():
    base = {"slow_hours": 30.0, "card": "X1", "currency": "USD", "years": 4.0, "slow_blocked": False,
            "slow_basis": "rent", "slow_count": 16, "slow_count_hours": 22.0, "slow_rate": 2.5}
    more = Verdict("deadline", 24.0, 20.0, "h", True, -4.0, -4 / 24, params={**base, "slow_extra": 1234.0})
    assert more.message.text.endswith("to meet it even at the slow end: 16 cards (22.0 h there), 1,234 USD more to "
                                      "rent for the job at 2.50 USD per card-hour")
    less = Verdict("deadline", 24.0, 20.0, "h", True, -4.0, -4 / 24, params={**base, "slow_extra": -40.0})
    assert less.message.text.endswith("40 USD less to rent for the job at 2.50 USD per card-hour (fewer card-hours)")
    assert "作业的租金少" in less.message.text_in("zh_CN")
    unpriced = Verdict("deadline", 24.0, 20.0, "h", True, -4.0, -4 / 24, params={**base, "slow_rate": None})
    assert unpriced.message.text.endswith("16 cards (22.0 h there), what renting them for the job costs is not priced")
    assert unpriced.to_dict()["slow_end"]["extra_rent"] is None
    days = Verdict("deadline", 24 * 30.0, 700.0, "h", True, -20.0, -20 / 720,
                   params={**base, "slow_hours": 750.0, "slow_count_hours": 710.0, "slow_extra": 5000.0})
    assert "16 cards (29.6 days there), 5,000 USD more to rent for the job" in days.message.text
    zh = days.message.text_in("zh_CN")
    assert "（慢端 29.6 天），按每卡每小时" in zh and not CJK_SPACE.search(zh)


def test_a_hand_picked_count_names_how_many_of_its_card_meet_it_at_the_slow_end(picked, catalog):
    assert misses_at_slow_end(deadline_verdict(picked))
    held = with_slow_end_asked(picked)
    p = deadline_verdict(held).params
    assert p["slow_basis"] == "ownership" and p["slow_count"] > 16 and p["slow_count_hours"] <= 24.0
    more = estimate(updated(picked.scenario, count=p["slow_count"]), picked.card)
    assert p["slow_extra"] == pytest.approx(ownership_cost(more).ownership.tco - ownership_cost(picked).ownership.tco,
                                            rel=1e-6)
    text = _cli(*PICKED)
    line = next(x for x in text.splitlines() if "within the 24 h deadline at the estimate" in x)
    assert f"to meet it even at the slow end: {p['slow_count']:,} cards" in line and "more to own over 4 years" in line
    zh = _cli(*PICKED, "--lang", "zh_CN")
    assert f"若按慢端也要满足期限：{p['slow_count']:,} 张卡" in zh
    data = json.loads(_cli(*PICKED, "--json"))
    said = next(v for v in data["constraints"] if v["id"] == "deadline")["slow_end"]
    assert said["cards"] == p["slow_count"] and said["basis"] == "ownership"
    assert said["extra_ownership"] == pytest.approx(p["slow_extra"], abs=0.01)


def test_a_hand_picked_count_saved_with_a_rent_ranking_says_the_extra_rent(catalog, rented, tmp_path):
    scenario = updated(rented.estimate.scenario, ranking=RankingQuestion(objective=Objective.CLOUD))
    held = with_slow_end_asked(estimate(scenario, rented.card))
    assert deadline_verdict(held).params["slow_basis"] == "rent"
    path = tmp_path / "rented.gpuconf.json"
    write_scenario(path, scenario)
    assert "more to rent for the job at" in _cli("estimate", "--scenario", str(path))


def test_a_hand_picked_count_the_whole_range_meets_searches_nothing(catalog):
    scenario = question_scenario(("recommend", *JOB, "--deadline", "3d"), catalog)
    est = estimate(updated(scenario, card_id="gaudi3", count=16), catalog.get("gaudi3"))
    assert with_slow_end_asked(est) is est and with_slow_end(est, objective=Objective.CLOUD) is est
    data = json.loads(_cli("estimate", *JOB, "--deadline", "3d", "--card", "gaudi3", "--count", "16", "--json"))
    assert "slow_end" not in next(v for v in data["constraints"] if v["id"] == "deadline")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_estimate_panel_says_it_under_the_verdict(qtbot, picked, catalog, language):
    from configurator.app.i18n import language_for_a_while
    from configurator.app.results_panel import ResultsPanel
    from configurator.core.analysis import Analysis

    count = f"{deadline_verdict(with_slow_end_asked(picked)).params['slow_count']:,}"
    with language_for_a_while(language):
        panel = ResultsPanel()
        qtbot.addWidget(panel)
        panel.resize(420, 700)
        panel.show()
        panel.update_from(Analysis(picked, (), (), None, ()))
        shown = panel.slow_end.text()
        assert panel.slow_end.isVisible()
        assert (f"若按慢端也要满足期限：{count} 张卡" if language == "zh_CN" else
                f"to meet it even at the slow end: {count} cards") in shown
        assert shown in panel.verdict.toolTip()  # the verdict's tooltip says the deadline in full alike
        scenario = question_scenario(("recommend", *JOB, "--deadline", "3d"), catalog)
        met = estimate(updated(scenario, card_id="gaudi3", count=16), catalog.get("gaudi3"))
        panel.update_from(Analysis(met, (), (), None, ()))
        assert not panel.slow_end.isVisible()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_ranked_by_rent_the_summary_and_the_recommendation_panel_say_the_extra_rent(qtbot, catalog, rented, language):
    from html import unescape

    from configurator.app.controller import ScenarioController
    from configurator.app.i18n import language_for_a_while
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.report.summary import build_summary

    said = "作业的租金多" if language == "zh_CN" else "more to rent for the job at"
    summary = build_summary(rented.estimate, catalog, language, objective=Objective.CLOUD, recommended=True)
    rows = summary.first_page[0].rows
    assert any(said in row[2] for row in rows)
    scenario = updated(question_scenario(RENTED, catalog), ranking=RankingQuestion(objective=Objective.CLOUD))
    with language_for_a_while(language):
        panel = RecommendationPanel(ScenarioController(catalog, scenario))
        qtbot.addWidget(panel)
        panel.refresh()
        shown = unescape(re.sub(r"<[^>]+>", "", panel.against_label.text()))
    assert said in shown
