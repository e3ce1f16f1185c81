"""The one number formatter (issue 14, part 5): numbers with their units for the screen, the
command line and the printed summary, in English or Simplified Chinese. Qt-free.

Every quantity is a number, a no-break space (U+00A0, so a line never breaks between them)
and its unit word from the one label catalogue (:mod:`configurator.core.view.words`);
an unknown quantity is "—". Digits are grouped by thousands.

Any float can be written (issue 30, part 4): an undefined one (NaN) reads as unknown, an infinite
one as "∞", and one from :data:`SCIENTIFIC_FROM` up in powers of ten ("1.23×10¹⁸"), so a card
with extreme figures never breaks the screen, the command line or the summary.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from collections.abc import Iterable

from configurator.core.digit_groups import SEPARATORS
from configurator.core.money_words import money_unit
from configurator.core.message_numbers import (  # noqa: F401
    CENTS_BELOW, CHINESE_SCALES, DAYS_FROM, INFINITE, MINUTES_BELOW, MINUTES_PER_HOUR, NBSP, SCIENTIFIC_FROM,
    SIGNIFICANT_DIGITS, TOKEN_SCALE_JOINS, TOKEN_SCALES, UNKNOWN, decimals_for, duration_unit, token_count,
    fixed, fraction_param, money_text, percent_text, under_unit_decimals, written_number)
from configurator.core.messages import DAYS_ABOVE_HOURS, HOURS_PER_DAY
from configurator.core.units import GIB
from configurator.core.view.words import LANGUAGES, words

KILOWATT_FROM = 10_000.0
"""Power from this many watts up is written in kW [W] (a server, not a card)."""


def is_unknown(value: float | None) -> bool:
    """Whether ``value`` is not known: None, or a NaN that a computation left."""
    return value is None or value != value


def unit_word(unit: str, language: str = "en") -> str:
    """``unit`` as written in ``language`` ("h" -> "小时"); symbols such as GiB stay as they are."""
    return words(language)(unit) if unit else ""


def number(value: float, decimals: int = 1, language: str = "en") -> str:
    """``value`` with ``decimals`` decimals and thousands grouped; halves round away from zero."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language '{language}'")
    return written_number(value, decimals, language)


def significant(value: float | None, digits: int = SIGNIFICANT_DIGITS, language: str = "en") -> str:
    """About ``digits`` significant digits, thousands grouped: 1234.5 -> '1,235', 0.123 -> '0.123'."""
    if is_unknown(value):
        return UNKNOWN
    if value == 0:
        return "0"
    return number(value, decimals_for(value, digits), language)


def count(value: float | None, language: str = "en") -> str:
    """A whole number (users, streams, cards) with thousands grouped."""
    if is_unknown(value):
        return UNKNOWN
    return number(round(value) if math.isfinite(value) else value, 0, language)


def quantity(value: float | None, unit: str, language: str = "en", digits: int = SIGNIFICANT_DIGITS) -> str:
    """``value`` in ``unit`` to about ``digits`` significant digits: '3.52 GiB'."""
    if is_unknown(value):
        return UNKNOWN
    return with_unit(significant(value, digits, language), unit, language)


def with_unit(text: str, unit: str, language: str = "en") -> str:
    """An already written number and its unit, held together by a no-break space."""
    return f"{text}{NBSP}{unit_word(unit, language)}" if unit else text


