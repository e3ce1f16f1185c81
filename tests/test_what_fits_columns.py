"""What fits my cards keeps its verdict columns in view (session 47, persona: on 8 cards a DeepSeek V3 layout,
"TP 1 · PP 1 · 8 copies · EP 8, experts shared by 8 copies (attention data parallel)", made the layout column
495 px wide and the per-user speed, latencies and bottleneck ran past the dialog's edge): the layout and memory
columns give up width, elided, each cell whole in its tooltip."""

from __future__ import annotations

import pytest

from configurator.app.what_fits_dialog import ELIDED_COLUMNS
from configurator.core.what_fits import clear_what_fits_memo


@pytest.fixture(scope="module", autouse=True)
def _answers_kept_within_this_module():
    clear_what_fits_memo()
    yield
    clear_what_fits_memo()


def test_the_layout_column_gives_up_width_and_keeps_its_words_in_the_tooltip(qtbot, window):
    dialog = window.open_what_fits()
    dialog.card_combo.setCurrentIndex(dialog.card_combo.findData("h100-sxm"))
    dialog.count_spin.setValue(8)
    dialog.refresh()
    assert dialog.wait()
    table = dialog.serving_table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    layout, per_user = headers.index("Layout"), headers.index("Per user")
    texts = [table.item(r, layout).text() for r in range(table.rowCount())]
    longest = max(range(len(texts)), key=lambda r: len(texts[r]))
    assert table.fontMetrics().horizontalAdvance(texts[longest]) > ELIDED_COLUMNS["Layout"]  # a long one to elide
    assert table.columnWidth(layout) <= ELIDED_COLUMNS["Layout"]
    assert table.item(longest, layout).toolTip() == texts[longest]
    right = table.columnViewportPosition(per_user) + table.columnWidth(per_user)
    assert 0 < right <= table.viewport().width()  # the users' speed in view at the dialog's size
    dialog.close()
