"""Estimates: published formulas, warnings, identities and cost arithmetic."""

from __future__ import annotations

import pytest
from numpy.testing import assert_allclose

from configurator.core.architecture import preset
from configurator.core.estimate import estimate, sweep_counts
from configurator.core.economics import host_watts
from configurator.core.kv_memory import kv_cache_bytes_per_token
from configurator.core.memory import zero_sharded
from configurator.core.scenario import Scenario, updated
from configurator.core.units import GB, GIB
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


@pytest.mark.parametrize(
    ("stage", "published_gb"),
    [(0, 120.0), (1, 31.4), (2, 16.6), (3, 1.9)],  # ZeRO paper Fig. 1: Ψ = 7.5B, N_d = 64, K = 12
)
def test_zero_model_states_match_paper(stage, published_gb):
    psi = 7.5e9
    per_card = sum(zero_sharded(2 * psi, 2 * psi, 12 * psi, stage, 64))
    assert_allclose(per_card / GB, published_gb, rtol=0.02)


def test_kv_cache_llama2_70b():
    assert kv_cache_bytes_per_token(preset("llama2-70b"), 2.0) == 327_680


def test_memory_parts_add_up(catalog, training_scenario):
    m = estimate(training_scenario, catalog.get("h100-sxm")).memory
    parts = m.weights + m.gradients + m.optimizer + m.activations + m.kv_cache + m.overhead
    assert_allclose(parts - m.not_concurrent, m.total, rtol=1e-12)


def test_fits_agrees_with_largest_batch(catalog, training_scenario):
    card = catalog.get("h100-sxm")
    est = estimate(training_scenario, card)
    largest = est.limits.max_micro_batch
    assert largest >= 2
    assert estimate(updated(training_scenario, training={"micro_batch": largest}), card).fits
    assert not estimate(updated(training_scenario, training={"micro_batch": largest + 1}), card).fits


def test_largest_concurrency_and_context_fit(catalog, inference_scenario):
    card = catalog.get("l40s")
    limits = estimate(inference_scenario, card).limits
    assert estimate(updated(inference_scenario, serving={"concurrency": limits.max_concurrency}), card).fits
    assert not estimate(updated(inference_scenario, serving={"concurrency": limits.max_concurrency + 1}), card).fits
    assert estimate(updated(inference_scenario, serving={"context": limits.max_context}), card).fits


def test_t4_has_no_bf16(catalog, llama8b):
    s = Scenario(model=preset("tinyllama-1.1b"), card_id="t4", workload="lora", precision="bf16")
    est = estimate(s, catalog.get("t4"))
    assert est.plan.math.value == "fp16"
    assert "T4 has no BF16 rate (unsupported or not published): FP16 used" in est.warnings


def test_l40s_tensor_parallel_over_pcie(catalog, inference_scenario):
    s = updated(inference_scenario, count=2, parallelism={"tp": 2})
    assert "L40S has no card-to-card link: tensor parallel over PCIe" in estimate(s, catalog.get("l40s")).warnings


def test_int4_on_card_without_int4_is_flagged_emulated(catalog, inference_scenario):
    s = updated(inference_scenario, precision="int4", card_id="h100-sxm")
    est = estimate(s, catalog.get("h100-sxm"))
    assert est.plan.weights.value == "int4" and est.plan.math.value != "int4"
    assert any(m.id == "precision-emulated" for m in est.messages)


def test_int4_halves_weight_memory_vs_int8(catalog, inference_scenario):
    card = catalog.get("l40s")
    w8 = estimate(updated(inference_scenario, precision="int8"), card).memory.weights
    w4 = estimate(updated(inference_scenario, precision="int4"), card).memory.weights
    assert 0.5 < w4 / w8 < 0.6  # 4 bits plus group scales


def test_70b_bf16_does_not_fit_one_24gb_card(catalog):
    s = Scenario(model=preset("llama3-70b"), card_id="rtx-4090", workload="inference", precision="bf16")
    est = estimate(s, catalog.get("rtx-4090"))
    assert not est.fits
    assert any(m.id == "does-not-fit" for m in est.messages)


