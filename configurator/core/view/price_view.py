"""How a price is shown (issue 25): the price a ranking uses for each configuration, with its kind,
date, whose it is and a mark where the buyer must be told something (a list or launch price, a
price older than 18 months); what that price is, in full (a tooltip, a footnote); the cards that
meet every constraint but have no price; and when price decides the ranking. One view for the
recommendation panel, the command line's ranking and the printed summary, in both languages.
Qt-free.
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.currency import price_conversion
from configurator.core.economics import PriceBasis
from configurator.core.estimate import Estimate
from configurator.core.messages import Message, deadline_msg
from configurator.core.procurement.card_price import CardPrice
from configurator.core.procurement.tco import paced_idle_share
from configurator.core.recommend import RENT_ELSEWHERE, Objective, Recommendation, Result
from configurator.core.recommend_rows import USED_ONLY
from configurator.core.system_price import system_price_flags, system_price_line
from configurator.core.view.card_names import counts_chips
from configurator.core.view.card_view import (FLAG_MARK, NO_NEW_PRICE, condition_said, price_description,  # noqa: F401
                                              ranked_price_value)
from configurator.core.view.cost_bases import price_as_bought
from configurator.core.view.numbers import column_top
from configurator.core.view.rows import Amount, Phrase, Value

PRICE_HEADING = {False: "Price per card", True: "Rent per card-hour"}
"""The heading of the price column: the purchase price, or (ranking by cloud cost) the rent."""

PRICE_HEADING_BRIEF = {False: "Price per card", True: "Rent per card"}
"""The price column's heading where a table has no room for :data:`PRICE_HEADING` (the window's ranking at 1280 px,
ranked by cloud cost, whose cost heading was cut to 'Rent/M …s [USD]' for it): the hour left to its cells
('0.23 USD/h'), the whole heading in its tooltip."""

NO_PRICE = "no price — enter a quote"

NO_RENT = "no cloud rent — enter a quote of its rent"
"""What stands where a card ranked by rent has no rent (``no-price-cloud``), a purchase price or not: until December
2026 it read :data:`NO_PRICE`, and a renter was told a card with a purchase price had none."""

NO_BOARD_PRICE = "no price — enter a quote per board of {n} {chip}s"
"""A multi-GPU board's card (A16) without a price: its quote is a whole board's (label id; ``{n}`` its
GPUs, ``{chip}`` their word, :attr:`~configurator.core.card.Card.chip_word`), as the bill buys it — a per-GPU
quote typed as the card price counted four times."""
"""What stands where a card has no price."""

SEPARATOR = "; "


def joined(parts: Sequence[Value], separator: str = SEPARATOR) -> Value:
    """Values written one after another with ``separator`` (a label id) between them."""
    parts = [p for p in parts if p not in (None, "")]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    template = "{sep}".join(f"{{p{i}}}" for i in range(len(parts)))
    return Phrase(template, {"sep": separator, **{f"p{i}": v for i, v in enumerate(parts)}})


def warns(flags: Sequence[Message]) -> bool:
    """Whether the flags hold a warning (list, launch, stale) rather than only whose price it is."""
    return any(f.id != "price-user" for f in flags)


def ranked_price(prices: PriceBasis, objective: Objective) -> tuple[float | None, CardPrice | None,
                                                                      tuple[Message, ...]]:
    """(the price [currency, per card or per card-hour], the catalog entry it is or None for the
    user's figure in the scenario, its flags) that ``objective`` ranks on: the rent when ranking
    by cloud cost, else the purchase price."""
    if objective is Objective.CLOUD:
        return prices.cloud_per_hour, prices.cloud, prices.cloud_flags
    return prices.card_price, prices.card, prices.card_flags


def shown_flags(est: Estimate, objective: Objective) -> tuple[Message, ...]:
    """The flags of the price ``est`` is ranked at: its card's (or rent's), or — a card bought in a
    system priced whole — the system price's (:func:`~configurator.core.system_price.system_price_flags`)."""
    amount, _, flags = ranked_price(est.costs.prices, objective)
    system = system_price_line(est) if amount is None and objective is not Objective.CLOUD else None
    return system_price_flags(system) if system is not None else flags


def price_top(estimates: Sequence[Estimate], objective: Objective) -> float:
    """The amount that decides the unit of a column of the prices ``estimates`` are ranked at
    (:func:`~configurator.core.view.numbers.column_top`): pass it to :func:`price_value` as ``like``, so
    that a column reads in one unit (the command line's "每卡价格" read "8,500 元" under "16.85 万元"
    until December 2026)."""
    return column_top(ranked_price(est.costs.prices, objective)[0] for est in estimates)


