"""Start-up (issue 15): the window paints before the estimator is loaded.

The estimator's import chain (estimate, economics, training_speed, the planner, procurement) costs
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
            "configurator.core.price_basis",
            "configurator.core.training_speed", "configurator.core.workloads.training.search")
"""Modules of the estimator the window must not import before it is complete and shown."""

FRAME_FREE_OF = ("pydantic", "configurator.core.scenario", "configurator.core.catalog", "configurator.app.controller",
                 "configurator.app.editor", *DEFERRED)
"""What the window's first paint (its frame: the four charts between placeholders) goes without."""

CHILD = """
import json, os, sys, tempfile
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from configurator.app.main import complete_main_window, open_window_frame
window = open_window_frame(QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat))
window.show()
app.processEvents()
frame = sorted(sys.modules)
complete_main_window(window)
before = sorted(name for name in sys.modules if name.startswith("configurator.core"))
analysis = window.controller.wait(60_000)
print(json.dumps({"frame": frame, "before": before, "editor": window.editor.isVisible(),
                  "numbers": analysis is not None and analysis.estimate is not None}))
os._exit(0)
"""


def test_the_window_paints_its_frame_first_and_is_complete_before_the_estimator_loads():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, env=env,
                         check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    in_frame = sorted(set(FRAME_FREE_OF) & set(result["frame"]))
    assert not in_frame, f"loaded before the frame painted: {in_frame}"
    loaded_early = sorted(set(DEFERRED) & set(result["before"]))
    assert not loaded_early, f"imported before the complete window was shown: {loaded_early}"
    assert result["editor"], "the editor did not take the placeholder's place"
    assert result["numbers"], "the first analysis (which loads the estimator) did not arrive"


def test_the_first_analysis_waits_for_the_completed_windows_paint(qtbot, tmp_path, monkeypatch):
    """run_app shows the frame, then completes it: the first analysis (whose worker loads the
    estimator) starts once the completed window has painted, not during that paint; wait() does
    not wait for a paint."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main import build_main_window, complete_main_window, open_window_frame
    from configurator.app.worker import LatestJob

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    window = open_window_frame(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.controller is None and window.splitter.widget(0).text() == "Starting…"
    frame = open_window_frame(QSettings(str(tmp_path / "f.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(frame)
    frame.show()
    assert frame.close()  # closed while starting: nothing to save, nothing asked
    submitted = []
    real = LatestJob.submit
    monkeypatch.setattr(LatestJob, "submit", lambda job, fn: submitted.append(1) or real(job, fn))
    complete_main_window(window)
    controller = window.controller
    assert controller.busy and not submitted  # held until painted, and said to be busy
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    assert submitted

    held = build_main_window(QSettings(str(tmp_path / "t.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(held)
    held.controller.hold_first_analysis()
    assert held.controller.wait() is not None  # waiting starts a held analysis at once
