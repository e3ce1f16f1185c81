"""ZeRO 3's per-unit collectives pay NCCL's ring latency: ``ranks − 1`` steps each, across the
network between nodes (formulas.communication.zero3_unit_latency_seconds; issue 27, ZeRO-3 at
hundreds of GPUs)."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.communication import (
    RING_STEP_LATENCY_ACROSS_S,
    RING_STEP_LATENCY_INSIDE_S,
    data_parallel_sync_seconds,
    ring_gather_latency_seconds,
    zero3_unit_latency_seconds,
)
from configurator.core.scenario import Scenario
from configurator.core.workloads.training.search import plan_training_layout


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_ring_latency_is_nccls_ring_model():
    """NCCL ``ncclTopoTuneModel``: an AllGather over n ranks on N nodes, ``(n − N)·intra + (N − 1)·inter``."""
    assert ring_gather_latency_seconds(1536, 8) == pytest.approx(1344 * 3.4e-6 + 191 * 14.0e-6)  # 7.24 ms
    assert ring_gather_latency_seconds(8, 8) == pytest.approx(7 * RING_STEP_LATENCY_INSIDE_S)
    assert ring_gather_latency_seconds(16, 1) == pytest.approx(15 * RING_STEP_LATENCY_ACROSS_S)
    assert ring_gather_latency_seconds(1, 8) == 0.0
    arrays = ring_gather_latency_seconds(np.array([1536, 8, 16]), np.array([8, 8, 1]))
    assert arrays.tolist() == [ring_gather_latency_seconds(1536, 8), ring_gather_latency_seconds(8, 8),
                               ring_gather_latency_seconds(16, 1)]


def test_unit_latency_only_where_zero3_gathers_every_micro_batch():
    one = ring_gather_latency_seconds(768, 8)
    assert zero3_unit_latency_seconds(96, True, 3, 768, 8) == pytest.approx(96 * 3 * one)  # 2 gathers, 1 reduce-scatter
    assert zero3_unit_latency_seconds(96, False, 3, 768, 8) == pytest.approx(96 * 2 * one)  # a frozen base: gathers
    assert zero3_unit_latency_seconds(96, True, 2, 768, 8) == 0.0  # bucketed (Megatron: latency kept small)
    assert zero3_unit_latency_seconds(96, True, 3, 768, 8, pp=4) == 0.0  # gathered once a step, as ZeRO 1-2
    assert zero3_unit_latency_seconds(96, True, 3, 1, 8) == 0.0


def test_sync_adds_the_units_latency_to_the_bytes():
    args = (175e9, 0.0, 4.0, 2.0, 3, 1536, 8, 300.0, 25.0, 0.75)
    bytes_only = data_parallel_sync_seconds(*args)
    assert data_parallel_sync_seconds(*args, units=96) - bytes_only == pytest.approx(
        96 * 3 * ring_gather_latency_seconds(1536, 8))
    assert data_parallel_sync_seconds(*args[:4], 2, *args[5:], units=96) == data_parallel_sync_seconds(*args[:4], 2,
                                                                                                       *args[5:])


def test_planner_times_zero3_as_the_estimate(catalog):
    """The search's layout speeds are the estimate's to the last bit with the latency in both (the
    planner re-estimates its first layout and compares, plan._as_searched)."""
    card = catalog.get("a100-sxm-80gb")
    s = Scenario(model=preset("gpt3-175b"), card_id=card.id, count=1536, workload="pretrain", precision="fp16",
                 parallelism={"tp": 1, "pp": 1, "zero": 3}, auto_layout=["micro_batch", "grad_accum"],
                 training={"seq_len": 2048, "recompute": "full", "global_batch_tokens": 1536 * 2048})
    plan = plan_training_layout(s, card)
    assert plan.best is not None and plan.best.zero == 3
    est = estimate(s, card)
    assert est.training.tokens_per_s == plan.best.tokens_per_s
    assert est.training.data_parallel_s > 0  # the gathers at micro-batch 1 outlast the compute that hides them
