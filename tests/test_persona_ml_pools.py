"""Separate prefill and decode pools of a mixture of experts hold whole groups of the copies that
share one set of routed experts (session 49, mleng49): DeepSeek-V3 on 8 × H200 with attention data
parallel and EP 8 was planned as 4 prefill + 4 decode copies, each pool holding half the experts,
and its SGLang launch started one prefill server on all 8 GPUs and no decode server."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.mismatch import mismatch
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.serving.pool_sizes import prefill_pool_sizes


@pytest.fixture(scope="module")
def h200():
    return load_bundled_catalog().get("h200-sxm")


def _deepseek(count: int, prefill_cards: int | None = None, auto: tuple = (), **constraints) -> Scenario:
    return Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=count, workload="inference",
                    precision="fp8", parallelism={"tp": 1, "ep": 8}, auto_layout=auto,
                    serving={"concurrency": 256, "prompt_tokens": 1024, "output_tokens": 256,
                             "disaggregated": True, "prefill_cards": prefill_cards},
                    constraints=constraints)


def test_pool_sizes_are_whole_expert_groups():
    assert prefill_pool_sizes(8) == [2, 4, 6]  # dense copies: as before
    assert prefill_pool_sizes(16, 8) == [8]  # two groups of 8 copies: one prefills, one decodes
    assert prefill_pool_sizes(32, 8) == [8, 16, 24]
    assert prefill_pool_sizes(8, 8) == [0]  # one group: no pools


def test_one_expert_group_is_not_split_into_pools(h200):
    s = _deepseek(8)
    assert s.expert_copies == 8 and s.prefill_copies == 0  # was 4: each pool half the experts
    est = estimate(s, h200)
    assert est.scenario.prefill_copies == 0
    assert "disaggregation-needs-expert-groups" in {m.id for m in est.messages}


def test_two_expert_groups_make_the_pools():
    s = _deepseek(16)
    assert s.prefill_copies == 8 and s.data_parallel - s.prefill_copies == 8
    assert _deepseek(32, prefill_cards=12).prefill_copies == 8  # rounded down to a whole group


def test_the_plan_never_splits_a_group(h200):
    planned = estimate(_deepseek(8, auto=LAYOUT_FIELDS, ttft_ms=2000, tpot_ms=50), h200).scenario
    group = planned.expert_copies
    assert planned.prefill_copies % group == 0 and (planned.data_parallel - planned.prefill_copies) % group == 0
    assert planned.prefill_copies == 0 or planned.data_parallel >= 2 * group


def test_counts_keep_whole_expert_groups():
    from configurator.core.estimate import pinned_model_parallel, valid_counts

    pinned = Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference",
                      precision="fp8", parallelism={"tp": 1, "ep": 8}, serving={"concurrency": 256})
    assert pinned_model_parallel(pinned) == 8  # was 1: 12 cards were asked and held no layout
    assert valid_counts(pinned, [8, 12, 16]) == [8, 16]


def test_the_wrong_class_check_with_pinned_experts():
    """Ranking every card at the layout pinned (the estimate's wrong-class check) asked counts such
    as 12 that hold no layout of TP 1 × EP 8 and stopped on an empty list (``max() arg is an empty
    sequence``) before session 49."""
    catalog = load_bundled_catalog()
    s = Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=8, workload="inference",
                 precision="fp8", parallelism={"tp": 1, "ep": 8},
                 auto_layout=("pp", "max_batch", "max_batched_tokens"),
                 serving={"concurrency": 4000}, constraints={"tpot_ms": 50})
    assert estimate(s, catalog.get("h200-sxm")).fits
    mismatch(s, catalog)  # no exception
