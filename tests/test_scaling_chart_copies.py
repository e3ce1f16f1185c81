"""The serving scaling chart draws one layout along its lines — the chosen copy, more or fewer of them — and
each count's own plan, where it lays the cards out otherwise, as a marker of its own (session 51, chart51).
24 × MI300X serving Llama 3 70B at 40 requests/s drew the planner's layout per count as one line: its time
per token jumped 125, 69, 27, 12, 38, 15 ms from 16 to 96 cards (persona50b #12)."""

from __future__ import annotations

import math

import pytest

from configurator.app import i18n
from configurator.app.scaling_chart import ScalingChart
from configurator.core.analysis import analyse
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.family_view import SERVING
from configurator.core.view.scaling_view import copy_layout, scaling_series
from configurator.core.workloads.serving.scaled_copies import prefill_cards_at

CATALOG = load_bundled_catalog()


def _serving(card: str, count: int, rate: float | None = 40.0):
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card, count=count,
                        serving={"prompt_tokens": 1024, "output_tokens": 256, **({} if rate else {"concurrency": 200})},
                        constraints={"requests_per_s": rate} if rate else {}, auto_layout=LAYOUT_FIELDS)
    return analyse(scenario, CATALOG)


@pytest.fixture(scope="module")
def mi300x():
    return _serving("mi300x", 24)


def _descending(values: list[float]) -> bool:
    return all(b <= a * (1 + 1e-9) for a, b in zip(values, values[1:]))


def test_the_lines_keep_the_chosen_copy_and_time_per_token_falls_with_more_copies(mi300x):
    chosen = mi300x.estimate
    assert mi300x.by_layout and chosen in mi300x.by_layout  # the chosen estimate itself at its own count
    assert {copy_layout(e) for e in mi300x.by_layout} == {copy_layout(chosen)}
    assert {e.scenario.serving.max_batch for e in mi300x.by_layout} == {chosen.scenario.serving.max_batch}
    series = scaling_series(mi300x, SERVING.charts)
    assert len(series.second) == 1
    run = series.second[0]
    assert run[0][0] == 24 and run[-1][0] == 1024 and _descending([v for _, v in run])
    assert run[0][1] == pytest.approx(chosen.serving.tpot_s * 1000)
    throughput = [v for _, v in series.throughput]
    assert throughput == sorted(throughput)  # more copies of one copy carry more
    # the planner's own layout per count zig-zagged; it is a marker where it is not the line's copy
    planned = {e.scenario.count: e for e in mi300x.by_count}
    others = dict(series.other_layouts)
    assert others[48] == pytest.approx(planned[48].serving.tpot_s * 1000) and others[48] < 15
    assert 16 in others  # this copy does not carry 40 requests/s on 16 cards; the plan for 16 does
    assert all(copy_layout(planned[c]) != copy_layout(chosen) or c not in dict(run) for c in others)
    assert set(series.not_carried) == {c for c, e in planned.items() if e.fits and SERVING.charts.short_of_load(e)}
    assert mi300x.scaling_limit is None  # copies scale their capacity whole


def test_separate_pools_keep_their_proportion():
    chosen = _serving("mi350x", 8).estimate.scenario
    assert (chosen.prefill_copies, chosen.data_parallel) == (6, 8)
    assert prefill_cards_at(chosen, 16) == 12 and prefill_cards_at(chosen, 2) == 1
    assert prefill_cards_at(chosen, 1) is None  # one copy: no pools to split


def test_a_training_chart_draws_each_counts_plan():
    scenario = Scenario(model=preset("llama3-8b"), workload="finetune", card_id="h100-sxm", count=8,
                        training={"tokens": 100_000_000}, auto_layout=LAYOUT_FIELDS)
    analysis = analyse(scenario, CATALOG)
    assert analysis.by_layout == () and analysis.line == analysis.by_count


@pytest.mark.parametrize(("language", "words"), [("en", "with more or fewer copies"), ("zh_CN", "副本数随卡数增减")])
def test_the_chart_draws_one_layout_and_marks_the_others(qtbot, mi300x, language, words):
    i18n.install_language(language)
    try:
        chart = ScalingChart()
        qtbot.addWidget(chart)
        chart.update_from(mi300x)
        x, y = chart.second.getData()
        drawn = [(a, b) for a, b in zip(x, y) if math.isfinite(a)]
        assert [round(10 ** a) for a, _ in drawn][:2] == [24, 32]
        assert _descending([b for _, b in drawn])  # no segment rises: one copy, more of them
        marked = {round(10 ** a) for a in chart.other_layouts.getData()[0]}
        assert {16, 48, 128} <= marked
        title = chart.getPlotItem().titleLabel.text.replace("\u2060", "").replace("\u00a0", " ")  # phrased
        assert words in title and ("TP 1" in title or "张量并行 1" in title)
        assert len(chart.legend.items) == 5  # throughput, time per token, does not fit, not carried, another layout
    finally:
        i18n.install_language("en")


def test_a_users_only_question_keeps_its_copy_too(qtbot):
    analysis = _serving("h100-sxm", 24, rate=None)
    series = scaling_series(analysis, SERVING.charts)
    assert series.not_carried == [] and all(_descending([v for _, v in run]) for run in series.second)
    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.update_from(analysis)
    assert len(chart.not_carried.getData()[0]) == 0


def test_no_point_hides_behind_the_legend(qtbot, mi300x):
    """The longest time per token is at the fewest cards, under the legend in the top-left corner: the right
    axis leaves room above it (the 16-card marker, 124 ms, sat behind the legend in the window)."""
    from PySide6.QtCore import QPointF

    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.resize(480, 460)  # the window's chart at 1600 x 1000
    chart.show()
    qtbot.waitExposed(chart)
    chart.update_from(mi300x)
    legend = chart.legend.sceneBoundingRect()
    xs, ys = chart.other_layouts.getData()
    spots = [chart.right_view.mapViewToScene(QPointF(x, y)) for x, y in zip(xs, ys)]
    under = [p for p in spots if p.x() <= legend.right()]
    assert under and all(p.y() > legend.bottom() for p in under)
