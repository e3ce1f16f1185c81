"""Two peak-memory terms of one-GPU fine-tunes (session 37, adamtemp): the temporary PyTorch's foreach
AdamW step allocates (``training.optimizer_kernel``), a phase of its own beside the states and gradients,
and the fp32 residual stream of a QLoRA base peft's ``prepare_model_for_kbit_training`` cast
(``training.fp32_unquantized``). Hand counts on Mistral 7B, as fms-acceleration ran it
(benchmarks/data/notes-reserve-recompute-2026-12-05c.md)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.states import adam_step_temporary_bytes
from configurator.core.memory import activation_layout, residual_element_bytes, training_states
from configurator.core.layer_activations import kept_layer_bytes
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario, updated
from configurator.core.training_held_states import step_temporary
from configurator.core.units import GIB
from configurator.core.workloads.training.search import plan_training_layout
from searched_layout import estimated_alone

CATALOG = load_bundled_catalog()
A100 = CATALOG.get("a100-sxm-80gb")
MISTRAL_7B_PARAMS = 7_241_732_096
"""Mistral 7B v0.1: embedding and head 2 x 32,000 x 4,096, 32 layers of 4,096 x (4,096 + 2 x 1,024 + 4,096)
attention and 3 x 4,096 x 14,336 MLP weights, 65 norms of 4,096 [count]."""


def _full(kernel="foreach", **training) -> Scenario:
    """fms-acceleration's Mistral 7B full fine-tune: pure fp16, batch 4 x 4,096 tokens, every layer recomputed."""
    return Scenario(model=preset("mistral-7b"), card_id="a100-sxm-80gb", count=1, workload="finetune",
                    precision="fp16", parallelism={"zero": 0},
                    training={"micro_batch": 4, "seq_len": 4096, "recompute": "full", "recipe": "pure",
                              "loss": "eager", "optimizer_kernel": kernel, **training})


def test_the_foreach_step_allocates_one_second_moment():
    """``_multi_tensor_adamw``'s ``torch._foreach_sqrt(exp_avg_sqs)``: one moment element per parameter;
    ``_fused_adamw`` none."""
    assert adam_step_temporary_bytes("foreach", 2.0) == 2.0
    assert adam_step_temporary_bytes("foreach", 4.0) == 4.0
    assert adam_step_temporary_bytes("fused", 4.0) == 0.0


def test_mistral_full_fine_tune_peaks_at_the_step():
    """Weights, gradients, two moments and the temporary, 2 B each in fp16: 10 B a parameter, 67.44 GiB
    (measured peak allocated 67.96 GiB at batch 4 and 8 alike), over the backward's 8 B + activations."""
    assert preset("mistral-7b").total_params() == MISTRAL_7B_PARAMS
    s = _full()
    card = CATALOG.get(s.card_id)
    plan = plan_training(card, s.precision)
    assert step_temporary(s, training_states(s, plan)) == 2.0
    for batch in (4, 8):
        memory = estimate(updated(s, training={"micro_batch": batch}), A100).memory
        fused = estimate(updated(s, training={"micro_batch": batch, "optimizer_kernel": "fused"}), A100).memory
        assert memory.optimizer - fused.optimizer == pytest.approx(2.0 * MISTRAL_7B_PARAMS, rel=1e-9)
        assert memory.activations < 2 * 2.0 * MISTRAL_7B_PARAMS  # gradients + temporary: the step is the peak
        peak = 10.0 * MISTRAL_7B_PARAMS
        assert peak / GIB == pytest.approx(67.44, abs=0.01)
        a = s.assumptions
        assert memory.total == pytest.approx(peak * (1 + a.allocator_overhead_recompute) + a.cuda_context_gib * GIB,
                                             rel=1e-9)
        assert memory.total > fused.total


