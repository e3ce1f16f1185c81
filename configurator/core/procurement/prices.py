"""Unit prices of everything besides the cards: the bundled, sourced price file and the buyer's
quotes (a CSV of item, unit price, currency, date, vendor) that override it.

A bill is priced from :func:`price_book_for` the scenario's economics: the bundled book with the
scenario's own quotes (``Economics.quotes``) applied. There is no price state outside the
scenario: two scenarios, one with quotes and one without, are priced side by side."""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass, field, replace
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from configurator.core.catalog import ISO_CURRENCIES, MAX_PRICE, checked_date
from configurator.core.json_values import JsonFileError, json_object, read_bounded, read_json_file
from configurator.core.memo import LruMemo
from configurator.core.messages import Message, msg
from configurator.core.messages_said import said
from configurator.core.quote import CONTROL_CHARACTERS, MAX_QUOTE_TEXT, MAX_QUOTES, Quote
from configurator.core.resources import bundled_path

if TYPE_CHECKING:
    from configurator.core.scenario import Economics

PRICE_FILE = "resources/procurement_prices.json"
ITEM_KINDS = ("accelerator", "server", "network", "storage", "rack", "facility", "software")
"""Kinds of bill-of-materials lines, in the order they are listed."""

MAX_QUOTES_BYTES = 1_000_000
"""Largest quotes file read [B]."""


