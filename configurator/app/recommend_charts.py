"""The recommendation panel's charts: the Pareto chart of cost against speed, and the serving
trade-off of the selected deployment in its own tab (drawn only for a family whose view has it)."""

from __future__ import annotations

from collections.abc import Callable

from configurator.app import format as fmt
from configurator.app.i18n import current_language
from configurator.app.tradeoff_chart import ServingTradeoffChart
from configurator.core.recommend import Objective, Result
from configurator.core.view.family_view import view_of
from configurator.core.view.rows import label, write
from configurator.core.view.words import words


class RankingCharts:
    """Mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel` (it brings
    ``controller``, ``result``, ``table``, ``charts``, ``pareto``, ``_tradeoff_page``,
    ``_tradeoff_chart``, ``_tradeoff_of`` and ``recommendation_at``)."""

    def _chart_axes(self, objective: Objective, currency: str) -> tuple[str, str, str, Callable[[float], float]]:
        """Title, x label, y label, and how a recommendation's speed becomes the x value (the family's view)."""
        from configurator.core.view.ranking_view import ranking_cost_label  # loads the estimator: after painting

        ranking = view_of(self.controller.scenario.workload).ranking
        language = current_language()
        # the ranking's cost: the TCO of the whole bill of materials over the years, or the rent — named so
        cost = write(ranking_cost_label(objective, self.controller.scenario), language)
        y = f"{cost} [{fmt.axis_currency(currency)}]"
        return label(ranking.pareto_title, language), label(ranking.pareto_axis, language), y, ranking.pareto_x

    def _fill_chart(self, result: Result) -> None:
        """The Pareto chart, its cost axis named without the basis ('Cost per million tokens [USD]') and
        the basis under its title ('cloud rent', 'TCO over 4 years'); the full name in its tooltip. The
        full name on the axis was longer than the axis at 1280 × 800 and wrapped onto two to four
        lines (268-686 px against 175 px in English, the TCO's the longest; session 24)."""
        currency = self.controller.scenario.economics.currency
        title, x_label, full, to_x = self._chart_axes(result.objective, currency)
        self.pareto.page.setToolTip(full)
        axis, basis = self._cost_axis_words(result.objective, currency)
        self.pareto.draw(result, (title, x_label, axis, to_x), basis)

    def _cost_axis_words(self, objective: Objective, currency: str) -> tuple[str, str]:
        """The ranking's cost named without its basis, with its unit and currency, and the basis named
        briefly (:data:`~configurator.core.view.cost_bases.SHORT`)."""
        from configurator.core.view.cost_bases import per_unit_label, short_basis_label
        from configurator.core.workloads import family_of

        scenario = self.controller.scenario
        language = current_language()
        unit = family_of(scenario.workload).cost_unit
        basis = short_basis_label("cloud" if objective is Objective.CLOUD else "tco",
                                  scenario.economics.amortisation_years)
        return f"{write(per_unit_label(unit, None), language)} [{fmt.axis_currency(currency)}]", write(basis, language)

    TRADEOFF_TAB = 1
    """The serving trade-off's tab (shown for serving only)."""

    def _show_chart_tabs(self) -> None:
        """Tab names in the language; the trade-off tab only for a family whose view draws it."""
        w = words(current_language())
        self.charts.setTabText(0, w("Cost and speed"))
        self.charts.setTabText(self.TRADEOFF_TAB, w("Serving trade-off"))
        shown = view_of(self.controller.scenario.workload).ranking.serving_tradeoff
        self.charts.setTabVisible(self.TRADEOFF_TAB, shown)
        if not shown:
            self._tradeoff_of = None
            if self._tradeoff_chart is not None:
                self._tradeoff_chart.show_tradeoff(None, current_language())

    @property
    def tradeoff_chart(self) -> ServingTradeoffChart:
        """The serving trade-off chart, built in its tab on first use: a panel that never shows a
        serving ranking's trade-off never builds it (a plot widget: ~10 ms of the panel's opening
        and of a language switch on the GUI thread, issue 28)."""
        if self._tradeoff_chart is None:
            self._tradeoff_chart = ServingTradeoffChart()
            self._tradeoff_page.layout().addWidget(self._tradeoff_chart)
        return self._tradeoff_chart

    def _show_tradeoff(self) -> None:
        """The selected serving deployment's trade-off, searched when its tab is open (one search
        at one count: tens of milliseconds) and kept until another row is selected."""
        if self.charts.currentIndex() != self.TRADEOFF_TAB or self.result is None:
            return
        rows = self.table.selectionModel().selectedRows()
        rec = self.recommendation_at(rows[0].row()) if rows else None
        if rec is not None and rec is self._tradeoff_of:
            return
        self._tradeoff_of = rec  # none selected: the chart says why there is nothing to draw
        self.tradeoff_chart.show_selected(self.controller.scenario, rec, self.result, current_language())
