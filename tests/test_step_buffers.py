"""What frameworks hold beyond the model states and activations (issue 27, memory): PyTorch DDP's
gradient buckets (a second copy of the gradients for the whole run) and the fp32 copy of the
gradient shard Megatron's optimizer makes at its step (a phase of its own: the peak is the larger
phase, not a sum)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas import states
from configurator.core.formulas.efficiency import ALLOCATOR_OVERHEAD
from configurator.core.scenario import Scenario, updated
from configurator.core.workloads.training.search import plan_training_layout
from searched_layout import estimated_alone

CATALOG = load_bundled_catalog()
H100 = CATALOG.get("h100-sxm")


def _ddp(count: int, **training) -> Scenario:
    return Scenario(model=preset("llama3.2-1b"), card_id="h100-sxm", count=count, workload="pretrain",
                    precision="bf16", parallelism={"zero": 0},
                    training={"micro_batch": 2, "seq_len": 2048, "recipe": "torch-amp", **training})


def test_peak_is_the_larger_phase():
    """Backward holds the activations, the step its copies: w + o + b + g + max(a, s) held,
    w + o + b + max(a, g + s) otherwise."""
    assert states.training_peak_bytes(10.0, 4.0, 20.0, 6.0, True, 1.0, 2.0) == 41.0
    assert states.training_peak_bytes(10.0, 4.0, 20.0, 6.0, True, 1.0, 9.0) == 44.0
    assert states.training_peak_bytes(10.0, 4.0, 20.0, 6.0, False, 0.0, 1.0) == 36.0
    assert states.training_peak_bytes(10.0, 4.0, 20.0, 6.0, False, 0.0, 3.0) == 37.0
    assert float(states.megatron_step_gradient_copy_bytes(2.0)) == 4.0
    assert float(states.megatron_step_gradient_copy_bytes(4.0)) == 0.0


def test_ddp_buckets_copy_the_gradients_across_ranks_only():
    """One card runs no DDP; on 8 the buckets add the whole gradient size (fp32 under torch-amp),
    held through both phases, with ZeRO 0 only."""
    one, eight = (estimate(_ddp(n), H100).memory for n in (1, 8))
    assert eight.gradients == pytest.approx(2 * one.gradients, rel=1e-12)
    assert eight.total == pytest.approx(one.total + one.gradients * (1 + ALLOCATOR_OVERHEAD), rel=1e-9)
    zero1 = estimate(updated(_ddp(8), parallelism={"zero": 1}), H100).memory
    assert zero1.gradients == pytest.approx(one.gradients, rel=1e-12)
    megatron = estimate(_ddp(8, recipe="megatron-mixed"), H100).memory
    assert megatron.gradients == pytest.approx(estimate(_ddp(1, recipe="megatron-mixed"), H100).memory.gradients)


def test_megatron_step_copy_counts_where_it_exceeds_the_activations():
    """With few activations on the rank (one short sequence, no data-parallel sharding) the step's fp32 gradient copy (4 B per parameter) is the peak's larger phase."""
    base = dict(micro_batch=1, seq_len=128, recompute="none")
    mixed, bf16 = (estimate(_ddp(1, recipe=r, **base), H100).memory for r in ("megatron-mixed", "megatron-bf16-grads"))
    assert bf16.optimizer - mixed.optimizer == pytest.approx(4.0 / 12.0 * mixed.optimizer, rel=1e-12)
    assert bf16.activations < bf16.optimizer - mixed.optimizer
    assert bf16.not_concurrent == pytest.approx(bf16.activations, rel=1e-12)
    parts = bf16.weights + bf16.gradients + bf16.optimizer + bf16.activations + bf16.overhead
    assert parts - bf16.not_concurrent == pytest.approx(bf16.total, rel=1e-12)
    peak = bf16.weights + bf16.gradients + bf16.optimizer
    assert bf16.total == pytest.approx(peak * (1 + ALLOCATOR_OVERHEAD) + 0.5 * 2**30, rel=1e-12)


@pytest.mark.parametrize("recipe", ["torch-amp", "megatron-bf16-grads"])
def test_planner_memory_agrees_with_the_estimate(recipe):
    """The search's stage tables count the buckets and the step copy as the estimate does."""
    scenario = updated(_ddp(16, recipe=recipe, grad_accum=1), auto_layout=("zero", "recompute", "micro_batch"))
    plan = plan_training_layout(scenario, H100, top=8)
    assert plan.layouts
    for layout in plan.layouts:
        exact = estimated_alone(scenario, layout, H100)
        assert exact.memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)


@pytest.mark.parametrize(("count", "recipe", "seq_len"), [(8, "torch-amp", 2048), (1, "megatron-bf16-grads", 128),
                                                          (1, "megatron-bf16-grads", 8192)])
def test_largest_micro_batch_is_the_last_that_fits(count, recipe, seq_len):
    """``max_micro_batch`` counts the buckets and the step's copy as the breakdown does: the largest
    micro-batch fits, one more does not."""
    from configurator.core.precision import plan_training
    from configurator.core.training_stage_memory import stage_memory_at

    scenario = _ddp(count, recipe=recipe, seq_len=seq_len)
    model = stage_memory_at(scenario, H100, plan_training(H100, scenario.precision), 0).sharded(scenario.replicas)
    largest = model.max_micro_batch()
    assert largest > 0
    assert model.breakdown(largest).total <= model.capacity < model.breakdown(largest + 1).total
