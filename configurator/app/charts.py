"""Live pyqtgraph charts. Each creates its items once and updates them with setData/setOpts."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter
from PySide6.QtWidgets import QWidget

from configurator.app import format as fmt
from configurator.app.category_axis import CategoryAxis
from configurator.app.chart_axes import LABEL_OVERHANG_PX, MoneyAxis, NumberAxis, log_view_range
from configurator.app.chart_legend import fit_columns, legend_fits, name_legend, title_key
from configurator.app.chart_fit import top_with_room, wrap_title
from configurator.app.chart_focus import out_of_tab_chain
from configurator.app.label_spot import place_on_line
from configurator.app.labels import CLASS_COLOURS, class_names
from configurator.app.memory_bars import bar_count_text, counts_fit, stack_layers
from configurator.core.units import GIB
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.view.card_names import card_name
from configurator.core.view.family_view import FIRST_SHOWN, FamilyView, view_for
from configurator.core.view.names import short_card_name
from configurator.core.view.rows import write

if TYPE_CHECKING:  # the estimator loads with the first analysis, after the window has painted
    from configurator.core.analysis import Analysis


CHART_MIN_HEIGHT_PX = 180
"""Lowest a chart of the window gets [px]. Two rows of them set the centre's least height (406 px
at 200 px each), and with a dock open on a 1280 × 800 or 1366 × 768 screen the centre is at its
least: what is left under it goes to the dock, whose panel scrolls where it is shorter
(app/dock_scroll.py). At 180 px the dock has 40 px more (its table's first four rows in view at
1280 × 800 with both docks open) and each chart still a plot about 100 px high under its title;
at 160 px the memory chart's count over its bars ran into the legend and the cost chart's axis
title took four lines (session 24, looked at)."""

LABEL_FILL = (255, 255, 255, 210)
"""Background of a line's label on a chart: nearly opaque white, so the words stay readable."""

LABEL_GAP_PX = 3
"""Space kept between a line's label and the legend or the label above it [px]."""

LEGEND_MAX_SHARE = 0.5
"""The most of the memory chart's view height [fraction] its legend may take in one column, where its
two columns are wider than the view (:func:`~configurator.app.chart_legend.fit_columns`): six
entries in one column are 120 px, just under half of the 246-px view of a 1200×700 window's chart,
twice the short chart of a window with the recommendation panel open (which keeps two columns)."""

LOWEST_LABEL = 0.08
"""The lowest a line's label goes, as a share of the view's height from the bottom [1]."""

pg.setConfigOptions(antialias=True, background="w", foreground="#333")

PALETTE = {
    "weights": "#4e79a7",
    "gradients": "#f28e2b",
    "optimizer": "#e15759",
    "activations": "#76b7b2",
    "kv_cache": "#59a14f",
    "graphics": "#edc948",
    "overhead": "#bab0ac",
    "cache": "#8c817c",  # hatched over white: the allocator's usual cache above what the run needs
    "limit": "#b00020",  # capacity, fit limit, does not fit, demand
    "throughput": "#1f77b4",
    "second": "#ff7f0e",
    "chosen": "#333333",
    "stops": "#888888",
}
"""Every colour the charts draw, in one place (Tableau 10 for the memory parts). Each drawn
band and curve is opaque and has its legend entry in the same colour: nothing is mixed on
screen (see-through gradients over activations once made a brown that no legend showed)."""

MEMORY_PARTS = tuple((key, PALETTE[key]) for key in ("weights", "optimizer", "activations", "gradients",
                                                       "kv_cache", "graphics", "overhead", "cache"))
"""Memory parts bottom to top, with their colours."""

HATCHED_PARTS = frozenset({"cache"})
"""Parts drawn hatched in their colour over the chart's white, outlined: the allocator's usual cache
beyond what the run needs, which it gives back near the card's limit (MemoryBreakdown.cache_given_back),
set apart from the parts the run holds."""


