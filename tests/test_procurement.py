"""Bill of materials, money over the years, goodput and every card accounted for (issue: a
summary a buyer can sign, parts 1-4 and 7)."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.bom import bill_of_materials, fabric_links, fat_tree_switches
from configurator.core.procurement.goodput import (
    FAILURES_PER_GPU_HOUR,
    checkpoint_interval_hours,
    spare_servers,
    training_goodput,
)
from configurator.core.procurement.prices import PriceFileError, Rate, bundled_price_book, read_quotes, with_quotes
from configurator.core.procurement.servers import server_type
from configurator.core.procurement.tco import break_even_utilisation, ownership_cost, rent_per_year_at
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def book():
    return bundled_price_book()


def superpod(count: int = 1024, card_id: str = "h100-sxm", **economics) -> Scenario:
    return Scenario(model=preset("llama3-70b"), workload="pretrain", card_id=card_id, count=count,
                    auto_layout=LAYOUT_FIELDS, training={"tokens": 2e12}, economics=economics)


# ---- port arithmetic against NVIDIA's DGX SuperPOD reference architecture -----------------------


def test_fat_tree_port_arithmetic():
    """64-port switches, half down and half up: 1,024 rail-optimised NDR ports need 32 leaves and
    16 spines (DGX SuperPOD H100 reference architecture, 4 scalable units of 256 GPUs)."""
    assert fat_tree_switches(1024, 64) == (32, 16)
    assert fabric_links(1024, (32, 16), 64) == 1024 + 32 * 32
    assert fat_tree_switches(40, 64) == (1,)
    assert fat_tree_switches(64 * 32, 64) == (64, 32)  # the two-tier limit, P²/2
    leaves, aggregation, core = fat_tree_switches(16384, 64)  # three tiers (Al-Fares et al. 2008)
    assert leaves == 512 and aggregation == 512 and core == 256


def test_superpod_bill_of_materials(catalog, book):
    card = catalog.get("h100-sxm")
    forty_kw = replace(book, rates={**book.rates, "air_cooled_rack_kw": Rate(41.0, "kW", "test", "2026")})
    bom = bill_of_materials(superpod(), card, forty_kw, spares=False)
    by = {}
    for line in bom.lines:
        by.setdefault(line.item_id, []).append(line)
    assert server_type(card, 8, 1024).item_id == "server-hgx-8"
    assert bom.servers == 128 and by["server-hgx-8"][0].quantity == 128
    assert [x.quantity for x in by["switch-ib-ndr-64"]] == [32, 16]  # leaf, spine
    assert by["nic-400g"][0].quantity == 1024  # one 400 Gb/s NIC per GPU
    assert by["link-400g"][0].quantity == 2048
    compute_racks = by["rack-air"][0].quantity
    assert compute_racks == 32  # 4 servers of 10.2 kW per 41 kW rack
    assert bom.it_kw == pytest.approx(128 * (8 * 0.7 + book.item("server-hgx-8").power_w / 1000), rel=1e-6)


def test_capex_is_the_sum_of_its_lines_and_converts_with_the_currency(catalog, book):
    card = catalog.get("h100-sxm")
    usd = bill_of_materials(superpod(), card, book)
    assert usd.capex == pytest.approx(sum(line.total for line in usd.lines if line.total is not None and
                                          not line.yearly))
    cny = bill_of_materials(superpod(currency="CNY", usd_to_currency=7.19), card, book)
    assert cny.currency == "CNY"
    assert len(usd.lines) == len(cny.lines) and any(a.unit_price is not None for a in usd.lines)
    for a, b in zip(usd.lines, cny.lines):
        if a.unit_price is not None:
            assert b.unit_price == pytest.approx(a.unit_price * 7.19)
    assert cny.capex == pytest.approx(usd.capex * 7.19)


def test_unpriced_lines_are_listed_not_dropped(catalog, book):
    """A Vera Rubin cluster: its NVL72 rack has no price in the file (none is published; until 2026-12-04
    this was a B200 cluster, whose GPU-less HGX B200 server has since been priced)."""
    bom = bill_of_materials(superpod(card_id="vera-rubin"), catalog.get("vera-rubin"), book)
    missing = {line.item_id for line in bom.unpriced}
    priced_in_file = {i for i, item in book.items.items() if item.unit_price is not None}
    assert missing and not (missing & priced_in_file)


def test_nvl72_rack_is_one_unit_whose_price_includes_its_gpus(catalog, book):
    card = catalog.get("gb200")
    s = updated(superpod(144), card_id="gb200")
    bom = bill_of_materials(s, card, book)
    racks = [line for line in bom.lines if line.item_id == "rack-nvl72"]
    assert racks[0].quantity == 2 and bom.liquid_cooled
    cards = next(line for line in bom.lines if line.kind == "accelerator")
    assert cards.unit_price == 0  # not bought twice
    assert not any(line.item_id in ("rack-air", "rack-liquid") and "network" not in line.name for line in bom.lines)


def test_server_power_replaces_the_flat_host_figure(catalog, book):
    """DGX H100: 10.2 kW system maximum less 8 × 700 W of GPUs is the server's own power."""
    card = catalog.get("h100-sxm")
    est = estimate(superpod(8), card)
    e = est.scenario.economics
    assert est.power.facility_watts == pytest.approx((8 * 700 + 4600) * e.power_fraction * e.pue)


