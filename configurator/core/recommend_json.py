"""A ranking as JSON (the command line's ``recommend --json`` and the tests): each ranked
configuration with the estimate's fields, its ranking numbers, reasons and the price it is ranked
at; the Pareto front, the cards without a price, whether price decides, and what is below the line.
Above :mod:`configurator.core.recommend`, as :mod:`configurator.core.estimate_json` is above the
estimate."""

from __future__ import annotations

import math

from configurator.core.cloud_only import to_rent
from configurator.core.currency import price_conversion
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.layout_json import scenario_layout_to_dict
from configurator.core.messages import Message
from configurator.core.procurement.card_price import price_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import PriceBook
from configurator.core.procurement.rent_tier import rent_tier
from configurator.core.procurement.partial import excluded_count, unpriced_item
from configurator.core.recommend import Objective, Recommendation, Result
from configurator.core.recommend_budget import budget_short, budget_short_message
from configurator.core.recommend_costs import rent_or_buy
from configurator.core.system_price import system_price_flags, system_price_line
from configurator.core.software import support_end
from configurator.core.verdicts import violations_to_dicts
from configurator.core.workloads import family_of


def price_entry_to_dict(rec: Recommendation, objective: Objective, book: PriceBook | None = None) -> dict | None:
    """The price ``rec`` is ranked at, for JSON: ``{amount, currency, kind, date, source, confidence,
    provider, tier, market, user, flags, flag_texts}`` (the cloud price when ranking by rent, with its
    ``rent_tier``: :func:`~configurator.core.procurement.rent_tier.rent_tier`); a price the
    user typed into the scenario as ``kind: "scenario"``."""
    prices = rec.estimate.costs.prices
    cloud = objective is Objective.CLOUD
    amount = prices.cloud_per_hour if cloud else prices.card_price
    chosen = prices.cloud if cloud else prices.card
    if amount is None:
        system = None if cloud else system_price_line(rec.estimate, book)
        if system is None:
            return None
        flags = system_price_flags(system)
        return {"amount": None, "currency": rec.estimate.costs.currency, "kind": "system",
                "included_in": system.item_id, "system_price": system.unit_price, "date": system.date,
                "source": system.source, "confidence": system.confidence, "user": False,
                "flags": [f.id for f in flags], "flag_texts": [f.text for f in flags]}
    currency = rec.estimate.costs.currency
    if chosen is None:
        flags = prices.cloud_flags if cloud else prices.card_flags
        return {"amount": amount, "currency": currency, "kind": "scenario", "date": None, "user": True,
                "flags": [f.id for f in flags], "flag_texts": [f.text for f in flags]}
    entry = price_to_dict(chosen, amount, currency)
    if cloud:  # the rent's tier, as its offer records it (on-demand, monthly, reserved; None: not known)
        entry["rent_tier"] = rent_tier(chosen.entry)
    conversion = price_conversion(chosen.entry.currency, rec.estimate.scenario.economics)
    if conversion is not None and conversion[1] is not None:  # quoted in another currency than USD or the scenario's
        rate = conversion[1]
        entry["converted"] = {"from": rate.currency, "per_usd": rate.per_usd, "date": rate.date,
                              "source": rate.source}
    return entry


def recommendation_to_dict(rec: Recommendation, rank: int, book: PriceBook | None = None) -> dict:
    """One ranked entry: the estimate's JSON fields (its bill priced from ``book``; None: its
    scenario's own) plus the ranking numbers and reasons."""
    cost = deployment_cost(rec.estimate, book)
    document = estimate_to_dict(rec.estimate, cost)
    entry = {k: v for k, v in document.items() if k not in ("scenario", "assumptions")}
    excluded = excluded_count(cost.bom)  # the items a total ranked though partial leaves out [count]
    entry.update({
        "rank": rank,
        "score": rec.score,
        # JSON keys of the command-line contract, kept; the values are per ``cost_unit``, named beside them
        # (a desktop's TCO per user-month read as per million tokens, persona 7, session 38)
        "tco_per_million_tokens": rec.ownership_per_unit,
        "cloud_per_million_tokens": rec.cloud_per_unit,
        "energy_kwh_per_million_tokens": rec.energy_kwh_per_unit,
        "cost_unit": family_of(rec.estimate.scenario.workload).cost_unit,
        "nodes": rec.estimate.scenario.nodes,
        "bom": {key: entry["bom"][key] for key in ("capex", "complete", "currency", "owned", "host")},
        # ranked on the priced part: the deskside workstations, the bill's only lines without a price, left out
        "excludes": {"item": unpriced_item(cost.bom), "count": excluded} if excluded else None,
        # rent against buy on one basis, the GPUs the bill buys (rent_against_buy), and the text line's words
        "rent_or_buy": None if entry["bom"]["rent_against_buy"] is None else
        {**entry["bom"]["rent_against_buy"], "said": rent_or_buy(rec.estimate, cost).to_dict()},
        "reasons": [m.text for m in rec.reasons],
        "reason_ids": [m.to_dict() for m in rec.reasons],
        # the vendor's toolkit no longer builds for the card (the catalog's sourced entry), else None
        "support_end": None if (end := support_end(rec.card)) is None else end.model_dump(mode="json"),
    })
    return entry


