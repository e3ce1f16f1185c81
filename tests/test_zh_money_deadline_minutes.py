"""The money and deadline displays moneyfmt left (zhmoney2, session 39): the ranking's price and cost
columns in one unit each (万元 or 元 in Chinese), the budget boxes' unit word (元, not "CNY"), the summary's
alternatives note naming its columns' units, and a deadline under an hour said in minutes everywhere
(verdicts, the constraints table, the window's deadline box, which read "—" for a 1-minute deadline)."""

from __future__ import annotations

import re

from configurator.core.messages import deadline_msg
from configurator.core.scenario import updated
from configurator.core.view import numbers
from configurator.core.view.words import words

NBSP = "\u00a0"
MINUTE = 1 / 60
"""A 1-minute deadline [h], as ``--deadline 1min`` reads it."""


def test_a_deadline_under_an_hour_is_set_in_minutes():
    assert numbers.set_duration(MINUTE) == f"1{NBSP}min"
    assert numbers.set_duration(0.0167, "zh_CN") == f"1{NBSP}分钟"  # the verdict's 0.0167 h, to a tenth of a minute
    assert numbers.set_duration(0.5) == f"30{NBSP}min"
    assert numbers.set_duration(1.0) == f"1{NBSP}h" and numbers.set_duration(720.0) == f"30{NBSP}days"


def test_a_verdict_says_a_deadline_under_an_hour_in_minutes():
    met = deadline_msg("meets-deadline", MINUTE, {"hours": 0.01}, {"margin": MINUTE - 0.01})
    assert words("en").message(met) == f"Takes 0.600{NBSP}min, 0.400{NBSP}min within the 1 min deadline"
    assert "在 1 分钟的期限内" in words("zh_CN").message(met)
    missed = deadline_msg("misses-deadline", MINUTE, {"hours": 2.5}, {"over": 2.5 - MINUTE}, share=149.0)
    assert "misses the 1 min deadline by 2.48" in words("en").message(missed)
    assert "超出 1 分钟的期限" in words("zh_CN").message(missed)
    assert "0.0167" not in words("en").message(missed)
    hours = deadline_msg("meets-deadline", 8.0, {"hours": 6.0}, {"margin": 2.0})  # an hour or more: as before
    assert "the 8 h deadline" in words("en").message(hours)


def test_the_window_shows_a_deadline_under_an_hour_in_minutes_and_keeps_it(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    controller.replace(updated(controller.scenario, constraints={"deadline_hours": MINUTE}))
    assert panel.deadline.suffix().strip() == "min" and panel.deadline.value() == 1
    assert panel.deadline.text() != "—"
    assert controller.scenario.constraints.deadline_hours == MINUTE  # shown, not rounded away
    panel.deadline.setValue(30)  # typed in minutes: kept in hours
    assert controller.scenario.constraints.deadline_hours == 0.5
    controller.replace(updated(controller.scenario, constraints={"deadline_hours": 8.0}))
    assert panel.deadline.suffix().strip() == "h" and panel.deadline.value() == 8


def test_a_budget_box_says_the_unit_word_and_reads_its_currency(qtbot, controller):
    from configurator.app import i18n
    from configurator.app.inputs import MagnitudeSpinBox

    i18n.install_language("zh_CN")
    try:
        box = MagnitudeSpinBox()
        qtbot.addWidget(box)
        box.setRange(0, 1e12)
        box.setDecimals(0)  # as the budget boxes
        box.set_currency("CNY")
        assert box.valueFromText("200万元") == 2_000_000 and box.valueFromText("50万") == 500_000
        assert box.valueFromText("$2M") == box.value()  # another currency: refused, not read as yuan
        # the unit word is the text's, not a suffix (session 40): "5,000 元" and "300 万元" as the texts write them
        box.setValue(5_000)
        assert box.suffix() == "" and box.text() == "5,000 元"
        box.set_currency("USD")
        assert box.text() == "5,000 USD"
    finally:
        i18n.install_language("en")


def test_a_cost_per_unit_takes_its_columns_unit():
    assert numbers.unit_cost(0.129, "CNY", "zh_CN", like=3.65) == f"0.129{NBSP}元"  # as before: no 万 to count
    assert numbers.unit_cost(9_843, "CNY", "zh_CN", like=12_000) == f"0.984{NBSP}万元"  # 3 digits under 1万
    assert numbers.unit_cost(0.0215, "USD", "en", like=12_000) == f"0.0215{NBSP}USD"
    assert numbers.column_units((351_000, 3.2, 12.0), "CNY", "zh_CN") == "万元、元"
    assert numbers.column_units((351_000, 3.2), "CNY", "en") == "CNY"


def test_the_command_lines_price_column_is_in_one_unit(capsys):
    from configurator.cli import main

    assert main(["recommend", "--workload", "inference", "--model", "llama3-8b", "--concurrency", "4",
                 "--currency", "CNY", "--lang", "zh_CN", "--classes", "inference,graphics", "--limit", "15"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = next(k for k, line in enumerate(lines) if "每卡价格" in line)
    prices = [re.search(r"([\d.,]+)\u00a0(万?元)，", line) for line in lines[head + 1:head + 16]]
    prices = [found.groups() for found in prices if found]  # the price, before its kind and date
    assert len(prices) >= 10 and {unit for _, unit in prices} == {"万元"}, prices
    assert any(figure.startswith("0.") for figure, _ in prices)  # a GeForce under 1万: "0.96 万元", not "9,600 元"


def test_the_windows_ranking_writes_its_price_and_cost_columns_in_one_unit(qtbot, catalog):
    from configurator.app import i18n
    from configurator.app.controller import ScenarioController
    from configurator.app.main import default_scenario
    from configurator.app.recommend_panel import RecommendationPanel

    i18n.install_language("zh_CN")
    try:
        scenario = updated(default_scenario(), economics={"currency": "CNY"}, workload="inference",
                           serving={"concurrency": 4})
        panel = RecommendationPanel(ScenarioController(catalog, scenario))
        qtbot.addWidget(panel)
        panel.consumer.setChecked(True)  # GeForce cards: prices under 1万 beside ones over it
        qtbot.waitUntil(lambda: getattr(panel, "result", None) is not None and not panel.partial, timeout=120_000)
        ranked = range(len(panel.result.ranked))
        prices = [re.search(r"\u00a0(万?元)", panel.table.item(row, panel.PRICE_COLUMN).text()) for row in ranked]
        assert prices and {found.group(1) for found in prices if found} == {"万元"}
        # the cost column's unit in its heading once, its cells the numbers alone (元 in each cell until polish11)
        costs = [panel.table.item(row, 3).text() for row in ranked]
        assert costs and not any("元" in cost for cost in costs), costs
        assert re.search(r"\[万?元\]$", panel.table.horizontalHeaderItem(3).text())
    finally:
        i18n.install_language("en")


def test_the_wizards_deadline_box_holds_and_writes_a_minute(qtbot):
    from configurator.app.wizard_boxes import deadline_box

    box = deadline_box()
    qtbot.addWidget(box)
    box.setValue(MINUTE)  # held, not rounded to "no deadline" at tenths of an hour
    assert box.text() == "1 min" and box.value() > 0
    box.setValue(0.5)
    assert box.text() == "30 min"
    box.setValue(8.0)
    assert box.text() == "8 h"
    box.setValue(720.0)
    assert box.text() == "30 days"
