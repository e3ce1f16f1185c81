"""benchmarks/ui_latency.py's complete-window timing (issue 28 part 4) runs and measures what it says."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import ui_latency  # noqa: E402


def test_complete_window_is_timed_cold_for_training_and_serving(qtbot, qapp, tmp_path, monkeypatch):
    from configurator.app.main import build_main_window
    from configurator.core import estimate

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    cleared = []
    original = estimate.clear_estimate_memo
    monkeypatch.setattr(estimate, "clear_estimate_memo", lambda: cleared.append(1) or original())
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    window.controller.wait()
    samples = ui_latency.complete_cold(qapp, window, repeat=2)
    assert set(samples) == {"training", "serving"}
    assert all(len(v) == 2 and all(ms > 0 for ms in v) for v in samples.values())
    assert len(cleared) == 4  # cold: before every change
    analysis = window.controller.analysis
    assert analysis.complete and analysis.catalog_points  # the catalog pass (the cost chart's) is in what was timed
    assert analysis.estimate.scenario.workload == "inference" and analysis.estimate.scenario.count != 8  # moved
    window.controller.undo_stack.setClean()