def _with_price(entry: dict, rec: Recommendation, objective: Objective, book: PriceBook | None) -> dict:
    """A ranked entry with the price it is ranked at (:func:`price_entry_to_dict`)."""
    return {**entry, "price": price_entry_to_dict(rec, objective, book)}


LOAD_FLAGS = {"load-not-given": ("--concurrency", "--requests-per-s", "--requests-per-day"),
              "load-not-given-batch": ("--requests-per-day", "--concurrency")}
"""The flags that give a serving question its load, by :attr:`Result.load`'s id (the JSON's ``load.give``)."""


def load_to_dict(note: Message | None) -> dict:
    """Whether the question had a load, from its note (:attr:`Result.load`,
    :func:`~configurator.core.serving_use.estimate_load_note`): ``{given, note_id, note, give}`` — where
    none was given, what was assumed in words (``note``) and the flags that give one (``give``); ``given``
    true otherwise (and for work that is not serving)."""
    if note is None:
        return {"given": True, "note_id": None, "note": None, "give": []}
    return {"given": False, "note_id": note.id, "note": note.text, "give": list(LOAD_FLAGS[note.id])}


def result_to_dict(result: Result) -> dict:
    return {
        "objective": result.objective.value,
        # the cards the buyer named (--cards), each ranked, listed or in rejected_ids; empty: every card weighed
        "cards": list(result.filters.cards) if result.filters is not None else [],
        "load": load_to_dict(result.load),
        "owned_alone": None if result.owned_alone is None else result.owned_alone.to_dict(),
        "ranked": [_with_price(recommendation_to_dict(r, i + 1, result.book), r, result.objective, result.book)
                   for i, r in enumerate(result.ranked)],
        # "speed" is the family's figure, lower faster: hours, seconds per output token...: its unit beside it, and
        # for a latency the percentile of requests it is at ("speed_percentile": 50, the median; the text's column
        # shows the targets' percentile), None otherwise
        # ranked after every complete total (each total leaves out an item without a price), by card id in rank
        # order; those past "ranked" listed in full with their ranks (Result.ranked_after_unlisted)
        "ranked_after": list(result.ranked_after),
        "ranked_after_unlisted": [_with_price(recommendation_to_dict(r, rank, result.book), r, result.objective,
                                              result.book) for rank, r in result.ranked_after_unlisted],
        "pareto": [{"card": r.card.id, "count": r.count, "speed": r.speed_figure, "speed_unit": r.speed_unit,
                    "speed_percentile": r.speed_percentile,
                    "tco_per_million_tokens": r.ownership_per_unit,
                    "cost_unit": family_of(r.estimate.scenario.workload).cost_unit}
                   for r in result.pareto],
        "rejected": result.rejected,
        "rejected_ids": {card: why.to_dict() for card, why in result.left_out.items()},
        "left_out": list(result.unlisted),
        # the cards sold only as a cloud service left out where the buyer buys, by id (core/cloud_only.py): the
        # text's "Also available to rent" line; empty ranked by cloud rent
        "also_to_rent": list(to_rent(result.left_out)),
        "unpriced": [{"card": r.card.id, "count": r.count, "speed": r.speed_figure, "speed_unit": r.speed_unit,
                      "speed_percentile": r.speed_percentile,
                      "reason_id": r.reasons[0].id,
                      "reason": r.reasons[0].text, "layout": scenario_layout_to_dict(r.estimate.scenario)}
                     for r in result.unpriced],
        "price_decides": None if result.price_decides is None else result.price_decides.to_dict(),
        "below_the_line": [below_line_to_dict(r) for r in result.below_line],
        "budget_too_small": _budget_too_small(result),
        "unrated": _unrated(result),
    }


def _unrated(result: Result) -> list[dict]:
    """The cards the catalog cannot rate (:attr:`Result.unrated`: a figure their speed needs is not
    published), each with its reason as ``rejected`` words it: listed, never ranked."""
    return [{"card": card, "reason": why.text} for card, why in result.unrated.items()]


def _budget_too_small(result: Result) -> dict | None:
    """Where nothing is ranked and the budget alone keeps the nearest configuration out
    (:func:`~configurator.core.recommend_budget.budget_short`): that configuration (card, count)
    and the message the ranking says (id, params, English text); None otherwise."""
    nearest, said = budget_short(result), budget_short_message(result)
    if nearest is None or said is None:  # said: None where an unranked configuration keeps within the budget
        return None
    return {"card": nearest.card.id, "count": nearest.count, "message": said.to_dict()}


def below_line_to_dict(rec: Recommendation) -> dict:
    """One configuration below the line: the card, count and layout, the objective's figure (None
    when it has none) and every constraint it breaks, as the checker's verdicts."""
    return {"card": rec.card.id, "count": rec.count, "speed": rec.speed_figure, "speed_unit": rec.speed_unit,
            "speed_percentile": rec.speed_percentile,
            "score": rec.score if math.isfinite(rec.score) else None,
            "tco_per_million_tokens": rec.ownership_per_unit, "cloud_per_million_tokens": rec.cloud_per_unit,
            "layout": scenario_layout_to_dict(rec.estimate.scenario),
            "violations": violations_to_dicts(rec.estimate.verdicts)}
