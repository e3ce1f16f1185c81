"""A card that meets every constraint but is not ranked says why in a few words where its cost would
be (the panel's cost cell; the summary's first page): no price, or no published board power (the
Ascend 910C server has a price; its energy cannot be counted)."""

from __future__ import annotations

from buyer_questions import CHINESE_BUYER, question_scenario
from configurator.core.catalog import load_catalog
from configurator.core.recommend import Objective, recommend
from configurator.core.view.price_view import WHY_UNRANKED, why_unranked_short
from configurator.core.view.rows import label


def test_each_unranked_card_says_why_in_both_languages():
    catalog = load_catalog()
    result = recommend(question_scenario(CHINESE_BUYER, catalog), catalog, Objective.TCO)
    why = {rec.card.id: why_unranked_short(rec) for rec in result.unpriced}
    assert why["br100"] == "no price"
    # session 51 (buyer51): the Ascend 910C server's total without its energy is ranked, after every complete one
    server = next(r for r in result.considered if r.card.id == "ascend-910c-a3-server")
    assert "ascend-910c-a3-server" not in why and server.card.id in result.ranked_after
    assert any(m.id == "total-excludes-energy" for m in server.reasons)
    for short in set(why.values()):
        assert short in WHY_UNRANKED.values()
        assert label(short, "zh_CN") != short  # worded in Chinese, not left in English


def test_the_cost_chart_says_when_its_basis_is_not_the_rankings(qtbot):
    """The window's cost chart is on the ranking's basis, the TCO, wherever the chosen card has one
    (persona #20: on cloud rent a dot below the chosen card read as a cheaper answer); on cloud rent
    (a card with a rent but no purchase price) it tells, where it is hovered, that the ranking is by TCO."""
    from configurator.app.cost_chart import CostScatter
    from configurator.core.analysis import analyse
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario

    catalog = load_catalog()
    chart = CostScatter()
    qtbot.addWidget(chart)
    serving = Scenario(model=preset("llama3-8b"), workload="inference", card_id="h100-sxm", count=1)
    analysis = analyse(serving, catalog)
    chart.update_from(analysis)
    basis = next(p.basis for p in analysis.catalog_points)
    assert basis == "tco" and "The ranking" not in chart.toolTip()  # the ranking's own figure: nothing to warn of
    assert chart.toolTip().startswith("Cost per million tokens — total cost of ownership")  # the axis in full
    rented = analyse(serving.model_copy(update={"card_id": "mi325x"}), catalog)  # rent only (the B300 till prices47)
    chart.update_from(rented)
    basis = next(p.basis for p in rented.catalog_points)
    assert basis == "cloud" and "The ranking" in chart.toolTip()
