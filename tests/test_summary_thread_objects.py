"""Every Qt object the summary's worker makes dies on the worker (app/summary_task.py).

The PDF's document (QTextDocument) and its writer (QPdfWriter) are made on a worker thread. Python's
cyclic collector runs on the GUI thread only (app/gc_guard.py), so a wrapper of one of them kept
alive by a reference cycle (an exception's traceback holds the frames that hold them) would be
destroyed there, outside its thread: a QObject's destructor run in the wrong thread is undefined
behaviour in Qt, and a suspect of the one segfault seen in a clean clone's CI ("Garbage-collecting"
on the GUI thread, session 15). These tests record, for every such object the task makes, the
thread its destructor ran on (its ``destroyed`` signal, connected directly), and look through the
collector's objects for any live QObject of another thread once the task is over.
"""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QPdfWriter
from PySide6.QtWidgets import QMessageBox

from configurator.report import document as report_document


class Deaths:
    """The Qt objects the task made (their type and the thread that made them) and the thread
    each was destroyed on (``threading.get_ident``)."""

    def __init__(self) -> None:
        self.made: list[tuple[str, int, weakref.ref]] = []
        self.died: dict[int, int] = {}

    def watch(self, obj: QObject) -> None:
        index = len(self.made)
        self.made.append((type(obj).__name__, threading.get_ident(), weakref.ref(obj)))  # not kept alive here

        def gone(*_args, index=index) -> None:
            self.died[index] = threading.get_ident()

        obj.destroyed.connect(gone, Qt.ConnectionType.DirectConnection)

    def alive(self) -> list[str]:
        return [name for name, _, ref in self.made if ref() is not None and shiboken6.isValid(ref())]

    def died_elsewhere(self) -> list[str]:
        """Objects destroyed on another thread than the one that made them (or not at all)."""
        return [f"{name} made on {maker}, destroyed on {self.died.get(index)}"
                for index, (name, maker, _) in enumerate(self.made) if self.died.get(index) != maker]


@pytest.fixture
def deaths(monkeypatch) -> Deaths:
    """Watches every document the summary lays out and every PDF writer it opens."""
    record = Deaths()
    build = report_document.build_document

    def watched_build(summary, images=None):
        document = build(summary, images)
        record.watch(document)
        return document

    class WatchedWriter(QPdfWriter):
        def __init__(self, *args) -> None:
            super().__init__(*args)
            record.watch(self)

    monkeypatch.setattr(report_document, "build_document", watched_build)
    monkeypatch.setattr(report_document, "QPdfWriter", WatchedWriter)
    return record


def foreign_qobjects() -> list[str]:
    """Live QObjects (Python wrappers the collector can see) that belong to another thread than
    the GUI thread, after a full collection."""
    gc.collect()
    gui = QCoreApplication.instance().thread()
    found = []
    for obj in gc.get_objects():
        if isinstance(obj, QObject) and shiboken6.isValid(obj) and obj.thread() is not gui:
            found.append(type(obj).__name__)
    return found


def finish(window, qtbot) -> None:
    qtbot.waitUntil(lambda: not window._summary_task().busy, timeout=60_000)


def test_a_pdf_export_leaves_no_qt_object_of_the_worker(window, qtbot, tmp_path, deaths):
    path = tmp_path / "summary.pdf"
    window.export_summary_later(path)
    finish(window, qtbot)
    assert path.read_bytes().startswith(b"%PDF")
    assert sorted(name for name, _, _ in deaths.made) == ["QTextDocument", "WatchedWriter"]
    assert threading.get_ident() not in {maker for _, maker, _ in deaths.made}  # made on the worker
    assert deaths.alive() == [] and deaths.died_elsewhere() == []
    assert foreign_qobjects() == []


def test_a_layout_failing_on_the_worker_frees_its_document_there(window, qtbot, tmp_path, deaths, monkeypatch):
    """The half-made document dies on the worker (build_document deletes it before the error
    leaves); what crosses is the failure's text."""
    def broken(document, keep_whole=""):
        raise ValueError("a broken pagination")

    original = report_document.QTextDocument

    def watched_document(*args):
        document = original(*args)
        deaths.watch(document)
        return document

    shown = []
    monkeypatch.setattr(report_document, "paginate", broken)
    monkeypatch.setattr(report_document, "QTextDocument", watched_document)
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    window.export_summary_later(tmp_path / "summary.pdf")
    finish(window, qtbot)
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert "making the summary's document failed" in shown[0]
    assert len(deaths.made) == 1 and deaths.alive() == [] and deaths.died_elsewhere() == []
    assert not (tmp_path / "summary.pdf").exists()
    assert foreign_qobjects() == []


def test_a_failed_write_crosses_without_the_workers_frames(window, qtbot, tmp_path, deaths, monkeypatch):
    """The writer dies on the worker when painting fails, and the error said on the GUI thread
    carries no traceback. Before (main 5917c59) this failed: the error's frames held the writer,
    which crossed to the GUI thread with the error, still alive, kept by a reference cycle for
    the collector to destroy there, outside its thread."""
    import errno

    def full_disk(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    shown = []
    monkeypatch.setattr(report_document, "print_document", full_disk)
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    window.export_summary_later(tmp_path / "summary.pdf")
    finish(window, qtbot)
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert "No space left on device" in shown[0]
    assert sorted(name for name, _, _ in deaths.made) == ["QTextDocument", "WatchedWriter"]
    assert deaths.alive() == [] and deaths.died_elsewhere() == []
    assert foreign_qobjects() == []


def test_the_preview_gets_a_document_of_the_gui_thread(window, qtbot, deaths):
    """The one Qt object that crosses (the Print Preview paints the document) is moved to the GUI
    thread, children and all, before it is handed over; it dies with the dialog."""
    from configurator.app.preview import SummaryPreview

    window.open_print_preview()
    finish(window, qtbot)
    qtbot.waitUntil(lambda: window.findChild(SummaryPreview) is not None, timeout=10_000)
    preview = window.findChild(SummaryPreview)
    gui = QCoreApplication.instance().thread()
    document = preview.document
    assert document.thread() is gui and document.documentLayout().thread() is gui
    assert all(child.thread() is gui for child in document.findChildren(QObject))
    assert foreign_qobjects() == []
    preview.close()
    qtbot.waitUntil(lambda: not shiboken6.isValid(document), timeout=10_000)
    assert deaths.alive() == []


def test_a_qt_object_returned_by_the_workers_step_is_refused(window, qtbot):
    """What ``on_worker`` returns crosses to the GUI thread: a Qt object is refused (TypeError)."""
    from configurator.app.analysis_on_screen import shown_analysis

    failures, results = [], []
    task = window._summary_task()
    task.start(shown_analysis(window.controller), window.controller.catalog, "en", False,
               lambda *result: results.append(result), failures.append,
               on_worker=lambda summary, document: QObject())
    finish(window, qtbot)
    qtbot.waitUntil(lambda: bool(failures or results), timeout=30_000)
    assert results == [] and isinstance(failures[0], TypeError)
    assert foreign_qobjects() == []
