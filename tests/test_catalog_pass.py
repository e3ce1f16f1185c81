"""The cost chart's catalog pass skips the cards priced on another basis without changing a point
(issue 28: a card whose costs cannot be on the chosen card's basis is not planned)."""

from __future__ import annotations

import pytest

from configurator.app.defaults import default_scenario
from configurator.core.analysis import analysis_steps, chart_basis, may_cost_on, on_basis
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
    fit on the chart's basis kept (the ranking's, the TCO, when the chosen card has one, else the
    chosen card's own)."""
    card = catalog.get(scenario.card_id)
    chosen = estimate(scenario, card)
    family = family_of(scenario.workload)
    own = family.catalog_point(scenario, card, chosen)
    basis = chart_basis(own, chosen.costs.basis)
    points = []
    for other in catalog.cards:
        point = on_basis(family.catalog_point(scenario, other, chosen if other.id == card.id else None), basis)
        if point is not None and point.fits:
            points.append(point)
    return tuple(points)


@pytest.mark.parametrize(("workload", "card_id", "basis", "chart_basis"), [
    ("finetune", "h100-sxm", "cloud", "tco"),
    ("finetune", "gaudi3", "ownership", "tco"),  # a purchase price, no cloud price
    ("inference", "l40s", "cloud", "tco"),
    ("inference", "mlu370-x8", None, "tco"),  # no price at all: the ranking's basis, not cloud and owned mixed
    ("vdi", "a30", "ownership", "tco"),
    ("inference", "mi325x", "cloud", "cloud"),  # a cloud rent but no purchase price: its own basis (B300 till prices47)
])
def test_the_catalog_pass_keeps_every_point(catalog, workload: str, card_id: str, basis: str | None,
                                            chart_basis: str | None) -> None:
    scenario = updated(default_scenario("en", catalog), workload=workload, card_id=card_id, count=8)
    *_, analysis = analysis_steps(scenario, catalog)
    assert analysis.estimate.costs.basis == basis
    assert analysis.catalog_points  # the chart is not empty
    assert {p.basis for p in analysis.catalog_points} == {chart_basis}
    assert analysis.catalog_points == every_card_planned(scenario, catalog)


def test_a_basis_needs_its_price() -> None:
    def prices(card: float | None, cloud: float | None) -> PriceBasis:
        return PriceBasis(card_price=card, card_price_date=None, cloud_per_hour=cloud, cloud_price_date=None)

    assert may_cost_on("cloud", prices(None, 2.0)) and may_cost_on("cloud", prices(30_000.0, 2.0))
    assert not may_cost_on("cloud", prices(30_000.0, None))
    assert may_cost_on("ownership", prices(30_000.0, None))
    assert not may_cost_on("ownership", prices(30_000.0, 2.0))  # rented wherever a cloud price is known
    assert not may_cost_on("ownership", prices(None, None))


def test_the_chart_is_on_the_rankings_basis_and_says_so(catalog) -> None:
    """Persona finding #20: the chart showed 'Cost per user-month — cloud rent' beside a ranking by
    TCO. On a card with a purchase price the chart's points are the ranking's own figure (the
    recommendation's TCO per unit for the chosen card), its axis names the TCO and no note is needed."""
    from configurator.app.cost_chart import cost_axis_label, cost_axis_tooltip
    from configurator.core.recommend import tco_per_million
    from configurator.core.view.cost_bases import chart_basis_note

    scenario = updated(default_scenario("en", catalog), workload="inference", card_id="l40s", count=8)
    *_, analysis = analysis_steps(scenario, catalog)
    mine = next(p for p in analysis.catalog_points if p.card.id == "l40s")
    assert mine.basis == "tco" and mine.cost == pytest.approx(tco_per_million(analysis.estimate))
    assert chart_basis_note(mine.basis, 4) is None
    assert cost_axis_label("million tokens", "tco", "USD", 4) == "Cost per million tokens — TCO over 4 years [USD]"
    assert "total cost of ownership" in cost_axis_tooltip("million tokens", "tco", "USD", 4)  # in full


def test_a_tco_chart_plans_only_cards_that_can_have_one(catalog) -> None:
    def prices(card: float | None, cloud: float | None) -> PriceBasis:
        return PriceBasis(card_price=card, card_price_date=None, cloud_per_hour=cloud, cloud_price_date=None)

    assert may_cost_on("tco", prices(30_000.0, 2.0))
    assert not may_cost_on("tco", prices(None, 2.0), catalog.get("mi325x"))  # rent only (the B300 till prices47)
    assert may_cost_on("tco", prices(None, None), catalog.get("gb200"))  # bought whole, as a priced NVL72 rack
