"""The window's layout controls are "Auto" by default: the planner's values show, editing pins."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.core.catalog import load_catalog
from configurator.core.scenario import LAYOUT_FIELDS

AUTO_PATHS = ("parallelism.tp", "parallelism.pp", "parallelism.virtual_stages", "parallelism.zero",
              "training.recompute", "training.micro_batch", "training.grad_accum", "training.global_batch_tokens")


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), default_scenario())
    w = MainWindow(controller, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    controller.recompute()
    return w


def analysed(qtbot, window, action):
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=3000):
        action()
    return window.controller.analysis.estimate


def test_default_is_auto_and_shows_the_planners_values(window):
    assert window.controller.scenario.auto_layout == LAYOUT_FIELDS
    editor, chosen = window.editor, window.controller.analysis.estimate.scenario
    assert set(editor.auto_checks) == set(AUTO_PATHS)
    assert all(editor.auto_checks[p].isChecked() for p in AUTO_PATHS)
    assert editor.tp.value() == chosen.parallelism.tp
    assert editor.pp.value() == chosen.parallelism.pp
    assert editor.vp.value() == chosen.parallelism.virtual_stages
    assert editor.zero.currentData() == chosen.parallelism.zero
    assert editor.recompute.currentData() == chosen.training.recompute.value
    assert editor.micro_batch.value() == chosen.training.micro_batch
    assert editor.grad_accum.value() == chosen.training.grad_accum
    assert editor.global_batch.value() == pytest.approx(chosen.global_batch_tokens / 1e6, abs=1e-2)
    assert "planner" in editor.auto_checks["parallelism.tp"].toolTip()
    assert editor.tp.property("auto") is True


def test_pinning_tp_keeps_it_and_undo_restores_auto(qtbot, window):
    editor, controller = window.editor, window.controller
    est = analysed(qtbot, window, lambda: editor.tp.setValue(2))
    assert "tp" not in controller.scenario.auto_layout
    assert set(controller.scenario.auto_layout) == set(LAYOUT_FIELDS) - {"tp"}
    assert est.scenario.parallelism.tp == 2
    assert not editor.auto_checks["parallelism.tp"].isChecked()
    assert editor.tp.property("auto") is False
    est = analysed(qtbot, window, window.undo_action.trigger)
    assert controller.scenario.auto_layout == LAYOUT_FIELDS
    assert editor.auto_checks["parallelism.tp"].isChecked()
    assert editor.tp.value() == est.scenario.parallelism.tp


def test_unchecking_auto_with_the_keyboard_pins_the_value_shown(qtbot, window):
    editor, controller = window.editor, window.controller
    shown = editor.micro_batch.value()
    check = editor.auto_checks["training.micro_batch"]
    check.setFocus()
    qtbot.keyClick(check, Qt.Key.Key_Space)
    assert "micro_batch" not in controller.scenario.auto_layout
    assert controller.scenario.training.micro_batch == shown
    qtbot.keyClick(check, Qt.Key.Key_Space)
    assert "micro_batch" in controller.scenario.auto_layout
    window.undo_action.trigger()
    assert "micro_batch" not in controller.scenario.auto_layout


def test_global_batch_auto_means_none(qtbot, window):
    editor, controller = window.editor, window.controller
    assert controller.scenario.training.global_batch_tokens is None
    analysed(qtbot, window, lambda: editor.global_batch.setValue(4.0))
    assert controller.scenario.training.global_batch_tokens == 4_000_000
    assert not editor.auto_checks["training.global_batch_tokens"].isChecked()
    editor.auto_checks["training.global_batch_tokens"].setChecked(True)
    assert controller.scenario.training.global_batch_tokens is None


def test_results_panel_shows_the_layout_and_exposed_communication(qtbot, window):
    est = window.controller.analysis.estimate
    text = window.results.layout_label.text()
    assert text.startswith("Layout: ")
    assert f"TP {est.scenario.parallelism.tp}" in text
    assert f"DP {est.scenario.data_parallel}" in text
    assert "micro-batch" in text and "global batch" in text and "M tokens" in text
    assert window.results.values["Exposed communication"].text().endswith("%")
    analysed(qtbot, window, lambda: window.controller.apply("workload", "inference"))
    assert "copies" in window.results.layout_label.text()
    assert "Exposed communication" not in window.results.values
    analysed(qtbot, window, lambda: window.controller.apply("workload", "vdi"))
    assert window.results.layout_label.isHidden()
