"""The accuracy benchmark's printed sections (``benchmarks/accuracy.py``): the row table, the summary per kind,
each publication's medians per kind (in sample, out of source and held out), the rows listed but not predicted,
why rows are n/a out of source, and the H200 rig's training memory by recipe. Printing only; the rows come from
``accuracy.py``.

A capacity miss (``accuracy_base.CAPACITY_MISS``: a latency row whose run's rate is past the copy's predicted
capacity) is a row like any other: its error, +∞, counts over target and above every finite error in the medians
and the max, which then print ``miss``; each median's line says how many of its rows miss."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping
from pathlib import Path

from accuracy_base import TARGETS, Row, misses, misses_text, part_of_the_benchmark, percent
from accuracy_heldout import describe_excluded
from loso import FITS, NOT_FITTED, Held, by_publication, describe, kind_summary
from loso_refit import Ident, ident

from configurator.core.engine_generations import GENERATIONS, TODAY, label_of


def print_table(rows: list[Row], held: Mapping[Ident, Held] | None = None) -> None:
    """Each row: predicted, measured, error, and (with ``held``) the error with the defaults set
    without the row's publication; a capacity miss prints ``miss`` for its prediction and error."""
    print(f"{'source':9} {'row':44} {'kind':18} {'quantity':22} {'predicted':>11} {'measured':>11} {'error %':>8}"
          f"{'  LOSO %' if held else ''}")
    for r in rows:
        flag = "  <-- capacity miss" if r.capacity_miss else \
            "" if abs(r.error_pct) <= TARGETS[r.kind] else "  <-- outside target"
        out = ""
        if held:
            h = held[ident(r)]
            out = f"  {'n/a':>6}" if h.error_pct is None else f"  {h.error_pct:+6.1f}"
        predicted, error = ((f"{'miss':>11}", f"{'miss':>8}") if r.capacity_miss else
                            (f"{r.predicted:11.4g}", f"{r.error_pct:+8.1f}"))
        print(f"{r.source:9} {r.row_id[:44]:44} {r.kind:18} {r.quantity[:22]:22} {predicted} "
              f"{r.measured:11.4g} {error}{out}{flag}")
        if r.note:
            print(f"{'':9} {'  ' + r.note}")
        if held and held[ident(r)].status != NOT_FITTED:
            print(f"{'':9} {'  LOSO: ' + held[ident(r)].status}")


def print_summary(rows: list[Row], held: Mapping[Ident, Held] | None = None, outside: list[Row] | None = None) -> None:
    """Per kind: the in-sample errors (the first columns, as CI has always printed them), then how many of the
    kind's rows are capacity misses (``misses``), the leave-one-source-out median and the held-out rows' errors
    with their misses. Every median and max is over all the kind's rows, a miss counting above every finite
    error (``accuracy_base.CAPACITY_MISS``)."""
    extra = (f"   {'LOSO median %':34} {'held-out rows':>13} {'misses':>6} {'median %':>9} {'max %':>7}"
             if held is not None else "")
    head = f"{'kind':20} {'rows':>5} {'median |err| %':>15} {'max |err| %':>12} {'within target':>14}"
    print(f"\n{head:73} {'misses':>6}{extra}")
    for kind in TARGETS:
        errors = [abs(r.error_pct) for r in rows if r.kind == kind]
        others = [abs(r.error_pct) for r in outside or [] if r.kind == kind]
        if not errors and not others:
            continue
        if errors:
            within = sum(e <= TARGETS[kind] for e in errors)
            line = (f"{kind:20} {len(errors):5d} {percent(statistics.median(errors), 15)} "
                    f"{percent(max(errors), 12)} {within:6d}/{len(errors)} (±{TARGETS[kind]:.0f} %)")
            line = f"{line:73} {misses(r for r in rows if r.kind == kind):6d}"
        else:
            line = f"{kind:20} {0:5d} {'':15} {'':12} {'':>14}"
        if held is not None:
            line = f"{line:80}   {describe(kind_summary(held.values(), kind)):34}"
            line += (f" {len(others):13d} {misses(r for r in outside or [] if r.kind == kind):6d} "
                     f"{percent(statistics.median(others), 9)} {percent(max(others), 7)}" if others else
                     f" {0:13d}")
        print(line)
    if held is not None:
        publications = len({r.publication for r in outside or []})
        from_fitting = [r for r in outside or [] if r.publication in {c.publication for c in rows}]
        print("LOSO: each source's rows predicted with the defaults set without them (benchmarks/loso.py); 'not "
              "fitted':\n  no default these rows depend on is fitted to rows, so it is the in-sample median; n/a: the "
              "default is fitted\n  only to the row's own source; a source with no fitting row keeps its in-sample "
              "figure, out of source\n  for the defaults fitted without it. Held-out: "
              f"{len(outside or [])} published rows that set nothing, from {publications} publications "
              "(benchmarks/data/held-out.json),\n  predicted with the shipped defaults"
              + (f"; {len(from_fitting)} of them from a table whose other rows set a default, left out of its fit "
                 "(the row's within_source says why)." if from_fitting else "."))
        print_not_available(held)
        print("misses: latency rows whose run's rate is past the copy's predicted capacity (no finite latency "
              "predicted):\n  kept, counted over target and above every finite error in the median and max "
              "('miss' where one lands there).")


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
            out = "n/a" if s.out_of_source is None else percent(s.out_of_source, 6)
            note = f" ({s.with_value}/{s.rows} rows)" if s.out_of_source is not None and s.with_value < s.rows else ""
            note += misses_text(s.out_of_source_misses)
            rows = f"{s.rows:4d} row{'s' if s.rows > 1 else ' '}"
            print(f"    {s.publication:46} {rows}  in sample {percent(s.in_sample, 6)}{misses_text(s.misses)}  LOSO "
                  f"{out}{note}")


