"""Controls of the scenario editor bound to scenario fields: number boxes, combos, check boxes
and the "Auto" rows of the fields the planner may choose.

Each control is named by its field path and kept in sync by one binder (``binders``); ranges
and tooltips come from the fields' declarations (``field_help``), so a control states what the
core declares.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QHBoxLayout, QSpinBox, QWidget

from configurator.app.binders import AutoBinder, CheckBinder, ComboBinder, SpinBinder, fill_combo
from configurator.app.field_help import field_help, field_range
from configurator.app.i18n import tc as _tc
from configurator.app.inputs import StrictDoubleSpinBox, StrictSpinBox

# the strings keep the editor's context ("ScenarioEditor", the class name ``self.tr`` used there)


def spin(minimum: int, maximum: int, suffix: str = "", tip: str = "") -> QSpinBox:
    box = StrictSpinBox()
    box.setRange(minimum, maximum)
    box.setSuffix(suffix)
    box.setToolTip(tip)
    box.setAccelerated(True)
    return box


def dspin(minimum: float, maximum: float, decimals: int, suffix: str = "", tip: str = "",
          step: float = 1.0) -> QDoubleSpinBox:
    box = StrictDoubleSpinBox()
    box.setRange(minimum, maximum)
    box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setSuffix(suffix)
    box.setToolTip(tip)
    box.setAccelerated(True)
    return box


class BoundControls:
    """Builders of bound controls, mixed into the editor (which supplies ``controller``,
    ``_binders``, ``_own_tips`` and ``auto_checks``)."""

    def _bind_spin(self, widget, path: str, scale: float = 1.0):
        self._binders.append(SpinBinder(widget, self.controller, path, scale))
        return widget

    def _field_spin(self, path: str, suffix: str = "") -> QSpinBox:
        """A spin box over the field's declared range, its description as the tooltip."""
        bounds = field_range(path)
        return self._bind_spin(spin(int(bounds.low), int(bounds.high), suffix, field_help(path)), path)

    def _enable_row(self, row: QWidget, enabled: bool, reason: str) -> None:
        """Enable ``row``, or disable it with ``reason`` as every part's tooltip."""
        tips = self._own_tips.setdefault(row, {w: w.toolTip() for w in (row, *row.findChildren(QWidget))})
        row.setEnabled(enabled)
        for widget, tip in tips.items():
            widget.setToolTip(tip if enabled else reason)

    def _auto_row(self, control: QWidget, path: str, auto_tip: str = "") -> QWidget:
        """``control`` with an "Auto" check box beside it: checked, the planner chooses the value
        (``auto_tip`` says how; the training layout's words by default)."""
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(control, 1)
        control.setMinimumWidth(64)  # the check box beside it must not widen the editor
        check = QCheckBox(_tc("ScenarioEditor", "Auto"))
        auto_tip = auto_tip or _tc("ScenarioEditor",
                                   "Auto: chosen by the planner — the fastest layout that fits, global batch kept. "
                                   "Uncheck, or edit the value, to pin it.")
        check.setToolTip(auto_tip)
        check.setAccessibleName(_tc("ScenarioEditor", "Auto: {0}").format(
            control.accessibleName() or path.rpartition(".")[2]))
        control.setToolTip(control.toolTip() + "\n\n" + auto_tip)
        box.addWidget(check)
        row.setFocusProxy(control)
        binder = next((b for b in reversed(self._binders) if b.widget is control), None)
        self._binders.append(AutoBinder(check, control, self.controller, path, binder))
        self.auto_checks[path] = check
        return row

    def _bind_combo(self, widget: QComboBox, path: str) -> QComboBox:
        self._binders.append(ComboBinder(widget, self.controller, path))
        return widget

    def _combo(self, names: dict, path: str, tip: str) -> QComboBox:
        box = QComboBox()
        box.setToolTip(tip)
        fill_combo(box, [(label, value) for value, label in names.items()])
        return self._bind_combo(box, path)

    def _number(self, path: str, suffix: str = "", decimals: int = 0, scale: float = 1.0, step: float = 1.0,
                none_text: str = "") -> QSpinBox | QDoubleSpinBox:
        """A strict number box over the field's declared range, shown in ``scale`` units (0.01: %),
        its description (and the range) as the tooltip.

        With ``none_text``, the value one step below the range stands for None and shows that text."""
        bounds = field_range(path)
        box = StrictSpinBox() if decimals == 0 and scale == 1.0 else StrictDoubleSpinBox()
        if isinstance(box, QDoubleSpinBox):
            box.setDecimals(decimals)
        low, high = round(bounds.low / scale, decimals), round(bounds.high / scale, decimals)
        if not bounds.low_inclusive:
            low += 10.0 ** -decimals
        if none_text:
            low = max(0.0, low - step) if low > 0 else low - step
            box.setSpecialValueText(none_text)
        box.setRange(low, high)
        box.setSingleStep(step)
        box.setSuffix(suffix)
        box.setToolTip(field_help(path))
        box.setAccelerated(True)
        return self._bind_spin(box, path, scale)

    def _check(self, text: str, path: str, tip: str) -> QCheckBox:
        box = QCheckBox(text)
        box.setToolTip(tip)
        self._binders.append(CheckBinder(box, self.controller, path))
        return box

