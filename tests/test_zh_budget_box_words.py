"""The budget boxes write an amount as the texts write it (session 40's walk of a Chinese procurement
officer): after "300万" the Chinese box read "3,000,000 元" where every text said "300.00 万元"; it reads
"300 万元" now, its value exact ("345.6789 万元" reads back 3,456,789 元), its arrows and typing as before,
the English box unchanged ("3,000,000 USD")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from configurator.core.scenario import updated
from configurator.core.view.numbers import box_money
from ime_typing import type_and_return as _type


def test_a_box_writes_an_amount_in_the_texts_unit_exactly():
    assert box_money(3_000_000, "CNY", "zh_CN") == "300 万元"
    assert box_money(3_456_789, "CNY", "zh_CN") == "345.6789 万元"  # exact: the box reads it back
    assert box_money(12_345.67, "CNY", "zh_CN", decimals=2) == "1.234567 万元"
    assert box_money(5_000, "CNY", "zh_CN") == "5,000 元"  # under 1万: in 元, as the texts
    assert box_money(3_000_000, "CNY", "en") == "3,000,000 CNY"
    assert box_money(3_000_000, "USD", "zh_CN") == "3,000,000 USD"
    assert box_money(2.5, "USD", "en", decimals=2, trimmed=True) == "2.5 USD"



@pytest.fixture
def chinese():
    from configurator.app import i18n

    i18n.install_language("zh_CN")
    yield
    i18n.install_language("en")


def test_the_chinese_panels_budget_reads_in_wan_and_keeps_its_value(qtbot, controller, chinese):
    from configurator.app.recommend_panel import RecommendationPanel

    controller.replace(updated(controller.scenario, economics={"currency": "CNY"}))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    _type(qtbot, panel.budget, "300万")
    assert controller.scenario.constraints.budget == 3_000_000
    assert panel.budget.text() == "300 万元"
    _type(qtbot, panel.budget, "3456789")
    assert panel.budget.text() == "345.6789 万元" and controller.scenario.constraints.budget == 3_456_789
    panel.budget.setFocus()
    qtbot.keyClick(panel.budget, Qt.Key.Key_Return)  # the text read back: the same amount, not 345.68 万
    assert controller.scenario.constraints.budget == 3_456_789
    step = panel.budget.singleStep()
    qtbot.keyClick(panel.budget, Qt.Key.Key_Up)
    assert controller.scenario.constraints.budget == 3_456_789 + step
    assert panel.budget.text() == box_money(3_456_789 + step, "CNY", "zh_CN")
    assert panel.budget.lineEdit().selectedText() in ("", panel.budget.text().split(" ")[0])  # never the unit
    _type(qtbot, panel.budget, "5000")
    assert panel.budget.text() == "5,000 元"


def test_the_chinese_wizards_budget_reads_in_wan(qtbot, controller, chinese):
    from configurator.app.wizard import WorkloadWizard

    controller.replace(updated(controller.scenario, economics={"currency": "CNY"}))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    _type(qtbot, wizard.limits.budget, "300万")
    assert wizard.answered.budget == 3_000_000
    assert wizard.limits.budget.text() == "300 万元"
    _type(qtbot, wizard.limits.budget, "1.2亿元")
    assert wizard.answered.budget == pytest.approx(1.2e8) and wizard.limits.budget.text() == "1.2 亿元"


def test_the_english_budget_box_is_as_it_was(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    _type(qtbot, panel.budget, "3M")
    currency = controller.scenario.economics.currency
    assert panel.budget.text() == f"3,000,000 {currency}"
