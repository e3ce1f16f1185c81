"""The purchase price a ranking uses is the surest current one of its kind class, not the newest
(:mod:`configurator.core.procurement.card_price`'s policy, session 48): a newer, less sure price is named
on the ranked price's row and listed on the card's page, never silently dropped."""

from __future__ import annotations

import json
from datetime import date

import pytest

from configurator.core.catalog import Card, load_bundled_catalog
from configurator.core.procurement import card_price
from configurator.core.procurement.card_price import (
    NEWER_LESS_SURE,
    PURCHASE_KIND_CLASS,
    is_stale,
    is_user,
    price_range,
    price_to_dict,
    purchase_price,
    spread,
    stale_before,
)
from configurator.core.resources import bundled_path
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import write

TODAY = date(2026, 12, 1)


def price(kind: str, amount: float, day: str, confidence: str | None = "medium", **more) -> dict:
    return {"amount": amount, "currency": "USD", "date": day, "kind": kind, "source": f"https://shop-{day}.example/x",
            "confidence": confidence, **more}


def card_with(*prices: dict) -> Card:
    raw = json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))
    base = next(c for c in raw["cards"] if c["id"] == "h100-pcie")
    return Card.model_validate({**base, "id": "test-card", "prices": list(prices)})


def test_a_current_medium_price_beats_a_newer_low_one_and_names_it():
    card = card_with(price("street", 39238, "2026-09", "low"), price("street", 25250, "2025-07"))
    chosen = purchase_price(card, TODAY)
    assert (chosen.entry.amount, chosen.entry.date, chosen.entry.confidence) == (25250, "2025-07", "medium")
    assert chosen.flag_ids == (NEWER_LESS_SURE,)
    assert chosen.flags[0].text == "a newer but less sure price: 39,238 USD (shop-2026-09.example, 2026-09)"
    assert chosen.flags[0].text_in("zh_CN") == "另有较新但可信度较低的价格：39,238 USD（shop-2026-09.example，2026-09）"
    assert chosen.range() == pytest.approx((25250 * 0.8, 25250 * 1.2))  # the ranked price's own range, unchanged
    said = price_to_dict(chosen)
    assert said["confidence"] == "medium" and said["flags"] == [NEWER_LESS_SURE]


def test_the_card_page_still_lists_the_less_sure_price_and_the_ranked_row_names_it():
    card = card_with(price("street", 39238, "2026-09", "low"), price("street", 25250, "2025-11"))
    rows = [row for section in card_view(card).sections for row in section.rows]
    ranked = next(row for row in rows if row.key == "price.ranked")
    assert "25,250" in write(ranked.value) and "39,238 USD" in write(ranked.note)
    assert "较新但可信度较低" in write(ranked.note, "zh_CN")
    listed = [write(row.value) for row in rows if row.key == "price.street"]
    assert any("39,238" in text for text in listed) and any("25,250" in text for text in listed)


def test_a_current_low_price_still_beats_a_stale_surer_one_without_the_flag():
    card = card_with(price("street", 39238, "2026-09", "low"), price("street", 25250, "2024-01"))
    chosen = purchase_price(card, TODAY)
    assert chosen.entry.amount == 39238 and chosen.flag_ids == ()


def test_among_prices_equally_sure_the_newer_wins_and_nothing_is_flagged():
    card = card_with(price("street", 30000, "2026-09", "low"), price("street", 25000, "2025-07", "low"))
    assert (purchase_price(card, TODAY).entry.amount, purchase_price(card, TODAY).flag_ids) == (30000, ())
    quoted = card_with(price("street", 8000, "2026-03"), price("quote", 7600, "2026-03"))
    assert purchase_price(quoted, TODAY).kind == "quote"  # a quote before a street price of its date, as before


def test_kind_class_and_the_users_own_price_still_come_before_confidence():
    listed = card_with(price("list", 30000, "2026-10"), price("street", 8000, "2026-03", "low"))
    assert purchase_price(listed, TODAY).kind == "street"  # a low street price before a medium list price
    mine = card_with(price("street", 8000, "2026-09"), price("street", 7500, "2026-06", None, origin="user"))
    chosen = purchase_price(mine, TODAY)
    assert chosen.user and chosen.entry.amount == 7500 and chosen.flag_ids == ("price-user",)


def test_a_seller_price_beats_a_newer_dated_report_and_an_unrated_price_counts_as_one():
    card = card_with(price("street", 20000, "2026-10"), price("street", 21000, "2026-01", "high"))
    chosen = purchase_price(card, TODAY)
    assert chosen.entry.confidence == "high" and chosen.flag_ids == (NEWER_LESS_SURE,)
    unrated = card_with(price("street", 20000, "2026-10", None), price("street", 21000, "2026-01"))
    assert purchase_price(unrated, TODAY).entry.amount == 20000  # no rating: as a dated report (CONFIDENCE_SPREAD)


def test_no_bundled_card_is_ranked_at_a_less_sure_price_than_a_current_one_of_its_class():
    cutoff = stale_before(TODAY)
    for card in load_bundled_catalog().cards:
        chosen = card_price.purchase_price(card, TODAY)
        if chosen is None or chosen.user:
            continue
        rivals = [p for p in card.prices if p.kind in PURCHASE_KIND_CLASS and p.condition == "new"
                  and not is_user(p) and not is_stale(p, cutoff=cutoff)
                  and PURCHASE_KIND_CLASS[p.kind] == PURCHASE_KIND_CLASS[chosen.entry.kind]]
        assert all(spread(p) >= spread(chosen.entry) for p in rivals), card.id
        assert price_range(chosen.entry) == chosen.range()
