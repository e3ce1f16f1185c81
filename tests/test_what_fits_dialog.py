"""View ▸ What fits my cards (issue 24, part 7): the dialog opens from the menu and its shortcut,
plans on the worker without blocking the window, fills both tables for the card and count picked,
opens a row in the main window as one undoable step, and speaks Chinese."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt

from configurator.core.what_fits import clear_what_fits_memo
from configurator.core.what_fits_types import LADDER


@pytest.fixture(scope="module", autouse=True)
def _answers_kept_within_this_module():
    clear_what_fits_memo()
    yield
    clear_what_fits_memo()


def pick(dialog, card_id: str, count: int) -> None:
    dialog.card_combo.setCurrentIndex(dialog.card_combo.findData(card_id))
    dialog.count_spin.setValue(count)


def test_menu_and_shortcut_open_one_dialog(qtbot, window):
    action = window.what_fits_action
    assert action in window.view_menu.actions()
    assert action.shortcut().toString() == "Ctrl+Shift+F"
    action.trigger()
    dialog = window._what_fits
    assert dialog.isVisible() and not dialog.isModal()
    assert window.open_what_fits() is dialog  # a second open shows the same one
    assert dialog.card_combo.currentData() == window.controller.scenario.card_id  # starts on the window's card
    assert dialog.count_spin.value() == window.controller.scenario.count
    dialog.close()  # closed before its answer: nothing runs on
    assert not dialog._job.busy and not dialog._timer.isActive()


def test_picking_a_card_and_count_fills_both_tables_off_the_gui_thread(qtbot, window):
    dialog = window.open_what_fits()
    pick(dialog, "a10", 2)
    steps = []
    dialog._job.step.connect(steps.append)
    start = time.perf_counter()
    dialog.refresh()
    assert time.perf_counter() - start < 0.5  # the planning runs on the worker
    assert dialog._job.busy and dialog.status.text()
    assert dialog.wait()
    assert steps, "the tables fill model by model"
    answer = dialog.answer
    assert (answer.card.id, answer.count) == ("a10", 2)
    # A10: no FP8 — pre-training, full fine-tune, LoRA at BF16, QLoRA on NF4; serving BF16, INT8, AWQ INT4
    assert dialog.training_table.rowCount() == 4 * len(LADDER)
    assert dialog.serving_table.rowCount() == 3 * len(LADDER)
    headers = [dialog.serving_table.horizontalHeaderItem(c).text() for c in range(dialog.serving_table.columnCount())]
    assert headers[:3] == ["Model", "Parameters", "Weights"] and "Users within the targets" in headers
    first = [dialog.serving_table.item(0, c).text() for c in range(dialog.serving_table.columnCount())]
    assert first[0] == "Llama 3.2 1B" and first[3] == "yes" and "GiB" in first[4] and "tokens/s" in first[7]
    big = [dialog.serving_table.item(r, 3).text() for r in range(dialog.serving_table.rowCount())
           if dialog.serving_table.item(r, 0).text() == "Llama 3.1 405B"]
    assert big == ["does not fit"] * 3  # 405B in 2 × 24 GB, at any format
    assert "What fits on 2 × A10" in dialog.question.text()
    assert dialog.status.text() == ""
    dialog.hide_no_fit.setChecked(True)  # only what the cards hold
    shown = [dialog.serving_table.item(r, 3).text() for r in range(dialog.serving_table.rowCount())]
    assert shown and "does not fit" not in shown and len(shown) < 3 * len(LADDER)
    assert dialog.answer is answer  # the answer is kept whole
    dialog.hide_no_fit.setChecked(False)
    assert dialog.serving_table.rowCount() == 3 * len(LADDER)


def test_a_row_opens_in_the_main_window_and_undo_brings_the_old_one_back(qtbot, window):
    dialog = window.open_what_fits()
    pick(dialog, "l40s", 8)
    assert dialog.wait()
    before = window.controller.scenario
    assert not dialog.use_button.isEnabled()
    dialog.tabs.setCurrentWidget(dialog.serving_table)
    table = dialog.serving_table
    row = next(r for r in range(table.rowCount())
               if table.item(r, 0).text() == "Llama 3 8B" and table.item(r, 2).text() == "FP8")
    table.selectRow(row)
    assert dialog.use_button.isEnabled()
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    now = window.controller.scenario
    assert (now.card_id, now.count, now.workload.value, now.serving.weight_format.value) == ("l40s", 8, "inference",
                                                                                             "fp8")
    assert now.model.total_params() == 8_030_261_248 and now.serving.concurrency > 100
    assert now.name == before.name
    window.controller.undo_stack.undo()
    assert window.controller.scenario == before


def test_a_context_too_short_is_said_and_nothing_runs(qtbot, window):
    dialog = window.open_what_fits()
    dialog.context_spin.setValue(1)
    dialog.refresh()
    assert not dialog._job.busy
    assert "context" in dialog.status.text()


def test_the_dialog_in_chinese(qtbot, window, tmp_path):
    from test_i18n import untranslated, visible_texts

    window.set_language("zh_CN")
    dialog = window.open_what_fits()
    pick(dialog, "a10", 2)
    assert dialog.wait()
    assert dialog.windowTitle() == "我的卡能运行什么"
    assert dialog.tabs.tabText(0) == "推理服务" and dialog.tabs.tabText(1) == "训练与微调"
    headers = [dialog.training_table.horizontalHeaderItem(c).text() for c in range(dialog.training_table.columnCount())]
    assert headers[:4] == ["模型", "参数量", "任务", "精度"]
    cells = [dialog.training_table.item(0, c).text() for c in range(dialog.training_table.columnCount())]
    assert cells[2] == "从头预训练" and cells[7].endswith("词元/秒")
    assert "2 × A10 能运行什么" in dialog.question.text()
    texts = visible_texts(dialog) + headers
    texts += [dialog.serving_table.horizontalHeaderItem(c).text() for c in range(dialog.serving_table.columnCount())]
    left = {text: words - {"Hoffmann"} for text, words in untranslated(texts).items()}  # a cited author
    assert {text: words for text, words in left.items() if words} == {}
    dialog.grab().save(str(tmp_path / "what-fits-zh_CN.png"))


def test_switching_language_while_open_translates_the_dialog(qtbot, window):
    dialog = window.open_what_fits()
    pick(dialog, "a10", 2)
    assert dialog.wait()
    assert dialog.windowTitle() == "What fits my cards"
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "我的卡能运行什么")
    assert dialog.serving_table.horizontalHeaderItem(0).text() == "模型"
