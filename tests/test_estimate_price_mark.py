"""The estimate's price date carries a * where the buyer must be told something of the price: the same output
says what it stands for, in the what-fits table's words ('Marked *: …', '标 * 的价格：…'; session 42)."""

from __future__ import annotations

import pytest

from configurator.cli import main

ARGS = ["estimate", "--workload", "lora", "--model", "llama3-8b", "--card", "rtx-4090d", "--count", "4"]
"""A card ranked at an old launch price (the RTX A6000 was, until its 2025-08 street price, street46)."""


@pytest.mark.parametrize(("language", "dated", "marked"), [("en", "card 2023-12-28 *", "Marked *: card price: "),
                                                           ("zh_CN", "加速卡 2023-12-28 *", "标 * 的价格：")])
def test_a_marked_price_date_is_explained_below_it(capsys, language, dated, marked):
    assert main([*ARGS, "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if dated in line)
    assert lines[at + 1].strip().startswith(marked) and "2023-12-28" in lines[at + 1]


def test_an_unmarked_price_date_has_no_note(capsys):
    assert main(["estimate", "--workload", "lora", "--model", "llama3-8b", "--card", "t4", "--count", "8"]) == 0
    out = capsys.readouterr().out
    assert "Marked *" not in out and " *" not in next(line for line in out.splitlines() if "Prices dated" in line)
