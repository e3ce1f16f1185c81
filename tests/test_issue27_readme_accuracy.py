"""Issue 27's first Evidence item, read from the README itself (the audit of 2026-12-06): the accuracy table
has an in-sample and a leave-one-source-out column for every kind, the held-out published rows have a
column of their own, and the headline the README quotes first is the out-of-sample one.

``tests/test_readme.py`` keeps the generated blocks equal to what ``tools/readme_blocks.py`` writes; this
pins what the issue asks the table to hold, whatever the generator writes.
"""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")

PERCENT = re.compile(r"^(\d+(\.\d+)? %|miss)( \((\d+/\d+ rows|\d+ capacity miss(es)?|\d+/\d+ rows, \d+ capacity "
                     r"miss(es)?)\))?$")
"""A median as the table writes it: ``6.2 %`` or, where some rows have no out-of-source figure,
``9.2 % (22/29 rows)``; where some rows are capacity misses (a latency row whose run's rate is past the
predicted capacity, kept and counted above every finite error: ``accuracy_base.CAPACITY_MISS``), how many,
``41.7 % (32 capacity misses)``, and ``miss`` where the median lands on one."""


def _block(name: str) -> str:
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    return README[README.index(start) + len(start):README.index(end)]


def _table() -> tuple[list[str], list[list[str]]]:
    lines = [line for line in _block("accuracy-table").splitlines() if line.startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
    return header, rows


def test_every_kind_has_an_in_sample_and_a_leave_one_source_out_median():
    header, rows = _table()
    in_sample = header.index("in sample")
    loso = next(i for i, h in enumerate(header) if h.startswith("leave one source out"))
    assert len(rows) >= 10
    for row in rows:
        assert PERCENT.match(row[in_sample]), row
        assert PERCENT.match(row[loso]), row


def test_the_held_out_published_rows_have_their_own_columns_and_the_large_kinds_are_held_out():
    header, rows = _table()
    count = next(i for i, h in enumerate(header) if h.startswith("held out") and h.endswith("rows"))
    median = header.index("held out: median")
    held = {row[0].split(" (")[0]: row for row in rows if row[count] not in ("—", "", "0")}
    for kind in ("memory", "prefill / TTFT", "serving throughput"):
        assert kind in held, kind
    assert any(k.startswith("training throughput") for k in held) and any(k.startswith("decode") for k in held)
    for row in held.values():
        assert int(row[count]) > 0 and PERCENT.match(row[median]), row


def test_the_readme_quotes_the_out_of_sample_figures_first():
    section = README[README.index("## How good are the numbers?"):]
    assert section.index("<!-- accuracy-out-of-sample:start -->") < section.index("<!-- accuracy-table:start -->")
    headline = _block("accuracy-out-of-sample")
    assert headline.startswith("Out of sample, on published results that set nothing")
    for kind in ("training throughput", "training memory", "prefill", "decode", "serving throughput"):
        assert re.search(rf"{kind}[^;]*? \d+ % \(\d+ rows\)", headline), kind
