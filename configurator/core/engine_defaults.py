"""The settings an engine picks when the user names none: how many sequences a copy schedules, how many
tokens a step carries, and the KV cache's precision (each an engine's own rule, read from its profile)."""

from __future__ import annotations

from configurator.core.engines import EngineProfile
from configurator.core.units import Precision


def default_max_seqs(profile: EngineProfile, memory_bytes: float, device_name: str) -> int | None:
    """The sequences one model copy schedules together by default on a card of ``memory_bytes`` [B]
    named ``device_name``, vLLM's rule in any profile (vllm/engine/arg_utils.py, ``get_batch_defaults``):
    ``max_seqs_large_card`` where the memory reaches ``large_card_gib`` and the name, in lower case, holds
    none of ``large_card_not_named``, else ``max_seqs``; None: memory alone decides [sequences]. Hugging
    Face transformers' ``generate()`` batches what it is given and the roofline has no engine: no cap."""
    large = profile.max_seqs_large_card
    if large is not None and memory_bytes >= profile.large_card_gib * 2**30:
        name = device_name.lower()
        if not any(part in name for part in profile.large_card_not_named):
            return large
    return profile.max_seqs


def default_step_tokens(profile: EngineProfile, memory_bytes: float, device_name: str, offline: bool) -> int:
    """Tokens one engine step carries by default on a card of ``memory_bytes`` [B] named ``device_name``
    (``offline``: offline batch work, where the profile has a default of its own for it): the last tier of
    ``step_tokens`` (or ``offline_step_tokens``) whose least memory the card reaches, the first for a card whose
    name, in lower case, holds a part of ``large_card_not_named`` (vLLM's A100, PR #17885) [tokens]."""
    tiers = profile.offline_step_tokens if offline and profile.offline_step_tokens is not None else profile.step_tokens
    name = device_name.lower()
    if any(part in name for part in profile.large_card_not_named):
        return tiers[0][1]
    reached = [tokens for least_gib, tokens in tiers if memory_bytes >= least_gib * 2**30]
    return reached[-1] if reached else tiers[0][1]


def default_kv_precision(profile: EngineProfile, weights_fp8: bool, math: Precision | None) -> Precision | None:
    """The KV-cache precision an engine picks when none is named: the model's own dtype (vLLM and
    SGLang ``kv_cache_dtype='auto'``, llama.cpp ``f16``), FP8 beside FP8 weights in TensorRT-LLM's
    FP8 recipes. None = the compute precision."""
    if profile.fp8_kv_with_fp8_weights and weights_fp8 and math is Precision.FP8:
        return Precision.FP8
    return None
