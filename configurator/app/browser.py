"""Card browser: the whole catalog as a sortable, filterable table with details and compare."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from configurator.app import format as fmt
from configurator.app.browser_details import card_details_html
from configurator.app.browser_sizes import NAME_COLUMN_CHARS, ContentSizes  # noqa: F401  (the browser's name)
from configurator.app.browser_prices import (  # noqa: F401  (ranked_price_text, ranked_price_tip: the browser's names)
    PRICE_COLUMN,
    PriceTerms,
    card_name_text,
    column_like,
    cell_tip,
    price_column,
    ranked_price_text,
    ranked_price_tip,
)
from configurator.app.controller import ScenarioController
from configurator.app.labels import CLASS_COLOURS, class_names, named, vgpu_names
from configurator.core.catalog import FRAMEWORKS, Card, Catalog
from configurator.core.estimate import estimate
from configurator.core.software import runs_software
from configurator.core.units import Precision
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.card_names import card_name
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.names import model_name
from configurator.core.view.card_view import (
    CONFIDENCE,
    EXPORT,
    FRAMEWORK_NAMES,
    LINKS,
    card_view,
    rate_unit,
)
from configurator.core.view.rows import Amount, label, side_by_side, write
from configurator.core.view.family_view import view_of
from configurator.app.i18n import current_language, message_text
from configurator.app.inputs import StrictDoubleSpinBox
from configurator.app.i18n import tc as _tc
from configurator.core.procurement import card_price
from configurator.core.procurement.card_price import price_entry

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
CARD_ROLE = Qt.ItemDataRole.UserRole + 2
_ROLES = frozenset((Qt.ItemDataRole.DisplayRole, SORT_ROLE, CARD_ROLE, Qt.ItemDataRole.ForegroundRole,
                    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.DecorationRole))


def export_names() -> dict[str | None, str]:
    """The US export status for mainland China (the card view's words), '—' where not rated."""
    return {**named(EXPORT), None: "—"}


def confidence_names() -> dict[str | None, str]:
    """How far a card's specifications or a price can be trusted (the card view's words)."""
    return named(CONFIDENCE)


def stack_text(card: Card) -> str:
    """'CUDA — 13.x (sm_90)' (the stack and its version in the window's language) or '—'."""
    sw = card.software
    if sw is None:
        return "—"
    stack = label(sw.stack, current_language())
    return f"{stack} — {label(sw.version, current_language())}" if sw.version else stack


def china_text(card: Card) -> str:
    return export_names()[card.export_control.china if card.export_control else None]


def price_confidence_text(card: Card, accept_used: bool = False) -> str:
    """Confidence of the purchase and cloud prices the estimate uses, or the price note's absence
    (``accept_used``: the buyer takes used cards, so a used card's price may be the purchase price)."""
    names = confidence_names()
    bought = card_price.bought_purchase_price(card, accept_used)
    parts = [f"{basis}: {names[p.confidence]}" for basis, p in
             ((_tc("browser", "purchase"), bought.entry if bought else None),
              (_tc("browser", "cloud"), price_entry(card, "cloud-hourly")))
             if p is not None]
    return ", ".join(parts) or _tc("browser", "no price")


def _columns(terms: Callable[[], PriceTerms] = PriceTerms
             ) -> list[tuple[str, Callable[[Card], object], Callable[[Card], str]]]:
    """(header, sort value, shown text) per column; ``terms``: what the price column is shown on now
    (whether the buyer takes used cards, the scenario's currency: :func:`ranked_price_text`)."""
    def num(getter, unit: str = ""):
        def shown(card: Card) -> str:  # a whole spec number whole: "24", not "24.0" above "128" (GB)
            value = getter(card)
            text = fmt.whole(value) if value is not None and float(value).is_integer() else fmt.significant(value)
            return "—" if value is None else f"{text}{unit}"
        return shown

    links = named(LINKS)
    columns = [
        (_tc("browser", "Card"), lambda c: c.name, card_name_text),
        (_tc("browser", "Vendor"), lambda c: c.vendor, lambda c: label(c.vendor, current_language())),  # 华为昇腾
        (_tc("browser", "Class"), lambda c: c.category, lambda c: write(class_label(c), current_language())),
        (_tc("browser", "Memory [GB]"), lambda c: c.memory_gb, num(lambda c: c.memory_gb)),
        (_tc("browser", "Bandwidth [GB/s]"), lambda c: c.bandwidth_gbps or 0, num(lambda c: c.bandwidth_gbps)),
        (_tc("browser", "BF16 [TFLOP/s]"), lambda c: c.bf16_tflops or 0, num(lambda c: c.bf16_tflops)),
        (_tc("browser", "FP8 [TFLOP/s]"), lambda c: c.fp8_tflops or 0, num(lambda c: c.fp8_tflops)),
        (_tc("browser", "INT8 [TOPS]"), lambda c: c.int8_tops or 0, num(lambda c: c.int8_tops)),
        (_tc("browser", "FP4 [TFLOP/s]"), lambda c: c.fp4_tflops or 0, num(lambda c: c.fp4_tflops)),
        (_tc("browser", "Board power [W]"), lambda c: c.tdp_w or 0, num(lambda c: c.tdp_w)),
        (_tc("browser", "FP32 [TFLOP/s]"), lambda c: c.fp32_tflops or 0, num(lambda c: c.fp32_tflops)),
        (_tc("browser", "NVENC"), lambda c: c.video.nvenc or 0, num(lambda c: c.video.nvenc)),
        (_tc("browser", "RT cores"), lambda c: c.rt_cores or 0, num(lambda c: c.rt_cores)),
        (_tc("browser", "vGPU"), lambda c: c.vgpu or "", lambda c: vgpu_names().get(c.vgpu, "—")),
        (_tc("browser", "Card link"), lambda c: c.interconnect.link,
         lambda c: links.get(c.interconnect.link, c.interconnect.link)),
        (_tc("browser", "Link [GB/s]"), lambda c: c.interconnect.link_gbps or 0,
         num(lambda c: c.interconnect.link_gbps)),
        (_tc("browser", "Year"), lambda c: c.year or 0, lambda c: str(c.year or "—")),
        (_tc("browser", "Confidence"), lambda c: c.confidence, lambda c: confidence_names()[c.confidence]),
        (_tc("browser", "Software stack"), lambda c: c.software.stack if c.software else "",
         lambda c: label(c.software.stack, current_language()) if c.software else "—"),
        (_tc("browser", "Export to China"), lambda c: c.export_control.china if c.export_control else "", china_text),
    ]
    columns.insert(PRICE_COLUMN, price_column(terms))
    return columns


class CatalogTableModel(QAbstractTableModel):
    """The catalog's cards as table rows."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cards: list[Card] = list(catalog.cards)
        self.terms = PriceTerms()
        """What the price column is shown on (:meth:`set_terms`): a used card's price where the buyer
        takes used cards and the card has no other, labelled used; the scenario's currency."""
        self._columns = _columns(lambda: self.terms)
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
        self.table = QTableView()
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


class ComparisonDialog(QDialog):
    """Specs and, for the current scenario, memory/speed/cost of 2–4 cards side by side.

    The cards' estimates and the rows' texts are worked out on a worker thread (cold, three planned
    training estimates were 30-45 ms of the GUI thread in the click's pass, the rows' texts 20 ms more,
    issue 28; Qt's translate is thread-safe): the dialog opens at once with the cards' names and a
    line saying so, and its rows are filled when they arrive."""

    def __init__(self, controller: ScenarioController, cards: list[Card], parent: QWidget | None = None) -> None:
        from configurator.app.worker import LatestJob, show_busy

        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare cards"))
        self.resize(900, 600)
        scenario = controller.scenario
        self.table = QTableWidget(0, len(cards))
        self.table.setHorizontalHeaderLabels([card_name(c.name, current_language()) for c in cards])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("For the current scenario: {cards} each, {model}").format(
            cards=self.tr("%n card(s)", "", scenario.count), model=model_name(scenario.model.name))))
        self.busy_label = QLabel()
        self.busy_label.setStyleSheet("color: #555;")
        layout.addWidget(self.busy_label)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._job = LatestJob(self)
        self._job.busy_changed.connect(lambda busy: show_busy(
            self.busy_label, self.table, self.tr("Working out each card for this scenario…"), busy))
        self._job.busy_changed.connect(self.busy_label.setVisible)  # no empty line over the rows after
        self._job.finished.connect(self._fill)
        self._job.failed.connect(self._on_failed)
        self._job.submit(lambda _context: comparison_rows([estimate(scenario, card) for card in cards]))

    @property
    def busy(self) -> bool:
        """The cards' estimates are still being worked out."""
        return self._job.busy

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Process events until the rows are filled (tests; False on timeout)."""
        return self._job.wait(timeout_ms)

    def _fill(self, rows: list[tuple[str, list[str]]]) -> None:
        """The rows (:func:`comparison_rows`): a label and each card's value."""
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_, values) in enumerate(rows):
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)  # a long value (latency percentiles with their range) in full
                self.table.setItem(r, c, item)
        # rows as high as their contents, measured once filled: measured as each label and cell came
        # (the mode set first), the filling was 20-45 ms of the GUI thread rather than 1-7 ms
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _on_failed(self, error: Exception) -> None:
        from configurator.app.error_boundary import report

        report(error, "ComparisonDialog", self.tr("Comparing the cards"))


