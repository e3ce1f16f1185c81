"""The window's ranking lists the configurations ranked after every complete total that its 15 rows do not reach
(after47): ``recommend --workload inference --model llama3-8b --concurrency 100`` ranks four workstation cards, two
GH200s, the MI250X and the CloudMatrix 384 #33-40, each total leaving out an item without a price (desk47). The
command line lists them under their own heading; the window showed none of them. Now they follow the ranked rows
under the same heading, in both languages, numbered with their ranks, each saying what its total excludes, reached
with the arrow keys, selected, explained and applied as a ranked row is; the rows without a price follow them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.recommend_columns import LIMIT_COLUMN
from configurator.app.recommend_panel import RecommendationPanel
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog

SERVING = ["--workload", "inference", "--model", "llama3-8b", "--concurrency", "100"]
"""persona47's question: Llama 3 8B for 100 users at once."""

HEADING = {"en":
           "Ranked after every complete total, each leaving out an unpriced item or the energy (no board power):",
           "zh_CN": "排在所有总额完整的方案之后（总额不含某项无价格的项目，或因无公开的板卡功耗而不含电费）："}
"""The command line's heading over them (tests/test_partial_totals_ranked_after.py)."""

EXCLUDES = {"en": "The total excludes 1 workstation (not priced: enter a quote for workstation-1gpu)",
            "zh_CN": "总额不含 1 台工作站（未定价：请为 workstation-1gpu 输入报价）"}
"""What the first of them, the RTX PRO 6000 Blackwell Workstation Edition, leaves out."""


@pytest.fixture
def language(request):
    i18n.install_language(request.param)
    yield request.param
    i18n.install_language("en")


def _panel(qtbot) -> RecommendationPanel:
    catalog = load_catalog()
    scenario = scenario_from_args(build_parser().parse_args(["recommend", *SERVING]), catalog)
    panel = RecommendationPanel(ScenarioController(catalog, scenario))
    qtbot.addWidget(panel)
    panel.resize(1280, 420)
    panel.show()
    panel.refresh()
    return panel


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ")


@pytest.mark.parametrize("language", ["en", "zh_CN"], indirect=True)
def test_the_rows_ranked_after_are_listed_under_their_heading(qtbot, language):
    panel = _panel(qtbot)
    result, table = panel.result, panel.table
    after = result.ranked_after_unlisted
    assert after and len(result.ranked) == 15 and after[0][0] > 15
    heading = panel.ranked_after_row
    assert heading == len(result.ranked) and panel.recommendation_at(heading) is None
    assert table.item(heading, 0).text() == HEADING[language] and table.columnSpan(heading, 0) == table.columnCount()
    rows = range(heading + 1, heading + 1 + len(after))
    assert [panel.recommendation_at(row) for row in rows] == [rec for _, rec in after]
    assert [table.verticalHeaderItem(row).text() for row in rows] == [str(rank) for rank, _ in after]  # #33, …
    assert table.verticalHeaderItem(heading).text() == ""
    first = rows[0]
    assert result.ranked_after[0] == panel.recommendation_at(first).card.id == "rtx-pro-6000-blackwell"
    assert _plain(table.item(first, LIMIT_COLUMN).text()) == EXCLUDES[language]
    for row in rows:  # every one says what its total excludes, whole in each cell's tooltip (the cell elides it)
        excluded = table.item(row, LIMIT_COLUMN).text()
        assert excluded.startswith(("The total excludes", "总额不含"))
        assert all(excluded in table.item(row, column).toolTip() for column in range(table.columnCount()))
    # the rows without a price follow under their own heading
    assert panel.unpriced_row == heading + 1 + len(after)
    assert panel.recommendation_at(panel.unpriced_row + 1) is result.unpriced[0]
    assert table.columnSpan(panel.unpriced_row, 0) == table.columnCount()


@pytest.mark.parametrize("language", ["en"], indirect=True)
def test_the_arrow_keys_reach_them_and_the_row_is_explained_and_applied(qtbot, language):
    panel = _panel(qtbot)
    result, table = panel.result, panel.table
    last_ranked, first_after = len(result.ranked) - 1, panel.ranked_after_row + 1
    table.setFocus()
    table.selectRow(last_ranked)
    table.setCurrentCell(last_ranked, 0)
    for _ in range(first_after - last_ranked):  # over the heading row, which is never selected
        qtbot.keyClick(table, Qt.Key.Key_Down)
    rows = table.selectionModel().selectedRows()
    assert [index.row() for index in rows] == [first_after]
    picked = panel.recommendation_at(first_after)
    assert picked is result.ranked_after_unlisted[0][1]
    assert EXCLUDES[language] in _plain(panel.reasons.text())  # its reasons under the table, the exclusion first
    panel.charts.setCurrentIndex(panel.TRADEOFF_TAB)  # the trade-off of the row selected
    drawn = panel.tradeoff_chart.tradeoff
    assert drawn is not None and (drawn.card_id, drawn.count) == (picked.card.id, picked.count)
    assert panel.use_selected() and panel.controller.scenario.card_id == picked.card.id

