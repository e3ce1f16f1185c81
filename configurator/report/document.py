"""The summary as a QTextDocument, printed to PDF or a printer (QtGui only, no widgets).

The document is laid out on A4 pages here, not by ``QTextDocument.print_``: a heading that
would end a page moves to the next one with what it heads, and every page carries a footer
with the title and "page n of m".
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import shiboken6
from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPagedPaintDevice,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextDocumentFragment,
    QTextFormat,
    QTextTable,
)

from configurator.core.files import replace_atomically
from configurator.core.messages import msg
from configurator.core.view import numbers
from configurator.core.view.printable import single_line
from configurator.report.fonts import family_for
from configurator.report.language import Words
from configurator.report.render import to_html
from configurator.report.parts import Chart, PointChart, nice_ticks  # noqa: F401 - nice_ticks re-exported
from configurator.report.summary import Summary
from configurator.report.tradeoff_image import tradeoff_image

LAYOUT_DPI = 96
"""Resolution the document is laid out at; printing scales it to the device [dots per inch]."""

FOOTER_MM = 8.0
"""Height kept free at the bottom of each page for the footer [mm]."""

KEEP_WITH_HEADING = 3
"""Blocks after a heading (table rows, a chart) that must start on the heading's page."""


def _font(summary_language: str) -> QFont:
    font = QFont(family_for(summary_language))
    font.setPointSizeF(9)
    return font


def build_document(summary: Summary, images: dict[str, QImage] | None = None) -> QTextDocument:
    """The printable document, laid out on A4; chart images are added as ``chart://<key>``.

    On a failure the half-made document is deleted here, in the thread that made it, before the
    error leaves (its frames would otherwise keep it alive to wherever the error is dropped)."""
    document = QTextDocument()
    try:
        _fill(document, summary, images)
    except BaseException:
        shiboken6.delete(document)
        raise
    return document


def _fill(document: QTextDocument, summary: Summary, images: dict[str, QImage] | None) -> None:
    """Add the charts, the text and the pagination of ``summary`` to the empty ``document``."""
    urls = {}
    images = dict(images or {})
    for chart in summary.charts:
        images[chart.key] = (tradeoff_image(chart.model, summary.language) if isinstance(chart, PointChart)
                             else chart_image(chart, summary.language))
    for key, image in images.items():
        url = QUrl(f"chart://{key}")
        document.addResource(QTextDocument.ResourceType.ImageResource, url, image)
        urls[key] = url.toString()
    document.setDefaultFont(_font(summary.language))
    document.setHtml(to_html(summary, urls))
    document.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, single_line(summary.title))
    document.setProperty("footer_words", Words(summary.language)("Page {page} of {pages}", page="{page}",
                                                                 pages="{pages}"))
    paginate(document, keep_whole=summary.headings.get("approval", ""))


def a4_layout() -> QPageLayout:
    return QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                       QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)


def _body_size() -> QSizeF:
    """The text area of a page at ``LAYOUT_DPI``, the footer left out [px]."""
    rect = a4_layout().paintRect(QPageLayout.Unit.Millimeter)
    per_mm = LAYOUT_DPI / 25.4
    return QSizeF(rect.width() * per_mm, (rect.height() - FOOTER_MM) * per_mm)


