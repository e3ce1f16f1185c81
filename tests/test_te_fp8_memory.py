"""What Transformer Engine's linears keep for backward under FP8 training: the FP8 copy of their input
that the forward product read, not the 16-bit input (``formulas.activations.TE_FP8_SAVED_INPUT_BYTES``),
in Megatron-Core's fused layers only; torchao's ``Float8Linear`` (eager modules) keeps the 16-bit input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from heldout_training import _training_scenario  # noqa: E402
from heldout_card import card_as_run  # noqa: E402

from configurator.core.architecture import preset  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.formulas.activations import (  # noqa: E402
    TE_FP8_SAVED_INPUT_BYTES,
    fused_layer_saved_bytes_per_token,
)
from configurator.core.memory import activation_layout, training_states  # noqa: E402
from configurator.core.layer_activations import ActivationLayout, layer_activation_bytes
from configurator.core.precision import plan_training  # noqa: E402
from configurator.core.scenario import ActivationKernels, Recompute, updated  # noqa: E402
from configurator.core.units import Precision  # noqa: E402

HELD_OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "held-out.json"

# One Llama 3 8B layer, per token: h = 4096, q = 4096, kv = 1024 (8 heads of 128), out = 4096, ffn = 14336,
# 32 heads; 16-bit residual and math.
H, Q, KV, OUT, FFN, HEADS = 4096, 4096, 1024, 4096, 14336, 32
LLAMA3_8B = (H, Q, KV, OUT, FFN, HEADS, 8192, 2.0, 2.0, True, False)

# The table, tensor by tensor [B per token]:
#   saved by                              tensor                      BF16              TE FP8
#   LayerNormLinear (qkv)                 norm input, rsigma          2h + 4            2h + 4
#                                         ln_out (wgrad input)        2h                1h
#   fused attention (FusedAttnFunc)       q, k, v                     2(q + 2kv)        2(q + 2kv)
#                                         out, log-sum-exp            2·out + 4·heads   2·out + 4·heads
#   Linear (proj)                         its input                   (= out above)     1·out (own copy)
#   LayerNormLinear (fc1)                 norm input, rsigma          2h + 4            2h + 4
#                                         ln_out                      2h                1h
#   SwiGLUFunction                        its input (gate, up)        2·2ffn            2·2ffn
#   Linear (fc2)                          its input                   2·ffn             1·ffn
BF16_TABLE = (2 * H + 4) + 2 * H + 2 * (Q + 2 * KV) + 2 * OUT + 4 * HEADS + (2 * H + 4) + 2 * H + 4 * FFN + 2 * FFN
FP8_TABLE = (2 * H + 4) + H + 2 * (Q + 2 * KV) + 2 * OUT + 4 * HEADS + OUT + (2 * H + 4) + H + 4 * FFN + FFN


def test_the_hand_table_of_one_llama3_8b_layer():
    assert BF16_TABLE == 139_400
    assert FP8_TABLE == 120_968
    assert fused_layer_saved_bytes_per_token(*LLAMA3_8B) == BF16_TABLE
    assert fused_layer_saved_bytes_per_token(*LLAMA3_8B, input_bytes=2.0) == BF16_TABLE
    assert fused_layer_saved_bytes_per_token(*LLAMA3_8B, input_bytes=TE_FP8_SAVED_INPUT_BYTES) == FP8_TABLE


def test_selective_recomputation_drops_the_kernels_output_only_when_the_projection_keeps_a_copy():
    # Megatron's selective recomputation reruns the attention core: its 16-bit output is then kept only as
    # the projection's input, which under FP8 is the projection's own FP8 copy.
    assert fused_layer_saved_bytes_per_token(*LLAMA3_8B, attention_recomputed=True) == BF16_TABLE
    assert fused_layer_saved_bytes_per_token(*LLAMA3_8B, input_bytes=1.0, attention_recomputed=True) \
        == FP8_TABLE - 2 * OUT


def test_an_moe_layers_norm_output_stays_16_bit_for_the_router():
    routed = fused_layer_saved_bytes_per_token(*LLAMA3_8B, input_bytes=1.0, routed_mlp=True)
    assert routed == FP8_TABLE + H  # the MLP norm's output at 2 B (TENorm before the router), not 1 B


def test_fp8_runs_under_the_fused_kernels_keep_fp8_linear_inputs_and_eager_ones_16_bit():
    row = next(r for r in json.loads(HELD_OUT.read_text()) if r["id"] == "megatron-bridge-2511-405b-fp8-256xgb200")
    s, card = _training_scenario(row["setup"]), card_as_run(row["setup"])
    plan = plan_training(card, Precision.FP8)
    fused = activation_layout(s, plan, training_states(s, plan))
    assert fused.kernels is ActivationKernels.FUSED and fused.saved_input_bytes == 1.0
    eager_s = updated(s, training={"activation_kernels": "eager"})
    assert activation_layout(eager_s, plan, training_states(eager_s, plan)).saved_input_bytes == 2.0
    lora = updated(s, workload="lora")
    assert activation_layout(lora, plan, training_states(lora, plan)).saved_input_bytes == 2.0  # adapters: 16-bit
    bf16_s = updated(s, precision="bf16")
    bf16 = plan_training(card, Precision.BF16)
    assert activation_layout(bf16_s, bf16, training_states(bf16_s, bf16)).saved_input_bytes == 2.0
    model = preset("llama3-8b")
    layout = ActivationLayout(math_bytes=2.0, residual_bytes=2.0, flash_attention=True, recompute=Recompute.NONE,
                              kernels=ActivationKernels.FUSED, saved_input_bytes=1.0)
    assert layer_activation_bytes(model, layout, 8192) == FP8_TABLE


def test_megatron_bridges_405b_fp8_run_fits_the_gb200_it_ran_on():
    # 202.6 GiB of 184.1 with 16-bit linear inputs; 181.3 GiB with the FP8 copies TE keeps; 176.3 GiB since the
    # output projection keeps the kernel's 16-bit output and no FP8 copy of its own under current scaling
    # (memory.keeps_original_inputs). The row's notes in held-out.json state the same figure.
    row = next(r for r in json.loads(HELD_OUT.read_text()) if r["id"] == "megatron-bridge-2511-405b-fp8-256xgb200")
    s, card = _training_scenario(row["setup"]), card_as_run(row["setup"])
    memory = estimate(s, card).memory
    assert memory.fits and memory.headroom < 0.05  # a tight fit: 4.2 % of the budget free
    assert memory.total / 2**30 == pytest.approx(176.3, abs=0.1)
    assert f"{memory.total / 2**30:.1f} GiB of the GB200's {memory.capacity / 2**30:.1f}" in row["notes"]