@pytest.mark.parametrize(("training", "expected"), [
    ({"recipe": "torch-amp"}, 4.0),  # fp32 moments
    ({"recipe": "megatron-mixed"}, 0.0),  # Megatron's FusedAdam, in place
    ({"optimizer": "adamw-8bit"}, 0.0),
    ({"optimizer": "sgd"}, 0.0),
    ({"paged_optimizer": True}, 0.0),
    ({"optimizer_kernel": "fused"}, 0.0),
])
def test_the_temporary_by_implementation(training, expected):
    s = _full(**training)
    card = CATALOG.get(s.card_id)
    assert step_temporary(s, training_states(s, plan_training(card, s.precision))) == expected


def test_zero_shards_the_temporary_with_the_states():
    """ZeRO 1 on 8 cards: each rank steps its shard, so its temporary is an eighth."""
    one = _full(recompute="none", micro_batch=1, seq_len=256)
    eight = updated(one, count=8, parallelism={"zero": 1})
    fused = updated(eight, training={"optimizer_kernel": "fused"})
    extra = estimate(eight, A100).memory.optimizer - estimate(fused, A100).memory.optimizer
    assert extra == pytest.approx(2.0 * MISTRAL_7B_PARAMS / 8, rel=1e-9)


def test_planner_memory_agrees_with_the_estimate():
    """The search's stage tables count the temporary as the estimate does."""
    s = updated(_full(grad_accum=1, micro_batch=1, seq_len=2048), count=8,
                auto_layout=("zero", "recompute", "micro_batch"))
    plan = plan_training_layout(s, A100, top=8)
    assert plan.layouts
    for layout in plan.layouts:
        assert estimated_alone(s, layout, A100).memory.total == pytest.approx(layout.memory_bytes, rel=1e-9)


def test_fused_is_the_default_and_written_to_files_only_when_foreach():
    fused = _full("fused")
    assert "optimizer_kernel" not in fused.model_dump(mode="json")["training"]
    assert Scenario(model=preset("mistral-7b"), card_id="a100-sxm-80gb").training.optimizer_kernel == "fused"
    on = _full()
    assert on.model_dump(mode="json")["training"]["optimizer_kernel"] == "foreach"
    assert Scenario.model_validate(on.model_dump(mode="json")) == on


def _qlora(prepared: bool, workload="qlora") -> Scenario:
    return Scenario(model=preset("mistral-7b"), card_id="a100-sxm-80gb", count=1, workload=workload,
                    precision="fp16", parallelism={"zero": 0},
                    training={"micro_batch": 4, "seq_len": 4096, "recompute": "full", "recipe": "torch-amp",
                              "loss": "eager", "lora_rank": 16, "lora_targets": "attention",
                              "quantized_inputs": "step", "fp32_unquantized": prepared})


def _layout(s: Scenario):
    card = CATALOG.get(s.card_id)
    plan = plan_training(card, s.precision)
    states = training_states(s, plan)
    return residual_element_bytes(s, plan, states), activation_layout(s, plan, states)


def test_peft_prepared_qlora_keeps_an_fp32_residual_stream():
    """The fp32 embedding's hidden states stay fp32 through the fp32 norms and bitsandbytes' ``out.to(inp_dtype)``:
    each checkpointed layer input is 4 B an element, not 2."""
    prepared, plain = _layout(_qlora(True)), _layout(_qlora(False))
    assert prepared[0] == 4.0 and plain[0] == 2.0
    model = preset("mistral-7b")
    assert kept_layer_bytes(model, prepared[1], 4096) == 4.0 * 4096
    assert kept_layer_bytes(model, plain[1], 4096) == 2.0 * 4096
    # a 16-bit base is not cast (fp32_unquantized reads a QLoRA base only)
    assert _layout(_qlora(True, "lora"))[0] == 2.0


def test_the_fp32_stream_adds_its_checkpoints_at_least():
    """32 checkpoints of 4 x 4,096 tokens x 4,096 wide, 2 B more each: 4 GiB; the layer rebuilt in backward
    reads the wider stream too."""
    on, off = (estimate(_qlora(p), A100).memory for p in (True, False))
    checkpoints = 32 * 4 * 4096 * 4096 * 2.0
    assert checkpoints == 4 * GIB
    assert on.activations - off.activations >= checkpoints
    assert on.activations - off.activations < 1.5 * checkpoints
