"""The card browser by keys (session 48, ui48): Tab and Shift+Tab leave its tables, the arrows move in them (Tab
went cell to cell, every row: a keyboard trap, as the ranking's table was before keys47), in English and Chinese.
Real widgets, key presses only (``QTest.keyClick``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from configurator.app import i18n
from configurator.app.browser import CardBrowser
from configurator.app.browser_compare import ComparisonDialog
from configurator.app.controller import ScenarioController
from configurator.app.defaults import default_scenario
from configurator.core.catalog import load_catalog

K, SHIFT, ALT = Qt.Key, Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.AltModifier
CLICK_MS = 250
"""A mnemonic clicks its button after a short animation (``animateClick``, 100 ms): waited for [ms]."""


@pytest.fixture(params=["en", "zh_CN"])
def browser(qtbot, request):
    i18n.install_language(request.param)
    catalog = load_catalog()
    dialog = CardBrowser(ScenarioController(catalog, default_scenario(request.param, catalog)))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.isAncestorOf(QApplication.focusWidget()), timeout=2000)
    yield dialog
    i18n.install_language("en")


def _focus():
    return QApplication.focusWidget()


def _tab_to(widget, limit: int = 40) -> None:
    """Tab from the focus until ``widget`` has it (at most ``limit`` presses)."""
    for _ in range(limit):
        if _focus() is widget:
            return
        QTest.keyClick(_focus(), K.Key_Tab)
    assert _focus() is widget


def test_tab_and_shift_tab_leave_the_browser_table(qtbot, browser):
    table = browser.table
    _tab_to(table)
    QTest.keyClick(table, K.Key_Down)
    QTest.keyClick(table, K.Key_Down, SHIFT)  # two cards selected by the arrows
    assert len(browser.selected_cards()) == 2
    QTest.keyClick(table, K.Key_Tab)
    after = _focus()
    assert after is not table and after.isVisible() and browser.isAncestorOf(after)
    QTest.keyClick(after, K.Key_Backtab)
    assert _focus() is table
    QTest.keyClick(table, K.Key_Backtab)
    assert _focus() is not table and browser.isAncestorOf(_focus())


def test_tab_leaves_the_comparison_table(qtbot, browser):
    table = browser.table
    _tab_to(table)
    QTest.keyClick(table, K.Key_Down)
    QTest.keyClick(table, K.Key_Down, SHIFT)
    QTest.keyClick(table, K.Key_C, ALT)  # Compare selected (2–4)
    QTest.qWait(CLICK_MS)
    dialog = next(d for d in browser.findChildren(ComparisonDialog) if d.isVisible())
    dialog.activateWindow()  # the window manager's part: offscreen activates no new window
    qtbot.waitUntil(lambda: dialog.isAncestorOf(_focus()), timeout=2000)
    qtbot.waitUntil(lambda: dialog.table.rowCount() > 1, timeout=60_000)
    _tab_to(dialog.table, limit=5)
    QTest.keyClick(dialog.table, K.Key_Down)
    QTest.keyClick(dialog.table, K.Key_Tab)
    assert _focus() is not dialog.table and dialog.isAncestorOf(_focus())
