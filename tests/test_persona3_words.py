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


def _buyer_a():
    """Persona A: a 70B chatbot for 200 users, delivered to China, 3,000,000 CNY capex; the closest
    configuration (16 × Ascend 910B) is over the budget, and some cards meeting every constraint
    are unranked (no price; the Ascend 910C server: no board power)."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.currency import dated_rate
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario

    catalog = load_catalog()
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="ascend-910b", count=16,
                        serving={"use": "chat", "concurrency": 200},
                        constraints={"region": "cn", "budget": 3_000_000.0},
                        economics={"currency": "CNY", "usd_to_currency": dated_rate("CNY").per_usd})
    return estimate(scenario, catalog.get("ascend-910b")), catalog


def test_no_fit_page_one_does_not_say_none_meets_and_then_that_some_do():
    """#2: "No other card's configuration meets every constraint set either." was followed by
    "4 other cards that meet every constraint are not ranked"; it now speaks of the rankable ones."""
    from configurator.report.summary import build_summary

    chosen, catalog = _buyer_a()
    for language, said, unsaid in (
            ("en", "No other card that can be ranked meets every constraint set either.",
             "No other card's configuration"),
            ("zh_CN", "也没有其他可参与排名的卡能满足所设的全部约束。", "也没有其他卡的配置")):
        text = build_summary(chosen, catalog, language).recommendation
        assert said in text and unsaid not in text, text
