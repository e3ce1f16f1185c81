"""Fault injection against "nothing lost": the ways real machines lose a user's work, each tried
on real windows and real files (a child process killed with SIGKILL where a crash is the fault).

Covered elsewhere: a kill during continuous editing (test_autosave_kill.py), an autosave cut
short, padded with zero bytes, from a newer version or not JSON (test_recovery_damaged.py,
test_salvage.py), an autosave that cannot be written (test_recovery.py), the app ended by
SIGTERM, SIGHUP or SIGINT (test_signal_ending.py), the window's file changed on disk before a
start or a recovery (test_file_changed_at_start.py), Open, Save and Export on a full disk, into
a folder deleted meanwhile, of a file cut short (test_faults_files.py); the same with real faults
(a full tmpfs, a read-only mount, the autosave folder deleted, names too long for the disk) and a
window killed at random moments, started again in both languages (test_faults_real.py).
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from configurator.app import autosave_folder
from configurator.app import autosave_recovery
from configurator.core import files as files_module
from configurator.core.scenario import updated
from configurator.core.scenario_io import read_scenario, scenario_text

from recovery_windows import (  # noqa: F401 (open_window and settings_file are fixtures)
    answer_unsaved, choose, crashed_autosave, delete_later_now, open_window, settings_file)

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.gui


def no_space(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


# ---- killed during an autosave write ---------------------------------------------------------


@pytest.mark.parametrize("when, kept, partial", [
    ("mid-write", "first", False), ("before-rename", "second", False), ("after-rename", "second", False),
    ("first-mid-write", "second", True), ("first-before-rename", "second", False)])
def test_killed_during_an_autosave_write(tmp_path, when, kept, partial):
    """The next start offers the newest work the kill left whole: the write being made once it
    was complete (renamed or not); else the previous autosave; a first write cut short, as partly
    recoverable. No temporary file is left behind. (Before: a write complete but not renamed
    was ignored — the previous autosave offered, or nothing on a first write — and its temporary
    file stayed for ever, the window's name being random.)"""
    from configurator.core.catalog import load_catalog

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.run([sys.executable, str(ROOT / "tests" / "faults_child.py"), str(tmp_path / "c.ini"), when],
                           env=env, capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stdout + child.stderr[-2000:]
    file = Path(child.stdout.split()[1])
    folder = autosave_folder.autosave_dir()
    assert bool(list(folder.glob(".*.tmp"))) == (when != "after-rename")  # what the kill left
    findings = autosave_recovery.find_recoveries(load_catalog())
    try:
        assert [(r.file, r.scenario.name, r.partial) for r in findings.recoveries] == [(file, kept, partial)]
        assert list(folder.glob(".*.tmp")) == []
        assert findings.set_aside == []
    finally:
        findings.release()


def test_killed_during_a_save_of_the_users_file(tmp_path):
    """The file keeps its old content, the autosave is still there and offered with that file."""
    from configurator.core.catalog import load_catalog

    path = tmp_path / "plan.gpuconf.json"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.run([sys.executable, str(ROOT / "tests" / "faults_child.py"), str(tmp_path / "c.ini"),
                            "save-before-rename", str(path)], env=env, capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stdout + child.stderr[-2000:]
    assert read_scenario(path).name == "saved"
    findings = autosave_recovery.find_recoveries(load_catalog())
    try:
        assert [(r.scenario.name, r.original) for r in findings.recoveries] == [("first", path)]
    finally:
        findings.release()


def test_a_running_windows_write_in_progress_is_left_alone(open_window):
    window = open_window()
    window.controller.apply("count", 20)
    assert window.autosave.save_now()
    temporary = window.autosave.file.with_name(f".{window.autosave.file.name}.inprogress.tmp")
    temporary.write_text("{")  # being written by the running window
    findings = autosave_recovery.find_recoveries(window.controller.catalog)
    assert findings.recoveries == [] and temporary.exists()


# ---- disk full, read-only folder --------------------------------------------------------------


def test_a_full_disk_keeps_the_last_autosave_and_retries(open_window, qtbot, monkeypatch):
    """ENOSPC where a real disk reports it (the flush): the previous autosave stays whole, the
    temporary goes, the status bar says so, and the autosave is tried again without a new edit."""
    window = open_window()
    autosave = window.autosave
    window.controller.apply("name", "first")
    assert autosave.save_now()
    window.controller.apply("name", "second")
    with monkeypatch.context() as full:
        full.setattr(files_module.os, "fsync", no_space)
        assert autosave.save_now() is False
        assert "Autosave failed" in window.statusBar().currentMessage()
        assert read_scenario_document(autosave.file).name == "first"
        assert list(autosave.file.parent.glob(".*.tmp")) == []
        assert autosave.pending  # tried again later, not only at the next edit
    autosave._deadline.setInterval(10)
    autosave._timer.setInterval(10)
    qtbot.waitUntil(lambda: read_scenario_document(autosave.file).name == "second", timeout=3000)
    assert "Autosave works again" in window.statusBar().currentMessage()


@pytest.mark.parametrize("language, words", [("en", "the disk is read-only"), ("zh_CN", "磁盘为只读")])
def test_a_read_only_autosave_folder_is_said(open_window, monkeypatch, language, words):
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        window.controller.apply("count", 48)
        monkeypatch.setattr(files_module.tempfile, "mkstemp",
                            lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EROFS, os.strerror(errno.EROFS))))
        assert window.autosave.save_now() is False
        assert words in window.statusBar().currentMessage()
        assert os.strerror(errno.EROFS) in window.statusBar().currentMessage()
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_full_disk_on_save_keeps_the_file_and_says_so(open_window, tmp_path, monkeypatch, language):
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        path = tmp_path / "plan.gpuconf.json"
        assert window.save_to(path)
        before = path.read_bytes()
        window.controller.apply("count", 72)
        said = []
        monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: said.append((title, text)))
        monkeypatch.setattr(files_module.os, "fsync", no_space)
        assert window.save_to(path) is False
        assert path.read_bytes() == before and list(tmp_path.glob(".*.tmp")) == []
        assert window.controller.is_modified  # the work is still there, unsaved
        title, text = said[0]
        assert ("Cannot save scenario" == title) == (language == "en")
        assert ("Nothing was replaced" in text) == (language == "en")
        assert ("磁盘已满" if language == "zh_CN" else "the disk is full") in text  # the reason said too
        assert os.strerror(errno.ENOSPC) in text  # and the system's words
    finally:
        i18n.install_language("en")


