"""Every amount of money in a message is written by the one money writer
(configurator.core.message_numbers.money_text) where its template names it - ``{cost:.0money}``,
``{saving:.2money}``, ``{tco:sigmoney}``, ``{low:money–high}`` - never as a number beside a currency
code, 元 or 万元 written by hand ("{cost:,.0f} {currency}"), so that a Chinese reader's CNY reads in
万元 from 1万 up and in 元 below in every message, and no rendered text is rewritten afterwards
(until December 2026 a regular expression turned "3,000,000 CNY" into "300.00 万元")."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import configurator.core
import configurator.core.view
from configurator.core.bill_covers import ALL_KINDS
from configurator.core.message_numbers import MESSAGE_CODE_JOIN, fraction_param, money_text
from configurator.core.messages import msg
from configurator.core.view import numbers

NBSP = "\u00a0"

BY_HAND = re.compile(r"(?:\d|\})[ \u00a0]?(?:\{currency\}(?!/USD| per USD)|(?:CNY|USD|EUR)\b|万?元)")
"""A number or a field followed by a currency written by hand: '{cost:,.0f} {currency}', '5 USD',
'{amount} 元'; not a rate between two currencies ('{rate} {currency}/USD')."""

INPUT_EXAMPLES = {"cli-not-money", "cli-wan-not-yuan"}
"""Templates that show what a buyer may type ('200万元', '2M USD', '{text}元'), not an amount the program
writes."""


def _quoted_notes() -> set[str]:
    """The price notes of the catalog (view/words_price_notes.py), by their English text: what a
    source wrote ('13.00 CNY per card-hour', '3–5 万元'), quoted, not an amount the program writes."""
    from configurator.core.view.words_price_notes import ZH_CN_PRICE_NOTE
    return set(ZH_CN_PRICE_NOTE)


def _catalogue_modules():
    for package in (configurator.core, configurator.core.view):
        for info in pkgutil.iter_modules(package.__path__):
            if info.name.startswith(("messages", "words")):
                yield importlib.import_module(f"{package.__name__}.{info.name}")


def _templates():
    """(module, catalogue, id, template) of every message template (messages*.py) and every label
    and phrase of the view's catalogues (view/words*.py), English ids and Chinese texts."""
    for module in _catalogue_modules():
        for name, value in vars(module).items():
            if isinstance(value, dict) and value and all(isinstance(k, str) and isinstance(v, str)
                                                         for k, v in value.items()):
                for key, template in value.items():
                    yield module.__name__, name, key, key
                    yield module.__name__, name, key, template


def test_the_scan_sees_the_catalogues():
    seen = {(module, name) for module, name, _, _ in _templates()}
    assert ("configurator.core.messages", "ENGLISH") in seen
    assert ("configurator.core.messages_prices", "PRICE_CHINESE") in seen
    assert ("configurator.core.view.words", "ZH_CN") in seen


def test_no_template_writes_a_currency_by_hand():
    skipped = INPUT_EXAMPLES | _quoted_notes()
    by_hand = sorted({f"{module}.{name}[{key!r}]: {match.group(0)!r}"
                      for module, name, key, template in _templates() if key not in skipped
                      for match in BY_HAND.finditer(template)})
    assert not by_hand, "\n".join(by_hand)


@pytest.mark.parametrize("value, currency, language, written", [
    (3_000_000, "CNY", "zh_CN", f"300.00{NBSP}万元"),
    (9_843, "CNY", "zh_CN", f"9,843{NBSP}元"),
    (26.3, "CNY", "zh_CN", f"26.30{NBSP}元"),
    (1_381_182, "CNY", "en", f"1,381,182{NBSP}CNY"),
    (12_000, "USD", "zh_CN", f"12,000{NBSP}USD"),
    (0, "EUR", "en", f"0{NBSP}EUR"),
    (None, "USD", "en", "—"),
])
def test_the_one_writer(value, currency, language, written):
    assert money_text(value, currency, language) == written
    assert numbers.money(value, currency, language) == written


@pytest.mark.parametrize("spec, value, english, chinese", [
    (".0money", 1_381_182.4, "1,381,182 CNY", f"138.12{NBSP}万元"),
    (".0money", 9_843.4, "9,843 CNY", f"9,843{NBSP}元"),
    (".2money", 0.346, "0.35 CNY", f"0.35{NBSP}元"),
    ("sigmoney", 1_234.5, "1,235 CNY", f"1,235{NBSP}元"),
    ("sigmoney", 0.0412, "0.041 CNY", f"0.041{NBSP}元"),
    (".4gmoney", 13.8123, "13.81 CNY", f"13.81{NBSP}元"),
    ("money", 99.5, "99.50 CNY", f"99.50{NBSP}元"),
    ("money–high", 9_000.0, "9,000–18,195 CNY", f"0.900–1.82{NBSP}万元"),  # under 1万: 3 digits (polish11)
])
def test_a_template_names_its_money(spec, value, english, chinese):
    said = {"currency": "CNY", "high": 18_195}
    assert format(fraction_param(value, "en", said=said), spec) == english
    assert format(fraction_param(value, "zh_CN", said=said), spec) == chinese
    assert MESSAGE_CODE_JOIN == " "  # a code follows the plain space the templates wrote: byte for byte as before


def test_a_money_format_needs_the_currency():
    with pytest.raises(KeyError):
        format(fraction_param(5.0, "en"), ".0money")


def test_a_message_in_both_languages():
    said = msg("over-budget", covers=ALL_KINDS, cost=3_701_750.35, over=701_750.35, share=0.234, budget=3_000_000.0,
               currency="CNY")
    assert said.text == "Capex 3,701,750 CNY (cards, servers, network, storage, racks): over budget by 701,750 CNY " \
                        f"(23{NBSP}%) of 3,000,000 CNY"
    assert said.text_in("zh_CN") == (f"资本支出 370.18{NBSP}万元（加速卡、服务器、网络、存储、机柜）：超出 300.00{NBSP}万元的预算 "
                                     f"70.18{NBSP}万元（23%）")
    assert said.to_dict()["params"] == {"cost": 3_701_750.35, "over": 701_750.35, "share": 0.234, "budget": 3_000_000.0,
                                        "currency": "CNY", "covers": "cards, servers, network, storage, racks"
                                        }  # JSON keeps raw numbers; the kinds the capex covers in English
