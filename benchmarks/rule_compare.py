"""Least squares or the median: which rule sets each single-constant fitted default, by cross-validation.

For each fit of :data:`loso.FITS` that solves one ``Assumptions`` field by least squares on the log
error (the training matrix-product efficiency, the serving prefill efficiency), the same fit under
the robust rule (``Fit.median``: the value at which the median row's log error is zero) is set
beside it, and both are cross-validated the way the report does: each publication's rows predicted
with the constant solved without them (leave one source out), over every row whose prediction moves
with the constant (the rows it feeds, of every kind), and each fitting row predicted with the
constant solved from the others (leave one row out). The rule with the lower leave-one-source-out
median error over the rows fed is the one to ship (``loso.py``, the fit's ``rule`` text says which
won and by how much).

Usage: ``.venv/bin/python benchmarks/rule_compare.py`` (about a minute of CPU per fit and rule).
"""

from __future__ import annotations

import dataclasses
import statistics
from collections.abc import Sequence

import accuracy
from accuracy_base import Row, assumptions_in_force
from loso import FITS, SHIPPED, Fit, moved_by, ident, leave_one_row_out, leave_one_source_out, refit


def single_constant_fits() -> list[Fit]:
    """The fits that solve one ``Assumptions`` field from predictions (not measured)."""
    return [f for f in FITS if f.engine is None and f.measured is None and len(f.solved) == 1]


def variants(fit: Fit) -> dict[str, Fit]:
    """The fit under each rule: least squares on the log error, and the median."""
    return {"least squares": dataclasses.replace(fit, median=False), "median": dataclasses.replace(fit, median=True)}


def median_abs(errors: Sequence[float | None]) -> tuple[float | None, int]:
    """The median |error| of the errors with a value [%], and how many have one."""
    valued = [abs(e) for e in errors if e is not None]
    return (statistics.median(valued) if valued else None), len(valued)


def compare(fit: Fit) -> dict[str, dict[str, object]]:
    """Per rule: the value it gives on every fitting row, and its errors [%] in sample, left one
    source out and left one row out, over the rows the constant feeds (per kind and pooled)."""
    source = accuracy.rows_for_keys
    results: dict[str, dict[str, object]] = {}
    for rule, variant in variants(fit).items():
        values = refit(variant, variant.rows, source)
        assert values is not None, f"{fit.name}: the {rule} rule has no solution"
        with assumptions_in_force(values):
            rows: list[Row] = accuracy.all_rows()
            fed = moved_by(variant, [ident(r) for r in rows], source, SHIPPED, rows)
            held = leave_one_source_out(rows, source, [variant if f is fit else f for f in FITS])
        kinds = sorted({kind for _, kind in fed})
        per_kind = {}
        for kind in kinds:
            members = [w for w in fed if w[1] == kind]
            in_sample = median_abs([held[w].row.error_pct for w in members])[0]
            loso, valued = median_abs([held[w].error_pct for w in members])
            per_kind[kind] = (len(members), in_sample, loso, valued)
        loso, valued = median_abs([held[w].error_pct for w in fed])
        loro, _ = median_abs(list(leave_one_row_out(variant, source).values()))
        results[rule] = {"values": values, "fed": len(fed), "in_sample": median_abs([held[w].row.error_pct
                                                                                      for w in fed])[0],
                         "loso": loso, "loso_rows": valued, "loro": loro, "per_kind": per_kind}
    return results


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f}"


def main() -> int:
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    for fit in single_constant_fits():
        (name,) = fit.solved
        print(f"\n{fit.name} ({name}, {len(fit.rows)} fitting rows; shipped {fit.shipped()[name]:.4g})")
        for rule, result in compare(fit).items():
            (value,) = result["values"].values()
            print(f"  {rule:14} value {value:.4f}; {result['fed']} rows fed: in sample {_pct(result['in_sample'])} %, "
                  f"LOSO {_pct(result['loso'])} % ({result['loso_rows']} rows with a value); "
                  f"leave one row out (fitting rows) {_pct(result['loro'])} %")
            for kind, (count, in_sample, loso, valued) in result["per_kind"].items():
                print(f"    {kind:20} {count:3d} rows  in sample {_pct(in_sample):>5} %  LOSO {_pct(loso):>5} % "
                      f"({valued}/{count})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
