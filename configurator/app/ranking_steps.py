"""The catalog ranked card by card, the ranking so far handed out as it grows (issue 28 part 3).

The recommendation panel and the wizard rank every card of the catalog on a worker thread
(:mod:`configurator.app.worker`): seconds for a large serving job. Rather than show nothing until
the last card is planned, :func:`ranking_steps` ranks the cards one by one
(:func:`configurator.core.recommend_card.rank_card`) in the order most likely to give the answer
early — the scenario's own card first, then the cards with a price on the objective's basis
(one without cannot win a cost ranking), in catalog order — and yields the ranking of the cards
done so far (:func:`configurator.core.recommend.ranking_of`) as soon as one card is ranked, then
less and less often (:data:`STEP_EVERY_S`, doubling), timed by the ranking's own CPU time
(:data:`STEP_CLOCK`). The last step is the whole catalog's ranking, in catalog order: the very result
:func:`configurator.core.recommend.recommend` gives.

Qt-free and pure: it runs on a worker thread; ``cancelled()`` ends it between two cards.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from configurator.core.catalog import Card, Catalog
from configurator.core.procurement.card_price import cloud_price, purchase_price, rent_markets
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.recommend import Filters, Objective, Result, ranking_of
from configurator.core.recommend_card import CardRanking, rank_card
from configurator.core.scenario import Scenario

STEP_EVERY_S = 0.3
"""Time between the first two partial rankings handed out [s]; each wait after is twice the last,
up to :data:`STEP_EVERY_MAX_S` (each ranking so far is drawn on the GUI thread: a 9 s ranking drew
30 of them, 10 % of its time)."""
STEP_EVERY_MAX_S = 1.0
"""Longest time between two partial rankings [s]."""
STEP_CLOCK: Callable[[], float] = time.thread_time
"""The clock the waits between partial rankings are read on [s]: the CPU time of the thread
ranking (the one consuming :func:`ranking_steps`), not the wall clock. A loaded machine stretches
the wall time of every card's ranking, and on the wall clock it drew more partial rankings the
busier it was, each 30-50 ms of the GUI thread's CPU (table, prices, chart and its repaint) taken
from the ranking itself: the cold training ranking of the panel showed 5-6 partial rankings at
load 8-11 on the 2-core development machine against 3 at load 1.5, 2 on this clock at either load
(issue 28 part 3; ``benchmarks/ui_latency.py --answers-only`` prints them). The first partial
ranking still comes as soon as one card is ranked."""


@dataclass(frozen=True)
class RankingStep:
    """The ranking of the first :attr:`done` of :attr:`total` cards the filters allow."""

    result: Result
    done: int
    """Cards ranked so far (of those the filters allow) [cards]."""
    total: int
    """Cards the filters allow [cards]."""

    @property
    def final(self) -> bool:
        """Every card ranked: :attr:`result` is the catalog's ranking."""
        return self.done >= self.total


def has_price(card: Card, objective: Objective, region: str | None = None) -> bool:
    """Whether ``card`` has the price a cost ranking needs (for the cloud objective a rent a buyer
    delivering to ``region`` can take, :func:`~configurator.core.procurement.card_price.rent_markets`;
    a purchase price otherwise); every card 'has' one for the objectives that are not costs."""
    if objective is Objective.CLOUD:
        return cloud_price(card, markets=rent_markets(region)) is not None
    if objective is Objective.TCO:
        return purchase_price(card) is not None
    return True


def ranking_order(scenario: Scenario, cards: list[Card], objective: Objective) -> list[Card]:
    """``cards`` in the order to rank them: the scenario's card, then those with a price on the
    objective's basis (a rent in a market the scenario's delivery region can rent in), then the
    others, each in catalog order."""
    region = scenario.constraints.region
    return sorted(cards, key=lambda card: (card.id != scenario.card_id, not has_price(card, objective, region)))


def ranking_steps(scenario: Scenario, catalog: Catalog, objective: Objective = Objective.TCO,
                  filters: Filters = Filters(), limit: int = 10,  # noqa: B008 - frozen default
                  book: PriceBook | None = None, cancelled: Callable[[], bool] = lambda: False,
                  every_s: float = STEP_EVERY_S) -> Iterator[RankingStep]:
    """The ranking of ``scenario``'s catalog, card by card: a :class:`RankingStep` once the
    first card is ranked, then after ``every_s`` seconds, twice that, … (at most
    :data:`STEP_EVERY_MAX_S`; seconds of this thread's CPU time, :data:`STEP_CLOCK`), and last the
    whole ranking (``final``; equal to :func:`~configurator.core.recommend.recommend`'s result). Stops,
    without a last step, once ``cancelled()`` is true."""
    book = price_book_for(scenario.economics) if book is None else book
    weighed = filters.weighed(catalog.cards)  # only the cards named, where the buyer names them
    allowed = [card for card in weighed if filters.allows(card, scenario.workload)]
    done: dict[str, CardRanking] = {card.id: rank_card(scenario, card, objective, filters, book)
                                    for card in weighed if not filters.allows(card, scenario.workload)}
    total, shown_at, wait = len(allowed), None, every_s
    for index, card in enumerate(ranking_order(scenario, allowed, objective), start=1):
        if cancelled():
            return
        done[card.id] = one = rank_card(scenario, card, objective, filters, book)
        now = STEP_CLOCK()
        first = shown_at is None and one.ranked is not None
        if index < total and (first or shown_at is not None and now - shown_at >= wait):
            if not first:
                wait = min(2 * wait, STEP_EVERY_MAX_S)
            yield RankingStep(ranking_of(scenario, done.values(), objective, filters, limit, book), index, total)
            shown_at = STEP_CLOCK()
    if cancelled():
        return
    in_catalog_order = (done[card.id] for card in weighed)
    yield RankingStep(ranking_of(scenario, in_catalog_order, objective, filters, limit, book), total, total)
