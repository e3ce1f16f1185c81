"""A prompt's dequantization copy (llama.cpp builds before June 2024: quantized weights dequantized to FP16 by
llama.cpp's own kernel, then multiplied by cuBLAS) runs its kernel's traffic at the engine's HBM factor, as
its decode kernels do; the product's read of the copy and everything on GDDR cards do not (issue 27)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.decode_step import _bandwidth, decode_weight_bytes
from configurator.core.prompt_rate import prompt_dequantized
from configurator.core.engines import LLAMA_CPP, at_build, decode_read_factor
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario, updated
from configurator.core.prefill_time import prefill_seconds

PROMPT = 512


def _prompt(catalog, card_id: str, weight_format: str, hbm_factor: float) -> tuple[float, Scenario]:
    """llama-bench pp512 of Llama 3 8B at the May 2024 build (the cuBLAS prompt path) with the given HBM
    factor, without the activations' FP16 conversions (at the same factor: tests/test_prompt_conversions.py),
    so that the copy is what the factor moves: (seconds, scenario)."""
    profile = at_build(LLAMA_CPP, "2024-05").model_copy(update={"hbm_decode_factor": hbm_factor,
                                                                "prompt_fp16_conversions": False})
    serving = {"context": PROMPT + 1, "prompt_tokens": PROMPT, "output_tokens": 1, "engine": "llama.cpp",
               "weight_format": weight_format}
    s = Scenario(model=preset("llama3-8b"), card_id=card_id, count=1, workload="inference", serving=serving)
    s = updated(s, serving={"engine_profile": profile})
    card = catalog.get(card_id)
    return prefill_seconds(s, card, plan_serving(s, card), PROMPT), s


def test_the_dequantization_kernel_reads_and_writes_at_the_hbm_factor(catalog):
    """On an HBM card the kernel's traffic (the Q4_K_M blocks read, the FP16 copy written) takes 1/factor
    as long; the product's read of the copy does not change."""
    card = catalog.get("a100-sxm-80gb")
    factor = LLAMA_CPP.hbm_decode_factor
    assert card.memory_type.startswith("HBM") and factor < 1.0
    assert decode_read_factor(LLAMA_CPP, card.memory_type) == factor
    slow, s = _prompt(catalog, card.id, "q4_k_m", factor)
    fast, _ = _prompt(catalog, card.id, "q4_k_m", 1.0)
    plan = plan_serving(s, card)
    assert prompt_dequantized(card, plan, s.serving.profile)
    kernel_bytes = decode_weight_bytes(s.model, PROMPT, plan.weight_bytes, 1) + decode_weight_bytes(s.model, PROMPT,
                                                                                                   2.0, 1)
    bandwidth = _bandwidth(card, s.assumptions, s.serving.profile.weight_stream_share)
    assert slow - fast == pytest.approx(kernel_bytes / bandwidth * (1.0 / factor - 1.0), rel=1e-9)


@pytest.mark.parametrize(("card_id", "weight_format"), [("l40s", "q4_k_m"), ("a100-sxm-80gb", "gguf-f16")])
def test_no_factor_without_hbm_or_without_a_copy(catalog, card_id, weight_format):
    """GDDR cards read at the plain share; FP16 weights are not dequantized, so cuBLAS reads them alone."""
    assert _prompt(catalog, card_id, weight_format, 0.5)[0] == _prompt(catalog, card_id, weight_format, 1.0)[0]
