"""Heavy work off the GUI thread: the analysis, the recommendation panel and the wizard's summary
run on a worker thread, cheap numbers first, stale requests dropped, a visible busy state."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QSettings

from configurator.core import analysis as analysis_module  # the controller looks its steps up here, when it runs
from configurator.app.main_window import MainWindow
from configurator.app.worker import LatestJob
from configurator.core.view.names import model_name


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # on close
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def slowed(monkeypatch, gate: threading.Event | None = None):
    """Hold every analysis before its first step until ``gate`` is set (none: no hold), and record
    the threads it ran on. A gate, not a sleep: under load the GUI thread can be held up longer
    than any sleep (a collection, deferred deletes, the scheduler), and a 0.3 s sleep let the
    first request deliver its numbers — rightly, as it was still the newest — before the test had
    made the second (seen once in session 16; a 0.6 s stall on the GUI thread reproduces it)."""
    real, threads = analysis_module.analysis_steps, []

    def steps(*args, **kwargs):
        threads.append(threading.current_thread())
        if gate is not None:
            assert gate.wait(GATE_TIMEOUT_S), "the test never opened the gate"
        yield from real(*args, **kwargs)

    monkeypatch.setattr(analysis_module, "analysis_steps", steps)
    return threads


GATE_TIMEOUT_S = 30
"""How long a held analysis waits for its gate at most [s] (a failing test does not hang)."""


def test_the_analysis_runs_on_a_worker_thread_estimate_first(qtbot, controller, monkeypatch):
    threads = slowed(monkeypatch)
    seen = []
    controller.analysis_step.connect(lambda a: seen.append(("step", a)))
    controller.analysis_changed.connect(lambda a: seen.append(("done", a)))
    assert controller.apply("count", 16)
    assert controller.wait().estimate.scenario.count == 16
    assert threads and all(t is not threading.main_thread() for t in threads)
    kinds = [kind for kind, _ in seen]
    assert kinds == ["step", "step", "done"]
    first, second, done = (a for _, a in seen)
    assert not first.complete and first.by_count == () and first.catalog_points == ()  # the estimate alone
    assert second.by_count and not second.complete  # then the sweep over counts
    assert done.complete and done.catalog_points and done.estimate is first.estimate


def test_a_newer_change_drops_the_older_result(qtbot, controller, monkeypatch):
    gate = threading.Event()
    threads = slowed(monkeypatch, gate)
    shown = []
    controller.analysis_step.connect(lambda a: shown.append(a.estimate.scenario.count))
    controller.analysis_changed.connect(lambda a: shown.append(a.estimate.scenario.count))
    assert controller.apply("count", 16)
    qtbot.waitUntil(lambda: len(threads) == 1, timeout=5000)  # 16 is being analysed, held at the gate
    assert controller.busy
    assert controller.apply("count", 32)
    gate.set()  # 16's first numbers are ready only now, after the user has moved on
    assert controller.wait().estimate.scenario.count == 32
    assert shown and set(shown) == {32}  # nothing of the scenario the user had already left
    assert not controller.busy


def test_recompute_is_synchronous_and_drops_a_running_analysis(qtbot, controller, monkeypatch):
    gate = threading.Event()
    threads = slowed(monkeypatch, gate)
    delivered = []
    controller.analysis_changed.connect(lambda a: delivered.append(a.estimate.scenario.count))
    controller.apply("count", 16)
    qtbot.waitUntil(lambda: len(threads) == 1, timeout=5000)  # 16 is being analysed, held at the gate
    controller.apply("count", 24)
    gate.set()
    assert controller.recompute().estimate.scenario.count == 24
    qtbot.waitUntil(lambda: controller._job._running is None, timeout=GATE_TIMEOUT_S * 1000)  # the dropped worker ended
    assert delivered == [24] and controller.analysis.estimate.scenario.count == 24 and not controller.busy


def test_the_window_says_it_is_computing(qtbot, window, monkeypatch):
    gate = threading.Event()
    slowed(monkeypatch, gate)
    window.controller.apply("count", 16)
    qtbot.waitUntil(lambda: window.busy_label.text() != "", timeout=5000)
    assert window.busy_label.text() == "Computing…"
    gate.set()
    window.controller.wait()
    assert window.busy_label.text() == ""
    assert "16" in window.results.verdict.text() or window.results.isEnabled()


def test_the_results_follow_the_estimate_before_the_sweeps(qtbot, window, monkeypatch):
    """The results panel shows the new scenario's numbers as soon as its estimate is there."""
    steps = []
    window.controller.analysis_step.connect(lambda a: steps.append(window.results.layout_label.text()))
    window.controller.apply("count", 64)
    window.controller.wait()
    assert steps and window.results.layout_text(window.controller.analysis.estimate) in steps[0]


