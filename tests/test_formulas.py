"""Each formula of configurator.core.formulas against its published value, and the code paths
that run it (issue 14, part 2).

Published values are read from ``benchmarks/data/published-calibration.json`` where a row holds
them (each row names its source); the others cite the table or example in the test.
"""

from __future__ import annotations

from dataclasses import replace

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from configurator.core import graphics as graphics_adapters
from configurator.core import kv_memory, layer_activations, memory, training_speed
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas import (
    activations,
    communication,
    economics,
    efficiency,
    flops,
    graphics,
    kv,
    parallelism,
    recompute_activations,
    reliability,
    states,
    timing,
)
from configurator.core.workloads.training import layout_speed as planner_speed
from configurator.core.workloads.training import stage_tables
from configurator.core.scenario import LossKernel, Recompute, Scenario, SelectivePolicy, updated
from configurator.core.units import GIB

DATA = Path(__file__).resolve().parents[1] / "benchmarks" / "data"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def published() -> dict[str, dict]:
    rows = json.loads((DATA / "published-calibration.json").read_text(encoding="utf-8"))
    if isinstance(rows, dict):
        rows = [r for v in rows.values() if isinstance(v, list) for r in v]
    return {r["id"]: r for r in rows if isinstance(r, dict) and "id" in r}


# ---- pipeline bubble (Narayanan et al. 2021 §2.2) -------------------------------------------


def test_bubble_is_narayanans_fraction():
    """§2.2.1: (p−1)/m; §2.2.2: the interleaved schedule divides it by v. Figure 3/4 of the paper
    draw p = 4 devices and m = 8 micro-batches."""
    assert parallelism.pipeline_bubble_fraction(4, 8) == pytest.approx(3 / 8)
    assert parallelism.pipeline_bubble_fraction(4, 8, 2) == pytest.approx(3 / 16)
    assert parallelism.pipeline_bubble_fraction(1, 8) == 0
    # the share of the step the pipeline idles: t_pb / (t_id + t_pb)
    assert parallelism.bubble_share_of_step(3 / 8) == pytest.approx(3 / 11)
    assert parallelism.pipeline_slots(8, 3 / 8) == pytest.approx(11)


def test_data_parallel_ranks_per_domain_in_megatron_order():
    """Tensor parallel innermost, then data parallel (Narayanan et al. 2021 §3.2): 8-card servers
    with TP 8 hold one rank of each data-parallel group, with TP 2 four of them."""
    assert parallelism.data_parallel_per_domain(64, 8, 8) == 1
    assert parallelism.data_parallel_per_domain(16, 2, 8) == 4
    assert parallelism.data_parallel_per_domain(2, 1, 8) == 2
    assert parallelism.data_parallel_per_domain(4, 16, 8) == 1
    assert parallelism.pipeline_crosses_network(8, 1, 2, 8) and not parallelism.pipeline_crosses_network(2, 2, 2, 8)
    assert parallelism.layers_per_stage(80, 3) == 27


def test_bubble_is_array_friendly_and_the_function_the_estimate_and_planner_run():
    got = parallelism.pipeline_bubble_fraction(np.array([1, 2, 8]), np.array([4, 4, 64]), np.array([1, 1, 3]))
    assert got == pytest.approx([0.0, 0.25, 7 / 192])
    assert training_speed.pipeline_bubble is parallelism.pipeline_bubble_fraction
    # the estimate and the planner both run the schedule's bubble: 1F1B's, or DualPipe's where stated
    from configurator.core.formulas import dualpipe
    assert training_speed.schedule_bubble_fraction is planner_speed.schedule_bubble_fraction \
        is dualpipe.schedule_bubble_fraction
    assert dualpipe.pipeline_bubble_fraction is parallelism.pipeline_bubble_fraction


# ---- activation memory (Korthikanti et al. 2022, Table 2) ----------------------------------


GPT3_175B = {"s": 2048, "b": 1, "h": 12288, "a": 96, "t": 8}
"""Korthikanti et al. 2022 Table 3: GPT-3 175B, 96 heads, hidden 12288, sequence 2048, TP 8."""


