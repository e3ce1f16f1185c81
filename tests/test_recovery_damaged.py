"""Nothing is lost from a damaged autosave: offered in part, or set aside with a message; never
deleted silently (split from tests/test_recovery.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from configurator.app import autosave_folder
from configurator.app import autosave_recovery
from configurator.core.scenario_io import scenario_to_document
from recovery_windows import choose, crashed_autosave, open_window, settings_file  # noqa: F401 (fixtures)


# ---- damaged autosaves: offered in part, or set aside; never deleted silently ---------------


def damaged(kind: str, scenario) -> bytes:
    """The bytes of an autosave of ``scenario`` damaged as ``kind`` says."""
    document = scenario_to_document(scenario)
    document["autosave"] = {"path": None, "saved_at": "2026-12-01T09:30:00"}
    whole = json.dumps(document, indent=1).encode()
    if kind == "cut short":
        return whole[:int(len(whole) * 0.99)]
    if kind == "zero tail":
        return whole[:len(whole) // 2 + 500] + b"\0" * (len(whole) // 2)
    if kind == "newer version":
        document["version"] += 1
        document["scenario"]["a_field_of_the_future"] = {"x": 1}
        return json.dumps(document).encode()
    if kind == "over the size limit":
        document["scenario"]["name"] = "big " + "x" * (1024 * 1024)  # past the name's bound too: written by hand
        return json.dumps(document).encode()
    if kind == "only zero bytes":
        return b"\0" * len(whole)
    if kind == "not json":
        return b"\xff\xfe garbage"
    raise ValueError(kind)


@pytest.mark.parametrize("kind", ["cut short", "zero tail", "newer version", "over the size limit"])
def test_a_damaged_autosave_is_offered_as_partly_recoverable(open_window, monkeypatch, kind):
    window = open_window()
    from configurator.core.scenario import updated

    lost = updated(window.controller.scenario, count=40, name="Half a plan")
    folder = autosave_folder.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "autosave-damaged0001.gpuconf.json"
    original = damaged(kind, lost)
    file.write_bytes(original)
    shown = choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    assert window.offer_recovery()
    (name, _time, partial), = shown[0]
    assert partial and name.startswith("big " if kind == "over the size limit" else "Half a plan")
    scenario = window.controller.scenario
    assert scenario.count == 40 and scenario.name.startswith(name[:20])
    kept = list((folder / "damaged").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == original  # the file as found, kept
    message = window.statusBar().currentMessage()
    assert "in part" in message and str(kept[0]) in message and str(kept[0]) in window.recovery_note.text()


@pytest.mark.parametrize("kind", ["only zero bytes", "not json"])
def test_an_unreadable_autosave_is_moved_aside_with_a_message(open_window, monkeypatch, kind):
    window = open_window()
    folder = autosave_folder.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "autosave-broken000001.gpuconf.json"
    data = damaged(kind, window.controller.scenario)
    file.write_bytes(data)
    monkeypatch.setattr(window, "choose_recovery", lambda findings: pytest.fail("nothing readable to offer"))
    assert not window.offer_recovery()
    moved = folder / "damaged" / file.name
    assert not file.exists() and moved.read_bytes() == data
    message = window.statusBar().currentMessage()
    assert file.name in message and str(moved) in message


def test_odd_entries_named_like_autosaves_neither_hang_nor_crash_the_start(open_window, monkeypatch):
    """A folder and a FIFO named like autosaves, and notes whose file path holds a NUL byte: the
    start goes on (a FIFO is never opened for reading); the odd entries are moved aside and named."""
    window = open_window()
    from configurator.core.scenario import updated

    folder = autosave_folder.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave-4242.gpuconf.json").mkdir()
    os.mkfifo(folder / "autosave-fifo.gpuconf.json")
    scenario = updated(window.controller.scenario, count=56, name="Odd notes")
    document = scenario_to_document(scenario)
    document["autosave"] = {"path": "/tmp/a\u0000b.gpuconf.json", "saved_at": "not a time"}
    (folder / "autosave-nul.gpuconf.json").write_text(json.dumps(document), encoding="utf-8")
    fifo = folder.parent / "plan.gpuconf.json"
    os.mkfifo(fifo)
    document["autosave"] = {"path": str(fifo), "saved_at": "2026-12-01T08:00:00"}
    (folder / "autosave-fifo-original.gpuconf.json").write_text(json.dumps(document), encoding="utf-8")
    shown = choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    assert window.offer_recovery()
    assert [name for name, *_ in shown[0]] == ["Odd notes", "Odd notes"]
    assert window.controller.scenario == scenario and window.controller.path is None
    again = open_window()  # the other one names a FIFO as its file: not opened, so no wait
    choose(again, monkeypatch, lambda findings: findings.recoveries[0])
    assert again.offer_recovery() and again.controller.scenario == scenario and again.controller.path is None
    assert sorted(p.name for p in (folder / "damaged").iterdir()) == ["autosave-4242.gpuconf.json",
                                                                     "autosave-fifo.gpuconf.json"]


def test_a_card_gone_from_the_catalog_is_restored_on_a_placeholder(open_window, monkeypatch):
    """Its name and every other setting kept, the default card in its place, and the message names
    the missing card (before: "Untitled", and the autosave deleted without a word)."""
    window = open_window()
    from configurator.core.scenario import updated

    lost = updated(window.controller.scenario, count=16, name="Plan on my card", card_id="my-own-card")
    file = crashed_autosave(lost)
    shown = choose(window, monkeypatch, lambda findings: findings.recoveries[0])
    assert window.offer_recovery()
    assert shown == [[("Plan on my card", "2026-12-01 09:30:00", True)]]
    scenario = window.controller.scenario
    assert scenario.name == "Plan on my card" and scenario.count == 16 and scenario.card_id == "h100-sxm"
    assert scenario == updated(lost, card_id="h100-sxm")
    message = window.statusBar().currentMessage()
    assert message.startswith("Restored “Plan on my card” in part: "
                              "Its card “my-own-card” is no longer in the catalog")
    assert window.recovery_note.isVisible() and "H100" in message
    assert window.recovery_note.text().replace("\n\n", " ").replace(":  ", ": ") == message
    window.recovery_note.close()
    assert not file.exists() and window.autosave.file.exists()
    assert (autosave_folder.damaged_dir() / file.name).exists()  # as it was, with its card id


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_recovery_list_in_both_languages(open_window, qtbot, language):
    from configurator.app import i18n
    from configurator.core.scenario import updated

    window = open_window()
    window.set_language(language)
    try:
        base = window.controller.scenario
        crashed_autosave(updated(base, count=16, name="Cluster for Q3"), saved_at="2026-12-01T10:45:00")
        crashed_autosave(updated(base, count=32), saved_at="2026-12-01T09:30:00")  # no name of its own
        crashed_autosave(updated(base, count=8, name="On a card we dropped", card_id="gone-card"),
                         saved_at="2026-11-30T17:05:00")
        folder = autosave_folder.autosave_dir()
        (folder / "autosave-0000broken.gpuconf.json").write_bytes(b"\0" * 64)
        dialog = window.recovery_dialog(autosave_recovery.find_recoveries(window.controller.catalog))
        qtbot.addWidget(dialog)
        dialog.show()
        names = [dialog.table.topLevelItem(row).text(0) for row in range(dialog.table.topLevelItemCount())]
        assert names[0] == "Cluster for Q3" and names[2] == "On a card we dropped"
        assert "Untitled" not in names[1] and "Llama" in names[1]  # a description of the job instead
        dialog.select(dialog.findings.recoveries[2])
        assert "gone-card" in dialog.details.text()
        assert ("Partly recoverable" in dialog.table.topLevelItem(2).text(3)) == (language == "en")
        assert (dialog.restore_button.text() == "&Restore") == (language == "en")
        shots = Path("/tmp/shots/recovery")
        shots.mkdir(parents=True, exist_ok=True)
        dialog.grab().save(str(shots / f"recovery-list-{language}.png"))
        dialog.close()
        dialog.findings.release()
    finally:
        i18n.install_language("en")
