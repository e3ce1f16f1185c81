"""Card catalog: loading, validation and the user overlay (the card's schema: :mod:`configurator.core.card`).

The bundled ``catalog.json`` is never edited by the program. A user overlay file (in the
platform user-data directory) may add cards and add price entries; it is validated with the
same schema and merged over the bundled catalog. A broken overlay is reported and skipped.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import json
from dataclasses import dataclass, field
from collections.abc import Callable
from datetime import date
from pathlib import Path

from pydantic import ValidationError

from configurator.core.bounds import error_message, error_text
from configurator.core.card import (  # the card's schema (re-exported: see __all__)
    CARD_CLASSES,
    FRAMEWORKS,
    ISO_CURRENCIES,
    MAX_PRICE,
    RATE_FIELDS,
    Card,
    Interconnect,
    NotAProduct,
    PriceEntry,
    UnlistedCard,
    VideoEngines,
    checked_currency,
    checked_date,
)
from configurator.core.files import exclusive_lock, write_text_atomically
from configurator.core.frozen_model import FrozenModel
from configurator.core.messages import Message, msg
from configurator.core.messages_said import carried, said
from configurator.core.price_dates import is_future, today
from configurator.core.resources import bundled_path, user_data_dir
from configurator.core.json_values import JsonFileError, read_json_file

__all__ = ["CARD_CLASSES", "FRAMEWORKS", "ISO_CURRENCIES", "MAX_PRICE", "RATE_FIELDS", "Card", "Interconnect",
           "PriceEntry", "VideoEngines", "checked_currency", "checked_date", "Catalog", "CatalogError",
           "load_bundled_catalog", "load_catalog", "parse_card", "parse_catalog", "apply_overlay", "read_overlay",
           "save_user_card", "save_user_price", "default_overlay_path", "overlay_lock_path", "future_price_problem",
           "shadowing_problem", "free_card_id"]

_Frozen = FrozenModel


class CatalogError(ValueError):
    """A catalog or overlay entry is malformed or refused; the text names the card and field.
    ``message`` holds a refusal's text in both languages (None for a malformed entry)."""

    def __init__(self, text: str, message: Message | None = None) -> None:
        super().__init__(text)
        self.message = message


