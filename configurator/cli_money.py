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
           "bare_currency", "named_currency", "read_bare", "typed_bare"]


class TypedMoney(float):
    """An amount flag's value: the amount [its currency's units], with the currency it names
    (``currency``; None: none yet) and the text typed (``text``); ``bare`` where the text named none and
    ``currency`` is the one it was read in (:func:`read_bare`)."""

    currency: str | None
    text: str
    bare: bool

    def __new__(cls, amount: float, currency: str | None, text: str, bare: bool = False) -> TypedMoney:
        value = super().__new__(cls, amount)
        value.currency, value.text, value.bare = currency, text, bare
        return value

    @property
    def amount(self) -> float:
        """The amount as a plain number [its currency's units]."""
        return float(self)


def amount_of_money(text: str) -> TypedMoney:
    """Parse an amount as a budget is written — ``200万元``, ``¥2,000,000``, ``2M USD``, ``300万美元``
    or a bare ``2M`` (read in the question's currency: :func:`read_bare`) — into the amount and the currency it
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
"""The delivery region (``--region``) whose buyers count in yuan: a bare amount there is read in yuan
(:func:`bare_currency`), and one written with a Chinese magnitude (``--budget 300万``) is yuan as ``300万元`` is,
shown in yuan too (:func:`in_yuan_where_meant`)."""


def in_yuan_where_meant(value, region: str | None):
    """``value`` (a money flag's) as yuan where it names no currency, is written with a Chinese
    magnitude (:data:`CHINESE_MAGNITUDES`) and the cards go to mainland China (:data:`YUAN_REGION`);
    as it is otherwise (elsewhere a bare ``300万`` is read in the question's currency, :func:`read_bare`, and
    said: :func:`in_currency`)."""
    if region == YUAN_REGION and isinstance(value, TypedMoney) and value.currency is None and \
            any(m in value.text for m in CHINESE_MAGNITUDES):
        return TypedMoney(value.amount, "CNY", value.text)
    return value


def named_currency(values: Iterable) -> str | None:
    """The one currency the money flags' ``values`` name (``--budget 200万元``: CNY); None where they
    name none, or more than one (each is then converted: :func:`in_currency`)."""
    named = {value.currency for value in values if isinstance(value, TypedMoney) and value.currency and not value.bare}
    return named.pop() if len(named) == 1 else None


def bare_currency(chosen: str | None, region: str | None, scenario_currency: str) -> str:
    """The currency a money flag that names none (``--budget 5M``) is read in: the question's own, never the
    interface language's — ``chosen`` (``--currency``, else the one the other money flags name), else the yuan
    where the cards go to mainland China (:data:`YUAN_REGION`), else the scenario's (a file's; the price file's USD
    without one). Until December 2026 it was the language's: ``--lang zh_CN --budget 5M`` was 5M yuan and
    ``--budget 5M`` 5M dollars, and the same question ranked other cards by language (same49)."""
    return chosen or ("CNY" if region == YUAN_REGION else scenario_currency)


def read_bare(value, currency: str):
    """``value`` (a money flag's) read in ``currency`` (:func:`bare_currency`) where it names none, marked
    ``bare``; as it is otherwise."""
    if isinstance(value, TypedMoney) and value.currency is None:
        return TypedMoney(value.amount, currency, value.text, bare=True)
    return value


def typed_bare(value) -> tuple[str, str] | None:
    """(the amount typed, the currency it was read in) of a money flag's ``value`` that named no currency
    (:func:`read_bare`: ``--budget 5M`` read in USD -> ('5M', 'USD')), for the line that says so
    (:func:`~configurator.core.view.job_view.budget_read_in`); None where it named one, or none was given."""
    return (value.text.strip(), value.currency) if getattr(value, "bare", False) else None


CHINESE_MAGNITUDES = tuple(suffix for suffix in MAGNITUDES if not suffix.isascii())
"""The Chinese magnitudes (万, 亿: :data:`~configurator.core.magnitudes.MAGNITUDES`): a bare amount
written with one is most likely yuan."""


def in_currency(economics: Economics, value: TypedMoney, flag: str, language: str) -> float | None:
    """An amount flag's value in the scenario's currency: as typed where it names none or the same
    one; otherwise converted as a price in that currency is (core/currency.py ``price_conversion``:
    ``--currency USD --budget 200万元`` at the price file's dated CNY rate; a bare ``5M`` read in USD,
    :func:`read_bare`, shown in yuan with ``--lang zh_CN``). A bare ``200万`` read
    in a currency other than the yuan is said on stderr: the buyer who writes 万 most likely
    means yuan. None where it names a currency the scenario has no rate for (the caller refuses it)."""
    currency = economics.currency
    read_in = value.currency if value.bare else currency if value.currency is None else None  # None: named
    if read_in is not None and read_in != "CNY" and any(m in value.text for m in CHINESE_MAGNITUDES):
        print(msg("cli-warning", text=msg("cli-wan-not-yuan", flag=flag, text=value.text.strip(), currency=read_in,
                                          amount=float(value.amount))).text_in(language), file=sys.stderr)
    if value.currency is None or value.currency == currency:
        return value.amount
    conversion = price_conversion(value.currency, economics)
    return None if conversion is None else value.amount * conversion[0]
