"""The view of "what a budget buys, model by model" (:mod:`configurator.core.what_fits_budget`): a
heading, per task the largest model and the card it runs on, the table of every card bought, and
the cards left out with why — label ids, messages and amounts, written by the command line
(``what-fits --budget``) and the window's dialog alike, in English or Chinese. Qt-free."""

from __future__ import annotations

from configurator.core.economics import PriceBasis, price_basis
from configurator.core.messages import Message, msg
from configurator.core.procurement.workstations import WORKSTATION_ITEM
from configurator.core.view.card_view import ranked_price_value
from configurator.core.view.job_view import budget_read_in
from configurator.core.view.names import WORKLOADS, model_name, weight_format_name
from configurator.core.view.numbers import column_top
from configurator.core.view.price_view import joined, warns
from configurator.core.view.rows import Amount, Columns, Phrase, Value
from configurator.core.view.what_fits_view import VERDICTS, training_precision
from configurator.core.what_fits_types import FitRow, Verdict
from configurator.core.what_fits_budget import BudgetFits, CardAnswer, LeftOut, Purchase


def _money(answer: BudgetFits, amount: float | None, like: float | None = None) -> Amount | None:
    """``amount`` in the answer's currency, written in the unit of ``like``, its column's
    :func:`~configurator.core.view.numbers.column_top` (None: its own)."""
    return None if amount is None else Amount(amount, answer.base.economics.currency, money=True, like=like)


def heading(answer: BudgetFits, read_in: tuple[str, str] | None = None) -> Message:
    """'What a budget of 500,000 CNY buys (delivered to mainland China), bill of materials included where
    priced (servers or workstations, network, storage)'; a budget typed without a currency and read in another
    than the one shown says which (``read_in``: :func:`~configurator.core.view.job_view.budget_read_in`, as
    recommend's job line: '预算 210.59 万元（--budget 300k：未写币种，按 USD 读取）能买到什么', words49)."""
    where = msg("budget-fits-where-cn" if answer.base.constraints.region == "cn" else "budget-fits-where-any")
    currency = answer.base.economics.currency
    return msg("budget-fits-heading", budget=answer.budget, currency=currency, where=where,
               read=budget_read_in(read_in, currency))


def _precision(row: FitRow, vendor: str) -> Value:
    """A row's precision: training's (:func:`~configurator.core.view.what_fits_view.training_precision`), or
    serving's weight format as a card of ``vendor`` names it
    (:func:`~configurator.core.view.names.weight_format_name`)."""
    if row.task.is_training:
        return training_precision(row)
    return weight_format_name(row.precision, vendor)


def _speed(row: FitRow) -> Value:
    """Training tokens/s, or the users a serving deployment holds within the targets."""
    if row.training is not None:
        return Amount(row.training.tokens_per_s, "tokens/s")
    if row.serving is not None:
        users = row.serving.users
        return Phrase("1 user within the targets" if users == 1 else "{n} users within the targets", {"n": users})
    return None


def _time(row: FitRow) -> Value:
    """A training row's time for its token budget ('178 days for 263B tokens'); None serving."""
    t = row.training
    return None if t is None else Phrase("{time} for {tokens} tokens", {"time": Amount(t.hours, "h"),
                                                                         "tokens": Amount(t.tokens, "token-count")})


def best_columns(answer: BudgetFits) -> Columns:
    """One line per task: the largest model that fits on what the budget buys, the card and count it
    runs on, the bill's capex, the precision and the speed."""
    headings = ("Task", "Largest model", "Card", "Cards", "Capex", "Precision", "Speed", "Time for the token budget")
    rows = []
    like = column_top(b.purchase.capex for b in map(answer.best, answer.tasks) if b is not None)
    for task in answer.tasks:
        top = answer.best(task)
        if top is None:
            rows.append((WORKLOADS[task.value], "none fits", None, None, None, None, None, None))
            continue
        row, p = top.largest[task], top.purchase
        rows.append((WORKLOADS[task.value], model_name(row.model.name), p.card.name, p.count,
                     _money(answer, p.capex, like), _precision(row, p.card.vendor), _speed(row), _time(row)))
    return Columns(headings, frozenset({3, 4, 6}), tuple(rows))


def _largest(card: CardAnswer, task) -> Value:
    """The largest model's name; 'no published rate' where the card rates none of the task's
    precisions (nothing can be said, which a dash would hide); None where no model fits."""
    row = card.largest.get(task)
    if row is None:
        return VERDICTS[Verdict.UNKNOWN] if task in card.unrated else None
    return model_name(row.model.name)


def _card_prices(answer: BudgetFits) -> list[PriceBasis]:
    """The price basis of each card bought, as its bill of materials priced it
    (:func:`~configurator.core.economics.price_basis`: the scenario's currency and region)."""
    base = answer.base
    return [price_basis(c.purchase.card, base.economics, base.constraints.region) for c in answer.cards]


