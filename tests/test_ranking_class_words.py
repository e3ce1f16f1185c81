"""The recommendation panel says a card's class in one set of words (session 48, ui48): the unpriced rows and the
card picker's list said the class alone ('Inference card') where the ranked rows say what else its vendor positions
it for ('Inference card (also training)', heads47): now every one of them reads
:func:`~configurator.core.view.card_classes_view.class_label`, in both languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_columns import CLASS_COLUMN
from configurator.core.view.card_classes_view import class_label, class_label_brief
from configurator.core.view.card_names import card_name
from configurator.core.view.rows import write
from docked_window import docked_window


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_unpriced_rows_and_the_card_list_name_the_class_as_the_ranked_rows(qtbot, tmp_path, catalog, monkeypatch,
                                                                           language):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    with language_for_a_while(language):
        window, panel, _ = docked_window(qtbot, tmp_path, catalog, (1280, 720), language, "inference")
        window.recommend_dock.raise_()
        qtbot.waitUntil(lambda: panel.table.isVisible())
        QApplication.processEvents()
        table, result = panel.table, panel.result
        further = [rec for rec in result.unpriced if rec.card.further_classes]
        # the TPU v5e (also for training, no price) was the one until cloudonly51: a cloud-only chip is no longer
        # listed under a purchase basis; every unpriced row below still names its class as the ranked rows do
        assert all(rec.card.id != "tpu-v5e" for rec in further)
        start = panel.unpriced_row + 1
        for row, rec in enumerate(result.unpriced, start=start):
            assert panel.recommendation_at(row) is rec
            cell, whole = table.item(row, CLASS_COLUMN), write(class_label(rec.card), language)
            assert cell.text() in (whole, write(class_label_brief(rec.card), language))  # as a ranked row's
            assert cell.toolTip().split("\n")[0] == whole  # then what the row lacks
        ranked = {table.item(row, CLASS_COLUMN).text() for row in range(len(result.ranked))}
        unpriced = {table.item(row, CLASS_COLUMN).text() for row in range(start, start + len(result.unpriced))}
        assert not {"Inference card", "推理卡"} & unpriced - ranked  # no plain class where a ranked row says 'also'
        picker = panel.cards_picker
        for card in catalog.cards:  # the picker's list: the name, then the class as the table says it
            text = picker.item_of(card.id).text()
            assert text == f"{card_name(card.name, language)} · {write(class_label(card), language)}"
        l40s = picker.item_of("l40s")
        assert ("also" if language == "en" else "也定位于") in l40s.text()
        assert l40s.data(Qt.ItemDataRole.UserRole) == "l40s"
        window.controller.undo_stack.setClean()
