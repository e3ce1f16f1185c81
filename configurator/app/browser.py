"""Card browser: the whole catalog as a sortable, filterable table with details and compare (its
columns in :mod:`~configurator.app.browser_columns`, the comparison in
:mod:`~configurator.app.browser_compare`)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from configurator.app.browser_columns import catalog_columns
from configurator.app.browser_compare import ComparisonDialog
from configurator.app.browser_details import card_details_html
from configurator.app.browser_sizes import NAME_COLUMN_CHARS, ContentSizes  # noqa: F401  (the browser's name)
from configurator.app.browser_prices import (  # noqa: F401  (ranked_price_text, ranked_price_tip: the browser's names)
    PRICE_COLUMN,
    PriceTerms,
    column_like,
    cell_tip,
    ranked_price_text,
    ranked_price_tip,
)
from configurator.app.column_fit import tab_leaves
from configurator.app.controller import ScenarioController
from configurator.app.labels import CLASS_COLOURS, class_names
from configurator.core.catalog import FRAMEWORKS, Card, Catalog
from configurator.core.software import runs_software
from configurator.core.units import Precision
from configurator.core.view.card_names import card_name
from configurator.core.view.card_view import FRAMEWORK_NAMES
from configurator.core.view.rows import label
from configurator.app.i18n import current_language, message_text
from configurator.app.inputs import StrictDoubleSpinBox

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
CARD_ROLE = Qt.ItemDataRole.UserRole + 2
_ROLES = frozenset((Qt.ItemDataRole.DisplayRole, SORT_ROLE, CARD_ROLE, Qt.ItemDataRole.ForegroundRole,
                    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.DecorationRole))


class CatalogTableModel(QAbstractTableModel):
    """The catalog's cards as table rows."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cards: list[Card] = list(catalog.cards)
        self.terms = PriceTerms()
        """What the price column is shown on (:meth:`set_terms`): a used card's price where the buyer
        takes used cards and the card has no other, labelled used; the scenario's currency."""
        self._columns = catalog_columns(lambda: self.terms)
        self._texts: dict[tuple[int, int], str] = {}  # each cell's text written once (:meth:`text`)

    @property
    def accept_used(self) -> bool:
        """The buyer takes used cards (the scenario's ``economics.accept_used``)."""
        return self.terms.accept_used

    def set_accept_used(self, accept_used: bool) -> None:
        """Whether the buyer takes used cards; the price column shown again where it changes."""
        self.set_terms(accept_used, self.terms.economics)

    def set_terms(self, accept_used: bool, economics) -> None:
        """Whether the buyer takes used cards and the scenario's money (``Economics``: its currency
        and rate; None: as quoted); the price column shown again where they change."""
        terms = column_like(self._cards, PriceTerms(accept_used, economics))
        if terms == self.terms:
            return
        self.terms = terms
        self._texts = {cell: text for cell, text in self._texts.items() if cell[1] != PRICE_COLUMN}
        if self._cards:
            self.dataChanged.emit(self.index(0, PRICE_COLUMN), self.index(len(self._cards) - 1, PRICE_COLUMN))

    def set_catalog(self, catalog: Catalog) -> None:
        self.beginResetModel()
        self._cards = list(catalog.cards)
        self.terms = column_like(self._cards, self.terms)
        self._texts.clear()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._cards)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._columns[section][0]
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if role not in _ROLES or not index.isValid():  # most asks (font, alignment, size…) answered at once
            return None
        card = self._cards[index.row()]
        header, sort_value, shown = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(index.row(), index.column())
        if role == SORT_ROLE:
            return sort_value(card)
        if role == CARD_ROLE:
            return card
        if role == Qt.ItemDataRole.ForegroundRole and card.confidence == "low":
            return QBrush(QColor("#a05a00"))
        if role == Qt.ItemDataRole.ToolTipRole:
            return cell_tip(card, header, terms=self.terms)
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 2:
            return QColor(CLASS_COLOURS[card.category])
        return None

    def text(self, row: int, column: int) -> str:
        """The cell's shown text, written once (painting and sizing ask again and again)."""
        key = (row, column)
        if key not in self._texts:
            self._texts[key] = self._columns[column][2](self._cards[row])
        return self._texts[key]

    def card(self, row: int) -> Card:
        return self._cards[row]


