"""Userbuffers tables in the tensor-parallel overlap formula (issue 27): Transformer Engine's
default table is what the product charges (answers unchanged), and a recipe's tuned table
(Megatron-Bridge ``training/comm_overlap.py`` at 067f987) can be stated to the formula: ring-exchange
forward reduce-scatters, per-GEMM SM counts, bulk overlaps with and without an SM margin. A scenario
names one as ``parallelism.tp_comm_overlap_cfg`` (written to files only when named); the estimate and
the planner charge it alike."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.tp_overlap import (
    HOPPER_SMS,
    OVERLAP_SM_MARGIN,
    PIPELINE_SPLITS,
    TE_DEFAULT_COMM_SMS,
    TE_DEFAULT_TABLE,
    UserbuffersBlock,
    chunked_overlap_exposed_seconds,
    margin_slowdown,
    ring_hidden_share,
    tensor_parallel_overlap_seconds,
)
from configurator.core.formulas.tp_overlap_tables import TUNED_TABLES
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.core.scenario_io import scenario_from_document, scenario_to_document
from configurator.core.training_tp_overlap import overlapped_tensor_parallel_seconds, userbuffers_table
from configurator.core.workloads.training.search import plan_training_layout
from searched_layout import estimated_alone

ROOT = Path(__file__).resolve().parents[1]
COLLECTIVE = np.linspace(0.0, 2.0, 81)  # one all-gather or reduce-scatter [s]
COLUMN, ROW = 1.7, 0.85  # an MLP's up and down products [s]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_the_default_table_is_transformer_engines_and_charges_as_before():
    """TE ``initialize_ub`` defaults: pipeline of 4 with 16 SMs of margin, bulk with 16 (the closed
    form the estimate charged before the table was a parameter)."""
    block = UserbuffersBlock(PIPELINE_SPLITS, 16, 16, 16)
    assert TE_DEFAULT_TABLE.attention == TE_DEFAULT_TABLE.mlp == block and TE_DEFAULT_COMM_SMS == 16
    assert OVERLAP_SM_MARGIN == 16 / 132 and HOPPER_SMS == 132
    ring = ring_hidden_share(8)
    closed = (chunked_overlap_exposed_seconds(COLLECTIVE, COLUMN, 0.0, ring)
              + chunked_overlap_exposed_seconds(COLLECTIVE, ROW, 0.0, ring)
              + chunked_overlap_exposed_seconds(COLLECTIVE, ROW, 1 / PIPELINE_SPLITS, 1 - 1 / PIPELINE_SPLITS)
              + chunked_overlap_exposed_seconds(COLLECTIVE, COLUMN, 0.0, 1.0)
              + OVERLAP_SM_MARGIN / (1 - OVERLAP_SM_MARGIN) * (ROW + 2 * COLUMN))
    for seconds in (tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 8),
                    tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 8, True, block)):
        np.testing.assert_allclose(seconds, closed, rtol=1e-15, atol=0.0)


def test_ring_exchange_reduce_scatter_follows_its_chunk_timeline():
    """``CommOverlapP2PBase::split_overlap_rs``: ``tp`` product chunks, each but the rank's own
    (the last) sent while the next is computed: ``g + (n − 1)·max(g, c)``, nothing after the last
    product, so no pipelined tail."""
    ring_rs = UserbuffersBlock(None, 0, 0, 0)
    for big_g, big_c, n in ((1.0, 0.5, 8), (1.0, 2.0, 4), (0.3, 0.3, 2)):
        g, c = big_g / n, big_c / (n - 1)
        timeline = g + (n - 1) * max(g, c) - big_g
        alone = tensor_parallel_overlap_seconds(big_c, 0.0, big_g, n, False, ring_rs)
        assert alone == pytest.approx(2 * timeline + 2 * big_c)  # the two under the absent column product bare
    pipelined = tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 8, True, UserbuffersBlock(4, 0, 0, 0))
    ring = tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 8, True, ring_rs)
    assert np.all(ring <= pipelined) and ring[4] == 0.0 < pipelined[4]  # no last chunk left exposed


def test_margins_and_shared_sms_cost_what_the_sms_are_worth():
    rs_only = UserbuffersBlock(None, 1, 0, 0)
    shared = UserbuffersBlock(None, 0, 0, 0, dgrad_shared_sms=4, wgrad_shared_sms=24)
    bare = tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 4, True, UserbuffersBlock(None, 0, 0, 0))
    np.testing.assert_allclose(tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 4, True, rs_only) - bare,
                               ROW / (HOPPER_SMS - 1), rtol=1e-12)
    assert margin_slowdown(0) == 0.0 and margin_slowdown(16) == pytest.approx(16 / 116)
    extra = tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 4, True, shared) - bare
    expected = (4 * np.minimum(COLLECTIVE, COLUMN) + 24 * np.minimum(COLLECTIVE, COLUMN)) / HOPPER_SMS
    np.testing.assert_allclose(extra, expected, rtol=1e-12, atol=1e-15)
    frozen = tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 4, False, shared)
    frozen_bare = tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 4, False, UserbuffersBlock(None, 0, 0, 0))
    np.testing.assert_allclose(frozen - frozen_bare, 4 * np.minimum(COLLECTIVE, COLUMN) / HOPPER_SMS, rtol=1e-12,
                               atol=1e-15)  # a frozen base has no weight gradient: its 24 SMs cost nothing
    assert np.all(np.diff(tensor_parallel_overlap_seconds(COLLECTIVE, COLUMN, ROW, 4, True, shared)) >= 0.0)


@pytest.mark.parametrize("name", sorted(TUNED_TABLES))
def test_tuned_fp8_tables_as_megatron_bridge_writes_them(name):
    """Ring-exchange forward reduce-scatters with one SM of margin, bulk overlaps without one; they
    cost no more than the default where the products are longer than the transfers, as in the
    recipes they were tuned for."""
    table = TUNED_TABLES[name]
    tp = int(name.split("_tp")[1].split("_")[0])
    for block in table:
        assert block.fprop_rs_splits is None and block.fprop_rs_margin_sms == 1
        assert block.dgrad_margin_sms == block.wgrad_margin_sms == 0
        assert 0 < block.dgrad_shared_sms <= block.wgrad_shared_sms <= 32
        short = COLLECTIVE[COLLECTIVE < ROW]
        tuned = tensor_parallel_overlap_seconds(short, COLUMN, ROW, tp, True, block)
        default = tensor_parallel_overlap_seconds(short, COLUMN, ROW, tp)
        assert np.all(tuned < default) and np.all(tuned >= 0.0)


def test_the_layer_reads_each_block_from_the_table():
    """Attention reads ``table.attention``, a dense MLP ``table.mlp``; the default argument is TE's."""
    model = preset("llama3-70b")
    args = (np.array([0.4]), model, 8192, 4, 10, 5e14, True, np.array([True]))  # transfers longer than products
    default = overlapped_tensor_parallel_seconds(*args)
    assert np.array_equal(default, overlapped_tensor_parallel_seconds(*args, table=TE_DEFAULT_TABLE))
    table = TUNED_TABLES["userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192"]
    tuned = overlapped_tensor_parallel_seconds(*args, table=table)
    swapped = overlapped_tensor_parallel_seconds(*args, table=type(table)(table.mlp, table.attention))
    assert tuned < default and swapped != tuned


