"""When price decides a ranking (issue 25, part 5): does the winner, and the order, hold across
every priced card's low-high price range, and at what card price does the winner change?

Each ranked configuration's score is linear in its own card price: the cards are part of the
purchase, and the ownership cost per unit of work divides it by a work that does not depend on
the price (rent per unit of work is proportional to the rent). So a configuration is described
by its score at the nominal price and the slope of the score in the card price; varying one
card's price with everything else fixed (its configuration too: re-scored, not re-planned) moves
only its own score. Price ranges: :func:`configurator.core.procurement.card_price.price_range`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from configurator.core.messages import Message, msg
from configurator.core.procurement.card_price import CONFIDENCE_SPREAD


@dataclass(frozen=True)
class PricedOption:
    """One ranked configuration as price sees it."""

    card_id: str
    card: str
    """The card's name."""
    score: float
    """Its score at the nominal price (lower is better) [the objective's unit]."""
    slope: float
    """How much the score rises per unit of card price [score per currency]; 0 where the card
    price does not enter (a rack-scale system priced whole, cards already owned)."""
    price: float
    """The nominal card price the score was computed at [currency]."""
    low: float
    high: float
    """The card price's range [currency]."""
    per: str = ""
    """What its price is per where not the decision's (``per board``: a multi-GPU board's price,
    :attr:`configurator.core.card.Card.priced_per`); empty: the decision's ``per``."""

    def score_at(self, price: float) -> float:
        """The score with the card at ``price`` and everything else fixed."""
        return self.score + self.slope * (price - self.price)

    @property
    def best(self) -> float:
        """The score at the low end of its price range."""
        return self.score_at(self.low)

    @property
    def worst(self) -> float:
        """The score at the high end of its price range."""
        return self.score_at(self.high)

    def price_for(self, score: float) -> float | None:
        """The card price at which this configuration scores ``score``; None where its score does
        not follow its price."""
        return None if self.slope <= 0 else self.price + (score - self.score) / self.slope


@dataclass(frozen=True)
class BreakEven:
    """A card is first below ``price`` per card; above it ``other`` is."""

    card_id: str
    card: str
    price: float
    other_id: str
    other: str
    low: float
    high: float
    per: str = ""
    """What ``price``, ``low`` and ``high`` are per where not the decision's (:attr:`PricedOption.per`)."""

    def to_dict(self) -> dict:
        per = {"per": self.per} if self.per else {}  # said where not the decision's (an A16's board)
        return {"card": self.card_id, "price": self.price, "other": self.other_id, "low": self.low,
                "high": self.high, **per}


@dataclass(frozen=True)
class PriceDecision:
    """Whether price decides the ranking, in numbers."""

    currency: str
    winner_holds: bool
    """The winner stays first whichever price in its range each priced card has."""
    order_changes: int
    """Configurations below first place whose place can change within the price ranges."""
    winner: BreakEven | None
    """The winner's own break-even: first below ``price``, ``other`` first above it (None when the
    winner's score does not follow a card price, or nothing else is priced)."""
    challenger: BreakEven | None
    """The configuration whose own price would put it first (:func:`_challenger`; None when no
    price could)."""
    winner_id: str = ""
    winner_name: str = ""
    per: str = "per card"
    """What a price is per: ``per card`` (purchase) or ``per card-hour`` (rent)."""
    rival_name: str = ""
    """The configuration that scores best at the low end of its price range (the winner's
    closest rival at the ends of the ranges)."""

    @property
    def decides(self) -> bool:
        """Whether the winner can change within the price ranges."""
        return not self.winner_holds

    def messages(self) -> tuple[Message, ...]:
        """The price-decides line(s), then the assumption the ranges rest on: who is first below
        which price per card and who above it; when nothing changes within the ranges, the
        margins; the places below first that can change."""
        out: list[Message] = []
        w, c = self.winner, self.challenger
        money = dict(currency=self.currency, per=self.per)

        def per(side: BreakEven | None) -> dict:  # each sentence's price is one card's: per its board where so
            return {**money, "per": side.per or self.per} if side is not None else money
        winner_crosses = w is not None and w.price < w.high
        challenger_crosses = c is not None and c.price > c.low
        if self.decides:
            if winner_crosses:
                out.append(msg("price-decides", card=w.card, price=_floor(w.price), other=w.other, low=float(w.low),
                               high=float(w.high), **per(w)))
            if challenger_crosses:
                out.append(msg("price-decides-challenger" if not winner_crosses else "price-challenger", card=c.card,
                               price=_floor(c.price), low=float(c.low), high=float(c.high), **per(c)))
                if not winner_crosses and w is not None:
                    out.append(msg("price-winner-limit", card=w.card, price=_floor(w.price), other=w.other, **per(w)))
            if not (winner_crosses or challenger_crosses):  # only the two ends together flip the winner
                if w is not None:  # still say, in numbers, how far the winner's own price can go
                    out.append(msg("price-decides-ends-limit", card=self.winner_name, rival=self.rival_name,
                                   high=float(w.high), price=_floor(w.price), other=w.other, **per(w)))
                else:
                    out.append(msg("price-decides-ends", card=self.winner_name, other=self.rival_name))
        else:
            if w is not None:
                out.append(msg("price-holds", card=w.card, price=_floor(w.price), other=w.other, high=float(w.high),
                               **per(w)))
            else:
                out.append(msg("price-holds-fixed", card=self.winner_name))
            if c is not None:
                out.append(msg("price-challenger", card=c.card, price=_floor(c.price), low=float(c.low),
                               high=float(c.high), **per(c)))
        if self.order_changes:
            out.append(msg("price-order-changes", n=self.order_changes))
        out.append(assumption())
        return tuple(out)

    def to_dict(self) -> dict:
        return {"decides": self.decides, "winner_holds": self.winner_holds, "order_changes": self.order_changes,
                "currency": self.currency, "per": self.per, "winner": self.winner_id,
                "break_even": None if self.winner is None else self.winner.to_dict(),
                "challenger": None if self.challenger is None else self.challenger.to_dict(),
                "spread_by_confidence": {k: v for k, v in CONFIDENCE_SPREAD.items() if k is not None},
                "texts": [m.text for m in self.messages()]}


