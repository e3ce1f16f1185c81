"""The declared range of every number, read back from the pydantic models.

The bounds live once, on the fields of the frozen models (``Field(ge=…, le=…)`` and the unit in
brackets at the end of the field's description). The CLI's help, the editor's tooltips and every
refusal message (editor, command line, files) read them from here, so they cannot disagree.
"""

from __future__ import annotations

import enum
import json
import math
import re
import types
import typing
from dataclasses import dataclass, replace

from pydantic import BaseModel, ValidationError

from configurator.core.field_names import FieldName
from configurator.core.message_numbers import power_of_ten
from configurator.core.messages import Message, msg
from configurator.core.json_values import describe, describe_said

_UNIT = re.compile(r"\[([^\[\]]+)\]\s*$")
_RANGE_ERRORS = {"greater_than", "greater_than_equal", "less_than", "less_than_equal", "finite_number"}


@dataclass(frozen=True)
class Bounds:
    """The range a numeric field accepts.

    ``low``/``high`` are None where that side is open; ``*_inclusive`` tell ``ge`` from ``gt``.
    """

    low: float | None
    high: float | None
    low_inclusive: bool = True
    high_inclusive: bool = True
    unit: str = ""

    def text(self) -> str:
        """``1 to 240 [1/s]``, ``above 0 to 10⁹``: the range in words, with the unit."""
        return f"{self.span().text} {self.unit}".rstrip()

    def span(self) -> Message:
        """The range in words without the unit, as a message (``1 to 240``; in Chinese ``1 至 240``)."""
        low = None if self.low is None else _number(self.low)
        high = None if self.high is None else _number(self.high)
        if low is not None and high is not None:
            shape = {(True, True): "range-between", (True, False): "range-between-open-high",
                     (False, True): "range-above-up-to", (False, False): "range-above-below"}
            return msg(shape[self.low_inclusive, self.high_inclusive], low=low, high=high)
        if low is not None:
            return msg("range-at-least" if self.low_inclusive else "range-above", low=low)
        if high is not None:
            return msg("range-at-most" if self.high_inclusive else "range-below", high=high)
        return msg("range-any")

    def symbols(self, grouped: bool = False) -> str:
        """The range without words, for any language: ``1 … 240 [1/s]``, ``> 0 … 10⁹``.

        Parameters
        ----------
        grouped : bool
            Write a whole number of any size with its thousands grouped (``0.01 … 10,000,000 亿词元``):
            a range in a box's unit of a scale (亿 tokens, B tokens), where a power of ten as ``1e7`` would
            sit beside the language's own large unit (the zh token box read "0.01 … 1e7 亿词元" until
            December 2026); a field in its own unit keeps ``10⁹``.
        """
        number = _grouped if grouped else _number
        low = None if self.low is None else ("" if self.low_inclusive else "> ") + number(self.low)
        high = None if self.high is None else ("" if self.high_inclusive else "< ") + number(self.high)
        if low is not None and high is not None:
            span = f"{low} … {high}"
        elif low is not None:
            span = low if low.startswith(">") else f"≥ {low}"
        elif high is not None:
            span = high if high.startswith("<") else f"≤ {high}"
        else:
            return ""
        return f"{span} {self.unit}".rstrip()

    def shown(self, scale: float = 1.0, decimals: int = 0) -> Bounds:
        """The range a box writing ``decimals`` decimals of the value ÷ ``scale`` takes [shown unit]: each bound
        ÷ ``scale`` rounded inwards to a shown step (10^-``decimals``), an exclusive low bound moved up one step,
        both then inclusive (a global batch of at least 1 token is 0.01 … 2,147.48 M tokens at 2 decimals).

        Parameters
        ----------
        scale : float
            Field units per shown unit (1e6: millions of tokens) [field unit / shown unit].
        decimals : int
            Decimals the box writes [count].
        """
        if self.low is None or self.high is None:
            raise ValueError("an open range has no shown range")
        step = 10.0 ** -decimals
        low = math.ceil(round(self.low / scale / step, 6)) * step
        high = math.floor(round(self.high / scale / step, 6)) * step
        if not self.low_inclusive and math.isclose(low, self.low / scale):
            low += step
        return replace(self, low=round(low, decimals), high=round(high, decimals), low_inclusive=True,
                       high_inclusive=True)

    def contains(self, value: float) -> bool:
        """Whether ``value`` is finite and inside the range."""
        if not math.isfinite(value):
            return False
        if self.low is not None and (value < self.low or (value == self.low and not self.low_inclusive)):
            return False
        return not (self.high is not None and (value > self.high or (value == self.high and not self.high_inclusive)))


