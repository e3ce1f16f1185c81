"""A card without a price is never shown as a purchase: the summary's first page says which cards
are not ranked for want of a price, and the alternatives list them without a rank, "no price" where
the capex stands and a note on what their count is (session 14: the inference example listed
"— 232 × L20 48GB … — — —" and the first page said nothing)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.card_names import card_name
from configurator.report.summary import build_summary, ranked_options


@pytest.fixture(scope="module")
def served():
    catalog = load_catalog()
    scenario = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                        serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS)  # docs/summary's example
    return estimate(scenario, catalog.get("h100-sxm")), catalog


@pytest.mark.parametrize("language, words", [("en", ("other cards that meet every constraint are not ranked",
                                                      "no price", "not a recommended purchase")),
                                              ("zh_CN", ("满足全部约束的加速卡未参与排名", "无价格", "并非推荐的采购数量"))])
def test_cards_without_a_price_are_said_on_the_first_page_and_not_listed_as_buys(served, language, words):
    chosen, catalog = served
    _mine, _priced, unpriced = ranked_options(chosen, catalog)
    assert unpriced  # the example has cards without a price (L20, BI-V100, H800 …)
    summary = build_summary(chosen, catalog, language)
    sentence, no_price, note = words
    assert sentence in summary.recommendation
    assert card_name(unpriced[0].estimate.card.name, language) in summary.recommendation
    assert f"{unpriced[0].estimate.scenario.count:,} ×" not in summary.recommendation  # no count on the first page
    alternatives = {t.key: t for t in summary.tables}["alternatives"]
    unranked = [row for row in alternatives.rows if row[0] == "—"]
    # a card left unranked for another want (the Ascend 910C server: no board power, so no energy) shows
    # its capex; every card without a price says so (since prices47 the B300's place went to the 910C)
    priced = {card_name(r.estimate.card.name, language) for r in unpriced if r.estimate.costs.purchase is not None}
    assert unranked and any(row[4] == no_price for row in unranked)
    assert all(row[4] == no_price or any(name in row[1] for name in priced) for row in unranked)
    assert note in alternatives.note
