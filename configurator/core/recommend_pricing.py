"""Prices in the ranking: whose, and when they decide (issue 25).

The prices a card is ranked at (:func:`priced_for`: a quote typed for the scenario's card is that
card's alone), a ranking by rent in mainland China as rented (:func:`rented_for`), and whether price
decides the ranking (:func:`price_decision`). Split out of :mod:`configurator.core.recommend` in
December 2026, below it and :mod:`configurator.core.recommend_card`.
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.procurement.deployment import DeploymentCost  # noqa: F401  (named in docstrings)
from configurator.core.procurement.price_decides import PriceDecision, PricedOption
from configurator.core.procurement.price_decides import price_decision as _decision
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend_costs import ownership_cost
from configurator.core.recommend_filters import Filters
from configurator.core.recommend_record import Objective, Recommendation
from configurator.core.region import RENT_MARKET_HELD
from configurator.core.scenario import Scenario, updated


PRICED_OBJECTIVES = {Objective.TCO: "no-price", Objective.CLOUD: "no-price-cloud"}
"""Objectives that need a price, and the message that says the card has none on that basis."""


def priced_for(scenario: Scenario, card: Card, filters: Filters | None = None) -> Scenario:
    """``scenario`` as ``card`` is ranked in it: the card and cloud prices the user typed into the
    scenario are the scenario card's (their quote for it), so every other card is ranked at its
    own catalog prices; the cards already owned (``filters.owned_card``) are the scenario's
    ``economics.owned_cards`` on that card, none on another."""
    e = scenario.economics
    changes: dict = {}
    if card.id != scenario.card_id and (e.card_price is not None or e.cloud_price_per_hour is not None):
        changes.update(card_price=None, cloud_price_per_hour=None)
    if filters is not None and filters.owned_card is not None:
        owned = filters.owned_count if card.id == filters.owned_card else 0
        if owned != e.owned_cards:
            changes["owned_cards"] = owned
    elif card.id != scenario.card_id and e.owned_cards:
        changes["owned_cards"] = 0
    return updated(scenario, economics=changes) if changes else scenario


def rented_for(scenario: Scenario, objective: Objective) -> Scenario:
    """``scenario`` as a ranking by rent ranks it in mainland China (a region of
    :data:`~configurator.core.region.RENT_MARKET_HELD`): the cards rented
    (``budget_basis`` "rent"), so that a card rented from a provider there that holds it is no
    delivery (:attr:`configurator.core.economics.Costs.rented_from`); unchanged for another
    objective, another region, or a budget set on the purchase (a capex budget says the buyer buys)."""
    c = scenario.constraints
    if (objective is not Objective.CLOUD or c.region not in RENT_MARKET_HELD or c.budget_basis == "rent"
            or c.budget is not None):
        return scenario
    return updated(scenario, constraints={"budget_basis": "rent"})


def _priced_option(rec: Recommendation, objective: Objective, filters: Filters, book: PriceBook | None
                   ) -> PricedOption | None:
    """``rec`` as the price-decides analysis sees it: its score, the score's slope in its card
    price (ownership: :attr:`DeploymentCost.per_unit_per_card_price`, the summary's slope too;
    rent: the score is proportional to the rent) and its price range; None without a price range."""
    prices = rec.estimate.costs.prices
    if objective is Objective.CLOUD:
        price, price_range = prices.cloud_per_hour, prices.cloud_range
        slope = rec.score / price if price else 0.0
    else:
        price, price_range = prices.card_price, prices.card_range
        slope = ownership_cost(rec.estimate, book).per_unit_per_card_price
    if price is None or price_range is None:
        return None
    per = "" if objective is Objective.CLOUD else rec.card.priced_per  # an A16's price is its board's
    return PricedOption(rec.card.id, rec.card.name, rec.score, slope, price, *price_range, per)


def price_decision(ranked: Sequence[Recommendation], objective: Objective, filters: Filters,
                   listed: int | None = None, book: PriceBook | None = None) -> PriceDecision | None:
    """Whether price decides the ranking (:func:`configurator.core.procurement.price_decides.price_decision`)
    over the ranked configurations (best first) that have a price range, the first ``listed``
    for the order; None for objectives that do not rank by price."""
    if objective not in PRICED_OBJECTIVES or not ranked:
        return None
    options = [o for o in (_priced_option(r, objective, filters, book) for r in ranked) if o is not None]
    if not options or options[0].card_id != ranked[0].card.id:
        return None
    per = "per card-hour" if objective is Objective.CLOUD else "per card"
    return _decision(options, ranked[0].estimate.costs.currency, listed, per)
