"""Every tick label of a summary chart is printed across the axis' whole range.

pyqtgraph widens an axis for its widest tick label only while painting it and drops the labels
that do not fit the room it had: the scaling chart grabbed for a summary (never shown before the
grab) printed no throughput label above 50,000 tokens/s. These tests read the grabbed image: each
power of ten on a logarithmic axis must have ink in the label column beside its tick (between the
axis title and the tick marks).
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from configurator.app.charts import grab_image
from configurator.app.scaling_chart import ScalingChart
from configurator.app.report_export import CHART_SIZE, chart_widget
from configurator.core.analysis import analyse
from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


def _dark_pixels(image, xs: range, ys: range) -> int:
    return sum(1 for x in xs for y in ys
               if 0 <= x < image.width() and 0 <= y < image.height() and image.pixelColor(x, y).lightness() < 128)


def _label_column(chart, side: str) -> range:
    """The image columns [px] between an axis' title and its line: where its tick labels go (the
    labels end 5 px from the line; pyqtgraph's ticks point into the plot)."""
    axis = chart.getAxis(side)
    box = chart.mapFromScene(axis.parentItem().mapRectToScene(axis.geometry())).boundingRect()
    title = chart.mapFromScene(axis.label.sceneBoundingRect()).boundingRect()
    line_gap = max(0, axis.style["tickLength"]) + 3
    if side == "left":
        return range(title.right() + 2, box.right() - line_gap)
    return range(box.left() + line_gap, title.left() - 2)


def _label_rows(chart, side: str, view) -> tuple[range, dict[float, range]]:
    """The label column of the ``side`` axis and, for each power of ten inside ``view``'s vertical
    range, the image rows [px] of its label, as the chart is laid out now."""
    low, high = view.viewRange()[1]
    rows = {}
    for exponent in range(math.ceil(low), math.floor(high) + 1):
        y = chart.mapFromScene(view.mapViewToScene(QPointF(0.0, exponent))).y()
        rows[10.0**exponent] = range(y - 3, y + 4)
    return _label_column(chart, side), rows


def _unlabelled(image, layout: tuple[range, dict[float, range]]) -> list[float]:
    """The powers of ten of ``layout`` (:func:`_label_rows`) with no ink beside their tick in ``image``."""
    columns, rows = layout
    return [value for value, ys in rows.items() if _dark_pixels(image, columns, ys) == 0]


def _settled_grab(chart):
    """grab_image's picture, checked to show the layout the chart settles in (a grab after the
    posted layout requests are handled paints the same pixels), so that positions read from the
    chart afterwards are those of the image. Before the fix the first grab had the axes' default
    width; pyqtgraph widened them while painting it, for the next paint."""
    image = grab_image(chart)
    QApplication.processEvents()
    assert image == chart.grab().toImage(), "the axes changed size while being grabbed"
    return image


@pytest.fixture
def scaling(qtbot):
    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.resize(*CHART_SIZE)
    return chart


def test_throughput_axis_up_to_ten_million_is_labelled_at_every_decade(scaling):
    """Before the fix the grab kept the axis' default room and printed only 1,000 and 10,000:
    100,000, 1,000,000 and 10,000,000 tokens/s had ticks without numbers."""
    vb = scaling.getPlotItem().vb
    scaling.set_view(vb, (0.0, 3.0), (2.9, 7.1))  # 1 .. 1,000 cards, ~800 .. ~12,600,000 tokens/s
    scaling.set_view(scaling.right_view, None, (-1.1, 4.4))
    image = _settled_grab(scaling)
    left = _label_rows(scaling, "left", vb)
    assert set(left[1]) == {1e3, 1e4, 1e5, 1e6, 1e7} and len(left[0]) >= 50  # room for "10,000,000"
    assert _unlabelled(image, left) == []
    assert _unlabelled(image, _label_rows(scaling, "right", scaling.right_view)) == []
    y = scaling.mapFromScene(vb.mapViewToScene(QPointF(0.0, 6.5))).y()  # 3,162,278: no tick label there
    assert _dark_pixels(image, left[0], range(y - 3, y + 4)) == 0  # the check sees a missing label


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_summary_scaling_chart_of_a_70b_pretrain_on_1024_cards_is_labelled(qapp, catalog, language):
    """The chart a PDF summary prints (report_export.chart_widget, then grabbed as grab_chart does):
    Llama 3 70B on 1,024 H100 runs at ~950,000 tokens/s."""
    from configurator.app.i18n import language_for_a_while

    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                        training={"tokens": 1e12}, auto_layout=LAYOUT_FIELDS)
    analysis = analyse(scenario, catalog)
    with language_for_a_while(language):
        chart = chart_widget("scaling", analysis)
        image = _settled_grab(chart)
    vb = chart.getPlotItem().vb
    left = _label_rows(chart, "left", vb)
    assert 1e6 in left[1]  # the view reaches 1,000,000 tokens/s
    assert _unlabelled(image, left) == []
    assert _unlabelled(image, _label_rows(chart, "right", chart.right_view)) == []
    chart.deleteLater()


