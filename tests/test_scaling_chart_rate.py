"""The scaling chart draws a serving count's time per token only where its copies carry the rate asked
for (chartjump50): at a count short of it the estimate's latency is the copies' own at full load, the queue
growing without end (2-12 × MI300X, Llama 3 70B at 40 requests/s: 400-660 ms against 12-125 ms where it is
carried), and the chart marks the count on its floor instead, as it marks a count that does not fit."""

from __future__ import annotations

import math

import pytest

from configurator.app.scaling_chart import ScalingChart
from configurator.core.analysis import analyse
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.family_view import SERVING

CATALOG = load_bundled_catalog()


def _analysis(card: str, rate: float | None):
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card, count=24,
                        serving={"prompt_tokens": 1024, "output_tokens": 256, **({} if rate else {"concurrency": 200})},
                        constraints={"requests_per_s": rate} if rate else {}, auto_layout=LAYOUT_FIELDS)
    return analyse(scenario, CATALOG)


@pytest.fixture(scope="module")
def at_rate():
    return _analysis("mi300x", 40.0)


def test_the_counts_short_of_the_rate_are_marked_not_drawn(qtbot, at_rate):
    short = {e.scenario.count for e in at_rate.by_count if e.fits and SERVING.charts.short_of_load(e)}
    carried = {e.scenario.count for e in at_rate.by_count if e.fits} - short
    assert {2, 4, 8} <= short and {24, 64, 1024} <= carried  # a few cards cannot carry 40 requests/s
    assert all(e.serving.load_per_s < 40.0 for e in at_rate.by_count if e.scenario.count in short)
    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.update_from(at_rate)
    marked = {round(10 ** x) for x in chart.not_carried.getData()[0]}
    drawn = {round(10 ** x) for x in chart.second.getData()[0] if math.isfinite(x)}
    other = {round(10 ** x) for x in chart.other_layouts.getData()[0]}
    # the line is the chosen copy, more or fewer (chart51): where it does not carry the rate and the count's own
    # plan does (16 cards), that plan is a marker of its own
    assert marked == short and drawn <= carried and carried - drawn <= other and not drawn & short
    assert "Rate not carried" in [label.text for _, label in chart.legend.items]  # named while a marker shows


def test_a_users_only_question_marks_nothing(qtbot):
    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.update_from(_analysis("h100-sxm", None))
    assert len(chart.not_carried.getData()[0]) == 0
    assert "Rate not carried" not in [label.text for _, label in chart.legend.items]
