"""The whole path by keyboard alone (session 47, keys47): the wizard answered with keys, the
recommendation panel opened and left with Tab, the dialogs closed with Esc, every menu entry reached
by a shortcut or a letter of its own, in English and in Chinese. Real widgets, key presses only
(``QTest.keyClick``/``keyClicks``); no mouse, no setter on the widgets driven."""

from __future__ import annotations

import re
import string

import pytest
import shiboken6
from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QWidget

from configurator.app import i18n
from configurator.app.main_window import MainWindow
from configurator.app.mnemonics import with_mnemonics
from configurator.app.wizard import WorkloadWizard

MODIFIER = Qt.KeyboardModifier
ALT, CTRL, SHIFT = MODIFIER.AltModifier, MODIFIER.ControlModifier, MODIFIER.ShiftModifier
K = Qt.Key
CLICK_MS = 250
"""A mnemonic clicks its button after a short animation (``animateClick``, 100 ms): waited for [ms]."""
DECIDE_MS = 120_000


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    i18n.install_language(request.param)
    yield request.param
    i18n.install_language("en")


@pytest.fixture
def window(qtbot, controller, tmp_path, language, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # closing
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    return w


def _press(widget: QWidget, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(widget, key, modifiers)
    if modifiers & ALT or key in (K.Key_Return, K.Key_Escape):
        QTest.qWait(CLICK_MS)


def _focus() -> QWidget:
    return QApplication.instance().focusWidget()


def _mnemonic(text: str) -> str | None:
    found = re.search(r"&([^&\s])", (text or "").replace("&&", ""))
    return found.group(1).lower() if found else None


def _shown_mnemonics(top: QWidget) -> dict[str, list[str]]:
    """Mnemonic letter -> the texts of the widgets shown in ``top`` that carry it."""
    found: dict[str, list[str]] = {}
    for widget in top.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QAbstractButton):
            text = widget.text()
        elif isinstance(widget, QLabel) and widget.buddy() is not None:
            text = widget.text()
        elif isinstance(widget, QGroupBox) and widget.isCheckable():
            text = widget.title()
        else:
            continue
        if _mnemonic(text):
            found.setdefault(_mnemonic(text), []).append(text)
    return found


class _WindowsShown(QObject):
    """Every widget shown as a window of its own while installed (a dialog, or a stray row)."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[QWidget] = []

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Show and isinstance(obj, QWidget) and obj.isWindow():
            self.shown.append(type(obj).__name__)
        return False


def _open_wizard(qtbot, window) -> WorkloadWizard:
    _press(window, K.Key_W, CTRL | SHIFT)
    wizard = next(w for w in window.findChildren(WorkloadWizard) if w.isVisible())
    qtbot.waitUntil(lambda: wizard.isAncestorOf(_focus()), timeout=2000)  # the window manager activates it
    return wizard


# ---- (1) the wizard, answered with keys -----------------------------------------------------

def test_a_chatbot_for_a_chinese_buyer_by_keys_alone(qtbot, window):
    """Alt+letter picks each answer in either language, Enter takes Next and at the end "Use this";
    each page's focus is on a question shown (the serving page's sat in the hidden training box)."""
    wizard = _open_wizard(qtbot, window)
    assert wizard.goal.isAncestorOf(_focus())
    _press(_focus(), K.Key_S, ALT)  # Serve a model to users
    assert wizard.goal.workload() == "inference"
    _press(_focus(), K.Key_Return)  # Next
    assert wizard.currentPage() is wizard.model_page and _focus().isVisible()
    _press(_focus(), K.Key_Return)
    assert wizard.currentPage() is wizard.load
    assert _focus().isVisible() and wizard.load.serving_box.isAncestorOf(_focus())
    assert _focus() is wizard.load.use  # the first question of the page, in reading order
    _press(_focus(), K.Key_U, ALT)
    assert _focus() is wizard.load.users
    QTest.keyClicks(_focus(), "300")
    _press(_focus(), K.Key_Return)  # the number taken, then Next
    assert wizard.currentPage() is wizard.limits and _focus().isVisible()
    _press(_focus(), K.Key_D, ALT)
    assert _focus() is wizard.limits.budget
    QTest.keyClicks(_focus(), "500000")
    _press(_focus(), K.Key_T, ALT)  # Deliver to
    assert _focus() is wizard.limits.region
    for _ in range(wizard.limits.region.count()):
        if wizard.limits.region.currentData() == "cn":
            break
        _press(_focus(), K.Key_Down)
    _press(_focus(), K.Key_Return)
    assert wizard.currentPage() is wizard.summary
    assert wizard.summary.wait(DECIDE_MS)
    qtbot.waitUntil(lambda: wizard.button(wizard.WizardButton.FinishButton).isEnabled(), timeout=DECIDE_MS)
    assert wizard.button(wizard.WizardButton.FinishButton).isDefault()
    _press(_focus(), K.Key_Return)  # Enter: the default button, "Use this"
    scenario = window.controller.scenario
    assert scenario.workload == "inference" and scenario.serving.concurrency == 300
    assert scenario.constraints.region == "cn" and scenario.constraints.budget == 500_000


@pytest.mark.parametrize("task, letter, first", [("pretrain", K.Key_T, "tokens"), ("vdi", K.Key_V, None)])
def test_each_task_page_focuses_a_question_shown_and_esc_cancels(qtbot, window, task, letter, first):
    before = window.controller.scenario
    wizard = _open_wizard(qtbot, window)
    _press(_focus(), letter, ALT)
    assert wizard.goal.workload() == task
    while wizard.currentPage() is not wizard.load:
        _press(_focus(), K.Key_Return)
    assert _focus().isVisible() and wizard.load.isAncestorOf(_focus())
    if first is not None:
        assert _focus() is getattr(wizard.load, first)
        _press(_focus(), K.Key_W, ALT)  # Finish within: the deadline
        assert _focus() is wizard.load.deadline
    assert not {k: v for k, v in _shown_mnemonics(wizard).items() if len(v) > 1}
    _press(_focus(), K.Key_Escape)
    assert not shiboken6.isValid(wizard) or not wizard.isVisible()  # closed (and deleted)
    assert window.controller.scenario == before


def test_the_focused_choice_box_is_framed(qtbot, window):
    """Fusion drew a closed choice box with the focus as every other: Tab's place was not to be seen."""
    wizard = _open_wizard(qtbot, window)
    _press(_focus(), K.Key_S, ALT)
    _press(_focus(), K.Key_Return)
    _press(_focus(), K.Key_Return)
    box = wizard.load.use
    assert _focus() is box
    focused = box.grab().toImage()
    _press(box, K.Key_Tab)
    assert _focus() is not box and box.grab().toImage() != focused


