"""The FP16-accumulate tensor rate of GeForce cards and the engines whose prompt products use it:
the catalog's ``fp16_acc16_tflops``, the profile flags ``prompt_fp16_accumulate`` and
``prompt_int8_quantized``, and llama.cpp's prompt path by build (``engines.LLAMA_CPP_BUILDS``)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from configurator.core.architecture import preset
from configurator.core.catalog import Card
from configurator.core.engines import LLAMA_CPP, LLAMA_CPP_BUILDS, PROFILES, VLLM, Engine, at_build
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario, updated
from configurator.core.prefill_time import _prompt_compute_s, prefill_seconds
from configurator.core.serving_speed import prompt_peak
from configurator.core.units import Precision


def _llama_cpp(card: str, weight_format: str, profile=None) -> Scenario:
    serving = {"context": 513, "prompt_tokens": 512, "output_tokens": 1, "engine": "llama.cpp",
               "weight_format": weight_format}
    s = Scenario(model=preset("llama3-8b"), card_id=card, count=1, workload="inference", serving=serving)
    return s if profile is None else updated(s, serving={"engine_profile": profile})


def _prefill(catalog, s: Scenario) -> float:
    card = catalog.get(s.card_id)
    return prefill_seconds(s, card, plan_serving(s, card), 512)


# ---- the catalog field -------------------------------------------------------------------


@pytest.mark.parametrize(("card", "rate"), [("rtx-3090", 142.0), ("rtx-4090", 330.3), ("rtx-4080", 194.9),
                                            ("rtx-5090", 419.0)])
def test_geforce_cards_carry_the_whitepaper_fp16_accumulate_rate(catalog, card, rate):
    """NVIDIA's GA102, Ada and RTX Blackwell whitepapers: FP16 tensor with FP16 accumulate is twice
    the FP32-accumulate rate on GeForce cards."""
    c = catalog.get(card)
    assert c.fp16_acc16_tflops == rate == pytest.approx(2 * c.fp16_tflops, rel=0.002)
    assert c.fp16_peak_tflops(accumulate16=True) == rate and c.fp16_peak_tflops(accumulate16=False) == c.fp16_tflops


def test_every_geforce_card_with_an_fp16_rate_has_its_fp16_accumulate_rate_and_no_other_card_does(catalog):
    """Data-centre and professional cards run both accumulates at one rate (their datasheets give one
    figure): None there, and the FP16-accumulate peak is the FP16 peak."""
    for card in catalog.cards:
        geforce = card.vendor == "NVIDIA" and "GeForce" in card.name
        if geforce and card.fp16_tflops is not None:
            assert card.fp16_acc16_tflops == pytest.approx(2 * card.fp16_tflops, rel=0.002), card.id
        else:
            assert card.fp16_acc16_tflops is None, card.id
            assert card.fp16_peak_tflops(accumulate16=True) == card.fp16_tflops


def test_a_card_without_an_fp16_rate_says_why_the_accumulate_rate_is_unknown(catalog):
    for card_id in ("rtx-5090d", "rtx-5090d-v2"):
        card = catalog.get(card_id)
        assert card.fp16_acc16_tflops is None and "fp16_acc16_tflops unknown" in card.notes


@pytest.mark.parametrize("rate", [100.0, 400.0])
def test_an_fp16_accumulate_rate_outside_one_to_two_times_fp16_is_refused(catalog, rate):
    data = catalog.get("rtx-4090").model_dump()
    data["fp16_acc16_tflops"] = rate
    with pytest.raises(ValidationError, match="fp16_acc16_tflops"):
        Card.model_validate(data)


def test_an_fp16_accumulate_rate_needs_an_fp16_rate(catalog):
    data = catalog.get("rtx-4090").model_dump()
    data.update(fp16_tflops=None, fp16_acc16_tflops=330.3)
    with pytest.raises(ValidationError, match="fp16_acc16_tflops"):
        Card.model_validate(data)


# ---- the engine flags ----------------------------------------------------------------------


def test_fp16_accumulate_makes_geforce_prompts_faster_and_leaves_professional_cards_alone(catalog):
    """llama.cpp's May 2024 cuBLAS path (CUBLAS_COMPUTE_16F): on a GeForce card the products run at
    twice the FP32-accumulate rate (the prompt's compute time halves, nothing else moves); on an RTX
    6000 Ada both rates are one."""
    fp16 = at_build(LLAMA_CPP, "2024-05")
    fp32 = fp16.model_copy(update={"prompt_fp16_accumulate": False})
    for card, faster in (("rtx-4090", True), ("rtx-6000-ada", False)):
        quick_s, slow_s = _llama_cpp(card, "q4_k_m", fp16), _llama_cpp(card, "q4_k_m", fp32)
        quick, slow = _prefill(catalog, quick_s), _prefill(catalog, slow_s)
        if not faster:
            assert quick == slow, card
            continue
        c = catalog.get(card)
        products = [_prompt_compute_s(s, c, plan_serving(s, c), 512, 512, idle=True)[0] for s in (quick_s, slow_s)]
        assert products[0] == pytest.approx(products[1] / 2, rel=1e-3), card
        assert slow - quick == pytest.approx(products[1] - products[0], rel=1e-9), card


def test_the_prompt_precision_and_peak_each_engine_uses(catalog):
    """Today's llama.cpp multiplies quantized GGUF weights on INT8 tensor cores (MMQ) and F16 weights
    in FP16 with FP16 accumulate; its May 2024 builds used cuBLAS FP16 for both; vLLM's FP16 products
    run at the catalog's FP16 (FP32-accumulate) rate."""
    card = catalog.get("rtx-4090")

    def peak(profile, fmt):
        s = _llama_cpp("rtx-4090", fmt, profile)
        return prompt_peak(card, plan_serving(s, card), profile)

    assert peak(LLAMA_CPP, "q4_k_m") == (Precision.INT8, 660.6)
    assert peak(LLAMA_CPP, "gguf-f16") == (Precision.FP16, 330.3)
    assert peak(at_build(LLAMA_CPP, "2024-05"), "q4_k_m") == (Precision.FP16, 330.3)
    assert peak(VLLM, "fp16") == (Precision.FP16, 165.2)


def test_llama_cpp_builds_differ_only_in_the_prompt_path_and_the_shipped_profile_is_the_newest():
    newest = LLAMA_CPP_BUILDS[max(LLAMA_CPP_BUILDS)]
    assert PROFILES[Engine.LLAMA_CPP] is LLAMA_CPP and at_build(LLAMA_CPP, max(LLAMA_CPP_BUILDS)) == LLAMA_CPP
    assert {k: getattr(LLAMA_CPP, k) for k in newest} == newest
    old = at_build(LLAMA_CPP, "2024-05")
    assert not old.prompt_int8_quantized and old.prompt_fp16_accumulate
    assert {k for k, v in old.model_dump().items() if v != LLAMA_CPP.model_dump()[k]} == {"prompt_int8_quantized"}


def test_engines_without_the_flags_keep_their_prompt_rate():
    for engine, profile in PROFILES.items():
        if engine is not Engine.LLAMA_CPP:
            assert not profile.prompt_fp16_accumulate and not profile.prompt_int8_quantized, engine


# ---- the dequantize-to-FP16 prompt path and the INT8 (MMQ) share --------------------------------


def test_quantized_weights_on_the_cublas_path_pay_their_fp16_copy(catalog):
    """llama.cpp's May 2024 build dequantizes quantized weights to an FP16 copy before each cuBLAS
    product: the prompt pays the copy written and read back (twice the FP16 weights over the weight
    stream's bandwidth) on top of the quantized read; F16 weights have no copy, and MMQ builds
    multiply the quantized weights directly (the F16 run reads 2 bytes a weight where Q4_K_M reads
    fewer: ``lighter_read`` < 0)."""
    from configurator.core.decode_step import _bandwidth, decode_weight_bytes
    from configurator.core.prompt_rate import prompt_dequantized

    old = at_build(LLAMA_CPP, "2024-05")
    q4, f16 = _llama_cpp("l40s", "q4_k_m", old), _llama_cpp("l40s", "gguf-f16", old)
    card = catalog.get("l40s")
    assert prompt_dequantized(card, plan_serving(q4, card), old)
    assert not prompt_dequantized(card, plan_serving(f16, card), old)
    assert not prompt_dequantized(card, plan_serving(_llama_cpp("l40s", "q4_k_m"), card), LLAMA_CPP)
    copy = 2.0 * decode_weight_bytes(q4.model, 512, 2.0, q4.expert_copies) / _bandwidth(card, q4.assumptions,
                                                                                         old.weight_stream_share)
    lighter_read = (decode_weight_bytes(q4.model, 512, plan_serving(q4, card).weight_bytes, q4.expert_copies)
                      - decode_weight_bytes(q4.model, 512, 2.0, q4.expert_copies)) / _bandwidth(
                          card, q4.assumptions, old.weight_stream_share)
    assert _prefill(catalog, q4) - _prefill(catalog, f16) == pytest.approx(copy + lighter_read, rel=1e-9)


def test_int8_prompt_products_take_the_engines_int8_share(catalog):
    """llama.cpp's MMQ kernels are its own, not cuBLAS: their share of the prefill efficiency is a
    profile field of its own (None: the prefill share)."""
    from configurator.core.prompt_rate import prompt_share

    card = catalog.get("rtx-6000-ada")
    mmq, f16 = _llama_cpp("rtx-6000-ada", "q4_k_m"), _llama_cpp("rtx-6000-ada", "gguf-f16")
    assert prompt_share(card, plan_serving(mmq, card), LLAMA_CPP) == LLAMA_CPP.prompt_int8_share
    assert prompt_share(card, plan_serving(f16, card), LLAMA_CPP) == LLAMA_CPP.prefill_share
    unset = LLAMA_CPP.model_copy(update={"prompt_int8_share": None})
    assert prompt_share(card, plan_serving(mmq, card), unset) == LLAMA_CPP.prefill_share
    doubled = LLAMA_CPP.model_copy(update={"prompt_int8_share": 2 * LLAMA_CPP.prompt_int8_share})
    assert _prefill(catalog, _llama_cpp("rtx-6000-ada", "q4_k_m", doubled)) < _prefill(catalog, mmq)
