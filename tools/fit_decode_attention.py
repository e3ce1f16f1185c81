"""Fit a per-sequence term of decode attention from aiconfigurator's measured generation-attention tables, with its
leave-one-table-out error.

Source: github.com/ai-dynamo/aiconfigurator at commit 095f58a (the ``aiconfigurator-core`` 0.12.0 wheel holds the
same files), ``aiconfigurator_core/systems/data/<card>/attention/<engine>/<version>/generation_attention_perf.parquet``:
one decode attention kernel per row, its latency [ms] at ``batch_size`` sequences of ``step`` cached tokens,
``num_heads`` query and ``num_key_value_heads`` KV heads on one card, a BF16 or FP8 cache.

Rule: the estimate's decode attention is the cache bytes at the card's datasheet bandwidth × 0.88
(``DECODE_BANDWIDTH_EFFICIENCY``) × the engine's ``kv_read_share``, plus a fixed time per layer; here the fixed time is
the same kernel's own latency at batch 1 and 1 cached token (``a``), so the only thing fitted is the term tested,
``c × batch × u`` with ``u`` one of 1 (per sequence), the KV heads or the query heads on the card (per thread block).
``c`` [s] is the median over a table's rows of (measured − a − bytes/bandwidth) / (batch × u), one per table;
an engine's ``c`` is the median of its tables'. Cross-validation: each (card, engine) table predicted with the median
``c`` of the engine's other tables, its median |predicted/measured − 1| against the same with ``c = 0`` (today), over
all its rows and over the static-latency rows' range (batch 1-256, 127-4,095 cached tokens, GQA 8:1 and 16:2 heads).

Needs pandas and pyarrow (not the application's dependencies)::

    python tools/fit_decode_attention.py /path/to/aiconfigurator_core
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

import numpy as np

CARDS = {"h100_sxm": "h100-sxm", "h200_sxm": "h200-sxm", "a100_sxm": "a100-sxm-80gb", "l40s": "l40s",
         "b200_sxm": "b200", "b300_sxm": "b300", "gb200": "gb200", "gb300": "gb300",
         "rtx_pro_6000_server": "rtx-pro-6000-blackwell-server"}
"""aiconfigurator card folder → the catalog card whose datasheet bandwidth the bytes term reads
(:func:`bandwidth_gbps`)."""

ENGINES = {"trtllm": "tensorrt-llm", "vllm": "vllm", "sglang": "sglang"}
"""aiconfigurator engine folder → the profile whose ``kv_read_share`` the bytes term reads."""

UNITS = ("sequence", "kv_head", "query_head")
"""What ``c`` is counted per: a sequence, a (sequence, KV head) or a (sequence, query head) pair."""

STATIC = {"batch": (1, 256), "step": (127, 4095), "heads": ((8, 1), (16, 1))}
"""The static-latency rows' range: Llama 3 70B and 405B at tensor parallelism 8 (8 query heads to 1 KV head, 16 to
1: 64 and 128 query heads over 8 KV heads, each split 8 ways), 128 prompt tokens and up to 2,048 output tokens, batch
1-128 (and 256 at OCI). Until session 51 the 405B's shape here was 16 to 2, which no run of the rows has."""


@functools.cache
def bandwidth_gbps(folder: str) -> float:
    """The datasheet memory bandwidth of aiconfigurator's ``folder`` card, as the catalog holds it [GB/s]
    (``bandwidth_gbps`` of :data:`CARDS`' card; until session 49 a copy of it in this file)."""
    from configurator.core.catalog import load_catalog

    return load_catalog().get(CARDS[folder]).bandwidth_gbps


def _tables(root: Path):
    """(card, engine, kernel source, rows) of the newest version of each engine on each card of :data:`CARDS`."""
    import pandas as pd

    for card in CARDS:
        for engine in ENGINES:
            folder = root / "systems" / "data" / card / "attention" / engine
            versions = sorted(folder.glob("*/generation_attention_perf.parquet"),
                              key=lambda p: tuple(int(x) if x.isdigit() else 0
                                                  for x in p.parent.name.replace("rc", ".").split(".")))
            if not versions:
                continue
            data = pd.read_parquet(versions[-1])
            full = data.window_size == 0 if "window_size" in data else True  # no column: no sliding window
            data = data[full & (data.head_dim == 128)]
            for source, rows in data.groupby("kernel_source"):
                yield card, engine, source, rows


