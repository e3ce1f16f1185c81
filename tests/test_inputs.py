"""Input that says what it did: invalid text is refused with a message next to the control and in
the status bar, never coerced; undo and redo work whatever has the focus; every editor control is
named by its scenario field path."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from configurator.app.binders import _Binder
from configurator.app.main_window import MainWindow


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # on close
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def type_into(qtbot, box, text: str) -> None:
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), text)
    qtbot.keyClick(box, Qt.Key.Key_Return)


@pytest.mark.parametrize(("path", "typed"), [("training.micro_batch", "-5"), ("training.seq_len", "2.5"),
                                             ("economics.pue", "abc")])
def test_invalid_text_is_refused_visibly(qtbot, window, path, typed):
    editor, controller = window.editor, window.controller
    box = editor.control_for(path)
    assert box is not None
    before = controller.scenario
    shown_before = box.text()
    type_into(qtbot, box, typed)
    assert controller.scenario == before  # nothing coerced into the scenario
    assert box.text() == shown_before  # the box is back at the value it had
    message = editor.problem_label.text()
    assert editor.problem_label.isVisible() and f"“{typed}”" in message and "stays" in message
    assert window.statusBar().currentMessage() == message and editor.error_label.text() == message
    # next to the control: just below it
    below = box.mapTo(editor.widget(), box.rect().bottomLeft()).y()
    assert 0 <= editor.problem_label.y() - below <= 10


def test_a_valid_entry_clears_the_problem(qtbot, window):
    editor = window.editor
    box = editor.control_for("training.seq_len")
    type_into(qtbot, box, "2.5")  # not a whole number
    assert editor.problem_label.isVisible()
    type_into(qtbot, box, "8192")
    assert window.controller.scenario.training.seq_len == 8192
    assert not editor.problem_label.isVisible() and editor.error_label.text() == ""


def test_undo_and_redo_work_while_a_number_box_has_the_focus(qtbot, window):
    controller, box = window.controller, window.editor.control_for("training.seq_len")
    before = controller.scenario.training.seq_len
    type_into(qtbot, box, "8192")
    assert controller.scenario.training.seq_len == 8192 and QApplication.focusWidget() is box
    qtbot.keyClick(box, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.scenario.training.seq_len == before and box.value() == before
    redo = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)[0][0]  # the platform's redo key
    qtbot.keyClick(box, redo.key(), redo.keyboardModifiers())
    assert controller.scenario.training.seq_len == 8192


def test_every_editor_control_is_named_by_its_field_path(window):
    editor = window.editor
    binders = [b for b in editor.findChildren(_Binder)]
    assert len(binders) > 40
    for binder in binders:
        widget = binder.widget
        assert widget.objectName() == binder.path, (widget, binder.path)
        assert widget in editor.widget().findChildren(QWidget, binder.path)  # the count has a box and a slider
        assert widget.accessibleName(), binder.path
    assert editor.control_for("training.micro_batch") is editor.micro_batch
    auto = editor.widget().findChild(QWidget, "training.micro_batch:auto")
    assert auto is not None and "micro-batch" in auto.accessibleName()
    assert editor.control_for("count").accessibleName()
    for path in ("model", "model:params", "model:import", "graphics.reference_card"):  # the unbound ones
        assert editor.control_for(path) is not None and editor.control_for(path).accessibleName(), path
