"""The ranking table's columns: which column holds what, and how wide each is made.

The recommendation panel's table (:mod:`configurator.app.recommend_table`) fits its columns into the
width it has (:class:`RankingColumns`): the cost column as wide as its heading and figures, the Cards
column as wide as its cards' texts within bounds, the class, limit and price columns narrowed (their
words elided, whole in each cell's tooltip) before any figure is cut. Split out of
:mod:`configurator.app.recommend_table` in December 2026.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QTableWidgetItem

from configurator.app.column_fit import least_width, shrunk_to_fit, wraps_into
from configurator.app.i18n import tc as _tc

MAX_COLUMN_PX = 300
"""Widest a column grows to fit its contents (a long card name is elided, whole in its tooltip), so
the cost and price columns stay in view."""

CARDS_COLUMN_PX = 216
"""Widest the Cards column gets [px]: as wide as its cards' texts (the below-the-line heading, spanning
the row, left out), a longer one elided, whole in its tooltip. Sized to contents with the heading, it
took :data:`MAX_COLUMN_PX` and pushed the cost column past the table's edge at 1400 px (persona s25 #10);
at 240 px the English cost column still ended 13 px past it (session 28: 216 px keeps it whole in view at
1400 px, and at 1280 px in Chinese). Narrower where the table is: :data:`CARDS_MIN_PX`."""

CARDS_MIN_PX = 150
"""Narrowest the Cards column is made to keep the class, speed and cost columns in view without
scrolling [px]: it takes what they leave of the table's width, between this and :data:`CARDS_COLUMN_PX`
('8 × Instinct MI355X' whole; a longer name elided, whole in its tooltip). Session 29: at 1280 px the
English cost column ended 72 px past the table's edge (serving) and 38 px (training)."""

CARDS_NARROWEST_PX = 96
"""Narrowest the Cards column gets where the table is too narrow for every column at its width [px]: the count
and the start of the name ('8 × H100 SX…'), whole in its tooltip (:meth:`RankingColumns._fit_into_view`)."""

WORDS_NARROWEST_PX = 64
"""Narrowest the limit column gets where the table is too narrow for every column [px]: a word or two, elided,
whole in the cell's tooltip (the class column keeps each word of its classes whole, on two lines)."""

BRIEF_MOST_PX = 112
"""Widest the limit column is kept for the brief words of what a row below the line breaks where the table is too
narrow for every column [px] ('预算超出 149%', 'Budget +149 %' whole; '首词元延迟超出 144%' elided, whole in its
tooltip): at the widest brief (230 px in Chinese at 1280 px, with '（另有 1 项）') the cost column was cut to 42 px,
at 128 px the Cards column to its narrowest ('8 × 昇腾 910…')."""

LEADING_AMOUNT = re.compile(r"^\S+[ \u00a0][^\s,，;；(（]+")
"""A price cell's amount and its unit ('8,565 USD', '3.26 万元', '2.10 USD/h'): kept whole where the column narrows.

Matched on the cell's text, not built apart: the cell is :func:`~configurator.core.view.price_view.price_value`
written in the interface language, one phrase."""

CLASS_COLUMN, SPEED_COLUMN = 1, 2
"""The columns of the card's class and of its speed."""

GRID_PX = 1
"""The grid line a row's height includes [px]: a cell's text has the rest (:meth:`RankingColumns._cell_text_px`)."""

COST_COLUMN = 3
"""The column of the cost the ranking orders by."""

LIMIT_COLUMN = 4
"""The column of what limits a ranked configuration (below the line: what it breaks)."""

CELL_PADDING_PX = 16
"""Room beside a cell's text: the item view's margins and the focus frame [px]."""


