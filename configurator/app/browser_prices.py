"""The card browser's price column (issue 25): the purchase price a ranking uses, as the bill is at
it (a used card's, labelled used, where the buyer takes used cards and the card has no other), in
the scenario's currency (session 42: a cn session's browser read "2,650 USD" beside 元 and 万元
everywhere else), with its tooltip (the price as quoted, its kind, date and source, and the rate it
was converted at); and the card's name with "yours" on the user's own cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.catalog import Card
from configurator.core.procurement import card_price
from configurator.core.scenario import Economics
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.card_names import card_name
from configurator.core.view.card_view import (condition_said, conversion_said, in_scenario_money, price_description,
                                              ranked_price_value)
from configurator.core.view.cost_bases import amount_as_bought
from configurator.core.view.numbers import column_top
from configurator.core.view.price_view import joined
from configurator.core.view.rows import Amount, Phrase, label, write

PRICE_COLUMN = 4
"""Where the price a ranking uses stands: after the memory, in view without scrolling."""


@dataclass(frozen=True)
class PriceTerms:
    """What the price column is shown on: whether the buyer takes used cards (the scenario's
    ``economics.accept_used``), the scenario's money (its currency and rate; None: each price in the
    currency it was quoted in) and the column's largest amount (its unit: 万元 in Chinese)."""

    accept_used: bool = False
    economics: Economics | None = None
    like: float = 0.0


def card_name_text(card: Card) -> str:
    """The card's name, with "yours" for a card from the user's own file."""
    return write(Phrase("{name} — yours", {"name": card.name}), current_language()) if card.is_user else \
        card_name(card.name, current_language())


def ranked_amount(card: Card, terms: PriceTerms) -> float | None:
    """The purchase price a ranking uses [the scenario's currency], converted as a bill converts it
    (:func:`~configurator.core.view.card_view.in_scenario_money`, as the details pane has it); None without
    a price, or one that cannot be converted."""
    chosen = card_price.bought_purchase_price(card, terms.accept_used)
    amount = None if chosen is None else in_scenario_money(chosen, terms.economics)
    return None if amount is None else amount.value


def column_like(cards: Iterable[Card], terms: PriceTerms) -> PriceTerms:
    """``terms`` with the price column's largest amount over ``cards`` (one unit down the column)."""
    return PriceTerms(terms.accept_used, terms.economics, column_top(ranked_amount(c, terms) for c in cards))


def ranked_price_text(card: Card, accept_used: bool = False, terms: PriceTerms | None = None) -> str:
    """The purchase price a ranking uses (the card view's words: amount, kind, date, "yours", a *
    where the buyer must be told something), in ``terms``' currency where given and convertible, or
    "—"; where the buyer takes used cards (``accept_used``, or ``terms``') and the card has only a used
    card's price, that price labelled used, as the ranking and the bill have it
    (:func:`card_price.bought_purchase_price`)."""
    terms = terms or PriceTerms(accept_used)
    chosen = card_price.bought_purchase_price(card, terms.accept_used)
    if chosen is None:
        return "—"
    converted = ranked_amount(card, terms)
    amount = None if converted is None else Amount(converted, terms.economics.currency, money=True, like=terms.like)
    amount = amount or Amount(chosen.entry.midpoint, chosen.entry.currency, money=True)
    value = ranked_price_value(chosen, amount=amount_as_bought(amount, card), short=True)  # a board's: '/2 NPUs'
    return write(condition_said(value, chosen.entry), current_language())


def ranked_price_tip(card: Card, accept_used: bool = False, terms: PriceTerms | None = None) -> str:
    """What the ranked purchase price is, in full — as quoted (amount and currency), kind, date,
    source, its flags (a used card's says it has no warranty from the maker) and, shown in another
    currency (``terms``), the rate it was converted at — or the catalog's note on where prices were
    looked for."""
    terms = terms or PriceTerms(accept_used)
    chosen = card_price.bought_purchase_price(card, terms.accept_used)
    if chosen is None:
        return write(card.price_note, current_language()) if card.price_note else ""
    rate = None if terms.economics is None else conversion_said(chosen.entry.currency, terms.economics)
    return write(joined([price_description(chosen.entry, chosen.flags), rate]), current_language())


def price_column(terms: Callable[[], PriceTerms]) -> tuple[str, Callable[[Card], object], Callable[[Card], str]]:
    """(header, sort value, shown text) of the price column on the ``terms`` of the moment: sorted by
    the amount in the scenario's currency (cards quoted in yuan and in dollars in one order), 0 unpriced."""
    def amount(card: Card) -> float:
        now = terms()
        converted = ranked_amount(card, now)
        if converted is not None:
            return converted
        chosen = card_price.bought_purchase_price(card, now.accept_used)
        return 0.0 if chosen is None else chosen.entry.midpoint

    return label("Price per card", current_language()), amount, lambda card: ranked_price_text(card, terms=terms())


def cell_tip(card: Card, header: str, accept_used: bool = False, terms: PriceTerms | None = None) -> str | None:
    """A cell's tooltip: the price in full in the price column; "yours" on the user's cards; the
    warning on low-confidence cards."""
    if header == label("Price per card", current_language()):
        return ranked_price_tip(card, accept_used, terms) or None
    if header == _tc("browser", "Class") and card.further_classes:  # the column shows it brief ('Inference card …')
        return write(class_label(card), current_language())
    if card.is_user:
        return label("Your card (from your own catalog file)", current_language())
    if card.confidence == "low":
        return _tc("browser", "Low confidence: check a vendor datasheet before buying")
    return None
