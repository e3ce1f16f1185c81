"""A prompt's causal attention charged at the engine's attention kernel on the card (issue 27):
the kernel each engine runs by default for prompts (``EngineProfile.prefill_attention``) and the
kernel's published forward share of the card's dense 16-bit peak
(:mod:`configurator.core.formulas.attention_kernels`, the table training uses), instead of the
products' rate. Where the engine's kernel has no published share on the card's family, attention
runs at the products' rate, as before. An engine built with FP8 context attention
(``EngineProfile.fp8_context_fmha``, TensorRT-LLM's ``use_fp8_context_fmha``) over an FP8 KV cache runs it
at that kernel's measured share of the dense FP8 peak (:mod:`configurator.core.formulas.context_fmha`)."""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture
from configurator.core.card import Card
from configurator.core.formulas.attention_kernels import attention_forward_share, prefill_attention_seconds
from configurator.core.formulas.context_fmha import fp8_context_fmha_seconds, fp8_context_fmha_share
from configurator.core.formulas.gemm_efficiency import gemm_family
from configurator.core.scenario import Scenario
from configurator.core.units import TERA, Precision

SIXTEEN_BIT = (Precision.BF16, Precision.FP16)
"""Precisions a prompt's attention runs at, in order of preference: the engines' default
FlashAttention-2/3 kernels compute in 16-bit whatever the weights' format."""


def prompt_attention_flops(model: ModelArchitecture, prompt_tokens: int) -> float:
    """Causal attention FLOPs of one prompt [FLOP]: :attr:`ModelArchitecture.prompt_pair_flops` per
    query–key pair (scores and the weighted sum, ``4·Q`` without MLA, MLA decompressed as the
    engines run prompts) × :meth:`ModelArchitecture.causal_pairs`."""
    return model.prompt_pair_flops * model.causal_pairs(prompt_tokens)


def prompt_attention_share(scenario: Scenario, card: Card) -> float | None:
    """Forward share of the card's dense 16-bit peak of the engine's prompt attention kernel on the
    card's GEMM family [-]; None where the engine names none there or none is published."""
    family = gemm_family(card.architecture, card.is_consumer, card.id)
    kernel = dict(scenario.serving.profile.prefill_attention).get(family)
    return None if kernel is None else attention_forward_share(kernel, family)


def fp8_context_fmha(scenario: Scenario, card: Card) -> tuple[float, float] | None:
    """(share [-], the card's dense FP8 peak [FLOP/s]) of the FP8 context FMHA the engine's build runs
    (``EngineProfile.fp8_context_fmha``) where its KV cache is FP8 (asked for, or the engine's default with FP8
    weights) and the card's GEMM family has a measured share; None otherwise."""
    serving = scenario.serving
    profile = serving.profile
    kv = serving.kv_precision
    if kv is None and profile.fp8_kv_with_fp8_weights and scenario.precision is Precision.FP8:
        kv = Precision.FP8
    if not profile.fp8_context_fmha or kv is not Precision.FP8:
        return None
    share = fp8_context_fmha_share(gemm_family(card.architecture, card.is_consumer, card.id))
    peak = card.peak_tflops(Precision.FP8)
    return None if share is None or not peak else (share, peak * TERA)


def prompt_compute_seconds(scenario: Scenario, card: Card, prompt_tokens: int, products_rate: float,
                           flops: float, attention: float | None = None) -> float:
    """Compute time of one prompt of ``prompt_tokens`` on one of ``tp`` cards [s]: its ``flops``
    (products and attention) at ``products_rate`` [FLOP/s], or, where the engine's build runs FP8 context
    attention (:func:`fp8_context_fmha`), the products at that rate and the attention at that kernel's share of
    the dense FP8 peak, or, where the engine's attention kernel has a published share on the card, the
    products at that rate and the attention at the kernel's forward share of the dense 16-bit peak. ``attention``: the prompt's
    :func:`prompt_attention_flops`, when the caller has worked it out already."""
    tp = scenario.parallelism.tp
    fp8 = fp8_context_fmha(scenario, card)
    if fp8 is not None:
        if attention is None:
            attention = prompt_attention_flops(scenario.model, prompt_tokens)
        return (flops - attention) / tp / products_rate + fp8_context_fmha_seconds(attention / tp, fp8[1], fp8[0])
    share = prompt_attention_share(scenario, card)
    if share is None:
        return flops / tp / products_rate
    peak = None
    for precision in SIXTEEN_BIT:  # the first 16-bit precision the card has a peak for
        peak = card.peak_tflops(precision)
        if peak:
            break
    if not peak:
        return flops / tp / products_rate
    if attention is None:
        attention = prompt_attention_flops(scenario.model, prompt_tokens)
    return (flops - attention) / tp / products_rate + prefill_attention_seconds(attention / tp, peak * TERA, share)
