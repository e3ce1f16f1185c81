"""Number boxes that refuse what they cannot take instead of quietly changing it.

Qt's spin boxes drop a keystroke they cannot use: "-5" in a box from 1 becomes "5", "1e6" in
a box of whole numbers becomes "16", and nobody is told. These boxes keep what was typed on
screen; when editing ends (Return, Tab, a click elsewhere) on text that is not a number in the
box's range, they emit ``refused(text)`` and go back to the last valid value. The binder turns
that into a message next to the box and in the status bar, with why where more can be said
(:func:`with_reason`). What they take is read as the command line reads it, one reader for both
(core/magnitudes.py): ``1,000``, ``1e6``, and the full-width ``１００`` or ``３．５`` an input method types.

Undo and redo (Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z) are left to the window's scenario history even
while a box has the keyboard focus: a line edit would otherwise take them for its own text.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QDoubleSpinBox, QSpinBox

from configurator.app.i18n import current_language, message_text
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.currency import price_conversion
from configurator.core.durations import duration_hours
from configurator.core.magnitudes import money, plain_number
from configurator.core.message_numbers import MINUTES_PER_HOUR
from configurator.core.messages import DAYS_ABOVE_HOURS, HOURS_PER_DAY
from configurator.core.number_problems import number_problem
from configurator.core.scenario import Economics
from configurator.core.view.numbers import deadline_unit

_HISTORY_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)


def _lenient(result):
    """A keystroke Qt would drop stays on screen (Intermediate); editing's end judges it."""
    state, text, pos = result if isinstance(result, tuple) else (result, None, None)
    if state == QValidator.State.Invalid:
        state = QValidator.State.Intermediate
    return (state, text, pos) if text is not None else state


def _leaves_history_to_window(event: QEvent) -> bool:
    """A ShortcutOverride for undo/redo: let the window's actions have it."""
    if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and \
            any(event.matches(key) for key in _HISTORY_KEYS):
        event.ignore()
        return True
    return False


def _ends_editing(event: QEvent) -> bool:
    return event.type() == QEvent.Type.FocusOut or (
        event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
        and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter))


class _Strict:
    """What both strict boxes do: read what is typed as the command line reads it
    (:func:`~configurator.core.magnitudes.plain_number`: ``1,000``, ``１００`` from an input method's
    full width, ``3。5``, ``1e6``; a whole-number box takes only a whole one), take partial text
    while typing, and say when the text left at the end of editing is refused (the box then goes
    back to its value)."""

    def _strict_init(self) -> None:
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)

    def _body(self, text: str) -> str:
        """``text`` without the box's prefix and suffix (`` CNY``, `` h``)."""
        body = text.strip()
        suffix, prefix = self.suffix().strip(), self.prefix().strip()
        if suffix and body.endswith(suffix):
            body = body[:-len(suffix)]
        if prefix and body.startswith(prefix):
            body = body[len(prefix):]
        return body

    def _read(self, body: str) -> float | None:
        """The number ``body`` (the text without prefix and suffix) writes; None if none."""
        return plain_number(body)

    def _typed(self, text: str) -> float | None:
        """The value ``text`` writes, if the box can hold it (in its range; whole in a whole-number
        box); None otherwise."""
        value = self._read(self._body(text))
        if value is None or not self.minimum() <= value <= self.maximum():
            return None
        if isinstance(self, QSpinBox):
            return int(value) if value.is_integer() else None
        return value

    def validate(self, text: str, pos: int):
        if self._typed(text) is not None:
            return QValidator.State.Acceptable, text, pos
        state, text, pos = _lenient(super().validate(text, pos))
        # Qt reads "2,5" as 25 where the point is the decimal mark (the window's en_US and zh_CN):
        # not ours, so refused, saying why; a box in a decimal-comma locale keeps Qt's reading (it
        # writes its own values so)
        if state == QValidator.State.Acceptable and text.strip() != self.specialValueText().strip() and \
                self.locale().decimalPoint() == ".":
            state = QValidator.State.Intermediate
        return state, text, pos

    def valueFromText(self, text: str):  # noqa: N802 - Qt's name
        value = self._typed(text)
        return value if value is not None else super().valueFromText(text)

    def event(self, event: QEvent) -> bool:
        if _leaves_history_to_window(event):
            return True
        if _ends_editing(event) and not self.hasAcceptableInput() and self.lineEdit().text().strip():
            self.refused.emit(self.lineEdit().text())
        return super().event(event)


