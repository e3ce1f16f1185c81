"""Session 46, trying the tool as buyers type: a value split from its unit by a space (``--budget 300 万``)
is named with the form that is read, what was typed is quoted as typed in Chinese too (``days`` was said
"天"), 万 and 亿 in letters (``300w``, ``300wan``, ``1.2yi``) are refused showing the forms read (``300wan``
was 300 of a currency "WAN"), and a render job on one card says "1 card"."""

from __future__ import annotations

import json

import pytest

from configurator import cli
from configurator.core.messages import msg
from configurator.core.number_problems import letter_magnitude, number_problem

JOB = ("recommend", "--workload", "finetune", "--model", "qwen2.5-32b", "--region", "cn", "--domestic-only",
       "--limit", "1")


def _refused(capsys, *argv: str) -> str:
    code = cli.main([*JOB, *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize(("argv", "english", "chinese"), [
    (("--budget", "300", "万"), "unrecognized arguments: 万 (a space splits 300 from 万: write --budget 300万)",
     "无法识别的参数：万（300 与万之间有空格：请写成 --budget 300万）"),
    (("--deadline", "10", "days"),
     "unrecognized arguments: days (a space splits 10 from days: write --deadline 10days)",
     "无法识别的参数：days（10 与 days 之间有空格：请写成 --deadline 10days）"),
])
def test_a_unit_split_from_its_number_is_named_with_the_form_read(capsys, argv, english, chinese):
    assert english in _refused(capsys, *argv)
    assert chinese in _refused(capsys, *argv, "--lang", "zh_CN")


def test_an_unrecognized_word_is_quoted_as_typed_in_chinese(capsys):
    said = _refused(capsys, "--lang", "zh_CN", "days")
    assert said.strip().endswith("无法识别的参数：days") and "天" not in said


def test_the_split_form_is_read(capsys):
    for argv in (("--budget", "300万"), ("--deadline", "10days")):
        assert cli.main([*JOB, *argv]) == 0
        capsys.readouterr()


@pytest.mark.parametrize(("typed", "english", "chinese"), [
    ("300wan", "'300wan' writes 万 in letters: write 300万 (or the number in full, 3,000,000)",
     "'300wan' 用字母写了万：请写作 300万（或写出完整数字 3,000,000）"),
    ("300w", "'300w' writes 万 in letters: write 300万", "'300w' 用字母写了万：请写作 300万"),
    ("300W元", "'300W元' writes 万 in letters", "'300W元' 用字母写了万"),
    ("1.2yi", "'1.2yi' writes 亿 in letters: write 1.2亿 (or the number in full, 120,000,000)",
     "'1.2yi' 用字母写了亿：请写作 1.2亿（或写出完整数字 120,000,000）"),
])
def test_a_budget_with_wan_or_yi_in_letters_is_refused_showing_the_forms_read(capsys, typed, english, chinese):
    assert f"argument --budget: {english}" in _refused(capsys, "--budget", typed)
    assert f"参数 --budget：{chinese}" in _refused(capsys, "--budget", typed, "--lang", "zh_CN")


def test_in_other_numbers_pinyin_is_named_but_a_lone_w_may_be_watts():
    assert number_problem("20yi") == msg("typed-pinyin-magnitude", text="20yi", magnitude="亿", digits="20",
                                         full="2,000,000,000")
    assert number_problem("300w") is None and letter_magnitude("300kw") is None
    assert number_problem("300万") is None and letter_magnitude("300") is None


def test_a_render_job_on_one_card_says_one_card():
    text = msg("reason-render-speed-no-deadline", card="X", minutes=3.39, hours=56.6, count=1).text
    assert "for the job on 1 card —" in text
    assert "on 118 cards" in msg("reason-render-speed-h", card="X", minutes=3.39, hours=48.0, count=118).text


SERVE_CN = ("report", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--budget", "800万",
            "--concurrency", "300")


@pytest.mark.parametrize(("language", "row"), [
    ("en", "| Vendors | Mainland-China vendors only | Ascend 910B is made by Huawei | met |"),
    ("zh_CN", "| 厂商 | 仅中国大陆厂商 | 昇腾 910B 的厂商为华为昇腾 | 满足 |"),
])
def test_domestic_cards_asked_for_are_a_row_of_the_first_pages_constraints(capsys, tmp_path, language, row):
    out = tmp_path / "s.md"
    assert cli.main([*SERVE_CN, "--domestic-only", "--lang", language, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    table = text[text.index("| Constraint |" if language == "en" else "| 约束 |"):]
    assert row in table[:table.index("\n\n")]  # in the constraints table, before its last row
    assert table.index(row) < table.index("| Not set |" if language == "en" else "| 未设定 |")


def test_a_card_of_another_vendor_than_asked_is_not_met(capsys, tmp_path):
    out = tmp_path / "s.md"
    assert cli.main([*SERVE_CN, "--card", "h20", "--count", "8", "--vendor", "huawei", "-o", str(out)]) == 0
    assert "| Vendors | Huawei | H20 96GB (China export SKU) is made by NVIDIA | not met |" in out.read_text()
    assert cli.main([*SERVE_CN, "--card", "h20", "--count", "8", "-o", str(out)]) == 0
    assert "| Vendors |" not in out.read_text()


def test_a_preset_and_a_card_typed_in_capitals_are_taken(capsys):
    assert cli.main(["estimate", "--model", "Llama3-8B", "--card", "H100-SXM", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scenario"]["card_id"] == "h100-sxm" and out["scenario"]["model"]["name"] == "llama3-8b"
    assert cli.main(["estimate", "--card", "H100-SXMX"]) == 2
    assert "unknown card 'H100-SXMX'. Did you mean: h100-sxm?" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "form"), [
    (("--tokens", "-2B"), "--tokens=-2B"), (("--deadline", "-1d"), "--deadline=-1d"), (("--tokens",), "--tokens=-1")])
def test_a_negative_value_after_a_flag_is_shown_in_the_form_read(capsys, argv, form):
    assert f"(a value that starts with '-' is written {form})" in _refused(capsys, *argv)
    assert f"（以 '-' 开头的取值请写成 {form}）" in _refused(capsys, *argv, "--lang", "zh_CN")
