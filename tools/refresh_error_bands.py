"""Write ``resources/error_bands.json``: how far each kind of estimate has been off out of sample.

The residuals are the leave-one-source-out residuals of the calibration rows and those of the held-out
rows of ``benchmarks/accuracy.py`` (issue 14, part 9; issue 27, parts 1 and 6).

For every row the residual is ``ln(measured / predicted)``, taken in the sense the app shows the
number in (a rate — tokens/s —, a time — TTFT, TPOT —, or a size — memory per card; a row measured
as the other of rate and time is inverted). The rows pooled are: each calibration row predicted with
the defaults set without its own publication (``benchmarks/loso.py``; a row with no such prediction,
"n/a", is left out), each published held-out row (``benchmarks/data/held-out.json``) and each H100
rig row (``h100-grid-*.jsonl``), both predicted with the shipped defaults, which they set nothing of.
No residual is one the defaults were fitted to, so the band says how far a new case lands, not how
well the fit matches its own rows (before December 2026 the bands were the calibration rows' in-sample
residuals: serving throughput's read ×0.78–×1.00 on 2 to 64 cards, held by
the guard, while its held-out rows ran 15 % slower than predicted at the median; 46 % of them lay inside).
Per kind and per scale bucket (cards the row ran on: 1, 2–64, more than 64) the band is the 10th to
the 90th percentile of the residuals, as factors on the estimate: the "likely" range holds 80 % of
the pooled rows, widened to hold the estimate itself where they all lie on one side of it
(:func:`configurator.core.uncertainty.holding_estimate`, a guard; the entry's caveat says where it
bit). A bucket with fewer than 5 rows takes its kind's band over all scales and says so.

Groups (issue 27, part 6; session 50). The rule, fixed before the numbers were read: a kind whose number the
serving engine produces (:data:`GROUPED_KINDS`: prefill, decode, serving throughput) is grouped, within each scale
bucket that has a band of its own, by the one attribute both a row and a buyer's scenario state and that changes
the kernels run: the engine (the row's scenario's ``serving.engine``) on the card's software stack (catalog
``software.stack``), :func:`configurator.core.uncertainty.band_group`. A group gets a band of its own when it has
at least :data:`MIN_GROUP_ROWS` rows (so that the 10 % left out at each end is at least two rows)
from at least :data:`MIN_GROUP_PUBLICATIONS` publications (so that no one campaign's setup is the group's band);
every other group, and every row whose engine or stack is not stated, is read at the scale's band over all rows
(the fallback, which every row still enters). The guard holds for a group's band as for any; its entry keeps the
median, which the app says beside the band where the guard bit. Each band
names its rows, calibration (``h200:``, ``published:``) and held out (``held-out:``, ``h100:``),
and counts both. Nothing is fitted: the band is order statistics of the rows as they are.

Run it deliberately after a change that moves the accuracy benchmark (it builds the
leave-one-source-out predictions: about 5 minutes), review ``git diff resources/error_bands.json``
and say before -> after in the commit; ``tests/test_error_bands.py`` fails until then.
``--coverage`` writes nothing and prints, per kind and scale, the share of the held-out rows inside the
bundled bands, inside bands from the calibration rows in sample (the rule before) and inside the pooled
bands, and a split-half check (bands from the pooled rows of a random half of the publications, coverage of
the other half's rows; :func:`split_half`), then per group of a grouped kind the same for its held-out rows, and
whether it has a band of its own. Measured 2026-12-06: ``benchmarks/data/notes-bands-out-of-sample-2026-12-06.md``;
the groups, 2026-12-07: ``benchmarks/data/notes-band-groups-2026-12-07.md``.

Usage: ``.venv/bin/python tools/refresh_error_bands.py [--check | --coverage]``
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
from accuracy_rig_heldout import RIG_HELD_OUT_GLOB, rig_held_out_rows  # noqa: E402

from configurator.core.uncertainty import HELD_OUT_SOURCES, holding_estimate, work_group  # noqa: E402

OUTPUT = ROOT / "resources" / "error_bands.json"

LOW_PERCENTILE, HIGH_PERCENTILE = 10, 90
"""The "likely" band: 10th to 90th percentile of the residuals (80 % of the pooled rows)."""

MIN_ROWS = 5
"""Fewest rows a scale bucket needs for a band of its own (brief of issue 14, part 9)."""

GROUPED_KINDS = ("prefill", "decode", "serving-throughput")
"""The kinds whose bands are grouped by engine and software stack (the module's rule)."""

MIN_GROUP_ROWS = 20
"""Fewest rows a group needs for a band of its own: 2 / 0.10, so that the 10 % of its rows a band leaves out at
each end is at least two rows, not one run's [rows]."""

MIN_GROUP_PUBLICATIONS = 3
"""Fewest publications (campaigns) a group's rows must come from for a band of its own."""

SCALES = (("1", 1, 1), ("2-64", 2, 64), (">64", 65, None))
"""Scale buckets by the cards a row ran on: (name, fewest, most; None: no limit)."""

KINDS = {
    "train-throughput": ("rate", "training throughput [tokens/s]; the time to train is its inverse"),
    "memory": ("size", "memory per card [GiB]"),
    "prefill": ("time", "prefill time, the time to first token [s]"),
    "decode": ("time", "decode step, the time per output token [s]"),
    "serving-throughput": ("rate", "serving output throughput [tokens/s]"),
}
"""The kinds of accuracy.py that carry a band, with the sense the app shows them in. The
train-planner rows are left out: their measured value is the published layout's, not the one
the planner chose, so their residual mixes the estimator's error with the choice of layout.
The MLPerf rows (serving-server, serving-offline) and the latency rows (serving-latency) are left
out: accuracy.py keeps them apart (the load model's rate under p99 limits, its capacity and its
latencies, not a throughput or a time the app's bands describe)."""

TIME_UNITS = {"s", "ms", "s/step", "s/iteration"}
RATE_UNITS = {"tokens/s", "tokens/s/card", "TFLOP/s/card", "output"}
SIZE_UNITS = {"reserved", "activations", "weights", "GB", "GiB", "peak", "process"}
"""First word of a row's quantity (accuracy.Row.quantity) and what it is; an unknown one stops
the refresh rather than being guessed."""


def row_sense(quantity: str) -> str:
    """'time', 'rate' or 'size' for an accuracy row's quantity ('ms TTFT', 'tokens/s/card' …)."""
    word = quantity.split()[0]
    for sense, words in (("time", TIME_UNITS), ("rate", RATE_UNITS), ("size", SIZE_UNITS)):
        if word in words:
            return sense
    raise ValueError(f"unknown quantity '{quantity}': add its first word to TIME_UNITS, RATE_UNITS or SIZE_UNITS")


def residual(row: accuracy.Row, sense: str) -> float:
    """``ln(measured / predicted)`` in ``sense``: a time row of a rate kind (or the reverse) is inverted."""
    value = math.log(row.measured / row.predicted)
    inverted = {row_sense(row.quantity), sense} == {"time", "rate"}
    return -value if inverted else value


def band(residuals: list[tuple[str, float]]) -> dict:
    """The 10th–90th percentile factors of ``residuals`` ((row id, ln ratio)) and the rows behind them.

    Percentiles by linear interpolation between order statistics (``statistics.quantiles``,
    method 'inclusive', the same as numpy's default 'linear')."""
    values = sorted(v for _, v in residuals)
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    low, high = round(math.exp(cuts[LOW_PERCENTILE - 1]), 4), round(math.exp(cuts[HIGH_PERCENTILE - 1]), 4)
    held = holding_estimate(low, high)
    ids = sorted(r for r, _ in residuals)
    outside = sum(is_held_out(r) for r in ids)
    entry = {"low_factor": held[0], "high_factor": held[1],
             "median_factor": round(math.exp(statistics.median(values)), 4), "rows": len(values),
             "calibration_rows": len(ids) - outside, "held_out_rows": outside, "row_ids": ids}
    if held != (low, high):
        entry["caveat"] = (f"the {LOW_PERCENTILE}th–{HIGH_PERCENTILE}th percentiles (×{low:.3f}–×{high:.3f}) lay on "
                           "one side of the estimate: the band is widened to hold it")
    return entry


def is_held_out(row_id: str) -> bool:
    """Whether a band's row id (``source:row_id``) names a held-out row rather than a calibration row."""
    return row_id.split(":", 1)[0] in HELD_OUT_SOURCES


def pooled(rows: list[accuracy.Row], held: dict, outside: list[accuracy.Row]) -> list[accuracy.Row]:
    """The rows the bands are read from, of the kinds that carry one: each calibration row of ``rows``
    with its leave-one-source-out prediction (``held``, ``accuracy.out_of_source``; a row without one,
    n/a, is left out), then the held-out rows ``outside`` with their shipped predictions."""
    calibrated = [dataclasses.replace(h.row, predicted=h.predicted) for h in held.values()
                  if h.row.kind in KINDS and h.predicted is not None and h.predicted > 0]
    order = {r.key: k for k, r in enumerate(rows)}
    calibrated.sort(key=lambda r: order.get(r.key, len(order)))
    return [*calibrated, *(r for r in outside if r.kind in KINDS and r.predicted > 0 and r.measured > 0)]


def _in_scale(cards: int, fewest: int, most: int | None) -> bool:
    return cards >= fewest and (most is None or cards <= most)


def error_bands(rows: list[accuracy.Row]) -> dict:
    """Every kind's bands (over all scales and per scale bucket) from the accuracy rows (:func:`pooled`)."""
    kinds = {}
    for kind, (sense, quantity) in KINDS.items():
        members = [r for r in rows if r.kind == kind]
        everything = band([(f"{r.source}:{r.row_id}", residual(r, sense)) for r in members])
        if len(members) < MIN_ROWS:
            few = f"only {len(members)} rows of this kind (fewer than {MIN_ROWS})"
            everything["caveat"] = "; ".join(filter(None, (few, everything.get("caveat"))))
        scales = {}
        for name, fewest, most in SCALES:
            inside = [r for r in members if _in_scale(r.cards, fewest, most)]
            if len(inside) >= MIN_ROWS:
                scales[name] = band([(f"{r.source}:{r.row_id}", residual(r, sense)) for r in inside])
                groups = group_bands(inside, sense) if kind in GROUPED_KINDS else {}
                if groups:
                    scales[name]["groups"] = groups
            else:
                scales[name] = {**everything, "scale_rows": len(inside),
                                "fallback": f"{len(inside)} rows at this scale (fewer than {MIN_ROWS}): "
                                            "the band over all scales"}
        kinds[kind] = {"sense": sense, "quantity": quantity, "all": everything, "scales": scales}
    return kinds


def row_group(row: accuracy.Row) -> str | None:
    """The group of ``row``: the engine its scenario serves with on its card's software stack, as the estimator
    reads a scenario's (:func:`configurator.core.uncertainty.work_group`); None where either is not stated or
    the row has no scenario."""
    scenario = row.scenario
    return None if scenario is None else work_group(scenario, accuracy.CATALOG.get(scenario.card_id))


def group_bands(rows: list[accuracy.Row], sense: str) -> dict:
    """The band of each group of ``rows`` (one kind, one scale) that has :data:`MIN_GROUP_ROWS` rows from
    :data:`MIN_GROUP_PUBLICATIONS` publications, keyed by :func:`row_group`, in key order."""
    members: dict[str, list[accuracy.Row]] = {}
    for r in rows:
        key = row_group(r)
        if key is not None:
            members.setdefault(key, []).append(r)
    bands = {}
    for key, inside in sorted(members.items()):
        publications = len({r.publication for r in inside})
        if len(inside) >= MIN_GROUP_ROWS and publications >= MIN_GROUP_PUBLICATIONS:
            r = inside[0]
            card = accuracy.CATALOG.get(r.scenario.card_id)
            bands[key] = {"engine": r.scenario.serving.engine.value, "stack": card.software.stack,
                          "publications": publications,
                          **band([(f"{m.source}:{m.row_id}", residual(m, sense)) for m in inside])}
    return bands


CALIBRATION_FILES = ("benchmarks/data/h200-calibration.jsonl", "benchmarks/data/published-calibration.json",
                     "benchmarks/data/held-out.json", f"benchmarks/data/{RIG_HELD_OUT_GLOB}")
"""The files the bands are computed from: the calibration rows and the held-out rows (which set nothing)."""


def data_date() -> str | None:
    """Date of the last commit that changed the calibration data (None outside a git checkout)."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%cs", "--", *CALIBRATION_FILES], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return out or None


H200_TRAINING_MODEL = "llama3.2-1b"
"""The model of the H200 training rows (benchmarks/accuracy.py reads only its runs); the prefill and
decode rows name theirs in their label."""


def _short(text: str) -> str:
    """A data file's model or hardware text up to its first parenthesis or comma: the name."""
    return re.split(r" \(|, ", text or "", maxsplit=1)[0].strip()


RIG_CARD = {"h200": "h200-sxm", "h100": "h100-sxm"}
"""The card of a rig row's source (``benchmarks/h200_rig_rows.RIG_CARDS``)."""


def row_name(row: accuracy.Row, published: dict[str, dict]) -> str:
    """A row behind a band as the summary names it: the model and the cards it ran on ("LLaMA 70B ·
    4 × H100 SXM5 80GB"), from the calibration data and the catalog; words in no language but
    the products' own, so both languages show it as it is."""
    if row.source in RIG_CARD:
        words = row.row_id.split()
        # a training row names its shape unless it is the 1B the first campaign measured ("train b4 ...")
        model = H200_TRAINING_MODEL if words[0] == "train" and words[1][0] == "b" else words[1]
        return f"{model} · 1 × {accuracy.CATALOG.get(RIG_CARD[row.source]).name}"
    record = published.get(row.row_id.split()[0], {})
    # a held-out record names its model's preset in its setup; else the scenario's model, else the id
    model = (_short(record.get("model", "")) or (record.get("setup") or {}).get("model")
             or (row.scenario.model.name if row.scenario is not None else row.row_id))
    if row.scenario is not None:
        cards = f"{row.scenario.count} × {accuracy.CATALOG.get(row.scenario.card_id).name}"
    else:  # the source's own words, where they start with a count
        hardware = re.sub(r"^single ", "1x ", _short(record.get("hardware", "")))
        counted = re.match(r"^(\d+)x\s*(.+)$", hardware)
        cards = f"{counted.group(1)} × {counted.group(2)}" if counted else ""
    return f"{model} · {cards}" if cards else model


def row_names(rows: list[accuracy.Row]) -> dict[str, str]:
    """Every banded row's id -> its name (:func:`row_name`)."""
    published = {r["id"]: r for name in ("published-calibration.json", "held-out.json")
                 for r in json.loads((accuracy.DATA / name).read_text())}
    return {f"{r.source}:{r.row_id}": row_name(r, published) for r in rows if r.kind in KINDS}


PROVENANCE = {
    "h200": "calibration, the H200 rig: predicted with the defaults set without its campaign (benchmarks/loso.py)",
    "published": "calibration, published: predicted with the defaults set without its publication (benchmarks/loso.py)",
    "held-out": "held out, published (benchmarks/data/held-out.json): sets nothing, predicted with the shipped "
                "defaults",
    "h100": "held out, the H100 rig (benchmarks/data/h100-grid-*.jsonl): sets nothing, predicted with the shipped "
            "defaults",
}
"""What the first word of a band's row id says of where the row's residual comes from."""


def inputs() -> tuple[list[accuracy.Row], dict, list[accuracy.Row]]:
    """The calibration rows, their leave-one-source-out predictions and the held-out rows (published and rig)."""
    rows = accuracy.all_rows()
    return rows, accuracy.out_of_source(rows), [*accuracy.held_out(), *rig_held_out_rows(accuracy.DATA)]


def document(rows: list[accuracy.Row], held: dict, outside: list[accuracy.Row]) -> dict:
    """The whole error_bands.json from :func:`inputs`."""
    members = pooled(rows, held, outside)
    return {
        "definition": (f"likely = from the {LOW_PERCENTILE}th to the {HIGH_PERCENTILE}th percentile of "
                       "measured / predicted over the rows of the kind predicted out of sample — each calibration "
                       "row with the defaults set without its own source, each held-out row with the shipped "
                       "defaults (80 % of them fell inside); "
                       "the estimate times low_factor .. high_factor, in the sense the number is shown in "
                       "(a time shown from a rate takes 1 / factor); percentiles of ln(measured / predicted) by "
                       "linear interpolation between order statistics; where both percentiles lay on one side of "
                       "the estimate, the band is widened to hold the estimate itself (low_factor at most 1, "
                       "high_factor at least 1)"),
        "low_percentile": LOW_PERCENTILE, "high_percentile": HIGH_PERCENTILE, "min_rows_per_scale": MIN_ROWS,
        "groups": {"kinds": list(GROUPED_KINDS), "by": "engine on the card's software stack (catalog software.stack)",
                   "min_rows": MIN_GROUP_ROWS, "min_publications": MIN_GROUP_PUBLICATIONS},
        "scales": {name: {"fewest_cards": fewest, "most_cards": most} for name, fewest, most in SCALES},
        "source": ("benchmarks/data (h200-calibration.jsonl, published-calibration.json through benchmarks/loso.py; "
                   "held-out.json, h100-grid-*.jsonl) through benchmarks/accuracy.py"),
        "provenance": PROVENANCE,
        "data_date": data_date(),
        "command": "python tools/refresh_error_bands.py",
        "kinds": error_bands(members),
        "row_names": dict(sorted(row_names(members).items())),
    }


def text(doc: dict) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def inside(kinds: dict, row: accuracy.Row) -> bool:
    """Whether ``row``'s measured value lies in the band ``kinds`` (a document's "kinds") gives its prediction."""
    entry = kinds[row.kind]
    b = entry["scales"][next(n for n, fewest, most in SCALES if _in_scale(row.cards, fewest, most))]
    b = b.get("groups", {}).get(row_group(row)) or b  # its group's band where it has one, as the app reads it
    return math.log(b["low_factor"]) - 1e-9 <= residual(row, entry["sense"]) <= math.log(b["high_factor"]) + 1e-9


def _share(kinds: dict, rows: list[accuracy.Row]) -> str:
    return f"{100 * sum(inside(kinds, r) for r in rows) / len(rows):5.1f} %" if rows else "    —  "


SPLITS = 20
"""Random halvings of the publications the split-half check draws (seeded: the same every run)."""


def split_half(members: list[accuracy.Row], splits: int = SPLITS) -> dict[tuple[str, str], list[float]]:
    """Coverage of a new publication's rows: the pooled rows' publications split at random into halves
    (``splits`` times, seed 0), bands built from one half's rows and the other half's rows checked against
    them, both ways; per (kind, scale name, 'all' included) the share inside for each direction that had rows."""
    import random

    publications = sorted({r.publication for r in members})
    draw = random.Random(0)
    shares: dict[tuple[str, str], list[float]] = {}
    for _ in range(splits):
        half = set(draw.sample(publications, len(publications) // 2))
        a = [r for r in members if r.publication in half]
        b = [r for r in members if r.publication not in half]
        for built, other in ((a, b), (b, a)):
            kinds = [k for k in KINDS if sum(r.kind == k for r in built) >= 2]
            bands = error_bands([r for r in built if r.kind in kinds])
            for kind in kinds:
                for name, fewest, most in (("all", 1, None), *SCALES):
                    checked = [r for r in other if r.kind == kind and _in_scale(r.cards, fewest, most)]
                    for key in {None, *(map(row_group, checked) if kind in GROUPED_KINDS else ())}:
                        some = [r for r in checked if key is None or row_group(r) == key]
                        if some:
                            shares.setdefault((kind, name if key is None else f"{name} {key}"), []).append(
                                sum(inside(bands, r) for r in some) / len(some))
    return shares


def _split_cuts(split: list[float]) -> tuple[str, str]:
    """The median and the 10th percentile of :func:`split_half`'s shares, as the table writes them."""
    if not split:
        return "—", "—"
    return f"{100 * statistics.median(split):10.1f} %", f"{100 * sorted(split)[len(split) // 10]:7.1f} %"


def print_coverage(rows: list[accuracy.Row], held: dict, outside: list[accuracy.Row]) -> None:
    """Per kind and scale, the share of held-out rows (n) inside: the bundled bands, bands from the calibration
    rows in sample (the rule before December 2026), the pooled out-of-sample bands; the share of the pooled rows
    inside the pooled bands (in sample of the pool: 80 % by construction); and :func:`split_half`'s median and
    10th percentile over its halvings."""
    bundled = json.loads(OUTPUT.read_text(encoding="utf-8"))["kinds"]
    in_sample = error_bands([r for r in rows if r.kind in KINDS])
    members = pooled(rows, held, outside)
    new = error_bands(members)
    outs = [r for r in outside if r.kind in KINDS and r.predicted > 0]
    halves = split_half(members)
    print(f"{'kind':20} {'scale':5} {'held-out n':>10} {'bundled':>8} {'in-sample':>9} {'new':>7} {'pooled':>8} "
          f"{'pool n':>6} {'split median':>12} {'split p10':>9}")
    for kind in KINDS:
        for name, fewest, most in (("all", 1, None), *SCALES):
            pick = [r for r in outs if r.kind == kind and _in_scale(r.cards, fewest, most)]
            pool = [r for r in members if r.kind == kind and _in_scale(r.cards, fewest, most)]
            split = halves.get((kind, name), [])
            cuts = _split_cuts(split)
            print(f"{kind:20} {name:5} {len(pick):10d} {_share(bundled, pick):>8} {_share(in_sample, pick):>9} "
                  f"{_share(new, pick):>7} {_share(new, pool):>8} {len(pool):6d} {cuts[0]:>12} {cuts[1]:>9}")
    print(f"{'group (its rows at the scale)':44} {'held-out n':>10} {'bundled':>8} {'new':>7} {'own band':>8} "
          f"{'split median':>12} {'split p10':>9}")
    for kind in GROUPED_KINDS:
        for name, fewest, most in SCALES:
            at = [r for r in outs if r.kind == kind and _in_scale(r.cards, fewest, most)]
            own = new[kind]["scales"][name].get("groups", {})
            for key in sorted({k for k in map(row_group, at) if k is not None}):
                pick = [r for r in at if row_group(r) == key]
                split = halves.get((kind, f"{name} {key}"), [])
                cuts = _split_cuts(split)
                print(f"{kind + ' ' + name + ' ' + key:44} {len(pick):10d} {_share(bundled, pick):>8} "
                      f"{_share(new, pick):>7} {'yes' if key in own else 'no':>8} {cuts[0]:>12} {cuts[1]:>9}")
    print(f"split half: {SPLITS} random halvings of {len({r.publication for r in members})} publications, both ways")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    parser.add_argument("--coverage", action="store_true",
                        help="print the held-out rows' coverage by the bundled and the new bands, and a split-half "
                             "check; write nothing")
    args = parser.parse_args(argv)
    rows, held, outside = inputs()
    if args.coverage:
        print_coverage(rows, held, outside)
        return 0
    new = text(document(rows, held, outside))
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        print("up to date" if current == new else f"{OUTPUT.relative_to(ROOT)} is out of date: refresh it")
        return 0 if current == new else 1
    OUTPUT.write_text(new, encoding="utf-8")
    for kind, entry in json.loads(new)["kinds"].items():
        b = entry["all"]
        print(f"{kind:20} {b['rows']:3d} rows ({b['held_out_rows']} held out)  "
              f"likely ×{b['low_factor']:.3f} .. ×{b['high_factor']:.3f}")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
