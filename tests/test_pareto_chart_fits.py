"""The recommendation panel's cost and speed chart stays inside its tab at 1280 px wide, in both
languages (session 47, persona: a virtual-desktop buyer's "Cost against FP32 per user: the Pareto
front" was one line wider than the chart, which pushed the plot past the tab's edge; and the tab
had a least width of 240 px under its page's 260 px, so the page's right 24 px were cut: the x
axis' last tick read "10" for 100 and "2" for 200, the front's last point gone)."""

from __future__ import annotations

import pytest

from configurator.app import i18n
from configurator.app.controller import ScenarioController
from configurator.app.recommend_panel import RecommendationPanel
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints

DESKTOPS = ["recommend", "--workload", "vdi", "--users", "200", "--card", "l40s", "--count", "4"]
"""The graphics buyer's question: 200 virtual desktops."""

PANEL_PX = (1280, 354)
"""The panel as a 1280 × 900 window's bottom dock holds it [px]."""


def _overhang_px(widget) -> float:
    """How far the chart's plot reaches past its widget's right or bottom edge [px]."""
    plot = widget.getPlotItem()
    drawn = plot.mapRectToScene(plot.boundingRect())
    return max(0.0, drawn.right() - widget.viewport().width(), drawn.bottom() - widget.viewport().height())


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_cost_and_speed_chart_is_inside_its_tab_at_1280_px(qtbot, catalog, language):
    i18n.install_language(language)
    try:
        args = build_parser().parse_args(DESKTOPS)
        panel = RecommendationPanel(ScenarioController(catalog, with_constraints(scenario_from_args(args, catalog),
                                                                                 args)))
        qtbot.addWidget(panel)
        panel.resize(*PANEL_PX)
        panel.show()
        qtbot.waitExposed(panel)
        panel.refresh()
        qtbot.waitUntil(lambda: panel.pareto.drawn, timeout=10_000)
        qtbot.wait(50)
        page, tabs = panel.pareto.page, panel.charts
        page_right = page.mapTo(panel, page.rect().topRight()).x()
        tabs_right = tabs.mapTo(panel, tabs.rect().topRight()).x()
        assert page_right <= tabs_right  # the page whole inside its tab
        assert _overhang_px(panel.pareto.plot) == 0.0  # the plot whole inside the page, its title wrapped
    finally:
        i18n.install_language("en")
