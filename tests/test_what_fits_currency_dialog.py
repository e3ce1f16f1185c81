"""View ▸ What fits my cards, a budget in the window's one currency (session 44, fits44): the dialog opened
in English and switched to Chinese showed its budget box as "50,000 USD" above "预算 5.00 万元" — the box
kept the currency it was opened in while the answer took the window's. The box follows the window's
currency (converted, the same money), its card list and count speak the new language, and one card
owned reads "1 card"."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from configurator.app.controller import CURRENCY_PATH
from what_fits_dialog_steps import grab as _grab, type_budget as _budget


def test_the_budget_box_follows_the_window_currency_into_chinese_and_back(qtbot, window, tmp_path):
    assert window.controller.scenario.economics.currency == "USD"
    dialog = window.open_what_fits()
    _budget(dialog, "50000", "cn")
    assert dialog.budget_box.text() == "50,000 USD"
    window.set_language("zh_CN")
    QApplication.processEvents()  # the dialog's LanguageChange
    economics = window.controller.scenario.economics
    assert economics.currency == "CNY"
    yuan = 50_000 * economics.usd_to_currency
    assert dialog.budget_box.value() == round(yuan)  # the same money, to the yuan
    assert dialog.budget_box.text().endswith("万元") and "USD" not in dialog.budget_box.text()
    assert dialog.wait(120_000)
    answer = dialog.answer
    assert answer.base.economics.currency == "CNY" and answer.budget == dialog.budget_box.value()
    assert dialog.question.text().startswith(f"预算 {yuan / 1e4:.2f}\xa0万元能买到什么（交付中国大陆）")
    assert "USD" not in dialog.question.text()
    assert "训练卡" in dialog.card_combo.itemText(dialog.card_combo.findData("h100-sxm"))  # not 'Training card'
    _grab(dialog, tmp_path, "what-fits-budget-switched-zh.png")
    window.set_language("en")
    QApplication.processEvents()
    assert dialog.budget_box.value() == 50_000 and dialog.budget_box.text() == "50,000 USD"
    assert "Training card" in dialog.card_combo.itemText(dialog.card_combo.findData("h100-sxm"))


def test_the_editor_currency_converts_the_budget_box(qtbot, window):
    dialog = window.open_what_fits()
    _budget(dialog, "2M USD", None)
    assert window.controller.apply_many({CURRENCY_PATH: "CNY"}, label=CURRENCY_PATH, merge=False)
    rate = window.controller.scenario.economics.usd_to_currency
    assert dialog.budget_box.value() == round(2_000_000 * rate)
    assert dialog.budget_box.text().endswith(" CNY")  # English writes the code
    assert dialog._timer.isActive() or dialog._job.busy  # the answer is priced again, in yuan
    dialog._timer.stop()
    dialog._job.cancel()


def test_no_budget_stays_no_budget_when_the_currency_changes(qtbot, window):
    dialog = window.open_what_fits()
    assert dialog.budget_box.text() == "—"
    assert window.controller.apply_many({CURRENCY_PATH: "CNY"}, label=CURRENCY_PATH, merge=False)
    assert dialog.budget_box.value() == dialog.budget_box.minimum() and dialog.budget_box.text() == "—"


def test_one_card_owned_is_one_card(qtbot, window):
    dialog = window.open_what_fits()
    dialog.count_spin.setValue(1)
    assert dialog.count_spin.text() == "1 card"
    dialog.count_spin.setValue(8)
    assert dialog.count_spin.text() == "8 cards"
    window.set_language("zh_CN")
    QApplication.processEvents()
    assert dialog.count_spin.text() == "8 张卡"
    dialog.count_spin.setValue(1)
    assert dialog.count_spin.text() == "1 张卡"


def _typed(qtbot, dialog, text: str) -> None:
    """``text`` typed into the budget box and Return pressed, as a buyer does."""
    from PySide6.QtCore import Qt

    box = dialog.budget_box
    box.setFocus()
    box.lineEdit().selectAll()
    box.lineEdit().setText(text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def test_a_budget_in_another_currency_is_converted_not_silently_refused(qtbot, window):
    from configurator.core.currency import dated_rate

    dialog = window.open_what_fits()
    _typed(qtbot, dialog, "5万元")  # English: the window's money is USD
    assert dialog.budget_box.value() == round(50_000 / dated_rate("CNY").per_usd)
    assert dialog.budget_box.text().endswith(" USD")
    _typed(qtbot, dialog, "lots")
    assert dialog.budget_box.value() == round(50_000 / dated_rate("CNY").per_usd)  # kept
    assert dialog.status.text().startswith("“lots” is not taken as a budget") and "It stays" in dialog.status.text()
    dialog._timer.stop()
    dialog._job.cancel()


def test_in_chinese_dollars_become_yuan_and_a_refusal_is_said(qtbot, window):
    window.set_language("zh_CN")
    QApplication.processEvents()
    economics = window.controller.scenario.economics
    dialog = window.open_what_fits()
    _typed(qtbot, dialog, "7000 USD")
    assert dialog.budget_box.value() == round(7000 * economics.usd_to_currency)
    assert dialog.budget_box.text().endswith("万元")
    _typed(qtbot, dialog, "三万")
    assert dialog.status.text().startswith("“三万”不能用作预算：请输入金额") and "仍为" in dialog.status.text()
    dialog._timer.stop()
    dialog._job.cancel()
