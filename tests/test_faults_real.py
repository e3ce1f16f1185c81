"""Fault injection with real faults, not patched calls: a real full file system (a small tmpfs),
a real read-only one (remounted read-only, or a folder without write permission where the tests
do not run as root — root writes through permissions), the autosave folder really deleted while
the window runs, a real window killed with SIGKILL at random moments and started again in English
and Chinese, a user catalog with a bad row or cut short, and real file names with Chinese
characters, spaces and brackets, up to and past the longest a file system takes. Each either works
or says plainly what happened in the user's language; an existing file keeps its content, and no
temporary file is left.

The mounts need root and ``mount``: where they cannot be made, those tests skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.app import autosave_folder
from configurator.app import autosave_recovery
from configurator.core.files import remove_stale_temporaries, write_text_atomically
from configurator.core.scenario_io import read_scenario

from recovery_windows import open_window, settings_file  # noqa: F401 (fixtures)

SUFFIXES = (".csv", ".json", ".md", ".pdf")
"""The summary's export formats."""


def said_critical(monkeypatch) -> list[tuple[str, str]]:
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    return shown


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def _mount_small(point: Path, size: str) -> None:
    point.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(point)], capture_output=True).returncode:
        pytest.skip("cannot mount a small file system here (needs root)")


def _unmount(point: Path) -> None:
    subprocess.run(["umount", "-l", str(point)], capture_output=True, check=False)


@pytest.fixture
def small_disk(tmp_path):
    """A 128 kB file system (tmpfs)."""
    point = tmp_path / "small disk"
    _mount_small(point, "128k")
    yield point
    _unmount(point)