def test_korthikanti_table2_variants():
    s, b, h, a, t = GPT3_175B.values()
    sbh, attn = s * b * h, 5 * a * s / h  # 5as/h = 80 for GPT-3
    assert attn == 80
    f = activations.korthikanti_layer_activation_bytes
    assert f(s, b, h, a) == pytest.approx(sbh * (34 + 80))
    assert f(s, b, h, a, t) == pytest.approx(sbh * (10 + 24 / t + 80 / t))
    assert f(s, b, h, a, t, sequence_parallel=True) == pytest.approx(sbh / t * (34 + 80))
    assert f(s, b, h, a, t, recompute="selective") == pytest.approx(sbh * (10 + 24 / t))
    assert f(s, b, h, a, t, sequence_parallel=True, recompute="selective") == pytest.approx(sbh * 34 / t)
    assert f(s, b, h, a, t, recompute="full") == pytest.approx(2 * sbh)
    # selective recomputation drops the attention term: 80 of 114 parts, 70 % for GPT-3
    saved = 1 - f(s, b, h, a, t, True, "selective") / f(s, b, h, a, t, True)
    assert saved == pytest.approx(80 / 114) and round(saved, 2) == 0.70


@pytest.mark.parametrize(("layers", "h", "a"), [(105, 20480, 128), (128, 25600, 160)])
def test_korthikanti_five_times_less_activation_memory(layers, h, a):
    """Abstract: sequence parallelism with selective recomputation "reduces activation memory by
    5x" against tensor parallelism alone (530B and 1T of Table 3, TP 8, s = 2048)."""
    f = activations.korthikanti_layer_activation_bytes
    ratio = f(2048, 1, h, a, 8) / f(2048, 1, h, a, 8, sequence_parallel=True, recompute="selective")
    assert ratio == pytest.approx(5, rel=0.02)


def test_estimators_layer_formula_is_the_one_memory_runs():
    """The tensor count the estimator runs (SwiGLU, GQA, fp32 norms) through memory's adapter."""
    model = preset("llama3-8b")
    layout = layer_activations.ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True,
                                     recompute=Recompute.NONE)
    direct = activations.layer_saved_bytes_per_token(
        model.hidden, model.q_dim, model.kv_dim, model.attn_out_dim, model.mlp_token_width, model.n_heads, 4096,
        2.0, 2.0, model.gated_mlp, stores_scores=False)
    assert layer_activations.layer_activation_bytes(model, layout, 4096) == direct
    # norms 2·(4+2)·h, qkv input 2h, q/k/v/out, lse 4·heads, out-proj input, MLP input 2h, 4 ffn-wide
    h, q, kvd, o, f = model.hidden, model.q_dim, model.kv_dim, model.attn_out_dim, model.mlp_token_width
    assert direct == 12 * h + 2 * h + 2 * (q + 2 * kvd + o) + 4 * model.n_heads + 2 * o + 2 * h + 8 * f
    # without flash attention the heads × s score matrix is kept: 2 B per entry per token
    scores = activations.layer_saved_bytes_per_token(h, q, kvd, o, f, model.n_heads, 4096, 2.0, 2.0, True, True)
    assert scores - direct == 2 * model.n_heads * 4096


def test_saved_tensors_with_fp32_residual_gelu_and_frozen_mlp():
    """torch-amp keeps an fp32 residual (4 B), so autocast makes one 16-bit copy per linear: three
    for q, k, v, two for a gated MLP's gate and up; a GELU MLP keeps its input and two ffn-wide
    tensors; frozen MLP weights need neither their input nor the second ffn-wide copy."""
    h, q, kvd, o, f, heads = 64, 64, 16, 64, 256, 4
    attention = 2 * (q + 2 * kvd + o) + 4 * heads + 2 * o
    gated = activations.layer_saved_bytes_per_token(h, q, kvd, o, f, heads, 128, 2.0, 4.0, True, False)
    assert gated == 2 * (4 + 4) * h + 3 * 2 * h + attention + 2 * 2 * h + 4 * 2 * f
    gelu = activations.layer_saved_bytes_per_token(h, q, kvd, o, f, heads, 128, 2.0, 2.0, False, False)
    assert gelu == 2 * (4 + 2) * h + 2 * h + attention + 2 * h + 2 * 2 * f
    frozen = activations.layer_saved_bytes_per_token(h, q, kvd, o, f, heads, 128, 2.0, 2.0, True, False, True)
    assert frozen == 2 * (4 + 2) * h + 2 * h + attention + 3 * 2 * f


