"""Which card, and how many: rank every catalog card for a scenario, with reasons.

For each card the search keeps the user's model, batch and load, and chooses the card count
and the parallel layout (tensor parallel only inside a card's fast-link domain, data parallel
across servers, ZeRO and recomputation only when memory needs them). Configurations that do
not fit or miss a stated constraint are dropped; the rest are ranked by the objective.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from configurator.core.catalog import Card, Catalog
from configurator.core.budget_nearest import nearest_over_budget
from configurator.core.cloud_only import purchase_refused
from configurator.core.constraints import made_for_region
from configurator.core.region import import_barred
from configurator.core.estimate import estimate
from configurator.core.graphics_mistake import MISTAKEN_CLASS, training_card_reason
from configurator.core.messages import Message, msg
from configurator.core.procurement.price_decides import PriceDecision
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.procurement.workstations import rent_ranking_refused
from configurator.core.scenario import Scenario, updated
from configurator.core.recommend_card import CardRanking, rank_card, score
from configurator.core.recommend_costs import (  # noqa: F401  (re-exported: the ranking's cost figures)
    cloud_cost,
    cloud_per_million,
    energy_per_million,
    ownership_cost,
    tco_per_million,
)
from configurator.core.recommend_filters import CONSUMER_LEFT_OUT, DEFAULT_CLASSES, DOMESTIC_VENDORS, Filters
from configurator.core.recommend_pricing import price_decision, priced_for
from configurator.core.recommend_rows import (  # noqa: F401  (re-exported: the unranked rows' reasons)
    OVERSIZED_FLEET, RENT_ELSEWHERE, load_multiple, miss_size, oversized_fleet, price_can_decide, ranked_after_complete,
    region_rank_of, smallest_copy,
)
from configurator.core.recommend_owned import owned_alone
from configurator.core.recommend_reasons import (  # noqa: F401  (re-exported: the rows' reasons)
    FASTEST_OPTION_WITHIN, fastest_option, owned_reasons, smallest_purchase, with_reasons, with_smallest_purchase,
)
from configurator.core.recommend_record import Objective, Recommendation, cost_basis, speed_of
from configurator.core.serving_use import load_note
from configurator.core.slow_end_count import with_slow_end
from configurator.core.stated import stated
from configurator.core.workloads import CostBasis, family_of
from configurator.core.workloads.serving.collector import collector_paused
from configurator.core.workloads.serving.family import served_tokens_per_hour
from configurator.core.ranking_question import ranking_question

__all__ = ["CONSUMER_LEFT_OUT", "DEFAULT_CLASSES", "DOMESTIC_VENDORS", "FASTEST_OPTION_WITHIN", "OVERSIZED_FLEET",
           "CostBasis", "Filters", "Objective", "Recommendation", "Result", "cost_basis", "fastest_option",
           "load_multiple", "oversized_fleet", "pareto_front", "ranking_of", "ranking_question", "recommend",
           "served_tokens_per_hour", "smallest_copy", "smallest_purchase", "speed_of"]
"""The ranking; its JSON (``result_to_dict``, ``recommendation_to_dict``, ``below_line_to_dict``) is in
:mod:`configurator.core.recommend_json`, above it."""


@dataclass(frozen=True)
class Result:
    """Ranked recommendations, the cost/speed Pareto front, and what was left out."""

    objective: Objective
    ranked: tuple[Recommendation, ...]
    pareto: tuple[Recommendation, ...]
    left_out: dict[str, Message]
    """Why each card not ranked is left out, by card id (:attr:`CardRanking.why`): a message with its
    id, in either language (``--json``'s ``rejected_ids``)."""
    unpriced: tuple[Recommendation, ...] = ()
    """Cards that meet every constraint but have no price on the objective's basis: their
    fastest such configuration, listed with ``no-price`` rather than dropped (score = inf)."""
    below_line: tuple[Recommendation, ...] = ()
    """Below the line: cards whose configurations each break a stated constraint (budget, region,
    deadline, power, latency, request rate), one per card — the closest to meeting them — with the
    verdicts it breaks as its reasons (``estimate.violations``: which, and by how much). Never
    ranked; score = the objective's figure, or inf when it has none."""
    considered: tuple[Recommendation, ...] = ()
    """Every configuration ranked, best first (``ranked`` is the first ``limit`` of them)."""
    below_considered: tuple[Recommendation, ...] = ()
    """Every configuration below the line, in the order :attr:`below_line` lists them (it lists the first of
    them up to ``limit``, :func:`listed_below_line`): what the nearest over budget is chosen from
    (:func:`~configurator.core.budget_nearest.nearest_over_budget`), so that every listing names the same one.
    Empty: :attr:`below_line` is all of them (a result made by hand)."""
    filters: Filters | None = None
    """The filters the ranking was made with (cards already owned change what price moves)."""
    book: PriceBook | None = None
    """The price book the bills of materials were priced from (None: each estimate scenario's own)."""
    unrated: dict[str, Message] = field(default_factory=dict)
    """Cards the catalog cannot rate (a figure their speed needs is not published: memory bandwidth,
    a compute rate), by card id, one line each with its region caution
    (:func:`~configurator.core.recommend_card.unrated_line`), in catalog order: listed, not ranked."""
    load: Message | None = None
    """What every screen says first of a serving question asked without a load: what was assumed
    (1 user at once; one full batch per model copy) and what to give
    (:func:`~configurator.core.serving_use.load_note`); None where a load was given."""
    not_ranked: Message | None = None
    """Why nothing can be ranked by this objective at all, said in place of "No card meets the scenario's
    constraints." (:func:`~configurator.core.procurement.workstations.rent_ranking_refused`: desks by rent);
    each card left out with it (``rejected_ids``). None: the objective ranks."""
    ranked_after: tuple[str, ...] = ()
    """The cards, by id, of the configurations ranked after every one whose total is complete, their totals
    leaving out an item without a price (:func:`~configurator.core.recommend_rows.ranked_after_complete`),
    in rank order; empty where every total is complete, or the ranking reads none."""

    @cached_property
    def price_decides(self) -> PriceDecision | None:
        """Whether the winner and the order hold across every priced card's price range, with the
        break-even price (:func:`price_decision`, computed when first asked for); None for
        objectives that do not rank by price."""
        ranked = price_can_decide(self.considered or self.ranked, lambda r: r.card.id in self.ranked_after)
        return price_decision(ranked, self.objective, self.filters or Filters(), len(self.ranked), self.book)

    @property
    def rejected(self) -> dict[str, str]:
        """Why each card not ranked is left out, in English, by card id (:attr:`left_out`'s texts)."""
        return {card: why.text for card, why in self.left_out.items()}

    @property
    def unlisted(self) -> tuple[str, ...]:
        """The cards left out and listed nowhere, by card id: those of :attr:`left_out` that are not listed
        without a price (:attr:`unpriced`), below the line (:attr:`below_line`) or as unrated
        (:attr:`unrated`). The one count of cards "left out" that the command line, the window and
        the JSON (``left_out``) say; until December 2026 the command line counted the unpriced and
        unrated cards it lists in it too (53 where the window said 43, session 42)."""
        listed = {rec.card.id for rec in (*self.unpriced, *self.below_line)} | set(self.unrated)
        return tuple(card for card in self.left_out if card not in listed)

    @property
    def ranked_after_unlisted(self) -> tuple[tuple[int, Recommendation], ...]:
        """The configurations ranked after every complete total (:attr:`ranked_after`) that the listed ranking
        (:attr:`ranked`) does not reach, with their ranks, up to as many as it lists: shown beside it with their
        priced part and what their totals exclude (the command line, the window, the JSON), not dropped from
        sight by the rule that ranks them after. Empty where the listed ranking holds no complete total (every
        total partial: the ranking itself is theirs) or reaches them all."""
        listed = len(self.ranked)
        if not self.ranked_after or not listed or self.ranked[0].card.id in self.ranked_after:
            return ()
        after = set(self.ranked_after)
        found = [(rank, rec) for rank, rec in enumerate(self.considered, 1) if rank > listed and rec.card.id in after]
        return tuple(found[:listed])

    @property
    def best(self) -> Recommendation | None:
        return self.ranked[0] if self.ranked else None

    @cached_property
    def owned_alone(self) -> Message | None:
        """What the cards already owned (``filters.owned_card``) carry alone where their card's
        configuration needs more of them (:func:`~configurator.core.recommend_owned.owned_alone`:
        users at once within the latency targets, the top-up, and its rank or what keeps it
        unranked); None otherwise, and ranked by rent (the owned cards are not used). The owned card
        is the filters' (``--owned``), else the scenario's own card where it has cards owned (the
        window's: ``economics.owned_cards``, kept on that card only by :func:`priced_for`)."""
        if self.objective is Objective.CLOUD:
            return None
        owned_id = self.filters.owned_card if self.filters is not None else None

        def owned(rec: Recommendation) -> bool:
            return rec.card.id == owned_id if owned_id is not None else rec.estimate.scenario.economics.owned_cards > 0

        for rank, rec in enumerate(self.considered or self.ranked, 1):
            if owned(rec):
                return owned_alone(rec.estimate, rec.estimate.scenario.economics.owned_cards,
                                   msg("owned-topup-ranked", rank=rank))
        for rec in (*self.unpriced, *self.below_line):
            if owned(rec) and rec.reasons:
                return owned_alone(rec.estimate, rec.estimate.scenario.economics.owned_cards,
                                   msg("owned-topup-unranked", why=rec.reasons[0]))
        return None


# ---- the search -------------------------------------------------------------------------



def pareto_front(recs: Iterable[Recommendation], basis: CostBasis = CostBasis.OWNERSHIP
                 ) -> tuple[Recommendation, ...]:
    """Configurations no other beats on both cost per unit of work (on ``basis``) and speed."""
    points = [r for r in recs if r.cost_on(basis) is not None]
    front: list[Recommendation] = []
    for r in sorted(points, key=lambda r: (r.speed_figure, r.cost_on(basis))):
        if not front or r.cost_on(basis) < front[-1].cost_on(basis):
            front.append(r)
    return tuple(front)


BELOW_LINE_OTHERS = 3
"""Configurations below the line that break the region rule (a licence needed, a status
unknown) listed at least, the closest first, after every card that may be delivered."""


def listed_below_line(below: Sequence[Recommendation], limit: int, region: str | None
                      ) -> tuple[Recommendation, ...]:
    """The below-the-line configurations shown, closest first (``below`` sorted by
    :func:`miss_size`): with a region rule, every card that may be delivered there (ranked or not,
    a buyer there must see each one and what it breaks), then every card made for that region that
    needs a licence (H20, H800 …: what a buyer there weighs) and every card whose entry China's customs
    bar (H200: the reason a buyer there does not see it ranked), then the closest of the others — at least
    :data:`BELOW_LINE_OTHERS`, more up to ``limit`` in all; without one, the first ``limit``. The
    cards the buyer already owns (``economics.owned_cards``) are always shown, after the deliverable
    ones: what more of them would take is what a buyer who owns some weighs first."""
    owned = [r for r in below if r.estimate.scenario.economics.owned_cards]
    if region is None:
        return tuple(below[:limit]) + tuple(r for r in owned if r not in below[:limit])
    deliverable = [r for r in below if not region_rank_of(r.estimate)]
    owned = [r for r in owned if r not in deliverable]
    made_for = [r for r in below if region_rank_of(r.estimate) and r not in owned
                and (made_for_region(r.card, region) or import_barred(r.card, region))]
    others = [r for r in below if region_rank_of(r.estimate) and r not in owned and r not in made_for]
    shown = len(deliverable) + len(owned) + len(made_for)
    return tuple(deliverable + owned + made_for + others[:max(BELOW_LINE_OTHERS, limit - shown)])


def with_nearest(listed: tuple[Recommendation, ...], every: tuple[Recommendation, ...], ranked: bool
                 ) -> tuple[Recommendation, ...]:
    """``listed`` (the below-the-line rows shown) with, where nothing is ``ranked``, the nearest over budget of
    ``every`` below-the-line configuration (:func:`~configurator.core.budget_nearest.nearest_over_budget`) after
    them when the limit cut it off: the row the sentence "The budget is too small … The nearest is …" names is
    always a row of the table it stands over, at any limit."""
    nearest = None if ranked else nearest_over_budget(every)
    if nearest is None or any(rec is nearest for rec in listed):
        return listed
    return (*listed, nearest)


@collector_paused
def recommend(scenario: Scenario, catalog: Catalog, objective: Objective = Objective.TCO,
              filters: Filters = Filters(), limit: int = 10,  # noqa: B008 - frozen default
              book: PriceBook | None = None) -> Result:
    """Rank the catalog's cards (one configuration each) for ``scenario``, each bill of materials
    priced from ``book`` (None: the scenario's own, read once here). Python's cyclic garbage
    collector is paused meanwhile (:func:`~configurator.core.workloads.serving.collector.collector_paused`):
    the catalog pass leaves no reference cycle (``tests/test_serving_search_cycles.py``: 0 objects
    found unreachable after each README recommendation, with the collector off throughout), and the
    collections it ran outside the deployment searches (50 youngest, 5 middle on the README's serving
    recommendation: ~130 ms of ~1.2 s CPU) freed 3 objects, none of the pass's (a command-line
    parser's, made before it). The first collection after it walks the objects the pass kept once
    (~15 ms there). Where the buyer names the cards (``filters.cards``) only those are weighed: each is
    ranked, listed, or left out with its reason, and no other card is counted as left out."""
    book = price_book_for(scenario.economics) if book is None else book
    return ranking_of(scenario, (rank_card(scenario, card, objective, filters, book)
                                 for card in filters.weighed(catalog.cards)),
                      objective, filters, limit, book)


def ranking_of(scenario: Scenario, cards: Iterable[CardRanking], objective: Objective = Objective.TCO,
               filters: Filters = Filters(), limit: int = 10,  # noqa: B008 - frozen default
               book: PriceBook | None = None) -> Result:
    """The ranking of the cards ranked so far (:func:`rank_card`, each ranked with the same
    ``scenario``, ``objective``, ``filters`` and ``book``): with every card of the catalog, in its
    order, :func:`recommend`'s result."""
    best: list[Recommendation] = []
    unpriced: list[Recommendation] = []
    below: list[Recommendation] = []
    left_out: dict[str, Message] = {}
    unrated: dict[str, Message] = {}
    refused = rent_ranking_refused(scenario, objective.value)  # desks by rent: none ranked, each card why
    for one in cards:
        if one.why is not None:
            left_out[one.card.id] = one.why
        if one.unrated is not None:
            unrated[one.card.id] = one.unrated
        if refused is not None and (one.ranked or one.unpriced or one.below_line):  # would be listed: why not
            left_out[one.card.id] = refused
            continue
        rented = purchase_refused(one.card, scenario, objective)  # a cloud-only card is no purchase option
        if rented is not None and (one.ranked or one.unpriced or one.below_line):
            left_out[one.card.id] = rented
            continue
        for found, into in ((one.ranked, best), (one.unpriced, unpriced), (one.below_line, below)):
            if found is not None:
                into.append(found)
    book = price_book_for(scenario.economics) if book is None else book
    after = {r.card.id for r in best if ranked_after_complete(r.estimate, objective, book)}  # one per card
    best.sort(key=lambda r: (r.card.id in after, r.score, r.count, r.speed_figure, r.card.id))
    mistake = training_card_reason(best[0], best, objective, book, _mistaken_card_cost) if best else None
    ranked = with_reasons(best, objective, book, mistake)
    load = load_note(scenario)
    if load is not None and objective is Objective.TCO and ranked:  # a small load: the cheapest box to buy
        ranked[0] = with_smallest_purchase(ranked, book)
    if ranked:  # a deadline the first's slow end misses: the fewest of its cards that meet it there (slowend49)
        ranked[0] = replace(ranked[0], estimate=with_slow_end(ranked[0].estimate, book, objective))
    unpriced.sort(key=lambda r: (r.speed_figure, r.count, r.card.id))
    # misses and scores at the model's stated resolution: float noise never orders two configurations
    below.sort(key=lambda r: (*map(stated, miss_size(r.estimate)), stated(r.score), r.count, r.card.id))
    complete = [r for r in ranked if r.card.id not in after] or ranked  # a partial total is no cheaper point
    region = scenario.constraints.region
    every_below = listed_below_line(below, len(below), region)
    return Result(objective, tuple(ranked[:limit]), pareto_front(complete, cost_basis(objective)), left_out,
                  tuple(unpriced), below_line=with_nearest(listed_below_line(below, limit, region), every_below,
                                                           bool(ranked)),
                  below_considered=every_below, considered=tuple(ranked), filters=filters, book=book,
                  unrated=unrated, load=load,
                  not_ranked=refused, ranked_after=tuple(r.card.id for r in ranked if r.card.id in after))


def _mistaken_card_cost(scenario: Scenario, card: Card, objective: Objective, book: PriceBook | None
                        ) -> tuple[float, int, Card] | None:
    """(cost per unit of work on ``objective``, cards, ``card``) of ``card``'s best deployment for
    ``scenario``: ranked as any card (:func:`rank_card`), else, for desktops or video the ranking leaves
    out (no desktop vGPU profiles), enough cards to carry the whole load in passthrough, one user per
    card, as :func:`~configurator.core.mismatch.graphics_mismatch` prices it; None where it cannot do the
    work or has no cost (:data:`~configurator.core.graphics_mistake.MistakeCost`)."""
    filters = Filters(classes=(MISTAKEN_CLASS,))
    ranking = rank_card(scenario, card, objective, filters, book)
    if ranking.ranked is not None and ranking.ranked.score:
        return ranking.ranked.score, ranking.ranked.count, card
    family = family_of(scenario.workload)
    if not family.carries_load:
        return None
    est = estimate(updated(priced_for(scenario, card), card_id=card.id), card)
    if est.graphics is None or not est.graphics.cards_needed:
        return None
    whole = family.carrying_whole_load(est)
    value = score(whole, objective, filters, book)
    return (value, whole.scenario.count, card) if value else None