def rows(root: Path):
    """One frame: every table row with its cache bytes, ``a`` [s], bytes term [s] and measured time [s]."""
    import pandas as pd

    from configurator.core.engines import PROFILES, Engine
    from configurator.core.formulas.efficiency import DECODE_BANDWIDTH_EFFICIENCY

    out = []
    for card, engine, source, data in _tables(root):
        share = PROFILES[Engine(ENGINES[engine])].kv_read_share
        bandwidth = bandwidth_gbps(card) * 1e9 * DECODE_BANDWIDTH_EFFICIENCY * min(1.0, share)
        data = data.groupby(["batch_size", "step", "num_heads", "num_key_value_heads", "kv_cache_dtype"],
                            as_index=False).latency.median()
        element = np.where(data.kv_cache_dtype == "fp8", 1.0, 2.0)
        kv_bytes = data.batch_size * (data.step + 1) * data.num_key_value_heads * 128 * 2 * element
        first = data[(data.batch_size == 1) & (data.step == 1)].set_index(
            ["num_heads", "num_key_value_heads", "kv_cache_dtype"]).latency
        key = list(zip(data.num_heads, data.num_key_value_heads, data.kv_cache_dtype))
        a = np.array([first.get(k, np.nan) for k in key]) * 1e-3
        out.append(pd.DataFrame({"table": f"{card}:{engine}:{source}", "engine": engine, "card": card,
                                 "batch": data.batch_size, "step": data.step, "heads": data.num_heads,
                                 "kv_heads": data.num_key_value_heads, "dtype": data.kv_cache_dtype,
                                 "a": a, "bytes_s": kv_bytes / bandwidth, "t": data.latency * 1e-3}))
    frame = pd.concat(out, ignore_index=True)
    return frame[np.isfinite(frame.a)]


def per_unit(frame, unit: str):
    """``batch × u`` of every row [count] (module docstring)."""
    return frame.batch * {"sequence": 1, "kv_head": frame.kv_heads, "query_head": frame.heads}[unit]


def fit_c(frame, unit: str) -> float:
    """Median of (measured − a − bytes term) / (batch × u) over rows with more than one sequence [s]."""
    many = frame[frame.batch > 1]
    return float(np.median((many.t - many.a - many.bytes_s) / per_unit(many, unit)))


def errors(frame, unit: str, c: float):
    """|predicted/measured − 1| per row with ``a + bytes term + c × batch × u`` [-]."""
    return np.abs((frame.a + frame.bytes_s + c * per_unit(frame, unit)) / frame.t - 1.0)


def static(frame):
    """The rows in :data:`STATIC`'s range."""
    heads = list(zip(frame.heads, frame.kv_heads))
    keep = np.array([h in STATIC["heads"] for h in heads]) & frame.batch.between(*STATIC["batch"]) & \
        frame.step.between(*STATIC["step"])
    return frame[keep]


def report(frame, unit: str, narrow_fit: bool = False) -> None:
    """Print each engine's ``c`` and each left-out table's errors with and without it; ``narrow_fit``: ``c`` fitted on
    the static-latency range alone."""
    for engine, data in frame.groupby("engine"):
        tables = {name: fit_c(static(rows_) if narrow_fit else rows_, unit) for name, rows_ in data.groupby("table")
                  if len(static(rows_) if narrow_fit else rows_)}
        named = ", ".join(f"{k.split(':', 1)[1]} on {k.split(':')[0]} {v * 1e9:.1f}" for k, v in tables.items())
        print(f"{engine}, c per {unit}: median {np.median(list(tables.values())) * 1e9:.2f} ns of "
              f"{len(tables)} tables ({named})")
        every, quiet, every0, quiet0 = [], [], [], []
        for name, test in data.groupby("table"):
            others = [v for k, v in tables.items() if k != name]
            c = float(np.median(others)) if others else 0.0
            narrow = static(test)
            every.extend(errors(test, unit, c))
            every0.extend(errors(test, unit, 0.0))
            quiet.extend(errors(narrow, unit, c))
            quiet0.extend(errors(narrow, unit, 0.0))
        print(f"  leave one table out: all rows {np.median(every) * 100:.1f} % (c = 0: {np.median(every0) * 100:.1f}),"
              f" static-latency range {np.median(quiet) * 100:.1f} % (c = 0: {np.median(quiet0) * 100:.1f}) of "
              f"{len(quiet)} rows")


RESIDUAL_MODELS = {"70B": ((8, 1), 80), "405B": ((16, 1), 126)}
"""Static-latency model → its (query, KV) heads per card at tensor parallelism 8 and its layers."""


