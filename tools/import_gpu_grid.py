"""Check the rows of a ``benchmarks/gpu_grid.py`` run and append them to the calibration data.

Every row must carry its fields and its provenance (date, torch and CUDA versions, device, the
script's SHA-256 and git commit, what was measured), and be physically possible: a rate at most
the card's catalog dense peak (``TFLOPS`` also recomputed from the counted FLOPs and the time, so a
unit slip shows), a GEMM's bytes over its time at most the card's bandwidth, every memory figure at
most the card's capacity, times positive. Rows of cases that failed (``error``) or ran out of memory
(``oom``) are reported and never appended: they measured no time or peak. A row that measures a
calibration row again (the grid's anchors) is compared with it, run to run, and not appended. The
report says which accuracy kinds the rows feed — the kinds ``benchmarks/accuracy.py`` builds from
them (:func:`accuracy.h200_rows`) — and compares the GEMM rows, which no accuracy kind reads yet,
with ``configurator.core.formulas.gemm_efficiency``.

``--append`` adds the good rows to ``benchmarks/data/h200-calibration.jsonl`` only when no row has a
problem. Afterwards report ``benchmarks/accuracy.py --summary`` before -> after and regenerate what it
moves (``tools/refresh_error_bands.py``, ``tools/readme_blocks.py``), then run ``tests/test_accuracy.py``.

Usage: ``.venv/bin/python tools/import_gpu_grid.py RESULT.jsonl [--git HASH] [--append] [--card ID]``
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import re
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import gpu_grid  # noqa: E402
import gpu_grid_work  # noqa: E402
from h200_rig_rows import card_of, logits_kept  # noqa: E402

from configurator.core.catalog import Card, load_bundled_catalog  # noqa: E402
from configurator.core.formulas.gemm_efficiency import gemm_family, gemm_seconds  # noqa: E402
from configurator.core.formulas.states import fit_bytes  # noqa: E402
from configurator.core.memory import usable_capacity_bytes  # noqa: E402
from configurator.core.scenario import Assumptions  # noqa: E402
from configurator.core.units import GB, GIB  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "h200-calibration.jsonl"

FIELDS = {
    "device": ("name", "total_mem"),
    "gemm": ("dtype", "m", "n", "k", "reps", "copies", "seconds", "TFLOPS"),
    "prefill": ("model", "b", "s", "seconds", "peak_minus_weights", "tokens_per_s", "model_flops", "TFLOPS"),
    "decode": ("model", "b", "ctx", "seconds", "tokens_per_s", "kv_bytes", "min_bytes", "GBps_effective"),
    "train": ("model", "b", "s", "mode", "ckpt", "recompute", "opt", "params", "mem_after_init", "peak", "reserved",
              "mem_steady", "step_s", "tokens_per_s", "model_flops", "TFLOPS"),
}
"""Fields each kind of row must have (a failed or out-of-memory case only the parameters)."""
PROVENANCE = ("date", "torch", "cuda", "device", "script_sha256", "git", "measured")
MEMORY = ("total_mem", "peak", "reserved", "peak_minus_weights", "mem_after_init", "mem_after_step1", "mem_steady")
"""Fields in bytes, each at most the card's capacity [B]."""
PEAK_FIELD = {"bf16": "bf16_tflops", "fp16": "fp16_tflops", "fp8_e4m3": "fp8_tflops"}
"""A GEMM row's dtype → the catalog's dense peak it is held under; prefill and training math is bf16."""
CONSISTENT = 0.01
"""Largest relative difference between a stated rate and the one recomputed from its counts [1]."""


def capacity_bytes(card: Card) -> float:
    """The card's memory [B] as the estimator counts it (:func:`configurator.core.memory.usable_capacity_bytes`
    under the default assumptions: the catalog's measured ``usable_memory_gib``, else the marketed
    capacity × the usable share), plus half the 0.1 GiB a measured figure is rounded to where the
    catalog gives one (the H200's 150,109,880,320 B are 139.8007 GiB, recorded as 139.8)."""
    rounding = 0.05 * GIB if card.usable_memory_gib is not None else 0.0
    return usable_capacity_bytes(card, Assumptions()) + rounding


