"""Heavy work off the GUI thread: one job at a time per purpose, only the newest request counts.

A :class:`LatestJob` runs a function on a worker thread. A request made while one runs replaces
any request still waiting (a slider drag asks many times; only where it stopped matters), and a
result is delivered — on the GUI thread, through Qt signals — only while its request is still the
newest, so the window never shows the numbers of a scenario the user has already left.

A job receives a :class:`JobContext`: ``step(value)`` hands a partial result (cheap numbers
first) to the GUI and waits, briefly, until the GUI has applied and painted it, so the worker's
next, slower part does not compete with that repaint for the interpreter; ``cancelled()`` says
the request is no longer the newest, so the job can stop early.

A worker thread never touches the :class:`LatestJob` itself: its owner (a wizard page, a panel)
may be deleted on the GUI thread at any moment, and a signal emitted from another thread into a
QObject being deleted crashes the process (issue 30: the wizard's result page, closed while its
decision was still being worked out, exit 139). What a worker reads is a plain-Python
:class:`_Lifeline` (the newest generation, closed once the job is destroyed); what it delivers
goes through the one :class:`_Relay`, a QObject that lives on the GUI thread for the whole
process, whose slot — on the GUI thread, where deletions happen too — hands it to the job only
if the job still exists.
"""

from __future__ import annotations

import sys
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import shiboken6
from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

from configurator.app.gc_guard import collect_on_gui_thread

_EXECUTOR: ThreadPoolExecutor | None = None

STEP_SETTLE_S = 0.25
"""How long a job waits, at most, for the GUI to paint a partial result before going on."""

GIL_SWITCH_S = 0.001
"""How long a thread keeps the interpreter before one waiting for it takes over [s] (Python's
default: 5 ms). A paint on the GUI thread calls back into Python many times (every chart item)
and, while the workers compute, waited up to that long at each call: a repaint of the window
took 44-52 ms with two busy workers at 5 ms, 14-15 ms at 1 ms (5 ms with idle workers; issue 28,
measured offscreen on the 2-core development machine)."""


WORKER_THREADS = 2
"""Worker threads shared by every job: the analysis and a panel can overlap (the analysis's catalog pass
gives way to a ranking the user waits on: :meth:`JobContext.give_way`). Session 29 tried that giving way
alone and did not keep it (the README's serving question asked again, whole 1,017-1,094 -> 899-985 ms at
load 1.5 but 1,053-2,111 -> 1,613-1,964 ms at load 2.9); session 32 measured it with the panel ranking
as soon as the window has the edit's numbers and the hand-picked card's check no longer searching the
inference cards again: the README's 70B question re-ranked whole 1,214-1,324 -> 822-872 ms at load
2.6-3.0, A/B alternating (``benchmarks/ui_latency.py --answers-only`` with that question as its
serving scenario, concurrency 180/220/240, p50 of 3)."""

GIVE_WAY_MAX_S = 1.5
"""Longest a job waits in all, in :meth:`JobContext.give_way`, for the jobs a user waits on [s]: the
window's cost chart comes at most this much later than it would have while the recommendation panel
ranks (the README's 70B serving question: ~0.6 s of ranking; a longer one then shares the interpreter
again)."""

GIVE_WAY_SLICE_S = 0.02
"""How often a job giving way looks whether it is still wanted [s]."""


class _Foreground:
    """The jobs a user is waiting on (:class:`LatestJob` made with ``foreground``: the recommendation
    panel's ranking, the wizard's answer) counted while they run on a worker thread. The threads share
    one interpreter: the window's catalog pass (~0.3 s of CPU for the README's 70B serving question)
    run beside the panel's ranking of the same edit (~0.6 s) stretched the ranking to 0.9 s of wall
    time, the re-rank whole after 1.1-1.2 s (issue 28; ``benchmarks/ui_latency.py --answers-only``)."""

    def __init__(self) -> None:
        self._running = 0
        self._changed = threading.Condition()

    def enter(self) -> None:
        with self._changed:
            self._running += 1

    def leave(self) -> None:
        with self._changed:
            self._running -= 1
            self._changed.notify_all()

    @property
    def busy(self) -> bool:
        """A foreground job runs."""
        return self._running > 0

    def wait_until_none(self, timeout_s: float) -> None:
        """Return once no foreground job runs, or after ``timeout_s`` [s]."""
        with self._changed:
            self._changed.wait_for(lambda: self._running == 0, timeout_s)


_FOREGROUND = _Foreground()


def executor() -> ThreadPoolExecutor:
    """The worker threads shared by every job (:data:`WORKER_THREADS`). Made
    on the GUI thread, with the garbage collector moved there first (:mod:`configurator.app.gc_guard`):
    a collection on a worker thread that frees a closed window deadlocks the process; and the
    interpreter handed between threads every :data:`GIL_SWITCH_S`."""
    global _EXECUTOR  # noqa: PLW0603 - created on first use, not at import
    if _EXECUTOR is None:
        collect_on_gui_thread()
        sys.setswitchinterval(GIL_SWITCH_S)  # the GUI thread's paints are not kept waiting by the workers
        _EXECUTOR = ThreadPoolExecutor(max_workers=WORKER_THREADS, thread_name_prefix="configurator-worker")
    return _EXECUTOR


class Cancelled(Exception):  # noqa: N818 - a state, not an error
    """Raised inside a job that noticed it is no longer wanted."""


class _Lifeline:
    """What a worker thread may read of its :class:`LatestJob` (plain Python, never deleted
    under it): the newest request's generation, and whether the job is gone."""

    def __init__(self) -> None:
        self.generation = 0
        self.closed = False

    def close(self, *_destroyed) -> None:
        """The job was destroyed (its owner closed): every request it made is unwanted."""
        self.closed = True

    def wanted(self, generation: int) -> bool:
        return not self.closed and generation == self.generation


