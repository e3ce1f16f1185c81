"""The serving trade-off chart (issue 29, part 1): every layout the serving planner weighed for one
card and count, tokens/s per GPU against tokens/s per user, aggregated and disaggregated apart, the
front drawn, the TPOT target a vertical line, the chosen layout marked; hover names the layout.
Words, axes and units come from :mod:`configurator.core.view.tradeoff_view`."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from configurator.app.charts import NumberAxis
from configurator.core.view.tradeoff_view import chart_text, hover_text
from configurator.core.view.words import words
from configurator.core.workloads.serving.pareto import ServingTradeoff

AGGREGATED_COLOUR = "#1f77b4"
DISAGGREGATED_COLOUR = "#d62728"
FRONT_COLOUR = "#333333"
TARGET_COLOUR = "#2ca02c"
POINT_SIZE, FRONT_SIZE = 8, 12
"""Spot sizes [px]: a layout on the front is drawn larger."""


class ServingTradeoffChart(QWidget):
    """The chart and its note (how TTFT is applied, what is not drawn)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.plot = pg.PlotWidget(axisItems={"left": NumberAxis("left"), "bottom": NumberAxis("bottom")})
        self.plot.setMinimumWidth(260)
        self.legend = self.plot.addLegend(offset=(10, -10), labelTextSize="8pt")  # bottom left: dominated, mostly empty
        self.aggregated = pg.ScatterPlotItem(size=9, symbol="o", hoverable=True, tip=lambda x, y, data: data)
        self.disaggregated = pg.ScatterPlotItem(size=9, symbol="s", hoverable=True, tip=lambda x, y, data: data)
        self.front = pg.PlotDataItem(pen=pg.mkPen(FRONT_COLOUR, width=1.5, style=Qt.PenStyle.DashLine))
        self.chosen = pg.ScatterPlotItem(size=20, symbol="star", pen=pg.mkPen("#000", width=1.2),
                                         brush=pg.mkBrush("#ffbf00"), hoverable=True, tip=lambda x, y, data: data)
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
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.note)
        self.tradeoff: ServingTradeoff | None = None

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        """A wrapped label's height follows its width (Qt sizes it for a default width otherwise)."""
        super().resizeEvent(event)
        self._fit_note()

    def _fit_note(self) -> None:
        self.note.setMinimumHeight(self.note.heightForWidth(max(self.width(), 1)) if self.note.text() else 0)

    def show_tradeoff(self, tradeoff: ServingTradeoff | None, language: str) -> None:
        """Draw ``tradeoff`` in ``language`` (None: clear)."""
        self.tradeoff = tradeoff
        self.legend.clear()
        if tradeoff is None:
            for item in (self.aggregated, self.disaggregated, self.chosen):
                item.setData([])
            self.front.setData([], [])
            self.tpot.setVisible(False)
            self.plot.setTitle("")
            self.note.setText("")
            self._fit_note()
            return
        w = words(language)
        text = chart_text(tradeoff, w)
        self.plot.setTitle(text.title, size="9pt")
        self.plot.setLabel("bottom", text.x_axis)
        self.plot.setLabel("left", text.y_axis)

        def spots(pooled: bool, colour: str) -> list[dict]:
            return [{"pos": (p.per_user, p.per_gpu), "data": hover_text(p, tradeoff.count, w),
                     "size": FRONT_SIZE if p.on_front else POINT_SIZE,
                     "pen": pg.mkPen(colour, width=1.5),
                     "brush": pg.mkBrush(colour) if p.meets_targets else pg.mkBrush(255, 255, 255, 0)}
                    for p in tradeoff.points if p.disaggregated is pooled]

        self.aggregated.setData(spots(False, AGGREGATED_COLOUR))
        self.disaggregated.setData(spots(True, DISAGGREGATED_COLOUR))
        front = tradeoff.front
        self.front.setData([p.per_user for p in front], [p.per_gpu for p in front])
        chosen = tradeoff.chosen
        self.chosen.setData([{"pos": (chosen.per_user, chosen.per_gpu), "data": hover_text(chosen, tradeoff.count, w)}]
                            if chosen else [])
        self.legend.addItem(pg.ScatterPlotItem(symbol="o", pen=pg.mkPen(AGGREGATED_COLOUR), brush=AGGREGATED_COLOUR),
                            text.aggregated)
        self.legend.addItem(pg.ScatterPlotItem(symbol="s", pen=pg.mkPen(DISAGGREGATED_COLOUR),
                                               brush=DISAGGREGATED_COLOUR), text.disaggregated)
        self.legend.addItem(self.front, text.front)
        self.legend.addItem(self.chosen, text.chosen)
        line = tradeoff.tpot_line
        self.tpot.setVisible(line is not None)
        if line is not None:
            self.tpot.setValue(line)
            self.tpot.label.setFormat(text.tpot_line)
        xs = [p.per_user for p in tradeoff.points] + ([line] if line else [])
        ys = [p.per_gpu for p in tradeoff.points]
        if xs and ys:
            self.plot.setXRange(0, max(xs) * 1.1, padding=0)
            self.plot.setYRange(0, max(ys) * 1.15, padding=0)
        self.note.setText(text.note)
        self._fit_note()
