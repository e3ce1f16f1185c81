"""A partly recovered autosave of a file that reads whole takes what it lost from that file (the
user's last saved values), not from defaults: restored, saved and opened again, the file keeps its
own values of those sections (before: a Save wrote the defaults over them). Untitled work keeps
the defaults and the note as before."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QLabel

from configurator.app import autosave_folder
from configurator.core.scenario import updated
from configurator.core.scenario_io import read_scenario, scenario_to_document
from configurator.core.scenario_salvage import filled_from, salvage_scenario
from recovery_windows import choose, grab_and_close, open_window, settings_file  # noqa: F401 (fixtures)


def saved_plan(window):
    """A scenario whose economics and assumptions differ from their defaults (the user's saved values)."""
    base = updated(window.controller.scenario, name="Saved plan", count=64)
    return base.model_copy(update={
        "economics": base.economics.model_copy(update={"amortisation_years": 7.0, "utilisation": 0.55}),
        "assumptions": base.assumptions.model_copy(update={"cuda_context_gib": 1.5})})


def cut_autosave(window, work, fraction: float) -> tuple[bytes, object]:
    """The autosave ``window`` writes with ``work`` unsaved, cut at ``fraction`` of its length (a
    crash mid-write, a full disk) and left as a crashed window's (under another name, no lock held);
    its bytes and file."""
    window.controller.replace_undoable(work, lambda: "work")
    assert window.autosave.save_now()
    whole = window.autosave.file.read_bytes()
    data = whole[:int(len(whole) * fraction)]
    crashed = window.autosave.file.with_name("autosave-cutshort0001.gpuconf.json")
    crashed.write_bytes(data)
    return data, crashed


def test_the_cut_tells_which_fields_it_took_and_the_file_gives_them_back(open_window):
    window = open_window()
    saved = saved_plan(window)
    work = updated(saved, count=128, name="Work")
    whole = json.dumps(scenario_to_document(work), indent=1).encode()
    salvage = salvage_scenario(whole[:int(len(whole) * 0.7)])
    lost = salvage.damage.lost
    assert "assumptions" in lost and "name" not in lost and "count" not in lost
    assert salvage.scenario.assumptions.cuda_context_gib != 1.5  # a default: what a Save wrote before
    mixed, taken = filled_from(salvage.scenario, lost, saved)
    assert mixed.assumptions == saved.assumptions and mixed.count == 128 and mixed.name == "Work"
    assert "assumptions" in taken
    assert salvage_scenario(whole).damage.lost == ()  # a whole file lost nothing


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_restore_save_reopen_keeps_the_files_own_values(open_window, monkeypatch, tmp_path, language):
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        path = tmp_path / "plan.gpuconf.json"
        saved = saved_plan(window)
        window.controller.replace(saved, None)
        assert window.save_to(path)
        saved = read_scenario(path)
        work = updated(saved, count=128, name="Work")
        data, file = cut_autosave(window, work, 0.7)
        assert salvage_scenario(data).damage.lost  # economics and assumptions partly or wholly lost
        again = open_window()
        choose(again, monkeypatch, lambda findings: [r for r in findings.recoveries if r.partial][0])
        assert again.offer_recovery()
        restored = again.controller.scenario
        assert restored.count == 128 and restored.name == "Work"  # the autosave's own work kept
        assert restored.economics == saved.economics and restored.assumptions == saved.assumptions
        note = again.recovery_note.text()
        assert str(path) in note and ("assumptions" if language == "en" else "计算假设") in note
        if language == "en":
            assert "taken from the saved file" in note and "takes default values" not in note
        else:
            assert "取自已保存的文件" in note
        again.recovery_note.close()
        assert again.save()  # Ctrl+S
        reopened = read_scenario(path)
        assert reopened.economics == saved.economics and reopened.assumptions == saved.assumptions
        assert reopened.count == 128
        assert [p.read_bytes() for p in autosave_folder.damaged_dir().iterdir()] == [data]  # kept as found
    finally:
        i18n.install_language("en")


def test_untitled_work_keeps_the_defaults_and_the_note(open_window, monkeypatch):
    window = open_window()
    saved = saved_plan(window)
    window.controller.replace(saved, None)
    data, _file = cut_autosave(window, updated(saved, count=128, name="Work"), 0.7)
    again = open_window()
    choose(again, monkeypatch, lambda findings: [r for r in findings.recoveries if r.partial][0])
    assert again.offer_recovery()
    restored = again.controller.scenario
    assert restored.assumptions == salvage_scenario(data).scenario.assumptions != saved.assumptions
    note = again.recovery_note.text()
    assert "takes default values" in note and "taken from the saved file" not in note


def test_a_list_cut_inside_counts_as_lost_whole_and_a_cut_in_the_notes_loses_nothing(open_window):
    window = open_window()
    work = updated(window.controller.scenario, auto_layout=("tp", "pp", "zero"))
    document = scenario_to_document(work)
    text = json.dumps(document, indent=1)
    inside = text.index('"auto_layout": [') + len('"auto_layout": [\n  "tp",')
    assert "auto_layout" in salvage_scenario(text[:inside].encode()).damage.lost
    document["autosave"] = {"path": "/somewhere/plan.gpuconf.json", "saved_at": "2026-12-01T09:30:00"}
    text = json.dumps(document, indent=1)  # an older version's order: the notes after the scenario
    salvage = salvage_scenario(text[:text.index('"saved_at"')].encode())
    assert salvage.damage.cut_at is not None and salvage.damage.lost == () and salvage.scenario == work


def test_a_mix_that_breaks_a_rule_across_fields_keeps_the_defaults(open_window):
    window = open_window()
    base = window.controller.scenario
    salvaged = updated(base, count=8, parallelism=base.parallelism.model_copy(update={"tp": 8}), auto_layout=())
    saved = updated(base, count=4, parallelism=base.parallelism.model_copy(update={"tp": 1}), auto_layout=())
    assert filled_from(salvaged, ("count",), saved) == (salvaged, ())  # 4 cards cannot hold tensor-parallel 8
    assert filled_from(salvaged, (), saved) == (salvaged, ())


def _details(window, monkeypatch) -> str:
    """The recovery list's details of the partly recoverable autosave (selected), as shown; a grab
    to /tmp/faults to look at."""
    from configurator.app.autosave_recovery import find_recoveries

    findings = find_recoveries(window.controller.catalog)
    dialog = window.recovery_dialog(findings)
    dialog.select([r for r in findings.recoveries if r.partial][0])
    dialog.show()
    text = dialog.findChild(QLabel, "recovery-details").text()
    grab_and_close(dialog, f"recovery-details-{abs(hash(text)) % 10 ** 6}.png")
    findings.release()
    return text


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_recovery_list_says_the_saved_file_fills_what_was_lost(open_window, monkeypatch, tmp_path, language):
    """Session 39 (zhrest): the details said a lost section "takes default values" where the restore
    takes it from the saved file; they say what the restore does."""
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        path = tmp_path / "plan.gpuconf.json"
        window.controller.replace(saved_plan(window), None)
        assert window.save_to(path)
        cut_autosave(window, updated(read_scenario(path), count=128, name="Work"), 0.7)
        text = _details(open_window(), monkeypatch)
        assert str(path) in text
        if language == "en":
            assert "taken from the saved file" in text and "default values" not in text
            assert "prices and costs, constraints, ranking and filters, assumptions" in text  # the sections, named
        else:
            assert "取自已保存的文件" in text and "使用默认值" not in text
            assert "价格与成本、约束条件、排名与筛选、计算假设" in text and "economics" not in text
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_recovery_list_says_why_never_saved_work_takes_defaults(open_window, monkeypatch, language):
    from configurator.app import i18n

    window = open_window()
    window.set_language(language)
    try:
        window.controller.replace(saved_plan(window), None)
        cut_autosave(window, updated(saved_plan(window), count=128, name="Work"), 0.7)
        text = _details(open_window(), monkeypatch)
        if language == "en":
            assert "takes default values, as the work was never saved to a file" in text
            assert "taken from the saved file" not in text
        else:
            assert "从未保存为文件" in text and "取自已保存的文件" not in text
            assert "）。其后" in text  # one paragraph of Chinese sentences, no space between them
        assert ("assumptions" if language == "en" else "计算假设") in text
    finally:
        i18n.install_language("en")


def test_the_recovery_list_says_when_the_saved_file_no_longer_reads(open_window, monkeypatch, tmp_path):
    window = open_window()
    path = tmp_path / "plan.gpuconf.json"
    window.controller.replace(saved_plan(window), None)
    assert window.save_to(path)
    cut_autosave(window, updated(read_scenario(path), count=128, name="Work"), 0.7)
    path.write_text("{ not json", encoding="utf-8")  # the saved file broke since
    text = _details(open_window(), monkeypatch)
    assert f"its saved file {path} no longer reads whole" in text and "taken from the saved file" not in text
