"""The tier of a rent: on demand, a monthly rental or a reservation, read from the offer its catalog
entry records (``PriceEntry.tier``, e.g. "on-demand", "monthly, 8-GPU bare-metal machine"); never guessed
from the amount. Rents of different tiers are not like for like: a ranking that compares them says so
(:func:`configurator.core.recommend_rent_tiers.rent_tiers_said`)."""

from __future__ import annotations

from typing import Literal

from configurator.core.card import PriceEntry

__all__ = ["RentTier", "rent_tier"]

RentTier = Literal["on-demand", "monthly", "reserved"]
"""on-demand = pay as you go, by the hour, no commitment; monthly = a rental paid by the month (a
machine's or an instance's), per card-hour over 720 hours; reserved = a commitment of a year or more."""


def rent_tier(entry: PriceEntry) -> RentTier | None:
    """The tier of the rent ``entry``: its recorded offer's leading word ("on-demand …", "monthly, …"),
    or "reserved" where the offer says so ("1-year reserved"); None where the offer is not recorded or
    names none of them ("not stated", "EC2 Capacity Block")."""
    offer = (entry.tier or "").strip().lower()
    for tier in ("on-demand", "monthly"):
        if offer.startswith(tier):
            return tier
    return "reserved" if "reserved" in offer else None