def money(value: float | None, currency: str, language: str = "en", like: float | None = None,
          unit: bool = True) -> str:
    """An amount and its currency: cents below 100, whole units from 100 up ('12.50 USD', '1,200 USD');
    in Chinese an amount in CNY in 亿元 from 10⁸ up ('23.49 亿元'), in 万元 from 10,000 up ('300.00 万元')
    and in 元 below: the one money
    writer, :func:`~configurator.core.message_numbers.money_text`, that a message's ``{x:money}`` shares.
    ``like``: an amount whose unit this one takes (:func:`money_column`); without ``unit`` the number
    alone, under a heading that names :func:`money_word`."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language '{language}'")
    return money_text(value, currency, language, like=like, unit=unit)


def money_word(like: float, currency: str, language: str = "en") -> str:
    """The unit a column of amounts whose largest is ``like`` is written in, for its heading: '万元'
    from 1万 CNY up in Chinese, '元' below, else the currency code
    (:func:`~configurator.core.money_words.money_unit`)."""
    return money_unit(like, currency, language)[1]


def currency_word(currency: str, language: str = "en") -> str:
    """The word an amount in ``currency`` counted in units is written with: 元 for CNY in Chinese, else the
    code (:func:`~configurator.core.money_words.money_unit` of an amount under 1万): a money box's
    suffix (the window's budget said "CNY" in Chinese until December 2026)."""
    return money_unit(0.0, currency, language)[1]


def box_money(value: float, currency: str, language: str = "en", decimals: int = 0, trimmed: bool = False) -> str:
    """An amount ``value`` [``currency``] as a money box shows it, its unit word after a space: in the unit
    the texts write it in (:func:`~configurator.core.money_words.money_unit`: '300 万元' for 3,000,000 CNY in
    Chinese, '5,000 元', '3,000,000 USD'), its number exact to the box's ``decimals`` [digits] so that the
    box reads back the value it holds ('345.6789 万元' for 3,456,789 CNY, never the '345.68' of a text); a
    number in 万 without trailing zeros, one in units without them where ``trimmed``. The Chinese budget
    boxes read "3,000,000 元" beside texts saying "300.00 万元" until December 2026 (session 40's walk)."""
    scale, word, _ = money_unit(value, currency, language)
    places = decimals + round(math.log10(scale))  # 10⁴ yuan a 万: four more decimals keep it exact
    text = fixed(Decimal(value).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP) / Decimal(scale),
                 places, language) if scale != 1 else fixed(value, decimals, language)
    point = SEPARATORS[language][1]
    if (trimmed or scale != 1) and point in text:
        text = text.rstrip("0").removesuffix(point)
    return f"{text} {word}"


def column_units(tops: Iterable[float], currency: str, language: str = "en") -> str:
    """The units of several columns of amounts whose :func:`column_top` are ``tops``, each once, in order
    ('万元、元' in Chinese, 'USD' in English): a table's note that names them (a summary's
    alternatives said "单位 CNY" over columns in 万元 and 元 until December 2026)."""
    return words(language).label(", ").join(dict.fromkeys(money_word(top, currency, language) for top in tops))


def axis_currency(currency: str, language: str = "en") -> str:
    """The currency on a chart axis' title, whose ticks count in words themselves (:func:`money_tick`:
    "4.88万" under "[元]"): :func:`currency_word` (until December 2026 "[CNY]" over ticks in 万)."""
    return currency_word(currency, language)


def column_top(values: Iterable[float | None]) -> float:
    """The amount that decides the unit of a column of amounts (its largest in size; 0 for none
    known): a table's column of money is written in one unit, in Chinese 万元 from one amount of 1万
    up, every cell with its unit (a bill of materials read "35.10 万元" above "3,000 元" until
    December 2026). Pass it to :func:`money` as ``like``."""
    return max((abs(v) for v in values if not is_unknown(v)), default=0.0)


def money_column(values: Iterable[float | None], currency: str, language: str = "en") -> list[str]:
    """A column of amounts, each written by :func:`money` in the unit of :func:`column_top`:
    ['35.10 万元', '0.30 万元'] in Chinese, ['351,000 CNY', '3,000 CNY'] in English."""
    values = list(values)
    top = column_top(values)
    return [money(value, currency, language, like=top) for value in values]


