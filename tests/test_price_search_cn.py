"""The sixth price search for the cards a buyer in mainland China weighs (session 39, prices9).

No citable purchase price was found for the L20, L2, A2, A16, MLU370-X8, BR100/BR104, MTT S3000/S5000,
PPU or MI250X: each stays unpriced for purchase and its price note says what was searched on
2026-12-05, in English and in Chinese. The Ascend 910C's unit value gains a better-sourced report
(the Wall Street Journal's 2024-08 order value, as Tom's Hardware relayed it) that agrees with the
2025 figure the ranking keeps, and the Atlas A3 server gains a CNY rent (an SMM market sample of
8-card machine rents, per card-hour). The 910B keeps its 2024-01 street price: no newer one was found.
"""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.procurement.card_price import price_entry, purchase_entry
from configurator.core.resources import bundled_path
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import write

STILL_UNPRICED = ("l2", "a2", "a16-gpu", "mlu370-x8", "br100", "br104", "mtt-s3000", "mtt-s5000", "ppu-zhenwu")
"""The L20 and MI250X left this list on 2026-12-06 (prices46b): Epoch AI's hardware price database gives a
reseller's L20 listing and an analyst's MI250X launch estimate, each rated low."""
PURCHASE_KINDS = ("street", "quote", "list", "launch")


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


@pytest.mark.parametrize("card_id", STILL_UNPRICED)
def test_a_card_without_a_citable_price_stays_unpriced_and_says_what_was_searched(catalog, card_id):
    card = catalog.get(card_id)
    assert not [p for p in card.prices if p.kind in PURCHASE_KINDS], card_id
    assert "Sixth pass 2026-12-05" in card.price_note
    assert "中标" in card.price_note  # the Chinese search words are named, as searched
    chinese = " ".join(write(row.value, "zh_CN") for section in card_view(card).sections for row in section.rows
                       if row.key == "price_note")
    assert "第六轮" in chinese and "仍无注明日期的购买价" in chinese


@pytest.mark.parametrize("card_id", ["ascend-910c", "ascend-910c-a3-server"])
def test_the_910c_unit_value_has_a_second_report_that_agrees(catalog, card_id):
    card = catalog.get(card_id)
    chosen = purchase_entry(card)
    assert (chosen.amount, chosen.date, chosen.currency) == (28000, "2025", "USD")  # the ranking's figure is unchanged
    wsj = [p for p in card.prices if p.date == "2024-08"]
    assert len(wsj) == 1 and wsj[0].kind == "street" and wsj[0].confidence == "low"
    assert "tomshardware.com" in wsj[0].source and "70,000" in wsj[0].source
    assert abs(wsj[0].amount - 2e9 / 70_000) < 100  # USD 2 billion for 70,000 chips
    assert abs(wsj[0].amount / chosen.amount - 1) < 0.05


def test_the_atlas_a3_server_rents_at_a_named_cny_monthly_machine_rate(catalog):
    rent = price_entry(catalog.get("ascend-910c-a3-server"), "cloud-hourly")
    assert (rent.currency, rent.confidence, rent.market) == ("CNY", "low", "cn")
    assert "SMM" in rent.provider and "8-card machine" in rent.tier
    assert rent.amount == pytest.approx(62_000 / 8 / 720, abs=0.01)  # CNY a month for 8 cards, per card-hour
    assert price_entry(catalog.get("ascend-910c"), "cloud-hourly") is None  # a CloudMatrix 384 is not an 8-card rent


def test_the_910b_keeps_its_dated_street_price_and_says_the_search_found_nothing_newer(catalog):
    chosen = purchase_entry(catalog.get("ascend-910b"))
    assert (chosen.amount, chosen.currency, chosen.date, chosen.kind) == (120000, "CNY", "2024-01", "street")
    assert "Sixth pass 2026-12-05: still no newer purchase price" in chosen.note


def test_the_hgx_host_estimate_agrees_with_chinese_server_less_card_prices():
    """Reuters' H20 figures (a server of 8 cards less its 8 cards, 2024-01 and 2024-05) land inside the
    host item's range, the stand-in the Atlas 800T A2 and A3 servers also take."""
    items = json.loads(bundled_path("resources/procurement_prices.json").read_text(encoding="utf-8"))["items"]
    host = items["server-hgx-8"]
    cny_per_usd = 7.1
    lows_highs = [(1_100_000 - 8 * 100_000) / cny_per_usd, (1_400_000 - 8 * 110_000) / cny_per_usd]
    assert all(host["price_low"] <= usd <= host["price_high"] for usd in lows_highs)
    assert "China cross-check" in host["note"]