def test_fused_kernels_keep_korthikantis_34h_less_the_dropout_masks():
    """Megatron-Core with Transformer Engine on GPT shapes (q = kv = out = h, ffn = 4h, GELU, flash
    attention): norm inputs and outputs 8h, q/k/v/out 8h, fc1 output and GELU output 16h = 32h
    16-bit bytes, Korthikanti et al.'s 34h (selective, sequence parallel, t = 1) less their two
    1-byte dropout masks; the fp32 reciprocal RMS and log-sum-exp are the rest."""
    s, h, a = 2048, 12288, 96
    fused = activations.fused_layer_saved_bytes_per_token(h, h, h, h, 4 * h, a, s, 2.0, 2.0, False, False)
    published = activations.korthikanti_layer_activation_bytes(s, 1, h, a, 1, True, "selective") / s
    assert fused - 2 * 4.0 - 4.0 * a == published - 2 * h


def test_fused_kernels_for_llama_405b_shapes():
    """Llama 3.1 405B (h 16384, ffn 53248, 128 heads, 8 KV heads of 128): fused, 2 norms × (x + out)
    = 8h, q + k + v + out = 2·(16384 + 2·1024 + 16384) = 4.25h, fc1 output (gate and up) 13h, SwiGLU
    output 6.5h: 31.78h per token; eager PyTorch keeps 48.28h (fp32 norm inputs and weighted
    outputs, four SwiGLU tensors, the attention output copied for the output projection)."""
    m = preset("llama3.1-405b")
    args = (m.hidden, m.q_dim, m.kv_dim, m.attn_out_dim, m.mlp_token_width, m.n_heads, 8192, 2.0, 2.0, True, False)
    h = m.hidden
    fused = activations.fused_layer_saved_bytes_per_token(*args)
    assert fused == 8 * h + 2 * (h + 2 * 1024 + h) + 4 * 53248 + 2 * 53248 + 2 * 4.0 + 4.0 * 128
    assert fused / h == pytest.approx(31.78, abs=0.01)
    assert activations.layer_saved_bytes_per_token(*args) / h == pytest.approx(48.28, abs=0.01)
    frozen = activations.fused_layer_saved_bytes_per_token(*args, frozen_mlp=True)
    assert fused - frozen == 2 * h + 2 * 53248


def test_deepseek_v3_fp8_cache_counts_its_report():
    """DeepSeek-V3 (h 7168, MLA latents 1536 + 512 + 64, 128 heads of v 128, 8 routed + 1 shared
    experts of ffn 2048 in 58 of 61 layers) under its FP8 policy: the two norm inputs in 16-bit, the
    latents in 16-bit, the attention output in E5M6, the experts' inputs and the SwiGLU inputs in FP8:
    about 21.8·h per token and layer."""
    m = preset("deepseek-v3")
    layout = layer_activations.ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True,
                                     recompute=Recompute.SELECTIVE,
                                     selective=SelectivePolicy.FP8_CACHE, cache_bytes=1.0)
    h = m.hidden
    copies = (3 + 58 * 9) / 61
    expected = 2 * 2 * h + 2 * (1536 + 512 + 64) + 1.5 * 128 * 128 + 4 * 128 + copies * h + 2 * m.mlp_token_width
    assert layer_activations.kept_layer_bytes(m, layout, 4096) == pytest.approx(expected)
    assert expected / h == pytest.approx(21.8, abs=0.1)
    # the same policy at 16 bits (no FP8 math) caches at the math precision
    bf16 = replace(layout, cache_bytes=2.0)
    assert layer_activations.kept_layer_bytes(m, bf16, 4096) > layer_activations.kept_layer_bytes(m, layout, 4096)


def test_fp8_cache_recomputes_the_up_projections_only():
    m = preset("deepseek-v3")
    share = layer_activations.recomputed_matmul_share(m)
    up = 1536 * 128 * 192 + 512 * 128 * 256
    assert share == pytest.approx(61 * up / m.matmul_params())
    assert flops.recompute_factors("selective", "fp8-cache", share) == (1 + share / 3, 1.0)
    assert layer_activations.recomputed_matmul_share(preset("llama3-8b")) == 0.0


@pytest.mark.parametrize(("recipe", "kernels"), [("megatron-mixed", "fused"), ("torch-amp", "eager"),
                                                 ("pure", "eager")])
