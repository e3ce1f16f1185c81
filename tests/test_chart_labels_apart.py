"""No two words a chart draws on its axes touch, at the screens buyers have, in both languages
(session 18: with the editor 20 px wider, the memory chart's card names ran together at 1280×800,
"H100 SXM5 80GBH200 SXM 141GB", in English and in Chinese)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from test_window_count_change import ANALYSIS_WAIT_MS, window  # noqa: F401 - the fixture

from configurator.app.category_axis import LABEL_GAP_PX, ROW_GAP_PX, CategoryAxis, category_layout

SCREENS = ((1280, 720), (1280, 800), (1366, 768), (1920, 1080))

LEAST_GAP_PX = 2
"""The least space kept between two words on a chart [px]: touching words read as one."""


def drawn_labels(chart) -> list[tuple[QRectF, str]]:
    """Every tick label the chart's visible axes draw, where its letters are in the scene: each
    axis lays out its labels as it does when painting (``generateDrawSpecs`` with its font)."""
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    labels = []
    try:
        for side in ("left", "right", "bottom", "top"):
            axis = chart.getPlotItem().getAxis(side)
            if not axis.isVisible():
                continue
            if axis.style["tickFont"]:
                painter.setFont(axis.style["tickFont"])
            specs = axis.generateDrawSpecs(painter)
            for rect, flags, text in (specs[2] if specs else ()):
                letters = painter.boundingRect(rect, int(flags), text)
                labels.append((axis.mapRectToScene(letters), text))
    finally:
        painter.end()
    return labels


def touching(labels: list[tuple[QRectF, str]]) -> list[tuple[str, str]]:
    """The pairs of labels closer than :data:`LEAST_GAP_PX` (a label drawn twice in the same place,
    as pyqtgraph's logarithmic axes do at a decade, is one label)."""
    labels = list({(tuple(round(v) for v in rect.getRect()), text): (rect, text) for rect, text in labels}.values())
    half = LEAST_GAP_PX / 2
    grown = [(rect.adjusted(-half, -half, half, half), text) for rect, text in labels]
    return [(a, b) for i, (ra, a) in enumerate(grown) for rb, b in grown[i + 1:] if ra.intersects(rb)]


def cut_off(chart, labels: list[tuple[QRectF, str]]) -> list[tuple[str, str]]:
    """The labels, and the legend, that reach past the chart's widget (drawn cut: "14000" for 140000),
    as (text, "cut")."""
    shown = QRectF(chart.viewport().rect())
    legend = [("legend", "cut")] if not shown.contains(chart.legend.sceneBoundingRect()) else []
    return [(text, "cut") for rect, text in labels if not shown.contains(rect)] + legend


def _settle(qtbot, window):  # noqa: F811 - the fixture
    """Let the paced repaints of a resize reach every chart, and paint them."""
    qtbot.wait(300)
    for chart in window.charts:
        chart.grab()


SERVING = {"workload": "inference", "card_id": "h100-sxm", "count": 8, "precision": "fp8", "serving.context": 8192,
           "serving.concurrency": 64}
"""The serving settings' screenshot: the memory against context chart ends at about 100,000 tokens."""


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("task", ["training", "serving"])
def test_no_two_labels_of_a_chart_touch_at_any_screen(qtbot, window, language, task):  # noqa: F811 - the fixture
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        window.controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
    if task == "serving":
        with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
            window.controller.apply_many(SERVING)
    window.set_language(language)
    try:
        found = {}
        for width, height in SCREENS:
            window.resize(width, height)
            _settle(qtbot, window)
            for chart in window.charts:
                labels = drawn_labels(chart)
                assert labels, type(chart).__name__
                found[(width, type(chart).__name__)] = touching(labels) + cut_off(chart, labels)
        assert found == {key: [] for key in found}
        names = window.memory_chart.getAxis("bottom").drawn
        assert [text for _, text, _ in names] == ["H100 SXM5 80GB", "A100 SXM4 80GB", "H200 SXM 141GB",
                                                   "Instinct MI300X"]  # whole at 1920×1080, the last size
    finally:
        window.set_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_staggered_card_names_stand_apart_at_1280_by_720(qtbot, window, language):  # noqa: F811 - the fixture
    """look46: at 1280 × 720 'H100 SXM5 80GB' and 'H200 SXM 141GB' stood 8 px apart on one row, read as one
    name, and the lower row 2 px under them; now a row's names are :data:`LABEL_GAP_PX` apart, the rows
    :data:`ROW_GAP_PX`, and the four names still whole."""
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        window.controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
    window.set_language(language)
    try:
        window.resize(1280, 720)
        _settle(qtbot, window)
        drawn = window.memory_chart.getAxis("bottom").drawn
        assert [text for _, text, _ in drawn] == ["H100 SXM5 80GB", "A100 SXM4 80GB", "H200 SXM 141GB",
                                                  "Instinct MI300X"]  # staggered, whole
        tops = sorted({round(rect.top(), 3) for rect, _, _ in drawn})
        assert len(tops) == 2 and tops[1] - tops[0] >= drawn[0][0].height() + ROW_GAP_PX - 0.01
        for row in tops:
            on_row = sorted((rect for rect, _, _ in drawn if round(rect.top(), 3) == row), key=QRectF.left)
            assert all(b.left() - a.right() >= LABEL_GAP_PX - 0.5 for a, b in zip(on_row, on_row[1:], strict=False))
    finally:
        window.set_language("en")


def test_card_names_too_long_for_the_chart_are_cut_and_whole_in_their_tooltip(qtbot, window):  # noqa: F811
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=ANALYSIS_WAIT_MS):
        window.controller.set_compared(["a100-sxm-80gb", "h200-sxm", "mi300x"])
    chart = window.memory_chart
    chart.setMaximumWidth(190)  # a narrow chart: the editor dragged wide
    _settle(qtbot, window)
    axis = chart.getAxis("bottom")
    assert isinstance(axis, CategoryAxis)
    assert any(text.endswith("…") for _, text, _ in axis.drawn)
    assert touching(drawn_labels(chart)) == []
    shown = [window.controller.analysis.estimate, *window.controller.analysis.compared]
    for rect, text, index in axis.drawn:
        assert axis.full_name_at(rect.center()) == shown[index].card.name, text
    assert axis.full_name_at(QPointF(-500, -500)) == ""


def test_category_layout():
    assert category_layout([50.0, 60.0], 100.0) == category_layout([], 100.0)  # one row
    assert category_layout([50.0, 60.0], 100.0).rows == 1
    two = category_layout([95.0, 60.0], 100.0)
    assert (two.rows, two.width_px) == (2, 200.0 - LABEL_GAP_PX)