# ---- money over time ---------------------------------------------------------------------------


def test_tco_parts_and_break_even(catalog, book):
    card = catalog.get("h100-sxm")
    s = superpod(64)
    bom = bill_of_materials(s, card, book)
    own = ownership_cost(bom, s, book)
    assert own.tco == pytest.approx(own.capex - own.residual + own.years * own.opex_per_year)
    assert own.support_per_year == pytest.approx(own.capex * book.rate("support_share_per_year", 0))
    e = s.economics
    assert own.energy_per_year == pytest.approx(bom.it_kw * e.power_fraction * e.pue * 8766 * e.utilisation
                                                * e.electricity_per_kwh)
    u = break_even_utilisation(own, rent_per_year_at(card, s, 1.0))
    assert u is not None and 0 < u < 1
    assert own.per_year_at(u) == pytest.approx(rent_per_year_at(card, s, u))


def test_quotes_override_the_price_file(tmp_path, book):
    quotes = tmp_path / "quotes.csv"
    quotes.write_text("item,unit_price,currency,date,vendor\nserver-hgx-8,300000,CNY,2026-11,Inspur\n"
                      "nic-400g,1500,USD,2026-11,Distributor\nno-such-item,1,USD,2026-11,x\n")
    quoted, problems = with_quotes(book, read_quotes(quotes), {"USD": 1.0, "CNY": 7.2})
    assert quoted.item("server-hgx-8").unit_price == pytest.approx(300000 / 7.2)
    assert quoted.item("nic-400g").unit_price == 1500 and quoted.item("nic-400g").confidence == "quote"
    assert [p.text for p in problems] == ["quote for unknown item 'no-such-item' ignored"]
    bad = tmp_path / "bad.csv"
    bad.write_text("item,price\nx,1\n")
    with pytest.raises(PriceFileError, match="header must name"):
        read_quotes(bad)


# ---- goodput -------------------------------------------------------------------------------------


def test_failure_rate_is_llama3s():
    """Dubey et al. 2024 §3.3.4: 419 unexpected interruptions in 54 days on 16,384 GPUs."""
    assert FAILURES_PER_GPU_HOUR == pytest.approx(1.973e-5, rel=1e-3)


def test_young_interval_and_poisson_spares():
    assert checkpoint_interval_hours(36.0, 5.0) == pytest.approx(math.sqrt(2 * 0.01 * 5.0))
    assert spare_servers(1, 8, 1e-5, 48) == 0
    # mean 128 × 8 × 2e-5 × 48 ≈ 0.98 servers in repair: 4 spares cover 99 %
    assert spare_servers(128, 8, 2e-5, 48) == 4


def test_goodput_falls_with_scale_and_lengthens_the_job(catalog):
    small = training_goodput(64, 8, 8, 16 * 70e9)
    large = training_goodput(16384, 2048, 8, 16 * 405e9)
    assert 1 > small.fraction > large.fraction > 0.8
    card = catalog.get("h100-sxm")
    est = estimate(superpod(1024), card)
    t = est.training
    assert t.goodput < 1
    assert t.hours == pytest.approx(est.scenario.training.tokens / t.tokens_per_s / 3600 / t.goodput)


