"""The bill a buyer signs, six defects of session 37: cold spares draw no power in the IT load; two
training servers buy neither a storage switch pair nor a network rack; the bill's notes (why no
spare, the storage cabled straight) in ``estimate --json`` and the window's bill panel; a renting
layout's "Buying instead" says a used card's price; the card browser and the card page show the
used price a buyer who takes used cards is billed at; the summary reads the price decision's field,
not a message built again."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import default_overlay_path, load_catalog
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.messages import msg
from configurator.core.procurement.bom import COLD_SPARE_W, bill_of_materials
from configurator.core.procurement.card_price import bought_purchase_price
from configurator.core.procurement.prices import price_book_for
from configurator.core.recommend_rows import USED_ONLY, used_price_reason
from configurator.core.resources import bundled_path
from configurator.core.scenario import Economics, Scenario, Workload
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import write
from configurator.report.summary_unpriced import used_price_only
from used_only_card import used_only_card


def _bill(card_id: str, count: int, workload=Workload.PRETRAIN, spares: bool = True, **fields):
    s = Scenario(model=preset("llama3-70b"), workload=workload, card_id=card_id, count=count, **fields)
    return bill_of_materials(s, load_catalog().get(card_id), price_book_for(s.economics), spares=spares)


def _items(bom, item_id: str) -> list:
    return [line for line in bom.lines if line.item_id == item_id]


# ---- 1. cold spares ------------------------------------------------------------------------------

def test_cold_spares_draw_no_power_in_the_it_load():
    """1,024 H100 SXM pretraining buys 4 spare servers: racked (rack space, management ports) but
    powered off, so the IT load (and the TCO's energy and colocation on it) is that of the 128 at work."""
    bom, bare = _bill("h100-sxm", 1024), _bill("h100-sxm", 1024, spares=False)
    assert bom.spare_servers == 4 and bom.servers == 132
    assert COLD_SPARE_W == 0.0
    assert bom.it_kw == pytest.approx(bare.it_kw)
    assert bom.it_kw == pytest.approx(128 * 10.2)  # DGX H100 10.2 kW each, the spares' 40.8 kW left out
    said = next(note for note in bom.notes if note.id == "spare-servers-cold")
    assert said.text_in("en").startswith("The 4 spare servers stand racked and powered off")
    assert "不通电" in said.text_in("zh_CN") and "IT 负载" in said.text_in("zh_CN")


# ---- 2. a small cluster's network and storage --------------------------------------------------

def test_two_training_servers_buy_no_storage_switches_and_no_network_rack():
    """16 H100 SXM pretraining: the two servers cabled back to back (no scale-out switch since
    session 37's smallfabric: test_small_fabric.py), the storage servers cabled straight to the two
    servers, every switch in the compute rack's free height; until December 2026 it bought two
    64 × 100 GbE switches (76,000 USD) and a network rack (10,000 USD)."""
    bom = _bill("h100-sxm", 16)
    assert bom.servers == 2
    assert not _items(bom, "switch-ib-ndr-64")
    assert not _items(bom, "switch-storage-eth") and not _items(bom, "switch-storage-eth-25g")
    assert not [line for line in bom.lines if line.role == "network-rack"]
    assert bom.racks == 1 and _items(bom, "storage-nvme-per-tb")
    said = next(note for note in bom.notes if note.id == "storage-direct-attach")
    assert said.params == {"servers": 2, "nodes": 2}
    assert "No storage switch" in said.text_in("en") and "cabled straight" in said.text_in("en")
    assert "不配存储交换机" in said.text_in("zh_CN") and "直连" in said.text_in("zh_CN")


def test_three_training_servers_keep_the_switched_storage_pair():
    """Past the storage servers' two ports each: the dual-homed switch pair, of 32 ports since
    session 37's smallfabric (10 ports: test_small_fabric.py)."""
    bom = _bill("h100-sxm", 24)
    assert bom.servers == 3
    assert sum(line.quantity for line in _items(bom, "switch-storage-eth-32")) == 2
    assert not [note for note in bom.notes if note.id == "storage-direct-attach"]


def test_serving_on_two_servers_keeps_its_front_end_switches():
    """Users' requests come in over the storage and in-band network: no direct attach there."""
    bom = _bill("h100-sxm", 16, workload=Workload.INFERENCE)
    assert bom.servers == 2
    assert sum(line.quantity for line in _items(bom, "switch-storage-eth-32")) == 2


def test_a_fabric_with_spines_keeps_its_network_racks():
    bom = _bill("h100-sxm", 1024)
    assert [line for line in bom.lines if line.role == "spine"]
    assert [line for line in bom.lines if line.role == "network-rack"]


# ---- 3. the bill's notes in --json and in the window ---------------------------------------------

def test_the_json_bill_carries_its_notes(capsys):
    from configurator.cli import main

    assert main(["estimate", "--workload", "pretrain", "--model", "llama3-70b", "--card", "h100-sxm",
                 "--count", "16", "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)["bom"]["notes"]
    assert [n["id"] for n in notes] == ["no-spare-server", "scale-out-back-to-back-ib", "storage-direct-attach"]
    assert notes[0]["text"].startswith("No spare server") and notes[0]["params"]["hours"] == 48


def test_the_windows_bill_panel_says_why_no_spare(qtbot):
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController

    scenario = Scenario(model=preset("llama3-70b"), workload=Workload.PRETRAIN, card_id="h100-sxm", count=16)
    controller = ScenarioController(load_catalog(), scenario)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.recompute())
    assert not panel.bill_note.isHidden()
    assert panel.bill_note.text().startswith("No spare server: a server that fails stops the job")
    assert "No storage switch" in panel.bill_note.text()


def test_the_chinese_bill_panel_says_it_in_chinese(qtbot):
    from configurator.app import i18n
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController

    i18n.install_language("zh_CN")  # English again after the test (conftest)

    scenario = Scenario(model=preset("llama3-70b"), workload=Workload.PRETRAIN, card_id="h100-sxm", count=16)
    controller = ScenarioController(load_catalog(), scenario)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.recompute())
    said = panel.bill_note.text()
    assert said.startswith("不配备用服务器") and "不配存储交换机" in said


# ---- 4. "Buying instead" at a used card's price --------------------------------------------------

def _used_card_with_rents() -> str:
    """The RTX A6000's figures with its used price and its rents only, as the user's card."""
    cards = json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))["cards"]
    raw = next(c for c in cards if c["id"] == "rtx-a6000")
    raw = {**raw, "id": "a6000-used-rented", "name": "RTX A6000 used",
           "prices": [p for p in raw["prices"] if p.get("condition") == "used" or p["kind"] == "cloud-hourly"]}
    default_overlay_path().parent.mkdir(parents=True, exist_ok=True)
    default_overlay_path().write_text(json.dumps({"cards": [raw]}), encoding="utf-8")
    return raw["id"]


