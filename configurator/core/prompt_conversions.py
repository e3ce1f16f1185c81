"""The FP16 copies of activations around an engine's cuBLAS prompt products (issue 27).

llama.cpp keeps a layer's activations in FP32 and multiplies FP16 (and, before June 2024,
dequantized) weights with cuBLAS in FP16: for every weight product of a batch of more than one
token it converts the product's FP32 input to an FP16 copy with one elementwise kernel, lets
``cublasGemmEx(..., CUDA_R_16F, ..., CUBLAS_COMPUTE_16F)`` write an FP16 result, and converts that
back to FP32 with another (ggml-org/ggml e87c0557, 2024-05-14 sync of llama.cpp b2836–b2843,
src/ggml-cuda.cu ``ggml_cuda_op_mul_mat_cublas`` lines 1233–1270: ``to_fp16_cuda(src1_ddf_i,
src1_as_f16.get(), ...)``, then ``to_fp32_cuda(dst_f16.get(), dst_dd_i, ...)``; the same at
ggml-org/ggml a8db410a, 2026-01-30, src/ggml-cuda/ggml-cuda.cu lines 1286–1337). Both are
``convert_unary`` (src/ggml-cuda/convert.cu at e87c0557, lines 710–727: one element per thread,
``y[i] = x[i]``), each reading 4 bytes and writing 2 per element, or reading 2 and writing 4.
The product's own reads of the FP16 copy and its FP16 writes are the product's, in its
efficiency, as in any engine with 16-bit activations; these two passes are extra memory traffic
that engines with 16-bit activations (vLLM, SGLang, TensorRT-LLM) do not run.

llama.cpp issues one product per weight tensor of the GGUF file: for a Llama layer ``attn_q``,
``attn_k``, ``attn_v`` (each converting the same normed input), ``attn_output``, ``ffn_gate``,
``ffn_up`` (each converting the same input) and ``ffn_down`` (llama.cpp b2836, llama.cpp
``llm_build_context::build_llama``: ``ggml_mul_mat(ctx0, model.layers[il].wq, cur)``, then
``wk`` and ``wv``; ``llm_build_ffn`` with ``LLM_FFN_PAR``: ``up`` and ``gate`` on the same
input). The output head of a prompt multiplies only the last token (one row: llama.cpp's
mat-vec kernel, no cuBLAS), so it is not counted. MLA and MoE layers are counted with the same
formula from their widths (an approximation: llama.cpp's MoE products, ``mul_mat_id``, also copy
each expert's rows to a contiguous buffer and back, not counted).

Not counted either: the attention products' own conversions on llama.cpp's path without
FlashAttention (its ``ggml_cuda_mul_mat_batched_cublas`` converts the queries and the softmaxed
scores to FP16 and the scores and outputs back), which depend on the build's attention default.
Counting them for the builds of 2024 (FlashAttention off by default: llama-bench ``-fa 0``) with the
softmax's passes, 24 bytes per score, at the same HBM factor was tried (2026-12-03): the prompt share's
rule went 1.021 -> 1.31 (leave one row out 11.6 -> 11.9 % median) and the INT8 share's 0.342 -> 0.447
(26.6 -> 29.7 %), so it was not shipped.
"""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture

CONVERSION_BYTES = 4 + 2
"""Bytes one element costs in one conversion pass: FP32 read and FP16 written (the input), or
FP16 read and FP32 written (the result) [B] (ggml ``convert_unary``)."""


def converted_elements_per_token(model: ModelArchitecture) -> float:
    """Elements of one token's inputs and results of the weight products, summed over the layers,
    as llama.cpp issues them, one product per weight tensor [elements]:
    ``3·d + (q + 2·kv)`` for the query, key and value products (each converts the ``d``-wide
    input), ``o + d`` for the attention output's, and per MLP (expert) copy a token makes
    ``u·d + u·f`` for the up (and gate) products and ``f + d`` for the down product (``u`` 2 when
    gated, else 1; ``f`` the MLP width the token passes through, :attr:`~configurator.core.
    architecture.ModelArchitecture.mlp_token_width`)."""
    d, up = float(model.hidden), (2 if model.gated_mlp else 1)
    attention = 3 * d + model.q_dim + 2 * model.kv_dim + model.attn_out_dim + d
    mlp = model.mlp_copies_per_token * (up + 1) * d + (up + 1) * model.mlp_token_width
    return model.n_layers * (attention + mlp)


def conversion_bytes(model: ModelArchitecture, tokens: float) -> float:
    """Memory traffic of the FP16 conversions around the weight products of ``tokens`` prompt
    tokens [B]: :func:`converted_elements_per_token` × tokens × :data:`CONVERSION_BYTES`."""
    return converted_elements_per_token(model) * tokens * CONVERSION_BYTES
