"""The editor's currency box: choosing a currency converts the scenario's money (the controller,
through core/currency.py); one without a dated rate in the price file asks for its rate first."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QInputDialog

from configurator.app.binders import ComboBinder, NONE_DATA
from configurator.app.controller import CURRENCY_PATH, RATE_PATH, ScenarioController
from configurator.app.field_help import field_help
from configurator.app.i18n import tc as _tc
from configurator.core.bounds import field_bounds
from configurator.core.currency import dated_rate
from configurator.core.scenario import Economics

CURRENCIES = ("USD", "CNY", "EUR")
"""The currencies offered (a scenario file may hold any other ISO 4217 code)."""


class CurrencyBinder(ComboBinder):
    """The currency combo box <-> ``economics.currency``, converting the money on a change."""

    def __init__(self, widget: QComboBox, controller: ScenarioController) -> None:
        super().__init__(widget, controller, CURRENCY_PATH)

    def _edited(self, index: int) -> None:
        code = self.widget.itemData(index) if index >= 0 else NONE_DATA
        if code == NONE_DATA or code == self.controller.scenario.economics.currency:
            return
        changes = {CURRENCY_PATH: code}
        if dated_rate(code) is None:  # nothing to convert at: the user says the rate
            rate = self.ask_rate(code)
            if rate is None:
                self._show(self.controller.scenario)
                return
            changes[RATE_PATH] = rate
        if not self.controller.apply_many(changes, label=CURRENCY_PATH, merge=False):
            self._show(self.controller.scenario)

    def ask_rate(self, code: str) -> float | None:
        """The user's rate for ``code`` [units per USD], or None when they cancel."""
        bounds = field_bounds(Economics, "usd_to_currency")
        rate, ok = QInputDialog.getDouble(
            self.widget.window(), _tc("Currency", "Exchange rate"),
            _tc("Currency", "The price file has no dated rate for {0}. {0} per US dollar:").format(code),
            1.0, bounds.low, bounds.high, 4)
        return rate if ok else None


def currency_combo(controller: ScenarioController, binders: list) -> QComboBox:
    """The currency box of the editor's prices group, bound to the scenario."""
    box = QComboBox()
    box.setToolTip(field_help(CURRENCY_PATH))
    for code in CURRENCIES:
        box.addItem(code, code)
    current = controller.scenario.economics.currency
    if current not in CURRENCIES:  # a currency from a scenario file stays choosable
        box.addItem(current, current)
    binders.append(CurrencyBinder(box, controller))
    return box
