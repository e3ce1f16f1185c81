"""The MoE token dispatcher as a training setting (issue 27 part 4): Megatron-LM's alltoall sends a token once
per routed expert; its flex dispatcher's DeepEP and HybridEP backends send it once per other server that holds
any of its experts. Megatron-Bridge's Qwen3 30B-A3B EP16 presets on 2 x 8 H100 run HybridEP
(benchmarks/data/notes-megatron-bridge-moe-2026-12-06.md): charged 4 copies a token across the network, the
estimate read them -28 %.

Through the public names: the formula, the CLI flag, the scenario file, the assumptions, the launch script and
the editor's field."""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas.collectives import all_to_all_latency_seconds
from configurator.core.formulas.moe import (
    MOE_DISPATCHER_DEFAULT,
    deduplicates_across_servers,
    domains_a_token_reaches,
    routed_all_to_all_seconds,
)
from configurator.core.scenario import Scenario

from cli_estimates import estimate_from_cli

QWEN_EP16 = ("--workload pretrain --model qwen3-30b-a3b --card h100-sxm --count 16 --tp 1 --pp 1 --ep 16 --zero 1 "
             "--seq 4096 --batch 1 --grad-accum 64 --recompute none --precision fp8")
"""Megatron-Bridge's Qwen3 30B-A3B FP8 preset on 16 H100 (EP16 over two 8-card servers)."""

LINK = dict(fast_gbps=450.0, network_gbps=50.0, efficiency=1.0)


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_a_token_reaches_fewer_servers_than_its_experts():
    """128 experts, top 8, over 2 servers: a token misses a server with probability C(64, 8)/C(128, 8), about
    0.0033, so it reaches 1.993 of them; over 8 servers 5.3, below min(k, N) = 8; one server is reached always."""
    missed = 1.0
    for i in range(8):
        missed *= (64 - i) / (128 - i)
    assert domains_a_token_reaches(2, 128, 8) == pytest.approx(2 * (1 - missed))
    assert domains_a_token_reaches(2, 128, 8) == pytest.approx(1.993, abs=1e-3)
    assert 5.0 < domains_a_token_reaches(8, 128, 8) < 8
    assert domains_a_token_reaches(1, 128, 8) == pytest.approx(1.0)
    assert domains_a_token_reaches(64, 256, 1) == pytest.approx(1.0)
    assert domains_a_token_reaches(64, 256, 8) <= 8


def test_a_deduplicating_dispatcher_crosses_the_network_once_per_remote_server():
    """EP16 over 2 servers, 8 copies a token: alltoall sends 8 × 8/16 = 4 copies over the network, HybridEP the
    expected 0.997 remote servers; the NVLink part (8 × 7/16 copies) and the latency are the same in both."""
    plain = routed_all_to_all_seconds(1e6, 8, 16, 8, **LINK)
    assert routed_all_to_all_seconds(1e6, 8, 16, 8, **LINK, n_experts=128) == plain  # not deduplicated
    dedup = routed_all_to_all_seconds(1e6, 8, 16, 8, **LINK, n_experts=128, deduplicated=True)
    inside = 8 * 7 / 16 * 1e6 / 450e9 + all_to_all_latency_seconds(16, 8)
    assert plain - inside == pytest.approx(4 * 1e6 / 50e9)
    assert dedup - inside == pytest.approx(domains_a_token_reaches(2, 128, 8) / 2 * 1e6 / 50e9)
    # inside one server there is nothing to deduplicate across the network
    assert routed_all_to_all_seconds(1e6, 8, 8, 8, **LINK, n_experts=128, deduplicated=True) == \
        routed_all_to_all_seconds(1e6, 8, 8, 8, **LINK)


def test_with_group_limited_routing_the_fewer_servers_count():
    """DeepSeek-V3 at EP64 over 8 servers, 4 of 8 groups a token: the routing's 4 servers (3.5 remote) are fewer
    than the 5.3 uniform routing would reach, so a deduplicating dispatcher changes nothing there."""
    limited = routed_all_to_all_seconds(1e6, 8, 64, 8, **LINK, groups=8, groups_per_token=4)
    both = routed_all_to_all_seconds(1e6, 8, 64, 8, **LINK, groups=8, groups_per_token=4, n_experts=256,
                                     deduplicated=True)
    assert both == pytest.approx(limited)


def test_dispatcher_names_are_megatrons():
    assert MOE_DISPATCHER_DEFAULT == "alltoall"
    assert not deduplicates_across_servers("alltoall")
    assert deduplicates_across_servers("deepep") and deduplicates_across_servers("hybridep")
    assert set(Scenario.model_fields["training"].annotation.model_fields["moe_dispatcher"].annotation.__args__) == {
        "alltoall", "deepep", "hybridep"}


