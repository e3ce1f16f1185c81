"""Latency rows whose run's arrival rate is past the copy's predicted capacity are kept as capacity misses, never
dropped (issue 27 part 1, honest accuracy reporting; benchmarks/data/notes-latency-rows-2026-12-06.md): the load
model's queue then grows without bound, so the row's prediction is +∞ (``accuracy_base.CAPACITY_MISS``), its error
counts over target and above every finite one, and every median and max is taken over all the kind's rows. Until
2026-12-06 the rows were dropped, so the held-out latency median moved with the row set (136 rows at the base of
that day, 148 / 128 / 108 under three of prefill47's variants) and a pessimistic variant lost exactly its worst
rows."""

from __future__ import annotations

import copy
import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import loso  # noqa: E402
import loso_refit  # noqa: E402
from accuracy_base import CAPACITY_MISS, Row, misses, percent  # noqa: E402
from accuracy_heldout import CASES  # noqa: E402
from accuracy_sections import print_held_out_by_source, print_summary  # noqa: E402

RECORDS = {r["id"]: r for r in json.loads(accuracy.HELD_OUT.read_text(encoding="utf-8"))
           if r["case"] == "mlperf-server"}


def _past_capacity(row_id: str, factor: float = 20.0) -> dict:
    """A held-out MLPerf Server record with its scheduled rate ``factor`` times the run's: past any capacity."""
    record = copy.deepcopy(RECORDS[row_id])
    record["values"]["scheduled_samples_per_s"] *= factor
    return record


def _engine_record(engine: str) -> str:
    return next(k for k, r in sorted(RECORDS.items()) if r["setup"]["engine"] == engine)


def test_a_server_run_past_its_capacity_keeps_four_latency_rows_as_misses():
    for engine in ("tensorrt-llm", "vllm"):  # accuracy_serving._mlperf and accuracy_heldout._mlperf_vllm
        record = _past_capacity(_engine_record(engine))
        rows = list(CASES[record["case"]](record))
        latency = rows[1:]
        assert [r.row_id.removeprefix(record["id"]).strip() for r in latency] == \
            ["ttft p50", "ttft p99", "tpot p50", "tpot p99"], engine
        assert all(r.kind == "serving-latency" and r.capacity_miss and r.predicted == CAPACITY_MISS
                   and r.error_pct == math.inf and "capacity miss" in r.note for r in latency), engine
        assert not rows[0].capacity_miss  # the rate row stays a rate


def test_a_run_the_capacity_carries_has_no_miss():
    for engine in ("tensorrt-llm", "vllm"):
        record = _past_capacity(_engine_record(engine), 0.05)
        rows = list(CASES[record["case"]](record))
        assert len(rows) == 5 and misses(rows) == 0 and all(math.isfinite(r.predicted) for r in rows), engine


def _rows(errors: list[float | None], source: str = "held-out", publication: str = "p") -> list[Row]:
    """Latency rows measured at 100 ms with these signed errors [%] (None: a capacity miss)."""
    return [Row(source, f"r{k}", "serving-latency", "ms TPOT p50",
                CAPACITY_MISS if e is None else 100.0 + e, 100.0, publication=publication)
            for k, e in enumerate(errors)]


def test_a_miss_is_over_target_and_above_every_finite_error_in_the_median():
    rows = _rows([5.0, -10.0, 30.0, None, None])
    errors = [abs(r.error_pct) for r in rows]
    assert statistics.median(errors) == 30.0  # the order statistic over all five, not the 10.0 of the finite three
    assert sum(e <= accuracy.TARGETS["serving-latency"] for e in errors) == 2
    assert misses(rows) == 2 and max(errors) == math.inf
    assert statistics.median(abs(r.error_pct) for r in _rows([5.0, None, None])) == math.inf
    assert percent(math.inf, 6) == "  miss" and percent(12.345) == "12.3"


def test_the_summary_counts_the_misses_in_sample_and_held_out(capsys):
    inside = _rows([5.0, -10.0, None], source="published")
    outside = _rows([5.0, -10.0, 30.0, None, None])
    held = {loso_refit.ident(r): loso.Held(r, r.predicted, loso.NOT_FITTED) for r in inside}
    print_summary(inside, held, outside)
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("serving-latency"))
    words = line.split()
    assert words[:4] == ["serving-latency", "3", "10.0", "miss"]  # rows, median over all three, max
    assert "2/3" in words and "1 capacity miss)" in line  # within target; the LOSO median says its miss
    assert words[-4:] == ["5", "2", "30.0", "miss"]  # held out: rows, misses, median over all five, max


def test_leave_one_source_out_and_by_source_count_the_misses(capsys):
    inside = _rows([5.0, None, None], source="published")
    held = [loso.Held(r, r.predicted, "refitted: x") for r in inside]
    summary = loso.kind_summary(held, "serving-latency")
    assert summary.misses == 2 and summary.out_of_source == math.inf
    assert loso.describe(summary, " %") == "miss (2 capacity misses)"
    (source,) = loso.by_publication(held, "serving-latency")
    assert source.misses == 2 and source.out_of_source_misses == 2
    print_held_out_by_source(_rows([5.0, None], publication="mlperf"))
    assert "mlperf" in (out := capsys.readouterr().out) and "(1 capacity miss)" in out
