"""The serving trade-off chart (issue 29, part 1): every layout the serving planner weighed for one
card and count, tokens/s per GPU against tokens/s per user, aggregated and disaggregated apart, the
front drawn, the TPOT target a vertical line, the chosen layout marked; hover names the layout.
What is drawn — points, front, target lines, chosen layout, words, axes, units and colours — is
the one chart model of :func:`configurator.core.view.tradeoff_view.tradeoff_chart`, which the
summary's image draws too."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from configurator.app.chart_fit import wrap_title
from configurator.app.chart_focus import out_of_tab_chain
from configurator.app.pareto_chart import CHART_MIN_PX
from configurator.app.chart_axes import NumberAxis
from configurator.core.view.tradeoff_view import (
    CHOSEN_COLOUR,
    FRONT_COLOUR,
    TARGET_COLOUR,
    nothing_selected_text,
    tradeoff_chart,
)
from configurator.core.view.card_names import card_name
from configurator.core.view.words import words
from configurator.core.workloads.serving.pareto import ServingTradeoff

POINT_SIZE, FRONT_SIZE = 8, 12
"""Spot sizes [px]: a layout on the front is drawn larger."""


class ServingTradeoffChart(QWidget):
    """The chart and its note (how TTFT is applied, what is not drawn)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.plot = out_of_tab_chain(pg.PlotWidget(axisItems={"left": NumberAxis("left"),
                                                              "bottom": NumberAxis("bottom")}))
        self.plot.setMinimumWidth(CHART_MIN_PX)
        wrap_title(self.plot.getPlotItem())  # a long title wraps rather than widening the plot
        self.legend = self.plot.addLegend(offset=(10, -10), labelTextSize="8pt",  # bottom left: dominated, mostly empty
                                          brush=pg.mkBrush(255, 255, 255, 210))  # points under it still show
        self.aggregated = pg.ScatterPlotItem(size=9, symbol="o", hoverable=True, tip=lambda x, y, data: data)
        self.disaggregated = pg.ScatterPlotItem(size=9, symbol="s", hoverable=True, tip=lambda x, y, data: data)
        self.front = pg.PlotDataItem(pen=pg.mkPen(FRONT_COLOUR, width=1.5, style=Qt.PenStyle.DashLine))
        self.chosen = pg.ScatterPlotItem(size=20, symbol="star", pen=pg.mkPen("#000", width=1.2),
                                         brush=pg.mkBrush(CHOSEN_COLOUR), hoverable=True, tip=lambda x, y, data: data)
        self.tpot = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(TARGET_COLOUR, width=1.5),
                                    label="", labelOpts={"position": 0.92, "color": TARGET_COLOUR,
                                                         "anchors": [(0, 0), (0, 0)]})
        for item in (self.front, self.aggregated, self.disaggregated, self.chosen):
            self.plot.addItem(item)
        self.plot.addItem(self.tpot)
        self.note = QLabel()
        self.note.setObjectName("tradeoff-note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)  # every line shown
        self.plot.setMinimumHeight(200)
        self.empty = QLabel()
        """Said in the chart's place when it draws no layout: why, and what the buyer can do."""
        self.empty.setObjectName("tradeoff-empty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setMargin(24)
        self.empty.setStyleSheet("color: #555; background: white;")
        self.empty.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.empty.setVisible(False)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.empty, 1)
        layout.addWidget(self.note)
        self.tradeoff: ServingTradeoff | None = None

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """A wrapped label's height follows its width (Qt sizes it for a default width otherwise)."""
        super().resizeEvent(event)
        self._fit_note()

    def _fit_note(self) -> None:
        self.note.setMinimumHeight(self.note.heightForWidth(max(self.width(), 1)) if self.note.text() else 0)

    def _say_instead(self, text: str) -> None:
        """Show ``text`` in the chart's place ('' shows the chart)."""
        self.empty.setText(text)
        self.empty.setVisible(bool(text))
        self.plot.setVisible(not text)

    def show_selected(self, scenario, rec, result, language: str) -> None:
        """The trade-off of ``rec``, the deployment selected in the ranking ``result`` (searched now:
        tens of milliseconds); with none selected, why there is nothing to draw, in the chart's place."""
        if rec is not None:
            from configurator.core.workloads.serving.pareto import deployment_tradeoff

            self.show_tradeoff(deployment_tradeoff(scenario, rec.estimate), language)
            return
        self.show_tradeoff(None, language)
        closest = next((r for r in result.below_line if r.reasons), None)  # the closest first
        self._say_instead(nothing_selected_text(
            words(language), bool(result.ranked), closest and (closest.count, card_name(closest.card.name, language),
                                                               closest.reasons[0].text_in(language))))

    def show_tradeoff(self, tradeoff: ServingTradeoff | None, language: str) -> None:
        """Draw ``tradeoff`` in ``language`` (None: clear); a trade-off without a layout that fits is
        said in the chart's place."""
        self.tradeoff = tradeoff
        self.legend.clear()
        if tradeoff is None:
            for item in (self.aggregated, self.disaggregated, self.chosen):
                item.setData([])
            self.front.setData([], [])
            self.tpot.setVisible(False)
            self.plot.setTitle("")
            self.note.setText("")
            self._say_instead("")
            self._fit_note()
            return
        chart = tradeoff_chart(tradeoff, words(language))
        self._say_instead(chart.empty)
        text = chart.text
        self.plot.setTitle(text.title, size="9pt")
        self.plot.setLabel("bottom", text.x_axis)
        self.plot.setLabel("left", text.y_axis)
        items = {"o": self.aggregated, "s": self.disaggregated}
        for item in items.values():
            item.setData([])
        for series in chart.series:
            items[series.symbol].setData([
                {"pos": (p.x, p.y), "data": p.hover, "size": FRONT_SIZE if p.on_front else POINT_SIZE,
                 "pen": pg.mkPen(series.colour, width=1.5),
                 "brush": pg.mkBrush(series.colour) if p.filled else pg.mkBrush(255, 255, 255, 0)}
                for p in series.points])
            self.legend.addItem(pg.ScatterPlotItem(symbol=series.symbol, pen=pg.mkPen(series.colour),
                                                   brush=series.colour), series.name)
        self.front.setData([x for x, _ in chart.front], [y for _, y in chart.front])
        chosen = chart.chosen
        self.chosen.setData([{"pos": (chosen.x, chosen.y), "data": chosen.hover}] if chosen else [])
        self.legend.addItem(self.front, text.front)
        self.legend.addItem(self.chosen, text.chosen)
        self.legend.addItem(pg.ScatterPlotItem(symbol="o", pen=pg.mkPen("#555555", width=1.5),
                                               brush=pg.mkBrush(255, 255, 255, 0)), chart.misses)
        line = next((t for t in chart.targets if t.axis == "x"), None)
        self.tpot.setVisible(line is not None)
        if line is not None:
            self.tpot.setValue(line.value)
            self.tpot.label.setFormat(f"{line.name}\n{line.bound}")  # two lines: room beside the line
        if chart.series:
            self.plot.setXRange(0, chart.x_max, padding=0)
            self.plot.setYRange(0, chart.y_max, padding=0)
        self.note.setText(text.note)
        self._fit_note()