def test_layer_kernels_follow_the_recipe_unless_set(recipe, kernels):
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain",
                 training={"recipe": recipe})
    assert memory.activation_kernels(s).value == kernels
    other = "eager" if kernels == "fused" else "fused"
    pinned = Scenario.model_validate({**s.model_dump(), "training": {**s.training.model_dump(),
                                                                      "activation_kernels": other}})
    assert memory.activation_kernels(pinned).value == other


def test_full_recompute_keeps_layer_inputs_and_one_working_set():
    """Korthikanti et al. 2022 §4: full recomputation stores each layer's input (2·s·b·h in
    16-bit) and recomputes one layer at a time; that layer's working set and the loss's buffers
    are not alive together (the loss is done before the first layer's backward)."""
    model = preset("llama3-8b")
    layout = layer_activations.ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True,
                                     recompute=Recompute.FULL)
    assert layer_activations.kept_layer_bytes(model, layout, 4096) == 2 * model.hidden
    working = layer_activations.working_layer_bytes(model, layout, 4096)
    full = layer_activations.layer_activation_bytes(model, replace(layout, recompute=Recompute.NONE), 4096)
    # beside the layer's saved set, the SwiGLU product's backward: its incoming gradient and the two factor
    # gradients, less the down projection's input its weight-gradient node has released (2·w elements)
    assert working == full + 2 * 2.0 * model.ffn
    stored = 32 * 2.0 * 4096
    peak = activations.activation_peak_bytes_per_token
    assert peak(stored, 1, 1000.0, 0.0) == stored + 1000.0
    assert peak(stored, 1, 1000.0, 5000.0) == stored + 5000.0  # max(working, loss), not their sum
    assert peak(stored, 3, 0.0, 5000.0) == 3 * stored + 5000.0  # pipeline micro-batches in flight
    # without recomputation nothing is rebuilt: every layer keeps its full set
    none = replace(layout, recompute=Recompute.NONE)
    assert layer_activations.working_layer_bytes(model, none, 4096) == 0.0
    assert layer_activations.kept_layer_bytes(model, none, 4096) == full


def test_recomputed_layer_rebuilds_its_score_matrix_without_flash_attention():
    """An eager-attention layer recomputed in backward materialises its heads × s scores again
    (2 B each per token): the working set grows with the sequence, what is kept does not."""
    model = preset("llama3-8b")
    eager = layer_activations.ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=False,
                                    recompute=Recompute.FULL)
    flash = replace(eager, flash_attention=True)
    assert layer_activations.working_layer_bytes(model, eager, 4096) \
        - layer_activations.working_layer_bytes(model, flash, 4096) == 2 * model.n_heads * 4096
    assert layer_activations.kept_layer_bytes(model, eager, 4096) \
        == layer_activations.kept_layer_bytes(model, flash, 4096)


def test_per_op_selective_keeps_every_other_matmul_output():
    """torchtitan ``_save_list`` (9dec370, 2024-12-26): a Llama 3 8B block keeps its input, the
    flash kernel's output and fp32 log-sum-exp, and the larger half of its seven matmul outputs
    (q, v, gate, down: 4096 + 1024 + 14336 + 4096, against k, output, up: 19456)."""
    model = preset("llama3-8b")
    assert layer_activations.block_matmul_widths(model) == (4096, 1024, 1024, 4096, 14336, 14336, 4096)
    kept = recompute_activations.per_op_kept_bytes_per_token(model.hidden, layer_activations.block_matmul_widths(model),
                                                    model.attn_out_dim, model.n_heads, 2.0, 2.0)
    assert kept == 2 * 4096 + 2 * ((4096 + 1024 + 14336 + 4096) + 4096) + 4 * 32
    layout = layer_activations.ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True,
                                     recompute=Recompute.SELECTIVE, selective=SelectivePolicy.PER_OP)
    assert layout.recomputes_layers
    assert layer_activations.kept_layer_bytes(model, layout, 8192) == kept
    full_set = layer_activations.layer_activation_bytes(model, replace(layout, recompute=Recompute.NONE), 8192)
    assert 2 * model.hidden < kept < full_set / 2  # between full recomputation and none
    # Megatron's selective policy recomputes only the attention core: with flash attention it keeps the full set
    megatron = replace(layout, selective=SelectivePolicy.ATTENTION)
    assert not megatron.recomputes_layers and layer_activations.kept_layer_bytes(model, megatron, 8192) == full_set


