"""The cost chart's catalog pass skips the cards priced on another basis without changing a point
(issue 28: a card whose costs cannot be on the chosen card's basis is not planned)."""

from __future__ import annotations

import pytest

from configurator.app.defaults import default_scenario
from configurator.core.analysis import analysis_steps, may_cost_on
from configurator.core.catalog import load_catalog
from configurator.core.economics import PriceBasis
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario, updated
from configurator.core.workloads import family_of


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def every_card_planned(scenario: Scenario, catalog) -> tuple:
    """The cost chart's points as the pass made them before: every card planned, then those that
    fit on the chosen card's basis kept."""
    card = catalog.get(scenario.card_id)
    chosen = estimate(scenario, card)
    family = family_of(scenario.workload)
    points = []
    for other in catalog.cards:
        point = family.catalog_point(scenario, other, chosen if other.id == card.id else None)
        if point is not None and point.fits and (chosen.costs.basis is None or point.basis == chosen.costs.basis):
            points.append(point)
    return tuple(points)


@pytest.mark.parametrize(("workload", "card_id", "basis"), [
    ("finetune", "h100-sxm", "cloud"),
    ("finetune", "gaudi3", "ownership"),  # a purchase price, no cloud price
    ("inference", "l40s", "cloud"),
    ("inference", "mlu370-x8", None),  # no price at all: every card is planned
    ("vdi", "a30", "ownership"),
])
def test_the_catalog_pass_keeps_every_point(catalog, workload: str, card_id: str, basis: str | None) -> None:
    scenario = updated(default_scenario("en", catalog), workload=workload, card_id=card_id, count=8)
    *_, analysis = analysis_steps(scenario, catalog)
    assert analysis.estimate.costs.basis == basis
    assert analysis.catalog_points  # the chart is not empty
    assert analysis.catalog_points == every_card_planned(scenario, catalog)


def test_a_basis_needs_its_price() -> None:
    def prices(card: float | None, cloud: float | None) -> PriceBasis:
        return PriceBasis(card_price=card, card_price_date=None, cloud_per_hour=cloud, cloud_price_date=None)

    assert may_cost_on("cloud", prices(None, 2.0)) and may_cost_on("cloud", prices(30_000.0, 2.0))
    assert not may_cost_on("cloud", prices(30_000.0, None))
    assert may_cost_on("ownership", prices(30_000.0, None))
    assert not may_cost_on("ownership", prices(30_000.0, 2.0))  # rented wherever a cloud price is known
    assert not may_cost_on("ownership", prices(None, None))
