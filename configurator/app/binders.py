"""Two-way binders between one input widget and one scenario field.

Each binder sends the widget's edits to the controller and shows the controller's scenario
in the widget, blocking the widget's signals while it does so (no feedback loops).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QSlider,
    QSpinBox,
    QWidget,
)

from configurator.app.controller import ScenarioController, field_name
from configurator.app.field_help import accessible_label
from configurator.app.inputs import MagnitudeSpinBox, holds_money, kept_text, range_number, with_reason
from configurator.core.bounds import field_at, field_bounds
from configurator.core.fields import LAYOUT_PATHS
from configurator.core.scenario import Scenario


def name_control(widget: QWidget, path: str) -> None:
    """Name a control by its scenario field path (``training.micro_batch``) and give it an
    accessible name, its registry label ("Micro-batch"), unless it has one, so tests and
    assistive tools find it."""
    if not widget.objectName():
        widget.setObjectName(path)
    if not widget.accessibleName():
        widget.setAccessibleName(accessible_label(path))


def field_value(scenario: Scenario, path: str) -> Any:
    """The value at a dotted path, e.g. ``"training.micro_batch"``."""
    value: Any = scenario
    for part in path.split("."):
        value = getattr(value, part)
    return getattr(value, "value", value)


class _Binder(QObject):
    """Lives as a child of its widget, so Qt disconnects it when the widget goes."""

    def __init__(self, controller: ScenarioController, path: str) -> None:
        super().__init__(self.widget)
        self.controller, self.path = controller, path
        name_control(self.widget, path)
        controller.scenario_changed.connect(self._show)

    def _show(self, scenario: Scenario) -> None:
        raise NotImplementedError

    def _send(self, value: Any) -> None:
        if not self.controller.pin(self.path, value):
            self._show(self.controller.scenario)

    auto_none = False
    """True where None means "chosen for you" (the global batch): the planner's value is shown."""

    def _value(self, scenario: Scenario) -> Any:
        """The value to show: the planner's choice while the field is Auto."""
        auto = (self.path in LAYOUT_PATHS and LAYOUT_PATHS[self.path] in scenario.auto_layout
                or self.auto_none and field_value(scenario, self.path) is None)
        if auto:
            analysis = self.controller.latest_analysis
            if analysis is not None:
                return field_value(analysis.estimate.scenario, self.path)
        return field_value(scenario, self.path)


class SpinBinder(_Binder):
    """QSpinBox / QDoubleSpinBox <-> a numeric field, optionally scaled (e.g. tokens in billions).

    A spin box whose ``specialValueText`` is set shows its minimum as "auto" and sends None. ``decimals``: those
    of a box whose range is the registry's (:meth:`~configurator.core.field_spec.FieldSpec.display_range`, the
    editor's), its tooltip's range then as the box takes it; None: the model's bounds ÷ ``scale`` (a box of the
    recommendation panel, whose unit may change: the deadline in minutes, hours or days).
    """

    def __init__(self, widget: QSpinBox | QDoubleSpinBox, controller: ScenarioController, path: str,
                 scale: float = 1.0, integer: bool = False, decimals: int | None = None) -> None:
        self.widget, self.scale, self.integer, self.decimals = widget, scale, integer, decimals
        super().__init__(controller, path)
        widget.setKeyboardTracking(False)
        refused = getattr(widget, "refused", None)
        if refused is not None:  # a strict box: invalid text is refused with a message, not coerced
            refused.connect(self._refused)
        else:
            widget.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        if isinstance(widget, MagnitudeSpinBox):  # an amount in another currency converted, as --budget 120k USD is
            widget.economics_of = lambda: controller.scenario.economics
        widget.valueChanged.connect(self._edited)
        self._state_range()
        self._show(controller.scenario)

    def _state_range(self) -> None:
        """Add the range the field declares (the one every refusal names) to the tooltip, in the box's unit and,
        where a bound has more decimals than the box writes (:attr:`decimals`), as the box takes it
        (:meth:`~configurator.core.bounds.Bounds.shown`: the global batch read "1e-06 … 2147.48 M tokens" until
        December 2026, now "0.01 … 2,147.48 M tokens")."""
        found = field_at(Scenario, tuple(self.path.split(".")))
        if found is None:
            return
        bounds = field_bounds(*found)  # shown in the widget's own units (B tokens, %), named by its suffix
        scaled = lambda value: None if value is None else value / self.scale  # noqa: E731
        shown = replace(bounds, low=scaled(bounds.low), high=scaled(bounds.high))
        exact = self.decimals is None or None in (shown.low, shown.high) or all(
            round(v, self.decimals) == v for v in (shown.low, shown.high))
        if not exact:  # a bound finer than the box writes: as the box takes it, 0.01 M tokens, not 1e-06
            shown = bounds.shown(self.scale, self.decimals)
        text = replace(shown, unit=self.widget.suffix().strip()).symbols(grouped=self.scale != 1)
        if text:
            line = QCoreApplication.translate("SpinBinder", "Accepted range: {0}").format(text)
            self.widget.setToolTip(f"{self.widget.toolTip()}\n{line}" if self.widget.toolTip() else line)

    def _refused(self, text: str) -> None:
        self.controller.refuse(self.path, spin_refusal(self.widget, text, field_name(self.path)))

    def _edited(self, shown: float) -> None:
        if self.widget.specialValueText() and shown == self.widget.minimum():
            self._send(None)
            return
        value = shown * self.scale
        self._send(int(round(value)) if self.integer or isinstance(self.widget, QSpinBox) else value)

    def _show(self, scenario: Scenario) -> None:
        value = self._value(scenario)
        self.widget.blockSignals(True)
        self.widget.setValue(self.widget.minimum() if value is None else value / self.scale)
        self.widget.blockSignals(False)


