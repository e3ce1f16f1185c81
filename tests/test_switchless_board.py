"""A 4-GPU HGX H100 server has no NVSwitch: each GPU's 18 NVLinks go straight to the other three, 6 a pair, so a
TP2 copy's all-reduces ride a third of the card's link and a TP4 copy, ringing over every pair, all of it
(:func:`configurator.core.formulas.communication.switchless_pair_gbps`; the catalog's ``switchless_board``)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.formulas import communication as comm
from configurator.core.scenario import Assumptions, Scenario
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
    assert (four.domain, four.fast_gbps, four.fast_kind, four.link_group, four.link_gbps) == (4, 450, "link", 2, 150)
    assert (eight.link_group, eight.link_gbps, eight.fast_gbps) == (1, 0.0, 450)


def test_tp2_all_reduces_take_three_times_the_link_time_on_the_board_and_tp4_the_same(h100):
    a = Assumptions()

    def seconds(per_node, tp):
        net = fabric(h100, per_node, a)
        return comm.tensor_parallel_seconds(4096, 8192, 2, tp, 80, 2, net.domain, *links(net, a), 0.0,
                                            net.link_group, net.link_gbps)

    fixed = 2 * 80 * 2 * comm.COLLECTIVE_LATENCY_S  # the calls' fixed cost, the same on either board
    assert seconds(4, 2) - fixed == pytest.approx(3 * (seconds(8, 2) - fixed))
    assert seconds(4, 4) == pytest.approx(seconds(8, 4))


def test_a_pair_on_the_board_is_no_warning(h100):
    s = Scenario(model=preset("llama2-70b"), workload="inference", card_id="h100-sxm", count=4, precision="fp8",
                 parallelism={"tp": 2, "cards_per_node": 4})
    assert tensor_parallel_messages(s, h100, fabric(h100, 4, s.assumptions)) == []
