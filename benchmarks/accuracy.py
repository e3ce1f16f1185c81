"""Accuracy of the estimator against real measurements and published results.

Runs every usable row of ``benchmarks/data/h200-calibration.jsonl`` and
``benchmarks/data/published-calibration.json`` (the calibration data, in the repository with
their sources: ``benchmarks/data/README.md``) through the estimator with the *default* efficiencies and
prints a table (row, predicted, measured, error %) and a summary per kind.

Each published row is translated into a scenario from what its source states (model shape,
cards, parallelism, batch); where a source leaves a setting open, the translation says what
was assumed. Nothing here is tuned to a row.

Beside each in-sample error it prints the leave-one-source-out error: the row predicted with the
defaults fitted to calibration rows solved again without the rows of the row's own publication
(``loso.py``; "not fitted" where no such default moves the row, n/a where no other publication
has rows to solve it from, nor a held-out set standing in for them: ``loso_refit.Fit.stand_in``). The
held-out published rows of ``benchmarks/data/held-out.json``, which set nothing, are predicted with the
shipped defaults and reported apart (``accuracy_heldout.py``).

A latency row whose run's arrival rate is past the capacity the load model predicts for the copy is a capacity
miss (``accuracy_base.CAPACITY_MISS``): kept, never dropped, its error counted over target and above every finite
one in each median and max; the summary counts the misses beside each kind (``accuracy_sections.py``).

The row record, catalog and model shapes are in ``accuracy_base.py``; the published rows' cases in
``accuracy_published.py``; the training rows' builders in ``accuracy_training.py``, the serving rows' in
``accuracy_serving.py`` and ``accuracy_llama_cpp.py``.

Usage: ``.venv/bin/python benchmarks/accuracy.py [--reference DIR] [--csv FILE] [--summary [--by-source]]``
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
from collections.abc import Container, Iterable
from pathlib import Path

from accuracy_base import CATALOG, TARGETS, Row
from accuracy_heldout import SOURCE, held_out_rows
from accuracy_rig_heldout import RIG_HELD_OUT_GLOB, print_rig_held_out, rig_held_out_rows
from accuracy_sections import (print_by_source, print_excluded, print_held_out_by_generation,
                               print_held_out_by_source, print_memory_groups, print_summary, print_table)
from latency_operating_point import print_summary as print_latency_at_operating_point
from h200_rig_rows import h200_ceilings, h200_rows
from accuracy_planner import PLANNER_KIND
from accuracy_published import published_rows
from accuracy_training import _PLANNER_ROWS
from loso import Held, leave_one_source_out
from loso_refit import Ident, ident
from loso_report import print_fits

__all__ = ["CATALOG", "TARGETS", "Row", "all_rows", "held_out", "medians", "out_of_source"]

DATA = Path(__file__).resolve().parent / "data"
"""The calibration data in the repository."""

HELD_OUT = DATA / "held-out.json"
"""Published rows that set nothing (``accuracy_heldout.py``): reported apart from the calibration."""


def all_rows(folder: Path = DATA) -> list[Row]:
    """Every measured and published row of the calibration files in ``folder``."""
    return [*h200_rows(folder / "h200-calibration.jsonl"), *published_rows(folder / "published-calibration.json")]


def held_out(path: Path = HELD_OUT) -> list[Row]:
    """The held-out rows, predicted with the shipped defaults."""
    return held_out_rows(path)


def out_of_source(rows: list[Row], folder: Path = DATA) -> dict[Ident, Held]:
    """Each calibration row predicted with the defaults set without its publication (loso.py)."""
    return leave_one_source_out(rows, lambda keys, kinds=None: rows_for_keys(keys, folder, kinds))


def rows_for_keys(keys: Iterable[str], folder: Path = DATA, kinds: Container[str] | None = None) -> list[Row]:
    """The calibration rows named by key (``source:row_id``), of ``kinds`` when given, built
    again with the defaults then in force (``accuracy_base.profiles_in_force``,
    ``assumptions_in_force``)."""
    wanted = set(keys)
    cases = {k.split(":", 1)[1].split()[0] for k in wanted if k.startswith("h200:")}
    ids = {k.split(":", 1)[1].split()[0] for k in wanted if k.startswith("published:")}
    rows = [*h200_rows(folder / "h200-calibration.jsonl", cases)] if cases else []
    rig = {k.split(":", 1)[1].split()[0] for k in wanted if k.startswith("h100:")}  # a held-out set standing in
    rows += [row for path in sorted(folder.glob(RIG_HELD_OUT_GLOB)) for row in h200_rows(path, rig)] if rig else []
    if ids:
        _PLANNER_ROWS[0] = kinds is None or PLANNER_KIND in kinds
        try:
            rows += published_rows(folder / "published-calibration.json", ids=ids)
        finally:
            _PLANNER_ROWS[0] = True
    return [r for r in rows if r.key in wanted and (kinds is None or r.kind in kinds)]


def medians(rows: list[Row]) -> dict[str, float]:
    """Median absolute error per kind [%]."""
    kinds = {r.kind for r in rows}
    return {k: statistics.median(abs(r.error_pct) for r in rows if r.kind == k) for k in kinds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=DATA, help="folder of the calibration files")
    parser.add_argument("--csv", type=Path, help="also write the rows to this CSV file")
    parser.add_argument("--summary", action="store_true", help="print only the summary per kind (CI)")
    parser.add_argument("--by-source", action="store_true",
                        help="with --summary: also each publication's in-sample, leave-one-source-out and held-out "
                             "medians, with their capacity misses")
    args = parser.parse_args(argv)
    h200 = args.reference / "h200-calibration.jsonl"
    published = args.reference / "published-calibration.json"
    if not h200.exists() or not published.exists():
        print(f"reference data not found in {args.reference}", file=sys.stderr)
        return 2
    rows = all_rows(args.reference)
    held = out_of_source(rows, args.reference)
    outside = held_out(args.reference / HELD_OUT.name) if (args.reference / HELD_OUT.name).exists() else []
    if args.summary:
        print("accuracy against the calibration data in benchmarks/data "
              "(.venv/bin/python benchmarks/accuracy.py for rows):")
        print_summary(rows, held, outside)
        print_held_out_by_generation(outside)
        print_latency_at_operating_point(outside, args.reference / HELD_OUT.name)
        print_rig_held_out(rig_held_out_rows(args.reference), rows)
        print_excluded(args.reference / HELD_OUT.name)
        if args.by_source:
            print_by_source(held)
            print_held_out_by_source(outside)
        return 0
    print_table(rows, held)
    print_summary(rows, held, outside)
    print_held_out_by_generation(outside)
    rig_held = rig_held_out_rows(args.reference)
    print_rig_held_out(rig_held, rows)
    print_excluded(args.reference / HELD_OUT.name)
    print_by_source(held)
    print_held_out_by_source(outside)
    print("\nHeld-out published rows (set nothing; benchmarks/data/held-out.json):")
    print_table(outside)
    print(f"\nHeld-out rig rows (set nothing; benchmarks/data/{RIG_HELD_OUT_GLOB}):")
    print_table(rig_held)
    print_fits(lambda keys, kinds=None: rows_for_keys(keys, args.reference, kinds), rows)
    print_memory_groups(rows)
    print("\nH200 measured ceilings vs datasheet (why default efficiencies are below 1):")
    for name, measured, datasheet in h200_ceilings(h200):
        print(f"  {name:28} {measured:9.1f} of {datasheet:9.1f}  = {measured / datasheet:5.2f}")
    if args.csv:
        with args.csv.open("w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(["source", "publication", "row", "kind", "quantity", "predicted", "measured", "error_pct",
                             "loso_error_pct", "loso_status", "note"])
            for r in [*rows, *outside, *rig_held]:
                h = held.get(ident(r)) if r.source != SOURCE else None
                writer.writerow([r.source, r.publication, r.row_id, r.kind, r.quantity, r.predicted, r.measured,
                                 r.error_pct, "" if h is None or h.error_pct is None else h.error_pct,
                                 "held out" if h is None else h.status, r.note])
    return 0


if __name__ == "__main__":
    sys.exit(main())