def spin_refusal(box: QSpinBox | QDoubleSpinBox, text: str, name: str) -> str:
    """What the window says when ``box`` (a strict box, :mod:`configurator.app.inputs`) refused
    ``text`` for the number called ``name``: the range, the value it keeps, and why where more can
    be said (:func:`~configurator.app.inputs.with_reason`)."""
    number = lambda v: range_number(box, v)  # noqa: E731 - as the box writes its value (no trailing zeros)
    suffix = box.suffix()
    typed = text.removeprefix(box.prefix()).removesuffix(suffix).strip()
    said = QCoreApplication.translate(
        "SpinBinder", "“{text}” is not taken for {name}: enter a number from {low} to {high}{unit}. "
                      "It stays {value}.").format(
        text=typed, name=name, low=number(box.minimum()), high=number(box.maximum()), unit=suffix,
        value=kept_text(box))
    return with_reason(said, typed, holds_money(box))


NONE_DATA = ""
"""Item data standing for None (PySide6 miscounts references when itemData returns None)."""


class ComboBinder(_Binder):
    """QComboBox whose items carry the field's values as item data ('' for None)."""

    def __init__(self, widget: QComboBox, controller: ScenarioController, path: str) -> None:
        self.widget = widget
        super().__init__(controller, path)
        widget.currentIndexChanged.connect(self._edited)
        self._show(controller.scenario)

    def _edited(self, index: int) -> None:
        if index >= 0:
            data = self.widget.itemData(index)
            self._send(None if data == NONE_DATA else data)

    def _show(self, scenario: Scenario) -> None:
        value = self._value(scenario)
        value = NONE_DATA if value is None else value
        index = next((i for i in range(self.widget.count()) if self.widget.itemData(i) == value), -1)
        self.widget.blockSignals(True)
        self.widget.setCurrentIndex(index)
        self.widget.blockSignals(False)


class CheckBinder(_Binder):
    """QCheckBox <-> a boolean field; one the planner may choose (the optimizer's CPU offload) shows its
    choice when the estimate comes, and clicking it pins the field."""

    def __init__(self, widget: QCheckBox, controller: ScenarioController, path: str) -> None:
        self.widget = widget
        super().__init__(controller, path)
        widget.toggled.connect(self._send)
        if path in LAYOUT_PATHS:  # the planner's choices come with the estimate
            controller.analysis_step.connect(self._on_analysis)
            controller.analysis_changed.connect(self._on_analysis)
        self._show(controller.scenario)

    def _on_analysis(self, _analysis) -> None:
        self._show(self.controller.scenario)

    def _show(self, scenario: Scenario) -> None:
        self.widget.blockSignals(True)
        self.widget.setChecked(bool(self._value(scenario)))  # the planner's choice while the field is Auto
        self.widget.blockSignals(False)


