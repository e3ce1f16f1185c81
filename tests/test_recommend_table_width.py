"""The ranking's table on a terminal fits its width, in English and Chinese (Chinese characters two columns
each): its words fold in their own columns, every number stays on one line, and on a terminal too narrow
even for that the reasons' column is left out with a note (ui46: the table ran to about 300 columns)."""

from __future__ import annotations

import pytest

from configurator import cli
from configurator.core.view.printable import display_width
from configurator.report import text, text_wrap
from configurator.report.text_table import fitted_widths, table_lines

RECOMMEND = ["recommend", "--workload", "inference", "--model", "llama3-8b"]
HEADING = {"en": "   #  Cards  Card", "zh_CN": "   #  卡数  加速卡"}


def _table(monkeypatch, capsys, columns, language) -> list[str]:
    monkeypatch.setattr(text, "terminal_columns", lambda: columns)
    monkeypatch.setattr(text_wrap, "terminal_columns", lambda: columns)
    assert cli.main([*RECOMMEND, "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(HEADING[language]))
    end = next(i for i, line in enumerate(lines) if i > first and not line.startswith("  "))
    return lines[first:end]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_ranking_fits_a_120_column_terminal(monkeypatch, capsys, language):
    table = _table(monkeypatch, capsys, 120, language)
    assert all(display_width(line) <= 120 for line in table), [line for line in table if display_width(line) > 120]
    ranks = [line for line in table if line[:4].strip().isdigit()]
    assert len(ranks) == 10 and any(not line[:4].strip() for line in table[1:])  # ten rows, some folded
    reason = "Why" if language == "en" else "理由"
    assert reason in table[0]  # the reasons kept, folded in their column


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_narrow_terminal_leaves_the_reasons_out_and_says_so(monkeypatch, capsys, language):
    table = _table(monkeypatch, capsys, 80, language)
    assert all(display_width(line) <= 80 for line in table)
    note = "Left out to fit the terminal's 80 columns: " if language == "en" else "为适应终端的 80 列宽未显示："
    said = next(line for line in table if note in line)
    assert ("Why" if language == "en" else "理由") in said


def test_to_a_pipe_the_table_is_one_line_a_row(capsys):
    assert cli.main(RECOMMEND) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(HEADING["en"]))
    assert all(line[:4].strip().isdigit() for line in lines[first + 1:first + 11])
    assert display_width(lines[first + 1]) > 120


def test_fitted_widths_fold_words_and_keep_numbers_whole():
    cells = [["Card", "Price", "Why"], ["H100 SXM5 80GB", "27,500 USD", "limited by memory bandwidth " * 3],
             ["L40S", "8,000 USD", "short"]]
    widths = fitted_widths(cells, frozenset({1}), 60)
    lines = table_lines(cells, frozenset({1}), widths)
    assert all(display_width(line) <= 60 for line in lines) and any("27,500 USD" in line for line in lines)
    assert fitted_widths(cells, frozenset({1}), 20) is None  # not even at the least widths