def test_a_failure_on_the_worker_is_reported_and_greys_the_results(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import error_boundary

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    monkeypatch.setitem(error_boundary._state, "seen", set())

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("float division by zero")
        yield  # a generator, as the real one

    monkeypatch.setattr(analysis_module, "analysis_steps", broken)
    window.controller.apply("count", 16)
    window.controller.wait()
    assert len(shown) == 1 and "ZeroDivisionError" in shown[0]
    assert window.controller.analysis is None and not window.results.isEnabled()


def test_latest_job_delivers_only_the_newest(qtbot):
    job = LatestJob()
    results, busy = [], []
    job.finished.connect(results.append)
    job.busy_changed.connect(busy.append)
    gate = threading.Event()
    job.submit(lambda context: gate.wait(5) and "first")
    job.submit(lambda context: "second")
    job.submit(lambda context: "third")  # replaces "second", which never runs
    gate.set()
    assert job.wait(5000)
    assert results == ["third"] and busy == [True, False]


def test_the_recommendation_panel_ranks_on_a_worker(qtbot, window):
    panel = window.toggle_recommendations(True)
    panel.start_refresh()
    assert panel.busy_label.text()  # says it is ranking
    result = panel.wait()
    assert result is not None and panel.busy_label.text() == ""
    ranked = [(r.card.id, r.count) for r in result.ranked]
    assert ranked == [(r.card.id, r.count) for r in panel.refresh().ranked]  # the same as on the GUI thread
    after = result.ranked_after_unlisted  # those ranked after every complete total follow, under a heading
    after = 1 + len(after) if after else 0
    unpriced = 1 + len(result.unpriced) if result.unpriced else 0  # then the cards without a price, under a heading
    unrated = 1 + len(result.unrated) if result.unrated else 0  # then the cards the catalog cannot rate
    assert panel.table.rowCount() == len(ranked) + after + unpriced + unrated


def test_the_recommendation_reasons_follow_the_ranking(qtbot, window):
    """Changing "Rank by" shows the reasons of the new first row, not the previous ranking's."""
    panel = window.toggle_recommendations(True)
    panel.refresh()
    panel.objective.setCurrentIndex(panel.objective.findData("fastest"))
    result = panel.refresh()
    from configurator.app.i18n import message_text

    # the first row's reasons, then its layout line (splitpool51)
    assert panel.reasons.text().startswith("\n".join(f"• {message_text(m)}" for m in result.ranked[0].reasons))


def test_the_wizard_summary_is_worked_out_on_a_worker(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    while wizard.currentPage() is not wizard.summary:
        wizard.next()
    assert not wizard.summary.isComplete()  # Finish waits for the planner
    assert wizard.summary.busy_label.text()
    assert wizard.summary.wait()
    assert wizard.summary.isComplete() and wizard.summary.text.toPlainText()
    model = wizard.summary.suggestion[1].model
    assert f"Model: {model_name(model.name)}, " in wizard.summary.text.toPlainText()  # the model the numbers are for
    assert wizard.summary.busy_label.text() == ""
    suggested = wizard.summary.suggestion[1]
    wizard.accept()
    assert controller.scenario == suggested


def test_the_recommendation_columns_say_what_they_hold(qtbot, window):
    from configurator.app.labels import factor_names
    from configurator.core.limiting import limiting_factor

    panel = window.toggle_recommendations(True)
    panel.objective.setCurrentIndex(panel.objective.findData("tco"))
    result = panel.refresh()
    headers = [panel.table.horizontalHeaderItem(c).text() for c in range(panel.table.columnCount())]
    assert headers == ["Cards", "Class", "Time to finish", "TCO/M tokens [USD]", "Limited by",
                       "Price per card"]
    # the column named briefly, its tooltip (and the chart's axis) in full
    assert panel.table.horizontalHeaderItem(3).toolTip() == (
        "Cost per million tokens — total cost of ownership: cards, servers, network, power, support — over 4 years, "
        "if the cards train at this pace all 4 years [USD]")
    factors = set(factor_names().values())
    for row, rec in enumerate(result.ranked):
        limited = panel.table.item(row, 4).text()
        assert limited in factors and limited == factor_names()[limiting_factor(rec.estimate)]  # one factor
    panel.objective.setCurrentIndex(panel.objective.findData("cloud"))
    panel.refresh()
    assert panel.table.horizontalHeaderItem(3).text() == "Rent/M tokens [USD]"
    assert panel.table.horizontalHeaderItem(3).toolTip().endswith("cloud rent [USD]")


def test_every_memory_band_is_opaque_in_its_palette_colour_and_in_the_legend(qtbot, window):
    """One palette: no see-through band mixes into a colour that no legend entry shows."""
    from configurator.app.charts import PALETTE
    from configurator.app.memory_charts import MEMORY_PARTS, part_names

    chart = window.memory_chart
    chart.update_from(window.controller.analysis)
    legend = {label.text: sample.item for sample, label in chart.legend.items}
    names = part_names()
    for key, colour in MEMORY_PARTS:
        brush = chart.bars[key].opts["brush"]
        assert brush.color().alpha() == 255 and brush.color().name() == colour == PALETTE[key]
        if any(h > 0 for h in chart.bars[key].opts["height"]):
            assert legend[names[key]] is chart.bars[key]  # drawn means named, in the same colour


@pytest.mark.parametrize("panel", [False, True], ids=["charts", "with the recommendation panel"])
def test_the_charts_line_labels_stay_clear_of_their_legends(qtbot, window, panel):
    """At a few cards the "stops scaling" and "this scenario" lines run through the legend in the
    top-left corner (in Chinese, 不再扩展 sat on it): their labels sit below it, on a fill, and
    below each other, also when the recommendation panel makes the charts short (the labels at a
    fixed share of the height sat on the legends there)."""
    import math

    chart, curve = window.scaling_chart, window.curve_chart
    chart.update_from(window.controller.analysis)
    for line, count in ((chart.limit, 2), (chart.chosen, 1)):
        line.setVisible(True)
        line.setValue(math.log10(count))
    curve.chosen.setValue(curve.getPlotItem().vb.viewRange()[0][0])  # at the left edge, under the legend
    window.resize(1280, 800)
    if panel:
        window.recommend_action.trigger()
    qtbot.wait(50)
    assert not panel or chart.height() < 300

    def labels_clear() -> None:
        for plot, lines in ((chart, (chart.chosen, chart.limit)), (curve, (curve.chosen,))):
            legend = plot.legend.sceneBoundingRect()
            for line in lines:
                label = line.label
                if not label.isVisible():  # dropped on a chart too short for it (place_line_labels)
                    continue
                assert label.fill.color().alpha() > 180  # readable over a curve or the limit line
                assert not label.sceneBoundingRect().intersects(legend), label.toPlainText()
        assert chart.chosen.label.isVisible()  # "this scenario" is always named; the limit's label only with room
        assert not chart.limit.label.isVisible() or \
            not chart.chosen.label.sceneBoundingRect().intersects(chart.limit.label.sceneBoundingRect())

    qtbot.waitUntil(labels_clear, timeout=3000)  # charts resized together are laid out and repainted in turn


def test_status_bar_counts_take_plural_forms(qtbot, window):
    from configurator.app.i18n import install_language

    install_language("en")  # as build_main_window does: English plural forms ("1 card", "63 cards")
    window._update_status()
    count = len(window.controller.catalog.cards)
    assert f"{count} cards" in window.status_label.text() and "card(s)" not in window.status_label.text()
