"""Context and expert parallelism, FP8 linear layers, the loss kernel and CPU offload (issue: one
planner, parts 2, 4 and 5), against their formulas and the scalar estimate."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate, with_layout
from configurator.core.memory import activation_layout, training_states
from configurator.core.layer_activations import logits_bytes_per_token
from configurator.core.training_speed import (
    CP_EXCHANGES_PER_LAYER,
    EP_ALL_TO_ALLS_PER_LAYER,
    context_parallel_seconds,
    expert_parallel_seconds,
    fabric,
)
from configurator.core.workloads.training.search import plan_training_layout
from configurator.core.precision import attention_precision, plan_training
from configurator.core.scenario import LAYOUT_FIELDS, LossKernel, Scenario, updated
from configurator.core.units import Precision
from configurator.core.formulas.collectives import all_to_all_latency_seconds


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def training(model: str, card: str, count: int, seq: int = 4096, **training_fields) -> Scenario:
    return Scenario(model=preset(model), workload="pretrain", card_id=card, count=count, auto_layout=LAYOUT_FIELDS,
                    training={"tokens": 1e12, "seq_len": seq, "recipe": "megatron-mixed", **training_fields})


def exact(scenario: Scenario, layout, card):
    """The searched layout as a fully pinned, validated scenario, estimated one at a time."""
    changes = layout.as_changes(None)
    fixed = with_layout(scenario.model_copy(update={"auto_layout": ()}), changes["parallelism"],
                        {**changes["training"], "recompute": layout.recompute, "global_batch_tokens": None})
    return estimate(Scenario.model_validate(fixed.model_dump()), card)


# ---- formulas ------------------------------------------------------------------------------------


def test_ring_exchange_is_hidden_behind_attention_until_it_is_longer(catalog):
    """Ring attention (Liu et al. 2023): (cp-1) K/V blocks per layer, 3 per step, minus overlap."""
    card = catalog.get("h100-sxm")
    a = Scenario(model=preset("llama3-8b")).assumptions
    net = fabric(card, 8, a)
    block = 2 * 8192 * 1024 * 2 / (net.fast_gbps * 1e9 * a.link_efficiency) + 1e-5
    ring = CP_EXCHANGES_PER_LAYER * 32 * 3 * block
    assert context_parallel_seconds(8192, 1024, 2, 4, 32, False, 0.0, net, a) == pytest.approx(ring)
    assert context_parallel_seconds(8192, 1024, 2, 4, 32, False, 10 * ring, net, a) == 0
    assert context_parallel_seconds(8192, 1024, 2, 1, 32, False, 0.0, net, a) == 0


def test_all_to_all_volume_is_top_k_tokens_times_hidden(catalog):
    """GShard §2.2: each token is dispatched to k experts and combined back, forward and backward."""
    card = catalog.get("h100-sxm")
    a = Scenario(model=preset("llama3-8b")).assumptions
    net = fabric(card, 8, a)
    n_bytes = 4096 * 2 * 4096 * 2  # tokens × top-k × hidden × bf16
    one = 7 / 8 * n_bytes / (net.fast_gbps * 1e9 * a.link_efficiency) + all_to_all_latency_seconds(8, 8)
    assert expert_parallel_seconds(4096, 4096, 2, 2, 8, 32, 8, net, a) == pytest.approx(
        EP_ALL_TO_ALLS_PER_LAYER * 32 * one)


def test_fp8_runs_attention_at_16_bit(catalog):
    """Transformer Engine and torchao float8 swap only the linear layers."""
    card = catalog.get("h100-sxm")
    plan = plan_training(card, Precision.FP8)
    assert plan.math is Precision.FP8 and attention_precision(card, plan) is Precision.BF16
    bf16 = plan_training(card, Precision.BF16)
    assert attention_precision(card, bf16) is Precision.BF16
    s = training("llama3-8b", "h100-sxm", 8, seq=8192)
    fp8 = estimate(updated(s, precision="fp8"), card).training
    b16 = estimate(s, card).training
    assert b16.step_time_s / 2 < fp8.step_time_s < b16.step_time_s  # faster, not twice as fast


def test_fused_loss_keeps_one_fp32_vocabulary_copy(catalog):
    card = catalog.get("h100-sxm")
    s = training("llama3-8b", "h100-sxm", 1, seq=2048)
    plan = plan_training(card, s.precision)
    layout = activation_layout(s, plan, training_states(s, plan))
    assert layout.loss is LossKernel.FUSED  # pre-training default
    assert logits_bytes_per_token(s.model, layout) == (2 + 4) * 128256
    eager = updated(s, training={"loss": "eager"})
    layout = activation_layout(eager, plan, training_states(eager, plan))
    assert logits_bytes_per_token(s.model, layout) == 12 * 128256
    finetune = updated(s, workload="finetune")
    assert activation_layout(finetune, plan, training_states(finetune, plan)).loss is LossKernel.EAGER


# ---- the search ----------------------------------------------------------------------------------


def test_long_sequences_get_context_parallelism(catalog):
    """128k-token sequences: the planner splits them (CP) rather than sharding only weights."""
    card = catalog.get("h100-sxm")
    s = training("llama3-8b", "h100-sxm", 64, seq=131072)
    plan = plan_training_layout(s, card)
    assert plan.best.cp > 1
    without = plan_training_layout(updated(s, auto_layout=[f for f in LAYOUT_FIELDS if f != "cp"]), card)
    assert plan.best.tokens_per_s > without.best.tokens_per_s
    assert plan_training_layout(training("llama3-8b", "h100-sxm", 64, seq=4096), card).best.cp == 1


def test_moe_gets_expert_parallelism_and_dense_models_never_do(catalog):
    card = catalog.get("h100-sxm")
    moe = plan_training_layout(training("mixtral-8x7b", "h100-sxm", 64), card, top=20)
    assert any(x.ep > 1 for x in moe.layouts)
    dense = plan_training_layout(training("llama3-8b", "h100-sxm", 64), card, top=20)
    assert dense.layouts and all(x.ep == 1 for x in dense.layouts)


@pytest.mark.parametrize("model,seq,count", [("llama3-8b", 131072, 64), ("mixtral-8x7b", 4096, 64)])
def test_vectorised_search_agrees_with_the_estimate_for_cp_and_ep(catalog, model, seq, count):
    card = catalog.get("h100-sxm")
    s = training(model, "h100-sxm", count, seq=seq)
    plan = plan_training_layout(s, card, top=8)
    assert any(x.cp > 1 or x.ep > 1 for x in plan.layouts)
    for layout in plan.layouts:
        est = exact(s, layout, card)
        assert est.memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)
        assert est.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)


def test_expert_parallelism_divides_only_the_experts(catalog):
    card = catalog.get("h100-sxm")
    s = training("mixtral-8x7b", "h100-sxm", 64, micro_batch=1, grad_accum=1)
    s = updated(s, auto_layout=(), parallelism={"tp": 1, "pp": 1, "ep": 1, "zero": 0})
    one = estimate(s, card).memory.weights
    eight = estimate(updated(s, parallelism={"ep": 8}), card).memory.weights
    m = s.model
    experts = m.n_moe_layers * m.n_experts * m.mlp_params(m.routed_ffn)
    assert one - eight == pytest.approx(experts * (1 - 1 / 8) * 2, rel=1e-6)  # 16-bit weights


def test_zero3_with_pipeline_stages_is_searched(catalog):
    card = catalog.get("a100-sxm-80gb")
    s = training("llama3-70b", "a100-sxm-80gb", 256)
    plan = plan_training_layout(updated(s, auto_layout=[f for f in LAYOUT_FIELDS if f not in ("pp", "zero")],
                                        parallelism={"pp": 4, "zero": 3}), card)
    assert plan.best is not None and plan.best.pp == 4 and plan.best.zero == 3


def test_offload_fits_70b_on_one_card_and_pays_for_the_pcie_traffic(catalog):
    """ZeRO-Offload/Infinity: 70B does not fit one H100 without offload, fits with it, and pays
    at least the host Adam step (Ren et al. 2021); with the parameters on the host too their 16-bit
    weights are fetched in forward and backward (prefetched behind compute), not again after the step
    (offloadlaunch50: the upload was counted twice)."""
    card = catalog.get("h100-sxm")
    s = training("llama3-70b", "h100-sxm", 1, seq=2048)
    assert plan_training_layout(s, card).best is None
    off = updated(s, training={"offload_optimizer": True, "offload_params": True})
    best = plan_training_layout(off, card).best
    assert best is not None
    est = exact(off, best, card)
    t = est.training
    params = est.scenario.model.total_params()
    upload = params * 2 / (card.interconnect.pcie_gbps_one_way * 1e9 * est.scenario.assumptions.link_efficiency)
    host_adam = params / est.scenario.assumptions.cpu_optimizer_params_per_s
    assert host_adam <= t.offload_s < host_adam + upload and t.optimizer_s == 0
    assert t.exposed_comm_by_kind["offload"] == pytest.approx(t.offload_s / t.step_time_s)


def test_cli_cp_ep_offload_flags_and_json(capsys):
    code = main(["estimate", "--json", "--workload", "pretrain", "--model", "mixtral-8x7b", "--card", "h100-sxm",
                 "--count", "64", "--seq", "8192", "--cp", "2", "--ep", "4", "--loss", "fused"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["layout"]["cp"] == 2 and out["layout"]["ep"] == 4
    assert {"cp", "ep"} <= set(out["layout"]["pinned"])
    kinds = out["performance"]["exposed_comm_by_kind"]
    assert {"context_parallel", "expert_parallel", "offload"} <= set(kinds)
    code = main(["estimate", "--json", "--model", "llama3-8b", "--card", "h100-sxm", "--offload", "optimizer"])
    assert code == 0
    code = main(["estimate", "--model", "llama3-8b", "--offload", "gpu"])
    assert code == 2 and "optimizer, params, activations" in capsys.readouterr().err
    code = main(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--count", "8", "--ep", "2"])
    assert code == 2 and "mixture-of-experts" in capsys.readouterr().err


def test_a_serving_copy_too_large_for_one_server_gets_pipeline_stages(catalog):
    """Llama 3.1 405B in BF16 (~810 GB) does not fit 8 × H100 with tensor parallelism alone; on
    16 cards the planner splits each copy into two stages of TP 8 (vLLM across two servers)."""
    card = catalog.get("h100-sxm")
    s = Scenario(model=preset("llama3.1-405b"), workload="inference", card_id="h100-sxm", count=16,
                 auto_layout=LAYOUT_FIELDS, serving={"concurrency": 8})
    est = estimate(s, card)
    assert est.fits and est.scenario.parallelism.tp == 8 and est.scenario.parallelism.pp == 2
    small = estimate(updated(s, model=preset("llama3-8b").model_dump()), card)
    assert small.scenario.parallelism.pp == 1  # stages only when one domain cannot hold a copy


def test_fp8_cache_is_planned_only_when_the_default_does_not_carry_the_load(catalog):
    """vLLM's kv_cache_dtype=fp8 halves the cache: chosen (and said) when the engine's default
    cache keeps 200 users of Llama 3 70B at 8k context from fitting 8 x H100; not at 64 users;
    never over a precision the user set."""
    card = catalog.get("h100-sxm")

    def at(users, **serving):
        s = Scenario(model=preset("llama3-70b"), workload="inference", card_id="h100-sxm", count=8,
                     auto_layout=LAYOUT_FIELDS, serving={"concurrency": users, "context": 8192,
                                                         "prompt_tokens": 4096, "output_tokens": 512, **serving})
        return estimate(s, card)

    few, many = at(64), at(200)
    assert few.scenario.serving.kv_precision is None and "kv-fp8-chosen" not in {m.id for m in few.messages}
    assert many.fits and many.scenario.serving.kv_precision == "fp8"
    assert "kv-fp8-chosen" in {m.id for m in many.messages}
    pinned = at(200, kv_precision="bf16")
    assert pinned.scenario.serving.kv_precision == "bf16" and not pinned.fits