class _Parcel:
    """One delivery from a worker thread: the job is held weakly, so the last reference to it
    is never dropped on a worker thread (that would delete a QObject of the GUI thread there)."""

    __slots__ = ("job", "generation", "kind", "value", "painted")

    def __init__(self, job: weakref.ref, generation: int, kind: str, value: Any,
                 painted: threading.Event | None) -> None:
        self.job, self.generation, self.kind, self.value, self.painted = job, generation, kind, value, painted

    def deliver(self) -> None:
        """On the GUI thread: to the job if it still exists; a waiting worker is released either way."""
        job = self.job()
        if job is None or not shiboken6.isValid(job) or job._life.closed:
            if self.painted is not None:
                self.painted.set()
            return
        job._on_deliver(self.generation, self.kind, self.value, self.painted)


class _Relay(QObject):
    """Carries deliveries from worker threads to the GUI thread; one per process, never deleted."""

    carry = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.carry.connect(self._on_carry, Qt.ConnectionType.QueuedConnection)

    def _on_carry(self, parcel: _Parcel) -> None:
        parcel.deliver()


_RELAY: _Relay | None = None


def _relay() -> _Relay:
    """The relay, made on first use by a :class:`LatestJob` (on the GUI thread, where it then lives)."""
    global _RELAY  # noqa: PLW0603 - one per process, made on the GUI thread
    if _RELAY is None:
        _RELAY = _Relay()
    return _RELAY


class JobContext:
    """What a running job can ask of its :class:`LatestJob` (safe on the worker thread)."""

    def __init__(self, life: _Lifeline, job: weakref.ref, generation: int) -> None:
        self._life, self._job, self._generation = life, job, generation
        self._painted = threading.Event()
        self._given_s = 0.0
        """Seconds this job has waited in :meth:`give_way` so far."""

    def cancelled(self) -> bool:
        """True once a newer request (or a cancel, or the job's deletion) made this one's result unwanted."""
        return not self._life.wanted(self._generation)

    def give_way(self) -> bool:
        """Wait while a job a user waits on runs (:class:`_Foreground`; at most :data:`GIVE_WAY_MAX_S`
        in all for this job, looking every :data:`GIVE_WAY_SLICE_S` whether it is still wanted), then
        say whether this request is no longer wanted (:meth:`cancelled`). A slow pass that checks
        :meth:`cancelled` between two parts passes this instead where its result can wait."""
        while not self.cancelled() and self._given_s < GIVE_WAY_MAX_S and _FOREGROUND.busy:
            start = time.perf_counter()
            _FOREGROUND.wait_until_none(min(GIVE_WAY_SLICE_S, GIVE_WAY_MAX_S - self._given_s))
            self._given_s += time.perf_counter() - start
        return self.cancelled()

    def check(self) -> None:
        """Raise :class:`Cancelled` if the result is no longer wanted."""
        if self.cancelled():
            raise Cancelled

    def step(self, value: Any) -> None:
        """Deliver a partial result and give the GUI a moment to paint it."""
        self.check()
        self._painted.clear()
        _send(self._job, self._generation, "step", value, self._painted)
        self._painted.wait(STEP_SETTLE_S)
        self.check()


def _send(job: weakref.ref, generation: int, kind: str, value: Any, painted: threading.Event | None = None) -> None:
    """From a worker thread towards the GUI thread, through the relay (which outlives every job)."""
    relay = _RELAY
    if relay is None:  # pragma: no cover - a job ran, so a LatestJob made the relay
        return
    relay.carry.emit(_Parcel(job, generation, kind, value, painted))


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

    def __init__(self, parent: QObject | None = None, foreground: bool = False) -> None:
        """``foreground``: a user waits on its jobs (a ranking asked for in a panel); while one runs,
        a job of another :class:`LatestJob` that gives way (:meth:`JobContext.give_way`) waits."""
        super().__init__(parent)
        _relay()
        self._foreground = foreground
        self._life = _Lifeline()
        self._running: int | None = None
        self._pending: tuple[int, Callable[[JobContext], Any]] | None = None
        self.destroyed.connect(self._life.close)  # a plain object's method: callable while this one dies

    @property
    def _generation(self) -> int:
        return self._life.generation

    @property
    def busy(self) -> bool:
        """The newest request has not delivered its result yet."""
        return self._pending is not None or self._running == self._generation

    def submit(self, job: Callable[[JobContext], Any]) -> None:
        """Run ``job(context)`` on a worker thread; any earlier request's result is dropped."""
        was_busy = self.busy
        self._life.generation += 1
        if self._running is None:
            self._start(self._generation, job)
        else:  # a stale job still runs: this one starts when it ends
            self._pending = (self._generation, job)
        self._busy_from(was_busy)

    def cancel(self) -> None:
        """Drop the waiting request and ignore the running one's result."""
        was_busy = self.busy
        self._life.generation += 1
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
        me = weakref.ref(self)
        context = JobContext(self._life, me, generation)
        foreground = self._foreground

        def run() -> None:  # on a worker thread: reads only ``context`` and sends through the relay
            if context.cancelled():  # dropped while queued (or its owner closed): no work for nobody
                _send(me, generation, "cancelled", None)
                return
            if foreground:
                _FOREGROUND.enter()
            try:
                value = job(context)
            except Cancelled:
                _send(me, generation, "cancelled", None)
            except Exception as error:  # noqa: BLE001 - delivered to the GUI, which reports it
                _send(me, generation, "failed", error)
            else:
                _send(me, generation, "finished", value)
            finally:
                if foreground:
                    _FOREGROUND.leave()

        executor().submit(run)

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
