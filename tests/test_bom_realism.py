"""The bill of materials as a buyer would sign it: storage switches only where shared storage
needs them, with enough ports; the vGPU licence the desktops' use needs (vPC or RTX vWS)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.procurement.bom import (
    FRONT_END_SWITCH,
    STORAGE_FABRIC_SWITCH,
    STORAGE_NODE_TB,
    STORAGE_SWITCH_SIZES,
    bill_of_materials,
    fat_tree_switches,
    storage_quantity_tb,
    storage_switch_item,
    storage_switches,
)
from configurator.core.procurement.prices import price_book_for
from configurator.core.procurement.servers import server_type
from configurator.core.scenario import Scenario, Workload, updated


def _lines(bom, item_id):
    return [line for line in bom.lines if line.item_id == item_id]


def test_one_server_has_no_storage_switch():
    """One server's storage is its own drives: no storage switch (a training job still buys them)."""
    s = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm", count=8)
    bom = bill_of_materials(s, load_catalog().get("h100-sxm"), price_book_for(s.economics))
    assert bom.servers == 1
    assert _lines(bom, "storage-nvme-per-tb") and not _lines(bom, "switch-storage-eth")
    assert storage_switches(1, 50.0, 64) == 0


def test_serving_replicas_on_several_servers_reach_their_storage_through_a_switch_pair():
    """Several serving servers share the weights' storage: a redundant switch pair (before: the
    storage was bought and no switch reached it) — of 25 GbE on PCIe servers without a scale-out
    fabric (their in-band NICs; the weights load once), not the 64 × 100 GbE training fabric's."""
    s = Scenario(model=preset("llama3-8b"), workload=Workload.INFERENCE, card_id="l40s", count=32)
    bom = bill_of_materials(s, load_catalog().get("l40s"), price_book_for(s.economics))
    assert bom.servers > 1
    assert _lines(bom, "storage-nvme-per-tb")
    assert sum(line.quantity for line in _lines(bom, FRONT_END_SWITCH)) == 2
    assert not _lines(bom, STORAGE_FABRIC_SWITCH)


def test_a_small_pcie_serving_cluster_buys_a_25_gbe_pair_not_the_100_gbe_fabric():
    """16 × A10 serving Llama 3 8B on two servers: two 48 × 25 GbE switches at 12,000 USD (a cited
    list estimate), not two 64 × 100 GbE switches at 38,000 (76,000 of 211,600 USD until December
    2026); every server's two in-band ports and the storage nodes' have a port."""
    s = Scenario(model=preset("llama3-8b"), workload=Workload.INFERENCE, card_id="a10", count=16)
    book = price_book_for(s.economics)
    bom = bill_of_materials(s, load_catalog().get("a10"), book)
    assert bom.servers == 2
    pair = _lines(bom, FRONT_END_SWITCH)
    assert [line.quantity for line in pair] == [2] and pair[0].unit_price == pytest.approx(12000)
    assert pair[0].source and pair[0].date and pair[0].confidence
    assert not _lines(bom, STORAGE_FABRIC_SWITCH)
    assert book.item(FRONT_END_SWITCH).ports >= bom.servers * 2 + 2 * 2


@pytest.mark.parametrize(("workload", "card", "count", "model"), [
    ("pretrain", "l40s", 32, "llama3-8b"),  # a training job on PCIe servers: checkpoints and data
    ("inference", "h100-sxm", 16, "llama3-8b"),  # baseboard servers: 100 GbE in-band NICs
    ("inference", "h200-sxm", 16, "deepseek-v3"),  # a model across servers: a scale-out fabric
])
def test_training_fabric_and_baseboard_servers_keep_the_100_gbe_storage_pair(workload, card, count, model):
    s = Scenario(model=preset(model), workload=workload, card_id=card, count=count)
    bom = bill_of_materials(s, load_catalog().get(card), price_book_for(s.economics))
    assert bom.servers > 1
    hundred_gbe = [item_id for item_id, _ in STORAGE_SWITCH_SIZES[STORAGE_FABRIC_SWITCH]]  # 32 or 64 ports
    assert sum(line.quantity for line in bom.lines if line.item_id in hundred_gbe) >= 2
    assert not _lines(bom, FRONT_END_SWITCH)


@pytest.mark.parametrize(("card", "per_node", "count", "item"), [
    ("l40s", 8, 16, "server-pcie-8"), ("l4", 8, 16, "server-slim-2u-8"), ("a10", 4, 8, "server-fhfl-2u-4"),
    ("t4", 1, 4, "server-pcie-1"),
])
def test_the_storage_switch_follows_the_job_the_fabric_and_the_servers(card, per_node, count, item):
    """The housing decides it (server_type's general-purpose flag), not the item's name."""
    pcie = server_type(load_catalog().get(card), per_node, count)
    assert pcie.item_id == item and pcie.general_purpose
    assert storage_switch_item(False, False, pcie) == FRONT_END_SWITCH
    assert storage_switch_item(True, False, pcie) == STORAGE_FABRIC_SWITCH
    assert storage_switch_item(False, True, pcie) == STORAGE_FABRIC_SWITCH


