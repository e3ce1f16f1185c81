"""The elementwise kernels of a decode step's layer and which of them each engine's build fuses away:
the bytes they move per token (residual add and RMSNorm twice, rotary embedding, the new token's cache
entry, the gated activation, a separate FP8 quantize), each kernel reading its inputs and writing its
output once, ``e`` bytes per activation element (the residual stream and the products' outputs stay
16-bit under FP8 weights) and ``q`` bytes per element of a product's input (1 where the kernel writes
FP8 for an FP8 product). Unfused, the kernels are vLLM's (vllm-project/vllm ``csrc/layernorm_kernels.cu``
``fused_add_rms_norm``, ``csrc/pos_encoding_kernels.cu`` ``rotary_embedding``, ``csrc/cache_kernels.cu``
``reshape_and_cache``, ``csrc/activation_kernels.cu`` ``silu_and_mul``; read December 2026,
``notes-decode-slope-2026-12-06.md`` §1).

A fusion removes a kernel's round trip through memory (:class:`Fusions`); the sets per engine release are
:data:`ENGINE_FUSIONS`, what a build's fusion flags change :data:`BUILD_FLAGS`, each with the source that says so.
Under tensor parallelism the norms run whole on every rank (the hidden state is replicated), rotary and the
activation on the rank's share.
"""

from __future__ import annotations

from typing import NamedTuple


class Fusions(NamedTuple):
    """Which elementwise round trips an engine build folds into a neighbouring kernel."""

    rope_in_attention: bool
    """Rotary embedding applied (and the cache entry written) inside the decode attention kernel."""
    norm_in_allreduce: bool
    """Residual add and RMSNorm inside the tensor-parallel all-reduce kernel (with more than one rank)."""
    swiglu_in_gemm: bool
    """The gated activation in the gate-up product's epilogue."""
    quant_in_producer: bool
    """The norm and the activation write the FP8 input of the next product themselves."""


ENGINE_FUSIONS: dict[str, Fusions] = {
    # vLLM: fused_add_rms_norm (and its static-FP8-quant variant, csrc/layernorm_quant_kernels.cu), a separate
    # rotary_embedding and reshape_and_cache before the attention kernel, silu_and_mul after the gate-up product
    # (vllm-project/vllm csrc/, read December 2026: notes-decode-slope-2026-12-06.md §1).
    "vllm": Fusions(rope_in_attention=False, norm_in_allreduce=False, swiglu_in_gemm=False, quant_in_producer=True),
    # SGLang's sgl-kernel ships the same four kernels (fused_add_rmsnorm, rotary, the cache store, silu_and_mul);
    # taken as vLLM's set, not read kernel by kernel.
    "sglang": Fusions(rope_in_attention=False, norm_in_allreduce=False, swiglu_in_gemm=False, quant_in_producer=True),
    # TensorRT-LLM, a release's trtllm-build without fusion flags: the generation-phase attention kernel "is able to
    # apply pre-processing on the Q, K, and V elements on-the-fly: adds the QKV bias, applies RoPE, and performs
    # dequantization and quantization" and populates the KV cache (NVIDIA/TensorRT-LLM 5a211b91,
    # docs/source/advanced/gpt-attention.md, Generation Phase, KV Cache); reduce_fusion and gemm_swiglu_plugin are
    # off unless a build asks for them (BUILD_FLAGS).
    "tensorrt-llm": Fusions(rope_in_attention=True, norm_in_allreduce=False, swiglu_in_gemm=False,
                            quant_in_producer=True),
}
"""The fusion set of each engine's release (by :class:`~configurator.core.engines.Engine` value). Engines not here
(Hugging Face transformers, whose eager prompt layers carry their own traffic, ``formulas/eager_layer.py``;
llama.cpp, not read; the ideal engine) are charged no elementwise traffic in the decode step."""

BUILD_FLAGS: dict[str, dict[str, bool]] = {
    # trtllm-build --reduce_fusion: the residual add and RMSNorm after a tensor-parallel all-reduce run inside the
    # all-reduce kernel (NVIDIA/TensorRT-LLM docs, performance-tuning-guide/useful-build-time-flags, 'Reduce Norm
    # Fusion'; cpp/tensorrt_llm/kernels/communicationKernels/allReduceFusionKernels.cu).
    "reduce_fusion": {"norm_in_allreduce": True},
    # trtllm-build --gemm_swiglu_plugin fp8: the gate-up product and SwiGLU in one kernel on Hopper (same page,
    # 'GEMM + SwiGLU Fusion in Gated-MLP').
    "gemm_swiglu_plugin": {"swiglu_in_gemm": True},
    # trtllm-build --norm_quant_fusion (Blackwell): RMSNorm writes the quantized input of the next product, as the
    # release's set already charges it (quant_in_producer).
    "norm_quant_fusion": {"quant_in_producer": True},
}
"""What each elementwise-fusion flag of an engine build changes in the release's :class:`Fusions`
(:attr:`~configurator.core.engines.EngineProfile.build_fusions`: an MLPerf submission's harness build states its
flags in its configuration)."""


