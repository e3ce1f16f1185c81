"""The command line's argument types: whole and decimal numbers (``1,000``, ``１００``, ``0.5``),
quantities (``7B``, ``50万``), durations (``90d``), latencies (``2s``, ``1500ms``), the parts
to offload, ``auto`` or a value, and on/off; each refuses bad text with a message of the catalogue
(``said``), in the language of ``--lang``."""

from __future__ import annotations

import argparse
import datetime
import math
import re

from configurator.core.durations import ambiguous_unit
from configurator.core.durations import duration_hours as typed_hours
from configurator.core.magnitudes import plain_number, with_magnitude
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.number_problems import number_problem
from configurator.core.scenario import Training


def _read(value: float | None, text: str, unreadable: str, too_large: str) -> float:
    """``value`` read from ``text``, refused with message ``unreadable`` where none was read (or
    the reason :func:`~configurator.core.number_problems.number_problem` finds: Chinese numerals, a
    decimal comma, nothing typed) and ``too_large`` where it is not finite."""
    if value is None:
        raise said(argparse.ArgumentTypeError, number_problem(text) or msg(unreadable, text=text))
    if not math.isfinite(value):
        raise said(argparse.ArgumentTypeError, msg(too_large, text=text))
    return value


def quantity(text: str) -> float:
    """Parse ``7e9``, ``7B``, ``1.5T``, ``500M``, ``500,000``, ``50万``, ``2万亿``, ``５０万`` into a
    number (:func:`~configurator.core.magnitudes.with_magnitude`)."""
    return _read(with_magnitude(text), text, "cli-not-a-number", "cli-too-large")


def whole_number(text: str) -> int:
    """Parse a whole number as :func:`~configurator.core.magnitudes.plain_number` reads it — ``1000``,
    ``1,000``, ``１，０００`` (an input method's full width), ``1e3`` — without a magnitude; a
    fraction, a magnitude or no number is refused, saying why (the window's whole-number boxes read
    the same)."""
    value = plain_number(text)
    if value is None or not math.isfinite(value) or not value.is_integer():
        raise said(argparse.ArgumentTypeError, number_problem(text) or msg("cli-not-a-whole-number", text=text))
    return int(value)


def decimal_number(text: str) -> float:
    """Parse a decimal number as :func:`~configurator.core.magnitudes.plain_number` reads it —
    ``0.5``, ``３．５``, ``0。5`` (a point typed with Chinese punctuation on), ``1,250.5``, ``1e-3`` —
    without a magnitude; refused saying why where it writes none (the window's decimal boxes read
    the same)."""
    return _read(plain_number(text), text, "cli-not-a-plain-number", "cli-too-large")


_LATENCY = re.compile(r"\s*(?P<number>.*?)\s*(?P<unit>ms|毫秒|s|sec|秒)\s*", re.IGNORECASE)
"""A latency with its unit written after the number: milliseconds (``1500ms``, ``1500 毫秒``) or seconds
(``2s``, ``2 秒``)."""

_MS_PER_UNIT = {"ms": 1.0, "毫秒": 1.0, "s": 1000.0, "sec": 1000.0, "秒": 1000.0}
"""Milliseconds in one of each unit a latency may be written in [ms]."""


def milliseconds(text: str) -> float:
    """Parse a latency target into milliseconds [ms]: a bare number is milliseconds (``2000``), a unit
    after it is read (``2s``, ``1.5 s``, ``2秒``: 2,000; ``1500ms``): "p99 TTFT 2 s" typed as ``--ttft-ms 2s``
    was refused as "not a number" until December 2026."""
    typed = _LATENCY.fullmatch(text)
    if typed is None:
        return decimal_number(text)
    value = _read(plain_number(typed["number"]), text, "cli-not-a-latency", "cli-too-large")
    return value * _MS_PER_UNIT[typed["unit"].lower()]


def duration_hours(text: str) -> float:
    """Parse ``30min``, ``720``, ``720h``, ``90d``, ``6w``, ``3mo`` or ``1y`` into hours
    (:func:`configurator.core.durations.duration_hours`); ``1m`` (minutes or months) is refused, naming both.
    A date (``2026-12-11``: "by Friday") is refused with the days from today to it, or as past; a
    negative duration (``--deadline=-3d``) as a time before now — both read "is not a duration"."""
    if ambiguous_unit(text):
        raise said(argparse.ArgumentTypeError, msg("cli-ambiguous-duration", text=text))
    _refuse_a_date_or_the_past(text)
    return _read(typed_hours(text), text, "cli-not-a-duration", "cli-too-long-duration")


def _refuse_a_date_or_the_past(text: str) -> None:
    """Refuse ``text`` where it is an ISO date or a negative duration, saying what to give instead."""
    try:
        day = datetime.date.fromisoformat(text.strip())
    except ValueError:
        day = None
    if day is not None:
        days = (day - datetime.date.today()).days
        raise said(argparse.ArgumentTypeError, msg("cli-date-not-duration", text=text, days=days) if days > 0
                   else msg("cli-past-date-not-duration", text=text))
    stripped = text.strip()
    if stripped.startswith("-") and typed_hours(stripped[1:]) is not None:
        raise said(argparse.ArgumentTypeError, msg("cli-negative-duration", text=text))


OFFLOAD_PARTS = tuple(name.removeprefix("offload_") for name in Training.model_fields if name.startswith("offload_"))
"""What ``--offload`` may move to host memory: the ``training.offload_<part>`` fields, in the model's order."""


def offload_parts(text: str) -> tuple[str, ...]:
    """``--offload optimizer,params``: the parts to offload (``none`` for nothing)."""
    parts = tuple(p.strip() for p in text.lower().split(",") if p.strip())
    if parts == ("none",):
        return ()
    unknown = [p for p in parts if p not in OFFLOAD_PARTS]
    if unknown or not parts:
        raise said(argparse.ArgumentTypeError, msg("cli-offload-parts", text=text, choices=", ".join(OFFLOAD_PARTS)))
    return parts


def auto_or(kind: type):
    """Argument type: ``auto`` (the planner chooses) or a value of ``kind``."""
    def parse(text: str):
        if text.strip().lower() == "auto":
            return AUTO
        try:
            return kind(text)
        except (ValueError, argparse.ArgumentTypeError):
            raise said(argparse.ArgumentTypeError, msg("cli-not-auto-or-value", text=text)) from None
    parse.__name__ = kind.__name__
    return parse


AUTO = "auto"


def on_off(text: str) -> bool:
    """Argument type: ``on``/``off`` (also yes/no, true/false, 1/0)."""
    word = text.strip().lower()
    if word in ("on", "yes", "true", "1"):
        return True
    if word in ("off", "no", "false", "0"):
        return False
    raise ValueError(text)
