"""Recommendation panel: which card and how many, ranked, with reasons and a Pareto chart."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from configurator.app import format as fmt
from configurator.app.binders import NONE_DATA, ComboBinder, SpinBinder, ValueModel
from configurator.app.compact_form import narrowed_combos
from configurator.app.launch_row import LaunchRow
from configurator.app.pareto_chart import ParetoChart
from configurator.app.recommend_charts import RankingCharts
from configurator.app.recommend_prices import RankingPrices
from configurator.app.controller import ScenarioController
from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.labels import class_names, factor_names, named, region_names
from configurator.app.tradeoff_chart import ServingTradeoffChart
from configurator.app.ranking_steps import RankingStep, ranking_steps
from configurator.app.worker import Cancelled, JobContext, LatestJob, show_busy
from configurator.core.fields import spec
from configurator.core.limiting import limiting_factor
from configurator.core.mismatch import mismatch
from configurator.core.recommend import DEFAULT_CLASSES, Filters, Objective, Result, cost_basis, recommend
from configurator.core.scenario import Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.software import support_caution_in
from configurator.core.view.constraints_view import latency_targets_phrase
from configurator.core.view.family_view import view_of
from configurator.core.view.names import BUDGET_BASES
from configurator.core.view.rows import Phrase, label, write
from configurator.core.view.words import words

DEBOUNCE_MS = 400
"""Recommend once the user has stopped changing the scenario for this long [ms]."""

MAX_COLUMN_PX = 300
"""Widest a column grows to fit its contents (a long card name is elided, whole in its tooltip), so
the cost and price columns stay in view."""

LISTED = 15
"""Configurations ranked in the table (the rest count for the chart's front and price decides)."""

PAST_SUPPORT_MEANS = "stack-past-support-means"
"""The caution's second message (what past support means), left out of the reasons under the table."""

SUPPORT_CAUTION_COLOUR = "#7a3300"
"""The text colour of the caution that a card's vendor software is past its support (the summary's
too: :data:`configurator.report.render.CAUTION_COLOURS`; the wizard's answer)."""


def objective_names() -> dict[str, str]:
    from PySide6.QtCore import QCoreApplication

    return {
        Objective.TCO.value: QCoreApplication.translate(
            "recommend", "Lowest total cost of ownership (cards, servers, network, power, support)"),
        Objective.CLOUD.value: QCoreApplication.translate("recommend", "Lowest cloud cost"),
        Objective.FASTEST.value: QCoreApplication.translate("recommend", "Fastest"),
        Objective.ENERGY.value: QCoreApplication.translate("recommend", "Lowest energy"),
        Objective.FEWEST_CARDS.value: QCoreApplication.translate("recommend", "Fewest cards"),
    }


@dataclass(frozen=True)
class Ranking:
    """What the panel asks the recommender for beside the scenario (whose constraints, the
    deadline to the region, the panel edits in the scenario itself): the objective and the
    buyer's :class:`~configurator.core.recommend.Filters` (domestic vendors only, consumer cards)."""

    objective: Objective = Objective.TCO
    filters: Filters = field(default_factory=lambda: Filters(consumer=False))


def _none_spin(path: str, decimals: int, suffix: str, tip: str) -> QDoubleSpinBox:
    """A box for the constraint at ``path``: the model's range through the field registry, in the
    panel's decimals, its minimum (0, shown "—") standing for None."""
    box = QDoubleSpinBox()
    box.setRange(*spec(path).display_range(decimals=decimals, with_none=True))
    box.setDecimals(decimals)
    box.setSuffix(suffix)
    box.setSpecialValueText("—")
    box.setToolTip(tip)
    return box


def with_price_decision(result: Result) -> Result:
    """``result`` with whether price decides it worked out (where the ranking runs, not on the GUI
    thread: it re-scores every ranked configuration)."""
    _ = result.price_decides
    return result


class RecommendationPanel(RankingPrices, RankingCharts, QWidget):
    """Ranks every catalog card for the current scenario and applies the chosen one."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None,
                 shown: RecommendationPanel | None = None, staged: bool = False) -> None:
        """The panel for ``controller``'s scenario; ``shown``: the panel it replaces (a language
        switch): its objective, filters, chart tab and ranking are taken over, the ranking shown
        at once in this panel's language and worked out again only if it was not complete;
        ``staged``: the ranking is taken over by :meth:`take_over`, in a later pass of the event
        loop (the panel's building and its filling were one long pass, issue 28)."""
        super().__init__(parent)
        self.controller = controller
        self.ranking = ValueModel(Ranking(), self)
        """The objective and filters chosen (the widgets show and edit it)."""
        self.result: Result | None = None
        self.warning = None
        """The hand-picked card's mismatch shown above the ranking (a message), or None."""
        self.partial = False
        """Whether :attr:`result` is the ranking of the cards done so far (the final one still to come)."""
        self._picked: str | None = None
        """The card of the row the user selected while the ranking grew."""
        self._filling = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.start_refresh)
        self._job = LatestJob(self)
        self._job.finished.connect(lambda found: self._show_result(*found))
        self._job.step.connect(self._show_step)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self._show_busy)
        layout = QHBoxLayout(self)
        layout.addLayout(narrowed_combos(self._controls()), 0)  # room for the ranking (compact_form)
        middle = QVBoxLayout()
        self.busy_label = QLabel()
        self.busy_label.setObjectName("recommend-busy")
        self.busy_label.setStyleSheet("color: #555;")
        # wrapped: one line of "Ranking 1 of 50 cards… the best so far is shown; …" made the panel, the
        # bottom dock and so the window ~490 px wider while the catalog was ranked (1,385 -> 1,873 px:
        # beyond a laptop's screen), every chart of the window laid out and drawn again (issue 28)
        self.busy_label.setWordWrap(True)
        middle.addWidget(self.busy_label)
        self.mismatch_label = QLabel()
        self.mismatch_label.setWordWrap(True)
        self.mismatch_label.setStyleSheet("color: #b00020; font-weight: bold;")
        middle.addWidget(self.mismatch_label)
        self.support_label = QLabel()
        """Over the table: the first-ranked card's vendor software is past its support (the caution's
        headline; its tooltip and the reasons add the best-ranked card with no end of support on
        record and what it means); hidden otherwise."""
        self.support_label.setObjectName("support-caution")
        self.support_label.setWordWrap(True)
        self.support_label.setStyleSheet(f"color: {SUPPORT_CAUTION_COLOUR}; font-weight: bold;")
        self.support_label.setVisible(False)
        middle.addWidget(self.support_label)
        self.table = QTableWidget(0, 6)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.horizontalHeader().setMaximumSectionSize(MAX_COLUMN_PX)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.itemSelectionChanged.connect(self._show_reasons)
        self.table.itemSelectionChanged.connect(self._note_pick)
        self.table.doubleClicked.connect(lambda _: self.use_selected())
        middle.addWidget(self.table, 1)
        self.price_decides_label = QLabel()
        self.price_decides_label.setObjectName("price-decides")
        self.price_decides_label.setWordWrap(True)
        self.price_decides_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        middle.addWidget(self.price_decides_label)
        self.reasons = QLabel()
        self.reasons.setWordWrap(True)
        middle.addWidget(self.reasons)
        layout.addLayout(middle, 3)
        self.pareto = ParetoChart(self)
        """The cost and speed chart (:attr:`chart`)."""
        self.charts = QTabWidget()
        self.charts.setObjectName("recommend-charts")
        self.charts.addTab(self.pareto.page, "")
        self._tradeoff_chart: ServingTradeoffChart | None = None
        self._tradeoff_page = QWidget()
        """The trade-off tab's page; its chart is built on first use (:attr:`tradeoff_chart`)."""
        QVBoxLayout(self._tradeoff_page).setContentsMargins(0, 0, 0, 0)
        self.charts.addTab(self._tradeoff_page, "")
        self.charts.currentChanged.connect(lambda _index: self._show_tradeoff())
        self._tradeoff_of = None
        """The recommendation the trade-off chart shows (drawn once per selection)."""
        self.charts.setTabText(0, words(current_language())("Cost and speed"))
        self.charts.setTabVisible(self.TRADEOFF_TAB, False)  # until a serving ranking is shown
        right = QVBoxLayout()
        right.addWidget(self.charts, 1)
        self.launch_row = LaunchRow()
        """Copy the selected deployment's launch command (serving engines, trainers)."""
        right.addWidget(self.launch_row)
        layout.addLayout(right, 2)
        self._set_headers()
        controller.scenario_changed.connect(self._schedule)
        controller.catalog_changed.connect(self._schedule)
        if shown is not None:
            self.ranking.replace(shown.ranking.value)
            self.charts.setCurrentIndex(shown.charts.currentIndex())
        if staged and shown is not None:
            self._timer.stop()  # until take_over
        else:
            self.take_over(shown)

    def take_over(self, shown: RecommendationPanel | None) -> None:
        """Show ``shown``'s ranking if it is complete (it is not worked out again), else rank."""
        if shown is not None and shown.result is not None and not shown.partial and not shown.busy:
            self._timer.stop()  # the objective and filters taken over asked for a ranking: it is shown already
            self._show_result(shown.result, shown.warning)
        else:
            self._schedule()

    @property
    def chart(self) -> pg.PlotWidget:
        """The cost and speed chart's plot (:class:`~configurator.app.pareto_chart.ParetoChart`)."""
        return self.pareto.plot

    def _controls(self) -> QFormLayout:
        form = QFormLayout()
        self.objective = QComboBox()
        for key, name in objective_names().items():
            self.objective.addItem(name, key)
        self.ranking.bind_combo(self.objective, "objective", Objective)
        self.ranking.changed.connect(self._schedule)
        form.addRow(self.tr("&Rank by"), self.objective)
        self.deadline = _none_spin("constraints.deadline_hours", 0, self.tr(" h"), self.tr(
            "The training or render job must finish within (— = no deadline)"))
        SpinBinder(self.deadline, self.controller, "constraints.deadline_hours")
        form.addRow(self.tr("&Deadline"), self.deadline)
        self.rate = _none_spin("constraints.requests_per_s", 2, self.tr(" req/s"),
                               self.tr("Requests per second to serve (— = not set)"))
        SpinBinder(self.rate, self.controller, "constraints.requests_per_s")
        form.addRow(self.tr("Re&quests"), self.rate)
        self.tpot = _none_spin("constraints.tpot_ms", 1, self.tr(" ms/token"), self.tr("Time per output token target"))
        SpinBinder(self.tpot, self.controller, "constraints.tpot_ms")
        form.addRow(self.tr("&Latency"), self.tpot)
        self._latency_controls(form)
        self.budget = _none_spin("constraints.budget", 0, "", self.tr(
            "Budget in the scenario currency. Buying: a ceiling on the capex of the bill of materials (cards, "
            "servers, network, storage, racks). Renting: a ceiling on the rent for a month of service, or for "
            "the whole job. An option over it is never ranked: it is listed below the line with how much it is "
            "over."))
        SpinBinder(self.budget, self.controller, "constraints.budget")
        form.addRow(self.tr("&Budget"), self.budget)
        self._budget_basis_control(form)
        self.power = _none_spin("constraints.power_cap_kw", 1, self.tr(" kW"), self.tr("Facility power available"))
        SpinBinder(self.power, self.controller, "constraints.power_cap_kw")
        form.addRow(self.tr("&Power cap"), self.power)
        self.region = QComboBox()
        for value, label in region_names().items():
            self.region.addItem(label, NONE_DATA if value is None else value)
        self.region.setToolTip(self.tr("Mainland China: only cards whose US export status for China is "
                                       "'permitted' are ranked; those needing a licence, or of unknown status, are "
                                       "listed below the line; those not permitted are left out. A status with its "
                                       "date and source, not legal advice"))
        ComboBinder(self.region, self.controller, "constraints.region")
        form.addRow(self.tr("Deliver &to"), self.region)
        self.domestic = self.ranking.bind_check(QCheckBox(self.tr("Domestic (China) vendors only")),
                                                "filters.domestic_only")
        form.addRow(self.domestic)
        self.consumer = QCheckBox(self.tr("Include consumer graphics cards"))
        self.consumer.setToolTip(self.tr("GeForce-class cards: cheap, but no ECC, no NVLink and licence limits "
                                         "in data centres"))
        self.ranking.bind_check(self.consumer, "filters.consumer")
        form.addRow(self.consumer)
        self.use_button = QPushButton(self.tr("&Use this configuration"))
        self.use_button.clicked.connect(self.use_selected)
        form.addRow(self.use_button)
        return form

    def _latency_controls(self, form: QFormLayout) -> None:
        """The first-token target beside the time per token, and what the latency targets are when
        none is typed: the serving use's defaults, named (issue 24)."""
        self.ttft = _none_spin("constraints.ttft_ms", 0, self.tr(" ms"), self.tr("Time to first token target"))
        SpinBinder(self.ttft, self.controller, "constraints.ttft_ms")
        form.addRow(self.tr("First to&ken"), self.ttft)
        self.targets_label = QLabel()
        self.targets_label.setObjectName("recommend-targets")
        self.targets_label.setWordWrap(True)
        self.targets_label.setStyleSheet("color: #555;")
        form.addRow(self.targets_label)
        self.controller.scenario_changed.connect(self._show_targets)
        self._show_targets(self.controller.scenario)

    def _show_targets(self, scenario: Scenario) -> None:
        """The latency targets held (the buyer's, else the use's default, named), and each box's
        'not typed' text showing the default it stands for."""
        language = current_language()
        targets = latency_targets(scenario)
        phrase = latency_targets_phrase(scenario) if view_of(scenario.workload).ranking.latency_targets else None
        self.targets_label.setText("" if phrase is None else words(language)(
            "Latency targets: {targets}", targets=write(phrase, language)))
        for box, default, suffix in ((self.tpot, targets.tpot_ms if targets.tpot_origin != "set" else None,
                                      self.tr(" ms/token")),
                                     (self.ttft, targets.ttft_ms if targets.ttft_origin != "set" else None,
                                      self.tr(" ms"))):
            box.setSpecialValueText(self.tr("default: {0}").format(f"{default:g}{suffix}") if default else "—")

    def _budget_basis_control(self, form: QFormLayout) -> None:
        """What the budget caps: capex when buying, rent when renting."""
        self.budget_basis = QComboBox()
        self.budget_basis.setObjectName("constraints.budget_basis")
        for value, text in named(BUDGET_BASES).items():
            self.budget_basis.addItem(text, value)
        ComboBinder(self.budget_basis, self.controller, "constraints.budget_basis")
        form.addRow(self.tr("Budget &caps"), self.budget_basis)
        self.controller.scenario_changed.connect(self._show_budget_unit)
        self._show_budget_unit(self.controller.scenario)

    def _show_budget_unit(self, scenario: Scenario) -> None:
        """The budget in the scenario's currency, with its thousands grouped."""
        self.budget.setSuffix(f" {scenario.economics.currency}")
        self.budget.setGroupSeparatorShown(True)

    def _set_headers(self) -> None:
        """Columns named by what they hold: the speed of this workload, the cost on the basis the
        ranking uses (ownership or cloud, per unit of work, in the currency) and the one limiting factor."""
        scenario = self.controller.scenario
        speed = label(view_of(scenario.workload).ranking.speed_heading, current_language())
        from configurator.core.view.ranking_view import ranking_cost_heading  # loads the estimator: after painting

        objective = self.ranking.value.objective
        _, _, cost, _ = self._chart_axes(objective, scenario.economics.currency)
        short = objective in (Objective.TCO, Objective.CLOUD)  # the basis named briefly; the tooltip in full
        heading = f"{write(ranking_cost_heading(objective, scenario), current_language())} " \
                  f"[{scenario.economics.currency}]" if short else cost
        self.table.setHorizontalHeaderLabels([self.tr("Cards"), self.tr("Class"), speed, heading,
                                              self._last_heading(), self._price_heading(objective)])
        self.table.horizontalHeaderItem(3).setToolTip(cost)

    def _last_heading(self) -> str:
        """The limit column: what limits a ranked configuration, and what one below the line breaks."""
        if self.result is not None and self.result.below_line:
            return self.tr("Limited by · below the line: what it breaks")
        return self.tr("Limited by")

    def filters(self) -> Filters:
        """The filters of the request: the buyer's (:attr:`ranking`) over the workload's card
        classes, and the graphics class too when consumer cards are let in."""
        chosen = self.ranking.value.filters
        classes = DEFAULT_CLASSES[self.controller.scenario.workload]
        if chosen.consumer and "graphics" not in classes:
            classes = (*classes, "graphics")
        return replace(chosen, classes=classes)

    def _schedule(self, *_changed) -> None:
        self._timer.start()

    def _request(self) -> Callable[[], tuple[Result, object]]:
        """The ranking of the current scenario and the check of the hand-picked card, to run anywhere."""
        scenario: Scenario = self.controller.scenario
        catalog = self.controller.catalog
        objective = self.ranking.value.objective
        filters = self.filters()
        return lambda: (with_price_decision(recommend(scenario, catalog, objective, filters, limit=LISTED)),
                        mismatch(scenario, catalog))

    def _progressive_request(self) -> Callable[[JobContext], tuple[Result, object]]:
        """The ranking of the current scenario card by card (:func:`ranking_steps`), each ranking so
        far handed to the GUI as a step, then the whole ranking and the check of the hand-picked card."""
        scenario: Scenario = self.controller.scenario
        catalog = self.controller.catalog
        objective = self.ranking.value.objective
        filters = self.filters()

        def job(context: JobContext) -> tuple[Result, object]:
            for step in ranking_steps(scenario, catalog, objective, filters, LISTED, cancelled=context.cancelled):
                if step.final:
                    context.check()
                    return with_price_decision(step.result), mismatch(scenario, catalog)
                context.step(step)
            raise Cancelled  # cut short: not a result

        return job

    def start_refresh(self) -> None:
        """Recommend for the current scenario on a worker thread (a newer request replaces it), the
        ranking so far shown as it grows."""
        self._timer.stop()
        self._job.submit(self._progressive_request())

    def wait(self, timeout_ms: int = 30_000) -> Result | None:
        """Wait (processing events) until the newest ranking is shown (tests)."""
        if self._timer.isActive():
            self.start_refresh()
        self._job.wait(timeout_ms)
        return self.result

    def refresh(self) -> Result:
        """Recommend for the current scenario now, on this thread (a ranking under way is dropped)."""
        self._timer.stop()
        self._job.cancel()
        return self._show_result(*self._request()())

    def _show_busy(self, busy: bool) -> None:
        show_busy(self.busy_label, self.table, self.tr("Ranking every card for this scenario…"), busy)

    def _on_failed(self, error: Exception) -> None:
        from configurator.app.error_boundary import report

        report(error, "RecommendationPanel.refresh", self.tr("Ranking the cards"))

    def _show_step(self, step: RankingStep) -> None:
        """The ranking so far while the catalog is ranked (the final ranking replaces it), with how
        far the ranking is."""
        self._show_ranking(step.result, partial=True)
        self.busy_label.setText(self.tr("Ranking {done} of {total} cards… the best so far is shown; the final "
                                        "ranking replaces it").format(done=step.done, total=step.total))

    @property
    def busy(self) -> bool:
        """A ranking is asked for or under way."""
        return self._job.busy or self._timer.isActive()

    def _show_result(self, result: Result, warning) -> Result:
        self.warning = warning
        self.mismatch_label.setText(message_text(warning) if warning else "")
        self._show_ranking(result, partial=False)
        return result

    def _show_ranking(self, result: Result, partial: bool) -> None:
        """Fill the table, the chart and the reasons from ``result``; ``partial``: the ranking of the
        cards done so far (whether price decides is worked out for the final one only). A row the
        user picked while the ranking grew stays picked."""
        if not self.partial:
            self._picked = None  # a new ranking: what was picked in the last one does not carry over
        kept = self._picked
        self.partial = partial
        self._filling = True  # the rows change and are selected here: not the user's pick
        try:
            self._fill(result, partial, kept)
        finally:
            self._filling = False

    def _fill(self, result: Result, partial: bool, kept: str | None) -> None:
        self.result = result
        self._set_headers()
        self.table.clearSpans()
        self._fill_table(result)
        self._fill_prices(result)
        self._show_support_caution(result)  # after the prices: their pass sets each name's tooltip
        self._append_unpriced(result)
        self._fill_below_line(result)
        if partial:
            self.price_decides_label.setVisible(False)
        else:
            self._show_price_decides(result)
        self._fill_chart(result)
        self._show_chart_tabs()
        if result.ranked:
            self.table.selectRow(self._row_of(kept))
            self._show_reasons()  # the row may have been selected already: its reasons are this ranking's
        else:
            self.launch_row.show_estimate(None)
            if not partial:  # the trade-off tab says why it draws nothing
                self._show_tradeoff()
            self.reasons.setText(self.tr("No card meets the constraints; %n card(s) left out.", "",
                                         len(result.rejected)))

    def _note_pick(self) -> None:
        """The user selected a row: kept selected while the ranking grows."""
        if not self._filling:
            self._picked = self._selected_card()

    def _selected_card(self) -> str | None:
        """The card of the selected row (None: no row, or the below-the-line heading)."""
        rows = self.table.selectionModel().selectedRows()
        rec = self.recommendation_at(rows[0].row()) if rows else None
        return None if rec is None else rec.card.id

    def _row_of(self, card_id: str | None) -> int:
        """The row showing ``card_id`` (the first row when it is not shown)."""
        recs = getattr(self, "row_recommendations", [])
        return next((row for row, rec in enumerate(recs) if rec is not None and rec.card.id == card_id), 0)

    def _fill_table(self, result: Result) -> None:
        names, factors = class_names(), factor_names()
        currency = self.controller.scenario.economics.currency
        basis = cost_basis(result.objective)
        self.table.setRowCount(len(result.ranked))
        self.row_recommendations = list(result.ranked)
        for row, rec in enumerate(result.ranked):
            speed = self._speed_text(rec.estimate)
            cost = rec.cost_on(basis)
            cells = [f"{fmt.count(rec.count)} × {rec.card.name}", names[rec.card.category], speed,
                     fmt.money(cost, currency) if cost is not None else "—",
                     factors[limiting_factor(rec.estimate)]]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))

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
        for row, rec in enumerate(result.ranked):
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
            return
        language = current_language()
        names = class_names()
        currency = self.controller.scenario.economics.currency
        basis = cost_basis(result.objective)
        start = self.table.rowCount()
        self.below_line_row = start
        self.table.setRowCount(start + 1 + len(result.below_line))
        heading = QTableWidgetItem(words(language).label(
            "Below the line: each breaks a constraint you set (never ranked)"))
        heading.setFlags(Qt.ItemFlag.ItemIsEnabled)  # read, not selected or applied
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        self.table.setItem(start, 0, heading)
        self.table.setSpan(start, 0, 1, self.table.columnCount())
        self.row_recommendations.append(None)
        grey = QBrush(QColor("#777777"))
        for offset, rec in enumerate(result.below_line, start=1):
            cost = rec.cost_on(basis)
            breaks = write(rec.reasons[0], language) if rec.reasons else ""
            if len(rec.reasons) > 1:
                breaks = write(Phrase("{first} (and {n} more)", {"first": rec.reasons[0], "n": len(rec.reasons) - 1}),
                               language)
            cells = [f"{fmt.count(rec.count)} × {rec.card.name}", names[rec.card.category], self._speed_text(rec.estimate),
                     fmt.money(cost, currency) if cost is not None else "—", breaks]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setForeground(grey)
                item.setToolTip("\n".join(message_text(m) for m in rec.reasons))
                self.table.setItem(start + offset, column, item)
            price = self._price_item(rec, result.objective)
            price.setForeground(grey)
            self.table.setItem(start + offset, self.PRICE_COLUMN, price)
            self.row_recommendations.append(rec)

    def recommendation_at(self, row: int):
        """The configuration shown in ``row``: ranked, without a price, or below the line (None for
        the below-the-line heading row)."""
        recs = getattr(self, "row_recommendations", None)
        if recs is None or not 0 <= row < len(recs):
            return None
        return recs[row]

    def _speed_text(self, est) -> str:
        """The configuration's speed as its family words it (a time, a latency, FP32 per user, streams per card)."""
        return write(view_of(est.scenario.workload).ranking.speed_text(est), current_language())

    def _show_reasons(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.result is None:
            return
        rec = self.recommendation_at(rows[0].row())
        if rec is None:
            self.launch_row.show_estimate(None)
            return
        # what past support means is long: in the caution's tooltips (over the table, the card), not here
        self.reasons.setText("\n".join(f"• {message_text(m)}" for m in rec.reasons if m.id != PAST_SUPPORT_MEANS))
        self.launch_row.show_estimate(rec.estimate)
        if not self.partial:  # searched for the final ranking's rows only
            self._show_tradeoff()

    def use_selected(self) -> bool:
        """Apply the selected configuration to the scenario (undoable); one below the line too,
        whose broken constraints then show in the window."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.result is None:
            return False
        rec = self.recommendation_at(rows[0].row())
        if rec is None:
            return False
        self.controller.replace_undoable(rec.estimate.scenario,
                                         lambda: _tc("RecommendationPanel", "Use recommendation"))
        return True

