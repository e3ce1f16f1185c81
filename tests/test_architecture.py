"""Parameter counts and KV sizes against published numbers; config import."""

from __future__ import annotations

import json

import pytest
from numpy.testing import assert_allclose

from configurator.core.architecture import ArchitectureError, ModelArchitecture, from_param_count, load_presets, preset
from configurator.core.hf_config import from_hf_config, load_hf_config

REQUIRED_PRESETS = """llama2-7b llama2-13b llama2-70b llama3-8b llama3-70b llama3.1-405b llama3.2-1b llama3.2-3b
tinyllama-1.1b mistral-7b mixtral-8x7b qwen2.5-7b qwen2.5-72b deepseek-v3 gpt3-175b""".split()


def test_all_presets_exist():
    assert set(REQUIRED_PRESETS) <= set(load_presets())


def test_exact_llama_counts():
    assert preset("llama3-8b").total_params() == 8_030_261_248
    assert preset("llama3.2-1b").total_params() == 1_235_814_400


@pytest.mark.parametrize(
    ("preset_id", "published"),
    [
        ("llama2-7b", 6.74e9),  # Llama 2 paper / HF model card
        ("llama2-70b", 68.98e9),
        ("mixtral-8x7b", 46.7e9),  # Mistral AI: 46.7B total
        ("deepseek-v3", 671e9),  # DeepSeek-V3 report: 671B total
        ("gpt3-175b", 174.6e9),  # Megatron-LM Table 2: 174.6B
        ("llama3.1-405b", 405.8e9),
        ("qwen2.5-14b", 14.7e9),  # Qwen2.5-14B model card: 14.7B
        ("qwen2.5-32b", 32.8e9),  # Qwen2.5-32B on Hugging Face: 32.8B (safetensors)
    ],
)
def test_counts_match_published(preset_id, published):
    assert_allclose(preset(preset_id).total_params(), published, rtol=0.005)


def test_moe_active_parameters():
    assert_allclose(preset("mixtral-8x7b").active_params(), 12.9e9, rtol=0.01)  # Mistral: 12.9B active
    assert_allclose(preset("deepseek-v3").active_params(), 37e9, rtol=0.03)  # 37B activated


def test_megatron_equation_2_for_gpt3():
    """P = 12·L·h²·(1 + 13/(12h) + (V+s)/(12·L·h)) (Narayanan et al. 2021, eq. 2)."""
    m = preset("gpt3-175b")
    L, h, V, s = m.n_layers, m.hidden, m.vocab, 2048
    megatron = 12 * L * h * h * (1 + 13 / (12 * h) + (V + s) / (12 * L * h))
    assert_allclose(m.total_params(), megatron, rtol=1e-3)


def test_kv_bytes_per_token_published():
    opt13b = ModelArchitecture(n_layers=40, hidden=5120, n_heads=40, ffn=20480, vocab=50272, gated_mlp=False)
    assert opt13b.kv_elements_per_token() * 2 == 800 * 1024  # vLLM paper: 800 KB per token
    assert preset("llama2-70b").kv_elements_per_token() * 2 == 327_680  # 8 KV heads × 128 × 80 × 2 × 2


def test_hf_config_import(tmp_path):
    config = {
        "model_type": "llama", "num_hidden_layers": 16, "hidden_size": 2048, "num_attention_heads": 32,
        "num_key_value_heads": 8, "head_dim": 64, "intermediate_size": 8192, "vocab_size": 128256,
        "tie_word_embeddings": True, "hidden_act": "silu",
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    assert load_hf_config(path).total_params() == 1_235_814_400


def test_hf_mixtral_import():
    config = {"model_type": "mixtral", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
              "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 32000, "num_local_experts": 8,
              "num_experts_per_tok": 2, "tie_word_embeddings": False}
    assert from_hf_config(config).total_params() == preset("mixtral-8x7b").total_params()


@pytest.mark.parametrize("bad", ['{"hidden_size": 10', '{"hidden_size": 64}', '[1, 2]'])
def test_malformed_config_is_a_clear_error(tmp_path, bad):
    path = tmp_path / "config.json"
    path.write_text(bad)
    with pytest.raises(ArchitectureError):
        load_hf_config(path)


def test_inconsistent_heads_rejected():
    with pytest.raises(ValueError, match="divide"):
        ModelArchitecture(n_layers=2, hidden=64, n_heads=8, n_kv_heads=3, ffn=128, vocab=100)


@pytest.mark.parametrize("n", [1e8, 1.3e9, 7e9, 70e9, 400e9])
def test_from_param_count_is_close(n):
    assert_allclose(from_param_count(n).total_params(), n, rtol=0.15)


def test_counts_are_worked_out_once_per_architecture_value_until_the_memo_is_cleared():
    from configurator.core.architecture import _COUNTS, clear_counts_memo
    from configurator.core.estimate import clear_estimate_memo

    model = preset("llama3-8b")
    clear_counts_memo()
    first = ModelArchitecture.model_validate_json(model.model_dump_json())
    again = ModelArchitecture.model_validate_json(model.model_dump_json())
    assert again.counts is first.counts and first.total_params() == 8_030_261_248
    deeper = ModelArchitecture.model_validate({**first.model_dump(), "n_layers": 33})
    assert deeper.counts is not first.counts and deeper.total_params() > first.total_params()
    assert len(_COUNTS) == 2
    clear_estimate_memo()  # the cold benchmarks clear it before each timed call
    assert not _COUNTS
