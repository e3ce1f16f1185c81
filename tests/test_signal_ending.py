"""The app ended from outside with unsaved work (fault injection, real signals to a real app in a
child process, nothing mocked): SIGTERM (``kill``, a logout), SIGHUP (its terminal closed) and
SIGINT (Ctrl+C) autosave the work at once and end the app cleanly; the next start offers it back
on the file it was made on. Before: the process died at once and lost up to
``AUTOSAVE_MAX_WAIT_MS`` (10 s) of edits."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app.main import build_main_window
from configurator.core.scenario import updated
from configurator.core.scenario_io import read_scenario, write_scenario

from recovery_windows import answer_unsaved, choose
from signal_child import EDITED_NAME

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.gui


def run_child(tmp_path: Path, path: Path, signum: int, *options: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Start the app on ``path``, wait for its edit (and question), send ``signum``; the ended
    child and its autosave's path."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests'}",
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    child = subprocess.Popen([sys.executable, str(ROOT / "tests" / "signal_child.py"), str(path), *options],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        file = Path(child.stdout.readline().split()[1])
        assert child.stdout.readline().strip() == "edited"
        if options:
            assert child.stdout.readline().strip() == "asking"
        assert not file.exists()  # not autosaved yet: only the signal can save this edit
        child.send_signal(signum)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return subprocess.CompletedProcess(child.args, child.returncode, out, err), file


@pytest.mark.parametrize("name, options", [
    ("SIGTERM", ()), ("SIGHUP", ()), ("SIGINT", ()), ("SIGTERM", ("question",))])
def test_a_signal_keeps_the_unsaved_edit_for_the_next_start(tmp_path, qtbot, monkeypatch, name, options):
    """Ended with the edit unsaved (and, with ``question``, while the question about unsaved
    changes is open): exit status 0, the file untouched, the edit offered at the next start on
    that file, the session remembering the file."""
    from configurator.app.defaults import default_scenario
    from configurator.core.catalog import load_catalog

    path = tmp_path / "plan.gpuconf.json"
    write_scenario(path, updated(default_scenario("en", load_catalog()), name="on disk"))
    done, file = run_child(tmp_path, path, getattr(signal, name), *options)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"ended by {name}" in done.stderr and "autosaved" in done.stderr
    assert file.exists() and read_scenario(path).name == "on disk"
    settings = QSettings(str(tmp_path / "config" / "gpu-configurator" / "GPU Configurator.conf"),
                         QSettings.Format.IniFormat)
    assert settings.value("session/path") == str(path)
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)  # closing at teardown never waits
    window = build_main_window(settings)  # the next start
    qtbot.addWidget(window)
    choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    assert window.offer_recovery()
    assert window.controller.scenario.name == EDITED_NAME
    assert window.controller.path == path and window.controller.is_modified
    assert window.controller.saved_scenario.name == "on disk"

