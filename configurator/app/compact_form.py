"""A form of settings beside a table that must stay readable: its choice boxes no wider than a few
words, so that the form does not take the table's room (the recommendation panel's objective and
budget boxes were as wide as their longest choice, 464 and 363 px in English: the form took 545 of
1,280 px and the ranking showed only its Cards column)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout

COMBO_CHARS = 22
"""Characters a choice box shows before it elides its choice [count] (its list opens at full width)."""


def narrowed_combos(form: QFormLayout) -> QFormLayout:
    """``form`` with each of its choice boxes sized for :data:`COMBO_CHARS` characters."""
    for row in range(form.rowCount()):
        item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
        combo = item.widget() if item is not None else None
        if isinstance(combo, QComboBox):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(COMBO_CHARS)
    return form
