"""The cost and speed chart of a render job with a deadline (session 37, persona 5): every option
ranked just meets the deadline, so all took about the same time and the chart was one vertical line
of "Time to finish". Where the options' speed figures lie within a few per cent of each other, the
chart draws cost against the cards each buys, and says why under its title."""

from __future__ import annotations

import pytest

from configurator.app.controller import ScenarioController
from configurator.app.pareto_chart import SAME_X_SPREAD, same_x_spread
from configurator.app.recommend_panel import RecommendationPanel
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints

RENDER_BY_MORNING = ["recommend", "--workload", "render", "--frames", "2000", "--minutes-per-frame", "10",
                     "--deadline", "10h"]


@pytest.mark.parametrize(("values", "spread"), [
    ([9.6, 9.9, 9.95], 9.95 / 9.6 - 1), ([10.0, 10.0], 0.0), ([15.7, 1910.0], None), ([9.6], None), ([], None)])
def test_a_spread_within_a_few_per_cent_is_one_speed(values, spread):
    assert same_x_spread(values) == (pytest.approx(spread) if spread is not None else None)
    assert SAME_X_SPREAD < 0.1  # a few per cent, not a real choice of speed


def _panel(qtbot, catalog, argv):
    args = build_parser().parse_args(argv)
    panel = RecommendationPanel(ScenarioController(catalog, with_constraints(scenario_from_args(args, catalog), args)))
    qtbot.addWidget(panel)
    panel.show()
    result = panel.refresh()
    qtbot.waitUntil(lambda: panel.pareto.drawn, timeout=10_000)
    return panel, result


def test_a_render_deadline_met_by_all_draws_cost_against_cards(qtbot, catalog):
    panel, result = _panel(qtbot, catalog, RENDER_BY_MORNING)
    assert len(result.ranked) > 2 and same_x_spread([r.speed_figure for r in result.ranked]) is not None
    item = panel.pareto.plot.getPlotItem()
    assert item.getAxis("bottom").labelText == "Cards [count]"
    assert "Every option within" in item.titleLabel.text and "Time to finish" in item.titleLabel.text
    xs = sorted(10 ** spot.pos().x() for spot in panel.pareto.points.points())
    assert xs[0] < xs[-1] and {round(x) for x in xs} <= {r.count for r in result.ranked}
    assert len(panel.pareto.front.xData if panel.pareto.front.xData is not None else []) == 0  # no front to draw


def test_a_training_ranking_keeps_time_on_its_axis(qtbot, catalog):
    panel, _ = _panel(qtbot, catalog, ["recommend", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "100B"])
    item = panel.pareto.plot.getPlotItem()
    assert item.getAxis("bottom").labelText == "Time to finish [h]" and "Every option" not in item.titleLabel.text
