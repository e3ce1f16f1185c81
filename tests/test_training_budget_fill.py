"""The fastest training a budget buys: the card counts between the largest power of two within a
ceiling (a budget, a power cap) and the next, which breaks it, are tried as whole servers
(5/8, 6/8 and 7/8 of the next): ``recommend --objective fastest --budget 20M`` for Llama 3 70B on
2 T tokens read 512 Gaudi 3 in 27.4 days with 4.7 M USD of the budget unspent; 640 take 26.2 days."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.checks import constraint_ids
from configurator.core.workloads.training.deployment import training_deployments

CATALOG = load_bundled_catalog()
GAUDI3 = CATALOG.get("gaudi3")


def _question(**constraints) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id="gaudi3", count=8, workload="pretrain",
                    training={"tokens": 2e12}, constraints=constraints, auto_layout=LAYOUT_FIELDS)


def test_the_fastest_count_within_a_budget_is_past_the_last_power_of_two_that_fits_it():
    found = training_deployments(_question(budget=20e6), GAUDI3, all_counts=True)
    meeting = [e for e in found if not constraint_ids(e)]
    fastest = min(meeting, key=lambda e: e.training.hours)
    assert 512 < fastest.scenario.count < 1024 and fastest.scenario.count % 8 == 0
    by_count = {e.scenario.count: e for e in found}
    assert fastest.training.hours < by_count[512].training.hours
    assert "budget" in constraint_ids(by_count[1024])


def test_without_a_ceiling_no_count_between_is_added():
    counts = [e.scenario.count for e in training_deployments(_question(deadline_hours=90 * 24.0), GAUDI3)]
    assert counts == sorted(counts) and len(counts) == len(set(counts))
    assert not [n for n in counts if n > 256 and n & (n - 1)]  # past the deadline's count: powers of two
