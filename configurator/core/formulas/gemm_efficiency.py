"""GEMM efficiency by shape, precision and card architecture: the share of the dense peak a
matrix product ``C[m×n] = A[m×k]·B[k×n]`` sustains on its compute side.

Model (one formula, :func:`gemm_efficiency`)::

    η(m, n, k) = E · m/(m + m½) · n/(n + n½) · k/(k + k½)

``E`` is the asymptotic large-GEMM ceiling of the architecture and precision; the three
saturating factors stand for tile occupancy and wave quantisation over the SMs (a small ``m`` or
``n`` leaves tiles and SMs idle, a short ``k`` pays the prologue and epilogue of every tile),
smoothed so that the efficiency never falls when a dimension grows. The memory side of a product
(weights and activations over the card's bandwidth, which bounds small-``m`` products such as a
decode step) is not in ``η``: callers keep their own byte roofline (decode's weight stream,
training's activation traffic), and :func:`gemm_seconds` adds it for a single product. The fixed
time every kernel pays (launch, and in the tables the quantisation of FP8 inputs) is not in
``η`` either: it is the engine's per-layer time (:mod:`configurator.core.engines`).

Source and fit. Parameters are fitted to the measured GEMM latency tables of NVIDIA's
aiconfigurator (github.com/ai-dynamo/aiconfigurator, ``aic-core/src/aiconfigurator_core/
systems/data/<card>/gemm/<engine>/<version>/gemm_perf.parquet``, commit 095f58a, read December
2026): TensorRT-LLM 1.3.0rc20 ``torch_flow`` kernels on H100 SXM and H200 SXM (bf16 and FP8 per
tensor, 35,700 shapes each), L40S and B200 (same version), A100 SXM (TensorRT-LLM 1.0.0 and vLLM
0.14.0, bf16, 9,240 shapes each); m = 1…16,384 tokens, n and k = 32…65,536 (rows with n or k
below 256 left out). Each table's time was fitted as ``max(2mnk/(P·η), bytes/(B·β)) + t₀``
(P the datasheet dense peak and B the datasheet bandwidth of the catalog; β, about 0.7–0.85,
and t₀, 2–15 µs, are fitted with the rest and not used here), least squares on log time with a
soft-L1 loss. ``m½`` is not fitted: below the ridge (``m`` up to 100–250 rows on these cards) the
tables are bound by the bytes, so they cannot tell the compute side of a small product; it is
set from first principles to 32, half of the 64-row tile that is the smallest M of Hopper's
``wgmma`` instruction and of CUTLASS's default tensor-core tiles (NVIDIA PTX ISA, "Warpgroup
MMA": m64nNk16; CUTLASS ``default_gemm_configuration.h``). Fitting it too gives 73–189 and the
same cross-validated errors within 2 points, but a compute side so slow at one row that a batch-1
decode step on an RTX 4090 would come out compute-bound. Errors are *cross-validated*: 5 folds
that leave whole (n, k) shapes out. Median |error| of the predicted time, model-sized shapes
(m ≥ 256, n and k ≥ 1024; 90th percentile in brackets) and all shapes:

===========  ======  =====  =====  =====  ==========================
family       prec.   E      n½     k½     CV median: model-sized; all
===========  ======  =====  =====  =====  ==========================
hopper       16-bit  0.801  17     109    4.6 % (10.4 %); 6.0 %
hopper       8-bit   0.754  1522   210    3.6 % (10.6 %); 4.5 %
ampere       16-bit  0.825  124    109    9.2 % (18.6 %); 8.8 %
ada          16-bit  0.581  8      95     8.8 % (23.3 %); 12.2 %
ada          8-bit   0.508  394    59     8.3 % (21.8 %); 10.2 %
blackwell    16-bit  0.676  35     0      5.7 % (14.2 %); 8.8 %
blackwell    8-bit   0.683  1837   212    5.0 % (11.6 %); 6.0 %
===========  ======  =====  =====  =====  ==========================

One card predicted from the other's table alone (fit with m½ free): H100 from H200 4.1 %, H200
from H100 5.3 % (bf16), 4.6 % and 4.8 % (FP8); A100 TensorRT-LLM from vLLM 6.9 %, vLLM from
TensorRT-LLM 8.2 %. The 90th percentiles are the tables' saw-teeth (m = 128 → 129 adds a row
of tiles), which a monotone curve does not follow. Cross-check against this repository's own
measurement: an 8192³ bf16 product on one H200 ran at 777.6 TFLOP/s
(``benchmarks/data/h200-calibration.jsonl``, 0.786 of 989.5); the hopper 16-bit curve gives 0.78
there (−1 %). FP8 there ran at 0.72 through ``torch._scaled_mm`` against 0.63 here: the engines'
per-tensor FP8 paths in the tables (TensorRT-LLM's, and vLLM 0.24's CUTLASS kernel, 0.60 on
H200 at m, n, k ≥ 4096) are slower than the bare kernel.

Families without a table (Volta, Turing, AMD CDNA, TPUs, Gaudi, Ascend and the other catalog
architectures) take ``generic``: each parameter the median of the fitted families at that
precision class. **Assumption** — no GEMM table for them was found in the repository or in
aiconfigurator. A family without an 8-bit fit (Ampere: no FP8; its int8 through the 16-bit
curve) uses its 16-bit curve.
"""

