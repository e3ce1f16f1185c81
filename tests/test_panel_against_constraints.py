"""The recommendation panel shows what a buyer signs (personacn's open defect 2, the window's part):
the selected configuration — the first once ranked — against each constraint the buyer set, in the
lines the command line prints under 'The first against the constraints you set' (its capex against
the budget, the region, the deadline), and every listed configuration's capex, with its currency, in
its row's tooltip; the wizard's answer gives the same lines (real widgets)."""

from __future__ import annotations

import contextlib
import io
import re
from html import unescape

import pytest
from buyer_questions import question_scenario

from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_panel import RecommendationPanel
from configurator.app.wizard import WorkloadWizard
from configurator.core.catalog import load_catalog
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.view.numbers import money

QUESTION = ("recommend", "--workload", "lora", "--model", "qwen2.5-7b", "--deadline", "7d", "--budget", "50万",
            "--region", "cn", "--domestic-only", "--lang", "zh_CN")
"""personacn's question: a LoRA of Qwen2.5-7B within 7 days, a 500,000 CNY budget, delivered to mainland
China, domestic vendors only (tests/test_first_against_constraints.py asks the command line)."""


def _plain(html: str) -> list[str]:
    """The label's lines without their markup."""
    lines = unescape(re.sub(r"<[^>]+>", "", html.replace("<br>", "\n"))).splitlines()
    return [line.strip() for line in lines if line.strip()]


def _cli_lines(*argv) -> list[str]:
    """The command line's heading and lines under 'The first against the constraints you set'."""
    from configurator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(argv)) == 0
    text = out.getvalue()
    heading = "排名第一的方案对照您设定的约束："
    lines = text.split(heading)[1].splitlines()[1:]
    return [heading, *(line.strip() for line in lines[:next(i for i, x in enumerate(lines) if not x.startswith("  "))])]


@pytest.fixture
def chinese_panel(qtbot):
    with language_for_a_while("zh_CN"):
        controller = ScenarioController(load_catalog(), question_scenario(QUESTION, load_catalog()))
        panel = RecommendationPanel(controller)
        qtbot.addWidget(panel)
        panel.domestic.setChecked(True)
        panel.refresh()
        yield panel


def test_the_panel_says_what_the_command_line_says_of_the_first(chinese_panel):
    panel = chinese_panel
    assert panel.result.ranked, "personacn's question has an answer"
    assert panel.table.selectionModel().selectedRows()[0].row() == 0
    shown = _plain(panel.against_label.text())
    heading, *lines = _cli_lines(*QUESTION)
    assert shown == [f"{heading} {lines[0]}", *lines[1:]]  # one source: the same lines, word for word
    shown = [line.removeprefix(heading).strip() for line in shown]
    assert panel.against_label.isVisibleTo(panel)
    capex = next(line for line in shown if "资本支出" in line)
    assert capex.startswith("[满足]") and "低于 50.00 万元的预算" in capex.replace("\xa0", " ")
    assert any("中国大陆" in line for line in shown) and any("7 天" in line for line in shown)


def test_every_row_says_its_capex_and_the_selected_one_its_verdicts(chinese_panel):
    panel, result = chinese_panel, chinese_panel.result
    listed = [(row, rec) for row in range(panel.table.rowCount()) if (rec := panel.recommendation_at(row))]
    assert len(listed) > 1
    for row, rec in listed:
        capex = deployment_cost(rec.estimate, result.book).bom.capex
        for column in range(panel.table.columnCount()):
            item = panel.table.item(row, column)
            if item is not None:  # the whole row: wherever the pointer rests
                assert f"资本支出：{money(capex, 'CNY', 'zh_CN')}" in item.toolTip()  # the unit kept with its number
        if rec in result.ranked:  # the name still first (a row without a price says why instead)
            assert panel.table.item(row, 0).toolTip().startswith(panel.table.item(row, 0).text())
    row, rec = listed[1]
    panel.table.selectRow(row)
    shown = _plain(panel.against_label.text())
    named, _, verdict = shown[0].partition("对照您设定的约束：")
    assert rec.card.name.split()[0] in named and not named.startswith("排名第一")
    assert verdict.strip().startswith("[")  # its first verdict on the heading's line
    if panel.below_line_row is not None:  # the heading of what is below the line is no configuration
        panel.table.selectRow(panel.below_line_row)
        assert panel.against_label.text() == "" and not panel.against_label.isVisibleTo(panel)


def test_no_constraint_set_no_lines(qtbot, controller):
    assert controller.scenario.constraints.budget is None and controller.scenario.constraints.region is None
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.refresh()
    assert panel.result.ranked
    assert panel.against_label.text() == "" and not panel.against_label.isVisibleTo(panel)
    assert "Capex: " in panel.table.item(0, 0).toolTip() and controller.scenario.economics.currency in \
        panel.table.item(0, 0).toolTip()


def test_the_wizards_answer_gives_the_panels_lines(qtbot):
    """The wizard's answer for a serving question with a budget: its capex against the budget, in the
    lines the panel shows for the same configuration."""
    from configurator.app.against_constraints import verdict_items

    controller = ScenarioController(load_catalog(), question_scenario(("recommend", "--workload", "inference"),
                                                                      load_catalog()))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    wizard.next()
    wizard.limits.budget.setValue(2_000_000)
    while wizard.currentPage() is not wizard.summary:
        wizard.next()
    assert wizard.summary.wait(180_000)
    text = wizard.summary.text.toPlainText()
    lines = _plain("<br>".join(verdict_items(wizard.summary.decision.estimate, "en")))
    budget = next(line for line in lines if "Capex" in line)
    assert "2,000,000" in budget and budget in text
