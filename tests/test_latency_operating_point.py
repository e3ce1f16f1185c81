"""The second serving-latency reading (benchmarks/latency_operating_point.py): an MLPerf Server row predicted at
its measured operating point moves only its arrival rate, by its paired Offline run's predicted over measured
capacity; every other held-out latency row is the headline's. And serving_bias.py groups the latency rows."""

from __future__ import annotations

import dataclasses
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from accuracy_base import CAPACITY_MISS, Row  # noqa: E402
from accuracy_heldout import CASES  # noqa: E402
from latency_operating_point import (LATENCY, OFFLINE, SERVER, at_operating_point, offline_ratio,  # noqa: E402
                                     operating_point_rows, summary_lines)
from serving_bias import metric  # noqa: E402

from configurator.core.engine_generations import TODAY  # noqa: E402

RECORDS = json.loads((ROOT / "benchmarks" / "data" / "held-out.json").read_text(encoding="utf-8"))
PAIR = "mlperf51-l2-70b-b200x8-nvidia"


def _record(record_id: str) -> dict:
    return next(r for r in RECORDS if r["id"] == record_id)


def test_every_server_row_has_its_offline_pair():
    """The reading moves every MLPerf Server row: each has an Offline run of the same system."""
    ids = {r["id"] for r in RECORDS if r["case"] == OFFLINE}
    servers = [r["id"] for r in RECORDS if r["case"] == SERVER]
    assert servers and all(s.removesuffix("-server") + "-offline" in ids for s in servers)


def test_only_the_arrival_rate_moves():
    server = _record(f"{PAIR}-server")
    scaled = at_operating_point(server, 1.25)
    rate = server["values"]["scheduled_samples_per_s"]
    assert math.isclose(scaled["values"]["scheduled_samples_per_s"], rate * 1.25)
    assert server["values"]["scheduled_samples_per_s"] == rate  # the record itself is left as it was
    unchanged = at_operating_point(server, 1.0)
    assert [r.predicted for r in CASES[SERVER](unchanged)] == [r.predicted for r in CASES[SERVER](server)]


def test_the_ratio_is_the_offline_rows_predicted_over_measured():
    offline = _record(f"{PAIR}-offline")
    (row,) = [r for r in CASES[OFFLINE](offline) if r.kind == "serving-offline"]
    assert math.isclose(offline_ratio(offline), row.predicted / row.measured)


def test_rows_without_a_pair_are_the_headlines(tmp_path):
    """A held-out file of one Server/Offline pair and one non-MLPerf latency row: the pair's four latency rows are
    predicted again, the other row is the headline's own object."""
    other = next(r for r in RECORDS if r["case"] == "sharegpt" and "request_rate" in r["setup"])
    path = tmp_path / "held-out.json"
    records = [_record(f"{PAIR}-server"), _record(f"{PAIR}-offline"), other]
    path.write_text(json.dumps(records), encoding="utf-8")
    outside = [row for r in records for row in CASES[r["case"]](r)]
    rows = operating_point_rows(outside, path)
    assert len(rows) == sum(r.kind == LATENCY for r in outside) == 6
    kept = [r for r in rows if r.row_id.startswith(other["id"])]
    assert kept and all(any(k is o for o in outside) for k in kept)
    moved = [r for r in rows if r.row_id.startswith(PAIR)]
    assert len(moved) == 4 and all(r.note.startswith("at the measured operating point") for r in moved)


def test_the_summary_counts_misses_as_the_headline_does():
    rows = [Row("held-out", f"r{k} tpot p50", LATENCY, "ms TPOT p50", value, 10.0, generation=TODAY)
            for k, value in enumerate((11.0, 9.0, CAPACITY_MISS))]
    lines = summary_lines(rows)
    assert "3 rows" in lines[1] and "1 capacity miss" in lines[1] and lines[1:] == [lines[1], lines[2]]
    assert lines[1].split("median")[1].split()[0] == "10.0"  # |+10|, |-10|, miss: the middle is 10
    assert len(summary_lines([dataclasses.replace(r, generation="old") for r in rows])) == 2  # no today's line


def test_metric_names():
    assert metric(Row("x", "r", LATENCY, "ms TTFT p99", 1.0, 1.0)) == "TTFT p99"
    assert metric(Row("x", "r", LATENCY, "ms TPOT (median)", 1.0, 1.0)) == "TPOT p50"
    assert metric(Row("x", "r", LATENCY, "ms TTFT (mean)", 1.0, 1.0)) == "TTFT mean"
