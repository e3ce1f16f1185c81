"""The decode step's elementwise bytes per token with each engine build's fusions
(configurator.core.formulas.engine_fusions): the unfused sum matches notes-decode-slope-2026-12-06.md §1
(Llama 3.1 405B TP8 FP8: 271.6 kB a token a layer; 70B TP8: 137.5 kB), each fusion removes its kernel's
round trip, and a build's fusion flags change the release's set."""

from __future__ import annotations

from numpy.testing import assert_allclose

from configurator.core.formulas.engine_fusions import (BUILD_FLAGS, ENGINE_FUSIONS, Fusions, activation_bytes,
                                                       engine_fusions, fused_elementwise_bytes_per_token,
                                                       quantize_bytes, residual_norm_bytes, rotary_bytes)

UNFUSED = Fusions(rope_in_attention=False, norm_in_allreduce=False, swiglu_in_gemm=False, quant_in_producer=True)


def _llama(h, q, kv, f, layers_cache, fusions, tp=8):
    """A Llama layer's bytes at FP8 products (e 2, q 1) and an FP8 cache of ``2·kv/tp`` bytes a layer a rank."""
    return fused_elementwise_bytes_per_token(h, q + kv, f, layers_cache, True, 2.0, 1.0, tp, fusions)


def test_unfused_sum_is_the_slope_notes():
    assert_allclose(_llama(16384, 16384, 1024, 53248, 2 * 1024 / 8, UNFUSED), 271_616, rtol=1e-3)
    assert_allclose(_llama(8192, 8192, 1024, 28672, 2 * 1024 / 8, UNFUSED), 137_472, rtol=1e-3)


def test_each_kernel():
    assert residual_norm_bytes(8192, 2, 1, in_allreduce=False) == 7 * 8192
    assert residual_norm_bytes(8192, 2, 1, in_allreduce=True) == 5 * 8192
    assert rotary_bytes(1152, 2) == 4 * 1152
    assert activation_bytes(3584, 2, 1, gated=True) == 5 * 3584
    assert activation_bytes(3584, 2, 2, gated=False) == 4 * 3584
    assert quantize_bytes(8192, 2, 1) == 3 * 8192


def test_fusions_remove_their_round_trips():
    h, q, kv, f, cache = 8192, 8192, 1024, 28672, 256.0
    base = _llama(h, q, kv, f, cache, UNFUSED)
    trt = _llama(h, q, kv, f, cache, ENGINE_FUSIONS["tensorrt-llm"])
    assert_allclose(base - trt, rotary_bytes((q + kv) / 8, 2))
    v41 = _llama(h, q, kv, f, cache, engine_fusions("tensorrt-llm", ("reduce_fusion",)))
    assert_allclose(trt - v41, 2 * 2 * h)  # each norm's read of the all-reduce's output
    assert _llama(h, q, kv, f, cache, engine_fusions("tensorrt-llm", ("reduce_fusion",)), tp=1) == \
        _llama(h, q, kv, f, cache, ENGINE_FUSIONS["tensorrt-llm"], tp=1)  # no all-reduce on one rank
    v50 = _llama(h, q, kv, f, cache, engine_fusions("tensorrt-llm", ("reduce_fusion", "gemm_swiglu_plugin")))
    assert_allclose(v41 - v50, activation_bytes(f / 8, 2, 1, True))
    unquantized = UNFUSED._replace(quant_in_producer=False)
    assert_allclose(_llama(h, q, kv, f, cache, unquantized) - base,
                    2 * h + f / 8 + 2 * quantize_bytes(h, 2, 1) + quantize_bytes(f / 8, 2, 1))


def test_build_flags_over_the_release():
    assert engine_fusions("tensorrt-llm") is ENGINE_FUSIONS["tensorrt-llm"]
    assert engine_fusions("tensorrt-llm", ("gemm_swiglu_plugin",)).swiglu_in_gemm
    assert engine_fusions("tensorrt-llm", ("norm_quant_fusion",)) == ENGINE_FUSIONS["tensorrt-llm"]
    assert engine_fusions("vllm") is ENGINE_FUSIONS["vllm"]
    assert engine_fusions("transformers") is None and engine_fusions("ideal") is None
    assert set(BUILD_FLAGS) == {"reduce_fusion", "gemm_swiglu_plugin", "norm_quant_fusion"}
