"""Activations in flight on a pipeline stage, plain and interleaved 1F1B (Narayanan et al. 2021
§2.2.1; Korthikanti et al. 2022 §4.2.3; Megatron-LM ``schedules.py``), in the single estimate and
in the planner's arrays alike."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.parallelism import micro_batches_in_flight
from configurator.core.scenario import Scenario, updated
from configurator.core.workloads.training.search import plan_training_layout
from searched_layout import estimated_alone


@pytest.fixture(scope="module")
def card():
    return load_catalog().get("h100-sxm")


def test_plain_1f1b_stage_i_holds_p_minus_i():
    assert [micro_batches_in_flight(8, 64, 1, rank) for rank in range(8)] == [8, 7, 6, 5, 4, 3, 2, 1]
    assert micro_batches_in_flight(8, 3, 1, 0) == 3  # fewer micro-batches than stages


def test_first_interleaved_stage_holds_korthikanti_factor():
    """Korthikanti et al. 2022 §4.2.3: the first stage's p micro-batches times (1 + (p − 1)/(p·v))."""
    assert micro_batches_in_flight(16, 32, 4, 0) == pytest.approx(16 * (1 + 15 / (16 * 4)))
    assert micro_batches_in_flight(8, 64, 3, 0) == pytest.approx(8 * (1 + 7 / 24))


def test_last_interleaved_stage_holds_its_warmup_chunks():
    """Megatron-LM: the last rank runs (v − 1)·p warm-up chunk forwards before its first backward."""
    assert micro_batches_in_flight(16, 32, 4, 15) == pytest.approx((3 * 16 + 1) / 4)


def test_in_flight_is_capped_by_the_step():
    """m = p: every chunk of the step is in warm-up (all v·m chunks, m micro-batches)."""
    assert micro_batches_in_flight(16, 16, 4, 0) == 16
    np.testing.assert_allclose(micro_batches_in_flight(np.array([4, 4]), np.array([4, 8]), np.array([2, 2])),
                               [4, 5.5])


def _pipelined(v: int) -> Scenario:
    return Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="h100-sxm", count=64,
                    parallelism={"tp": 8, "pp": 4, "virtual_stages": v},
                    training={"seq_len": 4096, "micro_batch": 1, "grad_accum": 16, "recompute": "selective",
                              "recipe": "megatron-mixed"})


def test_interleaving_keeps_more_activations_on_a_stage(card):
    """The same layout interleaved in 2 chunks keeps (1 + 3/8) × the first stage's micro-batches
    (5.5 against 4), so its activations grow by at most that factor and by more than half of it."""
    plain, interleaved = (estimate(_pipelined(v), card).memory for v in (1, 2))
    ratio = interleaved.activations / plain.activations
    assert 1 + 0.5 * 3 / 8 < ratio <= 1 + 3 / 8 + 1e-9


def test_planner_memory_agrees_with_the_estimate_when_interleaved(card):
    scenario = updated(_pipelined(2), auto_layout=("zero", "recompute", "micro_batch"))
    plan = plan_training_layout(scenario, card, top=4)
    assert plan.layouts and all(layout.vp == 2 for layout in plan.layouts)
    for layout in plan.layouts:
        exact = estimated_alone(scenario, layout, card)
        assert exact.memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)