# ---- (2) the window: the ranking panel opened by its shortcut, left with Tab ------------------

def test_the_window_opens_on_the_first_question_and_tabs_left_to_right(qtbot, window):
    """The editor (left), then the results (right): it opened on the memory chart. The charts between are passed
    over (ui48: Tab stopped on each of the four, which answer no key and drew no focus frame), Shift+Tab too."""
    qtbot.waitUntil(lambda: _focus() is not None, timeout=2000)
    assert window.editor.isAncestorOf(_focus()) and _focus().objectName() == "workload"
    seen = []
    for _ in range(200):
        _press(_focus(), K.Key_Tab)
        seen.append(_focus())
        if not window.editor.isAncestorOf(_focus()):
            break
    assert window.results.isAncestorOf(seen[-1])
    assert all(window.editor.isAncestorOf(w) for w in seen[:-1])
    _press(_focus(), K.Key_Backtab)
    assert _focus() is seen[-2]  # back to the editor's last field, past the charts
    QTest.mouseClick(window.cost_chart.viewport(), Qt.MouseButton.LeftButton)
    assert _focus() is seen[-2] and not any(chart.hasFocus() for chart in window.charts)


def test_ctrl_r_opens_the_ranking_without_taking_the_focus_away(qtbot, window):
    field = window.editor.findChild(QWidget, "workload")
    field.setFocus()
    watcher = _WindowsShown()
    QApplication.instance().installEventFilter(watcher)
    try:
        _press(window, K.Key_R, CTRL)
        QTest.qWait(100)
    finally:
        QApplication.instance().removeEventFilter(watcher)
    assert window.recommend_dock.isVisible()
    assert not watcher.shown  # a form row shown before it had a parent was a window that took the focus
    assert _focus() is field and QApplication.activeWindow() is window


def test_tab_leaves_the_ranking_table(qtbot, window):
    _press(window, K.Key_R, CTRL)
    table = window.recommend_panel.table
    qtbot.waitUntil(lambda: table.rowCount() > 1, timeout=DECIDE_MS)
    table.setFocus()
    _press(table, K.Key_Down)
    _press(table, K.Key_Tab)
    assert _focus() is not table and _focus().isVisible()


