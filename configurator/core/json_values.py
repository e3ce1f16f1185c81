"""Checked reading of JSON files, and of numbers and flags in foreign JSON (``config.json``).

Every JSON file the program reads goes through :func:`read_json_file` (size, UTF-8, depth,
integer length, no NaN or duplicate keys); the values inside are then checked by the pydantic
models in strict mode, or by the helpers below.

JSON read by Python gives integers of any size, floats that may be ``inf`` or ``nan``, and
values of the wrong type (``true`` where a count belongs, ``"false"`` where a flag belongs).
These helpers accept only what the field means and raise ``ValueError`` with a message that
names the key and the value otherwise.
"""

from __future__ import annotations

import codecs
import errno
import json
import math
from pathlib import Path

from configurator.core.files import open_regular_file
from configurator.core.messages import Message, msg
from configurator.core.messages_said import said
from configurator.core.view.printable import printable

_SHOWN_DIGITS = 20

MAX_FILE_BYTES = 8 * 1024 * 1024
"""Largest JSON file read [bytes]: the bundled catalog is about 0.1 MB, a config.json a few kB."""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects accepted (the scenario file needs 4)."""
MAX_INT_DIGITS = 1000
"""Longest integer literal parsed; a longer one is refused before Python converts it (and a
number within it that is out of range still gets a message naming its key)."""


class JsonFileError(ValueError):
    """A JSON file cannot be used; the message names the file and the problem in one line."""


def _refuse_constant(name: str) -> None:
    raise said(ValueError, msg("json-not-number", name=name))


def _checked_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise said(ValueError, msg("json-too-many-digits", digits=digits, most=MAX_INT_DIGITS))
    return int(text)


def _checked_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise said(ValueError, msg("json-number-too-large", text=text[:30]))
    return value


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise said(ValueError, msg("json-key-twice", key=twice[:40]))
    return document


def _depth(document: object) -> int:
    """Deepest nesting of ``document`` (iterative: a deep document cannot exhaust the stack)."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


_WIDE_MARKS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
               (codecs.BOM_UTF16_BE, "utf-16"))
"""Byte-order marks of UTF-32 and UTF-16 text (UTF-32 LE's begins with UTF-16 LE's: tried first), and
the codec that reads each: a file saved as "Unicode" by Windows Notepad is UTF-16 with a mark."""


def _decoded(data: bytes, name: str) -> str:
    """The text of a JSON file's bytes: UTF-8 (a byte-order mark allowed), or UTF-16 / UTF-32 that
    begins with its byte-order mark. An empty file, or one of zero bytes only (what a power cut
    leaves of a file whose writer did not flush it), is said as such, not as JSON that "expects a
    value at line 1, column 1" (until December 2026)."""
    if not data.strip(b"\0 \t\r\n"):
        raise said(JsonFileError, msg("json-empty" if not data.strip() else "json-zero-bytes", name=name,
                                      size=f"{len(data):,}"))
    wide = next((codec for mark, codec in _WIDE_MARKS if data.startswith(mark)), None)
    if wide is not None:
        try:
            return data.decode(wide)
        except UnicodeDecodeError:
            pass  # not whole UTF-16 / UTF-32 text after all: said as the UTF-8 it is not
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise said(JsonFileError, msg("json-not-utf8", name=name, byte=error.start + 1)) from None


