"""Serving memory per token: the KV cache a token leaves in every layer and how tensor
parallelism splits it (moved out of :mod:`configurator.core.memory`, which holds training's)."""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture


def kv_cache_bytes_per_token(model: ModelArchitecture, kv_bytes: float) -> float:
    """KV cache per token over all layers [B]: ``2·L·n_kv·d_head·bytes`` (vLLM paper §3), ``kv_bytes``
    the bytes of one cached element [B]."""
    return model.kv_elements_per_token() * kv_bytes


def kv_shards(model: ModelArchitecture, tp: int) -> int:
    """Ways tensor parallelism splits the KV cache [count] (KV heads are replicated beyond their count;
    the MLA latent is replicated on every rank)."""
    return 1 if model.is_mla else min(tp, model.kv_heads)