@pytest.mark.parametrize(("card", "count"), [("h100-sxm", 16), ("mi250x", 8), ("gh200-144gb", 4), ("gb200", 72)])
def test_baseboards_nodes_and_racks_keep_the_100_gbe_storage_switch(card, count):
    kind = server_type(load_catalog().get(card), 8, count)
    assert not kind.general_purpose
    assert storage_switch_item(False, False, kind) == STORAGE_FABRIC_SWITCH


@pytest.mark.parametrize("servers", [2, 30, 31, 60, 128, 512])
def test_storage_switches_have_a_port_for_every_server_and_storage_node(servers):
    """Every GPU server (2 ports) and storage node (2 ports, at least 2 nodes) gets a port on
    64-port switches in a non-blocking tree; the old rule max(2, servers / 32) left 64 servers
    with no port for the storage itself."""
    n = storage_switches(servers, 100.0, 64)
    endpoints = servers * 2 + 2 * 2
    assert n >= 2 and n == max(2, sum(fat_tree_switches(endpoints, 64)))
    leaves = fat_tree_switches(endpoints, 64)[0]
    assert leaves * (64 if len(fat_tree_switches(endpoints, 64)) == 1 else 32) >= endpoints


def test_more_storage_means_more_storage_nodes_and_ports():
    few, many = storage_switches(31, 100.0, 64), storage_switches(31, 40 * STORAGE_NODE_TB, 64)
    assert many > few


@pytest.mark.parametrize(("profile", "licence", "per_user"), [(1, "software-vgpu-vpc", 50), (2, "software-vgpu-vpc", 50),
                                                             (4, "software-vgpu", 250), (8, "software-vgpu", 250)])
def test_the_vgpu_licence_follows_the_desktops_use(profile, licence, per_user):
    """Office desktops (B-series profiles, 1–2 GB) need NVIDIA Virtual PC at 50 USD per user-year;
    larger profiles are workstations and need RTX vWS at 250 (before: vWS for every desktop)."""
    s = Scenario(model=preset("llama3-8b"), workload=Workload.VDI, card_id="l40s", count=4)
    s = updated(s, graphics={"profile_gib": profile, "users": 100})
    bom = bill_of_materials(s, load_catalog().get("l40s"), price_book_for(s.economics))
    software = [line for line in bom.lines if line.kind == "software"]
    assert [line.item_id for line in software] == [licence]
    assert software[0].quantity == 100 and software[0].unit_price == pytest.approx(per_user)


@pytest.mark.parametrize(("terabytes", "bought"), [(0.032, 0.1), (0.01, 0.1), (2.684, 2.7), (123.41, 123.4)])
def test_the_storage_line_buys_at_least_a_tenth_of_a_tb(terabytes, bought):
    """A few GB of weights were listed as '0.0 TB' at no cost: at least 0.1 TB, else to a tenth."""
    assert storage_quantity_tb(terabytes) == pytest.approx(bought)


def test_a_small_serving_bill_lists_its_storage_with_a_quantity_and_a_price():
    s = Scenario(model=preset("llama3-8b"), workload=Workload.INFERENCE, card_id="a10", count=16)
    bom = bill_of_materials(s, load_catalog().get("a10"), price_book_for(s.economics))
    storage = _lines(bom, "storage-nvme-per-tb")
    assert storage and storage[0].quantity == pytest.approx(0.1) and storage[0].total > 0


@pytest.mark.parametrize(("workload", "card", "count", "graphics"), [
    ("transcode", "l4", 50, {"streams": 200, "resolution": "2160p"}),  # 7 servers of 8 L4
    ("render", "l40s", 16, {"frames": 2000}),
])
def test_several_graphics_servers_buy_the_front_end_pair_without_storage(workload, card, count, graphics):
    """Streams and render jobs come in and go out over the network: several servers buy the 25 GbE
    pair a serving bill buys (before: only the out-of-band management switch), with no storage
    behind it and no port for storage servers."""
    s = Scenario(model=preset("llama3-8b"), workload=workload, card_id=card, count=count, graphics=graphics)
    book = price_book_for(s.economics)
    bom = bill_of_materials(s, load_catalog().get(card), book)
    assert bom.servers > 1
    assert not _lines(bom, "storage-nvme-per-tb")
    assert [line.quantity for line in _lines(bom, FRONT_END_SWITCH)] == [2]
    assert _lines(bom, "switch-mgmt-48")


def test_one_transcoding_server_buys_no_front_end_pair():
    s = Scenario(model=preset("llama3-8b"), workload="transcode", card_id="l4", count=4, graphics={"streams": 16})
    bom = bill_of_materials(s, load_catalog().get("l4"), price_book_for(s.economics))
    assert bom.servers == 1
    assert not _lines(bom, FRONT_END_SWITCH) and not _lines(bom, "switch-mgmt-48")