def parse_json(data: bytes | str, name: str = "the file") -> object:
    """Parse JSON text carefully: UTF-8, no NaN/Infinity, bounded integers, depth and no duplicate keys.

    Parameters
    ----------
    data : bytes or str
        The file's content (bytes are decoded as UTF-8, a byte-order mark allowed; or as UTF-16 or
        UTF-32 where they begin with theirs).
    name : str
        How the message names the source (usually the path).

    Raises
    ------
    JsonFileError
        With one line naming ``name`` and the problem.
    """
    if isinstance(data, bytes):
        data = _decoded(data, name)
    try:
        document = json.loads(data, parse_int=_checked_int, parse_float=_checked_float,
                              parse_constant=_refuse_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise said(JsonFileError, msg("json-invalid", name=name, line=error.lineno, column=error.colno,
                                      why=error.msg)) from None
    except RecursionError:
        raise said(JsonFileError, msg("json-too-deep", name=name, depth=MAX_DEPTH)) from None
    except ValueError as error:  # a number or key refused above: its message, named by the file
        problem = error.said if isinstance(getattr(error, "said", None), Message) else str(error)
        raise said(JsonFileError, msg("json-in-file", name=name, problem=problem)) from None
    if _depth(document) > MAX_DEPTH:
        raise said(JsonFileError, msg("json-too-deep", name=name, depth=MAX_DEPTH))
    return document


def read_bounded(path: Path, max_bytes: int, error: type[Exception] | None = None, what: str = "file") -> bytes:
    """The bytes of ``path``, reading at most ``max_bytes`` + 1; ``error`` (default
    :class:`JsonFileError`) names the file when it cannot be read, is too large, or is not a file
    at all (a FIFO, a device such as ``/dev/zero``, a folder: :func:`~configurator.core.files.open_regular_file`)."""
    error = error or JsonFileError
    try:
        with open_regular_file(Path(path)) as stream:
            data = stream.read(max_bytes + 1)
    except OSError as problem:
        raise said(error, msg("file-cannot-read", path=str(path), why=_why_unreadable(problem))) from None
    if len(data) > max_bytes:
        size = f"{max_bytes // (1024 * 1024)} MB" if max_bytes >= 1024 * 1024 else f"{max_bytes // 1000} kB"
        raise said(error, msg("file-too-large", path=str(path), size=size, what=what))
    return data


_UNREADABLE = {errno.ENOENT: "file-missing", errno.EACCES: "file-no-permission", errno.EPERM: "file-no-permission"}
"""The reasons a file cannot be opened that a message says in the user's language (the others
in the system's words)."""


def _why_unreadable(problem: OSError) -> Message | str:
    """Why a file cannot be read: the message it carries (a FIFO, a folder …), a common reason in
    words of the catalogue, else the system's own."""
    if isinstance(getattr(problem, "said", None), Message):
        return problem.said
    if problem.errno in _UNREADABLE:
        return msg(_UNREADABLE[problem.errno])
    return problem.strerror or str(problem)


def read_json_file(path: Path, max_bytes: int = MAX_FILE_BYTES) -> object:
    """Read and parse the JSON file at ``path``; at most ``max_bytes`` are read (``/dev/zero`` ends).

    Raises
    ------
    JsonFileError
        The file cannot be read, is too large, is not UTF-8 or not valid JSON (see :func:`parse_json`).
    """
    return parse_json(read_bounded(path, max_bytes), str(path))


def json_object(document: object, name: str) -> dict:
    """``document`` if it is a JSON object; JsonFileError naming ``name`` otherwise."""
    if not isinstance(document, dict):
        raise said(JsonFileError, msg("json-not-object", name=name, what=describe_said(document)))
    return document


def describe(value: object) -> str:
    """A short, safe rendering of ``value`` for an error message.

    Parameters
    ----------
    value : object
        Any value read from JSON.

    Returns
    -------
    str
        Long integers are cut to their first digits and a digit count (``str`` of a huge
        integer could itself fail); text is quoted; lists and objects are named by kind.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 12_000:  # beyond what str() converts by default (4,300 digits)
            return f"a number of about {int(value.bit_length() * math.log10(2)) + 1} digits"
        text = str(value)
        digits = len(text.lstrip("-"))
        return text if digits <= _SHOWN_DIGITS else f"{text[:_SHOWN_DIGITS]}… ({digits} digits)"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return f'the text "{_shown_text(value)}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _shown_text(value: str) -> str:
    """Typed text as a message quotes it: its first 40 characters, on one line (a line break or other
    control character written as its ``\\uXXXX`` escape: :func:`~configurator.core.view.printable.printable`)."""
    shown = value if len(value) <= 40 else value[:40] + "…"
    return printable(shown)


def describe_said(value: object) -> Message | str:
    """:func:`describe` as a message's parameter, said in the message's language: text and very long
    numbers as messages, lists and objects as words of :data:`~configurator.core.messages.TERMS`,
    numbers and true/false as written."""
    if isinstance(value, str):
        return msg("json-the-text", text=_shown_text(value))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 12_000:
        return msg("json-long-number", digits=str(int(value.bit_length() * math.log10(2)) + 1))  # as describe()
    return describe(value)


def whole_number(value: object, key: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an integer in ``[low, high]``.

    Parameters
    ----------
    value : object
        A JSON number; a float is accepted when it is finite and whole (``768.0``).
    key : str
        The key the value was read from, for the message.
    low, high : int or None
        Inclusive bounds; ``None`` leaves that side open.

    Returns
    -------
    int
        The value.

    Raises
    ------
    ValueError
        For booleans, text, lists, objects, fractions, infinities, NaN and values out of range.
    """
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
        number = int(value)
    if number is None:
        raise said(ValueError, msg("value-not-whole", key=key, what=describe_said(value)))
    if (low is not None and number < low) or (high is not None and number > high):
        raise said(ValueError, msg("value-out-of-range", key=key, what=describe_said(value), range=_range(low, high)))
    return number


def flag(value: object, key: str, default: bool) -> bool:
    """``value`` as a boolean: JSON ``true``/``false``; missing or ``null`` gives ``default``.

    Raises
    ------
    ValueError
        For anything else: ``"false"`` is text, and ``0``/``1`` are numbers.
    """
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    raise said(ValueError, msg("value-not-flag", key=key, what=describe_said(value)))


def text_value(value: object, key: str, default: str) -> str:
    """``value`` as text: a JSON string; missing or ``null`` gives ``default``.

    Raises
    ------
    ValueError
        For anything else (a list in ``hidden_act`` is not an activation name).
    """
    if value is None:
        return default
    if isinstance(value, str):
        return value
    raise said(ValueError, msg("value-not-text", key=key, what=describe_said(value)))


def _range(low: int | None, high: int | None) -> Message:
    if low is not None and high is not None:
        return msg("range-between", low=low, high=high)
    return msg("range-at-least", low=low) if low is not None else msg("range-at-most", high=high)
