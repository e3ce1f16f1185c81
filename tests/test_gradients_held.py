"""Training memory: gradients held beside the activations when they outlive a micro-batch
(accumulation, pipelining, a gradient buffer allocated once), and the fullest pipeline stage's
weights paired with its own activations (issue 27)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario, updated
from configurator.core.training_stage_memory import stage_memory_at
from configurator.core.workloads.training.search import plan_training_layout
from searched_layout import estimated_alone

CATALOG = load_bundled_catalog()
H200 = CATALOG.get("h200-sxm")
H100 = CATALOG.get("h100-sxm")


def _one_card(**training) -> Scenario:
    return Scenario(model=preset("llama3.2-1b"), card_id="h200-sxm", count=1, workload="pretrain", precision="bf16",
                    training={"micro_batch": 4, "seq_len": 2048, "recipe": "torch-amp", **training})


def _sum_of_parts(memory) -> float:
    return memory.weights + memory.gradients + memory.optimizer + memory.activations + memory.overhead


def test_one_micro_batch_makes_its_gradients_as_it_frees_activations():
    """One micro-batch, gradients set to None after the step: the peak counts the larger of the two."""
    memory = estimate(_one_card(), H200).memory
    assert 0 < memory.not_concurrent <= memory.gradients
    assert memory.total == pytest.approx(_sum_of_parts(memory) - memory.not_concurrent, rel=1e-12)


def test_accumulated_gradients_are_held_beside_the_next_micro_batch():
    """With accumulation the earlier micro-batches' gradients are alive while a later one's
    activations are held: the peak is their sum, more than at one micro-batch by the gradients
    and their allocator reserve."""
    one, accumulated = (estimate(_one_card(grad_accum=m), H200).memory for m in (1, 4))
    assert accumulated.not_concurrent == 0.0
    assert accumulated.total == pytest.approx(_sum_of_parts(accumulated), rel=1e-12)
    assert accumulated.total > one.total + one.not_concurrent


def test_megatron_gradient_buffer_is_held_at_one_micro_batch():
    """Megatron-LM's fp32 main-gradient buffer is allocated once for the whole model and zeroed
    between steps (param_and_grad_buffer.py): held beside the activations at one micro-batch too."""
    memory = estimate(_one_card(recipe="megatron-mixed"), H200).memory
    assert memory.not_concurrent == 0.0
    assert memory.total == pytest.approx(_sum_of_parts(memory), rel=1e-12)


def _balanced_pipeline(**training) -> Scenario:
    """Llama 3.1 405B's 126 layers on 16 stages balanced with the embedding and head counted as
    layers: 7, 8 × 14, 7 (Dubey et al. 2024 §3.3.2). The second stage (8 layers, no embedding, 15
    micro-batches in flight) keeps more than the first (7 layers and the embedding, 16)."""
    return Scenario(model=preset("llama3.1-405b"), card_id="h100-sxm", count=1024, workload="pretrain",
                    precision="bf16", parallelism={"tp": 8, "pp": 16, "zero": 1},
                    training={"seq_len": 8192, "micro_batch": 1, "grad_accum": 16, "recompute": "selective",
                              "recipe": "megatron-mixed", **training})


def test_the_fullest_stage_keeps_its_own_weights_with_its_activations():
    """The estimate's breakdown is one stage's: the second stage's weights (8 layers, no embedding)
    with the second stage's activations, not the first stage's weights with them."""
    scenario = _balanced_pipeline()
    plan = plan_training(H100, scenario.precision)
    first, second = (stage_memory_at(scenario, H100, plan, rank).sharded(scenario.replicas) for rank in (0, 1))
    memory = estimate(scenario, H100).memory
    assert memory == second.breakdown(1)
    assert memory.total > first.breakdown(1).total
    assert memory.weights > first.weights


def test_planner_memory_agrees_with_the_estimate_on_balanced_stages():
    """The search's stage tables (first, second and last stage) give each layout the memory the
    one-layout estimate gives."""
    # 4M tokens (the default until 2026-12-05): at 405B's 16M, accumulation 16 over 8 ranks is micro-batch 16
    scenario = updated(_balanced_pipeline(global_batch_tokens=2**22), auto_layout=("zero", "recompute", "micro_batch"))
    plan = plan_training_layout(scenario, H100, top=6)
    assert plan.layouts
    for layout in plan.layouts:
        exact = estimated_alone(scenario, layout, H100)
        assert exact.memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)
