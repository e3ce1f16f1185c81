"""The serving trade-off (issue 29, part 1): every layout the serving search weighed for one card
and count, tokens/s per GPU against tokens/s per user, its non-dominated front and the chosen
layout; its JSON in ``plan --workload inference --json``."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.serving.pareto import dominates, serving_tradeoff, tradeoff_to_dict
from configurator.core.workloads.serving.plan import recording_evaluated, search_serving


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _serving(count: int, **constraints) -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=count, workload="inference",
                    auto_layout=LAYOUT_FIELDS,
                    serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256},
                    constraints={"requests_per_s": 20, "tpot_ms": 50, **constraints})


@pytest.fixture(scope="module")
def sixteen(catalog):
    scenario = _serving(16)
    return scenario, serving_tradeoff(scenario, catalog.get("h100-sxm"))


def test_the_front_is_non_dominated_and_holds_the_chosen_layout(sixteen):
    _, t = sixteen
    assert len(t.points) > 10 and t.front
    for p in t.points:
        dominated = any(dominates(q, p) for q in t.points if q is not p)
        assert p.on_front is not dominated
    chosen = t.chosen
    assert chosen is not None and chosen.on_front and t.chosen_on_front and t.why_off_front is None
    assert chosen.meets_targets and chosen.per_user >= t.tpot_line  # within the 50 ms TPOT target: 20 tokens/s
    assert {p.disaggregated for p in t.points} == {True, False}  # both kinds of pool weighed


def test_the_chosen_point_is_the_planners_answer(sixteen, catalog):
    scenario, t = sixteen
    est = estimate(scenario, catalog.get("h100-sxm"))
    s = est.scenario
    c = t.chosen
    assert (c.tp, c.disaggregated, c.tokens_per_step) == (s.parallelism.tp, s.prefill_copies > 0,
                                                         s.serving.max_batched_tokens)
    assert c.per_gpu == pytest.approx(est.serving.tokens_per_s_per_card)


def test_off_the_front_says_why(catalog):
    """At 8 cards no layout meets the targets: the planner picks the smallest miss, which the chart's
    axes do not show (TTFT), so the chosen point may lie off the front; the trade-off says so."""
    t = serving_tradeoff(_serving(8), catalog.get("h100-sxm"))
    assert not t.chosen.meets_targets
    assert t.chosen_on_front or t.why_off_front == "closest-to-targets"


def test_recording_changes_no_answer(catalog):
    from configurator.core.workloads.serving import plan

    card, scenario = catalog.get("h100-sxm"), _serving(16)
    chosen, weighed = recording_evaluated(scenario, card)
    plain = search_serving(scenario, card)
    assert chosen.scenario == plain.scenario and weighed
    _, more = recording_evaluated(scenario, card, explore=True)
    assert len(more) >= len(weighed)
    assert plan._EVALUATED.get() is None and plan._EXPLORING.get() is False  # nothing kept once it ends


def test_a_load_of_users_alone_is_explored_beyond_the_first_plan(catalog):
    """200 users, no request rate: the planner stops at its first plan (it meets every target);
    the trade-off weighs the engine steps and separate pools too, and marks the planner's answer."""
    card = catalog.get("h100-sxm")
    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=16, workload="inference",
                        auto_layout=LAYOUT_FIELDS, serving={"concurrency": 200})
    _, weighed = recording_evaluated(scenario, card)
    t = serving_tradeoff(scenario, card)
    assert len(t.points) > len(weighed) and any(p.disaggregated for p in t.points)  # 4 estimates -> 21 layouts
    assert t.chosen_on_front or t.why_off_front == "first-that-meets"
    s = estimate(scenario, card).scenario
    assert (t.chosen.tp, t.chosen.disaggregated, t.chosen.tokens_per_step) == (
        s.parallelism.tp, s.prefill_copies > 0, s.serving.max_batched_tokens)


def test_pinned_layout_is_one_point(catalog):
    scenario = _serving(8).model_copy(update={"auto_layout": (), "parallelism": _serving(8).parallelism.model_copy(
        update={"tp": 8})})
    t = serving_tradeoff(scenario, catalog.get("h100-sxm"))
    assert len(t.points) == 1 and t.chosen is not None and t.chosen.on_front


