"""The all-reduce time by message size fitted to published nccl-tests tables (benchmarks/allreduce_fit.py):
the curve through its sourced points, monotone in size, and its cross-validated error as the notes state
(benchmarks/data/notes-allreduce-size-2026-12-05.md)."""

import json
import statistics
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import allreduce_fit as fit  # noqa: E402


@pytest.fixture(scope="module")
def points():
    return fit.load_points()


@pytest.fixture(scope="module")
def fitted(points):
    return fit.fit(points)


def test_every_row_names_its_source_hardware_and_nccl():
    rows = json.loads(fit.DATA.read_text())["rows"]
    assert len(rows) == 96
    for row in rows:
        assert row["url"].startswith("https://github.com/Azure/AI-benchmarking-guide/blob/")
        assert row["commit"] in row["url"]
        assert row["hardware"] and row["nccl"].startswith("2.") and row["ranks"] in (4, 8)
        # the time the file derives is the table's bus bandwidth read back (nccl-tests doc/PERFORMANCE.md)
        n = row["ranks"]
        assert row["time_us"] == pytest.approx(row["size_bytes"] * 2 * (n - 1) / n / row["busbw_gbps"] / 1e3, rel=1e-3)


def test_the_fit_gives_the_figures_the_notes_state(fitted):
    latency, fill = fitted
    assert latency == pytest.approx(7.1e-6, abs=0.05e-6)
    assert fill == pytest.approx(4.8e6, abs=0.01e6)


def test_the_curve_goes_through_its_sourced_points(points, fitted):
    errors = fit.errors_pct(points, *fitted)
    assert statistics.median(errors) < 8.0
    assert max(errors) < 45.0
    # one point read off the H100 table: 1 MiB on eight GPUs, busbw 43.70 GB/s -> 42.0 us
    h100 = next(p for p in points if p.table == "ND_H100_v5" and p.size_bytes == 2**20)
    assert h100.seconds == pytest.approx(42.0e-6, rel=0.01)
    assert fit.curve_seconds(h100.size_bytes, 8, h100.bus_gbps, *fitted) == pytest.approx(h100.seconds, rel=0.15)


@pytest.mark.parametrize("ranks", [2, 4, 8])
def test_the_time_rises_with_the_message_size(fitted, ranks):
    sizes = np.logspace(2, 10, 200)
    seconds = fit.curve_seconds(sizes, ranks, 450.0 * 0.75, *fitted)
    assert np.all(np.diff(seconds) > 0)
    # and with the ranks at one size (the 2(n-1)/n share of the message and of the fill)
    assert fit.curve_seconds(1e6, 8, 337.5, *fitted) > fit.curve_seconds(1e6, 2, 337.5, *fitted)


def test_each_table_left_out_is_predicted_better_than_by_todays_rule(points):
    held = {h.table: h for h in fit.leave_one_table_out(points)}
    assert set(held) == {"ND_A100_v4", "ND_H100_v5", "ND_H200_v5", "ND_GB200_v6"}
    for h in held.values():
        assert h.median_pct < h.current_median_pct
        assert h.median_pct < 22.0
        assert 3.0e-6 <= h.latency_s <= 8.0e-6 and 4.5e6 <= h.fill_bytes <= 5.5e6
