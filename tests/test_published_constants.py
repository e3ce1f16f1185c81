"""Constants the mutation run (tools/mutate.py) found unpinned, checked against what they stand for.

Each value is the published figure, not the code's: a change to the constant fails here.
"""

from __future__ import annotations

import pytest

from configurator.core.architecture import ArchitectureError, from_param_count
from configurator.core.batch import default_global_batch_tokens
from configurator.core.catalog import Interconnect
from configurator.core.formats import kv_bytes
from configurator.core.units import BYTES_PER_ELEMENT, Precision

# PCI Express per-lane data rates (PCI-SIG base specifications 3.0, 4.0, 5.0, 6.0): 8, 16, 32 GT/s
# with 128b/130b coding; 6.0 at 64 GT/s PAM4 with FLIT mode (242/256 efficiency); one direction.
PCIE_X16_GBPS = {3: 8 * 128 / 130 / 8 * 16, 4: 16 * 128 / 130 / 8 * 16, 5: 32 * 128 / 130 / 8 * 16,
                 6: 64 * 242 / 256 / 8 * 16}
"""One direction of an x16 link [GB/s]: 15.75, 31.5, 63.0, 121."""


@pytest.mark.parametrize(("generation", "published"), PCIE_X16_GBPS.items())
def test_pcie_x16_bandwidth_per_generation(catalog, generation, published):
    cards = [c for c in catalog.cards if c.interconnect.pcie_gen == generation and c.interconnect.pcie_lanes == 16]
    if generation in (4, 5):
        assert cards  # the bundled catalog has PCIe 4.0 and 5.0 x16 cards
    for card in cards:
        assert card.interconnect.pcie_gbps_one_way == pytest.approx(published, rel=0.01), card.id
    link = Interconnect(link="none", pcie_gen=generation, pcie_lanes=16)
    assert link.pcie_gbps_one_way == pytest.approx(published, rel=0.01)


def test_pcie_lanes_scale_the_bandwidth():
    x8 = Interconnect(link="none", pcie_gen=4, pcie_lanes=8).pcie_gbps_one_way
    assert x8 == pytest.approx(PCIE_X16_GBPS[4] / 2, rel=0.01)


def test_kv_cache_bytes_per_element_of_each_format():
    """Block layouts as published: llama.cpp q4_0 is 18 bytes per 32 values (16 B of nibbles and
    an fp16 scale, ggml-common.h block_q4_0); NVFP4 stores 16 values in 8 B with one FP8 E4M3 scale
    (NVIDIA Blackwell NVFP4); TensorRT-LLM INT8 KV keeps an fp32 scale per 128-element head."""
    assert kv_bytes(Precision.INT4) == pytest.approx(18 / 32)
    assert kv_bytes(Precision.FP4) == pytest.approx(9 / 16)
    assert kv_bytes(Precision.INT8) == pytest.approx((128 + 4) / 128)
    assert kv_bytes(Precision.FP8) == 1.0
    assert kv_bytes(Precision.BF16) == kv_bytes(Precision.FP16) == 2.0
    assert kv_bytes(Precision.FP32) == 4.0


def test_tf32_is_stored_as_fp32():
    """TF32 is a Tensor Core math mode on fp32 storage (NVIDIA A100 whitepaper, "TF32")."""
    assert BYTES_PER_ELEMENT[Precision.TF32] == BYTES_PER_ELEMENT[Precision.FP32] == 4.0


def test_global_batch_defaults_follow_the_published_runs():
    """GPT-3 (Brown et al. 2020, Table 2.1) and LLaMA (Touvron et al. 2023, §2.2) batch sizes."""
    assert default_global_batch_tokens(125e6) == 2**19  # GPT-3 Small: 0.5M tokens
    assert default_global_batch_tokens(2.7e9) == 2**20  # GPT-3 2.7B: 1M
    assert default_global_batch_tokens(13e9) == 2**21  # GPT-3 13B: 2M
    assert default_global_batch_tokens(33e9) == 2**22  # LLaMA 33B: 4M


def test_a_typed_size_is_accepted_from_1e6_to_1e13_parameters():
    for accepted in (1e6, 1e13):
        from_param_count(accepted)
    for refused in (0.99e6, 1.01e13):
        with pytest.raises(ArchitectureError):
            from_param_count(refused)


@pytest.mark.parametrize("n_params", [1e6, 7e9, 70e9, 405e9])
def test_a_typed_size_has_heads_of_128(n_params):
    """Llama-like shapes: the width a multiple of 128 and heads of 128 (Llama 2/3 head_dim 128)."""
    model = from_param_count(n_params)
    assert model.hidden % 128 == 0 and model.hidden >= 128
    assert model.n_heads == model.hidden // 128


