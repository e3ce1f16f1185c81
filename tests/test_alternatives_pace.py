"""A training summary without a deadline picks its alternatives among the configurations finishing within
1.25x the choice's time, but counts their cost per unit of work at the pace asked, as ``recommend`` does:
one configuration, one cost per million tokens on the command line and in the summary (until December 2026
4 x A10 read 0.0937 USD per million tokens in the summary, 0.0591 on the command line)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario
from configurator.report.summary import ranked_options

CATALOG = load_catalog()


def test_an_alternative_costs_what_the_ranking_says():
    asked = Scenario(model=preset("qwen2.5-7b"), workload="lora", card_id="rtx-a6000", count=2,
                     constraints={"region": "cn"})
    chosen = estimate(asked, CATALOG.get("rtx-a6000"))
    ranked = {(r.card.id, r.count): r.score for r in recommend(asked, CATALOG, Objective.TCO, limit=50).ranked}
    _, priced, _ = ranked_options(chosen, CATALOG, Objective.TCO)
    compared = [(o.estimate.card.id, o.estimate.scenario.count) for o in priced
                if (o.estimate.card.id, o.estimate.scenario.count) in ranked]
    assert compared  # the same configurations appear in both
    for option in priced:
        key = (option.estimate.card.id, option.estimate.scenario.count)
        assert option.estimate.scenario.constraints.deadline_hours is None  # the pace asked: none
        if key in ranked:
            assert option.per_unit == pytest.approx(ranked[key], rel=1e-6), key


def test_a_table_with_servers_names_the_data_halls_bill():
    """The alternatives' cost column is named for every bill in the table: beside a choice in a deskside
    workstation, servers (A10, T4) make it "cards, servers, network" (it read "cards, workstations" from
    the choice alone, persona44c)."""
    from configurator.report.summary import build_summary

    asked = Scenario(model=preset("qwen2.5-7b"), workload="lora", card_id="rtx-a6000", count=2,
                     constraints={"region": "cn"})
    summary = build_summary(estimate(asked, CATALOG.get("rtx-a6000")), CATALOG, "en")
    note = next(t for t in summary.tables if t.key == "alternatives").note
    assert "cards, servers, network" in note and "cards, workstations" not in note.split("A row")[0]
