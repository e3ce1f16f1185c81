"""Card browser: the whole catalog as a sortable, filterable table with details and compare."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
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
from configurator.app.controller import ScenarioController
from configurator.app.labels import CLASS_COLOURS, class_names, vgpu_names
from configurator.core.catalog import FRAMEWORKS, Card, Catalog
from configurator.core.estimate import estimate
from configurator.core.export_control import card_classification
from configurator.core.software import runs_software
from configurator.core.units import Precision
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import side_by_side
from configurator.core.workloads import family_of
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
CARD_ROLE = Qt.ItemDataRole.UserRole + 2




def export_names() -> dict[str | None, str]:
    return {"licence-required": _tc("browser", "licence required"), "not-permitted": _tc("browser", "not permitted"),
            "permitted": _tc("browser", "permitted"), "unknown": _tc("browser", "unknown"), None: "—"}


def support_names() -> dict[str, str]:
    return {"supported": _tc("browser", "supported"), "partial": _tc("browser", "partial"),
            "none": _tc("browser", "none")}


def confidence_names() -> dict[str | None, str]:
    return {"high": _tc("browser", "high"), "medium": _tc("browser", "medium"), "low": _tc("browser", "low"),
            "preliminary": _tc("browser", "preliminary"), None: _tc("browser", "not rated")}


def stack_text(card: Card) -> str:
    """'CUDA 13.x (sm_90)' or '—'."""
    sw = card.software
    return "—" if sw is None else f"{sw.stack}{f' — {sw.version}' if sw.version else ''}"


def china_text(card: Card) -> str:
    return export_names()[card.export_control.china if card.export_control else None]


def price_confidence_text(card: Card) -> str:
    """Confidence of the purchase and cloud prices the estimate uses, or the price note's absence."""
    names = confidence_names()
    parts = [f"{label}: {names[p.confidence]}" for label, p in
             ((_tc("browser", "purchase"), card.purchase_price), (_tc("browser", "cloud"), card.price("cloud-hourly")))
             if p is not None]
    return ", ".join(parts) or _tc("browser", "no price")


def _columns() -> list[tuple[str, Callable[[Card], object], Callable[[Card], str]]]:
    """(header, sort value, shown text) per column."""
    def num(getter, unit: str = ""):
        def shown(card: Card) -> str:
            value = getter(card)
            return "—" if value is None else f"{fmt.significant(value)}{unit}"
        return shown

    names = class_names()
    return [
        (_tc("browser", "Card"), lambda c: c.name, lambda c: c.name),
        (_tc("browser", "Vendor"), lambda c: c.vendor, lambda c: c.vendor),
        (_tc("browser", "Class"), lambda c: c.category, lambda c: names[c.category]),
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
        (_tc("browser", "Card link"), lambda c: c.interconnect.link, lambda c: c.interconnect.link),
        (_tc("browser", "Link [GB/s]"), lambda c: c.interconnect.link_gbps or 0,
         num(lambda c: c.interconnect.link_gbps)),
        (_tc("browser", "Year"), lambda c: c.year or 0, lambda c: str(c.year or "—")),
        (_tc("browser", "Confidence"), lambda c: c.confidence, lambda c: confidence_names()[c.confidence]),
        (_tc("browser", "Software stack"), lambda c: c.software.stack if c.software else "",
         lambda c: c.software.stack if c.software else "—"),
        (_tc("browser", "Export to China"), lambda c: c.export_control.china if c.export_control else "", china_text),
    ]