def skipped(row: dict) -> str | None:
    """Why a row is not a measurement (a failed or out-of-memory case), else None."""
    if row.get("error") and not row.get("oom"):
        return f"failed: {row['error']}"
    if row.get("oom"):
        return "out of memory (the estimator should place it above the card)"
    return None


def problems(row: dict, card: Card) -> list[str]:
    """What is wrong with one row: missing fields or provenance, impossible numbers."""
    case = row.get("case")
    if case not in FIELDS:
        return [f"unknown case {case!r}"]
    out = []
    prov = row.get("provenance") or {}
    out += [f"missing provenance: {k}" for k in PROVENANCE if prov.get(k) in (None, "")]
    if prov.get("git") and not re.fullmatch(r"[0-9a-f]{40}", str(prov["git"])):
        out.append(f"provenance git {prov['git']!r} is not a commit hash")
    if prov.get("date"):
        try:
            datetime.datetime.fromisoformat(prov["date"])
        except ValueError:
            out.append(f"provenance date {prov['date']!r} is not ISO 8601")
    if prov.get("device") and card.id.split("-")[0].upper() not in str(prov["device"]).upper():
        out.append(f"measured on {prov['device']!r}, not a {card.name}")
    if skipped(row):
        return out
    out += [f"missing field {k}" for k in FIELDS[case] if k not in row]
    if out:
        return out
    limit = capacity_bytes(card)
    out += [f"{k} = {row[k] / GIB:.1f} GiB is more than the card's {limit / GIB:.1f} GiB"
            for k in MEMORY if isinstance(row.get(k), (int, float)) and row[k] > limit]
    out += [f"{k} = {row[k]} is not positive" for k in ("seconds", "step_s", "TFLOPS", "tokens_per_s")
            if k in row and not (isinstance(row[k], (int, float)) and math.isfinite(row[k]) and row[k] > 0)]
    if out or case == "device":
        return out
    if case == "decode":  # bytes, not FLOPs: the least a step reads, over its time, under the card's bandwidth
        if row["min_bytes"] / row["seconds"] / GB > card.bandwidth_gbps:
            out.append(f"{row['min_bytes'] / row['seconds'] / GB:.0f} GB/s read is over the card's "
                       f"{card.bandwidth_gbps:.0f} GB/s")
        if abs(row["b"] / row["seconds"] / row["tokens_per_s"] - 1.0) > CONSISTENT:
            out.append(f"tokens_per_s {row['tokens_per_s']:.4g} disagrees with b over its seconds")
        return out
    peak_field = PEAK_FIELD.get(row["dtype"]) if case == "gemm" else "bf16_tflops"
    if peak_field is None:
        return [f"dtype {row['dtype']!r} has no catalog peak to check against"]
    peak = getattr(card, peak_field)
    if row["TFLOPS"] > peak:
        out.append(f"{row['TFLOPS']:.0f} TFLOP/s is over the card's dense {peak_field} peak of {peak:.0f}")
    if case == "gemm":
        moved = gpu_grid_work.gemm_bytes(row["m"], row["n"], row["k"], 1.0 if row["dtype"].startswith("fp8") else 2.0)
        if moved / row["seconds"] / GB > card.bandwidth_gbps:
            out.append(f"{moved / row['seconds'] / GB:.0f} GB/s moved is over the card's "
                       f"{card.bandwidth_gbps:.0f} GB/s: the weights were read from the L2, not the memory")
    seconds = row["seconds"] if case != "train" else row["step_s"]
    flops = 2.0 * row["m"] * row["n"] * row["k"] if case == "gemm" else row["model_flops"]
    if abs(flops / seconds / 1e12 / row["TFLOPS"] - 1.0) > CONSISTENT:
        out.append(f"TFLOPS {row['TFLOPS']:.4g} disagrees with its FLOPs over its seconds "
                   f"({flops / seconds / 1e12:.4g})")
    if case != "gemm" and abs(row["b"] * row["s"] / seconds / row["tokens_per_s"] - 1.0) > CONSISTENT:
        out.append(f"tokens_per_s {row['tokens_per_s']:.4g} disagrees with b·s over its seconds")
    return out


