"""The fitted defaults as ``loso.py`` and ``accuracy.py`` print them: each fit's rows, rule, shipped value, the
value its rule gives on today's formulas and its cross-validated error; then the informed defaults and those
since fitted or derived. A part of the benchmark (``loso.py`` runs it), not a tool of its own."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from accuracy_base import Row
from loso import DERIVED, FITS, INFORMED
from loso_refit import RowSource, _predictions, leave_one_row_out, publication_of_key, refit


def print_fits(source: RowSource, rows: Sequence[Row]) -> None:
    """The fitted defaults with their rows and values (shipped, and what their rule gives
    today), and the defaults informed by rows without a rule."""
    print("\nFitted defaults (solved from calibration rows by a rule; refitted without the held-out source):")
    for fit in FITS:
        publications = sorted({publication_of_key(k, rows) for k in fit.rows})
        today = refit(fit, fit.rows, source)
        shipped = ", ".join(f"{k} {v:.4g}" for k, v in fit.shipped().items())
        solved = ", ".join(f"{k} {v:.4g}" for k, v in today.items()) if today else "no solution"
        print(f"  {fit.name}: {len(fit.rows)} rows of {', '.join(publications)}")
        print(f"    rule: {fit.rule}")
        print(f"    shipped: {shipped}; the rule on today's formulas: {solved}")
        how = "leave one row out"
        if fit.left_out is not None:
            how, errors = "leave one pair out", fit.left_out(_predictions([(k, fit.kind_of(k)) for k in fit.rows],
                                                                          source))
        else:
            errors = leave_one_row_out(fit, source)
        crossed = [abs(e) for e in errors.values() if e is not None]
        if crossed:
            print(f"    {how}: median |error| {statistics.median(crossed):.1f} %, "
                  f"worst {max(crossed):.1f} % over {len(crossed)} rows")
        print(f"    held: {fit.held}")
        if fit.stand_in:
            print(f"    where a source left out leaves too few rows to solve it, {len(fit.stand_in)} held-out rows join "
                  f"them ({fit.stand_in[0].split(':')[0]}: ..., Fit.stand_in); the shipped fit does not read them")
    print("\nDefaults informed by calibration rows without a rule (their rows stay in sample):")
    if not INFORMED:
        print("  none: every default is fitted by a rule, measured, sourced or derived (defaults_registry.py)")
    for item in INFORMED:
        print(f"  {item.default} [{item.publication}]: {item.how}")
        print(f"    settled by: {item.settled_by}")
    print("\nDefaults once informed by calibration rows, since fitted or derived from first principles:")
    for item in DERIVED:
        print(f"  {item.default} [{item.publication}]: {item.how}")


if __name__ == "__main__":  # a part of the benchmark, not a tool of its own
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    print("run benchmarks/loso.py, which prints the fits through this module")
