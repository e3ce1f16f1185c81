"""The prefill pools the serving search tries for separate prefill and decode pools
(:func:`prefill_pool_sizes`), read by the search
(:func:`~configurator.core.workloads.serving.replica_plan.sized_pools`) and by the floor under a layout's
time per token (:mod:`~configurator.core.workloads.serving.latency_floor`)."""

from __future__ import annotations

POOL_SHARES = (1 / 4, 1 / 2, 3 / 4)
"""Shares of the model copies tried as the prefill pool (DistServe §4 searches the split; its
OPT-66B chatbot placement gives prefill one of every 2–4 instances)."""


def prefill_pool_sizes(copies: int, group: int = 1) -> list[int]:
    """The prefill pools tried for ``copies`` model copies (≥ 2): :data:`POOL_SHARES` of them in
    whole groups of ``group`` copies that share one set of routed experts
    (:attr:`~configurator.core.scenario.Scenario.expert_copies`; each pool holds every expert), at
    least one group and leaving one to decode, smallest first, each once; [0] where the copies make
    one group (prefill and decode share it, :attr:`~configurator.core.scenario.Scenario.prefill_copies`)
    [copies]."""
    groups = copies // group
    return sorted({min(max(round(groups * share), 1), groups - 1) * group for share in POOL_SHARES})
