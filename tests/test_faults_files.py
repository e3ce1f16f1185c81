"""Fault injection around Open, Save and Export: a full disk, a folder deleted between the file
dialog and the write, a scenario file another program stopped writing half-way. Each either
works or says plainly what happened, in the user's language, and loses nothing: the window's
work stays (unsaved, autosaved), an existing file keeps its content, no temporary file is left."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.core import files as files_module
from configurator.core.scenario import updated
from configurator.core.scenario_io import read_scenario, write_scenario

from recovery_windows import grab_and_close, open_window, settings_file  # noqa: F401 (fixtures)

pytestmark = pytest.mark.gui


def no_space(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def said_critical(monkeypatch) -> list[tuple[str, str]]:
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    return shown


def temporaries(folder: Path) -> list[Path]:
    return list(folder.glob(".*.tmp"))


# ---- export ------------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".md", ".pdf"])
@pytest.mark.parametrize("language, words", [("en", "the disk is full"), ("zh_CN", "磁盘已满")])
def test_export_to_a_full_disk(open_window, tmp_path, qtbot, monkeypatch, suffix, language, words):
    """The export menu's path (written on the worker): the disk fills up as the file is flushed.
    Said in the user's language (before: the system's English words only); the earlier export
    keeps its content; no temporary file stays."""
    from configurator.app import i18n

    window = open_window()
    target = tmp_path / f"summary{suffix}"
    target.write_bytes(b"the earlier export")
    shown = said_critical(monkeypatch)
    window.set_language(language)
    try:
        monkeypatch.setattr(files_module.os, "fsync", no_space)
        window.export_summary_later(target)
        qtbot.waitUntil(lambda: bool(shown), timeout=60_000)
    finally:
        i18n.install_language("en")
    title, text = shown[0]
    assert words in text and str(target) in text
    assert target.read_bytes() == b"the earlier export" and temporaries(tmp_path) == []


@pytest.mark.parametrize("suffix", [".md", ".pdf"])
def test_export_to_a_folder_deleted_meanwhile(open_window, tmp_path, qtbot, monkeypatch, suffix):
    """The folder chosen in the file dialog is deleted while the summary is being made: the
    failure names the folder as missing (before: "No such file or directory" about a temporary
    file's name); the window's work is untouched."""
    window = open_window()
    window.controller.apply("name", "unsaved work")
    folder = tmp_path / "reports"
    folder.mkdir()
    shown = said_critical(monkeypatch)
    window.export_summary_later(folder / f"summary{suffix}")
    shutil.rmtree(folder)  # gone before the worker writes
    qtbot.waitUntil(lambda: bool(shown), timeout=60_000)
    title, text = shown[0]
    assert title == "Cannot export summary" and f"folder {folder} does not exist" in text
    assert not folder.exists() and window.controller.scenario.name == "unsaved work"


# ---- save --------------------------------------------------------------------------------------


@pytest.mark.parametrize("language, words", [("en", "does not exist"), ("zh_CN", "不存在")])
def test_save_to_a_folder_deleted_meanwhile(open_window, tmp_path, monkeypatch, language, words):
    """Save As into a folder deleted after it was chosen: said, naming the folder; the work stays
    unsaved and autosaved; a Save As elsewhere then works."""
    from configurator.app import i18n

    window = open_window()
    window.controller.apply("name", "unsaved work")
    folder = tmp_path / "plans"
    folder.mkdir()
    shown = said_critical(monkeypatch)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(folder / "plan.gpuconf.json"), ""))
    folder.rmdir()
    window.set_language(language)
    try:
        assert window.save_as() is False
    finally:
        i18n.install_language("en")
    assert words in shown[0][1] and str(folder) in shown[0][1]
    assert window.controller.is_modified and window.autosave.save_now() and window.autosave.file.exists()
    elsewhere = tmp_path / "plan.gpuconf.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(elsewhere), ""))
    assert window.save_as() and read_scenario(elsewhere).name == "unsaved work"
    assert not window.autosave.file.exists()


# ---- open --------------------------------------------------------------------------------------


def cut_file(tmp_path: Path, window, fraction: float = 0.6) -> tuple[Path, bytes]:
    """A scenario file another program stopped writing part-way: its first ``fraction``."""
    path = tmp_path / "shared.gpuconf.json"
    write_scenario(path, updated(window.controller.scenario, name="theirs", count=48))
    data = path.read_bytes()
    cut = data[:int(len(data) * fraction)]
    path.write_bytes(cut)
    return path, cut


def test_open_a_file_cut_short_opens_what_can_be_read(open_window, tmp_path, monkeypatch):
    """Offered, said why and what is missing; accepted: the readable part as a new, unsaved
    scenario (closing asks, the autosave protects it; Save asks for a name), the cut file
    untouched. (Before: "not valid JSON (line 94, column 20: Expecting value)" and nothing.)"""
    window = open_window()
    path, cut = cut_file(tmp_path, window)
    asked = []

    def ask(file, error, lines):
        asked.append((file, str(error), lines))
        return True

    monkeypatch.setattr(window, "ask_open_what_can_be_read", ask)
    assert window.open_path(path)
    file, error, lines = asked[0]
    assert file == path and str(path) in error and any("cut short" in line for line in lines)
    assert window.controller.scenario.name == "theirs" and window.controller.scenario.count == 48
    assert window.controller.is_modified and window.controller.path is None
    assert "Opened what could be read" in window.statusBar().currentMessage()
    assert path.read_bytes() == cut
    assert window.autosave.save_now() and window.autosave.file.exists()


def test_open_a_file_cut_short_declined_keeps_the_work(open_window, tmp_path, monkeypatch):
    window = open_window()
    window.controller.apply("name", "mine")
    path, cut = cut_file(tmp_path, window)
    monkeypatch.setattr(window, "ask_open_what_can_be_read", lambda *a: False)
    assert window.open_path(path) is False
    assert window.controller.scenario.name == "mine" and window.controller.is_modified
    assert path.read_bytes() == cut


def test_a_file_with_nothing_readable_is_only_said(open_window, tmp_path, monkeypatch):
    window = open_window()
    path, _ = cut_file(tmp_path, window, fraction=0.01)  # not even the format line
    monkeypatch.setattr(window, "ask_open_what_can_be_read", lambda *a: pytest.fail("nothing to offer"))
    shown = said_critical(monkeypatch)
    assert window.open_path(path) is False
    assert shown[0][0] == "Cannot open scenario"


@pytest.mark.parametrize("language, words", [("en", "Open what can be read"), ("zh_CN", "能读出的部分")])
def test_the_offer_is_a_real_dialog(open_window, tmp_path, qtbot, language, words):
    """The real question, looked at (grabbed to /tmp/faults/); Escape keeps the window's work."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        path, _ = cut_file(tmp_path, window)
        before = window.controller.scenario
        seen = []

        def look() -> None:
            box = QApplication.activeModalWidget()
            if box is None:
                QTimer.singleShot(50, look)
                return
            seen.append((box.text() + "\n" + box.informativeText(),
                         [(b.text(), b.isVisible()) for b in box.buttons()]))
            QTimer.singleShot(300, lambda: grab_and_close(box, f"open-cut-short-{language}.png"))

        QTimer.singleShot(0, look)
        assert window.open_path(path) is False
    finally:
        i18n.install_language("en")
    text, buttons = seen[0]
    assert str(path) in text and any(words in b for b, _ in buttons)
    assert window.controller.scenario == before
