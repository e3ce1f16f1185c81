"""benchmarks/ui_latency.py's complete-window timing (issue 28 part 4) runs and measures what it says."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import ui_latency_cold  # noqa: E402
import ui_latency_window  # noqa: E402


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
    samples = ui_latency_cold.complete_cold(qapp, window, repeat=2)
    assert set(samples) == {"training", "serving"}
    for figures in samples.values():
        assert set(figures) == {"wall", "gui", "process"}
        assert len(figures["wall"]) == 2 and all(ms > 0 for ms in figures["wall"])
        assert all(0 <= gui <= process for gui, process in zip(figures["gui"], figures["process"]))
    assert len(cleared) == 4  # cold: before every change
    analysis = window.controller.analysis
    assert analysis.complete and analysis.catalog_points  # the catalog pass (the cost chart's) is in what was timed
    assert analysis.estimate.scenario.workload == "inference" and analysis.estimate.scenario.count != 8  # moved
    window.controller.undo_stack.setClean()


def test_the_wait_wakes_on_the_signals_not_on_a_busy_poll(qapp):
    """The loop looks at its condition when a signal comes (and every POLL_MS as a safety net),
    not every millisecond: a poll's wakes cost the GUI thread CPU the bare window never pays."""
    from PySide6.QtCore import QObject, QTimer, Signal

    class Source(QObject):
        ready = Signal(object)

    source, fired, looks = Source(), [], []

    def condition() -> bool:
        looks.append(1)
        return bool(fired)

    source.ready.connect(fired.append)
    QTimer.singleShot(0, lambda: source.ready.emit(1))
    ui_latency_window.run_events_until(condition, source.ready)
    assert fired and len(looks) == 2  # once before the loop, once when the signal came
    assert ui_latency_window.POLL_MS >= 20