def video_engines_text(card: Card) -> str:
    """'3 NVENC / 3 NVDEC', with '—' for a count that is not verified."""
    v = card.video
    return f"{'—' if v.nvenc is None else v.nvenc} NVENC / {'—' if v.nvdec is None else v.nvdec} NVDEC"


def _card_rows(estimates, keys: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """Rows of the cards' views (the details pane's labels and values) for these keys, side by side."""
    language = current_language()
    views = [{row.key: row for section in card_view(e.card, e.scenario.economics.accept_used,
                                                     e.scenario.economics).sections for row in section.rows}
             for e in estimates]
    return [(label(views[0][key].label, language), [write(view[key].value, language) for view in views])
            for key in keys]


def _board_power(estimates) -> list[tuple[str, list[str]]]:
    """Each card's board power, named apart from the deployment's board power below it."""
    return [(_tc("browser", "Board power per card"),
             [write(Amount(e.card.tdp_w, "W"), current_language()) for e in estimates])]


def _buying(estimates) -> list[tuple[str, list[str]]]:
    """How far the prices can be trusted and whether the card can be delivered to China."""
    return [(_tc("browser", "Price confidence"),
             [price_confidence_text(e.card, e.scenario.economics.accept_used) for e in estimates]),
            (_tc("browser", "Export to China"), [china_text(e.card) for e in estimates])]


def _graphics_specs(estimates) -> list[tuple[str, list[str]]]:
    """The graphics specs of each card: FP32 shading, the video engines' counts, vGPU, outputs, ECC."""
    return (_card_rows(estimates, ("category", "memory_gb", "fp32_tflops"))
            + [(_tc("browser", "Video engines"), [video_engines_text(e.card) for e in estimates])]
            + _card_rows(estimates, ("av1_encode", "rt_cores", "vgpu", "display_outputs", "ecc"))
            + _board_power(estimates) + _buying(estimates))


def _compute_specs(estimates) -> list[tuple[str, list[str]]]:
    """The compute specs of each card, its peak at the estimate's precision."""
    language = current_language()
    peak = [write(Amount(e.card.peak_tflops(e.plan.math), rate_unit(e.plan.math)) if e.plan.math else None,
                  language) for e in estimates]
    return (_card_rows(estimates, ("category", "memory_gb", "bandwidth_gbps"))
            + [(_tc("browser", "Peak at this precision"), peak)] + _board_power(estimates)
            + _card_rows(estimates, ("link",))
            + [(_tc("browser", "Confidence"), [confidence_names()[e.card.confidence] for e in estimates]),
               (_tc("browser", "Software stack"), [stack_text(e.card) for e in estimates])]
            + _buying(estimates))


SPECS = {"compute": _compute_specs, "graphics": _graphics_specs}
"""The card specs that matter to each kind of work (the family view's ``card_specs``)."""


def comparison_rows(estimates) -> list[tuple[str, list[str]]]:
    """Rows of the comparison table: the specs the work needs, then this scenario's key numbers on
    each card (the estimates' view models side by side, as the results panel words them)."""
    if not estimates:
        return []
    specs = SPECS[view_of(estimates[0].scenario.workload).card_specs](estimates)
    return specs + side_by_side([estimate_view(e) for e in estimates], current_language())
