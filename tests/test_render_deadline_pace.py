"""A render job with a deadline is costed at the pace the buyer asked for (the job's frames every
deadline): capacity beyond it is paid for but idle, so the cheapest per frame is the fewest cards
that meet the deadline, not the largest count tried (persona check, December 2026: 1,024 cards for
10,000 frames in 72 h)."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.recommend import Objective, recommend
from configurator.core.workloads import family_of

JOB = ["--workload", "render", "--frames", "10000", "--minutes-per-frame", "10", "--scene", "24"]


def _scenario(catalog, *extra: str):
    args = build_parser().parse_args(["recommend", *JOB, *extra])
    return with_constraints(scenario_from_args(args, catalog), args)


def test_the_fewest_cards_meeting_the_deadline_cost_least_per_frame(catalog):
    scenario = _scenario(catalog, "--deadline", "72h")
    card = catalog.get("rtx-pro-6000-blackwell")
    meeting = [e for e in family_of(scenario.workload).deployments(scenario, card) if not e.violations]
    per_frame = {e.scenario.count: deployment_cost(e).per_unit for e in meeting}
    fewest = min(per_frame)
    assert fewest == 16 and 12 not in per_frame  # 12 cards take 91 h
    assert per_frame[fewest] == min(per_frame.values())
    assert per_frame[1024] > 40 * per_frame[fewest]  # 64 x the cards for the same frames


def test_the_recommendation_buys_what_the_deadline_needs(catalog):
    ranked = recommend(_scenario(catalog, "--deadline", "72h"), catalog, Objective.TCO).ranked
    first = ranked[0].estimate
    assert first.scenario.count <= 24 and first.graphics.hours <= 72
    assert all(r.estimate.scenario.count < 1024 for r in ranked)


def test_counts_between_powers_of_two_are_tried(catalog):
    """The L40 needs 24 cards (63.5 h), not 32."""
    scenario = _scenario(catalog, "--deadline", "72h")
    counts = [e.scenario.count for e in family_of(scenario.workload).deployments(scenario, catalog.get("l40"))]
    assert 24 in counts and 48 in counts and 768 in counts
