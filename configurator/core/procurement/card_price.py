"""Which of a card's prices a ranking uses, and what a buyer must be told about it (issue 25).

One policy for every card, used by the estimate's price basis
(:func:`configurator.core.economics.price_basis`), the ranking, the card view and the summary:

- **New cards only**: a purchase price is one for new cards (``PriceEntry.condition`` ``new``,
  :data:`~configurator.core.card.PriceCondition`). A used or refurbished card's price is what a
  second-hand buyer pays, not what a buyer of new cards signs: it is never ranked nor put in a
  bill of materials; a card whose only current purchase price is used is ranked on its new prices
  (a list or launch price, flagged), or, without one, not ranked on price and says so, naming the
  used price as information (:func:`used_purchase_price`, message ``purchase-price-used-only``).
  **Unless the buyer takes used cards** (``Economics.accept_used``, ``--allow-used``, the editor's
  check box): then a card with no new card's price is ranked and billed at that used or refurbished
  price, said so on every row and bill (:func:`configurator.core.economics.bought_used_flag`); a new
  card's price, where there is one (a list or launch price too), is still the one used.
- **Purchase**: a street price or a quote a buyer could pay; a list (``list``, the older ``msrp``)
  or launch price only when the card has neither, and then flagged ("list price, street typically
  lower", "launch price"). Among prices of one kind class a price from the last
  :data:`STALE_AFTER_MONTHS` months beats an older one, the user's own beats the catalog's, **the
  surer beats the less sure** (the narrower :data:`CONFIDENCE_SPREAD`: a seller's own price before a
  dated report, a dated report before an estimate), then the newer beats the older, a quote beats a
  street price of the same date. Why the surer before the newer: every current price is one a buyer
  could still meet, so what decides is which a buyer would sign, and a buyer budgets on the figure a
  shop can be held to, not on an estimate or a line read beside another product (until December
  2026 the newer won, and a low-confidence made-to-order figure set the H100 PCIe's ranked price
  above a medium-confidence listing with its part number: benchmarks/data/notes-price-pick-2026-12-06.md).
  The newer, less sure price is not hidden: the ranked price is flagged with it ("a newer but less
  sure price: …", :data:`NEWER_LESS_SURE`), as a rising market shows first in such figures; a quote
  settles it.
- **Cloud**: a recent price first; the user's own next; then a median over several providers
  (the entry's ``provider`` says so) over one provider's rate card; then the newest.
- **Cloud, by market** (:data:`RENT_MARKETS`): a rent is ranked only where the buyer can take it,
  by where the cards are delivered (``Constraints.region``) and where the rent is sold
  (``PriceEntry.market``, :data:`~configurator.core.card.CloudMarket`). Delivered to mainland China:
  rents served from mainland China (``cn``); a rent abroad delivers no card to China, and would
  bring back by the cloud the cards the US export rules keep from it. Delivered elsewhere: rents
  sold worldwide (``global``); a mainland-China provider takes only accounts verified there. **No
  region: the worldwide rents only**, as a buyer outside China: they are the rents anyone can open
  an account for, while a China-market rent needs a mainland identity the program cannot assume
  (a buyer who works in Chinese starts with the region set to mainland China:
  :data:`configurator.core.region.REGION_FOR_LANGUAGE`). A card whose rents are all in the other
  market is not ranked on rent, and says so, naming the provider (``cloud-price-china-only``,
  ``cloud-price-abroad-only``): cheaper China-market rents are not hidden, only not ranked. A rent
  whose market is not known is ranked in every region and flagged; the user's own rent is theirs.
- **Flags** travel with the price: older than :data:`STALE_AFTER_MONTHS` months, list or launch
  price, the user's own, a rent whose market is not known, a newer but less sure purchase price.
  Every price keeps its source, date, kind, confidence and (a rent) market.

Today's date is :func:`today` (tests pass their own ``today``).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from configurator.core.catalog import Card, PriceEntry
from configurator.core.frozen_record import fast_init
from configurator.core.price_dates import is_future, period, today  # noqa: F401 (the policy's own names too)
from configurator.core.messages import Message, msg

STALE_AFTER_MONTHS = 18
"""A price dated more than this many months before today is flagged as stale [months] (issue 25's
rule: a ranking's purchase price is one a buyer could pay now, dated within 18 months)."""

PURCHASE_KIND_CLASS: dict[str, int] = {"street": 0, "quote": 0, "list": 1, "msrp": 1, "launch": 2}
"""Purchase price kinds by preference: what buyers pay (street, a quote) before list prices,
list before the price announced at launch."""

PURCHASE_KINDS = tuple(PURCHASE_KIND_CLASS)
"""The kinds a card is bought at."""
CLOUD_KINDS = ("cloud-hourly",)
"""The kinds a card is rented at."""

SAME_DATE_PREFERENCE: dict[str, int] = {"quote": 0, "street": 1, "list": 2, "msrp": 3, "launch": 4}
"""Within one kind class and date: a quote to a buyer before a street price, a list price
before the older word for it."""

CONFIDENCE_SPREAD: dict[str | None, float] = {"high": 0.10, "medium": 0.20, "low": 0.35, None: 0.20}
"""**Assumption** (issue 25, part 5): how far a single-figure price may be off, either way, by its
confidence [share of the price]: ±10 % for a seller's own price, ±20 % for a dated report, ±35 %
for an estimate; a price without a rating (a user's entry) as a dated report. A quoted range
(``amount`` to ``amount_high``) is used as it is."""

RENT_MARKETS: dict[str | None, frozenset[str]] = {"cn": frozenset({"cn"}), "other": frozenset({"global"}),
                                                 None: frozenset({"global"})}
"""The markets (``PriceEntry.market``) whose rents a buyer can take, by where the cards are
delivered (``Constraints.region``: mainland China, elsewhere, or not said); the module's policy."""

ALL_MARKETS: frozenset[str] | None = None
"""Rents of every market (a card's own page, which no delivery region narrows)."""


def rent_markets(region: str | None) -> frozenset[str]:
    """The markets a buyer delivering to ``region`` can rent in (:data:`RENT_MARKETS`)."""
    return RENT_MARKETS[region]


def rent_open(entry: PriceEntry, markets: frozenset[str] | None) -> bool:
    """Whether a buyer who can rent in ``markets`` (None: every market) can take the rent
    ``entry``: it is sold there, its market is not known (it is flagged), or it is the user's own."""
    return markets is None or entry.market is None or entry.market in markets or is_user(entry)


MEDIAN_PROVIDER = re.compile(r"median|several|providers|average", re.IGNORECASE)
"""A cloud price whose ``provider`` matches is a summary over several providers (e.g. "median of
7 providers"), preferred over one provider's or reseller's rate card."""


def months_before(day: date, months: int) -> date:
    """``day`` moved back ``months`` calendar months (the day clamped to the month's length)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    days = calendar.mdays[month + 1] + (month == 1 and calendar.isleap(year))  # monthrange's days, no weekday
    return date(year, month + 1, min(day.day, days))


def stale_before(on: date) -> date:
    """The day a price's period must reach to be current on ``on``: :data:`STALE_AFTER_MONTHS`
    months before it."""
    return months_before(on, STALE_AFTER_MONTHS)


def is_stale(entry: PriceEntry, on: date | None = None, cutoff: date | None = None) -> bool:
    """Whether the price is older than :data:`STALE_AFTER_MONTHS` months: even the last day of
    its period ('2024' = up to 2024-12-31) lies before that many months before ``on``
    (``cutoff``: :func:`stale_before` of ``on``, when already known)."""
    return period(entry.date)[1] < (cutoff or stale_before(on or today()))


def is_user(entry: PriceEntry) -> bool:
    """The user's own price (from the user catalog), not the bundled catalog's."""
    return entry.origin == "user"


def is_new(entry: PriceEntry) -> bool:
    """A price for new cards (``condition`` ``new``): the only kind a ranking buys at."""
    return entry.condition == "new"


def is_median_of_providers(entry: PriceEntry) -> bool:
    """A cloud price summarising several providers (:data:`MEDIAN_PROVIDER`)."""
    return entry.provider is not None and _names_several_providers(entry.provider)


@lru_cache(maxsize=1024)
def _names_several_providers(provider: str) -> bool:
    """Whether a provider's text matches :data:`MEDIAN_PROVIDER`; a pure function of the text, kept
    per text (the catalog's few dozen providers are read on every cloud price pick)."""
    return MEDIAN_PROVIDER.search(provider) is not None


def kind_name(kind: str) -> str:
    """The kind as the policy names it: ``msrp`` is a list price."""
    return "list" if kind == "msrp" else kind


def price_flags(entry: PriceEntry, on: date | None = None, cutoff: date | None = None) -> tuple[Message, ...]:
    """What a buyer must be told about a price: a list or launch price, a used or refurbished card's, older than
    :data:`STALE_AFTER_MONTHS` months, the user's own (``cutoff``: :func:`stale_before` of ``on``,
    when already known)."""
    flags = []
    if kind_name(entry.kind) == "list":
        flags.append(msg("price-list"))
    elif entry.kind == "launch":
        flags.append(msg("price-launch"))
    if not is_new(entry):
        flags.append(msg(f"price-{entry.condition}"))
    if is_stale(entry, on, cutoff):
        flags.append(msg("price-stale", date=entry.date, months=STALE_AFTER_MONTHS))
    if is_user(entry):
        flags.append(msg("price-user"))
    elif entry.kind in CLOUD_KINDS and entry.market is None:
        flags.append(msg("price-market-unknown"))
    return tuple(flags)


@fast_init
@dataclass(frozen=True)
class CardPrice:
    """The price a ranking uses for one card, with what to tell the buyer about it."""

    entry: PriceEntry
    flags: tuple[Message, ...]

    @property
    def kind(self) -> str:
        return kind_name(self.entry.kind)

    @property
    def user(self) -> bool:
        return is_user(self.entry)

    @property
    def flag_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.flags)

    def range(self) -> tuple[float, float]:
        """Low and high end of the price in its currency: the quoted range, else the amount ±
        :data:`CONFIDENCE_SPREAD` of its confidence [currency]."""
        return price_range(self.entry)


def price_range(entry: PriceEntry) -> tuple[float, float]:
    """(low, high) of a price: ``amount``..``amount_high`` when a range is quoted, else the amount
    ± its confidence's share (:data:`CONFIDENCE_SPREAD`) [currency]."""
    if entry.amount_high is not None and entry.amount_high > entry.amount:
        return entry.amount, entry.amount_high
    share = spread(entry)
    return entry.amount * (1 - share), entry.amount * (1 + share)


def _purchase_key(entry: PriceEntry, cutoff: date) -> tuple:
    return (PURCHASE_KIND_CLASS[entry.kind], is_stale(entry, cutoff=cutoff), not is_user(entry), spread(entry),
            _newest_first(entry.date), SAME_DATE_PREFERENCE[entry.kind])


def spread(entry: PriceEntry) -> float:
    """How far a single-figure price may be off by its confidence (:data:`CONFIDENCE_SPREAD`) [share of
    the price]: the smaller, the surer (the purchase policy's order)."""
    return CONFIDENCE_SPREAD.get(entry.confidence, CONFIDENCE_SPREAD[None])


def _cloud_key(entry: PriceEntry, cutoff: date) -> tuple:
    return (is_stale(entry, cutoff=cutoff), not is_user(entry), not is_median_of_providers(entry),
            _newest_first(entry.date))


@lru_cache(maxsize=4096)
def _newest_first(value: str) -> tuple[int, ...]:
    """Sorts later dates first; a more precise date of the same period after its period
    ('2025-03' before '2025', as the catalog's string order had it)."""
    return tuple(-ord(c) for c in value) + (0,)


def pick(card: Card, kinds: tuple[str, ...], on: date | None = None,
         usable: Callable[[PriceEntry], bool] = lambda entry: True, cutoff: date | None = None) -> CardPrice | None:
    """The entry of ``card`` among ``kinds`` (purchase kinds, or ``cloud-hourly``) the policy prefers,
    among the prices for new cards (:func:`is_new`) ``usable`` accepts (in a currency the scenario
    converts), with its flags; None when there is none. ``cutoff``: :func:`stale_before` of ``on``,
    when already known."""
    on = on or today()
    entries = [p for p in card.prices if p.kind in kinds and p.condition == "new" and usable(p)]
    chosen = choose(entries, kinds, on, cutoff)
    if chosen is None or kinds == CLOUD_KINDS:
        return chosen
    newer = newer_less_sure(entries, chosen.entry, cutoff or stale_before(on))
    if newer is not None:
        chosen = CardPrice(chosen.entry, chosen.flags + (msg(NEWER_LESS_SURE, **newer_price_params(newer)),))
    if not any(f.id == "price-stale" for f in chosen.flags):
        return chosen
    used = used_purchase_price(card, on, usable, cutoff)  # a stale new price beside a current used one: say both
    if used is None or is_stale(used.entry, on, cutoff):
        return chosen
    return CardPrice(chosen.entry, chosen.flags + (msg(USED_CURRENT, **used_price_params(used.entry)),))


USED_CURRENT = "price-used-current"
"""The flag of a stale new card's price beside a current used card's (:func:`pick`), naming it."""

NEWER_LESS_SURE = "price-newer-less-sure"
"""The flag of a purchase price ranked over a newer, less sure current one of its kind class (:func:`pick`),
naming it."""


def newer_less_sure(entries: list[PriceEntry], chosen: PriceEntry, cutoff: date) -> PriceEntry | None:
    """The newest of ``entries`` the policy put after ``chosen`` only for being less sure: current (its
    period reaches ``cutoff``), of ``chosen``'s kind class and owner (the user's or the catalog's), dated
    after it, with a wider :func:`spread`; None when there is none."""
    later = [p for p in entries if PURCHASE_KIND_CLASS[p.kind] == PURCHASE_KIND_CLASS[chosen.kind]
             and is_user(p) == is_user(chosen) and not is_stale(p, cutoff=cutoff) and spread(p) > spread(chosen)
             and period(p.date)[0] > period(chosen.date)[1]]
    return min(later, key=lambda p: (_newest_first(p.date), SAME_DATE_PREFERENCE[p.kind])) if later else None


def newer_price_params(entry: PriceEntry) -> dict:
    """A newer, less sure price as the flag :data:`NEWER_LESS_SURE` names it: ``amount`` in its own
    currency ('33,395 EUR', '700–1,000 USD'), ``source`` (:func:`source_name`) and ``date``."""
    return {"amount": amount_said(entry), "source": source_name(entry), "date": entry.date}


def used_price_params(entry: PriceEntry, rate: float = 1.0, currency: str | None = None) -> dict:
    """A used or refurbished card's price as a message names it: ``condition`` ('used'), ``amount``
    ('2,800 USD', '700–1,000 USD'; at ``rate`` units of ``currency`` per unit of the entry's own,
    given: the scenario's money), ``source`` (:func:`source_name`) and ``date``."""
    return {"condition": msg(f"condition-{entry.condition}"), "amount": amount_said(entry, rate, currency),
            "source": source_name(entry), "date": entry.date}


def amount_said(entry: PriceEntry, rate: float = 1.0, currency: str | None = None) -> Message:
    """A price's amount as a message names it ('2,800 USD', '700–1,000 USD'), at ``rate`` units of
    ``currency`` per unit of the entry's own (given: the scenario's money; else as quoted)."""
    currency = currency or entry.currency
    if entry.amount_high is None or entry.amount_high <= entry.amount:
        return msg("used-price-amount", amount=round(entry.amount * rate), currency=currency)
    return msg("used-price-range", low=round(entry.amount * rate), high=round(entry.amount_high * rate),
               currency=currency)


def used_purchase_price(card: Card, on: date | None = None,
                        usable: Callable[[PriceEntry], bool] = lambda entry: True,
                        cutoff: date | None = None) -> CardPrice | None:
    """The used or refurbished purchase price of ``card`` the policy would pick were it a new card's
    (a street price first, the newest …), or None: what to name, as information, when the card has
    no purchase price for new cards (message ``purchase-price-used-only``)."""
    on = on or today()
    return choose([p for p in card.prices if p.kind in PURCHASE_KIND_CLASS and not is_new(p) and usable(p)],
                  PURCHASE_KINDS, on, cutoff)


def choose(entries: list[PriceEntry], kinds: tuple[str, ...], on: date, cutoff: date | None = None
           ) -> CardPrice | None:
    """:func:`pick`'s choice among ``entries``, a card's usable entries of ``kinds`` in the card's
    order, on the day ``on``, with its flags; None when there is none (``cutoff``:
    :func:`stale_before` of ``on``, when already known)."""
    if not entries:
        return None
    key, cutoff = _cloud_key if kinds == CLOUD_KINDS else _purchase_key, cutoff or stale_before(on)  # one per pick
    chosen = entries[0] if len(entries) == 1 else min(entries, key=lambda p: key(p, cutoff))
    return CardPrice(chosen, price_flags(chosen, on, cutoff))


def purchase_price(card: Card, on: date | None = None,
                   usable: Callable[[PriceEntry], bool] = lambda entry: True,
                   cutoff: date | None = None) -> CardPrice | None:
    """The purchase price of ``card`` a ranking uses, a new card's (see the module's policy; ``cutoff``:
    :func:`stale_before` of ``on``, when already known)."""
    return pick(card, PURCHASE_KINDS, on, usable, cutoff)


def cloud_price(card: Card, on: date | None = None,
                usable: Callable[[PriceEntry], bool] = lambda entry: True,
                cutoff: date | None = None, markets: frozenset[str] | None = ALL_MARKETS) -> CardPrice | None:
    """The rent per card-hour of ``card`` a ranking uses among the rents a buyer can take in
    ``markets`` (:func:`rent_markets` of the delivery region; :data:`ALL_MARKETS`: every rent) (see
    the module's policy; ``cutoff``: :func:`stale_before` of ``on``, when already known)."""
    if markets is ALL_MARKETS:
        return pick(card, CLOUD_KINDS, on, usable, cutoff)
    return pick(card, CLOUD_KINDS, on, lambda entry: usable(entry) and rent_open(entry, markets), cutoff)


def rent_elsewhere(card: Card, markets: frozenset[str], on: date | None = None,
                   usable: Callable[[PriceEntry], bool] = lambda entry: True,
                   cutoff: date | None = None) -> CardPrice | None:
    """The rent of ``card`` the policy would pick among those a buyer who can rent in ``markets``
    cannot take (another market's), or None: what to name when the card has no rent to rank."""
    return pick(card, CLOUD_KINDS, on, lambda entry: usable(entry) and not rent_open(entry, markets), cutoff)


BOUGHT_USED = "price-used-bought"
"""The flag of a used or refurbished card's price a buyer who takes used cards is billed at."""


def bought_used_flag(entry: PriceEntry) -> Message:
    """What a bill at a used or refurbished card's price says of it: "used price, 2025-08,
    amazon.com — no warranty from the maker" (message ``price-used-bought``)."""
    return msg(BOUGHT_USED, condition=msg(f"condition-{entry.condition}"), date=entry.date,
               source=source_name(entry))


def as_bought(used: CardPrice) -> CardPrice:
    """A used or refurbished card's price as a buyer who takes used cards is billed at it: its
    condition's flag ("price of a used card") said in full (:func:`bought_used_flag`)."""
    flags = tuple(bought_used_flag(used.entry) if f.id == f"price-{used.entry.condition}" else f for f in used.flags)
    return CardPrice(used.entry, flags)


def bought_purchase_price(card: Card, accept_used: bool, on: date | None = None) -> CardPrice | None:
    """The purchase price of ``card`` a bill is at, in the catalog's own money: a new card's
    (:func:`purchase_price`); where there is none and the buyer takes used cards (``accept_used``,
    ``Economics.accept_used``), the used or refurbished card's the policy picks
    (:func:`used_purchase_price`), said as bought (:func:`as_bought`), as the estimate's price basis
    bills it (:func:`configurator.core.economics.price_basis`); else None. The card browser and the
    card page read it: until December 2026 they showed "no price for new cards" to a buyer who takes
    used cards while the ranking and the bill priced them used."""
    chosen = purchase_price(card, on)
    if chosen is not None or not accept_used:
        return chosen
    used = used_purchase_price(card, on)
    return None if used is None else as_bought(used)


SOURCE_HOST = re.compile(r"https?://(?:www\.)?([^/\s)'\"]+)")
"""The host of the first address in a price's source (``specpicks.com``): the source's short name."""


def source_name(entry: PriceEntry) -> str:
    """A price's source in a few words: the host of its first address, else its text up to the
    first parenthesis or semicolon (``r/LocalLLaMA post 1nokzcf``)."""
    found = SOURCE_HOST.search(entry.source)
    if found is not None:
        return found.group(1)
    return re.split(r" \(|;|,", entry.source, maxsplit=1)[0].strip()


def purchase_entry(card: Card, on: date | None = None) -> PriceEntry | None:
    """The price entry :func:`purchase_price` picks (street or quote first, list or launch only
    without them), or None."""
    chosen = purchase_price(card, on)
    return None if chosen is None else chosen.entry


def price_entry(card: Card, kind: str, on: date | None = None) -> PriceEntry | None:
    """The entry of ``kind`` the policy picks among the card's entries of that kind (for
    ``cloud-hourly`` the ranking's own, :func:`cloud_price`), or None."""
    chosen = pick(card, (kind,), on)
    return None if chosen is None else chosen.entry


def price_to_dict(price: CardPrice | None, amount: float | None = None, currency: str | None = None) -> dict | None:
    """A chosen price for JSON: its amount (in the scenario currency when given), kind, date,
    source, confidence, provider, tier and market (a rent), condition (new, used, refurbished),
    whether it is the user's, and its flags."""
    if price is None:
        return None
    e = price.entry
    return {"amount": amount if amount is not None else e.midpoint,
            "currency": currency or e.currency,
            "quoted": {"amount": e.amount, "amount_high": e.amount_high, "currency": e.currency},
            "kind": price.kind, "date": e.date, "source": e.source, "confidence": e.confidence,
            "provider": e.provider, "tier": e.tier, "market": e.market, "condition": e.condition, "user": price.user,
            "flags": list(price.flag_ids), "flag_texts": [f.text for f in price.flags]}
