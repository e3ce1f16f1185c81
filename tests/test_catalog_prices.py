"""Data checks on the bundled prices (issue 25, parts 2, 3, 7 and 8).

Every price is sourced, dated, of a known kind and carries a confidence; a ranking never takes a
list or launch price where the data holds a recent street price or quote; the cards a buyer in
mainland China weighs have a price or say where none was found; cloud prices name who rents the
card and on what terms. The checks read the bundled catalog only — a user's own cards and quotes
are validated elsewhere.
"""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.economics import converted, price_basis
from configurator.core.resources import bundled_path
from configurator.core.scenario import Economics
from configurator.core.procurement.card_price import price_entry, purchase_entry, used_purchase_price

PURCHASE_KINDS = {"street", "quote", "list", "launch"}
CHINA_CARDS = ("h20", "l20", "l2", "a800-sxm", "ascend-910b", "ascend-910c", "mlu370-x8", "br100", "br104",
               "mtt-s3000", "mtt-s4000", "mtt-s5000", "mi355x", "b300", "rtx-6000d", "rtx-4090d", "rtx-5090d-v2")
"""The China-market cards of issue 25, part 3 (Cambricon MLU590 and the Hygon DCUs are unlisted)."""
RECENT_MONTHS = 18


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


@pytest.fixture(scope="module")
def raw():
    return json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))


def _months(date: str) -> int:
    year, month = (date.split("-") + ["12"])[:2]
    return int(year) * 12 + int(month)


def test_every_bundled_price_has_kind_source_date_and_confidence(raw):
    for card in raw["cards"]:
        for price in card.get("prices", []):
            assert price.get("kind") in PURCHASE_KINDS | {"cloud-hourly"}, (card["id"], price)  # no 'msrp' left
            assert price.get("source", "").strip() and price.get("date"), (card["id"], price)
            assert price.get("confidence") in ("high", "medium", "low"), (card["id"], price)
            assert price.get("currency"), (card["id"], price)
            if "amount_high" in price:
                assert price["amount_high"] >= price["amount"], (card["id"], price)


def test_a_ranking_never_prices_a_card_at_list_or_launch_beside_a_recent_street_price(catalog):
    """Where the data has a street price or quote from the last 18 months before the catalog date,
    the purchase price a ranking uses is one of those, never a list or launch price."""
    economics = Economics(currency="USD", usd_to_currency=1.0)
    now = _months(catalog.date[:7])
    checked = 0
    for card in catalog.cards:
        recent = [p for p in card.prices if p.kind in ("street", "quote") and now - _months(p.date) <= RECENT_MONTHS
                  and converted(p, economics) is not None and p.condition == "new"]
        if not recent:
            continue
        basis = price_basis(card, economics, None)
        assert basis.card_price in {converted(p, economics) for p in recent}, (
            card.id, basis.card_price)
        assert purchase_entry(card).kind in ("street", "quote"), card.id
        checked += 1
    assert checked >= 20  # L40S, RTX 4090/5090, H100, H200, B200 … (not the used RTX A6000, RTX 3090, V100)


@pytest.mark.parametrize("card_id", CHINA_CARDS)
def test_china_cards_have_a_purchase_price_or_say_why_not(catalog, card_id):
    card = catalog.get(card_id)
    purchase = [p for p in card.prices if p.kind in PURCHASE_KINDS]
    assert purchase or (card.price_note and card.price_note.strip()), card_id
    for price in purchase:
        assert price.confidence in ("low", "medium"), (card_id, price)  # press reports, not a seller's list


def test_cloud_only_chips_carry_rent_or_a_note_and_no_purchase_price(catalog):
    for card_id in ("tpu-v5e", "tpu-v6e", "tpu-v7", "trainium2"):
        card = catalog.get(card_id)
        assert not [p for p in card.prices if p.kind in PURCHASE_KINDS], card_id
        assert price_entry(card, "cloud-hourly") or card.price_note, card_id
    assert price_entry(catalog.get("tpu-v6e"), "cloud-hourly").amount == 2.7


def test_cloud_prices_name_provider_and_tier_and_skip_the_reseller_table(catalog):
    """Issue 25, part 2: a median of providers beats one reseller's table, and the 'RunPod on-demand'
    table copied from deploybase (40-77 % above RunPod's own rates) is gone."""
    for card in catalog.cards:
        for price in card.prices:
            if price.kind != "cloud-hourly":
                continue
            assert price.provider and price.tier, (card.id, price.source)
            assert "deploybase" not in price.source, (card.id, price.source)
    mi300x = price_entry(catalog.get("mi300x"), "cloud-hourly")
    assert mi300x.amount_high is None and "median" in (mi300x.provider + (mi300x.note or "")).lower()