GROUPED_BELOW = 1e15
"""The size from which even a grouped range writes a whole number as a power (``10¹⁵``) [1]: 16 digits
and more are not read at a glance."""


def _grouped(value: float) -> str:
    """``value`` with its thousands grouped (``10,000,000``, ``2,147.48``: a box's range at its decimals,
    :meth:`Bounds.shown`), else as :func:`_number` writes it (below 0.0001: ``1e-06``; from
    :data:`GROUPED_BELOW`: a power)."""
    if value == int(value) and abs(value) < GROUPED_BELOW:
        return f"{int(value):,}"
    return f"{value:,}" if 1e-4 <= abs(value) < GROUPED_BELOW else _number(value)


def _number(value: float) -> str:
    """A bound as a range says it: a whole number with its thousands grouped (``1,000,000``,
    ``2,147,483,648``), except a round one from 10⁷ up, written as a power of ten as the number writers write
    one (``10¹²``: :func:`~configurator.core.message_numbers.power_of_ten`), as is one below 0.0001
    (``10⁻⁶``); else as Python writes it (``0.01``). Until December 2026 a range read ``1 to 1e12 [CNY]``, a
    programmer's notation (persona46)."""
    if value == int(value) and abs(value) < 1e7:
        return f"{int(value):,}"
    if value != 0 and (abs(value) >= 1e7 or abs(value) < 1e-4):
        exponent = math.floor(math.log10(abs(value)))
        mantissa = float(f"{abs(value) / 10.0 ** exponent:.6g}")
        if value == int(value) and mantissa != int(mantissa) and abs(value) < GROUPED_BELOW:
            return f"{int(value):,}"
        sign = "-" if value < 0 else ""
        power = power_of_ten(exponent)
        return f"{sign}{power}" if mantissa == 1 else f"{sign}{mantissa:g}×{power}"
    return f"{value:g}"


def field_bounds(model: type[BaseModel], name: str) -> Bounds:
    """The declared bounds and unit of ``model``'s field ``name``.

    Parameters
    ----------
    model : type of BaseModel
        A pydantic model class (``Economics``, ``Graphics`` …).
    name : str
        The field's name.
    """
    info = model.model_fields[name]
    low = high = None
    low_inclusive = high_inclusive = True
    for constraint in info.metadata:
        if getattr(constraint, "ge", None) is not None:
            low, low_inclusive = constraint.ge, True
        if getattr(constraint, "gt", None) is not None:
            low, low_inclusive = constraint.gt, False
        if getattr(constraint, "le", None) is not None:
            high, high_inclusive = constraint.le, True
        if getattr(constraint, "lt", None) is not None:
            high, high_inclusive = constraint.lt, False
    match = _UNIT.search(info.description or "")
    return Bounds(low, high, low_inclusive, high_inclusive, f"[{match.group(1)}]" if match else "")