def printed_step(value: float, currency: str, language: str, like: float | None = None) -> float:
    """The smallest step an amount ``value`` [``currency``] is printed in, in a column whose unit its
    largest amount ``like`` decides [``currency``]: 100 CNY in Chinese 万元 (two decimals of 1万), 1,000,000 CNY
    in 亿元, an amount under one unit of its column to its :data:`SIGNIFICANT_DIGITS` (49.5 万 in a column of
    亿元: 0.00495 亿元, not the "0.00 亿元" of two decimals; no finer than a yuan,
    :func:`~configurator.core.message_numbers.under_unit_decimals`), else
    one unit from :data:`~configurator.core.message_numbers.CENTS_BELOW` up and a cent below."""
    scale, _word, decimals = money_unit(value if like is None else like, currency, language)
    if decimals is not None and 0 < abs(value) < scale:  # under one unit of its column: as money_text writes it
        return scale * 10.0 ** -under_unit_decimals(math.floor(math.log10(abs(value) / scale)), scale)
    if decimals is not None:
        return scale * 10.0 ** -decimals
    return 1.0 if abs(value) >= CENTS_BELOW else 0.01


def price_makes_total(price: float, quantity: float, total: float, currency: str, language: str,
                      like: float | None = None, total_like: float | None = None) -> bool:
    """Whether a unit ``price`` [currency], printed in the unit of a column whose largest is ``like``, times
    ``quantity`` makes the line's ``total`` [currency] printed in the unit of its own column (``total_like``),
    to within half the total's printed step (:func:`printed_step`)."""
    step = printed_step(price, currency, language, like)
    return abs(round(price / step) * step * quantity - total) < printed_step(total, currency, language, total_like) / 2


def unit_price_top(lines: Iterable[tuple[float | None, float, float | None]], currency: str, language: str,
                   total_like: float | None = None) -> float:
    """The amount that decides the unit of a column of unit prices (``lines``: each line's unit price, quantity
    and total [currency]) beside a column of totals whose largest is ``total_like``: one unit for the whole
    column, as a Chinese quotation heads 单价（元） beside 金额（万元）. The column's own :func:`column_top`
    (万元 from one price of 1万 up) where every price printed in it times its quantity makes its total as
    printed (:func:`price_makes_total`); else 0, whole units throughout (元), since a price in 万元 to the
    hundred yuan cannot make its total (8 H100 at 23.52 万元 are 188.16 万元, not the 188.13 万元 of 235,160
    元 each). A bill read "0.564 万元" above "80,727 元" in one column until December 2026 (persona48)."""
    lines = [(p, q, t) for p, q, t in lines if p is not None]
    like = column_top(p for p, _, _ in lines)
    whole = all(price_makes_total(p, q, t, currency, language, like, total_like)
                for p, q, t in lines if t is not None and q)
    return like if whole else 0.0


UNIT_COST_DIGITS = 3
"""Significant digits of a cost per unit of work below one currency unit [digits]: the cents that
:func:`money` keeps read 0.0215 and 0.0449 USD per million tokens as 0.02 and 0.04, and a ranking
of a 7B fine-tune showed 0.03, 0.04, 0.05 … and five rows of "0.10 USD" one after another (the
summary, with these digits, said 0.0359 for the same 0.04)."""


def unit_cost(value: float | None, currency: str, language: str = "en", like: float | None = None,
              unit: bool = True) -> str:
    """A cost per unit of work: as :func:`money`, with :data:`UNIT_COST_DIGITS` significant digits
    below one unit ('0.0215 USD'), so that the figures a ranking orders can be told apart. ``like``: the
    column's :func:`column_top`, whose unit every cell takes (a column read "9,843 元" above "1.20 万元"
    until December 2026); without ``unit`` the number alone, under a heading that names the unit
    (:func:`money_word` of ``like``)."""
    if like is not None and money_unit(like, currency, language)[0] != 1:  # a column in 万元: as money's
        return money(value, currency, language, like=like, unit=unit)
    if is_unknown(value) or not 0 < abs(value) < 1:
        return money(value, currency, language, like=like, unit=unit)
    decimals = UNIT_COST_DIGITS - 1 - math.floor(math.log10(abs(value)))
    return money_text(value, currency, language, decimals=decimals, unit=unit)


