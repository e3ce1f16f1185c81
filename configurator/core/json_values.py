"""Checked reading of numbers and flags from foreign JSON (e.g. a Hugging Face ``config.json``).

JSON read by Python gives integers of any size, floats that may be ``inf`` or ``nan``, and
values of the wrong type (``true`` where a count belongs, ``"false"`` where a flag belongs).
These helpers accept only what the field means and raise ``ValueError`` with a message that
names the key and the value otherwise.
"""

from __future__ import annotations

import math

from pydantic import BaseModel

_SHOWN_DIGITS = 20


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
        shown = value if len(value) <= 40 else value[:40] + "…"
        return f'the text "{shown}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


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
        raise ValueError(f"{key} must be a whole number, not {describe(value)}")
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{key} = {describe(value)} is outside the range {_range(low, high)}")
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
    raise ValueError(f"{key} must be true or false, not {describe(value)}")


def field_bounds(model: type[BaseModel], name: str) -> tuple[int | None, int | None]:
    """The inclusive ``ge``/``le`` bounds declared on a pydantic model's field.

    Returns
    -------
    tuple of (int or None, int or None)
        ``(low, high)``; ``None`` where the field declares no bound on that side.
    """
    low = high = None
    for constraint in model.model_fields[name].metadata:
        low = getattr(constraint, "ge", low)
        high = getattr(constraint, "le", high)
    return low, high


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low:,} to {high:,}"
    return f"≥ {low:,}" if low is not None else f"≤ {high:,}"