def _submodel(annotation: object) -> type[BaseModel] | None:
    """The model class inside ``annotation`` (``Economics``, ``Economics | None``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return next((m for m in map(_submodel, typing.get_args(annotation)) if m is not None), None)
    return None


def field_at(root: type[BaseModel], loc: tuple) -> tuple[type[BaseModel], str] | None:
    """The (model class, field name) a validation error's ``loc`` points at, or None; an index
    steps into an item of a tuple of models (``economics.quotes.0.unit_price``)."""
    model, parts = root, list(loc)
    while parts:
        part = parts.pop(0)
        if not isinstance(part, str) or part not in model.model_fields:
            return None
        if not parts:
            return model, part
        annotation = model.model_fields[part].annotation
        if isinstance(parts[0], int) and typing.get_origin(annotation) in (tuple, list):
            annotation = typing.get_args(annotation)[0]
            parts.pop(0)
        inner = _submodel(annotation)
        if inner is None or not parts:
            return None
        model = inner
    return None


def _shown(value: object) -> str:

    if isinstance(value, float) and math.isfinite(value):
        return f"{value:g}"
    return describe(value)


PATTERN_MESSAGES = {r"^[A-Z]{3}$": "not-a-currency-code", r"^\d{4}(-\d{2}(-\d{2})?)?$": "not-a-catalog-date"}
"""The text patterns the models declare (``Field(pattern=…)``: a currency code, a catalog date),
each with the message that says in words what the field takes; a pattern missing here is
refused as "not in the form this field takes" with the pattern itself (tests check that every
pattern of the scenario and catalog models is here)."""


def error_text(error: ValidationError, root: type[BaseModel]) -> tuple[tuple[str, ...], str]:
    """The first problem of ``error`` as (location, one line naming the allowed range).

    A number out of range reads ``inf is outside the range 0 to 1e9 [currency]``; a text that
    does not have the form its field takes says the form in words (``'eur' is not a currency
    code: three capital letters (ISO 4217) …``); other problems keep pydantic's words (without
    its ``Value error,`` prefix).
    """
    loc, message = error_message(error, root)
    return loc, message.text


def error_message(error: ValidationError, root: type[BaseModel]) -> tuple[tuple[str, ...], Message]:
    """:func:`error_text` as a message, to be said in the user's language (the range and the
    form of a field in words; pydantic's own words, in English, for the other problems)."""
    first = error.errors()[0]
    loc = tuple(str(p) for p in first["loc"])
    value = first.get("input")
    number = isinstance(value, int | float) and not isinstance(value, bool)
    too_large = number and (first["type"] == "int_parsing_size"  # a float beyond any int64
                            or first["type"] == "float_type" and isinstance(value, int))  # an int beyond floats
    if first["type"] in _RANGE_ERRORS or too_large:  # an integer beyond any float is out of range too
        found = field_at(root, tuple(first["loc"]))
        bounds = field_bounds(*found) if found is not None else _stated_bounds(first.get("ctx", {}))
        if bounds is not None:
            return loc, msg("value-outside-range", value=_shown(value), range=bounds.span(),
                            unit=f" {bounds.unit}" if bounds.unit else "")
    if first["type"] == "string_pattern_mismatch" and isinstance(value, str):
        pattern = str(first.get("ctx", {}).get("pattern", ""))
        message_id = PATTERN_MESSAGES.get(pattern)
        shown = _shown_text(value)
        return loc, msg(message_id, value=shown) if message_id else msg("not-in-form", value=shown, pattern=pattern)
    if first["type"] == "string_too_long" and isinstance(value, str):
        return loc, msg("text-too-long", length=len(value), limit=int(first.get("ctx", {}).get("max_length", 0)))
    carried = getattr(first.get("ctx", {}).get("error"), "said", None)  # a validator's message (core/messages_said.py)
    if isinstance(carried, Message):
        return loc, carried
    said = kind_message(first, root)
    if said is not None:
        return loc, said
    return loc, msg("as-written", text=first["msg"].removeprefix("Value error, "))


