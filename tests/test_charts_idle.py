"""Issue 28: with the recommendation panel open at 1280 x 800 the window's cost chart (318 x 180 px)
redrew itself ~350 times a second, idle — its title's lines, its left axis' wrapped title and the
axis' length set each other in turn. Once the panel has settled no chart paints again."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QObject, QSettings

from configurator.app.controller import ScenarioController
from configurator.app.main import default_scenario
from configurator.app.main_window import MainWindow


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_chart_redraws_while_idle(qtbot, tmp_path, catalog, language):
    controller = ScenarioController(catalog, default_scenario(language))
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    controller.recompute()
    panel = window.toggle_recommendations(True)
    qtbot.waitUntil(lambda: panel.result is not None and not panel.partial and not panel.busy, timeout=240_000)
    qtbot.wait(1500)  # settled
    counters = {}
    for chart in window.findChildren(pg.PlotWidget):
        counters[type(chart).__name__ + str(id(chart))] = counter = _Paints()
        chart.viewport().installEventFilter(counter)
    qtbot.wait(2000)
    busy = {name: c.count for name, c in counters.items() if c.count > 2}
    assert not busy, f"charts painting while idle (paints in 2 s): {busy}"


def test_wrapped_axis_title_leaves_the_tick_numbers_free(qtbot):
    from configurator.app.chart_axes import NumberAxis

    widget = pg.PlotWidget(axisItems={"left": NumberAxis("left")})
    qtbot.addWidget(widget)
    widget.resize(318, 180)
    axis = widget.getPlotItem().getAxis("left")
    axis.setLabel("Cost per job — total cost of ownership: cards, servers, network, power, support", units="USD")
    widget.plot([1, 2, 3], [100, 2000, 50000])
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.wait(200)
    title = axis.label.boundingRect().height()
    assert axis.label.textWidth() != -1  # wrapped
    assert axis.width() >= title + axis.textWidth  # the title's lines beside the numbers, not over them
