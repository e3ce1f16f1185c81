"""The ranking by rent that compares rents of different tiers (an on-demand rate beside a monthly
machine rental) says so once, among the first row's reasons (:func:`rent_tiers_reason`)."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.card import PriceEntry
from configurator.core.messages import Message, msg
from configurator.core.procurement.rent_tier import RentTier, rent_tier
from configurator.core.recommend_record import Recommendation

__all__ = ["rent_tiers_reason"]


def _rent(rec: Recommendation) -> tuple[RentTier, PriceEntry] | None:
    """The tier and catalog entry of the rent ``rec`` is priced at; None where the rent is the user's
    own, or its tier is not recorded."""
    chosen = rec.estimate.costs.prices.cloud
    tier = None if chosen is None else rent_tier(chosen.entry)
    return None if tier is None else (tier, chosen.entry)


def rent_tiers_reason(ranked: Sequence[Recommendation]) -> Message | None:
    """"H20's rent is on demand (14.58 CNY per card-hour, 腾讯云 (Tencent Cloud), 2026-07), Ascend 910B's
    a monthly rental (2.60 CNY per card-hour, …): on-demand rents typically cost more than monthly or
    reserved ones", naming the first ranked row whose rent's tier is recorded and the first below it of
    another tier; None where every ranked rent is of one tier (or of none recorded)."""
    rents = [(rec, rent) for rec in ranked if (rent := _rent(rec)) is not None]
    if not rents:
        return None
    first, (tier, entry) = rents[0]
    other = next(((rec, rent) for rec, rent in rents if rent[0] != tier), None)
    if other is None:
        return None
    rec, (other_tier, other_entry) = other
    amounts, currency = _amounts(first, rec)
    return msg("reason-rent-tiers-differ", card=first.card.name, tier=msg(f"rent-tier-{tier}"),
               amount=amounts[0], currency=currency, provider=entry.provider or entry.source, date=entry.date,
               other=rec.card.name, other_tier=msg(f"rent-tier-{other_tier}"), other_amount=amounts[1],
               other_provider=other_entry.provider or other_entry.source, other_date=other_entry.date)


def _amounts(first: Recommendation, other: Recommendation) -> tuple[tuple[float, float], str]:
    """The two rents per card-hour as their sources give them where both are in one currency ("14.58 CNY"
    beside "2.60 CNY"), else both converted to the scenario's (:attr:`PriceBasis.cloud_per_hour`)
    [currency per card-hour], with that currency."""
    a, b = first.estimate.costs.prices, other.estimate.costs.prices
    if a.cloud.entry.currency == b.cloud.entry.currency:
        return (a.cloud.entry.midpoint, b.cloud.entry.midpoint), a.cloud.entry.currency
    return (a.cloud_per_hour, b.cloud_per_hour), first.estimate.costs.currency
