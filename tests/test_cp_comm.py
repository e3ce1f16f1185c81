"""Context parallelism's communication type (``parallelism.cp_comm_type``, Transformer Engine's
``cp_comm_type``): the key/value ring (p2p, unchanged), Ulysses all-to-alls (a2a) and the gathered
keys and values (all_gather) (cpa2a brief, session 41, issue 27)."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.collectives import all_to_all_latency_seconds
from configurator.core.formulas.communication import context_parallel_seconds
from configurator.core.formulas.cp_comm import (
    a2a_heads_divide,
    a2a_seconds,
    cp_comm_seconds,
    rank_kv_width,
    ring_window_seconds,
)
from configurator.core.formulas.ring_merge import ring_merge_seconds
from configurator.core.launch import launch_steps
from configurator.core.launch.script import Command
from configurator.core.messages_layout import LAYOUT_CHINESE, LAYOUT_ENGLISH
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.units import GB
from configurator.core.workloads.training.search import plan_training_layout

LORA = ("--workload lora --model llama2-70b --card gb200 --count 72 --precision fp8 --tp 1 --pp 1 --cp 8 --zero 1 "
        "--batch 1 --grad-accum 1 --seq 8192 --recompute none --tokens 1B --train-cuda-graphs")
"""The MLPerf Training v5.x Llama 2 70B LoRA layout (TP1 PP1 CP8 on 72 GB200)."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _estimate(catalog, argv: str):
    scenario = scenario_from_args(build_parser().parse_args(["estimate", *argv.split()]), catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def test_p2p_is_the_ring_and_its_merges_as_before():
    args = (1024, 8192, 1024, 8, 8192, 2.0, 8, 1, 80, 72, 0.01, 900.0, 50.0, 0.8, 0.9, 8e12, 0.8)
    ring = context_parallel_seconds(1024, 1024, 2.0, 8, 80, False, 0.01 * 7 / 8, 900.0, 50.0, 0.8, 0.9) \
        + ring_merge_seconds(1024, 8192, 8192, 1024, 8, 80, 1, 8e12, 0.8)
    assert cp_comm_seconds("p2p", *args) == ring
    assert cp_comm_seconds("all_gather", *args) == context_parallel_seconds(1024, 1024, 2.0, 8, 80, False, 0.0,
                                                                            900.0, 50.0, 0.8, 0.9)


def test_the_ring_passes_a_tensor_parallel_ranks_own_key_value_heads():
    """Llama 3.1 405B (8 key/value heads of 128) at TP 8: 128 elements a rank; 2 heads at TP 4;
    a head per rank, replicated, at TP 16. The ring of TP 8 CP 2 over the network moves an eighth of
    the model's key/value block: 2 × 4,096 × 128 × 2 B = 2.1 MB a step, not 16.8 MB."""
    assert rank_kv_width(1024, 8, 8) == 128
    assert rank_kv_width(1024, 8, 4) == 256
    assert rank_kv_width(1024, 8, 16) == 128
    args = (4096, 16384, 1024, 8, 16384, 2.0, 2, 8, 16, 8, 0.0, 450.0, 50.0, 0.75, 0.7, 3.35e12, 0.8)
    ring = cp_comm_seconds("all_gather", *args)
    assert ring == pytest.approx(context_parallel_seconds(4096, 128, 2.0, 2, 16, True, 0.0, 450.0, 50.0, 0.75, 0.7))
    assert ring < context_parallel_seconds(4096, 1024, 2.0, 2, 16, True, 0.0, 450.0, 50.0, 0.75, 0.7) / 4


def test_the_last_ring_step_hides_nothing():
    """``cp`` equal steps of attention, ``cp − 1`` transfers: the window is ``(cp − 1)/cp`` of the
    attention (half at CP 2), none without context parallelism."""
    assert ring_window_seconds(0.014, 2) == pytest.approx(0.007)
    assert ring_window_seconds(0.016, 8) == pytest.approx(0.014)
    assert ring_window_seconds(0.016, 1) == 0


def test_a2a_moves_q_k_v_and_o_twice_a_layer_inside_the_domain():
    """Llama 2 70B at CP8 TP1, 1,024 tokens a rank: per layer and pass 7/8 × 1,024 × (8,192 + 2 ×
    1,024 + 8,192) × 2 B ≈ 33 MB at the link's rate, plus four calls' latency."""
    seconds = a2a_seconds(1024, 8192, 1024, 8192, 2.0, 8, 1, 80, 72, 900.0, 50.0, 0.8)
    per_pass = 7 / 8 * 1024 * (8192 + 2 * 1024 + 8192) * 2.0
    assert per_pass == pytest.approx(33.0e6, rel=0.01)
    expected = 2 * 80 * (per_pass / (900.0 * GB * 0.8) + 4 * all_to_all_latency_seconds(8, 8))
    assert seconds == pytest.approx(expected)
    assert a2a_seconds(1024, 8192, 1024, 8192, 2.0, 1, 1, 80, 72, 900.0, 50.0, 0.8) == 0


def test_a2a_needs_whole_heads_on_every_rank():
    assert a2a_heads_divide(64, 8, 1, 8)
    assert not a2a_heads_divide(64, 8, 1, 16)  # 8 key/value heads over 16 cards
    assert a2a_heads_divide(64, 8, 8, 1)
    assert not a2a_heads_divide(64, 8, 2, 8)  # 4 key/value heads a tensor-parallel rank


def test_a2a_with_heads_that_do_not_divide_is_refused_in_both_languages():
    assert set(LAYOUT_ENGLISH) == set(LAYOUT_CHINESE)
    with pytest.raises(ValueError) as refused:
        Scenario(model=preset("llama2-70b"), workload="lora", card_id="gb200", count=64,
                 parallelism={"tp": 2, "cp": 8, "cp_comm_type": "a2a"},
                 training={"seq_len": 8192})
    assert "all-to-all context parallelism (8)" in str(refused.value)


def test_the_lora_rows_step_charges_the_all_to_alls_not_the_ring(catalog):
    ring = _estimate(catalog, LORA).training
    a2a = _estimate(catalog, LORA + " --cp-comm-type a2a").training
    assert 0 < a2a.context_parallel_s < ring.context_parallel_s
    assert a2a.tokens_per_s_per_card > ring.tokens_per_s_per_card


def test_the_setting_is_written_to_files_and_the_megatron_launch_only_when_not_p2p(catalog):
    est = _estimate(catalog, LORA + " --cp-comm-type a2a")
    assert est.scenario.model_dump(mode="json")["parallelism"]["cp_comm_type"] == "a2a"
    assert "cp_comm_type" not in _estimate(catalog, LORA).scenario.model_dump(mode="json")["parallelism"]
    (words,) = [[w for p in c.parts for w in p.words] for c in launch_steps(est, "megatron")
                if isinstance(c, Command)]
    assert words[words.index("--cp-comm-type") + 1] == "a2a"


def test_the_planner_keeps_whole_heads_under_a2a(catalog):
    s = Scenario(model=preset("llama2-70b"), workload="lora", card_id="gb200", count=64, auto_layout=LAYOUT_FIELDS,
                 parallelism={"cp_comm_type": "a2a"},
                 training={"seq_len": 65536, "tokens": 1e9, "global_batch_tokens": 16 * 65536})
    plan = plan_training_layout(s, catalog.get("gb200"), top=50)
    assert plan.layouts and any(x.cp > 1 for x in plan.layouts)
    assert all(a2a_heads_divide(64, 8, x.tp, x.cp) for x in plan.layouts)
