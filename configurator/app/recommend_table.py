"""The recommendation panel's table: one row per ranked configuration (its cards, class, speed,
cost, what limits it and its price), the cards past their vendor's support marked, and below the
line every configuration that breaks a constraint, greyed, with what it breaks."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from configurator.app import format as fmt
from configurator.app.against_constraints import capex_line
from configurator.app.column_fit import FittedTable, least_width, shrunk_to_fit, wraps_into
from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.labels import factor_names
from configurator.app.recommend_prices import heading_row
from configurator.core.limiting import limiting_factor
from configurator.core.recommend import Objective, Result, cost_basis
from configurator.core.software import support_caution_in
from configurator.core.view.card_names import card_name
from configurator.core.view.card_classes_view import class_label, class_label_brief
from configurator.core.view.family_view import view_of
from configurator.core.view.numbers import column_top
from configurator.core.view.ranking_view import RANKED_AFTER_HEADING, UNRATED_HEADING, breaks_cell, total_excludes
from configurator.core.view.rows import label, write
from configurator.core.view.words import words

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
and the start of the name ('8 × H100 SX…'), whole in its tooltip (:meth:`RankingTable._fit_into_view`)."""

WORDS_NARROWEST_PX = 64
"""Narrowest the limit column gets where the table is too narrow for every column [px]: a word or two, elided,
whole in the cell's tooltip (the class column keeps each word of its classes whole, on two lines)."""

LEADING_AMOUNT = re.compile(r"^\S+[ \u00a0][^\s,，;；(（]+")
"""A price cell's amount and its unit ('8,565 USD', '3.26 万元', '2.10 USD/h'): kept whole where the column narrows.

Matched on the cell's text, not built apart: the cell is :func:`~configurator.core.view.price_view.price_value`
written in the interface language, one phrase."""

CLASS_COLUMN, SPEED_COLUMN = 1, 2
"""The columns of the card's class and of its speed."""

GRID_PX = 1
"""The grid line a row's height includes [px]: a cell's text has the rest (:meth:`RankingTable._cell_text_px`)."""

COST_COLUMN = 3
"""The column of the cost the ranking orders by."""

LIMIT_COLUMN = 4
"""The column of what limits a ranked configuration (below the line: what it breaks)."""

CELL_PADDING_PX = 16
"""Room beside a cell's text: the item view's margins and the focus frame [px]."""

EXCLUDES_COLOUR = "#a05a00"
"""The text colour of what a total ranked after every complete one leaves out, in its limit cell (the price
column's amber for a price the buyer must be told something about)."""

SUPPORT_CAUTION_COLOUR = "#7a3300"
"""The text colour of the caution that a card's vendor software is past its support (the summary's
too: :data:`configurator.report.render.CAUTION_COLOURS`; the wizard's answer)."""


def _unit_in_heading(objective) -> bool:
    """Whether the cost column's heading names the unit of its figures ('TCO/M tokens [元]': ranked by
    cost, the basis said briefly), so that its cells give the number alone (until December 2026 the
    Chinese column repeated 元 in every cell under a heading that said it)."""
    return objective in (Objective.TCO, Objective.CLOUD)


