"""The attention kernel a training step runs, and the share of peak it sustains on the card
(:mod:`configurator.core.formulas.attention_kernels`)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.formulas.attention_kernels import attention_kernel_efficiency
from configurator.core.formulas.efficiency import ATTENTION_FALLBACK_EFFICIENCY
from configurator.core.formulas.gemm_efficiency import gemm_family
from configurator.core.memory import activation_kernels
from configurator.core.scenario import ActivationKernels, AttentionKernel, Scenario


def training_attention_kernel(scenario: Scenario) -> AttentionKernel | None:
    """The fused attention kernel of a training step, None without flash attention: as set, else
    Transformer Engine's under the fused layer kernels (Megatron-Core; cuDNN's fused attention on
    Hopper and later, which TE prefers there "for performance reasons": TransformerEngine
    ``dot_product_attention/utils.py`` ``get_attention_backend``, since 2024-06), else
    FlashAttention-2 (PyTorch's ``scaled_dot_product_attention``, the flash-attn package)."""
    t = scenario.training
    if not t.flash_attention:
        return None
    if t.attention_kernel is not None:
        return t.attention_kernel
    if activation_kernels(scenario) is ActivationKernels.FUSED:
        return AttentionKernel.HOPPER_FUSED
    return AttentionKernel.FLASH_ATTENTION_2


def training_attention_efficiency(scenario: Scenario, card: Card) -> float:
    """Share of peak the step's attention sustains [-]: the scenario's figure when set, else the
    kernel's published figure on the card's architecture, else
    :data:`~configurator.core.formulas.efficiency.ATTENTION_FALLBACK_EFFICIENCY`."""
    own = scenario.assumptions.attention_efficiency
    if own is not None:
        return own
    kernel = training_attention_kernel(scenario)
    found = None if kernel is None else \
        attention_kernel_efficiency(kernel.value, gemm_family(card.architecture, card.is_consumer, card.id))
    return ATTENTION_FALLBACK_EFFICIENCY if found is None else found
