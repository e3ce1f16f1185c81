"""Held-out serving latency at the measured operating point: each MLPerf Server run's latencies predicted at the
load it ran relative to its measured capacity, not at its scheduled rate; a second reading beside the headline's.

An MLPerf Server submitter raises its scheduled Poisson rate until the p99 limits would fail, so a copy runs near
its own capacity (README footnote 5), where the load model's latencies move as ``1/(1 − ρ)``: a capacity a few
percent off turns into tens of percent of TPOT and TTFT, or into a capacity miss (the scheduled rate past the
predicted capacity). The headline (``accuracy.py --summary``, serving-latency held out) scores the latencies at the
scheduled rate, so it tests the capacity and the queueing together. This reading takes the capacity error out, to
first order, with what the run's own submission measured: the same system's MLPerf Offline run (every held-out
Server row has one: ``-offline`` in place of ``-server`` in its id) measures its capacity ``C_meas``, the
estimator predicts ``C_pred`` for it (the serving-offline row), and the Server row's latencies are predicted at the
arrival rate ``λ' = λ_scheduled · C_pred / C_meas``: the copy at the relative load ``λ / C`` the run had, as far
as the Offline run measures ``C``. Every other held-out latency row (no Offline pair: SGLang, vLLM bench, NIM) is
scored as in the headline, so the two readings differ only in the MLPerf Server rows.

Nothing is chosen from the held-out rows: no constant is fitted, the paired Offline row's measured throughput is an
input as a row's stated batch is. Assumed: the model's relative capacity error is the same for the Server
configuration as for the Offline one (some submissions run a smaller Server batch: ``setup["batch"]``), and the
Offline run is at the copy's capacity. This is the owner's policy question (which reading is the headline); this
module only prints the second one. Usage: ``.venv/bin/python benchmarks/latency_operating_point.py [--rows]``.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from accuracy_base import Row, misses, misses_text, percent  # noqa: E402
from accuracy_heldout import CASES, held_out_rows, row_generation  # noqa: E402

from configurator.core.engine_generations import TODAY, label_of  # noqa: E402

HELD_OUT = Path(__file__).parent / "data" / "held-out.json"
LATENCY = "serving-latency"
SERVER, OFFLINE = "mlperf-server", "mlperf-offline"


def offline_ratio(offline: dict) -> float:
    """The estimator's capacity over the measured one for an MLPerf Offline record: its serving-offline row's
    predicted over measured output tokens/s [-]."""
    row = next(row for row in CASES[OFFLINE](offline) if row.kind == "serving-offline")
    return row.predicted / row.measured


def at_operating_point(server: dict, ratio: float) -> dict:
    """The Server record with its scheduled rate scaled by ``ratio`` (:func:`offline_ratio`): the arrival rate at
    which the predicted copy runs at the relative load the measured one did [requests/s]."""
    scaled = copy.deepcopy(server)
    scaled["values"]["scheduled_samples_per_s"] *= ratio
    return scaled


def operating_point_rows(outside: list[Row], path: Path = HELD_OUT) -> list[Row]:
    """Every held-out serving-latency row of ``outside`` (the headline's: :func:`accuracy_heldout.held_out_rows` of
    ``path``), an MLPerf Server row with an Offline pair predicted again at its measured operating point
    (:func:`at_operating_point` with the pair's :func:`offline_ratio`; its note says the scale), each with its
    engine generation."""
    records = json.loads(path.read_text(encoding="utf-8"))
    offline = {r["id"]: r for r in records if r["case"] == OFFLINE}
    pairs = {r["id"]: (r, offline[r["id"].removesuffix("-server") + "-offline"]) for r in records
             if r["case"] == SERVER and r["id"].removesuffix("-server") + "-offline" in offline}
    rows = [r for r in outside if r.kind == LATENCY and r.row_id.split(" ")[0] not in pairs]
    for server, pair in pairs.values():
        ratio = offline_ratio(pair)
        rows += [dataclasses.replace(row, generation=row_generation(server), note=(
                    f"at the measured operating point: the scheduled rate x {ratio:.3f} (the Offline run's predicted "
                    f"over measured capacity); " + row.note))
                 for row in CASES[SERVER](at_operating_point(server, ratio)) if row.kind == LATENCY]
    return rows


def summary_lines(rows: list[Row]) -> list[str]:
    """The reading's lines for ``accuracy.py --summary``: rows, misses and median |error| of all the held-out
    latency rows and of today's engines' where any (the median keeps a miss as +∞, as the headline's)."""
    def line(label: str, members: list[Row]) -> str:
        median = statistics.median(abs(r.error_pct) for r in members)
        return (f"  {label:38} {len(members):4d} rows  median {percent(median, 6)} %  signed "
                f"{percent(statistics.median(r.error_pct for r in members), 6)}{misses_text(misses(members))}")
    lines = ["serving-latency at the measured operating point (held out; MLPerf Server rows at the scheduled rate x "
             "their Offline run's\n  predicted / measured capacity: benchmarks/latency_operating_point.py; the "
             "headline above is at the scheduled rate):", line("all", rows)]
    today = [r for r in rows if r.generation == TODAY]
    return lines + [line(label_of(TODAY), today)] if today else lines


def print_summary(outside: list[Row], path: Path = HELD_OUT) -> None:
    """Print :func:`summary_lines` for the held-out rows ``outside`` predicted from ``path`` (nothing where no
    latency row is held out)."""
    if path.exists() and any(r.kind == LATENCY for r in outside):
        print("\n" + "\n".join(summary_lines(operating_point_rows(outside, path))))


def main() -> None:
    """Print the reading, and with ``--rows`` each latency row's error at the scheduled rate and at the measured
    operating point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", action="store_true", help="also list every latency row: error at the scheduled "
                        "rate and at the measured operating point [%%]")
    args = parser.parse_args()
    outside = held_out_rows(HELD_OUT)
    moved = operating_point_rows(outside)
    print("\n".join(summary_lines(moved)))
    if args.rows:
        base = {row.row_id: row for row in outside if row.kind == LATENCY}
        for row in sorted(moved, key=lambda r: r.row_id):
            before = base[row.row_id].error_pct
            print(f"{row.row_id:58s} scheduled {before:+8.1f}  operating point {row.error_pct:+8.1f}"
                  + ("" if math.isfinite(row.error_pct) else "  (miss)"))


if __name__ == "__main__":
    main()
