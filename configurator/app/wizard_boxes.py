"""Number boxes of the workload wizard: each takes its range from the field registry entry of
the scenario field it fills (``core/fields.py``, whose ranges are the models' bounds: one
declaration) and its accessible name from the entry's label, and says, under the page, what it
refused. The wizard's own words and units (days, billion tokens) stay its own."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel

from configurator.app import format as fmt
from configurator.app.i18n import current_language, tc as _tc
from configurator.app.field_help import accessible_label
from configurator.app.inputs import (DurationSpinBox, MagnitudeSpinBox, StrictDoubleSpinBox, StrictSpinBox,
                                     duration_hint, holds_money, kept_text, range_number, with_reason)
from configurator.core.fields import entry_for
from configurator.core.scenario import Constraints, Economics, Training

PROBLEM_STYLE = "color: #b00020;"

REFUSED = "refused"
"""Property of a page's problem label: a box refused text since the page was last left."""


SCALE = "scale"
"""Property of a wizard box: the field's value per unit shown (24 for days of a deadline in hours)."""


def field_range(model, name: str, scale: float = 1.0, decimals: int = 0) -> tuple[float, float]:
    """The range a box offers for ``model``'s field ``name`` in the unit shown (value ÷ ``scale``),
    rounded inwards to ``decimals``: the registry's, so the model's bounds; never a number of its own."""
    return entry_for(model, name).display_range(scale, decimals, with_none=False)  # 0 is the wizard's 'not set'


def whole_box(model, name: str, suffix: str | Callable[[int], str], problem: QLabel | None = None,
              none_text: str = "") -> StrictSpinBox:
    """A whole-number box with the field's range; ``none_text`` adds a 0 meaning 'not set'.
    ``suffix`` may be a function of the value: a plural form through Qt's %n ("1 user", "2 users")."""
    low, high = field_range(model, name)
    box = StrictSpinBox()
    box.setGroupSeparatorShown(True)  # "1,024 个词元" in the locale's grouping ("1024 个词元" until December 2026)
    box.setRange(0 if none_text else int(low), int(high))
    box.setProperty(SCALE, 1.0)
    if callable(suffix):
        box.valueChanged.connect(lambda n: box.setSuffix(suffix(n)))
        box.setSuffix(suffix(box.value()))
    else:
        box.setSuffix(suffix)
    return _named(box, model, name, problem, none_text)


def decimal_box(model, name: str, suffix: str, decimals: int, scale: float = 1.0, problem: QLabel | None = None,
                none_text: str = "", magnitudes: bool = False) -> StrictDoubleSpinBox:
    """A decimal box with the field's range in the unit shown (field value / ``scale``); one that
    also takes ``500k`` or ``50万`` (:class:`~configurator.app.inputs.MagnitudeSpinBox`) with ``magnitudes``."""
    low, high = field_range(model, name, scale, decimals)
    box = MagnitudeSpinBox() if magnitudes else StrictDoubleSpinBox()
    box.setDecimals(decimals)
    box.trimmed = True  # "20 亿词元", "2.5 GiB": the decimals the value needs, ``decimals`` the finest taken
    box.setGroupSeparatorShown(True)  # "1,000 ms to the first token", as whole_box groups ("1000 ms" until session 49)
    box.setRange(0 if none_text else low, high)
    box.setProperty(SCALE, scale)
    box.setSuffix(suffix)
    return _named(box, model, name, problem, none_text)


def tokens_box(problem: QLabel | None = None) -> StrictDoubleSpinBox:
    """The wizard's data-to-train-on box in the language's unit, as the editor's token budget
    (the registry's ``training.tokens`` entry in the language: ``FieldSpec.in_language``, one
    declaration): a billion in English ("2 billion tokens"), 亿 in Chinese ("20 亿词元"; a
    word-for-word 十亿 is not written), to the same finest million tokens in either, so "0.5 亿"
    and "20 亿" type as naturally as "2 billion". The wizard's binding reads the scale off the box
    (:data:`SCALE`)."""
    entry = entry_for(Training, "tokens").in_language(current_language())
    return decimal_box(Training, "tokens", _tc("LoadPage", " billion tokens"), entry.decimals, entry.scale, problem)


DEADLINE_DECIMALS = 4
"""Decimals of an hour [h] a wizard deadline is held to: a minute is 0.0167 h (a 1-minute deadline read "no
deadline" at tenths of an hour, December 2026); the box writes it in minutes."""


