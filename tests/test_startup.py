"""Start-up (issue 15): the window paints before the estimator is loaded.

The estimator's import chain (estimate, economics, performance, the planner, procurement) costs
about a quarter of a second; the window needs none of it to show its editor, charts and panels.
The controller imports it with its first analysis, which runs on the worker after the first pass
of the event loop. Checked in a fresh interpreter, since this test session has loaded it long ago.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.gui

DEFERRED = ("configurator.core.analysis", "configurator.core.estimate", "configurator.core.economics",
            "configurator.core.performance", "configurator.core.plan.training")
"""Modules of the estimator the window must not import before it is shown."""

CHILD = """
import json, os, sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from configurator.app.main import build_main_window
window = build_main_window(QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat))
window.show()
before = sorted(name for name in sys.modules if name.startswith("configurator.core"))
analysis = window.controller.wait(60_000)
print(json.dumps({"before": before, "numbers": analysis is not None and analysis.estimate is not None}))
os._exit(0)
"""


def test_the_window_is_built_and_shown_before_the_estimator_loads():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, env=env,
                         check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    loaded_early = sorted(set(DEFERRED) & set(result["before"]))
    assert not loaded_early, f"imported before the window was shown: {loaded_early}"
    assert result["numbers"], "the first analysis (which loads the estimator) did not arrive"


def test_the_first_analysis_waits_for_the_first_paint(qtbot, tmp_path, monkeypatch):
    """run_app shows the window with show_at_start: the first analysis (whose worker loads the
    estimator) starts once the window has painted, not during that paint; a change, wait() or
    recompute() does not wait for it."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    controller = window.controller
    submitted = []
    real = controller._job.submit
    monkeypatch.setattr(controller._job, "submit", lambda job: submitted.append(window.isVisible()) or real(job))
    window.show_at_start()
    assert controller.busy and not submitted  # held, and said to be busy
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    assert submitted[:1] == [True]  # started once the window was up

    held = build_main_window(QSettings(str(tmp_path / "t.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(held)
    held.controller.hold_first_analysis()
    assert held.controller.wait() is not None  # waiting starts a held analysis at once
