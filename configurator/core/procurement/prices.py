"""Unit prices of everything besides the cards: the bundled, sourced price file and the buyer's
quotes (a CSV of item, unit price, currency, date, vendor) that override it."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from configurator.core.json_values import JsonFileError, json_object, read_bounded, read_json_file
from configurator.core.resources import bundled_path

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
            note=str(raw.get("note", "") or ""), includes_accelerators=raw.get("includes_accelerators") is True)
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


def read_quotes(path: Path) -> tuple[tuple[str, float, str, str, str], ...]:
    """The buyer's quotes: rows of (item id, unit price, currency, date, vendor) from a CSV file
    with those column names (a header row is required; extra columns are ignored)."""
    data = read_bounded(path, MAX_QUOTES_BYTES, PriceFileError, "quotes file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PriceFileError(f"{path} is not UTF-8 text") from None
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in QUOTE_COLUMNS if c not in (reader.fieldnames or ())]
    if missing:
        raise PriceFileError(f"{path}: the header must name {', '.join(QUOTE_COLUMNS)} (missing: {', '.join(missing)})")
    rows = []
    for line, row in enumerate(reader, start=2):
        try:
            price = float(row["unit_price"])
        except (TypeError, ValueError):
            raise PriceFileError(f"{path}, line {line}: unit_price {row['unit_price']!r} is not a number") from None
        if not 0 <= price <= 1e9:
            raise PriceFileError(f"{path}, line {line}: unit_price must be between 0 and 1,000,000,000")
        currency = (row["currency"] or "").strip().upper()
        if len(currency) != 3 or not currency.isalpha():
            raise PriceFileError(f"{path}, line {line}: currency {row['currency']!r} is not a three-letter code")
        rows.append(((row["item"] or "").strip(), price, currency, (row["date"] or "").strip(),
                     (row["vendor"] or "").strip()))
    return tuple(rows)


def with_quotes(book: PriceBook, quotes, usd_to: dict[str, float]) -> tuple[PriceBook, tuple[str, ...]]:
    """``book`` with the buyer's quotes in place of its unit prices, and the problems found
    (unknown item ids, currencies that cannot be converted). ``usd_to`` maps a currency to its
    units per USD; prices are kept in the book's currency."""
    items, problems, quoted = dict(book.items), [], list(book.quoted)
    for item_id, price, currency, date, vendor in quotes:
        current = items.get(item_id)
        if current is None:
            problems.append(f"quote for unknown item '{item_id}' ignored")
            continue
        rate_in, rate_book = usd_to.get(currency), usd_to.get(current.currency)
        if rate_in is None or rate_book is None:
            problems.append(f"quote for '{item_id}' in {currency} ignored: no exchange rate")
            continue
        items[item_id] = replace(current, unit_price=price / rate_in * rate_book, source=f"quote: {vendor or 'buyer'}",
                                 date=date, confidence="quote")
        quoted.append(item_id)
    return replace(book, items=items, quoted=tuple(quoted)), tuple(problems)


_ACTIVE: list[PriceBook] = []
"""The price book in use when the buyer's quotes replace some bundled prices (at most one)."""


def active_price_book() -> PriceBook:
    """The book every bill of materials is priced with: the bundled one, or it with the quotes
    given by :func:`use_quotes`."""
    return _ACTIVE[0] if _ACTIVE else bundled_price_book()


def use_quotes(path: Path | None, usd_to: dict[str, float]) -> tuple[str, ...]:
    """Price everything from now on with the quotes in ``path`` over the bundled prices (None:
    the bundled prices again); returns the problems found (ignored rows)."""
    _ACTIVE.clear()
    if path is None:
        return ()
    book = bundled_price_book()
    rates = {"USD": 1.0, **usd_to}
    if "CNY" not in rates and "usd_to_cny" in book.rates:
        rates["CNY"] = book.rates["usd_to_cny"].value
    quoted, problems = with_quotes(book, read_quotes(path), rates)
    _ACTIVE.append(quoted)
    return problems
