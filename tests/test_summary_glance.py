"""The summary's first page as an approver reads it (session 47, look): a cost per unit of work's row is
named short, what the figure covers said beside it (the whole name as the label wrapped to six lines in the
first page's narrow label column); a training layout's degrees multiply to the card count (context
parallelism was left out: "tensor parallel 2, pipeline parallel 5, data parallel 8" on 160 cards)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.currency import in_language_currency
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
from configurator.report.summary import build_summary

NAMES = {"en": ("Cost per million tokens", "Cost per million tokens — this job alone"),
         "zh_CN": ("每百万词元成本", "每百万词元成本——仅本任务")}
COVERS = {"en": ("— total cost of ownership: cards, servers, network, power, support — over 4 years, "
                 "if the cards train at this pace all 4 years", "— its cards and servers bought for it"),
          "zh_CN": ("——总拥有成本：加速卡、服务器、网络、电力、维保——4 年", "——为其购置加速卡与服务器")}
PARALLEL = {"en": "tensor parallel 2, context parallel 2, pipeline parallel 1, data parallel 2, ZeRO stage 1",
            "zh_CN": "张量并行 2、上下文并行 2、流水线并行 1、数据并行 2、ZeRO 阶段 1"}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module", params=["en", "zh_CN"])
def summary(request, catalog):
    scenario = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="finetune",
                        parallelism={"tp": 2, "cp": 2, "zero": 1}, training={"tokens": 1e9})
    scenario = in_language_currency(scenario, request.param)
    return build_summary(estimate(scenario, catalog.get("h100-sxm")), catalog, request.param)


def test_a_cost_per_unit_of_work_is_named_short_and_says_what_it_covers_beside_the_figure(summary):
    glance = dict(summary.headline)
    tco, alone = NAMES[summary.language]
    covers_tco, covers_alone = COVERS[summary.language]
    assert covers_tco in glance[tco] and covers_alone in glance[alone]
    assert all(len(name) <= 45 for name, _ in summary.headline), [name for name, _ in summary.headline]


def test_the_tco_table_keeps_the_whole_name(summary):
    tco, _ = NAMES[summary.language]
    labels = [row[0] for table in summary.tables for row in table.rows if row and str(row[0]).startswith(tco)]
    assert len(labels) == 2 and all(len(label) > len(tco) + 10 for label in labels)


def test_a_training_layout_names_every_degree_the_cards_are_split_by(summary):
    rows = [row[1] for table in summary.tables for row in table.rows if row and row[0] in ("Parallelism", "并行方式")]
    assert rows == [PARALLEL[summary.language]]


def test_the_english_alternatives_give_the_class_its_room_and_the_chinese_leave_it_to_qt(summary):
    """English class names ("Workstation card", "Inference card (also fine-tuning, graphics)") wrapped to two
    to four lines in a column Qt left narrow; a fixed share of a column of Chinese names ("训练卡") broke
    "93.26 万元" in the capex column beside it. The English share is the declared one (session 50: every English
    column declared, tests/test_summary_class_column.py)."""
    from configurator.report.render import LANGUAGE_WIDTHS, to_html

    html = to_html(summary)
    heading = {"en": "Class", "zh_CN": "类别"}[summary.language]
    share = LANGUAGE_WIDTHS[("alternatives", "en")][2]
    sized = f"<th align='left' bgcolor='#e8ecf2' width='{share}%'>{heading}</th>"
    assert (sized in html) == (summary.language == "en")


def test_the_sign_off_says_what_it_signs_for(summary):
    """The approval fields stood alone on the last page of six of fourteen persona summaries: the verdict, the
    configuration and its capex stand above them, as the first page says them."""
    approval, glance = dict(summary.approval), dict(summary.headline)
    w = {"en": ("State", "Configuration", "Capex", "Meets what was asked: "),
         "zh_CN": ("状态", "配置", "资本支出", "满足要求：")}[summary.language]
    assert approval[w[0]] == w[3] + summary.status
    assert approval[w[1]] == glance[w[1]] and approval[w[2]] == glance[w[2]]
    assert list(approval)[:3] == list(w[:3])


@pytest.mark.parametrize("language, said", [("en", "no cloud price; midpoints"), ("zh_CN", "无云租用价格；价格区间取中值")])
def test_a_card_no_cloud_rents_says_so_in_the_assumptions(catalog, language, said):
    """Gaudi 3 has no cloud price: the assumptions' prices read "cloud — per card-hour (no date)", a blank."""
    scenario = in_language_currency(Scenario(model=preset("llama3-8b"), card_id="gaudi3", count=8,
                                             workload="finetune", training={"tokens": 1e9}), language)
    summary = build_summary(estimate(scenario, catalog.get("gaudi3")), catalog, language)
    prices = [row[1] for t in summary.tables if t.key == "assumptions" for row in t.rows if said in row[1]]
    assert len(prices) == 1 and "per card-hour" not in prices[0] and "每卡每小时" not in prices[0]
