"""What the buyer asks a catalog ranking beside the scenario's constraints: the objective the ranking minimises
and the buyer's filters (the cards named, domestic vendors only, consumer cards), a frozen and validated part of
the scenario (``Scenario.ranking``), so a scenario saved with its ranking question opens with the same question.
Re-exported by :mod:`configurator.core.scenario`."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from configurator.core.frozen_model import FrozenModel


class Objective(StrEnum):
    """What the ranking minimises (re-exported by :mod:`configurator.core.recommend`)."""

    TCO = "tco"  # the whole bill of materials owned over the years, per unit of work (owned cards not bought)
    CLOUD = "cloud"  # cloud rental
    FASTEST = "fastest"  # training time, or time per output token
    ENERGY = "energy"  # kWh per token
    FEWEST_CARDS = "fewest-cards"


MAX_NAMED_CARDS = 1000
"""Most cards a ranking may be asked to compare by name [count]: every card of the bundled catalog (about 60)
and a user's own many times over; a bound, so a file written by hand cannot hold an unbounded list."""


class RankingQuestion(FrozenModel):
    """The recommendation panel's question (``recommend --objective --cards --domestic-only``): what the
    ranking minimises and which cards it weighs. The window's panel shows and edits it; the filters the
    ranking applies are built from it with the workload's classes
    (:meth:`~configurator.app.recommend_controls.RankingControls.filters`).

    Until December 2026 the panel held these apart from the scenario: a buyer who named four cards, saved and
    opened the file again found every card ranked by TCO (session 45)."""

    objective: Objective | None = Field(
        default=None, description="what the ranking minimises (None: not asked — how the buyer pays decides, "
                                  ":func:`objective_for`)")
    cards: tuple[str, ...] = Field(
        default=(), max_length=MAX_NAMED_CARDS,
        description="the cards compared, by catalog id, in the order named (empty: every card of the workload's "
                    "classes); a card the catalog no longer lists is named no more when the file is opened")
    domestic_only: bool = Field(default=False, description="only cards of vendors based in mainland China")
    consumer: bool = Field(default=False, description="consumer (GeForce-class) graphics cards ranked too")


def objective_for(asked: Objective | None, budget_basis: Literal["capex", "rent"]) -> Objective:
    """The objective a ranking minimises: the one asked (``--objective``, the panel's "Rank by", a scenario file's
    saved question), else how the buyer pays — a budget that caps rent (``Constraints.budget_basis`` "rent") ranks
    by rent (:attr:`Objective.CLOUD`), any other by total cost of ownership (:attr:`Objective.TCO`).

    Product policy (session 50, the lead's decision on persona50's finding): the budget basis is how the buyer
    pays. Until December 2026 every ranking not asked otherwise was by ownership: the renter who chose "budget
    limits: Rent" for a 2B-token Llama 3 70B fine-tune in 48 h was told to buy 8 × MI350X, a card with no rent
    in the catalog, where ranking by rent names 32 × MI325X at 1.95 USD per card-hour."""
    if asked is not None:
        return asked
    return Objective.CLOUD if budget_basis == "rent" else Objective.TCO


def against_basis(objective: Objective, budget_basis: Literal["capex", "rent"]) -> bool:
    """Whether an objective asked ranks on the other side of how the buyer pays: by ownership
    (:attr:`Objective.TCO`) where the budget caps rent. Said once beside the ranking (message
    ``ranked-against-basis``), never overruled: the objective asked wins."""
    return objective is Objective.TCO and budget_basis == "rent"
