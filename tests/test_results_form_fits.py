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


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_long_name_wraps_and_the_panel_keeps_to_its_width(qtbot, window, language):  # noqa: F811 - the fixture
    """The render job's "Cost per frame — this job alone, its cards and servers bought for it (capex +
    its energy)" set the name column to 528 px in a panel 248 px wide (session 37, persona 5): the
    headline, every name and every value were cut at the panel's edge. The name wraps instead."""
    from test_window_count_change import ANALYSIS_WAIT_MS

    window.set_language(language)
    try:
        with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
            window.controller.apply_many({"workload": "render", "card_id": "rtx-pro-6000-blackwell-maxq", "count": 31,
                                          "graphics.frames": 5000, "constraints.deadline_hours": 10.0})
        qtbot.wait(50)
        panel = window.results
        viewport = panel.numbers_area.viewport().width()
        assert any(name.fontMetrics().horizontalAdvance(name.text()) > viewport  # a name wider than the panel
                   for name, _ in panel._rows[:panel._visible_rows])
        assert panel.numbers_area.widget().width() <= viewport
        assert panel.verdict.geometry().right() <= viewport
        assert _clipped(panel) == []
    finally:
        window.set_language("en")
