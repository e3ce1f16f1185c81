"""Nothing heavy on the GUI thread (issue 28 part 2): around each action a new user takes, a
heartbeat timer on the GUI thread (tests/heartbeat.py) records the longest the event loop was
kept from running, and the most CPU time the GUI thread spent in one pass of it, every memo
cleared first (cold). Run with ``-s`` to see each action's figures; with ``STALL_PROFILE=<ms>``
to see what ran in each pass longer than that (cProfile on the GUI thread).

Target: no stall over 100 ms on the development machine (2 cores shared with other jobs).
Measured with this file alone, three runs each (wall ms, GUI thread CPU ms in brackets):

==================================  ===========================  ===============================
action                              before (load 1.3-1.5)        after (load 1.9-3.3)
==================================  ===========================  ===============================
Export Summary to PDF               97-103                       66-104 (46-49)
Print Preview                       72-98                        40-55 (33-34)
recommendation panel open           88-110                       91-102 (72-74)
recommendation refresh              28-33                        25-52 (16-21)
first open of the BOM panel         70-107                       53-106 (42-74)
task / model / card change          19-90 / 41-54 / 24-29        19-34 / 35-56 / 20-35 (11-29)
compare selected cards              35-42                        44-67 (27-31)
language switch to zh_CN / to en    221-252 / 126-150 (*)        46-53 / 59-195 (32-70)
the same while the panel ranks      (*)                          66-103 (44-62)
==================================  ===========================  ===============================

(*) The old test switched while the panel's first ranking was still on the worker (it waited for
the analysis only). What made the switch slow was the application-wide font change (Chinese put
a CJK face first; now one font serves both languages, app/i18n.py): with the panels open it laid
out and repainted every widget, 120-230 ms; the switch during a ranking also widened the window
at every ranking step (an unwrapped "Ranking N of M cards…" line), all charts drawn again each
time, 155 ms of CPU in one pass. At load 5.8-6.9 (other jobs' test suites) the same code gave the
same CPU times (12-73 ms) and walls of 30-483 ms: load stretches a stall, not its CPU time (a
ranking on the worker alone keeps the heartbeat within 14-24 ms). The longest passes left are a
dock's first opening (the panel built, then every chart of the window laid out and drawn again
for the narrower centre) and the summary's document (laid out, then written: 35-50 ms each).

Session 14 (GUI thread CPU ms of the longest pass, this file alone; the runs measured the
processor at 2.46-2.59x the reference, load 5 before and 20 after): panel open 272 -> 92-118, first BOM
open 199 -> 41-60, model change 192 -> 67-80, card change 66 -> 41-45, Print Preview 103 -> 81-85, PDF export
143 -> 112-133, compare 65 -> 58-82, language switch 77-195 -> 71-327 (the switch during a ranking: its
steps and the window laid out again around the panel's launch row, 15 charts drawn in one pass).
What went: the panels' modules imported on the GUI thread at first use (now on a thread after
start-up, app/warm_up.py), full collections walking every start-up object (frozen), the four
charts drawn again with a new dock in the same pass (app/paced_repaint.py), the panels' plot
widgets built with them. Beyond load 10 on the 2 cores the CPU time itself grows (the processor
measured 1.5-2.9x the reference within one run), so read a figure with the slowdown measured
beside it, and best of several runs.

Session 15 (same measure, three runs in a row at load 6.2-6.6, processor 1.4x the reference;
before: one run at load 0.6, 1.7x): PDF export 91 -> 28-34, Print Preview 39 -> 30-36, panel open
61 -> 34-42, first BOM open 25 -> 28-29, compare 41 -> 41-52, language switch to zh 62 -> 42-48, to en
47 -> 41-55, to zh while ranking 128 -> 46-69, to en while ranking 45 -> 39-60; the window's edge
dragged (new) 87-147 -> 36-51. What went: the summary's document laid out and written on the
GUI thread (now on the worker, app/summary_task.py), every chart repainted in the pass a switch
or a dock's late growth laid the window out again, some twice, and again for the restated
numbers (held for the whole switch and its numbers, and paced on any resize:
app/paced_repaint.py). The spread left is mostly the load's.

Session 17 (GUI thread CPU ms of the longest pass, three runs each of the starting point and the
change in turn, load 2.7-3.7, processor 1.4-1.6x): the four charts are no longer held for the whole
switch but let go one per pass as each is retranslated (first paint in the new language 465-628 ->
40-227 ms after the switch): language switch to zh 28-63 -> 26-30, to en 35-41 -> 32-39, to zh
while ranking 42-50 -> 53-60, to en while ranking 37-45 -> 38-64 (its longest pass: the window's
repaint for the new language with the first chart's retranslation and repaint). The whole file
three times: every action's longest pass 19-70 ms.

Session 22 (GUI thread CPU ms of the longest pass, this file's actions, session 21's code and this
session's run in turn, 6 runs each, load 5.4-7.9 from other jobs' test suites, processor 1.8-3.4x the
reference; wall stalls 100-600 ms in both, the load's): compare selected 56-94 -> 33-44 (the cards'
estimates and the rows' texts on the worker, the rows measured once filled: app/browser.py), recommendation
refresh 30-63 -> 37-46, language switch to zh 61-132 -> 51-87, panel open 53-98 -> 54-86, language switch
to en 65-124 -> 73-120 (its longest pass: the whole window repainted in the new language with the first
chart's retranslation, plus, in some runs, a collection freeing the old panels). What went from the
switch's passes: the new panel's cost chart built and drawn in the take-over's pass (now drawn a pass
after it is built, each ranking a pass after its table), the editor's serving group in one step (now
three), the charts' legends made again (renamed in place: app/chart_legend.py), the cost chart's
context menu made with it (a pass later). On this host, under this load, a pass of 35-50 ms of CPU
is a 100-300 ms stall: the 100 ms bar holds only on a machine not shared with other jobs.

Session 23 (GUI thread CPU ms of the longest pass, session 22's code and this session's in turn, 5
runs each, 2 at load 9-12 and 3 at load 4-8, processor 1.8-3.4x the reference): model change 38-70 ->
33-56, card change 42-63 -> 30-40, recommendation refresh 35-70 -> 25-43, first BOM open 29-86 -> 40-53,
language switch to zh 41-98 -> 36-49, to zh while ranking 84-139 -> 48-134, to en while ranking 62-111 ->
52-82; unchanged within the spread: PDF export 34-56, Print Preview 41-56, panel open 44-110, compare
27-70, task change 22-39, edge dragged 53-140, switch to en 64-105. What went: the charts given a new
analysis repainted 3-4 in one pass (now one per pass, the memory chart first:
app/paced_repaint.repaint_first_now), the switch's new recommendation panel placed and its chart drawn
in one pass (now held with the others to the switch's end), the recommendation dock growing 28 px
after it opened (its busy line and reasons; now it keeps the height it opened at), the launch row's
engine box refilled at every selected row. Where the wall time went (the heartbeat reads the GUI
thread's scheduler figures): at load 9-12 the stalls of 100-850 ms were 25-140 ms of CPU, 60-820 ms
waiting for a core and under 120 ms asleep (the interpreter lock, the idle wait); in one run at load
4.8 the walls were 38-137 ms but compare (301 ms) and the switch to zh while ranking (199 ms).

Session 29 (GUI thread CPU ms of the longest pass, this file alone, three runs each; at HEAD 4578afc, load
0.5-3.4, processor 1.34-1.50x the reference, then with this session's ranking columns, load 2.7-3.1, 1.31-1.46x):
PDF export 17-24 / 19-25, Print Preview 21-24 / 24-25, panel open 27-38 / 34-36, recommendation refresh 17-19 /
18-28, first BOM open 26-36 / 24-32, task / model / card change 13-19 / 22-24 / 13-16 and 13-16 / 22-28 / 14-20,
compare 13-18 / 15-29, wizard's answer (fine-tune, serving) 13-17, 12-21 / 15-26, 16-21, edge dragged 22-28 /
28-32, switch to zh 20-29 / 32-35, to en 19-25 / 24-35, to zh while ranking 31-34 / 34-41, to en while ranking
25-27 / 31-36; walls 20-196 ms (compare's 196 ms: 13 ms of CPU, the rest waiting for a core). No action came near
the 100 ms target in any run, so nothing was moved; the ranking's columns fitted at every fill and resize
(app/recommend_columns.py) cost 0.7-0.8 ms a time.

So the tests assert two things. ``CPU_CEILING_MS`` = the target on the GUI thread's CPU time in
one pass (1.5 x it until session 15): any action doing heavy work on the GUI thread again (the catalog ranked for the
summary, the charts rebuilt, a global font change) exceeds it on any machine, while the load of a
shared CI machine hardly moves it. ``CEILING_MS`` = 6 x the target on the wall time: a GUI thread
kept waiting for a worker (a ``wait()`` on the GUI thread, a lock, the interpreter held in one
long call) is not CPU time, and takes seconds; a loaded 2-core machine (load 6) stretched the
stalls measured here to 480 ms.
"""

