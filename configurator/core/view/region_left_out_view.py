"""The cards a buyer in the delivery region weighs that a ranking leaves out, each with why
(:func:`~configurator.core.region.weighed_in`: a buyer in mainland China, its own vendors' cards): said in
the ranking's text, not only in ``--json``'s ``rejected`` (persona51: the MTT S3000 and S4000 of a 设计院's
40 CAD desktops were named nowhere but the JSON). Cards with one reason share a line."""

from __future__ import annotations

from configurator.core.catalog import load_catalog
from configurator.core.messages import Message
from configurator.core.recommend_filters import Filters, default_classes
from configurator.core.region import weighed_in
from configurator.core.scenario import Scenario
from configurator.core.view import price_view
from configurator.core.view.card_classes_view import FURTHER_CLASSES
from configurator.core.view.rows import Phrase, Value

HEADING = "Cards of mainland-China vendors left out, and why:"
"""The heading over the lines (a buyer delivering to mainland China)."""

LINE = "{cards}: {why}"
"""One line: the cards left out for one reason, then the reason."""

NOT_A_CLASS_RANKED = "its class ({card_class}) is not ranked for this work; --classes adds it"
"""Why a card is 'filtered out' where no filter the buyer set keeps it out: its class is not among those the
workload ranks (:func:`~configurator.core.recommend_filters.default_classes`), as the MTT S4000 (a training card)
is not for virtual desktops."""

FILTERED = "left-out-filtered"
"""The id of the bare reason 'filtered out' (:mod:`configurator.core.messages_left_out`)."""


def left_out_reason(card, why: Message, filters: Filters | None, scenario: Scenario) -> Value:
    """Why ``card`` is left out in words a buyer can act on: ``why``, but for 'filtered out' where the card's
    class is not one the ranking weighs (the buyer's ``--classes``, else the workload's), that class."""
    if why.id != FILTERED:
        return why
    classes = filters.classes if filters is not None and filters.classes else default_classes(scenario.workload)
    if card.positioned_for(classes, scenario.workload):
        return why  # a filter the buyer set (vendors, software, domestic only) kept it out
    return Phrase(NOT_A_CLASS_RANKED, {"card_class": FURTHER_CLASSES[card.category]})


def region_left_out(result, scenario: Scenario) -> tuple[Phrase, ...]:
    """One line per reason for the cards of ``result`` left out and listed nowhere
    (:attr:`~configurator.core.recommend.Result.unlisted`) that a buyer delivering to ``scenario``'s region
    weighs (:func:`~configurator.core.region.weighed_in`), in catalog order; empty where none or no region."""
    region = scenario.constraints.region
    catalog = load_catalog()
    groups: dict[str, tuple[Value, list[str]]] = {}
    for card_id in result.unlisted:
        if card_id not in catalog or not weighed_in(card := catalog.get(card_id), region):
            continue
        why = left_out_reason(card, result.left_out[card_id], result.filters, scenario)
        groups.setdefault(repr(why), (why, []))[1].append(card.name)
    return tuple(Phrase(LINE, {"cards": price_view.joined(names, ", "), "why": why})
                 for why, names in groups.values())
