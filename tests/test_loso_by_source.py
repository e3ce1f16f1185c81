"""``loso.by_publication``: which publications carry a kind's out-of-source error (issue 27; ``accuracy.py
--by-source``). Each publication's rows of the kind, the in-sample median, the median over the rows with an
out-of-source figure (n/a rows left out and counted)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import loso  # noqa: E402
from accuracy_base import Row  # noqa: E402


def _held(publication: str, kind: str, predicted: float, again: float | None) -> loso.Held:
    row = Row("published", f"{publication}-{predicted}-{again}", kind, "tokens/s", predicted, 100.0,
              publication=publication)
    return loso.Held(row, again, "refitted: x" if again is not None else "n/a: the x is set only from this source")


def test_each_publication_gets_its_own_medians_most_rows_first():
    held = [_held("a", "decode", 110, 130), _held("a", "decode", 95, 80), _held("a", "decode", 100, 104),
            _held("b", "decode", 120, None), _held("b", "decode", 90, 85), _held("c", "prefill", 50, 50)]
    table = loso.by_publication(held, "decode")
    assert [s.publication for s in table] == ["a", "b"]
    a, b = table
    assert (a.rows, a.in_sample, a.out_of_source, a.with_value) == (3, 5.0, 20.0, 3)
    assert (b.rows, b.in_sample, b.out_of_source, b.with_value) == (2, 15.0, 15.0, 1)


def test_a_publication_without_any_out_of_source_figure_is_none():
    table = loso.by_publication([_held("rig", "decode", 103, None)], "decode")
    assert table[0].out_of_source is None and table[0].with_value == 0
    assert loso.by_publication([_held("rig", "decode", 103, None)], "memory") == []
