"""Session 50's personas: a buyer types a budget in the currency she thinks in, whatever the window counts in.
'120k USD' typed into the wizard's budget in a Chinese window (which counts in 元) was refused as if it were no
number ("enter a number from 0 to 1,000,000,000,000. It stays none"), and the graphics buyer went on without a
budget; the command line converts it (``--budget 120k USD``) and so does What fits. Now the wizard's and the
recommendation panel's budget convert it at the scenario's rate, and still refuse what names no amount."""

from __future__ import annotations

import pytest


def _type(qtbot, box, text: str) -> None:
    """Type ``text`` into ``box`` as an input method commits it, then press Return."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    box.setFocus()
    box.lineEdit().selectAll()
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(box.lineEdit(), event)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def _limits(qtbot, controller, currency: str):
    from configurator.app.wizard import WorkloadWizard
    from configurator.core.currency import with_currency

    controller.replace(with_currency(controller.scenario, currency))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("vdi")
    wizard.next()
    wizard.next()
    return wizard.limits


@pytest.mark.parametrize(("currency", "typed", "usd"), [("CNY", "120k USD", 120_000), ("CNY", "$120k", 120_000),
                                                        ("USD", "80万元", None)])
def test_the_wizards_budget_in_another_currency_is_converted(qtbot, controller, currency, typed, usd):
    from configurator.core.currency import price_conversion

    limits = _limits(qtbot, controller, currency)
    _type(qtbot, limits.budget, typed)
    economics = controller.scenario.economics
    wanted = usd * economics.usd_to_currency if usd else 800_000 * price_conversion("CNY", economics)[0]
    assert limits.budget.value() == pytest.approx(round(wanted))
    assert limits.problem.text() == ""


def test_the_wizards_budget_still_refuses_what_writes_no_amount(qtbot, controller):
    limits = _limits(qtbot, controller, "CNY")
    _type(qtbot, limits.budget, "120k XYZ")  # no such currency: no rate, nothing converted
    assert limits.budget.value() == limits.budget.minimum()
    assert "120k XYZ" in limits.problem.text()


def test_the_over_budget_pick_says_the_budget_is_all_it_breaks_in_chinese(qtbot):
    """'它只超出预算' read as 'it merely exceeds the budget'; what it means is that the budget is the one
    constraint the configuration breaks."""
    from PySide6.QtCore import QCoreApplication

    from configurator.app import i18n

    i18n.install_language("zh_CN")  # English again after the test (conftest)
    said = QCoreApplication.translate("SummaryPage", "of {n} cards below the line, the nearest to the budget with "
                                                     "every item priced; it breaks the budget alone").format(n=26)
    assert said == "基准线以下 26 种配置中报价完整、最接近预算的一项；它违反的约束只有预算"