@dataclass(frozen=True)
class Catalog:
    """The merged card list with lookups."""

    cards: tuple[Card, ...]
    version: str = "unknown"
    date: str = "unknown"
    not_products: tuple[NotAProduct, ...] = ()
    unlisted: tuple[UnlistedCard, ...] = ()
    problems: tuple[Message, ...] = field(default=())
    """What in the user's catalog file was skipped and why, each a message said in the reader's
    language (``text_in``; ``text`` in English)."""
    refusals: tuple[Message, ...] = field(default=())
    """The user's entries refused because they would replace the truth (a card shadowing a
    bundled id, a price dated in the future), as messages in both languages; also in ``problems``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})

    def get(self, card_id: str) -> Card:
        """The card with ``card_id``; KeyError with an explanation otherwise."""
        try:
            return self._by_id[card_id]  # type: ignore[attr-defined]
        except KeyError:
            raise KeyError(self.explain_unknown(card_id)) from None

    def __contains__(self, card_id: str) -> bool:
        return card_id in self._by_id  # type: ignore[attr-defined]

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    def card_or_fallback(self, card_id: str) -> str:
        """``card_id`` if the catalog holds it, else its first training card (else its first card):
        what to start with when a default card is missing from a damaged catalog."""
        if card_id in self or not self.cards:
            return card_id
        return next((c.id for c in self.cards if c.category == "training"), self.cards[0].id)

    def not_a_product(self, name: str) -> NotAProduct | None:
        """The not-a-product entry whose claim or alias matches ``name``."""
        key = name.strip().lower()
        for entry in self.not_products:
            if key in (a.lower() for a in entry.aliases) or key == entry.claim.lower():
                return entry
        return None

    def explain_unknown(self, name: str) -> str:
        """One line saying why ``name`` is not a catalog card."""
        return self.unknown_message(name).text

    def unknown_message(self, name: str) -> Message:
        """Why ``name`` is not a catalog card, as a message (said in the user's language)."""
        fake = self.not_a_product(name)
        if fake is not None:
            return msg("card-not-a-product", name=name, why=fake.explanation)
        for entry in self.unlisted:
            if name.lower() in entry.name.lower():
                return msg("card-not-listed", name=name, why=entry.reason)
        close = _nearest_ids(name, self.ids())
        if close:
            return msg("card-unknown-close", name=name, close=", ".join(close))
        return msg("card-unknown", name=name)


def _id_key(text: str) -> str:
    """``text`` without case, spaces, hyphens or underscores: 'RTX 4090 D', 'rtx-4090-d' and 'rtx-4090d' alike."""
    return "".join(ch for ch in text.lower() if ch not in " -_")


def _nearest_ids(name: str, ids: list[str]) -> list[str]:
    """Catalog ids close to an unknown ``name``, the nearest first: those written alike but for separators, then
    those holding it or held in it (at most 5), else spelled alike (at most 3), each list by similarity. Until
    December 2026 the first id contained in the name came first: 'rtx-4090-d' was answered 'rtx-4090', another
    card (licence required for China, where the RTX 4090 D is permitted)."""
    key = _id_key(name)
    exact = [i for i in ids if _id_key(i) in (key, _digit_zero(key))]  # 'h2o': the letter O for a zero
    if exact:
        return exact
    held = [i for i in ids if name.lower() in i or i in name.lower() or key in _id_key(i) or _id_key(i) in key]
    close = held or difflib.get_close_matches(name.lower(), ids, n=3, cutoff=0.75)  # 'ascend910b'
    nearest = sorted(close, key=lambda i: (key not in _id_key(i),  # 'a100': the A100s before the A10 inside it
                                           -difflib.SequenceMatcher(None, key, _id_key(i)).ratio()))
    return nearest[:5]


def _digit_zero(key: str) -> str:
    """``key`` with each letter o that touches a digit read as a zero ('h2o' -> 'h20', 'l4o' -> 'l40'):
    the slip of a buyer typing a model number; a name's own o ('geforce', 'ascend') is kept."""
    while (read := re.sub(r"(?<=\d)o|o(?=\d)", "0", key)) != key:  # 'mi3oox': each o beside a zero read too
        key = read
    return key


def _field_problem(card_id: str, error: ValidationError) -> Message:
    """The first problem of a card's ``error``: the card, the field and why, said in either language."""
    loc, problem = error_message(error, Card)
    return msg("catalog-card-field", card=card_id, field=".".join(loc) or "(card)", problem=problem)


def _said_of(error: BaseException) -> Message:
    """What ``error`` says as a message: its refusal (``CatalogError.message``) or the message it
    carries (``said``), else its own (English, the system's) words."""
    for found in (getattr(error, "message", None), getattr(error, "said", None)):
        if isinstance(found, Message):
            return found
    return msg("as-written", text=str(error))


def parse_card(raw: dict) -> Card:
    """Validate one raw card dict; CatalogError names the card id and field."""
    card_id = raw.get("id", "<no id>") if isinstance(raw, dict) else "<not an object>"
    try:  # strict: JSON types as they are (no "80" as a number, no 1 as true)
        return Card.model_validate_json(json.dumps(raw, allow_nan=False), strict=True)
    except ValidationError as error:
        raise said(CatalogError, _field_problem(str(card_id), error)) from None
    except ValueError:
        raise said(CatalogError, msg("catalog-card-not-finite", card=str(card_id))) from None


def parse_catalog(data: dict) -> Catalog:
    """Validate a whole catalog document (the bundled file's structure)."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CatalogError("catalog: top level must be an object with a 'cards' list")
    if not data["cards"]:
        raise CatalogError("catalog: the 'cards' list is empty")
    cards = tuple(parse_card(raw) for raw in data["cards"])
    seen: set[str] = set()
    for card in cards:
        if card.id in seen:
            raise CatalogError(f"card '{card.id}': field 'id': duplicate id")
        seen.add(card.id)
        if card.is_user or any(p.origin != "catalog" for p in card.prices):
            raise CatalogError(f"card '{card.id}': field 'origin': only the user's own file holds the user's entries")
    return Catalog(
        cards=cards,
        version=str(data.get("catalog_version", "unknown")),
        date=str(data.get("catalog_date", "unknown")),
        not_products=_entries(data, "not_products", NotAProduct),
        unlisted=_entries(data, "unlisted", UnlistedCard),
    )


def _entries(data: dict, key: str, model: type[_Frozen]) -> tuple:
    """The catalog's list ``key`` (``not_products``, ``unlisted``) validated as ``model``s; missing
    or ``null`` is none; CatalogError naming the key and entry otherwise."""
    raw = data.get(key)
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise CatalogError(f"catalog: '{key}' must be a list of objects")
    entries = []
    for number, entry in enumerate(raw, start=1):
        try:
            entries.append(model.model_validate(entry))
        except ValidationError as error:
            loc, text = error_text(error, model)
            where = f": field '{'.'.join(loc)}'" if loc else ""
            raise CatalogError(f"catalog: '{key}' entry {number}{where}: {text}") from None
    return tuple(entries)


def _read_json(path: Path) -> object:

    try:
        return read_json_file(path)
    except JsonFileError as error:
        raise carried(CatalogError, error) from None


BUNDLED_CATALOG = "catalog.json"
"""The bundled catalog's name among the installation's data files."""

_PARSED: dict[tuple[str, int, int], Catalog] = {}
"""The bundled catalog as last parsed, by (path, modification time [ns], size [B]): the CLI, the
window and the tests load it many times per process, and parsing its cards takes ~30 ms. A
catalog (a frozen dataclass of frozen cards) is never edited in place, so one copy is shared."""


def load_bundled_catalog() -> Catalog:
    """The catalog shipped with the program; CatalogError naming the file and the problem if it is broken.

    Parsed once per file version (:data:`_PARSED`); a broken file is read again on every call."""
    try:
        path = bundled_path(BUNDLED_CATALOG)
    except FileNotFoundError:
        raise said(CatalogError, msg("catalog-missing", file=BUNDLED_CATALOG)) from None
    try:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = None  # reading it reports the problem below
    if key is not None and key in _PARSED:
        return _PARSED[key]
    try:
        catalog = parse_catalog(_read_json(path))
    except CatalogError as error:
        text = str(error)
        raise CatalogError(text if str(path) in text else f"bundled catalog {path}: {text}") from None
    if key is not None:
        _PARSED.clear()
        _PARSED[key] = catalog
    return catalog


def default_overlay_path() -> Path:
    """Where the user's own cards and prices live."""
    return user_data_dir() / "user-catalog.json"


def future_price_problem(card_name: str, entry: PriceEntry, on: date | None = None) -> Message | None:
    """Why a user's price cannot be used when it is dated after today (it would beat every real
    price), else None."""
    on = on or today()
    return msg("user-price-future", card=card_name, date=entry.date, today=on.isoformat()) \
        if is_future(entry, on) else None


def apply_overlay(base: Catalog, overlay: dict, today: date | None = None) -> Catalog:
    """Merge an overlay document over ``base``.

    The overlay holds ``cards`` (the user's own cards) and ``prices`` (a mapping card id -> list
    of price entries appended to that card). Everything merged is marked as the user's
    (``origin``). User data cannot silently replace the truth (issue 25, part 6): a user card
    whose id is a bundled card's is refused, not merged over it (a renamed copy would rank beside
    the real card under the same name; the file keeps it for the user to give it an id of its
    own), and a price dated after ``today`` is refused (it would beat every real price). Each
    refusal is a problem in ``Catalog.problems`` and a message in ``Catalog.refusals``.
    """
    if not isinstance(overlay, dict):
        raise said(CatalogError, msg("catalog-top-not-object"))
    cards = {c.id: c for c in base.cards}
    problems: list[Message] = []
    refusals: list[Message] = []
    raw_cards, raw_prices = overlay.get("cards") or [], overlay.get("prices") or {}
    if not isinstance(raw_cards, list):
        problems.append(msg("overlay-cards-not-list"))
        raw_cards = []
    if not isinstance(raw_prices, dict):
        problems.append(msg("overlay-prices-not-object"))
        raw_prices = {}
    own: set[str] = set()
    for raw in raw_cards:
        try:
            card = _as_users(parse_card(raw))
        except CatalogError as error:
            problems.append(msg("overlay-card-skipped", problem=_said_of(error)))
            continue
        if card.id in base:
            refusals.append(shadowing_problem(card.id, base))
            problems.append(refusals[-1])
            continue
        kept = []
        for entry in card.prices:
            future = future_price_problem(card.name, entry, today)
            if future is None:
                kept.append(entry)
            else:
                refusals.append(future)
                problems.append(future)
        if len(kept) != len(card.prices):
            card = _with_prices(card, tuple(kept))
        if card.id in own:
            problems.append(msg("overlay-card-twice", card=card.id))
        own.add(card.id)
        cards[card.id] = card
    for card_id, entries in raw_prices.items():
        if card_id not in cards:
            problems.append(msg("overlay-prices-unknown-card", card=str(card_id)))
            continue
        if not isinstance(entries, list):
            problems.append(msg("overlay-prices-not-list", card=str(card_id)))
            continue
        added = []
        for number, entry in enumerate(entries, start=1):
            try:
                price = PriceEntry.model_validate_json(json.dumps(entry, allow_nan=False), strict=True)
            except ValidationError as error:
                problems.append(msg("overlay-price-skipped", problem=_field_problem(str(card_id), error), number=number))
                continue
            except ValueError:
                problems.append(msg("overlay-price-not-finite", card=str(card_id), number=number))
                continue
            future = future_price_problem(cards[card_id].name, price, today)
            if future is not None:
                refusals.append(future)
                problems.append(future)
                continue
            added.append(_users_price(price))
        if added:
            cards[card_id] = _with_prices(cards[card_id], cards[card_id].prices + tuple(added))
    return Catalog(
        cards=tuple(cards.values()),
        version=base.version + "+user",
        date=base.date,
        not_products=base.not_products,
        unlisted=base.unlisted,
        problems=tuple(problems),
        refusals=tuple(refusals),
    )


def shadowing_problem(card_id: str, base: Catalog) -> Message:
    """Why a user card with a bundled card's id is refused, with an id of its own to give it."""
    suggestion = free_card_id(card_id, base)
    return msg("user-card-shadows", id=card_id, name=base.get(card_id).name, suggestion=suggestion)


def free_card_id(card_id: str, catalog: Catalog) -> str:
    """An id for the user's own variant of ``card_id`` that no card in ``catalog`` has
    (``h100-sxm-mine``, ``h100-sxm-mine-2`` …)."""
    candidate, number = f"{card_id}-mine", 2
    while candidate in catalog:
        candidate, number = f"{card_id}-mine-{number}", number + 1
    return candidate


def _users_price(price: PriceEntry) -> PriceEntry:
    return PriceEntry.model_validate({**price.model_dump(), "origin": "user"})


def _as_users(card: Card) -> Card:
    """``card`` and its prices marked as the user's, whatever the file said."""
    data = card.model_dump()
    data["prices"] = [_users_price(p) for p in card.prices]
    return Card.model_validate({**data, "origin": "user"})


def _with_prices(card: Card, prices: tuple[PriceEntry, ...]) -> Card:
    """``card`` with ``prices`` (each keeping its origin), validated again."""
    data = card.model_dump()
    data["prices"] = prices
    return Card.model_validate({**data, "origin": card.origin})


def load_catalog(overlay_path: Path | None = None) -> Catalog:
    """Bundled catalog merged with the user overlay; a broken overlay is skipped.

    Problems with the overlay are returned in ``Catalog.problems`` instead of raised.
    """
    base = load_bundled_catalog()
    path = overlay_path if overlay_path is not None else default_overlay_path()
    if not path.exists():
        return base
    try:
        merged = apply_overlay(base, _read_json(path))
    except (CatalogError, OSError) as error:
        problem = msg("user-catalog-skipped", path=str(path), why=_said_of(error))
        return Catalog(base.cards, base.version, base.date, base.not_products, base.unlisted, (problem,))
    return dataclasses.replace(merged, problems=tuple(msg("user-catalog-problem", path=str(path), problem=p)
                                                      for p in merged.problems))


# ---- editing the user overlay ---------------------------------------------------------


def read_overlay(path: Path) -> dict:
    """The overlay document at ``path`` (empty if there is none yet)."""
    if not path.exists():
        return {"cards": [], "prices": {}}
    data = _read_json(path)
    if not isinstance(data, dict):
        raise said(CatalogError, msg("catalog-in-file", path=str(path), problem=msg("catalog-top-not-object")))
    data.setdefault("cards", [])
    data.setdefault("prices", {})
    if not isinstance(data["cards"], list) or not all(isinstance(c, dict) for c in data["cards"]) \
            or not isinstance(data["prices"], dict):
        raise said(CatalogError, msg("catalog-overlay-not-editable", path=str(path)))
    return data


def overlay_lock_path(path: Path) -> Path:
    """The lock file every change of the overlay at ``path`` holds (beside it, hidden)."""
    return path.with_name(f".{path.name}.lock")


def _write_overlay(path: Path, overlay: dict) -> Catalog:
    merged = apply_overlay(load_bundled_catalog(), overlay)  # validates before anything is written
    write_text_atomically(path, json.dumps(overlay, indent=1, ensure_ascii=False) + "\n")
    return merged


def _change_overlay(path: Path, change: Callable[[dict], None]) -> Catalog:
    """Read the overlay, ``change`` it and write it back under the overlay's lock.

    Another window may add a card at the same moment: the file is read again inside the lock,
    so its change is kept and this one added to it (read-modify-write without the lock lost 50
    of 120 cards in two windows, issue 30). The write is atomic, so a reader without the lock
    sees the old file or the new one, never half.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with exclusive_lock(overlay_lock_path(path)):
        overlay = read_overlay(path)
        change(overlay)
        return _write_overlay(path, overlay)


def save_user_card(path: Path, card: Card) -> Catalog:
    """Add or replace one of the user's cards; returns the merged catalog. A card with a bundled
    card's id is refused (CatalogError with the refusal's message), before anything is read or written."""
    bundled = load_bundled_catalog()
    if card.id in bundled:
        refusal = shadowing_problem(card.id, bundled)
        raise CatalogError(refusal.text, refusal)

    def change(overlay: dict) -> None:
        overlay["cards"] = [c for c in overlay["cards"] if c.get("id") != card.id]
        overlay["cards"].append(card.model_dump(mode="json"))

    return _change_overlay(path, change)


def save_user_price(path: Path, card_id: str, price: PriceEntry) -> Catalog:
    """Add a price entry for any card (bundled or the user's); returns the merged catalog. A price
    dated after today is refused (CatalogError with the refusal's message)."""
    refusal = future_price_problem(card_id, price)
    if refusal is not None:
        raise CatalogError(refusal.text, refusal)

    def change(overlay: dict) -> None:
        overlay["prices"].setdefault(card_id, []).append(price.model_dump(mode="json", exclude_none=True))

    return _change_overlay(path, change)