from __future__ import annotations

import gc
import os

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QGraphicsView, QMessageBox

from heartbeat import print_long_passes, processor_slowdown, profile_long_passes, stall_heartbeat

TARGET_MS = 100
"""The longest the window may freeze on the development machine [ms]."""
CEILING_MS = 6 * TARGET_MS
"""What the tests allow of a stall's wall time, for a loaded CI machine [ms] (see the module
docstring)."""
CPU_CEILING_MS = TARGET_MS
"""What the tests allow of the GUI thread's CPU time in one pass of the event loop [ms]: the target
itself, as load on the machine stretches a stall but hardly its CPU time (session 15: every action's
longest pass 21-69 ms here, so the target holds with margin). Both ceilings are multiplied by
:func:`heartbeat.processor_slowdown` (≥ 1), which is what allows for a slower CI processor: on one
that runs the same interpreter work 1.6x slower (an AMD EPYC machine, 2026-12-02) the session-13
code's panel opening took 141-207 ms of GUI thread CPU and its language switch 148-184 ms."""


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    """A started window as a user meets it: shown, analysed, warmed up, and the process's
    garbage collector in the state a fresh process leaves it (:mod:`configurator.app.warm_up`
    froze what start-up made). A test process has run other files first: their windows and
    dialogs, left in reference cycles, were freed by whichever collection came next on the GUI
    thread, and a collection that destroys a few windows took 111 ms of CPU after 60 files here
    and 452 ms in one pass on the CI machine (a model change, 2026-12-02; this file alone: 42 ms).
    So what earlier tests left is collected and frozen before the measurements (unfrozen after):
    every object the window makes during the test is still the collector's, as in the app."""
    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1280, 900)
    w.show()
    qtbot.waitExposed(w)
    w.controller.wait()
    from configurator.app.warm_up import wait_until_warm

    wait_until_warm()  # a user's first command comes seconds after start-up, its modules loaded by then
    gc.collect()
    gc.freeze()
    yield w
    gc.unfreeze()


