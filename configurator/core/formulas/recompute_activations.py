"""Activation memory of a training step under selective recomputation policies that keep more than
a layer's input and less than its whole set: torchtitan's per-op checkpointing and DeepSeek-V3's FP8
activation cache. Moved out of :mod:`configurator.core.formulas.activations` (a layer's whole set)."""

from __future__ import annotations


def per_op_kept_bytes_per_token(hidden, matmul_widths, attn_out_dim, n_heads, math_bytes, residual_bytes):
    """Bytes one transformer block keeps for backward under per-op selective checkpointing [B per token].

    Parameters
    ----------
    hidden : int
        Width of the residual stream, the block's input [count].
    matmul_widths : sequence of int
        Output widths of the block's matmuls in call order (Llama: q, k, v, output, gate, up,
        down) [count].
    attn_out_dim, n_heads : int
        Width of the attention kernel's output and its query heads [count].
    math_bytes, residual_bytes : float
        Bytes of one math element and of one residual-stream element [B].

    Returns
    -------
    float
        ``residual_bytes·h`` (the checkpointed block's input) ``+ math_bytes·(Σ every other matmul
        output + attention output) + 4·heads`` (the kernel's fp32 log-sum-exp). The policy counts
        matmuls across forwards of the same block, so with an odd count per block the saved half
        alternates between steps; the larger half is what the step's peak holds [B].

    References
    ----------
    torchtitan ``parallelize_llama.py`` at 9dec370 (2024-12-26, the commit of its December 2024
    benchmarks) and 820504e (2025-06-13): ``_save_list`` = ``aten.mm``, the flash and
    memory-efficient SDPA kernels, ``reduce_scatter_tensor``, ``abs``/``max``; the policy returns
    ``MUST_SAVE`` for those "except every second mm" (``meta[mm_count_key] % 2 == 0`` recomputes),
    everything else ``PREFER_RECOMPUTE``; PyTorch ``torch.utils.checkpoint``
    ``create_selective_checkpoint_contexts``.
    """
    odd, even = sum(matmul_widths[0::2]), sum(matmul_widths[1::2])
    return residual_bytes * hidden + math_bytes * (max(odd, even) + attn_out_dim) + 4.0 * n_heads


def fp8_cache_kept_bytes_per_token(hidden, attention_inputs, attn_out_dim, n_heads, mlp_copies, mlp_width, gated_mlp,
                                   math_bytes, residual_bytes, cache_bytes, attention_out_bytes):
    """Bytes one layer keeps for backward under DeepSeek-V3's FP8 activation cache [B per token].

    Parameters
    ----------
    hidden : int
        Width of the residual stream [count].
    attention_inputs : float
        Elements kept, at ``math_bytes``, to rebuild q, k and v: MLA's latents before their norms
        (``q_rank + kv_rank + rope``), whose up-projections run again; q, k and v themselves
        without MLA [count].
    attn_out_dim, n_heads : int
        Width of the attention output and query heads [count].
    mlp_copies : float
        MLP inputs a token makes (1 dense; top-k + shared experts) [count].
    mlp_width : float
        MLP inner width a token passes through (all its experts) [count].
    gated_mlp : bool
        SwiGLU MLP: its two inputs are cached (GELU: one).
    math_bytes, residual_bytes : float
        Bytes of one 16-bit math element and of one residual-stream element [B].
    cache_bytes, attention_out_bytes : float
        Bytes of a cached linear input (1 under FP8) and of the attention output (1.5: E5M6) [B].

    Returns
    -------
    float
        The two norms' inputs (``2·residual_bytes·h``; their outputs are recomputed), the attention
        inputs, the attention output and one fp32 log-sum-exp per head, the experts' inputs
        (``copies·h``) and the activation's inputs at ``cache_bytes`` (its output is recomputed)
        [B per token].

    References
    ----------
    DeepSeek-AI 2024, "DeepSeek-V3 Technical Report" (arXiv 2412.19437) §3.2.3 "Recomputation of
    RMSNorm and MLA Up-Projection" and §3.3.2 "Low-Precision Storage and Communication": the
    Linear's inputs cached in FP8, the inputs of the Linear after attention in E5M6, the inputs of
    the MoE SwiGLU cached in FP8 and its output recomputed; flash attention keeps the output and
    the log-sum-exp (Dao 2023, Algorithm 1).
    """
    attention = math_bytes * attention_inputs + attention_out_bytes * attn_out_dim + 4.0 * n_heads
    mlp = cache_bytes * (mlp_copies * hidden + (2 if gated_mlp else 1) * mlp_width)
    return 2 * residual_bytes * hidden + attention + mlp