class PriceFileError(ValueError):
    """A price or quotes file that cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class UnitPrice:
    """One priced item: what it is, what it costs per unit, and where the figure comes from."""

    item_id: str
    kind: str
    name: str
    unit: str
    unit_price: float | None
    """Price per unit in ``currency`` (None: not found; the line is shown as unpriced)."""
    currency: str
    source: str
    date: str
    confidence: str
    power_w: float | None = None
    """Servers: power at full load besides the accelerators; switches: their power [W]."""
    ports: int | None = None
    rack_units: int | None = None
    note: str = ""
    includes_accelerators: bool = False
    """The price is a whole system with its cards (an NVL72 rack): the cards are not added again."""
    for_cards: tuple[str, ...] = ()
    """Catalog ids of the cards this item is the rack-scale system of (``gb200`` for the GB200
    NVL72 rack): the one place that says which rack a rack-scale card is bought as
    (:func:`configurator.core.procurement.servers.rack_item`), or the cards a server item is the
    node of (the GH200 superchip nodes: :func:`configurator.core.procurement.servers.server_type`)."""
    gpus: int | None = None
    """GPU places of a server item that names its cards (``for_cards``): superchips per node (1, 2
    or 4 for the GH200 nodes); None for the other items [count]."""
    racks: int | None = None
    """Racks one unit of a rack-scale system stands in, its network racks included (Huawei's
    CloudMatrix 384: 16, 12 compute and 4 network); None: one [count]."""
    system_power_w: float | None = None
    """A rack-scale system's whole power at full load, its accelerators included, for a card with
    no board power of its own (the Ascend 910C of the CloudMatrix 384: 559 kW) [W]."""
    cooling: str | None = None
    """How a rack-scale system, or a server sold only as its makers cool it (the 4-GH200 blade node:
    liquid), is cooled as its maker publishes it, ``liquid`` or ``air``; None: not published (the
    CloudMatrix 384: the bill says so rather than guessing; a server: its rack's power decides)."""

    @property
    def priced_whole(self) -> bool:
        """The item has a price that includes its accelerators (an NVL72 rack priced, or quoted):
        its cards are not bought again at the card price. A whole system without a price leaves
        its cards at the card price, so the capex reads "at least" the cards rather than dropping
        to the network and storage (the catalog's per-card figure is no floor of a system price:
        for the CloudMatrix 384 the two secondary figures disagree, see the item's note)."""
        return self.includes_accelerators and self.unit_price is not None


@dataclass(frozen=True)
class Rate:
    """A sourced rate or share (support per year, colocation per kW-month, failure rate …)."""

    value: float
    unit: str
    source: str
    date: str


@dataclass(frozen=True)
class PriceBook:
    """The unit prices and rates a bill of materials is priced with."""

    items: dict[str, UnitPrice]
    rates: dict[str, Rate]
    price_date: str
    quoted: tuple[str, ...] = field(default=())
    """Item ids whose price is the buyer's quote."""

    def item(self, item_id: str) -> UnitPrice | None:
        return self.items.get(item_id)

    def rate(self, rate_id: str, default: float | None = None) -> float:
        """A rate's value; where this book lacks it, ``default`` when given, else the bundled
        file's (every rate there is sourced and dated; tests/test_procurement_prices.py holds
        the ids it must have)."""
        rate = self.rates.get(rate_id)
        if rate is not None:
            return rate.value
        if default is not None:
            return default
        bundled = bundled_price_book()
        if bundled is self or rate_id not in bundled.rates:
            raise PriceFileError(f"{PRICE_FILE}: rate '{rate_id}' is missing")
        return bundled.rates[rate_id].value


def _number(value: object, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise PriceFileError(f"{where} must be a non-negative number or null")
    return float(value)


def parse_price_book(document: object, name: str) -> PriceBook:
    """The price book held by a parsed price file (``schema_version`` 1)."""
    try:
        root = json_object(document, name)
    except JsonFileError as error:
        raise PriceFileError(str(error)) from None
    currency = root.get("currency", "USD")
    items: dict[str, UnitPrice] = {}
    for item_id, raw in json_object(root.get("items", {}), f"{name}: items").items():
        if not isinstance(raw, dict):
            raise PriceFileError(f"{name}: item '{item_id}' must be an object")
        kind = raw.get("kind")
        if kind not in ITEM_KINDS:
            raise PriceFileError(f"{name}: item '{item_id}' has kind {kind!r}; expected one of {', '.join(ITEM_KINDS)}")
        ports = raw.get("ports")
        units = raw.get("rack_units")
        items[item_id] = UnitPrice(
            item_id=item_id, kind=kind, name=str(raw.get("name", item_id)), unit=str(raw.get("unit", "per unit")),
            unit_price=_number(raw.get("unit_price"), f"{name}: {item_id}.unit_price"), currency=currency,
            source=str(raw.get("source", "")), date=str(raw.get("date", "")),
            confidence=str(raw.get("confidence", "estimate")),
            power_w=_number(raw.get("power_w"), f"{name}: {item_id}.power_w"),
            ports=int(ports) if isinstance(ports, int) and not isinstance(ports, bool) and ports > 0 else None,
            rack_units=int(units) if isinstance(units, int) and not isinstance(units, bool) and units > 0 else None,
            note=str(raw.get("note", "") or ""), includes_accelerators=raw.get("includes_accelerators") is True,
            for_cards=tuple(c for c in cards if isinstance(c, str)) if isinstance(cards := raw.get("for_cards"), list)
            else (),
            racks=int(racks) if isinstance(racks := raw.get("racks"), int) and not isinstance(racks, bool)
            and racks > 0 else None,
            system_power_w=_number(raw.get("system_power_w"), f"{name}: {item_id}.system_power_w"),
            cooling=cooling if (cooling := raw.get("cooling")) in ("liquid", "air") else None,
            gpus=int(gpus) if isinstance(gpus := raw.get("gpus"), int) and not isinstance(gpus, bool)
            and gpus > 0 else None)
    rates: dict[str, Rate] = {}
    for rate_id, raw in json_object(root.get("rates", {}), f"{name}: rates").items():
        if not isinstance(raw, dict):
            raise PriceFileError(f"{name}: rate '{rate_id}' must be an object")
        value = _number(raw.get("value"), f"{name}: {rate_id}.value")
        if value is not None:
            rates[rate_id] = Rate(value, str(raw.get("unit", "")), str(raw.get("source", "")), str(raw.get("date", "")))
    return PriceBook(items, rates, str(root.get("price_date", "")))


@lru_cache(maxsize=1)
def bundled_price_book() -> PriceBook:
    """The price file that ships with the program (read once)."""
    path = bundled_path(PRICE_FILE)
    try:
        return parse_price_book(read_json_file(path), path.name)
    except JsonFileError as error:
        raise PriceFileError(str(error)) from None


QUOTE_COLUMNS = ("item", "unit_price", "currency", "date", "vendor")
QUOTE_DELIMITERS = (",", ";", "\t")
"""Column separators a quotes file may use: commas, or the semicolons and tabs Excel writes where
the comma is the decimal point (Germany, France, Russia …) and for "Unicode text"."""
MAX_QUOTE_PROBLEMS = 5
"""Problems named in one refusal (the count of the rest follows)."""

_AMOUNT = re.compile(r"(?:[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)(?:\.[0-9]+)?|[0-9]+,[0-9]{1,2}")
"""An amount in ASCII digits: ``12500``, ``12500.50``, ``12,500.50``, or with a decimal comma and
one or two decimals, ``12500,50`` (never a digit of another script: ``١٢٣``, ``１０００``)."""
_QUOTE_DATE = re.compile(r"([0-9]{4})(?:[-/]([0-9]{1,2})(?:[-/]([0-9]{1,2}))?)?")
"""A date year first: ``2026-01-15``, ``2026-01``, ``2026``, or as a spreadsheet in China writes
it, ``2026/1/15``."""


def _column_letter(index: int) -> str:
    """A spreadsheet's name of column ``index`` (0 -> A, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _quotes_text(data: bytes, path: Path) -> str:
    """The text of a quotes file: UTF-8 (with or without a byte-order mark), UTF-16 with a mark
    or without (Excel's "Unicode text"; told by its zero bytes), else GB18030 (a CSV that Excel
    saved on a Chinese Windows)."""
    if data.startswith(codecs.BOM_UTF8):
        encodings = ("utf-8-sig",)
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ("utf-16",)
    else:
        head = data[:1000]
        odd_zeros, even_zeros = head[1::2].count(0), head[0::2].count(0)
        pairs = max(len(head) // 2, 1)
        if odd_zeros > 0.3 * pairs and even_zeros == 0:
            encodings = ("utf-16-le",)
        elif even_zeros > 0.3 * pairs and odd_zeros == 0:
            encodings = ("utf-16-be",)
        else:
            encodings = ("utf-8", "gb18030")
    for encoding in encodings:
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise said(PriceFileError, msg("quotes-not-text", path=str(path)))


def _quote_header(text: str, path: Path) -> tuple[str, list[str]]:
    """The delimiter that gives a header naming every quote column, and that header's column
    names (trimmed, lower case, spaces as underscores)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    best: tuple[int, str, list[str]] = (-1, ",", [])
    for delimiter in QUOTE_DELIMITERS:
        names = [name.strip().lower().replace(" ", "_") for name in next(csv.reader([first], delimiter=delimiter), [])]
        found = sum(column in names for column in QUOTE_COLUMNS)
        if found > best[0]:
            best = (found, delimiter, names)
    found, delimiter, names = best
    if not first:
        raise said(PriceFileError, msg("quotes-empty", path=str(path)))
    missing = [c for c in QUOTE_COLUMNS if c not in names]
    if missing:
        raise said(PriceFileError, msg("quotes-header-missing", path=str(path), columns=", ".join(QUOTE_COLUMNS),
                                       missing=", ".join(missing)))
    for column in QUOTE_COLUMNS:
        where = [i for i, name in enumerate(names) if name == column]
        if len(where) > 1:
            raise said(PriceFileError, msg("quotes-header-twice", path=str(path), column=column,
                                           first=_column_letter(where[0]), second=_column_letter(where[1])))
    return delimiter, names


_CSV_PROBLEMS = {"unexpected end of data": "csv-open-quote", "expected after '\"'": "csv-after-quote"}
"""Python's csv errors (3.11, ``strict``) that a spreadsheet user makes, by a part of their text ->
the message saying them in the user's language; any other is said as Python words it."""


def _csv_problem(error: csv.Error) -> Message | str:
    """What a row the csv reader cannot split has wrong: a quotation mark left open, or text after
    a closing one."""
    return next((msg(key) for part, key in _CSV_PROBLEMS.items() if part in str(error)), str(error))


def _quote_text(value: str, required: bool) -> str:
    """An item id or vendor: trimmed, without control characters, at most :data:`MAX_QUOTE_TEXT` long."""
    text = value.strip()
    if required and not text:
        raise said(ValueError, msg("quote-empty"))
    if CONTROL_CHARACTERS.search(text):
        raise said(ValueError, msg("quote-control-character"))
    if len(text) > MAX_QUOTE_TEXT:
        raise said(ValueError, msg("quote-too-long", limit=MAX_QUOTE_TEXT))
    return text


def _quote_amount(value: str) -> float:
    """A unit price written in ASCII digits (:data:`_AMOUNT`), from 0 to :data:`MAX_PRICE`."""
    text = value.strip()
    if not _AMOUNT.fullmatch(text):
        raise said(ValueError, msg("quote-not-an-amount", text=text))
    number = float(text.replace(",", ".") if re.fullmatch(r"[0-9]+,[0-9]{1,2}", text) else text.replace(",", ""))
    if not 0 <= number <= MAX_PRICE:
        raise said(ValueError, msg("quote-amount-range", text=text, high=MAX_PRICE))
    return number


def _quote_currency(value: str) -> str:
    """An ISO 4217 code, in capitals."""
    code = value.strip().upper()
    if code not in ISO_CURRENCIES:
        raise said(ValueError, msg("quote-not-a-currency", text=value.strip()))
    return code


def _quote_date(value: str, today: date) -> str:
    """A date year first, written as the catalog writes it (``YYYY-MM-DD``, ``YYYY-MM``, ``YYYY``),
    a calendar date from 1990 (:func:`~configurator.core.card.checked_date`) up to ``today``."""
    text = value.strip()
    match = _QUOTE_DATE.fullmatch(text)
    if match is None:
        raise said(ValueError, msg("quote-not-a-date", text=text))
    year, month, day = match.groups()
    written = "-".join([year] + [f"{int(p):02d}" for p in (month, day) if p is not None])
    checked_date(written)  # a calendar date from 1990 to 2100
    start = date(int(year), int(month or 1), int(day or 1))
    if start > today:
        raise said(ValueError, msg("quote-after-today", date=written, today=today.isoformat()))
    return written


class QuoteRows(tuple):
    """The quotes a file gives: rows of (item id, unit price, currency, date, vendor), with the
    rows it skipped (``skipped``: one message per problem, naming its row and column; ``skipped_rows``:
    how many rows) and how many rows it has (``read``), so whoever loads them says which were not used."""

    skipped: tuple[Message, ...]
    skipped_rows: int
    read: int

    def __new__(cls, rows, skipped=(), skipped_rows: int = 0) -> QuoteRows:
        value = super().__new__(cls, rows)
        value.skipped, value.skipped_rows, value.read = tuple(skipped), skipped_rows, len(rows) + skipped_rows
        return value


def read_quotes(path: Path, today: date | None = None) -> QuoteRows:
    """The buyer's quotes: rows of (item id, unit price, currency, date, vendor) from a CSV file
    whose header names those columns (in any order; other columns are ignored), and the rows
    skipped for their problems.

    The file may be UTF-8 (a byte-order mark or none), UTF-16 (Excel's "Unicode text", with or
    without a mark) or GB18030, its columns separated by commas, semicolons or tabs. Each row is
    checked as the catalog checks a price: an item id, an amount in ASCII digits from 0 to
    :data:`~configurator.core.card.MAX_PRICE`, an ISO 4217 currency, a calendar date
    (``YYYY-MM-DD``, ``YYYY-MM``, ``YYYY`` or ``YYYY/M/D``, 1990 to today), a vendor; rows with
    every column empty are passed over. A row with a problem is skipped and the problem kept
    (``QuoteRows.skipped``): 39 good quotes and one typo give the 39, and the typo named. An item
    quoted in two rows is skipped in both (which quote to use is the buyer's choice, not the
    program's). A row the CSV cannot be split into (a quote left open) ends the reading: it and
    the rows after it are skipped.

    Raises
    ------
    PriceFileError
        The file cannot be read, or holds no usable quote (the first problems named: each names
        its row, the header being row 1 as a spreadsheet numbers them, and column, letter and name),
        or more than :data:`~configurator.core.quote.MAX_QUOTES`.
    """
    today = today or date.today()
    data = read_bounded(path, MAX_QUOTES_BYTES, PriceFileError, "quotes file")
    text = _quotes_text(data, path)
    delimiter, names = _quote_header(text, path)
    index = {column: names.index(column) for column in QUOTE_COLUMNS}
    checks = {"item": lambda v: _quote_text(v, True), "unit_price": _quote_amount,
              "currency": _quote_currency, "date": lambda v: _quote_date(v, today),
              "vendor": lambda v: _quote_text(v, False)}
    good, problems, bad_rows, rows_of = {}, [], set(), {}
    reader = csv.reader(io.StringIO(text.lstrip("\r\n")), delimiter=delimiter, strict=True)
    number = 1
    try:
        next(reader)  # the header
        for number, cells in enumerate(reader, start=2):
            if not any(cell.strip() for cell in cells):
                continue
            values = {}
            for column in QUOTE_COLUMNS:
                where = {"row": number, "letter": _column_letter(index[column]), "column": column}
                if index[column] >= len(cells):
                    problems.append((number, msg("quote-cell", **where, problem=msg(
                        "quote-cell-missing", cells=len(cells), columns=len(names)))))
                    continue
                try:
                    values[column] = checks[column](cells[index[column]])
                except ValueError as problem:
                    problems.append((number, msg("quote-cell", **where,
                                                 problem=getattr(problem, "said", str(problem)))))
            if len(values) < len(QUOTE_COLUMNS):
                bad_rows.add(number)
                continue
            rows_of.setdefault(values["item"], []).append(number)
            good[number] = tuple(values[c] for c in QUOTE_COLUMNS)
    except csv.Error as error:
        problems.append((number + 1, msg("quote-row-rest", row=number + 1, problem=_csv_problem(error))))
        bad_rows.add(number + 1)
    for item, numbers in rows_of.items():  # an item quoted twice: neither quote is the program's to choose
        if len(numbers) > 1:
            for at in numbers:
                problems.append((at, msg("quote-cell", row=at, letter=_column_letter(index["item"]), column="item",
                                         problem=msg("quote-twice", item=item, rows=", ".join(map(str, numbers))))))
                good.pop(at, None)
                bad_rows.add(at)
    problems = [problem for _, problem in sorted(problems, key=lambda pair: pair[0])]
    rows = tuple(good[n] for n in sorted(good))
    if not rows:
        if problems:
            more = len(problems) - MAX_QUOTE_PROBLEMS
            shown = {"path": str(path), "problems": problems[:MAX_QUOTE_PROBLEMS]}
            raise said(PriceFileError, msg("quotes-problems-more", **shown, more=more) if more > 0 else
                       msg("quotes-problems", **shown))
        raise said(PriceFileError, msg("quotes-header-only", path=str(path)))
    if len(rows) > MAX_QUOTES:
        raise said(PriceFileError, msg("quotes-too-many", path=str(path), count=len(rows), limit=MAX_QUOTES))
    return QuoteRows(rows, problems, len(bad_rows))


def skipped_quotes(path: Path | str, rows: QuoteRows) -> Message | None:
    """What is said first where a quotes file is loaded with rows skipped (the command line's
    warning, the window's dialog), before each of ``rows.skipped``: how many quotes were loaded and
    how many rows skipped; None where none was."""
    if not rows.skipped_rows:
        return None
    return msg("quotes-skipped", path=str(path), used=len(rows), rows=rows.read, skipped=rows.skipped_rows)


def as_quotes(rows) -> tuple[Quote, ...]:
    """Rows of (item, unit price, currency, date, vendor), as :func:`read_quotes` gives them, as
    the quotes a scenario holds (``Economics.quotes``)."""
    return tuple(Quote.model_validate(dict(zip(QUOTE_COLUMNS, row, strict=True))) for row in rows)


QUOTE_SOURCE = "quote"
"""The source of a quoted price: ``quote: <vendor>``, or ``quote`` alone where the quote names no
vendor (:func:`quote_vendor` reads it back)."""


def quote_vendor(source: str) -> str | None:
    """The vendor of a quoted price's ``source`` ('' where the quote names none), None for a price
    that is not the buyer's quote."""
    if source == QUOTE_SOURCE:
        return ""
    head, separator, vendor = source.partition(": ")
    return vendor if separator and head == QUOTE_SOURCE else None


def with_quotes(book: PriceBook, quotes, usd_to: dict[str, float]) -> tuple[PriceBook, tuple[Message, ...]]:
    """``book`` with the buyer's quotes (rows of item, unit price, currency, date, vendor) in place
    of its unit prices, and the problems found (unknown item ids, currencies that cannot be
    converted: those quotes are ignored). ``usd_to`` maps a currency to its units per USD; prices
    are kept in the book's currency."""
    items, problems, quoted = dict(book.items), [], list(book.quoted)
    for item_id, price, currency, date, vendor in quotes:
        current = items.get(item_id)
        if current is None:
            problems.append(msg("quote-unknown-item", item=item_id))
            continue
        rate_in, rate_book = usd_to.get(currency), usd_to.get(current.currency)
        if rate_in is None or rate_book is None:
            problems.append(msg("quote-no-rate", item=item_id, currency=currency))
            continue
        items[item_id] = replace(current, unit_price=price / rate_in * rate_book, date=date, confidence="quote",
                                 source=f"{QUOTE_SOURCE}: {vendor}" if vendor else QUOTE_SOURCE)
        quoted.append(item_id)
    return replace(book, items=items, quoted=tuple(quoted)), tuple(problems)


QUOTED_BOOKS = 16
"""Price books with quotes kept (:func:`price_book_for`): the scenario on screen, its undo steps
and the ones compared beside it."""

_QUOTED: LruMemo[tuple[PriceBook, tuple[Message, ...]]] = LruMemo(QUOTED_BOOKS)


def clear_quoted_books() -> None:
    """Forget every kept price book with quotes (:data:`_QUOTED`): made from a scenario's own quotes,
    it goes with the estimates (:func:`configurator.core.estimate.clear_estimate_memo`), so a cold
    estimate of a scenario with quotes applies them again; the bundled book, a file read once,
    stays."""
    _QUOTED.clear()


def _quoted_book(economics: Economics) -> tuple[PriceBook, tuple[Message, ...]]:
    """The bundled book with ``economics.quotes`` applied and the problems found, kept for the same
    quotes, currency and exchange rate (a quote in the scenario's currency is converted at its
    rate; one in CNY, where the scenario's currency is another, at the price file's dated rate)."""
    key = (economics.quotes, economics.currency, economics.usd_to_currency)
    kept = _QUOTED.get(key)
    if kept is not None:
        return kept
    book = bundled_price_book()
    rates = {"USD": 1.0, economics.currency: economics.usd_to_currency}
    if "CNY" not in rates and "usd_to_cny" in book.rates:
        rates["CNY"] = book.rates["usd_to_cny"].value
    return _QUOTED.put(key, with_quotes(book, (q.row for q in economics.quotes), rates))


def price_book_for(economics: Economics) -> PriceBook:
    """The price book a scenario's bills are priced from: the bundled price file, with the buyer's
    quotes of ``economics`` (a scenario's :class:`~configurator.core.scenario.Economics`) in place
    of the unit prices of the items they quote. A pure function of ``economics`` (its quotes,
    currency and rate): the last :data:`QUOTED_BOOKS` books with quotes are kept, so asking again
    gives the same object without applying the quotes again."""
    if not economics.quotes:
        return bundled_price_book()
    return _quoted_book(economics)[0]


def quote_problems(economics: Economics) -> tuple[Message, ...]:
    """The quotes of ``economics`` that :func:`price_book_for` ignores, each with why: an item the
    price file does not have, or a currency it cannot convert (no exchange rate)."""
    return _quoted_book(economics)[1] if economics.quotes else ()
