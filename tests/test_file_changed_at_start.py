"""The window's file changed on disk while the window was not looking: at start (the last
session's file), and when unsaved work is recovered (the file the crashed window had open). The
user is told plainly and chooses — keep mine, load the file's, save mine as — and nothing is
overwritten silently: keeping mine leaves the file as the other program wrote it, and a later
Save asks before replacing it. (Before: the start showed the session's scenario over a file that
had changed, said nothing, and a recovery took the changed file's digest as known, so a Save
replaced the other program's content without asking.)"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from configurator.core.scenario import updated
from configurator.core.scenario_io import read_scenario, write_scenario

from recovery_windows import answer_unsaved, choose, grab_and_close, open_window, settings_file  # noqa: F401 (fixtures)

pytestmark = pytest.mark.gui


def session_on_file(open_window, tmp_path, name="mine") -> tuple[object, Path]:
    """A window that saved ``name`` to a file and closed; the file's path."""
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    window.controller.apply("name", name)
    assert window.save_to(path)
    assert window.close()
    return window, path


def other_program_writes(path: Path, name: str) -> None:
    write_scenario(path, updated(read_scenario(path), name=name))


def answer(window, monkeypatch, reply: str) -> list[tuple[Path, bool]]:
    asked = []

    def ask(path, recovered=False):
        asked.append((path, recovered))
        return reply

    monkeypatch.setattr(window, "ask_changed_since", ask)
    return asked


def test_an_unchanged_file_asks_nothing(open_window, tmp_path, monkeypatch):
    _, path = session_on_file(open_window, tmp_path)
    window = open_window()
    asked = answer(window, monkeypatch, "keep")
    window.offer_start_questions()
    assert asked == [] and window.controller.path == path


def test_keep_mine_leaves_the_file_and_a_save_asks(open_window, tmp_path, monkeypatch):
    _, path = session_on_file(open_window, tmp_path)
    other_program_writes(path, "theirs")
    window = open_window()
    asked = answer(window, monkeypatch, "keep")
    assert window.check_file_at_start() == "keep"
    assert asked == [(path, False)]
    assert window.controller.scenario.name == "mine" and read_scenario(path).name == "theirs"
    questions = []
    monkeypatch.setattr(window, "ask_changed_on_disk", lambda p: questions.append(p) or "cancel")
    assert window.save() is False  # not replaced without asking
    assert questions == [path] and read_scenario(path).name == "theirs"


def test_load_the_files_version(open_window, tmp_path, monkeypatch):
    _, path = session_on_file(open_window, tmp_path)
    other_program_writes(path, "theirs")
    window = open_window()
    answer(window, monkeypatch, "load")
    assert window.check_file_at_start() == "load"
    assert window.controller.scenario.name == "theirs" and not window.controller.is_modified
    window.controller.apply("name", "theirs, edited")
    monkeypatch.setattr(window, "ask_changed_on_disk", lambda p: pytest.fail("the file is known as it is now"))
    assert window.save() and read_scenario(path).name == "theirs, edited"


def test_save_mine_as_another_file(open_window, tmp_path, monkeypatch):
    _, path = session_on_file(open_window, tmp_path)
    other_program_writes(path, "theirs")
    window = open_window()
    answer(window, monkeypatch, "save-as")
    other = tmp_path / "mine.gpuconf.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(other), ""))
    assert window.check_file_at_start() == "save-as"
    assert read_scenario(other).name == "mine" and read_scenario(path).name == "theirs"
    assert window.controller.path == other


