"""The recommendation panel's card filter: the buyer names the cards to compare (``recommend --cards``,
:attr:`~configurator.core.recommend.Filters.cards`), picked by name from a searchable, checkable list; and the
sentences the command line prints for it (the cards compared, each named card not ranked with why)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)

from configurator.app.compact_form import COMBO_CHARS
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.catalog import Catalog
from configurator.core.recommend import Result
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.card_names import card_name
from configurator.core.view.rows import write
from configurator.core.view.words import words

LIST_ROWS = 12
"""Rows of cards the open list shows before it scrolls [count]."""


def named_cards_text(result: Result | None, language: str) -> str:
    """What the command line says of the cards the buyer named (``recommend --cards``): 'Only the cards named
    are compared: …', then 'Named cards not ranked, and why:' with each named card neither ranked nor listed
    and its reason, in ``language``; empty where no card is named."""
    if result is None or result.filters is None or not result.filters.cards:
        return ""
    from configurator.report.summary_filters import named_cards  # the report's words: loaded once a card is named
    from configurator.report.text import named_left_out

    w = words(language)
    compared = w("Only the cards named are compared: {cards}.",
                 cards=w.label(", ").join(named_cards(result.filters.cards, language)))
    return "\n".join((compared, *named_left_out(result, w)))


def search_words(*texts: str) -> list[str]:
    """The words a card is found by ('H20 96GB (China export SKU)' -> 'h20', '96gb', 'china', …), any case:
    a word typed finds the cards with a word that starts so ('h20' finds the H20, not the GH200)."""
    return [word for text in texts for word in re.split(r"[\s(),/（）、·]+", text.casefold()) if word]


class CardList(QDialog):
    """The picker's list, beside the panel (not modal: the ranking follows each card checked): a search box
    over the catalog's cards, each checkable (Space; Return in the search box checks the one card left), and a
    button that names none again (every card compared). Escape closes it. A dialog, not a popup: a popup grabs
    the keyboard, which the offscreen platform the tests run on refuses with a warning."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.search = QLineEdit()
        self.search.setObjectName("cards-search")
        self.search.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setObjectName("cards-list")
        self.clear_button = QPushButton()
        self.clear_button.setAutoDefault(False)  # Return in the search box checks a card, not this
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.search)
        column.addWidget(self.list)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.clear_button)
        column.addLayout(row)
        self.search.textChanged.connect(self._show_matching)
        self.search.returnPressed.connect(self._check_only_match)
        self.setTabOrder(self.search, self.list)
        self.setTabOrder(self.list, self.clear_button)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        in_search = self.focusWidget() is self.search
        if event.key() == Qt.Key.Key_Down and in_search:
            self.list.setFocus()
            self.list.setCurrentRow(next((r for r in range(self.list.count()) if not self.list.item(r).isHidden()), 0))
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and in_search:
            return  # the search box's own (returnPressed): not the dialog's default button
        super().keyPressEvent(event)

    def _show_matching(self, text: str) -> None:
        """Only the cards whose name, id, vendor or class holds every word typed (any case)."""
        typed = text.casefold().split()
        for row in range(self.list.count()):
            item = self.list.item(row)
            found = item.data(Qt.ItemDataRole.UserRole + 1)
            item.setHidden(not all(any(word.startswith(t) for word in found) for t in typed))

    def _check_only_match(self) -> None:
        """Return in the search box with one card left: it is checked (or unchecked), the search cleared."""
        shown = [self.list.item(r) for r in range(self.list.count()) if not self.list.item(r).isHidden()]
        if len(shown) == 1:
            item = shown[0]
            checked = item.checkState() == Qt.CheckState.Checked
            item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)
            self.search.clear()


