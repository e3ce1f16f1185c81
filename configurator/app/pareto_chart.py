"""The recommendation panel's cost and speed chart: every ranked configuration and the Pareto
front, on log axes, built in its tab a pass of the event loop after the panel, and each ranking
drawn in a pass of its own (issue 28)."""

from __future__ import annotations

from html import escape

import math
from collections.abc import Callable

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QVBoxLayout, QWidget

from configurator.app import format as fmt
from configurator.app.chart_axes import log_view_range
from configurator.app.chart_axes import MoneyAxis, NumberAxis
from configurator.app.chart_fit import wrap_title
from configurator.app.chart_focus import out_of_tab_chain
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.app.labels import CLASS_COLOURS
from configurator.app.paced_repaint import GAP_MS
from configurator.core.message_numbers import percent_text
from configurator.core.recommend import Result, cost_basis
from configurator.core.view.card_names import card_name
from configurator.core.view.words import words

AXIS_TITLE_SIZE = "8pt"
"""The axes' titles' size (the window's charts: 9 pt): 'Cost per million tokens [USD]' in one line
along the cost axis of the panel at its least height (175 px at 1280 × 800; 190 px at 9 pt)."""

SAME_X_SPREAD = 0.05
"""Spread of the ranked options' speed figures (largest over smallest, less 1) within which they
count as one [fraction]: the chart then draws cost against the cards each buys, and its caption says
why. A render job with a deadline ranked options that each just meet it: every point sat on one
vertical line of "Time to finish" and the chart told nothing (session 37, persona 5)."""

CHART_MIN_PX = 236
"""Narrowest the chart (and its page before the chart is built) gets [px]: with the tab frame, the 240 px the
recommendation table left the charts before session 47 (a wider page took the table's cost column out of view at
1280 px, tests/test_ranking_headings.py)."""


