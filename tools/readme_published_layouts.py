"""The README's paragraph on the two largest published training runs, written from the estimate.

DeepSeek-V3 (DeepSeek-AI 2024, arXiv 2412.19437: PP16, EP64, ZeRO-1 on 2,048 H800, 180K H800
GPU-hours per trillion tokens, 2,664K GPU-hours in all) and Llama 3.1 405B (Dubey et al. 2024,
arXiv 2407.21783, Table 4: TP8 PP16, 400 TFLOP/s per GPU on 16,384 H100 and 430 on 8,192), each
estimated at the scenarios ``tests/test_training_moe_pipeline.py``, ``tests/test_dualpipe_mtp.py`` and
``tests/test_pipeline_schedule.py`` check (same settings, through ``core.estimate.estimate``), so
that the figures the README states are the ones those tests bound. ``tools/readme_blocks.py``
writes them as the block ``published-layouts``.
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

if str(Path(__file__).resolve().parents[1]) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated

DSV3_TOKENS_PER_S_PER_CARD = 1e12 / (180_000 * 3600)
"""DeepSeek-V3 report, abstract and Table 1: 180K H800 GPU-hours per trillion tokens [tokens/s per card]."""

DSV3_GPU_HOURS = 2.664e6
"""DeepSeek-V3 report, Table 1: 2,664K H800 GPU-hours of pre-training on 14.8 T tokens [GPU-hours]."""

H100_BF16_TFLOPS = 989.5
"""H100 SXM dense BF16 peak [TFLOP/s], the figure Meta's per-GPU TFLOP/s are read against."""

META_TFLOPS = {16384: 400.0, 8192: 430.0}
"""Llama 3 paper, Table 4: BF16 TFLOP/s per GPU at each card count [TFLOP/s]."""


def _dsv3_pinned(algorithm: str, overlap: bool = False, policy: str | None = None,
                 auto: tuple[str, ...] = ("recompute",), mtp: int = 0, block_scaled: bool = False) -> Scenario:
    """DeepSeek-V3 at its published layout: 120 micro-batches of one 4,096-token sequence per pipeline."""
    training = {"seq_len": 4096, "micro_batch": 1, "grad_accum": 120, "recompute": "selective",
                "recipe": "megatron-mixed", "expert_overlap": overlap, "pipeline_algorithm": algorithm}
    if policy:
        training["selective_policy"] = policy
    if block_scaled:
        training["fp8_scaling"] = "block"
    return Scenario(model=preset("deepseek-v3").model_copy(update={"mtp_depth": mtp}), card_id="h800-sxm",
                    count=2048, workload="pretrain", precision="fp8",
                    parallelism={"tp": 1, "pp": 16, "ep": 64, "zero": 1}, training=training, auto_layout=auto)


def _dsv3_planned(algorithm: str) -> Scenario:
    """DeepSeek-V3 on 2,048 H800 with its recipe (block-scaled FP8, its recomputation policy, MTP depth 1,
    15,360 sequences of 4,096 tokens, 14.8 T tokens), every layout field to the planner."""
    return Scenario(model=preset("deepseek-v3").model_copy(update={"mtp_depth": 1}), card_id="h800-sxm",
                    count=2048, workload="pretrain", precision="fp8", auto_layout=LAYOUT_FIELDS,
                    training={"seq_len": 4096, "tokens": 14.8e12, "global_batch_tokens": 15_360 * 4096,
                              "recipe": "megatron-mixed", "fp8_scaling": "block", "selective_policy": "fp8-cache",
                              "pipeline_algorithm": algorithm})


def _llama405(count: int, micro_batches: int) -> Scenario:
    """Meta's TP8 PP16 with ZeRO-2 (§3.3.2), the gradients reduced once a step, interleaving and recomputation
    to the planner."""
    return Scenario(model=preset("llama3.1-405b"), card_id="h100-sxm", count=count, workload="pretrain",
                    precision="bf16", parallelism={"tp": 8, "pp": 16, "zero": 2},
                    training={"seq_len": 8192, "micro_batch": 1, "grad_accum": micro_batches,
                              "recipe": "megatron-mixed", "grad_reduce": "per-step"},
                    auto_layout=("vp", "recompute"))


