"""The bare window and the event loop that UI latency is measured with (``ui_latency.py``): four pyqtgraph
plots repainted with new data, the loop run until a condition holds, and a percentile.

Split out of ``ui_latency.py`` in December 2026; Qt is imported inside the functions that need it.
"""

from __future__ import annotations

import time

def part_of_ui_latency(doc: str) -> None:
    """What a part of ``ui_latency.py`` does when run, not being a tool of its own: ``--help`` (its docstring
    ``doc``'s first line), else a line saying what to run; then it exits."""
    import argparse

    argparse.ArgumentParser(description=doc.splitlines()[0],
                            epilog="Run benchmarks/ui_latency.py for the timings.").parse_args()
    print("part of benchmarks/ui_latency.py: run benchmarks/ui_latency.py")
    raise SystemExit(0)


WINDOW_SIZE = (1280, 800)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bare_window():
    """Four pyqtgraph plots with a curve each in a grid: what any such window costs."""
    import numpy as np
    import pyqtgraph as pg
    from PySide6.QtWidgets import QGridLayout, QMainWindow, QWidget

    pg.setConfigOptions(antialias=True, background="w", foreground="#333")
    window = QMainWindow()
    centre = QWidget()
    grid = QGridLayout(centre)
    curves = []
    for index in range(4):
        plot = pg.PlotWidget(title=f"Plot {index + 1}")
        plot.showGrid(x=True, y=True, alpha=0.25)
        plot.setLabel("bottom", "x")
        plot.setLabel("left", "y")
        curves.append(plot.plot(np.arange(20.0), np.arange(20.0) ** 0.5, pen=pg.mkPen("#1f77b4", width=2),
                                symbol="o", symbolSize=5))
        grid.addWidget(plot, index // 2, index % 2)
    window.setCentralWidget(centre)
    window.resize(*WINDOW_SIZE)
    return window, curves


BARE_CPU_MS: list[float] = []
"""The CPU time of each bare repaint measured in this run [ms] (:func:`bare_repaints`): the load of
the machine stretches the wall time of both windows, hardly their CPU time."""


def bare_repaints(app, repeat: int) -> list[float]:
    """Milliseconds for the bare window to repaint four curves given new data (their CPU time
    goes to :data:`BARE_CPU_MS`)."""
    import numpy as np

    window, curves = bare_window()
    window.show()
    app.processEvents()
    samples = []
    x = np.arange(20.0)
    for i in range(repeat):
        t0, cpu0 = time.perf_counter(), time.thread_time()
        for k, curve in enumerate(curves):
            curve.setData(x, (x + 1) ** (0.3 + 0.1 * ((i + k) % 4)))
        app.processEvents()
        samples.append((time.perf_counter() - t0) * 1000)
        BARE_CPU_MS.append((time.thread_time() - cpu0) * 1000)
    window.close()
    window.deleteLater()
    app.processEvents()
    return samples


POLL_MS = 50
"""How often :func:`run_events_until` looks at its condition when none of its signals came [ms]
(a safety net: the signals wake it as soon as the condition can have become true)."""


def run_events_until(condition, *signals) -> None:
    """Run the event loop, as the application's own does, until ``condition()`` is true: looked at
    whenever one of ``signals`` is emitted (on the GUI thread, after the window's own slots), and
    every :data:`POLL_MS`. The loop sleeps between events, as a real window's idle loop does: a loop
    that polled ``processEvents(WaitForMoreEvents, 50)`` spun (with a time limit Qt ignores the wait
    flag), its 100 k calls a second taking the interpreter lock from the worker thread that
    computes the analysis; a timer looking every millisecond still woke 260-440 times per count
    change on the loaded 2-core machine, 8-34 ms of the GUI thread's CPU per change that the bare
    window never pays, each wake taking the interpreter lock from that worker (issue 28)."""
    from PySide6.QtCore import QEventLoop, QTimer

    if condition():
        return
    loop = QEventLoop()

    def look(*_args) -> None:
        if condition():
            loop.quit()

    for signal in signals:
        signal.connect(look)
    timer = QTimer()
    timer.setInterval(POLL_MS)
    timer.timeout.connect(look)
    timer.start()
    loop.exec()
    timer.stop()
    for signal in signals:
        signal.disconnect(look)


def charts_painted(window) -> bool:
    """No chart of the window is held back any more (``app/paced_repaint``: after a new analysis the
    first chart repaints at once, each other one a pass later): what is measured is the window with
    every chart drawn, not the first of them."""
    return all(chart.updatesEnabled() for chart in window.charts)


def settle(controller) -> None:
    """Let the current scenario's analysis arrive (synchronously where there is no worker)."""
    if hasattr(controller, "wait"):
        controller.wait()
    else:
        controller.recompute()


if __name__ == "__main__":  # a part of benchmarks/ui_latency.py, not a tool of its own
    part_of_ui_latency(__doc__)
