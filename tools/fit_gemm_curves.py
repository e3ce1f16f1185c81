"""Refit the 8-bit GEMM shape curves of ``configurator/core/formulas/gemm_efficiency.py`` from
aiconfigurator's measured tables, with their cross-validated error (the module's ``GEMM_FITS``
and ``FP8_SCALING_FITS``).

Source: github.com/ai-dynamo/aiconfigurator at commit 095f58a, ``aic-core/src/aiconfigurator_core/
systems/data/<card>/gemm/trtllm/1.3.0rc20/gemm_perf.parquet`` (TensorRT-LLM ``torch_flow`` kernels;
``fp8_block`` through DeepGEMM on Blackwell) and ``.../quantize/trtllm/1.3.0rc20/computescale_perf.parquet``
(the dynamic quantization of a product's input alone, timed by the same release).

Scalings (the training field ``fp8_scaling``):

- ``dynamic``: the per-tensor ``fp8`` table as timed (its collector builds the FP8 Linear without an
  input scale, so each timed product first takes its input's amax and casts it);
- ``delayed``: that table less the ``computescale`` time at the same ``m × k`` (the product alone, as
  Transformer Engine's delayed scaling runs it with the cast fused elsewhere);
- ``block``: the ``fp8_block`` table as timed (1×128 activation and 128×128 weight blocks; the
  activation's 1×128 quantization is in the timed call; TensorRT-LLM's block kernel on Hopper, DeepGEMM
  on Blackwell);
- ``block-deepgemm`` (H100 only): SGLang 0.5.14's ``fp8_block`` table, DeepGEMM's kernel alone (inputs
  quantized before the timing).

Neither block fit is shipped (the module docstring says why); they are printed for the record.

Model, as the module docstring: time = max(2mnk/(P·η), bytes/(B·β)) + t₀ with
η = E·r(m)·n/(n+n½)·k/(k+k½), least squares on log time (soft-L1), rows with n or k below 256 left out;
β and t₀ per card, not kept. Cross-validation: 5 folds that leave whole (n, k) shapes out; error the
median |predicted/measured − 1| on model-sized shapes (m ≥ 256, n and k ≥ 1024; 90th percentile) and all.

Needs pandas, pyarrow and scipy (not the application's dependencies)::

    python tools/fit_gemm_curves.py /path/to/aiconfigurator [family ...]

where the path is a checkout of aiconfigurator at 095f58a (its ``aic-core`` folder inside) and the
families ``hopper`` (H100 SXM and H200 SXM tables fitted together) and ``blackwell`` (B200 SXM).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

VERSION = "trtllm/1.3.0rc20"
"""The tables' engine and version (module docstring)."""

DEEPGEMM_VERSION = "sglang/0.5.14"
"""The H100 table whose ``fp8_block`` products are DeepGEMM's kernel alone (``sglang_deepgemm_gemm_nt_f8f8bf16``,
inputs quantized before the timing): scaling ``block-deepgemm``."""

CARDS = {"h100_sxm": (1979e12, 3350e9), "h200_sxm": (1979e12, 4800e9), "b200_sxm": (4500e12, 7700e9)}
"""aiconfigurator card folder → (dense FP8 peak [FLOP/s], bandwidth [B/s]): the catalog's datasheet figures."""

FAMILIES = {"hopper": ("h100_sxm", "h200_sxm"), "blackwell": ("b200_sxm",)}
"""Fitted family → the card tables fitted together."""

M_SPLIT = 8.0
"""gemm_efficiency.M_SPLIT (first principles, not fitted)."""

MIN_SIDE = 256
"""Rows with ``n`` or ``k`` below this are left out (module docstring)."""


def load(root: Path, card: str, scaling: str):
    """The table of ``card`` for ``scaling`` (module docstring): columns m, n, k, latency [ms], card."""
    import pandas as pd
    data = root / "aic-core/src/aiconfigurator_core/systems/data" / card
    version = DEEPGEMM_VERSION if scaling == "block-deepgemm" else VERSION
    g = pd.read_parquet(data / "gemm" / version / "gemm_perf.parquet")
    g = g.groupby(["gemm_dtype", "m", "n", "k"], as_index=False).latency.median()
    dtype = "fp8_block" if scaling.startswith("block") else "fp8"
    g = g[(g.gemm_dtype == dtype) & (g.n >= MIN_SIDE) & (g.k >= MIN_SIDE)].copy()
    if scaling == "delayed":
        cs = pd.read_parquet(data / "quantize" / VERSION / "computescale_perf.parquet")
        cs = cs.groupby(["m", "k"], as_index=False).latency.median().rename(columns={"latency": "cs"})
        g = g.merge(cs, on=["m", "k"])
        g["latency"] = g.latency - g.cs
        g = g[g.latency > 0]
    g["card"] = card
    return g.reset_index(drop=True)


