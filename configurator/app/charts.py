"""Live pyqtgraph charts. Each creates its items once and updates them with setData/setOpts."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from configurator.app import format as fmt
from configurator.app.labels import CLASS_COLOURS, class_names
from configurator.core.analysis import Analysis
from configurator.core.units import GIB
from configurator.app.i18n import tc as _tc



pg.setConfigOptions(antialias=True, background="w", foreground="#333")

MEMORY_PARTS = (
    ("weights", "#4e79a7"),
    ("gradients", "#f28e2b"),
    ("optimizer", "#e15759"),
    ("activations", "#76b7b2"),
    ("kv_cache", "#59a14f"),
    ("overhead", "#bab0ac"),
)


def part_names() -> dict[str, str]:
    return {
        "weights": _tc("charts", "Weights"),
        "gradients": _tc("charts", "Gradients"),
        "optimizer": _tc("charts", "Optimizer states"),
        "activations": _tc("charts", "Activations"),
        "kv_cache": _tc("charts", "KV cache"),
        "overhead": _tc("charts", "Overhead"),
    }


class NumberAxis(pg.AxisItem):
    """An axis whose logarithmic ticks read as plain numbers (2,000 rather than 2·10³)."""

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.enableAutoSIPrefix(False)

    def logTickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        return [log_tick_label(v) for v in values]


def log_tick_label(exponent: float) -> str:
    """Label 1, 2 and 5 times powers of ten; leave the other minor ticks blank."""
    if abs(exponent) > 15:
        return ""
    value = 10.0**exponent
    leading = round(value / 10.0 ** math.floor(math.log10(value) + 1e-9), 6)
    if leading not in (1.0, 2.0, 5.0):
        return ""
    return fmt.number(value, 0) if value >= 1 else fmt.significant(value, 1)


class _Chart(pg.PlotWidget):
    def __init__(self, parent: QWidget | None = None, sides: tuple[str, ...] = ("left", "bottom")) -> None:
        super().__init__(parent, axisItems={side: NumberAxis(side) for side in sides})
        self.showGrid(x=True, y=True, alpha=0.25)
        self.setMenuEnabled(False)
        self.setMinimumHeight(200)
        self.legend = self.addLegend(offset=(5, 5), labelTextSize="7pt", verSpacing=-6)

    def set_title(self, text: str) -> None:
        self.setTitle(text, size="10pt")

    def update_from(self, analysis: Analysis) -> None:
        raise NotImplementedError

    def retranslate(self) -> None:
        """Set titles and axis labels in the current language."""


class MemoryChart(_Chart):
    """Memory per card as stacked bars against each card's capacity, chosen card first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars = {}
        for key, colour in MEMORY_PARTS:
            brush = pg.mkBrush(colour)
            if key in ("gradients", "activations"):
                brush.setColor(pg.mkColor(colour + "b0"))  # see-through: the two overlap
            bar = pg.BarGraphItem(x=[], height=[], y0=[], width=0.6, brush=brush, pen=pg.mkPen("w", width=0.5))
            self.addItem(bar)
            self.bars[key] = bar
        self.capacity = pg.PlotDataItem(pen=pg.mkPen("#b00020", width=2, style=Qt.PenStyle.DashLine),
                                        connect="pairs")
        self.addItem(self.capacity)
        self.setMouseEnabled(x=False, y=False)
        self.getAxis("bottom").setHeight(38)  # two rows of card names
        self._view: tuple = ()
        self.legend.setColumnCount(2)
        self.retranslate()

    def retranslate(self) -> None:
        self.set_title(_tc("charts", "Memory per card"))
        self.setLabel("left", _tc("charts", "Memory per card"), units="GiB")
        self.legend.clear()
        names = part_names()
        for key, _ in MEMORY_PARTS:
            self.legend.addItem(self.bars[key], names[key])
        self.legend.addItem(self.capacity, _tc("charts", "Usable capacity"))

    def update_from(self, analysis: Analysis) -> None:
        estimates = (analysis.estimate, *analysis.compared)
        xs = list(range(len(estimates)))
        layers = [stack_layers(e.memory) for e in estimates]
        for key, _ in MEMORY_PARTS:
            self.bars[key].setOpts(x=xs, y0=[layer[key][0] / GIB for layer in layers],
                                   height=[layer[key][1] / GIB for layer in layers], width=0.6)
        line_x, line_y = [], []
        for x, e in zip(xs, estimates, strict=True):
            line_x += [x - 0.4, x + 0.4]
            line_y += [e.memory.budget / GIB] * 2
        self.capacity.setData(line_x, line_y)
        ticks = [(x, ("\n" if x % 2 else "") + e.card.id) for x, e in zip(xs, estimates, strict=True)]
        top = max(max(e.memory.total, e.memory.budget) for e in estimates) / GIB
        view = (ticks, len(estimates), round(top * 1.4, 1))  # room for the legend above the bars
        if view != self._view:  # axes repaint only when their range or labels change
            self._view = view
            self.getAxis("bottom").setTicks([ticks])
            self.setXRange(-0.6, len(estimates) - 0.4, padding=0)
            self.setYRange(0, view[2], padding=0)


