"""Each workload family's view (issue 26, part 2): the charts, the recommendation panel and the
summary read the family's axes, series, units and labels from core/view/family_view.py, so a new
family adds its view there and none of app/charts.py, app/recommend_panel.py or report/ changes."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from golden_scenarios import GOLDEN

from configurator.core.estimate import estimate
from configurator.core.scenario import Workload
from configurator.core.view.family_view import FIRST_SHOWN, VIEWS, FamilyView, generic_view, view_of
from configurator.core.view.rows import write
from configurator.core.view.words import words
from configurator.core.workloads import FAMILIES, family_of

ONE_PER_FAMILY = {"training": "pretrain-8b-1xh100", "serving": "serve-70b-8xh100", "desktops": "vdi-200-users-l40s",
                  "video": "transcode-300-streams-l4", "rendering": "render-2000-frames-rtx6000ada"}
"""A golden scenario of each family (tests/golden_scenarios.py)."""


def _label_ids(view: FamilyView) -> list[str]:
    c, r = view.charts, view.ranking
    return [c.throughput_axis, c.second_axis, c.second_legend, c.curve_title, c.curve_axis, c.cost_title,
            c.cost_axis, r.speed_heading, r.pareto_title, r.pareto_axis, view.workload_title]


def test_every_family_has_its_view_and_every_workload_reaches_it():
    assert sorted(VIEWS) == sorted(f.name for f in FAMILIES)
    for workload in Workload:
        assert view_of(workload) is VIEWS[family_of(workload).name]
    assert FIRST_SHOWN is view_of(Workload.PRETRAIN)  # the default scenario's, shown before the first estimate


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_label_of_a_view_has_chinese(name):
    zh = words("zh_CN")
    missing = [text for text in _label_ids(VIEWS[name]) if zh.label(text) == text]
    assert missing == []


@pytest.mark.parametrize("name", sorted(ONE_PER_FAMILY))
def test_a_view_writes_its_family_numbers_with_their_units(name, catalog):
    scenario = GOLDEN[ONE_PER_FAMILY[name]]
    est = estimate(scenario, catalog.get(scenario.card_id))
    view = view_of(scenario.workload)
    assert view.family == name
    for language in ("en", "zh_CN"):
        speed = write(view.ranking.speed_text(est), language)
        assert speed and speed != "—" and any(ch.isdigit() for ch in speed), (language, speed)
        job = view.job(scenario, words(language))
        assert job and "{" not in job
        rows = view.workload_rows(est, words(language))
        assert rows and all(label and value for label, value in rows)
    assert view.charts.second_value(est) > 0
    point = family_of(scenario.workload).catalog_point(scenario, est.card, est)
    assert any(ch.isdigit() for ch in write(view.charts.cost_x_text(point.x_value), "en"))
    assert view.ranking.pareto_x(family_of(scenario.workload).speed_figure(est)) > 0
    assert view.card_specs in ("compute", "graphics")


def test_a_family_without_a_view_is_shown_in_its_own_units(catalog):
    """A new family that brings no view still charts, ranks and summarises: its units on the axes."""
    scenario = GOLDEN["render-2000-frames-rtx6000ada"]
    est = estimate(scenario, catalog.get(scenario.card_id))
    toy = SimpleNamespace(name="toy", x_unit="h", speed_unit="h", one_off_job=True, carries_load=False,
                          speed_figure=lambda e: e.hours)
    view = generic_view(toy)
    assert view.family == "toy" and view.charts.second_value(est) == est.hours
    assert write(view.ranking.speed_text(est), "en") == write(VIEWS["rendering"].ranking.speed_text(est), "en")
    assert view.job(scenario, words("en"))  # the workload's name
    assert [label for label, _ in view.workload_rows(est, words("zh_CN"))] == ["负载"]


COUNT_AXES = {"Users carried", "Streams carried", "Users per card", "Streams per card", "Cards for all users",
              "Cards for all streams", "Cards"}
"""Axes of a count, whose unit is the thing counted (users, streams, cards): no bracket needed."""


def _axes(view: FamilyView) -> list[str]:
    c, r = view.charts, view.ranking
    return [c.throughput_axis, c.second_axis, c.curve_axis, c.cost_axis, r.pareto_axis]


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_every_chart_axis_names_its_unit_in_both_languages(name):
    """Was: the render workload's scaling chart read "Frames per hour" with no unit (now
    "Throughput [frames/h]", "吞吐量 [帧/小时]"). Every axis of a family's charts carries a unit in
    brackets, in English and Chinese alike, or counts what it names."""
    zh = words("zh_CN")
    for axis in _axes(VIEWS[name]):
        if axis in COUNT_AXES:
            continue
        english_unit = axis[axis.index("[") + 1:-1] if axis.endswith("]") and "[" in axis else None
        assert english_unit, f"{name}: '{axis}' has no unit"
        chinese = zh.label(axis)
        assert chinese.endswith("]") and "[" in chinese, f"{name}: '{chinese}' has no unit"


def test_the_render_scaling_chart_names_frames_per_hour(qtbot, catalog):
    """The scaling chart of a render job, its left axis in both languages (a real chart)."""
    from configurator.app import i18n
    from configurator.app.memory_charts import MemoryChart
    from configurator.app.scaling_chart import ScalingChart
    from configurator.core.analysis import analyse

    analysis = analyse(GOLDEN[ONE_PER_FAMILY["rendering"]], catalog)
    for language, throughput, memory in (("en", "Throughput [frames/h]", "Memory per card [GiB]"),
                                         ("zh_CN", "吞吐量 [帧/小时]", "每卡显存 [GiB]")):
        with i18n.language_for_a_while(language):
            scaling, bars = ScalingChart(), MemoryChart()
            for chart in (scaling, bars):
                qtbot.addWidget(chart)
                chart.update_from(analysis)
        assert scaling.getAxis("left").labelText == throughput
        assert scaling.getAxis("right").labelText == ("Time to finish [h]" if language == "en" else "完成时间 [小时]")
        assert bars.getAxis("left").labelText == memory