class CatalogTableModel(QAbstractTableModel):
    """The catalog's cards as table rows."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cards: list[Card] = list(catalog.cards)
        self._columns = _columns()

    def set_catalog(self, catalog: Catalog) -> None:
        self.beginResetModel()
        self._cards = list(catalog.cards)
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
        if not index.isValid():
            return None
        card = self._cards[index.row()]
        header, sort_value, shown = self._columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return shown(card)
        if role == SORT_ROLE:
            return sort_value(card)
        if role == CARD_ROLE:
            return card
        if role == Qt.ItemDataRole.ForegroundRole and card.confidence == "low":
            return QBrush(QColor("#a05a00"))
        if role == Qt.ItemDataRole.ToolTipRole and card.confidence == "low":
            return _tc("browser", "Low confidence: check a vendor datasheet before buying")
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 2:
            return QColor(CLASS_COLOURS[card.category])
        return None

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
        return (
            (not text or text in f"{card.id} {card.name} {card.vendor}".lower())
            and (not self.card_class or card.category == self.card_class)
            and (not self.vendor or card.vendor == self.vendor)
            and card.memory_gb >= self.min_memory_gb
            and (self.precision is None or card.supports(self.precision))
            and (not self.fast_link_only or card.has_fast_link)
            and (not self.framework or runs_software(card, (self.framework,)))
        )


def card_details_html(card: Card) -> str:
    """Every spec of a card with its sources, prices and confidence, as HTML."""
    e = html.escape
    ic = card.interconnect
    rates = [(p.value.upper(), card.peak_tflops(p)) for p in Precision]
    rows = [
        (_tc("browser", "Vendor"), card.vendor), (_tc("browser", "Class"), class_names()[card.category]),
        (_tc("browser", "Architecture"), card.architecture or "—"), (_tc("browser", "Year"), card.year or "—"),
        (_tc("browser", "Form factor"), card.form_factor or "—"),
        (_tc("browser", "Memory"), f"{card.memory_gb:g} GB {card.memory_type or ''}"),
        (_tc("browser", "Usable memory"),
         f"{card.usable_memory_gib:g} GiB (measured)" if card.usable_memory_gib else "—"),
        (_tc("browser", "Bandwidth"), f"{fmt.significant(card.bandwidth_gbps)} GB/s" if card.bandwidth_gbps else "—"),
        (_tc("browser", "Board power"), f"{card.tdp_w:g} W" if card.tdp_w else "—"),
        *[(_tc("browser", "{0} dense").format(name), "—" if v is None else f"{fmt.significant(v)} "
           + ("TOPS" if name.startswith("INT") else "TFLOP/s")) for name, v in rates],
        (_tc("browser", "FP64"), f"{card.fp64_tflops:g} TFLOP/s" if card.fp64_tflops else "—"),
        (_tc("browser", "Card link"), f"{ic.link}, {fmt.significant(ic.link_gbps) + ' GB/s' if ic.link_gbps else '—'}, "
                           f"{ic.domain_size} cards per domain"),
        (_tc("browser", "PCIe"), f"Gen{ic.pcie_gen} x{ic.pcie_lanes}" if ic.pcie_gen else "—"),
        (_tc("browser", "Video engines"), card.video.description or "—"),
        (_tc("browser", "Display outputs"), "—" if card.display_outputs is None else card.display_outputs),
        (_tc("browser", "ECC"), {True: _tc("browser", "yes"), False: _tc("browser", "no"), None: "—"}[card.ecc]),
        (_tc("browser", "Encoder generation"), card.video.nvenc_generation or "—"),
        (_tc("browser", "Decoder generation"), card.video.nvdec_generation or "—"),
        (_tc("browser", "AV1 encode"),
         {True: _tc("browser", "yes"), False: _tc("browser", "no"), None: "—"}[card.video.av1_encode]),
        (_tc("browser", "Ray-tracing cores"), "—" if card.rt_cores is None else card.rt_cores),
        (_tc("browser", "vGPU"), vgpu_names().get(card.vgpu, "—")),
        (_tc("browser", "GPUs per board"), card.gpus_per_board),
    ]
    table = "".join(f"<tr><td><b>{e(str(k))}</b></td><td>{e(str(v))}</td></tr>" for k, v in rows)
    conf = confidence_names()
    # labels outside the f-strings below, where lupdate cannot see them
    confidence_word, none_known = _tc("browser", "confidence"), _tc("browser", "none known")
    titles = {"prices": _tc("browser", "Prices"), "software": _tc("browser", "Software stack"),
              "export": _tc("browser", "Export to China"), "sources": _tc("browser", "Sources"),
              "confidence": _tc("browser", "Confidence")}
    prices = "".join(
        f"<li>{p.amount:,.2f}{f'–{p.amount_high:,.2f}' if p.amount_high else ''} {e(p.currency)} "
        f"({e(p.kind)}, {e(p.date)}; {e(confidence_word)}: {e(conf[p.confidence])}) — {e(p.source)}"
        f"{' — ' + e(p.note) if p.note else ''}</li>"
        for p in sorted(card.prices, key=lambda p: p.date, reverse=True)) or f"<li>{e(none_known)}</li>"
    if card.price_note:
        prices += f"<li><i>{e(card.price_note)}</i></li>"
    sources = "".join(f"<li>{e(s)}</li>" for s in card.sources)
    confidence = card.confidence
    low = _tc("browser", "Low confidence: check a vendor datasheet before buying")
    warn = f"<p style='color:#a05a00'><b>{e(low)}</b>" \
           f"</p>" if confidence == "low" else ""
    return (f"<h3>{e(card.name)} <small>[{e(card.id)}]</small></h3>{warn}<table>{table}</table>"
            f"<h4>{e(titles['prices'])}</h4><ul>{prices}</ul>"
            f"<h4>{e(titles['software'])}: {e(stack_text(card))}</h4>{_software_html(card)}"
            f"<h4>{e(titles['export'])}: {e(china_text(card))}</h4>{_export_html(card)}"
            f"<h4>{e(titles['sources'])}</h4><ul>{sources}</ul>"
            f"<h4>{e(titles['confidence'])}: {e(conf[confidence])}</h4><p>{e(card.notes or '')}</p>")


def _software_html(card: Card) -> str:
    """One line per framework: its support level, a note and the source."""
    e = html.escape
    sw = card.software
    if sw is None:
        return ""
    names = support_names()
    rows = "".join(
        f"<li><b>{e(name)}</b>: {e(names[entry.status])}{' (' + e(entry.note) + ')' if entry.note else ''}"
        f" — <small>{e(entry.source)}</small></li>"
        for name, entry in ((n, sw.frameworks[n]) for n in FRAMEWORKS))
    return f"<ul>{rows}</ul>" + (f"<p>{e(sw.notes)}</p>" if sw.notes else "")


def _export_html(card: Card) -> str:
    """The rule, date and source of the China status, and the ECCN 3A090 figures computed from the rates."""
    e = html.escape
    tpp, density, paragraph = card_classification(card)
    computed = _tc("browser", "TPP {tpp}, performance density {density} → {paragraph} (computed from the rates)").format(
        tpp="—" if tpp is None else f"{tpp:,.0f}", density="—" if density is None else f"{density:.2f}",
        paragraph=paragraph)
    ec = card.export_control
    if ec is None:
        return f"<p>{e(computed)}</p>"
    note = f"<br>{e(ec.note)}" if ec.note else ""
    return (f"<p>{e(ec.rule)} ({e(ec.date)}){note}<br><small>{e(ec.source)}</small><br>{e(computed)}</p>")


class CardBrowser(QDialog):
    """The catalog window. Selecting 2–4 cards and pressing Compare shows them side by side."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Card browser"))
        self.resize(1200, 700)
        self.controller = controller
        self.model = CatalogTableModel(controller.catalog, self)
        self.proxy = CatalogFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
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
        self.memory_filter = QDoubleSpinBox()
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
            self.software_filter.addItem(self.tr("Runs {0}").format(framework), framework)
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
            self.vendor_filter.addItem(vendor, vendor)
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
            self.details.setHtml(card_details_html(cards[-1]))
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