def print_held_out_by_source(outside: list[Row]) -> None:
    """Per kind: each publication's held-out rows, their median |error| and how many are capacity misses
    (``accuracy_base.CAPACITY_MISS``, counted in the median above every finite error), most rows first."""
    print("\nHeld out by source (median |error| %; misses: latency rows past the copy's predicted capacity):")
    for kind in TARGETS:
        members: dict[str, list[Row]] = {}
        for r in outside:
            if r.kind == kind:
                members.setdefault(r.publication, []).append(r)
        if not members:
            continue
        print(f"  {kind}")
        for publication, items in sorted(members.items(), key=lambda item: (-len(item[1]), item[0])):
            print(f"    {publication:46} {len(items):4d} row{'s' if len(items) > 1 else ' '}  median "
                  f"{percent(statistics.median(abs(r.error_pct) for r in items), 6)}{misses_text(misses(items))}")


def held_out_by_generation(outside: list[Row]) -> dict[str, dict[str, tuple[int, int, float, float]]]:
    """The held-out errors split by engine generation (``Row.generation``,
    ``configurator.core.engine_generations``), for each kind that has a row of a superseded one: per generation,
    today's engines first, its rows, capacity misses, median |error| and signed median [%] (a miss counting
    above every finite error, as in the summary). The figures the README's held-out line can split by."""
    order = [TODAY, *(g.key for g in GENERATIONS)]
    split: dict[str, dict[str, tuple[int, int, float, float]]] = {}
    for kind in TARGETS:
        rows = [r for r in outside if r.kind == kind]
        if not any(r.generation not in ("", TODAY) for r in rows):
            continue
        split[kind] = {}
        for key in order:
            members = [r for r in rows if (r.generation or TODAY) == key]
            if members:
                split[kind][key] = (len(members), misses(members),
                                    statistics.median(abs(r.error_pct) for r in members),
                                    statistics.median(r.error_pct for r in members))
    return split


def print_held_out_by_generation(outside: list[Row]) -> None:
    """The held-out kinds with a superseded engine generation's rows, split by generation
    (:func:`held_out_by_generation`): an old engine's error is not today's."""
    split = held_out_by_generation(outside)
    if not split:
        return
    print("\nHeld out by engine generation (median |error| %, signed median %; configurator/core/"
          "engine_generations.py:\n  a superseded generation's runs are predicted with today's profile):")
    for kind, by in split.items():
        print(f"  {kind}")
        for key, (count, missed, median, signed) in by.items():
            print(f"    {label_of(key):30} {count:4d} rows  median {percent(median, 6)}  signed "
                  f"{'miss' if math.isinf(signed) else f'{signed:+.1f}':>6}{misses_text(missed)}")


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
