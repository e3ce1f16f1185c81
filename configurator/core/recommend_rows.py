"""The rows a ranking does not rank, told apart: why one has no price to rank on (its cards, a
line of its bill, its power, a rent the buyer cannot take), how far one is below the line, and
whether a latency target rather than the load sized it (an oversized fleet). Split from
:mod:`configurator.core.recommend`, which re-exports these names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from configurator.core.constraints import region_rank
from configurator.core.region import import_barred, rented_despite_bar
from configurator.core.economics import no_purchase_message
from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend_costs import ownership_cost, partial_total
from configurator.core.scenario_ranking import Objective
from configurator.core.procurement.partial import cards_unpriced, items_unpriced
from configurator.core.workloads.layout import whole_system_counts
from configurator.core.workloads.serving.deployment import SERVING_COUNTS, fewest_cards_for_weights


def budget_unchecked(est: Estimate) -> bool:
    """Whether the buyer set a budget that this configuration cannot be checked against: a line of
    its bill (or its rent) has no price. Such a configuration is never ranked, whatever the
    objective: ranked by speed it would stand first as if within the budget (``--budget 2M
    --objective fastest`` put 128 × B300 and 128 × TPU7x, neither priced, on top of the ranking,
    where 16 HGX B300 servers cost several times 2M USD); it is listed without a price instead."""
    return budget_unknown(est) and not budget_is_partial(est)


def budget_is_partial(est: Estimate) -> bool:
    """Whether ``est``'s budget is unknown only for want of an item's price, its cards priced (a deskside
    workstation, a host node, a rack-scale system's infrastructure: :func:`~configurator.core.procurement.partial.
    items_unpriced`): its capex without them is within the budget. Ranked on the priced part after every complete
    total, its row says the budget cannot be confirmed (the verdict's words), never that it is within it."""
    if est.scenario.constraints.budget_basis == "rent":
        return False
    return budget_unknown(est) and bool(items_unpriced(ownership_cost(est).bom))


def ranked_after_complete(est: Estimate, objective: Objective, book: PriceBook | None = None) -> bool:
    """Whether ``est`` is ranked after every configuration whose total is complete: the one rule for a bill
    whose capex leaves out an item without a price (:func:`~configurator.core.recommend_costs.partial_total`:
    a deskside workstation, a host node, a rack-scale system's infrastructure), wherever the ranking reads that
    total — by total cost of ownership, or within a purchase budget it cannot confirm (:func:`budget_is_partial`).
    Such a row keeps its priced part and the sentence saying what its total excludes; among such rows the order
    is the objective's. Until December 2026 a partial total ranked on its priced part alone, before complete
    ones: ``recommend --workload inference --model llama3-8b --concurrency 100`` put four workstation cards
    first, each "The total excludes 1 workstation", and in mainland China 2 × RTX A6000 at 0.547 元/M tokens
    above the A10's 1.70, whose total includes its server (persona47). Ranked by rent (no bill read) the rule
    does not apply."""
    if objective is Objective.CLOUD or partial_total(est, book) is None:
        return False
    return objective is Objective.TCO or budget_is_partial(est)


def price_can_decide(ranked: Sequence[T], partial: Callable[[T], bool]) -> tuple[T, ...]:
    """The configurations of ``ranked`` (in rank order, best first) whose prices decide the ranking: those whose
    totals are complete (``partial``: :func:`ranked_after_complete`) — a partial total never takes first place by
    price — or every one where the first is partial itself (nothing complete ranked above it). The one rule of
    the command line's "When price decides" (:attr:`~configurator.core.recommend.Result.price_decides`) and the
    summary's (:func:`~configurator.report.summary_prices.summary_price_decision`): until December 2026 the summary
    put 1 × RTX PRO 6000 Blackwell Workstation Edition, its workstation unpriced, first in its "Price decides?"
    beside a recommendation of 8 × L40 (persona49b)."""
    if ranked and not partial(ranked[0]):
        return tuple(r for r in ranked if not partial(r))
    return tuple(ranked)


def budget_unknown(est: Estimate) -> bool:
    """Whether the buyer set a budget that ``est`` could not be checked against (its verdict's ``met`` None:
    a line of the bill, or the rent, has no price): :func:`budget_unchecked` and :func:`budget_is_partial` tell
    the two cases apart."""
    return any(v.id == "budget" and v.met is None for v in est.verdicts)


T = TypeVar("T")
"""A ranked row of any screen's kind (a recommendation, a summary's option)."""


RENT_ELSEWHERE = ("cloud-price-china-only", "cloud-price-abroad-only")
"""Why a card with rents in the catalog has none to rank: all of them in a market the buyer cannot
rent in (:func:`configurator.core.economics.no_rent_message`)."""


USED_ONLY = "purchase-price-used-only"
"""The words of why a card with purchase prices in the catalog has none to rank: all of them are
used or refurbished cards' (:func:`configurator.core.economics.no_purchase_message`); the fact is
the price decision's (:attr:`~configurator.core.economics.PriceBasis.used_only`, :func:`used_price_reason`)."""


def used_price_reason(est: Estimate) -> Message | None:
    """Why ``est``'s cards have no purchase price to rank on where the price decision found only a
    used or refurbished card's (:attr:`~configurator.core.economics.PriceBasis.used_only`): the
    words naming it as information (:data:`USED_ONLY`); None where the card has a new card's price,
    the user's own, or none at all."""
    used = est.costs.prices.used_only
    return None if used is None else no_purchase_message(est.card, used, est.scenario.economics)


def no_rent_reason(est: Estimate) -> Message:
    """Why a configuration has no rent to rank on: its card's rents are all in a market the buyer
    cannot rent in (naming the provider and amount), else it has none (``no-price-cloud``)."""
    return next((m for m in est.costs.messages if m.id in RENT_ELSEWHERE),
                msg("no-price-cloud", card=est.card.name))


def rent_budget(est: Estimate) -> bool:
    """Whether the budget this configuration cannot be checked against caps its rent."""
    return est.scenario.constraints.budget_basis == "rent" and budget_unchecked(est)


def unpriced_reason(est: Estimate, book: PriceBook) -> Message:
    """Why a configuration has no total cost of ownership to rank on: another line of its bill than the cards has
    no price (``no-price-items``, naming them), else its cards have none (``no-price``), or only a used card's
    (:data:`USED_ONLY`, naming it as information). A board power that is not published is no reason: that total is
    ranked without its energy (:func:`~configurator.core.procurement.partial.excluded_message`); until December
    2026 it was said "no published board power — its energy, and so its TCO, cannot be counted" (``no-power-tco``,
    removed by buyer51b once nothing said it)."""
    cost = ownership_cost(est, book)
    if cost.missing_prices and not cards_unpriced(cost.bom):
        return msg("no-price-items", card=est.card.name, items=cost.missing_prices)  # each said in the language
    return used_price_reason(est) or msg("no-price", card=est.card.name)


def miss_size(est: Estimate) -> tuple[int, int, float]:
    """How far a configuration is from meeting its constraints: its card's export status for the
    region (a rule is never a small miss: every card that may be delivered comes first, then those
    needing a licence, then those whose status is unknown), then how many other constraints it
    breaks, then the sum of the shares by which it breaks them (one for an unknown)."""
    others = [v for v in est.violations if v.id != "region"]
    return (region_rank_of(est), len(others),
            sum(max(v.share, 0.0) if v.share is not None else 1.0 for v in others))


def region_rank_of(est: Estimate) -> int:
    """:func:`~configurator.core.constraints.region_rank` of the configuration's card, 0 where it is
    rented from a provider in the region that holds the cards (nothing to deliver:
    :attr:`~configurator.core.economics.Costs.rented_from`) — unless China's customs bar the card's
    entry (:data:`~configurator.core.region.IMPORT_BARRED`: rented there or bought, not recommended) and the
    cards held there did not come in lawfully before the bar (:func:`~configurator.core.region.rented_despite_bar`)."""
    region = est.scenario.constraints.region
    if est.costs.rented_from is not None and (not import_barred(est.card, region)
                                              or rented_despite_bar(est.card, region)):
        return 0
    return region_rank(est.card, region)


OVERSIZED_FLEET = 4.0
"""A configuration that carries more than this many times the request rate the buyer needs is
sized by a latency target the card barely meets or misses, not by the load (its extra cards only
shorten the queue): its row says so — below the line "even 4,096 × L4, carrying 45× the 20
requests/s needed, miss: …", without a price "1,240 × Tesla V100 carry 8.6× …: the latency targets,
not the load, set this count". The winner of a load the targets do not bind carries ~1-2×."""


def load_multiple(est: Estimate) -> float | None:
    """How many times the stated request rate ``est`` carries (its ``request-rate`` verdict:
    requests/s carried over requests/s needed); None without a stated rate, or where it falls short
    or cannot be known."""
    verdict = next((v for v in est.verdicts if v.id == "request-rate"), None)
    if verdict is None or not verdict.met or not isinstance(verdict.actual, (int, float)) or not verdict.target:
        return None
    return verdict.actual / verdict.target


def smallest_copy(est: Estimate) -> int:
    """The fewest cards ``est``'s card serves its model on: the first count the serving search tries
    (whole servers or racks where the card is sold so) that holds the weights [cards]."""
    least = fewest_cards_for_weights(est.scenario, est.card)
    counts = whole_system_counts(est.card, SERVING_COUNTS)
    return next((n for n in counts if n >= least), counts[-1])


def oversized_figures(est: Estimate) -> dict | None:
    """The words' figures of a fleet past :data:`OVERSIZED_FLEET` × the load (count, card, ratio,
    requests/s needed) and larger than the card's smallest copy (:func:`smallest_copy`: 384 ×
    Ascend 910C in one CloudMatrix, carrying 8× the load, is the rack's size, not the target's);
    None otherwise."""
    ratio = load_multiple(est)
    if ratio is None or ratio <= OVERSIZED_FLEET or est.scenario.count <= smallest_copy(est):
        return None
    needed = next(v.target for v in est.verdicts if v.id == "request-rate")
    return {"count": est.scenario.count, "card": est.card.name, "ratio": ratio, "needed": needed}


def oversized_fleet(est: Estimate) -> Message | None:
    """A table cell for a configuration without a price that the latency targets size
    (:data:`OVERSIZED_FLEET`): not ranked, and no fleet to buy, with the multiple of the load it
    carries; None for any other."""
    oversized = oversized_figures(est)
    return None if oversized is None else msg("unpriced-oversized-cell", ratio=oversized["ratio"],
                                              needed=oversized["needed"])
