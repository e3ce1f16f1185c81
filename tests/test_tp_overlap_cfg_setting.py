"""``parallelism.tp_comm_overlap_cfg`` (the userbuffers table the tensor-parallel overlap runs) is
a setting the user sees and sets: a combo box under the overlap check box in the editor, enabled
only for training with the overlap on, and ``--tp-comm-overlap-cfg`` on the command line, which
moves the estimate and is named where the layout reports the overlap; both languages name it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow
from configurator.cli import build_parser
from configurator.cli_scenario import UsageError, scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.tp_overlap_tables import TUNED_TABLES, table_shape
from configurator.core.scenario_io import read_scenario, write_scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.names import tp_overlap_table_label
from configurator.core.view.words import words
from configurator.report.text import estimate_table
from configurator.core.view.rows import write

TABLE = "userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192"


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), default_scenario())
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    yield w
    w.controller.undo_stack.setClean()


def test_every_table_name_reads_as_its_shape():
    assert table_shape(TABLE) == ("FP8", "H100", 8192, 4, 1, 1, 8192)
    assert {table_shape(name).cp for name in TUNED_TABLES} == {1, 2}
    for name in (None, *TUNED_TABLES):
        template, fields = tp_overlap_table_label(name)
        en, zh = words("en")(template, **fields), words("zh_CN")(template, **fields)
        assert en != zh and "{" not in en + zh
    assert words("en")(*tp_overlap_table_label(TABLE)[:1], **tp_overlap_table_label(TABLE)[1]) == \
        "H100 FP8, hidden 8192, TP 4 — Megatron-Bridge"


def test_editor_combo_round_trips_through_a_file(window, tmp_path):
    editor, controller = window.editor, window.controller
    combo = editor.tp_comm_overlap_cfg
    assert combo.count() == 1 + len(TUNED_TABLES) and combo.objectName() == "parallelism.tp_comm_overlap_cfg"
    controller.apply("workload", "pretrain")
    controller.apply("parallelism.tp_comm_overlap", False)
    assert not combo.isEnabled()
    controller.apply("parallelism.tp_comm_overlap", True)
    assert combo.isEnabled() and "userbuffers" in combo.toolTip()
    combo.setCurrentIndex(combo.findData(TABLE))
    assert combo.itemData(combo.currentIndex(), Qt.ItemDataRole.ToolTipRole) == TABLE  # the name to write in YAML
    assert controller.scenario.parallelism.tp_comm_overlap_cfg == TABLE
    path = tmp_path / "s.gpuconf.json"
    write_scenario(path, controller.scenario)
    assert TABLE in path.read_text()
    combo.setCurrentIndex(0)
    assert controller.scenario.parallelism.tp_comm_overlap_cfg is None
    controller.replace(read_scenario(path), path)
    assert combo.currentData() == TABLE
    controller.apply("workload", "inference")
    assert not combo.isEnabled() and "serving" in combo.toolTip()


def test_editor_combo_is_keyboard_reachable(window):
    combo = window.editor.tp_comm_overlap_cfg
    assert combo.focusPolicy() & Qt.FocusPolicy.TabFocus
    buddies = [label for label in window.editor.findChildren(QLabel) if label.buddy() is combo]
    assert len(buddies) == 1 and "&" in buddies[0].text()  # Alt+B moves the focus to it


def test_cli_flag_moves_the_estimate_and_is_reported():
    parser = build_parser()
    common = ["estimate", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "64", "--tp", "4", "--pp", "4",
              "--precision", "fp8", "--tp-comm-overlap"]
    catalog = load_catalog()
    default = scenario_from_args(parser.parse_args(common), catalog)
    tuned = scenario_from_args(parser.parse_args([*common, "--tp-comm-overlap-cfg", TABLE]), catalog)
    assert default.parallelism.tp_comm_overlap_cfg is None and tuned.parallelism.tp_comm_overlap_cfg == TABLE
    fast, slow = estimate(tuned, catalog.get("h100-sxm")), estimate(default, catalog.get("h100-sxm"))
    assert fast.training.step_time_s < slow.training.step_time_s
    assert "hidden 8192" in write(estimate_view(fast).layout, "en")
    assert "隐藏维度 8192" in write(estimate_view(fast).layout, "zh_CN")
    assert "Megatron-Bridge" not in write(estimate_view(slow).layout, "en")
    assert "userbuffers table H100 FP8, hidden 8192, TP 4" in estimate_table(fast)
    assert "用户缓冲区表 H100 FP8，隐藏维度 8192" in estimate_table(fast, "zh_CN")
    assert "userbuffers table" not in estimate_table(slow)
    with pytest.raises(UsageError):
        parser.parse_args([*common, "--tp-comm-overlap-cfg", "no_such_table"])


def test_zh_cn_translation_present():
    i18n.install_language("zh_CN")
    try:
        from configurator.app.field_help import field_help
        from configurator.app.labels import tp_comm_overlap_cfg_names
        assert "Transformer Engine 默认" in tp_comm_overlap_cfg_names().values()
        assert any("\u4e00" <= ch <= "\u9fff" for ch in field_help("parallelism.tp_comm_overlap_cfg"))
    finally:
        i18n.install_language("en")