def part_names() -> dict[str, str]:
    return {
        "weights": _tc("charts", "Weights"),
        "gradients": _tc("charts", "Gradients (extra)"),
        "optimizer": _tc("charts", "Optimizer states"),
        "activations": _tc("charts", "Activations/gradients"),
        "kv_cache": _tc("charts", "KV cache"),
        "graphics": _tc("charts", "Frame buffers, video, scene"),
        "overhead": _tc("charts", "Overhead"),
        "cache": _tc("charts", "Cache (given back)"),
    }


def grab_image(chart: pg.PlotWidget) -> QImage:
    """``chart`` rendered to an image as the window shows it, every axis wide enough for its tick labels.

    pyqtgraph sizes an axis for its widest tick label only while painting it, and drops the labels
    that do not fit the room it had: a chart grabbed before it was ever painted (a summary's image)
    kept the default room of five characters and lost every label above 50,000 (the scaling chart's
    throughput axis at 100,000 tokens/s and more). Each axis is painted once aside here, so that it
    measures its labels and takes their room, and the plot laid out again before the grab.
    """
    scratch = QImage(1, 1, QImage.Format.Format_ARGB32)
    painter = QPainter(scratch)
    for side in ("left", "right", "bottom", "top"):
        axis = chart.getPlotItem().getAxis(side)
        if axis.isVisible():
            axis.paint(painter, None, None)  # measures the labels; a wider axis asks for a new layout
    painter.end()
    chart.getPlotItem().layout.activate()
    return chart.grab().toImage()


class _Chart(pg.PlotWidget):
    def __init__(self, parent: QWidget | None = None, sides: tuple[str, ...] = ("left", "bottom"),
                 money_sides: tuple[str, ...] = (), bottom: pg.AxisItem | None = None) -> None:
        axes = {side: (MoneyAxis if side in money_sides else NumberAxis)(side) for side in sides}
        # no context menu (set off below): not made at all (a few ms of each chart's building)
        super().__init__(parent, axisItems=axes | ({"bottom": bottom} if bottom is not None else {}), enableMenu=False)
        self.showGrid(x=True, y=True, alpha=0.25)
        if "right" not in sides and bottom is None:  # room for the last tick label ("140000" was cut to "14000");
            # a category axis keeps its names inside itself, and its chart's two-column legend needs the width
            left, top, _, low = self.getPlotItem().layout.getContentsMargins()
            self.getPlotItem().layout.setContentsMargins(left, top, LABEL_OVERHANG_PX, low)
        self.setMenuEnabled(False)
        out_of_tab_chain(self)  # no key to answer, no focus frame
        self.setMinimumHeight(CHART_MIN_HEIGHT_PX)
        wrap_title(self.getPlotItem())  # a title wider than the chart wraps rather than widening the plot
        # on a light fill: a curve under the legend does not cross its words
        self.legend = self.addLegend(offset=(5, 5), labelTextSize="7pt", verSpacing=-6, brush=pg.mkBrush(*LABEL_FILL))
        self._views: dict[int, tuple] = {}  # the range each view shows (set_view)
        self._below_legend: tuple[tuple[pg.InfiniteLine, float], ...] = ()

    def keep_below_legend(self, *lines: tuple[pg.InfiniteLine, float]) -> None:
        """Hold the labels of these vertical lines at their preferred heights (share of the view's
        height from the bottom), each lowered as far as needed to clear the legend in the top-left
        corner and the label before it: at a few cards a line runs through the legend, and a short
        chart (the window with the recommendation panel open) has less room above it."""
        self._below_legend = lines
        self.getPlotItem().vb.sigResized.connect(self.place_line_labels)

    def place_line_labels(self) -> None:
        """Place the labels :meth:`keep_below_legend` holds (after a resize or a new legend)."""
        height = self.getPlotItem().vb.height()
        if height <= 0:
            return
        clear_from = self.legend.pos().y() + self.legend.boundingRect().height()  # below the view's top [px]
        for line, preferred in self._below_legend:
            half = line.label.boundingRect().height() / 2  # the label is centred on its point
            clear = 1 - (clear_from + LABEL_GAP_PX + half) / height  # the highest it may sit, clear of those above
            # a chart too short for it (the window's least height with a dock open) drops the label rather
            # than lay it over the one above: the line stays, named in the legend
            line.label.setVisible(clear >= LOWEST_LABEL or line is self._below_legend[0][0])
            if not line.label.isVisible():
                continue
            position = max(LOWEST_LABEL, min(preferred, clear))
            line.label.setPosition(position)
            clear_from = (1 - position) * height + half

    def set_title(self, text: str) -> None:
        self.setTitle(text, size="10pt")

    def set_view(self, view: pg.ViewBox, x_range: tuple[float, float] | None, y_range: tuple[float, float]) -> None:
        """Show ``x_range`` × ``y_range`` in ``view``, but only when it differs from what is shown
        (at two decimals): a new range repaints the axes and their ticks, pyqtgraph's auto-range
        recomputes it on every change."""
        key = (tuple(round(v, 2) for v in x_range) if x_range else None, tuple(round(v, 2) for v in y_range))
        if self._views.get(id(view)) != key:
            self._views[id(view)] = key
            if x_range is None:
                view.setYRange(*y_range, padding=0)
            else:
                view.setRange(xRange=x_range, yRange=y_range, padding=0)

    def update_from(self, analysis: Analysis) -> None:
        raise NotImplementedError

    def retranslate(self) -> None:
        """Set titles and axis labels in the current language."""