def test_loss_parallel_eager_cross_entropy_holds_four_fp32_copies():
    """PyTorch ``torch/distributed/tensor/parallel/loss.py`` ``_nll_loss_and_log_softmax_backward``:
    beside the saved log-softmax, ``zeros_like(x)``, ``grad_input + exp(x)`` and its product with
    the output gradient — 16 B per (sharded) vocabulary entry, against 12 B on one device."""
    model = preset("llama3-8b")
    layout = layer_activations.ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True,
                                     recompute=Recompute.FULL, loss=LossKernel.EAGER)
    assert layer_activations.logits_bytes_per_token(model, layout) == 12 * model.vocab
    assert layer_activations.logits_bytes_per_token(model, replace(layout, loss_parallel=True)) == 16 * model.vocab
    fused = replace(layout, loss=LossKernel.FUSED, loss_parallel=True)
    # Megatron's kernel is vocab-parallel already
    assert layer_activations.logits_bytes_per_token(model, fused) == 6 * model.vocab


def test_loss_working_set_of_a_large_vocabulary():
    """``shared/design/estimator.md``: at V = 128,256 the fp32 loss tensors exceed 1 MB per token —
    eager cross-entropy keeps three (12 B per entry), a fused kernel the 16-bit logits and one."""
    eager = activations.loss_bytes_per_token(128_256, 3, 0.0)
    assert eager == 12 * 128_256 and eager > 1e6
    assert activations.loss_bytes_per_token(128_256, 1, 2.0) == 6 * 128_256


# ---- ZeRO model states (Rajbhandari et al. 2020, Figure 1) ----------------------------------


def test_zero_figure_1(published):
    """Ψ = 7.5 B parameters, N_d = 64, mixed-precision Adam (K = 12): 120 GB baseline, 31.4 GB
    P_os, 16.6 GB P_os+g, 1.9 GB P_os+g+p per GPU (values as the figure prints them)."""
    psi = 7.5e9
    per_stage = [sum(states.zero_sharded(2 * psi, 2 * psi, 12 * psi, stage, 64)) / 1e9 for stage in range(4)]
    assert per_stage[0] == pytest.approx(published["tm-zero-baseline"]["value"])
    assert per_stage[1] == pytest.approx(31.4, abs=0.05)
    assert per_stage[2] == pytest.approx(16.6, abs=0.05)
    assert per_stage[3] == pytest.approx(published["tm-zero-stage3"]["value"], abs=0.05)


def test_zero_sharding_is_array_friendly_and_shared():
    w, g, o = states.zero_sharded(2.0, 2.0, 12.0, np.array([0, 1, 2, 3]), 4)
    assert (w + g + o).tolist() == [16.0, 7.0, 5.5, 4.0]
    assert memory.zero_sharded is states.zero_sharded and stage_tables.zero_sharded is states.zero_sharded
    # expert parallelism keeps 1/ep of the routed experts on unsharded states only
    share = parallelism.expert_parallel_factor(0.5, 4)
    assert share == pytest.approx(0.625)
    assert states.zero_sharded(8.0, 8.0, 8.0, 1, 2, share) == pytest.approx((5.0, 5.0, 4.0))


def test_training_peak_counts_the_larger_of_gradients_and_activations():
    assert states.training_peak_bytes(10.0, 4.0, 20.0, 6.0) == 36.0
    assert states.reserved_bytes(100.0, 0.06, 0.5 * GIB) == pytest.approx(106.0 + 0.5 * GIB)
    assert states.optimizer_step_bytes_per_param(4.0, 4.0, 8.0) == 28.0


@pytest.mark.parametrize(("mode", "recipe", "optimizer", "math_bytes"), [
    ("amp_bf16", "torch-amp", "adamw", 2.0), ("bf16", "pure", "adamw", 2.0), ("bf16", "pure", "sgd", 2.0),
    ("fp32", "torch-amp", "adamw", 4.0)])
def test_state_bytes_match_the_h200_steady_memory(h200, mode, recipe, optimizer, math_bytes):
    """Between steps (gradients freed) a card holds weights + optimizer states: measured
    ``mem_steady / params`` of the Llama-3.2-1B rows is 12.06 (AMP and fp32 AdamW), 6.06 (bf16
    AdamW) and 4.06 (bf16 SGD) B/param; the formula says 12, 6 and 4 (the rest, about 70 MB,
    is buffers outside the states)."""
    row = next(r for r in h200 if r["case"] == "train" and r["mode"] == mode and r["opt"] == optimizer)
    weights, _, moments, _, _ = states.state_bytes_per_param(recipe, optimizer, math_bytes)
    assert weights + moments == pytest.approx(row["mem_steady"] / row["params"], abs=0.06)


