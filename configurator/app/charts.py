"""The charts' common frame: the palette, the sizes and fills every chart shares, the base chart
(:class:`Chart`) and :func:`grab_image`. The charts themselves: :mod:`configurator.app.memory_charts`,
:mod:`configurator.app.scaling_chart` and :mod:`configurator.app.cost_chart`. Each creates its items
once and updates them with setData/setOpts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QWidget

from configurator.app.chart_axes import LABEL_OVERHANG_PX, MoneyAxis, NumberAxis
from configurator.app.chart_fit import wrap_title
from configurator.app.chart_focus import out_of_tab_chain
from configurator.app.i18n import current_language
from configurator.core.view.family_view import FamilyView, view_for
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


class Chart(pg.PlotWidget):
    """What every chart of the window shares: its axes (a money axis where asked), grid, legend, least
    height, line labels kept below the legend, and a range set only when it changes; each chart
    fills in :meth:`update_from` and :meth:`retranslate`."""

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
        clear_from = self.legend.pos().y() + self.legend.boundingRect().height() \
            if self.legend.isVisible() else 0.0  # below the view's top [px]; a hidden one: named in the title
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


def family_view(analysis: Analysis) -> FamilyView:
    """How the charts show the analysed scenario's family: axes, series, units and labels
    (:mod:`configurator.core.view.family_view`; no chart compares a workload's name)."""
    return view_for(analysis.estimate.scenario)


def written(value) -> str:
    """A label id or a view's value (an amount, a phrase) in the window's language."""
    return write(value, current_language())

