"""The main window fits the smallest screens buyers have, in both languages, with both bottom docks
open (session 24: at 1366 × 768 the window could not be made shorter than 788 px with the
recommendation open, 816 px with both docks; at 1280 × 800 the cost-and-speed chart's axis title
took two to four lines)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.app.i18n import language_for_a_while
from docked_window import docked_window

from configurator.app.recommend_panel import TABLE_MIN_ROWS

SMALLEST_SCREENS = ((1280, 800), (1366, 768))
"""The smallest screens supported [px] (tools/screenshots_sizes.py draws the window at 1280 × 800;
1366 × 768 is the commonest laptop panel of that class)."""

TASKBAR_PX = 48
"""A taskbar's height (Windows 11 at 100 %; Windows 10's is 40 px, GNOME's top bar 32 px) [px]."""

TITLE_BAR_PX = 32
"""A window's title bar (Windows 10 and 11 at 100 %; GNOME's ~37 px less its 32 px bar) [px]."""


def available(screen: tuple[int, int]) -> tuple[int, int]:
    """The window's inside on ``screen``, less the taskbar and its own title bar [px]."""
    width, height = screen
    return width, height - TASKBAR_PX - TITLE_BAR_PX


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("screen", SMALLEST_SCREENS)
def test_the_window_with_both_docks_fits_the_screen(qtbot, tmp_path, catalog, monkeypatch, language, screen):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    width, height = available(screen)
    with language_for_a_while(language):
        window, panel, _ = docked_window(qtbot, tmp_path, catalog, (width, height), language, "inference")
        window.recommend_dock.raise_()
        qtbot.waitUntil(lambda: panel.table.isVisible())
        qtbot.waitUntil(lambda: panel.pareto.drawn)
        QApplication.processEvents()
        assert window.minimumSizeHint().height() <= height
        assert (window.width(), window.height()) == (width, height)  # not grown past the screen
        table = panel.table  # the panel scrolls in its dock: its first answers in view
        shown = [r for r in range(table.rowCount())
                 if table.visualRect(table.model().index(r, 0)).bottom() <= table.viewport().height()]
        assert len(shown) >= TABLE_MIN_ROWS
        area = window.recommend_dock.widget()  # and in the dock's view without scrolling
        last = table.visualRect(table.model().index(TABLE_MIN_ROWS - 1, 0)).bottomLeft()
        assert table.viewport().mapTo(area.viewport(), last).y() <= area.viewport().height()
        axis = panel.chart.getPlotItem().getAxis("left")  # the cost axis' title on one line
        assert 0 < axis.label.boundingRect().width() <= axis.size().height()
        assert axis.label.document().lineCount() == 1
        window.controller.undo_stack.setClean()