def price_value(est: Estimate, objective: Objective, like: float | None = None) -> Value:
    """'12,500 USD, street 2026-03', '15,625 USD, list 2024 *', '21,000 USD, quote 2026-11, yours',
    '2.10 USD/h, rent 2026-03', or "no price — enter a quote"; bought outright with cards already
    owned (``economics.owned_cards``), what is owned beside it ("already owned, not bought (new: …)",
    "…; 8 of 24 already owned"). ``like``: the column's :func:`price_top`, whose unit the price (per card
    or card-hour) is written in; a whole system's price in its own."""
    value = _price_value(est, objective, like)
    if objective is not Objective.CLOUD and value != NO_PRICE:  # an A16's price is its board's
        value = price_as_bought(value, est.card)
    owned, count = est.scenario.economics.owned_cards, est.scenario.count
    if not owned or objective is Objective.CLOUD:
        return value
    if count <= owned:
        return Phrase("already owned, not bought (new: {price})", {"price": value})
    return Phrase("{price}; {owned} of {count} already owned", {"price": value, "owned": owned, "count": count})


def _price_value(est: Estimate, objective: Objective, like: float | None = None) -> Value:
    amount, chosen, _ = ranked_price(est.costs.prices, objective)
    # a system priced whole (the file's, or the buyer's quote) prices its cards, whatever the card's own
    # figure: a quoted CloudMatrix 384 read "28,000 USD" per NPU, the catalog's, until December 2026
    system = system_price_line(est) if objective is not Objective.CLOUD else None
    if system is not None:
        cards = est.scenario.count - est.scenario.economics.owned_cards
        total = Amount(system.unit_price, est.costs.currency, money=True)
        mark = FLAG_MARK if system_price_flags(system) else ""
        if cards <= 0:
            return Phrase("in the system price: {amount} per system, {date}{mark}", {
                "amount": total, "date": system.date, "mark": mark})
        # the card's share first, as every other price cell reads ("24,000 USD, street 2025-09"): the
        # cell ran to 118 characters and widened the ranking table past 300 columns until December 2026
        # a card counted in chips (CloudMatrix 384 per 910C) is divided among them: '÷ 384 颗 NPU', as the
        # configuration line counts it ('÷ 384 张卡' until December 2026, words49; card_names.counts_chips)
        label = "{per_card}, system {date}: {amount} ÷ {cards} {chip}s{mark}" if counts_chips(est.card.name) else \
            "{per_card}, system {date}: {amount} ÷ {cards} cards{mark}"
        return Phrase(label, {
            "amount": total, "date": system.date, "mark": mark, "cards": round(cards / system.quantity),
            "chip": est.card.chip_word,
            "per_card": Amount(system.unit_price * system.quantity / cards, est.costs.currency, money=True, like=like)})
    if amount is None:
        used_only = objective is not Objective.CLOUD and est.costs.prices.used_only is not None
        return NO_NEW_PRICE if used_only else NO_PRICE
    money: Value = Amount(amount, est.costs.currency, money=True, like=like)
    rent = objective is Objective.CLOUD
    if chosen is None:
        return Phrase("{amount}, your price", {"amount": Phrase("{amount}/h", {"amount": money}) if rent else money})
    conversion = converted_from(chosen, est)
    if conversion is not None:
        money = Phrase("{amount} ({conversion})", {"amount": money, "conversion": conversion})
    value = ranked_price_value(chosen, rent, money, short=True)
    return value if rent else condition_said(value, chosen.entry)  # a used card's, the buyer taking used cards


def converted_from(chosen: CardPrice, est: Estimate) -> Value:
    """'converted from 120,000 CNY at 7.0197 CNY/USD, 2026-01': a price quoted in a currency other
    than the scenario's and USD, converted at the price file's dated rate
    (:func:`configurator.core.currency.price_conversion`); None for any other price."""
    conversion = price_conversion(chosen.entry.currency, est.scenario.economics)
    if conversion is None or conversion[1] is None:
        return None
    rate = conversion[1]
    return Phrase("converted from {quoted} at {rate} {currency}/USD, {date}", {
        "quoted": Amount(chosen.entry.midpoint, chosen.entry.currency, money=True), "rate": f"{rate.per_usd:g}",
        "currency": rate.currency, "date": rate.date or Phrase("undated")})


