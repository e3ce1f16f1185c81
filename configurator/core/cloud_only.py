"""Cards sold only as a cloud service: rented by the chip, never bought.

The catalog says so in the card's form factor, its one place ("Cloud-only (not sold)": Cloud TPU v5e, v6e
Trillium and TPU7x Ironwood, from Google's Cloud TPU pages; "Cloud-only (EC2 Trn2 instances, not sold)": AWS
Trainium2, from AWS's EC2 Trn2 pages; each card's sources and date are its catalog entry's). Their only price is a
rent (``kind`` "cloud-hourly").

One rule (:func:`purchase_refused`): a ranking whose buyer buys (:func:`bought`: any objective but cloud rent, the
budget capping capex) lists none of them as a purchase option — not "without a price (enter a quote)", not below
the line with a bill of NICs and switches "without the cards", not as the nearest over budget a summary presents,
not as "another card" that would fit, not among the cards a budget buys (``what-fits --budget``); each is left out
with why (``rejected_ids``) and named in one line "also available to rent" (:func:`to_rent`). Ranked by rent (``--objective cloud``, ``--budget-basis rent``) they rank as
any rented card. Until December 2026 a 300k USD capex budget for Llama 3 8B pre-training listed 32 × Cloud TPU7x
Ironwood "at least 332,715 USD without the cards", and the LoRA window offered "1 × Cloud TPU7x Ironwood" as
another card that would fit (persona51)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from configurator.core.catalog import Card, Catalog
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario
from configurator.core.scenario_ranking import Objective, objective_for

_CLOUD_ONLY = re.compile(r"\bcloud-only\b", re.IGNORECASE)
"""How the catalog's form factor marks a card sold only as a cloud service."""

CLOUD_ONLY_LEFT_OUT = msg("left-out-cloud-only")
"""Why a cloud-only card is not ranked where the buyer buys (``Result.left_out``)."""


def cloud_only(card: Card) -> bool:
    """Whether ``card`` is sold only as a cloud service (its form factor says "Cloud-only")."""
    return bool(_CLOUD_ONLY.search(card.form_factor or ""))


def bought(scenario: Scenario, objective: Objective | None = None) -> bool:
    """Whether the buyer of ``scenario`` buys the cards: ranked by anything but cloud rent (``objective``; None:
    the scenario's own ranking question's, else its budget's basis, :func:`objective_for`), and the budget, if
    any, capping capex (``budget_basis`` "capex")."""
    basis = scenario.constraints.budget_basis
    objective = objective_for(scenario.ranking.objective, basis) if objective is None else objective
    return objective is not Objective.CLOUD and basis != "rent"


def purchase_refused(card: Card, scenario: Scenario, objective: Objective | None = None) -> Message | None:
    """Why ``card`` is not a purchase option for ``scenario`` ranked by ``objective``: it is sold only as a cloud
    service and the buyer buys (:func:`bought`); None where it may be listed."""
    return CLOUD_ONLY_LEFT_OUT if cloud_only(card) and bought(scenario, objective) else None


def to_rent(left_out: Mapping[str, Message]) -> tuple[str, ...]:
    """The cards, by id, that a ranking left out only for being sold as a cloud service (``Result.left_out``):
    those the line "also available to rent" names, in the ranking's order."""
    return tuple(card for card, why in left_out.items() if why == CLOUD_ONLY_LEFT_OUT)


def also_to_rent(left_out: Mapping[str, Message], catalog: Catalog, named: Collection[str] = ()) -> Message | None:
    """The one line that names the cloud-only cards a ranking left out (:func:`to_rent`), so that a buyer knows
    they exist ('Also available to rent, not sold: Cloud TPU7x Ironwood (per chip, reference); …'); the cards the
    buyer ``named`` (``recommend --cards``) are not in it, each said with its reason already; None where none is
    left to name."""
    names = [catalog.get(card).name for card in to_rent(left_out) if card in catalog and card not in named]
    return msg("also-to-rent", cards=names) if names else None
