"""The command line's label blocks on a terminal: a long value folds under its own column, a number
stays with its unit, a Chinese line breaks between characters; to a pipe nothing folds (look45)."""

import re

from configurator import cli
from configurator.core.view.printable import display_width
from configurator.report import text, text_wrap
from configurator.report.text_wrap import folded, hanging

ESTIMATE = ["estimate", "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "8",
            "--concurrency", "64"]


def test_folded_keeps_numbers_with_units_and_breaks_chinese_anywhere():
    lines = folded("electricity 0.0861\u00a0USD/kWh, 80.0\u00a0% utilisation", 20)
    assert lines == ["electricity", "0.0861\u00a0USD/kWh,", "80.0\u00a0% utilisation"]
    chinese = folded("每词元总拥有成本低 35%（每百万词元省 4.21 元）", 30)
    assert all(display_width(line) <= 30 for line in chinese)
    assert not any(line.endswith("4.21") for line in chinese)  # not '元）' alone below its number
    assert folded("每百万词元省 4.21 元）", 14) == ["每百万词元省", "4.21 元）"]
    assert folded("https://example.com/a/very/long/address", 10) == ["https://example.com/a/very/long/address"]


def test_hanging_leaves_text_whole_off_a_terminal_or_without_room():
    long = "word " * 40
    assert hanging(long, 10, None) == long
    assert hanging(long, 90, 100) == long  # 10 columns: fewer than NARROWEST_VALUE_COLUMNS
    first, *rest = hanging(long.strip(), 10, 70).split("\n")
    assert display_width(first) <= 60 and rest and all(line.startswith(" " * 10) and display_width(line) <= 70
                                                       for line in rest)


def _printed(monkeypatch, capsys, columns, language):
    monkeypatch.setattr(text, "terminal_columns", lambda: columns)
    monkeypatch.setattr(text_wrap, "terminal_columns", lambda: columns)
    assert cli.main([*ESTIMATE, "--lang", language]) == 0
    return capsys.readouterr().out.splitlines()


def test_estimate_on_a_100_column_terminal_fits_it_in_both_languages(monkeypatch, capsys):
    for language in ("en", "zh_CN"):
        lines = _printed(monkeypatch, capsys, 100, language)
        block = lines[lines.index("Assumptions (editable defaults)" if language == "en" else "计算假设（可编辑的默认值）"):]
        assert all(display_width(line) <= 100 for line in block), [line for line in block if display_width(line) > 100]
        key = "Efficiencies" if language == "en" else "效率假设"
        first = next(i for i, line in enumerate(block) if line.lstrip().startswith(key))
        column = display_width(re.match(r"\s*\S+(?: \S+)*\s{2,}", block[first]).group())  # where the value starts
        assert block[first + 1].startswith(" " * column) and not block[first + 1][column].isspace()


def test_estimate_to_a_pipe_is_unfolded(monkeypatch, capsys):
    assert text_wrap.terminal_columns() is None  # captured output is no terminal
    lines = _printed(monkeypatch, capsys, None, "en")
    assert any(display_width(line) > 100 for line in lines)  # the assumptions' lines whole, as before


def test_recommend_bullets_fold_on_a_terminal(monkeypatch, capsys):
    """The ranking's reasons and the cards not ranked ('  - …') fold under their first word; the table
    itself keeps its columns (too wide for 100 columns: listed in look45's report)."""
    monkeypatch.setattr(text_wrap, "terminal_columns", lambda: 100)
    monkeypatch.setattr(text, "terminal_columns", lambda: 100)
    assert cli.main(["recommend", "--workload", "vdi", "--users", "30", "--local-display", "--lang", "zh_CN"]) == 0
    lines = capsys.readouterr().out.splitlines()
    items = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    assert items and all(display_width(lines[i]) <= 100 for i in items)
    folded_on = [i for i in items if lines[i + 1].startswith("    ") and not lines[i + 1].startswith("    -")]
    assert folded_on  # the training-card line (about 120 columns) goes on under its first word
