"""The summary of the analysis on screen, made without freezing the window (issue 28).

Three stages. The Qt-free summary — :func:`configurator.report.export.summary_of`, which ranks
the catalog for the summary's options table (hundreds of ms cold) — on the worker thread. The
memory chart, drawn by the window's own chart widgets (widgets live on the GUI thread only), on
the GUI thread, one piece per pass of the event loop, so that repaints and input go on between
the pieces. Then the printable document laid out and, for an export, the file written, on the
worker thread again: each took 35-70 ms of the GUI thread's time in one pass. Qt allows it: "the
QTextDocument, QTextCursor, and all related classes are reentrant" and "QPainter can be used in
a thread to paint onto QImage, QPrinter, and QPicture paint devices" (Qt 6, *Thread-Support in
Qt Modules*; QPdfWriter is a paged paint device like QPrinter); no widget is touched there, the
chart arrives as a QImage (implicitly shared, its reference count atomic), the document's images
are QImage resources, and a document for the Print Preview is moved to the GUI thread before it
is handed over. The menu's Export and Print Preview use it; the synchronous ``export_summary``
and ``summary_document`` stay for scripts and tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from configurator.app.worker import Cancelled, JobContext, LatestJob

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
    QTextDocument (else None); given ``on_worker(summary, document)`` (writing a file), that runs
    on the worker thread last and ``done`` receives what it returns in place of the document.
    ``failed(error)`` receives what went wrong. ``done`` and ``failed`` run on the GUI thread.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job = LatestJob(self)
        self._job.finished.connect(self._on_worker_done)
        self._job.failed.connect(self._on_failed)
        self._request: tuple | None = None
        self.busy_changed = self._job.busy_changed

    @property
    def busy(self) -> bool:
        """A summary is being made (on the worker or in the GUI thread's pieces)."""
        return self._job.busy or self._request is not None

    def start(self, analysis: Analysis, catalog: Catalog, language: str, with_document: bool,
              done: Callable[[Summary, object], None], failed: Callable[[Exception], None],
              on_worker: Callable[[Summary, object], object] | None = None, ranked_by: tuple = ()) -> None:
        """Make the summary of ``analysis`` in ``language``, its alternatives ranked by ``ranked_by``
        (the recommendation panel's (objective, filters); empty: total cost of ownership over every
        card of the workload's classes); see the class docstring."""
        request = (analysis, language, with_document, done, failed, on_worker)
        self._request = request

        def job(context: JobContext) -> tuple:
            from configurator.app.report_export import ranked_arguments
            from configurator.report.export import summary_of

            if with_document:  # what the GUI thread's pieces import, loaded here (no Qt object made at import)
                import configurator.report.document  # noqa: F401
                if on_worker is None:
                    import configurator.app.preview  # noqa: F401 - the Print Preview's dialog
            summary = summary_of(analysis.estimate, catalog, language, *ranked_arguments(ranked_by))
            context.check()
            if with_document:
                return "summary", summary
            return "delivered", (summary, _plain(on_worker(summary, None)) if on_worker is not None else None)

        self._job.submit(job)

    def _on_worker_done(self, value: tuple) -> None:
        request = self._request
        if request is None:
            return
        stage, result = value
        if stage == "delivered":
            self._request = None
            request[3](*result)
            return
        self._draw_charts(request, result)

    def _draw_charts(self, request: tuple, summary: Summary) -> None:
        """On the GUI thread, a piece per pass: the summary's charts drawn by the window's widgets,
        then the document made (and handed on) on the worker."""
        analysis, language, _, _, _, on_worker = request
        images: dict = {}
        made: dict = {}
        pieces = []
        from configurator.app.report_export import SUMMARY_CHARTS

        for key in SUMMARY_CHARTS:  # each chart built in one pass, drawn in the next, rendered in a third
            pieces.append(lambda key=key: made.update(chart=_in_language(language, _new_chart, key)))
            pieces.append(lambda: _in_language(language, _draw_chart, made["chart"], analysis))
            pieces.append(lambda key=key: images.update({key: _grab_chart(made.pop("chart"))}))
        pieces.append(lambda: self._job.submit(_document_job(summary, images, on_worker)))
        self._run_pieces(request, pieces)

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

    def _on_failed(self, error: Exception) -> None:
        request, self._request = self._request, None
        if request is not None:
            request[4](error)


def _document_job(summary: Summary, images: dict, on_worker: Callable[[Summary, object], object] | None):
    """The worker's last stage: the document of ``summary`` with ``images`` laid out, then handed
    to ``on_worker`` there, or moved to the GUI thread for the caller (see the module docstring).

    Every QObject made here dies here: the document is deleted on the worker unless it was moved
    to the GUI thread for the Print Preview (its one crossing, children and all), the PDF writer
    in :func:`~configurator.report.document.write_pdf`, and what crosses back holds no frame of this
    thread (a failure as text, ``on_worker``'s result through :func:`_plain`). Python's collector runs on the GUI thread (app/gc_guard.py): a wrapper of a worker's
    QObject kept alive by a traceback's reference cycle would have been destroyed there, outside
    its thread (a suspect of the one segfault in a clean clone's CI, session 15)."""

    def job(context: JobContext) -> tuple:
        import shiboken6
        from PySide6.QtCore import QCoreApplication, QEventLoop

        from configurator.report.document import build_document

        # the worker thread's Qt event dispatcher, made with its first event loop: the document's
        # layout starts timers (never run here: the layout is completed by the pagination), and
        # without a dispatcher each start printed a warning; the loop itself is deleted at once
        shiboken6.delete(QEventLoop())
        document = None
        failure = None
        try:
            document = build_document(summary, images)
            context.check()
            if on_worker is not None:
                return "delivered", (summary, _plain(on_worker(summary, document)))
            document.moveToThread(QCoreApplication.instance().thread())  # pushed from the thread it lives in
            handed, document = document, None
            return "delivered", (summary, handed)
        except Cancelled:
            raise
        except Exception as error:  # noqa: BLE001 - said as text: its frames hold the document
            import traceback

            failure = "making the summary's document failed:\n" + "".join(traceback.format_exception(error))
        finally:
            if document is not None:  # deleted in its own thread, whatever happened
                shiboken6.delete(document)
        raise RuntimeError(failure)  # outside the handler: no __context__ keeps the frames alive

    return job


def _plain(value: object) -> object:
    """``value`` as it may cross to the GUI thread: never a Qt object made here (TypeError), an
    exception without the frames of this thread (its traceback, cause and context dropped: they
    hold the worker's locals, the document among them)."""
    import shiboken6

    if isinstance(value, shiboken6.Object):
        name = type(value).__name__
        if isinstance(value, QObject):
            shiboken6.delete(value)  # here, in its thread: the error's frames would carry it over
        raise TypeError(f"a Qt object made on the worker may not cross to the GUI thread: {name}")
    if isinstance(value, BaseException):
        value.__traceback__ = value.__cause__ = value.__context__ = None
    return value


def _in_language(language: str, work: Callable, *args):
    """``work(*args)`` with the interface's texts in ``language`` for a while."""
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while(language):
        return work(*args)


def _new_chart(key: str):
    from configurator.app.report_export import new_chart

    return new_chart(key)


def _draw_chart(chart, analysis: Analysis):
    from configurator.app.report_export import draw_chart

    return draw_chart(chart, analysis)


def _grab_chart(chart):
    from configurator.app.report_export import grab_chart

    return grab_chart(chart)
