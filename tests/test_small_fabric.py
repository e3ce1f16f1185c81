"""Right-sized fabrics of small clusters (session 37, smallfabric): two servers cabled back to back
with no scale-out switch (InfiniBand with its subnet manager on a host), a 32 × 100 GbE storage pair
where it holds every port, and the 64-port NDR switch kept from three servers on (no smaller NDR
switch exists)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.procurement.bom import (
    STORAGE_FABRIC_SWITCH,
    STORAGE_SWITCH_SIZES,
    bill_of_materials,
    storage_endpoints,
)
from configurator.core.procurement.prices import bundled_price_book, price_book_for
from configurator.core.procurement.switches import back_to_back, back_to_back_cables, smallest_switch
from configurator.core.scenario import Scenario, Workload


def _bill(card_id: str, count: int, workload=Workload.PRETRAIN, model: str = "llama3-70b"):
    s = Scenario(model=preset(model), workload=workload, card_id=card_id, count=count)
    return bill_of_materials(s, load_catalog().get(card_id), price_book_for(s.economics))


def _quantity(bom, item_id: str) -> float:
    return sum(line.quantity for line in bom.lines if line.item_id == item_id)


def test_two_hosts_are_cabled_back_to_back_and_three_need_a_switch():
    assert back_to_back(2)
    assert not back_to_back(1) and not back_to_back(3) and not back_to_back(128)
    assert back_to_back_cables(8, 400.0, 400.0) == 8  # one 400 Gb/s NIC a GPU: 8 rails
    assert back_to_back_cables(8, 200.0, 400.0) == 8  # a 200 GbE port is still its own cable
    assert back_to_back_cables(8, 800.0, 400.0) == 16  # an 800 Gb/s port: two 400 Gb/s links


def test_sixteen_h100_pretraining_buys_no_infiniband_switch():
    """Two HGX servers: 8 cables, one a rail, no 64-port NDR switch (USD 36,000, 16 links of USD 1,300
    until December 2026); the bill says the subnet manager runs on a server, in both languages."""
    bom = _bill("h100-sxm", 16)
    assert bom.servers == 2
    assert not [line for line in bom.lines if line.role in ("leaf", "spine", "core")]
    assert _quantity(bom, "switch-ib-ndr-64") == 0
    assert _quantity(bom, "link-400g") == 8 and _quantity(bom, "nic-400g") == 16
    said = next(note for note in bom.notes if note.id == "scale-out-back-to-back-ib")
    assert said.params == {"servers": 2, "links": 8}
    english, chinese = said.text_in("en"), said.text_in("zh_CN")
    assert "back to back" in english and "OpenSM" in english and "8 cables" in english
    assert "背靠背" in chinese and "OpenSM" in chinese and "8 根线缆" in chinese


def test_two_ethernet_servers_need_no_subnet_manager():
    bom = _bill("ascend-910b", 16, workload=Workload.FINETUNE, model="qwen2.5-32b")
    ids = [note.id for note in bom.notes]
    assert "scale-out-back-to-back" in ids and "scale-out-back-to-back-ib" not in ids
    assert "OpenSM" not in next(n for n in bom.notes if n.id == "scale-out-back-to-back").text_in("en")


@pytest.mark.parametrize("count", [24, 32, 64])
def test_three_to_eight_hgx_servers_keep_one_ndr_switch(count):
    """NVIDIA's smallest NDR switch is the 64-port QM9700/QM9790: 24 to 64 ports take one, no spine."""
    bom = _bill("h100-sxm", count)
    assert _quantity(bom, "switch-ib-ndr-64") == 1
    assert [line.role for line in bom.lines if line.item_id == "switch-ib-ndr-64"] == ["leaf"]
    assert _quantity(bom, "link-400g") == count and not [n for n in bom.notes if n.id.startswith("scale-out-back")]


def test_the_storage_pair_is_the_smallest_switch_that_holds_its_ports():
    book = bundled_price_book()
    choices = STORAGE_SWITCH_SIZES[STORAGE_FABRIC_SWITCH]
    assert storage_endpoints(8, 100.0) == 20  # 8 servers and 2 storage servers, 2 ports each
    assert smallest_switch(book, choices, storage_endpoints(8, 100.0)) == ("switch-storage-eth-32", 32)
    assert smallest_switch(book, choices, storage_endpoints(14, 100.0)) == ("switch-storage-eth-32", 32)
    assert smallest_switch(book, choices, storage_endpoints(15, 100.0)) == ("switch-storage-eth", 64)
    item = book.item("switch-storage-eth-32")
    assert item.ports == 32 and item.rack_units == 1 and item.unit_price == 9843  # a dated quote (2026-09), session 38
    assert item.source and "SN3700C" in item.name and item.date == "2026-09" and item.confidence == "estimate"


@pytest.mark.parametrize(("count", "small"), [(32, True), (64, True), (128, False)])
def test_the_storage_pair_follows_the_port_count(count, small):
    """4 and 8 HGX servers: a pair of 32 × 100 GbE (USD 19,686; 28,000 until session 38, 76,000 before);
    16 servers (36 ports): the 64-port pair as before."""
    bom = _bill("h100-sxm", count)
    assert _quantity(bom, "switch-storage-eth-32") == (2 if small else 0)
    assert _quantity(bom, "switch-storage-eth") == (0 if small else 2)


def test_serving_on_two_servers_buys_the_small_front_end_pair():
    bom = _bill("h100-sxm", 16, workload=Workload.INFERENCE)
    assert bom.servers == 2 and _quantity(bom, "switch-storage-eth-32") == 2
