"""What keeps a chart's words inside its widget at every window size, in both languages.

* :class:`WrappedTitle` — a plot's title that wraps (between words) to the width its plot has,
  its row as tall as its lines. pyqtgraph's title asks for its whole one-line width as the plot's
  least width: the cost chart's title and class key, wider than the chart at 1280×800, pushed the
  plot past its widget's right edge and cut its x axis and key ("Workstati").
* :func:`wrap_axis_label` — a vertical axis' title wrapped onto a second line when it is longer
  than the axis (the scaling chart's "Time per output token [ms]", cut to "[n" in the short chart
  of the window with the recommendation panel open).
* :func:`top_with_room` — the top of a bar chart's value axis that leaves a number of pixels free
  above the bars for the legend and the words over each bar, however tall the chart is drawn.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor, QTextOption

LEAST_HEADROOM = 1.4
"""The least top of a bar chart's axis, as a multiple of its tallest bar [1] (the room it kept
before it was reckoned in pixels)."""

MOST_ROOM_SHARE = 0.75
"""The largest share of a chart's height kept free above its bars [1]: in a very short chart the
bars keep a quarter of it, and the words over them may reach into the legend."""


def _centred_wrapping(item) -> None:
    """Lines of ``item`` (a QGraphicsTextItem) centred and broken between words once it has a width."""
    option = QTextOption(Qt.AlignmentFlag.AlignHCenter)
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    item.document().setDefaultTextOption(option)


class WrappedTitle(pg.LabelItem):
    """A plot's title whose lines wrap to the width the plot's layout gives it; no least width of
    its own, so a long title (or a key of names under it) never widens its plot."""

    def __init__(self, plot: pg.PlotItem) -> None:
        super().__init__("", size="11pt", parent=plot)
        self._plot = plot
        self._row_px = -1.0
        _centred_wrapping(self.item)

    def resizeEvent(self, ev) -> None:  # noqa: N802 - Qt's name
        width = self.size().width()
        wrap = width if width >= LEAST_WRAP_PX else -1  # a plot not yet laid out is a few pixels wide
        if self.item.textWidth() != wrap:
            self.item.setTextWidth(wrap)
        super().resizeEvent(ev)

    def updateMin(self) -> None:  # noqa: N802 - pyqtgraph's name
        """As tall as its lines at its width, and as narrow as the plot needs."""
        super().updateMin()
        self.setMinimumWidth(0)
        plot = getattr(self, "_plot", None)  # None while pyqtgraph's __init__ sets the first text
        if plot is None or not self.isVisible() or self.maximumHeight() == 0:  # hidden: setTitle(None)
            return
        row = max(TITLE_ROW_PX, round(self.itemRect().height()))
        if row != self._row_px:
            self._row_px = row
            self.setMaximumHeight(row)
            plot.layout.setRowFixedHeight(0, row)
            view = plot.getViewWidget()  # the plot fills its widget again: a taller title had made it
            if view is not None and plot.geometry() != view.range:  # taller than the widget (its least
                plot.setGeometry(view.range)  # height), and the widget is not resized to say so

    def setText(self, text, **args) -> None:  # noqa: N802 - pyqtgraph's name
        self._row_px = -1.0  # pyqtgraph's setTitle set the row to its own height before this
        super().setText(text, **args)


LEAST_WRAP_PX = 120
"""Narrowest a title is wrapped to [px]: narrower, the plot is still being laid out."""

TITLE_ROW_PX = 30
"""pyqtgraph's height of a one-line title's row [px], kept for titles of one line."""


def wrap_title(plot: pg.PlotItem) -> WrappedTitle:
    """Put a :class:`WrappedTitle` in place of ``plot``'s title (set with ``setTitle`` as before)."""
    old = plot.titleLabel
    plot.layout.removeItem(old)
    if old.scene() is not None:
        old.scene().removeItem(old)
    title = WrappedTitle(plot)
    # over the axes' columns too: its width is the plot's, not the plot's less the left axis' — the
    # axis' width (a wrapped title of its own) then no longer sets the title's lines, whose height
    # set the axis' length, which set the axis' lines: at 318x180 px the cost chart went round that
    # loop ~350 times a second, idle (issue 28)
    plot.layout.addItem(title, 0, 0, 1, 3)
    plot.titleLabel = title
    plot.setTitle(None)  # hidden until a title is set, as pyqtgraph starts
    return title


def wrap_axis_label(axis: pg.AxisItem) -> None:
    """Break a vertical axis' title onto two lines when it is longer than the axis (one line
    otherwise); the axis takes the width of the lines it has."""
    label = axis.label
    if label is None or axis.orientation not in ("left", "right"):
        return
    length = axis.size().height()
    lines_before = label.boundingRect().height()
    if label.textWidth() != -1:
        label.setTextWidth(-1)
    _unbreak(label.document())
    if 0 < length < label.boundingRect().width():
        _centred_wrapping(label)
        label.setTextWidth(length)
        _break_after_dash(label.document())
    if label.boundingRect().height() != lines_before:
        axis.setWidth(axis.fixedWidth)  # pyqtgraph adds the title's height to the axis' width


LINE_BREAK = "\u2028"
"""The line separator put after a title's dash when it wraps (Qt breaks a line there)."""

TITLE_DASHES = ("——", "—")
"""Where a two-part axis title ("Cost per million tokens — TCO over 4 years [USD]") is broken, Chinese first."""


def _lines(document) -> int:
    """How many lines ``document`` is laid out in [count]."""
    block, lines = document.begin(), 0
    while block.isValid():
        lines += block.layout().lineCount()
        block = block.next()
    return lines


def _break_after_dash(document) -> None:
    """Break a wrapped two-line title after its dash where both parts still fit: Qt broke Chinese between any
    two characters ("每百万词元成本——4 年总拥有成" / "本 [元]") and English after "TCO over 4" (look46)."""
    text = document.toRawText()
    at = next((text.find(dash) + len(dash) for dash in TITLE_DASHES if dash in text), -1)
    if at <= 0 or _lines(document) != 2:
        return
    cursor = QTextCursor(document)
    cursor.setPosition(at)
    if text[at:at + 1] == " ":  # the space after an English dash ends the first line, unseen
        cursor.deleteChar()
    cursor.insertText(LINE_BREAK)
    if _lines(document) != 2:  # a part longer than the axis: Qt's own breaks
        _unbreak(document)


def _unbreak(document) -> None:
    """``document`` without the break :func:`_break_after_dash` put in (its dash's space back)."""
    text = document.toRawText()
    at = text.find(LINE_BREAK)
    if at < 0:
        return
    cursor = QTextCursor(document)
    cursor.setPosition(at)
    cursor.deleteChar()
    if text[at - 1:at] == "—" and text[at - 2:at - 1] == " ":  # an English dash had its space after it
        cursor.insertText(" ")


def top_with_room(tallest: float, room_px: float, view_px: float) -> float:
    """The top of a value axis from zero that leaves ``room_px`` free above ``tallest`` in a view
    ``view_px`` tall [same unit as ``tallest``]: at least :data:`LEAST_HEADROOM` × ``tallest``, the
    room at most :data:`MOST_ROOM_SHARE` of the view."""
    if tallest <= 0:
        return 1.0
    share = min(MOST_ROOM_SHARE, room_px / view_px) if view_px > 0 else 0.0
    return max(LEAST_HEADROOM * tallest, tallest / (1 - share))
