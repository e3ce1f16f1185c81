"""A heartbeat on the GUI thread: how long the event loop was ever kept from running.

A :class:`Heartbeat` is a QTimer firing every ``INTERVAL_MS`` on the GUI thread; each tick notes
the time since the previous one. Whatever runs on the GUI thread — a slot, a paint, a garbage
collection — delays the next tick, so the largest gap between ticks, less the interval, is the
longest the window was frozen (what a user sees as a stall). Used around each action of
issue 28's list (tests/test_no_stalls.py) and by benchmarks/ui_latency.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

INTERVAL_MS = 10
"""How often the heartbeat ticks [ms]."""


class Heartbeat:
    """Ticks every :data:`INTERVAL_MS` on the GUI thread and records the largest gap [ms]."""

    def __init__(self) -> None:
        self._timer = QTimer()
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self._tick)
        self._last = 0.0
        self.largest_gap_ms = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self.largest_gap_ms = max(self.largest_gap_ms, (now - self._last) * 1000)
        self._last = now

    def start(self) -> None:
        self.largest_gap_ms = 0.0
        self._last = time.perf_counter()
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
    app = QApplication.instance()
    beat = Heartbeat()
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
