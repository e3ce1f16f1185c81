"""Issue 27's named cases that had no test of their own (the audit of 2026-12-05): each pins what
the product answers today against the published figure the issue measured it by.

- GPT-3 175B on 1,024 A100 (the issue: 38 % from Calculon, "the layout irrelevant", one matmul
  efficiency for every product): Narayanan et al. 2021, "Efficient Large-Scale Language Model
  Training on GPU Clusters Using Megatron-LM", arXiv 2104.04473 §5.1: "On n = 1024 A100 GPUs using
  batch size 1536, we achieve X = 140 teraFLOP/s per GPU" (their eq. 3, recomputation counted).
- Korthikanti et al. 2022 (arXiv 2205.05198) Tables 3 + 5, the 530B and 1T runs: the issue had them
  18–24 % slow, the compute term alone over the measured step.
- DeepSeek-V3 served as TP 8 × EP 8 on 8 × H200 from the command line (the issue: "expert-parallel
  degree must divide the data-parallel width").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import accuracy_published  # noqa: E402
import accuracy_training  # noqa: E402
from accuracy_base import A100_NETWORK  # noqa: E402

from cli_estimates import estimate_from_cli  # noqa: E402
from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_bundled_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402

CATALOG = load_bundled_catalog()

MEGATRON_GPT3_1024_TFLOPS = 140.0
"""Narayanan et al. 2021 §5.1: GPT-3 175B on 1,024 A100, batch 1,536 sequences of 2,048 [TFLOP/s per
GPU, eq. 3]."""


@pytest.mark.parametrize(("tp", "pp"), [(8, 8), (8, 16), (4, 16)])
def test_gpt3_175b_on_1024_a100_is_within_10_percent_of_megatrons_140_tflops_at_any_stated_layout(tp, pp):
    """The source states the batch, not the layout: at three Megatron layouts that fit (fp16, full
    recomputation, no flash attention, as the paper's Table 1 rows are stated) the estimate is
    within 10 % of 140 TFLOP/s (2026-12-05: 146.0–149.3; the issue had Calculon 38 % apart)."""
    dp = 1024 // (tp * pp)
    s = accuracy_training._train(preset("gpt3-175b"), "a100-sxm-80gb", 1024, tp=tp, pp=pp, m=1536 // dp,
                        recompute="full", precision="fp16", network=A100_NETWORK, flash=False)
    est = estimate(s, CATALOG.get("a100-sxm-80gb"))
    assert est.memory.fits and est.scenario.global_batch_tokens == 1536 * 2048
    tflops = est.training.tokens_per_s_per_card * accuracy_training._eq3_flops_per_token(s.model, 2048) / 1e12
    assert tflops == pytest.approx(MEGATRON_GPT3_1024_TFLOPS, rel=0.10)


@pytest.mark.parametrize("row_id", ["tp-korth-530b", "tp-korth-1t"])
def test_korthikanti_530b_and_1t_iterations_are_within_15_percent_at_their_stated_layouts(row_id):
    """Selective recomputation with sequence parallelism, TP 8 × PP 35 (interleaved, 3 chunks) and
    TP 8 × PP 64 on 280 and 512 A100: no longer 18–24 % slow (2026-12-05: +7.2 % and +13.4 %), at
    the stated layout, not the planner's."""
    rows = {r["id"]: r for r in json.loads((BENCHMARKS / "data" / "published-calibration.json").read_text())}
    stated = next(r for r in accuracy_published.PUBLISHED[row_id](rows[row_id]) if r.kind == "train-throughput")
    assert stated.predicted == pytest.approx(rows[row_id]["value"], rel=0.15)


def test_deepseek_v3_tp8_by_ep8_on_8_h200_is_estimated_from_the_command_line():
    """``--tp 8 --ep 8`` on 8 cards: one copy, its experts whole on eight ranks; estimated and fits
    (no "expert-parallel degree must divide the data-parallel width")."""
    est = estimate_from_cli(CATALOG, "--workload inference --model deepseek-v3 --card h200-sxm --count 8 "
                                     "--tp 8 --ep 8 --precision fp8 --concurrency 520 "
                                     "--prompt-tokens 1000 --output-tokens 1000")
    p = est.scenario.parallelism
    assert (p.tp, p.ep) == (8, 8)
    assert est.memory.fits and est.serving is not None
