"""A JSON file or value that cannot be used, and a summary path that cannot be written, said in the
reader's language (session 24): until December 2026 json_values and report/file_formats raised
English literals, so the Chinese window and command line said "not valid JSON" and "folder … does
not exist" in English. One message each, both languages, declared once (core/messages_json.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from configurator.core.json_values import JsonFileError, flag, json_object, parse_json, text_value, whole_number
from configurator.core.messages_said import said_in
from configurator.report.file_formats import export_format

ROOT = Path(__file__).resolve().parents[1]
_LATIN_WORDS = re.compile(r"\b(?:is|not|the|must|folder|does|exist|valid|appears|twice|outside|range|text)\b")


def _raised(call) -> BaseException:
    with pytest.raises((ValueError, OSError)) as caught:
        call()
    return caught.value


CASES = [
    (lambda: parse_json('{"a": 1,', "s.json"), "s.json is not valid JSON (line 1, column 9: Expecting property name",
     "s.json 不是有效的 JSON（第 1 行第 9 列：此处应为带双引号的键名）"),
    (lambda: parse_json('{"a": 1, "a": 2}', "s.json"), 's.json: the key "a" appears twice in one object',
     "s.json：键“a”在同一对象中出现两次"),
    (lambda: parse_json(b"\xff\xfe{", "s.json"), "s.json is not UTF-8 text (byte 1 of the file cannot be read)",
     "s.json 不是 UTF-8 文本（文件第 1 个字节无法读取）"),
    (lambda: parse_json("[" * 80 + "]" * 80, "s.json"), "s.json is nested too deeply (at most 64 levels)",
     "s.json 嵌套过深（最多 64 层）"),
    (lambda: json_object([1], "s.json"), "s.json must hold a JSON object, not a list", "s.json 必须是 JSON 对象，而不是列表"),
    (lambda: whole_number("abc", "n_head"), 'n_head must be a whole number, not the text "abc"',
     "n_head 必须是整数，而不是文本“abc”"),
    (lambda: whole_number(5000, "n_head", 1, 1024), "n_head = 5000 is outside the range 1 to 1,024",
     "n_head = 5000 超出范围 1 至 1,024"),
    (lambda: flag(1, "bias", False), "bias must be true or false, not 1", "bias 必须是 true 或 false，而不是 1"),
    (lambda: text_value([], "act", "gelu"), "act must be text, not a list", "act 必须是文本，而不是列表"),
    (lambda: export_format(Path("/tmp/summary.docx")), "unknown report format '.docx'; use one of .pdf, .md",
     "未知的报告格式“.docx”；请使用 .pdf, .md, .csv, .json 之一"),
    (lambda: export_format(Path("/no/such/dir/summary.pdf")), "folder /no/such/dir does not exist",
     "文件夹 /no/such/dir 不存在"),
]


@pytest.mark.parametrize(("call", "english", "chinese"), CASES)
def test_each_refusal_is_said_in_both_languages(call, english, chinese):
    error = _raised(call)
    assert english in str(error) and english in said_in(error, "en")  # the English text is unchanged
    assert said_in(error, "zh_CN").startswith(chinese.split("（")[0]) and chinese in said_in(error, "zh_CN")
    assert not _LATIN_WORDS.search(said_in(error, "zh_CN").replace(".json", "").replace(".docx", ""))
    assert isinstance(error, JsonFileError) or type(error) in (ValueError, OSError)


def test_the_command_line_says_them_in_chinese(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1,', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "configurator.cli", "report", str(bad), "-o",
                          str(tmp_path / "missing" / "x.pdf"), "--lang", "zh_CN"],
                         capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert "不是有效的 JSON" in run.stderr and "is not valid JSON" not in run.stderr
    run = subprocess.run([sys.executable, "-m", "configurator.cli", "report",
                          str(ROOT / "docs/examples/serve-llama3-70b.gpuconf.json"), "-o",
                          str(tmp_path / "missing" / "x.pdf"), "--lang", "zh_CN"],
                         capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert "文件夹" in run.stderr and "不存在" in run.stderr and "does not exist" not in run.stderr
