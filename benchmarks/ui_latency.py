"""UI latency: from a control change to a repainted window, and start-up (offscreen Qt).

Every figure is also given as a ratio to a bare window of four pyqtgraph plots measured in the
same run, so that a loaded or slow machine does not move the verdict:

- **repaint**: a control change until the window has repainted with the new scenario's numbers
  (the chosen card's estimate: results panel, memory charts) — the worker thread computes it
  first — against the bare window repainting four curves with new data. The time until the
  sweeps and the catalog's cost chart are drawn as well ("complete") is printed beside it.
- **complete, cold** (issue 28): a card-count change until the window is complete — all four
  charts drawn, the catalog-wide cost chart included — with every memo cleared before each change
  (``clear_estimate_memo``: no estimate, layout search or ranking is reused), for a training and a
  serving scenario; p50, p95 and p95 / the bare window's repaint p95 (issue 28's target: ≤ 4×),
  with the CPU time each change took (the GUI thread's, and the process's: the worker's analysis
  too) against the bare repaint's CPU time — the machine's load stretches the wall times of both
  windows, hardly their CPU times. "Complete" waits for the last chart: after a new analysis the
  window repaints its charts one per pass of the event loop (``app/paced_repaint.py``).
- **start-up**: a fresh interpreter until the window first paints (its frame and four charts,
  as ``run_app`` starts it), until it is complete (editor and panels) and until it shows the
  first scenario's numbers, against a fresh interpreter showing the bare window (median of
  ``--starts`` runs, each in its own process; the interpreter's own start is excluded).

Targets (issue 15): repaint p95 ≤ 1.5 × the bare window's; start-up ≤ 1.3 × the bare window's.

The cold timings live in ``ui_latency_cold.py``, the bare window and the event loop in
``ui_latency_window.py``.

Usage: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/ui_latency.py [--repeat N] [--starts N]``
"""

from __future__ import annotations

import time

_T0 = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from ui_latency_cold import answers_cold_report, complete_cold_report  # noqa: E402
from ui_latency_window import (  # noqa: E402
    WINDOW_SIZE, bare_repaints, bare_window, charts_painted, percentile, run_events_until, settle,
)


