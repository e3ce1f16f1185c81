"""Work taken out of the GUI thread's long passes (issue 28 part 2, session 22), with real widgets:
the comparison's estimates worked out on the worker, the recommendation panel's chart drawn a pass
after it is built, the editor's serving group built in steps, and the charts' legends renamed in
place by a language switch."""

from __future__ import annotations

import threading

import pytest


@pytest.fixture
def browser(qtbot, controller):
    from configurator.app.browser import CardBrowser

    b = CardBrowser(controller)
    qtbot.addWidget(b)
    b.show()
    return b


def test_the_comparison_opens_at_once_and_its_estimates_come_from_the_worker(browser, monkeypatch):
    from configurator.app import browser_compare as browser_module

    threads = []
    real = browser_module.estimate

    def noted(scenario, card):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(scenario, card)

    monkeypatch.setattr(browser_module, "estimate", noted)  # a core function, watched: our widgets are real
    browser.select_ids(["h100-sxm", "l40s", "mi300x"])
    dialog = browser.compare_selected()
    try:
        assert dialog.table.columnCount() == 3 and dialog.table.rowCount() == 0
        assert dialog.busy and dialog.busy_label.text()  # says the cards are being worked out
        assert dialog.wait()
        assert threads == [False, False, False]  # none on the GUI thread
        rows = [dialog.table.verticalHeaderItem(r).text() for r in range(dialog.table.rowCount())]
        assert "Memory per card" in rows and not dialog.busy_label.text() and dialog.busy_label.isHidden()
        assert all(dialog.table.item(r, c) is not None for r in range(len(rows)) for c in range(3))
    finally:
        dialog.close()


def test_the_comparison_s_failure_is_said(browser, monkeypatch):
    from configurator.app import browser_compare as browser_module
    from configurator.app import error_boundary

    said = []
    monkeypatch.setattr(error_boundary, "report", lambda error, where, what, parent=None: said.append((where, what)))

    def broken(scenario, card):
        raise RuntimeError("no estimate")

    monkeypatch.setattr(browser_module, "estimate", broken)
    browser.select_ids(["h100-sxm", "l40s"])
    dialog = browser.compare_selected()
    try:
        assert dialog.wait()
        assert said == [("ComparisonDialog", "Comparing the cards")]
        assert dialog.table.rowCount() == 0 and not dialog.busy_label.text()
    finally:
        dialog.close()


def test_a_panel_taking_over_a_ranking_draws_its_chart_a_pass_after_building_it(qtbot, controller):
    """A language switch's new panel takes over the ranking before its chart is built: the chart is
    built in a pass of its own and drawn in the next, not built and drawn in the take-over's pass."""
    from configurator.app.recommend_panel import RecommendationPanel

    shown = RecommendationPanel(controller)
    qtbot.addWidget(shown)
    shown.wait()
    qtbot.waitUntil(lambda: shown.pareto.drawn, timeout=5_000)  # its final ranking drawn, a pass after it came
    assert shown.result is not None and shown.result.ranked
    panel = RecommendationPanel(controller, shown=shown, staged=True)
    qtbot.addWidget(panel)
    panel.take_over(shown)
    assert panel.result is shown.result and panel.table.rowCount() > 0  # the table at once
    assert panel.pareto._plot is None  # the chart not built in this pass
    qtbot.waitUntil(lambda: panel.pareto._plot is not None, timeout=5_000)
    qtbot.waitUntil(lambda: len(panel.pareto.points.data) > 0, timeout=5_000)
    assert len(panel.pareto.points.data) == len(shown.pareto.points.data)
    assert panel.chart.getPlotItem().titleLabel.text == shown.chart.getPlotItem().titleLabel.text


