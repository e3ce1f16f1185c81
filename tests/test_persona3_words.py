"""Session 25 persona findings (/tmp/persona3/findings.md): one table of bill-of-materials item
names for the summary and the window; the wording a buyer would not sign."""

from __future__ import annotations

import json
from pathlib import Path

from configurator.core.view.bom_names import ITEMS, item_label
from configurator.core.view.words import Words

ROOT = Path(__file__).resolve().parents[1]


def _cjk(text: str) -> bool:
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def test_every_priced_item_has_one_short_name_in_both_languages():
    """The price file's items are named once (core/view/bom_names.py), in English and Chinese."""
    items = json.loads((ROOT / "resources" / "procurement_prices.json").read_text(encoding="utf-8"))["items"]
    ids = list(items) if isinstance(items, dict) else [item["id"] for item in items]
    for item_id in ids:
        assert item_id in ITEMS, item_id
        english, chinese = item_label(item_id, Words("en")), item_label(item_id, Words("zh_CN"))
        assert "{" not in english and "{" not in chinese, item_id
        assert _cjk(chinese) or chinese != english, item_id
    assert item_label("server-pcie-4", Words("en")) == "4-slot PCIe GPU server (no GPUs)"
    assert item_label("no-such-item", Words("en")) is None


def test_the_summary_and_the_window_read_the_same_names(qapp):
    """The BOM panel's item names are the summary's (they were two tables with different words)."""
    from configurator.app.bom_panel import item_names
    from configurator.report.language import item_name

    class Line:
        kind, role, unit_price, source, name = "server", "", 1.0, "x", "long description"

        def __init__(self, item_id):
            self.item_id = item_id

    names = item_names()
    for item_id in ITEMS:
        assert names[item_id] == item_name(Line(item_id), Words("en")), item_id