def test_held_out_rows_name_the_table_their_recipe_sets():
    """The Megatron-Bridge rows with the overlap on state the recipe's table by its name
    (``setup.tp_comm_overlap_cfg``); each is one of those transcribed. The other rows with the overlap
    on (NeMo 24.07, MLPerf Training v4.1: NeMo launcher configs whose tables are not transcribed) name
    none and are charged Transformer Engine's default table."""
    overlapped = [r for r in json.loads((ROOT / "benchmarks/data/held-out.json").read_text(encoding="utf-8"))
                  if r["setup"].get("tp_comm_overlap")]
    # Megatron-Bridge's H100 SFT and LoRA recipes set CommOverlapConfig(tp_comm_overlap=True) and name no table
    rows = [r for r in overlapped if r["id"].startswith("megatron-bridge-") and r["setup"].get("workload") is None]
    untabled = [r for r in overlapped if r["id"].startswith("megatron-bridge-") and r not in rows]
    assert {r["id"] for r in untabled} == {"megatron-bridge-2606-70b-fp8-32xh100-sft",
                                           "megatron-bridge-2606-70b-fp8-8xh100-lora"}
    assert rows and all(r["setup"]["tp_comm_overlap_cfg"] in TUNED_TABLES for r in rows)
    assert {r["setup"]["tp_comm_overlap_cfg"] for r in rows} == set(TUNED_TABLES)
    assert all(r["setup"].get("tp_comm_overlap_cfg") is None for r in overlapped if r not in rows)