def idle(window) -> bool:
    """No analysis, ranking or summary under way, no chart still waiting for its turn to repaint
    (app/paced_repaint.py), and an open bill of materials filled (its first fill waits two timer
    passes after the dock opens: on a loaded machine the settling time after the rest is done can
    end before them)."""
    panel = getattr(window, "recommend_panel", None)
    task = getattr(window, "_summary_job", None)
    bom = getattr(window, "bom_panel", None)
    bom_waiting = bom is not None and bom.cost is None and window.controller.analysis is not None
    charts_held = not all(chart.updatesEnabled() for chart in window.charts)  # repainted one per pass
    return (not window.controller.busy and (panel is None or not panel.busy)
            and (task is None or not task.busy) and not window.rebuilding and not bom_waiting and not charts_held)


def stall(window, action, what: str, ceiling_ms: float = CEILING_MS,
          cpu_ceiling_ms: float = CPU_CEILING_MS, done=lambda: True) -> None:
    """Run ``action`` (cold) and check the largest stall around it: under ``ceiling_ms`` of wall
    time and ``cpu_ceiling_ms`` of the GUI thread's CPU time in one pass of the event loop, each
    times this processor's slowdown against the reference (:func:`heartbeat.processor_slowdown`).
    Both are printed as ``stall <what>: N ms (GUI thread CPU M ms)`` (run with ``-s``). With
    ``STALL_PROFILE=<ms>`` in the environment, what ran in each pass longer than that is printed
    too (cProfile on the GUI thread, :class:`heartbeat.ProfiledHeartbeat`; profiling slows it).
    ``done``: what else the action waits for beside the window being idle (a dialog's own work)."""
    from configurator.core.estimate import clear_estimate_memo

    clear_estimate_memo()
    if os.environ.get("STALL_PROFILE"):
        beat = profile_long_passes(action, lambda: idle(window) and done(), float(os.environ["STALL_PROFILE"]))
        print_long_passes(beat, what)
        largest, cpu = beat.largest_gap_ms, 0.0  # profiled: the CPU times printed above are doubled
    else:
        beat = stall_heartbeat(action, lambda: idle(window) and done())
        largest, cpu = beat.largest_gap_ms, beat.largest_cpu_ms
    slowdown = processor_slowdown()
    used, queued, asleep = beat.largest_gap_parts_ms
    print(f"stall {what}: {largest:.0f} ms (GUI thread CPU {cpu:.0f} ms; processor {slowdown:.2f}x the reference; "
          f"the longest gap: {used:.0f} ms CPU, {queued:.0f} ms waiting for a core, {asleep:.0f} ms asleep)")
    if os.environ.get("STALL_LOG"):
        log_stall(os.environ["STALL_LOG"], what, largest, cpu, beat.largest_gap_parts_ms, slowdown)
    assert largest < ceiling_ms * slowdown and cpu < cpu_ceiling_ms * slowdown, \
        f"{what}: {largest:.0f} ms, CPU {cpu:.0f} ms (ceilings x {slowdown:.2f}, the processor's slowdown)"


