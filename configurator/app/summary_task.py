"""The summary of the analysis on screen, made without freezing the window (issue 28).

Its Qt-free part — :func:`configurator.report.export.summary_of`, which ranks the catalog for
the summary's options table (hundreds of ms cold) — runs on the worker thread; what needs Qt
widgets or the GUI thread (the memory chart drawn by the window's own chart
widgets, the document laid out) runs there one piece per pass of the event loop, so that
repaints and input go on between the pieces. The menu's Export and Print Preview use it; the
synchronous ``export_summary`` and ``summary_document`` stay for scripts and tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from configurator.app.worker import JobContext, LatestJob

if TYPE_CHECKING:
    from configurator.core.analysis import Analysis
    from configurator.core.catalog import Catalog
    from configurator.report.summary import Summary

PIECE_GAP_MS = 15
"""Pause between two pieces [ms]: the window paints and takes input between them (pieces chained
with no delay ran back to back in one pass of the event loop, 90 ms and more)."""



class SummaryTask(QObject):
    """Makes one summary at a time (a newer request drops the older); see the module docstring.

    ``done(summary, document)`` receives the summary and, when ``with_document``, its printable
    QTextDocument (else None); ``failed(error)`` receives what went wrong. Both run on the GUI
    thread.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job = LatestJob(self)
        self._job.finished.connect(self._on_summary)
        self._job.failed.connect(self._on_failed)
        self._request: tuple | None = None
        self.busy_changed = self._job.busy_changed

    @property
    def busy(self) -> bool:
        """A summary is being made (on the worker or in the GUI thread's pieces)."""
        return self._job.busy or self._request is not None

    def start(self, analysis: Analysis, catalog: Catalog, language: str, with_document: bool,
              done: Callable[[Summary, object], None], failed: Callable[[Exception], None]) -> None:
        """Make the summary of ``analysis`` in ``language``; see the class docstring."""
        self._request = (analysis, language, with_document, done, failed)

        def job(context: JobContext) -> Summary:
            from configurator.report.export import summary_of

            summary = summary_of(analysis.estimate, catalog, language)
            context.check()
            return summary

        self._job.submit(job)

    def _on_summary(self, summary: Summary) -> None:
        request = self._request
        if request is None:
            return
        analysis, language, with_document, done, failed = request
        if not with_document:
            self._finish(lambda: done(summary, None))
            return
        images: dict = {}
        made: dict = {}
        pieces = []
        from configurator.app.report_export import SUMMARY_CHARTS

        for key in SUMMARY_CHARTS:  # each chart built in one pass, rendered in the next
            pieces.append(lambda key=key: made.update(chart=_chart_widget(key, analysis, language)))
            pieces.append(lambda key=key: images.update({key: _grab_chart(made.pop("chart"))}))

        def document() -> None:
            from configurator.report.document import build_document

            made["document"] = build_document(summary, images)

        # the document laid out in one pass, handed over (printed, written, previewed) in the next
        self._run_pieces(request, [*pieces, document, lambda: self._finish(lambda: done(summary, made["document"]))])

    def _run_pieces(self, request: tuple, pieces: list[Callable[[], None]]) -> None:
        """Run ``pieces`` one per pass of the event loop while ``request`` is still the newest."""

        def next_piece() -> None:
            if self._request is not request:
                return
            try:
                pieces.pop(0)()
            except Exception as error:  # noqa: BLE001 - handed to the caller, which says it
                self._request = None
                request[4](error)
                return
            if pieces and self._request is request:
                QTimer.singleShot(PIECE_GAP_MS, self, next_piece)

        QTimer.singleShot(PIECE_GAP_MS, self, next_piece)

    def _finish(self, deliver: Callable[[], None]) -> None:
        self._request = None
        deliver()

    def _on_failed(self, error: Exception) -> None:
        request, self._request = self._request, None
        if request is not None:
            request[4](error)


def _chart_widget(key: str, analysis: Analysis, language: str):
    """The summary's ``key`` chart of ``analysis``, its texts in ``language``."""
    from configurator.app.i18n import language_for_a_while
    from configurator.app.report_export import chart_widget

    with language_for_a_while(language):
        return chart_widget(key, analysis)


def _grab_chart(chart):
    from configurator.app.report_export import grab_chart

    return grab_chart(chart)
