"""View ▸ What fits my cards, or a budget (session 41, persona11zh): a budget typed as buyers write it
and a delivery region price every card on the worker, fill the largest model per task and the cards
bought, say the cards left out, open a task's row in the main window, and speak Chinese."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from configurator.core.what_fits_budget import BudgetFits
from what_fits_dialog_steps import grab as _grab, type_budget as _budget


def test_a_budget_prices_every_card_off_the_gui_thread_and_a_task_opens(qtbot, window, tmp_path):
    dialog = window.open_what_fits()
    assert dialog.budget_box.value() == dialog.budget_box.minimum()  # "—": the cards owned, as before
    assert dialog.card_combo.isEnabled() and dialog.tabs.isTabVisible(0) and not dialog.tabs.isTabVisible(2)
    currency = window.controller.scenario.economics.currency
    _budget(dialog, "2M USD" if currency == "USD" else "2M", "cn")
    assert dialog.budget_box.value() == 2_000_000
    start = time.perf_counter()
    dialog.refresh()
    assert time.perf_counter() - start < 0.5  # the pricing and planning run on the worker
    assert dialog._job.busy and dialog.status.text()
    assert dialog.wait(120_000)
    answer = dialog.answer
    assert isinstance(answer, BudgetFits) and answer.budget == 2_000_000
    assert not dialog.card_combo.isEnabled() and not dialog.count_spin.isEnabled()
    assert dialog.tabs.isTabVisible(2) and not dialog.tabs.isTabVisible(0)
    assert dialog.tabs.currentWidget() is dialog.best_table
    headers = [dialog.best_table.horizontalHeaderItem(c).text() for c in range(dialog.best_table.columnCount())]
    assert headers[:3] == ["Task", "Largest model", "Card"]
    assert dialog.best_table.rowCount() == len(answer.tasks)
    assert dialog.cards_table.rowCount() == len(answer.cards)
    text = dialog.question.text()
    assert "What a budget of" in text and "delivered to mainland China" in text
    assert "Cannot be delivered to the region: H100 SXM5 80GB" in text
    _grab(dialog, tmp_path, "what-fits-budget-en.png")
    serving = len(answer.tasks) - 1
    dialog.best_table.selectRow(serving)
    assert dialog.use_button.isEnabled()
    before = window.controller.scenario
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    now = window.controller.scenario
    top = answer.best(answer.tasks[serving])
    assert (now.card_id, now.workload.value) == (top.purchase.card.id, "inference")
    window.controller.undo_stack.undo()
    assert window.controller.scenario == before
    _budget(dialog, "0", None)  # "—" again: the cards owned
    assert dialog.wait()
    assert dialog.card_combo.isEnabled() and dialog.tabs.isTabVisible(0) and not dialog.tabs.isTabVisible(2)


def test_the_budget_in_chinese(qtbot, window, tmp_path):
    from test_i18n import untranslated, visible_texts

    window.set_language("zh_CN")
    dialog = window.open_what_fits()
    assert dialog.budget_label.text().startswith("或按预算")
    _budget(dialog, "50万元" if window.controller.scenario.economics.currency == "CNY" else "70000", "cn")
    assert dialog.wait(120_000)
    assert isinstance(dialog.answer, BudgetFits)
    assert dialog.tabs.tabText(2) == "各任务可运行的最大模型"
    headers = [dialog.best_table.horizontalHeaderItem(c).text() for c in range(dialog.best_table.columnCount())]
    assert headers[:3] == ["任务", "最大模型", "加速卡"]
    assert "能买到什么（交付中国大陆）" in dialog.question.text()
    texts = visible_texts(dialog) + headers
    assert {text: words for text, words in untranslated(texts).items() if words} == {}
    _grab(dialog, tmp_path, "what-fits-budget-zh_CN.png")


def test_the_dialog_and_the_command_line_bill_a_budget_alike(qtbot, window, capsys):
    """Session 42: the dialog started from the window's scenario (its 2 billion training tokens) and billed
    16 × T4 at 47.28 万元 where ``what-fits --budget`` billed 47.25 万元; both start from ``budget_start``.
    The window's first job now has the question's 1 billion tokens too (``DEFAULT_TRAINING_TOKENS``), so a
    job of 2 billion is typed here to show the dialog does not read it."""
    import json

    from configurator.cli import main

    from configurator.core.scenario import updated

    window.set_language("zh_CN")
    window.controller.replace(updated(window.controller.scenario, training={"tokens": 2e9}))  # the window's own job
    dialog = window.open_what_fits()
    _budget(dialog, "50万元" if window.controller.scenario.economics.currency == "CNY" else "70000", "cn")
    assert dialog.wait(120_000)
    gui = {p.card.id: p.capex for p in (*(a.purchase for a in dialog.answer.cards), *dialog.answer.left_out)}
    currency = dialog.answer.base.economics.currency
    assert main(["what-fits", "--budget", f"{dialog.answer.budget:.0f} {currency}", "--region", "cn", "--models",
                 "8B", "--json", "--lang", "zh_CN"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["budget"]["currency"] == currency
    cli_capex = {c["card"]: c["capex"] for c in (*cli["cards"], *cli["left_out"])}
    assert cli_capex == gui and gui["t4"] is not None


def test_the_notes_above_the_tables_scroll_and_leave_the_cards_their_room(qtbot, window):
    """50万元 for mainland China: the notes (prices marked, units over the budget, cards without a price, 41
    cards that cannot be delivered) ran to 15 lines and left the cards' table 170 px of the dialog's 640,
    7 of its 16 cards (session 48, persona). The notes scroll within QUESTION_LINES lines."""
    from configurator.app.what_fits_dialog import QUESTION_LINES

    window.set_language("zh_CN")
    dialog = window.open_what_fits()
    _budget(dialog, "50万元" if window.controller.scenario.economics.currency == "CNY" else "70000", "cn")
    assert dialog.wait(120_000)
    dialog.tabs.setCurrentWidget(dialog.cards_table)
    qtbot.waitUntil(lambda: dialog.cards_table.isVisible())
    assert "无法交付到该地区" in dialog.question.text()  # whole, under the scroll
    lines = dialog.fontMetrics().lineSpacing()
    notes = dialog.question.heightForWidth(dialog.question_area.viewport().width())
    assert dialog.question_area.height() <= lines * QUESTION_LINES + 4 < notes
    shown = dialog.cards_table.viewport().height() // dialog.cards_table.rowHeight(0)
    assert shown >= min(12, dialog.cards_table.rowCount())