def price_note(est: Estimate, objective: Objective) -> Value:
    """What the ranked price is (:func:`configurator.core.view.card_view.price_description`), or that it is the user's own figure in
    the scenario, or where to get one."""
    amount, chosen, flags = ranked_price(est.costs.prices, objective)
    system = system_price_line(est) if objective is not Objective.CLOUD else None
    if system is not None:
        return joined([Phrase("the cards come with the system, priced whole: {source}", {"source": system.source}),
                       *system_price_flags(system)])
    if amount is None:
        return est.card.price_note or NO_PRICE
    if chosen is None:
        return joined(["the price you entered in the scenario", *flags])
    return joined([price_description(chosen.entry, flags), converted_from(chosen, est)])


def flag_footnotes(result: Result) -> tuple[Value, ...]:
    """'* Gaudi 3: list price, street typically lower; price from 2024, older than 18 months' for
    each ranked configuration whose price carries a warning."""
    notes = []
    for rec in result.ranked:
        flags = shown_flags(rec.estimate, result.objective)
        if warns(flags):
            notes.append(Phrase("* {card}: {flags}", {"card": rec.card.name,
                                                     "flags": joined([f for f in flags if f.id != "price-user"])}))
    return tuple(notes)


WHY_UNRANKED = {
    "no-price": "no price",
    "no-price-cloud": "no cloud rent",
    "cloud-price-china-only": "rent only in mainland China",
    "cloud-price-abroad-only": "rent only outside mainland China",
    USED_ONLY: "only a used card's price",
}
"""Why a card is not ranked, in a few words (label ids), by the recommendation's reason id; a bill
line without a price (``no-price-items``) is named by the summary itself, and a card with no reason
has no price."""


def unranked_cell(rec: Recommendation) -> str:
    """The cost cell of a card that is not ranked (label id): 'no price — enter a quote' where the
    card itself has none (what to do about it), else why in a few words (:func:`why_unranked_short`)."""
    why = why_unranked_short(rec)
    return NO_PRICE if why == WHY_UNRANKED["no-price"] else why


def why_unranked_short(rec: Recommendation) -> str:
    """Why ``rec`` is not ranked in a few words (:data:`WHY_UNRANKED`, a label id: 'no published
    board power'), for a table cell; its whole reason is :func:`unpriced_value`."""
    reason = rec.reasons[0].id if rec.reasons else "no-price"
    return WHY_UNRANKED.get(reason, "no price")


def unpriced_value(rec: Recommendation) -> Value:
    """'2 × L20 48GB (China SKU): no price — enter a quote'; where the card has a price but
    another line of the bill has none, what has none ('8 × B200 …: no price for 8-GPU HGX
    B200-class server without the GPUs — enter a quote …'), or that its power is unknown."""
    oversized = next((m for m in rec.reasons if m.id == "unpriced-oversized"), None)
    if oversized is not None:  # a fleet the latency targets size: why unranked, and that it is no fleet to buy
        return Phrase("{count} × {what}", {"count": rec.count, "what": oversized})
    if rec.reasons and rec.reasons[0].id in ("no-price-items", USED_ONLY, *RENT_ELSEWHERE):
        return Phrase("{count} × {what}", {"count": rec.count, "what": rec.reasons[0]})
    board = {"n": rec.card.gpus_per_board, "chip": rec.card.chip_word}
    if rec.reasons and rec.reasons[0].id == "no-price-cloud":  # ranked by rent: it has no rent, whatever it costs
        what = NO_RENT
    else:
        what = Phrase(NO_BOARD_PRICE, board) if rec.card.gpus_per_board > 1 else NO_PRICE
    return Phrase("{count} × {card}: {what}", {"count": rec.count, "card": rec.card.name, "what": what})


def price_decides(result: Result) -> tuple[Message, ...]:
    """The lines that say whether price decides the ranking, in numbers, and the assumption (none
    for objectives that do not rank by price)."""
    return () if result.price_decides is None else result.price_decides.messages()


def paced_energy(est: Estimate) -> Message | None:
    """What the TCO's energy counts for a one-off job paced to its deadline: its cards wait part
    of the year, and the waiting hours are counted at load power
    (:func:`~configurator.core.procurement.tco.paced_idle_share`; message ``paced-energy``); None
    for any other job. The summary's and the bill panel's TCO note say it."""
    from configurator.core.workloads import family_of

    deadline = est.scenario.constraints.deadline_hours
    if not (family_of(est.scenario.workload).one_off_job and paced_idle_share(est.hours, deadline)):
        return None
    return deadline_msg("paced-energy", deadline, {"hours": est.hours})
