"""The currency a summary or window shows money in: each language's own, with every money
default converted (electricity included), unless the user chose a currency of their own."""

from __future__ import annotations

from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Economics, Scenario

LANGUAGE_CURRENCY = {"en": "USD", "zh_CN": "CNY"}
"""The currency each interface language works in."""

CONVERTIBLE = frozenset(LANGUAGE_CURRENCY.values())
"""Currencies the program itself chose; a scenario in another one was set by the user."""

USD_TO_CNY_FALLBACK = 7.1
"""CNY per USD when the price file has no ``usd_to_cny`` rate (approximate 2025–2026 rate)."""

_MONEY_FIELDS = ("card_price", "cloud_price_per_hour", "colocation_per_kw_month")
"""Economics fields in the scenario currency, converted with it."""


def currency_defaults(currency: str) -> tuple[float, float]:
    """(units per USD, electricity price per kWh) a currency starts with: USD 1 and the
    scenario default; CNY at the price file's ``usd_to_cny`` and ``electricity_cny_per_kwh``
    (a Chinese industrial tariff, not the USD price converted)."""
    if currency == "CNY":
        book = bundled_price_book()
        rate = book.rate("usd_to_cny", USD_TO_CNY_FALLBACK)
        return rate, book.rate("electricity_cny_per_kwh", Economics().electricity_per_kwh * rate)
    return 1.0, Economics().electricity_per_kwh


def language_currency(language: str) -> tuple[str, float]:
    """(currency, units per USD) a language starts with."""
    currency = LANGUAGE_CURRENCY.get(language, "USD")
    return currency, currency_defaults(currency)[0]


def in_language_currency(scenario: Scenario, language: str) -> Scenario:
    """``scenario`` with its money in ``language``'s currency.

    Unchanged when it already is, or when its currency is one the user chose (neither USD nor
    CNY). Otherwise the currency and exchange rate change; an electricity price equal to the
    old currency's default becomes the new currency's default (China's tariff is not the US
    price converted); every other amount the user typed (card and cloud price, electricity,
    colocation, budget) is converted at the two rates, so it means the same money.
    """
    e = scenario.economics
    target = LANGUAGE_CURRENCY.get(language, "USD")
    if e.currency == target or e.currency not in CONVERTIBLE:
        return scenario
    old_rate, old_electricity = e.usd_to_currency, currency_defaults(e.currency)[1]
    new_rate, new_electricity = currency_defaults(target)
    factor = new_rate / old_rate
    economics = e.model_dump()
    economics.update(currency=target, usd_to_currency=new_rate)
    for name in _MONEY_FIELDS:
        if economics[name] is not None:
            economics[name] = economics[name] * factor
    economics["electricity_per_kwh"] = new_electricity if abs(e.electricity_per_kwh - old_electricity) < 1e-9 \
        else e.electricity_per_kwh * factor
    data = scenario.model_dump()
    data["economics"] = economics
    if scenario.constraints.budget is not None:
        data["constraints"]["budget"] = scenario.constraints.budget * factor
    return Scenario.model_validate(data)
