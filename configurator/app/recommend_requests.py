"""Asking the recommendation panel's ranking: once the user stops changing the scenario (a debounce),
on a worker thread, card by card, the ranking shown kept where the question is the same.

:class:`RankingRequests` is mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel`,
which shows what it asks for. Split out of :mod:`configurator.app.recommend_panel` in December 2026.
"""

from __future__ import annotations

from collections.abc import Callable

from configurator.app.ranking_steps import ranking_steps
from configurator.app.worker import Cancelled, JobContext
from configurator.core.mismatch import mismatch
from configurator.core.recommend import Result, ranking_question, recommend
from configurator.core.scenario import Scenario

DEBOUNCE_MS = 200
"""Recommend once the user has stopped changing the scenario for this long [ms]. A slider dragged
changes it every 10-50 ms (a mouse's pace), a typist's keys about every 200-300 ms; a ranking asked
for again is dropped between two cards (:class:`~configurator.app.worker.LatestJob`), so a shorter
wait costs at most a card's ranking. Issue 28 part 3 (the panel answers within a second, cold): the
wait is time the user waits with nothing new shown; at 400 ms the first rows came 400-460 ms after
a change and the training ranking was whole after 1.4-1.5 s (benchmarks/ui_latency.py
--answers-only, load 4.8 on 2 cores). The ranking starts earlier once the window has the edited
scenario's numbers (:meth:`RankingRequests._on_window_drawn`)."""

LISTED = 15
"""Configurations ranked in the table (the rest count for the chart's front and price decides)."""


def with_price_decision(result: Result) -> Result:
    """``result`` with whether price decides it worked out (where the ranking runs, not on the GUI
    thread: it re-scores every ranked configuration), and what cards already owned carry alone
    (:attr:`Result.owned_alone`: it plans the owned cards again at several loads)."""
    _ = result.price_decides, result.owned_alone
    return result


class RankingRequests:
    """Mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel` (it brings ``controller``,
    ``ranking``, ``filters``, ``result``, ``partial``, ``_asked``, ``_checks``, ``_timer``, ``_job`` and
    ``_show_result``)."""

    def _schedule(self, *_changed) -> None:
        self._timer.start()

    def _on_window_drawn(self, analysis) -> None:
        """The window has the edited scenario's numbers and sweeps (its analysis's second step: all but
        the catalog pass, which gives way to a ranking): rank now rather than when the debounce ends.
        The README's 70B serving question: the second step came ~110 ms after an edit, 90 ms before the
        debounce's end, the interpreter idle between (issue 28). A change that follows within the
        debounce (a slider dragged on) drops the ranking between two cards, as one after it does."""
        if self._timer.isActive() and analysis.by_count and self.controller.latest_is_current:
            self.start_refresh()

    def _question(self) -> tuple:
        """What a ranking of the current scenario reads: its ranking question
        (:func:`~configurator.core.recommend.ranking_question`: not the count and the card where
        the family's ranking does not read them), the objective, the filters and the catalog."""
        return (ranking_question(self.controller.scenario), self.ranking.value.objective, self.filters(),
                self.controller.catalog)

    def _request(self) -> Callable[[], tuple[Result, object, tuple, dict]]:
        """The ranking of the current scenario and the check of the hand-picked card, to run anywhere."""
        scenario: Scenario = self.controller.scenario
        catalog = self.controller.catalog
        objective = self.ranking.value.objective
        filters = self.filters()
        asked, checks = self._question(), {}
        return lambda: (with_price_decision(recommend(scenario, catalog, objective, filters, limit=LISTED)),
                        mismatch(scenario, catalog, checks, objective, filters), asked, checks)

    def _progressive_request(self) -> Callable[[JobContext], tuple[Result, object, tuple, dict]]:
        """The ranking of the current scenario card by card (:func:`ranking_steps`), each ranking so
        far handed to the GUI as a step, then the whole ranking and the check of the hand-picked card.
        Where the complete ranking shown was asked the same question (:meth:`_question`: a card-count
        change of a serving scenario), it is kept and only the hand-picked card is checked again, with
        the rankings its check asked for last time (``mismatch``'s ``rankings``)."""
        scenario: Scenario = self.controller.scenario
        catalog = self.controller.catalog
        objective = self.ranking.value.objective
        filters = self.filters()
        asked = self._question()
        same = asked == self._asked
        shown = self.result if self.result is not None and not self.partial and same else None
        checks = self._checks if same else {}

        def job(context: JobContext) -> tuple[Result, object, tuple, dict]:
            if shown is not None:
                warning = mismatch(scenario, catalog, checks, objective, filters)
                context.check()
                return shown, warning, asked, checks
            for step in ranking_steps(scenario, catalog, objective, filters, LISTED, cancelled=context.cancelled):
                if step.final:
                    context.check()
                    warning = mismatch(scenario, catalog, checks, objective, filters)
                    return with_price_decision(step.result), warning, asked, checks
                context.step(step)
            raise Cancelled  # cut short: not a result

        return job

    def start_refresh(self) -> None:
        """Recommend for the current scenario on a worker thread (a newer request replaces it), the
        ranking so far shown as it grows."""
        self._timer.stop()
        self._timer.setInterval(DEBOUNCE_MS)  # after a first ranking asked for at once (take_over)
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

    @property
    def busy(self) -> bool:
        """A ranking is asked for or under way."""
        return self._job.busy or self._timer.isActive()
