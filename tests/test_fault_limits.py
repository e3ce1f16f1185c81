"""Fault injection: a file size limit (``ulimit -f``: EFBIG, "File too large") on every write at
once — the scenario file, the summary, the autosave, the error log and stderr — and files that a
crash or another editor left empty, full of zero bytes, or in UTF-16 / UTF-32.

The limit is real: a child process (this module run as a script) lowers its own RLIMIT_FSIZE
after its first good writes, so every later write past 1 kB fails as on a full disk, stderr
included (a regular file, as a desktop session's log is). Python ignores SIGXFSZ, so the write
fails with EFBIG instead of killing the process.
"""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from recovery_windows import open_window, settings_file  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parent.parent
LIMIT_BYTES = 1024
"""The child's file size limit once its good copies are written [bytes]."""
WORDS = {"en": {"limit": "larger than the disk or your file size limit allows", "kept": "Nothing was replaced",
                "empty": "is empty (0 bytes)", "zeros": "holds only zero bytes (500 bytes)",
                "too-large": "more than a scenario file may hold"},
         "zh_CN": {"limit": "文件将超过磁盘或文件大小限制", "kept": "没有替换任何文件",
                   "empty": "是空文件（0 字节）", "zeros": "只含零字节（500 字节）", "too-large": "超过场景文件的上限"}}


# ---- the child: a real window under a real file size limit -------------------------------------


def child(folder: Path, language: str) -> dict:
    """A window in ``language``: save, export and autosave ``good``, lower the limit, try again
    with ``changed``, raise it; what was said and what the files hold."""
    import resource

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main import build_main_window
    from configurator.core.scenario_io import read_scenario

    shown = []
    QMessageBox.critical = lambda parent, title, text, *a: shown.append(text)
    QMessageBox.warning = lambda *a, **k: QMessageBox.StandardButton.Discard
    window = build_main_window(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window.set_language(language)
    scenario, summary = folder / "方案 一.gpuconf.json", folder / "摘要 一.md"
    window.controller.apply("name", "good")
    assert window.save_to(scenario) and window.export_summary(summary)
    window.controller.apply("name", "unsaved")
    assert window.autosave.save_now()
    _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT_BYTES, hard))
    window.controller.apply("name", "changed")
    result = {"save": window.save_to(scenario), "export": window.export_summary(summary),
              "autosave": window.autosave.save_now(), "status": window.statusBar().currentMessage(),
              "pending": window.autosave.pending, "shown": shown}
    result.update(scenario=read_scenario(scenario).name, autosaved=read_scenario(window.autosave.file).name,
                  summary_kept=summary.read_text(encoding="utf-8").count("good") > 0,
                  temporaries=sorted(p.name for p in folder.rglob("*.tmp")))
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard, hard))
    result["again"] = window.autosave.save_now()  # what the retry does once the limit is gone
    result["autosaved_after"] = read_scenario(window.autosave.file).name
    window.autosave.discard()
    window.close()
    return result


if __name__ == "__main__":
    from PySide6.QtWidgets import QApplication

    application = QApplication([])
    for name in sys.argv[2:]:  # one start for both languages: a start is most of the time
        (Path(sys.argv[1]) / name).mkdir()
        print(json.dumps(child(Path(sys.argv[1]) / name, name)), flush=True)
    sys.exit(0)


# ---- the tests -----------------------------------------------------------------------------------


@pytest.mark.gui
def test_a_file_size_limit_on_every_write_is_said_and_the_good_copies_stay(tmp_path):
    """Before: the reason was the system's "File too large" alone, in English in the Chinese
    window; and with the error log and stderr both refused, the autosave's failure escaped its
    handler — not said, not tried again (the work unprotected, silently)."""
    data = tmp_path / "userdata"
    (data / "logs").mkdir(parents=True)
    (data / "logs" / "errors.log").write_text("x" * 2 * LIMIT_BYTES)  # past the limit: the log refuses
    stderr = tmp_path / "session.log"
    stderr.write_text("y" * 2 * LIMIT_BYTES)  # a session log past the limit: stderr refuses too
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT), GPU_CONFIGURATOR_DATA_DIR=str(data))
    with stderr.open("a") as errors:
        run = subprocess.run([sys.executable, __file__, str(tmp_path), *WORDS], env=env, stdout=subprocess.PIPE,
                             stderr=errors, text=True, timeout=240)
    assert run.returncode == 0, stderr.read_text()[2 * LIMIT_BYTES:][-3000:]  # what the child said
    results = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert len(results) == len(WORDS), run.stdout
    for language, result in zip(WORDS, results):
        said_and_kept(result, WORDS[language])