def test_mixed_precision_adam_is_the_zero_papers_16_bytes_with_fp32_gradients():
    """ZeRO §3.1: 2Ψ fp16 weights + 2Ψ fp16 gradients + KΨ (K = 12) = 16Ψ; Megatron-LM keeps
    its main gradients in fp32, 2 B more (the 18 of Hugging Face's "Model training anatomy")."""
    weights, grads, optimizer, copy, _ = states.state_bytes_per_param("megatron-mixed", "adamw", 2.0)
    assert (weights, optimizer, copy) == (2.0, 12.0, 0.0) and weights + grads + optimizer == 18.0
    assert states.state_bytes_per_param("pure", "adamw-8bit", 2.0)[2] == 2.0


def test_state_bytes_per_recipe():
    """torch-amp: fp32 weights, gradients and moments plus a 16-bit autocast copy; fp32 math has
    no copy to make and keeps everything in fp32 (the pure branch); megatron-mixed keeps 16-bit
    weights and an fp32 master with the moments."""
    assert states.state_bytes_per_param("torch-amp", "adamw", 2.0) == (4.0, 4.0, 8.0, 2.0, 4.0)
    assert states.state_bytes_per_param("torch-amp", "adamw", 4.0) == (4.0, 4.0, 8.0, 0.0, 4.0)
    assert states.state_bytes_per_param("pure", "sgd", 2.0) == (2.0, 2.0, 2.0, 0.0, 2.0)
    assert states.state_bytes_per_param("megatron-mixed", "sgd", 2.0) == (2.0, 4.0, 8.0, 0.0, 2.0)


def test_lora_adapter_params():
    """Hu et al. 2021 §4.1: r·(d + k) per adapted d × k matrix; rank 8 on a 4096² projection."""
    assert states.lora_matrix_params(8, 4096, 4096) == 65_536


# ---- KV cache (vLLM paper §3) ----------------------------------------------------------------


def test_vllm_opt13b_kv_per_token(published):
    """Kwon et al. 2023 §3: OPT-13B, 2 × 5120 × 40 × 2 B = 800 KB per token."""
    row = published["im-vllm-opt13b-kv"]
    per_token = kv.kv_cache_bytes_per_token(40, 40, 128, 2)
    assert per_token == 819_200 == row["value"] * 1024


def test_kv_through_the_models_the_estimator_runs():
    """Llama 2 13B has OPT-13B's KV shape (40 layers × 40 heads × 128); Llama 2 70B with 8 KV
    heads caches 320 KB per token (``shared/design/estimator.md``); the models read the formula
    layer's :func:`kv.kv_cache_bytes_per_token` (architecture.kv_elements_per_token)."""
    for name, expected in (("llama2-13b", 819_200), ("llama2-70b", 327_680)):
        assert kv_memory.kv_cache_bytes_per_token(preset(name), 2.0) == expected


def test_mla_cache_is_four_and_a_half_head_dims_per_layer():
    """DeepSeek-V2 Table 1: MLA caches (d_c + d_h^R)·l = 4.5·d_h·l elements (d_h = 128);
    DeepSeek-V3 keeps the shape over 61 layers."""
    model = preset("deepseek-v3")
    per_token = kv.mla_cache_bytes_per_token(model.n_layers, model.kv_lora_rank, model.qk_rope_head_dim, 1)
    assert per_token == 4.5 * 128 * 61
    assert model.kv_elements_per_token() == 4.5 * 128 * 61  # the preset's shape, through the same formula


# ---- training FLOPs and MFU (PaLM App. B) against Korthikanti et al. 2022 Table 5 ------------


