"""The planner rows that moved between two per-row accuracy listings (benchmarks/accuracy_planner.py
``--moved``): the layout each listing names, kept or changed, beside the stated row's move."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from accuracy_planner import listed_rows, moved_rows  # noqa: E402

OLD = """\
published tp-a train-throughput tokens/s/card 1010 916 +10.3 +15.6
published tp-a train-planner tokens/s/card 1010 916 +10.3 +15.6
            planner: tp 1 pp 1 v 1 zero 3 none mb 1 × 63
published tp-b train-throughput TFLOP/s/card (eq. 3) 138.5 137 +1.1 n/a
published tp-b train-planner TFLOP/s/card (eq. 3) 182 137 +32.8 +32.3 <-- outside target
            planner: tp 1 pp 1 v 1 zero 0 full mb 16 × 1
published tp-c train-planner s/iteration 12.9 13.75 -6.2 -5.3
            planner: tp 4 pp 4 v 12 zero 2 selective mb 1 × 16
"""

NEW = """\
published tp-a train-throughput tokens/s/card 818.4 916 -10.7 -11.8
published tp-a train-planner tokens/s/card 775.1 916 -15.4 -11.8
            planner: tp 1 pp 1 v 1 zero 3 full mb 1 × 63
published tp-b train-throughput TFLOP/s/card (eq. 3) 140.8 137 +2.8 n/a
published tp-b train-planner TFLOP/s/card (eq. 3) 185.1 137 +35.1 +34.8 <-- outside target
            planner: tp 1 pp 1 v 1 zero 0 full mb 16 × 1
published tp-c train-planner s/iteration 12.89 13.75 -6.3 -5.6
            planner: tp 4 pp 8 v 12 zero 2 selective mb 1 × 32
"""


def test_listed_rows_read_error_and_layout():
    rows = listed_rows(OLD.splitlines())
    assert rows[("tp-b", "train-planner")].error_pct == 32.8  # the in-sample error, not the LOSO one
    assert rows[("tp-b", "train-throughput")].error_pct == 1.1  # a LOSO of n/a
    assert rows[("tp-a", "train-planner")].layout == "tp 1 pp 1 v 1 zero 3 none mb 1 × 63"
    assert rows[("tp-a", "train-throughput")].layout == ""


def test_moved_rows_name_the_layout_change_and_the_stated_move():
    lines = moved_rows(listed_rows(OLD.splitlines()), listed_rows(NEW.splitlines()), 1.0)
    assert lines == [
        "tp-a: +10.3 -> -15.4 %, layout tp 1 pp 1 v 1 zero 3 none mb 1 × 63 -> tp 1 pp 1 v 1 zero 3 full mb 1 × 63; "
        "stated +10.3 -> -10.7 %",
        "tp-b: +32.8 -> +35.1 %, layout kept; stated +1.1 -> +2.8 %",
    ]  # tp-c moved 0.1 point: left out although its layout changed