def test_the_chart_asked_for_before_it_is_built_is_built_and_drawn_at_once(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    shown = RecommendationPanel(controller)
    qtbot.addWidget(shown)
    shown.wait()
    qtbot.waitUntil(lambda: shown.pareto.drawn, timeout=5_000)  # its final ranking drawn, a pass after it came
    panel = RecommendationPanel(controller, shown=shown, staged=True)
    qtbot.addWidget(panel)
    panel.take_over(shown)
    assert len(panel.chart.getPlotItem().listDataItems()) >= 1  # the property builds it, with the ranking
    assert len(panel.pareto.points.data) == len(shown.pareto.points.data) > 0


def test_the_staged_editor_builds_the_serving_group_in_steps(qtbot, controller):
    """Each step of a staged editor (a language switch) is a pass of the event loop: the serving
    group, once one step, takes three; the editor built in steps has every control the whole one has."""
    from PySide6.QtWidgets import QWidget

    from configurator.app.editor import ScenarioEditor

    whole = ScenarioEditor(controller)
    qtbot.addWidget(whole)
    staged = ScenarioEditor(controller, staged=True)
    qtbot.addWidget(staged)
    steps_to_serving = 0
    while not hasattr(staged, "serving_group"):
        assert staged.build_step()
        steps_to_serving += 1
    while staged.build_step():
        pass
    assert steps_to_serving >= 6  # workload/model, hardware, training, then the serving group's three
    assert len(staged.findChildren(QWidget)) == len(whole.findChildren(QWidget))
    assert staged.engine_settings.parent() is not None and staged.serving_group.isAncestorOf(staged.kv_precision)


def test_a_chart_s_legend_is_renamed_in_place_by_a_language_switch(qtbot):
    """The memory chart's legend keeps its entries (samples and labels) and takes the new names."""
    from configurator.app import i18n
    from configurator.app.memory_charts import MemoryChart

    chart = MemoryChart()
    qtbot.addWidget(chart)
    entries = list(chart.legend.items)
    english = [label.text for _, label in entries]
    i18n.install_language("zh_CN")
    try:
        chart.retranslate()
        assert chart.legend.items == entries  # the same samples and labels, renamed
        chinese = [label.text for _, label in chart.legend.items]
        assert chinese[-1] == "可用容量" and chinese != english
    finally:
        i18n.install_language("en")
    chart.retranslate()
    assert [label.text for _, label in chart.legend.items] == english


def test_a_legend_listing_other_items_is_built_again(qtbot):
    import pyqtgraph as pg

    from configurator.app.chart_legend import name_legend

    plot = pg.PlotWidget()
    qtbot.addWidget(plot)
    legend = plot.addLegend()
    one, two = pg.PlotDataItem([1, 2], [1, 2]), pg.PlotDataItem([1, 2], [2, 1])
    name_legend(legend, [(one, "one")])
    name_legend(legend, [(one, "One"), (two, "Two")])
    assert [(sample.item, label.text) for sample, label in legend.items] == [(one, "One"), (two, "Two")]
    kept = list(legend.items)
    name_legend(legend, [(one, "1"), (two, "2")])
    assert legend.items == kept and [label.text for _, label in legend.items] == ["1", "2"]


def test_each_ranking_is_drawn_in_the_pass_after_its_table(qtbot, controller):
    """The table is filled in the pass a ranking arrives, the cost chart in the next (together they
    were one pass as the ranking's steps came); asking for the chart draws it at once."""
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.wait()
    qtbot.waitUntil(lambda: panel.pareto.drawn, timeout=5_000)
    drawn = len(panel.pareto.points.data)
    panel.pareto.points.setData([])
    panel._show_ranking(panel.result, partial=False)
    assert panel.table.rowCount() > 0 and len(panel.pareto.points.data) == 0  # the chart not yet
    qtbot.waitUntil(lambda: len(panel.pareto.points.data) == drawn, timeout=5_000)
    panel.pareto.points.setData([])
    panel._show_ranking(panel.result, partial=False)
    assert len(panel.chart.getPlotItem().listDataItems()) >= 1 and len(panel.pareto.points.data) == drawn


def test_the_cost_chart_s_context_menu_is_made_a_pass_after_the_chart(qtbot, controller):
    """The cost chart keeps its context menu (view all, axes, export), made a pass after the chart."""
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    view_box = panel.chart.getPlotItem().getViewBox()  # built now
    assert view_box.menu is None
    qtbot.waitUntil(lambda: view_box.menu is not None and view_box.menuEnabled(), timeout=5_000)
