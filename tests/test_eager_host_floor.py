"""The host floor under an eager training step (issue 27): the kernels a layer and its LoRA adapters
launch forward and backward, op by op, at the host's time per eager op; the step is at least that.
Small models at short sequences wait on the host (the H200 grid's Llama 3.2 1B LoRA at 2,048 tokens);
large ones, and Megatron-Core's fused layers, do not."""

from __future__ import annotations

import pytest

from configurator.core.adapter_speed import (
    EAGER_OP_HOST_S,
    eager_host_floor_seconds,
    eager_layer_kernel_counts,
    eager_recompute_ops,
)
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.formulas.adapter_time import BACKWARD_KERNELS, FORWARD_KERNELS, SAVED_TENSORS, TAIL_KERNELS
from configurator.core.formulas.eager_layer import (
    eager_layer_backward_kernels,
    eager_layer_kernels,
    eager_layer_recompute_ops,
    eager_layer_saved_tensors,
)
from configurator.core.formulas.timing import eager_host_seconds
from configurator.core.memory import activation_layout, training_states
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario
from configurator.core.training_speed import micro_batch_timing

H200 = load_bundled_catalog().get("h200-sxm")


def test_a_layer_backward_launches_sixty_kernels_frozen_and_seventy_one_trained():
    assert eager_layer_kernels() == 41
    assert eager_layer_backward_kernels(trained=False) == 60
    assert eager_layer_backward_kernels(trained=True) == 71
    assert eager_layer_backward_kernels(gated_mlp=False, trained=False) == 56
    # fused RMSNorms: one kernel forward and two backward in place of 9 and 14
    assert eager_layer_kernels(fused_norm=True) == 41 - 2 * 8
    assert eager_layer_backward_kernels(trained=False, fused_norm=True) == 60 - 2 * 12


def test_host_seconds_by_hand():
    # 16 layers, 83 kernels forward and 116 backward at 25 µs: 79.6 ms; the forward again: 112.8 ms
    assert eager_host_seconds(16, 83, 116, 1, 25e-6) == pytest.approx(0.0796)
    assert eager_host_seconds(16, 83, 116, 2, 25e-6) == pytest.approx(0.1128)
    # the re-forward's own ops in place of the forward's kernels: 16 × (83 + 116 + 123) × 25 µs
    assert eager_host_seconds(16, 83, 116, 2, 25e-6, 123) == pytest.approx(0.1288)
    assert eager_host_seconds(16, 83, 116, 1, 25e-6, 123) == pytest.approx(0.0796)


def test_a_layer_saves_fifteen_tensors_with_gradients_frozen_and_thirty_three_trained():
    # two norms 4 each (+2 trained), products 0 (2 each trained), SDPA's q, k, v and output, SwiGLU 3
    assert eager_layer_saved_tensors(trained=False) == 15
    assert eager_layer_saved_tensors(trained=True) == 33
    assert eager_layer_saved_tensors(gated_mlp=False, trained=False) == 13
    assert eager_layer_saved_tensors(trained=False, fused_norm=True) == 15 - 2 * 3
    # the re-forward stops before the residual add and detaches each saved tensor with a gradient
    assert eager_layer_recompute_ops(trained=False) == 41 - 1 + 15 == 55
    assert eager_layer_recompute_ops(trained=True) == 41 - 1 + 33 == 73


def _scenario(model="llama3.2-1b", workload="lora", targets="all-linear", recompute="none", seq_len=2048,
              recipe="torch-amp") -> Scenario:
    training = {"recipe": recipe, "micro_batch": 1, "seq_len": seq_len, "lora_targets": targets,
                "recompute": recompute}
    return Scenario.model_validate({"model": preset(model).model_dump(), "card_id": H200.id, "count": 1,
                                    "workload": workload, "precision": "bf16", "training": training})


def _timing(s: Scenario):
    plan = plan_training(H200, s.precision)
    return micro_batch_timing(s, H200, plan, activation_layout(s, plan, training_states(s, plan)))


def _floor(s: Scenario, recomputed=False):
    return eager_host_floor_seconds(s, plan_training(H200, s.precision), s.model.n_layers, recomputed)


def test_a_lora_layer_counts_its_seven_adapters_with_their_autocast_casts():
    s = _scenario()
    forward, backward = eager_layer_kernel_counts(s, plan_training(H200, s.precision))
    assert (forward, backward) == (41 + 7 * (FORWARD_KERNELS + 2), 60 + 7 * (BACKWARD_KERNELS + 2)) == (83, 116)
    assert _floor(s) == pytest.approx(16 * (83 + 116) * EAGER_OP_HOST_S)
    assert _floor(s, recomputed=True) == pytest.approx(16 * (83 + 116 + 123) * EAGER_OP_HOST_S)