def log_stall(path: str, what: str, wall: float, cpu: float, parts: tuple[float, float, float],
              slowdown: float) -> None:
    """Append one action's figures to ``path`` as a JSON line (``STALL_LOG``: tables over many runs)."""
    import json

    with open(path, "a", encoding="utf-8") as log:
        log.write(json.dumps({"what": what, "wall_ms": round(wall, 1), "cpu_ms": round(cpu, 1),
                              "gap_cpu_queued_asleep_ms": [round(v, 1) for v in parts],
                              "slowdown": round(slowdown, 2), "load": os.getloadavg()[0]}) + "\n")


def test_export_summary_to_pdf(window, tmp_path):
    path = tmp_path / "summary.pdf"
    stall(window, lambda: window.export_summary_later(path), "export PDF")
    assert path.read_bytes().startswith(b"%PDF") and path.stat().st_size > 10_000
    assert "Wrote" in window.statusBar().currentMessage()


def test_export_failure_is_said(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(title))
    window.export_summary_later(tmp_path / "nowhere" / "x.pdf")
    assert shown == ["Cannot export summary"]


def test_a_write_failing_on_the_worker_is_said(window, qtbot, tmp_path, monkeypatch):
    """The PDF is written on the worker thread; its failure is said on the GUI thread, as before."""
    import errno

    from configurator.report import document

    def full_disk(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append((title, text)))
    monkeypatch.setattr(document, "write_pdf", full_disk)
    window.export_summary_later(tmp_path / "summary.pdf")
    qtbot.waitUntil(lambda: bool(shown), timeout=30_000)
    assert shown[0][0] == "Cannot export summary" and "No space left on device" in shown[0][1]
    assert not (tmp_path / "summary.pdf").exists()


def test_print_preview(window, qtbot):
    stall(window, window.preview_action.trigger, "print preview")
    from configurator.app.preview import SummaryPreview

    preview = window.findChild(SummaryPreview)
    qtbot.waitUntil(lambda: preview.preview_widget().pageCount() > 0, timeout=10_000)
    assert "Configuration summary" in preview.document.toPlainText()
    preview.close()


def test_recommendation_panel_open_and_refresh(window):
    stall(window, lambda: window.toggle_recommendations(True), "recommendation panel open")
    assert window.recommend_panel.table.rowCount() > 0
    slider = window.editor.count_slider
    stall(window, lambda: slider.setValue(slider.value() + 1), "recommendation refresh")


def test_first_open_of_the_bill_of_materials(window):
    stall(window, lambda: window.toggle_bill_of_materials(True), "first BOM open")
    assert window.bom_panel.lines.rowCount() > 0


