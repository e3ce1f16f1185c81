"""llama.cpp's FP16 conversions of activations around its cuBLAS prompt products (issue 27): each
product's FP32 input copied to FP16 and its FP16 result copied back to FP32, 6 bytes per element
each way, charged per prompt token at the engine's HBM factor, and only where the products go
through cuBLAS (not its INT8 MMQ kernels, not other engines)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.decode_step import _bandwidth
from configurator.core.engines import LLAMA_CPP, PROFILES, Engine, at_build, decode_read_factor
from configurator.core.precision import plan_serving
from configurator.core.prompt_conversions import CONVERSION_BYTES, conversion_bytes, converted_elements_per_token
from configurator.core.scenario import Scenario, updated
from configurator.core.prefill_time import prefill_seconds, prompt_conversion_seconds, prompt_token_seconds

PROMPT = 512


def _scenario(card_id: str, weight_format: str, build: str | None = "2024-05", conversions: bool = True,
              engine: str = "llama.cpp") -> Scenario:
    serving = {"context": PROMPT + 1, "prompt_tokens": PROMPT, "output_tokens": 1, "engine": engine,
               "weight_format": weight_format}
    s = Scenario(model=preset("llama3-8b"), card_id=card_id, count=1, workload="inference", serving=serving)
    profile = s.serving.profile if build is None else at_build(s.serving.profile, build)
    return updated(s, serving={"engine_profile": profile.model_copy(update={"prompt_fp16_conversions": conversions})})


def test_a_llama_layer_converts_the_inputs_and_results_of_its_seven_products():
    """Llama 3 8B (d 4096, 32 query heads and 8 key/value heads of 128, MLP 14,336): q, k, v each convert the
    4096-wide input and give 4096 + 1024 + 1024; the output projection 4096 -> 4096; gate and up each convert
    the 4096-wide input and give 14,336; down 14,336 -> 4096."""
    model = preset("llama3-8b")
    per_layer = (3 * 4096 + 4096 + 2 * 1024) + (4096 + 4096) + (2 * 4096 + 2 * 14336) + (14336 + 4096)
    assert per_layer == 81920
    assert converted_elements_per_token(model) == model.n_layers * per_layer
    assert conversion_bytes(model, PROMPT) == model.n_layers * per_layer * PROMPT * CONVERSION_BYTES == \
        pytest.approx(8.05e9, rel=1e-3)


@pytest.mark.parametrize(("card_id", "weight_format"), [("a100-pcie-80gb", "gguf-f16"), ("h100-pcie", "gguf-f16"),
                                                        ("a100-sxm-80gb", "q4_k_m"), ("l40s", "gguf-f16"),
                                                        ("rtx-4090", "q4_k_m")])
def test_the_conversions_add_their_bytes_at_the_engine_share_and_hbm_factor(catalog, card_id, weight_format):
    """The prompt's time grows by the conversions' bytes over the weight-stream bandwidth, × 1/factor on HBM."""
    card = catalog.get(card_id)
    on, off = _scenario(card_id, weight_format), _scenario(card_id, weight_format, conversions=False)
    plan = plan_serving(on, card)
    bandwidth = _bandwidth(card, on.assumptions, LLAMA_CPP.weight_stream_share) \
        * decode_read_factor(LLAMA_CPP, card.memory_type)
    expected = conversion_bytes(on.model, PROMPT) / bandwidth
    assert prompt_conversion_seconds(on, card, plan, PROMPT) == pytest.approx(expected, rel=1e-12)
    grown = prefill_seconds(on, card, plan, PROMPT) - prefill_seconds(off, card, plan, PROMPT)
    assert grown == pytest.approx(expected, rel=1e-9)
    assert (decode_read_factor(LLAMA_CPP, card.memory_type) < 1.0) == card.memory_type.startswith("HBM")


def test_a_prompt_token_inside_an_engine_step_carries_its_share(catalog):
    """The load model's prompt token (prompt_token_seconds) carries 1/P of the prompt's conversions."""
    card = catalog.get("a100-pcie-80gb")
    on, off = _scenario(card.id, "gguf-f16"), _scenario(card.id, "gguf-f16", conversions=False)
    plan = plan_serving(on, card)
    grown = prompt_token_seconds(on, card, plan) - prompt_token_seconds(off, card, plan)
    assert grown == pytest.approx(prompt_conversion_seconds(on, card, plan, PROMPT) / PROMPT, rel=1e-9)


def test_no_conversions_on_the_int8_path_nor_in_other_engines(catalog):
    """Today's llama.cpp multiplies quantized weights with its INT8 MMQ kernels, which write FP32 themselves (its
    F16 weights still go through cuBLAS); vLLM, SGLang, TensorRT-LLM and transformers keep 16-bit activations."""
    card = catalog.get("a100-pcie-80gb")
    mmq = _scenario(card.id, "q4_k_m", build=None)
    assert prompt_conversion_seconds(mmq, card, plan_serving(mmq, card), PROMPT) == 0.0
    f16 = _scenario(card.id, "gguf-f16", build=None)
    assert prompt_conversion_seconds(f16, card, plan_serving(f16, card), PROMPT) > 0.0
    assert LLAMA_CPP.prompt_fp16_conversions
    assert [e for e, p in PROFILES.items() if p.prompt_fp16_conversions] == [Engine.LLAMA_CPP]
