"""A MoE decode step runs the routed experts' grouped GEMM and the other products as kernels one after the
other, each at its own roofline (formulas/moe.experts_apart_seconds; benchmarks/data/
notes-deepseek-decode-aic-2026-12-05.md): DeepSeek-V3's attention projections at 512 tokens no longer hide under
the experts' weight stream."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import DecodeStep
from configurator.core.formulas.moe import experts_apart_seconds
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario


@pytest.fixture(scope="module")
def card():
    return load_bundled_catalog().get("h200-sxm")


def _deepseek(tp=8, ep=8, concurrency=512, engine="tensorrt-llm"):
    return Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference", precision="fp8",
                    parallelism={"tp": tp, "ep": ep},
                    serving={"context": 4096, "prompt_tokens": 1000, "output_tokens": 1000,
                             "concurrency": concurrency, "engine": engine})


def test_each_block_at_its_own_roofline():
    """Experts weight bound (20 ms of reads, 7 of FLOPs), the rest compute bound (1 ms of reads, 5 of FLOPs):
    20 + 5, not max(21, 12); arrays broadcast to the same numbers."""
    assert experts_apart_seconds(21.0, 12.0, 20.0, 7.0) == pytest.approx(25.0)
    assert experts_apart_seconds(21.0, 12.0, 20.0, 7.0) >= max(21.0, 12.0)
    arrays = experts_apart_seconds(np.array([21.0, 3.0]), np.array([12.0, 4.0]), np.array([20.0, 2.0]),
                                   np.array([7.0, 1.0]))
    np.testing.assert_allclose(arrays, [25.0, 2.0 + 3.0])


def test_deepseek_v3_tp8_ep8_at_512_pays_its_projections_beside_the_experts(card):
    """TP 8 × EP 8, 512 sequences, 1,500 cached tokens, TensorRT-LLM: the routed experts stream 21 ms of
    weights (touched whole, 58 layers × 32 experts a card) and the rest takes ~7 ms of FLOPs: the other
    products ~3.6 ms (aiconfigurator's measured MLA projections: 5.4 ms) and the absorbed MLA attention's
    3.7 ms (formulas/attention_flops.py; the measured kernel at 128 heads, 64 sequences a card: 3.67 ms),
    so the step is 6-7 ms longer than max(W, C)."""
    s = _deepseek()
    step = DecodeStep(s, card, plan_serving(s, card), 1500)
    total, (weights, kv, compute) = step.seconds(512)
    routed_w, routed_c = step.routed(512, 512, compute)
    assert routed_w == pytest.approx(22.8e-3, rel=0.05)  # 21.0 until the TRT-LLM weight share 0.85 (session 46)
    assert routed_w < weights and routed_c < compute
    attention = compute * (1.0 - step.matmul_share)
    assert attention == pytest.approx(3.67e-3, rel=0.05)
    assert compute - routed_c - attention == pytest.approx(3.6e-3, rel=0.2)  # the other products
    assert weights - routed_w < compute - routed_c  # the rest, compute bound
    assert (routed_w + compute - routed_c) - max(weights, compute) == pytest.approx(6.7e-3, rel=0.2)


def test_plain_step_gives_the_same_moe_step(card):
    """The step table's written-out path (DecodeStep.plain_step) and the array path agree for a MoE."""
    for tp, ep, batch in ((8, 8, 512), (1, 8, 64), (8, 1, 512)):
        s = _deepseek(tp, ep, batch * (8 // tp), engine="vllm")
        step = DecodeStep(s, card, plan_serving(s, card), 1500)
        assert step.plain_step()(batch)[0] == pytest.approx(step.seconds(batch)[0], rel=1e-12)
        at = np.array([1.0, 16.0, float(batch)])
        np.testing.assert_allclose(step.seconds(at)[0], [step.plain_step()(b)[0] for b in at], rtol=1e-12)


def test_a_dense_model_keeps_max_of_weights_and_products(card):
    """One block: a dense model's products share one intensity, so its step is max(W, C) + KV + … as before."""
    s = Scenario(model=preset("llama3-70b"), card_id="h200-sxm", count=4, workload="inference", precision="fp8",
                 parallelism={"tp": 4}, serving={"concurrency": 256, "prompt_tokens": 1000, "output_tokens": 1000})
    step = DecodeStep(s, card, plan_serving(s, card), 1500)
    total, (weights, kv, compute) = step.seconds(256)
    comm = total - max(weights, compute) - kv - step.overhead_s
    assert comm >= 0.0
    assert step.plain_step()(256)[0] == total
