"""Memory charts: memory per card across cards (stacked bars against capacity) and against
micro-batch or context (:mod:`configurator.app.charts` holds their common frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QWidget

from configurator.app.category_axis import CategoryAxis
from configurator.app.chart_legend import fit_columns, legend_fits, name_legend, title_key
from configurator.app.chart_fit import top_with_room
from configurator.app.charts import LABEL_FILL, LABEL_GAP_PX, PALETTE, Chart, family_view, written
from configurator.app.memory_bars import bar_count_text, counts_fit, stack_layers
from configurator.core.units import GIB
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.view.card_names import card_name
from configurator.core.view.family_view import FIRST_SHOWN
from configurator.core.view.names import short_card_name

if TYPE_CHECKING:  # the estimator loads with the first analysis, after the window has painted
    from configurator.core.analysis import Analysis


LEGEND_MAX_SHARE = 0.5
"""The most of the memory chart's view height [fraction] its legend may take in one column, where its
two columns are wider than the view (:func:`~configurator.app.chart_legend.fit_columns`): six
entries in one column are 120 px, just under half of the 246-px view of a 1200×700 window's chart,
twice the short chart of a window with the recommendation panel open (which keeps two columns)."""

MEMORY_PARTS = tuple((key, PALETTE[key]) for key in ("weights", "optimizer", "activations", "gradients",
                                                       "kv_cache", "graphics", "overhead", "cache"))
"""Memory parts bottom to top, with their colours."""

HATCHED_PARTS = frozenset({"cache"})
"""Parts drawn hatched in their colour over the chart's white, outlined: the allocator's usual cache
beyond what the run needs, which it gives back near the card's limit (MemoryBreakdown.cache_given_back),
set apart from the parts the run holds."""


def part_names() -> dict[str, str]:
    """Each memory part's name (key: a part of :data:`MEMORY_PARTS`) as the charts' legend and tooltips say it, in
    the interface language of the moment."""
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


class MemoryChart(Chart):
    """Memory per card as stacked bars against each card's capacity, chosen card first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, bottom=CategoryAxis())  # card names that never touch
        self.bars = {}
        for key, colour in MEMORY_PARTS:
            hatched = key in HATCHED_PARTS
            brush = QBrush(QColor(colour), Qt.BrushStyle.BDiagPattern) if hatched else pg.mkBrush(colour)
            bar = pg.BarGraphItem(x=[], height=[], y0=[], width=0.6, brush=brush,
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



class MemoryCurveChart(Chart):
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
