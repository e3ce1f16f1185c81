"""A vertical axis title of two parts joined by a dash wraps after the dash (look46, 2026-12-06: the cost
chart's "每百万词元成本——4 年总拥有成本 [元]" was broken "…总拥有成" / "本 [元]" in a Chinese window with the
recommendation panel open, and "… — TCO over 4" / "years [USD]" in English)."""

from __future__ import annotations

import pytest
import pyqtgraph as pg

from configurator.app.chart_axes import NumberAxis
from configurator.app.chart_fit import LINE_BREAK


def _lines_of(label) -> list[str]:
    """The lines ``label`` (a QGraphicsTextItem) is laid out in."""
    document, found = label.document(), []
    block = document.begin()
    while block.isValid():
        layout = block.layout()
        for index in range(layout.lineCount()):
            line = layout.lineAt(index)
            found.append(block.text()[line.textStart():line.textStart() + line.textLength()])
        block = block.next()
    return found


@pytest.mark.parametrize(("title", "first"), [
    ("每百万词元成本——4 年总拥有成本", "每百万词元成本——"),
    ("Cost per million tokens — TCO over 4 years", "Cost per million tokens —"),
])
def test_a_two_part_title_wraps_after_its_dash(qtbot, title, first):
    axis = NumberAxis("left")
    plot = pg.PlotWidget(axisItems={"left": axis})
    qtbot.addWidget(plot)
    axis.setLabel(title, units="USD")
    plot.resize(400, 600)
    plot.show()
    qtbot.waitExposed(plot)
    whole = axis.label.boundingRect().width()
    plot.resize(400, int(whole * 0.8))  # shorter than the title, longer than either part
    qtbot.wait(50)
    axis.resizeEvent()
    lines = _lines_of(axis.label)
    assert len(lines) == 2 and lines[0].replace(LINE_BREAK, "").strip() == first, lines
    plot.resize(400, 900)  # room again: one line, the title as it was set
    qtbot.wait(50)
    axis.resizeEvent()
    assert LINE_BREAK not in axis.label.document().toRawText()
    assert axis.label.document().toPlainText().startswith(title)