class CardPicker(QWidget):
    """A button that says which cards the ranking compares ('All cards' when none is named) and opens
    :class:`CardList` to pick them; ``picked`` sends the ids checked, in the order checked."""

    picked = Signal(tuple)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.button = QPushButton()
        self.button.setObjectName("recommend-cards")
        self.button.setToolTip(self._tip(()))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.button)
        self.setFocusProxy(self.button)  # the row's mnemonic (Alt+A) and Tab reach the button
        self.popup = CardList(self)
        self.popup.search.setPlaceholderText(_tc("RecommendationPanel", "Type to search by name, vendor or class"))
        self.popup.clear_button.setText(_tc("RecommendationPanel", "All cards"))
        self.popup.clear_button.clicked.connect(lambda: self.set_picked(()) or self.picked.emit(()))
        self.popup.list.itemChanged.connect(lambda _item: self._send())
        self.button.clicked.connect(self.open_list)
        self._ids: tuple[str, ...] = ()
        self._names: dict[str, str] = {}
        self.set_catalog(catalog)

    def set_catalog(self, catalog: Catalog) -> None:
        """One checkable row per card of ``catalog`` (its name in the interface language, its class as the ranking
        names it: :func:`~configurator.core.view.card_classes_view.class_label`); the cards named before kept where
        the catalog still has them."""
        language = current_language()
        self._names = {card.id: card_name(card.name, language) for card in catalog.cards}
        listed = self.popup.list
        listed.blockSignals(True)
        listed.clear()
        for card in catalog.cards:  # its class as the ranking's table says it, 'also …' too (it said the class alone)
            item = QListWidgetItem(f"{self._names[card.id]} · {write(class_label(card), language)}")
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable)
            item.setData(Qt.ItemDataRole.UserRole, card.id)
            item.setData(Qt.ItemDataRole.UserRole + 1, search_words(item.text(), card.name, card.id, card.vendor,
                                                                    card.category))
            item.setToolTip(card.id)
            listed.addItem(item)
        listed.blockSignals(False)
        self.set_picked(tuple(i for i in self._ids if i in self._names))
        listed.setMinimumWidth(listed.sizeHintForColumn(0) + 2 * listed.frameWidth() + 24)
        listed.setFixedHeight(LIST_ROWS * max(listed.sizeHintForRow(0), 1) + 2 * listed.frameWidth())

    def ids(self) -> tuple[str, ...]:
        """The cards checked, by catalog id, in the order they were checked (as ``--cards`` keeps the order
        given; empty: every card)."""
        listed = self.popup.list
        checked = [listed.item(r).data(Qt.ItemDataRole.UserRole) for r in range(listed.count())
                   if listed.item(r).checkState() == Qt.CheckState.Checked]
        return (*(i for i in self._ids if i in checked), *(i for i in checked if i not in self._ids))

    def item_of(self, card_id: str) -> QListWidgetItem | None:
        """The list's row of ``card_id`` (None where the catalog lacks it)."""
        listed = self.popup.list
        return next((listed.item(r) for r in range(listed.count())
                     if listed.item(r).data(Qt.ItemDataRole.UserRole) == card_id), None)

    def set_picked(self, card_ids: tuple[str, ...]) -> None:
        """Show ``card_ids`` checked (the others not), without sending them."""
        listed = self.popup.list
        listed.blockSignals(True)
        for r in range(listed.count()):
            item = listed.item(r)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) in card_ids
                               else Qt.CheckState.Unchecked)
        listed.blockSignals(False)
        self._show_ids(tuple(i for i in card_ids if i in self._names))

    def open_list(self) -> None:
        """Open the list under the button, the search box focused."""
        self.popup.setWindowTitle(_tc("RecommendationPanel", "Cards to compare"))
        self.popup.adjustSize()
        self.popup.move(self.button.mapToGlobal(self.button.rect().bottomLeft()))
        self.popup.show()
        self.popup.activateWindow()
        self.popup.search.setFocus()

    def _send(self) -> None:
        self._show_ids(self.ids())
        self.picked.emit(self._ids)

    def _show_ids(self, card_ids: tuple[str, ...]) -> None:
        """The button's text: 'All cards', else how many are checked and their names ('3 cards: H20 96GB …',
        elided to a choice box's width; whole in its tooltip and the sentence under the ranking)."""
        self._ids = card_ids
        names = [self._names.get(i, i) for i in card_ids]
        joined = words(current_language()).label(", ").join(names)
        counted = self.tr("%n card(s): {names}", "", len(names))
        text = _tc("RecommendationPanel", "All cards") if not names else joined if len(names) == 1 \
            else counted.format(names=joined)
        metrics = self.button.fontMetrics()
        self.button.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight,
                                               COMBO_CHARS * metrics.averageCharWidth()))
        self.button.setToolTip(self._tip(names))

    @staticmethod
    def _tip(names) -> str:
        tip = _tc("RecommendationPanel", "Only the cards checked are ranked, whatever their class (consumer cards "
                                         "too); none checked: every card of the workload's classes")
        return tip + ("\n" + "\n".join(names) if names else "")
