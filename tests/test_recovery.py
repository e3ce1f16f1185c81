"""Nothing is lost: Discard discards, unsaved work is autosaved and offered back after a crash,
closed dialogs are deleted, and the undo history is bounded."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QMessageBox

from configurator.app import autosave as autosave_module
from configurator.app import autosave_folder
from configurator.app import autosave_recovery
from configurator.app.controller import UNDO_LIMIT
from configurator.app.main import build_main_window
from configurator.core.scenario_io import read_scenario


from recovery_windows import (  # noqa: F401 (open_window and settings_file are fixtures)
    answer_unsaved, choose, crashed_autosave, delete_later_now, open_window, settings_file)


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
    assert autosave.file.parent == autosave_folder.autosave_dir()
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


def test_continuous_editing_is_autosaved_within_the_max_wait(open_window, qtbot):
    """Changes every 40 ms, each restarting the 3-second wait: the autosave is written anyway, at
    least once per maximum wait (here 0.3 s), holding a change at most that old (30 changes, 0
    autosaves before) - plus what the GUI thread's longest pass of the edit loop delayed it by (the
    timer fires between passes, and the write lands a pass later) and slack for a busy machine."""
    window = open_window()
    autosave = window.autosave
    autosave._timer.setInterval(3000)
    autosave._deadline.setInterval(300)
    seen, started, longest_pass = [], time.monotonic(), 0.0
    while time.monotonic() - started < 2.0:
        begun = time.monotonic()
        window.controller.apply("count", 16 if len(seen) % 2 else 8)
        window.controller.apply("training.micro_batch", 1 + len(seen) % 4)
        seen.append((time.monotonic(), window.controller.scenario))
        qtbot.wait(40)
        # the deadline timer cannot fire while the GUI thread is in one pass of this loop: a loaded CI
        # machine stretched a pass, and the autosave with it, past a fixed slack (1.10 s, 2026-12-03)
        longest_pass = max(longest_pass, time.monotonic() - begun - 0.04)
        if autosave.file.exists():
            written = read_scenario_document(autosave.file)
            made = max(t for t, scenario in seen if scenario == written)  # when that state was made
            assert time.monotonic() - made < 0.3 + 2 * longest_pass + 0.5  # the max wait, the passes it waited for, slack
    assert autosave.file.exists()


def test_a_change_merged_into_the_last_step_is_autosaved_too(open_window, qtbot):
    """A drag (changes of one field merge into one undo step) after an autosave is saved again."""
    window = open_window()
    autosave = window.autosave
    autosave._timer.setInterval(30)
    window.controller.apply("count", 16)
    qtbot.waitUntil(autosave.file.exists, timeout=3000)
    window.controller.apply("count", 32)  # merges with the step before: the undo index stays
    qtbot.waitUntil(lambda: read_scenario_document(autosave.file).count == 32, timeout=3000)


def read_scenario_document(file):
    from configurator.core.scenario_io import scenario_from_document

    return scenario_from_document(json.loads(file.read_text(encoding="utf-8")))


def crash(window):
    """What a crash of ``window`` leaves: its autosave on disk, its lock released (as the kernel
    releases a dead process's locks); the window object touches that file no more."""
    autosave = window.autosave
    autosave.save_now()
    os.close(autosave._lock)
    autosave._lock = None
    autosave.file = autosave.file.with_name("dead-window")


def test_after_a_crash_the_work_is_offered_back(open_window, tmp_path, monkeypatch):
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    window.save_to(path)
    saved = window.controller.scenario
    from configurator.core.scenario import updated

    lost = updated(saved, count=128, name="Lost work")
    file = crashed_autosave(lost, path)
    again = open_window()
    shown = choose(again, monkeypatch, lambda findings: findings.recoveries[0])
    assert again.offer_recovery()
    assert shown == [[("Lost work", "2026-12-01 09:30:00", False)]]
    controller = again.controller
    assert controller.scenario == lost and controller.path == path and controller.is_modified
    assert not file.exists() and again.autosave.file.exists()  # it became this window's autosave
    assert read_scenario_document(again.autosave.file) == lost
    controller.undo_stack.undo()
    assert controller.scenario == read_scenario(path)  # one undo goes back to the saved file
    assert not again.autosave.file.exists()  # back to what was saved: nothing left to recover
    assert "Restored “Lost work”." in again.statusBar().currentMessage()


def test_restored_work_stays_until_it_is_saved(open_window, tmp_path, monkeypatch):
    window = open_window()
    from configurator.core.scenario import updated

    lost = updated(window.controller.scenario, count=64, name="Keep me")
    crashed_autosave(lost)
    choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    assert window.offer_recovery()
    kept = window.autosave.file
    assert kept.exists() and read_scenario_document(kept) == lost
    crash(window)  # a second crash before saving: still there, offered again
    again = open_window()
    shown = choose(again, monkeypatch, lambda findings: findings.recoveries[0])
    assert again.offer_recovery() and shown[0][0][0] == "Keep me"
    assert again.save_to(tmp_path / "kept.gpuconf.json")
    assert list(autosave_folder.autosave_dir().glob("*.gpuconf.json")) == []  # saved: nothing to recover


def test_two_crashed_windows_are_both_offered(open_window, monkeypatch):
    """One restored here; the other is neither lost nor deleted: offered again next start."""
    window = open_window()
    from configurator.core.scenario import updated

    base = window.controller.scenario
    first = crashed_autosave(updated(base, count=16, name="First plan"), saved_at="2026-12-01T09:30:00")
    second = crashed_autosave(updated(base, count=32, name="Second plan"), saved_at="2026-12-01T10:45:00")
    shown = choose(window, monkeypatch, lambda findings: next(r for r in findings.recoveries if r.file == first))
    assert window.offer_recovery()
    assert shown == [[("Second plan", "2026-12-01 10:45:00", False), ("First plan", "2026-12-01 09:30:00", False)]]
    assert window.controller.scenario.name == "First plan" and second.exists()
    again = open_window()  # the next start: the other one, again
    shown = choose(again, monkeypatch, lambda findings: None)  # kept for later
    assert not again.offer_recovery()
    assert [name for name, *_ in shown[0]] == ["Second plan"] and second.exists()


def test_the_recovery_list_restores_the_one_chosen(open_window):
    """The real dialog, answered with a click: the chosen one restored, the other kept."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    window = open_window()
    from configurator.core.scenario import updated

    base = window.controller.scenario
    crashed_autosave(updated(base, count=16, name="First plan"), saved_at="2026-12-01T09:30:00")
    other = crashed_autosave(updated(base, count=32, name="Second plan"), saved_at="2026-12-01T10:45:00")
    seen = []

    def answer():
        dialog = QApplication.activeModalWidget()
        try:
            seen.extend(dialog.table.topLevelItem(row).text(0) for row in range(dialog.table.topLevelItemCount()))
            dialog.select(next(r for r in dialog.findings.recoveries if r.scenario.name == "First plan"))
            dialog.restore_button.click()
        finally:
            if dialog.isVisible():  # something above failed: end the dialog, the asserts say what
                dialog.reject()

    QTimer.singleShot(0, answer)
    assert window.offer_recovery()
    assert seen == ["Second plan", "First plan"]
    assert window.controller.scenario.name == "First plan" and other.exists()


def test_only_an_explicit_discard_deletes(open_window, qtbot, monkeypatch):
    window = open_window()
    from configurator.core.scenario import updated

    base = window.controller.scenario
    files = [crashed_autosave(updated(base, count=8 * (n + 1), name=f"Plan {n}")) for n in range(3)]
    dialog = window.recovery_dialog(autosave_recovery.find_recoveries(window.controller.catalog))
    qtbot.addWidget(dialog)
    assert dialog.table.topLevelItemCount() == 3
    target = next(r for r in dialog.findings.recoveries if r.file == files[1])
    dialog.select(target)
    dialog.discard_button.click()
    assert not files[1].exists() and files[0].exists() and files[2].exists()
    assert dialog.table.topLevelItemCount() == 2
    dialog.keep_button.click()  # the others: kept for later
    dialog.findings.release()
    assert files[0].exists() and files[2].exists()
    assert len(autosave_recovery.find_recoveries(window.controller.catalog).recoveries) == 2


def test_a_running_windows_autosave_is_not_offered(open_window, monkeypatch):
    window = open_window()
    window.controller.apply("count", 32)
    assert window.autosave.save_now()  # this window holds its lock: its autosave is not a crash
    other = open_window()
    other.controller.apply("count", 16)
    assert other.autosave.save_now()
    monkeypatch.setattr(window, "choose_recovery", lambda findings: pytest.fail("nothing to offer"))
    assert not window.offer_recovery()
    assert window.autosave.file.exists() and other.autosave.file.exists()


def test_the_same_process_id_in_a_pid_namespace_is_still_offered_and_not_overwritten(open_window, monkeypatch):
    """A container gives every run the same process id: the crashed run's autosave
    (autosave-<this pid>, as older versions named it) is offered, and this window writes its own."""
    window = open_window()
    from configurator.core.scenario import updated

    stale = crashed_autosave(updated(window.controller.scenario, count=24, name="Before the restart"),
                             key=str(os.getpid()))
    before = stale.read_bytes()
    window.controller.apply("count", 48)
    assert window.autosave.save_now() and window.autosave.file != stale
    assert stale.read_bytes() == before  # never overwritten
    shown = choose(window, monkeypatch, lambda findings: None)
    assert not window.offer_recovery()
    assert [name for name, *_ in shown[0]] == ["Before the restart"] and stale.read_bytes() == before


def test_an_older_versions_autosave_of_a_running_process_is_left_alone(open_window, monkeypatch):
    window = open_window()
    from configurator.core.scenario import updated

    live = subprocess.Popen(["sleep", "30"])
    try:
        file = crashed_autosave(updated(window.controller.scenario, count=24), key=str(live.pid))
        monkeypatch.setattr(window, "choose_recovery", lambda findings: pytest.fail("a running process's"))
        assert not window.offer_recovery() and file.exists()
    finally:
        live.kill()
        live.wait()


# ---- failures said, not silent ---------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_failed_autosave_is_shown_in_the_status_bar(open_window, monkeypatch, language):
    from configurator.app import error_boundary, i18n

    window = open_window()
    window.set_language(language)
    try:
        window.controller.apply("count", 32)
        with monkeypatch.context() as full_disk:
            full_disk.setattr(autosave_module, "write_text_atomically",
                              lambda *a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
            assert window.autosave.save_now() is False
        message = window.statusBar().currentMessage()
        assert "No space left on device" in message
        assert ("not protected against a crash" in message) == (language == "en")
        assert "No space left on device" in error_boundary.log_path().read_text(encoding="utf-8")
        save_status_bar(window, f"autosave-failed-{language}.png")
        window.controller.apply("count", 64)
        assert window.autosave.save_now() and window.statusBar().currentMessage() != message  # works again
    finally:
        i18n.install_language("en")


def test_an_autosave_folder_that_cannot_be_made_is_shown(open_window):
    window = open_window()
    folder = autosave_folder.autosave_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder should be")
    window.controller.apply("count", 32)
    assert window.autosave.save_now() is False
    assert "Autosave failed" in window.statusBar().currentMessage()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_settings_that_cannot_be_written_are_shown(qtbot, tmp_path, monkeypatch, language):
    from configurator.app import i18n

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    settings = QSettings(str(blocker / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
    try:
        window = build_main_window(settings)
        qtbot.addWidget(window)
        message = window.statusBar().currentMessage()
        assert str(blocker / "settings.ini") in message
        assert ("will not be remembered" in message) == (language == "en")
        save_status_bar(window, f"settings-failed-{language}.png")
    finally:
        i18n.install_language("en")


def save_status_bar(window, name: str) -> None:
    """The status bar of the window at a usual size, as a PNG to look at."""
    folder = Path("/tmp/shots/recovery")
    folder.mkdir(parents=True, exist_ok=True)
    window.resize(1280, 800)
    window.show()
    QCoreApplication.processEvents()
    window.statusBar().grab().save(str(folder / name))


# ---- the Chinese window's currency -------------------------------------------------------------


@pytest.mark.parametrize("then", ["discard", "save"])
def test_work_recovered_in_the_chinese_window_keeps_its_yuan(open_window, tmp_path, monkeypatch, then):
    from configurator.app import i18n

    window = open_window()
    window.set_language("zh_CN")
    try:
        assert window.controller.scenario.economics.currency == "CNY"
        window.controller.apply("count", 24)
        crash(window)
        again = open_window()
        assert i18n.current_language() == "zh_CN"
        choose(again, monkeypatch, lambda findings: findings.recoveries[0])
        assert again.offer_recovery()
        assert again.controller.scenario.economics.currency == "CNY" and again.controller.scenario.count == 24
        if then == "save":
            assert again.save_to(tmp_path / "plan.gpuconf.json")
        answer_unsaved(monkeypatch, QMessageBox.StandardButton.Discard)
        assert again.close()
        third = open_window()  # the next normal start
        assert third.controller.scenario.economics.currency == "CNY"
        assert (third.controller.scenario.count == 24) == (then == "save")
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