def test_a_recomputed_lora_layer_pays_more_host_ops_than_its_forward():
    # the rig's 1B LoRA at 2,048 tokens: 71.1 ms measured without recomputation, 140.8 ms with it; the
    # re-forward skips the down adapter's scale, sum and the residual add, and detaches 15 + 7 × 4 tensors
    s = _scenario(recompute="full")
    plan = plan_training(H200, s.precision)
    assert eager_recompute_ops(s, plan) == 83 - 1 - TAIL_KERNELS + 15 + 7 * SAVED_TENSORS == 123
    assert eager_recompute_ops(s, plan) > eager_layer_kernel_counts(s, plan)[0]
    assert _floor(s, recomputed=True) == pytest.approx(0.1288)
    # adapters on attention alone: the down projection is frozen, only the residual add is skipped
    a = _scenario(targets="attention", recompute="full")
    assert eager_recompute_ops(a, plan) == 41 + 4 * (FORWARD_KERNELS + 2) - 1 + 15 + 4 * SAVED_TENSORS
    # full training under AMP: the weight casts again, 33 saved tensors with gradients
    f = _scenario(workload="finetune", recompute="full")
    assert eager_recompute_ops(f, plan_training(H200, f.precision)) == 41 + 7 - 1 + 33
    m = _scenario(recipe="megatron-mixed")
    assert eager_recompute_ops(m, plan_training(H200, m.precision)) is None


def test_the_floor_binds_for_a_1b_eager_lora_step_at_2k_tokens():
    for recompute in ("none", "full"):
        s = _scenario(recompute=recompute)
        floor = _floor(s, recomputed=recompute == "full")
        assert _timing(s).total_s == pytest.approx(floor)
        assert _timing(s).compute_s + _timing(s).traffic_s < floor


def test_the_floor_does_not_bind_for_a_large_model_or_a_long_sequence():
    big = _scenario(model="llama3-8b", seq_len=8192)
    assert _timing(big).total_s > 1.5 * _floor(big)
    long = _scenario(seq_len=8192)
    assert _timing(long).total_s > _floor(long)


def test_full_training_casts_its_fp32_weights_under_amp_and_trains_them():
    s = _scenario(workload="finetune")
    forward, backward = eager_layer_kernel_counts(s, plan_training(H200, s.precision))
    assert (forward, backward) == (41 + 7, 71 + 7)
    pure = _scenario(workload="finetune", recipe="pure")
    assert eager_layer_kernel_counts(pure, plan_training(H200, pure.precision)) == (41, 71)


def test_fused_megatron_layers_have_no_host_floor():
    s = _scenario(recipe="megatron-mixed")
    assert eager_layer_kernel_counts(s, plan_training(H200, s.precision)) is None
    assert _floor(s) == 0.0


def test_qkv_targets_launch_fewer_adapter_kernels_than_attention():
    counts = {t: eager_layer_kernel_counts(s := _scenario(targets=t), plan_training(H200, s.precision))
              for t in ("qkv", "attention", "all-linear")}
    assert counts["qkv"][0] == 41 + 3 * (FORWARD_KERNELS + 2)
    assert counts["qkv"][0] < counts["attention"][0] < counts["all-linear"][0]


def test_qkv_targets_carry_three_adapters_fewer_weights_and_a_lighter_layer():
    from configurator.core.adapter_memory import lora_params_per_layer
    from configurator.core.adapter_speed import adapted_linears, adapter_layer_seconds
    from configurator.core.formulas.states import lora_matrix_params
    from configurator.core.layer_activations import layer_activation_bytes

    model = preset("llama3.2-1b")
    assert len(adapted_linears(model, "qkv")) == 3 and len(adapted_linears(model, "qkv", fused=True)) == 1
    qkv, attention = lora_params_per_layer(model, 16, "qkv"), lora_params_per_layer(model, 16, "attention")
    assert attention - qkv == lora_matrix_params(16, model.attn_out_dim, model.hidden)
    times = {}
    for t in ("qkv", "attention"):
        s = _scenario(targets=t)
        plan = plan_training(H200, s.precision)
        times[t] = adapter_layer_seconds(s, H200, plan, 2048.0, 1, False)
        layout = activation_layout(s, plan, training_states(s, plan))
        times[t, "bytes"] = layer_activation_bytes(s.model, layout, 2048)
    assert 0 < times["qkv"] < times["attention"]
    # the frozen output projection keeps no input: its 16-bit token-major copy of the attention output
    assert times["attention", "bytes"] - times["qkv", "bytes"] == pytest.approx(2.0 * model.attn_out_dim)


def test_a_host_bound_step_says_so_and_a_gpu_bound_one_does_not():
    bound = [m for m in _timing(_scenario()).messages if m.id == "host-bound"]
    assert len(bound) == 1 and bound[0].params["host_ms"] > bound[0].params["gpu_ms"]
    assert not [m for m in _timing(_scenario(model="llama3-8b", seq_len=8192)).messages if m.id == "host-bound"]
