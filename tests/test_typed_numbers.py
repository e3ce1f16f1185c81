"""Numbers typed as Chinese and English users type them (session 39, "inputs"): an input method's
full-width digits and punctuation (３００万元, １，０００, ３．５, 3。5), Chinese magnitudes written two
together (2万亿, 3百万), thousands grouped by commas or spaces, a sign, an exponent — read alike by
the command line's flags and the window's number boxes (one reader: core/magnitudes.py); Chinese
numerals (三百万元), a decimal comma (2,5) and nothing typed refused saying why, in the user's
language."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt

from configurator.core.magnitudes import money, plain_number, typed_text, with_magnitude
from configurator.core.number_problems import number_problem
from ime_typing import type_and_return as _type

# ---- the reader ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("１００", 100), ("1，000", 1000), ("１，０００，０００", 1e6), ("３．５", 3.5), ("3。5", 3.5), ("0.5亿", 5e7),
    ("2万亿", 2e12), ("３百万", 3e6), ("5千", 5e3), ("1.5千万", 1.5e7), ("10十亿", 1e10), ("300万", 3e6),
    ("3,000,000.00", 3e6), ("1e6", 1e6), ("１e６", 1e6), ("1 000 000", 1e6), ("1\u00a0000", 1e3),
    ("1\u202f000", 1e3), ("5.", 5), ("+5", 5), ("-5", -5), ("0", 0), ("3 M", 3e6)])
def test_each_form_is_read(text, value):
    assert with_magnitude(text) == pytest.approx(value)


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("３００万元", 3e6, "CNY"), ("３００ 万元", 3e6, "CNY"), ("300万", 3e6, None), ("3M USD", 3e6, "USD"),
    ("$3m", 3e6, "USD"), ("3,000,000.00", 3e6, None), ("1e6", 1e6, None), ("￥３００万", 3e6, "CNY"),
    ("2万亿元", 2e12, "CNY"), ("5千元", 5e3, "CNY")])
def test_each_amount_of_money_is_read_with_its_currency(text, amount, currency):
    found = money(text)
    assert found is not None and found.amount == pytest.approx(amount) and found.currency == currency


@pytest.mark.parametrize("text", ["", "  ", "nan", "inf", "三百万元", "2,5", "--5", "百千", "万", "1,0000", "3百千"])
def test_what_writes_no_number_is_none(text):
    assert with_magnitude(text) is None and money(text) is None


def test_a_box_in_its_own_unit_takes_no_magnitude():
    assert plain_number("１，０００") == 1000 and plain_number("7B") is None and plain_number("50万") is None


def test_only_what_an_input_method_types_for_ascii_is_put_back():
    assert typed_text("３００万元") == "300万元" and typed_text("1。5") == "1.5" and typed_text("三百。") == "三百。"


@pytest.mark.parametrize(("text", "english", "chinese"), [
    ("三百万元", "'三百万元' is written in Chinese numerals: type it in digits (三百 as 300, 三百万 as 300万)",
     "'三百万元' 用的是中文数字：请用阿拉伯数字书写（三百写作 300，三百万写作 300万）"),
    ("叁佰万", "'叁佰万' is written in Chinese numerals", "'叁佰万' 用的是中文数字"),
    ("两千", "'两千' is written in Chinese numerals", "'两千' 用的是中文数字"),
    ("2,5", "'2,5' has a decimal comma: a comma only groups thousands (500,000); write decimals with a point (2.5)",
     "'2,5' 用逗号作小数点：逗号只用于千位分组（500,000）；小数请用小数点（2.5）"),
    ("1.234,5", "'1.234,5' has a decimal comma", "'1.234,5' 用逗号作小数点"),
    ("2,5万元", "'2,5万元' has a decimal comma", "'2,5万元' 用逗号作小数点"),
    ("", "nothing was typed: give a number", "未输入任何内容：请给出数字"),
])
def test_why_a_number_is_not_read_in_both_languages(text, english, chinese):
    problem = number_problem(text)
    assert problem is not None
    assert problem.text.startswith(english) and problem.text_in("zh_CN").startswith(chinese)


@pytest.mark.parametrize("text", ["abc", "5x", "nan", "1,000"])
def test_no_reason_beyond_not_a_number_for_the_rest(text):
    assert number_problem(text) is None


# ---- the command line ---------------------------------------------------------------------------


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    from configurator import cli

    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("flag", "typed"), [
    ("--tokens", "2万亿"), ("--tokens", "２万亿"), ("--tokens", "2,000,000,000,000"), ("--tokens", "2e12"),
    ("--count", "１６"), ("--count", "1.6e1"), ("--electricity", "0。12"),
    ("--electricity", "０．１２"), ("--deadline", "３天"), ("--card-price", "３００万元")])
def test_the_command_line_takes_each_form(capsys, flag, typed):
    code, _, err = _run(capsys, "estimate", "--model", "llama3-8b", f"{flag}={typed}")
    assert code == 0, err


def test_the_command_line_reads_them_to_the_same_numbers(capsys):
    import json

    _, plain, _ = _run(capsys, "estimate", "--json", "--model", "llama3-8b", "--tokens", "2e12", "--count", "16")
    _, typed, _ = _run(capsys, "estimate", "--json", "--model", "llama3-8b", "--tokens", "２万亿", "--count", "１６")
    assert json.loads(plain) == json.loads(typed)


VDI = ("recommend", "--workload", "vdi", "--users", "10")


@pytest.mark.parametrize(("argv", "english", "chinese"), [
    ((*VDI, "--budget=三百万元"), "argument --budget: '三百万元' is written in Chinese numerals",
     "参数 --budget：'三百万元' 用的是中文数字"),
    (("estimate", "--tokens=两万亿"), "argument --tokens: '两万亿' is written in Chinese numerals",
     "'两万亿' 用的是中文数字"),
    (("estimate", "--count=三"), "argument --count: '三' is written in Chinese numerals", "参数 --count：'三' 用的是中文数字"),
    (("estimate", "--electricity=0,12"), "argument --electricity: '0,12' has a decimal comma",
     "'0,12' 用逗号作小数点"),
    ((*VDI, "--budget=2,5M"), "argument --budget: '2,5M' has a decimal comma", "'2,5M' 用逗号作小数点"),
    (("estimate", "--count="), "argument --count: nothing was typed: give a number", "参数 --count：未输入任何内容"),
    (("estimate", "--count=2.5"),
     "argument --count: '2.5' is not a whole number (digits, optionally grouped: 1000 or 1,000)",
     "参数 --count：'2.5' 不是整数"),
    (("estimate", "--tokens=nan"), "argument --tokens: 'nan' is not a number", "参数 --tokens：'nan' 不是数字"),
    (("estimate", "--tokens=1e999"), "argument --tokens: '1e999' is too large", "'1e999' 过大"),
    (("estimate", "--tokens=-5"), "--tokens: -5 is outside the range", "--tokens：-5 超出范围"),
    ((*VDI, "--budget=-5"), "--budget: -5 is outside the range", "--budget：-5 超出范围"),
    ((*VDI, "--budget=0"), "--budget: 0 is outside the range", "--budget：0 超出范围"),
])
def test_the_command_line_refuses_saying_what_was_typed_and_why(capsys, argv, english, chinese):
    code, _, err = _run(capsys, *argv)
    assert code == 2 and english in err and err.count("\n") == 1, err
    code, _, err = _run(capsys, *argv, "--lang", "zh_CN")
    assert code == 2 and chinese in err and err.count("\n") == 1, err


def test_wan_without_yuan_in_a_yuan_session_is_yuan_and_said_nothing(capsys):
    import json

    code, out, err = _run(capsys, "recommend", "--workload", "vdi", "--users", "10", "--limit", "1", "--json",
                          "--budget", "300万", "--currency", "CNY")
    assert code == 0 and err == ""
    verdict = next(v for v in json.loads(out)["ranked"][0]["constraints"] if v["id"] == "budget")
    assert (verdict["target"], verdict["unit"]) == (3_000_000, "CNY")


# ---- the window's boxes -------------------------------------------------------------------------



@pytest.mark.parametrize(("path", "typed", "value"), [
    ("training.micro_batch", "１６", 16), ("training.seq_len", "８，１９２", 8192), ("training.seq_len", "8 192", 8192),
    ("training.seq_len", "8.192e3", 8192), ("economics.pue", "１．３", 1.3), ("economics.pue", "1。25", 1.25)])
def test_an_editor_box_takes_what_an_input_method_types(qtbot, window, path, typed, value):
    box = window.editor.control_for(path)
    _type(qtbot, box, typed)
    section, name = path.split(".")
    assert getattr(getattr(window.controller.scenario, section), name) == pytest.approx(value)
    assert not window.editor.problem_label.isVisible()


@pytest.mark.parametrize(("typed", "english", "chinese"), [
    ("三百", "'三百' is written in Chinese numerals: type it in digits", "'三百' 用的是中文数字：请用阿拉伯数字书写"),
    ("1,5", "'1,5' has a decimal comma", "'1,5' 用逗号作小数点"),
])
def test_an_editor_box_refuses_saying_why_in_both_languages(qtbot, window, typed, english, chinese):
    from configurator.app import i18n

    box = window.editor.control_for("economics.pue")
    before = window.controller.scenario
    _type(qtbot, box, typed)
    said = window.editor.problem_label.text()
    assert window.controller.scenario == before  # "1,5" was read by Qt as 15: nothing is coerced now
    assert said.startswith(f"“{typed}” is not taken for") and "It stays" in said
    assert english in said and said.endswith(").")
    window.set_language("zh_CN")
    try:
        box, before = window.editor.control_for("economics.pue"), window.controller.scenario
        _type(qtbot, box, typed)
        said = window.editor.problem_label.text()
        assert chinese in said and said.endswith("。") and window.controller.scenario == before
    finally:
        window.set_language("en")
        i18n.install_language("en")


@pytest.mark.parametrize(("typed", "value"), [("３００万元", 3e6), ("￥３００万", 3e6), ("2万亿元", 2e12),
                                           ("３，０００，０００", 3e6)])
def test_a_budget_box_in_yuan_takes_full_width_yuan(qtbot, typed, value):
    from configurator.app.inputs import MagnitudeSpinBox

    box = MagnitudeSpinBox()
    qtbot.addWidget(box)
    box.setRange(0, 1e13)
    box.setSuffix(" CNY")
    box.show()
    _type(qtbot, box, typed)
    assert box.value() == value


def test_the_wizards_users_box_takes_full_width_digits_and_refuses_numerals(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    box = wizard.load.users
    _type(qtbot, box, "１００")
    assert box.value() == 100
    _type(qtbot, box, "一百")
    assert box.value() == 100
    said = wizard.load.problem.text()
    assert " It stays 100 user" in said and said.endswith(
        " at once. '一百' is written in Chinese numerals: type it in digits (三百 as 300, 三百万 as 300万).")


def test_infinity_and_nan_are_no_number_in_a_box(qtbot, window):
    box = window.editor.control_for("economics.pue")
    before = window.controller.scenario
    for typed in ("inf", "nan"):
        _type(qtbot, box, typed)
        assert window.controller.scenario == before and math.isfinite(box.value())


@pytest.mark.parametrize(("extra", "target", "unit", "warned"), [
    (("--region", "cn"), 3_000_000, "CNY", False),  # delivered in mainland China: 万 is yuan, as 300万元
    (("--region", "cn", "--lang", "zh_CN"), 3_000_000, "CNY", False),
    ((), 3_000_000, "USD", True),  # elsewhere, in an English session: read in USD, and said
    (("--region", "other"), 3_000_000, "USD", True),
])
def test_wan_without_yuan_is_yuan_where_the_cards_go_to_china(capsys, extra, target, unit, warned):
    import json

    code, out, err = _run(capsys, "recommend", "--workload", "vdi", "--users", "10", "--limit", "1", "--json",
                          "--budget", "300万", *extra)
    assert code == 0 and ("is read in USD" in err) == warned, err
    verdict = next(v for v in json.loads(out)["ranked"][0]["constraints"] if v["id"] == "budget")
    assert (verdict["target"], verdict["unit"]) == (target, unit)


def test_wan_in_china_with_results_in_dollars_is_converted_from_yuan(capsys):
    import json

    from configurator.core.currency import dated_rate

    code, out, err = _run(capsys, "recommend", "--workload", "vdi", "--users", "10", "--limit", "1", "--json",
                          "--budget", "300万", "--region", "cn", "--currency", "USD")
    verdict = next(v for v in json.loads(out)["ranked"][0]["constraints"] if v["id"] == "budget")
    assert code == 0 and err == "" and verdict["unit"] == "USD"
    assert verdict["target"] == pytest.approx(3_000_000 / dated_rate("CNY").per_usd, abs=0.01)


def test_the_model_size_box_refuses_saying_so(qtbot, window):
    """Was: "abc" or "-5" typed as the model's size went back to 8.03 B params without a word."""
    box = window.editor.params_spin
    before = window.controller.scenario
    _type(qtbot, box, "abc")
    said = window.editor.problem_label.text()
    assert window.controller.scenario == before
    assert said.startswith("“abc” is not taken for model size: enter a number from 0.001 to 10,000 B params.")


@pytest.mark.parametrize(("path", "typed", "joined"), [
    ("training.micro_batch", "abc", "65,536 条序列之间的数。"),  # was "条序列 之间": the unit beside the template's space
    ("economics.card_price", "abc", "仍为目录。"),  # was "仍为 目录": the kept text in words
    ("model:params", "abc", "“abc”不能用作模型规模："),
])
def test_a_chinese_refusal_has_no_space_between_two_chinese_characters(qtbot, window, path, typed, joined):
    from configurator.app import i18n

    window.set_language("zh_CN")
    try:
        box = window.editor.params_spin if path == "model:params" else window.editor.control_for(path)
        _type(qtbot, box, typed)
        said = window.editor.problem_label.text()
        assert joined in said, said
    finally:
        window.set_language("en")
        i18n.install_language("en")
