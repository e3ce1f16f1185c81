"""The megatron-bf16-grads recipe: Megatron-Core's default ``grad_reduce_in_fp32=False`` (16-bit
gradient buffer, reduced in 16 bits; fp32 master weights and optimizer states), issue 27."""

from __future__ import annotations

import shlex

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas import collectives
from configurator.core.formulas import communication as comm
from configurator.core.formulas import states
from configurator.core.launch import launch_text
from configurator.core.scenario import ActivationKernels, Recipe, Scenario, updated

CATALOG = load_bundled_catalog()
H100 = CATALOG.get("h100-sxm")


def test_bf16_gradients_are_two_bytes_beside_fp32_master_and_moments():
    """Megatron-Core's grad buffer has the parameters' dtype when grad_reduce_in_fp32 is False
    (param_and_grad_buffer.py: ``grad_dtype = torch.float if grad_reduce_in_fp32 else param.dtype``):
    2 + 2 + 12 = 16 B per parameter with AdamW, the ZeRO paper's count (Rajbhandari et al. 2020 §3.1),
    against megatron-mixed's 2 + 4 + 12."""
    assert states.state_bytes_per_param("megatron-bf16-grads", "adamw", 2.0) == (2.0, 2.0, 12.0, 0.0, 2.0)
    assert states.state_bytes_per_param("megatron-mixed", "adamw", 2.0) == (2.0, 4.0, 12.0, 0.0, 2.0)
    assert states.state_bytes_per_param("megatron-bf16-grads", "adamw", 4.0) == (4.0, 4.0, 8.0, 0.0, 4.0)


def test_gradient_reduce_scatter_sends_half_the_bytes():
    """ZeRO-1 (distributed optimizer): reduce-scatter of the gradients plus all-gather of the 16-bit
    weights; with 16-bit gradients the reduce-scatter moves 2 B per parameter, not 4 (2 + 2 B against
    4 + 2 B sent); ZeRO-0's all-reduce sends 2 B per parameter too."""
    params, links = 1e9, (8, 8, 450.0, 50.0, 1.0)  # ranks, per domain, fast and network GB/s, efficiency
    bf16 = states.state_bytes_per_param("megatron-bf16-grads", "adamw", 2.0)[1]
    zero1 = float(comm.gradient_sync_seconds(params, bf16, 2.0, 1, *links))
    zero0 = float(comm.gradient_sync_seconds(params, bf16, 2.0, 0, *links))
    assert zero1 == pytest.approx(2 * float(collectives.reduce_scatter_seconds(params * 2.0, *links)), rel=1e-12)
    assert zero0 == pytest.approx(float(collectives.allreduce_seconds(params * 2.0, *links)), rel=1e-12)
    assert zero1 < float(comm.gradient_sync_seconds(params, 4.0, 2.0, 1, *links))


def _pretrain(recipe: str) -> Scenario:
    """Llama 3 8B data-parallel over 64 H100 (8 servers) at 2,048 tokens a card: the gradient
    reduce-scatter crosses the network and outlasts the backward it overlaps."""
    return Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=64, workload="pretrain", precision="bf16",
                    parallelism={"tp": 1, "pp": 1, "zero": 1, "cards_per_node": 8},
                    training={"micro_batch": 1, "grad_accum": 1, "seq_len": 2048, "recompute": "full",
                              "recipe": recipe})


def test_estimate_holds_half_the_gradient_bytes_and_sends_less():
    """Through the estimate: the gradient memory halves, weights and optimizer states do not move, the
    buffer is still held beside the activations (allocated once, as megatron-mixed's), the layers are
    Megatron-Core's fused ones, and the data-parallel traffic falls."""
    mixed, bf16 = (estimate(_pretrain(r), H100) for r in ("megatron-mixed", "megatron-bf16-grads"))
    assert bf16.memory.gradients == pytest.approx(mixed.memory.gradients / 2, rel=1e-12)
    assert bf16.memory.weights == mixed.memory.weights
    # the optimizer part adds the step's fp32 copy of the rank's gradient shard (4 of the states' 12 B
    # per parameter: distrib_optimizer.py _copy_model_grads_to_main_grads), made after the
    # activations are freed, so it is taken off again as not concurrent with them
    step_copy = mixed.memory.optimizer / 3
    assert bf16.memory.optimizer == pytest.approx(mixed.memory.optimizer + step_copy, rel=1e-12)
    assert bf16.memory.not_concurrent == pytest.approx(step_copy, rel=1e-12)
    assert mixed.memory.not_concurrent == 0.0
    assert Recipe("megatron-bf16-grads").runs_megatron_core and not Recipe.TORCH_AMP.runs_megatron_core
    assert bf16.memory.total < mixed.memory.total
    assert 0 < bf16.training.data_parallel_s < mixed.training.data_parallel_s
    assert bf16.training.step_time_s < mixed.training.step_time_s


def test_activation_kernels_default_to_fused_as_megatron_mixed():
    from configurator.core.memory import activation_kernels
    assert activation_kernels(_pretrain("megatron-bf16-grads")) is ActivationKernels.FUSED


@pytest.mark.parametrize(("precision", "flag"), [("bf16", True), ("fp8", True), ("fp16", False)])
def test_megatron_launch_asks_for_bf16_reduction(precision, flag):
    """Megatron-LM's ``--bf16`` accumulates and reduces in fp32 unless ``--grad-reduce-in-bf16``
    (arguments.py validate_args, core_v0.15.0); under ``--fp16`` the buffer is already fp16."""
    scenario = updated(_pretrain("megatron-bf16-grads"), precision=precision)
    words = shlex.split(launch_text(estimate(scenario, H100), "megatron"), comments=True)
    assert ("--grad-reduce-in-bf16" in words) is flag
    mixed = shlex.split(launch_text(estimate(updated(scenario, training={"recipe": "megatron-mixed"}), H100),
                                    "megatron"), comments=True)
    assert "--grad-reduce-in-bf16" not in mixed
