"""A decode step's products under the weight stream: ``max(W + γ·C, C)`` (gemm_efficiency.streamed_seconds,
STREAM_EXPOSED_SHARES fitted on aiconfigurator's H100/H200 tables; notes-decode-gemm-growth-2026-12-06.md)."""

from __future__ import annotations

import pytest

from configurator.core.formulas.gemm_efficiency import STREAM_EXPOSED_SHARES, streamed_seconds


def _scenario(engine: str):
    """Llama 3 70B FP8 at TP 8 on eight H100 SXM, served by ``engine``."""
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario

    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                    parallelism={"tp": 8}, serving={"engine": engine, "weight_format": "fp8", "context": 4096,
                                                    "prompt_tokens": 1024, "output_tokens": 256, "concurrency": 1})


def test_streamed_seconds_adds_the_exposed_share_until_the_products_bound():
    assert STREAM_EXPOSED_SHARES == {"16": 0.07, "8": 0.20}
    assert streamed_seconds(100e-6, 50e-6, "bf16") == pytest.approx(103.5e-6)
    assert streamed_seconds(100e-6, 50e-6, "fp8") == pytest.approx(110e-6)
    assert streamed_seconds(100e-6, 200e-6, "fp8") == 200e-6  # past the crossover: the products alone
    assert streamed_seconds(100e-6, 0.0, "fp8") == 100e-6  # no products: the weight stream


def test_decode_step_charges_the_exposed_share_and_both_paths_agree(catalog):
    """The step's weight-bound part grows by γ·C_mm with the batch (it stood still before), the same in the
    whole step and in the step table's plain-number path; the ideal engine keeps the bare roofline."""
    from configurator.core.decode_step import DecodeStep
    from configurator.core.precision import plan_serving

    card = catalog.get("h100-sxm")
    s = _scenario("tensorrt-llm")
    plan = plan_serving(s, card)
    step = DecodeStep(s, card, plan, 2000)
    for batch in (1, 16, 64):
        whole, (weights_s, _, compute_s) = step.seconds(batch)
        assert compute_s < weights_s
        assert step.plain_step()(batch)[0] == pytest.approx(whole, rel=1e-12)
        bare = whole - step.exposed * step.matmul_share * compute_s
        assert whole > bare and step.exposed == STREAM_EXPOSED_SHARES["8"]
    ideal = _scenario("ideal")
    assert DecodeStep(ideal, card, plan_serving(ideal, card), 2000).exposed == 0.0
