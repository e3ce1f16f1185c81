"""Rent or buy compares like with like (session 39, rentbuy2): for 8 GB200 ranked by rent the line set
8 RENTED GPUs (764,115 USD over 3 years) against a whole BOUGHT NVL72 rack (3,496,407 USD) and said
renting is cheaper at any utilisation. Both sides now count the GPUs the bill of materials buys, in its
purchase unit (:func:`configurator.core.procurement.servers.gpus_bought`), said in the line, the JSON
and the summary's TCO table; a desktop bill's vGPU licences count on both sides unless the rent's price
includes them; and the month from which renting has cost more than buying and running is said."""

from __future__ import annotations

import json
import re

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.tco import rent_per_year_at
from configurator.core.recommend_costs import rent_or_buy
from configurator.core.scenario import Scenario

GB200_BY_RENT = ["recommend", "--workload", "inference", "--model", "llama3.1-405b", "--concurrency", "20",
                 "--years", "3", "--vendor", "NVIDIA", "--objective", "cloud"]


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _cost(catalog, card_id: str, count: int, **more):
    data = {"workload": "inference", "model": preset("llama3-70b").model_dump(), "card_id": card_id, "count": count,
            "serving": {"concurrency": 20}, "economics": {"amortisation_years": 3}, **more}
    est = estimate(Scenario.model_validate(data), catalog.get(card_id))
    return est, deployment_cost(est)


def _desktops(catalog, card_id: str, count: int):
    data = {"workload": "vdi", "model": preset("llama3-8b").model_dump(), "card_id": card_id, "count": count,
            "graphics": {"users": 100}, "economics": {"amortisation_years": 3}}
    est = estimate(Scenario.model_validate(data), catalog.get(card_id))
    return est, deployment_cost(est)


@pytest.mark.parametrize(("card_id", "count", "gpus", "unit"), [
    ("gb200", 2, 72, "system"),  # 2 GB200 are bought as one NVL72 rack
    ("h100-sxm", 1, 8, "server"),  # one SXM module comes on a full 8-GPU HGX baseboard
    ("l40s", 8, 8, "card"),  # a PCIe card is bought by the card
    ("h100-sxm", 16, 16, "server"),  # whole servers, every place used
])
def test_both_sides_count_the_gpus_the_bill_buys(catalog, card_id, count, gpus, unit):
    est, cost = _cost(catalog, card_id, count)
    compared = cost.compared
    assert (compared.gpus, compared.unit, compared.used) == (gpus, unit, count)
    assert cost.bom.gpus_bought == gpus and cost.bom.purchase_unit == unit
    hourly = est.costs.prices.cloud_per_hour
    assert compared.per_year == pytest.approx(hourly * gpus * 8766 * est.scenario.economics.utilisation)
    # the renter's own rent stays the configuration's cards
    assert cost.rent_per_year == pytest.approx(compared.per_year * count / gpus)


def test_an_a16_is_rented_by_the_board_it_is_bought_in(catalog):
    est, cost = _desktops(catalog, "a16-gpu", 6)
    assert (cost.compared.gpus, cost.compared.unit, cost.compared.used) == (8, "board", 6)
    assert "renting the 8 GPUs the bill buys in whole boards (the configuration uses 6)" in rent_or_buy(est, cost).text


def test_the_break_evens_are_where_the_two_sides_meet(catalog):
    est, cost = _cost(catalog, "h100-sxm", 8)
    own, compared = cost.ownership, cost.compared
    u = compared.break_even_utilisation
    assert u is not None and 0 < u < 1
    assert own.per_year_at(u) == pytest.approx(rent_per_year_at(est.card, est.scenario, u, gpus=compared.gpus))
    m = compared.break_even_month  # renting m months costs the capex plus m months of running
    assert m is not None and 0 < m <= 36
    assert compared.per_year * m / 12 == pytest.approx(own.capex + own.opex_per_year * m / 12)


