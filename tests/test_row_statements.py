"""Figures a calibration row's statement quotes are the figures the estimator gives (issue 27 audit):
a statement that goes stale when a formula moves fails here, not in a reader's hands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import accuracy_published  # noqa: E402
import accuracy_training  # noqa: E402

from configurator.core.catalog import load_bundled_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.scenario import updated  # noqa: E402

CALIBRATION = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "published-calibration.json"
CATALOG = load_bundled_catalog()


def test_llm_foundry_fp8_row_states_the_delayed_scaling_it_ran_and_what_dynamic_costs_its_memory():
    """llm-foundry's MPT 3B FP8 row ran Composer's DelayedScaling; it is set as fp8_scaling dynamic for
    its GEMM curve, and its note quotes what that choice does to the memory and what delayed would read."""
    row_id = "tp-foundry-h100-3b-512-fp8"
    published = next(r for r in json.loads(CALIBRATION.read_text()) if r["id"] == row_id)
    stated, planned = accuracy_published.PUBLISHED[row_id](published)
    assert "DelayedScaling" in stated.note and stated.scenario.training.fp8_scaling == "dynamic"
    card = CATALOG.get(stated.scenario.card_id)
    dynamic = estimate(stated.scenario, card)
    delayed = estimate(updated(stated.scenario, training={"fp8_scaling": "delayed"}), card)
    assert dynamic.memory.total / 1e9 == pytest.approx(59.1, abs=0.05)
    assert delayed.memory.total / 1e9 == pytest.approx(60.9, abs=0.05)
    assert (delayed.memory.total - dynamic.memory.total) / 1e9 == pytest.approx(1.7, abs=0.05)
    assert delayed.training.tokens_per_s_per_card == pytest.approx(43_210, abs=1)
    assert delayed.training.tokens_per_s_per_card / published["value"] - 1 == pytest.approx(0.1830, abs=5e-4)
    assert f"{delayed.training.tokens_per_s_per_card:,.0f} tokens/s" in stated.note
    assert planned.scenario.training.micro_batch == 48
    for scaling in ("dynamic", "delayed"):
        assert estimate(updated(planned.scenario, training={"fp8_scaling": scaling}), card).memory.fits


def test_llama3_405b_rows_under_megatron_cores_kept_set_do_not_fit_and_the_planner_recomputes_as_the_note_says():
    """Meta's layouts without recomputation, under Megatron-Core's kept set (not the rows' assumed
    hand-written backward) and holding the stage's fp32 gradients whole (the rows' per-step reduction), are
    over the H100 (99.1 and 91.6 GB of 85.0); the planner, choosing the interleaving and recomputation on
    TP8 PP16, recomputes fully at the TFLOP/s the row's note names (about 334 on 8,192 cards)."""
    for count, micro_batches, tflops in ((8192, 32, 334), (16384, 16, 312)):
        s = updated(accuracy_training._meta_405b(count, micro_batches), training={"activation_kernels": "fused"})
        assert not estimate(s, CATALOG.get("h100-sxm")).memory.fits
        planned = estimate(updated(s, auto_layout=("vp", "recompute")), CATALOG.get("h100-sxm"))
        assert planned.memory.fits and planned.scenario.training.recompute.value == "full"
        assert planned.training.mfu * CATALOG.get("h100-sxm").peak_tflops(s.precision) == pytest.approx(tflops,
                                                                                                        rel=0.01)
    assert "recomputes fully (about 334 TFLOP/s)" in accuracy_training.LLAMA3_405B_NOTE


@pytest.mark.parametrize("row_id", ["nemo-2407-llama2-70b-sft-fp8-16xh100", "megatron-bridge-2511-405b-fp8-256xgb200"])
def test_held_out_fp8_rows_quote_the_memory_the_estimate_gives(row_id):
    """The held-out FP8 rows whose memory moved with Transformer Engine's FP8 input copies quote today's figure."""
    from heldout_training import _training_scenario
    from heldout_card import card_as_run

    held_out = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"
    row = next(r for r in json.loads(held_out.read_text()) if r["id"] == row_id)
    memory = estimate(_training_scenario(row["setup"]), card_as_run(row["setup"])).memory
    assert memory.fits
    assert f"{memory.total / 2**30:.1f} GiB" in row["notes"]
    assert f"{memory.activations / 2**30:.1f} of activations" in row["notes"]
