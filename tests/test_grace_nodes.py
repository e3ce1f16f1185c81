"""GH200 superchips are bought in the nodes they are sold in, 1, 2 (NVL2) or 4 a node, with no
x86 host (the Grace CPU is on the superchip: NVIDIA MLPerf Inference v4.1 "GH200 NVL2 Platform"
system descriptions, 1 and 2 superchips a node, host processor "NVIDIA Grace CPU"; HPE Cray
EX254n nodes of 4), not in an 8-way x86 HGX server; the GB200 stays a rack-scale NVL72 system.
Which node houses a card is the price file's (``for_cards`` and ``gpus`` of a server item), not
a rule on the card id."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.architecture import preset
from configurator.core.economics import host_watts
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import PriceBook, bundled_price_book
from configurator.core.procurement.servers import server_type, servers_needed
from configurator.core.scenario import Scenario

GH200 = ("gh200-96gb", "gh200-144gb")


def _serving(card_id: str, count: int, per_node: int) -> Scenario:
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card_id, count=count)
    return scenario.model_copy(update={"parallelism": scenario.parallelism.model_copy(
        update={"cards_per_node": per_node})})


@pytest.mark.parametrize("card_id", GH200)
@pytest.mark.parametrize(("per_node", "count", "item", "places", "nodes"), [
    (1, 3, "server-gh200-1", 1, 3), (2, 6, "server-gh200-nvl2", 2, 3), (4, 8, "server-gh200-4", 4, 2),
    (8, 8, "server-gh200-4", 4, 2), (3, 9, "server-gh200-4", 4, 3), (8, 1, "server-gh200-1", 1, 1)])
def test_a_superchip_is_housed_in_the_smallest_node_that_holds_a_servers_share(
        catalog, card_id, per_node, count, item, places, nodes):
    card = catalog.get(card_id)
    kind = server_type(card, per_node, count)
    assert (kind.item_id, kind.gpus, kind.rack_scale) == (item, places, False)
    assert servers_needed(card, per_node, count) == nodes


def test_the_node_items_name_their_cards_and_places_and_leave_the_superchip_to_the_card_price(catalog):
    nodes = {i.item_id: i for i in bundled_price_book().items.values()
             if i.kind == "server" and set(i.for_cards) & set(GH200)}  # the MI250X's node: tests/test_mi250x_node.py
    assert sorted(i.gpus for i in nodes.values()) == [1, 2, 4]
    for item in nodes.values():
        assert not item.includes_accelerators and all(catalog.get(c) for c in item.for_cards)
        assert item.unit_price is None and "searched" in item.note  # none published: the buyer quotes it
        assert "x86" not in item.name.replace("no x86 host", "")


def test_the_gb200_is_still_a_rack_scale_system(catalog):
    kind = server_type(catalog.get("gb200"), 4, 72)
    assert kind.rack_scale and kind.item_id == "rack-nvl72" and kind.gpus == 72


@pytest.mark.parametrize("card_id", GH200)
def test_the_bill_counts_no_x86_host_and_names_the_node_to_quote(catalog, card_id):
    card = catalog.get(card_id)
    scenario = _serving(card_id, 8, 2)
    book = bundled_price_book()
    bom = bill_of_materials(scenario, card, book)
    servers = [line for line in bom.lines if line.kind == "server"]
    assert [(line.item_id, line.quantity, line.unit_price) for line in servers] == [("server-gh200-nvl2", 4, None)]
    node = book.item("server-gh200-nvl2")
    assert host_watts(card, scenario, book) == node.power_w  # the node's own power, not an HGX host's 4.6-6.3 kW
    assert bom.it_kw == pytest.approx((8 * card.tdp_w + 4 * node.power_w) / 1000)
    quoted = PriceBook({**book.items, node.item_id: replace(node, unit_price=9000.0)}, book.rates, book.price_date,
                       (node.item_id,))
    priced = bill_of_materials(scenario, card, quoted)
    assert priced.complete and [line.total for line in priced.lines if line.kind == "server"] == [36000.0]


@pytest.mark.parametrize("item_id", ["server-gh200-1", "server-gh200-nvl2", "server-gh200-4"])
def test_the_summary_names_each_node_in_english_and_chinese(item_id):
    from configurator.report.language import ITEM_LABELS, Words, item_name

    line = type("Line", (), {"item_id": item_id, "kind": "server", "role": "", "name": "x", "unit_price": None,
                             "source": ""})()
    assert item_name(line, Words("en")) == ITEM_LABELS[item_id]
    assert any("\u4e00" <= c <= "\u9fff" for c in item_name(line, Words("zh_CN")))
