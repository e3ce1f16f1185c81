"""What can still be read of a damaged scenario document (an autosave after a crash).

A power cut or a full disk can leave an autosave cut short, padded with zero bytes, or written
by a newer version of the program. :func:`salvage_scenario` reads as much of it as is certain:
the text up to the last complete value (cut at the first zero byte or undecodable byte), the
containers then closed; fields this version refuses (unknown to it, or out of range) reset to
their defaults. It says what it did (:class:`Damage`, with the fields the cut took), so the window
can offer the result as "partly recoverable" — or gives None, and the file is set aside, never
deleted. :func:`filled_from` takes the fields an autosave lost from the file it belongs to, where
that file reads whole, so that saving the recovered work does not write defaults over them.

Qt-free; the window words the damage in the user's language.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from pydantic import BaseModel, ValidationError

from configurator.core.bounds import error_line_message
from configurator.core.json_values import JsonFileError, parse_json
from configurator.core.messages import Message, msg
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
    and what followed is lost; ``lost``: dotted paths of the fields that followed (their defaults
    used, unless the saved file the autosave belongs to gives them back: :func:`filled_from`; a
    list cut inside counts whole); ``newer_version``: the file's version, newer than this program's; ``reset``: dotted
    paths of fields reset to their defaults; ``too_large``: the file is larger than a scenario
    file may be (:data:`~configurator.core.scenario_io.MAX_SCENARIO_BYTES`).
    """

    size: int = 0
    cut_at: int | None = None
    newer_version: int | None = None
    reset: tuple[str, ...] = ()
    too_large: bool = False
    lost: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        return self.cut_at is not None or self.newer_version is not None or bool(self.reset) or self.too_large


@dataclass(frozen=True)
class Salvage:
    """The outcome: the scenario (None when nothing usable was left: then ``reason``, one of
    :data:`EMPTY` … :data:`INVALID`, says why, and ``detail`` adds what was wrong: a message,
    said in the reader's language),
    the document's other top-level entries (the autosave's notes), and the damage."""

    scenario: Scenario | None
    extra: dict = field(default_factory=dict)
    damage: Damage = Damage()
    reason: str = ""
    detail: Message | str = ""


def salvage_scenario(data: bytes) -> Salvage:
    """Read the scenario document in ``data`` as far as it can be read (see the module docstring)."""
    size = len(data)
    if not data.strip(b"\0 \t\r\n"):
        return Salvage(None, reason=EMPTY if not data.strip() else ZERO_BYTES)
    text, cut_at = _readable_text(data)
    document, still_open = _parsed(text), ()
    if document is None:
        document, used, still_open = _closed(text)
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
    lost = ()
    if scenario is not None and still_open[:1] == ("scenario",):
        lost = tuple(path for path in _cut_off(type(scenario), body, still_open[1:], "") if path not in reset)
    damage = Damage(size=size, cut_at=cut_at, newer_version=newer, reset=reset, too_large=size > MAX_SCENARIO_BYTES,
                    lost=lost)
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


def _closed(text: str) -> tuple[object | None, int, tuple]:
    """``text`` cut after one of its last complete values, with its open objects and lists
    closed; where it was cut [characters]; and the keys leading to the containers open there
    (outermost first; a list element's key is its index). (None, 0, ()) when no such place gives a
    JSON document.

    A number touching the end of the text may itself be cut (``12`` of ``128``): it is not a
    place to cut after.
    """
    ends: list[tuple[int, str, tuple]] = []
    stack: list[str] = []
    keys: list[object] = []  # per open container: its current key (an object's) or element count (a list's)
    end_of_text = len(text.rstrip())
    for token in _TOKEN.finditer(text):
        kind = token.group()[0]
        if kind in "{[":
            stack.append("}" if kind == "{" else "]")
            keys.append(None if kind == "{" else 0)
            continue
        if kind == '"' and stack and stack[-1] == "}" and _COLON.match(text, token.end()):
            keys[-1] = json.loads(token.group())  # a key: its value follows
            continue
        if kind in "}]":
            if not stack:
                return None, 0, ()
            stack.pop()
            keys.pop()
        elif kind not in '"tfn' and token.end() >= end_of_text:
            continue  # a number that may have lost digits
        if stack and stack[-1] == "]":
            keys[-1] += 1
        ends.append((token.end(), "".join(reversed(stack)), _open_path(stack, keys)))
        if len(ends) > 4 * CLOSING_TRIES:
            del ends[:-CLOSING_TRIES]
    for cut, closers, still_open in reversed(ends[-CLOSING_TRIES:]):
        document = _parsed(text[:cut] + closers)
        if document is not None:
            return document, cut, still_open
    return None, 0, ()


