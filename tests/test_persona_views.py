"""What buyers read, checked as they read it (session 24's persona pass): a cost per unit of work
that a ranking orders is written so that its rows can be told apart, in the command line's ranking
as in the summary."""

from __future__ import annotations

import re

import pytest

from configurator.cli import main
from configurator.core.view import numbers
from configurator.core.view.rows import Amount, write
from configurator.core.view.numbers import unit_cost as report_unit_cost


@pytest.mark.parametrize(("value", "text"), [(0.035937, "0.0359\u00a0USD"), (0.10249, "0.102\u00a0USD"),
                                             (0.0004567, "0.000457\u00a0USD"), (15.93, "15.93\u00a0USD"),
                                             (1234.4, "1,234\u00a0USD"), (0.0, "0\u00a0USD")])  # nothing: whole, was "0.00 USD"
def test_a_cost_per_unit_keeps_three_significant_digits_below_one_unit(value, text):
    assert numbers.unit_cost(value, "USD") == text
    assert write(Amount(value, "USD", money=True, per_unit=True)) == text
    assert report_unit_cost(value, "USD") == text  # the summary's, one rule
    assert write(Amount(value, "USD", money=True)) == numbers.money(value, "USD")  # a plain amount keeps its cents


def test_the_ranking_of_a_fine_tune_tells_its_rows_apart(capsys):
    """The ML engineer's question (a 7B fine-tune on 1T tokens within 30 days): the command line's
    ranking showed 0.03, 0.04 … and rows of "0.10 USD" one after another where the summary said
    0.0359; every ranked cost below one unit now has three significant digits."""
    assert main(["recommend", "--workload", "finetune", "--model", "llama2-7b", "--tokens", "1T",
                 "--deadline", "30d", "--limit", "8"]) in (0, None)
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if re.match(r"\s+\d+\s+\d", line)]
    costs = [re.search(r"\s(\d+\.\d+)\u00a0USD", line).group(1) for line in rows]
    assert len(costs) >= 8  # the 8 ranked, then any ranked after every complete total under their own heading
    assert all(len(c.lstrip("0.")) >= 3 for c in costs if float(c) < 1), costs


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_latency_series_reads_in_one_unit(language):
    """The 采购's first page wrote 'p50 412 ms · p90 813 ms · p99 1.44 秒': one series, two units. Any
    percentile below a second puts the whole series in ms (the unit of the targets beside it);
    a series all past a second stays in s."""
    ttft = Amount(0.412, "s", percentiles=((50, 0.412), (90, 0.813), (99, 1.44)))
    assert write(ttft, language) == "p50\u00a0412\u00a0ms\u00a0· p90\u00a0813\u00a0ms\u00a0· p99\u00a01,440\u00a0ms"
    slow = write(Amount(2.1, "s", percentiles=((50, 2.1), (99, 5.5))), language)
    assert "ms" not in slow and slow.count("2.10") == 1 and "5.50" in slow
    assert write(Amount(0.412, "s"), language) == numbers.seconds(0.412, language)  # a single value as before
