"""Every column of the ranking and of the bill is in view at 1920 × 1080 with both bottom docks open, in both
languages (session 45: the table was ~500 px there and the limit and price columns ran past its edge; in English
below ~1,700 px the price heading was cut): the price column's basis and date, the card names and the limits elide
(whole in their tooltips), each amount, figure and heading but the cost's stays whole (the cost's whole in its
tooltip)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_columns import COST_COLUMN, LEADING_AMOUNT
from docked_window import docked_window


@pytest.mark.parametrize("workload", ["inference", "pretrain"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_column_is_in_view_with_both_docks_open(qtbot, tmp_path, catalog, monkeypatch, language, workload):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    with language_for_a_while(language):
        window, panel, _ = docked_window(qtbot, tmp_path, catalog, (1920, 1080), language, workload)
        window.recommend_dock.raise_()
        qtbot.waitUntil(lambda: panel.table.isVisible())
        QApplication.processEvents()
        table, header = panel.table, panel.table.horizontalHeader()
        last = table.columnCount() - 1
        assert header.sectionViewportPosition(last) + header.sectionSizeHint(last) <= table.viewport().width()
        assert table.horizontalScrollBar().maximum() == 0
        for column in range(table.columnCount()):
            item = table.horizontalHeaderItem(column)
            assert item.toolTip(), item.text()  # whole where it is elided
            if column != COST_COLUMN:
                assert header.sectionSizeHint(column) <= header.sectionSize(column), item.text()
        metrics, ranked = table.fontMetrics(), len(panel.result.ranked)
        for row in range(ranked):
            price = table.item(row, panel.PRICE_COLUMN)
            amount = LEADING_AMOUNT.match(price.text()).group()
            assert metrics.horizontalAdvance(amount) < header.sectionSize(panel.PRICE_COLUMN)  # the amount whole
            assert price.toolTip()  # its note: the price's basis, date and source
            for column in (0, 1):  # the card and its class whole in the tooltip where elided or brief
                assert table.item(row, column).text().removesuffix("…").strip() in table.item(row, column).toolTip()
        window.controller.undo_stack.setClean()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_column_of_the_bill_is_in_view_beside_the_ranking(qtbot, tmp_path, catalog, monkeypatch, language):
    """The bill of materials beside the ranking at 1920 × 1080 (its Source column ran past the edge, session 45):
    every column in view, the item and source elided whole in their tooltips, the figures whole."""
    from configurator.app.bom_panel import SOURCE_COLUMN

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    with language_for_a_while(language):
        window, _, bom = docked_window(qtbot, tmp_path, catalog, (1920, 1080), language, "vdi")
        QApplication.processEvents()
        table, header = bom.lines, bom.lines.horizontalHeader()
        assert table.horizontalScrollBar().maximum() == 0
        assert header.sectionViewportPosition(SOURCE_COLUMN) + header.sectionSizeHint(SOURCE_COLUMN) \
            <= table.viewport().width()
        for row in range(table.rowCount()):
            for column in (0, SOURCE_COLUMN):
                assert table.item(row, column).text() in table.item(row, column).toolTip()
            for column in (1, 2, 3):  # quantities, prices and totals whole
                assert table.sizeHintForIndex(table.model().index(row, column)).width() <= header.sectionSize(column)
        window.controller.undo_stack.setClean()