KIND_MESSAGES = {
    "missing": "field-missing",
    "int_type": "field-not-whole", "int_parsing": "field-not-whole", "int_from_float": "field-not-whole",
    "float_type": "field-not-a-number", "float_parsing": "field-not-a-number",
    "bool_type": "field-not-on-off", "bool_parsing": "field-not-on-off",
    "string_type": "field-not-text",
    "model_type": "field-not-an-object", "model_attributes_type": "field-not-an-object", "dict_type": "field-not-an-object",
    "tuple_type": "field-not-a-list", "list_type": "field-not-a-list",
    "literal_error": "field-not-a-choice", "enum": "field-not-a-choice", "is_instance_of": "field-not-a-choice",
    "extra_forbidden": "field-unknown",
    "too_short": "field-list-too-short", "too_long": "field-list-too-long",
}
"""The message of each kind of problem pydantic reports (its error ``type``) that the models meet
reading a file, a flag or a box: a field missing, a value of the wrong type, not one of the
field's choices, a field the models do not have, a list of the wrong length. Said in our words in
both languages (``messages_validation.py``), never pydantic's English (session 39, zhrest); a
kind missing here keeps pydantic's words (``as-written``)."""


def kind_message(problem: dict, root: type[BaseModel]) -> Message | None:
    """``problem`` (one of a ValidationError's ``errors()``) in words, by its kind
    (:data:`KIND_MESSAGES`): the value as given, and what the field takes — its choices, read from
    the model (``'pretrain', 'finetune', …``), the length of a list; None for another kind."""
    message_id = KIND_MESSAGES.get(problem["type"])
    if message_id is None:
        return None
    value, ctx = describe_said(problem.get("input")), problem.get("ctx", {})
    if message_id == "field-not-a-choice":
        found = field_at(root, tuple(problem["loc"]))
        choices = choice_values(found[0].model_fields[found[1]].annotation) if found is not None else ()
        if not choices:
            return msg("field-not-a-choice-here", value=value)
        return msg(message_id, value=value, choices=", ".join(json.dumps(c, ensure_ascii=False) for c in choices))
    if message_id in ("field-list-too-short", "field-list-too-long"):
        length = ctx.get("actual_length")
        limit = ctx.get("min_length" if message_id == "field-list-too-short" else "max_length")
        if not isinstance(length, int) or not isinstance(limit, int):
            return None
        return msg(message_id, count=length, limit=limit)
    return msg(message_id, value=value)


def _stated_bounds(ctx: dict) -> Bounds | None:
    """The bound a range problem states itself (pydantic's ``ctx``: ``gt``, ``ge``, ``lt``, ``le``),
    where its field is not found in the root model (a field behind a validator); None if none."""
    low = next(((ctx[key], key == "ge") for key in ("gt", "ge") if isinstance(ctx.get(key), int | float)), None)
    high = next(((ctx[key], key == "le") for key in ("lt", "le") if isinstance(ctx.get(key), int | float)), None)
    if low is None and high is None:
        return None
    return Bounds(low[0] if low else None, high[0] if high else None, low[1] if low else True,
                  high[1] if high else True)


def choice_values(annotation: object) -> tuple:
    """The values an enum or ``Literal`` annotation allows, in declared order (None left out)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return tuple(v for a in typing.get_args(annotation) if a is not type(None) for v in choice_values(a))
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return tuple(member.value for member in annotation)
    return ()


MAX_SHOWN_TEXT = 40
"""Characters of a refused text quoted in a message (the rest is '…')."""


def _shown_text(value: str) -> str:
    return value if len(value) <= MAX_SHOWN_TEXT else value[:MAX_SHOWN_TEXT] + "…"


def error_line_message(error: ValidationError, root: type[BaseModel], where_if_none: str = "") -> Message:
    """:func:`error_line` as a message, to be said in the user's language."""
    loc, problem = error_message(error, root)
    where = ".".join(loc) or where_if_none
    if loc:
        where = FieldName(where, root)  # by its label too where the window says it in Chinese (core/field_names.py)
    return msg("at-field", where=where, problem=problem) if where else problem


def error_line(error: ValidationError, root: type[BaseModel], where_if_none: str = "") -> str:
    """The first problem of ``error`` as one line ``location: problem`` (see :func:`error_text`).

    The one formatting of a validation error used by the window, the CLI, the scenario file,
    the catalog and the model importer; ``where_if_none`` names the whole object when the
    problem has no field (a cross-field check).
    """
    loc, text = error_text(error, root)
    where = ".".join(loc) or where_if_none
    return f"{where}: {text}" if where else text
