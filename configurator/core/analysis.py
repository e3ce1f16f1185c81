"""Everything the window shows for one scenario, computed in one call.

The estimate of the chosen card, the same job on compared cards (each at the count it needs), a sweep over card
counts, memory against the family's load, and one point per catalog card for the cost chart
(what differs by workload is the family's: :mod:`configurator.core.workloads`). Pure and
Qt-free; the window only draws it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from configurator.core.catalog import Card, Catalog
from configurator.core.economics import PriceBasis, price_basis, priced_kind
from configurator.core.estimate import Estimate, carrying_whole_load, estimate, sweep_counts
from configurator.core.fit_suggestions import Suggestion, fewest_that_fit, what_would_fit
from configurator.core.recommend_filters import asked_filters
from configurator.core.workloads.serving.deployment import carries_load, serving_deployment
from configurator.core.scenario import COUNT_SWEEP, Scenario
from configurator.core.scenario_ranking import Objective, objective_for
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.servers import UNPRICED_RACK, rack_item
from configurator.core.workloads import CatalogPoint, CostBasis, MemoryCurve, family_of

__all__ = ["COUNT_SWEEP", "Analysis", "CatalogPoint", "MemoryCurve", "analyse", "analysis_steps", "catalog_point",
           "like_for_like", "may_cost_on", "memory_curve", "scaling_limit"]


@dataclass(frozen=True)
class Analysis:
    """What the window draws for one scenario."""

    estimate: Estimate
    compared: tuple[Estimate, ...]
    by_count: tuple[Estimate, ...]
    memory_curve: MemoryCurve
    catalog_points: tuple[CatalogPoint, ...]
    complete: bool = True
    """False for the early steps of :func:`analysis_steps` (no catalog points yet)."""
    suggestions: tuple[Suggestion, ...] = ()
    """What would fit, when the estimate does not (from the second step on)."""
    by_layout: tuple[Estimate, ...] = ()
    """The chosen estimate's own layout at the counts of ``by_count`` where it holds (serving: the chosen copy,
    more or fewer of them, :meth:`~configurator.core.workloads.base.WorkloadFamily.layout_sweep`); empty where
    the family's chart draws each count's own plan (``by_count``), and in step 1."""

    @property
    def line(self) -> tuple[Estimate, ...]:
        """The estimates the scaling chart draws as lines: ``by_layout`` where the family has one, else ``by_count``."""
        return self.by_layout or self.by_count

    @property
    def scaling_limit(self) -> int | None:
        """The first count from which doubling the cards adds less than 10 % throughput, along the chart's lines."""
        return scaling_limit(self.line)


def scaling_limit(by_count: Sequence[Estimate]) -> int | None:
    """First count after which twice the cards give under 1.1× the tokens/s (None if never); counts
    that do not fit have no speed to compare."""
    speeds = {e.scenario.count: e.throughput for e in by_count if e.throughput and e.fits}
    for count, speed in sorted(speeds.items()):
        doubled = speeds.get(2 * count)
        if doubled is not None and doubled < 1.1 * speed:
            return count
    return None