def _card_price(answer: BudgetFits, prices: PriceBasis, like: float) -> Value:
    """'0.564 万元, street 2025-08' — the price per card the capex counts, its kind and date, as the
    ranking's price column writes it (:func:`~configurator.core.view.card_view.ranked_price_value`);
    'your price' for the scenario's own; None where the card is priced in its system's price."""
    if prices.card_price is None:
        return None
    amount = Amount(prices.card_price, answer.base.economics.currency, money=True, like=like)
    if prices.card is None:
        return Phrase("{amount}, your price", {"amount": amount})
    return ranked_price_value(prices.card, amount=amount, short=True)


def card_columns(answer: BudgetFits) -> Columns:
    """One line per card bought: the count, the bill's capex, the price per card it counts (kind and
    date: a Chinese buyer asked "which price, of when?", session 42) and the largest model of each task."""
    headings = ("Card", "Cards", "Capex", "Price per card", *(WORKLOADS[t.value] for t in answer.tasks))
    prices = _card_prices(answer)
    like = column_top(p.card_price for p in prices)
    capex_like = column_top(c.purchase.capex for c in answer.cards)  # one unit per column: 万元 above 3,440 元 no more
    rows = tuple((c.purchase.card.name, c.purchase.count, _money(answer, c.purchase.capex, capex_like),
                  _card_price(answer, p, like), *(_largest(c, t) for t in answer.tasks))
                 for c, p in zip(answer.cards, prices))
    return Columns(headings, frozenset({1, 2}), rows)


LEFT_OUT_LISTS = {LeftOut.TOO_DEAR: "budget-fits-too-dear-list", LeftOut.NOT_PRICED: "budget-fits-not-priced-list",
                  LeftOut.NOT_DELIVERABLE: "budget-fits-not-deliverable-list", LeftOut.CLOUD_ONLY: "also-to-rent"}
"""Each reason a card is left out -> the message that lists the cards it leaves out."""


def _too_dear(answer: BudgetFits, p: Purchase) -> Message:
    return msg("budget-fits-unit", card=p.card.name, unit=p.unit, capex=p.capex,
               currency=answer.base.economics.currency)


def left_out(answer: BudgetFits) -> tuple[Message, ...]:
    """What the answer leaves out: with a training task asked, the models whose token budget outlasts
    the hardware's service life (:func:`~configurator.core.what_fits_budget.service_life_hours`); then
    the cards, one line per reason: too dear (each with its smallest purchase's capex), not priced,
    not deliverable to the region, sold only as a cloud service (also available to rent)."""
    lines = []
    if any(task.is_training for task in answer.tasks):
        lines.append(msg("budget-fits-service-life", years=answer.base.economics.amortisation_years))
    lines += desk_lines(answer)
    for reason, said in LEFT_OUT_LISTS.items():
        cards = [p for p in answer.left_out if p.left_out == reason]
        if cards:
            named = [_too_dear(answer, p) if reason == LeftOut.TOO_DEAR else p.card.name for p in cards]
            lines.append(msg(said, cards=named))
    return tuple(lines)


def desk_lines(answer: BudgetFits) -> list[Message]:
    """The cards bought as desktops, one in a deskside workstation each
    (:func:`~configurator.core.procurement.host.at_a_workstation`): those whose capex excludes the workstation
    (not priced), then those whose capex holds it; each line only where a card is so bought."""
    lines = []
    for unpriced, said in ((True, "budget-fits-desk-unpriced"), (False, "budget-fits-desk")):
        bought = [c.purchase for c in answer.cards
                  if c.purchase.desk and bool(c.purchase.workstations_unpriced) is unpriced]
        # the items a quote prices: one card's workstation, two cards' (until December 2026 always workstation-1gpu)
        items = sorted({p.workstation_item for p in bought if p.workstation_item}) or [WORKSTATION_ITEM]
        if bought:
            lines.append(msg(said, cards=[p.card.name for p in bought], item=", ".join(items)))
    return lines


_UNMARKED = frozenset({"price-user", "price-used-current"})
"""Price flags the marks leave out: the buyer's own price (no warning), and a used card's current price
beside an old new one (its source and date: the card browser and the ranking's footnotes say it)."""


def price_marks(answer: BudgetFits) -> Value:
    """'Marked *: * A10: price from 2021-04, older than 18 months; …' — what a buyer must be told of
    the prices marked * in the card-by-card table (a list or launch price, an old one), as the ranking's
    footnotes say it (:func:`~configurator.core.view.price_view.flag_footnotes`); None where none is."""
    notes = [Phrase("* {card}: {flags}", {"card": c.purchase.card.name,
                                          "flags": joined([f for f in p.card.flags if f.id not in _UNMARKED])})
             for c, p in zip(answer.cards, _card_prices(answer))
             if p.card_price is not None and p.card is not None and warns(p.card.flags)]
    return Phrase("Marked *: {notes}", {"notes": joined(notes)}) if notes else None


SECTIONS = (("Largest model per task", best_columns), ("What the budget buys, card by card", card_columns))
"""The answer's two tables: (title label id, the function that builds it)."""
