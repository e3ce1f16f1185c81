"""A 4-GPU HGX H100 server has no NVSwitch: each GPU's 18 NVLinks go straight to the other three, 6 a pair, so a
TP2 copy's all-reduces ride a third of the card's link and a TP4 copy, ringing over every pair, all of it; AMD's
8-module MI300X board is the same kind, one link a pair, so TP2 gets 1/7, TP4 3/7 and TP8 all seven
(:func:`configurator.core.formulas.communication.switchless_pair_gbps`, ``switchless_group_gbps``; the catalog's
``switchless_board``)."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.formulas import communication as comm
from configurator.core.scenario import Assumptions, Scenario
from configurator.core.decode_step import _tp_allreduce_args
from configurator.core.training_speed import fabric, links, tensor_parallel_messages



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
                                             ("mi350x", 8), ("mi355x", 8)])
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
