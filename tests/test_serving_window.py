"""Sliding-window attention counted per layer type: the cache and attention of a sliding layer
stop at its window (Mistral 7B v0.1: every layer, 4,096; Gemma 2: every other layer, 4,096;
Gemma 3: five of six layers, 1,024; gpt-oss: alternating, 128), from the Hugging Face configs."""

from __future__ import annotations

import pytest

from configurator.core.architecture import ArchitectureError
from configurator.core.hf_config import from_hf_config
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_flops
from configurator.core.serving_speed import decode_step_seconds
from configurator.core.units import GB

GEMMA2_9B = {"model_type": "gemma2", "num_hidden_layers": 42, "hidden_size": 3584, "num_attention_heads": 16,
             "num_key_value_heads": 8, "head_dim": 256, "intermediate_size": 14336, "vocab_size": 256000,
             "sliding_window": 4096, "hidden_activation": "gelu_pytorch_tanh"}
"""google/gemma-2-9b config.json."""
MISTRAL_7B_V01 = {"model_type": "mistral", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
                  "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 32000, "sliding_window": 4096,
                  "hidden_act": "silu"}
"""mistralai/Mistral-7B-v0.1 config.json."""
GEMMA3_27B_TEXT = {"model_type": "gemma3_text", "num_hidden_layers": 62, "hidden_size": 5376,
                   "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128, "intermediate_size": 21504,
                   "vocab_size": 262208, "sliding_window": 1024, "sliding_window_pattern": 6,
                   "hidden_activation": "gelu_pytorch_tanh"}
"""google/gemma-3-27b-it config.json, text_config (sliding_window_pattern 6: every sixth layer global)."""
GPT_OSS_20B = {"model_type": "gpt_oss", "num_hidden_layers": 24, "hidden_size": 2880, "num_attention_heads": 64,
               "num_key_value_heads": 8, "head_dim": 64, "intermediate_size": 2880, "vocab_size": 201088,
               "num_local_experts": 32, "num_experts_per_tok": 4, "sliding_window": 128,
               "layer_types": ["sliding_attention", "full_attention"] * 12}
"""openai/gpt-oss-20b config.json."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_config_importer_reads_window_and_layer_types():
    assert (from_hf_config(MISTRAL_7B_V01).sliding_window, from_hf_config(MISTRAL_7B_V01).n_sliding_layers) == \
        (4096, 32)
    assert from_hf_config(GEMMA2_9B).n_sliding_layers == 21
    assert from_hf_config(GEMMA3_27B_TEXT).n_sliding_layers == 62 - 10
    oss = from_hf_config(GPT_OSS_20B)
    assert (oss.sliding_window, oss.n_sliding_layers) == (128, 12)


def test_qwen2_window_off_is_full_attention():
    qwen = {**MISTRAL_7B_V01, "model_type": "qwen2", "sliding_window": 131072, "use_sliding_window": False}
    assert from_hf_config(qwen).n_sliding_layers == 0


def test_a_window_that_is_not_a_number_is_refused():
    with pytest.raises(ArchitectureError, match="sliding_window"):
        from_hf_config({**MISTRAL_7B_V01, "sliding_window": "4k"})


def _kv_gb(config, context, catalog, window=True):
    model = from_hf_config(config)
    if not window:
        model = model.model_copy(update={"sliding_window": None})
    s = Scenario(model=model, card_id="h100-sxm", count=1, workload="inference",
                 serving={"context": context, "prompt_tokens": context - 1, "output_tokens": 1, "concurrency": 1})
    return estimate(s, catalog.get("h100-sxm")).memory.kv_cache / GB


def test_gemma2_9b_kv_at_8k_is_three_quarters_of_full_attention(catalog):
    """2·42·8·256·2 B = 344,064 B per token with full attention: 2.82 GB at 8,192 tokens; half the
    layers keep 4,096: 21·8,192 + 21·4,096 entries, 0.75 of that."""
    full = _kv_gb(GEMMA2_9B, 8192, catalog, window=False)
    assert full == pytest.approx(344_064 * 8192 / 1e9, rel=1e-6)
    assert _kv_gb(GEMMA2_9B, 8192, catalog) == pytest.approx(0.75 * full, rel=1e-6)


def test_mistral_7b_cache_stops_at_its_window(catalog):
    """Mistral 7B (Jiang et al. 2023 §2): a rolling buffer of 4,096 entries: 131,072 B × 4,096 at
    any longer context."""
    assert _kv_gb(MISTRAL_7B_V01, 32768, catalog) == pytest.approx(131_072 * 4096 / 1e9, rel=1e-6)
    assert _kv_gb(MISTRAL_7B_V01, 2048, catalog) == pytest.approx(131_072 * 2048 / 1e9, rel=1e-6)


def test_longest_context_grows_past_the_window(catalog):
    model = from_hf_config(GEMMA2_9B)
    s = Scenario(model=model, card_id="h100-sxm", count=1, workload="inference",
                 serving={"context": 8192, "prompt_tokens": 4096, "output_tokens": 256, "concurrency": 16})
    full = s.model_copy(update={"model": model.model_copy(update={"sliding_window": None})})
    card = catalog.get("h100-sxm")
    assert estimate(s, card).limits.max_context > estimate(full, card).limits.max_context


def test_prefill_attention_counts_window_pairs():
    mistral = from_hf_config(MISTRAL_7B_V01)
    full = mistral.model_copy(update={"sliding_window": None})
    p = 8192

    def products(m):  # the layers' at every prompt token, the output head at the last one
        head = m.vocab * m.hidden
        return 2.0 * (m.matmul_params() - head) * p + 2.0 * head

    attention = prefill_flops(mistral, p) - products(mistral)
    attention_full = prefill_flops(full, p) - products(full)
    assert attention_full == pytest.approx(2.0 * 32 * full.q_dim * p * p)
    assert attention / attention_full == pytest.approx((4096 * p - 4096**2 / 2) / (p * p / 2))


def test_decode_reads_only_the_window(catalog):
    model = from_hf_config(MISTRAL_7B_V01)
    card = catalog.get("h100-sxm")

    def step(m):
        s = Scenario(model=m, card_id="h100-sxm", count=1, workload="inference",
                     serving={"context": 32768, "prompt_tokens": 32000, "output_tokens": 256, "concurrency": 16})
        return decode_step_seconds(s, card, plan_serving(s, card), 16, 32000)[0]

    windowed, full = step(model), step(model.model_copy(update={"sliding_window": None}))
    assert windowed < 0.5 * full
