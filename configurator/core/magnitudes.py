"""Numbers as people type them: with a magnitude (``7B``, ``1.5T``, ``500k``, ``2M``; in Chinese
``50万``, ``1.2亿``, ``2万亿``), with their thousands grouped (``500,000``, ``1 000 000``) or in
full-width digits from an input method (``５０万``, ``１，０００``); an amount of money also with the
currency it is in, as buyers write a budget (``200万元``, ``¥2,000,000``, ``2M USD``, ``300万美元``).
Read by the command line's number flags and by the number boxes of the window (app/inputs.py), one
reader for both; what they cannot read is refused saying why where more can be said
(:mod:`configurator.core.number_problems`)."""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

MAGNITUDES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12, "十": 1e1, "百": 1e2, "千": 1e3, "万": 1e4,
              "亿": 1e8}
"""What a suffix multiplies by, case-insensitive: thousand (k), million (M), billion (B or G),
trillion (T); the Chinese 十, 百, 千 (ten, a hundred, a thousand), 万 (ten thousand) and 亿 (a hundred
million). The Chinese ones are also written two together, read as their product
(:data:`_CHINESE_MAGNITUDE`): 百万 (10⁶), 千万 (10⁷), 十亿 (10⁹), 万亿 (10¹², as the window writes a
count of tokens: "2 万亿词元")."""

_CHINESE_MAGNITUDE = "(?:[十百千万]?[万亿]|[十百千])"
"""A Chinese magnitude as written after digits: one of 十, 百, 千, 万, 亿, or 万 or 亿 led by 十, 百,
千 or 万 (百万, 千万, 十亿, 万亿); never two small ones (百千), which no one writes."""

_SPACES = re.compile(r"[\u00a0\u2007\u2009\u202f]")
"""The spaces a number's thousands are grouped with besides the plain one: no-break, figure, thin
and narrow no-break (French and SI style, ``1 000 000``)."""

_NUMBER = re.compile(r"\s*(?P<sign>[-+]?)(?P<digits>[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?"
                     r"|[0-9]{1,3}(?: [0-9]{3})+(?:\.[0-9]+)?"
                     r"|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)"
                     r"\s*(?P<magnitude>[kKmMbBgGtT]|" + _CHINESE_MAGNITUDE + r")?\s*")


def typed_text(text: str) -> str:
    """``text`` with what an input method types in place of ASCII put back: full-width digits,
    signs, commas and points (``３００``, ``１，０００``, ``３．５``: Unicode NFKC), the ideographic full
    stop between digits (``3。5``, typed for a point with Chinese punctuation on) and the spaces a
    number's thousands are grouped with (:data:`_SPACES`). Nothing else is changed: a Chinese
    numeral (三百) stays one, and is refused by the readers
    (:func:`~configurator.core.number_problems.number_problem`)."""
    plain = re.sub(r"(?<=[0-9])。(?=[0-9])", ".", unicodedata.normalize("NFKC", text))
    return _SPACES.sub(" ", plain)


def _magnitude(word: str | None) -> float:
    """What a magnitude of :data:`_NUMBER` multiplies by: the product of its letters' (百万: 10⁶)."""
    factor = 1.0
    for letter in (word or "").lower():
        factor *= MAGNITUDES[letter]
    return factor


def with_magnitude(text: str) -> float | None:
    """The number ``text`` writes (see the module docstring); None when it writes none; infinity
    for one too large to hold (``1e999``).

    Parameters
    ----------
    text : str
        What was typed: an optional sign, digits with an optional decimal point or exponent,
        optionally grouped by threes with commas or spaces, then optionally one magnitude of
        :data:`MAGNITUDES` (or two Chinese ones: ``2万亿``). Full-width forms are read as their
        ASCII ones (:func:`typed_text`). A sign is read, so that a negative number is refused by
        the range of what it is typed for, naming that range, not as no number.
    """
    match = _NUMBER.fullmatch(typed_text(text))
    if not match:
        return None
    number = float(match["digits"].replace(",", "").replace(" ", "")) * _magnitude(match["magnitude"])
    return -number if match["sign"] == "-" else number


def plain_number(text: str) -> float | None:
    """The number ``text`` writes without a magnitude (``1,000``, ``１００``, ``2.5``, ``1e6``, ``-3``),
    as :func:`with_magnitude` reads it; None where it writes none, or writes a magnitude: a box in
    billions or per cent reads ``7`` as its own unit, and takes no ``7B``."""
    match = _NUMBER.fullmatch(typed_text(text))
    return None if match is None or match["magnitude"] else with_magnitude(text)


CURRENCY_WORDS = {"¥": "CNY", "元": "CNY", "人民币": "CNY", "RMB": "CNY", "$": "USD", "US$": "USD", "美元": "USD"}
"""What a currency is written as beside an amount, besides its ISO 4217 code (``CNY``, ``USD``,
``EUR``), and the code it means: the yuan sign (¥; full-width ￥ too), 元 and 人民币, renminbi
(RMB); the dollar sign ($, US$) and 美元. The yen shares the sign ¥; here it is the yuan's, the
currency the program's Chinese buyers budget in."""

_CODE = re.compile(r"[A-Za-z]{3}")


class Money(NamedTuple):
    """An amount as typed, and the currency the text names (None: it names none)."""

    amount: float
    """[the currency's units; infinity for one too large to hold]"""
    currency: str | None
    """ISO 4217 code, e.g. ``CNY``; None where the text writes a bare number."""


def _currency_of(word: str) -> str | None:
    """The code a currency word means (:data:`CURRENCY_WORDS`, or a three-letter code in any case);
    None for a word that is no currency."""
    code = CURRENCY_WORDS.get(word.upper() if word.isascii() else word)
    if code is None and _CODE.fullmatch(word):
        code = word.upper()
    return code


_WORDS_LONGEST_FIRST = sorted(CURRENCY_WORDS, key=len, reverse=True)


def _split_prefix(text: str) -> tuple[str | None, str]:
    """(the currency word ``text`` starts with or None, the rest)."""
    for word in _WORDS_LONGEST_FIRST:
        if text[:len(word)].upper() == word.upper():
            return word, text[len(word):]
    head = text[:3]
    if _CODE.fullmatch(head) and (len(text) == 3 or not text[3].isalpha()):
        return head, text[3:]
    return None, text


def _split_suffix(text: str) -> tuple[str | None, str]:
    """(the currency word ``text`` ends with or None, the rest)."""
    for word in _WORDS_LONGEST_FIRST:
        if len(text) > len(word) and text[-len(word):].upper() == word.upper():
            return word, text[:-len(word)]
    tail = text[-3:]
    if len(text) > 3 and _CODE.fullmatch(tail) and not text[-4].isalpha():
        return tail, text[:-3]
    return None, text


def money(text: str) -> Money | None:
    """The amount ``text`` writes and the currency it names; None when it writes no amount, or
    names two different currencies (``$200万元``).

    Parameters
    ----------
    text : str
        A number as :func:`with_magnitude` reads it, with at most one currency word before it and
        one after it (:data:`CURRENCY_WORDS` or an ISO 4217 code, with or without a space):
        ``200万元``, ``¥200万``, ``2M USD``, ``CNY 500,000``, ``1.2亿元``, ``300万美元``.
    """
    body = typed_text(text).strip()
    before, body = _split_prefix(body)
    after, body = _split_suffix(body.strip())
    named = {_currency_of(word) for word in (before, after) if word is not None}
    if None in named or len(named) > 1:
        return None
    amount = with_magnitude(body)
    if amount is None:
        return None
    return Money(amount, named.pop() if named else None)
