"""A heartbeat on the GUI thread: how long the event loop was ever kept from running.

A :class:`Heartbeat` is a QTimer firing every ``INTERVAL_MS`` on the GUI thread; each tick notes
the time since the previous one. Whatever runs on the GUI thread — a slot, a paint, a garbage
collection — delays the next tick, so the largest gap between ticks, less the interval, is the
longest the window was frozen (what a user sees as a stall). Used around each action of
issue 28's list (tests/test_no_stalls.py) and by tests/first_export_probe.py.

Where that stall's wall time went, from the GUI thread's scheduler figures (Linux:
``/proc/thread-self/schedstat``, the thread's time on a core and its time runnable but waiting
for one): its own CPU time (ours: the work a pass did), the time it waited for a core (the host's
load: other processes on the machine), and the rest, asleep (the idle wait until the next tick,
or blocked: the interpreter lock held by a worker, a ``wait()``). A stall whose wall is mostly
the wait for a core is the machine's, not the program's.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

INTERVAL_MS = 10
"""How often the heartbeat ticks [ms]."""

_SCHEDSTAT = "/proc/thread-self/schedstat"


def _run_queue_wait_s() -> float:
    """Seconds this thread has spent runnable but waiting for a core (0 where the kernel does not
    say: not Linux, or no scheduler statistics)."""
    try:
        with open(_SCHEDSTAT, encoding="ascii") as stats:
            return int(stats.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class Heartbeat:
    """Ticks every :data:`INTERVAL_MS` on the GUI thread and records the largest gap [ms]."""

    def __init__(self) -> None:
        self._timer = QTimer()
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self._last = self._last_cpu = self._last_queued = 0.0
        self.largest_gap_ms = 0.0
        self.largest_cpu_ms = 0.0
        """The most CPU time the GUI thread spent between two ticks [ms]: what the largest gap
        would be on an idle machine with no worker holding the interpreter lock (on a loaded
        machine the gap is larger, the CPU time about the same)."""
        self.largest_gap_parts_ms = (0.0, 0.0, 0.0)
        """Where the largest gap went [ms]: the GUI thread's CPU time in it, its wait for a core
        (the host's load) and the rest (asleep: the idle wait for the tick, or blocked on the
        interpreter lock or a wait)."""

    def _tick(self) -> None:
        now, cpu, queued = time.perf_counter(), time.thread_time(), _run_queue_wait_s()
        gap, used = (now - self._last) * 1000, (cpu - self._last_cpu) * 1000
        waited = (queued - self._last_queued) * 1000
        if gap > self.largest_gap_ms:
            self.largest_gap_ms = gap
            self.largest_gap_parts_ms = (used, waited, max(0.0, gap - used - waited))
        self.largest_cpu_ms = max(self.largest_cpu_ms, used)
        self._last, self._last_cpu, self._last_queued = now, cpu, queued

    def start(self) -> None:
        self.largest_gap_ms = self.largest_cpu_ms = 0.0
        self.largest_gap_parts_ms = (0.0, 0.0, 0.0)
        self._last, self._last_cpu, self._last_queued = time.perf_counter(), time.thread_time(), _run_queue_wait_s()
        self._timer.start()

    def stop(self) -> float:
        """Stop; the largest gap seen, counting the time since the last tick [ms]."""
        self._tick()
        self._timer.stop()
        return self.largest_gap_ms


def largest_stall_ms(action: Callable[[], object], done: Callable[[], bool] = lambda: True,
                     settle_ms: int = 300, timeout_ms: int = 60_000) -> float:
    """Run ``action`` from the event loop (as a click would), keep the loop running until
    ``done()`` and ``settle_ms`` more (what it scheduled: paints, the worker's results), and
    return the largest gap between heartbeats [ms]."""
    return _run(action, done, settle_ms, timeout_ms, Heartbeat())


def stall_figures(action: Callable[[], object], done: Callable[[], bool] = lambda: True,
                  settle_ms: int = 300, timeout_ms: int = 60_000) -> tuple[float, float]:
    """:func:`largest_stall_ms` and the most CPU time the GUI thread spent between two
    heartbeats (:attr:`Heartbeat.largest_cpu_ms`) [ms]."""
    beat = stall_heartbeat(action, done, settle_ms, timeout_ms)
    return beat.largest_gap_ms, beat.largest_cpu_ms


def stall_heartbeat(action: Callable[[], object], done: Callable[[], bool] = lambda: True,
                    settle_ms: int = 300, timeout_ms: int = 60_000) -> Heartbeat:
    """:func:`largest_stall_ms`, returning the :class:`Heartbeat` itself: its largest gap, where
    that gap went (:attr:`Heartbeat.largest_gap_parts_ms`) and its largest CPU pass."""
    beat = Heartbeat()
    _run(action, done, settle_ms, timeout_ms, beat)
    return beat


def _run(action, done, settle_ms: int, timeout_ms: int, beat: Heartbeat) -> float:
    app = QApplication.instance()
    app.processEvents()
    beat.start()
    QTimer.singleShot(0, action)
    loop_flags = QEventLoop.ProcessEventsFlag.AllEvents
    start = time.perf_counter()
    app.processEvents(loop_flags, 5)
    while not done() and (time.perf_counter() - start) * 1000 < timeout_ms:
        app.processEvents(loop_flags, 5)
        time.sleep(0.001)
    end = time.perf_counter() + settle_ms / 1000
    while time.perf_counter() < end:
        app.processEvents(loop_flags, 5)
        time.sleep(0.001)
    return beat.stop()


class ProfiledHeartbeat(Heartbeat):
    """A :class:`Heartbeat` that also profiles the GUI thread (cProfile) and keeps the profile of
    every pass of the event loop in which the GUI thread spent more than ``threshold_ms`` of CPU
    time (a loaded machine stretches the wall time of every pass): what ran in a stall. A diagnostic
    (profiling slows Python code about twice), not for the timing tests."""

    def __init__(self, threshold_ms: float = 50) -> None:
        super().__init__()
        self.threshold_ms = threshold_ms
        self.long_passes: list[tuple[float, float, object]] = []
        """(gap [ms], the GUI thread's CPU time [ms], pstats.Stats of that pass), in order."""
        self._profile = None

    def _tick(self) -> None:
        import cProfile
        import pstats

        gap = (time.perf_counter() - self._last) * 1000
        cpu = (time.thread_time() - self._last_cpu) * 1000
        if self._profile is not None:
            self._profile.disable()
            if cpu > self.threshold_ms:
                self.long_passes.append((gap, cpu, pstats.Stats(self._profile)))
        super()._tick()
        self._profile = cProfile.Profile()
        self._profile.enable()

    def start(self) -> None:
        import cProfile

        super().start()
        self._profile = cProfile.Profile()
        self._profile.enable()

    def stop(self) -> float:
        largest = super().stop()
        if self._profile is not None:
            self._profile.disable()
            self._profile = None
        return largest


def profile_long_passes(action: Callable[[], object], done: Callable[[], bool] = lambda: True,
                        threshold_ms: float = 50, settle_ms: int = 300,
                        timeout_ms: int = 60_000) -> ProfiledHeartbeat:
    """:func:`largest_stall_ms` with a :class:`ProfiledHeartbeat`: its ``long_passes`` say what
    ran in each pass over ``threshold_ms`` (``stats.sort_stats("cumulative").print_stats(20)``)."""
    beat = ProfiledHeartbeat(threshold_ms)
    _run(action, done, settle_ms, timeout_ms, beat)
    return beat


def print_long_passes(beat: ProfiledHeartbeat, what: str, lines: int = 30) -> None:
    """Print what ran in each long pass of ``beat``, the most cumulative time first."""
    import io

    for gap, cpu, stats in beat.long_passes:
        out = io.StringIO()
        stats.stream = out
        stats.sort_stats("cumulative").print_stats(lines)
        print(f"--- {what}: pass of {gap:.0f} ms (GUI thread CPU {cpu:.0f} ms, profiled)")
        print("\n".join(line[:200] for line in out.getvalue().splitlines()[6:] if line.strip()))


REFERENCE_WORK_MS = 10.4
"""CPU time of :func:`_reference_work` on the machine the stall table of tests/test_no_stalls.py
was measured on [ms]. Not measured there: derived from a machine where it takes 16.6 ms (best of 30,
2026-12-02; single runs there spread 17-30 ms, a virtual machine's neighbours) and the same code's benchmarks on both (training recommendations 325 vs 528 ms,
serving 1,507 vs 2,575 ms, one serving estimate 292 vs 440 µs: 1.5-1.7x slower; 1.6 taken)."""


def _reference_work() -> float:
    """A fixed piece of interpreter work (300,000 float operations in a Python loop)."""
    total = 0.0
    for i in range(300_000):
        total += (i % 7) * 0.5
    return total


_SLOWDOWN: list[float] = []


def processor_slowdown() -> float:
    """How much slower this machine runs interpreter work than the machine the stall figures were
    measured on (≥ 1; best of nine runs of :func:`_reference_work`, measured once per process): the
    tests' CPU ceilings scale with it, so a slower CI processor is not taken for heavy work on the
    GUI thread, while work that is heavy (hundreds of ms on any machine) still fails them."""
    if not _SLOWDOWN:
        best = min(_timed(_reference_work) for _ in range(9))
        _SLOWDOWN.append(max(1.0, best * 1000.0 / REFERENCE_WORK_MS))
    return _SLOWDOWN[0]


def _timed(work: Callable[[], object]) -> float:
    """CPU seconds of ``work`` on this thread (a worker thread's ranking is not counted)."""
    start = time.thread_time()
    work()
    return time.thread_time() - start
