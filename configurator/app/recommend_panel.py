"""Recommendation panel: which card and how many, ranked, with reasons and a Pareto chart."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from configurator.app.against_constraints import against_html
from configurator.app.binders import ValueModel
from configurator.app.compact_form import narrowed_combos
from configurator.app.controller import ScenarioController
from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.launch_row import LaunchRow
from configurator.app.pareto_chart import ParetoChart
from configurator.app.ranking_steps import RankingStep
from configurator.app.recommend_cards import named_cards_text
from configurator.app.recommend_charts import RankingCharts
from configurator.app.recommend_columns import MAX_COLUMN_PX
from configurator.app.recommend_controls import Ranking, RankingControls, objective_names
from configurator.app.recommend_prices import RankingPrices
from configurator.app.recommend_requests import DEBOUNCE_MS, RankingRequests
from configurator.app.recommend_table import SUPPORT_CAUTION_COLOUR, RankingTable
from configurator.app.tradeoff_chart import ServingTradeoffChart
from configurator.app.worker import LatestJob, show_busy
from configurator.core.messages_pools import BOUGHT_NOTES
from configurator.core.ranking_basis import ranked_said
from configurator.core.applied import applied
from configurator.core.cloud_only import also_to_rent
from configurator.core.recommend import Result
from configurator.core.recommend_budget import budget_short_message
from configurator.core.serving_use import short_note, users_read
from configurator.core.view.estimate_view import layout_phrase
from configurator.core.view.job_view import job_line, shown_estimate
from configurator.core.view.ranking_view import none_ranked
from configurator.core.view.rows import write
from configurator.core.view.words import words

__all__ = ["MAX_COLUMN_PX", "SUPPORT_CAUTION_COLOUR", "Ranking", "RecommendationPanel", "objective_names"]
"""The panel, and what its parts (:mod:`~configurator.app.recommend_controls`,
:mod:`~configurator.app.recommend_table`, :mod:`~configurator.app.recommend_columns`) hold that its users name."""

TABLE_MIN_WIDTH_PX = 360
"""Narrowest the ranking's table gets [px]: the card and its class readable (a bottom dock shared
with the bill of materials at 1400 px squeezed it to 180 px, one card name cut, issue 28)."""

TABLE_MIN_ROWS = 4
"""Rows of the ranking the table shows at least (with its header): the first answers and the
runner-up (the shared dock left one row)."""

TEXTS_MIN_LINES = 3
"""Lines of the price-decides note and the reasons shown at least; the rest scroll (wrapped in
too little height they were drawn over each other)."""

PAST_SUPPORT_MEANS = "stack-past-support-means"
"""The caution's second message (what past support means), left out of the reasons under the table."""


def scrolling_down(widget: QWidget, name: str) -> QScrollArea:
    """``widget`` in a frameless area named ``name`` that scrolls up and down only (it takes the
    area's width)."""
    area = QScrollArea()
    area.setObjectName(name)
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area

