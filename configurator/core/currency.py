"""The currency money is shown in, decided in one place: each interface language's own (CNY in
Chinese, USD in English) unless the user chose one; the dated exchange rate of the price file
where the user gave none; and every money default (electricity included) converted whenever the
currency changes, however it was chosen (command line, window, language, scenario file)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.magnitudes import CURRENCY_WORDS
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Economics, Scenario

PRICE_FILE_CURRENCY = Economics().currency
"""The currency of the catalog's and the price file's prices (USD); its rate is 1."""

LANGUAGE_CURRENCY = {"en": "USD", "zh_CN": "CNY"}
"""The currency each interface language works in."""

CONVERTIBLE = frozenset(LANGUAGE_CURRENCY.values())
"""Currencies the program itself chose; a scenario in another one was set by the user."""

USD_TO_CNY_FALLBACK = 7.1
"""CNY per USD when the price file has no ``usd_to_cny`` rate (approximate 2025–2026 rate)."""

_MONEY_FIELDS = ("card_price", "cloud_price_per_hour", "colocation_per_kw_month")
"""Economics fields in the scenario currency, converted with it (the electricity price has its
own rule: a default becomes the new currency's default)."""


class CurrencyError(ValueError):
    """A currency the program cannot convert to: no rate given and none in the price file; its
    message (``said``, core/messages_catalog.py) says it in the user's language."""


@dataclass(frozen=True)
class ExchangeRate:
    """Units of a currency per US dollar, with where the figure comes from."""

    currency: str
    per_usd: float
    """[currency/USD]"""
    date: str
    """The price file's date for the rate ('' where the file gives none)."""
    source: str


CURRENCY_ALIASES = {word: code for word, code in CURRENCY_WORDS.items()
                    if word.isascii() and word.isalpha() and len(word) == 3}
"""Names buyers write for a currency in place of its ISO 4217 code: renminbi (RMB) is the yuan, CNY
(the three-letter names of :data:`~configurator.core.magnitudes.CURRENCY_WORDS`)."""


def currency_code(text: str) -> str:
    """The ISO 4217 code a typed currency means: capitals (``cny`` is CNY), an alias replaced
    (:data:`CURRENCY_ALIASES`: ``RMB`` is CNY); anything else as typed, for the scenario's own check."""
    code = text.strip().upper()
    return CURRENCY_ALIASES.get(code, code) if len(code) == 3 else text


def rate_id(currency: str) -> str:
    """The price file's id of ``currency``'s rate per US dollar (``usd_to_cny``, ``usd_to_eur``)."""
    return f"usd_to_{currency.lower()}"


def dated_rate(currency: str) -> ExchangeRate | None:
    """The price file's rate for ``currency`` (``usd_to_<code>``, e.g. ``usd_to_cny``), 1 for USD;
    None where the file has none (CNY then falls back to :data:`USD_TO_CNY_FALLBACK`, undated)."""
    if currency == PRICE_FILE_CURRENCY:
        return ExchangeRate(currency, 1.0, "", "")
    rate = bundled_price_book().rates.get(rate_id(currency))
    if rate is not None:
        return ExchangeRate(currency, rate.value, rate.date, rate.source)
    if currency == "CNY":
        return ExchangeRate(currency, USD_TO_CNY_FALLBACK, "", "approximate 2025–2026 rate")
    return None


def price_conversion(currency: str, economics: Economics) -> tuple[float, ExchangeRate | None] | None:
    """How a price in ``currency`` becomes the scenario's money: (units of the scenario currency
    per unit of ``currency``, the price file's dated rate that converted it, or None when none
    did); None when it cannot be converted.

    One rule: the same currency as is; USD at the scenario's rate (``economics.usd_to_currency``);
    any other currency to USD at the price file's dated rate (:func:`dated_rate`: a card priced
    only in CNY, such as the Ascend 910B, in a USD scenario), then to the scenario's at its rate."""
    if currency == economics.currency:
        return 1.0, None
    if currency == PRICE_FILE_CURRENCY:
        return economics.usd_to_currency, None
    rate = dated_rate(currency)
    if rate is None:
        return None
    return economics.usd_to_currency / rate.per_usd, rate


def converts(currency: str, economics: Economics) -> bool:
    """Whether a price in ``currency`` becomes the scenario's money: :func:`price_conversion` is not
    None (the same currency, USD, or one the price file rates, CNY always: :func:`dated_rate`),
    told without working the conversion out (a card's prices in currencies its picks do not use are
    only tested)."""
    return currency == economics.currency or currency == PRICE_FILE_CURRENCY or currency == "CNY" \
        or bundled_price_book().rates.get(rate_id(currency)) is not None


def is_dated_rate(currency: str, per_usd: float) -> bool:
    """``per_usd`` is the price file's own rate for ``currency`` (not one the user typed)."""
    rate = dated_rate(currency)
    return rate is not None and abs(rate.per_usd - per_usd) <= 1e-9 * max(1.0, per_usd)


def default_electricity(currency: str, per_usd: float) -> float:
    """The electricity price a currency starts with [currency/kWh]: the scenario default in USD;
    in CNY the price file's ``electricity_cny_per_kwh`` (a Chinese industrial tariff, not the US
    price converted); in any other currency the USD default at ``per_usd``."""
    usd = Economics().electricity_per_kwh
    if currency == PRICE_FILE_CURRENCY:
        return usd
    if currency == "CNY":
        return bundled_price_book().rate("electricity_cny_per_kwh", usd * per_usd)
    return usd * per_usd


def currency_defaults(currency: str) -> tuple[float, float]:
    """(units per USD, electricity price per kWh) a currency starts with, at the price file's rate."""
    rate = dated_rate(currency)
    if rate is None:
        raise said(CurrencyError, msg("currency-no-rate", currency=currency))
    return rate.per_usd, default_electricity(currency, rate.per_usd)


def shown_currency(scenario_currency: str, language: str, chosen: str | None = None) -> str:
    """The currency results are shown in: ``chosen`` when the user chose one; else the
    scenario's when the user set it (one the program never picks, e.g. EUR); else the language's."""
    if chosen:
        return chosen
    if scenario_currency not in CONVERTIBLE:
        return scenario_currency
    return LANGUAGE_CURRENCY.get(language, PRICE_FILE_CURRENCY)


def money_factor(before: Economics, currency: str, per_usd: float) -> float:
    """What an amount typed in ``before``'s currency is multiplied by to mean the same money in
    ``currency`` at ``per_usd`` [units per USD]: the ratio of the two rates, both per US dollar; 1
    within one currency, where a new rate changes no amount the user typed [``currency`` per
    ``before.currency``]."""
    return 1.0 if currency == before.currency else per_usd / before.usd_to_currency


def with_currency(scenario: Scenario, currency: str, per_usd: float | None = None) -> Scenario:
    """``scenario`` with its money in ``currency`` at ``per_usd`` (units per USD; None: the
    price file's dated rate, or the scenario's own when the currency stays).

    Every amount the user typed (card and cloud price, colocation, budget) is converted at the
    two rates, so it means the same money; an electricity price equal to the old currency's
    default becomes the new currency's default, any other is converted too. Raises
    CurrencyError when no rate is known, or a rate other than 1 is given for USD.
    """
    e = scenario.economics
    if per_usd is None:
        if currency == e.currency:
            per_usd = e.usd_to_currency
        else:
            rate = dated_rate(currency)
            if rate is None:
                raise said(CurrencyError, msg("currency-no-rate-give-one", currency=currency))
            per_usd = rate.per_usd
    if currency == PRICE_FILE_CURRENCY and per_usd != 1.0:
        raise said(CurrencyError, msg("currency-base-rate", base=PRICE_FILE_CURRENCY, rate=float(per_usd)))
    if currency == e.currency and per_usd == e.usd_to_currency:
        return scenario
    factor = money_factor(e, currency, per_usd)
    economics = e.model_dump()
    economics.update(currency=currency, usd_to_currency=per_usd)
    for name in _MONEY_FIELDS:
        if economics[name] is not None:
            economics[name] = economics[name] * factor
    old_default = default_electricity(e.currency, e.usd_to_currency)
    economics["electricity_per_kwh"] = default_electricity(currency, per_usd) \
        if abs(e.electricity_per_kwh - old_default) <= 1e-9 * max(1.0, old_default) else e.electricity_per_kwh * factor
    data = scenario.model_dump()
    data["economics"] = economics
    if scenario.constraints.budget is not None:
        data["constraints"]["budget"] = scenario.constraints.budget * factor
    return Scenario.model_validate(data)


def in_language_currency(scenario: Scenario, language: str) -> Scenario:
    """``scenario`` with its money in ``language``'s currency (:func:`shown_currency`):
    unchanged when it already is, or when its currency is one the user chose (neither USD nor
    CNY); otherwise converted by :func:`with_currency` at the price file's rate."""
    target = shown_currency(scenario.economics.currency, language)
    if target == scenario.economics.currency:
        return scenario
    return with_currency(scenario, target)