class StepSliderBinder(_Binder):
    """QSlider over a fixed list of values (card counts): position i means ``values[i]``."""

    def __init__(self, widget: QSlider, controller: ScenarioController, path: str, values: Sequence[int]) -> None:
        self.widget, self.values = widget, tuple(values)
        super().__init__(controller, path)
        widget.setRange(0, len(self.values) - 1)
        widget.valueChanged.connect(lambda position: self._send(self.values[position]))
        self._show(controller.scenario)

    def _send(self, value: Any) -> None:
        self.controller.apply(self.path, value)  # an invalid count keeps the slider where the user put it

    def _show(self, scenario: Scenario) -> None:
        value = field_value(scenario, self.path)
        nearest = min(range(len(self.values)), key=lambda i: abs(self.values[i] - value))
        self.widget.blockSignals(True)
        self.widget.setValue(nearest)
        self.widget.blockSignals(False)


def fill_combo(widget: QComboBox, items: Sequence[tuple[str, Any]], tooltips: Callable[[Any], str] | None = None
               ) -> None:
    """Replace a combo box's items with (label, value) pairs."""
    widget.blockSignals(True)
    widget.clear()
    for label, value in items:
        widget.addItem(label, NONE_DATA if value is None else value)
        if tooltips:
            widget.setItemData(widget.count() - 1, tooltips(value), 3)  # Qt.ToolTipRole
    widget.blockSignals(False)


class AutoBinder(QObject):
    """An "Auto" check box beside a layout control.

    Checked: the planner chooses the field (a layout field in ``auto_layout``, or a field whose
    None means "chosen for you"); the control then shows the planner's value, greyed. Unchecking
    pins the value shown; editing the control pins the edited value (its binder does that).
    """

    def __init__(self, check: QCheckBox, control: QWidget, controller: ScenarioController, path: str,
                 refresh: _Binder | None = None) -> None:
        super().__init__(check)
        self.check, self.control, self.controller, self.path, self.refresh = check, control, controller, path, refresh
        self.layout_field = LAYOUT_PATHS.get(path)
        if not check.objectName():
            check.setObjectName(f"{path}:auto")
            check.setAccessibleName(QCoreApplication.translate("AutoBinder", "Let the planner choose {0}").format(
                field_name(path)))
        check.toggled.connect(self._toggled)
        controller.scenario_changed.connect(self._show)
        controller.analysis_step.connect(self._on_analysis)  # the planner's choices come with the estimate
        controller.analysis_changed.connect(self._on_analysis)
        self._show(controller.scenario)

    def _on_analysis(self, _analysis) -> None:
        self._show(self.controller.scenario)

    def is_auto(self, scenario: Scenario) -> bool:
        if self.layout_field is None:
            return field_value(scenario, self.path) is None
        return self.layout_field in scenario.auto_layout

    def _chosen(self) -> Any:
        """The value the planner chose (what pinning keeps)."""
        analysis = self.controller.latest_analysis
        scenario = analysis.estimate.scenario if analysis is not None else self.controller.scenario
        if self.path == "training.global_batch_tokens":
            return field_value(scenario, self.path) or scenario.global_batch_tokens
        return field_value(scenario, self.path)

    def _toggled(self, auto: bool) -> None:
        if self.layout_field is None:
            ok = self.controller.apply_many({self.path: None if auto else self._chosen()}, label=self.path,
                                            merge=False)
        else:
            ok = self.controller.set_auto(self.layout_field, auto, None if auto else {self.path: self._chosen()})
        if not ok:
            self._show(self.controller.scenario)

    def _show(self, scenario: Scenario) -> None:
        auto = self.is_auto(scenario)
        self.check.blockSignals(True)
        self.check.setChecked(auto)
        self.check.blockSignals(False)
        self.control.setProperty("auto", auto)
        palette = QPalette()  # the application's: a pinned value looks like any other
        if auto:  # the planner's value, greyed but still editable (editing it pins it)
            for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
                palette.setColor(QPalette.ColorGroup.Active, role, palette.color(QPalette.ColorGroup.Disabled, role))
                palette.setColor(QPalette.ColorGroup.Inactive, role, palette.color(QPalette.ColorGroup.Disabled, role))
        self.control.setPalette(palette)
        if self.refresh is not None:
            self.refresh._show(scenario)


