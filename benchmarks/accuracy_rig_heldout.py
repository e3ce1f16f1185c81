"""The prepared grid's rows measured on a card no default was set from (the H100 SXM, 2026-12-05), as a
held-out set of their own: each row predicted on the card it names with the shipped defaults, reported per
kind beside the H200 rig's in-sample figures, never read by a shipped fit (issue 27 item 8). Read by
:mod:`accuracy`; its decode rows also stand in for the H200 grid's when the leave-one-source-out report
leaves that grid out (``loso_refit.Fit.stand_in``, the transformers decode profile), which moves no shipped default."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from accuracy_base import H100_GRID, TARGETS, Row, part_of_the_benchmark
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


class KindFigures(NamedTuple):
    """One kind's held-out rig rows against the H200 rig's in-sample rows of that kind."""
    kind: str
    rows: list[Row]
    errors: list[float]  # |error| [%]
    reference: list[Row]  # the H200 rig's rows of the kind (its first campaign and grid rows)

    @property
    def median(self) -> float:
        return statistics.median(self.errors)

    @property
    def within(self) -> int:
        return sum(e <= TARGETS[self.kind] for e in self.errors)

    @property
    def reference_median(self) -> float | None:
        return statistics.median(abs(r.error_pct) for r in self.reference) if self.reference else None


def by_kind(held: list[Row], calibration: list[Row]) -> list[KindFigures]:
    """The held-out rig rows per accuracy kind (in ``TARGETS`` order, kinds without rows left out), each
    beside the H200 rig's in-sample rows of the kind: what ``accuracy.py --summary`` prints and the README's
    accuracy footnote says."""
    h200 = [r for r in calibration if r.source == "h200"]
    out = []
    for kind in TARGETS:
        rows = [r for r in held if r.kind == kind]
        if rows:
            out.append(KindFigures(kind, rows, [abs(r.error_pct) for r in rows], [r for r in h200 if r.kind == kind]))
    return out


def print_rig_held_out(held: list[Row], calibration: list[Row]) -> None:
    """Per kind: the held-out rig rows' count, median and worst |error|, median signed error and rows
    within target, beside the same kind's in-sample figures on the H200 rig."""
    if not held:
        return
    print(f"\n{RIG_HELD_OUT_LABEL} ({H100_GRID}: benchmarks/data/{RIG_HELD_OUT_GLOB}, each row predicted on the "
          "card it names with the shipped defaults; sets nothing)")
    print(f"{'kind':20} {'rows':>5} {'median |err| %':>15} {'max |err| %':>12} {'bias %':>7} {'within target':>14}"
          f"   {'H200 rig median %':>17} {'bias %':>7}")
    for k in by_kind(held, calibration):
        ref_text = (f"{k.reference_median:17.1f} {bias_pct(k.reference):+7.1f}" if k.reference
                    else f"{'':17} {'':7}")
        print(f"{k.kind:20} {len(k.rows):5d} {k.median:15.1f} {max(k.errors):12.1f} {bias_pct(k.rows):+7.1f} "
              f"{k.within:6d}/{len(k.rows)} (±{TARGETS[k.kind]:.0f} %)   {ref_text}")

if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