def memory_curve(scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
    """Memory per card against the family's load: micro-batch (training), context (serving),
    users or streams on the card (desktops, video; ``on_card`` of them now), scene size (rendering)."""
    return family_of(scenario.workload).memory_curve(scenario, card, on_card)


def catalog_point(est: Estimate) -> CatalogPoint | None:
    """The cost chart's point of ``est``'s card, in its family's units (:class:`CatalogPoint`)."""
    return family_of(est.scenario.workload).catalog_point(est.scenario, est.card, est)


def like_for_like(chosen: Estimate, card: Card) -> Estimate:
    """``chosen``'s job on another ``card``, as a buyer compares cards: at the user's count with the
    chosen micro-batch held (training) when the card does the job there; else at the user's count
    with its own layout; else at the fewest cards that do the job (fit; serving: carry every user
    within the targets; desktops and video: carry every user or stream). When no count does, at the
    user's count, shown as not fitting."""
    s = chosen.scenario
    if card.id == chosen.card.id:
        return chosen
    own = estimate(s.model_copy(update={"card_id": card.id}), card)
    tries = [own]
    if s.workload.is_training and "micro_batch" in s.auto_layout:
        held = s.model_copy(update={"card_id": card.id,
                                    "auto_layout": tuple(f for f in s.auto_layout if f != "micro_batch")})
        tries.insert(0, estimate(held, card))
    done = next((e for e in tries if _does_the_job(e)), None)
    if done is not None:
        return done
    needed = _count_needed(own)
    return needed if needed is not None else own


def _does_the_job(est: Estimate) -> bool:
    return carries_load(est) if est.serving is not None else est.usable


def _count_needed(est: Estimate) -> Estimate | None:
    """The fewest cards of ``est``'s card that do its job (None: no count tried does)."""
    if est.graphics is not None:
        whole = carrying_whole_load(est)
        return whole if whole.usable else None
    if est.serving is not None:
        found = serving_deployment(est.scenario, est.card)
        if found is not None:
            return found
    return fewest_that_fit(est)


def analyse(scenario: Scenario, catalog: Catalog, compared_ids: Sequence[str] = ()) -> Analysis:
    """The chosen card's estimate plus the comparisons, sweeps and catalog points."""
    *_, complete = analysis_steps(scenario, catalog, compared_ids)
    return complete


def analysis_steps(scenario: Scenario, catalog: Catalog, compared_ids: Sequence[str] = (),
                   cancelled: Callable[[], bool] = lambda: False) -> Iterator[Analysis]:
    """The analysis, cheapest part first: (1) the chosen card's estimate, the compared cards and the
    memory curve, a few ms; (2) with the sweep over card counts; (3) with one point per catalog
    card, the complete analysis (the slow part: every card planned). Steps 1 and 2 have
    ``complete`` False and empty ``catalog_points``; step 1 has an empty ``by_count``. A caller
    that no longer needs the result stops iterating, or makes ``cancelled()`` true, which ends
    the catalog pass between two cards."""
    card = catalog.get(scenario.card_id)
    chosen = estimate(scenario, card)
    compared = tuple(like_for_like(chosen, catalog.get(i)) for i in compared_ids if i in catalog and i != card.id)
    on_card = chosen.graphics.load_on_card if chosen.graphics else 1
    # the curve of the layout the planner chose (the scenario itself when nothing is Auto)
    curve = memory_curve(chosen.scenario, card, on_card)
    yield Analysis(chosen, compared, (), curve, (), complete=False)
    counts = sorted({*COUNT_SWEEP, scenario.count})
    by_count = tuple(sweep_counts(scenario, card, counts))
    by_layout = tuple(family_of(scenario.workload).layout_sweep(chosen, card, counts) or ())
    suggestions = what_would_fit(chosen, catalog, asked_filters(scenario.ranking, scenario.workload))  # none if it fits
    yield Analysis(chosen, compared, by_count, curve, (), complete=False, suggestions=suggestions, by_layout=by_layout)
    points = []
    family = family_of(scenario.workload)
    own = family.catalog_point(scenario, card, chosen)
    basis = chart_basis(own, chosen.costs.basis, ranking_basis(scenario))
    owned = bool(scenario.economics.owned_cards)
    for other in catalog.cards:
        if cancelled():
            return
        if not owned and not may_cost_on(basis, price_basis(other, scenario.economics, scenario.constraints.region),
                                         other):
            continue  # its point would be on another basis, or have no cost: not planned for nothing
        point = own if other.id == card.id else family.catalog_point(scenario, other)
        point = on_basis(point, basis)
        if point is not None and point.fits:
            points.append(point)
    yield Analysis(chosen, compared, by_count, curve, tuple(points), suggestions=suggestions, by_layout=by_layout)


def point_tco(point: CatalogPoint | None) -> float | None:
    """``point``'s cost on the ranking's basis, in the chart's unit: the TCO per unit of work the
    ranking compares (:attr:`~configurator.core.procurement.deployment.DeploymentCost.ranked_per_unit`)
    times the units in one of the chart's (a job's million tokens or frames) [currency]; None
    without its estimate, or while a line of its bill is unpriced or its power unknown."""
    if point is None or point.estimate is None:
        return None
    tco = deployment_cost(point.estimate).ranked_per_unit
    return None if tco is None else tco * point.units_per_cost


def ranking_basis(scenario: Scenario) -> str:
    """The basis ``scenario``'s ranking ranks on: 'cloud' by rent (the objective asked, else a budget that caps rent:
    :func:`~configurator.core.scenario_ranking.objective_for`), else 'tco'."""
    objective = objective_for(scenario.ranking.objective, scenario.constraints.budget_basis)
    return "cloud" if objective is Objective.CLOUD else CostBasis.TCO


def chart_basis(own: CatalogPoint | None, own_basis: str | None, ranking: str = CostBasis.TCO) -> str:
    """The cost chart's one basis: ranked by rent (``ranking`` 'cloud'), the rent where the chosen card has one
    (``own_basis`` 'cloud'); else the TCO when the chosen card has a TCO (``own``,
    its point) or no price at all (``own_basis`` None: it has no point, and the others are not
    mixed cloud with owned), else the chosen card's own (a cloud rent without a purchase price:
    the chart says it is not the ranking's, :func:`configurator.core.view.cost_bases.chart_basis_note`)."""
    if ranking == "cloud" and own_basis == "cloud":
        return own_basis
    if own_basis is None or point_tco(own) is not None:
        return CostBasis.TCO
    return own_basis


def on_basis(point: CatalogPoint | None, basis: str | None) -> CatalogPoint | None:
    """``point`` with its cost on the chart's ``basis``: the TCO (:func:`point_tco`) for ``tco``,
    its own cost when its own basis is ``basis`` (or the chart has none); else None, left
    out (persona finding #20: a chart on cloud rent beside a ranking by TCO seemed to show a
    cheaper answer than the ranking's)."""
    if point is None:
        return None
    if basis == CostBasis.TCO:
        tco = point_tco(point)
        return None if tco is None else replace(point, cost=tco, basis=CostBasis.TCO)
    return point if basis is None or point.basis == basis else None


def may_cost_on(basis: str, prices: PriceBasis, card: Card | None = None) -> bool:
    """Whether a card with ``prices`` can have its costs on ``basis``: "cloud" or "ownership" by
    :func:`configurator.core.economics.priced_kind`, the rule the job's costs follow; "tco" with a
    purchase price, or bought whole as a rack-scale system the price file lists (``card``; its
    TCO needs every line of its bill priced, a price for the cards first). A card that cannot is
    left out of the cost chart whatever its estimate, so the catalog pass need not plan it (a third
    to a half of the catalog on the README's defaults; issue 28); a basis the rule does not name:
    the card is planned."""
    if basis == CostBasis.TCO:
        return prices.card_price is not None or (card is not None and rack_item(card) != UNPRICED_RACK)
    return basis not in ("cloud", "ownership") or priced_kind(prices) == basis