@pytest.mark.parametrize(("row_id", "layers", "hidden", "gpus", "batch"), [
    ("tp-korth-22b", 48, 6144, 8, 4),
    ("tp-korth-175b", 96, 12288, 64, 64),
    ("tp-korth-530b", 105, 20480, 280, 280),
    ("tp-korth-1t", 128, 25600, 512, 512),
])
def test_flops_and_mfu_reproduce_korthikanti_table5(published, catalog, row_id, layers, hidden, gpus, batch):
    """Seconds per iteration and the MFU the paper states for it (A100, 312 TFLOP/s; s = 2048,
    V = 51200): 6·N + 12·L·h·s per token with N = 12·L·h² + V·h recovers the published MFU."""
    row = published[row_id]
    stated_mfu = float(re.search(r"MFU ([\d.]+)%", row["notes"]).group(1)) / 100
    seq, vocab = 2048, 51200
    matmul_params = 12 * layers * hidden**2 + vocab * hidden
    per_token = flops.training_flops_per_token(matmul_params, layers, hidden, seq)
    tokens_per_s = batch * seq / row["value"]
    peak = catalog.get("a100-sxm-80gb").peak_tflops("bf16") * 1e12
    assert flops.model_flops_utilisation(per_token, tokens_per_s, gpus, peak) == pytest.approx(stated_mfu, abs=0.002)


def test_estimators_flops_adapter_on_gpt3():
    model = preset("gpt3-175b")
    assert training_speed.model_flops_per_token(model, 2048) == flops.executed_training_flops_per_token(
        model.matmul_params(), model.n_layers, 4 * model.q_dim, 2048)
    assert flops.causal_attention_flops_per_token(96, 4 * 12288, 2048) * 2 == 12 * 96 * 12288 * 2048


def test_recompute_and_frozen_weights():
    """Full recomputation repeats the forward (6N → 8N); frozen weights skip the weight gradient."""
    assert flops.recompute_factors("full") == (8 / 6, 4 / 3)
    assert flops.recompute_factors("selective") == (1.0, 4 / 3)
    assert flops.recompute_factors("none") == (1.0, 1.0)
    # torchtitan per-op: half the forward matmuls again (6N → 7N), the attention output kept
    assert flops.recompute_factors("selective", "per-op") == (7 / 6, 1.0)
    assert flops.recompute_factors("full", "per-op") == (8 / 6, 4 / 3)
    assert flops.flops_per_param(frozen=True) == 4.0 and flops.flops_per_param(frozen=False) == 6.0
    # a frozen base's recomputed forward costs its 2N on top of 4N: 4N → 6N, not ×4/3 (attention keeps 4/3)
    assert flops.recompute_factors("full", pass_factor=4.0) == (1.5, 4 / 3)
    assert flops.recompute_factors("selective", "per-op", pass_factor=4.0) == (1.25, 1.0)
    assert flops.recompute_factors("selective", "fp8-cache", 0.3, 4.0) == (1 + 2 * 0.3 / 4, 1.0)
    assert flops.model_flops_utilisation(6.0, 1.0, 1, 6.0, pass_factor=4.0) == pytest.approx(4 / 6)


# ---- step time -------------------------------------------------------------------------------


def test_roofline_and_step_units():
    assert timing.roofline_seconds(989.5e12, 989.5e12, 0.5) == pytest.approx(2.0)  # FLOP at FLOP/s
    assert timing.activation_traffic_seconds(4, 1e3, 1e6, 2, 1e12, 1.0) == pytest.approx(2e-3)  # B at B/s
    assert timing.training_step_seconds(1.0, 11.0, 0.5, 0.25, 0.125, 0.0) == 11.875
    assert timing.training_tokens_per_second(2, 4096, 8, 4, 2.0) == 2 * 4096 * 8 * 4 / 2.0
    assert communication.exposed_seconds(1.0, 1.0, 0.7) == pytest.approx(0.3)
    assert communication.exposed_seconds(1.0, 2.0, 0.7) == 0.0


# ---- vGPU (NVIDIA vGPU user guide tables) ----------------------------------------------------

A40_Q = {1: 32, 2: 24, 3: 16, 4: 12, 6: 8, 8: 6, 12: 4, 16: 3, 24: 2, 48: 1}
"""NVIDIA Virtual GPU Software User Guide, A40 Q-series: profile [GB] → vGPUs per GPU."""

A16_B = {1: 16, 2: 8, 4: 4, 8: 2, 16: 1}
"""The same guide, A16 (16 GB per GPU): A16-1B … A16-16Q per GPU."""


@pytest.mark.parametrize(("profile", "count"), A40_Q.items())
def test_vgpu_formula_matches_the_a40_table(profile, count):
    assert graphics.vgpu_instances(48, profile, efficiency.MAX_VGPUS_PER_GPU) == count


