"""TensorRT-LLM's FP8 context attention (use_fp8_context_fmha) as a build field: the prompt's attention at the
FP8 kernel's measured share of the dense FP8 peak (formulas/context_fmha.py), only where the build sets it and the
KV cache is FP8."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.engines import TENSORRT_LLM
from configurator.core.formulas.context_fmha import fp8_context_fmha_seconds, fp8_context_fmha_share
from configurator.core.prefill_attention import fp8_context_fmha, prompt_attention_flops, prompt_compute_seconds
from configurator.core.scenario import Scenario, field_values


def _scenario(card: str, fp8_fmha: bool, kv: str | None = "fp8", prompt: int = 8192) -> Scenario:
    profile = {**field_values(TENSORRT_LLM), "fp8_context_fmha": fp8_fmha}
    return Scenario(model=preset("llama3-8b"), card_id=card, count=1, workload="inference", precision="fp8",
                    serving={"engine": "tensorrt-llm", "prompt_tokens": prompt, "output_tokens": 1,
                             "context": prompt + 1, "kv_precision": kv, "engine_profile": profile})


def test_the_shares_are_the_kernel_tables_medians():
    """aiconfigurator-core 0.12.0, TensorRT-LLM 1.3.0rc20, FP8 attention over an FP8 cache, prompts 2k-16k:
    H100 + H200 0.306, B200 0.237 of the dense FP8 peak; no table for older families."""
    assert fp8_context_fmha_share("hopper") == 0.306
    assert fp8_context_fmha_share("blackwell") == 0.237
    assert fp8_context_fmha_share("ampere") is None
    assert fp8_context_fmha_seconds(1e12, 2e15, 0.25) == pytest.approx(2e-3)


@pytest.mark.parametrize(("card", "fp8_fmha", "kv", "runs"), [
    ("h200-sxm", True, "fp8", True), ("h200-sxm", False, "fp8", False), ("h200-sxm", True, "bf16", False),
    ("h200-sxm", True, None, True), ("b200", True, "fp8", True), ("a100-sxm-80gb", True, "fp8", False)])
def test_it_runs_only_where_the_build_sets_it_over_an_fp8_cache(catalog, card, fp8_fmha, kv, runs):
    """The flag alone is not enough: TensorRT-LLM's FP8 context FMHA reads an FP8 KV cache (its default with FP8
    weights, the None case), and a card with no measured table keeps the engine's default attention."""
    assert (fp8_context_fmha(_scenario(card, fp8_fmha, kv), catalog.get(card)) is not None) == runs


def test_the_attention_runs_at_the_fp8_share_and_the_products_at_their_rate(catalog):
    s, card = _scenario("h200-sxm", True), catalog.get("h200-sxm")
    attention = prompt_attention_flops(s.model, 8192)
    products, rate = 1.0e14, 1.0e15
    expected = products / rate + attention / (0.306 * 1979.0e12)
    assert prompt_compute_seconds(s, card, 8192, rate, products + attention) == pytest.approx(expected)
    plain = _scenario("h200-sxm", False)
    assert prompt_compute_seconds(plain, card, 8192, rate, products + attention) == pytest.approx(
        (products + attention) / rate)