from __future__ import annotations

import numpy as np

M_HALF = 32.0
"""Rows at which a product's compute side reaches half its ceiling [elements]: half of the
64-row minimum tile (module docstring); first principles, not fitted."""

GEMM_FITS: dict[tuple[str, str], tuple[float, float, float, float]] = {
    ("hopper", "16"): (0.801, M_HALF, 17.0, 109.0),
    ("hopper", "8"): (0.754, M_HALF, 1522.0, 210.0),
    ("ampere", "16"): (0.825, M_HALF, 124.0, 109.0),
    ("ada", "16"): (0.581, M_HALF, 8.0, 95.0),
    ("ada", "8"): (0.508, M_HALF, 394.0, 59.0),
    ("blackwell", "16"): (0.676, M_HALF, 35.0, 0.0),
    ("blackwell", "8"): (0.683, M_HALF, 1837.0, 212.0),
}
"""(family, precision class) → (E, m½, n½, k½): ceiling [-] and half-saturation sizes [elements],
E, n½ and k½ fitted to aiconfigurator's measured tables (module docstring)."""


def _median_fit(cls: str) -> tuple[float, float, float, float]:
    rows = np.array([fit for (_, c), fit in GEMM_FITS.items() if c == cls])
    return tuple(float(v) for v in np.median(rows, axis=0))


GEMM_FITS[("generic", "16")] = _median_fit("16")
GEMM_FITS[("generic", "8")] = _median_fit("8")

_FAMILY_WORDS = (("blackwell", "blackwell"), ("hopper", "hopper"), ("ampere", "ampere"),
                 ("ada", "ada"), ("lovelace", "ada"))
"""Words in a catalog card's free-text ``architecture`` → the fitted family (the first that
occurs; 'Blackwell Ultra', 'Hopper (GH100, 114 SMs)' and 'Ada Lovelace (AD102)' all match)."""

EIGHT_BIT = frozenset({"fp8", "int8", "int4", "fp4"})
"""Precisions (:class:`~configurator.core.units.Precision` values) run through the 8-bit curve."""


def gemm_family(architecture: str | None) -> str:
    """The fitted GEMM family of a catalog architecture string, else ``generic``."""
    text = (architecture or "").lower()
    for word, family in _FAMILY_WORDS:
        if word in text:
            return family
    return "generic"


def gemm_fit(family: str, precision: str) -> tuple[float, float, float, float]:
    """(E, m½, n½, k½) for ``family`` at ``precision`` (a Precision value such as 'bf16')."""
    cls = "8" if str(precision) in EIGHT_BIT else "16"
    return GEMM_FITS.get((family, cls)) or GEMM_FITS.get((family, "16")) or GEMM_FITS[("generic", cls)]


def gemm_efficiency(m, n, k, family: str = "generic", precision: str = "bf16"):
    """Share of the dense peak a product of ``m`` rows (tokens), ``n`` output and ``k`` reduced
    features sustains on its compute side, in (0, 1] [-].

    ``η = E · m/(m+m½) · n/(n+n½) · k/(k+k½)`` with the family's fit (module docstring);
    ``m``, ``n`` and ``k`` may be numpy arrays (broadcast), sizes below 1 count as 1.
    """
    e, mh, nh, kh = gemm_fit(family, precision)
    m, n, k = (np.maximum(np.asarray(x, dtype=float), 1.0) for x in (m, n, k))
    eff = e * (m / (m + mh)) * (n / (n + nh)) * (k / (k + kh))
    return float(eff) if np.ndim(eff) == 0 else eff


def gemm_seconds(m, n, k, peak_flops: float, bandwidth: float, element_bytes: float, family: str = "generic",
                 precision: str = "bf16", bandwidth_share: float = 1.0):
    """Time of one product on its roofline [s]: the larger of ``2mnk / (peak·η)`` and the bytes
    of A, B and C, ``(mk + kn + mn)·element_bytes``, over ``bandwidth·bandwidth_share``
    (Williams et al. 2009, "Roofline"); ``peak_flops`` [FLOP/s], ``bandwidth`` [B/s]."""
    m, n, k = (np.maximum(np.asarray(x, dtype=float), 1.0) for x in (m, n, k))
    compute = 2.0 * m * n * k / (peak_flops * gemm_efficiency(m, n, k, family, precision))
    memory = (m * k + k * n + m * n) * element_bytes / (bandwidth * bandwidth_share)
    t = np.maximum(compute, memory)
    return float(t) if np.ndim(t) == 0 else t
