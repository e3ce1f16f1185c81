"""The scaling chart: throughput and time to finish or request rate against card count
(:mod:`configurator.app.charts` holds the charts' common frame)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QWidget

from configurator.app.chart_axes import log_view_range
from configurator.app.chart_legend import legend_fits, name_legend, phrased, title_key
from configurator.app.charts import LABEL_FILL, LABEL_GAP_PX, PALETTE, Chart, family_view, written
from configurator.app.label_spot import place_on_line
from configurator.app.i18n import tc as _tc
from configurator.core.view.family_view import FIRST_SHOWN

if TYPE_CHECKING:  # the estimator loads with the first analysis, after the window has painted
    from configurator.core.analysis import Analysis


MOST_LEGEND_SHARE = 0.5
"""The largest share of the view's height the right axis leaves free above its points under the legend: a
legend taller than that (a chart squeezed to its least height) is left over them rather than flatten the curve."""


class ScalingChart(Chart):
    """Throughput (left axis) and time to finish or request rate (right axis) against card
    count, both logarithmic."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, sides=("left", "bottom", "right"))
        self.setLogMode(x=True, y=True)
        self.showGrid(x=False, y=False)  # log grids cost ~7 ms a repaint; the 1-2-5 tick labels suffice
        plot = self.getPlotItem()
        self.throughput = self.plot(pen=pg.mkPen(PALETTE["throughput"], width=2), symbol="o", symbolSize=6,
                                    symbolBrush=PALETTE["throughput"])
        self.right_view = pg.ViewBox()
        self.right_view.setZValue(-1)  # under the plot: the legend's fill and the lines' labels cover its curve
        plot.showAxis("right")
        plot.scene().addItem(self.right_view)
        plot.getAxis("right").linkToView(self.right_view)
        plot.getAxis("right").setLogMode(False, True)
        self.right_view.setXLink(plot)
        self.second = pg.PlotDataItem(pen=pg.mkPen(PALETTE["second"], width=2), symbol="s", symbolSize=5,
                                      symbolBrush=PALETTE["second"])
        self.right_view.addItem(self.second)
        plot.vb.sigResized.connect(self._sync_views)
        plot.vb.disableAutoRange()  # set_view sets the ranges, only when the data moves out of them
        self.right_view.disableAutoRange()
        self.not_fitting = pg.ScatterPlotItem(symbol="x", size=11, pen=pg.mkPen(PALETTE["limit"], width=2))
        self.addItem(self.not_fitting)
        # a count whose copies cannot carry the rate asked for: marked on the floor beside "does not fit",
        # never drawn as a time per token (that is the copies' latency at their own capacity, the queue
        # growing without end: 400-660 ms at 2-12 × MI300X against 12-125 ms where the rate is carried)
        self.not_carried = pg.ScatterPlotItem(symbol="t", size=10, pen=pg.mkPen(PALETTE["second"], width=2),
                                              brush=pg.mkBrush(None))
        self.addItem(self.not_carried)
        # a count whose own plan lays the cards out otherwise than the lines (serving: the chosen copy, more or
        # fewer of them) and carries the load: its time per token, hollow and unjoined (core.view.scaling_view)
        self.other_layouts = pg.ScatterPlotItem(symbol="s", size=8, pen=pg.mkPen(PALETTE["second"], width=1.5),
                                                brush=pg.mkBrush(None))
        self.right_view.addItem(self.other_layouts)
        self.chosen = pg.InfiniteLine(angle=90, pen=pg.mkPen(PALETTE["chosen"], width=1.5),
                                      label=_tc("charts", "this scenario"),
                                      labelOpts={"position": 0.62, "color": PALETTE["chosen"], "fill": LABEL_FILL})
        # the labels sit mid-height or lower, below the legend in the top-left corner (at a few cards
        # the line runs through it; keep_below_legend), on a light fill so a curve under them does
        # not hide their words
        self.limit = pg.InfiniteLine(angle=90, pen=pg.mkPen(PALETTE["stops"], width=1, style=Qt.PenStyle.DashLine),
                                     label=_tc("charts", "stops scaling"),
                                     labelOpts={"position": 0.48, "color": PALETTE["stops"], "fill": LABEL_FILL})
        # its label on a spot no curve, legend or label crosses (_place_demand_label), on a light fill
        self.demand = pg.InfiniteLine(angle=0, pen=pg.mkPen(PALETTE["limit"], width=1, style=Qt.PenStyle.DotLine),
                                      label=_tc("charts", "needed"),
                                      labelOpts={"position": 0.9, "color": PALETTE["limit"], "fill": LABEL_FILL,
                                                 "anchors": [(1, 1), (1, 1)]})
        self._drawn: tuple[list, list] = ([], [])  # the curves' (x, y) [log10]: throughput, the right axis
        self.addItem(self.chosen)
        self.addItem(self.limit)
        self.addItem(self.demand)
        self.keep_below_legend((self.chosen, 0.62), (self.limit, 0.48))
        self._family = FIRST_SHOWN  # until the first analysis
        self._short_named = False  # whether the legend names the "rate not carried" marker (only while one shows)
        self._other_named = False  # whether it names the marker of another layout (only while one shows)
        self._caption = None  # the words naming the lines' layout under the title (a view's value), None: none
        self._keyed = False  # the legend's entries named under the title, the legend hidden (_fit_legend)
        self.retranslate()

    def _sync_views(self) -> None:
        main = self.getPlotItem().vb
        self.right_view.setGeometry(main.sceneBoundingRect())
        self.right_view.linkedViewChanged(main, self.right_view.XAxis)

    def place_line_labels(self) -> None:
        self._fit_legend()
        self._set_right_range()
        super().place_line_labels()
        self._place_demand_label()

    def _set_right_range(self) -> None:
        """The right axis' range: its points with a margin, its top raised where a point lies under the legend
        (the view's top-left corner) until that point sits below it. The longest times per token are at the
        fewest cards, where the legend is: the 124 ms of 16 × MI300X (Llama 3 70B, 40 requests/s) hid behind
        it in the window (session 51). Again after a resize: the legend's share of the view changes."""
        points = self._drawn[1]
        if not points or not self.legend.isVisible():
            return
        low, high = log_view_range([y for _, y in points], 0.08)
        vb = self.getPlotItem().vb
        view, legend = vb.sceneBoundingRect(), self.legend.sceneBoundingRect()
        share = (legend.bottom() - view.top() + LABEL_GAP_PX) / view.height() if view.height() > 0 else 0.0
        under = [y for x, y in points if vb.mapViewToScene(QPointF(x, 0)).x() <= legend.right() + LABEL_GAP_PX]
        if under and 0 < share < MOST_LEGEND_SHARE:
            high = max(high, *((y - share * low) / (1 - share) for y in under))
        self.set_view(self.right_view, None, (low, high))

    def _place_demand_label(self) -> None:
        """The demand's label ("needed") where no curve, line, legend or label crosses it
        (:func:`~configurator.app.label_spot.clear_spot`): at 90 % of its line it sat on the facility power
        curve of a desktop deployment, in both languages (persona48)."""
        vb = self.getPlotItem().vb
        view = vb.sceneBoundingRect()
        if not self.demand.isVisible() or view.height() <= 0:
            return
        main, right = self._drawn
        curves = [[vb.mapViewToScene(QPointF(x, y)) for x, y in main],
                  [self.right_view.mapViewToScene(QPointF(x, y)) for x, y in right]]
        lines = [line for line in (self.chosen, self.limit) if line.isVisible()]
        for line in lines:
            x = vb.mapViewToScene(QPointF(line.value(), 0)).x()
            curves.append([QPointF(x, view.top()), QPointF(x, view.bottom())])
        boxes = [self.legend.sceneBoundingRect(),
                 *(line.label.sceneBoundingRect() for line in lines if line.label.isVisible())]
        place_on_line(self.demand, vb.mapViewToScene(QPointF(0, self.demand.value())).y(), view, curves, boxes)

    def retranslate(self) -> None:
        # as the cost chart's key: smaller lines under the title, which wrap, the legend's key last where it is there;
        # their line break inside the small words (one between two spans took the title's height: a gap)
        small = ([phrased(written(self._caption))] if self._caption is not None else []) \
            + ([title_key([entry[1:] for entry in self._entries()])] if self._keyed else [])
        title = _tc("charts", "Scaling with card count")
        self.set_title(title + (f"<br><span style='font-size:7pt'>{'<br>'.join(small)}</span>" if small else ""))
        self.setLabel("bottom", _tc("charts", "Cards"))
        charts = self._family.charts
        self.setLabel("left", written(charts.throughput_axis))
        self.setLabel("right", written(charts.second_axis))
        self._name_legend()
        for line, words in ((self.chosen, "this scenario"), (self.limit, "stops scaling"), (self.demand, "needed")):
            line.label.setFormat(_tc("charts", words))  # made once: a language switch words them again
        self.place_line_labels()

    def _entries(self) -> list[tuple[pg.GraphicsObject, str, str, str]]:
        """The legend's entries: each item, its colour and mark in a key under the title, and its name."""
        charts = self._family.charts
        short = [(self.not_carried, PALETTE["second"], "▽", written(charts.short_legend))] \
            if self._short_named and charts.short_legend is not None else []
        other = [(self.other_layouts, PALETTE["second"], "□", written(charts.other_legend))] \
            if self._other_named and charts.other_legend is not None else []
        return [(self.throughput, PALETTE["throughput"], "●", _tc("charts", "Throughput")),
                (self.second, PALETTE["second"], "■", written(charts.second_legend)),
                (self.not_fitting, PALETTE["limit"], "✖", _tc("charts", "Does not fit")), *short, *other]

    def _name_legend(self) -> None:
        name_legend(self.legend, [(item, name) for item, _, _, name in self._entries()])

    def _fit_legend(self) -> None:
        """The legend in the view's top-left corner where it fits its width, else its entries named under the
        title (as the memory chart's parts): in the window at 1100 × 700 the legend was wider than the view and
        its names were cut at the right axis ("Throughpu", "承载不了请…"; session 51, look51)."""
        view = self.getPlotItem().vb
        width = view.width() - self.legend.pos().x()
        if view.width() <= 0 or legend_fits(self.legend, width, math.inf, columns=1) != self._keyed:
            return
        self._keyed = not self._keyed
        self.legend.setVisible(not self._keyed)
        self.retranslate()

    def update_from(self, analysis: Analysis) -> None:
        from configurator.core.view.scaling_view import scaling_series  # loaded with the first analysis

        family = family_view(analysis)
        series = scaling_series(analysis, family.charts)
        caption = family.charts.line_caption(series.layout) \
            if series.layout is not None and family.charts.line_caption is not None else None
        if family is not self._family or caption != self._caption:
            self._family, self._caption = family, caption
            self.retranslate()
        counts = [e.scenario.count for e in analysis.by_count if e.throughput]
        # a count that does not fit has no speed to show: it is marked on the floor of the chart, never
        # drawn above (or beside) the counts that fit as if it ran
        self.throughput.setData([c for c, _ in series.throughput], [v for _, v in series.throughput],
                                skipFiniteCheck=True)
        # the right axis: the line's value at each count that fits and carries its load; a count that does
        # not carry it breaks the line (connect="finite") rather than join its neighbours over it
        second_x: list[float] = []
        second_y: list[float] = []
        for run in series.second:
            if second_x:
                second_x.append(math.nan)
                second_y.append(math.nan)
            second_x.extend(math.log10(c) for c, _ in run)
            second_y.extend(math.log10(v) for _, v in run)
        self.second.setData(second_x, second_y, connect="finite")
        self.other_layouts.setData([math.log10(c) for c, _ in series.other_layouts],
                                   [math.log10(v) for _, v in series.other_layouts])
        points = [(x, y) for x, y in zip(second_x, second_y, strict=True) if math.isfinite(x)]
        others = [(math.log10(c), math.log10(v)) for c, v in series.other_layouts]
        self._drawn = ([(math.log10(c), math.log10(v)) for c, v in series.throughput], points + others)
        g = analysis.estimate.graphics
        needed = g is not None and family.charts.shows_demand and g.demand > 0
        self.demand.setVisible(needed)
        if needed:
            self.demand.setValue(math.log10(g.demand))
        levels = [math.log10(v) for _, v in series.throughput] + ([math.log10(g.demand)] if needed else [])
        y_range = log_view_range(levels or [math.log10(e.throughput) for e in analysis.by_count if e.throughput],
                                 0.08)
        floor = y_range[0] + 0.04 * (y_range[1] - y_range[0])
        self.not_fitting.setData([math.log10(c) for c in series.not_fitting], [floor] * len(series.not_fitting))
        self.set_view(self.getPlotItem().vb, log_view_range([math.log10(c) for c in counts], 0.05), y_range)
        self.not_carried.setData([math.log10(c) for c in series.not_carried], [floor] * len(series.not_carried))
        named = (bool(series.not_carried), bool(series.other_layouts))
        if named != (self._short_named, self._other_named):
            self._short_named, self._other_named = named
            if self._keyed:  # the key under the title names them too
                self.retranslate()
            else:
                self._name_legend()
        self.chosen.setValue(math.log10(analysis.estimate.scenario.count))
        limit = analysis.scaling_limit
        self.limit.setVisible(limit is not None)
        if limit is not None:
            self.limit.setValue(math.log10(limit))
        self.place_line_labels()
