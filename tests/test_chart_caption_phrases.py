"""A chart's caption under its title breaks between its phrases, never inside one (look51, session 51): in a
Chinese window the scaling chart's caption ("曲线：当前场景的布局（张量并行 1 · … · 每副本批量 64 · 每步 8,192 词元），
副本数随卡数增减") broke "每副本批|量 64" at 1280 × 800 and "副|本数随卡数增减" at 1100 × 700 (real widgets,
offscreen); in English "24 | copies" and "8,192 | tokens"."""

from __future__ import annotations

import pytest

from configurator.app import i18n
from configurator.app.chart_legend import phrased
from configurator.app.scaling_chart import ScalingChart
from configurator.core.analysis import analyse
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

HIDDEN = str.maketrans({"\u2060": None, "\u00a0": " "})
ENDS = ("·", "，", "：", "）", ":", ",", ")")


@pytest.fixture(scope="module")
def mi300x():
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="mi300x", count=24,
                        serving={"prompt_tokens": 1024, "output_tokens": 256}, constraints={"requests_per_s": 40.0},
                        auto_layout=LAYOUT_FIELDS)
    return analyse(scenario, load_bundled_catalog())


def _caption_lines(chart: ScalingChart) -> list[str]:
    document = chart.getPlotItem().titleLabel.item.document()
    lines = []
    block = document.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            lines.append(text[line.textStart():line.textStart() + line.textLength()])
        block = block.next()
    return [line.translate(HIDDEN).strip() for line in lines]


def test_phrases_keep_their_words_together():
    zh = "曲线：当前场景的布局（张量并行 1 · 24 个副本 · 每副本批量 64），副本数随卡数增减"
    assert phrased(zh).translate(HIDDEN) == zh  # the same words, read alike
    unbroken = phrased(zh)
    assert "量\u2060\u00a0\u20606\u20604" in unbroken and "副\u2060本\u2060数" in unbroken  # held together
    assert "·\u2060 " not in unbroken and "，副" in unbroken and "局（" in unbroken  # may break there
    assert "）\u2060，" in unbroken  # never a line that opens with a comma
    assert phrased("Lines: this layout (TP 1 · 24 copies) with more") == \
        "Lines: this\u00a0layout (TP\u00a01\u00a0· 24\u00a0copies) with\u00a0more"


@pytest.mark.parametrize("width", [330, 420])  # the chart in the window at 1100 × 700 and 1280 × 800
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_scaling_charts_caption_breaks_between_phrases(qtbot, mi300x, language, width):
    i18n.install_language(language)
    try:
        chart = ScalingChart()
        qtbot.addWidget(chart)
        chart.resize(width, 330)
        chart.show()
        qtbot.waitExposed(chart)
        chart.update_from(mi300x)
        qtbot.wait(50)
        lines = _caption_lines(chart)[1:]  # the title's own line first
        assert len(lines) >= 2  # the caption wraps at these widths
        pairs = zip(lines, lines[1:], strict=False)
        assert all(line.endswith(ENDS) or after.startswith(("（", "(")) for line, after in pairs), lines
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_legend_wider_than_the_view_is_named_under_the_title(qtbot, mi300x, language):
    """At 1100 × 700 the scaling chart's legend was wider than its view, its names cut at the right axis
    ("Throughpu"): named under the title instead, as the memory chart's parts; a wide chart keeps its legend."""
    i18n.install_language(language)
    try:
        chart = ScalingChart()
        qtbot.addWidget(chart)
        chart.show()
        for width, keyed in ((480, False), (230, True), (480, False)):
            chart.resize(width, 330)
            qtbot.waitExposed(chart)
            chart.update_from(mi300x)
            qtbot.wait(50)
            title = chart.getPlotItem().titleLabel.text.translate(HIDDEN)
            names = [label.text for _, label in chart.legend.items]
            assert len(names) == 5 and chart.legend.isVisible() != keyed
            assert all((name.translate(HIDDEN) in title) == keyed for name in names), (width, title)
    finally:
        i18n.install_language("en")
