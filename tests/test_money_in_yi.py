"""Chinese amounts from 1 亿 yuan up read in 亿元 (persona 45b, defect 3): ``recommend --workload
pretrain --model llama3-70b --tokens 2T --budget 500万元 --region cn --lang zh_CN`` wrote the closest
option's capex as "234,897.44 万元". One rule (:func:`configurator.core.money_words.money_unit`) for the
command line, the window and the summary."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.magnitudes import money
from configurator.core.message_numbers import money_text
from configurator.core.money_words import money_unit
from configurator.core.view.numbers import box_money, money_word
from configurator.core.view.numbers import printed_step


@pytest.mark.parametrize(("value", "written"), [(2_348_974_400.0, "23.49 亿元"), (1e8, "1.00 亿元"),
                                                (99_999_999.0, "10,000.00 万元"), (3_000_000.0, "300.00 万元"),
                                                (5_000.0, "5,000 元")])
def test_yuan_amounts_take_the_unit_of_their_size(value, written):
    assert money_text(value, "CNY", "zh_CN").replace("\u00a0", " ") == written


def test_english_and_other_currencies_keep_the_code():
    assert money_unit(2e9, "CNY", "en") == (1.0, "CNY", None) and money_unit(2e9, "USD", "zh_CN")[1] == "USD"


def test_a_column_of_yi_keeps_its_small_lines_to_three_significant_digits():
    """A bill of 7.61 亿元: 22 switches of 2.25 万元 are 0.00494 亿元, not "0.00 亿元"."""
    like = 7.61e8
    assert money_word(like, "CNY", "zh_CN") == "亿元"
    assert money_text(494_186.0, "CNY", "zh_CN", like=like).replace("\u00a0", " ") == "0.00494 亿元"
    assert printed_step(494_186.0, "CNY", "zh_CN", like) == pytest.approx(1e3)
    assert printed_step(4.9e8, "CNY", "zh_CN", like) == pytest.approx(1e6)


def test_a_budget_box_reads_back_its_amount_in_yi():
    assert box_money(1.2e8, "CNY", "zh_CN") == "1.2 亿元"
    assert money("1.2 亿元").amount == pytest.approx(1.2e8) and money("1.2亿").amount == pytest.approx(1.2e8)


def test_the_command_lines_over_budget_line_reads_in_yi(capsys):
    assert main(["recommend", "--workload", "pretrain", "--model", "llama3-70b", "--tokens", "2T", "--deadline", "7d",
                 "--budget", "500万元", "--region", "cn", "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out.replace("\u00a0", " ")
    assert "资本支出 23.49 亿元" in out and "500.00 万元的预算 23.44 亿元" in out
    assert "234,897.44" not in out