@pytest.mark.parametrize(("profile", "count"), A16_B.items())
def test_vgpu_a16_through_the_estimate_the_app_runs(catalog, profile, count):
    """Per GPU of an A16 board, through vdi_capacities (the code path of the window and CLI)."""
    base = Scenario(model=preset("llama3-8b"), workload="vdi", card_id="a16-gpu", count=1)
    scenario = updated(base, graphics={"users": 1, "profile_gib": profile, "shading_tflops_per_user": 0.1})
    assert estimate(scenario, catalog.get("a16-gpu")).graphics.per_card == count
    assert graphics.vgpu_instances(catalog.get("a16-gpu").memory_gb, profile, 32) == count


def test_encoder_streams_vmix_density():
    """vMix knowledge base 171: one NVENC carries one 2160p60 stream or 8 × 1080p30 at P4."""
    rate = efficiency.ENCODER_FPS_1080P
    assert graphics.encoder_streams(1, rate, 1.0, graphics.pixel_ratio(3840, 2160), 60) == 1
    assert graphics.encoder_streams(1, rate, 1.0, graphics.pixel_ratio(1920, 1080), 30) == 8
    assert graphics_adapters.pixel_ratio("2160p") == graphics.pixel_ratio(3840, 2160) == 0.25


def test_frame_buffers():
    """NV12 (8-bit 4:2:0): 1 B luma + 0.5 B chroma per pixel, so a 1080p frame is 3,110,400 B; an
    RGBA float32 layer is 16 B per pixel."""
    assert graphics.decoded_surface_bytes(1, 1, 1920, 1080, graphics.NV12_BYTES_PER_PIXEL) == 3_110_400
    assert graphics.decoded_surface_bytes(2, 16, 1920, 1080, 1.5) == 32 * 3_110_400
    assert graphics.RENDER_BYTES_PER_PIXEL == 4 * 4


def test_render_time_scales_with_fp32_and_whole_frames():
    assert graphics.scaled_minutes_per_frame(10.0, 90.0, 45.0) == 20.0
    assert graphics.render_hours(2000, 3, 6.0) == math.ceil(2000 / 3) * 0.1


def test_fewest_cards_for_a_deadline_render_whole_frames_in_time():
    """10,000 frames of 6.558 min in 30 h: 274 frames a card, so 37 cards (29.9 h), and
    36 cards miss; a frame longer than the deadline: no count."""
    cards = graphics.cards_for_deadline(10_000, 6.558, 30.0)
    assert cards == 37
    assert graphics.render_hours(10_000, cards, 6.558) <= 30.0 < graphics.render_hours(10_000, cards - 1, 6.558)
    assert graphics.cards_for_deadline(100, 6.0, 1.0) == 10  # exactly 10 frames an hour: 10 cards, whole
    assert graphics.cards_for_deadline(100, 90.0, 1.0) is None


# ---- money and reliability -------------------------------------------------------------------


def test_economics_units():
    assert economics.HOURS_PER_YEAR == 365.25 * 24 and economics.HOURS_PER_MONTH == 730.5
    assert economics.energy_kwh(1000.0, 1.0) == 1.0  # W × h → kWh
    assert economics.facility_watts(5600.0, 1200.0, 1, 0.8, 1.25) == pytest.approx(6800.0)
    per_hour = economics.amortised_cost_per_hour(30_000.0, 8, 4)
    assert per_hour * 4 * economics.HOURS_PER_YEAR == pytest.approx(240_000.0)
    assert economics.cost_per_million(5.0, 1e6) == 5.0


def test_young_interval_and_goodput():
    """Young 1974: τ = √(2δM); a 36 s write and a 5 h MTBF give √(2·0.01·5) h."""
    interval = reliability.checkpoint_interval_hours(36.0, 5.0)
    assert interval == pytest.approx(math.sqrt(0.1))
    lost = reliability.lost_hours_per_hour(0.2, interval, 0.5, 36.0)
    assert lost == pytest.approx(0.2 * (interval / 2 + 0.5) + 0.01 / interval)
    assert reliability.goodput_fraction(0.25) == 0.8
    assert reliability.poisson_quantile(0.0, 0.99) == 0
    assert reliability.spare_servers(128, 8, 2e-5, 48, 0.99) == 4
    assert reliability.spare_servers(1, 8, 2e-5, 48, 0.99) == 0  # a single server has nothing to swap
    assert reliability.spare_servers(128, 8, 0.0, 48, 0.99) == 0
