"""Buyer-facing defects of the bill of materials found in session 22: the unpriced rack line in
English in the Chinese summary, which rack a card is bought as written in code, storage switches
with no storage behind them, the vGPU licence of a passed-through card, and the energy of a job
paced to its deadline."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.estimate import estimate
from configurator.core.graphics import vgpu_licence
from configurator.core.messages import msg
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import bundled_price_book, parse_price_book, price_book_for
from configurator.core.procurement.servers import UNPRICED_RACK, rack_item, server_type
from configurator.core.procurement.tco import paced_idle_share
from configurator.core.recommend import Objective
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Workload, updated
from configurator.core.view.card_names import card_name
from configurator.report.language import Words
from configurator.report.summary import configuration_text
from configurator.report.summary_money import ranked_option
from configurator.report.summary_bill import tco_table


def _pretrain(card_id: str, count: int, **training) -> Scenario:
    return Scenario(model=preset("llama3-70b"), workload="pretrain", card_id=card_id, count=count,
                    auto_layout=LAYOUT_FIELDS, training={"tokens": 2e12, **training})


def _vdi(card_id: str, count: int, users: int = 500, profile: float = 2) -> Scenario:
    s = Scenario(model=preset("llama3-8b"), workload=Workload.VDI, card_id=card_id, count=count)
    return updated(s, graphics={"users": users, "profile_gib": profile})


# ---- 1. the unpriced rack line, said in the reader's language ------------------------------------


@pytest.mark.parametrize(("card_id", "count", "gpus"), [("ascend-910c", 384, 384), ("vera-rubin", 144, 72)])
def test_the_unpriced_rack_line_is_one_message_in_both_languages(catalog, card_id, count, gpus):
    """The CloudMatrix 384 / Vera Rubin rack line was named by an English f-string, so the
    Chinese summary's "no price for …" read "Rack-scale system of 384 …" (session 22)."""
    card = catalog.get(card_id)
    cost = deployment_cost(estimate(_pretrain(card_id, count), card))
    rack = next(line for line in cost.bom.lines if line.role == "system")
    item = rack.item_id  # the system's own item (since December 2026), which a quote prices
    assert rack.said == msg("rack-system-of", gpus=gpus, card=card.name, item=item)
    assert rack.name == f"Rack-scale system of {gpus} {card.name} (quote item {item})"
    assert msg("rack-system-of-in-sentence", gpus=gpus, card=card.name, item=item) in cost.missing_prices
    reason = msg("no-price-items", card=card.name, items=cost.missing_prices)
    chinese = reason.text_in("zh_CN")
    said = cjk_joined(f"{card_name(card.name, 'zh_CN')} 机柜级系统（{gpus} 张卡，报价项 {item}）", "zh_CN")
    assert "Rack-scale" not in chinese and said in chinese  # the card by its Chinese name (session 25)
    # inside the sentence a common noun in lower case (persona48: "The total excludes Rack-scale system of …")
    assert f"rack-scale system of {gpus} {card.name} (quote item {item})" in reason.text
    assert isinstance(reason.to_dict()["params"]["items"][-1], dict)  # JSON keeps the message


# ---- 2. which rack a rack-scale card is bought as: the price file says -------------------------


def test_the_price_file_names_the_cards_of_each_rack(catalog):
    book = bundled_price_book()
    named = {item.item_id: item.for_cards for item in book.items.values() if item.for_cards and item.kind == "rack"}
    assert named == {"rack-nvl72": ("gb200",), "rack-gb300-nvl72": ("gb300",),
                     "rack-cloudmatrix-384": ("ascend-910c",), "rack-vera-rubin-nvl72": ("vera-rubin",)}
    for item_id, cards in named.items():
        assert book.item(item_id).kind == "rack" and book.item(item_id).includes_accelerators
        for card_id in cards:
            assert rack_item(catalog.get(card_id)) == item_id
            assert server_type(catalog.get(card_id), 4, 72).item_id == item_id
    for card in catalog.cards:  # every rack-scale card of the catalog has its own, quotable item
        assert rack_item(card) != UNPRICED_RACK or not server_type(card, 8, 8).rack_scale, card.id


def test_for_cards_is_read_only_as_a_list_of_ids():
    doc = {"items": {"r": {"kind": "rack", "for_cards": "gb200"},
                     "s": {"kind": "rack", "for_cards": ["gb200", 7]}}}
    book = parse_price_book(doc, "test")
    assert book.item("r").for_cards == () and book.item("s").for_cards == ("gb200",)


# ---- 3. storage networking only with storage ---------------------------------------------------


def test_virtual_desktops_buy_no_100g_storage_fabric(catalog):
    """500 desktops over 6 servers bought a pair of 64-port storage switches (USD 76,000 of the
    bill) with no storage line behind them. Since session 40 the desktops' disks are bought
    (tests/test_vdi_storage.py) and reached over the 25 GbE front-end pair, not the 100 GbE fabric."""
    s = _vdi("rtx-a6000", 21)
    bom = bill_of_materials(s, catalog.get("rtx-a6000"), price_book_for(s.economics))
    assert bom.servers > 1
    ids = [line.item_id for line in bom.lines]
    assert "storage-nvme-per-tb" in ids and "switch-storage-eth" not in ids and "switch-storage-eth-25g" in ids
    assert "switch-mgmt-48" in ids  # the servers are still managed


