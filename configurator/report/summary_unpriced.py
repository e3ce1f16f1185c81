"""The cards a summary cannot rank for want of a price, said as such (session 14): the first page
names them and says they are not ranked, and the alternatives list each one without a rank, with
"no price" where its cost would stand and a note that its count is one configuration that meets
every constraint, not a purchase the summary recommends. (Before, the first page was silent and a
row such as "— 232 × L20 48GB … — — —" read like an answer.)"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from configurator.report.language import CLASS_LABELS, Words
from configurator.report.parts import count

MAX_UNPRICED = 4
"""Cards without a price on the objective's basis that the alternatives list (the prices table
lists them all)."""

NAMED_ON_FIRST_PAGE = 3
"""Cards without a price the first page names (the others are counted)."""


def unpriced_sentence(unpriced: Sequence, w: Words) -> tuple[str, ...]:
    """The first page's sentence on the cards that meet every constraint but have no price: how
    many, which (by name only: a count there would read as a purchase), and that a quote ranks
    them; none when every card has a price."""
    if not unpriced:
        return ()
    names = w.label(", ").join(o.estimate.card.name for o in unpriced[:NAMED_ON_FIRST_PAGE])
    rest = len(unpriced) - NAMED_ON_FIRST_PAGE
    cards = w("{cards} and {n} more", cards=names, n=count(rest)) if rest > 0 else names
    if len(unpriced) == 1:
        return (w("1 other card that meets every constraint has no price and is not ranked: {cards}. Enter a quote "
                  "to rank it.", cards=cards),)
    return (w("{n} other cards that meet every constraint have no price and are not ranked: {cards}. Enter quotes "
              "to rank them.", n=count(len(unpriced)), cards=cards),)


def unpriced_rows(unpriced: Sequence, w: Words, speed_text: Callable) -> list[tuple[str, ...]]:
    """The alternatives' rows of the first :data:`MAX_UNPRICED` cards without a price: no rank,
    "no price" for the capex, "not ranked" against the buyer's choice."""
    return [("—", f"{count(o.estimate.scenario.count)} × {o.estimate.card.name}",
             w(CLASS_LABELS[o.estimate.card.category]), speed_text(o.estimate, w), w("no price"), "—", "—",
             w("not ranked: enter a quote")) for o in unpriced[:MAX_UNPRICED]]


def unpriced_note(unpriced: Sequence, w: Words) -> str:
    """What an unranked row's count is, for the alternatives' note ('' when none is listed)."""
    if not unpriced:
        return ""
    return w("A row without a rank (—) has no price: its count is one configuration of that card that meets "
             "every constraint, not a recommended purchase.")
