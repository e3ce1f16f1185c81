"""The window's number and money axes: logarithmic ticks as plain numbers, large ones counted as the
window's language counts (万/亿 in Chinese), money as the summary writes it (25k, 1.5M; 2.5万, 2亿).
Split out of :mod:`configurator.app.charts` in December 2026."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QGraphicsItem

from configurator.app import format as fmt
from configurator.app.chart_fit import wrap_axis_label
from configurator.app.chart_ticks import log_money_label, log_tick_label

LABEL_OVERHANG_PX = 20
"""How far a horizontal axis' tick label may reach past the axis' ends [px]: half of "1,000,000"
in the charts' tick font, so that a tick near the view's edge keeps its number."""


class NumberAxis(pg.AxisItem):
    """An axis of counts whose logarithmic ticks read as plain numbers (2,000 rather than 2·10³) and
    whose large ticks count as the window's language counts (:func:`configurator.app.format.tick_count`:
    10,000,000 tokens/s in English, 1000万 in Chinese — the rule of the money axes)."""

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.enableAutoSIPrefix(False)
        if orientation in ("bottom", "top"):  # the label of a tick near either end may pass the axis' end
            self.setStyle(hideOverlappingLabels=LABEL_OVERHANG_PX)  # (pyqtgraph hid it: no "1,000" at 1,024 cards)
        # drawn once into a pixmap and redrawn only when the axis changes: replaying its picture (tick
        # labels, and the grid it draws) was most of a chart's repaint (issue 28)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def resizeEvent(self, ev=None):  # noqa: N802 - Qt's name
        wrap_axis_label(self)  # a title longer than the axis on two lines, not cut at both ends
        super().resizeEvent(ev)

    def _updateWidth(self) -> None:  # noqa: N802 - pyqtgraph's name
        """pyqtgraph's width, with a wrapped vertical title's whole height: pyqtgraph counts 0.8 of
        it (an overestimate of one line), and a title of several lines covered the tick numbers."""
        super()._updateWidth()
        label = self.label
        if (self.fixedWidth is None and self.isVisible() and label.isVisible()
                and self.orientation in ("left", "right") and label.textWidth() != -1):
            width = self.maximumWidth() + 0.2 * label.boundingRect().height()
            self.setMaximumWidth(width)
            self.setMinimumWidth(width)

    def setLabel(self, *args, **kwargs):  # noqa: N802 - pyqtgraph's name
        super().setLabel(*args, **kwargs)
        self.resizeEvent()

    def setRange(self, mn: float, mx: float) -> None:  # noqa: N802 - pyqtgraph's name
        """pyqtgraph's, less the redraw when the range is the one drawn: the linked view calls it at
        every resize, and a grid-less axis whose view only got wider or taller was drawn anew
        (with a grid, the grid's lines span the view: drawn anew)."""
        if getattr(self, "picture", None) is not None and self.grid is False and [mn, mx] == self.range:
            return
        super().setRange(mn, mx)

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        """pyqtgraph's linear ticks, whole ones written as the window's language counts
        (:func:`configurator.app.format.tick_count`: 1,200,000 in English, 120万 in Chinese; pyqtgraph
        wrote 1.2e+06 and 200000 on the serving memory chart's context axis); ticks with decimals as
        pyqtgraph writes them; logarithmic ones by :func:`log_tick_label`."""
        texts = super().tickStrings(values, scale, spacing)
        if self.logMode or spacing * scale < 1:
            return texts
        return [fmt.tick_count(round(v * scale)) for v in values]

    def logTickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        return [log_tick_label(v) for v in values]

    def logTickValues(self, minVal, maxVal, size, stdTicks):  # noqa: N802, N803 - pyqtgraph's names
        """pyqtgraph's logarithmic ticks, less the decades its minor level repeats (it adds 1·10ⁿ to
        2..9·10ⁿ): each decade was labelled twice, one text over the other, and read bold ("10", "1",
        "0.1" of the scaling chart's time axis)."""
        levels = super().logTickValues(minVal, maxVal, size, stdTicks)
        major = {round(float(v), 6) for spacing, values in levels if spacing is not None for v in values}
        return [(spacing, values if spacing is not None else [v for v in values if round(float(v), 6) not in major])
                for spacing, values in levels]

    def boundingRect(self):  # noqa: N802 - Qt's name
        """pyqtgraph's rectangle, which lets a tick label pass the axis' ends by the tolerance of its
        ``hideOverlappingLabels`` style (15 px on a vertical axis) — also when the axis draws a grid.
        pyqtgraph drops the tolerance with a grid, and a label half past an end is not drawn: the
        memory chart's 0 GiB, centred on the bottom end of its axis, had no label."""
        rect = super().boundingRect()
        if self.linkedView() is None or self.grid is False:
            return rect  # pyqtgraph has applied the tolerance
        hide = self.style["hideOverlappingLabels"]
        reach = 0 if hide is True else 15 if hide is False else int(hide)  # pyqtgraph's reading of the style
        along = self.mapRectFromParent(self.geometry())
        if self.orientation in ("left", "right"):
            return rect | along.adjusted(0, -reach, 0, reach)
        return rect | along.adjusted(-reach, 0, reach, 0)


class MoneyAxis(NumberAxis):
    """An axis of amounts of money, its ticks counted as the summary counts them
    (:func:`configurator.core.view.numbers.money_tick`: 25k, 1.5M, 200M in English; 2.5万, 150万,
    2亿 in Chinese), linear or logarithmic; the currency is on the axis' title. Digit groups
    (200,000,000) were hard to read in English and foreign to a Chinese buyer, who counts in 万 and 亿."""

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        if self.logMode:
            return self.logTickStrings(values, scale, spacing)
        return [fmt.money_tick(v * scale) for v in values]

    def logTickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        return [log_money_label(v) for v in values]


def log_view_range(values: list[float], margin: float = 0.12) -> tuple[float, float]:
    """A log10 axis range around ``values`` spanning at least one decade, with a margin so
    that markers at the edges are not cut."""
    if not values:
        return 0.0, 1.0
    low, high = min(values), max(values)
    if high - low < 1.0:
        middle = (low + high) / 2
        low, high = middle - 0.5, middle + 0.5
    pad = (high - low) * margin
    return low - pad, high + pad
