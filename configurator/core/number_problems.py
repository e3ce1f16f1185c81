"""Why a typed number was not read, where more can be said than "not a number": one rule for
the command line's number and money flags (configurator/cli_types.py, cli_money.py) and the
window's number boxes (configurator/app/inputs.py), in the user's language (messages of the
catalogue)."""

from __future__ import annotations

import re

from configurator.core.magnitudes import MAGNITUDES, typed_text
from configurator.core.messages import Message, msg

_DECIMAL_COMMA = re.compile(r"[-+]?(?:[0-9]+|[0-9]{1,3}(?:\.[0-9]{3})+),[0-9]{1,2}\s*[^0-9,.]*")
"""A number written with a decimal comma, as in Germany or France: ``2,5``, ``12500,50``,
``1.234,5`` (a comma before one or two digits: three would be a thousands group), optionally
followed by a magnitude or currency (``2,5M``, ``2,5 万元``)."""


CHINESE_NUMERALS = "〇零一二三四五六七八九两壹贰叁肆伍陆柒捌玖拾佰仟"
"""The Chinese numerals that are digits (零 to 九, 两, and the financial 壹 to 玖, 拾, 佰, 仟): a
number written with them (三百万) is not read — it is refused, asking for digits."""


PINYIN_MAGNITUDES = {"wan": "万", "yi": "亿"}
"""万 and 亿 as pinyin, lower case: ``300wan``, ``1.2yi`` (a Chinese keyboard in English mode)."""

MONEY_LETTER_MAGNITUDES = {**PINYIN_MAGNITUDES, "w": "万"}
"""In an amount of money ``w`` is 万 too, as buyers write it in chat (``300w``); in other numbers it
may be watts, and is not read as 万."""

_PINYIN_MAGNITUDE = re.compile(r"(?P<digits>[0-9][0-9,]*(?:\.[0-9]+)?)\s*(?P<letters>[a-z]+)\s*(?:元|块|yuan|rmb|cny)?")
"""A number, its magnitude in letters, optionally yuan after it (``300wan``, ``300w元``, ``1.2yi rmb``)."""


def letter_magnitude(text: str, magnitudes: dict[str, str] = PINYIN_MAGNITUDES) -> Message | None:
    """Why ``text`` is not read where it writes 万 or 亿 in letters (``300wan``: ``'300wan' writes 万 in
    letters: write 300万 (or the number in full, 3,000,000)``); None where it does not. Refused rather
    than read: ``300wan`` was read as 300 of a currency "WAN" until December 2026, and a letter is a
    unit elsewhere (``300w``, watts), so the message shows the forms that are read."""
    found = _PINYIN_MAGNITUDE.fullmatch(typed_text(text).strip().lower())
    magnitude = magnitudes.get(found["letters"]) if found else None
    if magnitude is None:
        return None
    digits = found["digits"]
    full = float(digits.replace(",", "")) * MAGNITUDES[magnitude]
    return msg("typed-pinyin-magnitude", text=text.strip(), magnitude=magnitude, digits=digits, full=f"{full:,.0f}")


def number_problem(text: str, money: bool = False) -> Message | None:
    """Why ``text`` writes no number, where that is more than "not a number" (a message of the
    catalogue, to follow a refusal): written in Chinese numerals (``三百万元``: digits are asked for,
    the forms taken named), with a decimal comma (``2,5``: a comma only groups thousands), or
    nothing typed, or 万 or 亿 in letters (:func:`letter_magnitude`; ``money``: an amount, where ``300w`` is
    300万 too, :data:`MONEY_LETTER_MAGNITUDES`, as the command line's money flags and the window's money
    boxes read it); None otherwise.

    Chinese numerals are refused rather than read: a Chinese input method types digits, the
    numerals come from prose or a cheque (叁佰万), and their grammar (三百零五万, 两千) is a second
    parser to get wrong on a budget; the message shows the digit forms (三百 as 300, 三百万 as 300万)."""
    plain = typed_text(text).strip()
    if not plain:
        return msg("typed-nothing")
    if any(character in CHINESE_NUMERALS for character in plain) or plain[:1] in "十百千万亿":
        return msg("typed-chinese-numerals", text=text.strip())
    if _DECIMAL_COMMA.fullmatch(plain):
        return msg("typed-decimal-comma", text=text.strip())
    return letter_magnitude(text, MONEY_LETTER_MAGNITUDES if money else PINYIN_MAGNITUDES)
