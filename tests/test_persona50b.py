"""Session 50's regression pass as the personas (persona50b): a bill whose cards have no purchase price (32
Instinct MI325X, rented) gave a rent-or-buy answer on a TCO without the cards ('buying 576,876 USD; buying pays
off above 21 % utilisation', on the command line, the summary's TCO table and the bill panel); the wizard's cost
line gave a whole TCO for a card without a published power (16 颗昇腾 910C 服务器: '4 年总拥有成本 456.37 万元'
beside '无法计算总拥有成本'), where the summary says '未含电费'."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.partial import cards_unpriced
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend import Objective
from configurator.core.recommend_costs import rent_or_buy
from configurator.core.scenario import Scenario
from configurator.core.view.cost_bases import period
from configurator.core.view.rows import write
from configurator.report.language import Words
from configurator.report.summary_bill import rent_chart, tco_table
from configurator.report.summary_money import ranked_option


@pytest.fixture(scope="module")
def unpriced():
    """32 MI325X fine-tuning Llama 3 70B: rents on file, no purchase price (skipped once it has one)."""
    catalog = load_bundled_catalog()
    scenario = Scenario.model_validate({"workload": "finetune", "model": preset("llama3-70b").model_dump(),
                                        "card_id": "mi325x", "count": 32, "training": {"tokens": 2e9}})
    est = estimate(scenario, catalog.get("mi325x"))
    cost = deployment_cost(est)
    if not cards_unpriced(cost.bom) or cost.compared is None or cost.compared.per_year is None:
        pytest.skip("the MI325X has a purchase price now, or no rent")
    return est, cost


@pytest.mark.parametrize(("language", "said", "not_said"), [
    ("en", "has no purchase price, so buying cannot be compared", "pays off"),
    ("zh_CN", "无购买价格，无法比较购买", "购买更划算"),
])
def test_rent_or_buy_says_buying_cannot_be_compared_without_the_cards_price(unpriced, language, said, not_said):
    est, cost = unpriced
    line = rent_or_buy(est, cost)
    assert line.id == "rent-or-buy-no-price"
    text = line.text_in(language)
    assert said in text and not_said not in text


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_gives_no_break_even_or_month_without_the_cards_price(unpriced, language):
    est, cost = unpriced
    w = Words(language)
    mine = ranked_option(est, Objective.CLOUD, price_book_for(est.scenario.economics))
    table = tco_table(est, mine, w)
    rows = {label: value for label, value in table.rows}
    assert rows[w("Break-even utilisation")] == w("no purchase price: enter a quote")
    assert w("Renting costs more than buying and running") not in rows
    years = write(period(cost.ownership.years), language)
    tco = rows[w("Total cost of ownership over {period}", period=years)]
    assert ("without the unpriced items" if language == "en" else "未含无价格的项") in tco
    assert table.image is None and rent_chart(est, mine, w) is None


@pytest.mark.parametrize(("language", "said"), [("en", "without energy (no published power)"),
                                                ("zh_CN", "未含电费（无公开功率）")])
def test_the_wizards_cost_line_says_the_tco_leaves_out_energy(qapp, language, said):
    from configurator.app import i18n
    from configurator.app.wizard_result import SummaryPage

    catalog = load_bundled_catalog()
    scenario = Scenario.model_validate({"workload": "inference", "model": preset("qwen2.5-72b").model_dump(),
                                        "card_id": "ascend-910c-a3-server", "count": 16,
                                        "serving": {"concurrency": 200}, "constraints": {"region": "cn"}})
    est = estimate(scenario, catalog.get("ascend-910c-a3-server"))
    cost = deployment_cost(est)
    assert cost.ownership.energy_per_year is None  # the card publishes no power
    i18n.install_language(language)
    try:
        page = SummaryPage.__new__(SummaryPage)
        page.tr = lambda text, *_: text if language == "en" else i18n.tc("SummaryPage", text)
        page._price_dates = lambda d: "2026-12"
        line = SummaryPage._cost_line(page, SimpleNamespace(cost=cost, estimate=est))
    finally:
        i18n.install_language("en")
    assert said in line
