"""The window's cost chart names a job that ends at its pace, as the ranking, the summary and the
command line do (review of session 37: the TCO's paced label moved from the unit "frame" to the
family's ``job_pace``, and the chart's axis, which passed no pace, lost "if the cards render at this
pace all 4 years" for a render job). Since session 44 the axis names the basis briefly ('Cost per job — TCO
over 4 years [USD]': the full name ran to 5-7 lines along a 1200 × 700 window's chart) and the chart's
tooltip in full, the pace with it."""

from __future__ import annotations

from configurator.app.cost_chart import cost_axis_label, cost_axis_tooltip
from configurator.app.defaults import default_scenario
from configurator.core.catalog import load_catalog
from configurator.core.scenario import updated
from configurator.core.view.cost_bases import per_unit_label
from configurator.core.view.rows import write
from configurator.core.workloads import family_of


def test_the_axis_tooltip_names_the_pace_of_a_job_that_ends():
    assert cost_axis_tooltip("frame", "tco", "EUR", 4, "render") == \
        f"{write(per_unit_label('frame', 'tco', 4, 'render'), 'en')} [EUR]"
    assert "if the cards render at this pace all 4 years" in cost_axis_tooltip("frame", "tco", "EUR", 4, "render")
    assert "at this pace" not in cost_axis_tooltip("million tokens", "tco", "USD", 4)
    assert cost_axis_label("frame", "tco", "EUR", 4) == "Cost per frame — TCO over 4 years [EUR]"  # on the axis


def test_the_render_chart_axis_says_the_cards_render_at_this_pace(qtbot):
    from configurator.app.cost_chart import CostScatter
    from configurator.core.analysis import analyse

    catalog = load_catalog()
    chart = CostScatter()
    qtbot.addWidget(chart)
    render = updated(default_scenario("en", catalog), workload="render")
    analysis = analyse(render, catalog)
    chart.update_from(analysis)
    basis = next(p.basis for p in analysis.catalog_points)
    axis = chart.getPlotItem().getAxis("left")
    assert family_of(render.workload).pace == "render"
    assert basis != "tco" or all("if the cards render at this pace" in tip for tip in (axis.toolTip(), chart.toolTip()))
    assert "at this pace" not in axis.labelText and "TCO over 4 years" in axis.labelText
    assert basis == "tco"  # a priced card's chart is on the ranking's basis, the TCO


def test_the_tcos_words_are_written_once_and_the_pace_named_as_the_job_alone_reason_names_it():
    """Session 37 wrote "total cost of ownership: cards, servers, network, power, support — over {period}"
    out again for each pace (render, train, work), in English and Chinese: now the paced label is the
    TCO's own words and the pace's message (``job-pace-*``), the text unchanged."""
    from configurator.core.messages import pace_msg
    from configurator.core.view.cost_bases import BASES, basis_label

    assert sum("total cost of ownership: cards, servers, network, power, support —" in v for v in BASES.values()) == 1
    for pace, zh in (("render", "渲染"), ("train", "训练"), ("work", "工作")):
        label = basis_label("tco", 4, "frame", pace)
        assert write(label, "en") == ("total cost of ownership: cards, servers, network, power, support — over 4 years, "
                                      f"if the cards {write(pace_msg(pace), 'en')} at this pace all 4 years")
        assert write(label, "zh_CN") == f"总拥有成本：加速卡、服务器、网络、电力、维保——4 年，假设这些卡在 4 年内一直按此节奏{zh}"