class RecommendationPanel(RankingControls, RankingTable, RankingPrices, RankingCharts, RankingRequests, QWidget):
    """Ranks every catalog card for the current scenario and applies the chosen one: its controls
    (:class:`~configurator.app.recommend_controls.RankingControls`) on the left, the ranking's table
    (:class:`~configurator.app.recommend_table.RankingTable`, with its prices:
    :class:`~configurator.app.recommend_prices.RankingPrices`) in the middle, its charts
    (:class:`~configurator.app.recommend_charts.RankingCharts`) on the right; the ranking asked for by
    :class:`~configurator.app.recommend_requests.RankingRequests`."""

    check_changed = Signal()
    """The hand-picked card's check shown above the ranking (:attr:`warning`) changed: the window's results
    say again what it does not say in full (:func:`~configurator.core.mismatch.said_beside`)."""

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
        self._asked: tuple | None = None
        """What the complete ranking shown was asked (:meth:`_question`), or None."""
        self._checks: dict = {}
        """The rankings the hand-picked card's check asked for (``mismatch``'s ``rankings``) with
        :attr:`_asked`: kept while the question is."""
        self._picked: str | None = None
        """The card of the row the user selected while the ranking grew."""
        self._filling = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.start_refresh)
        self._job = LatestJob(self, foreground=True)  # the window's catalog pass gives way to it
        self._job.finished.connect(lambda found: self._show_result(*found))
        self._job.step.connect(self._show_step)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self._show_busy)
        layout = QHBoxLayout(self)
        layout.addWidget(self._scrolled_controls(), 0)
        middle = QVBoxLayout()
        self.busy_label = QLabel()
        self.busy_label.setObjectName("recommend-busy")
        self.busy_label.setStyleSheet("color: #555;")
        # wrapped: one line of "Ranking 1 of 50 cards… the best so far is shown; …" made the panel, the
        # bottom dock and so the window ~490 px wider while the catalog was ranked (1,385 -> 1,873 px:
        # beyond a laptop's screen), every chart of the window laid out and drawn again (issue 28)
        self.busy_label.setWordWrap(True)
        middle.addWidget(self.busy_label)
        self.job_label = QLabel()
        """First under the table: the job the ranking answers, as the command line's ``recommend`` says it first
        (:func:`~configurator.core.view.job_view.job_line`: the model, the token budget or the load, the
        constraints set and the budget, region and deadline left open, each default said as one). Not over the
        table: there its two lines took the fourth ranking row off a 1366 × 768 screen (test_window_fits_screen)."""
        self.job_label.setObjectName("ranking-job")
        self.job_label.setWordWrap(True)
        self.job_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
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
        self.table = self._make_table()
        self.table.itemSelectionChanged.connect(self._show_reasons)
        self.table.itemSelectionChanged.connect(self._note_pick)
        self.table.doubleClicked.connect(lambda _: self.use_selected())
        self.use_action = self._use_row_by_keys(self.table)
        """Enter on a row: the row used, as by the button (the table's context menu, with its key)."""
        self.table.setMinimumSize(TABLE_MIN_WIDTH_PX, self._rows_height(TABLE_MIN_ROWS))
        middle.addWidget(self.table, 3)
        self.price_decides_label = QLabel()
        self.price_decides_label.setObjectName("price-decides")
        self.price_decides_label.setWordWrap(True)
        self.price_decides_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.against_label = QLabel()
        """Over the reasons: the selected configuration (the first when the ranking is shown) against each
        constraint the buyer set, as the command line prints the first's (its capex against the budget, the
        region, the deadline, power, latency); empty when none is set."""
        self.against_label.setObjectName("against-constraints")
        self.against_label.setWordWrap(True)
        self.against_label.setTextFormat(Qt.TextFormat.RichText)
        self.against_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.reasons = QLabel()
        self.reasons.setWordWrap(True)
        self.load_label = QLabel()
        """First under the table: the serving question has no load, so the ranking is for the load assumed
        (1 user at once, one full batch per model copy), and what to give (its tooltip: the flags and fields
        in full); where a load was given, what the cards already owned carry alone if their card needs more
        (``Result.owned_alone``); else hidden. Under the table, in the texts that scroll, not over it: a
        line over it took the fourth ranking row off the smallest screens (tests/test_window_fits_screen.py)."""
        self.load_label.setObjectName("load-not-given")
        self.load_label.setWordWrap(True)
        self.load_label.setStyleSheet(f"color: {SUPPORT_CAUTION_COLOUR}; font-weight: bold;")
        self.load_label.setVisible(False)
        self.named_label = QLabel()
        """Where the buyer named the cards: the command line's sentences (the cards compared, each not ranked
        with why; :func:`~configurator.app.recommend_cards.named_cards_text`); else hidden."""
        self.named_label.setObjectName("named-cards")
        self.named_label.setWordWrap(True)
        self.named_label.setVisible(False)
        self.rent_label = QLabel()
        """Where the buyer buys and cards sold only as a cloud service were left out: the command line's line 'Also
        available to rent, not sold: …' (:func:`~configurator.core.cloud_only.also_to_rent`); else hidden."""
        self.rent_label.setObjectName("also-to-rent")
        self.rent_label.setWordWrap(True)
        self.rent_label.setVisible(False)
        middle.addWidget(self._scrolled(self.job_label, self.named_label, self.load_label, self.against_label,
                                        self.price_decides_label, self.reasons, self.rent_label), 2)
        self.launch_row = LaunchRow()
        """Copy the selected deployment's launch command (serving engines, trainers): under the table
        whose row it launches (in the chart's column its ~400 px set that column's least width, and
        at 1,280 px the table got under 40 % of the window)."""
        middle.addWidget(self.launch_row)
        # the table over the chart, 3 : 1 (at 1,280 px the table keeps > 40 %; at 5 : 3 the table got ~500 px at
        # 1920 × 1080 with both bottom docks open, its limit and price columns past its edge, session 45)
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
        # no least width of its own: a smaller one than its page's (pareto_chart.CHART_MIN_PX) clipped the
        # page's right 24 px at 1280 px wide, the chart's last x tick and its front's end cut (session 47, persona)
        right = QVBoxLayout()
        right.addWidget(self.charts, 1)
        layout.addLayout(right, 1)
        self._set_headers()
        controller.scenario_changed.connect(self._schedule)
        controller.catalog_changed.connect(self._schedule)
        controller.analysis_step.connect(self._on_window_drawn)
        if shown is not None:
            self.ranking.replace(shown.ranking.value)
            self.charts.setCurrentIndex(shown.charts.currentIndex())
        if staged and shown is not None:
            self._timer.stop()  # until take_over
        else:
            self.take_over(shown)

    def _rows_height(self, rows: int) -> int:
        """Height of the table showing its header and ``rows`` rows [px]."""
        table = self.table
        return (table.horizontalHeader().sizeHint().height() + rows * table.verticalHeader().defaultSectionSize()
                + 2 * table.frameWidth() + table.horizontalScrollBar().sizeHint().height())

    def _scrolled_controls(self) -> QScrollArea:
        """The objective, constraints and filters (narrowed: room for the ranking, compact_form) in
        an area that scrolls up and down: their column of a dozen rows set the dock's lowest height,
        which left the window taller than a 1280 × 800 screen with the dock open."""
        controls = QWidget()
        controls.setLayout(narrowed_combos(self._controls()))
        self._show_family_controls(self.controller.scenario)  # its rows now have a parent: no window of their own
        area = scrolling_down(controls, "recommend-controls")
        area.setMinimumWidth(controls.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width())
        return area

    def _scrolled(self, *labels: QLabel) -> QScrollArea:
        """``labels`` one under the other in a frameless area that scrolls, at least
        :data:`TEXTS_MIN_LINES` lines high."""
        inside = QWidget()
        column = QVBoxLayout(inside)
        column.setContentsMargins(0, 0, 0, 0)
        for label in labels:
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            column.addWidget(label)
        column.addStretch(1)
        area = scrolling_down(inside, "recommend-texts")
        area.setMinimumHeight(TEXTS_MIN_LINES * self.fontMetrics().lineSpacing())
        return area

    def take_over(self, shown: RecommendationPanel | None) -> None:
        """Show ``shown``'s ranking if it is complete (it is not worked out again), else rank: at once
        in the next pass of the event loop (the panel just opened: nothing to wait for)."""
        if shown is not None and shown.result is not None and not shown.partial and not shown.busy:
            self._timer.stop()  # the objective and filters taken over asked for a ranking: it is shown already
            taken = shown._asked, shown._checks  # noqa: SLF001 - the panel it replaces
            self._show_result(shown.result, shown.warning, *taken)
        else:
            self._timer.start(0)  # its interval back to the debounce once it fires (start_refresh)

    @property
    def chart(self) -> pg.PlotWidget:
        """The cost and speed chart's plot (:class:`~configurator.app.pareto_chart.ParetoChart`)."""
        return self.pareto.plot

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

    def _show_result(self, result: Result, warning, asked: tuple | None = None, checks: dict | None = None
                     ) -> Result:
        """Show the complete ranking ``result`` (asked ``asked``, :meth:`_question`) and the
        hand-picked card's check ``warning`` (with the rankings it asked for, ``checks``); the
        ranking shown already is not filled again (its rows, the row picked and the charts stay)."""
        changed, self.warning = warning != self.warning, warning
        self.mismatch_label.setText(message_text(warning) if warning else "")
        self._asked, self._checks = asked, {} if checks is None else checks
        if changed:
            self.check_changed.emit()
        if result is self.result and not self.partial:
            return result
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
        job = job_line(self.controller.scenario, shown_estimate(result), current_language(), self.controller.typed)
        said = ranked_said(result.objective, self.controller.scenario)  # by rent as the budget is rent, or against it
        self.job_label.setText(job if said is None else job + "\n" + message_text(said))
        self._set_headers()
        self.table.clearSpans()
        self._fill_table(result)
        self._fill_prices(result)
        self._show_support_caution(result)  # after the prices: their pass sets each name's tooltip
        self._show_load(result)
        self.named_label.setText(named_cards_text(result, current_language()))
        self.named_label.setVisible(bool(self.named_label.text()))
        named = result.filters.cards if result.filters is not None else ()  # said with why in the named label
        rented = also_to_rent(result.left_out, self.controller.catalog, named)  # cloud-only, where the buyer buys
        self.rent_label.setText(message_text(rented) if rented is not None else "")
        self.rent_label.setVisible(rented is not None)
        self._append_unpriced(result)
        self._fill_below_line(result)
        self._fill_unrated(result)
        self._number_ranked_rows(result)
        self._show_capex(result)  # last: it adds to the tooltips the passes before set
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
            self._show_against(None)
            if not partial:  # the trade-off tab says why it draws nothing
                self._show_tradeoff()
            self.reasons.setText(self._none_meets_text(result))

    def _show_load(self, result: Result) -> None:
        """First under the table, where the question had no load: what was assumed and what to give;
        else, once the ranking is whole, what the cards already owned carry alone where their card
        needs more of them (:attr:`Result.owned_alone`, as the command line says it first)."""
        note = result.load
        short = short_note(note) if note is not None else None
        if note is None and not self.partial:
            note = short = result.owned_alone
        if note is None:  # users given without a rate: how they were read, and how to give users a day
            note = short = users_read(self.controller.scenario)
        self.load_label.setVisible(note is not None)
        self.load_label.setText(message_text(short) if short is not None else "")
        self.load_label.setToolTip(message_text(note) if note is not None else "")

    def _none_meets_text(self, result) -> str:
        """Nothing ranked: the command line's sentence (one message for both, said once), then how many
        configurations the table lists below it (without a price, below the line, unrated) and how many cards
        it leaves out — the two counts the same sets as the rows shown."""
        listed = len(result.below_line) + len(result.unpriced) + len(result.unrated)
        left_out = len(result.unlisted)  # the command line's count: the cards listed are not counted again
        none_meets = write(none_ranked(result), current_language())  # or desks by rent: why none ranks
        space = " " if current_language() == "en" else ""  # a sentence after a Chinese full stop takes no space
        short = budget_short_message(result) if not self.partial else None  # the budget alone in the way
        if short is not None:  # said as the command line says it, before the counts
            none_meets += space + message_text(short)
        if not listed:
            return none_meets + space + self.tr("%n card(s) left out.", "", left_out)
        said = [self.tr("%n card(s) listed below, each with what it breaks or lacks.", "", listed)]
        if left_out:  # 'no other card left out' is no news: the sentence only when one is
            said.append(self.tr("%n other card(s) left out (filtered out, not deliverable, or further from your "
                                "constraints).", "", left_out))
        return none_meets + space + space.join(said)

    def _note_pick(self) -> None:
        """The user selected a row: kept selected while the ranking grows."""
        if not self._filling:
            self._picked = self._selected_card()

    def _show_reasons(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.result is None:
            return
        rec = self.recommendation_at(rows[0].row())
        self._show_against(rec)
        if rec is None:
            self.launch_row.show_estimate(None)
            return
        # what past support means is long: in the caution's tooltips (over the table, the card), not here
        lines = [message_text(m) for m in rec.reasons if m.id != PAST_SUPPORT_MEANS]
        lines += [message_text(m) for m in rec.estimate.messages if m.id in BOUGHT_NOTES]  # pools on fewer cards
        layout = layout_phrase(rec.estimate)  # what to launch, as the command line says it under the reasons
        if layout is not None:
            w = words(current_language())
            lines.append(f"{w.label('Layout')}{w.label(': ')}{write(layout, current_language())}")
        self.reasons.setText("\n".join(f"• {line}" for line in lines))
        self.launch_row.show_estimate(rec.estimate)
        if not self.partial:  # searched for the final ranking's rows only
            self._show_tradeoff()

    def _show_against(self, rec) -> None:
        """The configuration ``rec`` against each constraint the buyer set (:attr:`against_label`); nothing
        for None (no row, or the below-the-line heading) or when none is set."""
        first = rec is not None and self.result is not None and rec is self.result.best
        text = against_html(rec, first, current_language()) if rec is not None else ""
        self.against_label.setText(text)
        self.against_label.setVisible(bool(text))

    def use_selected(self) -> bool:
        """Apply the selected configuration to the scenario (undoable); one below the line too,
        whose broken constraints then show in the window."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.result is None:
            return False
        rec = self.recommendation_at(rows[0].row())
        if rec is None:
            return False
        # asked without a volume, the applied batch still is (not "1,024 users" the user never gave); the cards a
        # server may hold stay the user's (the alternatives of the summary are ranked on them, as here)
        self.controller.replace_undoable(applied(rec.estimate, self.controller.scenario),
                                         lambda: _tc("RecommendationPanel", "Use recommendation"))
        return True

