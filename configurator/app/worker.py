"""Heavy work off the GUI thread: one job at a time per purpose, only the newest request counts.

A :class:`LatestJob` runs a function on a worker thread. A request made while one runs replaces
any request still waiting (a slider drag asks many times; only where it stopped matters), and a
result is delivered — on the GUI thread, through Qt signals — only while its request is still the
newest, so the window never shows the numbers of a scenario the user has already left.

A job receives a :class:`JobContext`: ``step(value)`` hands a partial result (cheap numbers
first) to the GUI and waits, briefly, until the GUI has applied and painted it, so the worker's
next, slower part does not compete with that repaint for the interpreter; ``cancelled()`` says
the request is no longer the newest, so the job can stop early.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

_EXECUTOR: ThreadPoolExecutor | None = None

STEP_SETTLE_S = 0.25
"""How long a job waits, at most, for the GUI to paint a partial result before going on."""


def executor() -> ThreadPoolExecutor:
    """The worker threads shared by every job (two: the analysis and a panel can overlap)."""
    global _EXECUTOR  # noqa: PLW0603 - created on first use, not at import
    if _EXECUTOR is None:
        _EXECUTOR = ThreadPoolExecutor(max_workers=2, thread_name_prefix="configurator-worker")
    return _EXECUTOR


class Cancelled(Exception):  # noqa: N818 - a state, not an error
    """Raised inside a job that noticed it is no longer wanted."""


class JobContext:
    """What a running job can ask of its :class:`LatestJob`."""

    def __init__(self, job: LatestJob, generation: int) -> None:
        self._job, self._generation = job, generation
        self._painted = threading.Event()

    def cancelled(self) -> bool:
        """True once a newer request (or a cancel) made this one's result unwanted."""
        return self._generation != self._job._generation

    def check(self) -> None:
        """Raise :class:`Cancelled` if the result is no longer wanted."""
        if self.cancelled():
            raise Cancelled

    def step(self, value: Any) -> None:
        """Deliver a partial result and give the GUI a moment to paint it."""
        self.check()
        self._painted.clear()
        if self._job._send(self._generation, "step", value, self._painted):
            self._painted.wait(STEP_SETTLE_S)
        self.check()


class LatestJob(QObject):
    """Runs one job at a time on a worker thread; see the module docstring."""

    step = Signal(object)
    """A partial result of the newest request (GUI thread)."""
    finished = Signal(object)
    """The result of the newest request (GUI thread)."""
    failed = Signal(object)
    """The exception the newest request's job raised (GUI thread)."""
    busy_changed = Signal(bool)
    """True when work starts after idling, False when the newest request is done."""

    _deliver = Signal(int, str, object, object)  # crosses from the worker thread to the GUI thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = 0
        self._running: int | None = None
        self._pending: tuple[int, Callable[[JobContext], Any]] | None = None
        self._deliver.connect(self._on_deliver)

    @property
    def busy(self) -> bool:
        """The newest request has not delivered its result yet."""
        return self._pending is not None or self._running == self._generation

    def submit(self, job: Callable[[JobContext], Any]) -> None:
        """Run ``job(context)`` on a worker thread; any earlier request's result is dropped."""
        was_busy = self.busy
        self._generation += 1
        if self._running is None:
            self._start(self._generation, job)
        else:  # a stale job still runs: this one starts when it ends
            self._pending = (self._generation, job)
        self._busy_from(was_busy)

    def cancel(self) -> None:
        """Drop the waiting request and ignore the running one's result."""
        was_busy = self.busy
        self._generation += 1
        self._pending = None
        self._busy_from(was_busy)

    def _busy_from(self, was_busy: bool) -> None:
        if self.busy != was_busy:
            self.busy_changed.emit(self.busy)

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Process events until no request runs or waits (tests; False on timeout)."""
        loop = QEventLoop()
        deadline = QTimer()
        deadline.setSingleShot(True)
        deadline.timeout.connect(loop.quit)
        deadline.start(timeout_ms)
        while self.busy and deadline.isActive():
            loop.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents, 50)
        return not self.busy

    # ---- running ----------------------------------------------------------------------------
    def _start(self, generation: int, job: Callable[[JobContext], Any]) -> None:
        self._running = generation
        context = JobContext(self, generation)

        def run() -> None:
            try:
                value = job(context)
            except Cancelled:
                self._send(generation, "cancelled", None)
            except Exception as error:  # noqa: BLE001 - delivered to the GUI, which reports it
                self._send(generation, "failed", error)
            else:
                self._send(generation, "finished", value)

        executor().submit(run)

    def _send(self, generation: int, kind: str, value: Any, painted: threading.Event | None = None) -> bool:
        """Emit towards the GUI thread; False when the receiver is gone (window closed)."""
        try:
            self._deliver.emit(generation, kind, value, painted)
        except RuntimeError:  # the C++ object was deleted: nobody is waiting for this
            return False
        return True

    def _on_deliver(self, generation: int, kind: str, value: Any, painted: threading.Event | None) -> None:
        current = generation == self._generation
        if kind == "step":
            if current:
                self.step.emit(value)
            if painted is not None:  # let the worker go on once this pass of the event loop has painted
                QTimer.singleShot(0, painted.set)
            return
        was_busy = self.busy
        if generation == self._running:
            self._running = None
        if self._running is None and self._pending is not None:
            pending_generation, job = self._pending
            self._pending = None
            self._start(pending_generation, job)
        if current:
            if kind == "finished":
                self.finished.emit(value)
            elif kind == "failed":
                self.failed.emit(value)
        self._busy_from(was_busy)


def show_busy(label: QLabel, under: QWidget, text: str, busy: bool) -> None:
    """The one busy state of a worker's consumer: ``text`` in ``label`` and a busy cursor over
    ``under`` while ``busy``; both cleared after."""
    label.setText(text if busy else "")
    if busy:
        under.setCursor(Qt.CursorShape.BusyCursor)
    else:
        under.unsetCursor()
