"""Read the share of the achievable bandwidth at which per-tensor FP8 weights stream in an engine's measured GEMMs,
against BF16's, at the decode step's rows and at a prompt chunk's, with its leave-one-table-out error.

Source: ``aiconfigurator-core`` 0.12.0 (github.com/ai-dynamo/aiconfigurator at commit 095f58a holds the same
files), ``aiconfigurator_core/systems/data/<card>/gemm/<engine>/<version>/gemm_perf.parquet`` for the H100 SXM
and H200 SXM with TensorRT-LLM 1.3.0rc20, vLLM 0.24.0 and SGLang 0.5.14, ``bfloat16`` and per-tensor ``fp8``
products (``fp8_block`` is not read: no catalog format is block-scaled).

Rule: the GEMMs with n and k both in 4,096-16,384 (the grid's 8 × 8 Llama-sized shapes). A GEMM's share is its
weight bytes (n·k·bytes per weight) over its median latency over the card's achievable bandwidth (datasheet
3,350 GB/s for the H100 SXM, 4,800 GB/s for the H200 SXM, times ``DECODE_BANDWIDTH_EFFICIENCY`` 0.88). The
engine's share of a precision is the median over both cards at m = 1-16 rows (the decode step). At a prompt's
m = 128-2,048 the same ratio is printed, and the FP8 over BF16 latency ratio, which says whether an FP8 GEMM there
is faster than a BF16 one at all. Leave one table out: each card's FP8 GEMM latencies at m = 1-16 predicted as
bytes / (share · bandwidth) with the share read from the other card alone, against the same with the engine's
BF16 share (today's model: FP8 weights stream at the BF16 share) and with the "BF16 time" model (an FP8 GEMM takes
as long as its BF16 twin: its weights stream at half the BF16 share) and with "BF16 share + fixed" (the FP8 bytes
at the BF16 share plus a fixed time per GEMM, the median excess of the other card's FP8 GEMMs: the collector
times ``Linear.forward`` on BF16 activations, so each FP8 GEMM carries its activations' quantization;
ai-dynamo/aiconfigurator ``collector/trtllm/collect_gemm.py`` at 8bf15d33).

Needs pandas and pyarrow (not the application's dependencies)::

    python tools/fit_fp8_stream.py /path/to/aiconfigurator_core
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

CARDS = {"h100_sxm": 3.35e12, "h200_sxm": 4.8e12}
"""aiconfigurator card folder → datasheet memory bandwidth [B/s] (the catalog's)."""

ENGINES = ("trtllm/1.3.0rc20", "vllm/0.24.0", "sglang/0.5.14")
"""aiconfigurator engine/version folders (module docstring)."""

BYTES = {"bfloat16": 2.0, "fp8": 1.0}
"""Bytes per weight of each table dtype [B]."""

EFFICIENCY = 0.88
"""``formulas.efficiency.DECODE_BANDWIDTH_EFFICIENCY``, the achievable share of the datasheet bandwidth [-]."""

DECODE_M = tuple(range(1, 17))
"""Rows of the decode step [tokens]."""

PROMPT_M = (128, 256, 512, 1024, 2048)
"""Rows of a prompt chunk [tokens]."""

SHAPES = (4096, 16384)
"""Range of n and k read [elements] (module docstring)."""


def shares(root: Path):
    """Rows (engine, card, dtype, m, n, k, latency [ms], share [-]) of every table (module docstring)."""
    import pandas as pd

    out = []
    for engine in ENGINES:
        for card, bandwidth in CARDS.items():
            path = root / "systems" / "data" / card / "gemm" / engine / "gemm_perf.parquet"
            if not path.exists():
                continue
            data = pd.read_parquet(path)
            data = data[data.gemm_dtype.isin(list(BYTES)) & data.m.isin(DECODE_M + PROMPT_M)
                        & data.n.between(*SHAPES) & data.k.between(*SHAPES)]
            grouped = data.groupby(["gemm_dtype", "m", "n", "k"]).latency.median().reset_index()
            for row in grouped.itertuples():
                seconds = row.latency * 1e-3
                share = row.n * row.k * BYTES[row.gemm_dtype] / seconds / (bandwidth * EFFICIENCY)
                out.append((engine.split("/")[0], card, row.gemm_dtype, row.m, row.n, row.k, row.latency, share,
                            bandwidth * EFFICIENCY))
    return pd.DataFrame(out, columns=["engine", "card", "dtype", "m", "n", "k", "latency", "share", "achievable"])


def fixed_us(rows, bf16: float) -> float:
    """The FP8 GEMMs' median time beyond their weight bytes streamed at the BF16 share ``bf16`` at
    :data:`DECODE_M` [µs]: the per-GEMM fixed time of the fourth model (module docstring)."""
    fp8 = rows[rows.m.isin(DECODE_M) & (rows.dtype == "fp8")]
    return float(np.median(fp8.latency * 1e3 - fp8.n * fp8.k / (bf16 * fp8.achievable) * 1e6))


def loto(rows) -> dict[str, float]:
    """Median |predicted/measured − 1| of FP8 GEMM latencies at :data:`DECODE_M`, each card predicted from the
    other alone, under three models (module docstring) [-]."""
    decode = rows[rows.m.isin(DECODE_M)]
    errors = {"FP8 share": [], "BF16 share": [], "BF16 time": [], "BF16 share + fixed": []}
    for card in decode.card.unique():
        train, test = decode[decode.card != card], decode[decode.card == card]
        own = float(train[train.dtype == "fp8"].share.median())
        bf16 = float(train[train.dtype == "bfloat16"].share.median())
        fp8 = test[test.dtype == "fp8"]
        for name, share in (("FP8 share", own), ("BF16 share", bf16), ("BF16 time", bf16 / 2.0)):
            errors[name].extend(np.abs(fp8.share / share - 1.0))  # predicted/measured latency = measured/used share
        fixed = fixed_us(train, bf16)
        predicted = fp8.n * fp8.k / (bf16 * fp8.achievable) * 1e6 + fixed
        errors["BF16 share + fixed"].extend(np.abs(predicted / (fp8.latency * 1e3) - 1.0))
    return {name: float(np.median(e)) for name, e in errors.items()}


def main(argv: list[str]) -> None:
    """Print each engine's shares by rows and their leave-one-table-out errors."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="the aiconfigurator_core folder (its systems/data inside)")
    args = parser.parse_args(argv)
    data = shares(args.root)
    for engine, rows in data.groupby("engine", sort=False):
        decode = rows[rows.m.isin(DECODE_M)]
        print(f"{engine}:")
        for dtype in BYTES:
            sel = decode[decode.dtype == dtype].share
            print(f"  {dtype} m 1-16: median share {sel.median():.3f} of {len(sel)} GEMMs (IQR "
                  f"{sel.quantile(0.25):.2f}-{sel.quantile(0.75):.2f}); by card "
                  + ", ".join(f"{c} {decode[(decode.dtype == dtype) & (decode.card == c)].share.median():.3f}"
                              for c in CARDS))
        for m in (1, 16) + PROMPT_M:
            at = rows[rows.m == m].pivot_table(index=["card", "n", "k"], columns="dtype", values="latency")
            ratio = at["fp8"] / at["bfloat16"]
            line = ", ".join(f"{dtype} {rows[(rows.m == m) & (rows.dtype == dtype)].share.median():.3f}"
                             for dtype in BYTES)
            print(f"  m {m}: share {line}; FP8/BF16 latency median {ratio.median():.2f} "
                  f"(IQR {ratio.quantile(0.25):.2f}-{ratio.quantile(0.75):.2f})")
        bf16 = float(decode[decode.dtype == "bfloat16"].share.median())
        print(f"  FP8 at m 1-16 beyond its bytes at the BF16 share: {fixed_us(rows, bf16):.1f} µs a GEMM")
        errs = loto(rows)
        print("  leave one card out, FP8 latency at m 1-16, median |error|: "
              + ", ".join(f"{name} {e * 100:.1f} %" for name, e in errs.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