def assumption() -> Message:
    """The ranges' assumption, from :data:`CONFIDENCE_SPREAD`."""
    return msg("price-range-assumption", **{k: 100 * v for k, v in CONFIDENCE_SPREAD.items() if k is not None})


SIGNIFICANT = 4
"""Significant figures of a break-even price in words, rounded down: "first below 15,600" stays
true (the ranges are wider than the rounding)."""


def _floor(price: float) -> float:
    """A break-even price rounded down to :data:`SIGNIFICANT` figures (the messages write it with
    ``{price:money}``: whole units from 100 up, cents below)."""
    if price <= 0:
        return float(price)
    step = 10 ** (math.floor(math.log10(price)) - SIGNIFICANT + 1)
    return float(math.floor(price / step) * step)


def _places_that_change(options: Sequence[PricedOption]) -> int:
    """Configurations below first place that some configuration above them could fall behind:
    one ranked above scores worse at its high price than this one at its low price."""
    changes, worst_above = 0, options[0].worst
    for option in options[1:]:
        if worst_above > option.best:
            changes += 1
        worst_above = max(worst_above, option.worst)
    return changes


def price_decision(options: Sequence[PricedOption], currency: str, listed: int | None = None,
                   per: str = "per card") -> PriceDecision | None:
    """Whether ``options`` (ranked, best first, each priced) keep their order across their price
    ranges (the first ``listed`` of them: those shown), the winner's break-even price and the
    closest challenger's among all; None for fewer than two."""
    if len(options) < 2:
        return None
    first, others = options[0], list(options[1:])
    holds = first.worst <= min(o.best for o in others)
    runner_up = min(others, key=lambda o: o.score)
    price = first.price_for(runner_up.score)
    winner = None if price is None else BreakEven(first.card_id, first.card, price, runner_up.card_id,
                                                  runner_up.card, first.low, first.high, first.per)
    challenger = _challenger(first, others)
    rival = min(others, key=lambda o: o.best)
    return PriceDecision(currency, holds, _places_that_change(options[:listed or len(options)]), winner,
                         challenger, first.card_id, first.card, per, rival.card)


def _challenger(first: PricedOption, others: Sequence[PricedOption]) -> BreakEven | None:
    """The configuration whose own price would put it first (at the winner's nominal price): among
    those that could within their price range the one that scores best at its low end, else the
    one that needs the smallest cut of its price."""
    needed = [(o, p) for o in others if o.price > 0 and (p := o.price_for(first.score)) is not None and p > 0]
    if not needed:
        return None
    crossing = [(o, p) for o, p in needed if p > o.low]
    option, price = (min(crossing, key=lambda c: c[0].best) if crossing
                     else max(needed, key=lambda c: c[1] / c[0].price))
    return BreakEven(option.card_id, option.card, price, first.card_id, first.card, option.low, option.high,
                     option.per)
