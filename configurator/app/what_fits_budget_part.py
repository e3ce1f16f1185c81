"""The "or a budget" part of View ▸ What fits my cards: a budget box (typed as buyers write it,
``50万元``, in the window's currency, as the recommendation's budget box) and a delivery region; with a
budget the dialog prices every card the region can take (:mod:`configurator.core.what_fits_budget`,
on the worker) and shows the largest model per task and what the budget buys, card by card."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QTableWidget, QTableWidgetItem

from configurator.app.binders import NONE_DATA
from configurator.app.i18n import tc as _tc
from configurator.app.inputs import MagnitudeSpinBox, converted_amount
from configurator.app.labels import region_names
from configurator.app.recommend_controls import none_spin
from configurator.core.catalog import Catalog
from configurator.core.currency import money_factor
from configurator.core.scenario import Economics, Scenario
from configurator.core.view.rows import Columns, label, write
from configurator.core.view.what_fits_budget_view import best_columns, card_columns, heading, left_out, price_marks
from configurator.core.what_fits import with_serving_load
from configurator.core.what_fits_types import FitRow
from configurator.core.what_fits_budget import BudgetFits, budget_start


def budget_controls(scenario: Scenario) -> tuple[MagnitudeSpinBox, QComboBox]:
    """The budget box (its minimum, shown "—", is no budget: the cards owned are asked about) in
    ``scenario``'s currency, and the delivery region, starting at ``scenario``'s."""
    box = none_spin("constraints.budget", 0, "", "", MagnitudeSpinBox())
    box.setObjectName("what-fits-budget")
    box.set_currency(scenario.economics.currency)
    box.setGroupSeparatorShown(True)
    box.setKeyboardTracking(False)
    region = QComboBox()
    region.setObjectName("what-fits-region")
    for value, name in region_names().items():
        region.addItem(name, NONE_DATA if value is None else value)
    found = region.findData(scenario.constraints.region or NONE_DATA)
    region.setCurrentIndex(max(0, found))
    return box, region


def retranslate_budget(box: MagnitudeSpinBox, region: QComboBox, box_label: QLabel, region_label: QLabel) -> None:
    box_label.setText(_tc("WhatFitsDialog", "Or a &budget"))
    region_label.setText(_tc("WhatFitsDialog", "Deli&ver to"))
    box.setToolTip(_tc("WhatFitsDialog", "What a budget buys instead of the cards owned: every card the region can "
                                         "take, as many as the budget buys with servers, network and storage, and "
                                         "the largest model each task runs on them (—: the cards owned)"))
    region.setToolTip(_tc("WhatFitsDialog", "Where the cards are delivered: cards that cannot be delivered there "
                                            "are left out"))
    for i, name in enumerate(region_names().values()):
        region.setItemText(i, name)


def follow_currency(box: MagnitudeSpinBox, before: Economics, now: Economics) -> None:
    """The budget box in the window's currency again after it changed from ``before`` to ``now`` (the
    editor's currency box, or a language's: 元 in Chinese), its amount converted at the two rates so
    that it means the same money, as the window's own budget is
    (:func:`~configurator.core.currency.money_factor`); its unit word written in the window's language.
    The box kept the currency it was opened in and wrote '50,000 USD' above '预算 5.00 万元' until
    December 2026."""
    amount = box.value() * money_factor(before, now.currency, now.usd_to_currency)
    box.set_currency(now.currency)
    if budget_of(box) is not None:
        box.setValue(amount)


def budget_in(text: str, economics: Economics) -> float | None:
    """A budget typed in a currency other than the window's ('5万元' in an English window, whose money is
    USD) in the window's currency, converted as a card's price in that currency is
    (:func:`~configurator.core.currency.price_conversion`) [``economics.currency``]: the dialog keeps one
    currency, and the box refused such an amount without a word until December 2026. None where ``text``
    writes no amount, names the window's currency or none (the box reads those itself), or one with no rate
    (:func:`~configurator.app.inputs.converted_amount`, the wizard's and the panel's budget too)."""
    return converted_amount(text, economics)


def budget_of(box: MagnitudeSpinBox) -> float | None:
    """The budget typed [the window's currency]; None where the box shows "—" (no budget)."""
    return box.value() if box.value() > box.minimum() else None


def budget_base(window: Scenario, catalog: Catalog, region: QComboBox, context: int) -> Scenario:
    """The budget question's scenario: the command line's start (:func:`budget_start`, one place) with
    the window's economics (currency, rate, electricity), the region chosen and the dialog's context."""
    value = region.currentData()
    start = budget_start(catalog, window.economics, None if value == NONE_DATA else value)
    return with_serving_load(start, context=context)


def budget_text(answer: BudgetFits, language: str) -> list[str]:
    """The heading and the cards left out, as lines of the question label (plain text)."""
    marks = price_marks(answer)
    return [write(heading(answer), language), *([write(marks, language)] if marks is not None else []),
            *(write(m, language) for m in left_out(answer))]


def fill_budget_tables(best: QTableWidget, cards: QTableWidget, answer: BudgetFits,
                       language: str) -> dict[QTableWidget, list[FitRow | None]]:
    """Fill the two budget tables; per table, the row each line opens in the main window (the best
    row of a task; none for a card's line)."""
    _fill(best, best_columns(answer), language)
    _fill(cards, card_columns(answer), language)
    tops = [answer.best(task) for task in answer.tasks]
    return {best: [None if top is None else top.largest[task] for top, task in zip(tops, answer.tasks, strict=True)],
            cards: [None] * len(answer.cards)}


def _fill(table: QTableWidget, columns: Columns, language: str) -> None:
    table.setUpdatesEnabled(False)
    table.clear()
    table.setColumnCount(len(columns.headings))
    table.setHorizontalHeaderLabels([label(h, language) for h in columns.headings])
    table.setRowCount(len(columns.rows))
    for r, values in enumerate(columns.rows):
        for c, value in enumerate(values):
            item = QTableWidgetItem(write(value, language))
            if c in columns.numeric:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
    table.setUpdatesEnabled(True)