# ---- two windows on one file ----------------------------------------------------------------------


def test_two_windows_saving_one_file_do_not_overwrite_each_other_silently(open_window, tmp_path, monkeypatch):
    first = open_window()
    path = tmp_path / "shared.gpuconf.json"
    assert first.save_to(path)
    second = open_window()
    assert second.open_path(path)
    first.controller.apply("count", 16)
    second.controller.apply("count", 96)
    assert first.save()
    asked = []
    monkeypatch.setattr(type(second), "ask_changed_on_disk", lambda self, p: asked.append(p) or "cancel")
    assert second.save() is False  # asked, and the user kept the other window's file
    assert asked == [path] and read_scenario(path).count == 16 and second.controller.is_modified
    monkeypatch.setattr(type(second), "ask_changed_on_disk", lambda self, p: asked.append(p) or "replace")
    assert second.save() and read_scenario(path).count == 96  # replaced on purpose
    assert first.controller.apply("count", 8)
    monkeypatch.setattr(type(first), "ask_changed_on_disk", lambda self, p: asked.append(p) or "replace")
    assert first.save() and len(asked) == 3  # the first window is asked too


@pytest.mark.parametrize("language, words", [("en", "changed by another window"), ("zh_CN", "另一个窗口")])
def test_the_changed_file_question_is_a_real_dialog(open_window, tmp_path, qtbot, language, words):
    """Asked in the user's language; Escape keeps the other program's file and this window's work."""
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        path = tmp_path / "shared.gpuconf.json"
        assert window.save_to(path)
        window.controller.apply("count", 40)
        other = read_scenario(path)
        path.write_text(scenario_text(updated(other, count=4)), encoding="utf-8")  # another program's save
        seen = []

        def press_escape():
            box = QApplication.activeModalWidget()
            seen.append(box.text() if isinstance(box, QMessageBox) else None)
            qtbot.keyClick(box, Qt.Key.Key_Escape)

        QTimer.singleShot(200, press_escape)
        assert window.save() is False and read_scenario(path).count == 4 and window.controller.is_modified
        assert str(path) in seen[0] and words in seen[0]
    finally:
        i18n.install_language("en")


def test_the_session_remembers_the_file_as_it_was(open_window, tmp_path, monkeypatch):
    """Closed on a file another program changes before the next start: saving asks."""
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    assert window.save_to(path)
    assert window.close()
    document = json.loads(path.read_text())
    document["scenario"]["count"] = 3
    path.write_text(json.dumps(document))
    again = open_window()
    assert again.controller.path == path
    again.controller.apply("count", 5)
    asked = []
    monkeypatch.setattr(type(again), "ask_changed_on_disk", lambda self, p: asked.append(p) or "cancel")
    assert again.save() is False and asked == [path] and read_scenario(path).count == 3


# ---- the recovery list dismissed, a file opened meanwhile -------------------------------------


