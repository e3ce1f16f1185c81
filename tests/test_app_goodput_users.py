"""The results panel shows the goodput of a users-only question with a typed latency target ("Goodput",
the view's row: :mod:`tests.test_serving_goodput_users`), and none without one."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app.main_window import MainWindow

ANALYSIS_WAIT_MS = 30_000
"""The analysis runs on a worker thread: on a loaded 2-core machine a big one takes seconds."""

USERS = {"workload": "inference", "card_id": "h100-sxm", "count": 1, "parallelism.zero": 0,
         "serving.concurrency": 16, "serving.context": 4096, "precision": "bf16"}


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # on close
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _analysed(qtbot, controller, fields: dict):
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS) as blocker:
        controller.apply_many(fields)
    return blocker.args[0]


def test_the_panel_shows_the_users_goodput_only_with_a_typed_target(qtbot, window):
    controller, results = window.controller, window.results
    analysis = _analysed(qtbot, controller, USERS)
    assert analysis.estimate.serving.goodput_taken_per_s is None
    assert "Goodput" not in results.values or not results.values["Goodput"].isVisible()
    analysis = _analysed(qtbot, controller, {"constraints.tpot_ms": 1000.0})  # met: nearly all the users send
    i = analysis.estimate.serving
    assert i.goodput_taken_per_s == pytest.approx(i.requests_per_s, rel=1e-4)
    shown = results.values["Goodput"].text()
    assert "requests/s — " in shown and "% of requests within" in shown
    assert shown.split(" — ")[0] == results.values["Requests"].text().split(" (")[0].split(" likely")[0]
    assert "DistServe" in results.values["Goodput"].toolTip()
    analysis = _analysed(qtbot, controller, {"constraints.tpot_ms": 0.5 * 1000 * i.tpot_at(90)})  # missed
    i = analysis.estimate.serving
    assert i.goodput_taken_per_s < 0.1 * i.requests_per_s
    assert "% of requests within" in results.values["Goodput"].text()