def feeds(rows: list[dict]) -> Counter:
    """How many rows of each accuracy kind ``benchmarks/accuracy.py`` builds from ``rows`` (its
    ``h200_rows``, the code that reads the calibration file), and the GEMM rows apart."""
    import accuracy  # the estimator's whole benchmark: imported only when asked

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rows.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        kinds = Counter(row.kind for row in accuracy.h200_rows(path))
    gemm = sum(1 for r in rows if r["case"] == "gemm")
    if gemm:
        kinds["gemm (no accuracy kind yet: compared with formulas.gemm_efficiency below)"] = gemm
    return kinds


def predicted_memory(row: dict) -> tuple[float, float] | None:
    """The reserved memory and the peak ``benchmarks/accuracy.py`` predicts for an out-of-memory training row,
    as if it had run [GiB]; None for another row."""
    import accuracy

    if row.get("case") != "train" or not row.get("oom"):
        return None
    ran = {"peak": 1, "reserved": 1, **row, "oom": False, "error": None, "tokens_per_s": 1.0}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "row.jsonl"
        path.write_text(json.dumps(ran) + "\n", encoding="utf-8")
        return next(((r.predicted, r.peak[0]) for r in accuracy.h200_rows(path) if r.kind == "memory"), None)


def predicted_reserved(row: dict) -> float | None:
    """The reserved memory ``benchmarks/accuracy.py`` predicts for an out-of-memory training row, as if it
    had run [GiB]; None for another row."""
    memory = predicted_memory(row)
    return None if memory is None else memory[0]


def predicted_needed(row: dict) -> float | None:
    """What the estimator judges the fit of an out-of-memory training row on [GiB]: its predicted peak with
    the reserve the allocator keeps near the limit (``formulas.states.fit_bytes``, context left out as in
    :func:`predicted_reserved`); None for another row."""
    memory = predicted_memory(row)
    if memory is None:
        return None
    reserved, peak = memory
    return float(fit_bytes(reserved, reserved / peak - 1.0, Assumptions().allocator_overhead, 0.0))


def gemm_errors(rows: list[dict], card: Card) -> dict[str, float]:
    """Median |error| of ``gemm_seconds`` (the card's GEMM family, its catalog peak and bandwidth)
    against the measured GEMM rows, per dtype [%]."""
    family, out = gemm_family(card.architecture, card.is_consumer, card.id), {}
    for dtype in sorted({r["dtype"] for r in rows if r["case"] == "gemm"}):
        errors = []
        for r in (r for r in rows if r["case"] == "gemm" and r["dtype"] == dtype):
            fp8 = dtype.startswith("fp8")
            predicted = gemm_seconds(r["m"], r["n"], r["k"], getattr(card, PEAK_FIELD[dtype]) * 1e12,
                                     card.bandwidth_gbps * GB, 1.0 if fp8 else 2.0, family, "fp8" if fp8 else "bf16")
            errors.append(abs(predicted / r["seconds"] - 1.0) * 100.0)
        out[dtype] = statistics.median(errors)
    return out


def describe(row: dict) -> str:
    """A row's case and parameters, for the report."""
    keys = ("model", "b", "s", "ctx", "recompute", "dtype", "m", "n", "k")
    return " ".join([str(row.get("case")), *(f"{k}={row[k]}" for k in keys if k in row)])


def _recompute(row: dict) -> str:
    return row.get("recompute") or ("full" if row.get("ckpt") else "none")


def repeated(row: dict, existing: list[dict]) -> dict | None:
    """The calibration row that ``row`` measures again (the grid's anchors: the 8192³ products, the
    b1 s2048 prefill, the b4 s2048 training steps), else None."""
    case = row.get("case")
    for old in existing:
        if case == "gemm" and old["case"] == "matmul":
            same = old.get("dtype") == row["dtype"] and old.get("m") == row["m"] == row["n"] == row["k"]
        elif case == "prefill" and old["case"] == "prefill":
            same = all(old.get(k) == row[k] for k in ("model", "b", "s"))
        elif case == "decode" and old["case"] == "decode":
            same = all(old.get(k) == row[k] for k in ("model", "b", "ctx"))
        elif case == "train" and old["case"] == "train":
            same = (all(old.get(k) == row.get(k) for k in ("model", "b", "s", "mode", "opt"))
                    and old.get("lora", 0) == row.get("lora", 0) and _recompute(old) == _recompute(row)
                    and old.get("alloc", "default") == row.get("alloc", "default")
                    and logits_kept(old) == logits_kept(row))
        else:
            same = False
        if same:
            return old
    return None


