"""A user's card priced only at a used card's price, written to the user's catalog overlay: the setup of
tests/test_used_prices.py and tests/test_used_opt_in.py (no bundled card has only a used price)."""

from __future__ import annotations

import json

from configurator.core.catalog import default_overlay_path
from configurator.core.resources import bundled_path


def used_only_card() -> str:
    """The RTX A6000's figures and its used price row only (2,800 USD), as the user's card
    ``a6000-used-mine`` in the overlay; its id."""
    cards = json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))["cards"]
    raw = next(c for c in cards if c["id"] == "rtx-a6000")
    raw = {**raw, "id": "a6000-used-mine", "name": "RTX A6000 used",
           "prices": [p for p in raw["prices"] if p.get("condition") == "used"]}
    default_overlay_path().parent.mkdir(parents=True, exist_ok=True)
    default_overlay_path().write_text(json.dumps({"cards": [raw]}), encoding="utf-8")
    return raw["id"]


VDI_CN = ["--workload", "vdi", "--users", "500", "--region", "cn"]
"""500 virtual desktops delivered to mainland China: the question where used prices came up."""
