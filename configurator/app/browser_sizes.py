"""The card browser's column widths and row heights, worked out once per change from the texts the model
writes once (session 44, browser44).

Qt's ResizeToContents modes sized every column and row to its contents again on each layout pass: opening
the browser asked the model ~82,700 times for a cell's data (about 54 asks per cell of a 70 x 21 table) and
took 0.65-1.0 s of the window's thread on a loaded 2-core machine. Here a column is as wide as what Qt's
mode makes it — the delegate's size hint of the cell whose text is widest, the header's own hint, the
header's bounds — measured on that one cell; a row is as high as its card's name wrapped in the name
column (the other cells are one line, as high on every row), measured again only where the rows, the name
column's width or a column's texts change (:data:`NAME_COLUMN_CHARS` wide at first, widened by the user)."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QModelIndex, QObject, QRect
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTableView

NAME_COLUMN_CHARS = 34
"""The card name column's widest [average characters]: a longer name wraps onto a second line."""


class WrappedName(QStyledItemDelegate):
    """A wrapped name with a pixel more per line than Qt measures: a two-line name with Chinese on one
    line only ("GB200 NVL72——每颗 Blackwell GPU") was measured a pixel short of what painting it takes,
    and painted on one line, elided."""

    def sizeHint(self, option, index):  # noqa: N802
        size = super().sizeHint(option, index)
        return size.grownBy(QMargins(0, 0, 0, max(1, size.height() // option.fontMetrics.lineSpacing())))


class ContentSizes(QObject):
    """Sizes ``table``'s columns to their widest text and its rows to their card's wrapped name.

    ``table`` shows a filter proxy over a model with ``text(row, column)`` (each cell's text, written
    once) and ``rowCount``/``columnCount``; column 0 is the name, which wraps."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table
        self.proxy = table.model()
        self.model = self.proxy.sourceModel()
        self._advances: dict[tuple[int, int], int] = {}  # (source row, column): the text's width [px]
        self._name_heights: dict[int, int] = {}  # source row: its name's height at the name column's width [px]
        self._one_line = 0  # the height of a row whose name is one line [px]
        self.measured_cells = 0
        """How many cells' size hints were asked for (tests: a handful per column, one per row)."""
        header, rows = table.horizontalHeader(), table.verticalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # sized here, as ResizeToContents would
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)  # the user may widen the names
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.setItemDelegateForColumn(0, WrappedName(table))
        self.fit_columns()
        header.resizeSection(0, min(self._column_width(0), NAME_COLUMN_CHARS * table.fontMetrics().averageCharWidth()))
        self.fit_rows()
        header.sectionResized.connect(self._on_section_resized)
        for signal in (self.proxy.layoutChanged, self.proxy.rowsInserted, self.proxy.rowsRemoved,
                       self.proxy.modelReset):
            signal.connect(self._place_rows)
        self.model.modelReset.connect(self._on_reset)
        self.model.dataChanged.connect(self._on_texts_changed)

    def _option(self) -> QStyleOptionViewItem:
        option = QStyleOptionViewItem()
        self.table.initViewItemOption(option)
        return option

    def _hint(self, option: QStyleOptionViewItem, index: QModelIndex):
        self.measured_cells += 1
        delegate = self.table.itemDelegateForColumn(index.column()) or self.table.itemDelegate()
        return delegate.sizeHint(option, index)  # a source index: its row may be filtered out

    def _widest_row(self, column: int) -> int | None:
        """The source row whose text in ``column`` is widest (None without rows)."""
        metrics = self.table.fontMetrics()
        for row in range(self.model.rowCount()):
            if (row, column) not in self._advances:
                self._advances[row, column] = metrics.horizontalAdvance(self.model.text(row, column))
        rows = range(self.model.rowCount())
        return max(rows, key=lambda row: self._advances[row, column]) if rows else None

    def _column_width(self, column: int) -> int:
        """What ResizeToContents makes the column [px]: the widest cell's hint (a pixel more for the grid)
        or the header's, within the header's bounds (Qt's QHeaderView::resizeSections)."""
        header = self.table.horizontalHeader()
        row = self._widest_row(column)
        cells = 0 if row is None else self._hint(self._option(), self.model.index(row, column)).width()
        cells += 1 if self.table.showGrid() and row is not None else 0
        width = max(cells, header.sectionSizeHint(column))
        return min(max(width, header.minimumSectionSize()), header.maximumSectionSize())

    def fit_columns(self, columns: range | list[int] | None = None) -> None:
        """Every column but the name as wide as its widest text (or ``columns``)."""
        header = self.table.horizontalHeader()
        for column in columns if columns is not None else range(1, self.model.columnCount()):
            header.resizeSection(column, self._column_width(column))

    def fit_rows(self) -> None:
        """Each card's height worked out again (the name column's width or the texts changed), then placed."""
        self._name_heights.clear()
        option = self._option()
        rows = self.table.verticalHeader()
        if self.model.rowCount():
            single = [self._hint(option, self.model.index(0, column)).height()
                      for column in range(1, self.model.columnCount())]
            self._one_line = max([rows.sectionSizeHint(0), *single]) + (1 if self.table.showGrid() else 0)
        width = self.table.columnWidth(0) - (1 if self.table.showGrid() else 0)
        option.rect = QRect(0, 0, width, 1)  # a height: the delegate wraps the name within the width
        for row in range(self.model.rowCount()):
            name = self._hint(option, self.model.index(row, 0)).height() + (1 if self.table.showGrid() else 0)
            self._name_heights[row] = min(max(self._one_line, name, rows.minimumSectionSize()),
                                          rows.maximumSectionSize())
        self._place_rows()

    def _place_rows(self, *_) -> None:
        """Each shown row as high as its card's name needs (sorting and filtering move the cards)."""
        rows = self.table.verticalHeader()
        for row in range(self.proxy.rowCount()):
            source = self.proxy.mapToSource(self.proxy.index(row, 0)).row()
            height = self._name_heights.get(source)
            if height is not None and rows.sectionSize(row) != height:
                rows.resizeSection(row, height)

    def _on_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column == 0:
            self.fit_rows()

    def _on_reset(self) -> None:
        """A new catalog: every text and size measured again."""
        self._advances.clear()
        self.fit_columns()
        self.fit_rows()

    def _on_texts_changed(self, top: QModelIndex, bottom: QModelIndex, *_) -> None:
        """A column written again (the price column on new price terms) sized to its new texts."""
        columns = range(top.column(), bottom.column() + 1)
        self._advances = {cell: width for cell, width in self._advances.items() if cell[1] not in columns}
        self.fit_columns([c for c in columns if c != 0])
        if 0 in columns:
            self.fit_rows()
