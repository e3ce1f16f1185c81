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


def duration_unit(hours: float) -> tuple[float, str]:
    """A job's time [h] in the unit it is written in: minutes below an hour, hours below
    :data:`DAYS_FROM`, else days (value, "min" | "h" | "days")."""
    if hours < 1:
        return hours * 60, "min"
    if hours < DAYS_FROM:
        return hours, "h"
    return hours / 24, "days"


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

    def __format__(self, spec: str) -> str:
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


def count_param(value: int, language: str, units: dict[str, str] | None = None) -> _Count:
    """A whole number as a message template takes it in ``language`` (``units``: as
    :func:`fraction_param`'s)."""
    whole = _Count(value)
    whole.language = language
    if units:
        whole.units = units
    return whole


class _Fraction(float):
    """A real-valued parameter: a template's percent format (``{share:.0%}`` of a fraction,
    ``{mfu:.0pct}`` of a value in percent, :data:`PERCENT_POINTS`) of a value that is
    not zero but rounds to zero reads "<1 %" ("<0.1 %" at ``.1%`` or ``.1pct``) rather than "0 %" - a
    budget missed by 0.3 % is missed - and one past :data:`SHARE_WRITTEN_UP_TO` reads ">1,000 %", each
    with its language's sign (:func:`percent_text`);
    ``{ms:sig}`` writes a measured quantity to :data:`SIGNIFICANT_DIGITS` ("100", "80.0", "1,440"),
    ``{hours:duration}`` a job's time [h] with its unit word (:func:`duration_unit`: "36.1 min",
    "5.20 h", "3.50 days") and ``{ms:latency}`` a latency [ms] with its unit word
    (:func:`latency_unit`: "2,031 ms", "536 s"), as the screen writes them; every other format is
    float's own."""

    language = "en"
    units: dict[str, str] = {}
    """The unit words of :data:`language` ("h" -> "小时"), from the message's term table."""

    def __format__(self, spec: str) -> str:
        if spec == "sig":
            return self._significant(float(self))
        if spec == "duration":
            value, unit = duration_unit(float(self))
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


def fraction_param(value: float, language: str = "en", units: dict[str, str] | None = None) -> _Fraction:
    """A real number as a message template takes it in ``language`` (percent formats never read
    0 % for a value that is not zero; ``units``: the language's unit words for ``{x:duration}``)."""
    real = _Fraction(value)
    real.language = language
    if units:
        real.units = units
    return real
