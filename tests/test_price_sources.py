"""Prices a buyer can cite: no price rests on a chat or AI-generated page alone, and the B200-class
server (the host of an 8-GPU baseboard, its GPUs excluded) is priced, so the cards bought in it are ranked."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.procurement.servers import server_type

ROOT = Path(__file__).resolve().parents[1]
MACHINE_WRITTEN = re.compile(r"claude\.ai|chatgpt\.com|chat\.openai\.com|perplexity\.ai|gemini\.google\.com"
                             r"|grok\.com|poe\.com", re.IGNORECASE)
"""Addresses of chat assistants' shared pages: user-generated, machine-written text, not a price source."""


def _catalog_prices():
    doc = json.loads((ROOT / "catalog.json").read_text(encoding="utf-8"))
    return [(card["id"], price) for card in doc["cards"] for price in card.get("prices", [])]


@pytest.mark.parametrize(("card_id", "price"), _catalog_prices(), ids=lambda v: v if isinstance(v, str) else "")
def test_no_price_cites_a_chat_page(card_id, price):
    assert not MACHINE_WRITTEN.search(price["source"]), f"{card_id}: {price['source'][:80]}"


def test_no_procurement_item_cites_a_chat_page():
    doc = json.loads((ROOT / "resources" / "procurement_prices.json").read_text(encoding="utf-8"))
    for item_id, item in doc["items"].items():
        assert not MACHINE_WRITTEN.search(item["source"]), item_id


def test_the_v100_32gb_is_bought_at_a_dated_marketplace_range_not_the_chat_page_s():
    """Session 35 (cnprices): the 32 GB module's purchase price is one marketplace listing's buy-box
    range as a public price tracker recorded it (2025-07/08), rated low, with the listing's address,
    marked used (the lead: a Volta module offered in 2025 is not a new card, so it is information, not
    a ranked purchase price); the 'no price found' note is gone with the price it explained. Since
    2026-12-06 (prices46b) a new module is ranked at Microway's 2018 single-unit list price, as Epoch AI's
    hardware price database records it, rated low and older than 18 months."""
    card = load_bundled_catalog().get("v100-sxm-32gb")
    bought = [p for p in card.prices if p.kind != "cloud-hourly"]
    assert [(p.currency, p.kind, p.confidence, p.date) for p in bought] == [
        ("USD", "street", "low", "2025-08"), ("USD", "list", "low", "2018-03")]
    assert bought[0].amount < bought[0].amount_high and "amazon.com" in bought[0].source
    assert bought[0].condition == "used" and bought[1].condition == "new"
    assert bought[1].amount == 11458 and "microway.com" in bought[1].source and "epoch-research" in bought[1].source
    assert card.price_note is None


def test_the_b200_class_server_is_priced_without_its_gpus():
    item = bundled_price_book().item("server-hgx-8-b200")
    assert item.unit_price is not None and not item.includes_accelerators
    hgx = bundled_price_book().item("server-hgx-8")
    assert item.unit_price == hgx.unit_price  # the same host, per the DGX B200 and DGX H100/H200 user guides


@pytest.mark.parametrize("card_id", ["b200", "mi350x", "mi355x"])  # GH200: its own nodes (tests/test_grace_nodes.py)
def test_cards_bought_in_it_have_every_bill_line_priced(card_id):
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario

    catalog = load_bundled_catalog()
    card = catalog.get(card_id)
    assert server_type(card, 8, 8).item_id == "server-hgx-8-b200"
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card_id, count=8)
    assert bill_of_materials(scenario, card, bundled_price_book()).unpriced == ()
