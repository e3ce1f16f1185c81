"""One cost basis for ownership: the recommendation ranks on the total cost of ownership of the
whole bill of materials per unit of work — the figure the summary prints — and "price decides"
varies that figure; the labels name it (cards, servers, network, power, support, over N years)."""

from __future__ import annotations

import pytest

from configurator import cli
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.deployment import deployment_cost, work_over_years
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.scenario import Scenario, updated
from configurator.core.view.ranking_view import ranking_columns
from configurator.core.view.rows import write
from configurator.report.summary import build_summary, ranked_options


def _scenario(*argv: str) -> Scenario:
    args = cli.build_parser().parse_args(["recommend", *argv])
    return cli.with_constraints(cli.scenario_from_args(args, load_catalog()), args)


CHINA_500 = ("--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "500", "--region", "cn",
             "--currency", "CNY")
"""The 500-user Qwen2.5-72B chat delivered to mainland China, without a budget (main ranked 128 × V100
32 GB first on its cards and electricity, 4.05 CNY per million tokens)."""

PRETRAIN_7B = ("--workload", "pretrain", "--model", "llama2-7b", "--tokens", "1T", "--seq", "4096", "--recipe",
               "megatron-mixed", "--deadline", "30d")


@pytest.fixture(scope="module")
def china() -> tuple[Scenario, object]:
    s = _scenario(*CHINA_500)
    return s, recommend(s, load_catalog(), Objective.TCO, limit=6)


def test_the_ranking_score_is_the_deployments_tco_per_unit(china):
    _, result = china
    assert result.ranked
    for rec in result.ranked:
        cost = deployment_cost(rec.estimate)
        assert cost.bom.complete and rec.score == pytest.approx(cost.ranked_per_unit, rel=1e-12)
        assert rec.score == pytest.approx(cost.ownership.tco / work_over_years(rec.estimate), rel=1e-12)
        assert rec.ownership_per_unit == rec.score


def test_the_summary_and_the_ranking_name_the_same_winner_at_the_same_figure(china, catalog):
    scenario, result = china
    best = result.ranked[0]
    mine, priced, _ = ranked_options(best.estimate, catalog, result=result)
    assert mine.score == pytest.approx(best.score, rel=1e-12)
    assert all(o.score >= mine.score for o in priced)
    ranked = {(r.card.id, r.count): r.score for r in result.ranked}
    for option in priced:
        key = (option.estimate.card.id, option.estimate.scenario.count)
        assert option.score == pytest.approx(ranked[key], rel=1e-12)
    summary = build_summary(best.estimate, catalog)
    alternatives = next(t for t in summary.tables if t.key == "alternatives")
    assert alternatives.rows[0][1].endswith("(your choice)") and alternatives.rows[0][0] == "1"


def test_price_decides_varies_the_tco_per_unit_exactly(catalog):
    """The slope in the card price is the TCO's: re-costing with the card 10 % dearer moves the
    figure by the slope times the change."""
    result = recommend(_scenario(*PRETRAIN_7B), catalog, Objective.TCO, limit=4)
    for rec in result.ranked:
        cost = deployment_cost(rec.estimate)
        price = rec.estimate.costs.prices.card_price
        if price is None:
            continue
        dearer = updated(rec.estimate.scenario, economics={"card_price": price * 1.1})
        again = deployment_cost(estimate(dearer, rec.card))
        assert again.ranked_per_unit - cost.ranked_per_unit == pytest.approx(
            cost.per_unit_per_card_price * price * 0.1, rel=1e-9)
    decision = result.price_decides
    assert decision is not None and decision.winner is not None


def test_a_bill_with_an_unpriced_line_is_ranked_after_every_complete_one(catalog):
    """The CloudMatrix 384 supernode has a card price but no price for its rack-scale system: a TCO
    without it would favour the card, so it ranks on its priced part after every complete total, saying what
    the total excludes (desk47, the one rule for a partial total: until December 2026 it was listed 'no price
    for … — enter a quote', not ranked, while a bill without its workstations ranked first)."""
    s = _scenario("--workload", "pretrain", "--model", "llama2-7b", "--tokens", "1T", "--deadline", "30d")
    result = recommend(s, catalog, Objective.TCO, limit=40)
    assert "ascend-910c" in result.ranked_after and "ascend-910c" not in {r.card.id for r in result.unpriced}
    order = [r.card.id for r in result.considered]
    complete = [i for i, card in enumerate(order) if card not in result.ranked_after]
    cm384 = next(r for r in result.considered if r.card.id == "ascend-910c")
    assert order.index("ascend-910c") > max(complete)
    excluded = next(m for m in cm384.reasons if m.id.startswith("total-excludes"))
    assert "rack-cloudmatrix-384" in excluded.text and "报价项" in excluded.text_in("zh_CN")


