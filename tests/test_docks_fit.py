"""Both bottom docks open (recommendation, bill of materials) at 1400 x 950 and at the smallest
supported size: each part usable (session 23: one ranking row 180 px wide, the price-decides note
drawn over the reasons, the rent-against-buy chart 68 px wide)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from configurator.app.bom_panel import CHART_MIN_WIDTH_PX
from docked_window import docked_window

from configurator.app.recommend_panel import TABLE_MIN_ROWS, TABLE_MIN_WIDTH_PX


@pytest.mark.parametrize("size", [(1400, 950), (1280, 800)])
def test_both_docks_are_usable(qtbot, tmp_path, catalog, size):
    window, panel, bom = docked_window(qtbot, tmp_path, catalog, size)
    QApplication.processEvents()
    assert window.width() <= size[0]  # the docks did not widen the window past the screen
    assert window.bom_dock in window.tabifiedDockWidgets(window.recommend_dock)  # too narrow for both side by side
    assert bom.chart.isVisible() and bom.chart.width() >= CHART_MIN_WIDTH_PX
    window.recommend_dock.raise_()
    qtbot.waitUntil(lambda: panel.table.isVisible())
    table = panel.table
    assert table.width() >= TABLE_MIN_WIDTH_PX
    shown = [r for r in range(table.rowCount())
             if table.visualRect(table.model().index(r, 0)).bottom() <= table.viewport().height()]
    assert len(shown) >= TABLE_MIN_ROWS
    note, reasons = panel.price_decides_label, panel.reasons
    if note.isVisible() and reasons.text():
        assert note.geometry().bottom() < reasons.geometry().top()  # one under the other, not over
