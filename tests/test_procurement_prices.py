"""The bundled procurement price file: shape, ids, and that every figure carries its provenance."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "resources" / "procurement_prices.json"

KINDS = {"server", "network", "storage", "rack", "facility", "software"}
CONFIDENCE = {"list", "street", "estimate"}
ITEM_KEYS = {"kind", "name", "unit", "unit_price", "price_low", "price_high", "power_w",
             "rack_units", "source", "date", "confidence", "note"}
ITEM_IDS = """server-hgx-8 server-hgx-8-b200 server-pcie-8 server-pcie-4 server-pcie-2 server-pcie-1 server-slim-2u-8
server-fhfl-2u-4 server-dense-4u-20
rack-nvl72 rack-gb300-nvl72 rack-cloudmatrix-384 rack-vera-rubin-nvl72 nic-400g nic-800g switch-ib-ndr-64 switch-eth-800g-64 link-400g switch-mgmt-48
switch-storage-eth switch-storage-eth-25g storage-nvme-per-tb rack-air rack-liquid software-nvaie software-vgpu
software-vgpu-vpc installation""".split()
RATE_IDS = """support_share_per_year colocation_per_kw_month air_cooled_rack_kw liquid_cooled_rack_kw
pue_air pue_liquid installation_share residual_value_share gpu_failure_rate_per_gpu_hour
checkpoint_restart_minutes electricity_usd_per_kwh electricity_cny_per_kwh usd_to_cny usd_to_eur""".split()
DATE = re.compile(r"^\d{4}(-(0[1-9]|1[0-2]))?$")


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@pytest.fixture(scope="module")
def doc():
    return json.loads(PATH.read_text(encoding="utf-8"))


def test_top_level(doc):
    assert set(doc) == {"schema_version", "price_date", "currency", "items", "rates"}
    assert doc["schema_version"] == 1
    assert doc["currency"] == "USD"
    assert DATE.match(doc["price_date"])


def test_required_ids_present(doc):
    assert set(ITEM_IDS) <= set(doc["items"])
    assert set(RATE_IDS) <= set(doc["rates"])


@pytest.mark.parametrize("item_id", ITEM_IDS)
def test_item_shape_and_provenance(doc, item_id):
    item = doc["items"][item_id]
    keys = set(item)
    assert ITEM_KEYS <= keys <= ITEM_KEYS | {"ports", "includes_accelerators", "for_cards", "gpus", "racks", "system_power_w",
                                              "cooling"}
    assert item["kind"] in KINDS
    assert item["confidence"] in CONFIDENCE
    assert isinstance(item["name"], str) and item["name"].strip()
    assert isinstance(item["unit"], str) and item["unit"].strip()
    assert isinstance(item["source"], str) and item["source"].strip()
    assert isinstance(item["date"], str) and DATE.match(item["date"])
    assert isinstance(item["note"], str)
    price = item["unit_price"]
    if price is None:
        assert item["note"].strip(), f"{item_id}: a null price needs a note saying what was searched"
    else:
        assert _number(price) and price > 0
    for bound in ("price_low", "price_high"):
        assert item[bound] is None or (_number(item[bound]) and item[bound] > 0)
    if item["price_low"] is not None and item["price_high"] is not None:
        assert item["price_low"] <= item["price_high"]
        if price is not None:
            assert item["price_low"] <= price <= item["price_high"]
    if item["power_w"] is not None:
        assert _number(item["power_w"])
        if item["kind"] == "server":
            assert item["power_w"] > 0
    assert item["rack_units"] is None or (isinstance(item["rack_units"], int) and item["rack_units"] > 0)
    if "ports" in item:
        assert isinstance(item["ports"], int) and item["ports"] > 0
    if "racks" in item:  # racks a rack-scale system stands in
        assert isinstance(item["racks"], int) and item["racks"] > 0 and item["kind"] == "rack"
    if item.get("system_power_w") is not None:  # a whole system's power, its accelerators included
        assert _number(item["system_power_w"]) and item["system_power_w"] > 0 and item.get("includes_accelerators")


def test_switches_have_ports(doc):
    assert any(item["unit"] == "per switch" for item in doc["items"].values())
    for item_id, item in doc["items"].items():
        if item["unit"] == "per switch":
            assert isinstance(item.get("ports"), int), item_id


@pytest.mark.parametrize("rate_id", RATE_IDS)
def test_rate_shape_and_provenance(doc, rate_id):
    rate = doc["rates"][rate_id]
    assert {"value", "unit", "source", "date", "note"} <= set(rate) <= {"value", "unit", "source", "date", "note", "low", "high"}
    assert isinstance(rate["unit"], str) and rate["unit"].strip()
    assert isinstance(rate["source"], str) and rate["source"].strip()
    assert isinstance(rate["date"], str) and DATE.match(rate["date"])
    if rate["value"] is None:
        assert isinstance(rate["note"], str) and rate["note"].strip()
    else:
        assert _number(rate["value"]) and rate["value"] > 0
    if "low" in rate or "high" in rate:
        # a stated assumption carries its bounds, and the value lies within them
        assert rate["value"] is not None and _number(rate["low"]) and _number(rate["high"])
        assert 0 <= rate["low"] <= rate["value"] <= rate["high"], rate_id


def test_llama3_failure_rate_matches_the_paper(doc):
    # Dubey et al. 2024 §3.3.4: 419 unexpected interruptions, 54 days, 16,384 GPUs.
    value = doc["rates"]["gpu_failure_rate_per_gpu_hour"]["value"]
    assert value == pytest.approx(419 / (16_384 * 54 * 24), rel=1e-3)


def test_shares_and_ratios_are_plausible(doc):
    rates = doc["rates"]
    for rate_id in ("support_share_per_year", "installation_share", "residual_value_share"):
        value = rates[rate_id]["value"]
        assert value is None or 0 < value < 1
    for rate_id in ("pue_air", "pue_liquid"):
        assert 1.0 <= rates[rate_id]["value"] < 3.0


def test_a_rate_a_book_lacks_is_the_bundled_files_not_a_second_number():
    """The rack power limits have one value, the sourced one in the price file: a book without
    them (a hand-built one) prices racks with the bundled 30 kW air / 120 kW liquid."""
    from dataclasses import replace

    from configurator.core.procurement.prices import bundled_price_book

    book = bundled_price_book()
    bare = replace(book, rates={k: v for k, v in book.rates.items() if not k.endswith("_rack_kw")})
    assert bare.rate("air_cooled_rack_kw") == book.rates["air_cooled_rack_kw"].value == 30
    assert bare.rate("liquid_cooled_rack_kw") == book.rates["liquid_cooled_rack_kw"].value == 120
    assert bare.rate("air_cooled_rack_kw", 20.0) == 20.0  # a caller's own default still wins


# ---- issue 25, part 4: the capex of a PCIe build is the whole purchase -------------------------

PCIE_SERVERS = ("server-pcie-1", "server-pcie-2", "server-pcie-4", "server-pcie-8")


@pytest.mark.parametrize("item_id", PCIE_SERVERS)
def test_every_pcie_server_has_a_price_and_says_what_it_assumes(doc, item_id):
    item = doc["items"][item_id]
    assert item["unit_price"] is not None and item["unit_price"] > 0, item_id
    assert item["confidence"] in CONFIDENCE and item["date"] and item["source"].strip()
    assert "CPU" in item["note"] or "CPU" in item["name"] or "Xeon" in item["note"], item_id  # what is assumed


def test_pcie_servers_cost_more_with_more_slots(doc):
    prices = [doc["items"][item_id]["unit_price"] for item_id in PCIE_SERVERS]
    assert prices == sorted(prices)



def test_the_a10_2u_is_the_low_profile_2us_build_with_half_its_places(doc):
    """server-fhfl-2u-4 is the same general-purpose 2U build as server-slim-2u-8 (R760 base, second
    CPU, 512 GB, two NVMe: USD 11,500, 730 W besides the cards), holding four full-length 150 W
    cards where the other holds eight low-profile ones (Lenovo SR650 V2: 4 and 8)."""
    fhfl, slim = doc["items"]["server-fhfl-2u-4"], doc["items"]["server-slim-2u-8"]
    assert (fhfl["unit_price"], fhfl["power_w"], fhfl["rack_units"]) == (slim["unit_price"], slim["power_w"], 2)
    assert (fhfl["gpus"], slim["gpus"], fhfl["for_cards"]) == (4, 8, ["a10"])
    assert "11,537" in fhfl["note"] and "Single-wide FHFL GPU (150W)" in fhfl["source"]
    assert doc["items"]["server-pcie-8"]["for_cards"] == ["a10"] and doc["items"]["server-pcie-8"]["gpus"] == 8


def test_the_dense_single_slot_chassis_is_on_record_without_a_price_or_a_card(doc):
    """No price of a 4U chassis for 20 single-slot cards was found: null, with what was searched,
    and no card is bought in it (what a quote would have to beat is said)."""
    dense = doc["items"]["server-dense-4u-20"]
    assert dense["unit_price"] is None and "for_cards" not in dense and "gpus" not in dense
    assert "searched 2026-12-05" in dense["note"] and "28,750" in dense["note"]

def _unpriced_hardware(bom):
    return [line.item_id for line in bom.unpriced if line.kind in ("server", "network")]


def test_a_two_card_l40s_inference_build_has_no_unpriced_server_or_nic_line():
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import Scenario

    scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="l40s", count=2)
    bom = bill_of_materials(scenario, load_catalog().get("l40s"), bundled_price_book())
    servers = [line for line in bom.lines if line.kind == "server"]
    assert servers and all(line.unit_price for line in servers)
    assert servers[0].item_id == "server-pcie-2"
    assert _unpriced_hardware(bom) == []
    assert bom.capex > 2 * 7500  # the cards and the server they sit in


def test_a_multi_server_pcie_cluster_prices_its_nics_switches_and_links():
    """The issue's example: 32 × RTX A6000 in four 8-slot servers — servers, NICs, switches and
    links all priced, so the capex no longer counts the cards alone."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import Scenario

    scenario = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="rtx-a6000", count=32,
                        parallelism={"cards_per_node": 8}, training={"tokens": 1e10})
    bom = bill_of_materials(scenario, load_catalog().get("rtx-a6000"), bundled_price_book(), spares=False)
    kinds = {line.item_id for line in bom.lines}
    assert {"server-pcie-8", "nic-400g", "link-400g", "switch-mgmt-48", "switch-storage-eth-32"} <= kinds
    assert _unpriced_hardware(bom) == []


