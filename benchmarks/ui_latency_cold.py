"""UI latency, cold (issue 28): the complete window after a card-count change, and the catalog answers (the
recommendation panel's ranking, the wizard's answer) to their first rows and whole, every memo cleared first.

Run by ``ui_latency.py`` (``--complete-only``, ``--answers-only``, and after its repaint figures); split out of
it in December 2026.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from ui_latency_window import (
    BARE_CPU_MS, WINDOW_SIZE, bare_repaints, charts_painted, part_of_ui_latency, percentile, run_events_until, settle,
)

if __name__ == "__main__":  # a part of benchmarks/ui_latency.py, not a tool of its own
    part_of_ui_latency(__doc__)

COLD_SCENARIOS = {
    "training": {"workload": "finetune", "card_id": "h100-sxm", "count": 8},
    "serving": {"workload": "inference", "card_id": "l40s", "count": 8},
}
"""The scenarios whose complete window is timed cold after a count change (edits of the default one)."""
COLD_SLIDER_POSITIONS = (8, 9, 10, 11)
"""The positions the card-count slider is moved through (each a card count on its scale)."""


def complete_cold(app, window, repeat: int) -> dict[str, dict[str, list[float]]]:
    """Per scenario, from a card-count change until the window is complete (the analysis with its
    catalog pass delivered and painted: all four charts), every memo cleared before each change:
    ``wall`` [ms], and the CPU time in it [ms] of the GUI thread (``gui``: applying and painting)
    and of the whole process (``process``: the worker's analysis too)."""
    from configurator.core.estimate import clear_estimate_memo

    controller, slider = window.controller, window.editor.count_slider
    done: list[float] = []
    controller.analysis_changed.connect(lambda _: done.append(time.perf_counter()))
    samples: dict[str, dict[str, list[float]]] = {}
    for name, changes in COLD_SCENARIOS.items():
        controller.apply_many(changes)
        settle(controller)
        app.processEvents()
        run_events_until(lambda: charts_painted(window))
        samples[name] = {"wall": [], "gui": [], "process": []}
        for i in range(repeat):
            clear_estimate_memo()
            done.clear()
            t0, gui0, process0 = time.perf_counter(), time.thread_time(), time.process_time()
            slider.setValue(COLD_SLIDER_POSITIONS[(i + 1) % len(COLD_SLIDER_POSITIONS)])
            run_events_until(lambda: done and not controller.busy, controller.analysis_changed,
                             controller.busy_changed)
            app.processEvents()  # the cost chart and the others repaint
            run_events_until(lambda: charts_painted(window))  # one per pass: the last of them
            app.processEvents()
            samples[name]["wall"].append((time.perf_counter() - t0) * 1000)
            samples[name]["gui"].append((time.thread_time() - gui0) * 1000)
            samples[name]["process"].append((time.process_time() - process0) * 1000)
    return samples


def complete_cold_report(repeat: int, bare: list[float] | None = None) -> int:
    """Print the complete-window figures, cold, with their ratio to the bare window's repaint p95
    (measured in this run)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from configurator.app.main import build_main_window, use_readable_locale

    use_readable_locale()
    if bare is None:
        bare = bare_repaints(app, repeat)
    bare_p50, bare_p95 = statistics.median(bare), percentile(bare, 0.95)
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    window = build_main_window(settings)
    window.resize(*WINDOW_SIZE)
    window.show()
    settle(window.controller)
    app.processEvents()
    print(f"complete window after a card-count change, cold (every memo cleared), {repeat} changes; "
          f"bare four-plot repaint p95 {bare_p95:.1f} ms")
    bare_cpu = statistics.median(BARE_CPU_MS) if BARE_CPU_MS else float("nan")
    for name, figures in complete_cold(app, window, repeat).items():
        samples = figures["wall"]
        p50, p95 = statistics.median(samples), percentile(samples, 0.95)
        process = statistics.median(figures["process"])
        print(f"  {name:9} p50 {p50:7.1f} ms  p95 {p95:7.1f} ms  p50/bare {p50 / bare_p50:5.1f}  "
              f"p95/bare {p95 / bare_p95:5.1f}  (CPU p50: GUI thread {statistics.median(figures['gui']):5.1f} ms, "
              f"process {process:5.1f} ms, {process / bare_cpu:4.1f}x the bare repaint's)")
    print(f"bare four-plot repaint p50 {bare_p50:.1f} ms, p95 {bare_p95:.1f} ms, CPU p50 {bare_cpu:.1f} ms; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("target (issue 28): complete p95 ≤ 4 × the bare repaint p95")
    window.controller.undo_stack.setClean()
    window.close()
    return 0


ANSWER_SCENARIOS = {
    "training": {"workload": "finetune", "card_id": "h100-sxm", "count": 8},
    "serving": {"workload": "inference", "card_id": "l40s", "count": 8},
}
"""The scenarios whose catalog rankings are timed (:func:`answers_cold`): the window's scenario for the
panel, the wizard's starting answers (its questions left as the window's scenario fills them)."""

RANKING_EDITS = {"training": ("training.seq_len", (4096, 8192, 1024)),
                 "serving": ("serving.concurrency", (24, 40, 56, 72))}
"""Per scenario of :data:`ANSWER_SCENARIOS`, a field and the values it is set to in turn for the
panel's ``panel re-rank``: an edit that changes what the ranking reads (the users, the sequence),
so the catalog is ranked again. A card-count change (``panel refresh``) does not change a serving
ranking (:func:`configurator.core.recommend.ranking_question`): the panel keeps it and checks the
hand-picked card alone."""


class FirstAndLast:
    """When a job's first partial answer was shown and when its whole answer was: each signal
    connected after the widget's own slot, so it is noted once the widget has drawn it (Qt calls
    the slots of one signal in the order they were connected)."""

    def __init__(self, step_signal, finished_signal) -> None:
        self.start = self.first = self.last = None
        self.steps = 0
        step_signal.connect(self._step)
        finished_signal.connect(self._finished)

    def begin(self) -> None:
        self.start, self.first, self.last, self.steps = time.perf_counter(), None, None, 0

    def _step(self, *_args) -> None:
        self.steps += 1
        if self.first is None:
            self.first = time.perf_counter()

    def _finished(self, *_args) -> None:
        self.last = time.perf_counter()
        if self.first is None:
            self.first = self.last  # nothing shown before the whole answer

    def figures(self) -> tuple[float, float, int]:
        """(ms to the first rows shown, ms to the whole answer, partial answers shown)."""
        return (self.first - self.start) * 1000, (self.last - self.start) * 1000, self.steps


def answers_cold(app, settings, repeat: int) -> dict[str, dict[str, list[tuple[float, float, int]]]]:
    """Per scenario of :data:`ANSWER_SCENARIOS`, every memo cleared before each: the panel's first
    ranking as it opens in a new window (``panel open``, once per scenario), its answer again after
    a card-count change (``panel refresh``, its debounce included: what a user waits; a serving
    ranking kept, the hand-picked card checked again) and after an edit that changes the ranking
    (``panel re-rank``, :data:`RANKING_EDITS`), and the wizard's answer from the last Next
    (``wizard``), each as :meth:`FirstAndLast.figures`."""
    from configurator.app.main import build_main_window
    from configurator.core.estimate import clear_estimate_memo

    samples: dict[str, dict[str, list[tuple[float, float, int]]]] = {}
    for name, changes in ANSWER_SCENARIOS.items():
        window = build_main_window(settings)
        window.resize(*WINDOW_SIZE)
        window.show()
        controller = window.controller
        controller.apply_many(changes)
        settle(controller)
        app.processEvents()
        rows = samples[name] = {"panel open": [], "panel refresh": [], "panel re-rank": [], "wizard": []}
        clear_estimate_memo()
        panel = window.toggle_recommendations(True)
        panel_times = FirstAndLast(panel._job.step, panel._job.finished)  # noqa: SLF001 - timing only
        panel_times.begin()  # the panel's ranking starts after its debounce, from the toggle
        run_events_until(lambda: panel_times.last is not None)
        rows["panel open"].append(panel_times.figures())
        for i in range(repeat):
            settle(controller)
            run_events_until(lambda: not panel.busy)
            clear_estimate_memo()
            panel_times.begin()
            window.editor.count_slider.setValue(COLD_SLIDER_POSITIONS[(i + 1) % len(COLD_SLIDER_POSITIONS)])
            run_events_until(lambda: panel_times.last is not None)
            rows["panel refresh"].append(panel_times.figures())
        field, values = RANKING_EDITS[name]
        for i in range(repeat):
            settle(controller)
            run_events_until(lambda: not panel.busy)
            clear_estimate_memo()
            panel_times.begin()
            controller.apply(field, values[i % len(values)])
            run_events_until(lambda: panel_times.last is not None)
            rows["panel re-rank"].append(panel_times.figures())
        settle(controller)
        run_events_until(lambda: not panel.busy)
        window.toggle_recommendations(False)
        for _ in range(repeat):
            wizard = window.open_wizard()
            for _page in range(3):
                wizard.next()
            wizard_times = FirstAndLast(wizard.summary._job.step, wizard.summary._job.finished)  # noqa: SLF001
            clear_estimate_memo()
            wizard_times.begin()
            wizard.next()  # the answer page: the decision worked out
            run_events_until(lambda: wizard_times.last is not None)
            rows["wizard"].append(wizard_times.figures())
            wizard.reject()
            app.processEvents()
        controller.undo_stack.setClean()
        window.close()
        window.deleteLater()
        app.processEvents()
    return samples


def answers_cold_report(repeat: int) -> int:
    """Print, cold, the time to the first rows shown and to the whole answer (p50 and worst) of the
    panel's ranking and the wizard's answer (issue 28 part 3: under a second, the first answers
    shown as they arrive)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from configurator.app.main import build_main_window, use_readable_locale

    use_readable_locale()
    settings = QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat)
    window = build_main_window(settings)  # started as a user starts it: the warm-up loads the panels' modules
    window.show()
    settle(window.controller)
    from configurator.app.warm_up import wait_until_warm

    wait_until_warm()
    window.close()
    app.processEvents()
    print(f"catalog answers, cold (every memo cleared), {repeat} each: ms to the first rows shown / to the whole "
          f"answer (partial answers shown)")
    for name, actions in answers_cold(app, settings, repeat).items():
        for action, runs in actions.items():
            first, last, steps = zip(*runs)
            print(f"  {name:9} {action:14} first p50 {statistics.median(first):6.0f} max {max(first):6.0f}   "
                  f"whole p50 {statistics.median(last):6.0f} max {max(last):6.0f}   steps {min(steps)}-{max(steps)}")
    print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; target (issue 28 part 3): under 1,000 ms, "
          "the first rows before the whole answer")
    return 0