def test_a_training_cluster_still_buys_its_storage_and_its_network(catalog):
    s = _pretrain("h100-sxm", 256)
    bom = bill_of_materials(s, catalog.get("h100-sxm"), price_book_for(s.economics))
    ids = [line.item_id for line in bom.lines]
    assert "storage-nvme-per-tb" in ids and "switch-storage-eth" in ids


# ---- 4. the vGPU licence of a passed-through card ----------------------------------------------


@pytest.mark.parametrize(("card_id", "profile", "licence"), [
    ("l40s", 2, "software-vgpu-vpc"),  # vGPU B-series profile: Virtual PC
    ("l40s", 4, "software-vgpu"),  # Q-series: RTX vWS
    ("h100-pcie", 2, "software-vgpu"),  # passed through: vWS, vPC is not offered in pass-through
    ("l20", 2, "software-vgpu"),  # vGPU support not verified: counted passed through
    ("rtx-4090", 2, None),  # GeForce: no vGPU software, the ordinary driver
    ("mi300x", 2, None),  # another vendor's card: no NVIDIA licence
])
def test_the_vgpu_licence_follows_the_card_and_the_desktop(catalog, card_id, profile, licence):
    """NVIDIA Virtual GPU Client Licensing User Guide (release 16), 'NVIDIA vGPU Software Licensed
    Products': GPU pass-through for professional graphics needs RTX vWS (software-enforced), and
    "vPC is not available on GPUs running in pass-through mode" (NVIDIA Control Panel help, 'About
    NVIDIA vGPU Software Licensing'): a passed-through NVIDIA card is licensed, as vWS."""
    card = catalog.get(card_id)
    s = _vdi(card_id, 4, users=100, profile=profile)
    assert vgpu_licence(s, card) == licence
    bom = bill_of_materials(s, card, price_book_for(s.economics))
    software = [(line.item_id, line.quantity) for line in bom.lines if line.kind == "software"]
    assert software == ([(licence, 100)] if licence else [])
    est = estimate(s, card)
    assert ("vgpu-licence-in-bill" in [m.id for m in est.messages]) == (licence is not None)


# ---- 5. a job paced to its deadline: idle hours counted at load, and said --------------------


def test_paced_idle_share():
    assert paced_idle_share(600.0, 720.0) == pytest.approx(1 - 600 / 720)
    assert paced_idle_share(800.0, 720.0) == 0.0 and paced_idle_share(600.0, None) == 0.0
    assert paced_idle_share(None, 720.0) == 0.0


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_tco_note_says_idle_hours_are_counted_at_load(catalog, language):
    """A job done before its deadline is costed at the pace asked (session 22) while its energy
    counts every hour of the utilisation at load: the note says so, as an upper bound."""
    s = updated(_pretrain("h100-sxm", 512), constraints={"deadline_hours": 90 * 24})
    est = estimate(s, catalog.get("h100-sxm"))
    assert est.hours < 90 * 24
    w = Words(language)
    note = tco_table(est, ranked_option(est, Objective.TCO, price_book_for(s.economics)), w).note
    expected = "no idle power on file" if language == "en" else "无空闲功耗数据"
    assert expected in note and f"{est.hours / 24:,.1f}" in note
    unpaced = estimate(updated(s, constraints={"deadline_hours": None}), catalog.get("h100-sxm"))
    note = tco_table(unpaced, ranked_option(unpaced, Objective.TCO, price_book_for(s.economics)), w).note
    assert expected not in note


# ---- seen on the way: the Vera Rubin summary's spares and units -------------------------------


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_rack_scale_bill_claims_no_spare_servers_and_counts_racks(catalog, language):
    """144 × Vera Rubin read "in 2 servers (72 cards each; 1 of them spare)" and its unpriced rack
    line "2 unit": the goodput's spare is not bought for a rack-scale system (the bill adds none),
    and a rack the price file does not list is counted by the rack."""
    est = estimate(_pretrain("vera-rubin", 144), catalog.get("vera-rubin"))
    cost = deployment_cost(est)
    assert cost.bom.goodput is not None and cost.bom.spare_servers == 0
    text = configuration_text(est, cost, Words(language))
    assert "spare" not in text and "备用" not in text
    rack = next(line for line in cost.bom.lines if line.role == "system")
    assert rack.unit == "per rack"


def test_spare_servers_are_those_the_bill_buys(catalog):
    s = _pretrain("h100-sxm", 1024)
    bom = bill_of_materials(s, catalog.get("h100-sxm"), price_book_for(s.economics))
    assert bom.spare_servers == bom.goodput.spare_servers > 0
