"""The desktop app with real widgets under the offscreen platform."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.core.catalog import load_catalog
from configurator.core.scenario import updated
from configurator.core.scenario_io import write_scenario

ANALYSIS_WAIT_MS = 30_000
"""The analysis runs on a worker thread: on a loaded 2-core machine a big one takes seconds."""


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, controller, settings, monkeypatch):
    # closing must never block on a modal question in tests
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(controller, settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def changed_analysis(qtbot, controller, action):
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS) as blocker:
        action()
    return blocker.args[0]


def test_window_shows_estimate_and_charts(window):
    assert "H100" in window.results.verdict.text()
    assert window.memory_chart.bars["weights"].opts["height"]
    assert len(window.scaling_chart.throughput.getData()[0]) > 5
    assert window.cost_chart.points.data.size > 3


@pytest.mark.parametrize(
    ("widget_name", "value", "check"),
    [
        ("count_spin", 16, lambda a: a.estimate.scenario.count == 16),
        ("micro_batch", 1, lambda a: a.estimate.scenario.training.micro_batch == 1),  # the planner picks 2
        ("seq_len", 4096, lambda a: a.estimate.scenario.training.seq_len == 4096),  # the default is 2,048
        ("grad_accum", 4, lambda a: a.estimate.scenario.training.grad_accum == 4),
        ("tp", 2, lambda a: a.estimate.scenario.parallelism.tp == 2),
        ("per_node", 4, lambda a: a.estimate.scenario.parallelism.cards_per_node == 4),
        ("tokens", 20.0, lambda a: a.estimate.scenario.training.tokens == 20e9),
        ("pue", 1.5, lambda a: a.estimate.scenario.economics.pue == 1.5),
    ],
)
def test_each_spin_box_updates_estimate(qtbot, window, widget_name, value, check):
    widget = getattr(window.editor, widget_name)
    analysis = changed_analysis(qtbot, window.controller, lambda: widget.setValue(value))
    assert check(analysis)
    assert window.results.verdict.text()


@pytest.mark.parametrize(
    ("widget_name", "data", "check"),
    [
        ("workload", "inference", lambda a: a.estimate.serving is not None),
        ("precision", "fp8", lambda a: a.estimate.plan.math.value == "fp8"),
        ("zero", 1, lambda a: a.estimate.scenario.parallelism.zero == 1),
        ("recompute", "selective", lambda a: a.estimate.scenario.training.recompute.value == "selective"),
        ("recipe", "pure", lambda a: a.estimate.scenario.training.recipe.value == "pure"),
        ("card_combo", "a100-sxm-80gb", lambda a: a.estimate.card.id == "a100-sxm-80gb"),
        ("model_combo", "llama3.2-1b", lambda a: a.estimate.scenario.model.n_layers == 16),
        ("currency", "CNY", lambda a: a.estimate.costs.currency == "CNY"),
    ],
)
def test_each_combo_updates_estimate(qtbot, window, widget_name, data, check):
    widget = getattr(window.editor, widget_name)
    analysis = changed_analysis(qtbot, window.controller, lambda: widget.setCurrentIndex(widget.findData(data)))
    assert check(analysis)


def test_memory_chart_follows_micro_batch(qtbot, window):
    before = sum(window.memory_chart.bars["activations"].opts["height"])
    changed_analysis(qtbot, window.controller, lambda: window.editor.micro_batch.setValue(6))
    assert sum(window.memory_chart.bars["activations"].opts["height"]) > before


def test_inference_controls_update_estimate(qtbot, window):
    changed_analysis(qtbot, window.controller, lambda: window.controller.apply("workload", "inference"))
    assert window.editor.serving_group.isVisibleTo(window.editor)
    analysis = changed_analysis(qtbot, window.controller, lambda: window.editor.concurrency.setValue(8))
    assert analysis.estimate.scenario.serving.concurrency == 8
    assert analysis.memory_curve.variable == "context"
    assert "Time to first token" in window.results.values


def test_count_slider_drag_merges_into_one_undo_step(qtbot, window):
    stack = window.controller.undo_stack
    before = stack.count()
    for position in (10, 11, 12, 13):
        window.editor.count_slider.setValue(position)
    assert stack.count() == before + 1
    qtbot.waitUntil(lambda: window.controller.analysis.estimate.scenario.count == 128)


def test_impossible_value_shows_message_and_keeps_scenario(qtbot, window):
    window.editor.count_spin.setValue(8)
    window.editor.tp.setValue(3)  # 8 cards cannot form tensor-parallel groups of 3
    assert "cannot be split" in window.editor.error_label.text()
    assert window.controller.scenario.parallelism.tp == 1
    assert window.editor.tp.value() == 1


def test_undo_redo(qtbot, window):
    window.controller.replace(updated(window.controller.scenario, auto_layout=()))  # the default is Auto
    window.editor.micro_batch.setValue(2)
    assert window.controller.scenario.training.micro_batch == 2
    window.undo_action.trigger()
    assert window.controller.scenario.training.micro_batch == 4
    assert window.editor.micro_batch.value() == 4
    window.redo_action.trigger()
    assert window.editor.micro_batch.value() == 2


def test_save_and_open_round_trip(qtbot, window, tmp_path):
    window.editor.micro_batch.setValue(3)
    path = tmp_path / "job.gpuconf.json"
    assert window.save_to(path)
    assert not window.controller.is_modified
    assert "job.gpuconf.json" in window.windowTitle()
    saved = window.controller.scenario
    window.controller.apply("count", 64)
    window.controller.undo_stack.setClean()
    assert window.open_path(path)
    assert window.controller.scenario == saved
    assert str(path) in window.recent_files()


def test_corrupt_file_shows_error_and_keeps_session(qtbot, window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    window.controller.apply("count", 16)
    bad = tmp_path / "bad.gpuconf.json"
    bad.write_text("{ not json")
    assert not window.open_path(bad)
    newer = tmp_path / "newer.gpuconf.json"
    newer.write_text(json.dumps({"format": "gpu-configurator-scenario", "version": 99, "scenario": {}}))
    assert not window.open_path(newer)
    assert window.controller.scenario.count == 16
    assert "corrupt" in shown[0] and "newer" in shown[1]


def test_unwritable_path_keeps_existing_file(qtbot, window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    assert window.controller.apply("count", 16)  # an unsaved change
    assert window.controller.is_modified and window.controller.path is None
    target = tmp_path / "missing-dir" / "x.gpuconf.json"
    assert not window.save_to(target)
    assert len(shown) == 1 and "missing-dir" in shown[0]
    assert window.controller.is_modified and window.controller.path is None  # not taken as saved
    assert str(target) not in window.recent_files() and not target.exists()


def test_session_is_restored(qtbot, controller, settings, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    first = MainWindow(controller, settings)
    qtbot.addWidget(first)
    controller.apply("training.micro_batch", 5)
    controller.mark_saved(Path("saved.gpuconf.json"))  # saved: restored next time (discarded edits are not)
    controller.apply("training.micro_batch", 6)
    first.close()
    second_controller = ScenarioController(load_catalog(), default_scenario())
    second = MainWindow(second_controller, settings)
    qtbot.addWidget(second)
    second.restore_session()
    assert second_controller.scenario.training.micro_batch == 5
    assert second_controller.path == Path("saved.gpuconf.json") and not second_controller.is_modified


def test_unsaved_changes_prompt_on_close(qtbot, controller, settings, monkeypatch):
    asked = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: asked.append(1) or QMessageBox.StandardButton.Cancel)
    w = MainWindow(controller, settings)
    qtbot.addWidget(w)
    w.show()
    controller.apply("count", 32)
    assert not w.close()
    assert asked
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert w.close()


def test_model_import_from_config(qtbot, window, tmp_path):
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"num_hidden_layers": 12, "hidden_size": 768, "num_attention_heads": 12,
                                  "intermediate_size": 3072, "vocab_size": 32000}))
    assert window.editor.import_config(config)
    assert window.controller.scenario.model.n_layers == 12
    assert "custom" in window.editor.model_combo.currentText()
    config.write_text("{")
    assert not window.editor.import_config(config)
    assert "not valid JSON" in window.editor.error_label.text()


def test_keyboard_changes_a_value(qtbot, window):
    window.editor.micro_batch.setFocus()
    window.editor.micro_batch.selectAll()
    qtbot.keyClicks(window.editor.micro_batch, "6")
    qtbot.keyClick(window.editor.micro_batch, Qt.Key.Key_Return)
    assert window.controller.scenario.training.micro_batch == 6


def test_opening_a_file_with_unknown_card_is_refused(qtbot, window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    path = tmp_path / "x.gpuconf.json"
    write_scenario(path, updated(default_scenario(), card_id="someones-card"))
    assert not window.open_path(path)
    assert "unknown card" in shown[0]


def _values(item) -> tuple:
    data = item.getData()[1]
    return () if data is None else tuple(float(v) for v in data)


def _chart_state(window):
    return (
        _values(window.scaling_chart.throughput),
        _values(window.curve_chart.curve),
        tuple(window.memory_chart.bars["activations"].opts["height"]),
        window.cost_chart.points.data.size,
        tuple(label.text() for label in window.results.values.values()),
    )


@pytest.mark.parametrize(
    ("setup", "widget_name", "value", "field"),
    [
        ({}, "optimizer", "sgd", "training.optimizer"),
        ({"count": 8}, "pp", 2, "parallelism.pp"),
        ({"workload": "lora"}, "lora_rank", 64, "training.lora_rank"),
        ({}, "electricity", 0.25, "economics.electricity_per_kwh"),
        ({"economics.currency": "CNY"}, "usd_rate", 7.1, "economics.usd_to_currency"),
        ({}, "card_price", 25000.0, "economics.card_price"),
        ({}, "cloud_price", 3.0, "economics.cloud_price_per_hour"),
        ({}, "matmul", 45.0, "assumptions.matmul_efficiency"),
        ({"workload": "inference"}, "context", 8192, "serving.context"),
        ({"workload": "inference"}, "prompt", 2048, "serving.prompt_tokens"),
        ({"workload": "inference"}, "output", 512, "serving.output_tokens"),
        ({"workload": "inference"}, "kv_precision", "fp8", "serving.kv_precision"),
        ({"workload": "inference"}, "decode_bw", 70.0, "assumptions.decode_bandwidth_efficiency"),
        ({"count": 64, "training.micro_batch": 1}, "network", 25.0, "assumptions.network_gbps_per_card"),
    ],
)
def test_every_other_control_changes_estimate_and_charts(qtbot, window, setup, widget_name, value, field):
    from configurator.app.binders import field_value

    assert window.controller.apply_many(setup)
    window.controller.recompute()
    before = _chart_state(window)
    widget = getattr(window.editor, widget_name)
    if hasattr(widget, "findData"):
        action = lambda: widget.setCurrentIndex(widget.findData(value))  # noqa: E731
    else:
        action = lambda: widget.setValue(value)  # noqa: E731
    analysis = changed_analysis(qtbot, window.controller, action)
    shown = field_value(analysis.estimate.scenario, field)
    expected = value / 100 if widget_name in ("matmul", "decode_bw") else value
    assert shown == pytest.approx(expected)
    assert _chart_state(window) != before


def test_money_boxes_say_the_scenarios_currency(qtbot, window):
    """The editor wrote '0.086 /kWh' and '2.50 /h' with no currency (session 37 screenshots): each money
    box names the scenario's currency, and follows a change of currency."""
    editor = window.editor
    assert editor.electricity.suffix() == " USD/kWh" and editor.cloud_price.suffix() == " USD/h"
    assert editor.card_price.suffix() == " USD"
    assert window.controller.apply_many({"economics.currency": "CNY", "economics.usd_to_currency": 7.1})
    assert editor.electricity.suffix() == " CNY/kWh" and editor.card_price.suffix() == " CNY"
