"""Fit ``gemm_efficiency.STREAM_EXPOSED_SHARES`` from aiconfigurator's measured GEMM tables, with its
cross-validated error.

Source: github.com/ai-dynamo/aiconfigurator at commit 095f58a (the ``aiconfigurator-core`` 0.12.0 wheel holds
the same files), ``aiconfigurator_core/systems/data/<card>/gemm/<engine>/<version>/gemm_perf.parquet`` for the
H100 SXM and H200 SXM with TensorRT-LLM 1.3.0rc20, vLLM 0.24.0 and SGLang 0.5.14, ``bfloat16`` and per-tensor
``fp8`` products.

Rule: a decode layer's four products at tensor parallelism 8 (QKV, attention output, gate-up, down) of Llama 3 70B
and Llama 3.1 405B, their time ``t(m)`` at m = 1..512 rows read from a table (bilinear between the table's n and
k where a shape falls between them). The growth ``t(m) − t(1)`` over the products' compute time ``C(m)`` on the
shipped curve (``gemm_efficiency.gemm_efficiency``, the datasheet dense peak) at m = 8..128, where the weight
stream bounds the layer, is one ratio γ per (table, model, m); γ of a precision class is their median. The layer
then takes ``max(W + γ·C, C)`` (``gemm_efficiency.streamed_seconds``). Cross-validation: each (card, engine) table
predicted from the other five alone, and each model from the other alone; the error is the median
|predicted − measured| of the layer time at m = 8..256 with ``t(1)`` as the measured weight-stream part
(``W = t(1)``), against the same with γ = 0 (today's ``max(W, C)``).

Needs pandas and pyarrow (not the application's dependencies)::

    python tools/fit_stream_exposed.py /path/to/aiconfigurator_core
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

CARDS = ("h100_sxm", "h200_sxm")
"""aiconfigurator card folders (module docstring)."""

ENGINES = ("trtllm/1.3.0rc20", "vllm/0.24.0", "sglang/0.5.14")
"""aiconfigurator engine/version folders (module docstring)."""

PEAKS = {"bfloat16": 989.5e12, "fp8": 1979e12}
"""Dense datasheet peak of the H100/H200 SXM per table dtype [FLOP/s] (the catalog's)."""

LAYERS = {
    "70B": ((1280, 8192), (8192, 1024), (7168, 8192), (8192, 3584)),
    "405B": ((2304, 16384), (16384, 2048), (13312, 16384), (16384, 6656)),
}
"""Model → its layer's products (n, k) per card at tensor parallelism 8 [elements]: QKV (heads + 2 KV heads of 128
over 8), attention output, gate and up together, down (Llama 3 70B: hidden 8,192, FFN 28,672, 64/8 heads; 405B:
16,384, 53,248, 128/8)."""

FIT_M = (8, 16, 32, 64, 128)
"""Rows at which γ is read [tokens]: the weight stream bounds the layer there."""

CHECK_M = (8, 16, 32, 64, 128, 256)
"""Rows at which the cross-validated layer time is compared [tokens]."""


def _at(table, m: int, n: int, k: int) -> float:
    """A product's time from ``table`` at ``m`` rows [µs]: the median of its repeats, bilinear in n and k between the
    grid's neighbours."""
    ns, ks = np.sort(table.n.unique()), np.sort(table.k.unique())
    n0, n1, k0, k1 = ns[ns <= n].max(), ns[ns >= n].min(), ks[ks <= k].max(), ks[ks >= k].min()
    tn = 0.0 if n1 == n0 else (n - n0) / (n1 - n0)
    tk = 0.0 if k1 == k0 else (k - k0) / (k1 - k0)
    rows = table[table.m == m]

    def one(nn, kk):
        return float(rows[(rows.n == nn) & (rows.k == kk)].latency.median()) * 1e3

    return (1 - tn) * (1 - tk) * one(n0, k0) + tn * (1 - tk) * one(n1, k0) + (1 - tn) * tk * one(n0, k1) + \
        tn * tk * one(n1, k1)


def layers(root: Path):
    """Rows (dtype, table, model, m, t(1) [µs], t(m) [µs], C(m) [µs]) of every table, model and m of
    :data:`CHECK_M`."""
    import pandas as pd

    from configurator.core.formulas.gemm_efficiency import gemm_efficiency

    out = []
    for card in CARDS:
        for engine in ENGINES:
            path = root / "systems" / "data" / card / "gemm" / engine / "gemm_perf.parquet"
            if not path.exists():
                continue
            data = pd.read_parquet(path)
            for dtype, peak in PEAKS.items():
                table = data[data.gemm_dtype == dtype]
                precision = "fp8" if dtype == "fp8" else "bf16"
                for model, shapes in LAYERS.items():
                    t1 = sum(_at(table, 1, n, k) for n, k in shapes)
                    for m in CHECK_M:
                        tm = sum(_at(table, m, n, k) for n, k in shapes)
                        c = sum(2.0 * m * n * k / (peak * gemm_efficiency(m, n, k, "hopper", precision))
                                for n, k in shapes) * 1e6
                        out.append((dtype, f"{card}:{engine}", model, m, t1, tm, c))
    return pd.DataFrame(out, columns=["dtype", "table", "model", "m", "t1", "tm", "c"])


def gamma(rows) -> float:
    """The median growth over compute time at :data:`FIT_M` [-] (module docstring)."""
    fit = rows[rows.m.isin(FIT_M)]
    return float(np.median((fit.tm - fit.t1) / fit.c))


def errors(rows, g: float):
    """|predicted/measured − 1| of the layer time ``max(t(1) + g·C, C)`` [-] per row."""
    return np.abs(np.maximum(rows.t1 + g * rows.c, rows.c) / rows.tm - 1.0)


def main(argv: list[str]) -> None:
    """Print γ per precision class and its cross-validated errors."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", type=Path, help="the aiconfigurator_core folder (its systems/data inside)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    data = layers(args.root)
    for dtype, rows in data.groupby("dtype"):
        print(f"{dtype}: γ = {gamma(rows):.3f} from {int(rows.m.isin(FIT_M).sum())} ratios")
        for key in ("table", "model"):
            with_g, without = [], []
            for left, test in rows.groupby(key):
                g = gamma(rows[rows[key] != left])
                with_g.extend(errors(test, g))
                without.extend(errors(test, 0.0))
                print(f"  {key} {left} left out: γ {g:.3f}, its layer time median |error| "
                      f"{np.median(errors(test, g)) * 100:.1f} % (γ = 0: {np.median(errors(test, 0.0)) * 100:.1f} %)")
            print(f"  leave one {key} out, m = {CHECK_M[0]}..{CHECK_M[-1]}: median |error| "
                  f"{np.median(with_g) * 100:.1f} % (90th {np.percentile(with_g, 90) * 100:.1f}); "
                  f"γ = 0: {np.median(without) * 100:.1f} % (90th {np.percentile(without, 90) * 100:.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