def _meta_8192(**training) -> Scenario:
    """Meta's 8,192-card layout on its flexible schedule: v = 8, one layer per chunk."""
    return Scenario(model=preset("llama3.1-405b"), card_id="h100-sxm", count=8192, workload="pretrain",
                    precision="bf16",
                    parallelism={"tp": 8, "pp": 16, "zero": 2, "virtual_stages": 8, "pipeline_schedule": "flexible"},
                    training={"seq_len": 8192, "micro_batch": 1, "grad_accum": 32, "recipe": "megatron-mixed",
                              "grad_reduce": "per-step", **training})


def signed(share: float, decimals: int = 1) -> str:
    """A signed share as the README's prose writes it: ``−9.2 %``, ``+14.3 %`` (U+2212 for minus)."""
    return f"{'+' if share >= 0 else '−'}{abs(share) * 100:.{decimals}f} %"


def _dsv3_error(est: Estimate) -> float:
    """The estimated tokens/s per card against the report's, as a share (+: the estimate is faster)."""
    return est.training.tokens_per_s_per_card / DSV3_TOKENS_PER_S_PER_CARD - 1


def _meta_error(est: Estimate) -> float:
    """The estimated TFLOP/s per GPU against Meta's at the same card count, as a share."""
    return est.training.mfu * H100_BF16_TFLOPS / META_TFLOPS[est.scenario.count] - 1


def _layout(est: Estimate) -> str:
    p = est.scenario.parallelism
    return " ".join([*([f"TP{p.tp}"] if p.tp > 1 else []), f"PP{p.pp}", f"EP{p.ep}", f"ZeRO-{p.zero}"])


def _recompute(est: Estimate) -> str:
    return est.scenario.training.recompute.value


def _fits(est: Estimate) -> str:
    return "fits" if est.memory.fits else "does not fit"


@dataclass(frozen=True)
class Figures:
    """The estimates the paragraph reads."""

    dsv3: Estimate
    dsv3_exposed: Estimate
    dsv3_policy: Estimate
    dsv3_stated: Estimate
    planned_dualpipe: Estimate
    planned_1f1b: Estimate
    llama_16384: Estimate
    llama_8192_planned: Estimate
    llama_8192_v8: Estimate
    llama_8192_v1: Estimate


def figures() -> Figures:
    """Every estimate the paragraph states (about 1 s in all)."""
    catalog = load_bundled_catalog()
    h800, h100 = catalog.get("h800-sxm"), catalog.get("h100-sxm")
    return Figures(
        dsv3=estimate(_dsv3_pinned("dualpipe"), h800),
        dsv3_exposed=estimate(_dsv3_pinned("1f1b"), h800),
        dsv3_policy=estimate(_dsv3_pinned("1f1b", overlap=True, policy="fp8-cache", auto=()), h800),
        dsv3_stated=estimate(_dsv3_pinned("dualpipe", overlap=True, policy="fp8-cache", auto=(), mtp=1,
                                          block_scaled=True), h800),
        planned_dualpipe=estimate(_dsv3_planned("dualpipe"), h800),
        planned_1f1b=estimate(_dsv3_planned("1f1b"), h800),
        llama_16384=estimate(_llama405(16384, 16), h100),
        llama_8192_planned=estimate(updated(_meta_8192(), auto_layout=("vp", "recompute")), h100),
        llama_8192_v8=estimate(_meta_8192(recompute="none"), h100),
        llama_8192_v1=estimate(updated(_meta_8192(recompute="none"), parallelism={"virtual_stages": 1}), h100),
    )


def _million(gpu_hours: float) -> str:
    return f"{gpu_hours / 1e6:.2f} M"


def _keeps(est: Estimate) -> str:
    """What the planner chose to keep: every activation, or the recomputation it picked."""
    if _recompute(est) == "none":
        return "keeps every activation"
    return f"chooses {_recompute(est)} recomputation"


