"""TensorRT-LLM's FP8 context attention (``use_fp8_context_fmha``, a ``trtllm-build`` flag): a prompt's
attention run by the context FMHA kernel in FP8 over an FP8 KV cache, at a share of the card's dense FP8
peak measured from TensorRT-LLM's own kernel tables, instead of the products' rate.

Source: aiconfigurator-core 0.12.0 (PyPI wheel), ``aiconfigurator_core/systems/data/<card>/attention/trtllm/
1.3.0rc20/context_attention_perf.parquet``, op ``context_attention``, ``kernel_source`` ``torch_flow``,
``attn_dtype`` and ``kv_cache_dtype`` ``fp8``. Rule (prefill47's for the 16-bit kernel,
benchmarks/data/notes-prefill-informed-2026-12-06.md §1): the estimator's attention FLOPs
(``4·h·128`` per query–key pair, ``s(s+1)/2`` pairs, × batch) over the latency over the card's dense FP8 peak;
rows kept: head dimension 128, window 0, batch 1-16, 8-96 query heads, prompts 2,048-16,384 tokens (the range of
:data:`~configurator.core.formulas.attention_kernels.ATTENTION_KERNEL_SHARES`). Measured 2026-12-06
(benchmarks/data/notes-fp8-fmha-2026-12-06.md).
"""

from __future__ import annotations

FP8_CONTEXT_FMHA_SHARES: dict[str, float] = {"hopper": 0.306, "blackwell": 0.237}
"""GEMM family → share of the card's dense FP8 peak TensorRT-LLM's FP8 context FMHA sustains on a prompt [-].

- hopper: H100 SXM and H200 SXM pooled, 3,240 rows, median 0.306 (IQR 0.252-0.344; H100 0.303, H200 0.310):
  606 TFLOP/s, 1.31× the same tables' 16-bit kernel (0.467 of the 16-bit peak, 462 TFLOP/s). By prompt length
  (median over head counts, H200): 512 tokens 0.069, 1,024 0.130, 2,048 0.208, 8,192 0.335, 16,384 0.366.
- blackwell: B200 SXM, 1,509 rows, median 0.237 (IQR 0.182-0.283; GB200 0.238): 1,067 TFLOP/s, 1.18× the
  16-bit kernel (0.402). The RTX PRO 6000 Blackwell Server's own table (GB202) gives 0.361 (IQR 0.318-0.388); the
  estimator files that card under the same GEMM family, so it takes the B200's figure.
"""


def fp8_context_fmha_share(family: str) -> float | None:
    """Share of the card's dense FP8 peak of TensorRT-LLM's FP8 context FMHA on a card of GEMM ``family``
    (:func:`~configurator.core.formulas.gemm_efficiency.gemm_family`) [-]; None where no table was measured."""
    return FP8_CONTEXT_FMHA_SHARES.get(family)


def fp8_context_fmha_seconds(attention_flops: float, fp8_peak_flops: float, share: float) -> float:
    """Time of a prompt's causal attention in the FP8 context FMHA [s]: ``F_attn / (η_fp8 · P_fp8)``
    (``attention_flops`` [FLOP], ``fp8_peak_flops`` the card's dense FP8 peak [FLOP/s], ``share`` [-])."""
    return attention_flops / (share * fp8_peak_flops)