class ParetoChart(QObject):
    """The chart in :attr:`page`: built ``GAP_MS`` after this object, or when first drawn — a plot
    widget is 20-40 ms of the GUI thread, which made the panel's opening (the window laid out
    again around the dock) one long pass of the event loop."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.page = QWidget()
        """The tab's page, the chart's place (as wide as the chart before it is built)."""
        self.page.setMinimumWidth(CHART_MIN_PX)
        QVBoxLayout(self.page).setContentsMargins(0, 0, 0, 0)
        self._plot: pg.PlotWidget | None = None
        self.points: pg.ScatterPlotItem | None = None
        self.front: pg.PlotDataItem | None = None
        self._waiting: tuple[Result, tuple] | None = None
        """What :meth:`draw` was last asked to draw, not drawn yet (drawn in a later pass)."""
        QTimer.singleShot(GAP_MS, self, self._build_then_draw)

    @property
    def plot(self) -> pg.PlotWidget:
        """The plot widget, built now if it is not yet, and what it was asked to draw drawn now."""
        if self._plot is None:
            self._build()
        self._draw_waiting()
        return self._plot

    @property
    def drawn(self) -> bool:
        """The plot is built and the newest ranking asked for is drawn on it (nothing waits)."""
        return self._plot is not None and self._waiting is None

    def _build_then_draw(self) -> None:
        """The plot built in this pass of the event loop, what waits for it drawn in the next: a
        language switch's new panel took over the ranking before its chart was built, and the
        plot's building and drawing were one pass of 50-65 ms of the GUI thread (session 22)."""
        if self._plot is None:
            self._build()
            QTimer.singleShot(0, self, self._draw_waiting)

    def _draw_waiting(self) -> None:
        if self._waiting is not None:
            waiting, self._waiting = self._waiting, None
            self._draw(*waiting)

    def _build(self) -> None:
        if self._plot is not None:
            return
        # its context menu (view all, axes, export) made a pass later: 5-20 ms of the building's pass
        plot = out_of_tab_chain(pg.PlotWidget(axisItems={"left": MoneyAxis("left"), "bottom": NumberAxis("bottom")},
                                              enableMenu=False))
        QTimer.singleShot(GAP_MS, self, lambda: plot.getPlotItem().setMenuEnabled(True) if shiboken6.isValid(plot)
                          else None)
        plot.setLogMode(x=True, y=True)
        plot.setMinimumWidth(CHART_MIN_PX)
        wrap_title(plot.getPlotItem())  # "Cost against FP32 per user: the Pareto front" is wider than the chart
        self.points = pg.ScatterPlotItem(size=10, hoverable=True, tip=lambda x, y, data: data)
        self.front = pg.PlotDataItem(pen=pg.mkPen("#333", width=1.5, style=Qt.PenStyle.DashLine))
        plot.addItem(self.points)
        plot.addItem(self.front)
        self._plot = plot
        self.page.layout().addWidget(plot)

    def draw(self, result: Result, axes: tuple[str, str, str, Callable[[float], float]], basis: str = "") -> None:
        """``result``'s ranked configurations and Pareto front; ``axes``: title, x label, y label and
        how a recommendation's speed figure becomes its x value; ``basis``: the cost's basis, a small
        line under the title (the y label without it is short enough for the axis: see
        :meth:`~configurator.app.recommend_charts.RankingCharts._fill_chart`). Drawn in the next pass of the event
        loop (the panel fills its table in this one: as a ranking's steps arrived, the table and the
        chart were one pass of 35-45 ms of the GUI thread, session 22), or a pass after the plot is
        built; only the newest ranking asked for is drawn. :attr:`plot` draws it at once."""
        scheduled = self._waiting is not None
        self._waiting = (result, axes, basis)
        if self._plot is not None and not scheduled:
            QTimer.singleShot(0, self, self._draw_waiting)

    def _draw(self, result: Result, axes: tuple[str, str, str, Callable[[float], float]], basis_line: str = "") -> None:
        basis = cost_basis(result.objective)
        title, x_label, y_label, to_x = axes
        plot = self._plot

        def usable(r) -> bool:
            return bool(r.cost_on(basis)) and 0 < r.speed_figure < math.inf

        shown = [r for r in result.ranked if usable(r)]
        spread = same_x_spread([to_x(r.speed_figure) for r in shown])
        # not where the x is the cards already (video streams): 43 × T4, A10 and RTX A6000 for 300 streams read
        # "Every option within 0.0 % on 'Cards': cost against the cards each buys" (persona49)
        by_cards = spread is not None and any(to_x(r.speed_figure) != r.count for r in shown)
        if by_cards:  # one speed for all: what tells the options apart is the cards each buys
            title, x_label = _tc("ParetoChart", "Cost against cards"), _tc("ParetoChart", "Cards [count]")  # no front: the title says so
            basis_line = _tc("ParetoChart", "Every option within {spread} on “{axis}”: cost against the cards each buys").format(
                spread=percent_text(f"{spread * 100:.1f}", current_language()), axis=axes[1]) + (f" · {basis_line}" if basis_line else "")
        plot.setTitle(title + (f"<br><span style='font-size:7pt'>{escape(basis_line)}</span>" if basis_line else ""),
                      size="9pt")
        plot.setLabel("bottom", x_label, **{"font-size": AXIS_TITLE_SIZE})
        plot.setLabel("left", y_label, **{"font-size": AXIS_TITLE_SIZE})

        def x_of(r) -> float:
            return float(r.count) if by_cards else to_x(r.speed_figure)

        def xy(r):
            return math.log10(x_of(r)), math.log10(r.cost_on(basis))

        if not shown:  # nothing meets the constraints: say so rather than draw empty axes
            plot.setTitle(words(current_language())("{title} — no ranked configuration to draw", title=title),
                          size="9pt")
        for side in ("left", "bottom"):  # empty axes read as a chart of nothing (persona): hidden with nothing drawn
            plot.getPlotItem().showAxis(side, bool(shown))
        positions = [xy(r) for r in shown]
        plot.setRange(xRange=log_view_range([x for x, _ in positions]),
                      yRange=log_view_range([y for _, y in positions]), padding=0)
        language = current_language()
        self.points.setData([{"pos": xy(r), "brush": pg.mkBrush(CLASS_COLOURS[r.card.category]),
                              "data": f"{fmt.count(r.count)} × {card_name(r.card.name, language)}"} for r in shown])
        front = [] if by_cards else [r for r in result.pareto if usable(r)]  # no front where one speed is all's
        # a PlotDataItem takes linear values in log mode (it transforms them itself); scatter spots do not
        self.front.setData([x_of(r) for r in front], [r.cost_on(basis) for r in front])


def same_x_spread(values: list[float]) -> float | None:
    """The spread of ``values`` (largest over smallest, less 1) where two or more are all within
    :data:`SAME_X_SPREAD` of each other; None otherwise (one value, none, or a real spread)."""
    if len(values) < 2 or min(values) <= 0:
        return None
    spread = max(values) / min(values) - 1.0
    return spread if spread <= SAME_X_SPREAD else None

