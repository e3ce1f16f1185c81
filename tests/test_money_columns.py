"""A table's column of money is written in one unit (moneyfmt, session 39): in Chinese 万元 where any
amount of the column is 1万 CNY or more, every cell then in 万元 (the bill of materials read
"1.75 万元 / 年" above "4,267 元 / 年" and "0 元 / 年"), the summary's bill of materials and TCO and
the window's bill of materials and money table alike; English keeps the code."""

from __future__ import annotations

import re

from configurator.core.architecture import preset
from configurator.core.scenario import Scenario
from configurator.core.view.numbers import axis_currency, column_top, money_column, money_word

NBSP = "\u00a0"

SMALL = Scenario(model=preset("llama3-8b"), card_id="l4", count=2, workload="inference",
                 constraints={"region": "cn"}, economics={"currency": "CNY", "usd_to_currency": 7.0197})
"""Two L4 in one server: a few thousand yuan of energy a year beside a capex of 17 万元."""


def test_a_column_takes_the_unit_of_its_largest():
    assert money_column([351_000, 3_000, 4_267, 0, None], "CNY", "zh_CN") == [
        f"35.10{NBSP}万元", f"0.300{NBSP}万元", f"0.427{NBSP}万元", f"0{NBSP}元", "—"]  # nothing: 0 元 (persona48)
    assert money_column([26.3, 49], "CNY", "zh_CN") == [f"26.30{NBSP}元", f"49.00{NBSP}元"]  # no 万 to count
    assert money_column([351_000, 26.3], "CNY", "zh_CN")[1] == f"0.0026{NBSP}万元"  # not "0.00 万元"; to the yuan
    # under 1万 three significant digits: a 355 元 vPC licence read "0.04 万元" (13 % off) until December 2026
    assert money_column([351_000, 355], "CNY", "zh_CN")[1] == f"0.0355{NBSP}万元"
    assert money_column([351_000, 3_000], "CNY", "en") == [f"351,000{NBSP}CNY", f"3,000{NBSP}CNY"]
    assert money_column([351_000, 3_000], "USD", "zh_CN") == [f"351,000{NBSP}USD", f"3,000{NBSP}USD"]
    assert column_top([None, -52_400.0, 3.0]) == 52_400.0
    assert money_word(351_000, "CNY", "zh_CN") == "万元" and money_word(351_000, "CNY", "en") == "CNY"
    assert axis_currency("CNY", "zh_CN") == "元" and axis_currency("CNY", "en") == "CNY"


def _table(markdown: str, heading: str) -> list[str]:
    """The rows of the table under ``heading`` in a summary written as Markdown."""
    after = markdown.split(f"## {heading}", 1)[1]
    return [line for line in after.split("\n\n", 2)[1].splitlines() if line.startswith("|")]


def test_the_summary_writes_each_money_column_in_one_unit(tmp_path):
    from configurator.cli import main

    path = tmp_path / "small.md"
    assert main(["report", "-o", str(path), "--model", "llama3-8b", "--card", "l4", "--count", "2", "--workload",
                 "inference", "--region", "cn", "--lang", "zh_CN"]) == 0
    text = path.read_text(encoding="utf-8")
    tco = _table(text, "总拥有成本")
    amounts = [row.split("|")[2].strip() for row in tco[2:] if re.search(r"\d", row.split("|")[2])]
    per_unit = [a for a in amounts if a.endswith("元") and not a.endswith("万元") and "/" not in a]
    assert len(per_unit) <= 1  # the cost per million tokens, another quantity, in 元
    assert all("万元" in a or a.startswith(f"0{NBSP}元") for a in amounts if a not in per_unit), amounts
    assert any(a.startswith("0.") and "万元 / 年" in a for a in amounts)  # the energy of a year, 4,267 元 before
    bom = _table(text, "物料清单")
    totals = [row.split("|")[5].strip() for row in bom[2:] if re.search(r"\d", row.split("|")[5])]
    assert totals and all(t.endswith("万元") for t in totals), totals


def test_the_window_writes_each_money_column_in_one_unit(qtbot, catalog):
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController
    from configurator.app.i18n import install_language

    install_language("zh_CN")
    controller = ScenarioController(catalog, SMALL)
    controller.recompute()
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.analysis)
    headings = [panel.lines.horizontalHeaderItem(k).text() for k in range(panel.lines.columnCount())]
    assert "单价（万元）" in headings and "合计（万元）" in headings, headings
    totals = [panel.lines.item(row, 3).text() for row in range(panel.lines.rowCount())]
    assert all(re.fullmatch(r"\d+\.\d\d", t) for t in totals), totals  # the unit in the heading, not the cell
    money = {panel.money.item(row, 0).text(): panel.money.item(row, 1).text() for row in range(panel.money.rowCount())}
    for label in ("资本支出", "电费", "维保", "软件许可", "残值"):
        assert money[label].endswith(("万元", f" 0{NBSP}元")), money  # nothing needs no 万 (persona48)