def test_a_file_cut_short_by_another_program(open_window, tmp_path, monkeypatch):
    """Another program was writing the file and stopped half-way: it is said to have changed;
    loading it says why it cannot be read whole (and offers what can be read: declined here),
    and the window keeps its scenario, on the file."""
    _, path = session_on_file(open_window, tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    window = open_window()
    answer(window, monkeypatch, "load")
    offered = []
    monkeypatch.setattr(window, "ask_open_what_can_be_read", lambda file, error, lines: offered.append(lines) and False)
    assert window.check_file_at_start() == "load"
    assert offered and any("cut short" in line for line in offered[0])
    assert window.controller.scenario.name == "mine" and window.controller.path == path
    assert path.read_bytes() == data[:len(data) // 2]


def test_a_file_gone_is_said(open_window, tmp_path, monkeypatch):
    _, path = session_on_file(open_window, tmp_path)
    path.unlink()
    window = open_window()
    answer(window, monkeypatch, "load")
    assert window.check_file_at_start() == "gone"
    assert "no longer exists" in window.statusBar().currentMessage()
    assert window.controller.scenario.name == "mine"


@pytest.mark.parametrize("language, words", [("en", "Keep mine"), ("zh_CN", "保留我的")])
def test_the_question_is_a_real_dialog(open_window, tmp_path, qtbot, language, words):
    """The real question, looked at (grabbed to /tmp/faults/), answered with Escape: keep mine."""
    from configurator.app import i18n

    _, path = session_on_file(open_window, tmp_path)
    other_program_writes(path, "theirs")
    try:
        window = open_window()
        window.set_language(language)
        seen = []

        def look() -> None:
            box = QApplication.activeModalWidget()
            if box is None:
                QTimer.singleShot(50, look)
                return
            seen.append((box.windowTitle(), box.text() + "\n" + box.informativeText(),
                         [b.text() for b in box.buttons()]))
            QTimer.singleShot(300, lambda: grab_and_close(box, f"changed-at-start-{language}.png"))

        QTimer.singleShot(0, look)
        assert window.check_file_at_start() == "keep"
        title, text, buttons = seen[0]
        assert str(path) in text and any(words in b for b in buttons) and len(buttons) == 3
    finally:
        i18n.install_language("en")
    assert read_scenario(path).name == "theirs"


# ---- recovered work whose file changed since the crash -------------------------------------


def crashed_on_file(window, name: str) -> Path:
    """The autosave ``window`` (on its file) would leave with ``name`` unsaved if it crashed now:
    a copy of its autosave under another window's name, with no lock held."""
    window.controller.apply("name", name)
    assert window.autosave.save_now()
    crashed = window.autosave.file.with_name("autosave-crashed0000000.gpuconf.json")
    crashed.write_bytes(window.autosave.file.read_bytes())
    return crashed


def test_the_autosave_keeps_the_files_digest(open_window, tmp_path):
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    assert window.save_to(path)
    window.controller.apply("name", "unsaved")
    assert window.autosave.save_now()
    notes = json.loads(window.autosave.file.read_text(encoding="utf-8"))["autosave"]
    assert notes["path"] == str(path) and notes["digest"] == hashlib.sha256(path.read_bytes()).hexdigest()


def recovered_window(open_window, tmp_path, monkeypatch, reply, change=lambda path: other_program_writes(path, "theirs")):
    first = open_window()
    path = tmp_path / "plan.gpuconf.json"
    first.controller.apply("name", "saved")
    assert first.save_to(path)
    crashed = crashed_on_file(first, "recovered")
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    first.autosave.discard()
    change(path)
    window = open_window()
    asked = answer(window, monkeypatch, reply)
    choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    return window, path, crashed, asked


def test_recovered_work_on_a_changed_file_keep_mine(open_window, tmp_path, monkeypatch):
    window, path, crashed, asked = recovered_window(open_window, tmp_path, monkeypatch, "keep")
    assert window.offer_recovery()
    assert asked == [(path, True)]
    assert window.controller.scenario.name == "recovered" and window.controller.path == path
    assert read_scenario(path).name == "theirs"
    questions = []
    monkeypatch.setattr(window, "ask_changed_on_disk", lambda p: questions.append(p) or "cancel")
    assert window.save() is False and questions == [path]  # not replaced without asking
    assert window.autosave.file.exists()  # the recovered work is still protected


def test_recovered_work_on_a_changed_file_load_the_files(open_window, tmp_path, monkeypatch):
    window, path, crashed, asked = recovered_window(open_window, tmp_path, monkeypatch, "load")
    assert window.offer_recovery()
    assert window.controller.scenario.name == "theirs" and not window.controller.is_modified
    assert not crashed.exists()  # dropped, as the question said


def test_recovered_work_on_a_file_cut_short_since(open_window, tmp_path, monkeypatch):
    def cut(path):
        data = path.read_bytes()
        path.write_bytes(data[:len(data) // 3])

    window, path, crashed, asked = recovered_window(open_window, tmp_path, monkeypatch, "keep", cut)
    assert window.offer_recovery()
    assert asked == [(path, True)]
    assert window.controller.scenario.name == "recovered" and window.controller.path == path
    assert window.controller.is_modified


def test_recovered_work_on_an_unchanged_file_asks_nothing(open_window, tmp_path, monkeypatch):
    window, path, crashed, asked = recovered_window(open_window, tmp_path, monkeypatch, "load", lambda path: None)
    assert window.offer_recovery()
    assert asked == [] and window.controller.scenario.name == "recovered"
    assert window.controller.saved_scenario.name == "saved"
