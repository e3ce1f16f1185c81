"""Why each ranked configuration is where it is: its bottleneck, the cards already owned it uses,
whole servers, and for the first how it compares with another class of card, the fastest option
at a comparable cost and, for a small load, the smallest purchase ranked (the reasons
:func:`configurator.core.recommend.ranking_of` attaches)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from configurator.core.desks import DISPLAY_OUTPUTS_OFF, PASSIVE_AT_DESK
from configurator.core.estimate import Estimate
from configurator.core.job_alone import job_alone_reason
from configurator.core.job_horizon import outlasts_years
from configurator.core.messages import Message, msg
from configurator.core.procurement.prices import PriceBook
from configurator.core.procurement.host import at_a_workstation
from configurator.core.procurement.servers import flow_through_reason, whole_servers_reason
from configurator.core.precision_risk import precision_risk
from configurator.core.recommend_costs import cloud_per_million, ownership_cost, partial_total
from configurator.core.recommend_record import Objective, Recommendation, cost_basis
from configurator.core.recommend_rent_tiers import rent_tiers_said
from configurator.core.recommend_software import porting_risk, support_caution
from configurator.core.region import import_message
from configurator.core.sharded_alternative import sharded_alternative
from configurator.core.trade_words import supply_caution
from configurator.core.workloads import family_of
from configurator.core.workloads.base import shown_figure

__all__ = ["FASTEST_OPTION_WITHIN", "fastest_option", "owned_reasons", "smallest_purchase", "with_reasons",
           "with_smallest_purchase"]



def _limit_reason(est: Estimate) -> Message:
    return family_of(est.scenario.workload).limit_reason(est)


CLASS_CLOSE_WITHIN = 1.05
"""A card of another class scoring within this ratio of the winner is called close (its cost per unit,
or its time, at most 5 % more) [ratio]."""


def _class_reason(best: Recommendation, ranked: Sequence[Recommendation], objective: Objective) -> Message | None:
    """How the winner compares with the best card of another class, in numbers."""
    other = next((r for r in ranked if r.card.category != best.card.category), None)
    if other is None or not best.score or not other.score:
        return None
    ratio = other.score / best.score
    if ratio < CLASS_CLOSE_WITHIN:
        return _class_close(best, ranked, objective)
    if objective is Objective.FASTEST:
        return msg("reason-class-faster", card=best.card.name, category=best.card.category, ratio=ratio,
                   other=other.card.name, other_category=other.card.category)
    return family_of(best.estimate.scenario.workload).cheaper_reason(best.card, other.card, ratio)


FIRST_ROW_CAUTIONS = ("class-mismatch", "precision-fallback", "weights-published-upcast")
"""The winner's own warnings said among the first row's reasons: a card outside the workload's class
(full training on an inference card), a precision the card lacks (FP16 for BF16) and a published format
it serves only upcast (DeepSeek-V3's FP8 weights on an A100) are what a buyer must see
before signing, not only on the estimate's page."""


def _cautions(best: Recommendation) -> list[Message]:
    """:data:`FIRST_ROW_CAUTIONS` among the winner's estimate messages, in that order."""
    return [m for key in FIRST_ROW_CAUTIONS for m in best.estimate.messages if m.id == key]


def _class_close(best: Recommendation, ranked: Sequence[Recommendation], objective: Objective) -> Message | None:
    """A winner outside its workload's class within :data:`CLASS_CLOSE_WITHIN` of the best card of that
    class: what the class card costs (or how much slower it is) beside it; None when the winner is in
    its class, no card of the class is ranked, or the best of it is not that close."""
    mismatch = next((m for m in best.estimate.messages if m.id == "class-mismatch"), None)
    if mismatch is None:
        return None
    expected = mismatch.params.get("expected")
    other = next((r for r in ranked if r.card.category == expected), None)
    if other is None or not best.score or not other.score or other.score / best.score >= CLASS_CLOSE_WITHIN:
        return None  # no card of the class ranked, or the best of it is not close: not "only 30 % more"
    key = "reason-class-close-faster" if objective is Objective.FASTEST else "reason-class-close"
    return msg(key, card=best.card.name, other=other.card.name, other_category=other.card.category,
               more=100 * max(other.score / best.score - 1.0, 0.0))


FASTEST_OPTION_WITHIN = 2.0
"""The "fastest option" beside the winner is the fastest ranked configuration whose cost per unit
of work (on the ranking's cost basis) is at most this many times the winner's: a faster fleet at
ten times the cost (88 × H20 beside 8 × MI300X) is not what a tighter target would make a buyer buy."""


def fastest_option(best: Recommendation, ranked: Sequence[Recommendation], objective: Objective
                   ) -> Recommendation | None:
    """The fastest of ``ranked`` (each meets every constraint and has a price) at the speed the
    targets are checked at (:meth:`~configurator.core.workloads.base.WorkloadFamily.checked_speed`:
    serving's per-token time at the targets' percentile), among those costing at most
    :data:`FASTEST_OPTION_WITHIN` × ``best``'s per unit of work; None when that is ``best`` or
    ``best`` has no cost to compare. Speeds are compared as the reasons show them
    (:func:`~configurator.core.workloads.base.shown_figure`, three significant digits), ``best``
    first among equals: 16 × MI355X at 19.999268677927173 ms a token beside 16 × MI350X at
    ...176 ms (the same bandwidth, the last bits apart) is not "faster", and its line read "takes
    20 ms (the recommendation 20 ms): a target under 20 ms would change the answer"."""
    basis = cost_basis(objective)
    ceiling = best.cost_on(basis)
    if ceiling is None or not math.isfinite(ceiling):
        return None
    family = family_of(best.estimate.scenario.workload)
    within = [r for r in ranked if r is best or (r.cost_on(basis) is not None
                                                 and r.cost_on(basis) <= FASTEST_OPTION_WITHIN * ceiling)]
    fastest = min(within, key=lambda r: (shown_figure(family.checked_speed(r.estimate)), r is not best))
    return None if fastest is best else fastest


def _what_would_change(best: Recommendation, ranked: Sequence[Recommendation], objective: Objective
                       ) -> Message | None:
    """The fastest configuration at a comparable cost (:func:`fastest_option`), when it is not the
    winner: what a target tighter than the winner's figure would choose."""
    family = family_of(best.estimate.scenario.workload)
    if not family.tighter_target_changes_answer(best.estimate.scenario):
        return None
    fastest = fastest_option(best, ranked, objective)
    if fastest is None:
        return None
    return family.fastest_instead(fastest.estimate, best.estimate)


def owned_reasons(est: Estimate, book: PriceBook | None = None, objective: Objective = Objective.TCO
                  ) -> tuple[Message, ...]:
    """What a configuration with cards already owned (``economics.owned_cards``) counts: that it
    uses them, what it still buys and the new spend — the capex of its bill of materials priced
    from ``book``, the owned cards left out — and how its TCO treats them (no purchase price,
    their energy in full, support and resale value on what is bought); none without owned cards.

    Ranked by rent (``objective`` CLOUD) the cards are all rented: one deployment does not span
    cards owned on premises and cards rented in a cloud (a tensor or pipeline group across both is
    not how serving engines or trainers deploy), so the owned cards are not used. The row says so
    and what using them would cost instead — the owned cards and those still to buy, costed as
    owned (TCO [currency per cost unit], new capex [currency]) — and the second reason compares
    that with the rent [currency per cost unit] and says how to rank with them counted."""
    owned = min(est.scenario.economics.owned_cards, est.scenario.count)
    if not owned:
        return ()
    card, count, currency = est.card.name, est.scenario.count, est.costs.currency
    cost = ownership_cost(est, book)
    bom = cost.bom
    said = {"owned": owned, "card": card, "capex": bom.capex, "currency": currency}
    if objective is Objective.CLOUD:
        return _owned_when_renting(est, cost.ranked_per_unit, said)
    if count > owned:  # the others into the empty places of the owned servers, or with servers bought
        row = msg("owned-row-some-places" if bom.servers_owned >= bom.servers else "owned-row-some",
                  extra=count - owned, count=count, **said)
    else:  # in servers of their own where they fill them (bom.owned_servers)
        row = msg("owned-row-all" if bom.servers_owned else "owned-row-all-servers-bought", **said)
    have = est.scenario.economics.owned_cards  # 56 of 64 owned H100s read as "uses the 56 already owned"
    idle = (msg("owned-left-idle", idle=have - count, have=have, card=card, count=count),) if have > count else ()
    return row, *idle, msg("owned-tco-basis", owned=owned, card=card)


def _owned_when_renting(est: Estimate, tco: float | None, said: dict) -> tuple[Message, ...]:
    """The row and the comparison of a rent ranking's configuration on a card owned
    (:func:`owned_reasons`): the TCO ``tco`` [currency per cost unit] of using the owned cards
    (None: a line of the bill unpriced), the rent's per cost unit beside it."""
    count, owned, unit = est.scenario.count, said["owned"], family_of(est.scenario.workload).cost_unit
    using = msg("owned-rent-using-some", extra=count - owned, **said) if count > owned else \
        msg("owned-rent-using-all", **said)
    instead = msg("owned-rent-instead" if tco is not None else "owned-rent-instead-unpriced",
                  using=using, tco=tco, unit=unit, **said)
    row = msg("owned-row-rent", count=count, instead=instead, **said)
    rent = cloud_per_million(est)
    if rent is None or tco is None:
        return row, msg("owned-rent-basis", count=count, **said)
    compare = "owned-rent-cheaper" if rent <= tco else "owned-rent-dearer"
    return row, msg(compare, count=count, rent=rent, tco=tco, unit=unit, **said)


def _job_alone(rec: Recommendation, book: PriceBook | None, objective: Objective) -> Message | None:
    """A job that ends, ranked by what owning costs: what this job alone costs bought and rented
    (:func:`configurator.core.job_alone.job_alone_reason`), beside the TCO spread over the years."""
    if objective is Objective.CLOUD or not family_of(rec.estimate.scenario.workload).one_off_job:
        return None
    return job_alone_reason(rec.estimate, ownership_cost(rec.estimate, book))


def _outlasts(rec: Recommendation) -> Message | None:
    """A job that ends and takes longer than the years its hardware is owned over
    (:func:`~configurator.core.job_horizon.outlasts_years`): the first of a ranking without a deadline."""
    if not family_of(rec.estimate.scenario.workload).one_off_job:
        return None
    return outlasts_years(rec.estimate.hours, rec.estimate.scenario.economics.amortisation_years)


def _supply_caution(rec: Recommendation, objective: Objective) -> Message | None:
    """The caution of a configuration that buys cards no longer (or not yet) made
    (:func:`~configurator.core.trade_words.supply_caution`); None where nothing is bought (ranked by
    rent, or every card already owned)."""
    scenario = rec.estimate.scenario
    if objective is Objective.CLOUD or scenario.economics.owned_cards >= scenario.count:
        return None
    return supply_caution(rec.card)


def with_reasons(ranked: list[Recommendation], objective: Objective, book: PriceBook | None = None,
                 class_mistake: Message | None = None) -> list[Recommendation]:
    """``ranked`` with each row's reasons; the first's include ``class_mistake``, what the class a buyer
    might wrongly pick would cost (:func:`~configurator.core.graphics_mistake.training_card_reason`), if any."""
    out = []
    for index, rec in enumerate(ranked):
        caution, meaning = support_caution(index, ranked)
        reasons = [caution] if caution is not None else []  # first: the table's "Why" and the answer's first line
        partial = None if objective is Objective.CLOUD else partial_total(rec.estimate, book)
        if partial is not None:  # a total without the workstations is never read as the whole bill (the Why column)
            reasons += [partial, *(v.message for v in rec.estimate.verdicts if v.id == "budget" and v.met is None)]
        risk = precision_risk(rec.estimate)  # BF16 asked, FP16 run: said first on its row (buyer51)
        if risk is not None:
            reasons.insert(0, risk)
        stance = import_message(rec.card, rec.estimate.scenario.constraints.region)  # regulators discourage it
        if stance is not None:  # China's own word on the card comes before everything else said of it
            reasons.insert(0, stance)
        supply = _supply_caution(rec, objective)  # production halted: new cards may not be had
        if supply is not None:
            reasons.append(supply)
        owned = owned_reasons(rec.estimate, book, objective)
        reasons += owned[:1]  # before the bottleneck: a row on the buyer's own cards says so first
        reasons.append(_limit_reason(rec.estimate))
        count = rec.estimate.scenario.count
        owned_all = objective is not Objective.CLOUD and rec.estimate.scenario.economics.owned_cards >= count
        whole = None if owned_all else whole_servers_reason(  # 8 HGX modules, not 1; none bought: none said
            rec.card, count, rented=objective is Objective.CLOUD,
            owned=0 if objective is Objective.CLOUD else rec.estimate.scenario.economics.owned_cards)
        if whole is not None:
            reasons.append(whole)
        cooler = None if objective is Objective.CLOUD else \
            flow_through_reason(rec.card, rec.estimate.scenario.count,  # 600 W open-air cards in a rack server
                                at_a_workstation(rec.estimate.scenario, rec.card))
        if cooler is not None:
            reasons.append(cooler)
        if index > 0:  # a passive board at a desk, its outputs shipped off (the first's are among its warnings): said
            # on its own row too
            reasons += [m for m in rec.estimate.messages if m.id in (PASSIVE_AT_DESK, DISPLAY_OUTPUTS_OFF)]
        if index == 0:  # the fallback said once: the row's precision risk names it (buyer51)
            reasons += [m for m in _cautions(rec) if risk is None or m.id != "precision-fallback"]
            # rents of different tiers (on demand beside monthly) compared: said once, here
            tiers = rent_tiers_said((r.estimate for r in ranked), objective)
            reasons += [r for r in (_class_reason(rec, ranked, objective), tiers, class_mistake,
                                    _what_would_change(rec, ranked, objective),
                                    _job_alone(rec, book, objective), _outlasts(rec),
                                    sharded_alternative(rec.estimate)) if r]
            reasons += owned[1:]
        risk = porting_risk(rec)
        if risk is not None:
            reasons.append(risk)
        if meaning is not None:
            reasons.append(meaning)
        out.append(Recommendation(rec.estimate, rec.score, rec.ownership_per_unit, rec.cloud_per_unit,
                                  rec.energy_kwh_per_unit, tuple(reasons)))
    return out


def smallest_purchase(ranked: Sequence[Recommendation], book: PriceBook | None = None) -> Recommendation | None:
    """The ranked configuration with the least capex (its whole bill of materials priced), where it
    is not the first: what a buyer whose load is unknown, or small, could buy first. None where the
    first is also the smallest purchase or no bill is whole."""
    def capex(rec: Recommendation) -> float | None:
        bom = ownership_cost(rec.estimate, book).bom
        return bom.capex if bom.complete and rec.ownership_per_unit is not None else None

    priced = [(c, i) for i, c in enumerate(map(capex, ranked)) if c is not None]
    if not priced:
        return None
    least, index = min(priced)
    first = capex(ranked[0])
    return None if index == 0 or first is None or least >= first else ranked[index]


def with_smallest_purchase(ranked: list[Recommendation], book: PriceBook | None) -> Recommendation:
    """The first of ``ranked`` with a line naming :func:`smallest_purchase` after its reasons (an
    unsized question ranks by cost per token at full load, which favours a rack to a box)."""
    first, smallest = ranked[0], smallest_purchase(ranked, book)
    if smallest is None:
        return first
    est = smallest.estimate
    line = msg("reason-smallest-purchase", count=est.scenario.count, card=est.card.name,
               capex=ownership_cost(est, book).bom.capex, currency=est.costs.currency,
               per_unit=smallest.ownership_per_unit, ratio=smallest.ownership_per_unit / first.ownership_per_unit,
               first_capex=ownership_cost(first.estimate, book).bom.capex)
    return replace(first, reasons=(*first.reasons, line))

