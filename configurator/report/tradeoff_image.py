"""The serving trade-off chart painted for the printed summary (QtGui only): the chart model of
:func:`configurator.core.view.tradeoff_view.tradeoff_chart` — the one the window's chart draws —
as an image. Tokens/s per user across, tokens/s per GPU up, aggregated circles and disaggregated
squares (hollow when a layout misses a target, larger on the front), the front a dashed line, the
TPOT target a vertical line with the side too slow for it shaded, the chosen layout a star with
its name, and a legend under the axes."""

from __future__ import annotations

from math import cos, radians, sin

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen, QPolygonF

from configurator.core.view.tradeoff_view import (
    CHOSEN_COLOUR,
    FRONT_COLOUR,
    TARGET_COLOUR,
    TradeoffChart,
)
from configurator.report.fonts import family_for
from configurator.report.parts import nice_ticks, tick_texts

IMAGE_WIDTH = 1680
"""Image width [px]; shown 560 layout pixels wide (3 image pixels per layout pixel), its height
follows the legend's rows."""

PLOT_HEIGHT = 760
"""Height of the plotting area [px]."""

POINT_RADIUS, FRONT_RADIUS, STAR_RADIUS = 11.0, 15.0, 30.0
"""Symbol sizes [px]: a layout, a layout on the front, the chosen layout."""

TEXT, GRID, SHADE = "#222222", "#dddddd", "#f2f2f2"


def _ticks(high: float) -> list[float]:
    return nice_ticks(0.0, high)


def _symbol(painter: QPainter, symbol: str, centre: QPointF, radius: float) -> None:
    if symbol == "s":
        side = radius * 1.8
        painter.drawRect(QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side))
    elif symbol == "*":
        star = QPolygonF()
        for i in range(10):
            r = radius if i % 2 == 0 else radius * 0.45
            angle = -90 + 36 * i
            star.append(QPointF(centre.x() + r * cos(radians(angle)), centre.y() + r * sin(radians(angle))))
        painter.drawPolygon(star)
    else:
        painter.drawEllipse(centre, radius, radius)


def _legend_entries(chart: TradeoffChart) -> list[tuple[str, str, str, bool]]:
    """(kind, colour, name, filled) of each legend entry: kind ``o``/``s``/``*`` a symbol, ``-`` a
    dashed line, ``|`` a solid line."""
    entries = [(s.symbol, s.colour, s.name, True) for s in chart.series]
    if chart.front:
        entries.append(("-", FRONT_COLOUR, chart.text.front, True))
    if chart.chosen is not None:
        entries.append(("*", CHOSEN_COLOUR, chart.text.chosen, True))
    if any(not p.filled for s in chart.series for p in s.points):
        entries.append(("o", "#555555", chart.misses, False))
    entries += [("|", TARGET_COLOUR, t.label, True) for t in chart.targets]
    return entries


def _legend_rows(entries, metrics: QFontMetricsF, width: float) -> list[list[tuple[tuple, float]]]:
    """The entries flowed into rows no wider than ``width``, each with its width [px]."""
    rows: list[list[tuple[tuple, float]]] = [[]]
    used = 0.0
    for entry in entries:
        w = 70 + metrics.horizontalAdvance(entry[2]) + 40
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append((entry, w))
        used += w
    return rows


