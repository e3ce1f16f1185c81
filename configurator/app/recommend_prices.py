"""The recommendation panel's prices: the price each row is ranked at, the cards without one, and
whether price decides the ranking (issue 25)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

from configurator.app import format as fmt
from configurator.app.i18n import current_language, message_text
from configurator.app.labels import factor_names
from configurator.core.limiting import limiting_factor
from configurator.core.recommend import Objective, Result, oversized_fleet
from configurator.core.view import price_view
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.card_names import card_name
from configurator.core.view.rows import label, write
from configurator.core.view.words import words


def heading_row(table: QTableWidget, row: int, text: str) -> None:
    """Row ``row`` of ``table`` as a bold heading spanning every column over the rows that follow
    (those ranked after every complete total, the unpriced cards, the configurations below the line): read, never
    selected or applied; a cell the row held before under its span is taken out (it would size its column)."""
    for column in range(1, table.columnCount()):
        table.takeItem(row, column)
    heading = QTableWidgetItem(text)
    heading.setFlags(Qt.ItemFlag.ItemIsEnabled)
    font = heading.font()
    font.setBold(True)
    heading.setFont(font)
    table.setItem(row, 0, heading)
    table.setSpan(row, 0, 1, table.columnCount())


class RankingPrices:
    """Mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel` (it brings
    ``table``, ``row_recommendations``, ``price_decides_label``, ``_class_item`` and ``_speed_text``)."""

    PRICE_COLUMN = 5
    """The column of the price each configuration is ranked at."""

    def _price_heading(self, objective: Objective, brief: bool = False) -> str:
        """The price column's heading (:data:`~configurator.core.view.price_view.PRICE_HEADING`), or ``brief`` the
        one for a narrow table (:data:`~configurator.core.view.price_view.PRICE_HEADING_BRIEF`)."""
        headings = price_view.PRICE_HEADING_BRIEF if brief else price_view.PRICE_HEADING
        return label(headings[objective is Objective.CLOUD], current_language())

    def _price_top(self, objective: Objective) -> float | None:
        """The price column's top (:func:`~configurator.core.view.price_view.price_top`): its prices in one
        unit (万元 or 元 in Chinese), the ranked (after every complete total too), unpriced and below-the-line rows
        alike; once a result."""
        result = getattr(self, "result", None)
        if result is None:
            return None
        kept = getattr(self, "_price_top_of", None)
        if kept is None or kept[0] is not result or kept[1] is not objective:
            after = (rec for _, rec in result.ranked_after_unlisted)
            rows = (*result.ranked, *after, *result.below_line, *result.unpriced)
            self._price_top_of = kept = (result, objective, price_view.price_top([r.estimate for r in rows], objective))
        return kept[2]

    def _price_item(self, rec, objective: Objective) -> QTableWidgetItem:
        """The price ``rec`` is ranked at, marked * (amber) where the buyer must be told something;
        the tooltip says what the price is, its source and its flags."""
        language = current_language()
        item = QTableWidgetItem(write(price_view.price_value(rec.estimate, objective, self._price_top(objective)),
                                      language))
        item.setToolTip(write(price_view.price_note(rec.estimate, objective), language))
        flags = price_view.shown_flags(rec.estimate, objective)
        if price_view.warns(flags):
            item.setForeground(QBrush(QColor("#a05a00")))
        return item

    def _fill_prices(self, result: Result) -> None:
        """The price column, and a * after a cost whose price the buyer must be told something
        about, with what the price is in the cost's tooltip."""
        cost_column = 3
        for row, rec in enumerate(self.row_recommendations):  # the ranked rows, and those ranked after
            if rec is None:  # their heading
                continue
            price = self._price_item(rec, result.objective)
            self.table.setItem(row, self.PRICE_COLUMN, price)
            cost = self.table.item(row, cost_column)
            flags = price_view.shown_flags(rec.estimate, result.objective)
            if cost is not None and price_view.warns(flags):
                cost.setText(cost.text() + price_view.FLAG_MARK)
                cost.setForeground(price.foreground())
            if cost is not None:
                cost.setToolTip(price.toolTip())
            name = self.table.item(row, 0)
            if name is not None:
                name.setToolTip(name.text())

    def _append_unpriced(self, result: Result) -> None:
        """The cards that meet every constraint but have no price on the ranking's basis, after the
        ranked ones under their own heading (the command line's), in grey: "no price — enter a quote" (their
        fewest cards that meet every constraint)."""
        factors, language = factor_names(), current_language()
        self.unpriced_row = None
        """The heading row over the cards not ranked for want of a figure (None without them)."""
        if not result.unpriced:
            return
        start = self.table.rowCount()  # after the ranked rows (and those ranked after every complete total)
        self.unpriced_row = start
        first = start + 1  # under their heading, as the command line lists them: never read as ranked
        self.table.setRowCount(first + len(result.unpriced))
        heading_row(self.table, start, words(language).label(
            "Not ranked for want of a figure (a price, a rent where you are):"))
        self.row_recommendations.append(None)
        grey = QBrush(QColor("#777777"))
        for offset, rec in enumerate(result.unpriced):
            cards_unpriced = not rec.reasons or rec.reasons[0].id in ("no-price", "no-price-cloud")
            # the cards have no price, or (they have one) another line of the bill has none, or the power is unknown
            note = write(price_view.price_note(rec.estimate, result.objective), language) if cards_unpriced \
                else message_text(rec.reasons[0])
            oversized = oversized_fleet(rec.estimate)  # a fleet the latency targets size: said, not "no price"
            why = label(price_view.unranked_cell(rec), language) if oversized is None else message_text(oversized)
            # the class as the ranked rows say it ('also …', brief where the column is narrow; it said the class alone)
            cells = [QTableWidgetItem(f"{fmt.count(rec.count)} × {card_name(rec.card.name, language)}"),
                     self._class_item(rec, write(class_label(rec.card), language)),
                     *(QTableWidgetItem(text) for text in (self._speed_text(rec.estimate), why,
                                                           factors[limiting_factor(rec.estimate)],
                                                           label(price_view.NO_PRICE, language)))]
            for column, item in enumerate(cells):
                item.setForeground(grey)
                item.setToolTip("\n".join(tip for tip in (item.toolTip(), note) if tip))  # the class first
                self.table.setItem(first + offset, column, item)
            if not cards_unpriced:
                price = self._price_item(rec, result.objective)
                price.setForeground(grey)
                self.table.setItem(first + offset, self.PRICE_COLUMN, price)
            self.row_recommendations.append(rec)

    def _show_price_decides(self, result: Result) -> None:
        """Whether price decides the ranking, in numbers (and the ranges' assumption in the tooltip)."""
        lines = price_view.price_decides(result)
        self.price_decides_label.setText("\n".join(f"• {message_text(m)}" for m in lines[:-1]))
        self.price_decides_label.setToolTip(message_text(lines[-1]) if lines else "")
        self.price_decides_label.setVisible(bool(lines))