def with_reason(refusal: str, text: str, money: bool = False) -> str:
    """A box's ``refusal`` of ``text`` with why, where more can be said than its range (Chinese
    numerals, a decimal comma: :func:`~configurator.core.number_problems.number_problem`), in the
    window's language; the refusal alone otherwise; without the spaces Chinese does not write
    (:func:`~configurator.core.cjk_spacing.cjk_joined`). The binder's and the wizard's refusals both; ``money``:
    a box of an amount (:func:`holds_money`), where ``300w`` is 300万 written in letters, as the command line
    says it (until December 2026 the window's budget box refused it with its range alone, persona46)."""
    problem = number_problem(text, money) if text.strip() else None
    if problem is not None:
        refusal = QCoreApplication.translate("StrictSpinBox", "{refusal} {reason}.").format(
            refusal=refusal, reason=message_text(problem))
    # a Chinese unit or kept text beside the template's spaces: "65,536 条序列之间", "仍为目录" (were "条序列 之间", "仍为 目录")
    return cjk_joined(refusal, current_language())


def kept_text(box: QAbstractSpinBox) -> str:
    """What ``box`` shows after it refused a text: its special text ("none", "—") at its minimum,
    else its value with its suffix — the value it goes back to, never the text refused (the wizard
    read "“500000 张/服务器” is not taken … It stays 500000 张/服务器" where it kept 8; session 38)."""
    if box.specialValueText() and box.value() == box.minimum():
        return box.specialValueText()
    return box.textFromValue(box.value()) + box.suffix()


class StrictSpinBox(_Strict, QSpinBox):
    """A QSpinBox that refuses invalid text visibly (see the module docstring)."""

    refused = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._strict_init()


