"""The window's charts stay inside their widgets, their words whole and apart, at the smallest
screen a buyer has and in a short chart (session 14's screenshots: the cost chart drawn wider than
its widget at 1280×800, its axis and class key cut; the scaling chart's right axis title cut to
"[n" and the memory chart's legend over the counts above its bars with the recommendation panel
open; a curve across the legend's "Does not fit" at 1920×1080)."""

from __future__ import annotations

import pytest
from test_window_count_change import window  # noqa: F401 - the fixture

from configurator.app.chart_fit import LEAST_HEADROOM, MOST_ROOM_SHARE, top_with_room
from configurator.app.memory_charts import MemoryChart
from configurator.app.scaling_chart import ScalingChart


def _overhang_px(chart) -> float:
    """How far the chart's plot reaches past its widget's right or bottom edge [px] (0 when inside:
    in Chinese a title wrapped while the plot was still a few pixels wide once left it 73 px taller
    than its widget, the x axis' ticks below the edge)."""
    plot = chart.getPlotItem()
    drawn = plot.mapRectToScene(plot.boundingRect())
    return max(0.0, drawn.right() - chart.viewport().width(), drawn.bottom() - chart.viewport().height())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_chart_is_inside_its_widget_at_1280x800(qtbot, window, language):  # noqa: F811 - the fixture
    window.set_language(language)
    try:
        qtbot.wait(50)
        assert {type(c).__name__: _overhang_px(c) for c in window.charts} == {
            type(c).__name__: 0.0 for c in window.charts}
    finally:
        window.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_window_opened_in_a_language_has_its_charts_inside_their_widgets(qtbot, tmp_path, monkeypatch, language):
    """Built in the language from the start, as the app opens with a saved language: the titles are
    laid out while the plots are still a few pixels wide."""
    from PySide6.QtCore import QSettings

    from configurator.app import i18n
    from configurator.app.main import build_main_window
    from test_window_count_change import ANALYSIS_WAIT_MS

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    try:
        built = build_main_window(settings)
        qtbot.addWidget(built)
        built.resize(1280, 800)
        built.show()
        qtbot.waitExposed(built)
        with qtbot.waitSignal(built.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
            built.controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
        qtbot.wait(50)
        assert {type(c).__name__: _overhang_px(c) for c in built.charts} == {
            type(c).__name__: 0.0 for c in built.charts}
        built.controller.undo_stack.setClean()
    finally:
        i18n.install_language("en")


def _short(chart, qtbot, analysis):
    chart.resize(330, 200)  # the height of a chart with the recommendation panel open
    chart.show()
    qtbot.waitExposed(chart)
    chart.update_from(analysis)
    qtbot.wait(50)
    return chart


def test_a_vertical_axis_title_longer_than_its_axis_wraps(qtbot, window):  # noqa: F811 - the fixture
    chart = _short(ScalingChart(), qtbot, window.controller.analysis)
    qtbot.addWidget(chart)
    for side in ("left", "right"):
        axis = chart.getPlotItem().getAxis(side)
        assert axis.label.boundingRect().width() <= axis.size().height()  # its length along the axis


def test_the_memory_legend_leaves_the_counts_over_the_bars_clear(qtbot, window):  # noqa: F811 - the fixture
    chart = _short(MemoryChart(), qtbot, window.controller.analysis)
    qtbot.addWidget(chart)
    legend = chart.legend.sceneBoundingRect()
    counts = [c.sceneBoundingRect() for c in chart.counts if c.isVisible()]
    assert counts and not (chart.legend.isVisible() and any(legend.intersects(c) for c in counts))
    title = chart.getPlotItem().titleLabel.text.replace("\u00a0", " ")
    assert chart.legend.isVisible() or "Usable capacity" in title  # named under the title


def test_the_legend_of_the_scaling_chart_is_over_its_second_curve(qtbot, window):  # noqa: F811 - the fixture
    chart = window.scaling_chart
    assert chart.right_view.zValue() < chart.getPlotItem().zValue()
    assert chart.legend.opts["brush"].color().alpha() > 0


def test_top_with_room():
    assert top_with_room(100.0, 0.0, 300.0) == pytest.approx(LEAST_HEADROOM * 100)
    assert top_with_room(100.0, 150.0, 300.0) == pytest.approx(200.0)  # half the view kept free
    assert top_with_room(100.0, 290.0, 300.0) == pytest.approx(100 / (1 - MOST_ROOM_SHARE))
    assert top_with_room(0.0, 50.0, 300.0) == 1.0


def test_the_memory_legend_is_inside_the_view_of_a_1200x700_window(qtbot, window):  # noqa: F811 - the fixture
    """Was: its two columns 261 px wide in a 223-px view, "Optimizer s", "Gradients (" and "Usable cap"
    cut at the view's edge; now one column, the bars lowered under it."""
    chart = MemoryChart()
    qtbot.addWidget(chart)
    chart.resize(280, 310)  # the memory chart of a 1200×700 window
    chart.show()
    qtbot.waitExposed(chart)
    chart.update_from(window.controller.analysis)
    qtbot.wait(50)
    view = chart.getPlotItem().vb.sceneBoundingRect()
    legend = chart.legend.sceneBoundingRect()
    assert len(chart.legend.items) >= 5 and legend.right() <= view.right(), (legend, view)
    counts = [c.sceneBoundingRect() for c in chart.counts if c.isVisible()]
    assert counts and not any(legend.intersects(c) for c in counts)


def test_a_short_memory_chart_keeps_its_legend_in_two_columns(qtbot, window):  # noqa: F811 - the fixture
    """One column would take more than the short chart's height (the recommendation panel open)."""
    chart = _short(MemoryChart(), qtbot, window.controller.analysis)
    qtbot.addWidget(chart)
    assert chart.legend.columnCount == 2