def _page_of(y: float, height: float) -> int:
    return int(y // height)


_layout_device: list[QImage] = []


def _layout_device_at_dpi() -> QImage:
    """A paint device of ``LAYOUT_DPI`` to lay documents out on, whatever the screen's resolution."""
    if not _layout_device:
        image = QImage(1, 1, QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(round(LAYOUT_DPI / 0.0254))
        image.setDotsPerMeterY(round(LAYOUT_DPI / 0.0254))
        _layout_device.append(image)
    return _layout_device[0]


def paginate(document: QTextDocument, keep_whole: str = "") -> None:
    """Lay the document out on A4 pages and move every heading that would be orphaned (the
    heading, or the first rows after it, on the next page) to the top of the next page; the
    section headed ``keep_whole`` (the approval fields) is kept on one page; no table row shorter
    than a page is drawn across a page's end (:func:`rows_across_pages`, :func:`_start_on_next_page`),
    and no table's last row (a total) starts a page without the rows above it (:func:`lone_last_rows`).
    The moves are made in the document's order, the document laid out again after each (a move
    pushes what follows it: a break set before for a later heading then left a page half empty)."""
    size = _body_size()
    frame = document.rootFrame().frameFormat()
    frame.setMargin(0)
    document.rootFrame().setFrameFormat(frame)
    document.setDocumentMargin(0)
    document.setPageSize(size)
    document.documentLayout().setPaintDevice(_layout_device_at_dpi())
    moved: set[tuple[int, int]] = set()
    for _ in range(MAX_MOVES):
        heading = _orphan_heading(document, keep_whole)
        rows = [(table, row) for table, row in _next_page_starts(document)
                if (table.firstPosition(), row) not in moved]  # moved once and still cut: taller than what's left
        row_at = rows[0][0].cellAt(rows[0][1], 0).firstPosition() if rows else None
        image = _image_across_pages(document)
        if image is not None and all(at is None or image.position() < at
                                     for at in (row_at, heading.position() if heading is not None else None)):
            heading = image  # a chart drawn across a page's end starts the next page, as a heading would
        if heading is not None and (row_at is None or heading.position() < row_at):
            cursor = QTextCursor(heading)
            fmt = QTextBlockFormat(heading.blockFormat())
            fmt.setPageBreakPolicy(QTextBlockFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            cursor.setBlockFormat(fmt)
        elif rows:
            moved.add((rows[0][0].firstPosition(), rows[0][1]))
            _start_on_next_page(document, *rows[0])
        else:
            return
        # a format set leaves the blocks after it unlaid (no lines: the headings below went missing
        # from Chinese PDFs): lay the whole document out again before reading on
        document.markContentsDirty(0, document.characterCount())
        document.documentLayout().documentSize()


def _image_across_pages(document: QTextDocument):
    """The first paragraph outside tables holding an image (a chart) drawn across a page's end, shorter
    than a page, None if none: QTextDocument moves a line of text to the next page whole, but draws an
    image's line across the page's end (the 1,024 × H100 training summary's chart, once page 1's verdict
    grew a sentence, December 2026)."""
    layout, height = document.documentLayout(), document.pageSize().height()
    block = document.begin()
    while block.isValid():
        if OBJECT_MARK in block.text() and QTextCursor(block).currentTable() is None:
            rect = layout.blockBoundingRect(block)
            if 0 < rect.height() < height and _page_of(rect.top(), height) != _page_of(rect.bottom() - 1, height):
                return block
        block = block.next()
    return None


OBJECT_MARK = "\ufffc"
"""The character QTextDocument holds an inline object (an image) as in a block's text."""


MAX_MOVES = 200
"""Most headings and table rows :func:`paginate` moves in one document (each move lays it out again)."""


def _orphan_heading(document: QTextDocument, keep_whole: str):
    """The first heading that would end a page (the :data:`KEEP_WITH_HEADING` blocks of its section
    after it, or for the one named ``keep_whole`` all that follows, not on its page), None if none."""
    layout, height = document.documentLayout(), document.pageSize().height()
    block = document.begin()
    last = document.lastBlock()
    while block.isValid():
        if block.blockFormat().headingLevel() >= 2:
            top = layout.blockBoundingRect(block).top()
            follower, ahead = block, 0
            while ahead < KEEP_WITH_HEADING and follower.next().isValid() \
                    and not follower.next().blockFormat().headingLevel():  # its own section's, not the next's
                follower = follower.next()
                ahead += 1
            if keep_whole and block.text() == keep_whole:
                follower = last  # the approval fields stay together with their heading
            bottom = layout.blockBoundingRect(follower).bottom()
            fits_on_a_page = bottom - top < height
            if _page_of(top, height) != _page_of(bottom - 1, height) and fits_on_a_page and top % height > 1:
                return block
        block = block.next()
    return None


def rows_across_pages(document: QTextDocument) -> list[tuple[QTextTable, int]]:
    """Each table row drawn across the end of a page, as (table, row), shorter rows than a page
    only (a taller one has to be cut), in the document's order."""
    tables, spans = _row_spans(document)
    height = document.pageSize().height()
    return [(tables[first], row) for (first, row), (top, bottom) in sorted(spans.items())
            if bottom - top < height and _page_of(top, height) != _page_of(bottom - 1, height)]


KEEP_WITH_LAST_ROW = 2
"""Rows of a table drawn on its last row's page above it, at least (session 42: a table's total, or
the memory table's headroom, started page 5 of the Chinese training summary alone, its items on page 4)."""


def _row_spans(document: QTextDocument) -> tuple[dict[int, QTextTable], dict[tuple[int, int], list[float]]]:
    """Every table by its first position, and the (top, bottom) of each of its rows as laid out [px]."""
    layout = document.documentLayout()
    spans: dict[tuple[int, int], list[float]] = {}
    tables: dict[int, QTextTable] = {}
    block = document.begin()
    while block.isValid():
        cursor = QTextCursor(block)
        table = cursor.currentTable()
        rect = layout.blockBoundingRect(block)
        if table is not None and rect.height() > 0:
            key = (table.firstPosition(), table.cellAt(cursor).row())
            tables[key[0]] = table
            span = spans.setdefault(key, [rect.top(), rect.bottom()])
            span[0], span[1] = min(span[0], rect.top()), max(span[1], rect.bottom())
        block = block.next()
    return tables, spans


def lone_last_rows(document: QTextDocument) -> list[tuple[QTextTable, int]]:
    """Each table whose last row starts a page with fewer than :data:`KEEP_WITH_LAST_ROW` of the rows
    before it (a header row repeated at the page's top not counted), as (table, last row), in the
    document's order; a table of one body row is left to the heading's rule (:func:`_orphan_heading`)."""
    tables, spans = _row_spans(document)
    height = document.pageSize().height()
    lone = []
    for first, table in sorted(tables.items()):
        last, header = table.rows() - 1, table.format().headerRowCount()
        if last - header < 1 or (first, last) not in spans:
            continue
        page = _page_of(spans[(first, last)][0], height)
        with_it = [row for row in range(header, last)
                   if (first, row) in spans and _page_of(spans[(first, row)][0], height) == page]
        if len(with_it) < min(KEEP_WITH_LAST_ROW, last - header):
            lone.append((table, last))
    return lone


def _next_page_starts(document: QTextDocument) -> list[tuple[QTextTable, int]]:
    """Where to start a new page, as (table, row), in the document's order: at each row cut by a page's
    end (:func:`rows_across_pages`) and at each lone last row (:func:`lone_last_rows`), moved up so that
    :data:`KEEP_WITH_LAST_ROW` rows go with the last one, and to the table's first row (the table moved
    whole, its heading along) when fewer than as many body rows would stay behind and the table fits on
    a page (session 42: the calibration table's last row, cut, went alone to page 6 of the Chinese
    serving summary under its repeated header)."""
    height = document.pageSize().height()
    _, spans = _row_spans(document)
    starts = []
    for table, row in rows_across_pages(document) + lone_last_rows(document):
        first, header, last = table.firstPosition(), table.format().headerRowCount(), table.rows() - 1
        start = min(row, max(header, last - KEEP_WITH_LAST_ROW))
        top, bottom = spans.get((first, 0), spans[(first, row)]), spans.get((first, last), spans[(first, row)])
        if header < start < header + KEEP_WITH_LAST_ROW and bottom[1] - top[0] < height:
            start = header
        starts.append((table, start))
    return sorted(starts, key=lambda start: start[0].cellAt(start[1], 0).firstPosition())


def _start_on_next_page(document: QTextDocument, table: QTextTable, row: int) -> None:
    """Start ``row`` of ``table`` on a new page (session 28: the bill of materials' capex total was
    cut in two across pages 1 and 2 of the Chinese training summary; QTextDocument breaks a row line
    by line, and moves it whole only when not one line fits): the whole table when no body row is
    before it, else a new table of the header rows and ``row`` onwards after it."""
    header = table.format().headerRowCount()
    heading = _heading_above(document, table)
    if row <= header and heading is not None:  # the heading goes with its table, not left alone on a page
        cursor = QTextCursor(heading)
        fmt = QTextBlockFormat(heading.blockFormat())
        fmt.setPageBreakPolicy(QTextBlockFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        cursor.setBlockFormat(fmt)
    elif row <= header:
        fmt = table.format()
        fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        table.setFormat(fmt)
    else:
        kept = list(range(header)) + list(range(row, table.rows()))
        cells = [[(table.cellAt(r, c).format(), _cell_fragment(table, r, c),
                   table.cellAt(r, c).firstCursorPosition().blockFormat()) for c in range(table.columns())]
                 for r in kept]  # the block format too: a fragment within one block leaves its alignment behind
        fmt = table.format()
        fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        cursor = QTextCursor(table.lastCursorPosition())
        cursor.movePosition(QTextCursor.MoveOperation.NextBlock)
        second = cursor.insertTable(len(kept), table.columns(), fmt)
        for r, line in enumerate(cells):
            for c, (cell_format, fragment, block_format) in enumerate(line):
                cell = second.cellAt(r, c)
                cell.setFormat(cell_format)
                cursor = cell.firstCursorPosition()
                cursor.setBlockFormat(block_format)  # amounts right-aligned on the new page as on the first
                cursor.insertFragment(fragment)
        table.removeRows(row, table.rows() - row)


def _heading_above(document: QTextDocument, table: QTextTable):
    """The heading right above ``table``, when it is not already at the top of its page (session 36:
    the table below the line of the Chinese serving summary moved to page 4 on its own, its first row
    cut by page 3's end, and its heading then moved to page 3 alone, a page with one line); else None."""
    block = document.findBlock(table.firstPosition()).previous()
    while block.isValid() and not block.text().strip() and not block.blockFormat().headingLevel():
        block = block.previous()
    if not block.isValid() or block.blockFormat().headingLevel() < 2:
        return None
    height = document.pageSize().height()
    return block if document.documentLayout().blockBoundingRect(block).top() % height > 1 else None


def _cell_fragment(table: QTextTable, row: int, column: int) -> QTextDocumentFragment:
    """What a cell holds, with its formats."""
    cell = table.cellAt(row, column)
    cursor = cell.firstCursorPosition()
    cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor)
    return cursor.selection()


def print_document(document: QTextDocument, device: QPagedPaintDevice) -> None:
    """Paint ``document``'s pages on ``device`` (a PDF writer or a printer), each with its footer."""
    painter = QPainter(device)
    if not painter.isActive():
        return
    try:
        body = document.pageSize()
        scale = device.width() / body.width()
        pages = document.pageCount()
        template = str(document.property("footer_words") or "{page} / {pages}")
        title = document.metaInformation(QTextDocument.MetaInformation.DocumentTitle)
        layout = document.documentLayout()
        for index in range(pages):
            if index:
                device.newPage()
            painter.save()
            painter.scale(scale, scale)
            painter.translate(0, -index * body.height())
            context = QAbstractTextDocumentLayout.PaintContext()
            context.clip = QRectF(0, index * body.height(), body.width(), body.height())
            painter.setClipRect(context.clip)
            layout.draw(painter, context)
            painter.restore()
            _footer(painter, document, scale, body, title, template.format(page=index + 1, pages=pages))
    finally:
        painter.end()


def _footer(painter: QPainter, document: QTextDocument, scale: float, body: QSizeF, title: str, text: str) -> None:
    painter.save()
    painter.scale(scale, scale)
    font = QFont(document.defaultFont())
    font.setPixelSize(round(7 / 72 * LAYOUT_DPI))  # 7 pt in layout pixels (the painter is scaled to them)
    painter.setFont(font)
    painter.setPen(QColor("#555555"))
    top = body.height() + FOOTER_MM * LAYOUT_DPI / 25.4 * 0.3
    rect = QRectF(0, top, body.width(), FOOTER_MM * LAYOUT_DPI / 25.4 * 0.7)
    painter.drawLine(QPointF(0, top), QPointF(body.width(), top))
    painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
    painter.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
    painter.restore()


def write_pdf(document: QTextDocument, path: Path, title: str = "") -> None:
    """Write the PDF to a temporary file beside ``path``, check it, then rename it over ``path``.

    Qt's PDF writer does not report a failed write (a full disk cuts the file short without an
    error), so the file is checked before it replaces anything: it must start with the PDF
    header and end with the end-of-file marker. On any failure the existing file stays intact
    and OSError says why.
    """
    def write(temporary: Path) -> None:
        writer = QPdfWriter(str(temporary))
        try:
            writer.setPageLayout(a4_layout())
            writer.setResolution(300)
            writer.setTitle(title)
            writer.setCreator("GPU Configurator")
            print_document(document, writer)
        finally:
            shiboken6.delete(writer)  # flushes and closes the file, in this thread, whatever happened

    replace_atomically(Path(path), write, verify_pdf)


def verify_pdf(path: Path) -> None:
    """Raise OSError unless ``path`` holds a complete PDF (header ``%PDF-``, trailer ``%%EOF``)."""
    size = os.path.getsize(path)
    with open(path, "rb") as stream:
        head = stream.read(8)
        stream.seek(max(0, size - 1024))
        tail = stream.read()
    if not head.startswith(b"%PDF-") or b"%%EOF" not in tail:
        message = msg("report-pdf-incomplete", size=f"{size:,}")
        error = OSError(errno.EIO, message.text)
        error.said = message  # said in the user's language (core/messages_said.py)
        raise error


# ---- the rent-against-buy chart ----------------------------------------------------------

CHART_SIZE = (1680, 820)
"""Chart image size [px]; shown 560 px wide (3 image pixels per layout pixel)."""

SERIES_COLOURS = ("#1f6fb4", "#d9730d")


def chart_image(chart: Chart, language: str) -> QImage:
    """The chart painted with its axes, ticks, legend and break-even marker."""
    width, height = CHART_SIZE
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont(family_for(language))
    font.setPixelSize(30)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    ys = [y for _, points in chart.series for _, y in points]
    y_ticks = nice_ticks(0.0, max(ys) if ys else 1.0)
    x_ticks = [0, 20, 40, 60, 80, 100]
    y_labels = [numbers.money_tick(v, language) for v in y_ticks]
    left = 40 + metrics.height() + 20 + max(metrics.horizontalAdvance(t) for t in y_labels) + 16
    top, right, bottom = 70, width - 40, height - (2 * metrics.height() + 40)
    plot = QRectF(left, top, right - left, bottom - top)

    def to_px(x: float, y: float) -> QPointF:
        return QPointF(plot.left() + x / 100 * plot.width(),
                       plot.bottom() - (y - y_ticks[0]) / (y_ticks[-1] - y_ticks[0]) * plot.height())

    painter.setPen(QColor("#222222"))
    painter.drawText(QRectF(0, 8, width, 50), Qt.AlignmentFlag.AlignHCenter, chart.title)
    grid = QPen(QColor("#dddddd"), 2)
    for value, label in zip(y_ticks, y_labels):
        p = to_px(0, value)
        painter.setPen(grid)
        painter.drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()))
        painter.setPen(QColor("#222222"))
        painter.drawText(QRectF(0, p.y() - 20, plot.left() - 12, 40),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
    for value in x_ticks:
        p = to_px(value, y_ticks[0])
        painter.setPen(grid)
        painter.drawLine(QPointF(p.x(), plot.top()), QPointF(p.x(), plot.bottom()))
        painter.setPen(QColor("#222222"))
        painter.drawText(QRectF(p.x() - 60, plot.bottom() + 8, 120, metrics.height()),
                         Qt.AlignmentFlag.AlignHCenter, f"{value}")
    painter.setPen(QPen(QColor("#222222"), 3))
    painter.drawRect(plot)
    painter.drawText(QRectF(plot.left(), plot.bottom() + metrics.height() + 16, plot.width(), metrics.height()),
                     Qt.AlignmentFlag.AlignHCenter, chart.x_label)
    painter.save()
    painter.translate(30, plot.center().y())
    painter.rotate(-90)
    painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), metrics.height()),
                     Qt.AlignmentFlag.AlignHCenter, chart.y_label)
    painter.restore()
    for (name, points), colour in zip(chart.series, SERIES_COLOURS):
        path = QPainterPath()
        for index, (x, y) in enumerate(points):
            path.moveTo(to_px(x, y)) if index == 0 else path.lineTo(to_px(x, y))
        painter.setPen(QPen(QColor(colour), 6))
        painter.drawPath(path)
    legend_y = plot.top() + 20
    for index, ((name, _), colour) in enumerate(zip(chart.series, SERIES_COLOURS)):
        y = legend_y + index * (metrics.height() + 6)
        painter.setPen(QPen(QColor(colour), 6))
        painter.drawLine(QPointF(plot.left() + 24, y + metrics.height() / 2), QPointF(plot.left() + 84, y +
                                                                                     metrics.height() / 2))
        painter.setPen(QColor("#222222"))
        painter.drawText(QPointF(plot.left() + 96, y + metrics.ascent()), name)
    if chart.marker is not None:
        x = to_px(chart.marker, y_ticks[0]).x()
        painter.setPen(QPen(QColor("#2a8a2a"), 4, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        label_width = metrics.horizontalAdvance(chart.marker_label) + 16
        label_x = x + 10 if x + 10 + label_width < plot.right() else x - 10 - label_width
        painter.setPen(QColor("#2a8a2a"))
        painter.drawText(QRectF(label_x, plot.bottom() - metrics.height() - 14, label_width, metrics.height()),
                         Qt.AlignmentFlag.AlignLeft, chart.marker_label)
    painter.end()
    return image
