"""Two-way binders between one input widget and one scenario field.

Each binder sends the widget's edits to the controller and shows the controller's scenario
in the widget, blocking the widget's signals while it does so (no feedback loops).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox, QDoubleSpinBox, QSlider, QSpinBox

from configurator.app.controller import ScenarioController
from configurator.core.scenario import Scenario


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
        controller.scenario_changed.connect(self._show)

    def _show(self, scenario: Scenario) -> None:
        raise NotImplementedError

    def _send(self, value: Any) -> None:
        if not self.controller.apply(self.path, value):
            self._show(self.controller.scenario)


class SpinBinder(_Binder):
    """QSpinBox / QDoubleSpinBox <-> a numeric field, optionally scaled (e.g. tokens in billions).

    A spin box whose ``specialValueText`` is set shows its minimum as "auto" and sends None.
    """

    def __init__(self, widget: QSpinBox | QDoubleSpinBox, controller: ScenarioController, path: str,
                 scale: float = 1.0) -> None:
        self.widget, self.scale = widget, scale
        super().__init__(controller, path)
        widget.setKeyboardTracking(False)
        widget.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        widget.valueChanged.connect(self._edited)
        self._show(controller.scenario)

    def _edited(self, shown: float) -> None:
        if self.widget.specialValueText() and shown == self.widget.minimum():
            self._send(None)
            return
        value = shown * self.scale
        self._send(int(round(value)) if isinstance(self.widget, QSpinBox) else value)

    def _show(self, scenario: Scenario) -> None:
        value = field_value(scenario, self.path)
        self.widget.blockSignals(True)
        self.widget.setValue(self.widget.minimum() if value is None else value / self.scale)
        self.widget.blockSignals(False)


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
        value = field_value(scenario, self.path)
        value = NONE_DATA if value is None else value
        index = next((i for i in range(self.widget.count()) if self.widget.itemData(i) == value), -1)
        self.widget.blockSignals(True)
        self.widget.setCurrentIndex(index)
        self.widget.blockSignals(False)


class CheckBinder(_Binder):
    """QCheckBox <-> a boolean field."""

    def __init__(self, widget: QCheckBox, controller: ScenarioController, path: str) -> None:
        self.widget = widget
        super().__init__(controller, path)
        widget.toggled.connect(self._send)
        self._show(controller.scenario)

    def _show(self, scenario: Scenario) -> None:
        self.widget.blockSignals(True)
        self.widget.setChecked(bool(field_value(scenario, self.path)))
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
