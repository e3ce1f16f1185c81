"""A 4-GPU HGX H100 server has no NVSwitch: each GPU's 18 NVLinks go straight to the other three, 6 a pair, so a
TP2 copy's all-reduces ride a third of the card's link and a TP4 copy, ringing over every pair, all of it; AMD's
8-module MI300X board is the same kind, one link a pair, so TP2 gets 1/7, TP4 3/7 and TP8 all seven
(:func:`configurator.core.formulas.communication.switchless_pair_gbps`, ``switchless_group_gbps``; the catalog's
``switchless_board``)."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import estimate, with_layout
from configurator.core.formulas import communication as comm
from configurator.core.formulas.cp_comm import cp_link_ranks
from configurator.core.formulas.parallelism import data_parallel_per_domain
from configurator.core.precision import plan_serving
from configurator.core.scenario import LAYOUT_FIELDS, Assumptions, Scenario
from configurator.core.decode_step import _tp_allreduce_args
from configurator.core.serving_pipeline import stage_send_seconds
from configurator.core.training_speed import expert_parallel_seconds, fabric, links, tensor_parallel_messages
from configurator.core.workloads.training.search import plan_training_layout



@pytest.fixture
def h100(catalog):
    return catalog.get("h100-sxm")


def test_a_pair_on_a_switchless_board_of_four_gets_a_third_of_the_card_s_link():
    assert comm.switchless_pair_gbps(450.0, 4) == pytest.approx(150.0)
    assert comm.switchless_pair_gbps(300.0, 2) == pytest.approx(300.0)  # two cards: the pair is the board


def test_the_h100_sxm_catalog_entry_names_its_4_gpu_board_and_where_that_is_stated(h100):
    ic = h100.interconnect
    assert ic.switchless_board == 4
    assert "XE8640" in ic.switchless_board_source and "6x 4th Gen NVLink" in ic.switchless_board_source


def test_four_h100_sxm_a_server_split_the_link_and_eight_keep_the_switch(h100):
    four, eight = fabric(h100, 4, Assumptions()), fabric(h100, 8, Assumptions())
    assert (four.domain, four.fast_gbps, four.fast_kind, four.link_group, four.link_gbps, four.link_mesh) == \
        (4, 450, "link", 4, 150, True)
    assert (eight.link_group, eight.link_gbps, eight.fast_gbps, eight.link_mesh) == (1, 0.0, 450, False)


def test_tp2_all_reduces_take_three_times_the_link_time_on_the_board_and_tp4_the_same(h100):
    a = Assumptions()

    def seconds(per_node, tp):
        net = fabric(h100, per_node, a)
        return comm.tensor_parallel_seconds(4096, 8192, 2, tp, 80, 2, net.domain, *links(net, a), 0.0,
                                            net.link_group, net.link_gbps, net.library, net.link_mesh)

    fixed = 2 * 80 * 2 * comm.COLLECTIVE_LATENCY_S  # the calls' fixed cost, the same on either board
    assert seconds(4, 2) - fixed == pytest.approx(3 * (seconds(8, 2) - fixed))
    assert seconds(4, 4) == pytest.approx(seconds(8, 4))


def test_a_pair_on_the_board_is_no_warning(h100):
    s = Scenario(model=preset("llama2-70b"), workload="inference", card_id="h100-sxm", count=4, precision="fp8",
                 parallelism={"tp": 2, "cards_per_node": 4})
    assert tensor_parallel_messages(s, h100, fabric(h100, 4, s.assumptions)) == []


def test_a_group_on_a_switchless_board_rides_its_own_pairs_links():
    assert comm.switchless_group_gbps(64.0, 2) == pytest.approx(64.0)
    assert comm.switchless_group_gbps(64.0, 4) == pytest.approx(192.0)
    assert comm.switchless_group_gbps(64.0, 8) == pytest.approx(448.0)  # the whole board: the card's figure
    assert comm.bridged_links(np.array([1, 2, 3, 4]), 450.0, 0.0, 4, 150.0, mesh=True)[0] == pytest.approx(
        [450.0, 150.0, 300.0, 450.0])
    assert comm.bridged_links(2, 64.0, 1e-6, 2, 300.0) == (300.0, 0.0)  # a bridge: one flat figure, as before


@pytest.mark.parametrize("card_id, board", [("a100-sxm-40gb", 4), ("a100-sxm-80gb", 4), ("mi300x", 8), ("mi325x", 8),
                                             ("mi350x", 8), ("mi355x", 8), ("gh200-96gb", 4), ("gh200-144gb", 4)])
def test_switchless_boards_are_marked_with_where_that_is_stated(catalog, card_id, board):
    ic = catalog.get(card_id).interconnect
    assert ic.switchless_board == board
    assert "read 2026-12-06" in ic.switchless_board_source and "confidence" in ic.switchless_board_source


def test_mi300x_tp2_and_tp4_copies_ride_one_and_three_of_seven_links_and_tp8_all_of_them(catalog):
    mi300x, a = catalog.get("mi300x"), Assumptions()
    net = fabric(mi300x, 8, a)
    assert (net.domain, net.fast_gbps, net.link_group, net.link_gbps, net.link_mesh) == (8, 448, 8, 64, True)

    def wire_seconds(tp):
        fixed = 80 * 2 * comm.COLLECTIVE_LATENCY_S * 2  # the calls' fixed cost, the same on any board
        return comm.tensor_parallel_seconds(4096, 8192, 2, tp, 80, 2, net.domain, *links(net, a), 0.0, net.link_group,
                                            net.link_gbps, net.library, net.link_mesh) - fixed

    def switched_seconds(tp):  # the same card as if a switch gave every group the card's whole link
        return comm.tensor_parallel_seconds(4096, 8192, 2, tp, 80, 2, 8, *links(net, a)) - 80 * 2 * 2 * \
            comm.COLLECTIVE_LATENCY_S

    assert wire_seconds(2) == pytest.approx(7 * switched_seconds(2))
    assert wire_seconds(4) == pytest.approx(7 / 3 * switched_seconds(4))
    assert wire_seconds(8) == pytest.approx(switched_seconds(8))


def test_the_decode_step_s_all_reduce_sees_the_mesh(catalog):
    s = Scenario(model=preset("llama2-70b"), workload="inference", card_id="mi300x", count=8, precision="fp8",
                 parallelism={"tp": 2, "cards_per_node": 8})
    args = _tp_allreduce_args(s, catalog.get("mi300x"), 1.0)
    assert args[-1] is True and args[-3] == pytest.approx(64.0)


# ---- every group, not only tensor parallelism (mesh45) ----------------------------------------


def test_a_group_s_link_is_its_own_pairs_on_a_mesh_and_the_domain_s_elsewhere():
    assert comm.group_link_gbps(4, 448.0, 64.0, True) == pytest.approx(192.0)
    assert comm.group_link_gbps(2, 448.0, 64.0, True) == pytest.approx(64.0)  # a send: one pair
    assert comm.group_link_gbps(1, 448.0, 64.0, True) == 448.0  # no peer inside: the figure is not used
    assert comm.group_link_gbps(4, 450.0, 0.0, False) == 450.0  # through a switch: the card's whole link
    assert comm.group_link_gbps(np.array([1, 2, 4, 8]), 448.0, 64.0, True) == pytest.approx([448, 64, 192, 448])


def test_a_context_parallel_ring_step_is_a_send_and_a_gather_or_all_to_all_the_group():
    assert cp_link_ranks("p2p", 4, 2, 8) == 2
    assert cp_link_ranks("a2a", 4, 2, 8) == 4 and cp_link_ranks("all_gather", 8, 2, 8) == 4


def test_links_give_each_group_its_pairs_on_the_mi300x_board_and_the_card_s_figure_on_h100_8(catalog):
    a = Assumptions()
    mesh, switched = fabric(catalog.get("mi300x"), 8, a), fabric(catalog.get("h100-sxm"), 8, a)
    assert [links(mesh, a, g)[0] for g in (None, 1, 2, 4, 8)] == pytest.approx([448, 448, 64, 192, 448])
    assert {links(switched, a, g)[0] for g in (None, 2, 4, 8)} == {450}


def _gradient_sync(card, per_node, dp, tp):
    a = Assumptions()
    net = fabric(card, per_node, a)
    per = int(data_parallel_per_domain(dp, tp, net.domain))
    return comm.gradient_sync_seconds(1e9, 2.0, 2.0, 0, dp, per, *links(net, a, per)) - 2 * comm.COLLECTIVE_LATENCY_S


def test_data_parallel_all_reduce_of_four_mi300x_rides_three_of_seven_links(catalog):
    card = catalog.get("mi300x")
    # TP 2 x DP 4 on one board: each rank reaches its three data-parallel peers over their pairs' links
    switched = comm.allreduce_seconds(2e9, 4, 4, 448.0, 50.0, 0.75) - 2 * comm.COLLECTIVE_LATENCY_S
    assert _gradient_sync(card, 8, 4, 2) == pytest.approx(7 / 3 * switched)
    # TP 1 x DP 8: the whole board, the card's figure as before
    assert _gradient_sync(card, 8, 8, 1) == pytest.approx(comm.allreduce_seconds(2e9, 8, 8, 448.0, 50.0, 0.75)
                                                          - 2 * comm.COLLECTIVE_LATENCY_S)


def _pretrain(model, card, count, seq=4096):
    return Scenario(model=preset(model), workload="pretrain", card_id=card, count=count, auto_layout=LAYOUT_FIELDS,
                    parallelism={"cards_per_node": 8},
                    training={"tokens": 1e12, "seq_len": seq, "recipe": "megatron-mixed"})


@pytest.mark.parametrize("model, seq", [("mixtral-8x7b", 4096), ("llama3-8b", 131072)])
def test_the_search_and_the_estimate_agree_on_a_switchless_board(catalog, model, seq):
    card, s = catalog.get("mi300x"), _pretrain(model, "mi300x", 16, seq)
    plan = plan_training_layout(s, card, top=8)
    assert any(x.cp > 1 or x.ep > 1 for x in plan.layouts)
    for layout in plan.layouts:
        changes = layout.as_changes(None)
        fixed = with_layout(s.model_copy(update={"auto_layout": ()}), changes["parallelism"],
                            {**changes["training"], "recompute": layout.recompute, "global_batch_tokens": None})
        est = estimate(Scenario.model_validate(fixed.model_dump()), card)
        assert est.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9), layout


def test_serving_stage_sends_ride_one_pair_and_expert_all_to_alls_the_group_s_pairs(catalog):
    mi300x = catalog.get("mi300x")
    s = Scenario(model=preset("llama2-70b"), workload="inference", card_id="mi300x", count=8, precision="fp8",
                 parallelism={"tp": 2, "pp": 2, "cards_per_node": 8})
    plan = plan_serving(s, mi300x)
    _, one = stage_send_seconds(s, mi300x, plan)
    assert one == pytest.approx(s.model.hidden * plan.math_bytes / (64e9 * s.assumptions.link_efficiency))
    a = s.assumptions
    net = fabric(mi300x, 8, a)

    def wire(fab):  # four ranks inside the board, the bytes' part alone (the calls' latency taken off)
        return expert_parallel_seconds(1024, 8192, 1.0, 2, 4, 32, 4, fab, a) - \
            expert_parallel_seconds(0, 8192, 1.0, 2, 4, 32, 4, fab, a)

    switched = fabric(catalog.get("h100-sxm"), 8, a)  # the card's whole link through a switch: 450 GB/s
    assert wire(net) == pytest.approx(wire(switched) * 450 / 192)  # three pairs of 64 GB/s


def test_a_4_way_gh200_node_pairs_its_superchips_at_150_gb_s_and_the_h200_4_gpu_board_is_left_unknown(catalog):
    a = Assumptions()
    net = fabric(catalog.get("gh200-96gb"), 8, a)  # sold in 4-way nodes: two of them
    assert (net.domain, net.link_gbps, net.link_mesh) == (4, 150, True)  # JSC: '150 GB/s per direction' a pair
    h200 = catalog.get("h200-sxm").interconnect
    assert h200.switchless_board is None and h200.switchless_board_source.startswith("Not set (unknown)")
