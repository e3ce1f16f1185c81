"""Attention FLOPs in the form the kernels run (formulas/attention_flops.py): DeepSeek-V3's MLA
absorbed in decode (queries against the 512-d latent and 64-d rope key, values over the latent;
benchmarks/data/notes-deepseek-decode-aic-2026-12-05.md finding 5), decompressed in prompts;
other attention unchanged at ``4·q_dim`` a pair. Hand counts from DeepSeek-V3's config.json:
128 heads, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, 61 layers."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step import DecodeStep
from configurator.core.formulas.attention_flops import absorbed_mla_pair_flops, pair_flops
from configurator.core.kv_memory import kv_cache_bytes_per_token
from configurator.core.precision import plan_serving
from configurator.core.prefill_attention import prompt_attention_flops
from configurator.core.scenario import Scenario

HEADS, LATENT, ROPE, NOPE, V, LAYERS = 128, 512, 64, 128, 128, 61


def test_the_hand_counts():
    """Absorbed: 2·128·(512 + 64) for the scores + 2·128·512 for the values = 278,528 FLOP a cached
    token and layer; decompressed: 2·128·(128 + 64) + 2·128·128 = 81,920; multi-head 4·h·d."""
    assert absorbed_mla_pair_flops(HEADS, LATENT, ROPE) == 2 * 128 * 576 + 2 * 128 * 512 == 278_528
    assert pair_flops(HEADS, NOPE + ROPE, V) == 2 * 128 * 192 + 2 * 128 * 128 == 81_920
    assert pair_flops(32, 128, 128) == 4 * 32 * 128


def test_deepseek_v3_decodes_absorbed_and_prompts_decompressed():
    model = preset("deepseek-v3")
    assert (model.n_heads, model.kv_lora_rank, model.qk_rope_head_dim) == (HEADS, LATENT, ROPE)
    assert (model.qk_nope_head_dim, model.v_head_dim, model.n_layers) == (NOPE, V, LAYERS)
    assert model.decode_pair_flops == 278_528
    assert model.prompt_pair_flops == 81_920
    assert prompt_attention_flops(model, 4096) == 81_920 * model.causal_pairs(4096)


def test_other_attention_keeps_four_q_dim():
    for name in ("llama3-8b", "llama3-70b"):
        model = preset(name)
        assert model.decode_pair_flops == model.prompt_pair_flops == 4 * model.q_dim


def test_the_cache_read_is_the_latent_and_rope_key():
    """576 elements a layer and token (DeepSeek-V2 §2.1.3, Table 1): 61 × 576 × 1 B in FP8."""
    assert kv_cache_bytes_per_token(preset("deepseek-v3"), 1.0) == LAYERS * (LATENT + ROPE)


def test_the_decode_step_counts_the_absorbed_flops():
    """The step's FLOPs a sequence at 1,500 cached tokens: the products' 2·N (the absorbed W_UK and
    W_UV products are the key/value up-projection's parameters, already in N) + 61 × 278,528 × 1,500."""
    s = Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference", precision="fp8",
                 parallelism={"tp": 1, "ep": 8},
                 serving={"context": 4096, "prompt_tokens": 1000, "output_tokens": 1000, "concurrency": 512,
                          "engine": "tensorrt-llm"})
    card = load_bundled_catalog().get("h200-sxm")
    step = DecodeStep(s, card, plan_serving(s, card), 1500)
    attention = LAYERS * 278_528 * 1500
    assert step.flops_per_sequence == pytest.approx(2.0 * s.model.matmul_params() + attention, rel=1e-12)
    assert attention * 64 == pytest.approx(1.63e12, rel=0.01)  # 64 sequences a card: the notes' 1.63 TFLOP