# ---- the summary's own charts (report/parts.py ticks: cost per year, serving trade-off) --------


@pytest.mark.parametrize(("high", "language", "texts"), [
    (1.4, "en", ["0.0", "0.5", "1.0", "1.5"]),  # three significant digits each: 0, 0.500, 1, 1.50
    (0.07, "en", ["0.00", "0.02", "0.04", "0.06", "0.08"]),
    (760.0, "zh_CN", ["0", "200", "400", "600", "800"]),
    (9_400_000.0, "en", ["0", "2,000,000", "4,000,000", "6,000,000", "8,000,000", "10,000,000"]),
])
def test_tick_texts_share_the_decimals_of_their_step(high, language, texts):
    from configurator.report.parts import nice_ticks, tick_texts

    assert tick_texts(nice_ticks(0.0, high), language) == texts


@pytest.mark.parametrize("high", [3.0, 75.0, 55_000.0, 9_400_000.0, 2.6e9])
def test_report_chart_ticks_reach_past_the_data(high):
    """Every value of the range has a labelled tick above it: the last tick is at or past the
    highest value, and every label is distinct (no two ticks read alike)."""
    from configurator.core.view.numbers import money_tick
    from configurator.report.parts import nice_ticks, tick_texts

    ticks = nice_ticks(0.0, high)
    assert ticks[0] == 0.0 and ticks[-1] >= high and 4 <= len(ticks) <= 7
    for texts in (tick_texts(ticks), [money_tick(v) for v in ticks], [money_tick(v, "zh_CN") for v in ticks]):
        assert len(set(texts)) == len(ticks) and all(texts)


def test_cards_axis_keeps_the_label_of_a_tick_near_its_end(qtbot):
    """In the window the scaling chart is ~380 px wide: at 1,024 cards the 1,000 tick sits ~15 px
    from the axis' end and pyqtgraph hid its label, which reached past the end (bottom axes hide
    overhanging labels); NumberAxis lets a label overhang by LABEL_OVERHANG_PX."""
    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.resize(380, 400)
    vb = chart.getPlotItem().vb
    chart.set_view(vb, (-0.15, 3.16), (3.9, 6.1))  # 1 .. 1,024 cards with the chart's 5 % margin
    image = _settled_grab(chart)
    axis = chart.getAxis("bottom")
    box = chart.mapFromScene(axis.parentItem().mapRectToScene(axis.geometry())).boundingRect()
    title = chart.mapFromScene(axis.label.sceneBoundingRect()).boundingRect()
    rows = range(box.top() + 3, title.top() - 1)
    for exponent in (0, 1, 2, 3):
        x = chart.mapFromScene(vb.mapViewToScene(QPointF(exponent, 4.0))).x()
        assert _dark_pixels(image, range(x - 6, x + 7), rows) > 0, f"no label under {10 ** exponent:,}"