@pytest.mark.parametrize("combo", ["workload", "model_combo", "card_combo"])
def test_changing_the_task_model_or_card(window, combo):
    box = getattr(window.editor, combo)
    stall(window, lambda: box.setCurrentIndex((box.currentIndex() + 1) % box.count()), combo)


def test_compare_selected_cards(window):
    from PySide6.QtCore import QItemSelectionModel

    browser = window.open_browser()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in (0, 1, 2):
        browser.table.selectionModel().select(browser.proxy.index(row, 0), flags)
    dialogs = []
    stall(window, lambda: dialogs.append(browser.compare_selected()), "compare selected",
          done=lambda: bool(dialogs) and not dialogs[0].busy)  # its rows filled: the estimates came back
    assert dialogs[0].table.columnCount() == 3 and dialogs[0].table.rowCount() > 10
    for opened in (dialogs[0], browser):  # closed and deleted with the test
        opened.close()
        opened.deleteLater()


@pytest.mark.parametrize("workload", ["finetune", "inference"])
def test_the_wizards_answer(window, workload):
    """The wizard's last Next: its answer page decides on a worker thread, the best so far shown as
    the catalog is ranked (app/wizard_result.py), then the decision."""
    wizard = window.open_wizard()
    wizard.goal.set_workload(workload)
    for _page in range(3):
        wizard.next()
    stall(window, wizard.next, f"wizard's answer ({workload})", done=lambda: wizard.summary.decision is not None)
    assert wizard.summary.text.toPlainText()
    wizard.reject()


def test_dragging_the_window_edge(window, qtbot):
    """The window's edge dragged 240 px narrower, 12 px every 10 ms (a mouse's pace): every chart is
    laid out again at each step, and repainted one per pass (app/paced_repaint.pace_resizes; without
    it, 87-147 ms of GUI thread CPU in one pass on the development machine, 30 ms with it)."""
    from PySide6.QtCore import QTimer

    width, height = window.width(), window.height()
    steps: list[int] = []

    def step_to(step: int) -> None:
        window.resize(width - 12 * step, height)  # as far as the window's minimum width allows
        steps.append(step)

    def drag() -> None:
        for step in range(1, 21):
            QTimer.singleShot(10 * step, window, lambda step=step: step_to(step))

    stall(window, drag, "window edge dragged")
    qtbot.waitUntil(lambda: len(steps) == 20)
    assert window.width() < width
    qtbot.waitUntil(lambda: all(chart.updatesEnabled() for chart in window.charts))  # all drawn again