def engine_fusions(engine: str, build_flags: tuple[str, ...] = ()) -> Fusions | None:
    """The fusion set of ``engine``'s release (:data:`ENGINE_FUSIONS`) with its build's fusion flags
    ``build_flags`` (:data:`BUILD_FLAGS`) applied; None for an engine charged no elementwise traffic."""
    fusions = ENGINE_FUSIONS.get(engine)
    if fusions is None:
        return None
    for flag in build_flags:
        fusions = fusions._replace(**BUILD_FLAGS[flag])
    return fusions


def residual_norm_bytes(hidden: float, e: float, q: float, in_allreduce: bool) -> float:
    """Bytes one residual add + RMSNorm moves per token [B].

    ``(3e + q)·h``: read the residual and the sub-layer's output, write the new residual and the normed
    input of the next product (vLLM ``fused_add_rms_norm``). Inside the all-reduce kernel the sub-layer's
    output arrives from the peers' buffers (the collective's traffic): ``(2e + q)·h`` (NVIDIA/TensorRT-LLM
    ``cpp/tensorrt_llm/kernels/communicationKernels/allReduceFusionKernels.cu``).

    Parameters
    ----------
    hidden : hidden size [elements]
    e : bytes of an activation element [B]
    q : bytes of an element of the next product's input [B]
    in_allreduce : the add and norm run inside the all-reduce kernel
    """
    return ((2.0 if in_allreduce else 3.0) * e + q) * hidden


def rotary_bytes(rotary_width: float, e: float) -> float:
    """Bytes a separate rotary-embedding kernel moves per token [B]: ``2e`` per rotated element, read and
    written in place (vLLM ``rotary_embedding``); ``rotary_width`` the rank's rotated q and k elements."""
    return 2.0 * e * rotary_width


def activation_bytes(width: float, e: float, q: float, gated: bool) -> float:
    """Bytes the MLP's activation kernel moves per token [B]: gated ``(2e + q)·f`` (read gate and up, write
    the product's input; vLLM ``silu_and_mul``), plain ``(e + q)·f``; ``width`` the rank's inner width
    [elements]."""
    return ((2.0 if gated else 1.0) * e + q) * width


def quantize_bytes(width: float, e: float, q: float) -> float:
    """Bytes a separate quantize kernel moves per token [B]: read ``e``, write ``q`` per element of
    ``width`` (a product's FP8 input where the producer writes 16-bit)."""
    return (e + q) * width


def fused_elementwise_bytes_per_token(hidden: float, rotary_width: float, mlp_width: float, cache_bytes: float,
                                      gated: bool, e: float, q: float, tp: int, fusions: Fusions) -> float:
    """Bytes a decode step's elementwise kernels move per token and layer on one of ``tp`` ranks [B].

    Sum of :func:`residual_norm_bytes` twice (the norm in the all-reduce only with ``tp > 1``),
    :func:`rotary_bytes` unless the attention kernel applies it, the new token's cache entry
    ``cache_bytes`` (written by whichever kernel), :func:`activation_bytes` unless the gate-up
    product's epilogue runs it, and :func:`quantize_bytes` of the norms' and the activation's outputs
    where the producers write 16-bit for an 8-bit product (``q < e``).

    Parameters
    ----------
    hidden : hidden size [elements]
    rotary_width : rotated q and k elements of the whole layer (MLA: its rope part) [elements]
    mlp_width : MLP inner width a token passes through [elements]
    cache_bytes : the token's cache entry for the layer on this rank [B]
    gated : gated MLP (SwiGLU)
    e, q : bytes of an activation and of a product's input element [B]
    tp : tensor-parallel ranks [count]
    fusions : the engine build's :class:`Fusions`
    """
    in_allreduce = fusions.norm_in_allreduce and tp > 1
    total = 2.0 * residual_norm_bytes(hidden, e, e if not fusions.quant_in_producer else q, in_allreduce)
    if not fusions.rope_in_attention:
        total += rotary_bytes(rotary_width / tp, e)
    total += cache_bytes
    if not fusions.swiglu_in_gemm:
        total += activation_bytes(mlp_width / tp, e, e if not fusions.quant_in_producer else q, gated)
    if not fusions.quant_in_producer and q < e:
        total += 2.0 * quantize_bytes(hidden, e, q) + (0.0 if fusions.swiglu_in_gemm else
                                                        quantize_bytes(mlp_width / tp, e, q))
    return total