class RankingColumns:
    """Mixed into :class:`~configurator.app.recommend_table.RankingTable` (the panel brings ``table``,
    ``ranking``, ``result``, ``row_recommendations``, ``_price_heading`` and ``PRICE_COLUMN``); the strings
    keep the panel's translation context."""

    def _fit_columns(self) -> None:
        """The cost column as wide as its heading and its figures (:meth:`_cost_widths`), then the Cards
        column as wide as its widest card text, at most :data:`CARDS_COLUMN_PX` and at most what the
        class (on one line where that leaves the Cards column its width, else wrapped into a row), speed
        and cost columns leave of the table's width (not under :data:`CARDS_MIN_PX`): the
        four in view without scrolling; each card text whole in its tooltip where none is set. Where they
        leave less, :meth:`_fit_into_view` narrows the columns, the cost column's heading last.
        Again whenever the table is resized."""
        table = getattr(self, "table", None)
        if table is None:  # resized while it is made
            return
        header = table.horizontalHeader()
        heading, figures = self._cost_widths()
        cost = max(heading, figures)
        metrics, widest = table.fontMetrics(), 0
        for row in range(table.rowCount()):
            item = table.item(row, 0)
            if item is None or row in self._heading_rows():
                continue
            widest = max(widest, metrics.horizontalAdvance(item.text()) + CELL_PADDING_PX)
            if not item.toolTip():
                item.setToolTip(item.text())
        speed = min(MAX_COLUMN_PX, max(table.sizeHintForColumn(SPEED_COLUMN), header.sectionSizeHint(SPEED_COLUMN)))
        one_line, two_lines, _ = self._class_widths()  # on one line where the Cards column keeps its width
        left = table.viewport().width() - cost - speed - min(widest, CARDS_COLUMN_PX)
        classes = min(MAX_COLUMN_PX, max(header.sectionSizeHint(CLASS_COLUMN), two_lines, min(one_line, left)))
        others = cost + classes + speed  # the speed as wide as ResizeToContents makes it
        table.setColumnWidth(CLASS_COLUMN, classes)
        table.setColumnWidth(SPEED_COLUMN, speed)
        room = table.viewport().width() - others
        # narrower still (1200 px), the cost heading gives up room last, down to its figures (_fit_into_view): cut
        # here before the price heading was made brief, it read 'Rent/M …s [USD]' at 1280 px (ui48)
        table.setColumnWidth(COST_COLUMN, cost)
        table.setColumnWidth(0, min(widest, CARDS_COLUMN_PX, max(room, CARDS_MIN_PX)))
        self._fit_limit_column(room - table.columnWidth(0))
        self._fit_into_view()

    def _fit_into_view(self) -> None:
        """Every column in view where the table is narrower than their widths (at 1920 × 1080 with both bottom
        docks open the table was ~500 px, and the limit and price columns ran past its edge, session 45): the
        price column down to its amounts (:meth:`_price_widths`: basis and date elided), the limit column down to
        :data:`WORDS_NARROWEST_PX` or the brief words of what a row below the line breaks (:meth:`_show_breaks`,
        at most :data:`BRIEF_MOST_PX`: '预算超出 17%' read '预算超…' at 64 px, persona50) (its heading short; the
        price heading brief, ``PRICE_HEADING_BRIEF``, below its
        whole heading's width), the class column down to its whole labels wrapped into a row
        (two English lines), the Cards column down to :data:`CARDS_MIN_PX`, then the class column at once down to the
        longest word of its brief labels ('Workstation / card' on two lines, 'Inference card …': a wider column showing
        brief labels is room lost to the card names), the Cards column down to :data:`CARDS_NARROWEST_PX`, last the
        cost column's heading down to its figures (whole in its tooltip); every
        figure and every other heading whole (an elided speed heading read 'Pe…0)'), every word elided whole in its
        tooltip. The table scrolls only where even that is too wide."""
        table, header = self.table, self.table.horizontalHeader()
        prices, amounts = self._price_widths()
        price, brief = table.horizontalHeaderItem(self.PRICE_COLUMN), self._price_heading(self.ranking.value.objective,
                                                                                          brief=True)
        whole_price = self._heading_px(self.PRICE_COLUMN, price.toolTip() or price.text())
        widths = [header.sectionSize(column) for column in range(table.columnCount())]
        widths[self.PRICE_COLUMN] = min(MAX_COLUMN_PX, max(whole_price, prices))
        limit, short = table.horizontalHeaderItem(LIMIT_COLUMN), _tc("RecommendationPanel", "Limited by")
        full = limit.toolTip() or limit.text()
        headings = [self._heading_px(column, text) for column, text in enumerate(
            (*(table.horizontalHeaderItem(c).text() for c in range(LIMIT_COLUMN)), short, brief))]
        _, two_lines, class_words = self._class_widths()  # each word whole ('Workstation / card'), not 'Workst…'
        floors = [min(width, max(heading, floor)) for width, heading, floor in zip(widths, headings, (
            CARDS_NARROWEST_PX, class_words, table.sizeHintForColumn(SPEED_COLUMN), 0,
            max(WORDS_NARROWEST_PX, min(BRIEF_MOST_PX, self._breaks_px()[1])), amounts))]
        floors[COST_COLUMN] = min(widths[COST_COLUMN], self._cost_widths()[1])  # its heading elided last
        order, room = (self.PRICE_COLUMN, LIMIT_COLUMN, 0, CLASS_COLUMN, COST_COLUMN), table.viewport().width()
        whole = list(floors)  # first the class down to its whole labels in a row, the Cards down to CARDS_MIN_PX
        whole[CLASS_COLUMN] = min(widths[CLASS_COLUMN], max(floors[CLASS_COLUMN], two_lines))
        whole[0] = min(widths[0], max(floors[0], CARDS_MIN_PX))
        widths = shrunk_to_fit(widths, whole, (self.PRICE_COLUMN, LIMIT_COLUMN, CLASS_COLUMN, 0), room)
        if sum(widths) > room:  # too narrow for the whole labels: the class brief, what it leaves to the Cards column
            widths[CLASS_COLUMN] = floors[CLASS_COLUMN]
        for column, width in enumerate(shrunk_to_fit(widths, floors, order, room)):
            table.setColumnWidth(column, width)
        limit.setText(full if table.columnWidth(LIMIT_COLUMN) >= self._heading_px(LIMIT_COLUMN, full) else short)
        price.setText(price.toolTip() if table.columnWidth(self.PRICE_COLUMN) >= whole_price else brief)
        self._show_classes(table.columnWidth(CLASS_COLUMN))
        self._show_breaks(table.columnWidth(LIMIT_COLUMN))
        for row in range(table.rowCount()):  # a class or price elided: whole in its tooltip (a price's note says
            for column in (CLASS_COLUMN, self.PRICE_COLUMN):  # its basis and date: the cost cell's tooltip too)
                item = table.item(row, column)
                if item is not None and not item.toolTip():
                    item.setToolTip(item.text())

    def _class_labels(self) -> list[tuple[QTableWidgetItem, str, str]]:
        """Each class cell with its whole label and its brief one (the same for a cell that has no brief one)."""
        cells = (self.table.item(row, CLASS_COLUMN) for row in range(self.table.rowCount()))
        return [(item, *(item.data(Qt.ItemDataRole.UserRole) or (item.text(), item.text())))
                for item in cells if item is not None]

    def _breaks(self) -> list[tuple[QTableWidgetItem, str, str]]:
        """Each limit cell of a row below the line with its whole words and its brief ones
        (:func:`~configurator.core.view.ranking_view.breaks_brief`), where it has brief ones."""
        cells = (self.table.item(row, LIMIT_COLUMN) for row in range(self.table.rowCount()))
        return [(item, *item.data(Qt.ItemDataRole.UserRole)) for item in cells
                if item is not None and item.data(Qt.ItemDataRole.UserRole)]

    def _breaks_px(self) -> tuple[int, int]:
        """The widest whole words and the widest brief ones of what a row below the line breaks (:meth:`_breaks`),
        each with :data:`CELL_PADDING_PX` [px] (0 without such a row)."""
        metrics, cells = self.table.fontMetrics(), self._breaks()
        return tuple(max((metrics.horizontalAdvance(cell[part]) + CELL_PADDING_PX for cell in cells), default=0)
                     for part in (1, 2))

    def _show_breaks(self, width: int) -> None:
        """Each limit cell below the line: its whole words where they fit ``width`` [px] on one line, else its
        brief ones ('Budget +149 %', elided only where even they do not fit), whole in the tooltip."""
        metrics = self.table.fontMetrics()
        for item, whole, brief in self._breaks():
            item.setText(whole if metrics.horizontalAdvance(whole) + CELL_PADDING_PX <= width else brief)

    def _cell_text_px(self) -> int:
        """The height a cell's text has [px]: a row's less :data:`GRID_PX` (two English lines; one Chinese line,
        '推理卡（也定…' was cut on one line at 1280 px)."""
        return self.table.verticalHeader().defaultSectionSize() - (GRID_PX if self.table.showGrid() else 0)

    def _class_widths(self) -> tuple[int, int, int]:
        """The class column's width with every whole label on one line, with every whole label wrapped at its words
        into a row (:meth:`_cell_text_px`: two lines in English), and with the widest word of a brief label (a
        Chinese label one word: '工作站卡' not cut to '工作 / 站卡') [px], each with :data:`CELL_PADDING_PX` (0 without
        a row)."""
        metrics, labels, height = self.table.fontMetrics(), self._class_labels(), self._cell_text_px()
        whole = {text for _, text, _ in labels}
        words = {word for _, _, text in labels for word in text.split()}
        return (max((metrics.horizontalAdvance(text) + CELL_PADDING_PX for text in whole), default=0),
                max((least_width(metrics, text, height) + CELL_PADDING_PX for text in whole), default=0),
                max((metrics.horizontalAdvance(word) + CELL_PADDING_PX for word in words), default=0))

    def _show_classes(self, width: int) -> None:
        """Each class cell's whole label where it wraps at its words into ``width`` [px] and a row's height, else its
        brief one (whole in the tooltip)."""
        metrics, height = self.table.fontMetrics(), self._cell_text_px()
        for item, whole, brief in self._class_labels():
            item.setText(whole if wraps_into(metrics, whole, width - CELL_PADDING_PX, height) else brief)

    def _heading_rows(self) -> tuple[int | None, ...]:
        """The rows that head the rows under them (ranked after, without a price, below the line), spanning the
        table; None for each absent."""
        return tuple(getattr(self, name, None) for name in ("ranked_after_row", "below_line_row", "unpriced_row"))

    def _unpriced_rows(self) -> range:
        """The rows of the cards without a price (their words elided rather than widen a column)."""
        result, start = getattr(self, "result", None), getattr(self, "unpriced_row", None)
        if result is None or start is None:
            return range(0)
        return range(start + 1, start + 1 + len(result.unpriced))

    def _heading_px(self, column: int, text: str) -> int:
        """The width ``text`` takes as ``column``'s heading, with the header's margins [px]: measured in the bold
        font the header sizes its sections for, from the section's size not held to :data:`MAX_COLUMN_PX` (held
        to it, a heading over 300 px — 'Limited by · ranked after: what its total excludes' — read as fitting a
        300 px column and was shown elided in its middle, not short)."""
        header = self.table.horizontalHeader()
        item = self.table.horizontalHeaderItem(column)
        bold = header.font()
        bold.setBold(True)  # as QHeaderView.sectionSizeFromContents measures a heading
        metrics = QFontMetrics(bold)
        return header.sectionSizeFromContents(column).width() - metrics.horizontalAdvance(item.text()) + \
            metrics.horizontalAdvance(text)

    def _price_widths(self) -> tuple[int, int]:
        """The price column's widest price and widest amount [px] ('8,565 USD' of '8,565 USD, list 2025-03 *',
        with room for an ellipsis), each at most :data:`MAX_COLUMN_PX`; a row without a price (its words elided,
        whole in the tooltip) left out. Its basis and date elide, whole in the tooltip; the amount never."""
        table, words = self.table, self._unpriced_rows()
        model, metrics = table.model(), table.fontMetrics()
        whole = amount = 0
        for row in range(table.rowCount()):
            item = table.item(row, self.PRICE_COLUMN)
            if item is None or row in words:
                continue
            width = table.sizeHintForIndex(model.index(row, self.PRICE_COLUMN)).width()
            start = LEADING_AMOUNT.match(item.text())
            whole = max(whole, width)
            amount = max(amount, width if start is None else
                         min(width, metrics.horizontalAdvance(start.group() + " …") + CELL_PADDING_PX))
        return min(MAX_COLUMN_PX, whole), min(MAX_COLUMN_PX, amount)

    def _fit_limit_column(self, room: int) -> None:
        """The limit column as wide as its texts and its heading (at most :data:`MAX_COLUMN_PX`) where ``room``
        [px], what the first four columns leave of the table's width, also holds the price column's heading
        and figures; else narrower, down to its ranked rows' limits whole: what a row below the line breaks
        elided, whole in its tooltip, and the heading short ('Limited by'), the long one ('Limited by · below
        the line: what it breaks') in its tooltip. In Chinese at 1920 × 1080 the column took 300 px and pushed
        the price heading past the table's edge (tidy44). At least as wide as the brief words of what a row
        below the line breaks (:meth:`_show_breaks`): without a ranked row it was the heading's 28 px, and every
        row below the line read '…' (persona50, 1280 px in Chinese)."""
        table, header = self.table, self.table.horizontalHeader()
        item, short = table.horizontalHeaderItem(LIMIT_COLUMN), _tc("RecommendationPanel", "Limited by")
        whole = table.horizontalHeaderItem(self.PRICE_COLUMN)  # its whole heading, whichever is shown
        if item is None or whole is None:  # before the first headings
            return
        price = min(MAX_COLUMN_PX, max(table.sizeHintForColumn(self.PRICE_COLUMN),
                                       self._heading_px(self.PRICE_COLUMN, whole.toolTip() or whole.text())))
        full = item.toolTip() or item.text()
        heading = self._heading_px(LIMIT_COLUMN, full)
        natural = min(MAX_COLUMN_PX, max(table.sizeHintForColumn(LIMIT_COLUMN), heading))
        metrics, ranked = table.fontMetrics(), len(self.result.ranked) if getattr(self, "result", None) else 0
        limits = (table.item(row, LIMIT_COLUMN) for row in range(min(ranked, table.rowCount())))
        least = max((metrics.horizontalAdvance(cell.text()) + CELL_PADDING_PX for cell in limits if cell),
                    default=0)
        words, brief = self._breaks_px()  # what a cell below the line shows may be either
        natural, least = min(MAX_COLUMN_PX, max(natural, words)), max(least, brief)
        width = max(min(natural, max(least, self._heading_px(LIMIT_COLUMN, short))), min(natural, room - price))
        item.setText(full if width >= heading else short)
        table.setColumnWidth(LIMIT_COLUMN, width)

    def _cost_widths(self) -> tuple[int, int]:
        """The cost column's heading's width and its widest figure's [px], each at most :data:`MAX_COLUMN_PX`;
        the words of a card ranked without a price ('no price — enter a quote', whole in the cell's tooltip)
        are elided rather than widen it (they took the English column from 141 to 164 px)."""
        table, header = self.table, self.table.horizontalHeader()
        words = self._unpriced_rows()
        model, grid = table.model(), 1 if table.showGrid() else 0
        widest = max((table.sizeHintForIndex(model.index(row, COST_COLUMN)).width() + grid
                      for row in range(table.rowCount()) if row not in words and table.item(row, COST_COLUMN)),
                     default=0)
        return min(MAX_COLUMN_PX, header.sectionSizeHint(COST_COLUMN)), min(MAX_COLUMN_PX, widest)