@pytest.mark.parametrize("value, english, chinese", [
    (0.0, "0", "0"),
    (25_000.0, "25k", "2.5万"),
    (1_500_000.0, "1.5M", "150万"),
    (200_000_000.0, "200M", "2亿"),
])
def test_money_ticks_count_in_wan_and_yi_in_chinese(value, english, chinese):
    """The summary's cost chart labels its money ticks as a Chinese procurement reader counts:
    万 (10⁴) and 亿 (10⁸), not k/M/G; English keeps k/M (the currency is on the axis' title)."""
    from configurator.core.view.numbers import money_tick

    assert money_tick(value) == english
    assert money_tick(value, "zh_CN") == chinese


def test_summary_cost_chart_ticks_in_chinese_have_no_latin_suffix():
    """Every tick of a cost axis up to 230 million reads in 万/亿 in Chinese, each distinct."""
    from configurator.core.view.numbers import money_tick
    from configurator.report.parts import nice_ticks

    ticks = nice_ticks(0.0, 2.3e8)
    texts = [money_tick(v, "zh_CN") for v in ticks]
    assert texts == ["0", "5000万", "1亿", "1.5亿", "2亿", "2.5亿"]


# ---- the window's money axes and the 0 of a bar chart (the drawn tick labels, read from pyqtgraph) ----


def _drawn_tick_texts(chart, side: str) -> list[str]:
    """The tick labels the ``side`` axis of ``chart`` draws once the window has settled its layout
    (labels that pyqtgraph drops, past the axis' ends or wider than its room, are not in the list)."""
    from PySide6.QtGui import QImage, QPainter

    grab_image(chart)
    QApplication.processEvents()  # an axis widened for its labels is laid out again
    grab_image(chart)
    scratch = QImage(1, 1, QImage.Format.Format_ARGB32)
    painter = QPainter(scratch)
    try:
        _axis, _ticks, texts = chart.getAxis(side).generateDrawSpecs(painter)
    finally:
        painter.end()
    return [text for _rect, _flags, text in texts]


@pytest.fixture(scope="module")
def pretrain_1024(catalog):
    """Llama 3 70B pre-trained on 1,024 H100: jobs of 0.5-8 million USD on the cost chart."""
    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                        training={"tokens": 1e12}, auto_layout=LAYOUT_FIELDS)
    return scenario, analyse(scenario, catalog)


@pytest.mark.parametrize(("language", "expected"), [("en", {"200k", "500k", "1M", "2M", "5M", "10M"}),
                                                    ("zh_CN", {"20万", "50万", "100万", "200万", "500万", "1000万"})])
def test_window_cost_chart_counts_money_as_the_summary(qtbot, pretrain_1024, language, expected):
    """Was: 500,000 .. 10,000,000 in both languages (200,000,000 at a larger job); the window's cost
    axis now counts as the summary's (numbers.short_amount: k/M/G in English, 万/亿 in Chinese). The
    chart is on the ranking's basis, the TCO, since December 2026: its jobs reach down to 200k."""
    from configurator.app.cost_chart import CostScatter
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while(language):
        chart = CostScatter()
        qtbot.addWidget(chart)
        chart.resize(520, 380)
        chart.update_from(pretrain_1024[1])
        texts = [t for t in _drawn_tick_texts(chart, "left") if t]
    assert len(texts) >= 3 and set(texts) <= expected  # the jobs' range decides which of them are drawn


@pytest.mark.parametrize(("language", "suffix"), [("en", "M"), ("zh_CN", "万")])
def test_rent_against_buy_axis_counts_money_as_the_summary(qtbot, catalog, pretrain_1024, language, suffix):
    """Was: 0 .. 25 under "Cost per year [million USD]" / "[百万 USD]" (a Chinese buyer counts in 万);
    now 0, 5M .. 25M / 0, 500万 .. 2500万 under "Cost per year [USD]"."""
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while(language):
        controller = ScenarioController(catalog, pretrain_1024[0])
        panel = BomPanel(controller)
        qtbot.addWidget(panel)
        controller.recompute()
        panel.resize(1200, 700)
        panel.show()
        qtbot.waitExposed(panel)
        texts = _drawn_tick_texts(panel.chart, "left")
        title = panel.chart.getAxis("left").labelText
    assert texts[0] == "0" and len(texts) >= 4, texts
    assert all(t.endswith(suffix) for t in texts[1:]), texts
    assert title.endswith("[USD]")