class MemoryChart(_Chart):
    """Memory per card as stacked bars against each card's capacity, chosen card first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, bottom=CategoryAxis())  # card names that never touch
        self.bars = {}
        for key, colour in MEMORY_PARTS:
            hatched = key in HATCHED_PARTS
            bar = pg.BarGraphItem(x=[], height=[], y0=[], width=0.6,
                                  brush=QBrush(QColor(colour), Qt.BrushStyle.BDiagPattern) if hatched else pg.mkBrush(colour),
                                  pen=pg.mkPen(colour, width=1) if hatched else pg.mkPen("w", width=0.5))
            self.addItem(bar)
            self.bars[key] = bar
        self.capacity = pg.PlotDataItem(pen=pg.mkPen(PALETTE["limit"], width=2, style=Qt.PenStyle.DashLine),
                                        connect="pairs")
        self.addItem(self.capacity)
        self.setMouseEnabled(x=False, y=False)
        self._view: tuple = ()
        self._tallest, self._top = 0.0, 0.0  # the tallest bar or capacity, the axis' top [GiB]
        self.getPlotItem().vb.sigResized.connect(self._fit_top)
        self.counts: list[pg.TextItem] = []  # "16 cards" above each bar
        self._counted: tuple = ()  # the estimates they count, worded again by a language switch
        self._shown: tuple[str, ...] = tuple(key for key, _ in MEMORY_PARTS)
        self._keyed = False  # the parts named under the title, the legend hidden (:meth:`_fit_top`)
        self._counts_short = False  # the counts over the bars without their word (:meth:`_fit_top`)
        self.legend.setColumnCount(2)
        self.retranslate()

    def set_title(self, text: str) -> None:
        if not self._keyed:
            return super().set_title(text)
        names = part_names()
        key = title_key([*((colour, "▨" if key in HATCHED_PARTS else "■", names[key]) for key, colour in MEMORY_PARTS
                           if key in self._shown), (PALETTE["limit"], "╍", _tc("charts", "Usable capacity"))])
        self.setTitle(f"{text}<br><span style='font-size:7pt'>{key}</span>", size="9pt")  # the title wraps

    def retranslate(self) -> None:
        self.set_title(_tc("charts", "Memory per card"))
        self.setLabel("left", f"{_tc('charts', 'Memory per card')} [GiB]")  # brackets, as every axis
        names = part_names()
        name_legend(self.legend, [*((self.bars[key], names[key]) for key, _ in MEMORY_PARTS if key in self._shown),
                                  (self.capacity, _tc("charts", "Usable capacity"))])
        for estimate, item in zip(self._counted, self.counts, strict=False):
            item.setText(bar_count_text(estimate, self._counts_short))

    def _label_counts(self, xs: list[int], estimates) -> None:
        """Write the count each bar is drawn at above it (text items made once per bar, then moved)."""
        while len(self.counts) < len(estimates):
            item = pg.TextItem(color=PALETTE["chosen"], anchor=(0.5, 1.0))
            self.addItem(item)
            self.counts.append(item)
        for index, item in enumerate(self.counts):
            item.setVisible(index < len(estimates))
        self._counted = tuple(estimates)
        for x, e, item in zip(xs, estimates, self.counts, strict=False):
            item.setText(bar_count_text(e, self._counts_short))
            item.setPos(x, max(e.memory.total, e.memory.budget) / GIB)

    def update_from(self, analysis: Analysis) -> None:
        estimates = (analysis.estimate, *analysis.compared)
        xs = list(range(len(estimates)))
        layers = [stack_layers(e.memory) for e in estimates]
        shown = tuple(key for key, _ in MEMORY_PARTS if any(layer[key][1] > 0 for layer in layers))
        if shown != self._shown:  # the legend lists only the parts this workload has
            self._shown = shown
            self.retranslate()
        for key, _ in MEMORY_PARTS:
            self.bars[key].setOpts(x=xs, y0=[layer[key][0] / GIB for layer in layers],
                                   height=[layer[key][1] / GIB for layer in layers], width=0.6)
        line_x, line_y = [], []
        for x, e in zip(xs, estimates, strict=True):
            line_x += [x - 0.4, x + 0.4]
            line_y += [e.memory.budget / GIB] * 2
        self.capacity.setData(line_x, line_y)
        names = tuple((short_card_name(shown), shown) for shown in (card_name(e.card.name, current_language())
                                                                     for e in estimates))
        self._label_counts(xs, estimates)
        self._tallest = max(max(e.memory.total, e.memory.budget) for e in estimates) / GIB
        if names != self._view:  # axes repaint only when their range or labels change
            self._view = names
            self.getAxis("bottom").set_names([short for short, _ in names], [full for _, full in names])
            # room at both ends for the first and last names (they may also reach past the axis' ends)
            self.setXRange(-0.7, len(estimates) - 0.3, padding=0)
        self._fit_top()

    def _fit_top(self) -> None:
        """Room above the bars for the legend (in one column where two are wider than the view:
        :func:`fit_columns`, up to :data:`LEGEND_MAX_SHARE` of its height; under the title where neither
        fits: :func:`~configurator.app.chart_legend.legend_fits`) and the count over each bar,
        in pixels at the chart's height (a share of the range left the short chart's legend over the counts)."""
        view = self.getPlotItem().vb
        width, height = view.width() - self.legend.pos().x(), LEGEND_MAX_SHARE * view.height()
        if view.width() > 0 and legend_fits(self.legend, width, height) == self._keyed:  # a view too small for
            self._keyed = not self._keyed  # the legend names the parts under the title instead (ui46: at
            self.legend.setVisible(not self._keyed)  # 1280 × 720 with a dock open it was cut at the right
            self.retranslate()  # and covered the counts over the bars); a shorter view keeps it so
        if not self._keyed:
            fit_columns(self.legend, width, height)
        low, high = view.viewRange()[0]  # one bar a unit of the x axis
        short = not counts_fit(self._counted, self.counts, view.width() / (high - low) if high > low else 0)
        if short != self._counts_short:  # '1,024' where '1,024 cards' over each bar ran into the next
            self._counts_short = short
            for estimate, item in zip(self._counted, self.counts, strict=False):
                item.setText(bar_count_text(estimate, short))
        legend_px = 0.0 if self._keyed else self.legend.pos().y() + self.legend.boundingRect().height()
        words_px = max((c.boundingRect().height() for c in self.counts if c.isVisible()), default=0.0)
        top = round(top_with_room(self._tallest, legend_px + words_px + LABEL_GAP_PX,
                                  self.getPlotItem().vb.height()), 1)
        if top != self._top:
            self._top = top
            self.setYRange(0, top, padding=0)


def family_view(analysis: Analysis) -> FamilyView:
    """How the charts show the analysed scenario's family: axes, series, units and labels
    (:mod:`configurator.core.view.family_view`; no chart compares a workload's name)."""
    return view_for(analysis.estimate.scenario)


def written(value) -> str:
    """A label id or a view's value (an amount, a phrase) in the window's language."""
    return write(value, current_language())


class ScalingChart(_Chart):
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
        self.retranslate()

    def _sync_views(self) -> None:
        main = self.getPlotItem().vb
        self.right_view.setGeometry(main.sceneBoundingRect())
        self.right_view.linkedViewChanged(main, self.right_view.XAxis)

    def place_line_labels(self) -> None:
        super().place_line_labels()
        self._place_demand_label()

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
        self.set_title(_tc("charts", "Scaling with card count"))
        self.setLabel("bottom", _tc("charts", "Cards"))
        charts = self._family.charts
        self.setLabel("left", written(charts.throughput_axis))
        self.setLabel("right", written(charts.second_axis))
        name_legend(self.legend, [(self.throughput, _tc("charts", "Throughput")),
                                  (self.second, written(charts.second_legend)),
                                  (self.not_fitting, _tc("charts", "Does not fit"))])
        for line, words in ((self.chosen, "this scenario"), (self.limit, "stops scaling"), (self.demand, "needed")):
            line.label.setFormat(_tc("charts", words))  # made once: a language switch words them again
        self.place_line_labels()

    def update_from(self, analysis: Analysis) -> None:
        rows = [e for e in analysis.by_count if e.throughput]
        family = family_view(analysis)
        if family is not self._family:
            self._family = family
            self.retranslate()
        counts = [e.scenario.count for e in rows]
        # a count that does not fit has no speed to show: it is marked on the floor of the chart, never
        # drawn above (or beside) the counts that fit as if it ran
        good = [e for e in rows if e.fits]
        fitting = [e.scenario.count for e in good]
        self.throughput.setData(fitting, [e.throughput for e in good], skipFiniteCheck=True)
        pairs = [(e.scenario.count, family.charts.second_value(e)) for e in good]
        pairs = [(c, v) for c, v in pairs if v]
        second_y = [math.log10(v) for _, v in pairs]
        self.second.setData([math.log10(c) for c, _ in pairs], second_y, skipFiniteCheck=True)
        self._drawn = ([(math.log10(e.scenario.count), math.log10(e.throughput)) for e in good],
                       [(math.log10(c), y) for (c, _), y in zip(pairs, second_y, strict=True)])
        g = analysis.estimate.graphics
        needed = g is not None and family.charts.shows_demand and g.demand > 0
        self.demand.setVisible(needed)
        if needed:
            self.demand.setValue(math.log10(g.demand))
        levels = [math.log10(e.throughput) for e in good] + ([math.log10(g.demand)] if needed else [])
        y_range = log_view_range(levels or [math.log10(e.throughput) for e in rows], 0.08)
        bad = [e for e in rows if not e.fits]
        floor = y_range[0] + 0.04 * (y_range[1] - y_range[0])
        self.not_fitting.setData([math.log10(e.scenario.count) for e in bad], [floor] * len(bad))
        self.set_view(self.getPlotItem().vb, log_view_range([math.log10(c) for c in counts], 0.05), y_range)
        self.set_view(self.right_view, None, log_view_range(second_y, 0.08))
        self.chosen.setValue(math.log10(analysis.estimate.scenario.count))
        limit = analysis.scaling_limit
        self.limit.setVisible(limit is not None)
        if limit is not None:
            self.limit.setValue(math.log10(limit))
        self.place_line_labels()


class MemoryCurveChart(_Chart):
    """Memory per card against micro-batch (training) or context (inference)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curve = self.plot(pen=pg.mkPen(PALETTE["throughput"], width=2), symbol="o", symbolSize=4,
                               symbolBrush=PALETTE["throughput"])
        self.limit = self.plot(pen=pg.mkPen(PALETTE["limit"], width=2, style=Qt.PenStyle.DashLine))
        self.chosen = pg.InfiniteLine(angle=90, pen=pg.mkPen(PALETTE["chosen"], width=1.5),
                                      label=_tc("charts", "this scenario"),
                                      labelOpts={"position": 0.75, "color": PALETTE["chosen"], "fill": LABEL_FILL})
        self.addItem(self.chosen)
        self.keep_below_legend((self.chosen, 0.75))
        self.getPlotItem().vb.disableAutoRange()  # set_view: a new range only when the curve leaves it
        self._family = FIRST_SHOWN  # until the first analysis
        self.retranslate()

    def retranslate(self) -> None:
        self.set_title(written(self._family.charts.curve_title))
        self.setLabel("bottom", written(self._family.charts.curve_axis))
        self.setLabel("left", f"{_tc('charts', 'Memory per card')} [GiB]")  # brackets, as every axis
        name_legend(self.legend, [(self.curve, _tc("charts", "Needed")), (self.limit, _tc("charts", "Fit limit"))])
        self.chosen.label.setFormat(_tc("charts", "this scenario"))  # made once: a language switch words it again
        self.place_line_labels()

    def update_from(self, analysis: Analysis) -> None:
        curve = analysis.memory_curve
        family = family_view(analysis)
        if family is not self._family:
            self._family = family
            self.retranslate()
        totals = [t / GIB for t in curve.totals]
        self.curve.setData(list(curve.values), totals, skipFiniteCheck=True)
        self.limit.setData([curve.values[0], curve.values[-1]], [curve.limit / GIB] * 2, skipFiniteCheck=True)
        self.chosen.setValue(curve.current)
        low, high = min(curve.values[0], curve.current), max(curve.values[-1], curve.current)
        pad = (high - low) * 0.03 or 0.5
        top = max([*totals, curve.limit / GIB]) * 1.25 or 1.0  # room for the legend
        self.set_view(self.getPlotItem().vb, (low - pad, high + pad), (0.0, top))


class CostScatter(_Chart):
    """Every catalog card that fits: cost against time (training) or latency (inference)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, money_sides=("left",))
        self.setLogMode(x=True, y=True)
        self.showGrid(x=False, y=False)
        self.points = pg.ScatterPlotItem(size=11, hoverable=True, hoverSize=15, tip=self._tip)
        self._brushes = {kind: pg.mkBrush(colour) for kind, colour in CLASS_COLOURS.items()}
        self.addItem(self.points)
        self.chosen = pg.ScatterPlotItem(size=20, symbol="o", brush=None, pen=pg.mkPen(PALETTE["chosen"], width=2))
        self.addItem(self.chosen)
        self.getPlotItem().vb.disableAutoRange()
        self._family = FIRST_SHOWN  # until the first analysis
        self._currency = "USD"
        self._basis: str | None = None
        self._years: float | None = None
        self._cost_unit = "job"
        self._workload = None  # the analysed workload, whose family's pace the TCO axis names
        self._desks = False  # the desktops are workstations at the users' desks: the TCO axis names their bill
        self._classes: tuple[str, ...] = tuple(CLASS_COLOURS)
        self.retranslate()

    def set_title(self, text: str) -> None:
        names = class_names()  # lines break between classes
        key = title_key([(colour, "●", names[k]) for k, colour in CLASS_COLOURS.items() if k in self._classes])
        self.setTitle(f"{text}<br><span style='font-size:7pt'>{key}</span>", size="9pt")  # the title wraps (chart_fit)

    def retranslate(self) -> None:
        self.set_title(written(self._family.charts.cost_title))
        self.setLabel("bottom", written(self._family.charts.cost_axis))
        pace = None  # before the first analysis: no workload, and the estimator not loaded (the frame paints first)
        if self._workload is not None:
            from configurator.core.workloads import family_of  # here, as view_of: loaded by the first analysis

            pace = family_of(self._workload).pace  # a job that ends: its pace
        self.setLabel("left", cost_axis_label(self._cost_unit, self._basis, self._currency, self._years))
        from configurator.core.view.cost_bases import chart_basis_note

        full = cost_axis_tooltip(self._cost_unit, self._basis, self._currency, self._years, pace, self._desks)
        self.getPlotItem().getAxis("left").setToolTip(full)
        note = chart_basis_note(self._basis, self._years)  # off the ranking's basis: says so where the chart is hovered
        self.setToolTip(full + (f"\n\n{write(note, current_language())}" if note is not None else ""))

    def _fit_view(self, positions: list[tuple[float, float]]) -> None:
        """Show every point with a margin; the range changes only when the points move out of it."""
        x_range = log_view_range([x for x, _ in positions])
        y_range = log_view_range([y for _, y in positions])
        view = (tuple(round(v, 2) for v in x_range), tuple(round(v, 2) for v in y_range))
        if view != getattr(self, "_view", None):
            self._view = view
            self.setRange(xRange=x_range, yRange=y_range, padding=0)

    def update_from(self, analysis: Analysis) -> None:
        family = family_view(analysis)
        currency = analysis.estimate.costs.currency
        classes = tuple(k for k in CLASS_COLOURS if any(p.card.category == k for p in analysis.catalog_points))
        # one basis per chart, the chosen card's (core.analysis keeps only the points on it), named on the axis
        basis = next((p.basis for p in analysis.catalog_points), analysis.estimate.costs.basis)
        unit = next((p.cost_unit for p in analysis.catalog_points), self._cost_unit)
        years = analysis.estimate.scenario.economics.amortisation_years
        from configurator.core.desks import at_desks

        scenario = analysis.estimate.scenario
        shown = (family, currency, classes, basis, unit, years, scenario.workload, at_desks(scenario))
        if shown != (self._family, self._currency, self._classes, self._basis, self._cost_unit, self._years,
                     self._workload, self._desks):
            (self._family, self._currency, self._classes, self._basis, self._cost_unit, self._years,
             self._workload, self._desks) = shown
            self.retranslate()
        points = analysis.catalog_points
        scale = family.charts.cost_x_scale  # milliseconds per token; hours; cards
        xs = [math.log10(p.x_value * scale) for p in points]
        ys = [math.log10(p.cost) for p in points]
        # as arrays, one shared brush per class and each point's words written when it is hovered:
        # a spot dictionary, brush and tooltip text per card took most of the chart's update (issue 28)
        data = np.empty(len(points), dtype=object)
        data[:] = [(p, currency) for p in points]
        self.points.setData(x=xs, y=ys, brush=[self._brushes[p.card.category] for p in points], data=data)
        self._fit_view(list(zip(xs, ys, strict=True)))
        chosen = [i for i, p in enumerate(points) if p.card.id == analysis.estimate.card.id]
        self.chosen.setData([xs[i] for i in chosen], [ys[i] for i in chosen])

    def _tip(self, x: float, y: float, data) -> str:
        """A point's tooltip: the card and its class, its time and its cost, in the window's language."""
        point, currency = data
        time_text = written(self._family.charts.cost_x_text(point.x_value))
        shown = card_name(point.card.name, current_language())
        named = _tc("charts", "{card} ({card_class})").format(card=shown, card_class=class_names()[point.card.category])
        return f"{named}\n{time_text}, {fmt.money(point.cost, currency)}"


