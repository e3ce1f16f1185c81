"""The recommendation panel leaves its ranking the room to be read at 1280 px (session 14: its
settings, as wide as their longest choice, took 545 px and the table showed only its Cards column)."""

from __future__ import annotations

from test_window_count_change import window  # noqa: F401 - the fixture

from configurator.app.compact_form import narrowed_combos


def test_the_ranking_shows_more_than_its_cards_column_at_1280_px(qtbot, window):  # noqa: F811 - the fixture
    panel = window.toggle_recommendations(True)
    try:
        window.resize(1280, 900)
        qtbot.wait(100)
        assert panel.objective.width() < 260 and panel.budget_basis.width() < 260
        assert panel.table.width() > 0.4 * window.width()  # was 340 of 1,280 px
    finally:
        window.toggle_recommendations(False)


def test_narrowed_combos_leaves_other_fields_alone(qtbot):
    from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QWidget

    host = QWidget()
    qtbot.addWidget(host)
    form = QFormLayout(host)
    combo, line = QComboBox(), QLineEdit()
    combo.addItem("a choice much longer than twenty-two characters, as the objective's is")
    form.addRow("choice", combo)
    form.addRow("text", line)
    assert narrowed_combos(form) is form
    assert combo.sizeAdjustPolicy() == QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
    assert line.minimumWidth() == 0
