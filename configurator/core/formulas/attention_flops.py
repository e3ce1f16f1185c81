"""Attention's FLOPs per query–key pair and layer: the scores and the weighted sum of values, in
the form the kernel runs (multi-head latent attention decompressed for prompts, absorbed for
decode)."""

from __future__ import annotations


def pair_flops(n_heads, qk_head_dim, v_head_dim):
    """FLOPs of one query–key pair in one layer, summed over the heads [FLOP].

    Parameters
    ----------
    n_heads : int
        Query heads ``h`` [count].
    qk_head_dim : int
        Width of a query and a key per head ``d_qk`` [elements]; MLA decompressed: nope + rope
        (128 + 64 for DeepSeek-V3).
    v_head_dim : int
        Width of a value per head ``d_v`` [elements] (128 for DeepSeek-V3).

    Returns
    -------
    float
        ``2·h·(d_qk + d_v)``: a multiply and an add per element of the score ``q·k`` and of the
        weighted value ``p·v``. Multi-head and grouped-query attention (``d_qk = d_v = d_head``):
        ``4·h·d_head``, the ``4·Q`` per pair of Kaplan et al. 2020 Table 1 (``2·n_ctx·d_attn``
        per token forward, for the scores; the value sum as much again).

    References
    ----------
    DeepSeek-AI 2024, "DeepSeek-V2" (arXiv:2405.04434) §2.1.2–2.1.3, eq. 14–19: MLA's keys and
    values decompressed, ``q_t,i = [q^C; q^R]`` of ``d_h + d_h^R`` against ``k_j,i`` of the same,
    values of ``d_h``. vLLM ``vllm/v1/attention/backends/mla/common.py`` (commit 37fa5c09), module
    docstring: prompts ("prefill") run this "compute friendly" form, decompressing ``kv_c`` into
    ``k_nope``/``v`` for every context token; SGLang ``python/sglang/srt/models/deepseek_v2.py``
    ``_handle_attention_backend``: a prompt batch with no cached prefix runs ``MHA_ONE_SHOT`` /
    ``MHA_CHUNKED_KV`` (``forward_normal``), only decode and short-prefix extends the absorbed MLA.
    """
    return 2.0 * n_heads * (qk_head_dim + v_head_dim)


def absorbed_mla_pair_flops(n_heads, kv_lora_rank, rope_dim):
    """FLOPs of one query–key pair in one layer of multi-head latent attention run absorbed, as
    decode kernels run it, summed over the heads [FLOP].

    Parameters
    ----------
    n_heads : int
        Query heads ``h`` [count].
    kv_lora_rank : int
        The cached key/value latent's width ``d_c`` [elements] (512 for DeepSeek-V3).
    rope_dim : int
        The decoupled RoPE key's width ``d_h^R`` [elements] (64 for DeepSeek-V3).

    Returns
    -------
    float
        ``2·h·(d_c + d_h^R) + 2·h·d_c``: each head's query, moved into the latent space
        (``q_nope·W_UK``), scores against the cached ``d_c + d_h^R`` latent and rope key, and the
        weighted sum runs over the ``d_c`` latent (``W_UV`` applied after it). DeepSeek-V3:
        ``2·128·(576 + 512)`` = 278,528 FLOP a pair and layer, 3.4 × the decompressed form's
        ``2·128·(192 + 128)`` = 81,920 (:func:`pair_flops`), which decode does not run: it would
        decompress every cached token's keys and values at every step.
        The two absorbed products (``W_UK`` on the query, ``W_UV`` on the output) are
        per token, not per pair: ``2·d_c·h·(d_h + d_v)`` FLOP, the parameters of the
        key/value up-projection once, so the products' ``2·N`` already counts them.

    References
    ----------
    DeepSeek-AI 2024, "DeepSeek-V2" (arXiv:2405.04434) §2.1.2 ("we can absorb W^UK into W^Q, and
    W^UV into W^O") and Appendix C. FlashMLA (deepseek-ai/FlashMLA README): the decode kernel,
    queries and keys of 576, values of 512 (``head_dim_v``). vLLM
    ``vllm/v1/attention/backends/mla/common.py`` (commit 37fa5c09) docstring: decode runs the
    "data-movement friendly" form, attention "similar to multi-query attention" over
    ``Lkv + R``; SGLang ``python/sglang/srt/models/deepseek_v2.py`` ``forward_absorb``.
    """
    return 2.0 * n_heads * (kv_lora_rank + rope_dim) + 2.0 * n_heads * kv_lora_rank