class ComparisonDialog(QDialog):
    """Specs and, for the current scenario, memory/speed/cost of 2–4 cards side by side."""

    def __init__(self, controller: ScenarioController, cards: list[Card], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare cards"))
        self.resize(900, 600)
        scenario = controller.scenario
        estimates = [estimate(scenario, card) for card in cards]
        rows = comparison_rows(estimates)
        self.table = QTableWidget(len(rows), len(cards))
        self.table.setHorizontalHeaderLabels([c.name for c in cards])
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_, values) in enumerate(rows):
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)  # a long value (latency percentiles with their range) in full
                self.table.setItem(r, c, item)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("For the current scenario: {cards} each, {model}").format(
            cards=self.tr("%n card(s)", "", scenario.count), model=scenario.model.name)))
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def video_engines_text(card: Card) -> str:
    """'3 NVENC / 3 NVDEC', with '—' for a count that is not verified."""
    v = card.video
    return f"{'—' if v.nvenc is None else v.nvenc} NVENC / {'—' if v.nvdec is None else v.nvdec} NVDEC"


def _graphics_specs(estimates) -> list[tuple[str, list[str]]]:
    """The graphics specs of each card."""
    def each(fn):
        return [fn(e) for e in estimates]

    yes_no = {True: _tc("browser", "yes"), False: _tc("browser", "no"), None: "—"}
    return [
        (_tc("browser", "Class"), each(lambda e: class_names()[e.card.category])),
        (_tc("browser", "Memory"), each(lambda e: f"{e.card.memory_gb:g} GB")),
        (_tc("browser", "FP32 [TFLOP/s]"), each(lambda e: fmt.significant(e.card.fp32_tflops or 0))),
        (_tc("browser", "Video engines"), each(lambda e: video_engines_text(e.card))),
        (_tc("browser", "AV1 encode"), each(lambda e: yes_no[e.card.video.av1_encode])),
        (_tc("browser", "Ray-tracing cores"), each(lambda e: "—" if e.card.rt_cores is None else str(e.card.rt_cores))),
        (_tc("browser", "vGPU"), each(lambda e: vgpu_names().get(e.card.vgpu, "—"))),
        (_tc("browser", "Display outputs"), each(lambda e: "—" if e.card.display_outputs is None
                                                 else str(e.card.display_outputs))),
        (_tc("browser", "ECC"), each(lambda e: yes_no[e.card.ecc])),
        (_tc("browser", "Board power per card"), each(lambda e: fmt.watts(e.card.tdp_w))),
        (_tc("browser", "Price confidence"), each(lambda e: price_confidence_text(e.card))),
        (_tc("browser", "Export to China"), each(lambda e: china_text(e.card))),
    ]