def test_a_system_priced_whole_is_ranked_at_its_system_price(catalog):
    result = recommend(_scenario(*PRETRAIN_7B), catalog, Objective.TCO, limit=40)
    from configurator.core.recommend_json import result_to_dict

    entry = next((e for e in result_to_dict(result)["ranked"] if e["card"]["id"] == "gb200"), None)
    assert entry is not None and entry["price"]["kind"] == "system" and entry["price"]["system_price"] > 0
    rows = ranking_columns(result).rows
    gb200 = next(r for r in rows if r[2].startswith("GB200"))
    assert "USD, system 20" in write(gb200[6]) and "整机价格" in write(gb200[6], "zh_CN")


def test_the_ranking_names_its_basis_with_the_years(china):
    _, result = china
    heading = ranking_columns(result).headings[5]
    assert write(heading) == ("Cost per million tokens — total cost of ownership: cards, servers, network, power, "
                              "support — over 4 years")
    assert write(heading, "zh_CN") == "每百万词元成本——总拥有成本：加速卡、服务器、网络、电力、维保——4 年"
    five = updated(result.ranked[0].estimate.scenario, economics={"amortisation_years": 5})
    again = recommend(five, load_catalog(), Objective.TCO, limit=1)
    assert "over 5 years" in write(ranking_columns(again).headings[5])


def test_owned_cards_are_not_bought(catalog):
    """Cards already owned are left out of the capex the budget checks and of the TCO, and so are the
    whole servers they fill (8 H100 SXM come on one baseboard): the other servers are still bought."""
    base = Scenario(model=preset("llama3-70b"), workload="inference", card_id="h100-sxm", count=16,
                    constraints={"budget": 100_000})
    card = catalog.get("h100-sxm")
    owned = updated(base, economics={"owned_cards": 8})
    full, part = (bill_of_materials(s, card, price_book_for(s.economics)) for s in (base, owned))
    price = estimate(base, card).costs.prices.card_price
    server = next(line for line in full.lines if line.kind == "server").unit_price
    assert full.capex - part.capex == pytest.approx(8 * price + server, rel=1e-9)
    assert part.cards_owned == 8 and part.servers_owned == 1 and part.servers == full.servers == 2
    budget = next(v for v in estimate(owned, card).verdicts if v.id == "budget")
    assert budget.actual == pytest.approx(part.capex)
    result = recommend(updated(base, constraints={"budget": None}), catalog, Objective.TCO,
                       Filters(owned_card="h100-sxm", owned_count=8, vendors=("NVIDIA",)), limit=30)
    h100 = next(r for r in result.ranked if r.card.id == "h100-sxm")
    assert h100.estimate.scenario.economics.owned_cards == 8
    assert all(r.estimate.scenario.economics.owned_cards == 0 for r in result.ranked if r.card.id != "h100-sxm")


def test_the_fastest_ranking_says_what_each_costs_not_its_speed_twice(catalog):
    """Ranked by speed, the table's number column once repeated the speed column ('Time for the token
    budget' twice); it shows the total cost of ownership per unit of work, the figure the TCO
    ranking would sort by, so that the fastest answer is never read without its cost."""
    result = recommend(_scenario(*PRETRAIN_7B), catalog, Objective.FASTEST, limit=40)
    table = ranking_columns(result)
    assert write(table.headings[5]) == ("Cost per million tokens — total cost of ownership: cards, servers, network, "
                                        "power, support — over 4 years, if the cards train at this pace all 4 years")
    assert write(table.headings[4]) != write(table.headings[5])
    priced = [(rec, row) for rec, row in zip(result.ranked, table.rows) if rec.ownership_per_unit is not None]
    assert priced
    for rec, row in priced:
        assert row[5].value == rec.ownership_per_unit and row[5].unit == rec.estimate.costs.currency
