"""The prefill pools the serving search tries for separate prefill and decode pools
(:func:`prefill_pool_sizes`), read by the search
(:func:`~configurator.core.workloads.serving.replica_plan.sized_pools`) and by the floor under a layout's
time per token (:mod:`~configurator.core.workloads.serving.latency_floor`)."""

from __future__ import annotations

POOL_SHARES = (1 / 4, 1 / 2, 3 / 4)
"""Shares of the model copies tried as the prefill pool (DistServe §4 searches the split; its
OPT-66B chatbot placement gives prefill one of every 2–4 instances)."""


def prefill_pool_sizes(copies: int) -> list[int]:
    """The prefill pools tried for ``copies`` model copies (≥ 2): :data:`POOL_SHARES` of them, at
    least one and leaving one to decode, smallest first, each once [copies]."""
    return sorted({min(max(round(copies * share), 1), copies - 1) for share in POOL_SHARES})
