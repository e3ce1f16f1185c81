"""Rents of different tiers compared (an on-demand rate beside a monthly machine rental) are said to be
so once: among a ranking by rent's first row's reasons and under the summary's alternatives
(:func:`rent_tiers_said`)."""

from __future__ import annotations

from collections.abc import Iterable

from configurator.core.card import PriceEntry
from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg
from configurator.core.procurement.rent_tier import RentTier, rent_tier
from configurator.core.recommend_record import Objective

__all__ = ["rent_tiers_said"]


def _rent(est: Estimate) -> tuple[RentTier, PriceEntry] | None:
    """The tier and catalog entry of the rent ``est`` is priced at; None where the rent is the user's
    own, or its tier is not recorded."""
    chosen = est.costs.prices.cloud
    tier = None if chosen is None else rent_tier(chosen.entry)
    return None if tier is None else (tier, chosen.entry)


def rent_tiers_said(ranked: Iterable[Estimate], objective: Objective) -> Message | None:
    """"Rents of different tiers are compared: Ascend 910B's rent is a monthly rental (2.60 CNY per
    card-hour, 云擎天下 (Omniyq), 2026-08), H20's on demand (14.58 …): on-demand rents typically cost more
    than monthly or reserved ones", naming the first of ``ranked`` (in rank order) whose rent's tier is
    recorded and the first after it of another tier, and the others of that tier ("the same for …");
    None where every rent is of one tier (or of none recorded), or where the ranking's ``objective`` is not
    cloud rent (its rents are then not what it compares)."""
    if objective is not Objective.CLOUD:
        return None
    rents = [(est, rent) for est in ranked if (rent := _rent(est)) is not None]
    first = rents[0] if rents else None
    other = next(((est, rent) for est, rent in rents if rent[0] != first[1][0]), None) if first else None
    if other is None:
        return None
    (est, (tier, entry)), (other_est, (other_tier, other_entry)) = first, other
    also = [e.card.name for e, rent in rents if rent[0] == other_tier and e is not other_est]
    same = entry.currency == other_entry.currency  # as the sources give them ("14.58 CNY"), else converted
    amounts = (entry.midpoint, other_entry.midpoint) if same else \
        (est.costs.prices.cloud_per_hour, other_est.costs.prices.cloud_per_hour)
    return msg("reason-rent-tiers-differ", card=est.card.name, tier=msg(f"rent-tier-{tier}"), amount=amounts[0],
               currency=entry.currency if same else est.costs.currency, provider=entry.provider or entry.source,
               date=entry.date, other=other_est.card.name, other_tier=msg(f"rent-tier-{other_tier}"),
               other_amount=amounts[1], other_provider=other_entry.provider or other_entry.source,
               other_date=other_entry.date, also=msg("rent-tier-also", cards=also) if also else "")
