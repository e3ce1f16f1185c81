"""The window's layout controls are "Auto" by default: the planner's values show, editing pins."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.app.field_help import field_description
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.scenario import LAYOUT_FIELDS, Parallelism, Training

ANALYSIS_WAIT_MS = 30_000
"""The analysis runs on a worker thread: on a loaded 2-core machine a big one takes seconds."""

AUTO_PATHS = ("parallelism.tp", "parallelism.pp", "parallelism.virtual_stages", "parallelism.cp", "parallelism.ep",
              "parallelism.zero", "training.recompute", "training.micro_batch", "training.grad_accum",
              "training.global_batch_tokens", "serving.max_batch",
              "serving.max_batched_tokens", "serving.disaggregated")


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
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
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
    assert "micro-batch" in text and "global batch" in text and " tokens" in text
    assert window.results.values["Exposed communication"].text().endswith("%")
    analysed(qtbot, window, lambda: window.controller.apply("workload", "inference"))
    assert " copy" in window.results.layout_label.text() or "copies" in window.results.layout_label.text()
    assert "Exposed communication" not in window.results.values
    analysed(qtbot, window, lambda: window.controller.apply("workload", "vdi"))
    assert window.results.layout_label.isHidden()


def long_moe(qtbot, window, model="mixtral-8x7b"):
    """A mixture-of-experts pre-training run on long sequences over 64 cards."""
    return analysed(qtbot, window, lambda: window.controller.apply_many(
        {"workload": "pretrain", "model": preset(model).model_dump(), "count": 64, "training.seq_len": 32768,
         "parallelism.zero": 1}, text="long MoE"))


def test_context_and_expert_parallel_rows_follow_the_auto_pattern(qtbot, window):
    editor = window.editor
    assert editor.cp.maximum() == Parallelism.model_fields["cp"].metadata[1].le
    assert field_description("parallelism.cp")[1:] in editor.cp.toolTip()
    assert "Accepted range" in editor.cp.toolTip() and "planner" in editor.cp.toolTip()
    est = long_moe(qtbot, window)
    assert editor.ep_row.isEnabled() and editor.cp_row.isEnabled()
    assert editor.cp.value() == est.scenario.parallelism.cp
    assert editor.ep.value() == est.scenario.parallelism.ep
    assert editor.cp.property("auto") is True


def test_pinning_cp_from_the_editor_changes_the_scenario_and_undo_restores_auto(qtbot, window):
    editor, controller = window.editor, window.controller
    long_moe(qtbot, window)
    pin = 4 if editor.cp.value() == 2 else 2  # not the planner's own pick (CP 2 since ring merges are charged)
    est = analysed(qtbot, window, lambda: editor.cp.setValue(pin))
    assert controller.scenario.parallelism.cp == pin
    assert "cp" not in controller.scenario.auto_layout
    assert set(controller.scenario.auto_layout) == set(LAYOUT_FIELDS) - {"cp"}
    assert est.scenario.parallelism.cp == pin
    assert not editor.auto_checks["parallelism.cp"].isChecked()
    assert f"CP {pin}" in window.results.layout_label.text()
    assert window.controller.undo_stack.undoText() == "Change context parallel"
    analysed(qtbot, window, window.undo_action.trigger)
    assert controller.scenario.auto_layout == LAYOUT_FIELDS
    assert editor.auto_checks["parallelism.cp"].isChecked()


def test_pinning_ep_from_the_editor_shows_it_in_the_layout_line(qtbot, window):
    editor, controller = window.editor, window.controller
    long_moe(qtbot, window)
    est = analysed(qtbot, window, lambda: editor.ep.setValue(8))
    assert controller.scenario.parallelism.ep == 8
    assert "ep" not in controller.scenario.auto_layout
    assert est.scenario.parallelism.ep == 8
    assert "EP 8" in window.results.layout_label.text()
    assert "· expert parallel" in window.results.values
    value = window.results.values["· expert parallel"].text()
    assert value.endswith("%)") and "s (" in value
    editor.auto_checks["parallelism.ep"].setChecked(True)
    assert "ep" in controller.scenario.auto_layout


def test_expert_parallel_is_disabled_for_a_dense_model_and_says_why(qtbot, window):
    editor = window.editor
    assert not window.controller.scenario.model.is_moe
    assert not editor.ep_row.isEnabled()
    assert "mixture-of-experts" in editor.ep.toolTip()
    assert "mixture-of-experts" in editor.auto_checks["parallelism.ep"].toolTip()
    assert editor.cp_row.isEnabled()
    long_moe(qtbot, window)
    assert editor.ep_row.isEnabled()
    assert "planner" in editor.ep.toolTip()
    analysed(qtbot, window, lambda: editor.ep.setValue(2))
    llama = editor.model_combo.findData("llama3-8b")
    dense = analysed(qtbot, window, lambda: editor.model_combo.setCurrentIndex(llama))
    assert dense.scenario.model.name == preset("llama3-8b").name  # the pinned expert split does not block it
    assert window.controller.scenario.parallelism.ep == 1
    assert not editor.ep_row.isEnabled()
    analysed(qtbot, window, lambda: window.controller.apply("workload", "inference"))
    assert not editor.cp_row.isEnabled()
    assert "training only" in editor.cp.toolTip()


def test_offload_boxes_and_loss_kernel_set_the_training_fields(qtbot, window):
    editor, controller = window.editor, window.controller
    box = editor.offload_checks["training.offload_optimizer"]
    assert box.toolTip().lower() == field_description("training.offload_optimizer").lower()
    est = analysed(qtbot, window, lambda: box.setChecked(True))
    assert controller.scenario.training.offload_optimizer is True
    assert est.scenario.training.offload_optimizer is True
    assert "CPU offload: optimizer states" in window.results.layout_label.text()
    assert window.controller.undo_stack.undoText() == "Change CPU offload of optimizer states"
    analysed(qtbot, window, lambda: editor.offload_checks["training.offload_activations"].setChecked(True))
    assert controller.scenario.training.offload_activations is True
    assert "optimizer states, activations" in window.results.layout_label.text()
    assert controller.scenario.training.loss is None
    assert editor.loss.currentData() == ""
    assert Training.model_fields["loss"].description[1:] in editor.loss.toolTip()
    analysed(qtbot, window, lambda: editor.loss.setCurrentIndex(editor.loss.findData("fused")))
    assert controller.scenario.training.loss.value == "fused"
    window.undo_action.trigger()
    assert controller.scenario.training.loss is None


def test_the_adapter_fields_greyed_outside_lora_say_why(qtbot, window):
    """Was: LoRA rank and targets greyed in pretraining with only their own help as tooltip, and the
    optimizer step in backward greyed in LoRA with its help; each now says where it counts."""
    editor, controller = window.editor, window.controller
    assert controller.scenario.workload.value in ("pretrain", "finetune")
    for widget in (editor.lora_rank, editor.lora_targets):
        assert not widget.isEnabled() and "LoRA and QLoRA fine-tuning" in widget.toolTip()
    assert editor.optimizer_in_backward.isEnabled()
    controller.apply("workload", "lora")
    assert editor.lora_rank.isEnabled() and "Rank r" in editor.lora_rank.toolTip()
    assert not editor.optimizer_in_backward.isEnabled()
    assert "whole model is trained" in editor.optimizer_in_backward.toolTip()


def _tab_stops_after(widget, count: int) -> list:
    """The next ``count`` shown, enabled widgets Tab reaches after ``widget`` (a spin box's inner line edit
    stands for its box)."""
    from PySide6.QtWidgets import QAbstractSpinBox

    stops, at = [], widget
    while len(stops) < count:
        at = at.nextInFocusChain()
        owner = at.parentWidget() if isinstance(at.parentWidget(), QAbstractSpinBox) else at
        tab_stop = at.isVisible() and at.isEnabled() and at.focusPolicy() & Qt.FocusPolicy.TabFocus
        if tab_stop and owner not in (widget, *stops):
            stops.append(owner)
    return stops


def test_tab_goes_down_the_video_group_through_its_resolution(qtbot, window):
    """The one resolution row, moved under the streams for a transcode: Tab went streams → frame rate …
    and reached the resolution only from the cards' group above (back up the screen)."""
    editor = window.editor
    window.controller.apply_many({"workload": "transcode", "card_id": "l4"})
    qtbot.waitUntil(editor.resolution.isVisible)
    assert _tab_stops_after(editor.streams, 2) == [editor.resolution, editor.fps]
    window.controller.apply("workload", "vdi")
    qtbot.waitUntil(editor.resolution.isVisible)  # its row shown once the moved row is laid out
    assert _tab_stops_after(editor.monitors, 1) == [editor.resolution]


@pytest.mark.qt_log_ignore("This plugin does not support grabbing the keyboard")  # the offscreen menu's
@pytest.mark.parametrize("workload", ["pretrain", "inference"])
def test_alt_v_opens_the_view_menu_from_the_editor(qtbot, window, workload):
    """Was: in training Alt+V first focused "Tensor-parallel traffic o&verlapped with compute" (the View
    menu's letter too); its letter is now C."""
    from PySide6.QtWidgets import QApplication

    window.controller.apply("workload", workload)
    window.activateWindow()
    window.editor.count_spin.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    try:
        qtbot.waitUntil(window.view_menu.isVisible, timeout=2000)
    finally:
        if QApplication.activePopupWidget() is not None:
            QApplication.activePopupWidget().close()
