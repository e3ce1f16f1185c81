"""A Chinese buyer's Ascend 910B: its server is the Atlas 800T A2, an item of its own marked as an
estimate at the HGX host's figures (no Huawei price or power was found), and a ranking by rent says
"rented", not "bought", in the region line and the whole-servers reason (session 35)."""

from __future__ import annotations

from datetime import date

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import bundled_price_book, price_book_for
from configurator.core.procurement.servers import host_power_w, server_type, whole_servers_reason
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_card import rank_card
from configurator.core.scenario import Scenario
from configurator.report.summary import build_summary

ATLAS = "server-atlas-800t-a2"


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _question(card_id: str = "ascend-910b", count: int = 8) -> Scenario:
    """The persona's question: Qwen2.5 72B to 100 users, delivered to mainland China, in CNY."""
    return Scenario.model_validate({
        "workload": "inference", "model": preset("qwen2.5-72b").model_dump(), "card_id": card_id, "count": count,
        "serving": {"concurrency": 100}, "economics": {"currency": "CNY", "usd_to_currency": 7.0197},
        "constraints": {"region": "cn"}})


def test_the_910b_is_bought_in_its_atlas_server_marked_as_an_estimate(catalog):
    card, book = catalog.get("ascend-910b"), bundled_price_book()
    kind = server_type(card, 8, 8)
    assert (kind.item_id, kind.gpus, kind.cards_each, kind.rack_scale) == (ATLAS, 8, 8, False)
    item = book.item(ATLAS)
    assert item.confidence == "estimate" and "ESTIMATE" in item.name and "server-hgx-8" in item.name
    assert "Kunpeng 920" in item.name and item.rack_units == 4
    assert "searched 2026-12" in item.source and "DaoCloud" in item.source
    hgx = book.item("server-hgx-8")  # the stand-in's figures, said as such
    assert (item.unit_price, item.power_w) == (hgx.unit_price, hgx.power_w)
    assert host_power_w(card, 8, 8, book) == 4600
    assert server_type(catalog.get("h100-sxm"), 8, 8).item_id == "server-hgx-8"  # NVIDIA rows unchanged


def test_the_bill_names_the_atlas_server_not_the_hgx_host(catalog):
    scenario = _question()
    bom = bill_of_materials(scenario, catalog.get("ascend-910b"), price_book_for(scenario.economics))
    servers = [line for line in bom.lines if line.kind == "server"]
    assert [line.item_id for line in servers] == [ATLAS]
    assert servers[0].confidence == "estimate" and "Atlas 800T A2" in servers[0].name


def test_whole_servers_follow_the_basis(catalog):
    card = catalog.get("ascend-910b")
    bought, rented = whole_servers_reason(card, 8), whole_servers_reason(card, 8, rented=True)
    assert "bought in whole servers" in bought.text and "按整台服务器购买" in bought.text_in("zh_CN")
    assert rented.text == "Ascend 910B modules come 8 to a server, on its baseboard: rented in whole servers, 8 cards"
    assert "按整台服务器租用" in rented.text_in("zh_CN") and "购买" not in rented.text_in("zh_CN")


def test_ranked_by_rent_the_910b_rows_say_rented_not_bought(catalog):
    result = recommend(_question(), catalog, Objective.CLOUD)
    row = next(r for r in result.ranked if r.card.id == "ascend-910b")
    ids = [m.id for m in row.reasons]
    assert "whole-servers-rented" in ids and "whole-servers" not in ids
    region = next(v for v in row.estimate.verdicts if v.id == "region")
    assert region.met and region.message.id == "region-domestic-rented"
    zh = region.message.text_in("zh_CN")
    assert "租用" in zh and "购买" not in zh and "云擎天下" in zh and "不构成法律意见" in zh
    assert "rented in mainland China" in region.message.text
    summary = build_summary(row.estimate, catalog, "zh_CN", today=date(2026, 12, 5))
    said = repr(summary)  # the export line and the region row of the constraints table
    assert "在中国境内购买" not in said and said.count("在中国境内向云擎天下") == 2


def test_ranked_by_cost_of_ownership_the_910b_is_still_bought(catalog):
    one = rank_card(_question(), catalog.get("ascend-910b"), Objective.TCO)
    rec = one.ranked or one.below_line or one.unpriced
    region = next(v for v in rec.estimate.verdicts if v.id == "region")
    assert region.message.id == "region-domestic" and "在中国境内购买" in region.message.text_in("zh_CN")


def test_the_910c_server_form_is_bought_in_its_atlas_a3_item_marked_as_an_estimate(catalog):
    card, book = catalog.get("ascend-910c-a3-server"), bundled_price_book()
    assert server_type(card, 8, 8).item_id == "server-atlas-800-a3"
    item = book.item("server-atlas-800-a3")
    assert item.confidence == "estimate" and "ESTIMATE" in item.name and "dl_affinity_0040" in item.source


def test_the_bill_says_the_domestic_servers_are_estimated_in_both_languages():
    from configurator.core.view.bom_names import item_label
    from configurator.core.view.words import Words

    for item_id in ("server-atlas-800t-a2", "server-atlas-800-a3"):
        assert "estimated as an HGX host's" in item_label(item_id, Words("en"))
        assert "按 HGX 主机估算" in item_label(item_id, Words("zh_CN"))
