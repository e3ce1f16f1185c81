"""What can still be read of a damaged scenario document (an autosave after a crash).

A power cut or a full disk can leave an autosave cut short, padded with zero bytes, or written
by a newer version of the program. :func:`salvage_scenario` reads as much of it as is certain:
the text up to the last complete value (cut at the first zero byte or undecodable byte), the
containers then closed; fields this version refuses (unknown to it, or out of range) reset to
their defaults. It says what it did (:class:`Damage`), so the window can offer the result as
"partly recoverable" — or gives None, and the file is set aside, never deleted.

Qt-free; the window words the damage in the user's language.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from pydantic import ValidationError

from configurator.core.json_values import JsonFileError, parse_json
from configurator.core.scenario import MAX_NAME_CHARS, SCENARIO_SCHEMA_VERSION, Scenario
from configurator.core.scenario_migrate import migrated_body
from configurator.core.scenario_io import FILE_FORMAT, MAX_SCENARIO_BYTES

MAX_RESETS = 40
"""Most fields reset to their defaults before a document counts as unreadable."""
CLOSING_TRIES = 64
"""Most places (the last complete values) tried when closing a document cut short."""

EMPTY, ZERO_BYTES, NOT_JSON, NOT_A_SCENARIO, NO_SCENARIO_PART, INVALID = (
    "empty", "zero-bytes", "not-json", "not-a-scenario", "no-scenario-part", "invalid")
"""Why nothing could be read (:attr:`Salvage.reason`; the window words them in its language)."""

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]]|-?[0-9][0-9.eE+\-]*|true|false|null', re.DOTALL)
"""A complete JSON string, bracket, number or literal (an unterminated string does not match)."""


@dataclass(frozen=True)
class Damage:
    """What was wrong with a document and what was done about it (empty: nothing; it is whole).

    ``cut_at`` [bytes]: the part of the file that could be used ended there (of ``size`` bytes)
    and what followed is lost; ``newer_version``: the file's version, newer than this program's; ``reset``: dotted
    paths of fields reset to their defaults; ``too_large``: the file is larger than a scenario
    file may be (:data:`~configurator.core.scenario_io.MAX_SCENARIO_BYTES`).
    """

    size: int = 0
    cut_at: int | None = None
    newer_version: int | None = None
    reset: tuple[str, ...] = ()
    too_large: bool = False

    @property
    def any(self) -> bool:
        return self.cut_at is not None or self.newer_version is not None or bool(self.reset) or self.too_large


@dataclass(frozen=True)
class Salvage:
    """The outcome: the scenario (None when nothing usable was left: then ``reason``, one of
    :data:`EMPTY` … :data:`INVALID`, says why, and ``detail`` adds a technical line in English),
    the document's other top-level entries (the autosave's notes), and the damage."""

    scenario: Scenario | None
    extra: dict = field(default_factory=dict)
    damage: Damage = Damage()
    reason: str = ""
    detail: str = ""


def salvage_scenario(data: bytes) -> Salvage:
    """Read the scenario document in ``data`` as far as it can be read (see the module docstring)."""
    size = len(data)
    if not data.strip(b"\0 \t\r\n"):
        return Salvage(None, reason=EMPTY if not data.strip() else ZERO_BYTES)
    text, cut_at = _readable_text(data)
    document = _parsed(text)
    if document is None:
        document, used = _closed(text)
        if document is None:
            return Salvage(None, reason=NOT_JSON)
        cut_at = len(text[:used].encode("utf-8"))
    elif cut_at is not None and not data[cut_at:].strip(b"\0 \t\r\n"):
        cut_at = None  # only zero bytes or blanks after a complete document: nothing lost
    if not isinstance(document, dict) or document.get("format") != FILE_FORMAT:
        return Salvage(None, reason=NOT_A_SCENARIO)
    version = document.get("version")
    newer = version if isinstance(version, int) and not isinstance(version, bool) \
        and version > SCENARIO_SCHEMA_VERSION else None
    body = document.get("scenario")
    if not isinstance(body, dict):
        return Salvage(None, reason=NO_SCENARIO_PART)
    if isinstance(version, int) and not isinstance(version, bool):
        body = migrated_body(body, version)
    name = body.get("name")
    if isinstance(name, str) and len(name) > MAX_NAME_CHARS:  # cut, as a whole file's is (scenario_io)
        body = {**body, "name": name[:MAX_NAME_CHARS]}
    scenario, reset, detail = _validated(body)
    extra = {k: v for k, v in document.items() if k not in ("format", "version", "scenario")}
    damage = Damage(size=size, cut_at=cut_at, newer_version=newer, reset=reset, too_large=size > MAX_SCENARIO_BYTES)
    return Salvage(scenario, extra, damage, "" if scenario is not None else INVALID, detail)


def _readable_text(data: bytes) -> tuple[str, int | None]:
    """The text before the first zero byte or undecodable byte, and where it ended [bytes] (None
    when the whole file is text)."""
    zero = data.find(b"\0")
    cut = zero if zero >= 0 else None
    head = data if cut is None else data[:cut]
    try:
        return head.decode("utf-8-sig"), cut
    except UnicodeDecodeError as error:
        return head[:error.start].decode("utf-8-sig", errors="ignore"), error.start


def _parsed(text: str) -> object | None:
    try:
        return parse_json(text, "the autosave")
    except JsonFileError:
        return None


def _closed(text: str) -> tuple[object | None, int]:
    """``text`` cut after one of its last complete values, with its open objects and lists
    closed, and where it was cut [characters]; (None, 0) when no such place gives a JSON document.

    A number touching the end of the text may itself be cut (``12`` of ``128``): it is not a
    place to cut after.
    """
    ends: list[tuple[int, str]] = []
    stack: list[str] = []
    end_of_text = len(text.rstrip())
    for token in _TOKEN.finditer(text):
        kind = token.group()[0]
        if kind in "{[":
            stack.append("}" if kind == "{" else "]")
            continue
        if kind in "}]":
            if not stack:
                return None, 0
            stack.pop()
        elif kind not in '"tfn' and token.end() >= end_of_text:
            continue  # a number that may have lost digits
        ends.append((token.end(), "".join(reversed(stack))))
        if len(ends) > 4 * CLOSING_TRIES:
            del ends[:-CLOSING_TRIES]
    for cut, closers in reversed(ends[-CLOSING_TRIES:]):
        document = _parsed(text[:cut] + closers)
        if document is not None:
            return document, cut
    return None, 0


def _validated(body: dict) -> tuple[Scenario | None, tuple[str, ...], str]:
    """The scenario in ``body``, with the fields it refuses removed (their defaults used); the
    fields removed; and, when no scenario came of it, why (a technical line)."""
    reset: list[str] = []
    body = json.loads(json.dumps(body))  # a copy to cut fields from
    for _ in range(MAX_RESETS):
        try:
            text = json.dumps(body, allow_nan=False)
        except ValueError:
            return None, tuple(reset), "a number is not finite"
        try:
            return Scenario.model_validate_json(text, strict=True), tuple(reset), ""
        except ValidationError as error:
            removed = [_remove(body, problem["loc"]) for problem in error.errors() if problem["type"] != "missing"]
            removed = [path for path in removed if path]
            if not removed:
                first = error.errors()[0]
                where = ".".join(str(part) for part in first["loc"]) or "the scenario"
                return None, tuple(reset), f"{where}: {first['msg']}"
            reset.extend(path for path in removed if path not in reset)
    return None, tuple(reset), f"more than {MAX_RESETS} fields are wrong"


def _remove(body: dict, loc: tuple) -> str:
    """Remove the field at ``loc`` (a list element's whole list) from ``body``; its dotted path,
    or "" where there is no field to remove (a rule across fields)."""
    keys = []
    for part in loc:
        if not isinstance(part, str):
            break  # inside a list: the list goes
        keys.append(part)
    if not keys:
        return ""
    holder = body
    for key in keys[:-1]:
        holder = holder.get(key) if isinstance(holder, dict) else None
        if not isinstance(holder, dict):
            return ""
    if not isinstance(holder, dict) or keys[-1] not in holder:
        return ""
    del holder[keys[-1]]
    return ".".join(keys)
