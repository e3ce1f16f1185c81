"""Writes that cannot lose data: mode kept, symlinks written through, stale temporaries removed,
PDFs checked before they replace anything, and a failure keeps the old file and says why."""

from __future__ import annotations

import os
import shutil
import sys
import subprocess
import time
from pathlib import Path

import pytest

from configurator import cli
from configurator.core import files
from configurator.core.files import remove_stale_temporaries, replace_atomically, write_text_atomically
from configurator.core.scenario_io import read_scenario, write_scenario


def test_mode_of_an_existing_file_is_kept(tmp_path, training_scenario):
    path = tmp_path / "shared.gpuconf.json"
    path.write_text("{}")
    path.chmod(0o644)
    write_scenario(path, training_scenario)
    assert oct(path.stat().st_mode & 0o777) == oct(0o644)  # was 0600 (mkstemp's mode)
    path.chmod(0o640)
    write_scenario(path, training_scenario)
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)


def test_a_new_file_gets_the_umask_mode(tmp_path):
    old = os.umask(0o027)
    try:
        path = tmp_path / "new.txt"
        write_text_atomically(path, "x")
        assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    finally:
        os.umask(old)


def test_a_symlink_is_written_through_to_its_target(tmp_path, training_scenario):
    target = tmp_path / "real" / "plan.gpuconf.json"
    target.parent.mkdir()
    target.write_text("{}")
    link = tmp_path / "plan.gpuconf.json"
    link.symlink_to(target)
    write_scenario(link, training_scenario)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert read_scenario(target) == training_scenario
    assert list(tmp_path.glob(".*.tmp")) == [] and list(target.parent.glob(".*.tmp")) == []


def test_stale_temporaries_are_removed_fresh_ones_kept(tmp_path):
    target = tmp_path / "a.gpuconf.json"
    stale = tmp_path / ".a.gpuconf.json.abc123.tmp"
    fresh = tmp_path / ".a.gpuconf.json.def456.tmp"
    other = tmp_path / ".b.gpuconf.json.abc123.tmp"
    for p in (stale, fresh, other):
        p.write_text("partial")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_text_atomically(target, "new")
    assert not stale.exists() and fresh.exists() and other.exists()
    assert remove_stale_temporaries(target, older_than_s=-1) == 1 and not fresh.exists()


def test_file_and_folder_are_flushed(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or real(fd))
    target = tmp_path / "x.json"
    write_text_atomically(target, "{}")
    assert len(synced) == 2 and synced[0].startswith(str(tmp_path / ".x.json.")) and synced[1] == str(tmp_path)


def test_a_failed_write_keeps_the_old_file(tmp_path):
    target = tmp_path / "keep.txt"
    target.write_text("old content")

    def failing(temporary: Path) -> None:
        temporary.write_text("half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        replace_atomically(target, failing)
    assert target.read_text() == "old content" and list(tmp_path.glob(".*.tmp")) == []


# ---- PDFs ---------------------------------------------------------------------------------


def test_a_pdf_the_writer_cannot_write_is_refused_and_the_old_one_kept(tmp_path, monkeypatch, capsys):
    """QPdfWriter reports nothing when its file cannot be written; the check catches it."""
    from PySide6.QtGui import QPdfWriter

    from configurator.report import document

    good = tmp_path / "summary.pdf"
    assert cli.main(["report", "-o", str(good)]) == 0
    before = good.read_bytes()
    assert before.startswith(b"%PDF-")
    monkeypatch.setattr(document, "QPdfWriter", lambda _path: QPdfWriter("/dev/full"))
    capsys.readouterr()
    assert cli.main(["report", "-o", str(good)]) == 2
    out, err = capsys.readouterr()
    assert "wrote" not in out and "the PDF was not written completely (0 bytes; is the disk full?)" in err
    assert good.read_bytes() == before and list(tmp_path.glob(".*.tmp")) == []


@pytest.fixture
def small_disk(tmp_path):
    """A 256 kB file system (tmpfs), or skip where mounting is not allowed."""
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    if shutil.which("mount") is None or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount_point)], capture_output=True).returncode:
        pytest.skip("cannot mount a small file system here")
    yield mount_point
    subprocess.run(["umount", str(mount_point)], check=False)


