"""Mixture-of-experts serving with expert parallelism: weights per card are the dense share plus
the copy's share of the experts, a decode step reads only the experts its tokens touch, and
expert parallelism pays a dispatch and a combine all-to-all per MoE layer."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.memory import routed_expert_params
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import _ep_all_to_all_s, decode_step_seconds, decode_weight_bytes


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _moe(model="deepseek-v3", card="h200-sxm", count=8, tp=8, ep=1, concurrency=64, precision="fp8"):
    return Scenario(model=preset(model), card_id=card, count=count, workload="inference", precision=precision,
                    parallelism={"tp": tp, "ep": ep},
                    serving={"context": 4096, "prompt_tokens": 1024, "output_tokens": 256,
                             "concurrency": concurrency})


def test_deepseek_v3_fp8_on_8_h200_holds_an_eighth_of_its_weights_per_card(catalog):
    """671 B parameters at one byte each over eight cards: ≈ 84 GB per card (DeepSeek-V3 report:
    671 B total, FP8 weights)."""
    model = preset("deepseek-v3")
    assert model.total_params() == pytest.approx(671e9, rel=0.01)
    est = estimate(_moe(), catalog.get("h200-sxm"))
    assert est.memory.weights == pytest.approx(model.total_params() * 1.0 / 8, rel=0.02)


def test_expert_parallel_card_holds_dense_part_and_its_share_of_experts(catalog):
    model = preset("deepseek-v3")
    experts = routed_expert_params(model, model.n_layers)
    est = estimate(_moe(tp=1, ep=8), catalog.get("h200-sxm"))
    expected = (model.total_params() - experts) + experts / 8
    assert est.memory.weights == pytest.approx(expected * 1.0, rel=0.02)


def test_mixtral_decode_reads_only_touched_experts():
    """Top-2 of 8: one token reads 2 experts per layer; 64 tokens touch nearly all 8
    (8·(1 − (3/4)^64))."""
    model = preset("mixtral-8x7b")
    expert = model.mlp_params(model.routed_ffn) * model.n_moe_layers
    dense = model.total_params() - 8 * expert
    assert decode_weight_bytes(model, 1, 1.0) == pytest.approx(dense + 2 * expert)
    assert decode_weight_bytes(model, 64, 1.0) == pytest.approx(dense + 8 * (1 - 0.75**64) * expert)


def test_expert_parallel_copies_share_the_expert_reads():
    """Two copies sharing their experts: the group routes 2·b tokens, each copy reads half."""
    model = preset("mixtral-8x7b")
    expert = model.mlp_params(model.routed_ffn) * model.n_moe_layers
    dense = model.total_params() - 8 * expert
    touched = 8 * (1 - 0.75 ** 8)
    assert decode_weight_bytes(model, 4, 1.0, ep=2) == pytest.approx(dense + touched * expert / 2)


def test_expert_parallelism_pays_all_to_all_on_the_fast_link(catalog):
    card = catalog.get("h200-sxm")
    with_ep, without = _moe(tp=1, ep=8), _moe(tp=1, ep=1)
    assert _ep_all_to_all_s(without, card, 64, 1.0) == 0.0
    assert _ep_all_to_all_s(with_ep, card, 64, 1.0) > 0.0
    step_ep = decode_step_seconds(with_ep, card, plan_serving(with_ep, card), 64, 1024)[0]
    step = decode_step_seconds(without, card, plan_serving(without, card), 64, 1024)[0]
    assert step_ep < step  # each card reads an eighth of the touched experts


def test_planner_may_share_experts_across_copies(catalog):
    s = Scenario(model=preset("mixtral-8x7b"), card_id="h100-sxm", count=8, workload="inference",
                 precision="fp8", auto_layout=["tp", "pp", "ep", "max_batch"],
                 serving={"context": 4096, "prompt_tokens": 1024, "output_tokens": 256, "concurrency": 512})
    est = estimate(s, catalog.get("h100-sxm"))
    par = est.scenario.parallelism
    assert est.fits and par.ep in (1, 8 // (par.tp * par.pp)) or par.ep == 1
    assert (est.scenario.count // (par.tp * par.pp)) % par.ep == 0