_COLON = re.compile(r"\s*:")


def _open_path(stack: list[str], keys: list[object]) -> tuple:
    """The keys leading from the document to its innermost open container (in a list: the index
    of the element being written)."""
    return tuple(keys[:len(stack) - 1])


def _cut_off(model: type, body: dict, still_open: tuple, prefix: str) -> list[str]:
    """Dotted paths of the fields of ``model`` that a cut took from ``body`` (an object open at the
    cut): those after its last key, and inside the one open there (``still_open``, its keys)."""
    names = list(getattr(model, "model_fields", {}))
    present = [names.index(key) for key in body if key in names]
    last = max(present, default=-1)
    lost = [prefix + name for name in names[last + 1:] if name not in body]
    if still_open and still_open[0] in names and still_open[0] in body:
        name = still_open[0]
        inner = model.model_fields[name].annotation
        if isinstance(body[name], dict) and isinstance(inner, type) and issubclass(inner, BaseModel):
            lost += _cut_off(inner, body[name], still_open[1:], f"{prefix}{name}.")
        elif isinstance(body[name], list):
            lost.append(prefix + name)  # a list cut inside: some of its elements are gone
    return lost


def _validated(body: dict) -> tuple[Scenario | None, tuple[str, ...], Message | str]:
    """The scenario in ``body``, with the fields it refuses removed (their defaults used); the
    fields removed; and, when no scenario came of it, why (a message, said in the window's language)."""
    reset: list[str] = []
    body = json.loads(json.dumps(body))  # a copy to cut fields from
    for _ in range(MAX_RESETS):
        try:
            text = json.dumps(body, allow_nan=False)
        except ValueError:
            return None, tuple(reset), msg("salvage-not-finite")
        try:
            return Scenario.model_validate_json(text, strict=True), tuple(reset), ""
        except ValidationError as error:
            removed = [_remove(body, problem["loc"]) for problem in error.errors() if problem["type"] != "missing"]
            removed = [path for path in removed if path]
            if not removed:
                return None, tuple(reset), error_line_message(error, Scenario, "scenario")
            reset.extend(path for path in removed if path not in reset)
    return None, tuple(reset), msg("salvage-too-many-wrong", count=MAX_RESETS)


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


def filled_from(salvaged: Scenario, lost: tuple[str, ...], saved: Scenario) -> tuple[Scenario, tuple[str, ...]]:
    """``salvaged`` with the fields at ``lost`` (dotted paths: a damaged autosave's lost and reset
    fields) taken from ``saved`` (the scenario of the file it belongs to, as last saved) instead of
    their defaults; and the paths so taken (empty, and ``salvaged`` as it was, where the mix breaks
    a rule across fields, even section by section)."""
    if not lost:
        return salvaged, ()
    have, mine = saved.model_dump(mode="json"), salvaged.model_dump(mode="json")
    for paths in (lost, tuple(dict.fromkeys(path.split(".")[0] for path in lost))):
        body = json.loads(json.dumps(mine))
        for path in paths:
            _put(body, have, path.split("."))
        try:
            mixed = Scenario.model_validate_json(json.dumps(body, allow_nan=False), strict=True)
        except (ValidationError, ValueError):
            continue
        return mixed, tuple(path for path in lost
                            if _value(saved, path) is not _NONE and _value(mixed, path) == _value(saved, path))
    return salvaged, ()


def lost_sections(paths: tuple[str, ...]) -> tuple[str, ...]:
    """The top-level sections (``training``, ``economics``, …) of the dotted ``paths``, in the
    scenario's order."""
    order = list(Scenario.model_fields)
    sections = dict.fromkeys(path.split(".")[0] for path in paths)
    return tuple(sorted(sections, key=lambda name: order.index(name) if name in order else len(order)))


def _put(body: dict, source: dict, keys: list[str]) -> None:
    """Set ``body``'s field at ``keys`` to ``source``'s (removed where ``source`` leaves it out: its default)."""
    for key in keys[:-1]:
        body, source = body.get(key), source.get(key) if isinstance(source, dict) else None
        if not isinstance(body, dict):
            return
    if isinstance(source, dict) and keys[-1] in source:
        body[keys[-1]] = source[keys[-1]]
    else:
        body.pop(keys[-1], None)


_NONE = object()
"""No such field (a newer version's, left out)."""


def _value(scenario: object, path: str) -> object:
    for key in path.split("."):
        scenario = getattr(scenario, key, _NONE)
    return scenario
