"""What a view model is made of — sections of rows of (label id, value, unit) — and how a value
is written in a language (issue 14, part 5). Qt-free.

A view model says *what* to show; the window, the command line and the printed summary only
lay it out. Labels are label ids of the one catalogue (:mod:`configurator.core.view.words`,
keyed by their English text); numbers are written by the one formatter
(:mod:`configurator.core.view.numbers`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from configurator.core.message_numbers import deadline_time_unit
from configurator.core.messages import HOURS_PER_DAY, Message, finished
from configurator.core.uncertainty import Band, group_notes
from configurator.core.view import numbers
from configurator.core.view.card_names import card_name
from configurator.core.view.names import model_name
from configurator.core.view.words import words


@dataclass(frozen=True)
class Amount:
    """A number and its unit.

    ``unit`` is one of the units :data:`WRITERS` knows ("B" bytes, "s" seconds, "h" hours,
    "share" a fraction of one, "W" watts, "count" a whole number), a unit word written after
    the number ("tokens/s", "GPU-h", "TFLOP/s", "users" …), or, with ``money``, a currency.
    """

    value: float | None
    unit: str = ""
    money: bool = False
    band: Band | None = None
    """The likely range of the number (issue 14, part 9), in the same unit."""
    percentiles: tuple[tuple[int, float], ...] = ()
    """(percentile, value) pairs written instead of the one value ('p50 120 ms · p99 450 ms')."""
    digits: int = 3
    """Significant digits."""
    per_unit: bool = False
    """With ``money``: a cost per unit of work, written to :data:`~configurator.core.view.numbers.UNIT_COST_DIGITS`
    significant digits below one currency unit (:func:`~configurator.core.view.numbers.unit_cost`)."""
    like: float | None = None
    """With ``money``: the amount whose unit this one is written in, its column's
    (:func:`~configurator.core.view.numbers.column_top`): a column of prices in one unit."""


@dataclass(frozen=True)
class Phrase:
    """A label id with fields, each a value of its own (an Amount, a label id, a number)."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)


RANGE = "{low} – {high}"
"""The phrase of a range of two amounts (a quoted price range), written by :func:`write` as
:func:`~configurator.core.view.numbers.span` writes one: the unit once where both ends share it,
money in the upper end's unit ('5,117–6,163 元', not '5,117 元 – 6,163 元' as the summary's bill of
materials wrote it until December 2026)."""


def range_phrase(low: Amount, high: Amount) -> Phrase:
    """A range from ``low`` to ``high`` (:data:`RANGE`)."""
    return Phrase(RANGE, {"low": low, "high": high})


Value = Amount | Phrase | Message | str | int | None
"""What a row holds: a number with its unit, a phrase, a core message (a warning or a reason), a
label id (or a name, written as it is), a count, or nothing known."""


@dataclass(frozen=True)
class Row:
    """One line of a view: a label id, its value and an optional note (the basis of the number,
    its source; a tooltip on screen)."""

    label: str | Phrase
    value: Value
    note: Value = None
    key: str = ""
    """A stable name of the number (the estimate's JSON name where it has one)."""
    detail: bool = False
    """A breakdown row: the command line and the printed summary list it, the window's key
    numbers leave it to the charts."""
    screen_only: bool = False
    """A one-line digest of breakdown rows ("53.8 GiB of 80 GiB"): the window's key numbers show
    it, the full tables show the rows themselves."""


@dataclass(frozen=True)
class Section:
    """Rows under a heading (a label id); ``key`` names the section for the renderers."""

    key: str
    title: str
    rows: tuple[Row, ...]

    def shown(self, details: bool = True) -> tuple[Row, ...]:
        """The rows of a full table (``details``: the command line, the summary) or of the window's
        key numbers (breakdowns left to the charts, digests instead)."""
        return tuple(row for row in self.rows if not (row.screen_only if details else row.detail))