@pytest.mark.parametrize("language, row, said", [
    ("en", "**Buying instead: bought used**", "no warranty from the maker"),
    ("zh_CN", "**改为购买：二手采购**", "无原厂保修")])
def test_a_renters_buying_instead_says_the_price_is_a_used_cards(tmp_path, capsys, language, row, said):
    from configurator.cli import main

    clear_estimate_memo()
    card_id = _used_card_with_rents()
    out = tmp_path / "summary.md"
    assert main(["report", "--workload", "vdi", "--users", "500", "--card", card_id, "--count", "21",
                 "--allow-used", "--objective", "cloud", "--lang", language, "-o", str(out)]) == 0
    capsys.readouterr()
    first = out.read_text(encoding="utf-8").split("## ")[0]
    line = next(line for line in first.splitlines() if row in line)
    assert said in line
    capex = "**Buying instead: capex**" if language == "en" else "**改为购买：资本支出**"
    assert first.index(row) < first.index(capex)


# ---- 5. the card browser and the card page -------------------------------------------------------

def test_the_card_page_shows_the_used_price_the_buyer_is_billed_at():
    card_id = used_only_card()
    card = load_catalog().get(card_id)
    assert bought_purchase_price(card, False) is None
    chosen = bought_purchase_price(card, True)
    assert chosen.entry.condition == "used" and chosen.entry.amount == 2800
    rows = {r.key: r for s in card_view(card, accept_used=True).sections for r in s.rows}
    assert write(rows["price.ranked"].value).startswith("used: 2,800")
    assert write(rows["price.ranked"].value, "zh_CN").startswith("二手：")
    assert "no warranty from the maker" in write(rows["price.ranked"].note)
    untaken = {r.key: r for s in card_view(card).sections for r in s.rows}
    assert write(untaken["price.ranked"].value).startswith("no price for new cards")


def test_the_card_browser_follows_the_buyers_taking_used_cards(qtbot):
    from configurator.app.browser import PRICE_COLUMN, CardBrowser
    from configurator.app.controller import ScenarioController

    card_id = used_only_card()
    scenario = Scenario.model_validate({"workload": "vdi", "model": preset("llama3-8b").model_dump(),
                                        "card_id": card_id, "count": 21, "graphics": {"users": 500}})
    controller = ScenarioController(load_catalog(), scenario)
    browser = CardBrowser(controller)
    qtbot.addWidget(browser)
    row = next(r for r in range(browser.model.rowCount()) if browser.model.card(r).id == card_id)

    def shown() -> str:
        return browser.model.data(browser.model.index(row, PRICE_COLUMN))

    assert shown() == "—"
    assert controller.apply("economics.accept_used", True)
    assert shown().startswith("used: 2,800")
    browser.select_ids([card_id])
    assert "used: 2,800" in browser.details.toPlainText()


# ---- 6. the summary reads the price decision's field -------------------------------------------

def test_used_price_only_reads_the_price_basis_field():
    clear_estimate_memo()
    card_id = used_only_card()
    card = load_catalog().get(card_id)
    s = Scenario.model_validate({"workload": "vdi", "model": preset("llama3-8b").model_dump(), "card_id": card.id,
                                 "count": 21, "graphics": {"users": 500}})
    est = estimate(s, card)
    assert est.costs.prices.used_only is not None
    reason = used_price_reason(est)
    assert used_price_only(SimpleNamespace(reason=reason, estimate=est))
    other = msg(USED_ONLY, card=card.name, what=msg("no-price", card=card.name))  # other words, same decision
    assert used_price_only(SimpleNamespace(reason=other, estimate=est))
    taken = estimate(s.model_copy(update={"economics": Economics(accept_used=True)}), card)
    assert taken.costs.prices.used_only is None
    assert not used_price_only(SimpleNamespace(reason=reason, estimate=taken))
    assert not used_price_only(SimpleNamespace(reason=msg("no-price", card=card.name), estimate=est))
