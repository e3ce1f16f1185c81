"""Signed error of the held-out serving rows, grouped: where is the held-out serving estimate optimistic?

Predicts every held-out serving row (``benchmarks/data/held-out.json``, the builders of
:mod:`accuracy_heldout`, shipped defaults) and prints, for the kinds asked (serving-throughput by default;
serving-server, serving-offline and serving-latency too with ``--kinds``), one table per grouping: publication,
engine, card, model size, batch or concurrency band, prompt and output length bands, the benchmark case, and the
engine crossed with the batch band; for serving-latency also the metric (TTFT or TPOT, p50, p99 or mean), the
engine generation, and the publication crossed with the metric. Each line: rows, capacity misses (latency only),
median signed error, median |error|, the share of its rows that are optimistic, and the kind's median |error| over
the other rows (what the headline number would read without the group).

Signed error is ``100·(predicted − measured)/measured`` [%]: for a throughput, positive = the estimate is
optimistic (too fast); for a latency, negative = optimistic (too short). A serving-latency capacity miss
(``accuracy_base.CAPACITY_MISS``: the run's rate past the copy's predicted capacity) is kept as +∞, as the
headline's median keeps it.
A row's batch is its static batch (``static-latency``), its users (``serving``), its build's batch size
(MLPerf), or its engine's sequence cap (offline and ``engine-offline`` rows, where memory may cut it
further: the band is then the cap's). Lengths are the row's prompt and answer tokens; MLPerf rows take their
benchmark's mean prompt (``mlperf_datasets``) and their answer as tokens/s ÷ samples/s.
Research output: it changes no default and reads the held-out rows only (they must not choose one).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from accuracy_heldout import CASES, row_generation  # noqa: E402
from mlperf_datasets import MLPERF_BENCHMARKS  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.engine_generations import label_of  # noqa: E402

HELD_OUT = Path(__file__).parent / "data" / "held-out.json"
KINDS = ("serving-throughput", "serving-server", "serving-offline", "serving-latency")
"""The kinds of the held-out serving rows this groups (serving-latency keeps its capacity misses as +∞)."""
LATENCY = "serving-latency"
"""The latency kind: its errors are latencies (negative = optimistic) and its groupings add the metric."""
BATCH_BANDS = ((1, "1"), (8, "2-8"), (32, "9-32"), (128, "33-128"), (512, "129-512"), (10**9, ">512"))
"""Upper bound of each batch band [sequences] and its label."""
LENGTH_BANDS = ((256, "<=256"), (1024, "257-1k"), (2048, "1k-2k"), (8192, "2k-8k"), (10**9, ">8k"))
"""Upper bound of each prompt or answer band [tokens] and its label."""
SIZE_BANDS = ((10e9, "<=10B"), (40e9, "10-40B"), (100e9, "40-100B"), (10**15, ">100B"))
"""Upper bound of each model-size band [parameters] and its label."""


def band(value: float, bands: tuple[tuple[float, str], ...]) -> str:
    """The label of the first band whose upper bound holds ``value``."""
    return next(label for top, label in bands if value <= top)


def _engine(setup: dict) -> str:
    """The engine family a row ran: vLLM, SGLang, TensorRT-LLM, or its own name."""
    return {"vllm": "vLLM", "sglang": "SGLang", "tensorrt-llm": "TRT-LLM"}.get(setup.get("engine", ""),
                                                                            setup.get("engine", "?"))


def features(record: dict) -> dict[str, str]:
    """The grouping features of one held-out row (its JSON record): publication, engine, card, model size,
    batch band, prompt and answer bands, case."""
    setup, values = record["setup"], record["values"]
    if record["case"].startswith("mlperf"):
        bench = MLPERF_BENCHMARKS[setup.get("benchmark", "llama2-70b")]
        model, prompt = bench.model, bench.prompt_tokens
        output = values["output_tokens_per_s"] / values["samples_per_s"]
    else:
        model = setup["model"]
        prompt = setup.get("prompt_tokens", setup.get("prompt_tokens_mean", 0))
        output = setup.get("output_tokens", setup.get("output_tokens_mean", 0))
    batch = setup.get("batch", setup.get("concurrency", setup.get("max_num_seqs")))
    arch = preset(model)
    moe = " MoE" if arch.active_params() < arch.total_params() else ""
    return {"publication": record["publication"], "engine": _engine(setup), "card": setup["card"],
            "model size": band(arch.total_params(), SIZE_BANDS) + moe,
            "batch": band(batch, BATCH_BANDS) if batch else "engine default",
            "prompt": band(prompt, LENGTH_BANDS), "output": band(output, LENGTH_BANDS), "case": record["case"],
            "engine x batch": f"{_engine(setup)} {band(batch, BATCH_BANDS) if batch else 'default'}",
            "generation": label_of(row_generation(record))}


def metric(row) -> str:
    """A latency row's metric: TTFT, TPOT or ITL with its statistic (p50, p99 or mean), from its unit."""
    return row.quantity.removeprefix("ms ").replace("(mean)", "mean").replace("(median)", "p50")