def startup_child(kind: str) -> None:
    """Run in a fresh process: print the seconds from the script's start to the first painted
    window, and to the window painted with the first scenario's numbers (the same for the bare one)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    if kind == "bare":
        window, _ = bare_window()
        window.show()
        app.processEvents()
        first = completed = time.perf_counter() - _T0
    else:
        from configurator.app.main import complete_main_window, open_window_frame, use_readable_locale

        use_readable_locale()
        settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
        window = open_window_frame(settings)  # as run_app starts: the frame paints first
        window.resize(*WINDOW_SIZE)
        window.show()
        app.processEvents()
        first = time.perf_counter() - _T0
        complete_main_window(window)
        app.processEvents()
        completed = time.perf_counter() - _T0
        controller = window.controller
        while getattr(controller, "latest_analysis", controller.analysis) is None:  # the first numbers on screen
            app.processEvents()
        app.processEvents()
    print(f"{first:.6f} {completed:.6f} {time.perf_counter() - _T0:.6f}", flush=True)
    os._exit(0)  # noqa: SLF001 - skip the teardown: only the start counts


def startups(kind: str, runs: int) -> list[tuple[float, float, float]]:
    """(first paint, editor and panels painted, numbers painted) seconds of ``runs`` fresh processes, after one unmeasured
    start. Bytecode is cached as in an installed copy (pip writes .pyc files): with
    PYTHONDONTWRITEBYTECODE set, every start compiled the program's own modules again, a cost
    the bare window (site-packages only) never paid."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    times = []
    for run in range(runs + 1):
        out = subprocess.run([sys.executable, __file__, "--startup-child", kind], capture_output=True, text=True,
                             check=True, env=env)
        if run == 0:
            continue  # warms the bytecode and file caches
        times.append(tuple(float(v) for v in out.stdout.strip().splitlines()[-1].split()))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="changes per control")
    parser.add_argument("--starts", type=int, default=5, help="fresh processes per start-up measurement")
    parser.add_argument("--startup-child", choices=("app", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--startup-only", action="store_true", help="measure start-up only")
    parser.add_argument("--complete-only", action="store_true",
                        help="measure only the complete window after a count change, cold (and the bare repaint)")
    parser.add_argument("--answers-only", action="store_true",
                        help="measure only the wizard's answer and the recommendation panel's ranking, cold: "
                             "time to the first rows shown and to the whole answer")
    args = parser.parse_args(argv)
    if args.startup_child:
        startup_child(args.startup_child)
    if args.answers_only:
        return answers_cold_report(args.repeat)

    if args.complete_only:
        return complete_cold_report(args.repeat)
    bare_start = statistics.median(numbers for *_, numbers in startups("bare", args.starts))
    app_starts = startups("app", args.starts)
    app_first, app_complete, app_start = (statistics.median(run[i] for run in app_starts) for i in range(3))
    print(f"start-up: bare four-plot window painted {bare_start * 1000:.0f} ms; window first painted "
          f"(its frame and charts) {app_first * 1000:.0f} ms (ratio {app_first / bare_start:.2f}; target ≤ 1.30), "
          f"with the editor and panels {app_complete * 1000:.0f} ms (ratio {app_complete / bare_start:.2f}), "
          f"painted with the numbers {app_start * 1000:.0f} ms (ratio {app_start / bare_start:.2f})")
    if args.startup_only:
        return 0

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from configurator.app.main import build_main_window, use_readable_locale

    use_readable_locale()
    bare = bare_repaints(app, args.repeat)
    bare_p50, bare_p95 = statistics.median(bare), percentile(bare, 0.95)
    print(f"bare four-plot repaint: p50 {bare_p50:.1f} ms, p95 {bare_p95:.1f} ms")

    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    window = build_main_window(settings)
    window.resize(*WINDOW_SIZE)
    window.show()
    controller = window.controller
    settle(controller)
    app.processEvents()

    steps: list[float] = []
    done: list[float] = []
    if hasattr(controller, "analysis_step"):  # before the worker thread, the whole analysis came at once
        controller.analysis_step.connect(lambda _: steps.append(time.perf_counter()))
    controller.analysis_changed.connect(lambda _: done.append(time.perf_counter()))
    editor = window.editor
    controls = {
        "micro-batch spin box": (editor.micro_batch, [2, 3, 4, 5]),
        "card count slider": (editor.count_slider, [8, 9, 10, 11]),
        "sequence length": (editor.seq_len, [2048, 4096, 8192]),
        "precision combo": (editor.precision, None),
        "card combo": (editor.card_combo, None),
        "desktop users (VDI)": (editor.users, [120, 150, 200, 250]),
        "streams (transcoding)": (editor.streams, [60, 80, 120]),
        "scene size (rendering)": (editor.scene, [10.0, 12.0, 16.0]),
    }
    setups = {"desktop users (VDI)": "vdi", "streams (transcoding)": "transcode", "scene size (rendering)": "render"}
    print(f"{'control':24} {'repaint p50':>12} {'p95':>8} {'p95/bare':>9} {'complete p50':>13} {'p95':>8}")
    all_repaints, all_complete = [], []
    for name, (widget, values) in controls.items():
        if name in setups:
            controller.apply_many({"workload": setups[name], "card_id": "l40s", "count": 4, "parallelism.zero": 0})
            settle(controller)
            app.processEvents()
        repaint_ms, complete_ms = [], []
        for i in range(args.repeat):
            steps.clear()
            done.clear()
            t0 = time.perf_counter()
            if values is None:
                widget.setCurrentIndex((widget.currentIndex() + 1) % min(widget.count(), 6))
            else:
                widget.setValue(values[i % len(values)])
            run_events_until(lambda: steps or done, controller.analysis_step, controller.analysis_changed)
            app.processEvents()  # Qt repaints what changed (offscreen raster, no GPU)
            run_events_until(lambda: charts_painted(window))  # the step's charts, one per pass
            app.processEvents()
            repaint_ms.append((time.perf_counter() - t0) * 1000)
            run_events_until(lambda: done, controller.analysis_changed)
            app.processEvents()
            run_events_until(lambda: charts_painted(window))
            app.processEvents()
            complete_ms.append((time.perf_counter() - t0) * 1000)
        all_repaints += repaint_ms
        all_complete += complete_ms
        p95 = percentile(repaint_ms, 0.95)
        print(f"{name:24} {statistics.median(repaint_ms):9.1f} ms {p95:5.1f} ms {p95 / bare_p95:9.2f} "
              f"{statistics.median(complete_ms):10.1f} ms {percentile(complete_ms, 0.95):5.1f} ms")
    p95 = percentile(all_repaints, 0.95)
    print(f"{'all controls':24} {statistics.median(all_repaints):9.1f} ms {p95:5.1f} ms {p95 / bare_p95:9.2f} "
          f"{statistics.median(all_complete):10.1f} ms {percentile(all_complete, 0.95):5.1f} ms")
    print("targets: repaint p95 ≤ 1.50 × bare; start-up ≤ 1.30 × bare")
    controller.undo_stack.setClean()
    window.close()
    return complete_cold_report(args.repeat, bare)


if __name__ == "__main__":
    sys.exit(main())
