"""The prepared grid's rows measured on a card no default was set from (the H100 SXM, 2026-12-05), as a
held-out set of their own: each row predicted on the card it names with the shipped defaults, reported per
kind beside the H200 rig's in-sample figures, never read by a fit (issue 27 item 8). Read by
:mod:`accuracy`."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from pathlib import Path

from accuracy_base import H100_GRID, TARGETS, Row
from h200_rig_rows import h200_rows

RIG_HELD_OUT_GLOB = "h100-grid-*.jsonl"
"""The held-out rig files in ``benchmarks/data`` (``h100-grid-2026-12-05.jsonl``: prefill, decode and the
training anchors; ``h100-grid-2026-12-05-2.jsonl``: training memory, LoRA, reserve and GEMMs)."""

RIG_HELD_OUT_LABEL = "held out: H100 rig"
"""The name the set goes by in ``accuracy.py --summary``."""


def rig_held_out_rows(folder: Path) -> list[Row]:
    """Every accuracy row of the held-out rig files in ``folder``, predicted on the card each row names
    (``h200_rig_rows.card_of``); the GEMM rows feed no accuracy kind (``tools/import_gpu_grid.py``
    compares them with ``formulas.gemm_efficiency``)."""
    return [row for path in sorted(folder.glob(RIG_HELD_OUT_GLOB)) for row in h200_rows(path)]


def bias_pct(rows: Iterable[Row]) -> float:
    """Median signed error [%]: above 0 the estimate is over the measurement (a time too long, a rate or
    a memory figure too high)."""
    return statistics.median(r.error_pct for r in rows)


def print_rig_held_out(held: list[Row], calibration: list[Row]) -> None:
    """Per kind: the held-out rig rows' count, median and worst |error|, median signed error and rows
    within target, beside the same kind's in-sample figures on the H200 rig (its first campaign and
    grid rows)."""
    if not held:
        return
    h200 = [r for r in calibration if r.source == "h200"]
    print(f"\n{RIG_HELD_OUT_LABEL} ({H100_GRID}: benchmarks/data/{RIG_HELD_OUT_GLOB}, each row predicted on the "
          "card it names with the shipped defaults; sets nothing)")
    print(f"{'kind':20} {'rows':>5} {'median |err| %':>15} {'max |err| %':>12} {'bias %':>7} {'within target':>14}"
          f"   {'H200 rig median %':>17} {'bias %':>7}")
    for kind in TARGETS:
        rows = [r for r in held if r.kind == kind]
        if not rows:
            continue
        errors = [abs(r.error_pct) for r in rows]
        within = sum(e <= TARGETS[kind] for e in errors)
        ref = [r for r in h200 if r.kind == kind]
        ref_text = (f"{statistics.median(abs(r.error_pct) for r in ref):17.1f} {bias_pct(ref):+7.1f}" if ref
                    else f"{'':17} {'':7}")
        print(f"{kind:20} {len(rows):5d} {statistics.median(errors):15.1f} {max(errors):12.1f} {bias_pct(rows):+7.1f} "
              f"{within:6d}/{len(rows)} (±{TARGETS[kind]:.0f} %)   {ref_text}")


if __name__ == "__main__":  # a part of the benchmark, not a tool of its own
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run .venv/bin/python benchmarks/accuracy.py for the benchmark.").parse_args()
    print("part of benchmarks/accuracy.py: run .venv/bin/python benchmarks/accuracy.py")
