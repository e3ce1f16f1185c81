"""Bill of materials and money over the years for the scenario shown: every line with its
source, the TCO parts, and rent against buy by utilisation with the break-even marked."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGraphicsItem,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.app import format as fmt
from configurator.app.chart_legend import name_legend
from configurator.app.chart_axes import MoneyAxis, NumberAxis
from configurator.app.chart_focus import out_of_tab_chain
from configurator.app.column_fit import FittedTable, shrunk_to_fit, tab_leaves
from configurator.app.controller import ScenarioController
from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.labels import bill_kind_names
from configurator.core.analysis import Analysis
from configurator.core.cjk_spacing import CJK
from configurator.core.desks import charges_left_out
from configurator.core.economics import BOUGHT_USED
from configurator.core.messages import LIST_SEPARATORS
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost
from configurator.core.procurement.host import in_office
from configurator.core.recommend_costs import rented_not_bought
from configurator.core.procurement.prices import quote_vendor
from configurator.core.procurement.tco import rent_vs_buy_curve
from configurator.core.view import price_view
from configurator.core.view.bom_names import ITEMS, item_label, line_kind
from configurator.core.view.card_names import card_name as shown_card_name
from configurator.core.view.cost_bases import per_unit_label, period
from configurator.core.view.numbers import column_top, unit_price_top
from configurator.core.view.rows import write
from configurator.core.view.words import Words, words
from configurator.core.workloads import family_of
from configurator.report.language import line_card, price_per, quantity_unit, reference, searched, searched_note

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate


FIRST_FILL_MS = 15
"""Delay of the chart's building after the panel is made, and of the first fill after that [ms]:
each a pass of the event loop apart from the dock's opening (the window laid out again around
it), which took both along: 40-90 ms of the GUI thread in one pass (issue 28)."""

CHART_MIN_PX = 120
"""Lowest the rent-against-buy chart (and its place before it is built) gets [px]: its legend's two rows, a
plot about 60 px high and its utilisation axis with the axis' title. The panel's least height is the dock's
at a 1280 × 720 window (262 px in the view, the headline, the bill's first row and its note above the chart);
at 180 px the panel was 312 px and scrolled, the chart's axis and its title below the dock's edge (ui46)."""

SOURCE_COLUMN = 4
"""The bill's column of each line's source (its price's)."""

ITEM_NARROWEST_PX = 200
"""Narrowest the bill's Item column gets where the bill is too narrow for every column [px]: the kind and the
start of the item ('Servers: 8-GPU baseboard…'), whole in its tooltip (:meth:`BomPanel._fit_lines`)."""

SOURCE_NARROWEST_PX = 120
"""Narrowest the bill's Source column gets where the bill is too narrow for every column [px]: the source's
first words, whole in the cell's tooltip."""

CHART_MIN_WIDTH_PX = 280
"""Narrowest the rent-against-buy chart's place gets [px]: its axes, their titles ("Utilisation
[%]") and both curves readable (beside the recommendation at 1400 px it was squeezed to 68 px)."""


CHART_PREFERRED_PX = 180
"""Height the rent-against-buy chart asks for [px] (the dock opens at it where the window has room): its
least, :data:`CHART_MIN_PX`, only where the window is short."""


class _ChartPlace(QWidget):
    """Where the rent-against-buy chart goes: as tall as :data:`CHART_PREFERRED_PX` where there is room."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), CHART_PREFERRED_PX))


def role_names() -> dict[str, str]:
    return {"spare": _tc("bom", "spares"), "leaf": _tc("bom", "leaf tier"), "spine": _tc("bom", "spine tier"),
            "core": _tc("bom", "core tier"), "network-rack": _tc("bom", "for the network"),
            "system": _tc("bom", "bought whole"), "owned": _tc("bom", "already owned, not bought"),
            "idle": _tc("bom", "sold with the server, not used by the layout"),
            "board": _tc("bom", "whole boards, priced by the board")}


def item_names() -> dict[str, str]:
    """Short names of the price file's items in the interface language, as the printed summary
    names them (:data:`configurator.core.view.bom_names.ITEMS`; the file's own descriptions, in
    English, are in the tooltip)."""
    w = words(current_language())
    return {item_id: item_label(item_id, w) for item_id in ITEMS}


def source_text(line) -> str:
    """Where a line's price comes from, in the interface language for the program's own words;
    the price file's citations as written in English and, as the summary cites them, by their
    addresses in Chinese (report/language.py ``reference``; a search without a price says so)."""
    own = {"catalog": _tc("bom", "card catalog"), "user": _tc("bom", "your price"),
           "share of hardware": _tc("bom", "share of hardware cost")}
    if line.source.startswith("included in the"):
        source = _tc("bom", "included in the rack system's price")
    elif (vendor := quote_vendor(line.source)) is not None:
        source = _tc("bom", "your quote: {0}").format(vendor) if vendor else _tc("bom", "your quote")
    elif searched(line.source) and line.unit_price is None:  # looked for, not found: in Chinese, where
        source = searched_note(line.source, current_language())
    elif line.source in own:
        source = own[line.source]
    else:
        source = reference(line.source, current_language()) or line.source
    if not line.date:
        return source
    # the date bracketed as the source is written: Chinese words in the Chinese window's brackets
    # ('加速卡目录（2026-03）'), a citation's addresses in Latin ones (with a Chinese bracket among them
    # the cell took the Chinese font's taller lines, and its two lines no longer fitted the row)
    written = _tc("bom", "{source} ({date})") if re.search(f"[{CJK}]", source) else "{source} ({date})"
    return written.format(source=source, date=line.date)


def bought_used_text(est: Estimate) -> str:
    """The cards' price said as a used or refurbished card's, where the buyer takes used cards
    (``economics.accept_used``) and the card has only such a price ("used price, 2026, specpicks.com
    — no warranty from the maker"), in the window's language; "" for a new card's price."""
    return next((message_text(f) for f in est.costs.prices.card_flags if f.id == BOUGHT_USED), "")


def quantity_text(line) -> str:
    """A line's quantity with what it counts, as the printed summary writes it ('8 cards', '2 servers',
    '1 rack', '4.5 TB'; report/language.quantity_unit): a bare '4.5' did not say it was terabytes."""
    amount = fmt.whole(line.quantity) if float(line.quantity).is_integer() else fmt.number(line.quantity, 1)
    unit = quantity_unit(line.unit, words(current_language()), line.quantity, line_card(line))
    return f"{amount} {unit}".strip()


RESIDUAL_SIGN = "\u2212"
"""Before the residual value in the TCO table: a minus sign (U+2212), as the printed summary writes it
(report/summary_bill.py): the value is taken off the TCO, a credit, and "+974,728" beside the
summary's "−974,728" read as two quantities (persona s25 #26)."""


def residual_text(residual: float, currency: str, like: float | None = None) -> str:
    """The residual value as the TCO counts it: '−974,728 CNY' (nothing to take off: '0 CNY'); ``like``:
    the amount whose unit its column takes (:func:`configurator.core.view.numbers.column_top`)."""
    written = fmt.money(residual, currency, like=like)
    return RESIDUAL_SIGN + written if residual > 0 else written


def paced_energy_note(est: Estimate) -> str:
    """What the TCO's energy counts for a one-off job paced to its deadline (its cards wait at
    load power: :func:`~configurator.core.procurement.tco.paced_idle_share`), as the summary's TCO
    note says it (message ``paced-energy``); "" for any other job."""
    paced = price_view.paced_energy(est)
    return "" if paced is None else message_text(paced)


def bill_notes_text(cost: DeploymentCost) -> str:
    """What the bill says of itself (:attr:`~configurator.core.procurement.bom.BillOfMaterials.notes`:
    the spare servers bought and why, or why none; the storage cabled without a switch), each a
    sentence in the window's language, as the summary's bill note says them; "" for none."""
    english = current_language() == "en"
    return (" " if english else "").join(message_text(note) + ("." if english else "。") for note in cost.bom.notes)


class BomPanel(QWidget):
    """The bill of materials, TCO and rent-against-buy chart of the controller's scenario."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("bom-panel")
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setObjectName("bom-headline")
        self.lines = FittedTable(0, 5, self._fit_lines)
        self.lines.setObjectName("bom-lines")
        self.lines.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.lines.verticalHeader().setVisible(False)
        self.lines.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # _fit_lines
        self.lines.horizontalHeader().setStretchLastSection(True)
        self.money = QTableWidget(0, 2)
        self.money.setObjectName("bom-tco")
        tab_leaves(self.money)
        self.money.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.money.verticalHeader().setVisible(False)
        self.money.horizontalHeader().setVisible(False)
        self.money.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.money.horizontalHeader().setStretchLastSection(True)
        self._chart: pg.PlotWidget | None = None
        self._chart_place = _ChartPlace()
        """Where the rent-against-buy chart goes: built a pass after the panel (:attr:`chart`)."""
        self._chart_place.setMinimumSize(CHART_MIN_WIDTH_PX, CHART_MIN_PX)
        QVBoxLayout(self._chart_place).setContentsMargins(0, 0, 0, 0)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.money)
        lower.addWidget(self._chart_place)
        lower.setStretchFactor(1, 2)
        lower.setChildrenCollapsible(False)  # neither the TCO nor the chart dragged away to nothing
        lower.setSizes([420, 700])
        self.money.setMinimumWidth(380)
        self.bill_note = QLabel()
        """Under the lines: what the bill says of itself (:attr:`BillOfMaterials.notes`: why no spare server,
        or how many; storage cabled without a switch), as the summary's bill note (hidden without one)."""
        self.bill_note.setObjectName("bom-notes")
        self.bill_note.setWordWrap(True)
        self.bill_note.setVisible(False)
        bill = QWidget()  # the lines and their note, one pane of the splitter
        beside = QVBoxLayout(bill)
        beside.setContentsMargins(0, 0, 0, 0)
        beside.addWidget(self.lines, 1)
        beside.addWidget(self.bill_note)
        outer = QSplitter(Qt.Orientation.Vertical)
        outer.addWidget(bill)
        outer.addWidget(lower)
        outer.setSizes([420, 380])  # the chart about its preferred height in a 1920 × 1080 window
        self.paced_note = QLabel()
        """Under the TCO: a paced job's waiting hours are counted at load energy (hidden otherwise)."""
        self.paced_note.setObjectName("bom-paced-energy")
        self.paced_note.setWordWrap(True)
        self.paced_note.setVisible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(outer, 1)
        layout.addWidget(self.paced_note)
        self.cost: DeploymentCost | None = None
        self._update_guarded = guard_slot(self.update_from, "bill of materials", self)
        controller.analysis_changed.connect(self._on_analysis_changed)  # a method: gone with the panel
        if controller.analysis is not None:  # the dock opens first, the chart is built, then it is filled
            QTimer.singleShot(FIRST_FILL_MS, self, self._build_then_fill)

    @property
    def chart(self) -> pg.PlotWidget:
        """The rent-against-buy chart (built now if it is not yet)."""
        self._build_chart()
        return self._chart

    def _build_chart(self) -> None:
        """The chart, its legend, curves and break-even line, in their place (once)."""
        if self._chart is not None:
            return
        chart = out_of_tab_chain(pg.PlotWidget(axisItems={"left": MoneyAxis("left"), "bottom": NumberAxis("bottom")}))
        chart.setObjectName("rent-vs-buy")
        chart.setBackground("w")
        chart.showGrid(x=True, y=True, alpha=0.3)
        for side in ("left", "bottom"):  # drawn again only when they change, as the window's charts' axes
            chart.getAxis(side).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        chart.setMinimumHeight(CHART_MIN_PX)
        self.legend = chart.addLegend(offset=(10, 10))
        self.own_curve = chart.plot([], [], pen=pg.mkPen("#1f77b4", width=2))
        self.rent_curve = chart.plot([], [], pen=pg.mkPen("#d62728", width=2, style=Qt.PenStyle.DashLine))
        self.break_even = pg.InfiniteLine(angle=90, pen=pg.mkPen("#555555", style=Qt.PenStyle.DotLine))
        chart.addItem(self.break_even)
        self._chart = chart
        self._chart_place.layout().addWidget(chart)

    def _build_then_fill(self) -> None:
        self._build_chart()
        QTimer.singleShot(FIRST_FILL_MS, self, self._fill_first)

    def _fill_first(self) -> None:
        """The analysis shown when the panel was made, unless a newer one has filled it already."""
        if self.cost is None and self.controller.analysis is not None:
            self._update_guarded(self.controller.analysis)

    def retranslate(self) -> None:
        """Everything shown again in the current language (every text is written by :meth:`update_from`)."""
        if self.controller.analysis is not None:
            self.update_from(self.controller.analysis)

    def _on_analysis_changed(self, analysis: Analysis) -> None:
        """The controller's new analysis (connected as this panel's method, so a panel deleted by a
        language switch is no longer called: it was, and failed on its deleted table)."""
        self._update_guarded(analysis)

    def update_from(self, analysis: Analysis) -> None:
        est = analysis.estimate
        cost = deployment_cost(est)
        self.cost = cost
        self._fill_lines(cost, bought_used_text(est))
        if rented_not_bought(est) is not None:  # rented cards that could not be bought: no capex or TCO (refusedbill51)
            said = Words(current_language())
            self.headline.setText(said("Buying instead: {what}", what=said("cannot be built")))
        self._fill_money(cost, est)
        said = bill_notes_text(cost)
        self.bill_note.setText(said)
        self.bill_note.setVisible(bool(said))
        note = paced_energy_note(est)
        self.paced_note.setText(note)
        self.paced_note.setVisible(bool(note))
        self._draw_rent_vs_buy(cost, est)

    # ---- parts -------------------------------------------------------------------------------

    def _fill_lines(self, cost: DeploymentCost, used: str = "") -> None:
        bom, own = cost.bom, cost.ownership
        currency = bom.currency
        card_name = next((shown_card_name(line.name, current_language()) for line in bom.lines
                          if line.kind == "accelerator"), "")
        # one unit a column, named in its heading: 万元 in Chinese from one amount of 1万 CNY up
        total_top = column_top(line.total for line in bom.lines)
        price_top = unit_price_top(((line.unit_price, line.quantity, line.total) for line in bom.lines), currency,
                                   current_language(), total_top)  # 元 throughout where 万元 cannot make a total
        self.lines.setHorizontalHeaderLabels([
            _tc("bom", "Item"), _tc("bom", "Quantity"),
            _tc("bom", "Unit price ({0})").format(fmt.money_word(price_top, currency)),
            _tc("bom", "Total ({0})").format(fmt.money_word(total_top, currency)), _tc("bom", "Source")])
        kinds, names, roles = bill_kind_names(), item_names(), role_names()
        self.lines.setRowCount(len(bom.lines))
        for row, line in enumerate(bom.lines):
            name = line.name if line.kind == "accelerator" else names.get(line.item_id, line.name)
            if line.kind == "accelerator":
                name = card_name
            if line.role:
                name = _tc("bom", "{item} — {role}").format(item=name, role=roles.get(line.role, line.role))
            quantity = quantity_text(line)
            kind = kinds.get(line_kind(line), line.kind)  # a deskside workstation as one, not a server
            if line.yearly:  # the panel's totals carry no "/ year" (the summary's do): the kind says it
                kind = _tc("bom", "{kind} (per year)").format(kind=kind)
            cells = [_tc("bom", "{kind}: {item}").format(kind=kind, item=name), quantity,
                     _tc("bom", "no price — enter a quote") if line.unit_price is None else
                     fmt.money(line.unit_price, currency, like=price_top, unit=False) + price_per(line.unit),
                     "—" if line.total is None else fmt.money(line.total, currency, like=total_top, unit=False),
                     source_text(line) + (LIST_SEPARATORS.get(current_language(), "; ") + used
                                          if used and line.kind == "accelerator" else "")]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text.strip())
                if column == 0:  # whole where the column elides it (_fit_lines), and the name as priced
                    item.setToolTip(item.text() if line.name in item.text() else f"{item.text()}\n{line.name}")
                if column == SOURCE_COLUMN:
                    item.setToolTip(item.text())
                if column in (1, 2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.lines.setItem(row, column, item)
        self._fit_lines()
        missing = len(bom.unpriced)
        text = _tc("bom", "Capex {0}, opex {1} per year, TCO over {2} {3}").format(
            fmt.money(own.capex, currency), fmt.money(own.opex_per_year, currency),
            write(period(own.years), current_language()),  # "3 months" under a year, as the summary says it
            fmt.money(own.tco, currency))
        if missing:
            text = _tc("bom", "{totals} — {unpriced}").format(
                totals=text, unpriced=_tc("bom", "lines without a price, left out of the totals: {0}").format(missing))
        self.headline.setText(text)

    def _fit_lines(self) -> None:
        """Every column of the bill in view: each as wide as its contents and heading, then, where the bill is
        narrower (at 1920 × 1080 beside the recommendation its Source column ran past the edge, session 45), the
        source down to :data:`SOURCE_NARROWEST_PX` and the item down to :data:`ITEM_NARROWEST_PX`, elided, whole
        in their tooltips; the quantities, prices and totals whole. Again whenever the bill is resized."""
        table = getattr(self, "lines", None)
        if table is None:  # resized while it is made
            return
        header = table.horizontalHeader()
        widths = [max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
                  for column in range(table.columnCount())]
        floors = [min(width, floor) for width, floor in zip(widths, (ITEM_NARROWEST_PX, *widths[1:SOURCE_COLUMN],
                                                                      SOURCE_NARROWEST_PX))]
        for column, width in enumerate(shrunk_to_fit(widths, floors, (SOURCE_COLUMN, 0), table.viewport().width())):
            table.setColumnWidth(column, width)

    def _fill_money(self, cost: DeploymentCost, est) -> None:
        """The TCO's parts, and renting instead as the summary says it (per hour, a month and over the
        TCO's period, or for a job; :func:`~configurator.report.summary_front.rent_text`): a year's
        rent alone left a buyer renting for three months to work out the rest (personacn2); below the
        break-even, what it compares (:func:`~configurator.report.summary_bill.rent_basis_rows`: the GPUs
        the bill buys, renting's month, the licences), as the summary's TCO table says it. Cards rented that could
        not be bought (:func:`~configurator.core.recommend_costs.rented_not_bought`): why, the rent alone, no
        capex, TCO or break-even (48 × RTX PRO 6000 Blackwell Workstation Edition read "owning pays off above 28 %"
        beside "cannot be built" until December 2026, refusedbill51)."""
        from configurator.report.summary_front import rent_text  # the ranking's modules: not at the editor's start
        from configurator.report.summary_bill import rent_basis_rows

        own, currency = cost.ownership, cost.bom.currency
        words = Words(current_language())
        rent = rent_text(est, words, cost) if cost.rent_per_year is not None else None
        refused = rented_not_bought(est)
        per_year = _tc("bom", "{0} per year")
        top = column_top([own.capex, own.energy_per_year, own.support_per_year, own.licences_per_year,
                          own.colocation_per_year, own.residual, own.tco])  # the column's amounts in one unit

        def amount(value: float | None) -> str:
            return fmt.money(value, currency, like=top)
        none = charges_left_out(est.scenario, own.licences_per_year, office=in_office(est.scenario, est.card))
        per_unit = write(per_unit_label(family_of(est.scenario.workload).cost_unit, None), words.language)
        if refused is not None:  # the rent alone, and why buying cannot be built: the summary's TCO table
            rows = [(words("Buying instead"), words("cannot be built: {why}", why=words.message(refused.message))),
                    (_tc("bom", "Utilisation"), fmt.percent(own.utilisation)),
                    (_tc("bom", "Renting instead"), rent or per_year.format(fmt.money(cost.rent_per_year, currency))),
                    *rent_basis_rows(cost, words, write(period(own.years), current_language()), est.card.name, False)]
            self._show_money(rows, est, per_unit)
            return
        rows = [(_tc("bom", "Capex"), amount(own.capex)),
                (_tc("bom", "Energy"), per_year.format(amount(own.energy_per_year))),
                (_tc("bom", "Support"), per_year.format(amount(own.support_per_year))),
                # none at the desks (an office: no vGPU licence, no rented data-hall space), as the summary's
                *([] if "licences" in none else
                  [(_tc("bom", "Licences"), per_year.format(amount(own.licences_per_year)))]),
                *([] if "colocation" in none else  # the summary's word (机房托管; 托管费 here until session 45)
                  [(words("Colocation"), per_year.format(amount(own.colocation_per_year)))]),
                (_tc("bom", "Residual value"), residual_text(own.residual, currency, top)),
                (_tc("bom", "TCO over {0}").format(write(period(own.years), current_language())),
                 amount(own.tco)),
                (_tc("bom", "Utilisation"), fmt.percent(own.utilisation)),
                # per the work's own unit, as the summary's TCO table names it ("Cost per user-month" for desktops;
                # until December 2026 "TCO per million tokens" stood here for virtual desktops too)
                (per_unit, fmt.unit_cost(cost.tco_per_unit, currency)),
                (_tc("bom", "Renting instead"), rent or per_year.format(fmt.money(cost.rent_per_year, currency))),
                # no cards' price, or no energy: no break-even, the summary's words (persona50b, buyer51b)
                (_tc("bom", "Owning pays off above"), words(cost.no_break_even)
                 if cost.no_break_even else fmt.percent(cost.break_even_utilisation)
                 if cost.break_even_utilisation is not None else _tc("bom", "— (no cloud price, or renting is cheaper)")),
                # what the break-even compares (the GPUs the bill buys, its licences), as the summary's TCO table
                *rent_basis_rows(cost, words, write(period(own.years), current_language()), est.card.name)]
        if cost.bom.goodput is not None:
            rows.append((_tc("bom", "Goodput (interruptions, checkpoints)"), fmt.percent(cost.bom.goodput.fraction)))
        self._show_money(rows, est, per_unit)

    def _show_money(self, rows: list[tuple[str, str]], est, per_unit: str) -> None:
        """The money table's ``rows`` (label, value), the values whole in their tooltips, the cost per unit of work
        (``per_unit``, its label) with its basis in full."""
        from configurator.report.summary_money import per_unit_name  # the ranking's modules: not at the start

        words = Words(current_language())
        self.money.setRowCount(len(rows))
        for row, (label, value) in enumerate(rows):
            self.money.setItem(row, 0, QTableWidgetItem(label))
            item = QTableWidgetItem(value)
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setToolTip(value)  # whole where the column elides it (the rent's three figures)
            self.money.setItem(row, 1, item)
            if label == per_unit:  # its basis in full, the summary's words (core.view.cost_bases)
                self.money.item(row, 0).setToolTip(per_unit_name(est, words))

    def _draw_rent_vs_buy(self, cost: DeploymentCost, est) -> None:
        self._build_chart()
        currency = cost.bom.currency
        curve = rent_vs_buy_curve(cost.ownership, est.card, est.scenario, cost.compared)
        x = [100 * u for u, _, _ in curve]
        bought = rented_not_bought(est) is None  # rented cards that cannot be bought: no owning curve (refusedbill51)
        # no cards' price or no energy (cost.no_break_even): no owning line to cross the rent, as the summary's chart
        owned = [own for _, own, _ in curve] if bought and not cost.no_break_even else []
        self.own_curve.setData(x[:len(owned)], owned)  # the axis counts in k/M/G or 万/亿 (MoneyAxis)
        entries = [(self.own_curve, _tc("bom", "Own"))] if owned else []
        if all(rent is not None for _, _, rent in curve):
            self.rent_curve.setData(x, [rent for _, _, rent in curve])
            entries.append((self.rent_curve, _tc("bom", "Rent")))
        else:
            self.rent_curve.setData([], [])
        name_legend(self.legend, entries)
        shown = cost.break_even_utilisation is not None and not cost.no_break_even and bought  # else none
        self.break_even.setVisible(shown)
        if shown:
            self.break_even.setValue(100 * cost.break_even_utilisation)
        self.chart.setLabel("bottom", _tc("bom", "Utilisation [%]"))
        self.chart.setLabel("left", _tc("bom", "Cost per year [{0}]").format(fmt.axis_currency(currency)))
