"""personacn2's findings 7 and 8: with nothing ranked the recommendation panel says the command line's
sentence once, lists the cards without a price under their own heading with no rank number, and hides
the empty chart's axes; a period under a year is written in whole months (summary, CLI, window); the
bill of materials gives the rent per hour, a month and over the TCO's period as the summary does."""

from __future__ import annotations

import pytest

from configurator.app import i18n
from configurator.app.bom_panel import BomPanel
from configurator.app.controller import ScenarioController
from configurator.app.recommend_panel import RecommendationPanel
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario
from configurator.core.view.cost_bases import period
from configurator.core.view.rows import write
from configurator.core.view.words import words
from configurator.report.language import Words
from configurator.report.summary_front import rent_text

NOTHING_RANKED = ["recommend", "--lang", "zh_CN", "--region", "cn", "--workload", "inference", "--model", "qwen2.5-72b",
                  "--concurrency", "500", "--budget", "300万", "--domestic-only"]
"""The persona's question: domestic cards only, 500 users of a 72B model, 3 million CNY: none fits the
budget, and those without a price cannot be checked against it. (At 5 million CNY until session 51: the Ascend
910C server, its board power unpublished, is ranked there now on its total without energy, buyer51.)"""


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    i18n.install_language(request.param)
    yield request.param
    i18n.install_language("en")


@pytest.mark.parametrize(("years", "en", "zh"), [(0.25, "3 months", "3 个月"), (1 / 12, "1 month", "1 个月"),
                                                (1, "1 year", "1 年"), (4, "4 years", "4 年"),
                                                (1.5, "1.5 years", "1.5 年"), (0.3, "0.3 years", "0.3 年")])
def test_a_period_under_a_year_is_written_in_whole_months(years, en, zh):
    assert write(period(years), "en") == en and write(period(years), "zh_CN") == zh


def test_nothing_ranked_says_the_command_lines_sentence_once_and_numbers_no_unranked_row(qtbot, catalog, language):
    args = build_parser().parse_args(NOTHING_RANKED)
    controller = ScenarioController(catalog, with_constraints(scenario_from_args(args, catalog), args))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    panel.domestic.setChecked(True)
    result = panel.refresh()
    assert not result.ranked and result.unpriced
    none_meets = words(language)("No card can be ranked: those no constraint rules out lack a figure the ranking "
                                 "needs (listed as not ranked).")  # small50: 'No card meets' read over the unranked
    assert panel.reasons.text().startswith(none_meets) and panel.reasons.text().count(none_meets) == 1
    table = panel.table
    heading = words(language).label("Not ranked for want of a figure (a price, a rent where you are):")
    assert table.item(0, 0).text() == heading and panel.recommendation_at(0) is None
    assert [panel.recommendation_at(row) for row in range(1, 1 + len(result.unpriced))] == list(result.unpriced)
    assert all(table.verticalHeaderItem(row).text() == "" for row in range(table.rowCount()))
    qtbot.waitUntil(lambda: panel.pareto.drawn, timeout=10_000)
    plot = panel.chart.getPlotItem()
    assert not plot.getAxis("left").isVisible() and not plot.getAxis("bottom").isVisible()


def test_ranked_rows_alone_are_numbered(qtbot, catalog):
    scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="l20",
                        serving={"concurrency": 8, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256},
                        constraints={"region": "cn"})
    panel = RecommendationPanel(ScenarioController(catalog, scenario))
    qtbot.addWidget(panel)
    panel.show()
    result = panel.refresh()
    ranked = len(result.ranked)
    labels = [panel.table.verticalHeaderItem(row).text() for row in range(panel.table.rowCount())]
    assert labels[:ranked] == [str(n) for n in range(1, ranked + 1)] and not any(labels[ranked:])
    qtbot.waitUntil(lambda: panel.pareto.drawn, timeout=10_000)
    assert panel.chart.getPlotItem().getAxis("left").isVisible()


def test_the_bill_of_materials_gives_the_rent_as_the_summary_does(qtbot, catalog, language):
    scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm",
                        economics={"amortisation_years": 0.25})
    controller = ScenarioController(catalog, scenario)
    controller.recompute()
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.analysis)
    shown = {panel.money.item(row, 0).text(): panel.money.item(row, 1).text() for row in range(panel.money.rowCount())}
    rent = rent_text(controller.analysis.estimate, Words(language), panel.cost)
    assert rent is not None and rent in shown.values()
    months = write(period(0.25), language)
    assert months in rent and any(months in name for name in shown)  # the TCO's row: over 3 months
    assert months in panel.headline.text()