@dataclass(frozen=True)
class View:
    """A whole view: a heading, a verdict (``good``: green or red on screen; ``caution``: amber),
    sections and the warnings (core messages, translated by their id)."""

    heading: Value
    verdict: Value
    good: bool
    sections: tuple[Section, ...]
    warnings: tuple[Message, ...] = ()
    layout: Value = None
    """The parallel layout, on one line (None where the work has none)."""
    headline: tuple[str, ...] = ()
    """Keys of the rows that say the most in a sentence (the wizard's decision)."""
    caution: bool = False
    """Nothing is broken (``good``) but something the verdict depends on cannot be checked (a
    constraint without the price or speed to check it): amber on screen instead of green."""

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)

    def rows_of(self, keys: tuple[str, ...]) -> tuple[Row, ...]:
        """The rows with these keys, in that order."""
        rows = {row.key: row for section in self.sections for row in section.rows}
        return tuple(rows[key] for key in keys if key in rows)


@dataclass(frozen=True)
class Columns:
    """A table of several columns (the command line's ranking, layouts and catalog): column headings
    (label ids), which columns hold numbers (right-aligned) and the rows of values."""

    headings: tuple[Value, ...]
    numeric: frozenset[int]
    rows: tuple[tuple[Value, ...], ...]


# ---- writing a value ---------------------------------------------------------------------


WRITERS = {
    "B": numbers.gib,
    "s": numbers.seconds,
    "ms": numbers.milliseconds,
    "h": numbers.duration,
    "h-only": numbers.hours,
    "h-set": numbers.set_duration,
    "share": numbers.percent,
    "share-whole": numbers.whole_percent,
    "W": numbers.watts,
    "count": numbers.count,
    "token-count": numbers.token_count,
}
"""Units written by a formatter of their own (bytes in GiB, seconds in ms or s, hours in
minutes, hours or days …; "token-count" a count of tokens in M / B / T, 万 / 亿 / 万亿, its unit word left to the
phrase); any other unit is a word after the number."""


def side_by_side(views: list[View], language: str, details: bool = False) -> list[tuple[str, list[str]]]:
    """Several views (one configuration each) as rows of a comparison: one row per number, in the
    order the views first name it, with each view's value ('—' where a view lacks the number)."""
    order: dict[tuple[str, str], Row] = {}
    values: list[dict[tuple[str, str], str]] = []
    for view in views:
        mine = {}
        for section in view.sections:
            for row in section.shown(details):
                key = (row.key, label(row.label, "en"))  # a number on another basis is another row
                order.setdefault(key, row)
                mine[key] = write(row.value, language)
        values.append(mine)
    return [(label(row.label, language), [v.get(key, "—") for v in values]) for key, row in order.items()]


def pair(row: Row, language: str) -> str:
    """'Time to first token: 161 ms' — a row in a sentence."""
    return words(language).label("{label}: {value}").format(label=label(row.label, language),
                                                            value=write(row.value, language))


def label(text: str | Phrase, language: str) -> str:
    """A label id (or a phrase) in ``language``."""
    return write(text, language)


def write(value: Value, language: str = "en") -> str:
    """``value`` in ``language``: numbers by the one formatter, label ids by the one catalogue."""
    if value is None:
        return numbers.UNKNOWN
    if isinstance(value, Phrase) and value.template == RANGE and all(
            isinstance(value.params.get(end), Amount) for end in ("low", "high")):
        low, high = value.params["low"], value.params["high"]
        if low.money and high.value is not None:
            low = replace(low, like=high.value)  # both ends in one unit, as a column is
        return numbers.span(write(low, language), write(high, language))
    if isinstance(value, Phrase):
        params = {name: write(v, language) if isinstance(v, Amount | Phrase | Message | int) or v is None else
                  words(language).label(v) if isinstance(v, str) else v for name, v in value.params.items()}
        return finished(words(language).label(value.template).format(**params), language)
    if isinstance(value, Amount):
        return _amount(value, language)
    if isinstance(value, Message):  # a core warning or reason, by its id
        return words(language).message(value)
    if isinstance(value, bool):
        return words(language).label("yes" if value else "no")
    if isinstance(value, int):
        return numbers.count(value, language)
    return words(language).label(value)


def _number(value: float, amount: Amount, language: str) -> str:
    if amount.money:
        return (numbers.unit_cost if amount.per_unit else numbers.money)(value, amount.unit, language, like=amount.like)
    writer = WRITERS.get(amount.unit)
    if writer is not None:
        return writer(value, language)
    return numbers.quantity(value, amount.unit, language, amount.digits)