def stack_layers(memory) -> dict[str, tuple[float, float]]:
    """(bottom, height) of each part [B]. Gradients and activations are not alive at the same
    time (activations are freed as gradients appear), so both start at the same height and
    overlap; the stack's top is the peak the total counts."""
    base = memory.weights + memory.optimizer
    shared = max(0.0, memory.total - memory.overhead - memory.kv_cache - base)
    return {
        "weights": (0.0, memory.weights),
        "optimizer": (memory.weights, memory.optimizer),
        "gradients": (base, min(memory.gradients, shared)),
        "activations": (base, min(memory.activations, shared)),
        "kv_cache": (base + shared, memory.kv_cache),
        "overhead": (base + shared + memory.kv_cache, memory.overhead),
    }


class ScalingChart(_Chart):
    """Throughput (left axis) and time to finish or request rate (right axis) against card
    count, both logarithmic."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, sides=("left", "bottom", "right"))
        self.setLogMode(x=True, y=True)
        self.showGrid(x=False, y=False)  # log grids cost ~7 ms a repaint; the 1-2-5 tick labels suffice
        plot = self.getPlotItem()
        self.throughput = self.plot(pen=pg.mkPen("#1f77b4", width=2), symbol="o", symbolSize=6,
                                    symbolBrush="#1f77b4")
        self.right_view = pg.ViewBox()
        plot.showAxis("right")
        plot.scene().addItem(self.right_view)
        plot.getAxis("right").linkToView(self.right_view)
        plot.getAxis("right").setLogMode(False, True)
        self.right_view.setXLink(plot)
        self.second = pg.PlotDataItem(pen=pg.mkPen("#ff7f0e", width=2), symbol="s", symbolSize=5,
                                      symbolBrush="#ff7f0e")
        self.right_view.addItem(self.second)
        plot.vb.sigResized.connect(self._sync_views)
        self.not_fitting = pg.ScatterPlotItem(symbol="x", size=11, pen=pg.mkPen("#b00020", width=2))
        self.addItem(self.not_fitting)
        self.chosen = pg.InfiniteLine(angle=90, pen=pg.mkPen("#333", width=1.5))
        self.limit = pg.InfiniteLine(angle=90, pen=pg.mkPen("#888", width=1, style=Qt.PenStyle.DashLine),
                                     label=_tc("charts", "stops scaling"), labelOpts={"position": 0.9, "color": "#555"})
        self.addItem(self.chosen)
        self.addItem(self.limit)
        self._training = True
        self.retranslate()

    def _sync_views(self) -> None:
        main = self.getPlotItem().vb
        self.right_view.setGeometry(main.sceneBoundingRect())
        self.right_view.linkedViewChanged(main, self.right_view.XAxis)

    def retranslate(self) -> None:
        self.set_title(_tc("charts", "Scaling with card count"))
        self.setLabel("bottom", _tc("charts", "Cards"))
        self.setLabel("left", _tc("charts", "Throughput [tokens/s]"))
        second = _tc("charts", "Time to finish [h]") if self._training else _tc("charts", "Time per output token [ms]")
        self.setLabel("right", second)
        self.legend.clear()
        self.legend.addItem(self.throughput, _tc("charts", "Throughput"))
        second_name = _tc("charts", "Time to finish") if self._training else _tc("charts", "Time per token")
        self.legend.addItem(self.second, second_name)
        self.legend.addItem(self.not_fitting, _tc("charts", "Does not fit"))

    def update_from(self, analysis: Analysis) -> None:
        rows = [e for e in analysis.by_count if e.tokens_per_s]
        training = analysis.estimate.training is not None
        if training != self._training:
            self._training = training
            self.retranslate()
        counts = [e.scenario.count for e in rows]
        self.throughput.setData(counts, [e.tokens_per_s for e in rows])
        second = [e.training.hours if training else e.inference.tpot_s * 1000 for e in rows]
        self.second.setData([math.log10(c) for c in counts], [math.log10(v) for v in second])
        bad = [e for e in rows if not e.fits]
        self.not_fitting.setData([math.log10(e.scenario.count) for e in bad],
                                 [math.log10(e.tokens_per_s) for e in bad])
        self.chosen.setValue(math.log10(analysis.estimate.scenario.count))
        limit = analysis.scaling_limit
        self.limit.setVisible(limit is not None)
        if limit is not None:
            self.limit.setValue(math.log10(limit))


class MemoryCurveChart(_Chart):
    """Memory per card against micro-batch (training) or context (inference)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curve = self.plot(pen=pg.mkPen("#4e79a7", width=2), symbol="o", symbolSize=4, symbolBrush="#4e79a7")
        self.limit = self.plot(pen=pg.mkPen("#b00020", width=2, style=Qt.PenStyle.DashLine))
        self.chosen = pg.InfiniteLine(angle=90, pen=pg.mkPen("#333", width=1.5))
        self.addItem(self.chosen)
        self._variable = "micro_batch"
        self.retranslate()

    def retranslate(self) -> None:
        if self._variable == "context":
            self.set_title(_tc("charts", "Memory against context"))
            self.setLabel("bottom", _tc("charts", "Context [tokens]"))
        else:
            self.set_title(_tc("charts", "Memory against micro-batch"))
            self.setLabel("bottom", _tc("charts", "Micro-batch [sequences]"))
        self.setLabel("left", _tc("charts", "Memory per card"), units="GiB")
        self.legend.clear()
        self.legend.addItem(self.curve, _tc("charts", "Needed"))
        self.legend.addItem(self.limit, _tc("charts", "Fit limit"))

    def update_from(self, analysis: Analysis) -> None:
        curve = analysis.memory_curve
        if curve.variable != self._variable:
            self._variable = curve.variable
            self.retranslate()
        self.curve.setData(list(curve.values), [t / GIB for t in curve.totals])
        self.limit.setData([curve.values[0], curve.values[-1]], [curve.limit / GIB] * 2)
        self.chosen.setValue(curve.current)


