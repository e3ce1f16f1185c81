"""Write ``resources/error_bands.json``: how far each kind of estimate has been off, from the
calibration residuals of ``benchmarks/accuracy.py`` (issue 14, part 9).

For every calibration row the residual is ``ln(measured / predicted)``, taken in the sense the
app shows the number in (a rate — tokens/s —, a time — TTFT, TPOT —, or a size — memory per
card; a row measured as the other of rate and time is inverted). Per kind and per scale bucket
(cards the row ran on: 1, 2–64, more than 64) the band is the 10th to the 90th percentile of
the residuals, as factors on the estimate: the "likely" range holds 80 % of the calibration
rows, widened to hold the estimate itself where they all lie on one side of it
(:func:`configurator.core.uncertainty.holding_estimate`). A bucket with fewer than 5 rows takes its kind's band over all scales and says so.
Nothing is fitted: the band is order statistics of the rows as they are.

Run it deliberately after a change that moves the accuracy benchmark, review
``git diff resources/error_bands.json`` and say before -> after in the commit;
``tests/test_error_bands.py`` fails until then.

Usage: ``.venv/bin/python tools/refresh_error_bands.py [--check]``
"""

from __future__ import annotations

import argparse
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

from configurator.core.uncertainty import holding_estimate  # noqa: E402

OUTPUT = ROOT / "resources" / "error_bands.json"

LOW_PERCENTILE, HIGH_PERCENTILE = 10, 90
"""The "likely" band: 10th to 90th percentile of the residuals (80 % of calibration rows)."""

MIN_ROWS = 5
"""Fewest rows a scale bucket needs for a band of its own (brief of issue 14, part 9)."""

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
SIZE_UNITS = {"reserved", "activations", "weights", "GB"}
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
    entry = {"low_factor": held[0], "high_factor": held[1],
             "median_factor": round(math.exp(statistics.median(values)), 4), "rows": len(values),
             "row_ids": sorted(r for r, _ in residuals)}
    if held != (low, high):
        entry["caveat"] = (f"the {LOW_PERCENTILE}th–{HIGH_PERCENTILE}th percentiles (×{low:.3f}–×{high:.3f}) lay on "
                           "one side of the estimate: the band is widened to hold it")
    return entry


def _in_scale(cards: int, fewest: int, most: int | None) -> bool:
    return cards >= fewest and (most is None or cards <= most)


def error_bands(rows: list[accuracy.Row]) -> dict:
    """Every kind's bands (over all scales and per scale bucket) from the accuracy rows."""
    kinds = {}
    for kind, (sense, quantity) in KINDS.items():
        members = [r for r in rows if r.kind == kind]
        everything = band([(f"{r.source}:{r.row_id}", residual(r, sense)) for r in members])
        if len(members) < MIN_ROWS:
            few = f"only {len(members)} calibration rows of this kind (fewer than {MIN_ROWS})"
            everything["caveat"] = "; ".join(filter(None, (few, everything.get("caveat"))))
        scales = {}
        for name, fewest, most in SCALES:
            inside = [r for r in members if _in_scale(r.cards, fewest, most)]
            if len(inside) >= MIN_ROWS:
                scales[name] = band([(f"{r.source}:{r.row_id}", residual(r, sense)) for r in inside])
            else:
                scales[name] = {**everything, "scale_rows": len(inside),
                                "fallback": f"{len(inside)} rows at this scale (fewer than {MIN_ROWS}): "
                                            "the band over all scales"}
        kinds[kind] = {"sense": sense, "quantity": quantity, "all": everything, "scales": scales}
    return kinds


CALIBRATION_FILES = ("benchmarks/data/h200-calibration.jsonl", "benchmarks/data/published-calibration.json")
"""The files the bands are computed from (``held-out.json`` beside them sets no band: it is a test set)."""


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


def row_name(row: accuracy.Row, published: dict[str, dict]) -> str:
    """A calibration row as the summary names it: the model and the cards it ran on ("LLaMA 70B ·
    4 × H100 SXM5 80GB"), from the calibration data and the catalog; words in no language but
    the products' own, so both languages show it as it is."""
    if row.source == "h200":
        words = row.row_id.split()
        # a training row names its shape unless it is the 1B the first campaign measured ("train b4 ...")
        model = H200_TRAINING_MODEL if words[0] == "train" and words[1][0] == "b" else words[1]
        return f"{model} · 1 × {accuracy.CATALOG.get('h200-sxm').name}"
    record = published.get(row.row_id.split()[0], {})
    model = _short(record.get("model", "")) or row.row_id
    if row.scenario is not None:
        cards = f"{row.scenario.count} × {accuracy.CATALOG.get(row.scenario.card_id).name}"
    else:  # the source's own words, where they start with a count
        hardware = re.sub(r"^single ", "1x ", _short(record.get("hardware", "")))
        counted = re.match(r"^(\d+)x\s*(.+)$", hardware)
        cards = f"{counted.group(1)} × {counted.group(2)}" if counted else ""
    return f"{model} · {cards}" if cards else model


def row_names(rows: list[accuracy.Row]) -> dict[str, str]:
    """Every banded row's id -> its name (:func:`row_name`)."""
    published = {r["id"]: r for r in json.loads((accuracy.DATA / "published-calibration.json").read_text())}
    return {f"{r.source}:{r.row_id}": row_name(r, published) for r in rows if r.kind in KINDS}


def document(rows: list[accuracy.Row]) -> dict:
    """The whole error_bands.json."""
    return {
        "definition": (f"likely = from the {LOW_PERCENTILE}th to the {HIGH_PERCENTILE}th percentile of "
                       "measured / predicted over the calibration rows of the kind (80 % of them fell inside); "
                       "the estimate times low_factor .. high_factor, in the sense the number is shown in "
                       "(a time shown from a rate takes 1 / factor); percentiles of ln(measured / predicted) by "
                       "linear interpolation between order statistics; where both percentiles lay on one side of "
                       "the estimate, the band is widened to hold the estimate itself (low_factor at most 1, high_factor at "
                       "least 1)"),
        "low_percentile": LOW_PERCENTILE, "high_percentile": HIGH_PERCENTILE, "min_rows_per_scale": MIN_ROWS,
        "scales": {name: {"fewest_cards": fewest, "most_cards": most} for name, fewest, most in SCALES},
        "source": "benchmarks/data (h200-calibration.jsonl, published-calibration.json) through benchmarks/accuracy.py",
        "data_date": data_date(),
        "command": "python tools/refresh_error_bands.py",
        "kinds": error_bands(rows),
        "row_names": dict(sorted(row_names(rows).items())),
    }


def text(doc: dict) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    new = text(document(accuracy.all_rows()))
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        print("up to date" if current == new else f"{OUTPUT.relative_to(ROOT)} is out of date: refresh it")
        return 0 if current == new else 1
    OUTPUT.write_text(new, encoding="utf-8")
    for kind, entry in json.loads(new)["kinds"].items():
        b = entry["all"]
        print(f"{kind:20} {b['rows']:3d} rows  likely ×{b['low_factor']:.3f} .. ×{b['high_factor']:.3f}")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
