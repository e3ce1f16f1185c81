"""The planner against physics and published practice (issue: one planner)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from configurator.cli import main
from configurator.core.architecture import ModelArchitecture, preset
from configurator.core.batch import default_global_batch_tokens
from configurator.core.catalog import load_catalog
from configurator.core.formulas.collectives import allreduce_seconds, reduce_scatter_seconds
from configurator.core.estimate import estimate
from configurator.core.workloads.training.search import plan_training_layout
from configurator.core.training_speed import pipeline_bubble
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from searched_layout import estimated_alone


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def pretrain(model: str, tokens: float, days: float, **extra) -> Scenario:
    return Scenario(model=preset(model), workload="pretrain", card_id="a100-sxm-80gb", auto_layout=LAYOUT_FIELDS,
                    training={"tokens": tokens, "seq_len": 4096, "recipe": "megatron-mixed"},
                    constraints={"deadline_hours": days * 24}, **extra)


# ---- formulas against their published values ------------------------------------------------


def test_ring_allreduce_moves_twice_n_minus_one_over_n():
    """NCCL PERFORMANCE.md: an all-reduce of S bytes over n ranks moves 2(n-1)/n S per rank."""
    seconds = allreduce_seconds(8e9, 8, 8, 100.0, 50.0, 1.0)
    assert seconds == pytest.approx(2 * (7 / 8 * 8e9 / 100e9 + 1e-5))  # reduce-scatter + all-gather


def test_hierarchical_collective_sends_one_gth_over_the_network():
    """Across 4 servers of 8: (g-1)/g S on the fast link, (N-1)/N S/g per card on the network."""
    seconds = reduce_scatter_seconds(8e9, 32, 8, 100.0, 50.0, 1.0)
    assert seconds == pytest.approx(7 / 8 * 8e9 / 100e9 + 3 / 4 * 1e9 / 50e9 + 1e-5)


def test_narayanan_bubble():
    """Narayanan et al. 2021 §2.2: (p-1)/(v·m); 8 stages, 64 micro-batches, 3 chunks."""
    assert pipeline_bubble(8, 64, 3) == pytest.approx(7 / 192)
    assert pipeline_bubble(1, 4, 1) == 0


def test_default_global_batch_follows_gpt3_and_llama():
    assert default_global_batch_tokens(1.3e9) == 2**20  # GPT-3 1.3B: 1M tokens
    assert default_global_batch_tokens(6.7e9) == 2**21  # GPT-3 6.7B: 2M
    assert default_global_batch_tokens(70e9) == 2**22  # Llama 2 70B: 4M


def test_a_fine_tune_is_planned_at_a_fine_tuning_batch_not_a_pretraining_one(capsys):
    """Llama 2's supervised fine-tuning (Touvron et al. 2023, §3.1): 64 sequences of 4,096 tokens per
    step, for full, LoRA and QLoRA fine-tunes alike; until 2026-12-05 a fine-tune took the
    pre-training batch of its size (4M tokens for 70B), so a 10M-token QLoRA of Llama 3 70B on one
    A100 was three optimizer steps of 2,048 sequences and 2.4 hours each, as its launch said."""
    assert default_global_batch_tokens(8e9, fine_tune=True) == 64 * 4096
    assert default_global_batch_tokens(70e9, fine_tune=True) == 64 * 4096
    assert default_global_batch_tokens(125e6, fine_tune=True) == 64 * 4096  # 0.5M for pre-training

    def planned(*argv: str) -> dict:
        main(["estimate", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8", "--json", *argv])
        return json.loads(capsys.readouterr().out)

    for workload in ("finetune", "lora", "qlora"):
        assert planned("--workload", workload, "--tokens", "100M")["layout"]["global_batch_tokens"] == 64 * 4096
    assert planned("--workload", "pretrain", "--tokens", "100B")["layout"]["global_batch_tokens"] == 2**21
    main(["estimate", "--workload", "qlora", "--model", "llama3-70b", "--card", "a100-sxm-80gb", "--count", "1",
          "--tokens", "10M", "--launch", "megatron"])
    assert "# 39 steps of 128 sequences × 2,048 tokens = 10,223,616 tokens" in capsys.readouterr().out


# ---- the search --------------------------------------------------------------------------------


def test_vectorised_search_agrees_with_the_estimate(catalog):
    """Every searched layout, estimated one at a time, gives the same memory and speed."""
    card = catalog.get("h100-sxm")
    scenario = updated(pretrain("llama3-70b", 2e12, 90), card_id="h100-sxm", count=256)
    plan = plan_training_layout(scenario, card, top=12)
    assert len(plan.layouts) >= 5
    for layout in plan.layouts:
        exact = estimated_alone(scenario, layout, card)
        assert exact.memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)
        assert exact.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)


def test_global_batch_is_kept_exactly_at_every_count(catalog):
    card = catalog.get("h100-sxm")
    base = updated(pretrain("llama2-7b", 1e12, 30), card_id="h100-sxm", training={"global_batch_tokens": 2**22})
    for count in (8, 16, 64, 256, 1024):
        est = estimate(updated(base, count=count), card)
        assert est.scenario.global_batch_tokens == 2**22


def test_pins_are_kept(catalog):
    card = catalog.get("h100-sxm")
    pinned = updated(pretrain("llama3-70b", 2e12, 90), card_id="h100-sxm", count=512,
                     auto_layout=[f for f in LAYOUT_FIELDS if f not in ("tp", "zero")],
                     parallelism={"tp": 8, "zero": 1})
    est = estimate(pinned, card)
    assert est.scenario.parallelism.tp == 8 and est.scenario.parallelism.zero == 1
    assert est.fits


def test_batch_that_does_not_divide_is_planned_at_the_nearest_that_does(capsys):
    """97 cards (1 or 97 copies) and a batch of 1,000,000 tokens: the answer is the plan at the
    nearest batch that splits (1,191,936 tokens, 291 sequences of 97 × 3), said, exit 0."""
    code = main(["estimate", "--workload", "pretrain", "--model", "llama2-7b", "--card", "a100-sxm-80gb",
                 "--count", "97", "--seq", "4096", "--global-batch", "1000000", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["layout"]["global_batch_tokens"] == 1_191_936
    assert "batch-moved" in [w["id"] for w in out["warning_ids"]]


def test_pins_that_leave_nothing_are_estimated_with_the_shortfall(capsys):
    """Pinned tp 1, pp 1, ZeRO 0 for a 70B on 8 × A100: no layout fits, and the answer is the
    lightest pinned layout's memory and how far it misses (exit 0), with the pins named."""
    code = main(["estimate", "--workload", "pretrain", "--model", "llama3-70b", "--card", "a100-sxm-80gb",
                 "--count", "8", "--tp", "1", "--pp", "1", "--zero", "0", "--seq", "4096", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["memory"]["fits"] is False
    ids = [w["id"] for w in out["warning_ids"]]
    assert "no-layout-fits" in ids
    text = next(w["text"] for w in out["warning_ids"] if w["id"] == "no-layout-fits")
    assert "tp" in text and "zero" in text


# ---- what a practitioner would accept ----------------------------------------------------------


def test_7b_1t_tokens_30_days_needs_at_most_256_a100_at_mfu_035(catalog):
    """Llama 2 7B: Meta's 184,320 A100 GPU-hours for 2T tokens imply ~50 % MFU."""
    scenario = pretrain("llama2-7b", 1e12, 30)
    result = recommend(scenario, catalog, Objective.FEWEST_CARDS, limit=60)
    a100 = [r for r in result.ranked if r.card.id == "a100-sxm-80gb"]
    assert a100 and a100[0].count <= 256 and a100[0].estimate.training.mfu >= 0.35
    top = recommend(scenario, catalog, Objective.TCO).best
    assert top.estimate.training.mfu >= 0.35 and top.estimate.training.hours <= 30 * 24


def test_70b_2t_tokens_90_days_top_three_above_030_mfu(catalog):
    result = recommend(pretrain("llama3-70b", 2e12, 90), catalog, Objective.TCO)
    assert len(result.ranked) >= 3
    for rec in result.ranked[:3]:
        assert rec.estimate.training.mfu >= 0.30, (rec.card.id, rec.count, rec.estimate.training.mfu)


def test_megatron_table1_configuration_is_matched_or_beaten(catalog):
    """Narayanan et al. 2021, Table 1: GPT 145.6B on 1,536 A100s, TP 8 PP 8, batch 1,536."""
    model = ModelArchitecture(name="gpt-146b", n_layers=80, hidden=12288, n_heads=96, ffn=4 * 12288,
                              gated_mlp=False, vocab=51200, tied_embeddings=True, attention_bias=True,
                              mlp_bias=True, norm="layernorm", position_embeddings=2048)
    card = catalog.get("a100-sxm-80gb")
    paper = Scenario(model=model, workload="pretrain", card_id=card.id, count=1536, precision="fp16",
                     parallelism={"tp": 8, "pp": 8}, assumptions={"network_gbps_per_card": 25.0},
                     training={"seq_len": 2048, "micro_batch": 1, "grad_accum": 64, "recompute": "full",
                               "recipe": "megatron-mixed"})
    planned = updated(paper, auto_layout=LAYOUT_FIELDS, training={"global_batch_tokens": 1536 * 2048})
    mine, theirs = estimate(planned, card), estimate(paper, card)
    assert mine.fits and mine.training.tokens_per_s >= theirs.training.tokens_per_s


def test_every_serving_entry_carries_the_asked_load(catalog):
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", auto_layout=LAYOUT_FIELDS,
                        serving={"concurrency": 200, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256},
                        constraints={"requests_per_s": 20, "tpot_ms": 50})
    result = recommend(scenario, catalog, Objective.CLOUD, limit=30)
    assert result.ranked
    for rec in result.ranked:
        s, i = rec.estimate.scenario, rec.estimate.serving
        assert s.sequences_per_replica * s.data_parallel >= 200
        assert i.requests_per_s >= 20 and i.tpot_s * 1000 <= 50
    b200 = next(r for r in result.ranked if r.card.id == "b200")
    assert b200.count <= 16  # not 191 (one sequence per copy)


def test_estimate_equals_the_recommendation_entry(catalog):
    scenario = pretrain("llama2-7b", 1e12, 30)
    rec = next(r for r in recommend(scenario, catalog, Objective.TCO, limit=40).ranked)
    again = estimate(updated(scenario, card_id=rec.card.id, count=rec.count), rec.card)
    assert again.scenario.parallelism == rec.estimate.scenario.parallelism
    assert again.training.tokens_per_s == pytest.approx(rec.estimate.training.tokens_per_s)


def test_cli_estimate_without_layout_flags_matches_recommend(capsys):
    flags = ["--workload", "pretrain", "--model", "llama2-7b", "--tokens", "1T", "--seq", "4096",
             "--recipe", "megatron-mixed"]
    assert main(["recommend", *flags, "--deadline", "30d", "--json", "--limit", "1"]) == 0
    entry = json.loads(capsys.readouterr().out)["ranked"][0]
    assert main(["estimate", *flags, "--card", entry["card"]["id"], "--count", str(entry["count"]), "--json"]) == 0
    single = json.loads(capsys.readouterr().out)
    assert single["layout"] == entry["layout"]
    assert single["performance"]["tokens_per_s"] == entry["performance"]["tokens_per_s"]
    assert 0 <= single["performance"]["exposed_comm_fraction"] < 1


def test_plan_command_lists_layouts(capsys):
    assert main(["plan", "--workload", "pretrain", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "512",
                 "--seq", "4096", "--top", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["layouts"]) == 4 and out["layouts"][0]["loses_by"] is None
    assert all(x["loses_by"] for x in out["layouts"][1:])
    assert np.isfinite(out["chosen"]["performance"]["mfu"])


def test_deadline_durations(capsys):
    from configurator.cli import duration_hours

    assert duration_hours("90d") == 2160 and duration_hours("720h") == 720 and duration_hours("36") == 36
