"""What persona48 found reading the summaries as the three buyers would (December 2026): the rent rows said
"Renting costs more than buying and running: not within 4 years" beside a 4-year rent above the TCO (the
month is a payback month, without the resale value the TCO counts); a Chinese bill's unit prices read
"0.564 万元" above "80,727 元" in one column; "0 万元 / 年"; "The total excludes Rack-scale system of …"; the
scaling chart's "needed" on the facility power curve."""

from __future__ import annotations

import re

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.currency import in_language_currency
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.partial import excluded_message
from configurator.core.recommend_costs import dearer_by_resale_only, rent_month, rent_or_buy
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.report.summary import build_summary

NBSP = "\u00a0"

STREAMS = Scenario(model=preset("llama3-8b"), card_id="l40s", count=4, workload="transcode",
                   graphics={"streams": 100}, economics={"utilisation": 0.8})
"""4 L40S transcoding at 80 %: renting them 4 years (97,057 USD) costs more than the TCO (79,035 USD), but
the cash paid for buying and running (capex + 4 years of opex) is reached by the rent only after the 4
years: buying is cheaper by its resale value only."""

INFERENCE = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                     serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS)
"""The summary's inference example: 8 H100 at 23.52 万元 (235,160 元) each, whose 万元 cannot make the
line's 188.13 万元 (8 × 23.52 = 188.16)."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _summary(catalog, scenario: Scenario, language: str):
    scenario = in_language_currency(scenario, language)
    return build_summary(estimate(scenario, catalog.get(scenario.card_id)), catalog, language)


def _rows(summary, key: str) -> dict[str, str]:
    return {row[0]: row[-1] for row in next(t for t in summary.tables if t.key == key).rows}


def test_buying_cheaper_by_its_resale_value_only_is_one_rule(catalog):
    est = estimate(STREAMS, catalog.get("l40s"))
    cost = deployment_cost(est)
    own, compared = cost.ownership, cost.compared
    assert rent_month(compared) is None and compared.per_year * own.years > own.tco
    assert dearer_by_resale_only(compared, own)
    assert "buying comes out cheaper only by its resale value at the end" in rent_or_buy(est, cost).text


@pytest.mark.parametrize(("language", "said"), [("en", "only at the end of 4 years, by the resale value"),
                                                ("zh_CN", "仅在 4 年期满时，因残值")])
def test_the_rent_rows_agree_with_their_figures(catalog, language, said):
    rows = _rows(_summary(catalog, STREAMS, language), "tco")
    dearer = next(value for label, value in rows.items() if "Renting costs more" in label or "租用累计花费" in label)
    assert dearer.replace(NBSP, " ") == said, rows  # was "not within 4 years" / "4 年内不会"


def _money(text: str) -> tuple[float, str]:
    number = re.search(r"[\d,]+(?:\.\d+)?", text).group(0).replace(",", "")
    return float(number), text.split(" / ")[0].split(NBSP)[-1]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_unit_price_column_is_in_one_unit(catalog, language):
    bom = next(t for t in _summary(catalog, INFERENCE, language).tables if t.key == "bom")
    units = {_money(row[3])[1] for row in bom.rows if row[0] and re.search(r"\d", row[3])}
    assert len(units) == 1, units  # "235,160 元" beside "35.10 万元" until December 2026
    if language == "zh_CN":
        assert units == {"元"}  # 万元 to the hundred yuan cannot make 8 × 235,160 元 = 188.13 万元


def test_nothing_is_written_in_units(catalog):
    rows = _rows(_summary(catalog, INFERENCE, "zh_CN"), "tco")
    zeros = [value for value in rows.values() if value.startswith("0")]
    assert zeros and all(value.replace(NBSP, " ") == "0 元 / 年" for value in zeros), rows  # not "0 万元 / 年"


def test_a_rack_scale_system_is_a_common_noun_inside_the_sentence(catalog):
    scenario = Scenario(model=preset("llama3-70b"), workload="pretrain", card_id="ascend-910c", count=384,
                        auto_layout=LAYOUT_FIELDS, training={"tokens": 2e12})
    cost = deployment_cost(estimate(scenario, catalog.get("ascend-910c")))
    excluded = excluded_message(cost.bom)
    assert excluded is not None and "The total excludes rack-scale system of 384 " in excluded.text
    assert "机柜级系统（384 张卡" in excluded.text_in("zh_CN")
    assert next(line for line in cost.bom.lines if line.role == "system").name.startswith("Rack-scale system")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("users", [64, 300])
def test_the_needed_label_crosses_no_curve(qtbot, catalog, language, users):
    from PySide6.QtCore import QPointF

    from configurator.app.scaling_chart import ScalingChart
    from configurator.app.controller import ScenarioController
    from configurator.app.i18n import install_language
    from configurator.app.label_spot import crosses

    install_language(language)
    scenario = Scenario(model=preset("llama3-8b"), card_id="l40s", count=4, workload="vdi", graphics={"users": users})
    controller = ScenarioController(catalog, scenario)
    analysis = controller.recompute()
    chart = ScalingChart()
    qtbot.addWidget(chart)
    chart.resize(520, 340)
    chart.show()
    qtbot.waitExposed(chart)
    chart.update_from(analysis)
    label = chart.demand.label
    assert chart.demand.isVisible() and label.isVisible()
    margin = label.textItem.document().documentMargin()
    box = label.sceneBoundingRect().adjusted(0, margin, 0, -margin)  # its words
    power = [chart.right_view.mapViewToScene(QPointF(x, y)) for x, y in zip(*chart.second.getData(), strict=True)]
    carried = [chart.getPlotItem().vb.mapViewToScene(QPointF(x, y)) for x, y in chart._drawn[0]]
    assert not crosses(box, power) and not crosses(box, carried)
    assert not box.intersects(chart.legend.sceneBoundingRect())