def said_and_kept(result: dict, words: dict) -> None:
    assert result["save"] is False and result["export"] is False and result["autosave"] is False, result
    assert len(result["shown"]) == 2, result
    for text in result["shown"]:
        assert words["limit"] in text and words["kept"] in text, text
    assert words["limit"] in result["status"] and result["pending"], result  # said, and tried again
    assert result["scenario"] == "good" and result["summary_kept"] and result["autosaved"] == "unsaved", result
    assert result["temporaries"] == [], result
    assert result["again"] and result["autosaved_after"] == "changed", result


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_scenario_too_large_for_a_file_is_said_as_such_in_the_windows_language(open_window, tmp_path, language):
    """EFBIG from the program itself, not the disk: its own reason, in the window's language,
    not "the file would be larger than the disk…" (before: the English text alone)."""
    from configurator.app.window_files import failure_reason
    from configurator.core.scenario_io import MAX_SCENARIO_BYTES, ScenarioTooLarge, write_scenario
    from test_writes import with_model_name

    window = open_window()
    window.set_language(language)
    path = tmp_path / "plan.gpuconf.json"
    with pytest.raises(ScenarioTooLarge) as raised:
        write_scenario(path, with_model_name(window.controller.scenario, "x" * MAX_SCENARIO_BYTES))
    reason = failure_reason(raised.value)
    assert WORDS[language]["too-large"] in reason and WORDS[language]["limit"] not in reason, reason
    assert ("would take" in reason) == (language == "en") and not path.exists()
    window.set_language("en")


@pytest.mark.gui
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_empty_zero_byte_and_wide_text_files_on_open(open_window, tmp_path, monkeypatch, language):
    """An empty file and one of zero bytes (a power cut during another program's write) are said
    as such, the window's work kept (before: "not valid JSON (line 1, column 1: Expecting
    value)"); UTF-16 and UTF-32 with a byte-order mark (Windows Notepad's "Unicode") open (before:
    "not UTF-8 text (byte 1 …)")."""
    from PySide6.QtWidgets import QMessageBox

    from configurator.core.scenario_io import write_scenario

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    window = open_window()
    window.set_language(language)
    window.controller.apply("name", "甲 乙")
    good = tmp_path / "good.gpuconf.json"
    write_scenario(good, window.controller.scenario)
    text = good.read_text(encoding="utf-8")
    window.controller.apply("name", "mine")
    for kind, data in (("empty", b""), ("zeros", b"\0" * 500)):
        path = tmp_path / f"{kind}.gpuconf.json"
        path.write_bytes(data)
        assert window.open_path(path) is False
        assert WORDS[language][kind] in shown[-1] and str(path) in shown[-1], shown[-1]
        assert window.controller.scenario.name == "mine" and window.controller.is_modified
    for codec, mark in (("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
                        ("utf-32-le", codecs.BOM_UTF32_LE), ("utf-32-be", codecs.BOM_UTF32_BE)):
        path = tmp_path / f"{codec}.gpuconf.json"
        path.write_bytes(mark + text.encode(codec))
        window.controller.apply("name", "mine")
        assert window.open_path(path), (codec, shown[-1:])
        assert window.controller.scenario.name == "甲 乙"
    assert len(shown) == 2
    window.set_language("en")


@pytest.mark.gui
@pytest.mark.parametrize("language, words", [("en", "written by a newer version"), ("zh_CN", "由更新版本")])
@pytest.mark.parametrize("accept", [True, False])
def test_a_newer_versions_file_offers_what_this_version_can_read(open_window, tmp_path, monkeypatch, language,
                                                                 words, accept):
    """A colleague's file from a newer version (a version number above this one's, a setting this
    version does not know): offered as a new, unsaved scenario without that setting, the file
    untouched; declined, the window's work stays. (Before: only refused — "update GPU
    Configurator" — and nothing of the file could be used.)"""
    from configurator.core.scenario import SCENARIO_SCHEMA_VERSION
    from configurator.core.scenario_io import scenario_to_document

    window = open_window()
    window.set_language(language)
    window.controller.apply("name", "theirs")
    document = scenario_to_document(window.controller.scenario)
    document["version"] = SCENARIO_SCHEMA_VERSION + 1
    document["scenario"]["a_setting_of_the_future"] = 3
    path = tmp_path / "newer.gpuconf.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()
    window.controller.apply("name", "mine")
    asked = []
    monkeypatch.setattr(window, "ask_open_what_can_be_read", lambda *a: asked.append(a) or accept)
    assert window.open_path(path) is accept
    (file, _error, lines), = asked
    assert file == path and any(words in line for line in lines), lines
    assert window.controller.scenario.name == ("theirs" if accept else "mine") and window.controller.is_modified
    assert window.controller.path is None or not accept
    assert path.read_bytes() == before
    window.set_language("en")
