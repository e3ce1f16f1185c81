"""Share of peak a fused attention kernel sustains in training and in prefill, by kernel and card
architecture (issue 27): FlashAttention-2 reaches about twice the share of peak on an A100 that it reaches on
an H100, where FlashAttention-3 and cuDNN's fused attention use Hopper's asynchronous tensor
cores; one share for every card and kernel misprices one or the other.

The shares are published kernel benchmarks (16-bit, head dimension 128, sequences 2k-16k), not
fitted to training rows. Kernel benchmarks count the backward as 2.5 times the forward's work
(it computes the scores again: five matrix products against two; Dao, flash-attention issue
1525, 2025), the estimator's model FLOPs as twice it
(:func:`~configurator.core.formulas.flops.causal_attention_flops_per_token`), so the share of
peak on model FLOPs is ``3 / (1/η_fwd + 2.5/η_bwd)``.
"""

from __future__ import annotations

KERNEL_BACKWARD_WORK = 2.5
"""Backward work of a fused attention kernel per unit of forward work (the forward's two matrix
products and the backward's five, the scores recomputed; T. Dao, Dao-AILab/flash-attention issue
1525, 2025-03-04; Dao 2023, "FlashAttention-2", §4.1) [-]."""

MODEL_BACKWARD_WORK = 2.0
"""Backward work per unit of forward work in model FLOPs (6 = 2 forward + 4 backward,
:func:`~configurator.core.formulas.flops.causal_attention_flops_per_token`) [-]."""

FA2 = "flash-attention-2"
"""FlashAttention-2: the flash-attn package and PyTorch's ``scaled_dot_product_attention`` flash
backend (the same kernel, vendored since PyTorch 2.2)."""

HOPPER_FUSED = "hopper-fused"
"""FlashAttention-3 and cuDNN's fused attention: kernels written for Hopper's asynchronous tensor
cores (warp-specialised WGMMA with TMA)."""

ATTENTION_KERNEL_SHARES: dict[tuple[str, str], tuple[float, float]] = {
    (FA2, "ampere"): (0.73, 0.50),
    (FA2, "hopper"): (0.35, 0.31),
    (HOPPER_FUSED, "hopper"): (0.60, 0.54),
}
"""(kernel, GEMM family) → (forward, backward) share of the card's dense 16-bit peak [-], head
dimension 128, 16-bit, sequences 2k-16k.

- FlashAttention-2 on the A100 (312 TFLOP/s): forward "up to 230 TFLOPs/s, 73% of the theoretical
  maximum" (Dao 2023, "FlashAttention-2: Faster Attention with Better Parallelism and Work
  Partitioning", arXiv:2307.08691, §4); the abstract's range for the kernels is "50-73%", and the
  low end is taken for the backward, which keeps more synchronisation (§3.3; its backward figures
  are plots, not numbers in the text). The same paper's H100 run, "up to 335 TFLOPs/s" forward and
  backward (§4.1, Fig. 7), checks the Hopper line below (0.35 and 0.31 give 317 TFLOP/s).
- FlashAttention-2 on the H100 SXM (989.5 TFLOP/s): forward "only 35 % utilization" (Shah et al.
  2024, "FlashAttention-3", arXiv:2407.08608, abstract); PyTorch's SDPA forward 287-304 TFLOP/s
  (0.29-0.31) at sequences 1k-16k (pytorch/benchmark PR 2296, 2024-06); backward 291-322 TFLOP/s
  (0.29-0.33, Shah et al. 2024, backward-speed figure), 0.31 the middle.
- FlashAttention-3 / cuDNN on the H100 SXM: forward 566-621 TFLOP/s (0.57-0.63) at sequences
  2k-16k on the FA3 paper's shapes (pytorch/benchmark PR 2391, 2024-07), 0.60 the middle; cuDNN
  612-675 TFLOP/s forward on the same sweep (Dao-AILab/flash-attention PR 1075, H100 PCIe);
  backward 501-561 TFLOP/s (0.51-0.57, Shah et al. 2024), 0.54 the middle.
"""

PRE_HOPPER_FAMILIES = frozenset({"ampere", "ampere-geforce", "ada", "ada-geforce"})
"""GEMM families older than Hopper, where a Hopper kernel is not run and FlashAttention-2 is."""


def model_flops_share(forward: float, backward: float) -> float:
    """Share of peak on the estimator's attention FLOPs (backward counted twice the forward) of a
    kernel that sustains ``forward`` and ``backward`` of peak on its own count (backward 2.5×)
    [-]: ``(1 + 2) / (1/forward + 2.5/backward)``."""
    return (1.0 + MODEL_BACKWARD_WORK) / (1.0 / forward + KERNEL_BACKWARD_WORK / backward)


def attention_kernel_efficiency(kernel: str, family: str) -> float | None:
    """Forward-and-backward share of peak, on model FLOPs, of ``kernel`` on a card of GEMM
    ``family`` (:func:`~configurator.core.formulas.gemm_efficiency.gemm_family`) [-]; a Hopper
    kernel on an older card takes FlashAttention-2's figure there (FlashAttention-3 needs Hopper,
    and Transformer Engine prefers flash-attn before it); None where no benchmark is listed."""
    shares = ATTENTION_KERNEL_SHARES.get((kernel, family))
    if shares is None and kernel == HOPPER_FUSED and family in PRE_HOPPER_FAMILIES:
        shares = ATTENTION_KERNEL_SHARES.get((FA2, family))
    return None if shares is None else model_flops_share(*shares)


def attention_forward_share(kernel: str, family: str) -> float | None:
    """Forward share of the card's dense 16-bit peak of ``kernel`` on a card of GEMM ``family``
    (:data:`ATTENTION_KERNEL_SHARES`; a Hopper kernel on an older card takes FlashAttention-2's
    figure there, as :func:`attention_kernel_efficiency`) [-]: a prompt's attention runs the
    forward alone. None where no benchmark is listed."""
    shares = ATTENTION_KERNEL_SHARES.get((kernel, family))
    if shares is None and kernel == HOPPER_FUSED and family in PRE_HOPPER_FAMILIES:
        shares = ATTENTION_KERNEL_SHARES.get((FA2, family))
    return None if shares is None else shares[0]


def prefill_attention_seconds(attention_flops: float, peak_flops: float, forward_share: float) -> float:
    """Time of a prompt's causal attention at the kernel's forward share of the card's dense 16-bit
    peak [s]: ``F_attn / (η_fwd · peak)`` (``attention_flops`` [FLOP], ``peak_flops`` [FLOP/s])."""
    return attention_flops / (forward_share * peak_flops)