# ---- every card accounted for --------------------------------------------------------------------


def test_unpriced_cards_are_listed_with_no_price(catalog):
    s = Scenario(model=preset("llama2-7b"), workload="pretrain", auto_layout=LAYOUT_FIELDS,
                 training={"tokens": 1e12, "seq_len": 4096}, constraints={"deadline_hours": 720})
    result = recommend(s, catalog, Objective.TCO)
    assert result.unpriced
    for rec in result.unpriced:  # the cards or another line of the bill unpriced
        assert rec.reasons[0].id in ("no-price", "no-price-items", "purchase-price-used-only")
        if rec.reasons[0].id == "no-price-items":
            assert rec.estimate.costs.prices.card_price is not None
        assert rec.card.id not in {r.card.id for r in result.ranked}
        assert "misses" not in result.rejected[rec.card.id]
        assert rec.estimate.training.hours <= 720
    every = {c.id for c in catalog.cards}
    accounted = {r.card.id for r in result.ranked} | set(result.rejected)
    assert accounted == every or len(result.ranked) == 10


def test_cli_json_carries_bom_and_unpriced(capsys):
    code = main(["estimate", "--json", "--workload", "pretrain", "--model", "llama3-70b", "--card", "h100-sxm",
                 "--count", "256", "--tokens", "2T"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    bom = out["bom"]
    kinds = {item["kind"] for item in bom["items"]}
    assert {"accelerator", "server", "network", "storage", "rack"} <= kinds
    assert bom["capex"] == pytest.approx(sum(i["total"] for i in bom["items"] if i["total"] and not i["per_year"]),
                                         abs=1.0)
    assert {"opex_per_year", "years", "tco", "unpriced", "goodput"} <= set(bom)
    code = main(["recommend", "--json", "--workload", "pretrain", "--model", "llama2-7b", "--tokens", "1T",
                 "--deadline", "30d", "--limit", "3"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and all("capex" in r["bom"] for r in out["ranked"])
    assert out["unpriced"] and all(u["reason_id"] in ("no-price", "no-price-items", "purchase-price-used-only")
                                   for u in out["unpriced"])


# ---- region, quotes and report flags -------------------------------------------------------------


def test_region_cn_keeps_out_cards_without_permission(catalog):
    s = Scenario(model=preset("llama3-8b"), workload="inference", auto_layout=LAYOUT_FIELDS,
                 serving={"concurrency": 32}, constraints={"region": "cn"})
    result = recommend(s, catalog, Objective.CLOUD)
    assert result.ranked
    for rec in result.ranked:  # ranked by rent: permitted, or rented from a provider in China that holds them
        region = next(v for v in rec.estimate.verdicts if v.id == "region")
        assert region.met
        said = region.message
        while said.id == "region-and-import":  # a caution after the status (H20: purchases discouraged, session 43)
            said = said.params["first"]
        assert (rec.card.export_control is None or rec.card.export_control.china == "permitted"
                or said.id == "region-rented-licence-required")
    h100 = catalog.get("h100-sxm")
    assert h100.export_control.china != "permitted"
    assert "export licence" in result.rejected["h100-sxm"]
    est = estimate(updated(s, card_id="h100-sxm"), h100)
    assert "export-licence-required" in {m.id for m in est.messages}


def test_cli_quotes_and_report_flags(capsys, tmp_path):
    quotes = tmp_path / "quotes.csv"
    quotes.write_text("item,unit_price,currency,date,vendor\nnic-400g,1000,USD,2026-11,Distributor\n")
    code = main(["estimate", "--json", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm",
                 "--count", "64", "--quotes", str(quotes), "--years", "5", "--name", "Cluster A"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    nic = next(i for i in out["bom"]["items"] if i["item"] == "nic-400g")
    assert nic["unit_price"] == 1000 and nic["confidence"] == "quote" and nic["total"] == 64 * 1000
    assert out["bom"]["years"] == 5
    main(["estimate", "--json", "--model", "llama3-8b", "--quotes", str(tmp_path / "none.csv")])
    assert "--quotes: cannot read" in capsys.readouterr().err


# ---- the window's bill of materials ---------------------------------------------------------------


def test_window_bill_of_materials_panel(qtbot, catalog):
    from configurator.app.bom_panel import BomPanel
    from configurator.app.controller import ScenarioController

    controller = ScenarioController(catalog, superpod(1024, card_id="vera-rubin"))  # its NVL72 rack is unpriced
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    controller.recompute()
    cost = panel.cost
    assert panel.lines.rowCount() == len(cost.bom.lines)
    texts = [panel.lines.item(r, 2).text() for r in range(panel.lines.rowCount())]
    assert any("no price" in t for t in texts)  # unpriced lines are shown, not dropped
    assert "TCO" in panel.headline.text() and "USD" in panel.headline.text()
    assert panel.break_even.isVisible() == (cost.break_even_utilisation is not None)
    panel.resize(1200, 700)
    panel.show()
    qtbot.waitExposed(panel)
    assert not panel.grab().toImage().isNull()


def test_an_inference_card_pays_for_its_own_small_server(catalog):
    """A 70 W T4 in a one-slot server no longer carries a flat 1,200 W host: its energy per hour
    is a fraction of an 8-way SXM server's (issue: 0.163 USD/h for the T4 against 0.198 for an A100)."""
    def energy(card_id):
        s = Scenario(model=preset("llama3-8b"), workload="inference", card_id=card_id, auto_layout=LAYOUT_FIELDS,
                     serving={"concurrency": 8})
        return estimate(s, catalog.get(card_id)).costs.energy
    assert energy("t4") < 0.2 * energy("a100-sxm-80gb")


def test_rack_scale_systems_are_bought_whole(catalog):
    """An NVL72 rack is sold whole: when the cards are bought the recommendation counts in racks;
    renting them by the GPU (the cloud objective) keeps any count."""
    from configurator.core.workloads import family_of
    from configurator.core.workloads.layout import whole_system_counts

    card = catalog.get("gb200")
    assert whole_system_counts(card, (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)) == (72, 144, 288)
    assert whole_system_counts(catalog.get("h100-sxm"), (1, 2, 4, 8, 16)) == (8, 16)  # HGX baseboards, whole
    assert whole_system_counts(catalog.get("l40s"), (1, 2, 4)) == (1, 2, 4)
    s = Scenario(model=preset("llama3-70b"), workload="inference", card_id="gb200", auto_layout=LAYOUT_FIELDS,
                 serving={"concurrency": 64})
    bought = family_of(s.workload).deployments(s, card, whole_systems=True)
    rented = family_of(s.workload).deployments(s, card)
    assert bought and bought[0].scenario.count % 72 == 0
    assert rented and rented[0].scenario.count < 72


def test_region_defaults_from_the_language_and_is_editable(qtbot, catalog):
    from configurator.app.controller import ScenarioController
    from configurator.app.main import default_scenario
    from configurator.app.recommend_panel import RecommendationPanel

    assert default_scenario("zh_CN").constraints.region == "cn"
    assert default_scenario("zh_CN").economics.currency == "CNY"  # a Chinese first start is in CNY
    assert default_scenario("en").constraints.region is None
    assert default_scenario().name == "Untitled"  # the summary's title then describes the job
    controller = ScenarioController(catalog, default_scenario("en"))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.region.setCurrentIndex(panel.region.findData("cn"))
    assert controller.scenario.constraints.region == "cn"
    controller.undo_stack.undo()
    assert controller.scenario.constraints.region is None


def test_graphics_cost_per_unit_is_on_the_tco(catalog):
    """Desktops per user-month, video per stream-hour, rendering per frame: the TCO divided by
    the work over the years (desktops by the month, whatever the utilisation)."""
    from configurator.core.procurement.deployment import deployment_cost

    vdi = Scenario(model=preset("llama3-8b"), workload="vdi", card_id="l40s", graphics={"users": 200})
    est = estimate(vdi, catalog.get("l40s"))
    cost = deployment_cost(est)
    assert cost.unit == "user-month"
    assert cost.per_unit == pytest.approx(cost.ownership.tco / (est.graphics.served * 12 * cost.ownership.years))
    video = Scenario(model=preset("llama3-8b"), workload="transcode", card_id="l4", graphics={"streams": 100})
    est = estimate(video, catalog.get("l4"))
    cost = deployment_cost(est)
    u = cost.ownership.utilisation
    assert cost.unit == "stream-hour"
    assert cost.per_unit == pytest.approx(cost.ownership.tco / (est.graphics.served * 8766 * u * cost.ownership.years))


def test_report_prices_with_the_buyers_quotes(tmp_path, capsys):
    """`report --quotes` reaches the printed bill of materials."""
    quotes = tmp_path / "quotes.csv"
    quotes.write_text("item,unit_price,currency,date,vendor\nnic-400g,1234,USD,2026-11,Distributor\n")
    out = tmp_path / "summary.md"
    code = main(["report", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "64",
                 "--quotes", str(quotes), "-o", str(out)])
    assert code == 0
    assert "1,234" in out.read_text(encoding="utf-8")


def test_the_scenario_is_named_in_the_window(qtbot, monkeypatch):
    """Edit ▸ Name the scenario: the name is the summary's title, undoable; empty goes back to
    the job's description."""
    from PySide6.QtWidgets import QInputDialog

    from configurator.app.main import build_main_window

    window = build_main_window()
    qtbot.addWidget(window)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Cluster A for the board", True))
    assert window.ask_scenario_name()
    assert window.controller.scenario.name == "Cluster A for the board"
    window.controller.undo_stack.undo()
    assert window.controller.scenario.name == "Untitled"
    assert window.rename_scenario("   ") and window.controller.scenario.name == "Untitled"


@pytest.mark.parametrize(("card_id", "item_id"), [("gb200", "rack-nvl72"), ("gb300", "rack-gb300-nvl72")])
def test_each_nvl72_is_priced_as_its_own_rack(catalog, book, card_id, item_id):
    """The GB300 NVL72 is bought as the GB300 rack (USD 3-4 M estimate), not as a GB200 one."""
    bom = bill_of_materials(updated(superpod(144), card_id=card_id), catalog.get(card_id), book)
    racks = [line for line in bom.lines if line.role == "system"]
    assert [(line.item_id, line.quantity) for line in racks] == [(item_id, 2)]
    assert racks[0].unit_price == book.item(item_id).unit_price and bom.complete


@pytest.mark.parametrize(("card_id", "count", "item_id"), [("ascend-910c", 384, "rack-cloudmatrix-384"),
                                                         ("vera-rubin", 144, "rack-vera-rubin-nvl72")])
def test_a_rack_without_a_price_on_file_is_unpriced_not_another_vendors(catalog, book, card_id, count, item_id):
    """Huawei's CloudMatrix 384 and Vera Rubin NVL72 have no rack price: the line says so and the
    capex is incomplete (until December 2026 both were priced as a GB200 NVL72 rack); the line is
    the system's own item, which a quote prices (tests/test_rack_scale_systems.py)."""
    card = catalog.get(card_id)
    bom = bill_of_materials(updated(superpod(count), card_id=card_id), card, book)
    rack = next(line for line in bom.lines if line.role == "system")
    assert rack.item_id == item_id and rack.unit_price is None and card.name in rack.name
    assert not bom.complete and all(line.item_id != "rack-nvl72" for line in bom.lines)


def test_a_switch_the_price_file_does_not_list_is_taken_at_the_named_port_count():
    """smallest_switch's fallback where no choice is priced: the last listed at its listed ports,
    else UNPRICED_SWITCH_PORTS (the QM9700's 64 × 400 Gb/s, the price file's switch-ib-ndr-64)."""
    from configurator.core.procurement.prices import PriceBook, bundled_price_book
    from configurator.core.procurement.switches import SCALE_OUT_SWITCHES, UNPRICED_SWITCH_PORTS, smallest_switch

    bundled = bundled_price_book()
    assert bundled.item("switch-ib-ndr-64").ports == UNPRICED_SWITCH_PORTS
    empty = PriceBook(items={}, rates=bundled.rates, price_date=bundled.price_date)
    assert smallest_switch(empty, SCALE_OUT_SWITCHES["ethernet"], 100) == ("switch-eth-800g-64", 2 * UNPRICED_SWITCH_PORTS)