def _compute_specs(estimates) -> list[tuple[str, list[str]]]:
    """The compute specs of each card, its peak at the estimate's precision."""
    def each(fn):
        return [fn(e) for e in estimates]

    return [
        (_tc("browser", "Class"), each(lambda e: class_names()[e.card.category])),
        (_tc("browser", "Memory"), each(lambda e: f"{e.card.memory_gb:g} GB")),
        (_tc("browser", "Bandwidth"), each(lambda e: f"{fmt.significant(e.card.bandwidth_gbps or 0)} GB/s")),
        (_tc("browser", "Peak at this precision"), each(
            lambda e: f"{fmt.significant(e.card.peak_tflops(e.plan.math) or 0)} TFLOP/s" if e.plan.math else "—")),
        (_tc("browser", "Board power per card"), each(lambda e: fmt.watts(e.card.tdp_w))),
        (_tc("browser", "Card link"), each(lambda e: e.card.interconnect.link)),
        (_tc("browser", "Confidence"), each(lambda e: confidence_names()[e.card.confidence])),
        (_tc("browser", "Software stack"), each(lambda e: stack_text(e.card))),
        (_tc("browser", "Price confidence"), each(lambda e: price_confidence_text(e.card))),
        (_tc("browser", "Export to China"), each(lambda e: china_text(e.card))),
    ]


SPECS = {"training": _compute_specs, "serving": _compute_specs, "desktops": _graphics_specs,
         "video": _graphics_specs, "rendering": _graphics_specs}
"""The card specs that matter to each workload family."""


def comparison_rows(estimates) -> list[tuple[str, list[str]]]:
    """Rows of the comparison table: the specs the work needs, then this scenario's key numbers on
    each card (the estimates' view models side by side, as the results panel words them)."""
    if not estimates:
        return []
    specs = SPECS[family_of(estimates[0].scenario.workload).name](estimates)
    return specs + side_by_side([estimate_view(e) for e in estimates], current_language())