class CostScatter(_Chart):
    """Every catalog card that fits: cost against time (training) or latency (inference)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLogMode(x=True, y=True)
        self.showGrid(x=False, y=False)
        self.points = pg.ScatterPlotItem(size=11, hoverable=True, hoverSize=15,
                                         tip=lambda x, y, data: data)
        self.addItem(self.points)
        self.chosen = pg.ScatterPlotItem(size=20, symbol="o", brush=None, pen=pg.mkPen("#000", width=2))
        self.addItem(self.chosen)
        self._training = True
        self._currency = "USD"
        self._classes: tuple[str, ...] = tuple(CLASS_COLOURS)
        self.retranslate()

    def set_title(self, text: str) -> None:
        names = class_names()
        key = " ".join(f"<span style='color:{colour}'>●</span>&nbsp;{names[k]}" for k, colour in CLASS_COLOURS.items()
                       if k in self._classes)
        self.setTitle(f"{text}<br><span style='font-size:7pt'>{key}</span>", size="10pt")

    def retranslate(self) -> None:
        if self._training:
            self.set_title(_tc("charts", "Cost against time, every card that fits"))
            self.setLabel("bottom", _tc("charts", "Time to finish [h]"))
            self.setLabel("left", _tc("charts", "Job cost [{0}]").format(self._currency))
        else:
            self.set_title(_tc("charts", "Cost against latency, every card that fits"))
            self.setLabel("bottom", _tc("charts", "Time per output token [ms]"))
            self.setLabel("left", _tc("charts", "Cost per million tokens [{0}]").format(self._currency))

    def update_from(self, analysis: Analysis) -> None:
        training = analysis.estimate.training is not None
        currency = analysis.estimate.costs.currency
        classes = tuple(k for k in CLASS_COLOURS if any(p.card.category == k for p in analysis.catalog_points))
        if (training, currency, classes) != (self._training, self._currency, self._classes):
            self._training, self._currency, self._classes = training, currency, classes
            self.retranslate()
        spots = []
        scale = 1.0 if training else 1000.0  # hours, or milliseconds per token
        for p in analysis.catalog_points:
            time_text = fmt.duration(p.latency_or_hours) if training else fmt.seconds(p.latency_or_hours)
            spots.append({
                "pos": (math.log10(p.latency_or_hours * scale), math.log10(p.cost)),
                "brush": pg.mkBrush(CLASS_COLOURS[p.card.category]),
                "data": f"{p.card.name} ({class_names()[p.card.category]})\n{time_text}, "
                        f"{fmt.money(p.cost, currency)}",
            })
        self.points.setData(spots)
        chosen = [p for p in analysis.catalog_points if p.card.id == analysis.estimate.card.id]
        self.chosen.setData([math.log10(p.latency_or_hours * scale) for p in chosen],
                            [math.log10(p.cost) for p in chosen])