def test_escape_on_the_recovery_list_keeps_everything(open_window, qtbot):
    window = open_window()
    lost = updated(window.controller.scenario, count=80, name="Escaped")
    file = crashed_autosave(lost)
    findings = autosave_recovery.find_recoveries(window.controller.catalog)
    dialog = window.recovery_dialog(findings)
    qtbot.addWidget(dialog)
    QTimer.singleShot(100, lambda: qtbot.keyClick(dialog, Qt.Key.Key_Escape))
    dialog.exec()
    assert dialog.chosen is None and file.exists()
    findings.release()
    again = autosave_recovery.find_recoveries(window.controller.catalog)
    assert [r.scenario.name for r in again.recoveries] == ["Escaped"]  # offered at the next start
    again.release()


@pytest.mark.parametrize("answer", ["cancel", "discard", "save"])
def test_opening_a_file_while_an_autosave_is_pending(open_window, tmp_path, monkeypatch, answer):
    window = open_window()
    other = tmp_path / "other.gpuconf.json"
    assert window.save_to(other)
    mine = tmp_path / "mine.gpuconf.json"
    window.controller.replace(window.controller.scenario, None)
    window.controller.apply("count", 56)
    assert window.autosave.pending and not window.autosave.file.exists()
    button = {"cancel": QMessageBox.StandardButton.Cancel, "discard": QMessageBox.StandardButton.Discard,
              "save": QMessageBox.StandardButton.Save}[answer]
    answer_unsaved(monkeypatch, button)
    monkeypatch.setattr("configurator.app.window_files.QFileDialog.getSaveFileName", lambda *a, **k: (str(mine), ""))
    monkeypatch.setattr("configurator.app.window_files.QFileDialog.getOpenFileName", lambda *a, **k: (str(other), ""))
    window.open_dialog()
    if answer == "cancel":
        assert window.controller.scenario.count == 56 and window.autosave.pending
        assert window.autosave.save_now() and window.autosave.file.exists()
    else:
        assert window.controller.path == other and not window.controller.is_modified
        assert not window.autosave.pending and not window.autosave.file.exists()
        assert (mine.exists() and read_scenario(mine).count == 56) == (answer == "save")


def test_a_broken_file_opened_after_discard_keeps_the_work(open_window, tmp_path, monkeypatch):
    window = open_window()
    broken = tmp_path / "broken.gpuconf.json"
    broken.write_text("{not json")
    window.controller.apply("count", 60)
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    monkeypatch.setattr(QMessageBox, "critical", lambda *a: None)
    monkeypatch.setattr("configurator.app.window_files.QFileDialog.getOpenFileName", lambda *a, **k: (str(broken), ""))
    window.open_dialog()
    assert window.controller.scenario.count == 60 and window.controller.is_modified
    assert window.autosave.pending  # still protected


# ---- languages, quitting, the clock -----------------------------------------------------------------


def test_a_scenario_saved_in_chinese_reopens_in_english(open_window, tmp_path):
    from configurator.app import i18n

    window = open_window()
    window.set_language("zh_CN")
    try:
        window.controller.apply("name", "推理集群 一期")
        window.controller.apply("count", 12)
        path = tmp_path / "方案.gpuconf.json"
        assert window.save_to(path)
        saved = window.controller.scenario
    finally:
        i18n.install_language("en")
    again = open_window()
    assert again.open_path(path)
    assert again.controller.scenario == saved and saved.economics.currency == "CNY"


def test_quitting_while_the_worker_is_busy(open_window, qtbot, monkeypatch):
    window = open_window()
    for count in (8, 16, 24, 32):
        window.controller.apply("count", count)  # analyses queued on the worker
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert window.close() is False and window.autosave.pending
    assert window.autosave.save_now() and window.autosave.file.exists()
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    started = time.monotonic()
    assert window.close()
    assert time.monotonic() - started < 15 and not window.autosave.file.exists()


def test_a_clock_gone_backwards_loses_no_autosave(open_window, monkeypatch):
    """Two crashed windows, the later one written after the clock went back an hour: both are
    offered (the order is by the clock they were written with), neither dropped."""
    window = open_window()
    base = window.controller.scenario
    older = crashed_autosave(updated(base, name="written first"), saved_at="2026-12-01T10:00:00")
    newer = crashed_autosave(updated(base, name="written after the clock went back"), saved_at="2026-12-01T09:00:00")
    os.utime(older, (time.time() + 3600, time.time() + 3600))  # mtime in the future
    findings = autosave_recovery.find_recoveries(window.controller.catalog)
    assert sorted(r.file for r in findings.recoveries) == sorted([older, newer])
    findings.release()


def test_a_temporary_with_a_future_mtime_does_not_block_a_write(tmp_path):
    target = tmp_path / "plan.gpuconf.json"
    stale = tmp_path / f".{target.name}.abc.tmp"
    stale.write_text("left by a crash")
    os.utime(stale, (time.time() + 86400, time.time() + 86400))
    files_module.write_text_atomically(target, "{}")
    assert target.read_text() == "{}"


def read_scenario_document(path: Path):
    from configurator.core.scenario_io import scenario_from_document

    return scenario_from_document(json.loads(path.read_text(encoding="utf-8")))