# ---- the scenario names it ---------------------------------------------------------------------

H100_70B = "userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192"


def _70b(cfg: str | None, overlap: bool = True, **parallelism) -> Scenario:
    """Llama 3 70B at Megatron-Bridge's H100 layout (TP4 PP8 VP5, FP8), the table as given."""
    return Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="h100-sxm", count=64, precision="fp8",
                    parallelism={"tp": 4, "pp": 8, "virtual_stages": 5, "zero": 1, "tp_comm_overlap": overlap,
                                 "tp_comm_overlap_cfg": cfg, **parallelism},
                    training={"micro_batch": 1, "grad_accum": 128, "seq_len": 8192, "recipe": "megatron-bf16-grads"})


def test_unnamed_is_transformer_engines_table_and_files_stay_as_they_were():
    assert userbuffers_table(None) is TE_DEFAULT_TABLE and userbuffers_table(H100_70B) is TUNED_TABLES[H100_70B]
    plain = scenario_to_document(_70b(None))
    assert "tp_comm_overlap_cfg" not in plain["scenario"]["parallelism"]  # written only when named
    assert scenario_from_document(plain) == _70b(None)
    named = json.loads(json.dumps(scenario_to_document(_70b(H100_70B))))
    assert named["scenario"]["parallelism"]["tp_comm_overlap_cfg"] == H100_70B
    assert scenario_from_document(named) == _70b(H100_70B)
    assert updated(_70b(H100_70B), training={"micro_batch": 2}).parallelism.tp_comm_overlap_cfg == H100_70B
    with pytest.raises(ValueError):
        _70b("userbuffers_of_no_recipe")


def test_the_named_table_moves_only_the_tensor_parallel_time(catalog):
    card = catalog.get("h100-sxm")
    default, tuned = (estimate(_70b(cfg), card).training for cfg in (None, H100_70B))
    assert tuned.tensor_parallel_s < default.tensor_parallel_s and tuned.step_time_s < default.step_time_s
    assert tuned.compute_s == default.compute_s and tuned.data_parallel_s == default.data_parallel_s
    off = [estimate(_70b(cfg, overlap=False), card).training for cfg in (None, H100_70B)]
    assert off[0] == off[1]  # a table without the overlap changes nothing


def test_the_planner_charges_the_named_table_as_the_estimate(catalog):
    card = catalog.get("h100-sxm")
    scenario = Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="h100-sxm", count=64,
                        precision="fp8", auto_layout=LAYOUT_FIELDS,
                        parallelism={"tp_comm_overlap": True, "tp_comm_overlap_cfg": H100_70B},
                        training={"tokens": 2e12, "seq_len": 8192, "recipe": "megatron-bf16-grads"})
    plan = plan_training_layout(scenario, card, top=4)
    assert plan.layouts[0].tp > 1  # TE's default table: TP 1 with ZeRO-3 wins (44.1 s against 42.3 s here)
    for layout in (layout for layout in plan.layouts if layout.cp == 1):  # estimated_alone pins no CP
        exact = estimated_alone(scenario, layout, card)
        assert exact.scenario.parallelism.tp_comm_overlap_cfg == H100_70B
        assert exact.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)


def test_megatron_launch_says_the_named_table_is_the_users_to_pass(catalog):
    from configurator.core.launch import launch_text

    card = catalog.get("h100-sxm")
    named, default = (estimate(_70b(cfg), card) for cfg in (H100_70B, None))
    text = launch_text(named, "megatron", "en")
    assert "--tp-comm-overlap \\\n" in text and f"Not written for Megatron-LM: the userbuffers table {H100_70B}" in text
    assert f"userbuffers 表 {H100_70B}" in launch_text(named, "megatron", "zh_CN")
    assert "userbuffers table" not in launch_text(default, "megatron", "en")