def cost_axis_label(cost_unit: str, basis: str | None, currency: str, years: float | None = None) -> str:
    """The cost axis with its basis named briefly ('Cost per job — TCO over 4 years [USD]',
    :func:`~configurator.core.view.cost_bases.axis_per_unit_label`), in the window's language; the full
    name in the chart's tooltip (:func:`cost_axis_tooltip`)."""
    from configurator.core.view.cost_bases import axis_per_unit_label

    return f"{write(axis_per_unit_label(cost_unit, basis, years), current_language())} [{fmt.axis_currency(currency)}]"


def cost_axis_tooltip(cost_unit: str, basis: str | None, currency: str, years: float | None = None,
                      pace: str | None = None, desks: bool = False) -> str:
    """The cost axis's full name, the chart's tooltip: on the ranking's basis the TCO over ``years``, for a
    job that ends at its family's ``pace`` "if the cards render at this pace all 4 years"; ``desks``:
    workstations at the users' desks, their bill named — the words the results panel and the summary name
    the same figure by (core.view.cost_bases), in the window's language."""
    from configurator.core.view.cost_bases import per_unit_label

    label = per_unit_label(cost_unit, basis, years, pace, desks=desks)
    return f"{write(label, current_language())} [{fmt.axis_currency(currency)}]"
