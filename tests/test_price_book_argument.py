"""The price book is an argument of the power, goodput and budget checks (issue 26: no hidden
price state): a book passed in is the one used, and leaving it out means the scenario's own
(``price_book_for(scenario.economics)``: the bundled book with the scenario's quotes). The ranking
takes one too (``recommend(..., book=)``)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from golden_scenarios import GOLDEN

from configurator.core.constraints import check
from configurator.core.estimate import estimate
from configurator.core.economics import deployment_power, host_watts, node_power_kw
from configurator.core.procurement.goodput import deployment_goodput
from configurator.core.procurement.prices import bundled_price_book, price_book_for
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_json import recommendation_to_dict, result_to_dict
from configurator.core.procurement.servers import server_type, servers_needed
from configurator.core.scenario import updated
from configurator.core.graphics import host_cards_per_server


def _book_with(server_id: str, power_w: float, failure_rate: float | None = None):
    book = bundled_price_book()
    items = {**book.items, server_id: replace(book.items[server_id], power_w=power_w)}
    rates = dict(book.rates)
    if failure_rate is not None:
        rates["gpu_failure_rate_per_gpu_hour"] = replace(rates["gpu_failure_rate_per_gpu_hour"], value=failure_rate)
    return replace(book, items=items, rates=rates)


def test_server_power_comes_from_the_book_passed_in(catalog):
    scenario = GOLDEN["vdi-200-users-l40s"]
    card = catalog.get(scenario.card_id)
    kind = server_type(card, host_cards_per_server(scenario, card), scenario.count)  # desktops: as a host carries them
    book = _book_with(kind.item_id, 4321.0)
    assert host_watts(card, scenario, book) == 4321.0
    assert host_watts(card, scenario) == host_watts(card, scenario, price_book_for(scenario.economics)) != 4321.0
    assert deployment_power(card, scenario, book).facility_watts > deployment_power(card, scenario).facility_watts
    assert node_power_kw(card, scenario, book) > node_power_kw(card, scenario)


def test_goodput_reads_the_failure_rate_of_the_book_passed_in(catalog):
    scenario = GOLDEN["pretrain-70b-1024xh100"]
    card = catalog.get(scenario.card_id)
    kind = server_type(card, scenario.parallelism.cards_per_node, scenario.count)
    fragile = _book_with(kind.item_id, kind.gpus * 100.0, failure_rate=1e-3)
    assert deployment_goodput(scenario, card, fragile).fraction < deployment_goodput(scenario, card).fraction


def test_the_budget_is_checked_against_the_bill_priced_from_the_book_passed_in(catalog):
    scenario = updated(GOLDEN["vdi-200-users-l40s"], constraints={"budget": 1.0})
    card = catalog.get(scenario.card_id)
    costs = estimate(scenario, card).costs
    kind = server_type(card, host_cards_per_server(scenario, card), scenario.count)
    book = bundled_price_book()
    server = book.items[kind.item_id]
    dearer = replace(book, items={**book.items, kind.item_id: replace(server, unit_price=server.unit_price + 1e5)})
    (bundled,) = check(scenario, card, costs=costs, power=None, book=book)
    (priced,) = check(scenario, card, costs=costs, power=None, book=dearer)
    assert bundled.id == "budget" and bundled.met is False
    servers = servers_needed(card, host_cards_per_server(scenario, card), scenario.count)
    assert priced.actual - bundled.actual == pytest.approx(servers * 1e5 * scenario.economics.usd_to_currency)


def test_the_ranking_prices_every_bill_from_the_book_passed_in(catalog):
    """``recommend(..., book=)``: the TCO ranked, the JSON's bills and the price-decides analysis
    all read the book passed in (read once, kept on the result), not the scenario's own."""
    scenario = GOLDEN["vdi-200-users-l40s"]
    card = catalog.get(scenario.card_id)

    def of(result):
        return next(r for r in result.considered if r.card.id == card.id)

    plain = recommend(scenario, catalog, Objective.TCO)
    ranked = of(plain).estimate.scenario  # the count and servers the ranking chose for the card
    kind = server_type(card, ranked.parallelism.cards_per_node, ranked.count)
    book = bundled_price_book()
    server = book.items[kind.item_id]
    dearer = replace(book, items={**book.items, kind.item_id: replace(server, unit_price=server.unit_price + 1e5)})
    costly = recommend(scenario, catalog, Objective.TCO, book=dearer)
    assert plain.book is price_book_for(scenario.economics) and costly.book is dearer
    assert of(costly).ownership_per_unit > of(plain).ownership_per_unit
    entries = {json_entry["card"]["id"]: json_entry for json_entry in result_to_dict(costly)["ranked"]}
    plain_entries = {json_entry["card"]["id"]: json_entry for json_entry in result_to_dict(plain)["ranked"]}
    assert entries[card.id]["bom"]["capex"] > plain_entries[card.id]["bom"]["capex"]
    assert recommendation_to_dict(of(costly), 1, dearer)["bom"]["capex"] > \
        recommendation_to_dict(of(plain), 1)["bom"]["capex"]


@pytest.mark.parametrize("name", ["vdi-200-users-l40s", "pretrain-8b-1xh100", "serve-70b-8xh100"])
def test_each_family_powers_its_servers_from_the_book_of_its_basis(name, catalog):
    """A family's estimate reads the price book once, into the basis of its count sweep, and powers
    its servers and checks its budget from that book (not the scenario's own)."""
    from configurator.core.workloads import family_of
    from configurator.core.workloads.graphics.estimate import estimate_graphics, graphics_basis
    from configurator.core.workloads.serving.estimate import estimate_serving, serving_basis
    from configurator.core.workloads.training.estimate import estimate_training, training_basis

    scenario = estimate(GOLDEN[name], catalog.get(GOLDEN[name].card_id)).scenario  # the planned layout
    card = catalog.get(scenario.card_id)
    kind = server_type(card, host_cards_per_server(scenario, card), scenario.count)
    book = _book_with(kind.item_id, 4321.0 * kind.gpus)
    if scenario.workload.is_graphics:
        family = family_of(scenario.workload)
        plain = estimate_graphics(scenario, card, graphics_basis(scenario, card), family)
        own = estimate_graphics(scenario, card, graphics_basis(scenario, card, book), family)
    elif scenario.workload.is_training:
        plain = estimate_training(scenario, card, training_basis(scenario, card))
        own = estimate_training(scenario, card, training_basis(scenario, card, book))
    else:
        plain = estimate_serving(scenario, card, serving_basis(scenario, card))
        own = estimate_serving(scenario, card, serving_basis(scenario, card, book))
    assert own.power.facility_watts > plain.power.facility_watts
    assert own.power.facility_watts == deployment_power(card, scenario, book).facility_watts
