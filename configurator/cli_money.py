"""The command line's amounts of money: a budget or price flag typed as buyers write it (``200万元``,
``¥2,000,000``, ``2M USD``) read into its amount and the currency it names, and that amount in the
scenario's currency (:mod:`configurator.cli_scenario` applies them to the scenario)."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterable

from configurator.core.currency import currency_code, price_conversion
from configurator.core.magnitudes import MAGNITUDES, money
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.number_problems import MONEY_LETTER_MAGNITUDES, letter_magnitude, number_problem
from configurator.core.scenario import Economics

__all__ = ["CHINESE_MAGNITUDES", "YUAN_REGION", "TypedMoney", "amount_of_money", "in_currency", "in_yuan_where_meant",
           "named_currency"]


class TypedMoney(float):
    """An amount flag's value: the amount [its currency's units], with the currency it names
    (``currency``; None: none) and the text typed (``text``)."""

    currency: str | None
    text: str

    def __new__(cls, amount: float, currency: str | None, text: str) -> TypedMoney:
        value = super().__new__(cls, amount)
        value.currency, value.text = currency, text
        return value

    @property
    def amount(self) -> float:
        """The amount as a plain number [its currency's units]."""
        return float(self)


def amount_of_money(text: str) -> TypedMoney:
    """Parse an amount as a budget is written — ``200万元``, ``¥2,000,000``, ``2M USD``, ``300万美元``
    or a bare ``2M`` (in the currency results are shown in) — into the amount and the currency it
    names (:func:`~configurator.core.magnitudes.money`; ``RMB`` is CNY). 万 or 亿 in letters (``300w``,
    ``300wan``) is refused, showing the forms read (:func:`~configurator.core.number_problems.letter_magnitude`)."""
    in_letters = letter_magnitude(text, MONEY_LETTER_MAGNITUDES)
    if in_letters is not None:
        raise said(argparse.ArgumentTypeError, in_letters)
    found = money(text)
    if found is None:
        try:  # inf or nan: the scenario's own check refuses it, naming the field's range
            return TypedMoney(float(text), None, text)
        except ValueError:
            raise said(argparse.ArgumentTypeError, number_problem(text) or msg("cli-not-money", text=text)) from None
    if not math.isfinite(found.amount):
        raise said(argparse.ArgumentTypeError, msg("cli-too-large", text=text))
    return TypedMoney(found.amount, currency_code(found.currency) if found.currency else None, text)


YUAN_REGION = "cn"
"""The delivery region (``--region``) whose buyers count in yuan: a bare amount written with a Chinese
magnitude there (``--budget 300万``) is yuan, as ``300万元`` is."""


def in_yuan_where_meant(value, region: str | None):
    """``value`` (a money flag's) as yuan where it names no currency, is written with a Chinese
    magnitude (:data:`CHINESE_MAGNITUDES`) and the cards go to mainland China (:data:`YUAN_REGION`);
    as it is otherwise (elsewhere a bare ``300万`` is read in the currency results are shown in, and
    said: :func:`in_currency`)."""
    if region == YUAN_REGION and isinstance(value, TypedMoney) and value.currency is None and \
            any(m in value.text for m in CHINESE_MAGNITUDES):
        return TypedMoney(value.amount, "CNY", value.text)
    return value


def named_currency(values: Iterable) -> str | None:
    """The one currency the money flags' ``values`` name (``--budget 200万元``: CNY); None where they
    name none, or more than one (each is then converted: :func:`in_currency`)."""
    named = {value.currency for value in values if isinstance(value, TypedMoney) and value.currency}
    return named.pop() if len(named) == 1 else None


CHINESE_MAGNITUDES = tuple(suffix for suffix in MAGNITUDES if not suffix.isascii())
"""The Chinese magnitudes (万, 亿: :data:`~configurator.core.magnitudes.MAGNITUDES`): a bare amount
written with one is most likely yuan."""


def in_currency(economics: Economics, value: TypedMoney, flag: str, language: str) -> float | None:
    """An amount flag's value in the scenario's currency: as typed where it names none or the same
    one; otherwise converted as a price in that currency is (core/currency.py ``price_conversion``:
    ``--currency USD --budget 200万元`` at the price file's dated CNY rate). A bare ``200万`` read
    in a currency other than the yuan is said on stderr: the buyer who writes 万 most likely
    means yuan. None where it names a currency the scenario has no rate for (the caller refuses it)."""
    currency = economics.currency
    if value.currency is None and currency != "CNY" and any(m in value.text for m in CHINESE_MAGNITUDES):
        print(msg("cli-warning", text=msg("cli-wan-not-yuan", flag=flag, text=value.text.strip(), currency=currency,
                                          amount=float(value.amount))).text_in(language), file=sys.stderr)
    if value.currency is None or value.currency == currency:
        return value.amount
    conversion = price_conversion(value.currency, economics)
    return None if conversion is None else value.amount * conversion[0]
