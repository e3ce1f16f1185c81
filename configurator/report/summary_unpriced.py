"""The cards a summary cannot rank, said as such (session 14) and why, per card (session 24): the
first page names them and why each is not ranked — no price, a bill line without a price, no
published board power (so no energy, so no TCO), a rent only in another market — and the
alternatives list each one without a rank, its capex where it has one, and the reason where the
comparison stands; a note says its count is one configuration that meets every constraint, not a
purchase the summary recommends. (Before, the first page said "no price" of the Ascend 910C
server, which has a price and lacks a board power; the command line said so per card.)"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from configurator.core.messages import Message
from configurator.core.recommend import oversized_fleet
from configurator.core.recommend_rows import USED_ONLY
from configurator.core.view.card_names import card_name
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.price_view import WHY_UNRANKED
from configurator.core.view.rows import write
from configurator.report.language import Words
from configurator.core.view.numbers import money
from configurator.report.parts import count

MAX_UNPRICED = 4
"""Cards without a price on the objective's basis that the alternatives list (the prices table
lists them all)."""

NAMED_ON_FIRST_PAGE = 3
"""Cards without a price the first page names (the others are counted)."""

def without_price(option) -> bool:
    """Whether ``option``'s cards have no price (or rent) of their own: the prices table's one row of
    cards to quote."""
    return option.reason is None or option.reason.id in ("no-price", "no-price-cloud")


def quote_ranks(option) -> bool:
    """Whether a quote would rank ``option``: its cards, or another line of its bill, have no price,
    or its cards only a used card's price (a quote for new cards ranks them; not a card without a
    board power, nor one whose rents are all in another market)."""
    return without_price(option) or option.reason.id == "no-price-items" or used_price_only(option)


def used_price_only(option) -> bool:
    """Whether ``option`` is not ranked because its cards have only a used or refurbished card's
    price: the price decision's field says so (:attr:`~configurator.core.economics.PriceBasis.used_only`)
    and that is the reason the ranking gave, by its id (:data:`~configurator.core.recommend_rows.USED_ONLY`;
    not a rent it lacks, ranked by rent). Until December 2026 the reason's message was built again and
    compared with the ranking's, its text and every parameter."""
    reason = option.reason
    return reason is not None and reason.id == USED_ONLY and option.estimate.costs.prices.used_only is not None


def why_unranked(option, w: Words) -> str:
    """'no price', 'no price for 8-GPU HGX B200-class server without the GPUs', 'no price for the
    rack-scale system', 'no published board power' …: why ``option`` is not ranked, in ``w``'s
    language."""
    reason = option.reason
    if reason is not None and reason.id == "no-price-items":
        items = reason.params.get("items", ())
        if any(isinstance(item, Message) for item in items):  # a rack system, named at length in its own row
            return w("no price for the rack-scale system")
        return w("no price for {items}", items=w.label("; ").join(w.label(item) for item in items))
    if used_price_only(option):  # the used card's price, said as information
        return w.message(reason.params["what"])
    return w(WHY_UNRANKED.get(reason.id if reason is not None else "no-price", "no price"))


def budget_unchecked(unpriced: Sequence) -> bool:
    """Whether a budget set cannot be checked for one of the ``unpriced`` options (no price for its bill): they
    break no constraint, but do not meet every one. A 50万元 budget's summary said "4 other cards that meet
    every constraint are not ranked: BR100 (no price) …" until December 2026 (persona46c)."""
    return any(v.id == "budget" and v.met is None for o in unpriced for v in o.estimate.verdicts)


def unpriced_sentence(unpriced: Sequence, w: Words) -> tuple[str, ...]:
    """The first page's sentences on the cards that meet every constraint but are not ranked: how
    many, which and why each (by name only: a count there would read as a purchase), and that a
    quote ranks those without a price; none when every card is ranked."""
    if not unpriced:
        return ()
    names = w.label(", ").join(w("{card} ({why})", card=card_name(o.estimate.card.name, w.language),
                                 why=why_unranked(o, w))
                               for o in unpriced[:NAMED_ON_FIRST_PAGE])
    rest = len(unpriced) - NAMED_ON_FIRST_PAGE
    cards = w("{cards} and {n} more", cards=names, n=count(rest)) if rest > 0 else names
    if budget_unchecked(unpriced):  # "meet every constraint" of a card whose price the budget waits on
        said = (w("1 other card that breaks no constraint is not ranked (without a price the budget cannot be "
                  "checked): {cards}.", cards=cards) if len(unpriced) == 1 else
                w("{n} other cards that break no constraint are not ranked (without a price the budget cannot be "
                  "checked): {cards}.", n=count(len(unpriced)), cards=cards),)
    else:
        said = (w("1 other card that meets every constraint is not ranked: {cards}.", cards=cards)
                if len(unpriced) == 1 else w("{n} other cards that meet every constraint are not ranked: {cards}.",
                                             n=count(len(unpriced)), cards=cards),)
    quotable = any(quote_ranks(o) for o in unpriced)
    if not quotable:
        return said
    return (*said, w("Enter a quote to rank it." if len(unpriced) == 1 else
                     "Enter quotes to rank those without a price."))


def with_reason(option, result):
    """``option`` (a summary's own configuration) with the reason the ranking ``result`` gives for not ranking its
    card (:attr:`~configurator.core.recommend.Result.unpriced`: no price, no published board power …) where the
    option has no score and no reason of its own; else ``option``. The summary said "it has no price on that basis —
    enter a quote" of a 16 × Ascend 910C server priced at 414.88 万元 whose board power is unpublished until
    December 2026 (users50)."""
    if option.score is not None or option.reason is not None:
        return option
    card = option.estimate.card.id
    reason = next((next(iter(rec.reasons), None) for rec in getattr(result, "unpriced", ()) if rec.card.id == card),
                  None)
    return option if reason is None else replace(option, reason=reason)


def unpriced_rows(unpriced: Sequence, w: Words, speed_text: Callable) -> list[tuple[str, ...]]:
    """The alternatives' rows of the first :data:`MAX_UNPRICED` unranked cards: no rank, the capex
    where the bill is priced ("no price" where it is not), and why it is not ranked against the
    buyer's choice ("not ranked: enter a quote", "not ranked: no published board power")."""
    rows = []
    for o in unpriced[:MAX_UNPRICED]:
        est, capex = o.estimate, o.cost.ownership.capex
        shown = w("no price") if without_price(o) or capex is None or o.cost.bom.unpriced else \
            money(capex, o.cost.bom.currency, w.language)
        against = w("not ranked: enter a quote") if without_price(o) else \
            w("not ranked: {why}", why=why_unranked(o, w))
        oversized = oversized_fleet(est)  # the latency targets set the count: no fleet to buy (core.recommend)
        against = against if oversized is None else w.message(oversized)
        rows.append(("—", f"{count(est.scenario.count)} × {card_name(est.card.name, w.language)}",
                     write(class_label(est.card), w.language),
                     speed_text(est, w), shown, "—", "—", against))
    return rows


def unpriced_note(unpriced: Sequence, w: Words) -> str:
    """What an unranked row's count is, for the alternatives' note ('' when none is listed)."""
    if not unpriced:
        return ""
    if budget_unchecked(unpriced):
        return w("A row without a rank (—) is not ranked (its last column says why): its count is one configuration "
                 "of that card that breaks no constraint, not a recommended purchase.")
    return w("A row without a rank (—) is not ranked (its last column says why): its count is one configuration of "
             "that card that meets every constraint, not a recommended purchase.")