def test_the_flag_moves_only_a_layout_across_servers(catalog):
    """HybridEP on the EP16 preset: the all-to-all loses about three quarters of its network time, the step is
    faster; at EP8 inside one server (Megatron-Bridge's 26.02 layout) the flag changes nothing."""
    plain = estimate_from_cli(catalog, QWEN_EP16)
    hybrid = estimate_from_cli(catalog, QWEN_EP16 + " --moe-dispatcher hybridep")
    assert plain.scenario.training.moe_dispatcher == "alltoall"
    assert hybrid.scenario.training.moe_dispatcher == "hybridep"
    assert hybrid.training.tokens_per_s_per_card > 1.5 * plain.training.tokens_per_s_per_card
    deepep = estimate_from_cli(catalog, QWEN_EP16 + " --moe-dispatcher deepep")
    assert deepep.training.tokens_per_s_per_card == pytest.approx(hybrid.training.tokens_per_s_per_card)
    one_server = QWEN_EP16.replace("--ep 16", "--ep 8").replace("--pp 1", "--pp 2 --vp 12").replace(
        "--grad-accum 64", "--grad-accum 128")
    assert estimate_from_cli(catalog, one_server + " --moe-dispatcher hybridep").training.tokens_per_s_per_card \
        == pytest.approx(estimate_from_cli(catalog, one_server).training.tokens_per_s_per_card)


def test_the_scenario_file_writes_it_only_when_not_the_default(catalog):
    plain = estimate_from_cli(catalog, QWEN_EP16).scenario
    assert "moe_dispatcher" not in plain.model_dump_json()
    hybrid = estimate_from_cli(catalog, QWEN_EP16 + " --moe-dispatcher hybridep").scenario
    data = json.loads(hybrid.model_dump_json())
    assert data["training"]["moe_dispatcher"] == "hybridep"
    assert Scenario.model_validate(data) == hybrid
    data["training"]["moe_dispatcher"] = "allgather"  # Megatron's, but no dispatcher the estimate holds
    with pytest.raises(ValueError):
        Scenario.model_validate(data)


def test_the_assumptions_say_it_where_it_is_not_the_default(catalog):
    from configurator.core.view.assumptions_view import assumptions_section
    from configurator.core.view.words import words

    def rows(extra: str) -> dict:
        return {r.key: r.value for r in assumptions_section(estimate_from_cli(catalog, QWEN_EP16 + extra)).rows}

    assert "moe_dispatcher" not in rows("")
    said = rows(" --moe-dispatcher hybridep")["moe_dispatcher"]
    assert said == "HybridEP (a token once per server)"
    assert words("zh_CN")(said) == "HybridEP（每个词元按服务器各发一次）"


def test_the_megatron_launch_writes_the_flex_dispatcher(catalog):
    """As Megatron-LM core_v0.15.0 takes it (its default is allgather; HybridEP came with core_v0.16.0)."""
    from configurator.core.launch import launch_text
    hybrid = estimate_from_cli(catalog, QWEN_EP16 + " --moe-dispatcher hybridep")
    text = launch_text(hybrid, "megatron", "en")
    assert "--moe-token-dispatcher-type flex" in text and "--moe-enable-deepep" in text
    assert "core_v0.16.0 and later take --moe-flex-dispatcher-backend hybridep" in text  # said, not written
    deepep = launch_text(estimate_from_cli(catalog, QWEN_EP16 + " --moe-dispatcher deepep"), "megatron", "en")
    assert "--moe-token-dispatcher-type flex" in deepep and "--moe-enable-deepep" in deepep
    assert "--moe-token-dispatcher-type alltoall" in launch_text(estimate_from_cli(catalog, QWEN_EP16), "megatron")
    assert "hybridep token dispatcher" in launch_text(hybrid, "torchtitan", "en")  # said as not written


@pytest.mark.gui
def test_the_editor_field_sets_it_and_greys_it_for_a_dense_model(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.editor import ScenarioEditor
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog

    scenario = Scenario(workload="pretrain", model=preset("qwen3-30b-a3b"), card_id="h100-sxm", count=16,
                        parallelism={"ep": 16})
    controller = ScenarioController(load_catalog(), scenario)
    controller.hold_first_analysis()
    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    box = editor.moe_dispatcher
    assert box.isEnabled() and box.currentData() == "alltoall"
    box.setCurrentIndex(box.findData("hybridep"))
    assert controller.scenario.training.moe_dispatcher == "hybridep"
    controller.apply("training.moe_dispatcher", "deepep")
    assert box.currentData() == "deepep"
    editor.model_combo.setCurrentIndex(editor.model_combo.findData("llama3-8b"))
    assert not box.isEnabled() and "dense" in box.toolTip()