def test_eight_bit_formats_store_one_byte():
    """FP8 E4M3/E5M2 (OCP 8-bit floating point specification) and INT8 are one byte a value."""
    assert BYTES_PER_ELEMENT[Precision.FP8] == BYTES_PER_ELEMENT[Precision.INT8] == 1.0
    assert BYTES_PER_ELEMENT[Precision.INT4] == BYTES_PER_ELEMENT[Precision.FP4] == 0.5


# llama.cpp's quantize table (tools/quantize/README.md, bits per weight of the k-quants)
GGUF_BITS = {"q6_k": 6.56, "q5_k_m": 5.68, "q5_k_s": 5.52, "q4_k_m": 4.84, "q4_k_s": 4.58}


@pytest.mark.parametrize(("name", "published"), GGUF_BITS.items())
def test_gguf_bits_per_weight(name, published):
    from configurator.core.formats import WeightFormat, format_bits

    assert format_bits(WeightFormat(name)) == pytest.approx(published)


# Hugging Face openai-community/gpt2 config.json and its checkpoint's tensor shapes: wte 50257 × 768,
# wpe 1024 × 768 (learned positions, one row per position of n_positions)
GPT2_SMALL = {"model_type": "gpt2", "n_layer": 12, "n_embd": 768, "n_head": 12, "vocab_size": 50257,
              "n_positions": 1024, "activation_function": "gelu_new"}


def test_gpt2_embeddings_are_its_token_and_learned_position_tables():
    from configurator.core.hf_config import from_hf_config

    model = from_hf_config(GPT2_SMALL)
    assert model.position_embeddings == 1024
    assert model.embedding_params() == 50257 * 768 + 1024 * 768


def test_gpt2_small_counts_its_checkpoints_parameters():
    """124,439,808: the sum of openai-community/gpt2's tensors (every attention projection, q/k/v in
    c_attn and the output in c_proj, carries a bias); Qwen2 biases q, k and v only."""
    from configurator.core.hf_config import from_hf_config

    model = from_hf_config(GPT2_SMALL)
    assert model.attention_output_bias and model.total_params() == 124_439_808
    qwen = from_hf_config({"model_type": "qwen2", "num_hidden_layers": 28, "hidden_size": 3584,
                           "num_attention_heads": 28, "num_key_value_heads": 4, "intermediate_size": 18944,
                           "vocab_size": 152064})
    assert qwen.attention_bias and not qwen.attention_output_bias
    assert qwen.attention_params() == 3584 * 3584 * 2 + 2 * 3584 * 512 + 3584 + 2 * 512


def test_a_config_naming_no_positions_has_no_learned_position_table():
    """The field's rule: 0 learned positions unless the config states them (n_positions or
    max_position_embeddings)."""
    from configurator.core.hf_config import from_hf_config

    config = {k: v for k, v in GPT2_SMALL.items() if k != "n_positions"}
    model = from_hf_config(config)
    assert model.position_embeddings == 0
    assert model.embedding_params() == 50257 * 768
    assert from_hf_config({**config, "max_position_embeddings": 2048}).position_embeddings == 2048


def test_a_built_shape_is_offered_from_1e6_to_1e13_parameters():
    """splittable_shape's stated range, the same as a typed size's (its error message)."""
    from configurator.core.model_size import splittable_shape

    for accepted in (1e6, 1e13):
        splittable_shape(accepted)
    for refused in (0.99e6, 1.01e13):
        with pytest.raises(ArchitectureError, match="between 1e6 and 1e13"):
            splittable_shape(refused)


def test_a_typed_size_uses_the_llama2_vocabulary_by_default():
    """splittable_shape defaults to Llama 2's 32,000-token SentencePiece vocabulary (Touvron et al.
    2023, "Llama 2", §2.1), as its docstring states; from_param_count builds the same Llama-like
    shape and takes the same default."""
    from configurator.core.model_size import splittable_shape

    assert from_param_count(7e9).vocab == 32000
    assert splittable_shape(7e9).vocab == 32000
    assert from_param_count(7e9, vocab=128256).vocab == 128256


def test_4_bit_weights_carry_their_published_scale_overhead():
    """QLoRA's NF4 with double quantisation stores 8/64 + 32/(64·256) = 0.127 bit of scales per
    weight (Dettmers et al. 2023, §2); the program keeps the first-level 0.125 bit, so within the
    second-level term (0.002 bit). NVFP4: one FP8 scale per 16 values, 0.5 bit (4.5 bits a weight)."""
    from configurator.core.units import weight_bytes_per_param

    assert 8 * weight_bytes_per_param(Precision.INT4) == pytest.approx(4 + 8 / 64 + 32 / (64 * 256), abs=0.002)
    assert 8 * weight_bytes_per_param(Precision.FP4) == pytest.approx(4.5)
    assert weight_bytes_per_param(Precision.INT8) == weight_bytes_per_param(Precision.FP8) == 1.0
