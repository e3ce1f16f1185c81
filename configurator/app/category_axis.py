"""A chart's bottom axis of named categories (the memory chart's cards) whose names never touch.

pyqtgraph draws a tick's words centred on the tick, however wide, and the memory chart put every
second card's name on a second line by prefixing a newline: at 1280×800, with the editor 20 px
wider, "H100 SXM5 80GB" and "H200 SXM 141GB" ran into one another ("H100 SXM5 80GBH200 SXM 141GB"),
in English and in Chinese. Here the names are laid out as a desktop chart lays out categories:

* on one row when every name fits the room of its bar;
* else on two rows, every second name on the lower one, each with the room of two bars;
* a name still wider than that is cut with "…" and whole in its tooltip (every name's tooltip
  gives the card's full name).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter

LABEL_GAP_PX = 16
"""The least space between two names on the same row [px]: about four spaces of the tick font. At 8 px
(until December 2026) two names on a row read as one at 1280 × 720, "H100 SXM5 80GB H200 SXM 141GB", their
gap twice the space between the words of one name (look46)."""

OVERHANG_PX = 20
"""How far a name may reach past the right end of the axis [px], into the chart's margin (never
past the chart's edge). None reaches past the left end: the value axis' lowest label ("0") reaches
below the plot there."""

ROW_GAP_PX = 4
"""Space between the two rows of names [px] (2 until December 2026: the staggered rows nearly touched)."""


@dataclass(frozen=True)
class CategoryLayout:
    """How a row of category names is drawn: on ``rows`` rows, each name at most ``width_px`` wide."""

    rows: int
    width_px: float


def category_layout(widths_px: list[float], slot_px: float, gap_px: float = LABEL_GAP_PX) -> CategoryLayout:
    """The rows and the width each name may take, for names ``widths_px`` wide [px] centred on
    ticks ``slot_px`` apart [px]: one row when every name fits its slot with ``gap_px`` to spare,
    else two rows, every second name on the second, each name the room of two slots less the gap."""
    if not widths_px or max(widths_px) + gap_px <= slot_px:
        return CategoryLayout(1, max(slot_px - gap_px, 0.0))
    return CategoryLayout(2, max(2 * slot_px - gap_px, 0.0))


class CategoryAxis(pg.AxisItem):
    """A bottom axis whose ticks at 0, 1, 2, … are named (:meth:`set_names`), laid out by
    :func:`category_layout` at the width the axis is drawn, with each name's tooltip."""

    def __init__(self) -> None:
        super().__init__("bottom")
        self._names: tuple[str, ...] = ()
        self._full: tuple[str, ...] = ()
        self.drawn: tuple[tuple[QRectF, str, int], ...] = ()  # each name as last drawn: rectangle, words, tick
        self.setAcceptHoverEvents(True)

    def set_names(self, names: list[str], full_names: list[str] | None = None) -> None:
        """Name the ticks at 0, 1, 2, … (``full_names``, the tooltips, default to the names)."""
        self._names = tuple(names)
        self._full = tuple(full_names) if full_names is not None else self._names
        self.setTicks([[(i, name) for i, name in enumerate(self._names)]])  # redraws the axis
        line = QFontMetricsF(self.style["tickFont"] or self.font()).height()
        self.setHeight(math.ceil(max(0, self.style["tickLength"]) + self.style["tickTextOffset"][1]
                                 + 2 * line + ROW_GAP_PX + 2))

    def generateDrawSpecs(self, p: QPainter):  # noqa: N802 - pyqtgraph's name
        """pyqtgraph's line and ticks, and the names as :func:`category_layout` places them."""
        specs = super().generateDrawSpecs(p)
        if specs is None:
            return None
        axis_spec, tick_specs, _ = specs
        self.drawn = self._place_names(QFontMetricsF(p.font()))
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextDontClip
        return axis_spec, tick_specs, [(rect, flags, text) for rect, text, _ in self.drawn]

    def _place_names(self, metrics: QFontMetricsF) -> tuple[tuple[QRectF, str, int], ...]:
        low, high = self.range
        length = self.size().width()
        if not self._names or high <= low or length <= 0:
            return ()
        per_unit = length / (high - low)  # [px per category]
        layout = category_layout([metrics.horizontalAdvance(n) for n in self._names], per_unit)
        top = max(0, self.style["tickLength"]) + self.style["tickTextOffset"][1]
        line = metrics.height() + ROW_GAP_PX
        start, end = self._ends()
        placed = []
        row_ends = [start - LABEL_GAP_PX] * layout.rows  # where each row's last name ends [px]
        for index, name in enumerate(self._names):
            row = index % layout.rows
            centre = (index - low) * per_unit
            width = min(metrics.horizontalAdvance(name), layout.width_px)
            # centred on its tick, moved in from the reach's end, never into the name before it
            left = max(min(centre - width / 2, end - width), row_ends[row] + LABEL_GAP_PX)
            if min(width, end - left) <= metrics.horizontalAdvance("…"):
                continue  # off the axis, or no room for a letter
            text = metrics.elidedText(name, Qt.TextElideMode.ElideRight, min(width, end - left) + 0.5)
            width = metrics.horizontalAdvance(text)
            row_ends[row] = left + width
            placed.append((QRectF(left, top + row * line, width, metrics.height()), text, index))
        return tuple(placed)

    def _ends(self) -> tuple[float, float]:
        """Where names may start and end along the axis [px from its left end]: from its left end
        to :data:`OVERHANG_PX` past its right end, within the scene the chart shows."""
        scene = self.scene()
        drawn = self.mapRectToScene(QRectF(0, 0, self.size().width(), 1))  # not boundingRect: it asks here
        if scene is None or not scene.views():
            return 0.0, self.size().width()
        shown = scene.views()[0].viewport().width()
        return 0.0, self.size().width() + max(0.0, min(OVERHANG_PX, shown - drawn.right()))

    def boundingRect(self):  # noqa: N802 - Qt's name
        """pyqtgraph's rectangle, and the reach of the names past the axis' ends (:meth:`_ends`),
        which pyqtgraph clips its drawing to."""
        start, end = self._ends()
        return super().boundingRect() | QRectF(start, 0, end - start, self.size().height())

    def hoverEvent(self, ev) -> None:  # noqa: N802 - pyqtgraph's name
        """The full name of the category under the pointer as the axis' tooltip."""
        super().hoverEvent(ev)
        if ev.isExit():
            return
        self.setToolTip(self.full_name_at(ev.pos()))

    def full_name_at(self, where: QPointF) -> str:
        """The full name of the category whose name is drawn at ``where`` (the axis' coordinates),
        or "" where none is."""
        return next((self._full[index] for rect, _, index in self.drawn if rect.contains(where)), "")