def test_pdf_on_a_nearly_full_disk(small_disk, tmp_path, capsys):
    reference = tmp_path / "reference.pdf"
    assert cli.main(["report", "-o", str(reference)]) == 0
    target = small_disk / "summary.pdf"
    shutil.copy(reference, target)
    free = shutil.disk_usage(small_disk).free
    (small_disk / "filler").write_bytes(b"\0" * max(0, free - 48 * 1024))  # 48 kB left: less than one PDF
    capsys.readouterr()
    assert cli.main(["report", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and ("not written completely" in err or "No space" in err)
    assert target.read_bytes() == reference.read_bytes()
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", "summary.pdf"]  # no temporary left


def test_window_export_failure_says_why_and_keeps_the_file(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QPdfWriter
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main import build_main_window
    from configurator.report import document

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    path = tmp_path / "summary.pdf"
    path.write_bytes(b"%PDF-1.4 old %%EOF")
    monkeypatch.setattr(document, "QPdfWriter", lambda _path: QPdfWriter("/dev/full"))
    assert not window.export_summary(path)
    title, text = shown[-1]
    assert title == "Cannot export summary" and "not written completely" in text and "keeps its old content" in text
    assert "Wrote" not in window.statusBar().currentMessage()
    assert path.read_bytes() == b"%PDF-1.4 old %%EOF"
    monkeypatch.setattr(files.os, "replace", lambda *a: (_ for _ in ()).throw(PermissionError(13, "Permission denied")))
    assert not window.save_to(tmp_path / "x.gpuconf.json")
    assert shown[-1][0] == "Cannot save scenario" and "Permission denied" in shown[-1][1]
    assert not window.controller.path


# ---- the user catalog, changed by several windows at once -----------------------------------

ADD_CARDS = """
import sys, time
from pathlib import Path
from configurator.core.catalog import Card, load_bundled_catalog, save_user_card
overlay, writer, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
base = load_bundled_catalog().get("l40s").model_dump(mode="json")
while not go.exists():
    time.sleep(0.001)
for n in range(count):
    save_user_card(overlay, Card.model_validate({**base, "id": f"{writer}-{n}", "name": f"Card {writer} {n}"}))
print("done", writer)
"""


def test_windows_adding_cards_at_once_lose_none(tmp_path):
    """Two processes add 60 cards each to one user catalog at the same time: all 120 are kept
    (without the lock, two windows lost 50 of 120; issue 30)."""
    from configurator.core.catalog import load_catalog, overlay_lock_path, read_overlay

    overlay, go = tmp_path / "user-catalog.json", tmp_path / "go"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    writers = [subprocess.Popen([sys.executable, "-c", ADD_CARDS, str(overlay), f"w{w}", "60", str(go)], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for w in range(2)]
    time.sleep(0.5)  # both loaded and waiting
    go.touch()
    for writer in writers:
        out, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, err
    ids = [card["id"] for card in read_overlay(overlay)["cards"]]
    assert sorted(ids) == sorted(f"w{w}-{n}" for w in range(2) for n in range(60))
    catalog = load_catalog(overlay)
    assert catalog.problems == () and all(card_id in catalog for card_id in ids)
    assert overlay_lock_path(overlay).exists() and list(tmp_path.glob(".*.tmp")) == []


def test_a_catalog_change_waits_for_the_lock_and_then_keeps_both(tmp_path):
    """A change made while another holds the lock waits for it and is written over its result."""
    import threading

    from configurator.core.catalog import Card, load_bundled_catalog, overlay_lock_path, read_overlay, save_user_card
    from configurator.core.files import exclusive_lock

    overlay = tmp_path / "user-catalog.json"
    base = load_bundled_catalog().get("l40s").model_dump(mode="json")
    first = Card.model_validate({**base, "id": "first", "name": "First"})
    second = Card.model_validate({**base, "id": "second", "name": "Second"})
    save_user_card(overlay, first)
    done = []
    with exclusive_lock(overlay_lock_path(overlay)):
        thread = threading.Thread(target=lambda: done.append(save_user_card(overlay, second)))
        thread.start()
        time.sleep(0.2)
        assert done == [] and [c["id"] for c in read_overlay(overlay)["cards"]] == ["first"]  # it waits
    thread.join(10)
    assert [c["id"] for c in read_overlay(overlay)["cards"]] == ["first", "second"]


def test_a_lock_held_too_long_is_an_error_naming_the_file(tmp_path):
    from configurator.core.files import exclusive_lock

    lock = tmp_path / ".x.lock"
    with exclusive_lock(lock), pytest.raises(OSError, match=r"\.x\.lock is held by another window"):
        with exclusive_lock(lock, wait_s=0.05):
            pass


# ---- the scenario file's size: what the program writes, it opens again ----------------------


def with_model_name(scenario, name: str):
    """``scenario`` with its model named ``name`` (the scenario's own name is bounded to 200
    characters; a custom model's name is how a file grows this large)."""
    from configurator.core.scenario import Scenario

    return Scenario.model_validate({**scenario.model_dump(), "model": {**scenario.model.model_dump(), "name": name}})


def scenario_file_of(size: int, scenario, path: Path, indent: int | None = None) -> Path:
    """A scenario file of exactly ``size`` bytes: ``scenario`` with its model's name padded to fit."""
    import json

    from configurator.core.scenario_io import scenario_to_document

    def text(name: str) -> bytes:
        document = scenario_to_document(with_model_name(scenario, name))
        separators = None if indent else (",", ":")
        return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False).encode("utf-8")

    padding = size - len(text(""))
    path.write_bytes(text("名" * (padding // 3) + "x" * (padding % 3)))
    assert path.stat().st_size == size
    return path


@pytest.mark.parametrize("indent", [None, 1, 4])
def test_a_scenario_just_under_the_limit_is_saved_so_that_it_opens_again(tmp_path, training_scenario, indent):
    """1,047,992 bytes open; saved again (indented, it would be 1,048,749: over the 1 MiB limit)
    it is written compact and still opens."""
    from configurator.core.scenario_io import MAX_SCENARIO_BYTES

    path = scenario_file_of(1_047_992, training_scenario, tmp_path / "large.gpuconf.json", indent)
    scenario = read_scenario(path)
    write_scenario(path, scenario)
    assert path.stat().st_size <= MAX_SCENARIO_BYTES
    assert read_scenario(path) == scenario
    small = tmp_path / "small.gpuconf.json"
    write_scenario(small, training_scenario)
    assert small.read_text(encoding="utf-8").startswith('{\n "format"')  # a usual one stays readable text


def test_a_scenario_too_large_for_any_file_is_refused_and_the_old_file_kept(tmp_path, training_scenario):
    from configurator.core.scenario_io import MAX_SCENARIO_BYTES, ScenarioTooLarge

    path = tmp_path / "plan.gpuconf.json"
    write_scenario(path, training_scenario)
    before = path.read_bytes()
    with pytest.raises(ScenarioTooLarge, match="more than a scenario file may hold") as raised:
        write_scenario(path, with_model_name(training_scenario, "x" * MAX_SCENARIO_BYTES))
    assert isinstance(raised.value, OSError) and raised.value.strerror.startswith("the scenario would take 1,05")
    assert path.read_bytes() == before and list(tmp_path.glob(".*.tmp")) == []


def test_the_window_saves_and_reopens_a_large_scenario(qtbot, tmp_path, training_scenario):
    from PySide6.QtCore import QSettings

    from configurator.app.main import build_main_window

    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    path = scenario_file_of(1_047_992, training_scenario, tmp_path / "large.gpuconf.json", indent=1)
    assert window.open_path(path)
    window.controller.apply("count", 16)
    assert window.save_to(path)
    assert window.open_path(path) and window.controller.scenario.count == 16
    assert len(window.controller.scenario.model.name) > 300_000
