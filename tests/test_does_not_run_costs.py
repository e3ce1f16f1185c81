"""A configuration that does not fit in memory does no work: its speed row says none, and so its
cost per unit of work is none too (0.23 USD per million tokens was shown under 2 × L4 that cannot
hold 1,000 users' caches), and a job that does not run has no energy, rent or electricity for the
job; the hour of a service's cards is still what it costs."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
from configurator.core.view.estimate_cost_view import cost_section

CATALOG = load_bundled_catalog()


def _values(scenario: Scenario) -> dict:
    est = estimate(scenario, CATALOG.get(scenario.card_id))
    assert not est.fits
    return {row.key: getattr(row.value, "value", row.value) for row in cost_section(est).rows}


def test_a_service_that_does_not_fit_has_no_cost_per_token_but_its_hour():
    values = _values(Scenario(model=preset("llama3-8b"), workload="inference", card_id="l4", count=2,
                              serving={"concurrency": 1000}))
    assert values["per_unit"] is None
    assert values["cloud"] > 0 and values["purchase"] > 0


def test_a_job_that_does_not_fit_has_no_energy_rent_or_cost_per_token():
    values = _values(Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="l4", count=2,
                              training={"tokens": 1e9}))
    assert values["per_unit"] is None and values["energy_kwh"] is None
    assert values["cloud"] is None and values["energy"] is None
    assert values["purchase"] > 0 and values["board_watts"] > 0
