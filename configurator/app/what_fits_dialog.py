"""View ▸ What fits my cards: pick a card and how many you own; every model of the ladder is
planned for training, fine-tuning and serving on them (:mod:`configurator.core.what_fits`), on
the worker thread, and shown in two tables that fill as the models are planned. Or a budget and a
delivery region: what it buys, card by card, and the largest model per task
(:mod:`configurator.app.what_fits_budget_part`). A row opens in the main window (double-click or the
button) as an undoable step."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from pydantic import ValidationError

from configurator.app.binders import fill_combo
from configurator.app.column_fit import FittedTable, shrunk_to_fit
from configurator.app.controller import ScenarioController
from configurator.app.error_boundary import guard_slot
from configurator.app.i18n import current_language
from configurator.app.inputs import kept_text, with_reason
from configurator.app.labels import class_names
from configurator.app.what_fits_budget_part import (
    budget_base,
    budget_controls,
    budget_in,
    budget_of,
    budget_text,
    fill_budget_tables,
    follow_currency,
    retranslate_budget,
)
from configurator.app.worker import JobContext, LatestJob, show_busy
from configurator.core.bounds import error_line_message
from configurator.core.fields import spec
from configurator.core.scenario import Scenario, updated
from configurator.core.view.card_names import card_name
from configurator.core.view.rows import Columns, label, write
from configurator.core.view.names import model_name
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.view.what_fits_view import heading, question, serving_columns, training_columns, training_rows
from configurator.core.what_fits import owned_scenario, with_serving_load
from configurator.core.what_fits_types import INTERACTIVE_TARGETS, FitRow, ServingTargets, Verdict, WhatFits
from configurator.core.what_fits_budget import BudgetFits

DEBOUNCE_MS = 300
"""Plan again once the card, count or targets have stayed put this long."""

ELIDED_COLUMNS = {"Layout": 240, "Memory per card": 180, "Fits": 300}
"""Columns (headings, label ids) that give up width down to their narrowest [px] (a layout's tensor, pipeline and
copies in Chinese, a memory's two figures), elided, whole in their tooltips, in this order, so that the
verdict columns after them stay in view: a DeepSeek V3 layout ("TP 1 · PP 1 · 8 copies · EP 8, experts shared by
8 copies (attention data parallel)") made the layout column 495 px wide, and a training memory ("94.4 GiB of
79.2 GiB; fits at its 78.6 GiB peak, …") 498 px: the speed, latency and bottleneck columns past the dialog's
edge at its 1,180 px (session 47, persona). The verdict last: a row that fits only with the CPU offload ("fits
only with the optimizer and parameters in host memory: 120 GiB of host RAM per server; slower") made it 600 px
(session 50, fitsoffload50)."""

QUESTION_LINES = 6
"""Lines of the answer's notes shown above the tables at most, the rest scrolled [lines]: a budget of 50万元 for
mainland China listed 41 cards that cannot be delivered there, 15 lines that left the tables 170 px of the
dialog's 640 (session 48, persona)."""

VERDICT_COLOURS = {Verdict.NO_FIT: "#b00020", Verdict.TOO_SLOW: "#9a6700", Verdict.OFFLOADED: "#9a6700",
                   Verdict.UNKNOWN: "#666666"}
"""Text colour of a row that does not fit (red), fits but misses the targets alone or fits only with the
CPU offload (amber), or cannot be estimated (grey); rows that fit keep the palette's."""


class WhatFitsDialog(QDialog):
    """The cards owned, the question's load and targets, and the two tables of what fits."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.answer: WhatFits | BudgetFits | None = None
        self._shown: dict[QTableWidget, list[FitRow | None]] = {}
        self._elided: dict[QTableWidget, list[int]] = {}
        """The columns of a filled table that give up width (:data:`ELIDED_COLUMNS`), in order."""
        self._elided_px: dict[QTableWidget, list[int]] = {}
        """Their narrowest [px], in the same order."""
        self._job = LatestJob(self)
        self._job.step.connect(self._show)
        self._job.finished.connect(self._show)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self._on_busy)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.refresh)
        self.setModal(False)
        self.resize(1180, 640)
        layout = QVBoxLayout(self)
        layout.addLayout(self._controls())
        self.status = QLabel()
        self.status.setObjectName("what-fits-status")
        self.status.setStyleSheet("color: #555;")
        layout.addWidget(self.status)
        self.question = QLabel()
        self.question.setObjectName("what-fits-question")
        self.question.setWordWrap(True)
        self.question.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.question.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.question_area = QScrollArea()
        self.question_area.setWidgetResizable(True)
        self.question_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.question_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.question_area.setWidget(self.question)
        self.question_area.setMaximumHeight(self.fontMetrics().lineSpacing() * QUESTION_LINES + 4)
        layout.addWidget(self.question_area)
        self.tabs = QTabWidget()
        self.serving_table, self.training_table = self._table("what-fits-serving"), self._table("what-fits-training")
        self.tabs.addTab(self.serving_table, "")
        self.tabs.addTab(self.training_table, "")
        self.best_table, self.cards_table = self._table("what-fits-budget-best"), self._table("what-fits-budget-cards")
        self.tabs.addTab(self.best_table, "")
        self.tabs.addTab(self.cards_table, "")
        self._show_tabs(budget=False)
        layout.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.use_button = QPushButton()
        self.use_button.setObjectName("what-fits-use")
        self.use_button.setEnabled(False)
        self.use_button.clicked.connect(guard_slot(self.use_selected, "use", self))
        buttons.addButton(self.use_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self._retranslate()
        self._schedule()

    # ---- building -------------------------------------------------------------------------
    def _controls(self) -> QHBoxLayout:
        row = QHBoxLayout()
        left, right = QFormLayout(), QFormLayout()
        self.card_combo = QComboBox()
        self.card_combo.setObjectName("what-fits-card")
        self.card_combo.setEditable(True)
        self.card_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        fill_combo(self.card_combo, [(text, c.id) for text, c in zip(self._card_texts(), self.controller.catalog.cards,
                                                                     strict=True)])
        completer = QCompleter(self.card_combo.model(), self.card_combo)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.card_combo.setCompleter(completer)
        self.card_combo.setCurrentIndex(max(0, self.card_combo.findData(self.controller.scenario.card_id)))
        self.card_combo.currentIndexChanged.connect(self._schedule)
        self.count_spin = self._spin("count", "what-fits-count", self.controller.scenario.count)
        self.count_spin.valueChanged.connect(self._count_suffix)
        self.context_spin = self._spin("serving.context", "what-fits-context", self.controller.scenario.serving.context_tokens)
        self.ttft_spin = self._spin("constraints.ttft_ms", "what-fits-ttft", INTERACTIVE_TARGETS.ttft_ms)
        self.tpot_spin = self._spin("constraints.tpot_ms", "what-fits-tpot", INTERACTIVE_TARGETS.tpot_ms)
        self.budget_box, self.region_combo = budget_controls(self.controller.scenario)
        self._economics = self.controller.scenario.economics
        self.controller.scenario_changed.connect(self._on_scenario_changed)
        self.budget_box.valueChanged.connect(self._schedule)
        self.budget_box.refused.connect(self._on_budget_refused)
        self.region_combo.currentIndexChanged.connect(self._schedule)
        self.card_label, self.count_label = QLabel(), QLabel()
        self.budget_label, self.region_label = QLabel(), QLabel()
        self.context_label, self.ttft_label, self.tpot_label = QLabel(), QLabel(), QLabel()
        for form, pairs in ((left, ((self.card_label, self.card_combo), (self.count_label, self.count_spin),
                                    (self.budget_label, self.budget_box), (self.region_label, self.region_combo))),
                            (right, ((self.context_label, self.context_spin), (self.ttft_label, self.ttft_spin),
                                     (self.tpot_label, self.tpot_spin)))):
            for text, widget in pairs:
                text.setBuddy(widget)
                form.addRow(text, widget)
        self.hide_no_fit = QCheckBox()
        self.hide_no_fit.setObjectName("what-fits-hide")
        self.hide_no_fit.toggled.connect(lambda _checked: isinstance(self.answer, WhatFits) and self._show(self.answer))
        left.addRow("", self.hide_no_fit)
        row.addLayout(left, 3)
        row.addLayout(right, 2)
        return row

    def _count_suffix(self, count: int) -> None:
        """' card' after one, ' cards' after more (Qt's plural forms; '1 cards' until December 2026)."""
        self.count_spin.setSuffix(self.tr(" card(s)", "", count))

    def _card_texts(self) -> list[str]:
        """Each card of the catalog as the card box lists it, in the window's language: its name, class
        and memory ('H100 SXM5 80GB · 训练卡 · 80 GB'; its class stayed in the language the dialog was
        opened in until December 2026)."""
        names, language = class_names(), current_language()
        return [f"{card_name(c.name, language)} · {names[c.category]} · {c.memory_gb:g} GB"
                for c in self.controller.catalog.cards]

    def _spin(self, path: str, name: str, value: float) -> QSpinBox:
        """A whole-number box over the field's declared range (``core/fields.py``)."""
        box = QSpinBox()
        box.setObjectName(name)
        low, high = spec(path).display_range(scale=1, decimals=0, with_none=False)
        box.setRange(int(low), int(min(high, 2**31 - 1)))
        box.setValue(int(value))
        box.setGroupSeparatorShown(True)
        box.setKeyboardTracking(False)
        box.valueChanged.connect(self._schedule)
        return box

    def _table(self, name: str) -> QTableWidget:
        table = FittedTable(0, 0, lambda: self._fit_columns(table))
        table.setObjectName(name)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setAlternatingRowColors(True)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        table.itemSelectionChanged.connect(self._on_selection)
        table.doubleClicked.connect(lambda _: self.use_selected())
        return table

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("What fits my cards"))
        self.card_label.setText(self.tr("&Card"))
        self.count_label.setText(self.tr("Cards o&wned"))
        self.context_label.setText(self.tr("Con&text per user"))
        self.ttft_label.setText(self.tr("&First token within"))
        self.tpot_label.setText(self.tr("&Each token within"))
        self.card_combo.setToolTip(self.tr("The card you own; type to search by name, vendor or class"))
        self.count_spin.setToolTip(self.tr("How many of them you own"))
        self.context_spin.setToolTip(self.tr("Tokens one served user's conversation may hold (prompt and answer)"))
        self.ttft_spin.setToolTip(self.tr("A served user counts while the first token comes within this "
                                          "(default: interactive chat)"))
        self.tpot_spin.setToolTip(self.tr("… and each next token within this (default: interactive chat, "
                                          "faster than a person reads)"))
        for box in (self.context_spin,):
            box.setSuffix(self.tr(" tokens"))
        for box in (self.ttft_spin, self.tpot_spin):
            box.setSuffix(self.tr(" ms"))
        self._count_suffix(self.count_spin.value())
        for index, text in enumerate(self._card_texts()):
            self.card_combo.setItemText(index, text)
        self.hide_no_fit.setText(self.tr("&Hide what does not fit"))
        self.hide_no_fit.setToolTip(self.tr("Show only the models and precisions the cards hold"))
        self.use_button.setText(self.tr("&Open in the main window"))
        self.use_button.setToolTip(self.tr("Make the selected row the scenario of the main window (undoable)"))
        self.tabs.setTabText(0, label("Serving", current_language()))
        self.tabs.setTabText(1, label("Training and fine-tuning", current_language()))
        self.tabs.setTabText(2, label("Largest model per task", current_language()))
        self.tabs.setTabText(3, label("What the budget buys, card by card", current_language()))
        retranslate_budget(self.budget_box, self.region_combo, self.budget_label, self.region_label)
        self.budget_box.set_currency(self._economics.currency)  # its unit word in the new language
        if self.answer is not None:
            self._show(self.answer)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.answer is None and not self._job.busy:
            self._schedule()  # closed before its answer came: ask again
        super().showEvent(event)

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self._timer.stop()
        if self._job.busy:  # closed while planning: stop, and plan again when shown
            self._job.cancel()
            self.answer = None
        super().hideEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    # ---- the question -----------------------------------------------------------------------
    def targets(self) -> ServingTargets:
        """The latency targets the boxes hold (the percentile of interactive chat)."""
        return ServingTargets(float(self.ttft_spin.value()), float(self.tpot_spin.value()),
                              INTERACTIVE_TARGETS.percentile)

    def base_scenario(self) -> Scenario:
        """The main window's scenario on the cards and with the context chosen here (its prices,
        efficiencies and recipe kept, its prompt and answer where the context holds them);
        ValidationError for an impossible choice."""
        window = self.controller.scenario  # the offload as the window leaves it: to the planner unless pinned
        base = owned_scenario(self.card_combo.currentData(), self.count_spin.value(), like=window,
                              offload=OFFLOAD_LAYOUT in window.auto_layout)
        return with_serving_load(base, context=self.context_spin.value())

    def _on_scenario_changed(self, scenario: Scenario) -> None:
        """The budget in the window's currency when that changes (converted: the same money), and a
        budget's answer priced again when the window's economics change (its currency, rate, electricity)."""
        before, self._economics = self._economics, scenario.economics
        if before == scenario.economics:
            return
        follow_currency(self.budget_box, before, scenario.economics)
        if budget_of(self.budget_box) is not None:
            self._schedule()

    def _on_budget_refused(self, text: str) -> None:
        """A budget in another currency converted into the window's (:func:`budget_in`: '5万元' in English
        reads 7,123 USD); any other text refused in words, the box kept as it was."""
        box = self.budget_box
        amount = budget_in(text, self.controller.scenario.economics)
        if amount is not None and box.minimum() < amount <= box.maximum():
            box.setValue(amount)
            return
        said = self.tr("“{text}” is not taken as a budget: enter an amount, e.g. 500k, 2M or 50万元. "
                       "It stays {value}.").format(text=text.strip(), value=kept_text(box))
        self.status.setText(with_reason(said, text, money=True))

    def _schedule(self, *_args) -> None:
        self._timer.start()

    def refresh(self) -> None:
        """Plan every model on the cards chosen, on the worker (a newer choice replaces it)."""
        self._timer.stop()
        if self.card_combo.currentData() not in self.controller.catalog:
            return
        try:
            base = self.base_scenario()
        except ValidationError as error:
            self._job.cancel()
            self.status.setText(error_line_message(error, Scenario).text_in(current_language()))
            return
        targets, catalog = self.targets(), self.controller.catalog
        budget = budget_of(self.budget_box)
        for owned_only in (self.card_combo, self.count_spin, self.hide_no_fit):
            owned_only.setEnabled(budget is None)
        if budget is not None:
            base = budget_base(self.controller.scenario, catalog, self.region_combo, self.context_spin.value())

            def priced(context: JobContext) -> BudgetFits:
                from configurator.core.what_fits_budget import what_budget_fits

                return what_budget_fits(base, catalog, budget, targets, progress=lambda *_: context.check())

            self._job.submit(priced)
            return

        def job(context: JobContext) -> WhatFits:
            from configurator.core.what_fits import what_fits

            def progress(rows: tuple[FitRow, ...]) -> None:
                context.check()
                if len(rows) > 1 and rows[-1].model != rows[-2].model:  # a model is complete: show it
                    context.step(_partial(base, catalog, targets, rows[:-1]))

            return what_fits(base, catalog, targets, progress=progress)

        self._job.submit(job)

    def wait(self, timeout_ms: int = 60_000) -> bool:
        """Process events until the planning is done (tests)."""
        if self._timer.isActive():
            self.refresh()
        return self._job.wait(timeout_ms)

    # ---- showing ----------------------------------------------------------------------------
    def _on_busy(self, busy: bool) -> None:
        text = self.tr("Planning every model on these cards…") if budget_of(self.budget_box) is None else \
            self.tr("Pricing every card the region can take and planning the largest models on them…")
        show_busy(self.status, self, text, busy)

    def _on_failed(self, error: Exception) -> None:
        self.status.setText(self.tr("Could not plan: {error}").format(error=error))

    def _show_tabs(self, budget: bool) -> None:
        """The budget's two tables, or the cards owned's two."""
        for index in range(self.tabs.count()):
            self.tabs.setTabVisible(index, (index >= 2) == budget)
        if (self.tabs.currentIndex() >= 2) != budget:
            self.tabs.setCurrentIndex(2 if budget else 0)

    def _show(self, answer: WhatFits | BudgetFits) -> None:
        self.answer = answer
        if isinstance(answer, BudgetFits):
            language = current_language()
            self._show_tabs(budget=True)
            self.question.setText("<br>".join(_escaped(line) for line in budget_text(answer, language)))
            self._shown.update(fill_budget_tables(self.best_table, self.cards_table, answer, language))
            self._on_selection()
            return
        self._show_tabs(budget=False)
        if self.hide_no_fit.isChecked():
            answer = replace(answer, rows=tuple(r for r in answer.rows if r.verdict is not Verdict.NO_FIT))
        language = current_language()
        lines = [f"<b>{_escaped(write(heading(answer), language))}</b>"]
        lines += [_escaped(write(p, language)) for p in question(answer)]
        self.question.setText("<br>".join(lines))
        for table, columns, keep in ((self.serving_table, serving_columns(answer), lambda r: not r.task.is_training),
                                     (self.training_table, training_columns(answer), None)):
            self._fill(table, columns, training_rows(answer) if keep is None else [r for r in answer.rows if keep(r)],
                       language)
        self._on_selection()

    def _fill(self, table: QTableWidget, columns: Columns, rows: list[FitRow], language: str) -> None:
        selected = table.currentRow()
        table.setUpdatesEnabled(False)
        table.clear()
        table.setColumnCount(len(columns.headings))
        table.setHorizontalHeaderLabels([label(h, language) for h in columns.headings])
        table.setRowCount(len(columns.rows))
        for r, (values, row) in enumerate(zip(columns.rows, rows, strict=True)):
            colour = VERDICT_COLOURS.get(row.verdict)
            for c, value in enumerate(values):
                item = QTableWidgetItem(write(value, language))
                if c in columns.numeric:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if colour:
                    item.setForeground(QBrush(QColor(colour)))
                table.setItem(r, c, item)
        self._shown[table] = rows
        self._elided[table] = [columns.headings.index(h) for h in ELIDED_COLUMNS if h in columns.headings]
        self._elided_px[table] = [px for h, px in ELIDED_COLUMNS.items() if h in columns.headings]
        for r in range(table.rowCount()):
            for c in self._elided[table]:
                table.item(r, c).setToolTip(table.item(r, c).text())
        table.resizeColumnsToContents()  # once per fill, not per cell
        self._fit_columns(table)
        if 0 <= selected < table.rowCount():
            table.selectRow(selected)
        table.setUpdatesEnabled(True)

    def _fit_columns(self, table: QTableWidget) -> None:
        """Every column of a filled serving or training table in view where it can be: each as wide as its
        contents and heading, then, where the table is narrower, :data:`ELIDED_COLUMNS` down to their
        narrowest, elided (whole in their tooltips); the figures whole. Again whenever the table is resized."""
        elided = getattr(self, "_elided", {}).get(table)
        if not elided:  # not filled yet, or a budget table (its own widths)
            return
        header = table.horizontalHeader()
        widths = [max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(table.columnCount())]
        narrowest = dict(zip(elided, self._elided_px[table], strict=True))
        floors = [min(width, narrowest.get(c, width)) for c, width in enumerate(widths)]
        for column, width in enumerate(shrunk_to_fit(widths, floors, elided, table.viewport().width())):
            table.setColumnWidth(column, width)

    def _on_selection(self) -> None:
        self.use_button.setEnabled(self.selected_row() is not None)

    def selected_row(self) -> FitRow | None:
        """The row selected in the table shown (None without a selection or an estimate)."""
        table = self.tabs.currentWidget()
        rows = self._shown.get(table, [])
        index = table.currentRow() if table is not None and table.selectedItems() else -1
        row = rows[index] if 0 <= index < len(rows) else None
        return row if row is not None and row.estimate is not None else None

    def use_selected(self) -> bool:
        """Make the selected row the main window's scenario (one undoable step); its name kept."""
        row = self.selected_row()
        if row is None:
            return False
        scenario = updated(row.estimate.scenario, name=self.controller.scenario.name)
        self.controller.replace_undoable(scenario, self.tr("What fits: use {model}").format(model=model_name(row.model.name)))
        return True


def _partial(base: Scenario, catalog, targets: ServingTargets, rows: tuple[FitRow, ...]) -> WhatFits:
    """The answer so far (the models planned yet), for the tables to fill as the worker goes."""
    return WhatFits(catalog.get(base.card_id), base.count, base, targets, rows, 0.0)


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
