"""The training search times in full only the layouts that can be among the fastest
(configurator.core.workloads.training.bounded, issue 28): the bound on a layout's tokens per
second is never below its exact figure, and the plans are those of timing every layout, to the
last bit, for every card of the catalog."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.training import bounded, search
from configurator.core.workloads.training.layout_speed import (
    PASS_FIELDS,
    layout_speed,
    pass_seconds,
    speed_bound,
    step_slots,
)
from configurator.core.workloads.training.search import plan_training_layout, plan_training_layouts

JOBS = {
    "7b-pretrain": dict(model="llama2-7b", workload="pretrain", count=128,
                        training={"tokens": 1e12, "seq_len": 4096, "recipe": "megatron-mixed"}),
    "70b-pretrain": dict(model="llama3-70b", workload="pretrain", count=512,
                         training={"tokens": 2e12, "seq_len": 4096, "recipe": "megatron-mixed"}),
    "moe-finetune": dict(model="mixtral-8x7b", workload="finetune", count=64,
                         training={"tokens": 1e10, "seq_len": 8192}),
    "8b-lora": dict(model="llama3-8b", workload="lora", count=8, training={"tokens": 1e9, "seq_len": 4096}),
    "8b-pinned-zero3": dict(model="llama3-8b", workload="pretrain", count=64, parallelism={"zero": 3},
                            training={"tokens": 1e11, "seq_len": 4096, "micro_batch": 2},
                            auto=tuple(f for f in LAYOUT_FIELDS if f not in ("zero", "micro_batch"))),
}


def _job(name: str, card_id: str = "h100-sxm") -> Scenario:
    spec = dict(JOBS[name])
    auto = spec.pop("auto", LAYOUT_FIELDS)
    return Scenario(model=preset(spec.pop("model")), card_id=card_id, auto_layout=auto, **spec)


@pytest.mark.parametrize("name", list(JOBS))
def test_the_plans_are_those_of_timing_every_layout(catalog, name, monkeypatch):
    """Every card, one count and four counts searched together: the same plans with the bound as
    with every layout timed (a share of 0 times every layout through the grid's groups)."""
    base = _job(name)
    counts = [base.count // 2, base.count, 2 * base.count, 4 * base.count]
    bounded_plans, every_plans = [], []
    for plans in (bounded_plans, every_plans):
        clear_estimate_memo()
        for card in catalog.cards:
            scenario = base.model_copy(update={"card_id": card.id})
            plans.append(plan_training_layout(scenario, card, top=3))
            plans.extend(plan_training_layouts([scenario.model_copy(update={"count": n}) for n in counts], card, 3))
        monkeypatch.setattr(bounded, "ONE_BY_ONE_SHARE", -1.0)
    assert sum(bool(p.layouts) for p in bounded_plans) > 20
    assert bounded_plans == every_plans


@pytest.mark.parametrize("name", list(JOBS))
def test_the_bound_is_never_below_the_exact_speed(catalog, name, monkeypatch):
    """Each bound of the rows the search may choose against their exact tokens per second, one by one."""
    seen = []
    real = search.fastest_speeds

    def kept(scenario, card, g, table, at, segments, groups, top):
        seen.append((scenario, card, g, table, at, np.concatenate(segments), groups))
        return real(scenario, card, g, table, at, segments, groups, top)

    monkeypatch.setattr(search, "fastest_speeds", kept)
    clear_estimate_memo()
    for card_id in ("h100-sxm", "a100-sxm-40gb", "mi300x", "l40s", "gaudi3"):
        plan_training_layout(_job(name, card_id), catalog.get(card_id), top=3)
    assert seen
    for scenario, card, g, table, at, rows, groups in seen:
        one = groups(PASS_FIELDS)
        bound = speed_bound(rows, one, pass_seconds(scenario, card, g, table, at, one), step_slots(scenario, g))
        exact = layout_speed(scenario, card, g, table, at, rows)["tokens_per_s"]
        assert np.all((bound >= exact) | np.isnan(exact)), card.id
        assert np.mean(bound <= 1.5 * exact) > 0.5  # and mostly tight
