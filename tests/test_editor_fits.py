"""The scenario editor fits its panel at 1,280 px in both languages: every row's label, control,
unit and "Auto" box lie within the editor's viewport (its horizontal scroll bar is off), check
boxes show every line of their text, number boxes their whole text, and a label cut short ends in
"…" with its text in its tooltip. At 1,280 px the English editor's rows were 350-363 px wide in a
314 px viewport: the "Auto" boxes were cut at the right edge."""

from __future__ import annotations

import contextlib

import pytest
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QMessageBox,
    QSlider,
    QStyle,
    QStyleOptionSpinBox,
    QWidget,
)

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.app.narrow_form import ElidingLabel, WrappingCheckBox
from configurator.core.catalog import load_catalog

WORKLOADS = ("pretrain", "inference", "vdi", "transcode", "render")
"""Each shows its own groups (training, serving with its engine settings open, graphics)."""


@pytest.fixture(params=["en", "zh_CN"])
def window(request, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    i18n.install_language(request.param)
    controller = ScenarioController(load_catalog(), default_scenario())
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.controller.undo_stack.setClean()
    i18n.install_language("en")


def shown_text_width(box: QAbstractSpinBox) -> int:
    """The width of a number box's text field [px]."""
    option = QStyleOptionSpinBox()
    box.initStyleOption(option)
    return box.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                      QStyle.SubControl.SC_SpinBoxEditField, box).width()


def problems(editor) -> list[str]:
    """What of the editor's rows is cut, as ``kind name text``."""
    viewport = editor.viewport()
    found = []
    for widget in editor.widget().findChildren(QWidget):
        if not widget.isVisibleTo(editor) or not isinstance(
                widget, (QLabel, QAbstractButton, QAbstractSpinBox, QComboBox, QSlider)):
            continue
        name = f"{type(widget).__name__} {widget.objectName() or ''} {getattr(widget, 'text', str)()!r}"
        left = widget.mapTo(viewport, QPoint(0, 0)).x()
        if left < 0 or left + widget.width() > viewport.width():
            found.append(f"past the viewport ({left}..{left + widget.width()} of {viewport.width()} px): {name}")
        if isinstance(widget, WrappingCheckBox) and widget.height() < widget.heightForWidth(widget.width()):
            found.append(f"a line of text cut: {name}")
        elif isinstance(widget, QAbstractButton) and not isinstance(widget, WrappingCheckBox) \
                and widget.width() < widget.sizeHint().width() - 8:
            found.append(f"narrower than its text: {name}")
        if isinstance(widget, QAbstractSpinBox):
            text = widget.fontMetrics().horizontalAdvance(widget.lineEdit().text())
            if text > shown_text_width(widget):
                found.append(f"text cut ({text} px in {shown_text_width(widget)}): {name}")
        if isinstance(widget, ElidingLabel) and widget.is_elided():
            whole = widget.text().replace("&", "")
            if widget.toolTip() != whole or not widget.shown_text().endswith("…"):
                found.append(f"cut without '…' and tooltip: {name}")
        elif isinstance(widget, QLabel) and not widget.wordWrap() and widget.text() \
                and widget.width() < widget.sizeHint().width():
            found.append(f"label cut: {name}")
    return found


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_every_editor_row_lies_within_the_viewport(qtbot, window, size):
    window.resize(*size)
    editor = window.editor
    editor.engine_settings_button.setChecked(True)
    for workload in WORKLOADS:
        window.controller.apply_many({"workload": workload}, label="workload")
        qtbot.wait(20)
        assert editor.widget().width() <= editor.viewport().width()
        with contextlib.suppress(Exception):  # a wrapped row's height settles a layout pass later under load
            qtbot.waitUntil(lambda: problems(editor) == [], timeout=1000)
        assert problems(editor) == [], (workload, size)


def test_a_long_check_box_wraps_and_toggles_from_its_second_line(qtbot, window):
    editor = window.editor
    check = editor.tp_comm_overlap
    assert check.width() < check.sizeHint().width() or i18n.current_language() != "en"
    assert check.height() >= check.heightForWidth(check.width())
    before = check.isChecked()
    assert check.hitButton(QPoint(check.width() - 2, check.height() - 2))
    check.click()
    assert check.isChecked() is not before
