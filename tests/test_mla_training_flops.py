"""Training's attention FLOPs read the per-pair count prompts use (formulas/flops.py
``causal_attention_flops_per_token``): MLA decompressed, as Megatron-Core and DeepSeek-V3 train it
(queries and keys of 128 nope + 64 rope, values of 128), forward + backward = 3 × the forward
pair FLOPs, the causal mask halving the pairs; every other attention exactly as before
(``6·L·H·Q·T``). Hand counts from DeepSeek-V3's config.json: 128 heads, qk_nope_head_dim 128,
qk_rope_head_dim 64, v_head_dim 128, 61 layers."""

from __future__ import annotations

import pytest

from configurator.core.architecture import load_presets, preset
from configurator.core.formulas import flops
from configurator.core.prefill_attention import prompt_attention_flops
from configurator.core.training_speed import attention_flops_per_token, model_flops_per_token

HEADS, NOPE, ROPE, V, LAYERS = 128, 128, 64, 128, 61
SEQ = 4096


def test_deepseek_v3_training_attention_by_hand():
    """Forward a pair and layer: 2·128·(128 + 64) for the scores + 2·128·128 for the values =
    81,920 FLOP; a token meets 4,096/2 keys; forward + backward 3×; 61 layers:
    3 × 81,920 × 2,048 × 61 = 30,702,305,280 FLOP a token, 5/6 of the 6·L·q_dim·T =
    6 × 61 × (128 × 192) × 4,096 = 36,842,766,336 counted before (values taken as wide as queries)."""
    model = preset("deepseek-v3")
    assert (model.n_heads, model.qk_nope_head_dim, model.qk_rope_head_dim, model.v_head_dim,
            model.n_layers) == (HEADS, NOPE, ROPE, V, LAYERS)
    by_hand = 3 * (2 * HEADS * (NOPE + ROPE) + 2 * HEADS * V) * (SEQ // 2) * LAYERS
    assert by_hand == 30_702_305_280
    assert attention_flops_per_token(model, SEQ, model.n_layers) == by_hand
    assert model_flops_per_token(model, SEQ) == 6.0 * model.matmul_params() + by_hand
    assert by_hand / (6 * LAYERS * HEADS * (NOPE + ROPE) * SEQ) == pytest.approx(5 / 6)


def test_training_forward_is_the_prompts_count():
    """One formula: a training step's forward attention over a sequence is the prompt's FLOPs for
    the same tokens (a third of forward + backward), both at ``T²/2`` pairs a layer."""
    model = preset("deepseek-v3")
    forward = attention_flops_per_token(model, SEQ, model.n_layers) * SEQ / 3
    assert forward == pytest.approx(prompt_attention_flops(model, SEQ), rel=1e-12)


@pytest.mark.parametrize("seq", [2048, 4096, 8192, 131072])
def test_other_attention_is_bit_identical(seq):
    """Every preset without MLA: exactly the ``6·N + 6·L·H·Q·T`` of before, at every stage size."""
    plain = {name: m for name, m in load_presets().items() if not m.is_mla}
    assert len(plain) > 10
    for name, model in plain.items():
        before = 6.0 * model.matmul_params() + 6.0 * model.n_layers * model.q_dim * seq
        assert model_flops_per_token(model, seq) == before, name
        for layers in (1, 3, model.n_layers):
            assert attention_flops_per_token(model, seq, layers) == 6.0 * layers * model.q_dim * seq, name


def test_pair_count_formula_matches_palm_half():
    """``(1 + 2)·F_pair·(T/2)·L`` with ``F_pair = 4·H·Q`` is half of PaLM's ``12·L·H·Q·T``."""
    assert flops.causal_attention_flops_per_token(96, 4 * 12288, 2048) * 2 == 12 * 96 * 12288 * 2048