def test_vgpu_licences_are_nvidias_list_prices(doc):
    """NVIDIA vGPU Packaging, Pricing, and Licensing Guide: annual subscription per concurrent user,
    vPC USD 50 and RTX vWS USD 250."""
    assert doc["items"]["software-vgpu"]["unit_price"] == 250
    assert doc["items"]["software-vgpu-vpc"]["unit_price"] == 50
    for item_id in ("software-vgpu", "software-vgpu-vpc"):
        assert doc["items"][item_id]["unit"] == "per user-year"
        assert doc["items"][item_id]["confidence"] == "list"


def test_the_scenario_pue_is_the_price_files_industry_average(doc):
    """One fact, one place: the scenario's default PUE is the price file's sourced ``pue_air``
    (Uptime Institute Global Data Center Survey 2025, 1.54); the constant exists so that the
    scenario model does not read the price file when it is imported."""
    from configurator.core.formulas import economics
    from configurator.core.scenario import Economics

    assert economics.PUE == doc["rates"]["pue_air"]["value"] == 1.54
    assert Economics().pue == economics.PUE


def test_the_scenario_electricity_is_the_price_files_us_industrial_average(doc):
    """One fact, one place: the scenario's default electricity price is the price file's sourced
    ``electricity_usd_per_kwh`` (U.S. EIA, 2025 industrial mean, 0.0861 USD/kWh; was 0.10, an
    assumption); a CNY scenario starts from ``electricity_cny_per_kwh``."""
    from configurator.core.currency import default_electricity
    from configurator.core.formulas import economics
    from configurator.core.scenario import Economics

    assert economics.ELECTRICITY_PER_KWH == doc["rates"]["electricity_usd_per_kwh"]["value"] == 0.0861
    assert Economics().electricity_per_kwh == economics.ELECTRICITY_PER_KWH
    assert default_electricity("CNY", 7.0) == doc["rates"]["electricity_cny_per_kwh"]["value"]
