"""One basis per cost per unit of work, named where it is shown (issue 24, part 6).

Three figures answer "what does a million tokens cost" and each differs on purpose:

- ``tco`` — the summary's: the bill of materials owned over the years (cards, servers, network,
  storage, racks, energy, support, less the residual value; ``procurement.deployment``);
- ``ownership`` — the estimate's and the ranking's: the cards as bought and their electricity
  (``economics.job_costs`` amortises the cards; ``recommend.ownership_cost`` adds the spares);
- ``cloud`` — renting the cards by the hour (``Costs.cloud``).

A view names the one it shows; no view mixes them. Qt-free; labels are ids of the one catalogue.
"""

from __future__ import annotations

from configurator.core.view.rows import Phrase

BASES = {"tco": "TCO of the bill of materials", "ownership": "cards and electricity, owned", "cloud": "cloud rent"}
"""What each basis is called, briefly (label ids)."""

PER_UNIT = {"million tokens": "per million tokens", "user-month": "per user-month", "stream-hour": "per stream-hour",
            "frame": "per frame", "job": "per job"}
"""The unit of work a cost is per, by the family's ``cost_unit`` or ``chart_cost_unit`` (label ids;
keyed by their values, not imported: the window's frame draws the cost axis before the families
load, and tests/test_like_for_like.py holds the keys to the families)."""


def per_unit_label(cost_unit: str, basis: str | None) -> Phrase:
    """'Cost per million tokens — cloud rent': the cost per unit of work with its basis named
    (``basis`` None: no price, the basis unknown)."""
    if basis is None:
        return Phrase("Cost {per}", {"per": PER_UNIT[cost_unit]})
    return Phrase("Cost {per} — {basis}", {"per": PER_UNIT[cost_unit], "basis": BASES[basis]})