def deadline_box(problem: QLabel | None = None) -> DurationSpinBox:
    """The wizard's deadline box, the one rule for the training and the render deadline
    (:class:`~configurator.app.inputs.DurationSpinBox`): its value in hours as ``--deadline`` takes
    it, written in hours up to two days and in days above, as the window's deadline, and typed in
    either (``8``, ``3d``); 0 is 'no deadline'. The training deadline was in days to a tenth: an 8 h
    overnight fine-tune could not be typed (0.3 days is 7.2 h; session 37, persona 5); the render
    deadline in hours only read a month's render as "720 h"."""
    low, high = field_range(Constraints, "deadline_hours", 1.0, DEADLINE_DECIMALS)
    box = DurationSpinBox(_tc("LoadPage", " h"), _tc("LoadPage", " days"), minutes_suffix=_tc("LoadPage", " min"))
    box.setDecimals(DEADLINE_DECIMALS)
    box.setRange(0, high)
    box.setProperty(SCALE, 1.0)
    box.setToolTip(duration_hint())
    return _named(box, Constraints, "deadline_hours", problem, _tc("LoadPage", "no deadline"))


def years_box(problem: QLabel | None = None) -> StrictDoubleSpinBox:
    """The wizard's "years of use" box: the TCO horizon (``--years``, the registry's
    ``economics.amortisation_years``: its range, label and decimals, one declaration), which the
    decision's "TCO over 3 years" and the summary's total follow. Never "not set": the scenario
    always has a horizon (its default :data:`~configurator.core.formulas.economics.AMORTISATION_YEARS`).
    Session 42: "50 个设计师的云桌面，三年总成本" got a 4-year total, the wizard never asked."""
    entry = entry_for(Economics, "amortisation_years")
    box = decimal_box(Economics, "amortisation_years", _tc("ConstraintsPage", " years"), entry.decimals, 1.0, problem)
    box.setToolTip(_tc("ConstraintsPage", "How many years the cards are used and paid off over: the total cost of "
                                          "ownership (TCO) is the purchase and this many years of power, support, "
                                          "licences and colocation"))
    return box


def _named(box, model, name: str, problem: QLabel | None, none_text: str):
    """The box named by its field (``wizard:serving.context``; accessible name: the registry's
    label), 0 shown as ``none_text`` when given, and its refusals said under the page."""
    if none_text:
        box.setSpecialValueText(none_text)
    box.setKeyboardTracking(False)  # "500000" typed in a box up to 1,024 left 500 (its prefix) as the answer
    box.setObjectName(f"wizard:{model.__name__.lower()}.{name}")
    box.setAccessibleName(accessible_label(entry_for(model, name).path))
    say_refusals(box, problem)
    return box


def field_row_label(path: str, key: str) -> str:
    """The registry's label of the field at ``path`` as a wizard row label (capitalised, as its
    accessible name: one declaration), its shortcut the letter ``key``: marked where the label
    has it ("&Power cap (facility power)"), else added after it as the Chinese labels do
    ("功率上限（机房功率）(&P)")."""
    text = accessible_label(path)
    at = text.lower().find(key.lower())
    if at >= 0 and text[:1].isascii():  # a Latin label: its own letter underlined
        return text[:at] + "&" + text[at:]
    return f"{text}(&{key.upper()})"


def say_refusals(box, problem: QLabel | None) -> None:
    """Show under the page what ``box`` refused to take (and mark the page: see :func:`held_refusal`)."""
    if problem is None:
        return
    number = (lambda v: range_number(box, v)) if getattr(box, "trimmed", False) else fmt.whole  # noqa: E731

    def refuse(text: str) -> None:
        problem.setText(with_reason(_tc("WizardInput", "“{text}” is not taken: enter a number from {low} to {high}. "
                                                       "It stays {value}.").format(
            text=text, low=number(box.minimum()), high=number(box.maximum()), value=kept_text(box)),
            text.removeprefix(box.prefix()).removesuffix(box.suffix()).strip(), holds_money(box)))
        problem.setProperty(REFUSED, True)

    box.refused.connect(refuse)


def held_refusal(problem: QLabel) -> bool:
    """True once after a refusal: Return in a box ends editing and presses Next; the page stays
    so the message is read (the next Next goes on)."""
    refused = bool(problem.property(REFUSED))
    problem.setProperty(REFUSED, False)
    return refused