def _amount(amount: Amount, language: str) -> str:
    if amount.value is None:
        return numbers.UNKNOWN
    w = words(language)
    if amount.percentiles:
        written = _series_number(amount, language)
        text = "\u00a0· ".join(w.label("p{p} {time}").format(p=p, time=written(v))
                               .replace(" ", numbers.NBSP) for p, v in amount.percentiles)  # 'p99 450 ms' whole
        if amount.band is not None and amount.value:
            text += _aside(w.label("(likely {low} to {high} of each)").format(
                low=numbers.percent(amount.band.low / amount.value, language),
                high=numbers.percent(amount.band.high / amount.value, language)))
        return text
    text = _number(amount.value, amount, language)
    if amount.band is not None:
        if amount.unit == "h" and not amount.money:  # a job's time: both ends in its value's unit
            ends = numbers.span(*(numbers.duration_like(end, amount.value, language)
                                  for end in (amount.band.low, amount.band.high)))
        else:
            ends = numbers.span(_number(amount.band.low, amount, language), _number(amount.band.high, amount, language))
        text += _aside(w.label("(likely {range})").format(range=ends))
    return text


def _series_number(amount: Amount, language: str):
    """How each percentile of ``amount`` is written: in one unit for the whole series. A time [s]
    in ms when any percentile is below a second ('p50 412 ms · p90 813 ms · p99 1,440 ms', the unit of
    the targets and verdicts beside it), else every one in s; each in its own unit read
    'p90 813 ms · p99 1.44 秒' on one line (persona 采购, December 2026). Another unit: as a single
    value is written."""
    if amount.unit == "s" and not amount.money:
        if min(v for _, v in amount.percentiles) < 1:
            return lambda v: numbers.milliseconds(v, language)
        return lambda v: numbers.quantity(v, "s", language)
    return lambda v: _number(v, amount, language)


def _aside(bracketed: str) -> str:
    """A bracketed aside after a value: after a space, but for a full-width bracket, which has its
    own room ('7,731 词元/秒（可能 …）', not '词元/秒 （可能 …）')."""
    return bracketed if bracketed.startswith("（") else " " + bracketed


BAND_KINDS = {"train-throughput": "training throughput", "memory": "memory per card",
              "prefill": "prefill (time to first token)", "decode": "decode (time per output token)",
              "serving-throughput": "serving throughput"}
"""Kinds of calibration rows behind the likely ranges (benchmarks/accuracy.py, core/uncertainty.py)."""

BAND_SCALES = {"1": "one card", "2-64": "2 to 64 cards", ">64": "more than 64 cards"}
"""Scale buckets of the calibration rows."""


def band_note(band: Band, language: str = "en") -> str:
    """What a likely range is and the calibration rows behind it, in ``language``."""
    w = words(language)
    text = w("Likely range: {n} rows ({kind}, {scale}), {held} of them held out, the others calibration rows "
             "predicted with the defaults set without their own source; 80 % of them were measured within it "
             "(10th to 90th percentile of measured / predicted).", n=band.rows, held=band.held_out_rows,
             kind=w.label(BAND_KINDS.get(band.kind, band.kind)), scale=w.label(BAND_SCALES.get(band.scale, band.scale)))
    if band.scale_rows is not None:
        text += " " + w("Only {n} rows at this scale: the range is the one over all scales.", n=band.scale_rows)
    if band.few_rows:
        text += " " + w.label("Few rows: the range itself is uncertain.")
    for note in group_notes(band):  # the rows of the scenario's engine on its stack alone, and their side
        text += "\n" + w.message(note)
    separator = w("; ")
    lines = [""]
    for row in named_rows(band, language):  # lines of about 100 characters, broken between rows only
        lines[-1] += (separator if lines[-1] else "") + row
        if len(lines[-1]) > 100:
            lines.append("")
    return text + "\n" + w("Rows: {rows}", rows=(separator.rstrip() + "\n").join(filter(None, lines)))


