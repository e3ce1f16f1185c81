"""The per-card prices an estimate uses, with where they came from (:class:`PriceBasis`): the user's
figures in the scenario first, then the price policy's purchase and cloud picks
(:mod:`configurator.core.procurement.card_price`) in a currency the scenario converts, aged on the
day (:func:`price_day`), kept for the process by card, day and convertible currencies; and the
messages saying why a card has no purchase price or no rent to rank (:mod:`configurator.core.economics`
prices a job from it)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from configurator.core.catalog import Card, PriceEntry
from configurator.core.currency import converts, price_conversion
from configurator.core.frozen_record import fast_init
from configurator.core.link_domains import RACK_SCALE_DOMAIN
from configurator.core.memo import LastAsked
from configurator.core.messages import Message, msg
from configurator.core.procurement import card_price
from configurator.core.procurement.card_price import PURCHASE_KINDS, CardPrice
from configurator.core.procurement.prices import price_book_for
from configurator.core.procurement.servers import rack_item, server_type
from configurator.core.region import RENT_MARKET_HELD, domestic, rented_where_held
from configurator.core.scenario import Economics


def converted(price: PriceEntry | None, economics: Economics) -> float | None:
    """A price's midpoint in the scenario currency (:func:`configurator.core.currency.price_conversion`,
    the one rule), or None if it cannot be converted."""
    if price is None:
        return None
    conversion = price_conversion(price.currency, economics)
    return None if conversion is None else price.midpoint * conversion[0]


@fast_init
@dataclass(frozen=True)
class PriceBasis:
    """The per-card prices used, with where they came from."""

    card_price: float | None
    card_price_date: str | None
    cloud_per_hour: float | None
    cloud_price_date: str | None
    messages: tuple[Message, ...] = ()
    card: CardPrice | None = None
    """The catalog entry the card price is (None: none, or the user's figure in the scenario)."""
    cloud: CardPrice | None = None
    """The catalog entry the cloud price is (None: none, or the user's figure in the scenario)."""
    card_range: tuple[float, float] | None = None
    """Low and high end of the card price [currency] (:func:`card_price.price_range`; the
    scenario's own figure exact)."""
    cloud_range: tuple[float, float] | None = None
    """Low and high end of the cloud price [currency/h]."""
    rent_held_by: str | None = None
    """The provider of the chosen rent where it is of cards already installed in the delivery region
    (:func:`rent_held_by`): renting them there delivers nothing. None: no such rent."""
    used_only: CardPrice | None = None
    """The used or refurbished card's price the policy names where the card has no purchase price
    for new cards (:func:`card_price.used_purchase_price`): the price decision "only a used card's
    price" (message ``purchase-price-used-only``, its words); never ranked nor billed. None where
    the card has a new card's price, the user's own, no purchase price at all, or where the buyer
    takes used cards (``Economics.accept_used``): then it is :attr:`card`, ranked and billed
    (:func:`bought_used`)."""

    @property
    def card_flags(self) -> tuple[Message, ...]:
        """What the buyer must be told about the card price (list, launch, stale, the user's)."""
        if self.card_price_date == "user":
            return (msg("price-user"),)
        return self.card.flags if self.card else ()

    @property
    def cloud_flags(self) -> tuple[Message, ...]:
        if self.cloud_price_date == "user":
            return (msg("price-user"),)
        return self.cloud.flags if self.cloud else ()


def latest_convertible(card: Card, kinds: tuple[str, ...], economics: Economics) -> PriceEntry | None:
    """The entry of ``kinds`` the price policy picks (:func:`card_price.pick`) among those in a
    currency the scenario converts: a price in another currency (a user's EUR quote in a USD
    scenario) cannot be used, so it must not hide one that can."""
    chosen = card_price.pick(card, kinds, usable=lambda p: converted(p, economics) is not None)
    return None if chosen is None else chosen.entry


_LAST_PRICE_BASIS = LastAsked((None, None, None, None, None))
"""The last price basis worked out: (card, economics, day, region, basis), the card and economics by
identity (held here): a layout search estimates one card's layouts under the same economics hundreds
of times, and picks the card's prices once. Only the last: working one out again is a few dictionary
reads (the price policy's picks are kept for the process, :data:`_PICKS`), less than a cold estimate
paid to look one up among many and file it."""


def clear_price_basis_memo() -> None:
    """Forget the kept price basis and the kept day: a cold estimate picks its prices, and asks
    the date, again (a cold benchmark measures no cache)."""
    global _DAY
    _LAST_PRICE_BASIS.clear()
    _DAY = (None, None, 0.0, 0.0)


def price_basis(card: Card, economics: Economics, region: str | None) -> PriceBasis:
    """The user's figures in the scenario first, then the price policy's purchase and cloud
    prices (:mod:`configurator.core.procurement.card_price`) in a currency the scenario converts,
    the rent among those a buyer delivering to ``region`` (``Constraints.region``) can take
    (:func:`~configurator.core.procurement.card_price.rent_markets`). The last one given again for
    the same card and economics (both by identity: frozen), region and day (prices age by the day)."""
    on = price_day()
    last = _LAST_PRICE_BASIS.kept
    if last[0] is card and last[1] is economics and last[2] == on and last[3] == region:
        return last[4]
    basis = _price_basis(card, economics, on, region)
    _LAST_PRICE_BASIS.kept = (card, economics, on, region, basis)
    return basis


_DAY: tuple = (None, None, 0.0, 0.0)
"""The day :func:`price_day` last gave: (the function that gave it, the day, the first and the
first-after-last seconds since the epoch of that local day), one tuple replaced whole (a thread
reading alongside sees the old one or the new)."""


def price_day() -> date:
    """The day prices are aged against, :func:`~configurator.core.procurement.card_price.today`
    (the local date), asked once per local day: while the clock (``time.time``, what
    ``date.today`` reads) stays within the local day it last gave, that day is given again without
    asking (``date.today`` makes a local time, about 6,000 instructions; every card of a
    recommendation prices itself). The same day ``date.today`` would give at each call, across
    midnight too (the day's bounds are its local midnights, ``datetime.timestamp`` of them, daylight
    saving time included) and when a test puts another ``today`` in place (the function is checked
    by identity: asked again); only a change of the process's time zone within a day goes unseen."""
    ask, day, start, end = _DAY
    now = time.time()
    if ask is card_price.today and start <= now < end:
        return day
    return _asked_day()


def _asked_day() -> date:
    """:func:`price_day` asked afresh: the day, kept in :data:`_DAY` with its local bounds (none kept,
    so asked every time, for a day whose bounds cannot be worked out)."""
    global _DAY
    ask = card_price.today
    day = ask()
    bounds = _DAY_BOUNDS.get(day)
    if bounds is None:
        bounds = _DAY_BOUNDS[day] = _local_day_bounds(day)
    _DAY = (ask, day, *bounds)
    return day


def _local_day_bounds(day: date) -> tuple[float, float]:
    """Seconds since the epoch of the local midnights that start and end ``day`` (daylight saving
    time included: ``datetime.timestamp`` of naive local times); ``(0.0, 0.0)``, an empty span, for a
    day at the ends of the calendar."""
    try:
        return (datetime.combine(day, datetime.min.time()).timestamp(),
                datetime.combine(day + timedelta(days=1), datetime.min.time()).timestamp())
    except (OverflowError, OSError, ValueError):
        return 0.0, 0.0


_DAY_BOUNDS: dict[date, tuple[float, float]] = {}
""":func:`_local_day_bounds` of each day asked: a table of the calendar in the process's time zone
(kept across :func:`clear_price_basis_memo`, which forgets the day itself, so a cold estimate still
asks the date), two ``mktime`` calls saved per cold estimate. A change of the process's time zone
goes unseen, as :func:`price_day` says."""


_PICKS: dict[tuple, tuple] = {}
"""The price policy's picks of each card (:func:`_picks`), by the card's id, the day and which of its
prices' currencies convert: a table of the catalog (a pure function of its prices, the day and the
price file's rates), kept for the process like the catalog itself (cold estimates find it filled;
forgotten whole past :data:`PICKS_KEPT`)."""

PICKS_KEPT = 1024
"""Cards × days × currency sets whose picks :data:`_PICKS` keeps at most."""


def _picks(card: Card, economics: Economics, on, region: str | None
           ) -> tuple[CardPrice | None, CardPrice | None, CardPrice | None]:
    """The price policy's purchase and cloud picks (:func:`~configurator.core.procurement.card_price.pick`)
    among the card's prices in a currency the scenario converts (:func:`latest_convertible`'s rule),
    prices aged on the day ``on``, the rent among those a buyer delivering to ``region`` can take,
    and — where there is none — the rent of another market it would have been (to name); whether
    each currency converts tested once (:func:`~configurator.core.currency.converts`). What they
    depend on — the card (by identity: the catalog is loaded once), the day, the region and which
    currencies convert — is their key in :data:`_PICKS`, the card held there."""
    kept = _picked(card, economics, on, region)
    return kept[1], kept[2], kept[3]


_CURRENCIES: dict[int, tuple] = {}
"""The currencies each card is priced in, in the order of its prices, by the card's id (the card
held beside them): a table of the catalog, kept for the process like :data:`_PICKS` (forgotten whole
past :data:`PICKS_KEPT` cards)."""


def _amounts(price: CardPrice | None) -> tuple[str, float, float, float] | None:
    """A chosen price's currency, midpoint and low-high range in its own currency
    (:func:`~configurator.core.procurement.card_price.price_range`), or None: what
    :func:`_price_basis` converts, a function of the catalog entry alone (kept in :data:`_PICKS`)."""
    if price is None:
        return None
    low, high = price.range()
    return price.entry.currency, price.entry.midpoint, low, high


def _picked(card: Card, economics: Economics, on, region: str | None) -> tuple:
    """The :data:`_PICKS` entry of :func:`_picks`: the card, its purchase, cloud and elsewhere picks,
    the purchase and cloud prices' :func:`_amounts` and — where there is no purchase price for new
    cards, or only a stale one — the used or refurbished one to name
    (:func:`~configurator.core.procurement.card_price.used_purchase_price`). Each of the card's currencies only tested
    (:func:`~configurator.core.currency.converts`); the picked prices' own are converted by the caller
    (:func:`_converted_amounts`)."""
    currencies = _CURRENCIES.get(id(card))
    if currencies is None or currencies[0] is not card:
        if len(_CURRENCIES) >= PICKS_KEPT:
            _CURRENCIES.clear()
        currencies = _CURRENCIES[id(card)] = (card, tuple(dict.fromkeys([entry.currency for entry in card.prices])))
    convertible = tuple([converts(currency, economics) for currency in currencies[1]])
    key = (id(card), on, region, convertible)  # the card's currencies are its own: their order is the card's
    kept = _PICKS.get(key)
    if kept is not None and kept[0] is card:
        return kept
    usable_currencies = {currency for currency, ok in zip(currencies[1], convertible) if ok}

    def usable(entry: PriceEntry) -> bool:
        return entry.currency in usable_currencies

    cutoff = card_price.stale_before(on)  # the day a current price must reach, worked out once
    purchase = card_price.pick(card, PURCHASE_KINDS, on, usable, cutoff)
    used = None if purchase is not None and not any(f.id == card_price.USED_CURRENT for f in purchase.flags) \
        else card_price.used_purchase_price(card, on, usable, cutoff)
    markets = card_price.rent_markets(region)
    cloud = card_price.cloud_price(card, on, usable, cutoff, markets)
    elsewhere = None if cloud is not None else card_price.rent_elsewhere(card, markets, on, usable, cutoff)
    if len(_PICKS) >= PICKS_KEPT:
        _PICKS.clear()
    kept = _PICKS[key] = (card, purchase, cloud, elsewhere, _amounts(purchase), _amounts(cloud), used)  # one store:
    return kept  # a thread reading alongside sees it whole


def _converted_amounts(amounts: tuple[str, float, float, float] | None, economics: Economics
                       ) -> tuple[float | None, tuple[float, float] | None]:
    """A kept price's midpoint and low-high range (:func:`_amounts`) in the scenario currency, at its
    currency's conversion (:func:`~configurator.core.currency.price_conversion`; :func:`converted`'s
    rule); None where there is no price or it cannot be converted."""
    if amounts is None:
        return None, None
    currency, midpoint, low, high = amounts
    conversion = price_conversion(currency, economics)
    if conversion is None:
        return None, None
    rate = conversion[0]
    return midpoint * rate, (low * rate, high * rate)


def _price_basis(card: Card, economics: Economics, on, region: str | None) -> PriceBasis:
    """:func:`price_basis` without the memo, prices aged on the day ``on``: the price policy's
    picks (:func:`_picks`) among the card's prices in a currency the scenario converts (the rent
    among those a buyer delivering to ``region`` can take), and the user's figures in the
    scenario first."""
    _, purchase, cloud, elsewhere, purchase_amounts, cloud_amounts, used = _picked(card, economics, on, region)
    user_card, user_cloud = economics.card_price, economics.cloud_price_per_hour
    if user_card is not None:
        card_value, card_range = user_card, (user_card, user_card)
    else:
        card_value, card_range = _converted_amounts(purchase_amounts, economics)
    if user_cloud is not None:
        cloud_value, cloud_range = user_cloud, (user_cloud, user_cloud)
    else:
        cloud_value, cloud_range = _converted_amounts(cloud_amounts, economics)
    bought_said = None
    if card_value is None and user_card is None and used is not None and economics.accept_used:
        bought_used = _bought_used(used, economics)  # the buyer takes used cards: ranked and billed at it
        if bought_used is not None:
            purchase, (card_value, card_range) = bought_used[0], bought_used[1]
            bought_said = msg(BOUGHT_USED_CARD, card=card.name, **used_params(used.entry, economics))
            used = None
    if used is not None and purchase is not None:  # the current used price beside it, in the scenario's money
        purchase = CardPrice(purchase.entry, tuple(
            msg(card_price.USED_CURRENT, **used_params(used.entry, economics)) if f.id == card_price.USED_CURRENT
            else f for f in purchase.flags))
    if purchase is not None and any(f.id == card_price.NEWER_LESS_SURE for f in purchase.flags):
        purchase = CardPrice(purchase.entry, tuple(
            newer_flag(card, purchase.entry, f, economics, on) if f.id == card_price.NEWER_LESS_SURE else f
            for f in purchase.flags))
    messages = () if bought_said is None else (bought_said,)
    if card_value is None or cloud_value is None:
        messages = [no_purchase_message(card, used, economics)] if card_value is None else list(messages)
        if cloud_value is None:
            messages.append(no_rent_message(card, elsewhere, economics))
        messages = tuple(messages)
    return PriceBasis(
        card_value,
        "user" if user_card is not None else (purchase.entry.date if purchase else None),
        cloud_value,
        "user" if user_cloud is not None else (cloud.entry.date if cloud else None),
        messages,
        None if user_card is not None else purchase,
        None if user_cloud is not None else cloud,
        card_range,
        cloud_range,
        None if user_cloud is not None else rent_held_by(card, cloud, region),
        used if card_value is None else None,
    )


def _bought_used(used: CardPrice, economics: Economics
                 ) -> tuple[CardPrice, tuple[float | None, tuple[float, float] | None]] | None:
    """A used or refurbished card's price as the one a buyer who takes used cards
    (``Economics.accept_used``) is ranked and billed at, where the card has no new card's price:
    the price with its condition's flag said in full (:func:`bought_used_flag`), and its midpoint
    and range in the scenario's money (:func:`_converted_amounts`); None where it cannot be converted."""
    amounts = _converted_amounts(_amounts(used), economics)
    if amounts[0] is None:
        return None
    return card_price.as_bought(used), amounts


bought_used_flag = card_price.bought_used_flag  # the flag's one place is the price policy (card_price.py)
BOUGHT_USED = card_price.BOUGHT_USED

BOUGHT_USED_CARD = "purchase-price-used-bought"
"""What an estimate says of a card ranked and billed at a used or refurbished card's price, naming
the price (amount in the scenario's money, source, date): one of the price basis's messages."""


def bought_used(basis: PriceBasis) -> bool:
    """Whether ``basis`` buys its cards at a used or refurbished card's price (the buyer takes used
    cards, ``Economics.accept_used``, and the card has no new card's price)."""
    return basis.card is not None and not card_price.is_new(basis.card.entry)


def rent_held_by(card: Card, rent: CardPrice | None, region: str | None) -> str | None:
    """The provider ``card`` is rented from at the policy's rent ``rent`` (None: none, or the user's
    own) where that rent is of cards already in the delivery ``region``: a catalog rent sold there whose
    cards need an export status to be delivered (:func:`~configurator.core.region.rented_where_held`),
    or a mainland-China vendor's card (:func:`~configurator.core.region.domestic`) at a rent of that
    market (its words say "rented", not "bought in China"); "—" where the rent names no provider; else
    None (no rent, or a rent of another market)."""
    if rent is None:
        return None
    market = rent.entry.market
    held = rented_where_held(card, region, market) or (
        domestic(card) and market is not None and market == RENT_MARKET_HELD.get(region or ""))
    return (rent.entry.provider or "—") if held else None


def used_params(entry: PriceEntry, economics: Economics) -> dict:
    """A used card's price as a message names it (:func:`card_price.used_price_params`), its amount
    in the scenario's money where it converts (:func:`price_conversion`), else in its own."""
    conversion = price_conversion(entry.currency, economics)
    if conversion is None:
        return card_price.used_price_params(entry)
    return card_price.used_price_params(entry, conversion[0], economics.currency)


def newer_flag(card: Card, chosen: PriceEntry, flag: Message, economics: Economics, on: date) -> Message:
    """The flag (``flag``, as the price policy names it) naming a newer, less sure price than ``chosen``,
    ``card``'s ranked purchase price (:data:`~configurator.core.procurement.card_price.NEWER_LESS_SURE`),
    its amount in the scenario's money (:func:`price_conversion`, as :func:`used_params` converts a used
    card's), the figure as quoted in brackets with its source ('39,238 USD (33,395 EUR quoted by smicro.eu,
    2026-09)'); as quoted alone where it is in the scenario's money (the card page, which has no scenario,
    names it as quoted: :func:`card_price.newer_price_params`)."""
    entries = [p for p in card.prices if p.kind in PURCHASE_KINDS and card_price.is_new(p)
               and converted(p, economics) is not None]
    newer = card_price.newer_less_sure(entries, chosen, card_price.stale_before(on))
    conversion = None if newer is None or newer.currency == economics.currency else \
        price_conversion(newer.currency, economics)
    if conversion is None:
        return flag
    said = card_price.newer_price_params(newer)
    return msg(card_price.NEWER_LESS_SURE, amount=card_price.amount_said(newer, conversion[0], economics.currency),
               date=newer.date,
               source=msg("price-quoted-by", quoted=said["amount"], source=said["source"]))


def no_purchase_message(card: Card, used: CardPrice | None, economics: Economics) -> Message:
    """Why ``card`` has no purchase price to rank on: none in the catalog (``no-purchase-price``),
    or only a used or refurbished card's (``used``, the one the policy would pick: its amount in the
    scenario's money, source and date named as information, ``purchase-price-used-only``; a buyer
    of new cards does not pay it)."""
    if used is None:
        return msg("purchase-in-system-price" if system_priced(card, economics) else "no-purchase-price",
                   card=card.name)
    return msg("purchase-price-used-only", card=card.name,
               what=msg("used-price-only", **used_params(used.entry, economics)))


def system_priced(card: Card, economics: Economics) -> bool:
    """Whether ``card`` is sold only in a rack-scale system (an NVL72 rack) that the scenario's price
    file prices whole, its cards included (:func:`~configurator.core.procurement.servers.rack_item`):
    the card then has no price of its own, and the bill of materials carries the system's."""
    if not server_type(card, RACK_SCALE_DOMAIN, 1).rack_scale:
        return False
    item = price_book_for(economics).item(rack_item(card))
    return item is not None and item.unit_price is not None


def no_rent_message(card: Card, elsewhere: CardPrice | None, economics: Economics) -> Message:
    """Why ``card`` has no rent to rank: none in the catalog (``no-cloud-price``), or only rents of
    a market the buyer cannot take (``elsewhere``, the one the policy would pick: its provider and
    amount named, so a cheaper rent in the other market is said, not hidden), the amount in the
    scenario's money where it converts (:func:`price_conversion`, as :func:`used_params`), else in its
    own ('0.64 USD/小时' stood in a Chinese page of 元 until December 2026)."""
    if elsewhere is None:
        return msg("no-cloud-price", card=card.name)
    entry = elsewhere.entry
    conversion = price_conversion(entry.currency, economics)
    amount, currency = (entry.midpoint, entry.currency) if conversion is None else \
        (entry.midpoint * conversion[0], economics.currency)
    return msg("cloud-price-china-only" if entry.market == "cn" else "cloud-price-abroad-only", card=card.name,
               provider=entry.provider or entry.source, amount=amount, currency=currency)