REPEAT_FIELDS = ("seconds", "TFLOPS", "step_s", "tokens_per_s", "peak", "reserved", "peak_minus_weights", "mem_steady",
                 "GBps_effective")
"""Figures a repeated row is compared on with the row it repeats."""


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("result", type=Path, help="the JSONL file benchmarks/gpu_grid.py wrote")
    parser.add_argument("--git", help="the commit the run measured with, where its rows have none")
    parser.add_argument("--card", default=gpu_grid.CARD_ID, help="catalog id of the card measured")
    parser.add_argument("--append", action="store_true", help="append the good rows to the calibration file")
    parser.add_argument("--data", type=Path, default=DATA, help="calibration file to append to")
    args = parser.parse_args(argv)
    card = load_bundled_catalog().get(args.card)
    rows = read_rows(args.result)
    for r in rows:
        if args.git and not (r.get("provenance") or {}).get("git"):
            r.setdefault("provenance", {})["git"] = args.git
    bad = [(i, p) for i, r in enumerate(rows, 1) for p in problems(r, card)]
    for i, p in bad:
        print(f"row {i} ({describe(rows[i - 1])}): {p}")
    good = [r for r in rows if not skipped(r)]
    for i, r in enumerate(rows, 1):
        if skipped(r):
            print(f"row {i} ({describe(r)}): not appended, {skipped(r)}")
            predicted = predicted_reserved(r)
            if predicted is not None:
                card_gib, needed = capacity_bytes(card) / GIB, predicted_needed(r)
                print(f"  the estimator predicts {predicted:.1f} GiB reserved, {needed:.1f} GiB needed near the limit, "
                      f"against the card's {card_gib:.1f} GiB: {'agrees' if needed > card_gib else 'says it fits'}")
    print(f"{len(rows)} rows: {len(good)} measurements, {len(rows) - len(good)} not appended, {len(bad)} problems")
    if bad:
        print("nothing appended: fix or drop the rows with problems")
        return 1
    if any("repeated" in str((r.get("provenance") or {}).get("attention")) for r in good):
        print("note: SDPA took no grouped K/V on that torch, so K/V were repeated per head: the prefill and "
              "training memory rows hold those copies, which a GQA kernel does not make")
    # a repeat is a row measured again on the same card: the H100's rows measure its own rates, not the H200's
    existing = [r for r in (read_rows(args.data) if args.data.exists() else []) if card_of(r) == card.id]
    repeats = [(r, repeated(r, existing)) for r in good]
    for r, old in (pair for pair in repeats if pair[1]):
        figures = ", ".join(f"{k} {old[k]:.4g} -> {r[k]:.4g} ({100 * (r[k] / old[k] - 1):+.1f} %)"
                            for k in REPEAT_FIELDS if k in r and isinstance(old.get(k), (int, float)))
        print(f"repeats {describe(r)}: {figures} (run to run; not appended)")
    good = [r for r, old in repeats if old is None]
    for kind, n in sorted(feeds(good).items()):
        print(f"feeds {kind}: {n} rows")
    for dtype, error in gemm_errors(good, card).items():
        print(f"gemm {dtype}: formulas.gemm_efficiency's time is off by {error:.1f} % "
              "(median |predicted/measured - 1|)")
    if args.append and card.id != gpu_grid.CARD_ID and args.data == DATA:
        print(f"nothing appended: the calibration is the {gpu_grid.CARD_ID}'s; rows of another card are held out, "
              "kept in a file of their own (benchmarks/data/README.md)")
        return 1
    if args.append:
        with args.data.open("a", encoding="utf-8") as f:
            f.write("".join(json.dumps(r) + "\n" for r in good))
        print(f"appended {len(good)} rows to {args.data}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