def test_pretraining_on_inference_card_is_flagged(catalog, llama8b):
    s = Scenario(model=preset("llama3.2-1b"), card_id="l4", workload="pretrain")
    assert any(m.id == "class-mismatch" for m in estimate(s, catalog.get("l4")).messages)


def test_training_time_is_budget_over_throughput(catalog, training_scenario):
    t = estimate(training_scenario, catalog.get("h100-sxm")).training
    assert_allclose(t.hours * 3600 * t.tokens_per_s, training_scenario.training.tokens, rtol=1e-9)
    assert_allclose(t.gpu_hours, t.hours * training_scenario.count)


def test_prices_and_currency(catalog, training_scenario):
    s = updated(training_scenario, economics={"card_price": 30000, "cloud_price_per_hour": 2.5})
    est = estimate(s, catalog.get("h100-sxm"))
    assert est.costs.purchase == 30000 * 8
    assert_allclose(est.costs.cloud, 2.5 * 8 * est.training.hours)
    assert est.costs.basis == "cloud"
    cny = updated(training_scenario, economics={"currency": "CNY", "usd_to_currency": 7.1})
    usd_est = estimate(training_scenario, catalog.get("h100-sxm"))
    cny_est = estimate(cny, catalog.get("h100-sxm"))
    assert_allclose(cny_est.costs.purchase, usd_est.costs.purchase * 7.1)


def test_energy_uses_pue_and_hosts(catalog, training_scenario):
    est = estimate(training_scenario, catalog.get("h100-sxm"))
    e = training_scenario.economics
    host = host_watts(est.card, training_scenario)  # the 8-way baseboard server's own power
    expected_w = (700 * 8 + host) * e.power_fraction * e.pue
    assert_allclose(est.power.facility_watts, expected_w)
    assert_allclose(est.energy_kwh, expected_w * est.training.hours / 1000)
    mine = updated(training_scenario, economics={"host_power_w_per_node": 900.0})
    assert_allclose(estimate(mine, est.card).power.facility_watts, (700 * 8 + 900) * e.power_fraction * e.pue)


def test_more_cards_more_throughput_with_enough_work_per_step(catalog, training_scenario):
    s = updated(training_scenario, training={"grad_accum": 16})
    ests = sweep_counts(s, catalog.get("h100-sxm"), [8, 16, 32])
    speeds = [e.training.tokens_per_s for e in ests]
    assert speeds == sorted(speeds)


def test_unknown_compute_rate_gives_no_speed(catalog, llama8b):
    s = Scenario(model=preset("llama3.2-1b"), card_id="ppu-zhenwu", workload="inference",
                 serving={"context": 2048, "prompt_tokens": 512, "output_tokens": 128})
    est = estimate(s, catalog.get("ppu-zhenwu"))
    assert est.serving is None
    assert any(m.id == "no-compute-rate" for m in est.messages)


def test_capacity_uses_measured_usable_memory(catalog, training_scenario):
    est = estimate(updated(training_scenario, card_id="h200-sxm"), catalog.get("h200-sxm"))
    assert_allclose(est.memory.capacity / GIB, 139.8)


def test_json_contract_keys(catalog, training_scenario):
    d = _json(estimate(training_scenario, catalog.get("h100-sxm")))
    assert set(d["memory"]) >= {"weights", "gradients", "optimizer", "activations", "kv_cache", "overhead",
                                "total", "capacity", "fits"}
    assert set(d["performance"]) >= {"tokens_per_s", "tokens_per_s_per_card", "step_time_s", "mfu", "ttft_s",
                                     "tpot_s"}
    assert set(d["time"]) == {"hours", "gpu_hours", "hours_range", "gpu_hours_range"}
    assert set(d["power"]) >= {"watts", "energy_kwh"}
    assert set(d["cost"]) >= {"currency", "purchase", "energy", "cloud", "per_million_tokens"}
    assert isinstance(d["warnings"], list)


def test_tiny_steps_across_nodes_are_communication_bound(catalog, training_scenario):
    one_node, two_nodes = sweep_counts(training_scenario, catalog.get("h100-sxm"), [8, 16])
    assert two_nodes.training.tokens_per_s_per_card < one_node.training.tokens_per_s_per_card
    assert two_nodes.training.data_parallel_s > one_node.training.data_parallel_s
