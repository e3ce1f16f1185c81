"""Where a horizontal line's label goes on a chart: along the line, above or below it, on a spot that no
curve, legend or other label crosses. The scaling chart's "needed" (a desktop or stream demand) sat at a
fixed 90 % of the line's length, over the facility power curve that rises to the top right, in both
languages (persona48, December 2026). Plain geometry in scene pixels, then the label of a pyqtgraph
``InfiniteLine`` moved there (:func:`place_on_line`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF

CLEARANCE_PX = 5.0
"""Room kept round the label where no curve, its markers (5-6 px) or a box may pass [px]."""

SPOTS = tuple(round(0.95 - 0.05 * k, 2) for k in range(19))
"""The places tried along the line, as a share of the view's width from its left, right first [1]: the label
ends at the right where that is clear, as before."""


def label_rect(left: float, line_y: float, size: tuple[float, float], above: bool, gap: float) -> QRectF:
    """The rectangle of a label's words [px] from ``left``, ``gap`` [px] above or below the line at ``line_y``
    (a text item anchored on the line keeps its words its document margin off it)."""
    width, height = size
    return QRectF(left, line_y - gap - height if above else line_y + gap, width, height)


def crosses(rect: QRectF, polyline: Sequence[QPointF]) -> bool:
    """Whether the polyline through ``polyline``'s points [px] passes through ``rect`` [px] (a point inside it,
    or a segment through one of its edges)."""
    edges = [QLineF(rect.topLeft(), rect.topRight()), QLineF(rect.topRight(), rect.bottomRight()),
             QLineF(rect.bottomRight(), rect.bottomLeft()), QLineF(rect.bottomLeft(), rect.topLeft())]
    for point in polyline:
        if rect.contains(point):
            return True
    for a, b in zip(polyline, polyline[1:]):
        segment = QLineF(a, b)
        if any(segment.intersects(edge)[0] == QLineF.IntersectionType.BoundedIntersection for edge in edges):
            return True
    return False


def clear_spot(view: QRectF, line_y: float, size: tuple[float, float], curves: Sequence[Sequence[QPointF]],
               boxes: Sequence[QRectF], gap: float = 4.0) -> tuple[float, bool]:
    """The spot for a label whose words take ``size`` (width, height) [px], ``gap`` [px] off the horizontal line
    at ``line_y`` in ``view`` [px]: (position along the line as a share of the view's width, above the line or
    not), the first of :data:`SPOTS` (above, then below) whose rectangle stays in ``view`` and, with
    :data:`CLEARANCE_PX` round it (less than the gap on the line's side: a curve along the line, the throughput's
    plateau at the demand it meets, does not count), meets no curve of ``curves`` and no box of ``boxes`` (the
    legend, the other labels); where none is clear, the one crossing the fewest."""
    width = size[0]
    best, fewest = (SPOTS[0], True), None
    for above in (True, False):
        for share in SPOTS:
            x = view.left() + share * view.width()
            left = x - width if share > 0.5 else x  # ends at the spot on the right half, starts there on the left
            rect = label_rect(left, line_y, size, above, gap)
            if not view.contains(rect):
                continue
            near = min(CLEARANCE_PX, gap - 1.0)  # on the line's side
            guard = rect.adjusted(-CLEARANCE_PX, -CLEARANCE_PX if above else -near, CLEARANCE_PX,
                                  near if above else CLEARANCE_PX)
            hits = sum(crosses(guard, curve) for curve in curves) + sum(guard.intersects(box) for box in boxes)
            if hits == 0:
                return share, above
            if fewest is None or hits < fewest:
                best, fewest = (share, above), hits
    return best


def place_on_line(line, line_y: float, view: QRectF, curves: Sequence[Sequence[QPointF]],
                  boxes: Sequence[QRectF]) -> None:
    """Move the label of ``line`` (a horizontal ``pg.InfiniteLine`` at ``line_y`` in scene pixels, in ``view``)
    to its :func:`clear_spot`: its words are its text item's box less the document margin, which keeps them
    that far off the line; anchored by its right end on the right half of the view, by its left end on the left."""
    item = line.label.textItem
    text, margin = item.boundingRect(), item.document().documentMargin()
    share, above = clear_spot(view, line_y, (text.width(), text.height() - 2 * margin), curves, boxes, margin)
    anchor = (1 if share > 0.5 else 0, 1 if above else 0)
    line.label.anchors = [anchor, anchor]
    line.label.setPosition(share)
