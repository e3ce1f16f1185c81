"""What a catalog ranking reads of a scenario (:func:`ranking_question`): the recommendation panel keeps
its ranking while that is unchanged (a count or card change of a serving or graphics question). Split
out of :mod:`configurator.core.recommend` (re-exported there) in December 2026."""

from __future__ import annotations

from configurator.core.scenario import Scenario
from configurator.core.workloads import family_of


def ranking_question(scenario: Scenario) -> Scenario:
    """What :func:`~configurator.core.recommend.recommend` reads of ``scenario``, as a scenario to compare: two scenarios with
    equal ranking questions get the same ranking (with the same catalog, objective, filters, limit
    and price book). For a family whose ranking does not read the count and the card
    (:attr:`~configurator.core.workloads.base.WorkloadFamily.ranking_reads_count` False: serving,
    graphics), ``scenario`` with its count set to 1 and its card to none — unless the user typed a
    price for their card or owns some of it (:func:`~configurator.core.recommend_pricing.priced_for` gives those to
    that card alone); ``scenario`` itself otherwise. Only compared, never estimated (not validated: a count of 1 may
    not divide a pinned layout)."""
    if family_of(scenario.workload).ranking_reads_count:
        return scenario
    e = scenario.economics
    if e.card_price is not None or e.cloud_price_per_hour is not None or e.owned_cards:
        return scenario
    return scenario.model_copy(update={"count": 1, "card_id": ""})
