"""Rent-or-buy facts held as data, and owned cards counted the same on both sides (session 40, rentfacts).

Whether a cloud price includes the NVIDIA vGPU licence was read from the entry's source and note with a
regex ("Standard_NV", "NVads"); it is now the price entry's field ``vgpu_licence_included`` (true on
Azure's NVadsA10 v5 with Microsoft Learn's words in its note, null where the sources do not say). And
with cards already owned, the rent side rented every GPU of the bill while buying paid only for those
not owned (4 H100 SXM owned of 8: renting 8 cards 496,506 USD against buying 216,763 USD over 3 years);
now only the GPUs beyond those owned are rented, the owned ones run either way, their power on both
sides, and the line, the JSON and the summary's TCO table say so."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from pydantic import ValidationError

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.card import PriceEntry
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.graphics import vgpu_licence
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.tco import rent_includes_vgpu_licence, rent_per_year_at, rent_vs_buy_curve
from configurator.core.recommend_costs import rent_or_buy
from configurator.core.scenario import Scenario

CATALOG_FILE = "catalog.json"
OWNED_4 = ["--workload", "inference", "--model", "llama3-70b", "--concurrency", "100", "--years", "3",
           "--owned", "h100-sxm:4", "--vendor", "NVIDIA"]
"""8 H100 SXM needed (one HGX server), 4 already owned: the first of NVIDIA's cards."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _desktop_scenario(card_id: str) -> Scenario:
    return Scenario.model_validate({"workload": "vdi", "model": preset("llama3-8b").model_dump(), "card_id": card_id,
                                    "count": 8, "graphics": {"users": 100}, "economics": {"amortisation_years": 3}})


def _served(catalog, card_id: str, count: int, owned: int):
    data = {"workload": "inference", "model": preset("llama3-70b").model_dump(), "card_id": card_id, "count": count,
            "serving": {"concurrency": 100}, "economics": {"amortisation_years": 3, "owned_cards": owned}}
    est = estimate(Scenario.model_validate(data), catalog.get(card_id))
    return est, deployment_cost(est)


# ---- 1. the vGPU licence in a rent: a field of the price entry -----------------------------------

def test_every_rent_of_a_card_a_desktop_licences_states_whether_it_includes_the_licence(catalog):
    """Every cloud price of a card whose desktops need an NVIDIA vGPU licence writes
    ``vgpu_licence_included`` out: true only with the provider's words in the note, else null (the
    sources do not say) or false."""
    with open(CATALOG_FILE, encoding="utf-8") as handle:
        document = json.load(handle)
    stated = {}
    for raw in document["cards"]:
        card = catalog.get(raw["id"])
        if vgpu_licence(_desktop_scenario(card.id), card) is None:
            continue
        for price in raw.get("prices", []):
            if price["kind"] != "cloud-hourly":
                continue
            assert "vgpu_licence_included" in price, (card.id, price["provider"])
            assert price["vgpu_licence_included"] in (True, False, None)
            if price["vgpu_licence_included"] is True:
                assert "licen" in price.get("note", ""), (card.id, price["provider"])
            stated[(card.id, price["provider"])] = price["vgpu_licence_included"]
    assert len(stated) >= 40
    assert stated[("a10", "Azure")] is True and stated[("a10", "Lambda")] is None
    assert "prices[].vgpu_licence_included" in document["units"]


def test_the_licence_fact_is_a_rents_field_only():
    base = {"amount": 1.0, "currency": "USD", "date": "2026-03", "source": "a provider's page"}
    assert PriceEntry(**base, kind="cloud-hourly", vgpu_licence_included=True).vgpu_licence_included is True
    assert PriceEntry(**base, kind="cloud-hourly").vgpu_licence_included is None
    with pytest.raises(ValidationError, match="vgpu_licence_included"):
        PriceEntry(**base, kind="street", vgpu_licence_included=False)


def test_the_field_not_the_words_decides(catalog):
    """The Azure entry's source still names Standard_NV36ads_A10_v5; with the field null the licence is
    not taken as included (no text is read for it), and with it true it is."""
    est = estimate(_desktop_scenario("a10"), catalog.get("a10"))
    prices = est.costs.prices
    assert prices.cloud.entry.provider == "Azure" and "Standard_NV" in prices.cloud.entry.source
    assert rent_includes_vgpu_licence(prices)
    unknown = replace(prices, cloud=replace(prices.cloud, entry=prices.cloud.entry.model_copy(
        update={"vgpu_licence_included": None})))
    assert not rent_includes_vgpu_licence(unknown)
    assert not rent_includes_vgpu_licence(None)