def only_this_window() -> None:
    """Let go of what earlier tests left (their windows, browsers and dialogs, 9,000 widgets against
    1,200 for one window): the switch restyles every widget of the application, and a user has one
    window."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    gc.collect()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def switch_languages(window, qtbot, wait_for_ranking: bool) -> None:
    """Switch to Chinese and back with the recommendation and BOM panels open, checking the
    stalls; ``wait_for_ranking``: each switch once the panel has ranked the catalog (else the
    first switch starts while the panel's first ranking is still on the worker)."""
    from configurator.core.currency import in_language_currency

    window.toggle_recommendations(True)
    window.toggle_bill_of_materials(True)
    window.controller.wait()
    only_this_window()
    try:
        for language, menu in (("zh_CN", "文件"), ("en", "File")):
            if wait_for_ranking:
                qtbot.waitUntil(lambda: idle(window), timeout=30_000)
            stall(window, lambda lang=language: window.set_language(lang, staged=True),
                  f"language switch to {language}" + ("" if wait_for_ranking else " while ranking"))
            assert window.recommend_panel.result is not None and not window.recommend_panel.partial
            # restated in the language's currency, last: restating it again changes nothing
            qtbot.waitUntil(lambda lang=language: window.controller.scenario
                            == in_language_currency(window.controller.scenario, lang))
            assert menu in window.menuBar().actions()[0].text()
            # every chart, held for the switch, repaints again once it is over
            qtbot.waitUntil(lambda: all(view.updatesEnabled() for view in window.findChildren(QGraphicsView)))
            assert window.recommend_dock.isVisible() and window.bom_dock.isVisible()
    finally:
        window.set_language("en")


def test_language_switch_with_panels_open(window, qtbot):
    switch_languages(window, qtbot, wait_for_ranking=True)


def test_language_switch_while_the_panel_ranks(window, qtbot):
    """The panel just opened, its first ranking still on the worker: the switch's passes share
    the interpreter with it and the ranking's steps are drawn between them."""
    switch_languages(window, qtbot, wait_for_ranking=False)


def test_a_window_closed_during_the_language_switch_gets_no_more_pieces(qtbot, tmp_path, monkeypatch):
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    from configurator.app import i18n
    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w.show()
    w.controller.wait()
    w.toggle_recommendations(True)
    try:
        w.set_language("zh_CN", staged=True)
        qtbot.waitUntil(lambda: w.rebuilding, timeout=5_000)
        qtbot.wait(40)  # a piece or two built, the rest to come
        assert w.rebuilding
        w.controller.undo_stack.setClean()
        w.close()
        w.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        assert not shiboken6.isValid(w)
        qtbot.wait(500)  # the pieces left would have run by now
        from configurator.app import error_boundary

        log = error_boundary.log_path()
        assert not log.exists() or "Traceback" not in log.read_text(encoding="utf-8")
    finally:
        i18n.install_language("en")


LIGHT_ON_THE_GUI_THREAD = {"configurator.app.summary_task", "configurator.report.file_formats"}
"""Summary modules the GUI thread may import at the click: the task and the path check (small,
nothing heavy imported with them)."""


@pytest.mark.parametrize("command", ["export", "preview"])
def test_a_summary_command_before_the_warm_up_loaded_anything(command):
    """The fixture above waits for the warm-up thread, which would hide a command clicked in the
    first second: here a fresh process with no warm-up at all (tests/first_export_probe.py). Before,
    the summary's eleven modules were imported in the click's pass (export 155-198 ms, CPU 58-62 ms;
    preview 194-207 ms, CPU 59-60 ms; main 5917c59, load 4); now the worker's first stage loads them
    and the command costs what it costs warm (export 59-90 ms, CPU 24-26 ms; preview 72-76 ms, CPU 26-27 ms)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    probe = Path(__file__).resolve().parent / "first_export_probe.py"
    result = subprocess.run([sys.executable, str(probe), command], capture_output=True, text=True, timeout=300,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-2000:]
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["finished"] and not figures["errors"], figures
    assert set(figures["imported_on_gui_thread"]) <= LIGHT_ON_THE_GUI_THREAD, figures
    slowdown = processor_slowdown()
    print(f"stall first-second {command}: {figures['stall_ms']:.0f} ms (GUI thread CPU {figures['cpu_ms']:.0f} ms)")
    assert figures["stall_ms"] < CEILING_MS * slowdown and figures["cpu_ms"] < CPU_CEILING_MS * slowdown, figures


def test_each_chart_is_shown_in_the_new_language_early_in_the_switch(window, qtbot, monkeypatch):
    """The four charts are retranslated in place first, one per pass, and each repaints at once:
    by the time the new panels are placed (many passes later) every one is let go, in Chinese, the
    counts over the memory bars too. Held to the end of the switch they showed English for
    0.5-0.6 s (session 17, /tmp probe: first paint in the new language 465-628 ms -> 40-227 ms)."""
    window.controller.wait()
    seen = []
    redraw = window._redraw_results

    def look() -> None:
        counts = [item.toPlainText() for item in window.memory_chart.counts if item.isVisible()]
        seen.append(([chart.updatesEnabled() for chart in window.charts],
                     window.memory_chart.getPlotItem().titleLabel.text, counts, window.rebuilding))
        redraw()

    monkeypatch.setattr(window, "_redraw_results", look)
    window.set_language("zh_CN", staged=True)
    qtbot.waitUntil(lambda: not window.rebuilding, timeout=30_000)
    [(let_go, title, counts, rebuilding)] = seen
    assert all(let_go) and rebuilding
    assert "每卡显存" in title, title
    assert counts and not any(english(text) for text in counts), counts


def english(text: str) -> bool:
    """Latin words in ``text`` (a Chinese text has none but units and names)."""
    import re

    return bool(re.search(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>", "", text)))
