"""Measured render speed per card: Blender Open Data medians, and how far FP32 scaling is from them.

A render farm's time per frame was scaled from a reference card by the FP32 rate alone. Checked
against published per-card render benchmarks (:data:`RENDER_SCORES`, Blender 4.4.0 Cycles on OptiX,
the median of every run users submitted) that scaling is off by a median 9 % and a mean 16 % when
each card is predicted from the others (:func:`cross_validated_errors`;
``benchmarks/graphics_accuracy.py`` prints every row), and compute-class cards without RT cores are
not one class: FP32 scaling over-states the H100 NVL and H200 NVL by 44–45 % (they render at 0.69 of
the speed it gives) and under-states the A100 by 31 % (1.46 of it); among cards with RT cores it
over-states the power-limited L40 and L40S by 30 %. A single RT-core factor fitted on these rows
(0.91, cards without RT cores against those with) does not narrow the error (median 11 %, mean 18 %
cross-validated): the miss is the card's, not the class's. So a card with a measured score is scaled
by the scores (:func:`measured_ratio`), and a card without one by FP32 with that error said.

Other renderers agree that RT cores are worth less than a class: Chaos measures V-Ray GPU's RTX mode
2.2× and its CUDA mode 2.15× from an RTX 3090 to an RTX 4090, and "in most cases, CUDA mode should be
close to RTX mode in performance" (support.chaos.com/hc/en-us/articles/20139223041041, 'Performance
scaling for Nvidia GPUs by GPU Generation'). What a compute card costs is what makes it the wrong
class for a farm: an H200 NVL renders like an RTX 3090 at over four times an RTX PRO 6000's price.

Source of every row: Blender Open Data, opendata.blender.org/benchmarks/query/ grouped by device,
compute type and Blender version (``group_by=device_name&group_by=compute_type&group_by=
blender_version``), read from the CSV snapshot of that query in github.com/KazooKat/ram-price-outlook
(data/raw/perf_blender/blender_median_scores.csv, commit f3a8917), 2026-12-05. The score is "the
estimated number of samples per minute, summed for all benchmark scenes" (monster, junkshop,
classroom; opendata.blender.org/about); higher is faster, and comparable only within one Blender
version and compute type. Cards without RT cores run OptiX too (BVH traversal on the shader cores).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

BLENDER_OPEN_DATA = ("https://opendata.blender.org/benchmarks/query/?group_by=device_name&group_by=compute_type"
                     "&group_by=blender_version (median per device, compute type and version; snapshot "
                     "github.com/KazooKat/ram-price-outlook data/raw/perf_blender/blender_median_scores.csv @f3a8917)")
"""Where every row of :data:`RENDER_SCORES` was read."""


@dataclass(frozen=True)
class RenderScore:
    """One card's measured render speed: the median Blender Open Data score [samples/min]."""

    samples_per_minute: float
    """Median score, summed over the benchmark's scenes [samples/min]."""
    runs: int
    """Benchmark runs the median is of [count]."""
    device: str
    """The device as the benchmark names it."""
    blender_version: str = "4.4.0"
    compute_type: str = "OPTIX"
    source: str = BLENDER_OPEN_DATA
    date: str = "2026-12"
    kind: str = "median of user-submitted runs"

    @property
    def confidence(self) -> str:
        """'high' from 20 runs, 'medium' from 3, else 'low' (one or two machines)."""
        return "high" if self.runs >= 20 else "medium" if self.runs >= 3 else "low"


