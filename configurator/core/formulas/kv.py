"""The KV cache of a decoder: bytes per token."""

from __future__ import annotations


def kv_cache_bytes_per_token(n_layers, kv_heads, head_dim, element_bytes):
    """KV cache per token over all layers [B].

    Parameters
    ----------
    n_layers : int
        Decoder layers ``L`` [count].
    kv_heads : int
        Key/value heads ``n_kv`` (the query heads for multi-head attention, fewer with
        grouped-query attention) [count].
    head_dim : int
        Head dimension ``d_head`` [count].
    element_bytes : float
        Bytes per cached element (2 for fp16/bf16, 1 for fp8) [B].

    Returns
    -------
    float
        ``2·L·n_kv·d_head·bytes`` — a key and a value vector per layer [B per token].

    References
    ----------
    Kwon et al. 2023, "Efficient Memory Management for Large Language Model Serving with
    PagedAttention" (vLLM), §3: OPT-13B needs 2 × 5120 × 40 × 2 B = 800 KB per token.
    """
    return 2 * n_layers * kv_heads * head_dim * element_bytes


def mla_cache_bytes_per_token(n_layers, kv_lora_rank, rope_dim, element_bytes):
    """Cache per token of multi-head latent attention [B]: ``L·(d_c + d_h^R)·bytes`` — the
    compressed key/value latent and the decoupled RoPE key per layer (DeepSeek-AI 2024,
    "DeepSeek-V2", §2.1.2–2.1.3, Table 1)."""
    return n_layers * (kv_lora_rank + rope_dim) * element_bytes
