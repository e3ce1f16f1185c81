"""Tensor parallelism over an NVLink bridge inside a PCIe server (issue 27): a group that fits on
the cards the bridge joins (H100 NVL pairs, H200 NVL fours) runs its all-reduces over the bridge,
a wider group over PCIe (:func:`configurator.core.formulas.communication.bridged_links`)."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.decode_step import _tp_allreduce_args
from configurator.core.estimate import estimate, with_layout
from configurator.core.formulas import communication as comm
from configurator.core.scenario import Assumptions, LAYOUT_FIELDS, Scenario
from configurator.core.training_speed import fabric, tensor_parallel_messages
from configurator.core.workloads.training.search import plan_training_layout

PCIE, LINK, LATENCY = 63.0, 300.0, comm.PCIE_RING_STEP_LATENCY_S


def test_a_group_on_one_bridged_pair_rides_the_bridge_and_a_wider_one_pcie():
    assert comm.bridged_links(2, PCIE, LATENCY, 2, LINK) == (LINK, 0.0)
    assert comm.bridged_links(4, PCIE, LATENCY, 2, LINK) == (PCIE, LATENCY)
    assert comm.bridged_links(4, PCIE, LATENCY, 4, LINK) == (LINK, 0.0)  # a 4-way bridge (H200 NVL)
    assert comm.bridged_links(2, PCIE, LATENCY, 1, LINK) == (PCIE, LATENCY)  # no bridge


def test_the_bridge_changes_nothing_without_one():
    args = (4096, 8192, 2, 2, 80, 2, 8, PCIE, 50.0, 0.75, LATENCY)
    assert comm.tensor_parallel_seconds(*args) == comm.tensor_parallel_seconds(*args, 1, 0.0)


def test_over_the_bridge_the_all_reduce_is_the_link_s():
    tokens, rest = 4096, (8192, 2, 2, 80, 2, 8)
    bridged = comm.tensor_parallel_seconds(tokens, *rest, PCIE, 50.0, 0.75, LATENCY, 2, LINK)
    assert bridged == comm.tensor_parallel_seconds(tokens, *rest, LINK, 50.0, 0.75, 0.0)
    assert bridged < comm.tensor_parallel_seconds(tokens, *rest, PCIE, 50.0, 0.75, LATENCY)


def test_arrays_and_the_per_copy_function_give_the_numbers_of_single_calls():
    tps = np.array([1, 2, 4, 8])
    tail = (50.0, 0.75, LATENCY, 2, LINK)
    together = comm.tensor_parallel_seconds(2048.0, 8192, 2, tps, 80, 2, 8, PCIE, *tail)
    one_by_one = [comm.tensor_parallel_seconds(2048.0, 8192, 2, int(t), 80, 2, 8, PCIE, *tail) for t in tps]
    assert together == pytest.approx(one_by_one, rel=1e-12)
    for tp in (2, 4):
        of = comm.tensor_parallel_seconds_of(8192, 2, tp, 80, 2, 8, PCIE, *tail)
        assert of(300) == pytest.approx(comm.tensor_parallel_seconds(300, 8192, 2, tp, 80, 2, 8, PCIE, *tail),
                                         rel=1e-12)


def test_the_fabric_names_the_bridge_of_a_pcie_server(catalog):
    a = Assumptions()
    nvl = fabric(catalog.get("h100-nvl"), 8, a)
    assert (nvl.fast_kind, nvl.link_group, nvl.link_gbps) == ("pcie", 2, 300.0)
    assert fabric(catalog.get("h200-nvl"), 8, a).link_group == 4
    assert fabric(catalog.get("l40s"), 8, a).link_group == 1  # no NVLink
    sxm = fabric(catalog.get("h100-sxm"), 8, a)
    assert (sxm.fast_kind, sxm.link_group) == ("link", 1)  # the link spans the server


def _serving(card: str, tp: int) -> Scenario:
    return Scenario(model=preset("llama2-70b"), workload="inference", card_id=card, count=tp, precision="fp8",
                    parallelism={"tp": tp})


def test_serving_tp2_on_h100_nvl_runs_over_the_bridge_and_tp4_over_pcie(catalog):
    card = catalog.get("h100-nvl")
    two = _tp_allreduce_args(_serving("h100-nvl", 2), card, 2.0)
    assert two[-4:] == (2, 300.0, "nccl", False)  # link group, its link, the collective library, no mesh
    assert comm.tensor_parallel_seconds(1000, *two) == comm.tensor_parallel_seconds(
        1000, *two[:6], 300.0, *two[7:9], 0.0, library=two[-2])
    four = _tp_allreduce_args(_serving("h100-nvl", 4), card, 2.0)
    assert comm.tensor_parallel_seconds(1000, *four) == comm.tensor_parallel_seconds(1000, *four[:-4],
                                                                                     library=four[-2])


def test_no_pcie_warning_for_a_group_on_one_bridge(catalog):
    card = catalog.get("h100-nvl")
    def codes(tp):
        return [m.id for m in tensor_parallel_messages(_serving("h100-nvl", tp), card, fabric(card, 8, Assumptions()))]

    assert "tp-beyond-link-domain" not in codes(2)
    assert "tp-beyond-link-domain" in codes(4)


def exact(scenario: Scenario, layout, card):
    """The searched layout pinned and estimated alone (as tests/test_planner_parallelism.py does)."""
    changes = layout.as_changes(None)
    fixed = with_layout(scenario.model_copy(update={"auto_layout": ()}), changes["parallelism"],
                        {**changes["training"], "recompute": layout.recompute, "global_batch_tokens": None})
    return estimate(Scenario.model_validate(fixed.model_dump()), card)


def test_training_planner_and_estimate_agree_over_the_bridge(catalog):
    card = catalog.get("h100-nvl")
    s = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="h100-nvl", count=8,
                 auto_layout=LAYOUT_FIELDS, training={"tokens": 1e12, "seq_len": 4096, "recipe": "megatron-mixed"})
    plan = plan_training_layout(s, card, top=30)
    bridged = [x for x in plan.layouts if x.tp == 2]
    assert bridged
    for layout in bridged[:3]:
        assert exact(s, layout, card).training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)
