"""The accuracy benchmark's sections past its summary table (``benchmarks/accuracy.py``): each
publication's medians per kind, the rows listed but not predicted, why rows are n/a out of source,
and the H200 rig's training memory by recipe. Printing only; the rows come from ``accuracy.py``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from accuracy_base import TARGETS, Row, part_of_the_benchmark
from accuracy_heldout import describe_excluded
from loso import FITS, Held, Ident, by_publication, kind_summary


def print_by_source(held: Mapping[Ident, Held]) -> None:
    """Per kind that depends on a fitted default: each publication's rows, in-sample and leave-one-source-out
    medians (``loso.by_publication``), so the source that carries a kind's out-of-source error is named."""
    print("\nBy source (kinds with fitted defaults; median |error| %, in sample and leave one source out):")
    for kind in TARGETS:
        summary = kind_summary(held.values(), kind)
        if summary is None or not summary.fitted:
            continue
        print(f"  {kind}")
        for s in by_publication(held.values(), kind):
            out = "n/a" if s.out_of_source is None else f"{s.out_of_source:6.1f}"
            note = f" ({s.with_value}/{s.rows} rows)" if s.out_of_source is not None and s.with_value < s.rows else ""
            rows = f"{s.rows:4d} row{'s' if s.rows > 1 else ' '}"
            print(f"    {s.publication:46} {rows}  in sample {s.in_sample:6.1f}  LOSO {out}{note}")


def print_excluded(path: Path) -> None:
    """The published rows of the held-out file listed as excluded (the estimator cannot express them), by
    publication with the reasons (``accuracy_heldout.describe_excluded``)."""
    text = describe_excluded(path) if path.exists() else ""
    if text:
        print("Listed, not predicted (held-out.json case 'excluded': what the estimator cannot express):\n" + text)


def print_not_available(held: Mapping[Ident, Held]) -> None:
    """Per fitted default that leaves rows n/a out of source: how many rows of which kinds, and why
    (``defaults_registry.FIT_RECORDS``: what was searched for a second source, what would lift it)."""
    from defaults_registry import FIT_RECORDS

    lost: dict[str, list[Held]] = {}
    for h in held.values():
        if h.predicted is None and h.status.startswith("n/a: the ") and " is set only" in h.status:
            lost.setdefault(h.status[len("n/a: the "):h.status.index(" is set only")], []).append(h)
    for name, members in lost.items():
        kinds = ", ".join(f"{k} {sum(h.row.kind == k for h in members)}" for k in sorted({h.row.kind for h in members}))
        record = FIT_RECORDS.get(name)
        print(f"  n/a by the {name} ({kinds} rows): {record.alone[len('n/a: '):] if record else 'not registered'}")
    stood: dict[str, list[Held]] = {}
    for h in held.values():
        for name in (f.name for f in FITS if f.stand_in and f"{f.name} (on its stand-in rows)" in h.status):
            stood.setdefault(name, []).append(h)
    for name, members in stood.items():
        fit = next(f for f in FITS if f.name == name)
        kinds = ", ".join(f"{k} {sum(h.row.kind == k for h in members)}" for k in sorted({h.row.kind for h in members}))
        sources = ", ".join(sorted({h.row.publication for h in members}))
        print(f"  LOSO with a stand-in, the {name} ({kinds} rows of {sources}): the other sources' fitting rows "
              f"cannot solve it,\n    so {len(fit.stand_in)} held-out rows of another rig join them "
              f"({fit.stand_in[0].split(':')[0]}: loso.Fit.stand_in); the shipped fit does not read them")


def print_memory_groups(rows: list[Row]) -> None:
    """Measured training memory per precision recipe and recomputation setting: the error on
    reserved memory (the target) and on peak allocated memory (before the allocator's reserve)."""
    groups: dict[str, list[Row]] = {}
    for r in rows:
        if r.kind == "memory" and r.group:
            groups.setdefault(r.group, []).append(r)
    print(f"\nH200 training memory by recipe and recomputation ({'rows':>4}  reserved: max |err| %  "
          "peak allocated: max |err| %)")
    for group, members in sorted(groups.items()):
        reserved = max(abs(r.error_pct) for r in members)
        peak = max(abs(100 * (p - m) / m) for p, m in (r.peak for r in members))
        within = sum(abs(r.error_pct) <= TARGETS["memory"] for r in members)
        print(f"  {group:36} {len(members):4d}  {reserved:10.1f} ({within}/{len(members)} within ±10 %)  "
              f"{peak:10.1f}")


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
