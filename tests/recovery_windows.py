"""The windows the recovery tests open (fixtures ``settings_file`` and ``open_window``) and their
helpers; imported by the recovery, fault and file-changed tests."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app import autosave_folder
from configurator.app.main import build_main_window
from configurator.core.scenario_io import scenario_to_document


@pytest.fixture
def settings_file(tmp_path):
    return str(tmp_path / "settings.ini")


@pytest.fixture
def open_window(qtbot, settings_file, monkeypatch):
    windows = []
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)  # closing at teardown never waits

    def make():
        window = build_main_window(QSettings(settings_file, QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        window.controller.recompute()
        windows.append(window)
        return window

    yield make


def answer_unsaved(monkeypatch, button):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: button)


def delete_later_now() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def crashed_autosave(scenario, original=None, key=None, saved_at="2026-12-01T09:30:00", language=None):
    """The autosave a window that crashed left behind (its lock gone with the process)."""
    document = scenario_to_document(scenario)
    document["autosave"] = {"path": str(original) if original else None, "saved_at": saved_at,
                            "language": language}
    folder = autosave_folder.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"autosave-{key or uuid.uuid4().hex[:16]}.gpuconf.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    return file


def choose(window, monkeypatch, pick):
    """Answer the recovery list with ``pick(findings)`` (a Recovery or None); the names shown are
    kept in the returned list."""
    from configurator.app.recovery_dialog import shown_name

    shown = []

    def answer(findings):
        shown.append([(shown_name(r), r.saved_at, r.partial) for r in findings.recoveries])
        return pick(findings)

    monkeypatch.setattr(window, "choose_recovery", answer)
    return shown


def grab_and_close(box, name: str) -> None:
    """``box`` as it is shown, laid out, to /tmp/faults/``name`` (to look at), then Escape."""
    out = Path("/tmp/faults")
    out.mkdir(parents=True, exist_ok=True)
    box.grab().save(str(out / name))
    box.reject()
