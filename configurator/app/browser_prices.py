"""The card browser's price column (issue 25): the purchase price a ranking uses, as the bill is at
it (a used card's, labelled used, where the buyer takes used cards and the card has no other), with
its tooltip; and the card's name with "yours" on the user's own cards."""

from __future__ import annotations

from collections.abc import Callable

from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.catalog import Card
from configurator.core.procurement import card_price
from configurator.core.view.card_names import card_name
from configurator.core.view.card_view import condition_said, price_description, ranked_price_value
from configurator.core.view.cost_bases import price_as_bought
from configurator.core.view.rows import Phrase, label, write

PRICE_COLUMN = 4
"""Where the price a ranking uses stands: after the memory, in view without scrolling."""


def card_name_text(card: Card) -> str:
    """The card's name, with "yours" for a card from the user's own file."""
    return write(Phrase("{name} — yours", {"name": card.name}), current_language()) if card.is_user else \
        card_name(card.name, current_language())


def ranked_price_text(card: Card, accept_used: bool = False) -> str:
    """The purchase price a ranking uses (the card view's words: amount, kind, date, "yours", a *
    where the buyer must be told something), or "—"; where the buyer takes used cards
    (``accept_used``) and the card has only a used card's price, that price labelled used, as the
    ranking and the bill have it (:func:`card_price.bought_purchase_price`)."""
    chosen = card_price.bought_purchase_price(card, accept_used)
    if chosen is None:
        return "—"
    value = price_as_bought(ranked_price_value(chosen, short=True), card)  # an A16's price is per board
    return write(condition_said(value, chosen.entry), current_language())


def ranked_price_tip(card: Card, accept_used: bool = False) -> str:
    """What the ranked purchase price is, in full (its source and flags: a used card's says it has no
    warranty from the maker), or the catalog's note on where prices were looked for."""
    chosen = card_price.bought_purchase_price(card, accept_used)
    if chosen is None:
        return write(card.price_note, current_language()) if card.price_note else ""
    return write(price_description(chosen.entry, chosen.flags), current_language())


def price_column(accept_used: Callable[[], bool]) -> tuple[str, Callable[[Card], object], Callable[[Card], str]]:
    def amount(card: Card) -> float:
        chosen = card_price.bought_purchase_price(card, accept_used())
        return 0.0 if chosen is None else chosen.entry.midpoint

    return label("Price per card", current_language()), amount, lambda card: ranked_price_text(card, accept_used())


def cell_tip(card: Card, header: str, accept_used: bool = False) -> str | None:
    """A cell's tooltip: the price in full in the price column; "yours" on the user's cards; the
    warning on low-confidence cards."""
    if header == label("Price per card", current_language()):
        return ranked_price_tip(card, accept_used) or None
    if card.is_user:
        return label("Your card (from your own catalog file)", current_language())
    if card.confidence == "low":
        return _tc("browser", "Low confidence: check a vendor datasheet before buying")
    return None