class RankingTable:
    """Mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel` (it brings
    ``controller``, ``ranking``, ``result``, ``_chart_axes``, ``_price_heading``, ``_price_item`` and
    ``PRICE_COLUMN``); the strings keep the panel's translation context."""

    def _make_table(self) -> QTableWidget:
        """The table, rows selected whole, one at a time, never edited; each column as wide as its
        contents up to :data:`MAX_COLUMN_PX`."""
        table = FittedTable(0, 6, self._fit_columns)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        table.horizontalHeader().setMaximumSectionSize(MAX_COLUMN_PX)
        for fitted in range(table.columnCount()):  # sized by _fit_columns
            table.horizontalHeader().setSectionResizeMode(fitted, QHeaderView.ResizeMode.Interactive)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideMiddle)  # cut, a heading keeps its unit
        return table

    def _set_headers(self) -> None:
        """Columns named by what they hold: the speed of this workload, the cost on the basis the
        ranking uses (ownership or cloud, per unit of work, in the currency) and the one limiting factor."""
        scenario = self.controller.scenario
        from configurator.core.view.latency_column import column_percentile, latency_heading  # reads the scenario
        from configurator.core.view.ranking_view import ranking_cost_heading  # loads the estimator: after painting

        ranking = view_of(scenario.workload).ranking
        speed = label(latency_heading(ranking.speed_heading, column_percentile(scenario))
                      if ranking.at_target_percentile else ranking.speed_heading, current_language())

        objective = self.ranking.value.objective
        _, _, cost, _ = self._chart_axes(objective, scenario.economics.currency)
        short = _unit_in_heading(objective)  # the basis named briefly, its unit once; the tooltip in full
        heading = f"{write(ranking_cost_heading(objective, scenario), current_language())} " \
                  f"[{fmt.money_word(self._cost_top(), scenario.economics.currency)}]" if short else cost
        self.table.setHorizontalHeaderLabels([_tc("RecommendationPanel", "Cards"), _tc("RecommendationPanel", "Class"),
                                              speed, heading, self._last_heading(), self._price_heading(objective)])
        self.table.horizontalHeaderItem(COST_COLUMN).setToolTip(cost)
        for column in (0, CLASS_COLUMN, SPEED_COLUMN, LIMIT_COLUMN, self.PRICE_COLUMN):  # whole where elided
            item = self.table.horizontalHeaderItem(column)
            item.setToolTip(item.text())

    def _cost_top(self) -> float:
        """The cost column's :func:`~configurator.core.view.numbers.column_top` [currency per unit of work]:
        every cost of the ranking, ranked (after every complete total too) or below the line, in its unit (万元 or
        元 in Chinese)."""
        result = getattr(self, "result", None)
        if result is None:
            return 0.0
        basis = cost_basis(result.objective)
        after = (rec for _, rec in result.ranked_after_unlisted)
        return column_top(rec.cost_on(basis) for rec in (*result.ranked, *after, *result.below_line))

    def _last_heading(self) -> str:
        """The limit column: what limits a ranked configuration, what the total of one ranked after every complete
        total leaves out (:meth:`_fill_table`), and what one below the line breaks."""
        result = self.result
        after = result is not None and bool(result.ranked_after_unlisted)
        if result is not None and result.below_line:
            return _tc("RecommendationPanel", "Limited by · ranked after: what its total excludes · below the line: "
                                              "what it breaks") if after \
                else _tc("RecommendationPanel", "Limited by · below the line: what it breaks")
        if after:
            return _tc("RecommendationPanel", "Limited by · ranked after: what its total excludes")
        return _tc("RecommendationPanel", "Limited by")

    def _selected_card(self) -> str | None:
        """The card of the selected row (None: no row, or a heading row)."""
        rows = self.table.selectionModel().selectedRows()
        rec = self.recommendation_at(rows[0].row()) if rows else None
        return None if rec is None else rec.card.id

    def _row_of(self, card_id: str | None) -> int:
        """The row showing ``card_id`` (the first row when it is not shown)."""
        recs = getattr(self, "row_recommendations", [])
        return next((row for row, rec in enumerate(recs) if rec is not None and rec.card.id == card_id), 0)

    def _fill_table(self, result: Result) -> None:
        """The ranked rows, then under their heading (the command line's) the rows ranked after every complete
        total that the listed ranking does not reach (:attr:`~configurator.core.recommend.Result.
        ranked_after_unlisted`: the workstation cards #33-36 of Llama 3 8B for 100 users were in no row of the
        window), each with what its total excludes in the limit column, in amber (whole in the row's tooltips,
        :meth:`_show_capex`). Selected, applied and drawn as the ranked rows are."""
        factors, language = factor_names(), current_language()
        currency = self.controller.scenario.economics.currency
        basis, top = cost_basis(result.objective), self._cost_top()
        after = [rec for _, rec in result.ranked_after_unlisted]
        self.below_line_row = self.unpriced_row = None  # the rows under these headings are added after
        self.ranked_after_row = len(result.ranked) if after else None
        """The heading row over the rows ranked after every complete total (None without them)."""
        self.row_recommendations = [*result.ranked, *((None, *after) if after else ())]
        self.table.setRowCount(len(self.row_recommendations))
        excludes = QBrush(QColor(EXCLUDES_COLOUR))
        for row, rec in enumerate(self.row_recommendations):
            if rec is None:
                heading_row(self.table, row, words(language).label(RANKED_AFTER_HEADING))
                continue
            cost = rec.cost_on(basis)
            excluded = total_excludes(rec) if row > len(result.ranked) else None
            cells = [f"{fmt.count(rec.count)} × {card_name(rec.card.name, language)}",
                     write(class_label(rec.card), language), self._speed_text(rec.estimate),
                     fmt.unit_cost(cost, currency, top, not _unit_in_heading(result.objective))
                     if cost is not None else "—",
                     factors[limiting_factor(rec.estimate)] if excluded is None else message_text(excluded)]
            for column, text in enumerate(cells):
                item = self._class_item(rec, text) if column == CLASS_COLUMN else QTableWidgetItem(text)
                if column == LIMIT_COLUMN and excluded is None:
                    item.setToolTip(text)  # whole where the column elides it (_fit_limit_column)
                elif column == LIMIT_COLUMN:  # whole in the tooltip _show_capex gives every cell of its row
                    item.setForeground(excludes)
                self.table.setItem(row, column, item)
        self._fit_columns()

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
        :data:`WORDS_NARROWEST_PX` (its heading short; the price heading brief, ``PRICE_HEADING_BRIEF``, below its
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
            CARDS_NARROWEST_PX, class_words, table.sizeHintForColumn(SPEED_COLUMN), 0, WORDS_NARROWEST_PX,
            amounts))]
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
        for row in range(table.rowCount()):  # a class or price elided: whole in its tooltip (a price's note says
            for column in (CLASS_COLUMN, self.PRICE_COLUMN):  # its basis and date: the cost cell's tooltip too)
                item = table.item(row, column)
                if item is not None and not item.toolTip():
                    item.setToolTip(item.text())

    def _class_item(self, rec, text: str) -> QTableWidgetItem:
        """The class cell of ``rec``: its whole label ``text`` (:func:`~configurator.core.view.card_classes_view.
        class_label`), also in its tooltip, and the brief one it shows where the column is too narrow
        (:meth:`_show_classes`)."""
        item = QTableWidgetItem(text)
        item.setToolTip(text)
        item.setData(Qt.ItemDataRole.UserRole, (text, write(class_label_brief(rec.card), current_language())))
        return item

    def _class_labels(self) -> list[tuple[QTableWidgetItem, str, str]]:
        """Each class cell with its whole label and its brief one (the same for a cell that has no brief one)."""
        cells = (self.table.item(row, CLASS_COLUMN) for row in range(self.table.rowCount()))
        return [(item, *(item.data(Qt.ItemDataRole.UserRole) or (item.text(), item.text())))
                for item in cells if item is not None]

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
        the price heading past the table's edge (tidy44)."""
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

    def _show_support_caution(self, result: Result) -> None:
        """The first-ranked card's caution over the table (its vendor software past support), and
        each ranked card past support in the caution's colour, the caution as the card's tooltip."""
        best = result.best
        caution = support_caution_in(best.reasons) if best is not None else ()
        headline = caution[0].params.get("caution", caution[0]) if caution else None  # short: the table keeps room
        self.support_label.setText(message_text(headline) if headline else "")
        self.support_label.setToolTip("\n".join(message_text(m) for m in caution))  # the supported card too
        self.support_label.setVisible(bool(caution))
        colour = QBrush(QColor(SUPPORT_CAUTION_COLOUR))
        for row, rec in enumerate(self.row_recommendations):  # the ranked rows, and those ranked after
            if rec is None:
                continue
            found = support_caution_in(rec.reasons)
            item = self.table.item(row, 0)
            if found and item is not None:
                item.setForeground(colour)
                item.setToolTip("\n".join((item.text(), *(message_text(m) for m in found))))

    def _fill_below_line(self, result: Result) -> None:
        """Below the ranked rows, a heading row and every configuration that breaks a constraint
        (greyed, never ranked), with the first constraint it breaks and by how much in the last column."""
        self.below_line_row = None
        if not result.below_line:
            self._fit_columns()  # the rows without a price, added after the ranked ones
            return
        language = current_language()
        currency = self.controller.scenario.economics.currency
        basis, top = cost_basis(result.objective), self._cost_top()
        start = self.table.rowCount()
        self.below_line_row = start
        self.table.setRowCount(start + 1 + len(result.below_line))
        heading_row(self.table, start, words(language).label(
            "Below the line: each breaks a constraint you set (never ranked)"))
        self.row_recommendations.append(None)
        grey = QBrush(QColor("#777777"))
        for offset, rec in enumerate(result.below_line, start=1):
            cost = rec.cost_on(basis)
            breaks = write(breaks_cell(rec), language)
            cells = [f"{fmt.count(rec.count)} × {card_name(rec.card.name, language)}",
                     write(class_label(rec.card), language),
                     self._speed_text(rec.estimate),
                     fmt.unit_cost(cost, currency, top, not _unit_in_heading(result.objective))
                     if cost is not None else "—", breaks]
            for column, text in enumerate(cells):
                item = self._class_item(rec, text) if column == CLASS_COLUMN else QTableWidgetItem(text)
                item.setForeground(grey)
                item.setToolTip("\n".join(tip for tip in (item.toolTip(), *(message_text(m) for m in rec.reasons))
                                           if tip))  # the class's whole label first
                self.table.setItem(start + offset, column, item)
            price = self._price_item(rec, result.objective)
            price.setForeground(grey)
            self.table.setItem(start + offset, self.PRICE_COLUMN, price)
            self.row_recommendations.append(rec)
        self._fit_columns()

    def _fill_unrated(self, result: Result) -> None:
        """Last, a heading row and one greyed row per card the catalog cannot rate (a figure its
        speed needs is not published), the reason and region caution in words, across the table."""
        if not result.unrated:
            return
        language = current_language()
        start = self.table.rowCount()
        self.table.setRowCount(start + 1 + len(result.unrated))
        heading_row(self.table, start, words(language).label(UNRATED_HEADING))
        self.row_recommendations.append(None)
        grey = QBrush(QColor("#777777"))
        for row, why in enumerate(result.unrated.values(), start=start + 1):
            item = QTableWidgetItem(message_text(why))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setForeground(grey)
            item.setToolTip(message_text(why))
            self.table.setItem(row, 0, item)
            self.table.setSpan(row, 0, 1, self.table.columnCount())
            self.row_recommendations.append(None)

    def _show_capex(self, result: Result) -> None:
        """What each configuration listed costs to buy (:func:`~configurator.app.against_constraints.capex_line`:
        the capex the budget is held against, with what it covers and its currency) as a line of every cell's
        tooltip in its row: the table has no room for a column at 1366 px (the limit column is cut there)."""
        language = current_language()
        for row in range(self.table.rowCount()):
            rec = self.recommendation_at(row)
            if rec is None:
                continue
            line = capex_line(rec, result.book, language)
            excluded = total_excludes(rec)
            if excluded is not None:  # a total ranked without an item (workstations, a host node): said on every row
                line = f"{line}\n{message_text(excluded)}"
            for column in range(self.table.columnCount()):
                item = self.table.item(row, column)
                if item is None:
                    continue
                tip = item.toolTip() or (item.text() if column == 0 else "")
                item.setToolTip(f"{tip}\n{line}" if tip else line)

    def _number_ranked_rows(self, result: Result) -> None:
        """The row header numbers the ranked rows only (1, 2, …), and those ranked after every complete total with
        their ranks (33, 34, …): a row not ranked (without a price, a heading, below the line) has no rank to show
        (an unpriced card read "1" as if first, persona)."""
        ranks = [str(rank) for rank in range(1, len(result.ranked) + 1)]
        if result.ranked_after_unlisted:
            ranks += ["", *(str(rank) for rank, _ in result.ranked_after_unlisted)]
        self.table.setVerticalHeaderLabels([*ranks, *[""] * (self.table.rowCount() - len(ranks))])

    def recommendation_at(self, row: int):
        """The configuration shown in ``row``: ranked (after every complete total too), without a price, or below
        the line (None for a heading row)."""
        recs = getattr(self, "row_recommendations", None)
        if recs is None or not 0 <= row < len(recs):
            return None
        return recs[row]

    def _speed_text(self, est) -> str:
        """The configuration's speed as its family words it (a time, a latency, FP32 per user, streams per card)."""
        return write(view_of(est.scenario.workload).ranking.speed_text(est), current_language())
