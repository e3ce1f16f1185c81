"""The summary's prices: the marks on the prices the ranking uses, the cards without a price, and
whether price decides the ranking (issue 25). Moved out of :mod:`configurator.report.summary_money`.
No Qt here; :mod:`configurator.report.summary` puts them in the document."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.cjk_spacing import cjk_joined
from configurator.core.estimate import Estimate
from configurator.core.procurement.price_decides import PriceDecision, PricedOption, price_decision
from configurator.core.procurement.prices import PriceBook, price_book_for, quote_vendor
from configurator.core.recommend import Objective, oversized_fleet
from configurator.core.recommend_rows import price_can_decide
from configurator.core.system_price import system_price_line
from configurator.core.view import price_view
from configurator.core.view.card_names import card_name
from configurator.core.view.rows import write
from configurator.report.language import Words
from configurator.report.parts import SourceList, Table, count
from configurator.report.summary_unpriced import why_unranked, without_price
from configurator.report.summary_money import Option
from configurator.report.summary_partial import incomplete

NO_PUBLIC_PRICE = "No dated public price: ask the vendor or a distributor for a quote"
"""What the prices table says of a card without a price (the catalog's own note, in English only, is
in the card view)."""


def _priced_option(option: Option, objective: Objective, book: PriceBook) -> PricedOption | None:
    """``option`` as the price-decides analysis sees it: the summary's own score (the whole bill of
    materials over the years, per unit of work — the recommendation's figure), its slope in the card
    price (rent: proportional; ownership: :attr:`DeploymentCost.per_unit_per_card_price`, the
    recommendation's slope too) and its range."""
    est, prices = option.estimate, option.estimate.costs.prices
    if option.score is None:
        return None
    if objective is Objective.CLOUD:
        price, price_range = prices.cloud_per_hour, prices.cloud_range
        slope = option.score / price if price else 0.0
    else:
        price, price_range = prices.card_price, prices.card_range
        slope = option.cost.per_unit_per_card_price
    if price is None or price_range is None:
        return None
    per = "" if objective is Objective.CLOUD else est.card.priced_per  # an A16's price is its board's
    return PricedOption(est.card.id, est.card.name, option.score, max(0.0, slope), price, *price_range, per)


def summary_price_decision(options: Sequence[Option], objective: Objective, book: PriceBook | None = None
                           ) -> PriceDecision | None:
    """Whether price decides the summary's ranking of ``options`` (in the ranking's order,
    :func:`~configurator.report.summary_partial.in_ranking_order`: :func:`price_decision` over their scores on the
    summary's basis, the partial totals left out as the command line leaves them out,
    :func:`~configurator.core.recommend_rows.price_can_decide`); None for objectives that do not rank by price."""
    if objective not in (Objective.TCO, Objective.CLOUD):
        return None
    scored = [o for o in options if o.score is not None]
    if not scored:
        return None
    book = price_book_for(scored[0].estimate.scenario.economics) if book is None else book
    ordered = price_can_decide(scored, lambda o: incomplete(o, objective, book))
    priced = [p for p in (_priced_option(o, objective, book) for o in ordered) if p is not None]
    if not priced or priced[0].card_id != ordered[0].estimate.card.id:
        return None
    decision = price_decision(priced, ordered[0].cost.bom.currency,
                              per="per card-hour" if objective is Objective.CLOUD else "per card")
    if decision is not None and decision.winner is not None and decision.winner.price <= 0:
        # the summary's order (time-filtered, the buyer's choice in its place) is not the scores' order: a first
        # place "while its own price is below -12,668 USD" (an 8B fine-tune on 2 x RTX 4090, look51) is no answer
        return None
    return decision


def price_mark(est: Estimate, objective: Objective) -> str:
    """' *' after a cost ranked on a list or launch price or one older than 18 months."""
    flags = price_view.shown_flags(est, objective)
    return price_view.FLAG_MARK if price_view.warns(flags) else ""


def prices_table(options: Sequence[Option], unpriced: Sequence[Option], objective: Objective,
                 decision: Sequence, w: Words, sources: SourceList) -> Table:
    """The price each configuration is ranked at (kind, date, whose, a * where the buyer must be
    told something, and what), the cards without a price in one row ("enter a quote"), then whether price
    decides the ranking, in numbers; the ranges' assumption as the note."""
    rows = []
    like = price_view.price_top([o.estimate for o in (*options, *unpriced)], objective)  # one unit: 万元 or 元
    for option in options:
        est = option.estimate
        amount, chosen, flags = price_view.ranked_price(est.costs.prices, objective)
        told = price_view.joined([f for f in flags if f.id != "price-user"])
        system = system_price_line(est) if objective is not Objective.CLOUD else None
        # cited only when shown: a card's figure cited, then replaced by its system's, was listed in the
        # sources and cited nowhere (session 42: GB300's [13] of the English training example)
        source = "" if chosen is None or system is not None else sources.cite(chosen.entry.source)
        if system is not None:  # the cards are priced by their system: its source, not the card's own figure
            vendor = quote_vendor(system.source)
            told, source = None, (sources.cite(system.source) if vendor is None else
                                  w("your quote: {vendor}", vendor=vendor) if vendor else w("your quote"))
            if vendor is None and system.confidence not in ("", "catalog", "user", "quote"):  # its kind, as the
                source = f"{source} {w(system.confidence)}"  # bill's line says it ("[13] 2025 estimate")
        rows.append((f"{count(est.scenario.count)} × {card_name(est.card.name, w.language)}",
                     write(price_view.price_value(est, objective, like), w.language),
                     cjk_joined(" ".join(p for p in (write(told, w.language) if told else "", source) if p),
                                w.language)))  # no space after a closing "）" before "[1]"
    # what a buyer could sign only: a fleet the latency targets size, many times the load ("1,240 × Tesla V100",
    # session 35), is no purchase to price nor to ask a quote for, whether its cards have no price or only a used
    # one's (the alternatives say why, core.recommend.oversized_fleet)
    signable = [o for o in unpriced if oversized_fleet(o.estimate) is None]
    for option in (o for o in signable if not without_price(o)):  # priced, unranked for another reason: its price
        est = option.estimate
        rows.append((f"{count(est.scenario.count)} × {card_name(est.card.name, w.language)}",
                     write(price_view.price_value(est, objective, like), w.language), why_unranked(option, w)))
    unquoted = [o for o in signable if without_price(o)]
    if unquoted:  # one row: the same price and note repeated per card filled a page (25 cards, session 22)
        rows.append((w.label("; ").join(f"{count(o.estimate.scenario.count)} × "
                                        f"{card_name(o.estimate.card.name, w.language)}"
                                        for o in unquoted), w(price_view.NO_PRICE), w(NO_PUBLIC_PRICE)))
    header = (w("Configuration"), w(price_view.PRICE_HEADING[objective is Objective.CLOUD]), w("What to know"))
    return Table("prices", w("Prices the ranking uses"), header, tuple(rows))


def price_decides_table(decision: Sequence, w: Words) -> Table | None:
    """Whether price decides the ranking, one line each, the ranges' assumption as the note (None
    for objectives that do not rank by price)."""
    if not decision:
        return None
    rows = tuple((w.label("Price decides?") if i == 0 else "", w.message(m)) for i, m in enumerate(decision[:-1]))
    return Table("price_decides", w("When price decides"), ("", ""), rows, note=w.message(decision[-1]))
