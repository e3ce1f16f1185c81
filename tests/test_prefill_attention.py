"""A prompt's attention charged at the engine's attention kernel on the card (issue 27 part 2):
the same kernel table training uses (formulas/attention_kernels.py), forward share only."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.formulas.attention_kernels import (FA2, HOPPER_FUSED, attention_forward_share,
                                                          prefill_attention_seconds)
from configurator.core.prefill_attention import prompt_attention_flops, prompt_attention_share, prompt_compute_seconds
from configurator.core.scenario import Scenario
from configurator.core.prefill_time import prefill_flops


def _scenario(engine: str, card: str, prompt: int = 8192) -> Scenario:
    return Scenario(model=preset("llama3-8b"), card_id=card, count=1, workload="inference",
                    serving={"engine": engine, "prompt_tokens": prompt, "output_tokens": 1, "context": prompt + 1})


def test_the_forward_shares_are_the_published_kernel_benchmarks():
    """FlashAttention-2 forward 0.73 of the A100's peak (Dao 2023) and 0.35 of the H100's (Shah et al.
    2024); FlashAttention-3 0.60 on the H100; a Hopper kernel on an Ampere card runs FA2's figure."""
    assert attention_forward_share(FA2, "ampere") == 0.73
    assert attention_forward_share(FA2, "hopper") == 0.35
    assert attention_forward_share(HOPPER_FUSED, "hopper") == 0.60
    assert attention_forward_share(HOPPER_FUSED, "ampere") == 0.73
    assert attention_forward_share(FA2, "blackwell") is None
    assert prefill_attention_seconds(1e12, 1e15, 0.5) == pytest.approx(2e-3)


@pytest.mark.parametrize(("engine", "card", "share"), [
    ("vllm", "h100-sxm", 0.60), ("vllm", "a100-sxm-80gb", 0.73), ("sglang", "h100-sxm", 0.60),
    ("sglang", "a100-sxm-80gb", None), ("transformers", "h100-sxm", 0.35), ("tensorrt-llm", "h100-sxm", None),
    ("llama.cpp", "rtx-4090", None)])
def test_each_engine_names_the_kernel_it_ships(catalog, engine, card, share):
    """vLLM FA3 on Hopper, FA2 on Ampere; SGLang FA3 on Hopper, FlashInfer (no published share)
    elsewhere; transformers' SDPA FlashAttention-2; TensorRT-LLM's own FMHA and llama.cpp's own
    kernels have none: their attention runs at the products' rate."""
    assert prompt_attention_share(_scenario(engine, card), catalog.get(card)) == share


def test_a_long_prompt_pays_the_kernel_and_a_kernel_without_a_share_keeps_the_products_rate(catalog):
    """At 8k tokens of an 8B model attention is ~13 % of the prompt's FLOPs: on an H100 under
    transformers (FA2 at 0.35 of peak) the prompt takes longer than at the products' rate; under
    TensorRT-LLM it is the products' rate exactly."""
    card = catalog.get("h100-sxm")
    rate = 600e12
    for engine in ("transformers", "tensorrt-llm"):
        s = _scenario(engine, card.id)
        flops = prefill_flops(s.model, 8192)
        assert 0.1 < prompt_attention_flops(s.model, 8192) / flops < 0.2
        seconds = prompt_compute_seconds(s, card, 8192, rate, flops)
        if engine == "tensorrt-llm":
            assert seconds == flops / rate
        else:
            assert seconds > flops / rate