def predicted_rows(kinds: tuple[str, ...]) -> list[tuple[dict[str, str], str, str, float]]:
    """Every held-out row of ``kinds``: (features, kind, row id, signed error [%]); a latency row's features add
    its metric and the publication crossed with it, and its capacity misses stay (+∞)."""
    out = []
    for record in json.loads(HELD_OUT.read_text(encoding="utf-8")):
        for row in CASES[record["case"]](record):
            if row.kind in kinds and (row.kind == LATENCY or not row.capacity_miss):
                feat = features(record)
                if row.kind == LATENCY:
                    feat |= {"metric": metric(row), "publication x metric": f"{feat['publication']} {metric(row)}"}
                out.append((feat, row.kind, row.row_id, row.error_pct))
    return out


def table(rows: list[tuple[dict[str, str], str, str, float]], key: str, latency: bool = False) -> list[str]:
    """One grouping's lines: group, rows, capacity misses, median signed error, median |error|, share optimistic
    (``latency``: predicted below measured; else above), and the kind's median |error| over the other rows (all
    in %; a miss counts +∞)."""
    errors = np.array([e for _, _, _, e in rows])
    base = float(np.median(np.abs(errors)))
    groups: dict[str, list[int]] = defaultdict(list)
    for i, (feat, _, _, _) in enumerate(rows):
        groups[feat[key]].append(i)
    lines = [f"| {key} | rows | misses | signed median % | median abs % | optimistic | "
             "median abs of the other rows % |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        e = errors[members]
        others = np.delete(np.abs(errors), members)
        without = f"{np.median(others):.1f}" if others.size else "-"
        optimistic = np.mean(e < 0) if latency else np.mean(e > 0)
        lines.append(f"| {name} | {len(members)} | {int(np.isinf(e).sum())} | {np.median(e):+.1f} | "
                     f"{np.median(np.abs(e)):.1f} | {optimistic:.0%} | {without} (all: {base:.1f}) |")
    return lines


def main() -> None:
    """Print the grouped tables for each kind asked (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", nargs="+", default=["serving-throughput"], choices=KINDS,
                        help="held-out kinds to group (default: serving-throughput)")
    parser.add_argument("--rows", action="store_true", help="also list every row with its features and error")
    args = parser.parse_args()
    rows_all = predicted_rows(tuple(args.kinds))
    for kind in args.kinds:
        rows = [r for r in rows_all if r[1] == kind]
        e = np.array([r[3] for r in rows])
        print(f"\n## {kind}: {len(rows)} rows ({int(np.isinf(e).sum())} capacity misses), median |error| "
              f"{np.median(np.abs(e)):.1f} %, signed median {np.median(e):+.1f} %\n")
        keys = ("publication", "engine", "card", "model size", "batch", "prompt", "output", "case", "engine x batch")
        if kind == LATENCY:
            keys = ("metric", "generation", "publication", "publication x metric") + keys[1:]
        for key in keys:
            print("\n".join(table(rows, key, kind == LATENCY)) + "\n")
        if args.rows:
            for feat, _, row_id, err in sorted(rows, key=lambda r: -r[3]):
                print(f"{row_id:62s} {feat['engine']:8s} {feat['card']:14s} {feat['batch']:>8s} "
                      f"{feat['prompt']:>7s}/{feat['output']:<7s} {err:+7.1f}")


if __name__ == "__main__":
    main()
