"""Small answer defects (small51b): a rent ranking's "Rent or buy" line priced buying a bill the housing rule
refuses (48 × RTX PRO 6000 Blackwell Workstation Edition in rack servers); the heading over the rows below the
line said "each breaks a constraint you set" over a row broken only by that rule, which the buyer did not set."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.recommend_costs import (
    buying_refused, ownership_cost, rack_edition_note, rack_edition_row, rent_or_buy,
)
from configurator.core.scenario import Scenario
from configurator.core.view.ranking_view import BELOW_LINE_HEADING, BELOW_LINE_HEADING_UNBUILT, below_line_heading
from configurator.core.view.words import Words
from configurator.report.summary_below_line import below_line_table
from configurator.report.text import below_line_text

RENDER = Scenario(model=preset("llama3-8b"), card_id="rtx-pro-6000-blackwell", count=8, workload="render",
                  graphics={"frames": 20000}, constraints={"deadline_hours": 24.0})
NAMED = Filters(cards=("rtx-pro-6000-blackwell", "rtx-pro-6000-blackwell-server"))


@pytest.fixture(scope="module")
def by_rent(catalog):
    return recommend(RENDER, catalog, Objective.CLOUD, NAMED)


def test_a_rent_rankings_rent_or_buy_line_does_not_price_buying_a_refused_bill(by_rent):
    est = by_rent.ranked[0].estimate
    assert est.card.id == "rtx-pro-6000-blackwell" and buying_refused(est)
    row = rack_edition_row(est, by_rent.ranked)
    assert row is not None and row[0] == 2 and row[1].card.id == "rtx-pro-6000-blackwell-server"
    cost = ownership_cost(est, by_rent.book)
    said = rent_or_buy(est, cost, rack_edition_note(est, row, by_rent.book))
    text = said.text_in("en")
    assert said.params["said"].id == "rent-or-buy-refused"
    assert text.startswith("Rent or buy: 48 × RTX PRO 6000 Blackwell Workstation Edition can be rented but not "
                           "bought for rack servers")
    assert f"{cost.ownership.tco:,.0f}" not in text  # the refused bill's TCO is nowhere
    edition = ownership_cost(row[1].estimate, by_rent.book)
    assert f"its {row[1].count} cards (#2 above) cost {edition.ownership.tco:,.0f} USD to buy and run" in text
    zh = said.text_in("zh_CN")
    assert "只能租用，不能购买装入机架服务器" in zh and "上表第 2 名" in zh


def test_without_the_editions_row_the_line_names_it(by_rent):
    est = by_rent.ranked[0].estimate
    text = rent_or_buy(est, ownership_cost(est, by_rent.book)).text_in("en")
    assert text.endswith("; to buy, rack servers take the RTX PRO 6000 Blackwell Server Edition")


def test_a_bill_that_can_be_built_keeps_its_rent_or_buy_line(by_rent):
    est = by_rent.ranked[1].estimate
    assert not buying_refused(est) and rack_edition_note(est, None) is None
    assert rent_or_buy(est, ownership_cost(est, by_rent.book)).text_in("en").startswith(
        "Rent or buy: over 4 years at 80\u00a0% utilisation, renting the same 64 cards costs")


def test_the_heading_below_the_line_is_true_for_a_row_the_housing_rule_refuses(catalog):
    bought = recommend(RENDER, catalog, Objective.TCO, NAMED)
    assert [r.card.id for r in bought.below_line] == ["rtx-pro-6000-blackwell"]
    assert below_line_heading(bought) == BELOW_LINE_HEADING_UNBUILT
    assert below_line_text(bought, "en")[0] == (
        "Below the line: each breaks a constraint you set or cannot be built (never ranked)")
    assert below_line_text(bought, "zh_CN")[0] == "基准线以下：每项都违反了您设定的约束或无法装配（不参与排名）"
    assert below_line_table(bought, Words("zh_CN")).title == below_line_text(bought, "zh_CN")[0]  # the summary's


def test_the_heading_stays_where_every_row_breaks_a_constraint_the_buyer_set(catalog):
    tight = Scenario.model_validate({**RENDER.model_dump(), "constraints": {"deadline_hours": 1.0}})
    result = recommend(tight, catalog, Objective.TCO, Filters(cards=("rtx-pro-6000-blackwell-server",)))
    assert result.below_line and below_line_heading(result) == BELOW_LINE_HEADING


@pytest.mark.parametrize(("language", "said"), [
    ("en", "- **Buying instead**: cannot be built: RTX PRO 6000 Blackwell Workstation Edition is a workstation board"),
    ("zh_CN", "- **改为购买**：无法装配：RTX PRO 6000 Blackwell 工作站版是工作站显卡"),
])
def test_the_summary_of_the_rented_workstation_boards_prices_no_refused_purchase(tmp_path, language, said):
    from configurator.cli import main

    out = tmp_path / "summary.md"
    assert main(["report", "--workload", "render", "--frames", "20000", "--deadline", "24h", "--card",
                 "rtx-pro-6000-blackwell", "--count", "48", "--budget-basis", "rent", "--lang", language,
                 "-o", str(out)]) == 0
    headline = out.read_text(encoding="utf-8").split("\n\n")[3]
    assert said in headline and "Buying instead: capex" not in headline and "改为购买：资本支出" not in headline
