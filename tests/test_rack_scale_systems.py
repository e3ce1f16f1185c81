"""Rack-scale systems a buyer can quote, sized as they are built (session 23): Huawei's
CloudMatrix 384 and NVIDIA's Vera Rubin NVL72 have their own items in the price file, without a
price; a quote for the item prices the whole system (its accelerators included, not counted
twice), completing the capex and the TCO; the CloudMatrix 384 stands in 16 racks and draws its
published 559 kW.

Until December 2026 their bill line was ``rack-system``, an item the price file did not list, so a
quote for it was refused as an unknown item and the TCO could not be completed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import bundled_price_book, price_book_for, quote_problems
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = [("ascend-910c", 384, "rack-cloudmatrix-384", 384), ("vera-rubin", 144, "rack-vera-rubin-nvl72", 72)]


def _serving(card_id: str, count: int, quotes=()) -> Scenario:
    s = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card_id, count=count,
                 auto_layout=LAYOUT_FIELDS)
    rows = [dict(zip(("item", "unit_price", "currency", "date", "vendor"), q, strict=True)) for q in quotes]
    return updated(s, economics={"currency": "CNY", "usd_to_currency": 7.0, "quotes": rows})


@pytest.mark.parametrize(("card_id", "count", "item_id", "gpus"), SYSTEMS)
def test_each_rack_scale_system_is_an_item_of_the_price_file(catalog, card_id, count, item_id, gpus):
    item = bundled_price_book().item(item_id)
    assert item.kind == "rack" and item.includes_accelerators and item.for_cards == (card_id,)
    assert item.unit_price is None and "searched" in item.note  # no price found: the note says what was looked for
    bom = bill_of_materials(_serving(card_id, count), catalog.get(card_id), bundled_price_book())
    system = next(line for line in bom.lines if line.role == "system")
    assert system.item_id == item_id and system.unit_price is None and not bom.complete
    assert item_id in (system.said.params["item"],)  # the line names the item a quote prices


@pytest.mark.parametrize(("card_id", "count", "item_id", "gpus"), SYSTEMS)
def test_a_quote_for_the_system_prices_it_whole(catalog, card_id, count, item_id, gpus):
    """The quote is the whole system, its accelerators included: they are not added again."""
    systems = count // gpus
    s = _serving(card_id, count, [(item_id, 50_000_000, "CNY", "2026-11", "partner")])
    assert quote_problems(s.economics) == ()  # before: "unknown item" and ignored
    book = price_book_for(s.economics)
    bom = bill_of_materials(s, catalog.get(card_id), book)
    system = next(line for line in bom.lines if line.role == "system")
    assert (system.quantity, system.unit_price, system.said) == (systems, 50_000_000, None)
    cards = [line for line in bom.lines if line.kind == "accelerator"]
    assert [(line.quantity, line.unit_price) for line in cards] == [(count, 0.0)]
    assert bom.complete and bom.capex == pytest.approx(systems * 50_000_000 + sum(
        line.total for line in bom.purchases if line.role != "system"))
    assert bom.cards_at_card_price == 0  # "price decides" does not vary a price the quote includes


def test_without_a_quote_the_npus_stay_at_the_card_price(catalog):
    """While the CloudMatrix 384 has no price its 384 NPUs stay at the catalog's per-chip figure:
    the capex reads "at least" that, as before, rather than dropping to the network and storage."""
    card = catalog.get("ascend-910c")
    s = _serving("ascend-910c", 384)
    bom = bill_of_materials(s, card, price_book_for(s.economics))
    cards = next(line for line in bom.lines if line.kind == "accelerator")
    assert cards.unit_price and cards.unit_price > 0 and cards.source == "catalog"
    assert bom.capex >= 384 * cards.unit_price


def test_the_cloudmatrix_384_is_sixteen_racks_at_its_published_power(catalog):
    """SemiAnalysis (2025-04, as reported by capacitymedia.com 2025-07-28): 16 racks, 12 compute
    and 4 network, 559 kW. The 910C has no board power, so the system's power is the IT load and
    the TCO can count its energy once the system is quoted."""
    s = _serving("ascend-910c", 384, [("rack-cloudmatrix-384", 57_000_000, "CNY", "2026-11", "")])
    cost = deployment_cost(estimate(s, catalog.get("ascend-910c")))
    assert cost.bom.racks == 16 and cost.bom.it_kw == pytest.approx(559.0)
    assert cost.ownership.energy_per_year and cost.ranked_per_unit is not None
    assert cost.ownership.capex == pytest.approx(57_000_000)


def test_the_nvl72_racks_are_still_one_rack_each(catalog):
    bom = bill_of_materials(_serving("gb200", 144), catalog.get("gb200"), bundled_price_book())
    assert [(line.item_id, line.quantity) for line in bom.lines if line.role == "system"] == [("rack-nvl72", 2)]
    network = sum(line.quantity for line in bom.lines if line.role == "network-rack")
    assert bom.racks == 2 + network and bom.complete


def test_the_cli_applies_a_quote_for_the_cloudmatrix_384(tmp_path):
    quotes = tmp_path / "quotes.csv"
    quotes.write_text("item,unit_price,currency,date,vendor\nrack-cloudmatrix-384,57000000,CNY,2026-11,partner\n",
                      encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "configurator.cli", "estimate", "--workload", "inference", "--model", "llama3-70b",
         "--region", "cn", "--currency", "CNY", "--card", "ascend-910c", "--count", "384", "--quotes", str(quotes),
         "--json"], capture_output=True, text=True, cwd=ROOT, check=True, timeout=300)
    bom = json.loads(out.stdout)["bom"]
    assert bom["complete"] and bom["unpriced"] == [] and bom["capex"] == 57_000_000 and bom["racks"] == 16
    lines = {line["item"]: line for line in bom["items"]}
    assert lines["rack-cloudmatrix-384"]["source"] == "quote: partner"
    assert lines["ascend-910c"]["unit_price"] == 0.0


def test_the_bom_panel_names_the_systems_in_both_languages(qtbot):
    from configurator.app import i18n
    from configurator.app.bom_panel import item_names

    english = item_names()
    assert english["rack-cloudmatrix-384"] == "Huawei CloudMatrix 384 supernode (384 NPUs, 16 racks)"
    assert english["rack-vera-rubin-nvl72"] == "Rack-scale Vera Rubin NVL72 system (72 GPUs, liquid-cooled)"
    try:
        i18n.install_language("zh_CN")
        chinese = item_names()
    finally:
        i18n.install_language("en")
    for item_id in ("rack-cloudmatrix-384", "rack-vera-rubin-nvl72"):
        assert chinese[item_id] != english[item_id] and any("\u4e00" <= c <= "\u9fff" for c in chinese[item_id])


def test_the_summary_names_the_systems_in_both_languages():
    from configurator.report.language import ITEM_LABELS, Words, item_name

    for item_id in ("rack-cloudmatrix-384", "rack-vera-rubin-nvl72"):
        line = type("Line", (), {"item_id": item_id, "kind": "rack", "role": "system", "name": "x", "unit_price": None,
                                 "source": ""})()
        assert item_name(line, Words("en")) == ITEM_LABELS[item_id]
        assert any("\u4e00" <= c <= "\u9fff" for c in item_name(line, Words("zh_CN")))


def test_a_rack_scale_card_without_board_power_says_its_energy_comes_from_the_system():
    """The CloudMatrix 384's 910C has no board power, but its system's 559 kW is published: the
    card's warning says the energy is counted from that figure (it said energy could not be
    estimated while the TCO counted it); a card with neither keeps the plain warning."""
    from configurator.core.catalog import load_catalog
    from configurator.core.workloads.checks import card_messages

    catalog = load_catalog()
    cm384 = [m for m in card_messages(catalog.get("ascend-910c")) if m.id.startswith("no-tdp")]
    assert [m.id for m in cm384] == ["no-tdp-system"]
    assert "559 kW" in cm384[0].text and "559 kW" in cm384[0].text_in("zh_CN")
    rubin = [m.id for m in card_messages(catalog.get("vera-rubin")) if m.id.startswith("no-tdp")]
    assert rubin == ["no-tdp"]
