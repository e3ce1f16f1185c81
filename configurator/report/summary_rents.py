"""What the summary's alternatives say of the rents they are ranked on: that rents of different tiers
(an on-demand rate beside a monthly machine rental) are compared, once (:func:`rent_tiers_note`). Split
from :mod:`configurator.report.summary`."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.recommend import Objective
from configurator.core.recommend_rent_tiers import rent_tiers_said
from configurator.report.language import Words, sentence


def rent_tiers_note(options: Sequence, objective: Objective, w: Words) -> str | None:
    """The alternatives table's sentence where, ranked by rent, it compares rents of different tiers
    (:func:`~configurator.core.recommend_rent_tiers.rent_tiers_said`; ``options`` ranked, in rank order);
    None when ranked on another cost or every rent is of one tier."""
    said = rent_tiers_said((o.estimate for o in options), objective)
    return None if said is None else sentence(w, said)