def tradeoff_image(chart: TradeoffChart, language: str) -> QImage:
    """``chart`` painted with its axes (units in their titles), ticks, points, front, target
    lines, the chosen layout named beside its star, and the legend."""
    font = QFont(family_for(language))
    font.setPixelSize(30)
    small = QFont(font)
    small.setPixelSize(26)
    metrics, small_metrics = QFontMetricsF(font), QFontMetricsF(small)
    x_ticks, y_ticks = _ticks(chart.x_max), _ticks(chart.y_max)
    y_labels, x_labels = tick_texts(y_ticks, language), tick_texts(x_ticks, language)
    left = 40 + metrics.height() + 20 + max(metrics.horizontalAdvance(t) for t in y_labels) + 16
    right = IMAGE_WIDTH - 50
    top = 80
    entries = _legend_entries(chart)
    rows = _legend_rows(entries, small_metrics, right - left)
    legend_top = top + PLOT_HEIGHT + 2 * metrics.height() + 50
    height = int(legend_top + len(rows) * (small_metrics.height() + 14) + 20)
    image = QImage(IMAGE_WIDTH, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(font)
    plot = QRectF(left, top, right - left, PLOT_HEIGHT)

    def to_px(x: float, y: float) -> QPointF:
        return QPointF(plot.left() + x / x_ticks[-1] * plot.width(), plot.bottom() - y / y_ticks[-1] * plot.height())

    painter.setPen(QColor(TEXT))
    painter.drawText(QRectF(0, 12, IMAGE_WIDTH, 50), Qt.AlignmentFlag.AlignHCenter, chart.text.title)
    for target in chart.targets:  # the side too slow for the target, shaded under everything
        if target.axis == "x":
            x = to_px(target.value, 0).x()
            painter.fillRect(QRectF(plot.left(), plot.top(), x - plot.left(), plot.height()), QColor(SHADE))
    grid = QPen(QColor(GRID), 2)
    for value, text in zip(y_ticks, y_labels, strict=True):
        y = to_px(0, value).y()
        painter.setPen(grid)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(QColor(TEXT))
        painter.drawText(QRectF(0, y - 20, plot.left() - 12, 40),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
    for value, text in zip(x_ticks, x_labels, strict=True):
        x = to_px(value, 0).x()
        painter.setPen(grid)
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        painter.setPen(QColor(TEXT))
        painter.drawText(QRectF(x - 80, plot.bottom() + 8, 160, metrics.height()), Qt.AlignmentFlag.AlignHCenter,
                         text)
    painter.setPen(QPen(QColor(TEXT), 3))
    painter.drawRect(plot)
    painter.drawText(QRectF(plot.left(), plot.bottom() + metrics.height() + 16, plot.width(), metrics.height()),
                     Qt.AlignmentFlag.AlignHCenter, chart.text.x_axis)
    painter.save()
    painter.translate(30, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), metrics.height()), Qt.AlignmentFlag.AlignHCenter,
                     chart.text.y_axis)
    painter.restore()
    painter.setClipRect(plot)
    for target in chart.targets:
        if target.axis == "x":
            x = to_px(target.value, 0).x()
            painter.setPen(QPen(QColor(TARGET_COLOUR), 5))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
    if chart.front:
        path = QPainterPath(to_px(*chart.front[0]))
        for x, y in chart.front[1:]:
            path.lineTo(to_px(x, y))
        painter.setPen(QPen(QColor(FRONT_COLOUR), 4, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
    for series in chart.series:
        for p in sorted(series.points, key=lambda q: q.on_front):  # the front's points on top
            painter.setPen(QPen(QColor(series.colour), 4))
            painter.setBrush(QBrush(QColor(series.colour)) if p.filled else QBrush(QColor("white")))
            _symbol(painter, series.symbol, to_px(p.x, p.y), FRONT_RADIUS if p.on_front else POINT_RADIUS)
    if chart.chosen is not None:
        centre = to_px(chart.chosen.x, chart.chosen.y)
        others = [to_px(p.x, p.y) for series in chart.series for p in series.points if p != chart.chosen]
        _chosen_label(painter, chart.chosen_label, centre, plot, small, small_metrics, others,
                      [to_px(x, y) for x, y in chart.front])
        painter.setPen(QPen(QColor("#000000"), 3))
        painter.setBrush(QBrush(QColor(CHOSEN_COLOUR)))
        _symbol(painter, "*", centre, STAR_RADIUS)
    if chart.empty:  # no layout fits: said where the points would be, on white over the target's line
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        area = plot.adjusted(120, 80, -120, -80)
        painter.fillRect(painter.boundingRect(area, flags, chart.empty).adjusted(-24, -16, 24, 16), QColor("white"))
        painter.setPen(QColor(TEXT))
        painter.drawText(area, flags, chart.empty)
    painter.setClipping(False)
    _legend(painter, rows, QPointF(plot.left(), legend_top), small, small_metrics)
    painter.end()
    return image


def _chosen_label(painter: QPainter, text: str, centre: QPointF, plot: QRectF, font: QFont,
                  metrics: QFontMetricsF, points: list[QPointF], front: list[QPointF]) -> None:
    """The chosen layout's name in a box beside its star, where it covers the fewest other points
    and the least of the front inside the plot, joined to the star by a thin line."""
    width, height = metrics.horizontalAdvance(text) + 24, metrics.height() + 12
    candidates = []
    for gap in (STAR_RADIUS + 10, STAR_RADIUS + 70, STAR_RADIUS + 140):
        for dx in (gap, -gap - width, -width / 2):
            for dy in (-gap - height, gap, -height / 2):
                if dx == -width / 2 and dy == -height / 2:
                    continue  # on the star itself
                candidates.append(QRectF(centre.x() + dx, centre.y() + dy, width, height))

    def cost(box: QRectF) -> float:
        if not plot.contains(box):
            return float("inf")
        margin = box.adjusted(-FRONT_RADIUS, -FRONT_RADIUS, FRONT_RADIUS, FRONT_RADIUS)
        covered = sum(margin.contains(p) for p in points)
        crossed = sum(_crosses(box, a, b) for a, b in zip(front, front[1:], strict=False))
        far = (box.center() - centre).manhattanLength() / plot.width()
        return 10 * covered + 3 * crossed + far

    box = min(candidates, key=cost)
    if cost(box) == float("inf"):
        box = QRectF(min(max(centre.x() + STAR_RADIUS, plot.left() + 4), plot.right() - width - 4),
                     min(max(centre.y() + STAR_RADIUS, plot.top() + 4), plot.bottom() - height - 4), width, height)
    painter.setPen(QPen(QColor("#000000"), 2))
    painter.drawLine(centre, QPointF(min(max(centre.x(), box.left()), box.right()),
                                     min(max(centre.y(), box.top()), box.bottom())))
    painter.setBrush(QBrush(QColor(255, 255, 255, 235)))
    painter.drawRect(box)
    painter.setFont(font)
    painter.setPen(QColor(TEXT))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _crosses(box: QRectF, a: QPointF, b: QPointF, steps: int = 24) -> bool:
    """Whether the segment ``a``–``b`` passes through ``box`` (sampled along its length)."""
    return any(box.contains(a + (b - a) * (i / steps)) for i in range(steps + 1))


def _legend(painter: QPainter, rows, origin: QPointF, font: QFont, metrics: QFontMetricsF) -> None:
    painter.setFont(font)
    y = origin.y()
    for row in rows:
        x = origin.x()
        middle = y + metrics.height() / 2
        for (kind, colour, name, filled), width in row:
            sample = QPointF(x + 30, middle)
            if kind in "-|":
                style = Qt.PenStyle.DashLine if kind == "-" else Qt.PenStyle.SolidLine
                painter.setPen(QPen(QColor(colour), 5, style))
                painter.drawLine(QPointF(x, middle), QPointF(x + 60, middle))
            else:
                painter.setPen(QPen(QColor("#000000") if kind == "*" else QColor(colour), 3 if kind == "*" else 4))
                painter.setBrush(QBrush(QColor(colour)) if filled else QBrush(QColor("white")))
                _symbol(painter, kind, sample, 18.0 if kind == "*" else POINT_RADIUS)
            painter.setPen(QColor(TEXT))
            painter.drawText(QPointF(x + 70, y + metrics.ascent()), name)
            x += width
        y += metrics.height() + 14