def residual(frame, table: str = "h100_sxm:trtllm:torch_flow") -> None:
    """Print, per model and cache type, what the measured attention of ``table`` adds over the estimate's (the bytes
    term + ``engines.TRT_XQA_FIXED_S``) in a step of the static-latency rows (128 prompt tokens, 2,048 output: cached
    tokens 129-2,176, the mean over them; log-linear between the table's lengths) [ms], at batch 1-128."""
    from configurator.core.engines import TRT_XQA_FIXED_S

    for dtype in ("bfloat16", "fp8"):
        for model, ((heads, kv_heads), layers) in RESIDUAL_MODELS.items():
            data = frame[(frame.table == table) & (frame.heads == heads) & (frame.kv_heads == kv_heads) &
                         (frame.dtype == dtype)]
            line = []
            for batch in (1, 8, 32, 64, 128):
                at = data[data.batch == batch].sort_values("step")
                cached = np.arange(129, 2177)
                t = np.interp(np.log(cached), np.log(at.step + 1), at.t)
                per_token = np.interp(np.log(cached), np.log(at.step + 1), at.bytes_s / (at.step + 1))
                line.append(f"b{batch} {np.mean(t - TRT_XQA_FIXED_S - per_token * cached) * layers * 1e3:+.2f}")
            print(f"{table} {dtype} cache, {model}: measured attention over the estimate's, ms a step: "
                  + ", ".join(line))


HEAD_SHAPES = ((8, 1), (16, 1), (32, 8), (64, 8), (128, 8))
"""(query, KV) heads on one card compared by :func:`by_heads`: Llama 3 70B and 405B at tensor parallelism 8 (one KV
head a card) and an 8-KV-head card (the 70B and 405B at tensor parallelism 1, Llama 3 8B)."""


def by_heads(frame) -> None:
    """Print, per table and cache type, the time a sequence adds a layer beyond ``a`` and the bytes term [ns], at one
    KV head a card and at eight (:data:`HEAD_SHAPES`): the median of (measured − a − bytes term) / batch over batch
    8-256 with at most 255 cached tokens (short caches: little to read), over the static-latency range (batch 8-256,
    127-4,095 cached tokens) and over batch 512-2,048 with at most 255 cached tokens."""
    def per_sequence(rows_) -> float:
        return float(np.median((rows_.t - rows_.a - rows_.bytes_s) / rows_.batch)) * 1e9 if len(rows_) else np.nan

    print("table, cache: heads q:kv  short / static range / large batch [ns a sequence a layer]")
    for (name, dtype), data in frame.groupby(["table", "dtype"]):
        cells = []
        for heads, kv_heads in HEAD_SHAPES:
            rows_ = data[(data.heads == heads) & (data.kv_heads == kv_heads)]
            if not len(rows_):
                continue
            mid = rows_.batch.between(8, 256)
            short, wide = per_sequence(rows_[mid & (rows_.step <= 255)]), \
                per_sequence(rows_[mid & rows_.step.between(127, 4095)])
            large = per_sequence(rows_[(rows_.batch >= 512) & (rows_.step <= 255)])
            cells.append(f"{heads}:{kv_heads} {short:.0f} / {wide:.0f} / {large:.0f}")
        print(f"{name} {dtype}: " + "; ".join(cells))


def main(argv: list[str]) -> None:
    """Print the fit of every unit of :data:`UNITS`."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="the aiconfigurator_core folder (its systems/data inside)")
    parser.add_argument("--unit", choices=UNITS, action="append", help="what c is counted per (default: all)")
    parser.add_argument("--static-fit", action="store_true", help="fit c on the static-latency range's rows alone")
    parser.add_argument("--residual", action="store_true",
                        help="also print what H100 TensorRT-LLM's measured attention adds in a static-latency step")
    parser.add_argument("--heads", action="store_true",
                        help="print the time a sequence adds beyond the bytes term at one KV head a card and at eight "
                             "(by_heads) instead of the fits")
    parser.add_argument("--cards", nargs="+", choices=tuple(CARDS), help="only these cards' tables (default: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    frame = rows(args.root)
    if args.cards:
        frame = frame[frame.card.isin(args.cards)]
    if args.heads:
        by_heads(frame)
        return
    for unit in args.unit or UNITS:
        report(frame, unit, args.static_fit)
    if args.residual:
        residual(frame)


if __name__ == "__main__":
    main(sys.argv[1:])