class CatalogFilter(QSortFilterProxyModel):
    """Filters by text, class, vendor, memory, precision support and card-to-card link."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.text, self.card_class, self.vendor = "", "", ""
        self.min_memory_gb = 0.0
        self.precision: Precision | None = None
        self.fast_link_only = False
        self.framework = ""

    def set_filter(self, **values) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.10+; invalidateFilter() is deprecated there
            self.beginFilterChange()
            for key, value in values.items():
                setattr(self, key, value)
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
            return
        for key, value in values.items():
            setattr(self, key, value)
        self.invalidateFilter()

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:  # noqa: N802
        card: Card = self.sourceModel().card(row)
        text = self.text.lower()
        names = f"{card.id} {card.name} {card_name(card.name, 'zh_CN')} {card.vendor} {label(card.vendor, 'zh_CN')}"
        return (
            (not text or text in names.lower())
            and (not self.card_class or card.positioned_for((self.card_class,)))
            and (not self.vendor or card.vendor == self.vendor)
            and card.memory_gb >= self.min_memory_gb
            and (self.precision is None or card.supports(self.precision))
            and (not self.fast_link_only or card.has_fast_link)
            and (not self.framework or runs_software(card, (self.framework,)))
        )


class CardBrowser(QDialog):
    """The catalog window. Selecting 2–4 cards and pressing Compare shows them side by side."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Card browser"))
        self.resize(1200, 700)
        self.controller = controller
        self.model = CatalogTableModel(controller.catalog, self)
        self.model.set_terms(controller.scenario.economics.accept_used, controller.scenario.economics)
        self.proxy = CatalogFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = tab_leaves(QTableView())
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.sizes = ContentSizes(self.table)  # every column to its widest text, the names wrapped within
        # NAME_COLUMN_CHARS, so that the price stands in view at the default size: the longest names ("GH200
        # Grace Hopper Superchip 144 GB HBM3e (per Hopper GPU)") pushed it past the table's edge (session 43)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.details = QTextBrowser()
        self.details.setOpenExternalLinks(False)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.details)
        splitter.setSizes([800, 400])
        layout = QVBoxLayout(self)
        layout.addLayout(self._filters())
        layout.addWidget(splitter, 1)
        layout.addLayout(self._buttons())
        controller.catalog_changed.connect(self._on_catalog_changed)
        controller.scenario_changed.connect(self._on_scenario_changed)  # a method: gone with the browser
        self._show_refusals(controller.catalog)

    def _on_scenario_changed(self, scenario) -> None:
        """The buyer's taking used cards or not (``economics.accept_used``, the editor's check box) and
        the scenario's currency and rate shown in the price column and the selected card's page."""
        before = self.model.terms
        self.model.set_terms(scenario.economics.accept_used, scenario.economics)
        if self.model.terms != before:
            self._on_selection()

    def _show_refusals(self, catalog: Catalog) -> None:
        """The user's entries refused because they would replace the truth (a card with a bundled
        card's id, a price dated after today), in the window's language."""
        texts = [message_text(m) for m in catalog.refusals]
        self.status.setText("\n".join(texts))
        self.status.setToolTip("\n".join(texts))

    def _filters(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search name, vendor, id"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda text: self.proxy.set_filter(text=text))
        self.class_filter = QComboBox()
        self.class_filter.addItem(self.tr("All classes"), "")
        for key, name in class_names().items():
            self.class_filter.addItem(name, key)
        self.class_filter.currentIndexChanged.connect(
            lambda i: self.proxy.set_filter(card_class=self.class_filter.itemData(i)))
        self.vendor_filter = QComboBox()
        self._fill_vendors()
        self.vendor_filter.currentIndexChanged.connect(
            lambda i: self.proxy.set_filter(vendor=self.vendor_filter.itemData(i)))
        self.memory_filter = StrictDoubleSpinBox()
        self.memory_filter.trimmed = True  # "80 GB or more", not "80.00"
        self.memory_filter.setRange(0, 1000)
        self.memory_filter.setSuffix(self.tr(" GB or more"))
        self.memory_filter.setSpecialValueText(self.tr("Any memory"))
        self.memory_filter.valueChanged.connect(lambda v: self.proxy.set_filter(min_memory_gb=v))
        self.precision_filter = QComboBox()
        self.precision_filter.addItem(self.tr("Any precision"), "")
        for p in Precision:
            self.precision_filter.addItem(self.tr("Has {0}").format(p.value.upper()), p)
        self.precision_filter.currentIndexChanged.connect(
            lambda i: self.proxy.set_filter(precision=self.precision_filter.itemData(i) or None))
        self.link_filter = QCheckBox(self.tr("Card-to-card link (NVLink etc.)"))
        self.link_filter.toggled.connect(lambda on: self.proxy.set_filter(fast_link_only=on))
        self.software_filter = QComboBox()
        self.software_filter.addItem(self.tr("Any software"), "")
        for framework in FRAMEWORKS:
            self.software_filter.addItem(self.tr("Runs {0}").format(FRAMEWORK_NAMES[framework]), framework)
        self.software_filter.setToolTip(self.tr("Only cards whose software stack runs this framework (fully or in part)"))
        self.software_filter.currentIndexChanged.connect(
            lambda i: self.proxy.set_filter(framework=self.software_filter.itemData(i)))
        for widget in (self.search, self.class_filter, self.vendor_filter, self.memory_filter,
                       self.precision_filter, self.software_filter, self.link_filter):
            row.addWidget(widget)
        return row

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.use_button = QPushButton(self.tr("&Use this card"))
        self.use_button.clicked.connect(self._use_card)
        self.compare_button = QPushButton(self.tr("&Compare selected (2–4)"))
        self.compare_button.clicked.connect(self.compare_selected)
        self.add_button = QPushButton(self.tr("&Add or edit my card…"))
        self.add_button.clicked.connect(self._edit_card)
        self.price_button = QPushButton(self.tr("Add a &price…"))
        self.price_button.clicked.connect(self._add_price)
        self.status = QLabel()
        for widget in (self.use_button, self.compare_button, self.add_button, self.price_button):
            row.addWidget(widget)
        row.addWidget(self.status, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row.addWidget(close)
        self._on_selection()
        return row

    def _fill_vendors(self) -> None:
        self.vendor_filter.blockSignals(True)
        self.vendor_filter.clear()
        self.vendor_filter.addItem(self.tr("All vendors"), "")
        for vendor in sorted({c.vendor for c in self.controller.catalog.cards}):
            self.vendor_filter.addItem(label(vendor, current_language()), vendor)
        self.vendor_filter.blockSignals(False)

    def selected_cards(self) -> list[Card]:
        rows = sorted({self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()})
        return [self.model.card(r) for r in rows]

    def select_ids(self, card_ids: list[str]) -> None:
        """Select the rows of these cards (used by keyboard users' scripts and tests)."""
        selection = self.table.selectionModel()
        selection.clearSelection()
        for row in range(self.proxy.rowCount()):
            card = self.proxy.index(row, 0).data(CARD_ROLE)
            if card.id in card_ids:
                selection.select(self.proxy.index(row, 0),
                                 selection.SelectionFlag.Select | selection.SelectionFlag.Rows)

    def _on_selection(self, *_) -> None:
        cards = self.selected_cards() if hasattr(self, "table") else []
        if cards:
            self.details.setHtml(card_details_html(cards[-1], self.model.accept_used, self.model.terms.economics))
        self.use_button.setEnabled(len(cards) == 1)
        self.compare_button.setEnabled(2 <= len(cards) <= 4)

    def _use_card(self) -> None:
        cards = self.selected_cards()
        if len(cards) == 1:
            self.controller.apply("card_id", cards[0].id)

    def compare_selected(self) -> ComparisonDialog | None:
        cards = self.selected_cards()
        if not 2 <= len(cards) <= 4:
            self.status.setText(self.tr("Select two to four cards to compare"))
            return None
        self.controller.set_compared([c.id for c in cards])
        dialog = ComparisonDialog(self.controller, cards, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # each comparison is a new window
        dialog.show()
        return dialog

    def _edit_card(self) -> None:
        from configurator.app.card_dialog import CardDialog

        selected = self.selected_cards()
        dialog = CardDialog(self.controller, selected[0] if selected else None, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exec()

    def _add_price(self) -> None:
        from configurator.app.card_dialog import PriceDialog

        selected = self.selected_cards()
        if len(selected) != 1:
            self.status.setText(self.tr("Select one card to add a price to"))
            return
        dialog = PriceDialog(self.controller, selected[0], self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exec()

    def _on_catalog_changed(self, catalog: Catalog) -> None:
        self.model.set_catalog(catalog)
        self._fill_vendors()
        self._show_refusals(catalog)