def published_layouts(f: Figures | None = None) -> str:
    """The paragraph, each figure from ``figures()``, wrapped as the README's prose is."""
    return textwrap.fill(_paragraph(f or figures()), width=WIDTH, break_long_words=False, break_on_hyphens=False)


WIDTH = 104
"""The README's prose line length [characters]."""


def _paragraph(f: Figures) -> str:
    exposed_cost = 1 - f.dsv3_exposed.training.tokens_per_s_per_card / f.dsv3.training.tokens_per_s_per_card
    v8, v1 = f.llama_8192_v8, f.llama_8192_v1
    over = v8.memory.total / v8.memory.capacity - 1
    budget = (f"{over * 100:.1f} % over an 80 GB card's budget at v = 8" if over > 0 and not v8.memory.fits
              else f"{_fits(v8)} at v = 8")
    plan = f.llama_8192_planned
    return (
        "The two largest published runs are estimated at their published layouts. DeepSeek-V3 (PP16, EP64, "
        "ZeRO-1 on 2,048 H800, DualPipe overlapping the expert all-to-all, node-limited routing) "
        f"{_fits(f.dsv3)} with {_recompute(f.dsv3)} recomputation and runs {signed(_dsv3_error(f.dsv3))} against "
        "the report's 180K GPU-hours per trillion tokens (left exposed under a plain 1F1B schedule, the "
        f"all-to-all would cost {exposed_cost * 100:.0f} % of that rate); at the report's own recomputation "
        "policy (its FP8 activation cache, `selective_policy: fp8-cache`) with Megatron's overlap on 1F1B it "
        f"{_fits(f.dsv3_policy)} and reads {signed(_dsv3_error(f.dsv3_policy))}, and as the report states the "
        "whole run (that policy, DualPipe's bubble, the multi-token-prediction block, the BF16 output head "
        f"beside block-scaled FP8) {signed(_dsv3_error(f.dsv3_stated))}, the SMs the overlapped all-to-all "
        "holds counted in both. Planned rather than pinned, with DualPipe named "
        "(`--pipeline-algorithm dualpipe`) and DeepSeek's recipe, the planner picks "
        f"{_layout(f.planned_dualpipe)} for {_million(f.planned_dualpipe.training.gpu_hours)} H800 GPU-hours "
        f"against the published 2.664 M ({signed(f.planned_dualpipe.training.gpu_hours / DSV3_GPU_HOURS - 1, 0)});"
        " under a plain 1F1B schedule the exposed all-to-all makes it choose "
        f"{_layout(f.planned_1f1b)} ({_million(f.planned_1f1b.training.gpu_hours)}). Llama 3.1 405B at Meta's "
        "TP8 PP16 with the fused layer kernels of the megatron-mixed recipe (31.8·h bytes per token and layer), "
        "the gradients reduced once a step as Meta's FSDP did (`--grad-reduce per-step`): "
        f"on 16,384 H100 the planner {_keeps(f.llama_16384)} and is {signed(_meta_error(f.llama_16384))} against "
        f"400 TFLOP/s per GPU; on 8,192 it {_keeps(plan)} at v = {plan.scenario.parallelism.virtual_stages} "
        f"on Meta's flexible schedule and is {signed(_meta_error(plan))} against 430. Meta ran that layout "
        f"without recomputation: the estimate finds it {budget} (where its step would be "
        f"{signed(_meta_error(v8))}) and {'fitting' if v1.memory.fits else 'not fitting'} at v = 1 "
        f"({signed(_meta_error(v1))}) (`tests/test_training_moe_pipeline.py`, `tests/test_dualpipe_mtp.py`, "
        "`tests/test_pipeline_schedule.py`; written by `tools/readme_published_layouts.py`)."
    )


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Print the README's published-layouts paragraph (writes nothing; "
                                                 "tools/readme_blocks.py --block published-layouts writes it).")
    parser.parse_args(argv)
    print(published_layouts())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
