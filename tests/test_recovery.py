"""Nothing is lost: Discard discards, unsaved work is autosaved and offered back after a crash,
closed dialogs are deleted, and the undo history is bounded."""

from __future__ import annotations

import json
import subprocess

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app import autosave as autosave_module
from configurator.app.controller import UNDO_LIMIT
from configurator.app.main import build_main_window
from configurator.core.scenario_io import read_scenario, scenario_to_document


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


def dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


# ---- Discard discards ---------------------------------------------------------------------


def test_discarded_edits_do_not_come_back(open_window, tmp_path, monkeypatch):
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    assert window.save_to(path)
    saved = window.controller.scenario
    assert window.controller.apply("count", 64)
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.close()
    again = open_window()
    assert again.controller.scenario == saved and again.controller.scenario.count != 64
    assert again.controller.path == path and not again.controller.is_modified


def test_discarded_edits_of_an_untitled_scenario_do_not_come_back(open_window, monkeypatch):
    window = open_window()
    start = window.controller.scenario
    window.controller.apply("count", 64)
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.close()
    assert open_window().controller.scenario == start


def test_a_clean_session_is_still_restored(open_window, tmp_path, monkeypatch):
    window = open_window()
    window.controller.apply("count", 16)
    path = tmp_path / "kept.gpuconf.json"
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Save)
    monkeypatch.setattr(window, "save_as", lambda: window.save_to(path))
    assert window.close()
    again = open_window()
    assert again.controller.scenario.count == 16 and again.controller.path == path


# ---- autosave and recovery ----------------------------------------------------------------


def test_unsaved_changes_are_autosaved_a_moment_later(open_window, qtbot):
    window = open_window()
    autosave = window.autosave
    assert autosave.file.parent == autosave_module.autosave_dir()
    autosave._timer.setInterval(30)
    window.controller.apply("count", 32)
    assert autosave.pending and not autosave.file.exists()
    qtbot.waitUntil(autosave.file.exists, timeout=2000)
    document = json.loads(autosave.file.read_text(encoding="utf-8"))
    assert document["scenario"]["count"] == 32 and document["autosave"]["path"] is None
    window.controller.undo_stack.undo()  # back to the clean state: nothing left to recover
    assert not autosave.file.exists()


def test_saving_or_closing_removes_the_autosave(open_window, tmp_path, monkeypatch):
    window = open_window()
    window.controller.apply("count", 32)
    assert window.autosave.save_now() and window.autosave.file.exists()
    assert window.save_to(tmp_path / "a.gpuconf.json")
    assert not window.autosave.file.exists()
    window.controller.apply("count", 64)
    window.autosave.save_now()
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    assert window.close() and not window.autosave.file.exists()


def crashed_autosave(scenario, original=None):
    """The autosave a run that crashed left behind."""
    document = scenario_to_document(scenario)
    document["autosave"] = {"path": str(original) if original else None, "saved_at": "2026-12-01T09:30:00"}
    folder = autosave_module.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"autosave-{dead_pid()}.gpuconf.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    return file


def test_after_a_crash_the_work_is_offered_back(open_window, tmp_path, monkeypatch):
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    window.save_to(path)
    saved = window.controller.scenario
    from configurator.core.scenario import updated

    lost = updated(saved, count=128, name="Lost work")
    file = crashed_autosave(lost, path)
    asked = []
    again = open_window()
    monkeypatch.setattr(again, "ask_recovery", lambda name, time: asked.append((name, time)) or True)
    assert again.offer_recovery()
    assert asked == [("plan.gpuconf.json", "2026-12-01 09:30:00")]
    controller = again.controller
    assert controller.scenario == lost and controller.path == path and controller.is_modified
    controller.undo_stack.undo()
    assert controller.scenario == read_scenario(path)  # one undo goes back to the saved file
    assert not file.exists()


def test_recovery_discard_deletes_the_autosave(open_window, monkeypatch):
    window = open_window()
    from configurator.core.scenario import updated

    file = crashed_autosave(updated(window.controller.scenario, count=256))
    before = window.controller.scenario
    monkeypatch.setattr(window, "ask_recovery", lambda name, time: False)
    assert not window.offer_recovery()
    assert not file.exists() and window.controller.scenario == before and not window.controller.is_modified
    monkeypatch.setattr(window, "ask_recovery", lambda name, time: pytest.fail("asked twice"))
    assert not window.offer_recovery()


def test_a_running_windows_autosave_and_broken_files_are_not_offered(open_window, monkeypatch):
    window = open_window()
    window.controller.apply("count", 32)
    window.autosave.save_now()  # this process is alive: its autosave is not a crash
    broken = autosave_module.autosave_dir() / f"autosave-{dead_pid()}.gpuconf.json"
    broken.write_bytes(b"\xff{")
    monkeypatch.setattr(window, "ask_recovery", lambda name, time: pytest.fail("nothing to offer"))
    assert not window.offer_recovery()
    assert window.autosave.file.exists() and not broken.exists()


def test_an_unwritable_autosave_is_logged_not_shown(open_window, monkeypatch):
    from configurator.app import error_boundary

    window = open_window()
    window.controller.apply("count", 32)
    monkeypatch.setattr(autosave_module, "write_text_atomically",
                        lambda *a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    assert window.autosave.save_now() is False
    assert "No space left on device" in error_boundary.log_path().read_text(encoding="utf-8")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_recovery_question_in_both_languages(open_window, tmp_path, language):
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        box, restore = window.recovery_box("plan.gpuconf.json", "2026-12-01 09:30:00")
        box.show()
        assert "plan.gpuconf.json" in box.text() and "2026-12-01 09:30:00" in box.text()
        assert (restore.text() == "Restore") == (language == "en")
        box.grab().save(str(tmp_path / f"recovery-{language}.png"))
        box.close()
    finally:
        i18n.install_language("en")


# ---- dialogs and undo ---------------------------------------------------------------------


def test_cancelled_wizards_are_deleted(open_window):
    from configurator.app.wizard import WorkloadWizard

    window = open_window()
    for _ in range(5):
        wizard = window.open_wizard()
        wizard.reject()
        delete_later_now()
    assert window.findChildren(WorkloadWizard) == []


def test_the_undo_history_is_bounded(controller):
    assert controller.undo_stack.undoLimit() == UNDO_LIMIT
    for index in range(UNDO_LIMIT + 50):
        controller.apply_many({"count": 8 if index % 2 else 16}, merge=False)
    assert controller.undo_stack.count() == UNDO_LIMIT