class ReadOnly:
    """A folder that can be made read-only for real, and writable again."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.mounted = os.geteuid() == 0
        if self.mounted:
            _mount_small(folder, "2m")
        else:
            folder.mkdir(parents=True, exist_ok=True)

    def _remount(self, mode: str) -> None:
        subprocess.run(["mount", "-o", f"remount,{mode}", str(self.folder)], check=True, capture_output=True)

    def lock(self) -> None:
        if self.mounted:
            self._remount("ro")
        else:
            for path in [self.folder, *self.folder.rglob("*")]:
                if path.is_dir():
                    path.chmod(0o555)

    def unlock(self) -> None:
        if self.mounted:
            self._remount("rw")
        else:
            for path in [self.folder, *self.folder.rglob("*")]:
                if path.is_dir():
                    path.chmod(0o755)

    def close(self) -> None:
        if self.mounted:
            _unmount(self.folder)
        else:
            self.unlock()


@pytest.fixture
def read_only(tmp_path):
    folder = ReadOnly(tmp_path / "read only")
    yield folder
    folder.close()


@pytest.fixture
def language_set():
    from configurator.app import i18n

    yield
    i18n.install_language("en")


WORDS = {"en": {"full": "the disk is full", "read-only": ("the disk is read-only", "no permission"),
                "kept": "Nothing was replaced", "folder": "does not exist",
                "pdf-short": "is the disk full?"},
         "zh_CN": {"full": "磁盘已满", "read-only": ("磁盘为只读", "没有权限"), "kept": "没有替换任何文件",
                   "folder": "不存在", "pdf-short": "磁盘是否已满"}}


# ---- the file writers themselves --------------------------------------------------------------


@pytest.mark.parametrize("name", ["方" * 80 + ".gpuconf.json", "a" * 240 + ".csv", "计划 [第二版] (副本).pdf"])
def test_a_long_or_odd_legal_file_name_is_written(tmp_path, name):
    """Any name the file system takes can be written, atomically. Before: the temporary file
    beside it, ``.<name>.<8 characters>.tmp``, was 14 bytes longer than the name, so a name of
    over 241 bytes (80 Chinese characters: 240 + the suffix) could never be saved or exported —
    "File name too long" — though the file system takes 255."""
    target = tmp_path / name
    target.write_text("old", encoding="utf-8")
    write_text_atomically(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert temporaries(tmp_path) == []


def test_a_name_the_file_system_refuses_keeps_the_old_file(tmp_path):
    """Too long even for the file system: refused, nothing written, no temporary left."""
    target = tmp_path / ("方" * 90 + ".md")
    with pytest.raises(OSError):
        write_text_atomically(target, "new")
    assert list(tmp_path.iterdir()) == []


def test_a_crashed_writes_temporary_is_found_under_a_name_with_brackets(tmp_path):
    """``[`` ``]`` ``*`` ``?`` in a name are not a pattern: the crashed write's temporary of
    ``plan [v2]`` is removed, and not one of ``plan v``. (Before: the name was used as a glob
    pattern.)"""
    own = tmp_path / ".plan [v2].gpuconf.json.abcdefgh.tmp"
    other = tmp_path / ".plan v.gpuconf.json.abcdefgh.tmp"
    for temporary in (own, other):
        temporary.write_text("{")
        os.utime(temporary, (time.time() - 3600, time.time() - 3600))
    assert remove_stale_temporaries(tmp_path / "plan [v2].gpuconf.json") == 1
    assert not own.exists() and other.exists()


# ---- the window: Save, Save As, Export ------------------------------------------------------------


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_save_and_export_to_a_really_full_disk(open_window, small_disk, monkeypatch, language, language_set):
    window = open_window()
    window.set_language(language)
    target = small_disk / "计划 一.gpuconf.json"
    window.controller.apply("name", "kept")
    assert window.save_to(target)
    before = target.read_bytes()
    exports = {suffix: small_disk / f"summary{suffix}" for suffix in SUFFIXES}
    for path in exports.values():
        path.write_bytes(b"the earlier export")
    filler = small_disk / "filler"
    filler.write_bytes(b"\0" * shutil.disk_usage(small_disk).free)
    window.controller.apply("name", "changed")  # the disk is full: not a byte more fits
    shown = said_critical(monkeypatch)
    assert not window.save_to(target)
    assert target.read_bytes() == before
    for path in exports.values():
        assert not window.export_summary(path)
        assert path.read_bytes() == b"the earlier export"
    assert len(shown) == 1 + len(exports)
    for _title, text in shown:
        assert WORDS[language]["full"] in text or WORDS[language]["pdf-short"] in text, text
        assert WORDS[language]["kept"] in text, text
    assert temporaries(small_disk) == []
    assert window.controller.is_modified  # the work stays in the window (and its autosave)


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_save_and_export_to_a_read_only_folder(open_window, read_only, monkeypatch, language, language_set):
    window = open_window()
    window.set_language(language)
    target = read_only.folder / "plan.gpuconf.json"
    window.controller.apply("name", "kept")
    assert window.save_to(target)
    before = target.read_bytes()
    read_only.lock()
    window.controller.apply("name", "changed")
    shown = said_critical(monkeypatch)
    assert not window.save_to(target)
    assert read_scenario(target).name == "kept" and target.read_bytes() == before
    for suffix in SUFFIXES:
        assert not window.export_summary(read_only.folder / f"summary{suffix}")
    assert len(shown) == 1 + len(SUFFIXES)
    for _title, text in shown:
        assert any(words in text for words in WORDS[language]["read-only"]), text
        assert WORDS[language]["kept"] in text, text
    read_only.unlock()
    assert temporaries(read_only.folder) == []


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_read_only_data_folder_is_said_and_the_autosave_comes_back(qtbot, tmp_path, monkeypatch, read_only,
                                                                     language, language_set):
    """The user data folder read-only from the start (a full home, a read-only mount): the
    window opens, says in the status bar that the work is not protected, and once the folder is
    writable again, the autosave is written without a new edit."""
    from PySide6.QtCore import QSettings

    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setenv("GPU_CONFIGURATOR_DATA_DIR", str(read_only.folder / "userdata"))
    read_only.lock()
    window = build_main_window(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.set_language(language)
    window.controller.apply("name", "unsaved work")
    assert window.autosave.save_now() is False
    message = window.statusBar().currentMessage()
    assert any(words in message for words in WORDS[language]["read-only"]), message
    assert window.autosave.pending  # tried again without a new edit
    read_only.unlock()
    window.autosave._deadline.setInterval(10)
    qtbot.waitUntil(lambda: window.autosave.file.exists(), timeout=5000)
    assert read_scenario(window.autosave.file).name == "unsaved work"


@pytest.mark.gui
@pytest.mark.parametrize("suffix", [".gpuconf.json", *SUFFIXES])
def test_chinese_names_with_spaces_save_and_a_missing_folder_is_said(open_window, tmp_path, monkeypatch, suffix,
                                                                     language_set):
    folder = tmp_path / "我的 计划"
    folder.mkdir()
    window = open_window()
    window.set_language("zh_CN")
    window.controller.apply("name", "甲 乙")
    shown = said_critical(monkeypatch)
    write = window.save_to if suffix == ".gpuconf.json" else window.export_summary
    for name in (f"方案 一{suffix}", "方" * 78 + suffix):
        assert write(folder / name), shown
        assert (folder / name).stat().st_size > 0
    assert not write(tmp_path / "不存在的 文件夹" / f"方案{suffix}")
    assert len(shown) == 1, shown
    reason = shown[0][1].replace(str(tmp_path / "不存在的 文件夹"), "<folder>")
    assert "<folder>" in reason and WORDS["zh_CN"]["folder"] in reason and "does not exist" not in reason, reason
    assert temporaries(folder) == []


# ---- the autosave folder deleted while the window runs ------------------------------------------


@pytest.mark.gui
def test_a_deleted_autosave_folder_does_not_make_a_running_window_look_crashed(open_window):
    """A cleaner (or the user) deletes the autosave folder while a window has unsaved work. The
    window's next autosave makes it again — and must lock it again: before, its lock file was
    gone with the folder, so the next window to start offered the running window's autosave as a
    crashed one's, and restoring or discarding it there moved or deleted it under the running
    window."""
    window = open_window()
    window.controller.apply("name", "first")
    assert window.autosave.save_now()
    shutil.rmtree(autosave_folder.autosave_dir())
    window.controller.apply("name", "second")
    assert window.autosave.save_now()
    assert read_scenario(window.autosave.file).name == "second"
    findings = autosave_recovery.find_recoveries(window.controller.catalog)
    findings.release()
    assert findings.recoveries == [] and findings.set_aside == []
    assert window.autosave.file.exists()


# ---- the user catalog: a bad row, a broken file, a read-only folder ------------------------------


def _user_catalog(cards: list) -> Path:
    import json

    from configurator.core.catalog import default_overlay_path

    path = default_overlay_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cards": cards, "prices": {}}), encoding="utf-8")
    return path


def _own_card(load_catalog, card_id: str) -> dict:
    data = load_catalog().get("l40s").model_dump(mode="json")
    data.update(id=card_id, name=f"{card_id} card", prices=[], origin="user")
    return data


def test_a_bad_row_of_the_user_catalog_is_refused_with_its_reason_and_the_rest_kept():
    from configurator.core.catalog import load_catalog

    good, bad = _own_card(load_catalog, "lab-good"), _own_card(load_catalog, "lab-bad")
    bad["memory_gb"] = "lots"
    path = _user_catalog([bad, good])
    catalog = load_catalog()
    assert "lab-good" in catalog and "lab-bad" not in catalog
    assert any("lab-bad" in problem.text and "memory_gb" in problem.text and str(path) in problem.text
               for problem in catalog.problems), catalog.problems


@pytest.mark.gui
@pytest.mark.parametrize("fault", ["broken file", "read-only folder"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_adding_a_card_never_writes_the_user_catalog_over_with_less(open_window, qtbot, monkeypatch, read_only,
                                                                    fault, language, language_set):
    """Adding a card where the user catalog cannot be read (cut short) or written (read-only):
    refused in the dialog, in the window's language, the dialog open with what was typed, and
    the file exactly as it was. (Before: a read-only folder was said as Python's
    ``[Errno 30] Read-only file system: '…'``, and a file cut short as "… is not valid JSON …",
    in English in the Chinese window.)"""
    from configurator.app.card_dialog import CardDialog
    from configurator.core.catalog import load_catalog

    monkeypatch.setenv("GPU_CONFIGURATOR_DATA_DIR", str(read_only.folder / "userdata"))
    path = _user_catalog([_own_card(load_catalog, "lab-one")])
    if fault == "broken file":
        path.write_bytes(path.read_bytes()[:-20])
    before = path.read_bytes()
    if fault == "read-only folder":
        read_only.lock()
    window = open_window()
    window.set_language(language)
    controller = window.controller
    dialog = CardDialog(controller, controller.catalog.get("h100-sxm"))
    qtbot.addWidget(dialog)
    assert not dialog.save()
    problem = dialog.problem.text()
    assert problem and "Errno" not in problem, problem
    if fault == "read-only folder":
        assert any(words in problem for words in WORDS[language]["read-only"]), problem
    else:
        assert ("not valid JSON" in problem) == (language == "en") and "user-catalog.json" in problem, problem
    assert dialog.id.text() == "h100-sxm-mine"  # what was typed stays
    read_only.unlock()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []


# ---- killed with SIGKILL at a random moment, in either language ------------------------------------


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_killed_at_random_moments_the_next_start_offers_the_newest_autosave(open_window, settings_file, tmp_path,
                                                                            qtbot, language, language_set):
    """A real window, edited every 50 ms, killed with SIGKILL at random moments (before its first
    autosave, while one is written, between two): the next start — a real window on the same
    settings, in the same language — lists the newest whole autosave, its name and time, in that
    language, and restores it; no more than the autosave's maximum wait of edits is lost, and
    where nothing was autosaved yet, the kill came within that wait."""
    import random

    from PySide6.QtCore import QSettings

    from test_recovery import read_scenario_document
    from test_autosave_kill import MAX_WAIT_MS, SLACK_S, edits_until, kill, start_child

    settings = QSettings(str(tmp_path / "child.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    settings.sync()
    rng = random.Random(f"faultinj-{language}")
    for trial in range(3):
        child, file = start_child(tmp_path)
        try:
            edits = edits_until(child, rng.uniform(0.1, 2.5))
            edits += kill(child)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        assert edits, "the child made no edit"
        window = open_window()
        window.set_language(language)
        findings = autosave_recovery.find_recoveries(window.controller.catalog)
        if not findings.recoveries:  # killed before its first autosave: only that much was lost
            assert edits[-1][1] - edits[0][1] <= MAX_WAIT_MS / 1000 + SLACK_S, (trial, edits[0], edits[-1])
            continue
        assert [r.file for r in findings.recoveries] == [file], trial
        recovery = findings.recoveries[0]
        saved = int(recovery.scenario.name.split()[1])
        assert edits[-1][1] - float(recovery.scenario.name.split()[3]) <= MAX_WAIT_MS / 1000 + SLACK_S
        assert recovery.language == language and not recovery.partial
        dialog = window.recovery_dialog(findings)
        qtbot.addWidget(dialog)
        row = dialog.table.topLevelItem(0)
        assert row.text(0) == recovery.scenario.name and row.text(1) == recovery.saved_at
        assert (dialog.restore_button.text() == "&Restore") == (language == "en")
        assert (dialog.table.headerItem().text(0) == "Scenario") == (language == "en")
        dialog.restore_selected()
        assert dialog.chosen is recovery
        dialog.close()
        assert window.restore_recovery(recovery)
        findings.release()
        assert window.controller.scenario.name.split()[1] == str(saved) and window.controller.is_modified
        assert read_scenario_document(window.autosave.file).name == recovery.scenario.name
        window.autosave.discard()


# ---- names the file system refuses -------------------------------------------------------------


@pytest.mark.gui
@pytest.mark.parametrize("language, words", [
    ("en", ("a folder has that name", "is a file, not a folder", "file name is too long")),
    ("zh_CN", ("已有同名文件夹", "是文件，不是文件夹", "文件名对该磁盘而言太长"))])
def test_a_name_the_disk_refuses_is_said_in_the_windows_language(open_window, tmp_path, monkeypatch, language,
                                                                 words, language_set):
    """Save or Export onto a folder's name, inside what is a file, or with a name longer than the
    file system takes (90 Chinese characters: 270 bytes). Before: Python's English words alone
    ("Is a directory", "File name too long"), and "the folder … does not exist" for a file."""
    window = open_window()
    window.set_language(language)
    window.controller.apply("name", "kept in the window")
    shown = said_critical(monkeypatch)
    (tmp_path / "plan.gpuconf.json").mkdir()
    (tmp_path / "summary.pdf").mkdir()
    (tmp_path / "notes").write_text("a file")
    targets = {words[0]: (tmp_path / "plan.gpuconf.json", tmp_path / "summary.pdf"),
               words[1]: (tmp_path / "notes" / "plan.gpuconf.json", tmp_path / "notes" / "summary.csv"),
               words[2]: (tmp_path / ("方" * 90 + ".gpuconf.json"), tmp_path / ("方" * 90 + ".md"))}
    for said, (scenario_file, summary_file) in targets.items():
        assert not window.save_to(scenario_file)
        assert not window.export_summary(summary_file)
        assert len(shown) == 2 and all(said in text for _title, text in shown), (said, shown)
        shown.clear()
    assert (tmp_path / "notes").read_text() == "a file" and temporaries(tmp_path) == []
    assert window.controller.is_modified


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_really_full_disk_keeps_the_last_autosave_and_it_comes_back(qtbot, tmp_path, monkeypatch, small_disk,
                                                                      language, language_set):
    """The user data folder on a disk that fills up while the window runs: the last autosave
    stays whole, the status bar says so in the window's language, no temporary is left, and once
    space is freed the newest work is autosaved without a new edit."""
    from PySide6.QtCore import QSettings

    from configurator.app.main import build_main_window
    from test_recovery import read_scenario_document

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    monkeypatch.setenv("GPU_CONFIGURATOR_DATA_DIR", str(small_disk / "userdata"))
    window = build_main_window(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.set_language(language)
    autosave = window.autosave
    window.controller.apply("name", "first")
    assert autosave.save_now()
    filler = small_disk / "filler"
    filler.write_bytes(b"\0" * shutil.disk_usage(small_disk).free)
    window.controller.apply("name", "second")
    assert autosave.save_now() is False
    assert WORDS[language]["full"] in window.statusBar().currentMessage()
    assert read_scenario_document(autosave.file).name == "first"
    assert temporaries(autosave.file.parent) == []
    filler.unlink()
    autosave._deadline.setInterval(10)
    qtbot.waitUntil(lambda: read_scenario_document(autosave.file).name == "second", timeout=5000)
    autosave.discard()