def test_enter_uses_the_selected_ranking_row(qtbot, window, language):
    """Session 48 (ui48): a row was used by the mouse alone (a double-click, or the button after a click). Enter on
    a row does what they do, once (one undo step); the table's context menu offers it with its key."""
    _press(window, K.Key_R, CTRL)
    panel = window.recommend_panel
    table = panel.table
    qtbot.waitUntil(lambda: panel.result is not None and not panel.partial and not panel.busy, timeout=DECIDE_MS)
    assert len(panel.result.ranked) >= 2
    table.setFocus()
    _press(table, K.Key_Down)  # the runner-up
    chosen = panel.recommendation_at(table.currentRow())
    assert chosen is panel.result.ranked[1]
    steps = window.controller.undo_stack.count()
    _press(table, K.Key_Return)
    scenario = window.controller.scenario
    assert (scenario.card_id, scenario.count) == (chosen.card.id, chosen.count)
    assert window.controller.undo_stack.count() == steps + 1
    assert _focus() is table  # the keyboard stays where it was: the next row is a Down away
    action = panel.use_action
    assert action in table.actions() and table.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    assert action.text() == panel.use_button.text() and action.isShortcutVisibleInContextMenu()
    assert action.shortcut().matches(QKeySequence(K.Key_Return)) == QKeySequence.SequenceMatch.ExactMatch
    key = "Enter" if language == "en" else "回车"  # the key named where the button is explained, as Qt names it
    assert key in panel.use_button.toolTip()
    window.controller.undo_stack.setClean()


# ---- (3) dialogs close with Esc ---------------------------------------------------------------

def test_what_fits_and_export_close_with_esc(qtbot, window):
    _press(window, K.Key_F, CTRL | SHIFT)
    dialog = window._what_fits
    qtbot.waitUntil(lambda: dialog.isAncestorOf(_focus()), timeout=2000)
    assert not {k: v for k, v in _shown_mnemonics(dialog).items() if len(v) > 1}
    _press(_focus(), K.Key_Escape)
    assert not dialog.isVisible()
    window.activateWindow()  # the window manager's part: offscreen gives the window back no focus
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    seen = []

    def escape() -> None:
        modal = QApplication.activeModalWidget()
        seen.append(modal)
        if modal is not None:
            QTest.keyClick(QApplication.instance().focusWidget() or modal, K.Key_Escape)

    QTimer.singleShot(500, escape)
    _press(window, K.Key_E, CTRL)  # Export Summary…: returns once the file dialog is closed
    assert seen and seen[0] is not None and QApplication.activeModalWidget() is None


# ---- (4) menus: a shortcut or a letter for every entry, in both languages ----------------------

def _entries(menu):
    menu.aboutToShow.emit()  # the recent files and the launch engines are listed as the menu opens
    return [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]


def test_every_menu_entry_has_a_shortcut_or_a_letter_of_its_own(window):
    bar = [a for a in window.menuBar().actions()]
    assert len({_mnemonic(a.text()) for a in bar}) == len(bar)
    menus = [a.menu() for a in bar]
    while menus:
        menu = menus.pop()
        letters = []
        for action in _entries(menu):
            if action.menu() is not None:
                menus.append(action.menu())
            if not action.isEnabled():
                continue  # "(none)"
            assert _mnemonic(action.text()) or not action.shortcut().isEmpty(), action.text()
            letters.append(_mnemonic(action.text()))
        letters = [letter for letter in letters if letter]
        assert len(letters) == len(set(letters)), (menu.title(), letters)


@pytest.mark.parametrize("workload", ["pretrain", "finetune", "lora", "inference", "vdi", "transcode", "render"])
def test_no_field_takes_the_menu_bars_letters(qtbot, window, workload):
    """Alt+E is the Edit menu: "Packed &examples" took it (and ticked the box) for training."""
    window.controller.apply("workload", workload)
    window.toggle_recommendations(True)
    QApplication.processEvents()
    menu_letters = {_mnemonic(a.text()) for a in window.menuBar().actions()}
    shown = _shown_mnemonics(window)
    assert not {letter: shown[letter] for letter in menu_letters if letter in shown}


def test_mnemonics_for_names():
    assert with_mnemonics(["vLLM", "SGLang", "TensorRT-LLM"]) == ["&vLLM", "&SGLang", "&TensorRT-LLM"]
    assert with_mnemonics(["Megatron-LM", "mlx"]) == ["&Megatron-LM", "m&lx"]
    assert with_mnemonics(["English", "简体中文"], ["en", "zh_CN"]) == ["&English", "简体中文(&Z)"]
    assert with_mnemonics(["A&B"]) == ["&A&&B"]
    assert all(ch in string.printable for ch in with_mnemonics(["x"])[0])
