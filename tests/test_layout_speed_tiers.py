"""The training search times each part of a step once per distinct value of the fields it reads
(:mod:`configurator.core.workloads.training.layout_speed`): the grouping must put two layouts in
one group exactly when those fields agree, and a catalog pass through the groups must plan what
each card planned alone gets."""

from __future__ import annotations

import numpy as np
import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import clear_estimate_memo
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.training.layout_speed import field_ranks, tier
from configurator.core.workloads.training.search import plan_training_layout


def _grid(rows: int, seed: int, top: int = 8) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {name: rng.integers(0, top, rows) for name in ("tp", "pp", "vp", "mb")}


@pytest.mark.parametrize("fields", [("tp",), ("tp", "pp"), ("tp", "pp", "mb"), ("pp", "vp", "mb", "tp")])
def test_a_tier_groups_rows_exactly_by_the_fields_it_reads(fields):
    g = _grid(3000, 7)
    grouped = tier(g, fields)
    key = np.stack([g[f] for f in fields], axis=1)
    assert np.array_equal(key[grouped.rows][grouped.group], key)  # each row's group holds its values
    assert len({tuple(k) for k in key[grouped.rows]}) == len(grouped.rows)  # one row per distinct value
    first = np.full(len(grouped.rows), len(key))
    np.minimum.at(first, grouped.group, np.arange(len(key)))
    assert np.array_equal(grouped.rows, first)  # each group's first row
    for name in fields:
        assert np.array_equal(grouped.column(g, name), g[name][grouped.rows])


def test_a_tier_too_wide_for_a_dense_table_is_sorted_instead():
    g = _grid(5000, 3, top=64)
    wide = tier(g, ("tp", "pp", "vp", "mb"))  # 64**4 codes: over the dense table's limit
    key = np.stack([g[f] for f in ("tp", "pp", "vp", "mb")], axis=1)
    assert np.array_equal(key[wide.rows][wide.group], key)
    assert len({tuple(k) for k in key[wide.rows]}) == len(wide.rows)


def test_field_ranks_number_the_distinct_values_in_order():
    ranks, count = field_ranks(np.array([8, 1, 4, 8, 1]))
    assert count == 3 and ranks.tolist() == [2, 0, 1, 2, 0]


@pytest.mark.parametrize(("workload", "count"), [("pretrain", 64), ("pretrain", 512), ("lora", 16)])
def test_a_catalog_pass_through_the_kept_tiers_plans_what_each_card_plans_alone(catalog, workload, count):
    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=count, workload=workload,
                        training={"seq_len": 4096, "tokens": 1e11}, auto_layout=LAYOUT_FIELDS)
    clear_estimate_memo()
    shared = [plan_training_layout(scenario, card, top=3) for card in catalog.cards]  # tiers kept per grid
    assert sum(bool(plan.layouts) for plan in shared) > 10
    for card, plan in zip(catalog.cards, shared, strict=True):
        clear_estimate_memo()
        assert plan_training_layout(scenario, card, top=3) == plan, card.id
