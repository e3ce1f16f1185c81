"""Every catalog price names an address a buyer can open (session 25): the thirteen prices that cited a
'Datacenter GPU MSRP Verification' note without an address now cite the pages the note named; the two
used-card figures the note alone carried (L40 USD 6,800, A40 USD 5,000) are gone, their cards keep
their list prices and say why."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"https?://|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|ai|gov|cn|co)\b", re.IGNORECASE)


def _prices():
    doc = json.loads((ROOT / "catalog.json").read_text(encoding="utf-8"))
    return [(card["id"], price) for card in doc["cards"] for price in card.get("prices", [])]


def test_no_price_rests_on_the_unaddressed_note():
    assert [card for card, price in _prices() if "MSRP Verification" in price["source"]] == []


def test_every_purchase_price_names_an_address():
    missing = [(card, price["amount"]) for card, price in _prices()
               if price["kind"] != "cloud-hourly" and not ADDRESS.search(price["source"])]
    assert missing == []