@pytest.mark.parametrize(("exponent", "english", "chinese"), [
    (math.log10(2e8), "200M", "2亿"), (math.log10(5e4), "50k", "5万"), (3.0, "1k", "1000"),
    (math.log10(0.05), "0.05", "0.05"), (math.log10(3e5), "", ""),
])
def test_log_money_ticks(exponent, english, chinese):
    from configurator.app import i18n
    from configurator.app.chart_ticks import log_money_label

    with i18n.language_for_a_while("zh_CN"):
        assert log_money_label(exponent) == chinese
    with i18n.language_for_a_while("en"):
        assert log_money_label(exponent) == english


@pytest.mark.parametrize("chart_class", ["MemoryChart", "MemoryCurveChart"])
def test_memory_axes_label_their_zero(qtbot, pretrain_1024, chart_class):
    """Was: the GiB axis began at 0 without a "0" (pyqtgraph drops a label past the axis' end when
    the axis draws a grid, and 0 is centred on the end)."""
    import configurator.app.memory_charts as charts

    chart = getattr(charts, chart_class)()
    qtbot.addWidget(chart)
    chart.resize(520, 380)
    chart.update_from(pretrain_1024[1])
    texts = _drawn_tick_texts(chart, "left")
    assert texts[0] == "0" and len(texts) >= 4, texts


# ---- every axis of counts (throughput, tokens, frames, users, streams) counts as the money axes ----


@pytest.mark.parametrize(("value", "english", "chinese"), [
    (10_000_000.0, "10,000,000", "1000万"), (500_000.0, "500,000", "50万"), (200_000_000.0, "200,000,000", "2亿"),
    (2_000.0, "2,000", "2000"), (1.0, "1", "1"),
])
def test_tick_count_is_the_money_rule_in_chinese_and_grouped_digits_in_english(value, english, chinese):
    from configurator.core.view.numbers import short_amount, tick_count

    assert tick_count(value) == english
    assert tick_count(value, "zh_CN") == chinese == short_amount(value, "zh_CN")


@pytest.mark.parametrize(("language", "decades", "others"), [
    ("en", ["1,000", "10,000", "100,000", "1,000,000", "10,000,000"],
     ["2,000", "5,000", "20,000", "50,000", "200,000", "500,000", "2,000,000", "5,000,000"]),
    ("zh_CN", ["1000", "1万", "10万", "100万", "1000万"], ["2000", "5000", "2万", "5万", "20万", "50万", "200万", "500万"]),
])
def test_window_throughput_axis_counts_as_the_money_axes(scaling, language, decades, others):
    """Was: 10,000,000 / 5,000,000 / 2,000,000 / 1,000,000 tokens/s in Chinese too (the window's
    training screenshot); now 1000万 / 500万 / 200万 / 100万 there, English unchanged. The drawn
    labels of the scaling chart's throughput axis from ~800 to ~12,600,000 tokens/s, and of its
    cards axis from 1 to 1,000."""
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while(language):
        scaling.retranslate()
        scaling.set_view(scaling.getPlotItem().vb, (-0.15, 3.16), (2.9, 7.1))
        texts = {t for t in _drawn_tick_texts(scaling, "left") if t}
        cards = [t for t in _drawn_tick_texts(scaling, "bottom") if t]
    assert set(decades) <= texts <= set(decades) | set(others), texts
    assert decades[0] in cards, cards  # 1,000 cards / 1000 张


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["0", "500,000", "1,000,000", "1,500,000", "2,000,000"]),  # was pyqtgraph's 500000, 1e+06, 1.5e+06
    ("zh_CN", ["0", "50万", "100万", "150万", "200万"]),
])
def test_window_linear_axis_of_counts_counts_as_the_money_axes(qtbot, language, expected):
    """A linear NumberAxis (the serving trade-off chart's tokens/s) from 0 to 2,000,000, counted as the window's
    language counts (English wrote 1e+06 and 500000, the serving memory chart's context axis 1.2e+06)."""
    import pyqtgraph as pg

    from configurator.app.chart_axes import NumberAxis
    from configurator.app.i18n import language_for_a_while

    with language_for_a_while(language):
        chart = pg.PlotWidget(axisItems={"left": NumberAxis("left"), "bottom": NumberAxis("bottom")})
        qtbot.addWidget(chart)
        chart.resize(400, 400)
        chart.plot([0, 1, 2], [0, 1e6, 2e6])
        chart.setYRange(0, 2e6, padding=0)
        texts = _drawn_tick_texts(chart, "left")
        small = _drawn_tick_texts(chart, "bottom")
    assert [t for t in texts if t] == expected, texts
    assert small == ["0", "0.5", "1.0", "1.5", "2.0"], small  # ticks with decimals as pyqtgraph writes them