class ValueModel(QObject):
    """A frozen dataclass value that widgets bind to (the recommendation panel's ranking request):
    the one place the value lives; a binder shows it and sends edits, ``changed`` says it changed.

    Fields are named by dotted path (``filters.domestic_only``), as the scenario binders name theirs.
    """

    changed = Signal(object)

    def __init__(self, value: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._value = value

    @property
    def value(self) -> Any:
        return self._value

    def get(self, path: str) -> Any:
        """The value at ``path``."""
        value = self._value
        for part in path.split("."):
            value = getattr(value, part)
        return value

    def replace(self, value: Any) -> None:
        """Hold ``value`` instead (``changed`` once, if it differs)."""
        if value != self._value:
            self._value = value
            self.changed.emit(value)

    def set(self, path: str, value: Any) -> None:
        """Replace the value at ``path`` (a new frozen value; ``changed`` once, if it differs)."""
        self.replace(_replaced(self._value, path.split("."), value))

    def bind(self, path: str, edited: Signal, read: Callable[..., Any], write: Callable[[Any], None]) -> None:
        """Bind a widget to ``path``: ``edited`` (its change signal) sends ``read(*signal args)``;
        ``write(value)`` shows the value. The widget's own signals still fire while it is shown
        (a plural suffix follows its number), but what they carry is not sent back."""
        showing = False

        def show(_value: Any = None) -> None:
            nonlocal showing
            showing = True
            try:
                write(self.get(path))
            finally:
                showing = False

        def send(*args: Any) -> None:
            if not showing:
                self.set(path, read(*args))

        edited.connect(send)
        self.changed.connect(show)
        show()

    def bind_check(self, widget: QCheckBox, path: str) -> QCheckBox:
        """``widget`` shows and edits the bool at ``path``."""
        self.bind(path, widget.toggled, bool, lambda value: widget.setChecked(bool(value)))
        return widget

    def bind_combo(self, widget: QComboBox, path: str, kind: Callable[[Any], Any] = lambda data: data) -> QComboBox:
        """``widget`` (items carrying values as data, read with ``kind``) shows and edits ``path``."""
        def write(value: Any) -> None:
            index = next((i for i in range(widget.count()) if kind(widget.itemData(i)) == value), -1)
            if index != widget.currentIndex():
                widget.setCurrentIndex(index)

        self.bind(path, widget.currentIndexChanged, lambda index: kind(widget.itemData(index)), write)
        return widget

    def bind_spin(self, widget: QSpinBox | QDoubleSpinBox, path: str, scale: float = 1.0,
                  whole: bool = False) -> None:
        """``widget`` shows and edits the number at ``path`` in its own unit (value ÷ ``scale``);
        where the box has a special value text, its minimum stands for None. ``whole``: an int.
        A value the box shows already is not set again (typing is not disturbed)."""
        def write(value: Any) -> None:
            shown = widget.minimum() if value is None else value / scale
            shown = round(shown, widget.decimals()) if isinstance(widget, QDoubleSpinBox) else int(round(shown))
            if shown != widget.value():
                widget.setValue(shown)

        def read(shown: float) -> Any:
            if widget.specialValueText() and shown == widget.minimum():
                return None
            return int(round(shown * scale)) if whole else shown * scale

        self.bind(path, widget.valueChanged, read, write)

    def bind_choice(self, buttons: dict[Any, QAbstractButton], path: str) -> None:
        """Exclusive ``buttons`` (value -> radio button) show and edit the value at ``path``: the
        button checked sends its value (shown, it sends the value shown: no change)."""
        def show(_value: Any = None) -> None:
            button = buttons.get(self.get(path))
            if button is not None and not button.isChecked():
                button.setChecked(True)

        for value, button in buttons.items():
            button.toggled.connect(lambda checked, v=value: checked and self.set(path, v))
        self.changed.connect(show)
        show()


def _replaced(value: Any, parts: list[str], new: Any) -> Any:
    """``value`` (a frozen dataclass) with the field at ``parts`` replaced by ``new``."""
    head, *rest = parts
    return replace(value, **{head: _replaced(getattr(value, head), rest, new) if rest else new})