def test_the_line_rents_the_whole_rack_it_compares_with(capsys):
    assert main(GB200_BY_RENT) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1].replace("\xa0", " ")
    assert "renting the 72 GPUs the bill buys in whole rack-scale systems (the configuration uses 8)" in line
    rent, buy = (float(x.replace(",", "")) for x in re.findall(r"costs ([\d,]+) USD, buying ([\d,]+) USD", line)[0])
    assert rent > buy  # 72 rented GPUs against the 72 bought: buying pays off (it did not for 8 against 72)
    assert re.search(r"buying pays off above \d+ % utilisation; from month \d+ renting has cost more", line)
    # the buyer's other choice, since a cloud rents by the GPU: only the 8 used, cheaper than the rack
    used = float(re.search(r"renting only the 8 GPUs the configuration uses costs ([\d,]+) USD, less than buying: "
                           r"for this job alone renting is cheaper", line)[1].replace(",", ""))
    assert used < buy < rent


def test_the_line_in_chinese_says_the_unit(capsys):
    assert main([*GB200_BY_RENT, "--lang", "zh_CN"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert "租用账单按整套机柜级系统购买的 72 张卡（配置使用其中 8 张）需" in line
    assert re.search(r"从第 \d+ 个月起，租用的累计花费超过购买并运行", line)
    assert re.search(r"只租用配置实际使用的 8 张卡需 [\d,.]+\s万元，低于购买：仅就此作业而言租用更便宜", line)


def test_the_json_says_what_both_sides_count(capsys):
    assert main([*GB200_BY_RENT, "--limit", "1", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["ranked"][0]
    said = first["rent_or_buy"]
    assert (said["gpus"], said["used"], said["unit"]) == (72, 8, "system")
    assert said["said"]["id"] == "rent-or-buy-then" and said["break_even_month"] is not None


def test_a_cloud_desktop_that_includes_the_vgpu_licence_is_not_charged_it_twice(catalog):
    """The A10's rent is Azure's NVadsA10 v5 ("Each virtual machine instance … comes with a GRID
    license"): the bill's vPC licences count on buying only, and the line says so."""
    est, cost = _desktops(catalog, "a10", 8)
    compared = cost.compared
    assert cost.ownership.licences_per_year > 0
    assert compared.licences_in_rent == pytest.approx(cost.ownership.licences_per_year)
    assert compared.licences_per_year == 0
    said = rent_or_buy(est, cost)
    assert "the cloud price includes the NVIDIA vGPU licence (Azure)" in said.text
    assert "云租用价已含 NVIDIA vGPU 许可证（Azure）" in said.text_in("zh_CN")


def test_a_cloud_desktop_whose_price_says_nothing_of_licences_pays_them_too(catalog):
    est, cost = _desktops(catalog, "l40s", 4)
    own, compared = cost.ownership, cost.compared
    assert compared.licences_in_rent == 0
    assert compared.licences_per_year == pytest.approx(own.licences_per_year) and own.licences_per_year > 0
    full = rent_per_year_at(est.card, est.scenario, 1.0, gpus=compared.gpus)
    assert compared.per_year == pytest.approx(full * own.utilisation + own.licences_per_year)
    u = compared.break_even_utilisation
    if u is not None:  # the licences on both sides cancel at the crossing
        assert own.per_year_at(u) == pytest.approx(full * u + own.licences_per_year)
    assert "are counted on the rent too" in rent_or_buy(est, cost).text


def test_the_summary_tco_table_says_what_is_rented(tmp_path, capsys):
    for language, basis, row in (("en", "Rented and bought", "the 72 GPUs the bill buys in whole rack-scale systems"),
                                 ("zh_CN", "租用与购买均按", "账单按整套机柜级系统购买的 72 张卡")):
        path = tmp_path / f"summary-{language}.md"
        args = ["report", *GB200_BY_RENT[1:], "--lang", language, "-o", str(path)]
        assert main(args) == 0, capsys.readouterr().err
        rows = dict(re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", path.read_text(encoding="utf-8"), re.M))
        assert row in rows[basis]
