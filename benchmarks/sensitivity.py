"""How far each assumed efficiency default moves the accuracy benchmark.

The defaults marked **Assumption** in ``configurator/core/formulas/efficiency.py`` (its
``UNSOURCED``) have no measurement or publication of their own; what the repository can say
about them is how the calibration rows (``benchmarks/data``, the rows of ``accuracy.py``) answer
when one of them moves. For each, this script runs every row with the default scaled by
0.5, 0.8, 1.25 and 1.5 (kept inside the field's range) and prints the median |error| per kind
of number that moves, beside the default's. Nothing is changed or fitted: it tells which
assumptions the numbers hang on, and whether the data would pull a default one way.

Usage: ``.venv/bin/python benchmarks/sensitivity.py [--factors 0.5,0.8,1.25,1.5]``
"""

from __future__ import annotations

import argparse
import sys

from accuracy import all_rows, medians
from configurator.core.bounds import field_bounds
from configurator.core.estimate import clear_estimate_memo
from configurator.core.formulas.efficiency import UNSOURCED
from configurator.core.scenario import Assumptions, Scenario

MOVES = 0.05
"""A kind's median counts as moved when it shifts by more than this many points [%]."""


def _with_default(name: str, value: float) -> None:
    """Make ``value`` the default of ``Assumptions.<name>`` for every scenario built after this
    (the class's field and the scenario's default instance), and forget kept estimates."""
    Assumptions.model_fields[name].default = value
    Assumptions.model_rebuild(force=True)
    Scenario.model_fields["assumptions"].default = Assumptions()
    Scenario.model_rebuild(force=True)
    clear_estimate_memo()


def _inside(name: str, value: float) -> float | None:
    """``value`` (rounded for a whole-number field) if the field's declared range holds it, else None."""
    default = Assumptions.model_fields[name].default
    if isinstance(default, int) and not isinstance(default, bool):
        value = round(value)
    return value if field_bounds(Assumptions, name).contains(value) else None


def sweep(factors: tuple[float, ...]) -> list[tuple[str, float, list[tuple[float, dict[str, float]]]]]:
    """(assumption, default, [(value, median |error| per kind)]) for each assumed default."""
    results = []
    for name in UNSOURCED:
        default = Assumptions.model_fields[name].default
        values = sorted({v for v in (_inside(name, default * f) for f in (*factors, 1.0)) if v is not None})
        points = []
        for value in values:
            _with_default(name, value)
            points.append((value, medians(all_rows())))
        _with_default(name, default)
        results.append((name, default, points))
    return results


def print_sweep(results) -> None:
    for name, default, points in results:
        base = dict(points)[default]
        moved = sorted(k for k in base if any(abs(m[k] - base[k]) > MOVES for _, m in points))
        print(f"\n{name} (default {default:g})")
        if not moved:
            print("  no calibration row moves (no measured or published row reads it)")
            continue
        print(f"  {'value':>10}  " + "  ".join(f"{k:>18}" for k in moved))
        for value, m in points:
            mark = " *" if value == default else "  "
            print(f"  {value:10.4g}{mark}" + "  ".join(f"{m[k]:18.1f}" for k in moved))
        for k in moved:
            best = min(points, key=lambda p: p[1][k])
            if best[0] != default and best[1][k] < base[k] - 1.0:
                print(f"  {k}: lowest median at {best[0]:g} ({best[1][k]:.1f} % against {base[k]:.1f} %)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factors", default="0.5,0.8,1.25,1.5", help="multiples of each default tried")
    args = parser.parse_args(argv)
    factors = tuple(float(f) for f in args.factors.split(","))
    print("median |error| % of the calibration rows (benchmarks/data) per kind that moves; * = the default")
    print_sweep(sweep(factors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
