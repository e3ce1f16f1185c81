"""How a message's numbers are written: whole numbers grouped in the reader's language, shares
that are not zero never written "0 %", every percentage ending as :data:`PERCENT_SIGNS` says (:mod:`configurator.core.messages` renders with these); a
measured quantity to :data:`SIGNIFICANT_DIGITS` and a job's time in minutes, hours or days by the
rules the screen writes them by (:mod:`configurator.core.view.numbers` reads them here), so one
number is rounded one way on one page (session 24: "≤ 100 ms" beside "within the 100.0 ms default",
"Time for the job 36.1 min" beside "0.6 h for the job")."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, localcontext

from configurator.core.digit_groups import SEPARATORS, grouped
from configurator.core.durations import HOURS_PER_DAY, days_or_less
from configurator.core.magnitudes import MAGNITUDES
from configurator.core.money_words import money_unit

SIGNIFICANT_DIGITS = 3
"""Significant digits of a measured quantity (a latency, a time per frame, a job's time) on the
screen, the command line, the summary and in a message [digits]."""

DAYS_FROM = 48.0
"""Durations from this many hours up are written in days [h] (two days and more)."""

SECONDS_FROM_MS = 10_000.0
"""Latencies from this many milliseconds up are written in seconds [ms] (a first token of
"535,886 ms" reads "536 s"; a target typed in ms, 1,000 ms, stays in ms)."""

SHARE_WRITTEN_UP_TO = 10.0
"""A share past this is written ">1,000 %" [1]: a percentage of five digits ("107177%") says no more
than the amount beside it."""

PERCENT_SIGNS = {"en": "\u00a0%", "zh_CN": "%"}
"""How a percentage ends in each language, on screen, on paper and in a message
(:func:`percent_text`): in English a no-break space then "%", as a unit follows its number ("44 %
MFU", "±10 %"; SI Brochure 9th ed. §5.4.7); in Chinese "%" straight after the number ("44%"), as
GB/T 15835-2011 (出版物上数字用法) and Unicode CLDR's zh percent format (``#,##0%``) write it. Until
December 2026 a message's ``{share:.0%}`` wrote "44%" beside the screen's "44 %", and the messages
wrote some percentages by hand ("{mfu:.0f} %")."""

PERCENT_SIGN = PERCENT_SIGNS["en"]
"""The English sign, the one a language without its own entry in :data:`PERCENT_SIGNS` takes."""

PERCENT_POINTS = "pct"
"""The ending of a message template's format for a value already in percent (``{headroom:.1pct}``
writes 12.34 as "12.3 %"), as ``{share:.1%}`` writes a fraction (0.1234); both through
:func:`percent_text`. A template never writes a "%" of its own."""

MOST_DECIMALS = 3
"""Most decimals :func:`decimals_apart` gives [digits]."""


def fixed(value: float, decimals: int, language: str) -> str:
    """A finite ``value`` with ``decimals`` decimals, thousands grouped in ``language``; halves
    round away from zero (a float's own format rounds 0.125 to 0.12)."""
    group, point = SEPARATORS[language]
    with localcontext() as context:  # the default 28 digits cannot hold 18 whole digits and many decimals
        context.prec = 40 + max(decimals, 0)
        exact = Decimal(value).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    if exact == 0:
        exact = abs(exact)  # no "-0"
    text = f"{exact:,f}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


NBSP = "\u00a0"
"""Between a number and its unit: never a line break there."""

UNKNOWN = "—"
"""What an unknown number (None, NaN) reads as."""

SCIENTIFIC_FROM = 1e18
"""Numbers of this size and more are written as a power of ten with three significant digits
("1.23×10¹⁸"): a quintillion is past any count, price or time a deployment reaches, and a longer
row of digit groups would be unreadable."""

INFINITE = "∞"
"""What an infinite number reads as (a time that is never reached, a rate without bound)."""

_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def written_number(value: float, decimals: int, language: str) -> str:
    """Any ``value`` with ``decimals`` decimals, thousands grouped in ``language`` (:func:`fixed`); a
    NaN as :data:`UNKNOWN`, an infinite one as :data:`INFINITE`, one from :data:`SCIENTIFIC_FROM` up
    as a power of ten ('1.23×10¹⁸')."""
    value = float(value)
    if math.isfinite(value) and abs(value) < SCIENTIFIC_FROM:
        return fixed(value, decimals, language)
    if math.isnan(value):
        return UNKNOWN
    if math.isinf(value):
        return INFINITE if value > 0 else f"-{INFINITE}"
    mantissa, exponent = f"{value:.2e}".split("e")
    return f"{mantissa.replace('.', SEPARATORS[language][1])}×{power_of_ten(int(exponent))}"


def power_of_ten(exponent: int) -> str:
    """10 to the ``exponent`` with a superscript exponent ('10¹²', '10⁻⁶'), as :func:`written_number` writes
    a power and as a field's range says its far bounds (:meth:`~configurator.core.bounds.Bounds.text`)."""
    return f"10{str(exponent).translate(_SUPERSCRIPTS)}"


CHINESE_SCALES = ((MAGNITUDES["亿"], "亿"), (MAGNITUDES["万"], "万"))
"""The Chinese counting words, largest first [scale, word]: 亿 (10⁸) and 万 (10⁴), as
:data:`~configurator.core.magnitudes.MAGNITUDES` reads them typed; the writers below count in them."""

TOKEN_SCALES = {
    "en": ((1e12, "T"), (1e9, "B"), (1e6, "M")),
    "zh_CN": ((MAGNITUDES["万"] * MAGNITUDES["亿"], "万亿"), *CHINESE_SCALES),
}
"""The words a count of tokens is written in, largest first [scale, word]: trillions, billions and
millions in English (as ``--tokens 2T`` is typed); 万亿, 亿 and 万 in Chinese, as a Chinese reader
counts (a 4,194,304-token global batch is "419 万词元", not "4.19 M 词元")."""

TOKEN_SCALE_JOINS = {"en": "", "zh_CN": " "}
"""What stands between a token count's number and its word: nothing in English, the letter is
the number's suffix as the model reports write it ("15.6T tokens", "128K tokens": Llama 3 Herd of
Models, arXiv:2407.21783 §1 and §3; "14.8T tokens": DeepSeek-V3, arXiv:2412.19437 abstract; and as
``--tokens 2T`` is typed) rather than "2 T tokens"; a space in Chinese before its word ("419 万"),
which :func:`~configurator.core.cjk_spacing.cjk_joined` keeps beside the digit."""


def token_count(tokens: float | None, language: str = "en") -> str:
    """A count of tokens [tokens], its unit word left to the sentence: in the largest word of
    :data:`TOKEN_SCALES` it reaches, to :data:`SIGNIFICANT_DIGITS` with trailing zeros dropped,
    joined as :data:`TOKEN_SCALE_JOINS` says ('4.19M', '2T', '15B'; '419 万', '2 万亿', '150 亿');
    below the smallest, every digit grouped ('262,144'). The one writer of a token budget, a global
    batch and a what-fits row's tokens."""
    if tokens is None or tokens != tokens:
        return UNKNOWN
    for scale, word in TOKEN_SCALES[language]:
        if abs(tokens) >= scale:
            text = fixed(tokens / scale, decimals_for(tokens / scale), language)
            point = SEPARATORS[language][1]
            if point in text:
                text = text.rstrip("0").rstrip(point)
            return f"{text}{TOKEN_SCALE_JOINS[language]}{word}"
    return written_number(tokens, 0, language)


MONEY = "money"
"""The format of an amount of money in a message template, in the message's ``currency`` parameter,
written with its unit by :func:`money_text`, the one money writer: ``{cost:.0money}`` in whole units
("1,381,182 CNY"; "138.12 万元" in Chinese), ``{saving:.2money}`` with cents, ``{tco:sigmoney}`` to
:data:`SIGNIFICANT_DIGITS`, ``{per_unit:.4gmoney}`` in Python's general format
(``{x:gmoney}``: six digits), ``{price:money}`` by
:func:`money_text`'s own rule (cents below :data:`CENTS_BELOW`); ``{low:money–high}`` a range from
``low`` to the parameter ``high`` in one unit, the unit once ("1.39–1.82 万元"). A template never
writes a currency code, 元 or 万元 by hand (tests/test_money_spec.py reads every template)."""

CENTS_BELOW = 100.0
"""An amount below this is written with cents, from it up in whole units [currency] ('12.50 USD',
'1,200 USD'); nothing is '0 USD', whole as the rows beside it."""

MESSAGE_CODE_JOIN = " "
"""Between an amount and its currency code in a message: the plain space the templates wrote before
the code ("1,381,182 CNY") until the amount was formatted where the template names it; a Chinese
unit word (元, 万元) takes the no-break space in a message as everywhere."""


def money_text(value: float | None, currency: str, language: str = "en", *, decimals: int | None = None,
               digits: int | None = None, general: int | None = None, high: float | None = None,
               like: float | None = None, code_join: str = NBSP, unit: bool = True) -> str:
    """An amount ``value`` [``currency``] and its unit, the one writer of money (the screen, the
    command line, the summary, a message): to ``decimals`` decimals, or ``digits`` significant digits,
    or ``general`` digits in Python's general format, else cents below :data:`CENTS_BELOW` and whole
    units from it up; in Chinese an amount in CNY from 1亿 up in 亿元, from 1万 up in 万元, to two decimals, and in 元 below
    (:func:`~configurator.core.money_words.money_unit`): '300.00 万元', '9,843 元', '12,000 USD'.
    The amount is rounded as asked, then counted in 万, exactly (701,750 CNY is 70.18 万元, not the
    70.17 of its binary float over 10⁴). ``high``: the top of a range, both ends in the unit of the
    larger and the unit once ('1.39–1.82 万元'). ``like``: an amount whose unit this one is written in
    (a column's largest, so that a column reads in one unit: '0.300 万元' under '35.10 万元'; an amount
    under 1万 to :data:`SIGNIFICANT_DIGITS` significant digits, '0.0355 万元', '0.00263 万元'; nothing
    in units whatever the column, '0 元', as '0 USD'). A unit word follows a no-break space, a
    currency code ``code_join`` (:data:`MESSAGE_CODE_JOIN` in a message); without ``unit``, the number
    alone (a column whose heading names the unit); an unknown amount is :data:`UNKNOWN`."""
    if value is None or value != value:
        return UNKNOWN
    ends = [value] if high is None else [value, high]
    decides = max(ends, key=abs) if like is None or like != like else like
    if high is None and value == 0:  # nothing is counted in no 万: "0 元 / 年" in a column of 万元 (persona48)
        decides = 0.0
    scale, word, scaled_decimals = money_unit(decides, currency, language)
    texts = [_amount_text(end, scale, scaled_decimals, decimals, digits, general, language) for end in ends]
    if not unit:
        return "–".join(texts)
    return f"{'–'.join(texts)}{code_join if word == currency else NBSP}{word}"


def _amount_text(value: float, scale: float, scaled_decimals: int | None, decimals: int | None,
                 digits: int | None, general: int | None, language: str) -> str:
    """The number of :func:`money_text`: ``value`` rounded as asked, then divided by ``scale`` and
    written to ``scaled_decimals`` where the unit counts in 万."""
    if not math.isfinite(value) or abs(value / scale) >= SCIENTIFIC_FROM:
        return written_number(value / scale, 0, language)
    if general is not None and scaled_decimals is None:
        group = SEPARATORS[language][0]
        return f"{value:,.{general}g}".replace(",", group)
    if general is not None or digits is not None:
        if value == 0:
            return "0"
        decimals = decimals_for(value, digits or general)
    if decimals is None:
        decimals = 2 if 0 < abs(value) < CENTS_BELOW else 0
    if scaled_decimals is None:
        return fixed(value, decimals, language)
    with localcontext() as context:
        context.prec = 40
        written = Decimal(value).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
        scaled = written / Decimal(scale)
        if written == 0:  # rounds to nothing in a column of 万: "0", not "0.00" (desk47)
            return "0"
        if abs(scaled) >= 1:
            return fixed(scaled, scaled_decimals, language)
        # under 1万 in a column of 万: SIGNIFICANT_DIGITS, not the two decimals that wrote a 355 元 licence
        # "0.04 万元" (13 % off, persona11zh) nor "0.00 万元" (26.30 元: 0.00263); no finer than a yuan
        return fixed(scaled, under_unit_decimals(scaled.adjusted(), scale), language)


def under_unit_decimals(lead: int, scale: float) -> int:
    """The decimals an amount under one unit of a column counted in 万 or 亿 (``scale`` [yuan], 10⁴ or 10⁸) is
    written to, its leading digit at ``lead`` (the power of ten of the amount in that unit, -4 for 1 元 in 万元):
    :data:`SIGNIFICANT_DIGITS` significant digits, yet no finer than one yuan (four decimals of 万元, eight of 亿元),
    as a practitioner writes a small line in a column of 万元 ('0.0001 万元' for 1 元, '0.0012 万元' for 12 元;
    they read '0.000100' and '0.00120' until December 2026); an amount under one yuan keeps one significant
    digit ('0.00005 万元' for 0.50 元), never '0'. One rule for :func:`money_text` and for the step a column
    prints in (:func:`configurator.core.view.numbers.printed_step`)."""
    return min(SIGNIFICANT_DIGITS - 1 - lead, max(round(math.log10(scale)), -lead))


def money_spec_text(value: float, spec: str, currency: str | None, language: str, said: dict) -> str:
    """``value`` written by a message template's money format ``spec`` (:data:`MONEY`) in
    ``currency``; ``said``: the message's parameters, where a range's top is named."""
    prefix, _, top = spec.partition(MONEY)
    if currency is None:
        raise KeyError(f"a money format '{spec}' needs the message's 'currency' parameter")
    options: dict = {"code_join": MESSAGE_CODE_JOIN}
    if top:
        options["high"] = float(said[top.removeprefix("–")])
    if prefix == "sig":
        options["digits"] = SIGNIFICANT_DIGITS
    elif prefix.endswith("g"):  # Python's general format, six digits unless told
        options["general"] = int(prefix.removeprefix(".")[:-1] or 6)
    elif prefix.startswith("."):
        options["decimals"] = int(prefix[1:])
    elif prefix:
        raise ValueError(f"unknown money format '{spec}'")
    return money_text(value, currency, language, **options)


def percent_text(number: str, language: str = "en") -> str:
    """A percentage already written as its number ("44", ">1,000", "<0.1") with the sign of
    ``language`` (:data:`PERCENT_SIGNS`): '44\u00a0%' in English, '44%' in Chinese."""
    return number + PERCENT_SIGNS.get(language, PERCENT_SIGN)


def decimals_for(value: float, digits: int = SIGNIFICANT_DIGITS) -> int:
    """Decimals that give ``value`` about ``digits`` significant digits (none past the point for
    numbers of ``digits`` or more whole digits)."""
    if not math.isfinite(value):
        return 0
    magnitude = len(str(int(abs(value)))) if abs(value) >= 1 else 0
    return max(0, digits - magnitude)


def decimals_apart(actual: float, target: float, least: int = 1, most: int = MOST_DECIMALS) -> int:
    """The fewest decimals, from ``least`` up to ``most``, at which ``actual`` and ``target`` and their
    difference are written apart from each other and from zero: a verdict missed by 40 W reads "6.04 kW:
    0.04 kW over the 6.00 kW", not "6.0 kW: 0.0 kW over the 6.0 kW" [digits]."""
    gap = abs(actual - target)
    for decimals in range(least, most):
        step = 10.0 ** -decimals
        if gap == 0 or (round(actual / step) != round(target / step) and gap >= step / 2):
            return decimals
    return most


def latency_unit(ms: float) -> tuple[float, str]:
    """A latency [ms] in the unit it is written in: ms below :data:`SECONDS_FROM_MS`, else seconds
    (value, "ms" | "s")."""
    return (ms / 1000, "s") if abs(ms) >= SECONDS_FROM_MS else (ms, "ms")


MINUTES_BELOW = 1.0
"""A time under this many hours is written in minutes: a job's time, and a deadline as the buyer set it
("1 min", not "0.0167 h") [h]."""

MINUTES_PER_HOUR = 60.0
"""Minutes of an hour [min/h]."""


def duration_unit(hours: float) -> tuple[float, str]:
    """A job's time [h] in the unit it is written in: minutes below :data:`MINUTES_BELOW`, hours below
    :data:`DAYS_FROM`, else days (value, "min" | "h" | "days")."""
    if hours < MINUTES_BELOW:
        return hours * MINUTES_PER_HOUR, "min"
    if hours < DAYS_FROM:
        return hours, "h"
    return hours / HOURS_PER_DAY, "days"


HOURS_IN = {"min": 1 / MINUTES_PER_HOUR, "h": 1.0, "days": HOURS_PER_DAY}
"""Hours in one of each unit :func:`duration_unit` writes a time in [h]."""


def deadline_time_unit(hours: float, deadline: float | None) -> str:
    """The unit a job's time [h] is written in beside its deadline [h], so that one row says one unit:
    ``"days"`` where the deadline is said in days (over :data:`DAYS_FROM`, as
    :func:`configurator.core.messages.deadline_msg` says it) and the time is a day or more (under a day,
    its own unit: :func:`configurator.core.durations.days_or_less`); ``"h"`` where the deadline is said in hours
    and the time would read in days (a 70.7 h job beside a 40 h deadline read "2.95 days"); else
    ``"duration"``, the time's own unit (:func:`duration_unit`: 36.1 min, 39.7 h)."""
    if deadline and deadline > DAYS_FROM:
        return "days" if hours >= HOURS_PER_DAY else "duration"  # under a day in hours (days_or_less)
    if deadline and hours >= DAYS_FROM:
        return "h"
    return "duration"


class _Count(int):
    """A whole-number parameter: written with its thousands grouped by the one count formatter
    (:func:`configurator.core.digit_groups.grouped`, as the view's counts) where the template gives no format of its own
    (``{count} × {card}`` reads "100,000 × H100"); ``{n:|sequence|sequences}`` writes it so with its
    noun, one or many ("1 sequence", "2 sequences"); a template's own format (``{count:,}``,
    ``{n:d}``) is applied as written."""

    language = "en"

    units: dict[str, str] = {}
    currency: str | None = None
    said: dict = {}

    def __format__(self, spec: str) -> str:
        if MONEY in spec:  # an amount of money: the one money writer
            return money_spec_text(float(self), spec, self.currency, self.language, self.said)
        if spec in ("sig", "duration", "latency"):  # a whole target (100 ms) written as any measured quantity
            return format(fraction_param(float(self), self.language, self.units), spec)
        if spec.startswith("|"):  # "{n:|sequence|sequences}": the count and its noun, one or many
            one, many = spec[1:].split("|")
            return f"{grouped(int(self), self.language)} {one if self == 1 else many}"
        if spec.endswith(("%", PERCENT_POINTS)):  # a whole share or percentage: one percent writer
            return format(fraction_param(float(self), self.language, self.units), spec)
        if spec:
            return format(int(self), spec)
        return grouped(int(self), self.language)


def count_param(value: int, language: str, units: dict[str, str] | None = None,
                said: dict | None = None) -> _Count:
    """A whole number as a message template takes it in ``language`` (``units``, ``said``: as
    :func:`fraction_param`'s)."""
    whole = _Count(value)
    whole.language = language
    if units:
        whole.units = units
    if said:
        whole.said, whole.currency = said, said.get("currency")
    return whole


class _Fraction(float):
    """A real-valued parameter: a template's percent format (``{share:.0%}`` of a fraction,
    ``{mfu:.0pct}`` of a value in percent, :data:`PERCENT_POINTS`) of a value that is
    not zero but rounds to zero reads "<1 %" ("<0.1 %" at ``.1%`` or ``.1pct``) rather than "0 %" - a
    budget missed by 0.3 % is missed - and one past :data:`SHARE_WRITTEN_UP_TO` reads ">1,000 %", each
    with its language's sign (:func:`percent_text`);
    ``{tokens:tokens}`` a count of tokens in the reader's large numbers (:func:`token_count`:
    "51.2M", "5,120 万"), its unit word left to the template;
    ``{ms:sig}`` writes a measured quantity to :data:`SIGNIFICANT_DIGITS` ("100", "80.0", "1,440"),
    ``{hours:duration}`` a job's time [h] with its unit word (:func:`duration_unit`: "36.1 min",
    "5.20 h", "3.50 days"), ``{other_hours:duration@hours}`` a time [h] in the unit ``{hours:duration}``
    writes the message's ``hours`` in (two times compared in one sentence read "2.19 days against 1.95 days",
    not "2.19 days against 46.8 h", until December 2026) and ``{ms:latency}`` a latency [ms] with its unit word
    (:func:`latency_unit`: "2,031 ms", "536 s"), as the screen writes them; every other format is
    float's own."""

    language = "en"
    units: dict[str, str] = {}
    """The unit words of :data:`language` ("h" -> "小时"), from the message's term table."""
    currency: str | None = None
    """The message's currency, that its amounts of money (:data:`MONEY`) are in."""
    said: dict = {}
    """The message's parameters as given (a money range's top, :data:`MONEY`)."""

    def __format__(self, spec: str) -> str:
        if MONEY in spec:  # an amount of money: the one money writer
            return money_spec_text(float(self), spec, self.currency, self.language, self.said)
        if spec == "sig":
            return self._significant(float(self))
        if spec == "tokens":  # a count of tokens in the reader's large numbers: "51.2M", "5,120 万"
            return token_count(float(self), self.language)
        if spec == "duration":
            value, unit = duration_unit(float(self))
            return f"{self._significant(value)}\u00a0{self.units.get(unit, unit)}"
        if spec.startswith("duration@"):  # "{other_hours:duration@hours}": in the unit {hours:duration} is said in
            unit = duration_unit(float(self.said[spec.removeprefix("duration@")]))[1]
            value = float(self) / HOURS_IN[unit]
            return f"{self._significant(value)}\u00a0{self.units.get(unit, unit)}"
        if spec == "days":  # a time in days [d], under a day in hours or minutes (days_or_less); a plain
            value, unit = days_or_less(float(self))  # space, as the templates wrote "{hours:sig} days" before
            return f"{self._significant(value)} {self.units.get(unit, unit)}"
        if spec == "latency":  # a plain space, as the templates wrote "{ms:sig} ms" before
            value, unit = latency_unit(float(self))
            return f"{self._significant(value)} {self.units.get(unit, unit)}"
        if spec.startswith("|") and float(self).is_integer():  # a count held as a float: written as one
            return format(count_param(int(self), self.language, self.units), spec)
        if spec.endswith("%"):  # a fraction: 0.44 -> "44 %"
            return percent_text(self._percent_number(float(self), spec), self.language)
        if spec.endswith(PERCENT_POINTS):  # already in percent: 44.0 -> "44 %"
            points_spec = spec[:-len(PERCENT_POINTS)] + "f"
            return percent_text(self._percent_number(float(self) / 100, points_spec), self.language)
        return float.__format__(self, spec)

    def _percent_number(self, share: float, spec: str) -> str:
        """The number of the percentage ``share`` [1] is, without its sign: ``self`` written with
        ``spec``, a percent format (``.0%``) where ``self`` is the fraction, a fixed one (``.0f``) where
        it is already in percent."""
        if abs(share) > SHARE_WRITTEN_UP_TO:
            return ">" + fixed(100 * SHARE_WRITTEN_UP_TO, 0, self.language)
        text = float.__format__(self, spec).removesuffix("%")
        if share != 0 and not text.strip("-+ ").strip("0.,"):
            places = int(spec.rsplit(".", 1)[1][:-1] or 0) if "." in spec else 6
            return "<" + float.__format__(10.0 ** -places, f".{places}f")
        return text


    def _significant(self, value: float) -> str:
        if not math.isfinite(value):
            return float.__format__(value, "")
        return "0" if value == 0 else fixed(value, decimals_for(value), self.language)


def fraction_param(value: float, language: str = "en", units: dict[str, str] | None = None,
                   said: dict | None = None) -> _Fraction:
    """A real number as a message template takes it in ``language`` (percent formats never read
    0 % for a value that is not zero; ``units``: the language's unit words for ``{x:duration}``;
    ``said``: the message's parameters as given, its ``currency`` that of ``{x:money}``)."""
    real = _Fraction(value)
    real.language = language
    if units:
        real.units = units
    if said:
        real.said, real.currency = said, said.get("currency")
    return real