def test_summary_count_ticks_in_chinese_count_in_wan():
    """The summary's serving trade-off image (report.parts.tick_texts): 2,000,000 .. 10,000,000 in
    Chinese was written in digit groups; now 200万 .. 1000万, and 2000 .. 1万 below (English unchanged)."""
    from configurator.report.parts import nice_ticks, tick_texts

    assert tick_texts(nice_ticks(0.0, 9_400_000.0), "zh_CN") == ["0", "200万", "400万", "600万", "800万", "1000万"]
    assert tick_texts(nice_ticks(0.0, 9_400.0), "zh_CN") == ["0", "2000", "4000", "6000", "8000", "1万"]
    assert tick_texts(nice_ticks(0.0, 9_400.0), "en") == ["0", "2,000", "4,000", "6,000", "8,000", "10,000"]


@pytest.mark.parametrize("grid", [False, True], ids=["no grid", "grid"])
def test_a_resize_draws_a_vertical_axis_again_only_if_it_changed(qtbot, grid):
    """The view calls its axes' setRange at every resize: a grid-less left axis whose view only got
    wider keeps its drawing (issue 28: a window resize drew every chart's axes anew, 49-52 ->
    43-46 ms of the GUI thread's CPU from a window resize to the last chart repainted); one with a
    grid, whose lines span the view, is drawn again, and so is either one for a new range."""
    import pyqtgraph as pg

    from configurator.app.chart_axes import NumberAxis

    chart = pg.PlotWidget(axisItems={"left": NumberAxis("left"), "bottom": NumberAxis("bottom")})
    qtbot.addWidget(chart)
    chart.showGrid(x=grid, y=grid)
    chart.setYRange(0, 10, padding=0)
    chart.resize(400, 300)
    chart.show()
    qtbot.waitExposed(chart)
    left, drawn = chart.getAxis("left"), []
    real = left.generateDrawSpecs
    left.generateDrawSpecs = lambda painter: drawn.append(1) or real(painter)

    def drawings() -> int:
        QApplication.processEvents()
        chart.grab()
        return len(drawn)

    before = drawings()
    while before != (before := drawings()):  # the axis widens to its first labels: drawn again
        pass
    chart.resize(520, 300)
    assert drawings() == before + grid  # wider: the same height and range
    chart.setYRange(0, 20, padding=0)
    assert drawings() == before + grid + 1


def test_each_logarithmic_tick_is_labelled_once(qtbot):
    """pyqtgraph's minor level repeats the decades of its major one: "10", "1" and "0.1" of the
    scaling chart's time axis were drawn twice, one over the other, and read bold."""
    from configurator.app.chart_axes import NumberAxis

    axis = NumberAxis("right")
    axis.setLogMode(True)
    levels = axis.tickValues(-1.56, 1.53, 250)
    values = [round(float(v), 6) for _, level in levels for v in level]
    labels = [text for spacing, level in levels for text in axis.tickStrings(level, 1.0, spacing) if text]
    assert len(values) == len(set(values)) and len(labels) == len(set(labels)), labels
    assert {"0.1", "1", "10", "0.05", "0.2", "0.5", "2", "5", "20"} <= set(labels)