RENDER_SCORES: dict[str, RenderScore] = {
    "h100-nvl": RenderScore(5597.1, 1, "NVIDIA H100 NVL"),
    "h200-nvl": RenderScore(5621.3, 1, "NVIDIA H200 NVL"),
    "a100-sxm-80gb": RenderScore(3700.9, 1, "NVIDIA A100-SXM4-80GB"),
    "v100-sxm-16gb": RenderScore(2127.5, 1, "NVIDIA Tesla V100-SXM2-16GB"),
    "t4": RenderScore(1502.5, 3, "NVIDIA Tesla T4"),
    "l4": RenderScore(3860.9, 6, "NVIDIA L4"),
    "a40": RenderScore(4062.9, 2, "NVIDIA A40"),
    "rtx-a6000": RenderScore(5050.7, 23, "NVIDIA RTX A6000"),
    "rtx-3090": RenderScore(5330.3, 323, "NVIDIA GeForce RTX 3090"),
    "rtx-4080": RenderScore(8429.6, 139, "NVIDIA GeForce RTX 4080"),
    "rtx-4090": RenderScore(11123.8, 404, "NVIDIA GeForce RTX 4090"),
    "rtx-4090d": RenderScore(10675.2, 1, "NVIDIA GeForce RTX 4090 D"),
    "rtx-5080": RenderScore(9162.8, 1150, "NVIDIA GeForce RTX 5080"),
    "rtx-5090": RenderScore(15082.0, 917, "NVIDIA GeForce RTX 5090"),
    "rtx-5090d": RenderScore(14908.5, 19, "NVIDIA GeForce RTX 5090 D"),
    "l40": RenderScore(9312.6, 2, "NVIDIA L40"),
    "l40s": RenderScore(9415.4, 4, "NVIDIA L40S"),
    "rtx-6000-ada": RenderScore(11095.5, 22, "NVIDIA RTX 6000 Ada Generation"),
    "rtx-pro-6000-blackwell": RenderScore(16392.8, 35, "NVIDIA RTX PRO 6000 Blackwell Workstation Edition"),
    "rtx-pro-6000-blackwell-maxq": RenderScore(15076.4, 13, "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"),
    "rtx-pro-6000-blackwell-server": RenderScore(15802.0, 1, "NVIDIA RTX PRO 6000 Blackwell Server Edition"),
}
"""Measured render speed by catalog card id (Blender 4.4.0, OptiX; :data:`BLENDER_OPEN_DATA`). Not
listed, though in the same table: the A16 and A10 (no runs under those names; the A10G is AWS's
variant), the H100 PCIe (CUDA only, 5,613 from one run), the B200 (CUDA only, 8,505 from two)."""

FP32_SCALING_MEDIAN_ERROR = 0.09
"""Median error of FP32 scaling, each card of :data:`RENDER_SCORES` predicted from the others
(:func:`cross_validated_errors` without an RT-core factor: 9.2 %) [fraction]."""

FP32_SCALING_WORST_ERROR = 0.45
"""Its largest error (H100 NVL: 45 % faster than measured) [fraction]."""


def measured_ratio(card_id: str, reference_id: str) -> float | None:
    """How much faster ``card_id`` renders than ``reference_id`` by their measured scores
    (dimensionless; time per frame divides by it), None unless both are in :data:`RENDER_SCORES`."""
    card, reference = RENDER_SCORES.get(card_id), RENDER_SCORES.get(reference_id)
    if card is None or reference is None:
        return None
    return card.samples_per_minute / reference.samples_per_minute


def scaling_fit(rows: list[tuple[float, bool, float]]) -> tuple[float, float]:
    """Least squares in logs of ``score = k × fp32 × f^(no RT cores)`` over ``rows`` of (FP32 rate
    [TFLOP/s], has RT cores, score [samples/min]): (k [samples/min per TFLOP/s], f); f is 1 where
    the rows hold no card without RT cores."""
    with_rt = [math.log(s / fp32) for fp32, rt, s in rows if rt]
    without = [math.log(s / fp32) for fp32, rt, s in rows if not rt]
    log_k = statistics.fmean(with_rt)
    return math.exp(log_k), math.exp(statistics.fmean(without) - log_k) if without else 1.0


def cross_validated_errors(rows: list[tuple[float, bool, float]], rt_factor: bool) -> list[float]:
    """Leave-one-out errors of the scaling: each row's score predicted by :func:`scaling_fit` on the
    others (``rt_factor`` False: FP32 alone, every card one class), ``predicted ÷ measured − 1``
    [fraction] in the order of ``rows``."""
    errors = []
    for i, (fp32, rt, score) in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        k, f = scaling_fit(rest if rt_factor else [(x, True, s) for x, _, s in rest])
        errors.append(k * fp32 * (1.0 if rt or not rt_factor else f) / score - 1.0)
    return errors
