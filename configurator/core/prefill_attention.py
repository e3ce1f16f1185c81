"""A prompt's causal attention charged at the engine's attention kernel on the card (issue 27):
the kernel each engine runs by default for prompts (``EngineProfile.prefill_attention``) and the
kernel's published forward share of the card's dense 16-bit peak
(:mod:`configurator.core.formulas.attention_kernels`, the table training uses), instead of the
products' rate. Where the engine's kernel has no published share on the card's family, attention
runs at the products' rate, as before."""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture
from configurator.core.card import Card
from configurator.core.formulas.attention_kernels import attention_forward_share, prefill_attention_seconds
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


def prompt_compute_seconds(scenario: Scenario, card: Card, prompt_tokens: int, products_rate: float,
                           flops: float, attention: float | None = None) -> float:
    """Compute time of one prompt of ``prompt_tokens`` on one of ``tp`` cards [s]: its ``flops``
    (products and attention) at ``products_rate`` [FLOP/s], or, where the engine's attention kernel
    has a published share on the card, the products at that rate and the attention at the kernel's
    forward share of the dense 16-bit peak. ``attention``: the prompt's
    :func:`prompt_attention_flops`, when the caller has worked it out already."""
    tp = scenario.parallelism.tp
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