# ---- 2. cards already owned: only the shortfall is rented ----------------------------------------

def test_only_the_gpus_beyond_those_owned_are_rented_and_the_owned_run_on_both_sides(catalog):
    est, cost = _served(catalog, "h100-sxm", 8, 4)
    own, compared = cost.ownership, cost.compared
    assert (compared.gpus, compared.owned, compared.used) == (4, 4, 8)
    assert compared.gpus + compared.owned == cost.bom.gpus_bought
    full = rent_per_year_at(est.card, est.scenario, 1.0, est.costs.prices, compared.gpus)
    owned_energy = own.energy_per_year / own.utilisation * 4 / 8
    assert compared.owned_running_at(1.0) == pytest.approx(owned_energy + own.colocation_per_year / 2)
    assert compared.per_year == pytest.approx(full * own.utilisation + compared.licences_per_year
                                              + compared.owned_running_at(own.utilisation))
    u = compared.break_even_utilisation
    assert u is not None and own.per_year_at(u) == pytest.approx(compared.per_year_at(u, full))
    # the chart draws the same rent
    curve = dict((round(x, 2), r) for x, _, r in rent_vs_buy_curve(own, est.card, est.scenario, compared))
    assert curve[1.0] == pytest.approx(compared.per_year_at(1.0, full))
    # nothing owned: every GPU of the bill is rented, as before
    _, alone = _served(catalog, "h100-sxm", 8, 0)
    assert (alone.compared.gpus, alone.compared.owned, alone.compared.owned_running_at(1.0)) == (8, 0, 0.0)


def test_with_every_card_owned_nothing_is_rented(catalog):
    est, cost = _served(catalog, "h100-sxm", 8, 8)
    compared = cost.compared
    assert (compared.gpus, compared.per_year, compared.break_even_utilisation) == (0, None, None)
    said = rent_or_buy(est, cost)
    assert said.id == "rent-or-buy-all-owned"
    assert "the 8 cards the configuration needs are already owned" in said.text
    assert "配置所需的 8 张卡均已拥有" in said.text_in("zh_CN")
    assert all(r is None for _, _, r in rent_vs_buy_curve(cost.ownership, est.card, est.scenario, compared))


def test_the_line_the_json_and_the_summary_say_the_same_rent(tmp_path, capsys):
    rented_en = "the 4 GPUs the bill buys beyond the 4 already owned"
    rented_zh = "账单在已拥有的 4 张之外购买的 4 张卡"
    assert main(["recommend", *OWNED_4, "--limit", "1"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("Rent or buy:") and rented_en in line
    assert "the owned cards' power and colocation count on both sides" in line
    assert main(["recommend", *OWNED_4, "--limit", "1", "--lang", "zh_CN"]) == 0
    assert rented_zh in capsys.readouterr().out.strip().splitlines()[-1]
    assert main(["recommend", *OWNED_4, "--limit", "1", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["ranked"][0]
    said = first["rent_or_buy"]
    assert (said["gpus"], said["owned"], said["used"]) == (4, 4, 8)
    assert said["owned_running_per_year"] > 0
    assert rented_en in said["said"]["text"]
    rent = f"{said['rent_per_year'] * 3:,.0f} USD"
    assert rent in line
    for language, basis, row in (("en", "Rented and bought", rented_en), ("zh_CN", "租用与购买均按", rented_zh)):
        path = tmp_path / f"summary-{language}.md"
        assert main(["report", *OWNED_4, "--lang", language, "-o", str(path)]) == 0, capsys.readouterr().err
        rows = dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", path.read_text(encoding="utf-8"), re.M))
        assert row in rows[basis]


def test_owned_cards_that_carry_the_configuration_need_none_rented(catalog):
    """4 H100 SXM needed and 4 owned: the 4 owned come in their HGX server, whose other 4 places are empty
    (session 42: until then the bill counted those places as GPUs bought, 4 of them "rented" against it), so
    nothing is left to rent and the line says so."""
    est, cost = _served(catalog, "h100-sxm", 4, 4)
    assert (cost.compared.gpus, cost.compared.owned) == (0, 4)
    said = rent_or_buy(est, cost)
    assert "the 4 cards the configuration needs are already owned, so no card is left to rent" in said.text
    assert "配置所需的 4 张卡均已拥有，没有可用租用代替购买的卡" in said.text_in("zh_CN")

