"""What a routed MoE layer keeps for backward under Megatron-Core's fused kernels (Transformer Engine),
BF16 and FP8: beside a dense MLP's tensors at the layer's token width, each token's ``k`` dispatched
copies (the grouped first linear's input), the router's fp32 scores and, per copy, its weight and its
permutation index (``formulas.routed_expert_activations.routed_experts_saved_bytes_per_token``)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.routed_expert_activations import routed_experts_saved_bytes_per_token
from configurator.core.memory import activation_layout, training_states
from configurator.core.layer_activations import ActivationLayout, layer_activation_bytes
from configurator.core.precision import plan_training
from configurator.core.scenario import ActivationKernels, Recompute, Scenario
from configurator.core.units import Precision

GIB = 2**30


def _layout(saved_input_bytes=None, frozen_mlp=False, original_inputs=False, recompute=Recompute.NONE):
    return ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=recompute,
                            kernels=ActivationKernels.FUSED, saved_input_bytes=saved_input_bytes,
                            frozen_mlp=frozen_mlp, original_inputs=original_inputs)


# One Mixtral 8x7B layer, per token: h = 4096, q = 4096, kv = 1024, out = 4096, 32 heads; 8 experts of
# ffn 14336, top-2, no shared expert, every layer MoE.
H, Q, KV, OUT, HEADS, FFN, K, E = 4096, 4096, 1024, 4096, 32, 14336, 2, 8

# The table, tensor by tensor [B per token]:
#   saved by                               tensor                          BF16              TE FP8
#   LayerNormLinear (qkv)                  norm input, rsigma              2h + 4            2h + 4
#                                          ln_out (wgrad input)            2h                1h
#   fused attention                        q, k, v                         2(q + 2kv)        2(q + 2kv)
#                                          out, log-sum-exp                2·out + 4·heads   2·out + 4·heads
#   Linear (proj)                          its input                       (= out above)     1·out
#   TENorm (pre-MLP)                       input, rsigma                   2h + 4            2h + 4
#   RouterGatingLinearFunction             its input (the norm's output)   2h                2h
#   router score function                  fp32 scores                     4E                4E
#   permute (index_select)                 int64 index per copy            8k                8k
#   GroupedLinear fc1                      the k dispatched copies         k·2h              k·1h
#   WeightedSwiGLUFunction                 input (gate, up), fp32 weight   k·(2·2ffn + 4)    k·(2·2ffn + 4)
#   GroupedLinear fc2                      its input                       k·2·ffn           k·1·ffn
#   unpermute (scatter_add_)               the same index                  0                 0
ATTENTION_BF16 = (2 * H + 4) + 2 * H + 2 * (Q + 2 * KV) + 2 * OUT + 4 * HEADS
ATTENTION_FP8 = (2 * H + 4) + H + 2 * (Q + 2 * KV) + 2 * OUT + 4 * HEADS + OUT
ROUTING = (2 * H + 4) + 2 * H + 4 * E + 8 * K
MIXTRAL_BF16 = ATTENTION_BF16 + ROUTING + K * 2 * H + K * (2 * 2 * FFN + 4) + K * 2 * FFN
MIXTRAL_FP8 = ATTENTION_FP8 + ROUTING + K * H + K * (2 * 2 * FFN + 4) + K * FFN


def test_the_hand_table_of_one_mixtral_layer():
    assert MIXTRAL_BF16 == 241_856
    assert MIXTRAL_FP8 == 204_992
    model = preset("mixtral-8x7b")
    assert layer_activation_bytes(model, _layout(), 4096) == MIXTRAL_BF16
    assert layer_activation_bytes(model, _layout(2.0), 4096) == MIXTRAL_BF16
    assert layer_activation_bytes(model, _layout(1.0), 4096) == MIXTRAL_FP8


def test_routing_adds_the_dispatched_copies_the_router_scores_and_per_copy_weight_and_index():
    assert routed_experts_saved_bytes_per_token(H, K, E, 2.0) == K * 2 * H + 4 * E + 12 * K
    assert routed_experts_saved_bytes_per_token(H, K, E, 1.0, shared_copy_bytes=1.0) == K * H + H + 4 * E + 12 * K
    # frozen experts (LoRA on attention): the grouped linear keeps no input; the router and the weights stay
    assert routed_experts_saved_bytes_per_token(H, K, E, 2.0, frozen_experts=True) == 4 * E + 12 * K


def test_deepseek_v3_averages_its_three_dense_layers_and_58_moe_layers():
    # DeepSeek-V3: h = 7168, MLA widths q = 24576, kv = 16384, out = 16384, 128 heads; dense ffn 18432;
    # 256 routed experts of 2048, top-8, one shared expert (its first linear reads the norm's output the
    # router keeps: nothing more in BF16, an FP8 copy of its own under FP8).
    m = preset("deepseek-v3")
    h, q, kv, out, heads, ffn, fe, k, e = 7168, 24576, 16384, 16384, 128, 18432, 2048, 8, 256
    assert (m.hidden, m.q_dim, m.kv_dim, m.attn_out_dim, m.n_heads, m.ffn, m.routed_ffn) == (h, q, kv, out, heads,
                                                                                              ffn, fe)
    attention = (2 * h + 4) + 2 * h + 2 * (q + 2 * kv) + 2 * out + 4 * heads
    dense = attention + (2 * h + 4) + 2 * h + 2 * 2 * ffn + 2 * ffn
    width = (k + 1) * fe
    moe = attention + (2 * h + 4) + 2 * h + 4 * e + 8 * k + k * 2 * h + 2 * 2 * width + 4 * k + 2 * width
    assert layer_activation_bytes(m, _layout(), 4096) == pytest.approx((3 * dense + 58 * moe) / 61, rel=1e-12)
    # the dispatched copies are 114,688 B per token of a 431,720 B MoE layer (27 %)
    assert moe == 431_720 and k * 2 * h == 114_688


def test_deepseek_v3_megatron_selective_does_not_fit_its_published_layout():
    """FP8, PP16 EP64 ZeRO-1 on 2,048 H800, Megatron's selective recomputation: the fullest stage
    holds 96 GiB of 79 (79.3 without the dispatched copies: 0.1 GiB short; 94.1 with them while the
    output projection was counted with an FP8 copy of its own, which under block scaling Megatron-Core
    replaces by the attention kernel's 16-bit output); the report's own FP8 cache and full
    recomputation fit."""
    card = load_bundled_catalog().get("h800-sxm")

    def dsv3(policy="attention", recompute="selective"):
        return Scenario(model=preset("deepseek-v3"), card_id="h800-sxm", count=2048, workload="pretrain",
                        precision="fp8", parallelism={"tp": 1, "pp": 16, "ep": 64, "zero": 1},
                        training={"seq_len": 4096, "micro_batch": 1, "grad_accum": 120, "recompute": recompute,
                                  "recipe": "megatron-mixed", "expert_overlap": True, "fp8_scaling": "block",
                                  "selective_policy": policy})
    selective = estimate(dsv3(), card).memory
    assert not selective.fits and selective.total / GIB == pytest.approx(96.4, abs=0.1)
    assert estimate(dsv3("fp8-cache"), card).memory.fits
    assert estimate(dsv3(recompute="full"), card).memory.fits


def test_under_fp8_recipes_but_delayed_the_projection_and_shared_experts_keep_the_16_bit_original():
    """Megatron-Core's set_save_original_input (attention.py, shared_experts.py): under current, block or
    MXFP8 scaling the output projection keeps the attention kernel's 16-bit output and the shared experts'
    first linear the norm's output the router keeps; under delayed scaling each keeps an FP8 copy."""
    mixtral, dsv3 = preset("mixtral-8x7b"), preset("deepseek-v3")
    assert layer_activation_bytes(mixtral, _layout(1.0, original_inputs=True), 4096) == MIXTRAL_FP8 - OUT
    # selective recomputation of the attention core: the kernel's output stays, kept by the projection
    selective = Recompute.SELECTIVE
    assert layer_activation_bytes(mixtral, _layout(1.0, original_inputs=True, recompute=selective), 4096) \
        == MIXTRAL_FP8 - OUT
    assert layer_activation_bytes(mixtral, _layout(1.0, recompute=selective), 4096) == MIXTRAL_FP8 - 2 * OUT
    delayed = layer_activation_bytes(dsv3, _layout(1.0), 4096)
    current = layer_activation_bytes(dsv3, _layout(1.0, original_inputs=True), 4096)
    h, out = dsv3.hidden, dsv3.attn_out_dim
    assert delayed - current == pytest.approx(out + 58 / 61 * h, rel=1e-12)  # the projection's and shared copies
    # BF16 keeps no copies whatever the flag
    assert layer_activation_bytes(dsv3, _layout(original_inputs=True), 4096) == layer_activation_bytes(dsv3, _layout(),
                                                                                                       4096)


@pytest.mark.parametrize(("scaling", "original"), [("delayed", False), ("dynamic", True), ("block", True)])
def test_the_recipe_is_read_from_fp8_scaling(scaling, original):
    s = Scenario(model=preset("mixtral-8x7b"), card_id="h100-sxm", count=8, workload="pretrain", precision="fp8",
                 training={"recipe": "megatron-mixed", "fp8_scaling": scaling})
    plan = plan_training(load_bundled_catalog().get("h100-sxm"), Precision.FP8)
    layout = activation_layout(s, plan, training_states(s, plan))
    assert layout.saved_input_bytes == 1.0 and layout.original_inputs is original


def test_eager_mixtral_keeps_each_copys_gathered_input_and_output():
    """Hugging Face's MixtralSparseMoeBlock: per routed copy the gathered input w1 and w3 keep (twice under
    autocast of an fp32 residual, each linear casting its own) and the expert's output the routing-weight
    product keeps; the router's fp32 softmax over the experts; per copy the weight and the index."""
    from configurator.core.formulas.activations import layer_saved_bytes_per_token
    model = preset("mixtral-8x7b")
    for residual, casts in ((2.0, 1), (4.0, 2)):
        layout = ActivationLayout(math_bytes=2.0, residual_bytes=residual, flash_attention=True,
                                  recompute=Recompute.NONE, kernels=ActivationKernels.EAGER)
        dense_width = layer_saved_bytes_per_token(H, Q, KV, OUT, K * FFN, HEADS, 4096, 2.0, residual, True, False)
        routed = K * (casts * 2 * H + 2 * H) + 4 * E + 12 * K
        assert layer_activation_bytes(model, layout, 4096) == dense_width + routed
    assert routed == 49_208