def named_rows(band: Band, language: str = "en", card: str | None = None, model: str | None = None) -> list[str]:
    """The calibration rows behind ``band`` by name, each with how many rows it stands for
    ("LLaMA 70B · 4 × H100 SXM5 80GB (2 rows)"), not by their ids; a model on as many cards of
    :data:`LISTED_AS_ONE` or more kinds is named once ("LLaMA 3 8B · 1 × RTX 4090, L40S, A40, A100
    PCIe 80GB (8 rows)"), so a band over many cards fits the summary's table. Past
    :data:`NAMED_AT_MOST` names, those nearest the estimate come first — ``model`` (its name) on ``card``
    (its catalog name), then the card, then the model — then those that stand for the most rows, and the
    rest are counted ("and 41 more rows"): a training band over 80 rows named 55 runs, a page-long cell of
    the summary (session 47, persona)."""
    w = words(language)
    asked = model_name(model) if model is not None else None
    groups: dict[str, list[tuple[str, str, int, int]]] = {}
    for name, n in band.row_names:
        run, dot, rest = name.partition(" · ")  # a row named by its preset id ("llama3-8b · 1 × H200"): by name
        near = 2 * (card is not None and name.endswith(f" × {card}")) + (model_name(run) == asked)
        name = model_name(run) + dot + rest
        run, on, cards = name.partition(" × ")
        if on:  # the card in the reader's language ('1 × RTX 6000 Ada 一代')
            cards = card_name(cards, language)
            name = run + on + cards
        groups.setdefault(run if on else name, []).append((name, cards, n, near))
    named: list[tuple[str, int, int]] = []
    for run, members in groups.items():
        if len(members) < LISTED_AS_ONE or run == members[0][0]:
            named += [(name if n == 1 else w("{name} ({n} rows)", name=name, n=n), n, near)
                      for name, _, n, near in members]
            continue
        rows = sum(n for _, _, n, _ in members)
        name = f"{run} × " + w(", ").join(cards for _, cards, _, _ in members)
        named.append((w("{name} ({n} rows)", name=name, n=rows), rows, max(near for *_, near in members)))
    if len(named) <= NAMED_AT_MOST:
        return [text for text, _, _ in named]
    kept = sorted(named, key=lambda entry: (-entry[2], -entry[1]))[:NAMED_AT_MOST - 1]
    rest = sum(n for _, n, _ in named) - sum(n for _, n, _ in kept)
    return [text for text, _, _ in kept] + [w("and {n} more rows", n=rest)]


NAMED_AT_MOST = 12
"""Names of calibration rows a likely range lists at most, the last of them the count of the rest."""


LISTED_AS_ONE = 4
"""Kinds of card from which one model's calibration rows are named once, the cards listed after it."""


def in_deadline_unit(hours: float | None, deadline: float | None, band: Band | None = None) -> Amount:
    """A job's time [h] in its deadline's unit, as the deadline's verdict says both
    (:func:`configurator.core.message_numbers.deadline_time_unit`): days beside a deadline said in days,
    hours beside one said in hours, else the duration's own unit; its likely range ``band`` [h] in the same
    unit. "Time for the job 2.95 days" stood beside "misses the 40 h deadline" until December 2026 (a
    training job's "Time for the token budget 2.98 days" beside "misses the 40 h deadline" until the
    session 36 review)."""
    unit = "duration" if hours is None else deadline_time_unit(hours, deadline)
    if unit == "days":
        days = None if band is None else replace(band, value=band.value / HOURS_PER_DAY, low=band.low / HOURS_PER_DAY,
                                                 high=band.high / HOURS_PER_DAY)
        return Amount(hours / HOURS_PER_DAY, "days", band=days)
    return Amount(hours, "h-only" if unit == "h" else "h", band=band)

COUNTED = {"card": ("1 card", "{n} cards"), "board": ("1 board", "{n} boards")}
"""A count with its unit word, by what is counted (label ids): "Boards needed 5" said "5 boards" since
December 2026."""


def counted(what: str, n: float) -> Phrase:
    """'1 card', '150 cards', '5 boards' (:data:`COUNTED`); ``n`` rounded to a whole count."""
    one, many = COUNTED[what]
    n = round(n)
    return Phrase(one if n == 1 else many, {"n": Amount(n, "count")})
