"""The training search shares work across the cards and counts of one analysis (issue 28: the
catalog pass at array speed): the layout grid and its memory per card are kept for the cards of
the same fabric and precision plan, the stage tables' rows for every count. What a card or a
count is given must be what it gets searched alone, every memo cleared first."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo, estimate, sweep_counts
from configurator.core.scenario import COUNT_SWEEP, LAYOUT_FIELDS, Scenario
from configurator.core.workloads.training.search import plan_training_layout


def _training(workload: str = "finetune", count: int = 48, **extra) -> Scenario:
    return Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=count, workload=workload,
                    parallelism={"zero": 3},
                    training={"micro_batch": 4, "seq_len": 4096, "recompute": "full", "tokens": 2e9},
                    auto_layout=LAYOUT_FIELDS, **extra)


@pytest.mark.parametrize(("workload", "count"), [("finetune", 8), ("finetune", 48), ("lora", 64)])
def test_every_card_of_a_catalog_pass_gets_its_own_search(catalog, workload, count):
    scenario = _training(workload, count)
    clear_estimate_memo()
    shared = [plan_training_layout(scenario, card, top=3) for card in catalog.cards]  # one pass, grids shared
    assert sum(bool(plan.layouts) for plan in shared) > 20
    for card, plan in zip(catalog.cards, shared, strict=True):
        clear_estimate_memo()
        assert plan_training_layout(scenario, card, top=3) == plan, card.id


def test_the_sweep_over_counts_gives_what_each_count_gets_alone(catalog):
    scenario = _training(count=64)
    card = catalog.get("h100-sxm")
    counts = sorted({*COUNT_SWEEP, 64})
    clear_estimate_memo()
    swept = sweep_counts(scenario, card, counts)  # stage-table rows shared across the counts
    for est in swept:
        clear_estimate_memo()
        alone = estimate(scenario.model_copy(update={"count": est.scenario.count}), card)
        assert (alone.training, alone.memory, alone.costs) == (est.training, est.memory, est.costs), est.scenario.count