SHORT_SCALES = {
    "en": ((1e9, "G"), (1e6, "M"), (1e3, "k")),
    "zh_CN": CHINESE_SCALES,
}
"""The words a short number is counted in, largest first [scale, suffix]: thousands, millions and
billions in English; 万 (10⁴) and 亿 (10⁸) in Chinese, as a Chinese reader counts money (2亿, not 200M)."""


def short_amount(value: float, language: str = "en") -> str:
    """A number short enough for a chart's tick, its unit left to the axis' title:
    1,500,000 -> '1.5M' and 25,000 -> '25k' in English, '150万' and '2.5万' in Chinese."""
    for scale, suffix in SHORT_SCALES[language]:
        if abs(value) >= scale:
            return f"{value / scale:g}{suffix}"
    return f"{value:g}"


def money_tick(value: float, language: str = "en", decimals: int | None = None) -> str:
    """A chart tick's amount of money, its currency on the axis' title: counted in words
    (:func:`short_amount`: 1.5M, 250k in English; 150万, 2.5万 in Chinese); an amount below one with
    ``decimals`` where given (0.05 on a logarithmic axis). The one writer of a money tick: the
    window's axes (:mod:`configurator.app.chart_axes`) and the summary's charts."""
    if decimals is not None and 0 < abs(value) < 1:
        return number(value, decimals, language)
    return short_amount(value, language)


COUNTS_IN_WORDS = frozenset({"zh_CN"})
"""Languages whose chart axes of counts (tokens/s, frames, users, streams, cards) write their
ticks in the words of their money axes (:func:`short_amount`): a Chinese reader counts every large
number in 万 and 亿 (1000万 tokens/s, not 10,000,000). English keeps grouped digits on them
(10,000,000); its k/M/G stay on money."""


def tick_count(value: float, language: str = "en") -> str:
    """A whole-number tick on a chart's axis of counts, its unit on the axis' title: '10,000,000'
    and '2,000' in English; '1000万' and '2000' in Chinese, by the money axes' one rule
    (:func:`short_amount`, see :data:`COUNTS_IN_WORDS`)."""
    if language in COUNTS_IN_WORDS:
        return short_amount(value, language)
    return number(value, 0, language)


def percent(share: float | None, language: str = "en", decimals: int = 1) -> str:
    """A share as a percentage: 0.123 -> '12.3 %' (``decimals`` after the point; the sign as
    :func:`~configurator.core.message_numbers.percent_text` writes every percentage)."""
    return UNKNOWN if is_unknown(share) else percent_text(number(100 * share, decimals, language), language)


def whole_percent(share: float | None, language: str = "en") -> str:
    """A share as a whole percentage, as a message's ``{share:.0%}`` writes it (0.167 -> '17 %', 0.003 -> '<1 %'):
    a brief beside the message that says the same share (the ranking's limit column, ``ranking_view.breaks_brief``)."""
    return UNKNOWN if is_unknown(share) else format(fraction_param(share, language), ".0%")


def gib(n_bytes: float | None, language: str = "en") -> str:
    """Bytes in GiB (2**30 bytes) to three significant digits."""
    return UNKNOWN if is_unknown(n_bytes) else quantity(n_bytes / GIB, "GiB", language)


def seconds(value: float | None, language: str = "en") -> str:
    """A short time [s]: in ms below a second, else in s."""
    if is_unknown(value):
        return UNKNOWN
    return quantity(value * 1000, "ms", language) if value < 1 else quantity(value, "s", language)


def milliseconds(value: float | None, language: str = "en") -> str:
    """A latency [s] always in ms (a column of latencies in one unit)."""
    return UNKNOWN if is_unknown(value) else quantity(value * 1000, "ms", language)