def _row_inverse(m, mh):
    return np.where(m >= mh, 1 + mh / m, (1 + M_SPLIT / m) * 2 * mh / (mh + M_SPLIT))


def model(p, d, cards):
    """Predicted time [s] of each row of ``d`` at log-parameters ``p`` (E, m½, n½, k½, then β, t₀ per card)."""
    e, mh, nh, kh = np.exp(p[:4])
    t = np.zeros(len(d))
    for i, card in enumerate(cards):
        sel = (d.card == card).values
        peak, bandwidth = CARDS[card]
        beta, t0 = np.exp(p[4 + 2 * i]), np.exp(p[5 + 2 * i])
        m, n, k = (d[x].values[sel].astype(float) for x in "mnk")
        eta = e / _row_inverse(m, mh) * n / (n + nh) * k / (k + kh)
        compute = 2 * m * n * k / (peak * eta)
        memory = (m * k + k * n + m * n * 2) / (bandwidth * beta)  # 8-bit inputs, 16-bit output
        t[sel] = np.maximum(compute, memory) + t0
    return t


def fit(d, cards):
    """Log-parameters fitted to ``d``'s rows (module docstring)."""
    from scipy.optimize import least_squares
    y = d.latency.values * 1e-3  # ms → s
    p0 = np.log([0.8, 80, 100, 150] + [0.8, 5e-6] * len(cards))
    return least_squares(lambda p: np.log(model(p, d, cards)) - np.log(y), p0, loss="soft_l1", f_scale=0.1).x


def errors(pred, d):
    """(model-sized median, its 90th percentile, all-shape median) of |pred/measured − 1| [%]."""
    err = np.abs(pred / (d.latency.values * 1e-3) - 1)
    big = ((d.m >= 256) & (d.n >= 1024) & (d.k >= 1024)).values
    return 100 * np.median(err[big]), 100 * np.percentile(err[big], 90), 100 * np.median(err)


def cross_validated(d, cards, folds: int = 5, seed: int = 0):
    """:func:`errors` of each row predicted by the fit to the folds without its (n, k) shape."""
    shapes = d.n.astype(str) + "x" + d.k.astype(str)
    unique = np.array(sorted(shapes.unique()))
    fold_of = dict(zip(unique, np.random.default_rng(seed).integers(0, folds, len(unique))))
    f = shapes.map(fold_of).values
    pred = np.zeros(len(d))
    for i in range(folds):
        train = f != i
        pred[~train] = model(fit(d[train], cards), d[~train], cards)
    return errors(pred, d)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("aiconfigurator", type=Path, help="a checkout of aiconfigurator at 095f58a")
    parser.add_argument("families", nargs="*", metavar="FAMILY",
                        help=f"families to fit: {', '.join(FAMILIES)} (default all)")
    args = parser.parse_args(argv)
    unknown = set(args.families) - set(FAMILIES)
    if unknown:
        parser.error(f"unknown families: {', '.join(sorted(unknown))}")
    import pandas as pd  # the tables' reader, not an application dependency
    root = args.aiconfigurator
    for family in args.families or list(FAMILIES):
        cards = FAMILIES[family]
        for scaling in ("dynamic", "delayed", "block", "block-deepgemm"):
            tables = cards if scaling != "block-deepgemm" else tuple(c for c in cards if c == "h100_sxm")
            if not tables:
                continue
            d = pd.concat([load(root, c, scaling) for c in tables]).reset_index(drop=True)
            cards_fitted = tables
            p = np.exp(fit(d, cards_fitted))
            cv = cross_validated(d, cards_fitted)
            print(f"{family:9} {scaling:7} E, m½, n½, k½ = {p[0]:.3f}, {p[1]:.0f}, {p[2]:.0f}, {p[3]:.0f}; "
                  f"CV model-sized {cv[0]:.1f} % (p90 {cv[1]:.1f} %), all {cv[2]:.1f} %; {len(d)} rows")


if __name__ == "__main__":
    main(sys.argv[1:])