def test_issue_25_street_prices_replace_list_prices(catalog):
    price = purchase_entry(catalog.get("l40s"))
    # since 2026-12-06 (prices48b) the newest street price: Geizhals' 17 German/Austrian offers, 2026-09, VAT out
    assert (price.kind, price.amount, price.amount_high, price.currency) == ("street", 7873, 9084, "EUR")
    assert any(p.kind == "street" and (p.amount, p.amount_high) == (7500, 10000) for p in catalog.get("l40s").prices)
    # their used-card figures (6,800, 5,000) had no address: removed 2026-12-04; since 2026-12-06 (street46)
    # each ranks on a dated marketplace buy-box price (a public tracker's Amazon record, rated low), at about a
    # fifth of the server vendors' list price, which stays beside it as a list price
    for card_id, amount in (("l40", 5729.0), ("a40", 5509.0)):
        card = catalog.get(card_id)
        chosen = purchase_entry(card)
        assert (chosen.kind, chosen.amount, chosen.confidence) == ("street", amount, "low"), card_id
        assert "gpu-price-tracker" in chosen.source and "amazon.com" in chosen.source, card_id
        assert any(p.kind == "list" and p.amount > 4 * chosen.amount_high for p in card.prices), card_id
        assert card.price_note is None, card_id
    # a used card's street price is no purchase price (session 35): the V100 ranks on its new card's list
    # price, the used-market figure said beside it; the RTX 3090 on a 2025-08 marketplace offer (street46),
    # its used-market figure still said as a used card's
    for card_id, kind in (("rtx-3090", "street"), ("v100-sxm-16gb", "list")):
        assert purchase_entry(catalog.get(card_id)).kind == kind, card_id
        assert used_purchase_price(catalog.get(card_id)).entry.amount_high <= 1000, card_id  # used, under 1k
    kinds = {p.kind for p in catalog.get("l40s").prices}
    assert {"street", "list"} <= kinds  # the 41,254 OEM list price stays, as a list price


def test_new_cards_and_unlisted_parts_of_issue_25(catalog):
    for card_id in ("rtx-5090d", "rtx-5090d-v2", "rtx-4090d", "tpu-v6e", "tpu-v7", "trainium2"):
        card = catalog.get(card_id)
        assert card.sources and card.software and card.export_control, card_id
    assert catalog.get("rtx-4090d").export_control.china == "permitted"  # TPP 4,707 < 4,800 by design
    for name in ("MI308X", "H20E", "HL-338"):
        assert "not listed" in catalog.explain_unknown(name), name


def test_software_rules_of_issue_25(catalog, raw):
    assert catalog.get("mi250x").software.support("sglang") == "none"  # SGLang kernels build for gfx942/gfx950
    for card_id in ("h20", "h800-sxm", "a30", "a800-sxm"):
        assert catalog.get(card_id).software.support("tensorrt-llm") == "supported", card_id
    assert catalog.get("rtx-5090").software.support("tensorrt-llm") == "partial"  # SM120 not named
    assert catalog.get("mlu370-x8").software.support("vllm") == "supported"  # vllm-mlu: MLU370 and newer
    assert catalog.get("ascend-950pr").software.support("vllm") == "partial"  # vllm-ascend does not name it
    assert catalog.get("mtt-s4000").software.support("vllm") == "partial"  # vllm_musa: an unlisted fork
    assert "software.plugins" in raw["units"] and "software.tensorrt-llm" in raw["units"]


def test_the_china_market_cards_priced_in_session_22(catalog):
    """The fourth price search: the MTT S4000 is bought at a CNY street range, the Ascend 950PR at
    a relayed CNY report; the L20, BI-V100 and MTT S5000 are only rented (CNY per card-hour, a named
    provider and tier) and still say why they have no purchase price; the China Telecom Cloud
    'MLU370' rate (an MLU370-S4's) is not on the MLU370-X8. Every one is rated low."""
    s4000 = purchase_entry(catalog.get("mtt-s4000"))
    assert (s4000.currency, s4000.kind, s4000.confidence) == ("CNY", "street", "low")
    assert s4000.amount < s4000.amount_high
    ascend = purchase_entry(catalog.get("ascend-950pr"))
    assert (ascend.currency, ascend.kind, ascend.confidence) == ("CNY", "street", "low")
    for card_id in ("l20", "bi-v100", "mtt-s5000"):
        card = catalog.get(card_id)
        rent = price_entry(card, "cloud-hourly")
        assert rent.currency == "CNY" and rent.provider and rent.tier and rent.confidence == "low", card_id
        if card_id == "l20":  # since 2026-12-06 (prices46b): a reseller's listing outside China, rated low
            bought = purchase_entry(card)
            assert (bought.currency, bought.kind, bought.confidence) == ("USD", "street", "low")
            assert card.price_note is None
            continue
        assert purchase_entry(card) is None and "Fourth pass" in (card.price_note or ""), card_id
    assert price_entry(catalog.get("mlu370-x8"), "cloud-hourly") is None
    for card_id in ("mtt-s4000", "ascend-950pr", "mi350x"):  # priced: no "no price found" note left
        assert catalog.get(card_id).price_note is None, card_id