def duration(hours: float | None, language: str = "en", with_hours: bool = False) -> str:
    """A job's time [h]: minutes below an hour, hours below :data:`DAYS_FROM`, else days;
    ``with_hours`` adds the hours after days ('3.5 days (84 h)')."""
    if is_unknown(hours):
        return UNKNOWN
    value, unit = duration_unit(hours)  # the one rule a message's {hours:duration} writes by too
    if unit != "days":
        return quantity(value, unit, language)
    days = quantity(value, unit, language)
    return f"{days} ({quantity(hours, 'h', language, digits=4)})" if with_hours else days


def duration_like(hours: float | None, like: float, language: str = "en") -> str:
    """A time [h] in the unit :func:`duration` writes ``like`` [h] in: the ends of a likely range in its
    central value's unit ('47.7 h (likely 45.3–56.9 h)', not '45.3 h – 2.37 days': persona 采购,
    session 36, compared the ends by converting days to hours)."""
    if is_unknown(hours) or is_unknown(like):
        return duration(hours, language)
    _, unit = duration_unit(like)
    return quantity(hours * {"min": 60, "h": 1, "days": 1 / 24}[unit], unit, language)


def deadline_unit(hours: float) -> tuple[float, str]:
    """A deadline [h] in the unit it is said in (value, "min" | "h" | "days"), as the deadline messages
    say it (:func:`~configurator.core.messages.deadline_msg`): minutes under
    :data:`~configurator.core.message_numbers.MINUTES_BELOW`, hours up to
    :data:`~configurator.core.messages.DAYS_ABOVE_HOURS`, else days; the minutes to a tenth, as the
    messages round them (a 1-minute deadline typed is 0.016667 h)."""
    if hours < MINUTES_BELOW:
        return round(hours * MINUTES_PER_HOUR, 1), "min"
    return (hours, "h") if hours <= DAYS_ABOVE_HOURS else (hours / HOURS_PER_DAY, "days")


def set_duration(hours: float | None, language: str = "en") -> str:
    """A deadline as the buyer set it [h], in :func:`deadline_unit` (as the deadline messages), a whole
    figure written whole, as the verdict beside it says it ('within 30 days' beside 'the 30-day deadline';
    the first page read 'within 30.0 days', session 36; 'within 1 min' beside 'the 1 min deadline', where
    it read 'within 0.017 h' beside '0.0167 h', December 2026), any other to :data:`SIGNIFICANT_DIGITS`."""
    if is_unknown(hours):
        return UNKNOWN
    value, unit = deadline_unit(hours)
    whole = float(value).is_integer() and value >= 1
    return quantity(value, unit, language, digits=len(str(int(value))) if whole else SIGNIFICANT_DIGITS)


def hours(value: float | None, language: str = "en") -> str:
    """A time in hours whatever its size [h] ('160 h'): where the sentence beside it says the same fact
    in hours (a deadline of up to two days, :data:`configurator.core.messages.DAYS_ABOVE_HOURS`)."""
    return quantity(value, "h", language)


def watts(value: float | None, language: str = "en") -> str:
    """Power [W]: in W, or in kW from :data:`KILOWATT_FROM` up."""
    if is_unknown(value):
        return UNKNOWN
    return quantity(value / 1000, "kW", language) if value >= KILOWATT_FROM else quantity(value, "W", language)


def kwh(value: float | None, language: str = "en") -> str:
    """Energy [kWh]."""
    return quantity(value, "kWh", language)


def tokens_per_s(value: float | None, language: str = "en") -> str:
    """A token rate [tokens/s]."""
    return quantity(value, "tokens/s", language)


def span(low: str, high: str) -> str:
    """A range of two written quantities, the unit once where both share it: '8.5 h', '11.2 h'
    -> '8.5–11.2 h'; else '47 h – 2.1 days'."""
    low_number, _, low_unit = low.replace(" ", NBSP).partition(NBSP)
    high_number, _, high_unit = high.replace(" ", NBSP).partition(NBSP)
    if low_unit and low_unit == high_unit:
        return f"{low_number}–{high_number}{NBSP}{high_unit}"
    return f"{low} – {high}"
