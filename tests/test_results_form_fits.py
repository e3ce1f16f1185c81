"""No value of the results form is cut at the panel's edge (screenshots of session 13 showed
"175 USD" as "175 USI" and "5,600 W" without its unit beside short names in English): each shown
value gets at least its minimum width, whatever the language and the card count."""

from __future__ import annotations

import pytest
from test_window_count_change import to_count, window  # noqa: F401 - the fixture



def _clipped(panel) -> list[str]:
    form = panel.form
    cut = []
    for index in range(form.rowCount()):
        if not form.isRowVisible(index):
            continue
        value = form.itemAt(index, form.ItemRole.FieldRole).widget()
        inside = panel.form_group.contentsRect().right()
        if value.width() < value.minimumSizeHint().width() or value.geometry().right() > inside:
            cut.append(f"{form.itemAt(index, form.ItemRole.LabelRole).widget().text()}: {value.text()}")
    return cut


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_value_is_cut_at_the_panel_edge(qtbot, window, language):  # noqa: F811 - the fixture
    window.set_language(language)
    try:
        for count in (16, 64):  # the fixture starts at 8
            to_count(qtbot, window, count)
            qtbot.wait(50)  # the form lays out on the next turn of the event loop
            assert _clipped(window.results) == []
    finally:
        window.set_language("en")
