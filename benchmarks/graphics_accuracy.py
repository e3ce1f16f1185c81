"""Graphics estimates against published figures: vGPU densities, video-encoder throughput, render speed.

Prints one row per published figure (predicted, published, error %) with its source. The
encoder default (1080p at 240 frames/s per NVENC at P4, H.264 on a Turing/Ampere engine) comes from one
planning figure (vMix knowledge base 171), other codecs and engine generations by the factors of NVIDIA's
table (configurator/core/nvenc_rates.py); the rows below are other sources, so they check it rather than
restate it. Nothing here is tuned to a row.

Usage: ``.venv/bin/python benchmarks/graphics_accuracy.py``
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.graphics import PRESET_SPEED, pixel_ratio
from configurator.core.nvenc_rates import codec_factor
from configurator.core.render_scores import BLENDER_OPEN_DATA, RENDER_SCORES, cross_validated_errors, scaling_fit
from configurator.core.scenario import Assumptions, Codec, Scenario, updated

CATALOG = load_bundled_catalog()
BASE = Scenario(model=preset("llama3-8b"))


@dataclass
class Row:
    figure: str
    predicted: float
    published: float
    source: str
    note: str = ""

    @property
    def error_pct(self) -> float:
        return 100.0 * (self.predicted - self.published) / self.published


def vgpu_rows() -> list[Row]:
    """NVIDIA's A40 Q-series table (A40-1Q … A40-48Q) and the A16's 64 desktops per board."""
    table = {1: 32, 2: 24, 3: 16, 4: 12, 6: 8, 8: 6, 12: 4, 16: 3, 24: 2, 48: 1}
    a40 = CATALOG.get("a40")

    def hosted(profile: float) -> float:  # through the estimate the app runs, shading no limit
        scenario = updated(BASE, workload="vdi", card_id="a40", count=1,
                           graphics={"users": 1, "profile_gib": profile, "shading_tflops_per_user": 0.5})
        return estimate(scenario, a40).graphics.per_card

    rows = [Row(f"A40 vGPUs per GPU, {p} GB profile", hosted(p), n,
                "NVIDIA vGPU types (A40-nQ); open-gpu-kernel-modules kernel_vgpu_mgr.c")
            for p, n in table.items()]
    a16 = estimate(updated(BASE, workload="vdi", card_id="a16-gpu", count=4,
                           graphics={"users": 64, "profile_gib": 1}), CATALOG.get("a16-gpu"))
    rows.append(Row("A16 board (4 GPUs), 1 GB knowledge-worker desktops", a16.graphics.served, 64,
                    "fluence.network/blog/nvidia-a16 (NVIDIA: up to 64 users per board)",
                    "the default 0.25 TFLOP/s per user is derived from this density (not independent)"))
    return rows


def encoder_rows() -> list[Row]:
    a = Assumptions()
    turing_hevc = a.encoder_fps_1080p * codec_factor(7, Codec.HEVC) * PRESET_SPEED["p4"]  # per codec, generation
    rows = [Row("Turing NVENC, 1080p HEVC frames/s (B-frames, look-ahead)", turing_hevc, (262 + 284) / 2,
                "github.com/rigaya/NVEnc issue 88 (RTX 2070, one NVENC, measured 262-284 fps)",
                "preset of the measurement not stated; compared at P4")]
    l4 = CATALOG.get("l4")
    per_card = (l4.video.nvenc * a.encoder_fps_1080p * codec_factor(l4.video.nvenc_generation, Codec.AV1)
                * PRESET_SPEED["p1"] * pixel_ratio("720p") / 30)
    rows.append(Row("8 x L4, concurrent AV1 720p30 streams", 8 * per_card, 1040,
                    "NVIDIA L4 launch claim (1,040 AV1 720p30 streams), as quoted by grokipedia.com NVIDIA_L4_vs_L40S",
                    "server size and preset not stated: 8 cards and P1 assumed; a marketing figure"))
    return rows


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    rows = [*vgpu_rows(), *encoder_rows()]
    print(f"{'figure':56} {'predicted':>10} {'published':>10} {'error %':>8}  source")
    for r in rows:
        print(f"{r.figure[:56]:56} {r.predicted:10.4g} {r.published:10.4g} {r.error_pct:+8.1f}  {r.source}")
        if r.note:
            print(f"{'':56}   note: {r.note}")
    exact = sum(abs(r.error_pct) < 0.5 for r in rows)
    print(f"\n{exact}/{len(rows)} rows exact; largest miss {max(abs(r.error_pct) for r in rows):.0f} %")
    render_check()
    return 0


def render_check() -> None:
    """FP32 scaling of render speed against Blender Open Data medians
    (:data:`configurator.core.render_scores.RENDER_SCORES`): each card's score predicted from the
    others' (leave one out), by FP32 alone and with an RT-core factor. The estimate uses the measured
    scores where both the card and the reference have one; this says how far FP32 scaling, the
    fallback, is from them."""
    ids = list(RENDER_SCORES)
    rows = [(CATALOG.get(i).fp32_tflops, bool(CATALOG.get(i).rt_cores), RENDER_SCORES[i].samples_per_minute)
            for i in ids]
    plain, factor = cross_validated_errors(rows, rt_factor=False), cross_validated_errors(rows, rt_factor=True)
    print("\nRender speed: FP32 scaling against Blender Open Data medians (Blender 4.4.0, Cycles OptiX; "
          "samples/min), each card predicted from the others")
    print(f"{'card':32} {'FP32':>7} {'RT':>4} {'measured':>9} {'runs':>5} {'FP32 err %':>11} {'+RT factor %':>13}")
    for i, (fp32, rt, score), e, f in zip(ids, rows, plain, factor):
        print(f"{i:32} {fp32:7.1f} {'yes' if rt else 'no':>4} {score:9.0f} {RENDER_SCORES[i].runs:5d} "
              f"{100 * e:+11.1f} {100 * f:+13.1f}")
    _, rt_factor = scaling_fit(rows)
    for name, errors in (("FP32 alone", plain), (f"FP32 x RT-core factor {rt_factor:.2f}", factor)):
        a = [abs(e) for e in errors]
        print(f"{name}: median {100 * statistics.median(a):.1f} %, mean {100 * statistics.fmean(a):.1f} %, "
              f"worst {100 * max(a):.1f} % over {len(a)} cards")
    print(f"Source: {BLENDER_OPEN_DATA}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