def test_json_shape(sixteen):
    _, t = sixteen
    d = json.loads(json.dumps(tradeoff_to_dict(t), allow_nan=False))
    assert d["card"] == "h100-sxm" and d["count"] == 16 and d["percentile"] == 90
    assert d["tpot_target_ms"] == 50 and d["tpot_target_tokens_per_s_per_user"] == 20
    assert d["chosen_on_front"] is True and len(d["front"]) == sum(p["on_front"] for p in d["layouts"])
    keys = {"tp", "pp", "ep", "batch", "tokens_per_step", "kv_precision", "disaggregated", "prefill_cards",
            "tokens_per_s_per_gpu", "tokens_per_s_per_user", "ttft_s", "overloaded", "meets_targets", "on_front",
            "chosen"}
    assert all(set(p) == keys for p in d["layouts"])
    assert sum(p["chosen"] for p in d["layouts"]) == 1


def test_plan_inference_json_carries_the_front(capsys):
    assert main(["plan", "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "16",
                 "--concurrency", "200", "--prompt-tokens", "1024", "--output-tokens", "256", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    tradeoff = out["serving_tradeoff"]
    assert tradeoff["front"] and tradeoff["card"] == "h100-sxm" and tradeoff["count"] == 16
    assert out["scenario"]["workload"] == "inference" if "scenario" in out else True


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_plan_inference_table_lists_the_front(capsys, lang):
    assert main(["plan", "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "16",
                 "--concurrency", "200", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert ("tokens/s per GPU" if lang == "en" else "每卡词元/秒") in out


def test_the_asked_scenario_is_found_again_from_the_answer(sixteen, catalog):
    """The summary has only the chosen estimate: the search's input is rebuilt from it (Auto
    serving fields at their starting values, an FP8 cache the search chose unset) and the same
    layouts are weighed."""
    from configurator.core.workloads.serving.pareto import search_start

    scenario, t = sixteen
    est = estimate(scenario, catalog.get("h100-sxm"))
    again = serving_tradeoff(search_start(est), catalog.get("h100-sxm"), est)
    assert {p.key for p in again.points} == {p.key for p in t.points}
    assert again.chosen.key == t.chosen.key


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_summary_lists_the_front(catalog, lang):
    from configurator.report.export import summary_of
    from configurator.report.render import to_markdown

    scenario = _serving(16)
    summary = summary_of(estimate(scenario, catalog.get("h100-sxm")), catalog, lang)
    table = next(t for t in summary.tables if t.key == "tradeoff")
    assert table.title == ("Serving trade-off: the Pareto front" if lang == "en" else "推理部署权衡：帕累托前沿")
    assert len(table.rows) >= 2 and sum(("(chosen)" if lang == "en" else "（已选）") in r[0] for r in table.rows) == 1
    assert ("TPOT target 50.0 ms (p90)" if lang == "en" else "TPOT 目标 50.0 ms（p90）") in table.note
    assert ("has no axis here" if lang == "en" else "不在坐标轴上") in table.note
    assert table.title in to_markdown(summary)


def test_a_front_of_the_chosen_layout_alone_is_not_listed(catalog):
    from configurator.report.export import summary_of

    scenario = Scenario(model=preset("llama3-8b"), card_id="l40s", count=2, workload="inference",
                        serving={"concurrency": 16})
    summary = summary_of(estimate(scenario, catalog.get("l40s")), catalog, "en")
    assert all(t.key != "tradeoff" for t in summary.tables)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_front_text_lists_an_off_front_choice_and_aligns_its_columns(catalog, lang):
    """200 users alone on 16 H100: the chosen layout is off the front; the table lists it last,
    marked, and its columns line up in Chinese too (wide characters take two columns)."""
    from configurator.core.view.printable import display_width
    from configurator.core.view.tradeoff_view import front_text
    from configurator.core.view.words import Words

    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=16, workload="inference",
                        auto_layout=LAYOUT_FIELDS, serving={"concurrency": 200})
    t = serving_tradeoff(scenario, catalog.get("h100-sxm"))
    assert not t.chosen_on_front
    lines = front_text(t, Words(lang)).splitlines()
    table = [line for line in lines if line.startswith(("TP ", "Layout", "并行布局"))]
    assert ("(chosen, off the front)" if lang == "en" else "（已选，不在前沿上）") in table[-1]
    heading = table[0]  # the first front row's tokens/s per GPU starts in the same column as the heading's
    column = display_width(heading[:heading.index("tokens/s per GPU" if lang == "en" else "每卡词元/秒")])
    row = table[1]
    starts = [i for i in range(1, len(row)) if row[i].isdigit() and row[i - 1] == " "]
    assert any(display_width(row[:i]) == column for i in starts), (row, column)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_chart_model_holds_every_layout_the_front_the_target_and_the_chosen_point(sixteen, lang):
    """One chart model (core/view) that the window and the summary both draw: every layout as a
    point of its pool's series, the front as a line, the TPOT target as a minimum speed per user,
    the chosen layout marked and named, units on both axes."""
    from configurator.core.view.tradeoff_view import tradeoff_chart
    from configurator.core.view.words import Words

    _, t = sixteen
    chart = tradeoff_chart(t, Words(lang))
    points = [p for s in chart.series for p in s.points]
    assert len(points) == len(t.points)
    assert {s.symbol for s in chart.series} == {"o", "s"} and len({s.colour for s in chart.series}) == 2
    assert chart.front == tuple((p.per_user, p.per_gpu) for p in t.front)
    front_points = {(p.x, p.y) for p in points if p.on_front}
    assert front_points == set(chart.front)  # the line joins exactly the points drawn large
    (target,) = chart.targets
    assert target.axis == "x" and target.value == pytest.approx(1000 / 50)
    assert ("at least 20.0 tokens/s per user" if lang == "en" else "每用户至少 20.0 词元/秒") in target.label
    assert (chart.chosen.x, chart.chosen.y) == (t.chosen.per_user, t.chosen.per_gpu) and chart.chosen.on_front
    assert chart.chosen_label.startswith("Chosen layout: TP " if lang == "en" else "所选布局：TP ")
    assert all(p.filled is q.meets_targets for p, q in zip(
        sorted(points, key=lambda p: (p.x, p.y)), sorted(t.points, key=lambda q: (q.per_user, q.per_gpu)), strict=True))
    assert chart.x_max > max(p.x for p in points) and chart.x_max > target.value
    assert chart.y_max > max(p.y for p in points)
    for axis in (chart.text.x_axis, chart.text.y_axis):
        assert "[" in axis and "]" in axis  # the unit
    assert chart.misses == ("Misses a target (hollow)" if lang == "en" else "未达到某项目标（空心）")


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_summary_draws_the_chart_above_the_table(qapp, catalog, lang):
    """The summary carries the chart (the window's model) as an image resource of its document,
    under a heading of its own above the table of the front."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QColor, QTextDocument

    from configurator.core.view.tradeoff_view import CHOSEN_COLOUR, TARGET_COLOUR
    from configurator.report.document import build_document
    from configurator.report.export import summary_of
    from configurator.report.parts import PointChart
    from configurator.report.render import to_html
    from configurator.report.tradeoff_image import tradeoff_image

    summary = summary_of(estimate(_serving(16), catalog.get("h100-sxm")), catalog, lang)
    (chart,) = [c for c in summary.charts if isinstance(c, PointChart)]
    table = next(t for t in summary.tables if t.key == "tradeoff")
    assert table.image == chart.key == "tradeoff"
    assert table.image_title == ("Serving trade-off" if lang == "en" else "推理部署权衡")
    assert chart.model.chosen is not None and chart.model.front and chart.model.targets
    html = to_html(summary, {"tradeoff": "chart://tradeoff"})
    assert html.index("chart://tradeoff") < html.index(table.title) and html.index(table.image_title) < html.index(
        "chart://tradeoff")
    document = build_document(summary)
    image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl("chart://tradeoff"))
    assert image is not None and not image.isNull() and image.width() == 1680
    painted = tradeoff_image(chart.model, lang)
    colours = {painted.pixelColor(x, y).name() for x in range(0, painted.width(), 3)
               for y in range(0, painted.height(), 3)}
    assert QColor(CHOSEN_COLOUR).name() in colours and QColor(TARGET_COLOUR).name() in colours
