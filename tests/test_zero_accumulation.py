"""ZeRO 1/2 with gradient accumulation and no pipeline stages (issue 27): memory and communication
from the same recipe. ZeRO 1 holds the gradients whole and reduces once a step; ZeRO 2 holds the
rank's share, so it reduce-scatters every micro-batch (DeepSpeed ``partition_gradients``, FSDP2 in
torchtitan's loop, Megatron-FSDP ``optim_grads``): formulas/zero_accumulation.py."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_array_equal

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.zero_accumulation import (
    accumulation_reduce_scatter_seconds,
    gradient_reduce_scatter_seconds,
    gradient_reduce_seconds,
    reduces_every_accumulated_micro_batch,
    zero0_reduces_every_micro_batch,
)
from configurator.core.scenario import Scenario, updated
from configurator.core.workloads.training.search import plan_training_layout
from searched_layout import estimated_alone

CATALOG = load_bundled_catalog()
H100 = CATALOG.get("h100-sxm")


def test_only_zero_2_without_pipeline_stages_reduces_every_accumulated_micro_batch():
    zero = np.array([0, 1, 2, 3, 2, 2])
    pp = np.array([1, 1, 1, 1, 4, 1])
    m = np.array([8, 8, 8, 8, 8, 1])
    assert_array_equal(reduces_every_accumulated_micro_batch(zero, pp, m), [False, False, True, False, False, False])


def test_each_earlier_micro_batch_costs_a_reduce_scatter_behind_its_backward():
    """1e9 parameters' 2-byte gradients over 8 ranks of one 100 GB/s domain at efficiency 1: each
    reduce-scatter moves 7/8 × 2 GB in 17.5 ms (plus the call's latency); 16 micro-batches add 15 of
    them, none hidden at overlap 0, all hidden behind the backward (2/3) of 30 ms at overlap 1."""
    each = gradient_reduce_scatter_seconds(1e9, 2.0, 8, 8, 100.0, 50.0, 1.0)
    assert each == pytest.approx(0.0175, rel=0.01)
    assert gradient_reduce_scatter_seconds(1e9, 2.0, 1, 8, 100.0, 50.0, 1.0) == 0.0
    assert accumulation_reduce_scatter_seconds(each, 0.03, 16, 2, 1, 0.0) == pytest.approx(15 * each)
    assert accumulation_reduce_scatter_seconds(each, 0.03, 16, 2, 1, 1.0) == 0.0
    assert accumulation_reduce_scatter_seconds(each, 0.03, 16, 2, 1, 0.5) == pytest.approx(15 * (each - 0.01))
    for zero, pp, m in ((1, 1, 16), (3, 1, 16), (2, 4, 16), (2, 1, 1)):
        assert accumulation_reduce_scatter_seconds(each, 0.03, m, zero, pp, 0.0) == 0.0


def _accumulated(zero: int, grad_accum: int = 8, pp: int = 1, recipe: str = "torch-amp",
                 model: str = "llama3-8b") -> Scenario:
    """Llama 3 8B (or ``model``) on 64 H100 (8 servers), pure data parallelism over the network."""
    return Scenario(model=preset(model), card_id="h100-sxm", count=64, workload="pretrain", precision="bf16",
                    parallelism={"tp": 1, "pp": pp, "zero": zero},
                    training={"seq_len": 2048, "micro_batch": 1, "grad_accum": grad_accum, "recompute": "full",
                              "recipe": recipe})


@pytest.mark.parametrize("recipe", ["torch-amp", "megatron-mixed"])
def test_zero_2_pays_a_reduce_scatter_per_accumulated_micro_batch_zero_1_once(recipe):
    """Same bytes a synchronisation at ZeRO 1 and 2; ZeRO 2, holding only its share, pays the
    reduce-scatters of the other micro-batches too; with one micro-batch a step the two agree."""
    z1, z2 = (estimate(_accumulated(z, recipe=recipe), H100).training for z in (1, 2))
    assert z2.data_parallel_s > z1.data_parallel_s
    single1, single2 = (estimate(_accumulated(z, grad_accum=1, recipe=recipe), H100).training for z in (1, 2))
    assert single2.data_parallel_s == pytest.approx(single1.data_parallel_s, rel=1e-12)


def test_zero_2_memory_holds_the_share_the_reduce_scatters_make():
    """What the extra reduce-scatters pay for: ZeRO 2's gradients are a 64th of ZeRO 1's."""
    z1, z2 = (estimate(_accumulated(z), H100).memory for z in (1, 2))
    assert z2.gradients == pytest.approx(z1.gradients / 64, rel=1e-9)


def test_beside_pipeline_stages_pytorch_zero_2_defers_and_pays_nothing_more():
    z1, z2 = (estimate(_accumulated(z, pp=2), H100).training for z in (1, 2))
    assert z2.data_parallel_s == pytest.approx(z1.data_parallel_s, rel=1e-12)


def test_planner_step_agrees_with_the_estimate_at_zero_2_with_accumulation():
    scenario = updated(_accumulated(2), auto_layout=("zero", "micro_batch"))
    plan = plan_training_layout(scenario, H100, top=30)
    accumulated = [layout for layout in plan.layouts if layout.zero == 2 and layout.pp == 1 and layout.grad_accum > 1]
    assert accumulated
    for layout in accumulated:
        alone = estimated_alone(scenario, layout, H100)
        assert alone.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)


def test_zero_0_all_reduces_every_micro_batch_only_under_the_pytorch_recipes():
    """ZeRO 0 (issue 27, zero0acc): torchtitan's loop all-reduces every backward (torch-amp, pure);
    Megatron's DDP and DeepSpeed's ZeRO 0 once a step (the megatron recipes)."""
    assert zero0_reduces_every_micro_batch("torch-amp") and zero0_reduces_every_micro_batch("pure")
    assert not zero0_reduces_every_micro_batch("megatron-mixed")
    assert not zero0_reduces_every_micro_batch("megatron-bf16-grads")
    zero, pp, m = np.array([0, 0, 0, 1]), np.array([1, 4, 1, 1]), np.array([8, 8, 1, 8])
    assert_array_equal(reduces_every_accumulated_micro_batch(zero, pp, m, True), [True, False, False, False])
    assert not np.any(reduces_every_accumulated_micro_batch(zero, pp, m, False))


def test_a_zero_0_reduction_is_an_all_reduce_twice_a_reduce_scatter():
    """An all-reduce is a reduce-scatter and an all-gather of the same bytes: in one fast domain
    twice the reduce-scatter's bandwidth time (latency aside)."""
    rs = gradient_reduce_seconds(1e9, 2.0, 2, 8, 8, 100.0, 50.0, 1.0)
    ar = gradient_reduce_seconds(1e9, 2.0, 0, 8, 8, 100.0, 50.0, 1.0)
    assert rs == pytest.approx(gradient_reduce_scatter_seconds(1e9, 2.0, 8, 8, 100.0, 50.0, 1.0))
    assert ar == pytest.approx(2 * rs, rel=0.01)
    assert gradient_reduce_seconds(1e9, 2.0, 0, 1, 8, 100.0, 50.0, 1.0) == 0.0
    assert accumulation_reduce_scatter_seconds(ar, 0.03, 16, 0, 1, 0.0, True) == pytest.approx(15 * ar)
    assert accumulation_reduce_scatter_seconds(ar, 0.03, 16, 0, 1, 0.0, False) == 0.0


@pytest.mark.parametrize(("recipe", "grows"), [("torch-amp", True), ("pure", True), ("megatron-mixed", False)])
def test_zero_0_with_accumulation_pays_per_micro_batch_where_the_recipe_does(recipe, grows):
    one, eight = (estimate(_accumulated(0, model="llama3.2-1b", grad_accum=m, recipe=recipe), H100).training for m in (1, 8))
    if grows:
        assert eight.data_parallel_s > one.data_parallel_s
    else:
        assert eight.data_parallel_s == pytest.approx(one.data_parallel_s, rel=1e-12)
    beside = [estimate(_accumulated(0, model="llama3.2-1b", grad_accum=m, pp=2, recipe=recipe), H100).training for m in (2, 8)]
    assert beside[1].data_parallel_s == pytest.approx(beside[0].data_parallel_s, rel=1e-12)


@pytest.mark.parametrize("recipe", ["torch-amp", "megatron-mixed"])
def test_planner_step_agrees_with_the_estimate_at_zero_0_with_accumulation(recipe):
    scenario = updated(_accumulated(0, model="llama3.2-1b", recipe=recipe), auto_layout=("zero", "micro_batch"))
    plan = plan_training_layout(scenario, H100, top=40)
    accumulated = [layout for layout in plan.layouts if layout.zero == 0 and layout.pp == 1 and layout.grad_accum > 1]
    for layout in accumulated:
        alone = estimated_alone(scenario, layout, H100)
        assert alone.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)
    scenario = updated(_accumulated(0, model="llama3.2-1b", recipe=recipe), auto_layout=("micro_batch",))
    plan = plan_training_layout(scenario, H100, top=20)
    accumulated = [layout for layout in plan.layouts if layout.grad_accum > 1]
    assert accumulated
    for layout in accumulated:
        alone = estimated_alone(scenario, layout, H100)
        assert alone.training.step_time_s == pytest.approx(layout.step_s, rel=1e-9)
