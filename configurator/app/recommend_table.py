"""The recommendation panel's table: one row per ranked configuration (its cards, class, speed,
cost, what limits it and its price), the cards past their vendor's support marked, and below the
line every configuration that breaks a constraint, greyed, with what it breaks."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from configurator.app import format as fmt
from configurator.app.against_constraints import capex_line
from configurator.app.column_fit import FittedTable
from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.labels import factor_names
from configurator.app.recommend_columns import (
    CLASS_COLUMN, COST_COLUMN, LIMIT_COLUMN, MAX_COLUMN_PX, SPEED_COLUMN, RankingColumns,
)
from configurator.app.recommend_prices import heading_row
from configurator.core.limiting import limiting_factor
from configurator.core.recommend import Objective, Result, cost_basis
from configurator.core.software import support_caution_in
from configurator.core.view.card_names import card_name
from configurator.core.view.card_classes_view import class_label, class_label_brief
from configurator.core.view.family_view import view_of
from configurator.core.view.numbers import column_top
from configurator.core.view.ranking_view import (
    PARTIAL_TOTAL_BRIEF, RANKED_AFTER_HEADING, UNRATED_HEADING, below_line_heading, breaks_brief, breaks_cell,
    total_excludes,
)
from configurator.core.view.rows import label, write
from configurator.core.view.words import words

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


class RankingTable(RankingColumns):
    """Mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel` (it brings
    ``controller``, ``ranking``, ``result``, ``_chart_axes``, ``_price_heading``, ``_price_item`` and
    ``PRICE_COLUMN``), its columns fitted by :class:`~configurator.app.recommend_columns.RankingColumns`; the
    strings keep the panel's translation context."""

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
            # a partial total says what it leaves out wherever it is listed: ranked within the listed ranking too
            # (persona51: 1 × RTX A6000 at 0.290 CNY a frame, ranked 3rd of 3 below 0.544, read "limited by compute"
            # where the command line's Why said "The total excludes 1 workstation")
            excluded = total_excludes(rec) if row > len(result.ranked) or rec.card.id in result.ranked_after else None
            cells = [f"{fmt.count(rec.count)} × {card_name(rec.card.name, language)}",
                     write(class_label(rec.card), language), self._speed_text(rec.estimate),
                     fmt.unit_cost(cost, currency, top, not _unit_in_heading(result.objective))
                     if cost is not None else "—",
                     factors[limiting_factor(rec.estimate)] if excluded is None
                     else message_text(excluded) if row > len(result.ranked)
                     else words(language).label(PARTIAL_TOTAL_BRIEF)]  # a ranked row's limit stays whole
            for column, text in enumerate(cells):
                item = self._class_item(rec, text) if column == CLASS_COLUMN else QTableWidgetItem(text)
                if column == LIMIT_COLUMN and excluded is None:
                    item.setToolTip(text)  # whole where the column elides it (_fit_limit_column)
                elif column == LIMIT_COLUMN:  # whole in the tooltip (_show_capex gives every cell of a row after)
                    item.setForeground(excludes)
                    if row <= len(result.ranked):
                        item.setToolTip(f"{text}\n{message_text(excluded)}")
                self.table.setItem(row, column, item)
        self._fit_columns()

    def _class_item(self, rec, text: str) -> QTableWidgetItem:
        """The class cell of ``rec``: its whole label ``text`` (:func:`~configurator.core.view.card_classes_view.
        class_label`), also in its tooltip, and the brief one it shows where the column is too narrow
        (:meth:`_show_classes`)."""
        item = QTableWidgetItem(text)
        item.setToolTip(text)
        item.setData(Qt.ItemDataRole.UserRole, (text, write(class_label_brief(rec.card), current_language())))
        return item

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
        (greyed, never ranked), with the first constraint it breaks and by how much in the limit column, briefly
        where the column is too narrow for its words (:func:`~configurator.core.view.ranking_view.breaks_brief`,
        'Budget +149 %'; :meth:`_show_breaks`), whole in the tooltip."""
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
        heading_row(self.table, start, words(language).label(below_line_heading(result)))
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
            brief = breaks_brief(rec)
            for column, text in enumerate(cells):
                item = self._class_item(rec, text) if column == CLASS_COLUMN else QTableWidgetItem(text)
                if column == LIMIT_COLUMN and brief is not None:  # shown where the whole words do not fit
                    item.setData(Qt.ItemDataRole.UserRole, (text, write(brief, language)))  # (_show_breaks)
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