class StrictDoubleSpinBox(_Strict, QDoubleSpinBox):
    """A QDoubleSpinBox that refuses invalid text visibly (see the module docstring). A
    :attr:`trimmed` box writes its value with the decimals it needs ("20 亿词元", "2.5 B tokens";
    its :meth:`setDecimals` stays the finest it takes): Qt's own text, its trailing zeros dropped."""

    refused = Signal(str)

    trimmed = False
    """Write the value as typed-looking numbers are written: no trailing zeros (a money box keeps its cents)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._strict_init()

    def textFromValue(self, value: float) -> str:  # noqa: N802 - Qt's name
        text = super().textFromValue(value)
        return _without_trailing_zeros(text, self.locale().decimalPoint()) if self.trimmed else text


def _without_trailing_zeros(text: str, point: str) -> str:
    """``text`` (a number written to fixed decimals) without the zeros that end its decimals, nor
    a point left bare ("20.00" -> "20", "2.50" -> "2.5")."""
    return text.rstrip("0").removesuffix(point) if point in text else text


def range_number(box: QAbstractSpinBox, value: float) -> str:
    """A number of ``box``'s range as a refusal says it ("enter a number from 0.01 to 10,000,000"):
    thousands grouped, to the box's decimals, written as the box writes its value (a
    :attr:`StrictDoubleSpinBox.trimmed` box without trailing zeros)."""
    if not isinstance(box, QDoubleSpinBox):
        return f"{int(value):,}"
    text = f"{value:,.{box.decimals()}f}"
    return _without_trailing_zeros(text, ".") if getattr(box, "trimmed", False) else text


class MagnitudeSpinBox(StrictDoubleSpinBox):
    """A :class:`StrictDoubleSpinBox` that also takes a number typed with its magnitude or its
    thousands grouped — ``500k``, ``2M``, ``500,000``, ``50万``, ``1.2亿`` — as the command line does
    (:func:`~configurator.core.magnitudes.money`): a budget is typed as buyers write it. A box whose
    suffix is a currency code (`` CNY``) also takes that currency written as buyers write it
    (``200万元``, ``¥200万``); an amount in another currency (``$2M`` in a CNY box) is not read as the box's
    money: converted into it where the box knows the scenario's economics (:attr:`economics_of`, as
    ``--budget 120k USD`` is converted on the command line), refused otherwise."""

    economics_of: Callable[[], Economics] | None = None
    """The scenario's economics (its currency and rates), asked when editing ends on an amount in another
    currency (:func:`converted_amount`): the wizard's and the recommendation panel's budget read "120k USD"
    typed in a Chinese window (元) as 84.24 万元; until December 2026 they refused it as if it were no number
    ("enter a number from 0 to 1,000,000,000,000", persona50)."""

    converted_value: float | None = None
    """The amount the box holds as converted from another currency (:meth:`_converted`) [the box's currency], to
    its decimals: written as the texts write an amount (:meth:`textFromValue`: '84.24 万元', where it read
    '84.2364 万元' of 120k USD at 7.0197 元/USD, persona50), held exact; None once another amount is set."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.valueChanged.connect(self._forget_conversion)

    def _forget_conversion(self, value: float) -> None:
        """Another amount set than the one converted: written exact again (:meth:`textFromValue`)."""
        if value != self.converted_value:
            self.converted_value = None

    def event(self, event: QEvent) -> bool:
        if _ends_editing(event) and not self.hasAcceptableInput():
            amount = self._converted(self.lineEdit().text())
            if amount is not None:
                self.converted_value = round(amount, self.decimals())  # as Qt holds it
                self.setValue(amount)  # then taken as typed in the box's currency; no refusal
        return super().event(event)

    def valueFromText(self, text: str):  # noqa: N802 - Qt's name
        """The value ``text`` writes; the converted amount held exact where ``text`` is its rounded writing (Qt reads
        the text back when editing ends: '84.24 万元' would have become 842,400 元 of the 842,364 converted)."""
        held = self.converted_value
        if held is not None and self.value() == held and text.strip() == self.textFromValue(held).strip():
            return held
        return super().valueFromText(text)

    def _converted(self, text: str) -> float | None:
        """``text``'s amount in the box's currency where it names another one that the scenario's economics
        convert (:func:`converted_amount`) and the box can hold it; None otherwise."""
        economics = self.economics_of() if self.economics_of is not None else None
        if economics is None or self._currency() != economics.currency:
            return None
        amount = converted_amount(self._body(text), economics)
        return amount if amount is not None and self.minimum() < amount <= self.maximum() else None

    def _read(self, body: str) -> float | None:
        """The amount ``body`` writes, with its magnitude and the box's currency if it names one;
        None if none, or if it names a currency other than the box's."""
        found = money(body)
        if found is None or found.currency not in (None, self._currency()):
            return None
        return found.amount

    _language: str | None = None
    """The window's language the box last wrote its amount in (:meth:`set_currency`)."""

    currency: str | None = None
    """The currency code of the box's amount, set with its unit word (:meth:`set_currency`); None: the
    code its suffix names, if any."""

    def set_currency(self, code: str) -> None:
        """An amount in ``code`` [currency], written with its unit word in the window's language as the
        texts write it (:meth:`textFromValue`), and ``200万元`` or ``¥200万`` typed read as ``code``. The box
        has no suffix then: its unit changes with the amount ('5,000 元', '300 万元'), where a suffix said
        " 元" after "3,000,000" (session 40) and " CNY" in Chinese before (until December 2026)."""
        if (code, current_language()) == (self.currency, self._language) and not self.suffix():
            return  # the text written again would rewrite the amount being typed ("30000" into "3 万元")
        self.currency, self._language = code, current_language()
        self.setSuffix("")  # Qt writes the text again, in the new unit

    def textFromValue(self, value: float) -> str:  # noqa: N802 - Qt's name
        """The amount with its unit word, as the money writer writes it in the window's language ('300 万元',
        '5,000 元', '3,000,000 USD'; :func:`~configurator.app.format.box_money`), exact to the box's
        decimals; an amount converted from another currency (:attr:`converted_value`) as the texts write it
        (:func:`~configurator.app.format.money`: '84.24 万元', '842,364 CNY'); Qt's number where the box has no
        :attr:`currency`."""
        if self.currency is None:
            return super().textFromValue(value)
        from configurator.app.format import box_money, money  # the window's language, at the time of asking

        if value == self.converted_value:  # converted at a rate: to the texts' precision, the unit's cents
            return money(value, self.currency).replace("\u00a0", " ")
        return box_money(value, self.currency, self.decimals(), self.trimmed)

    def stepBy(self, steps: int) -> None:  # noqa: N802 - Qt's name
        super().stepBy(steps)
        self._number_selected()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().keyPressEvent(event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # Ctrl+A still selects it all
            self._number_selected()

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().focusInEvent(event)
        self._number_selected()

    def _number_selected(self) -> None:
        """Where Qt selected the whole amount (an arrow, Return, Tab into the box), the number alone: its
        unit word kept out, as a suffix was, so that a number typed over it is in the unit shown."""
        edit = self.lineEdit()
        text = edit.text()
        if self.currency is not None and " " in text and edit.selectedText() == text:
            edit.setSelection(0, text.rindex(" "))

    def _currency(self) -> str | None:
        """The currency code of the box's amount (:attr:`currency`), else the one its suffix names
        (`` CNY``: CNY); None for a box of no money."""
        if self.currency is not None:
            return self.currency
        code = self.suffix().strip()
        return code if len(code) == 3 and code.isascii() and code.isalpha() and code.isupper() else None


def converted_amount(text: str, economics: Economics) -> float | None:
    """An amount typed in a currency other than the scenario's ('120k USD' in a window counting in yuan,
    '5万元' in one counting in dollars) in the scenario's currency [``economics.currency``], converted as a
    card's price in that currency is (:func:`~configurator.core.currency.price_conversion`; the command
    line's money flags the same way). None where ``text`` writes no amount, names the scenario's currency or
    none (the box reads those itself), or one with no rate."""
    found = money(text)
    if found is None or found.currency in (None, economics.currency):
        return None
    conversion = price_conversion(found.currency, economics)
    return None if conversion is None else found.amount * conversion[0]


def holds_money(box: QAbstractSpinBox) -> bool:
    """Whether ``box`` holds an amount of money: a :class:`MagnitudeSpinBox` with a currency."""
    return isinstance(box, MagnitudeSpinBox) and box._currency() is not None


class DurationSpinBox(StrictDoubleSpinBox):
    """A :class:`StrictDoubleSpinBox` of a duration, its value in hours, written in the unit a deadline
    is said in (:func:`~configurator.core.view.numbers.deadline_unit`: minutes under an hour, hours up to
    two days, days above, as the window's deadline and the verdicts write it) and typed in any unit
    ``--deadline`` takes (:func:`~configurator.core.durations.duration_hours`: ``8``, ``8 h``,
    ``3d``, ``2 weeks``, ``3天``): an 8 h overnight job and a 30-day training run alike.
    The arrows step in the unit shown (:func:`deadline_stepped`): a minute in minutes, an hour in hours,
    a day in days."""

    def __init__(self, hours_suffix: str = " h", days_suffix: str = " days", parent=None,
                 minutes_suffix: str = " min") -> None:
        super().__init__(parent)
        self._suffixes = {"min": minutes_suffix, "h": hours_suffix, "days": days_suffix}
        self.setDecimals(1)

    def textFromValue(self, value: float) -> str:  # noqa: N802 - Qt's name
        shown, unit = deadline_unit(value)  # under an hour in minutes: "1 min", where it read "0 h"
        return f"{round(shown, 1):g}{self._suffixes[unit]}"

    def valueFromText(self, text: str) -> float:  # noqa: N802 - Qt's name
        value = duration_hours(text)
        return value if value is not None else self.value()

    def validate(self, text: str, pos: int):
        value = duration_hours(text)
        if value is not None and self.minimum() <= value <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        if text == self.specialValueText():
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos

    def stepBy(self, steps: int) -> None:  # noqa: N802 - Qt's name
        self.setValue(deadline_stepped(self.value(), steps))


def deadline_stepped(hours: float, steps: int) -> float:
    """A deadline of ``hours`` [h] after ``steps`` arrow presses (negative: down), each in the unit the
    deadline is shown in (:func:`~configurator.core.view.numbers.deadline_unit`): a minute under an hour
    (and down from 1 h: 59 min), an hour up to two days, a day above (up from 48 h: 3 days). The boxes
    showing minutes stepped an hour per arrow until December 2026 (30 min up: 1.5 h; 1 h down: none)."""
    up = steps > 0
    for _ in range(abs(steps)):
        if (hours < 1 - _MINUTE / 2) if up else (hours < 1 + _MINUTE / 2):
            hours = round(hours * MINUTES_PER_HOUR + (1 if up else -1)) / MINUTES_PER_HOUR
        else:
            hours += (HOURS_PER_DAY if hours + (1 if up else 0) > DAYS_ABOVE_HOURS else 1.0) * (1 if up else -1)
    return hours


_MINUTE = 1 / MINUTES_PER_HOUR
"""A minute [h]."""


class DeadlineSpinBox(StrictDoubleSpinBox):
    """The window's deadline box: its value in the unit it shows (minutes, hours or days, its binder's
    scale), its arrows stepping in that unit and on into the next at its edge (:func:`deadline_stepped`:
    down from 1 h to 59 min, up from 59 min to 1 h), the first arrow from "no deadline" one of the unit
    shown. ``in_unit`` (the panel's) turns the box to a unit ("min", "h", "days") and gives its hours per unit."""

    in_unit: Callable[[str], float] | None = None
    hours_per_unit = 1.0
    """Hours [h] per unit the box shows: 1/60 in minutes, 24 in days."""

    def stepBy(self, steps: int) -> None:  # noqa: N802 - Qt's name
        if self.in_unit is None or self.value() == self.minimum():
            super().stepBy(steps)
            return
        hours = deadline_stepped(self.value() * self.hours_per_unit, steps)
        if hours <= 0:
            self.setValue(self.minimum())  # down past the smallest: no deadline, as before
            return
        scale = self.in_unit(deadline_unit(hours)[1])
        self.blockSignals(True)
        self.setValue(self.minimum())  # the new value always differs, whatever the number the old unit left
        self.blockSignals(False)
        self.setValue(hours / scale)


def duration_hint() -> str:
    """The sentence a :class:`DurationSpinBox`'s tooltip says: what it takes."""
    return QCoreApplication.translate("DurationSpinBox", "Type hours (8), minutes (30min), or days and weeks (3d, 2w).")


def magnitude_hint() -> str:
    """The sentence a :class:`MagnitudeSpinBox`'s tooltip ends with: what it takes."""
    return QCoreApplication.translate("MagnitudeSpinBox", "Type 500k, 2M or 500,000 (also 50万 or 1.2亿).")


def money_hint() -> str:
    """The sentence a budget's :class:`MagnitudeSpinBox` tooltip ends with: what it takes, the
    box's currency written as buyers write it included."""
    return QCoreApplication.translate("MagnitudeSpinBox", "Type 500k, 2M or 500,000 (also 50万 or 1.2亿), "
                                      "with the box's currency if you like (2M USD; 200万元 or ¥200万 in CNY).")
