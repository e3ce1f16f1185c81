"""One host rule for every bill (desk1, session 44): one or two actively cooled graphics or workstation boards are
bought in one deskside workstation, not a rack server. Until December 2026 only ``what-fits --budget`` did so
(cards44); ``estimate``, ``recommend`` and ``report`` billed ``--card rtx-4090 --count 1`` in a 2U server with its
42U rack, a data hall's PUE and colocation. Passive data-centre boards, three cards or more, virtual desktops
served from a data centre and cards already owned keep their servers."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.host import at_a_workstation, in_office
from configurator.core.procurement.workstations import WORKSTATION_ITEM, workstation_item, workstations_unpriced
from configurator.core.scenario import updated

LORA = ["--workload", "lora", "--model", "qwen2.5-7b"]
"""The brief's fine-tune: LoRA on Qwen 2.5 7B."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(catalog, card: str, count: int, *more: str):
    argv = ["estimate", *LORA, "--card", card, "--count", str(count), *more]
    return scenario_from_args(build_parser().parse_args(argv), catalog)


def _cost(catalog, card: str, count: int, *more: str):
    return deployment_cost(estimate(_scenario(catalog, card, count, *more), catalog.get(card)))


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.mark.parametrize(("card", "count", "deskside"), [
    ("rtx-4090", 1, True), ("rtx-4090", 2, True), ("rtx-a6000", 2, True),  # own fans, one tower
    ("rtx-pro-6000-blackwell", 1, True),  # a flow-through cooler belongs in a workstation
    ("rtx-4090", 3, False),  # a third board: a rack server's slots and airflow
    ("l40", 1, False), ("a40", 1, False),  # passive data-centre boards: a server's airflow
    ("dgx-spark-gb10", 1, False),  # a desktop system: no host at all
    ("h100-pcie", 1, False), ("a10", 1, False),  # data-centre classes
])
def test_which_boards_go_in_a_deskside_workstation(catalog, card, count, deskside):
    assert at_a_workstation(_scenario(catalog, card, count), catalog.get(card)) is deskside


def test_virtual_desktops_and_owned_cards_keep_their_servers(catalog):
    card = catalog.get("rtx-a6000")
    served = scenario_from_args(build_parser().parse_args(
        ["estimate", "--workload", "vdi", "--users", "4", "--user-class", "designer", "--card", "rtx-a6000",
         "--count", "1"]), catalog)
    assert not at_a_workstation(served, card)  # remote desktops: a data centre's vGPU server
    owned = updated(_scenario(catalog, "rtx-a6000", 1), economics={"owned_cards": 1})
    assert not at_a_workstation(owned, card)


def test_one_desktop_card_is_billed_in_a_workstation_not_a_rack(catalog):
    cost = _cost(catalog, "rtx-4090", 1)
    bom = cost.bom
    assert bom.host == "workstation" and bom.racks == 0 and bom.servers == 1
    assert {line.item_id for line in bom.lines} == {"rtx-4090", WORKSTATION_ITEM}  # no server, rack or network
    assert workstations_unpriced(bom) == 1  # the workstation's price is null: excluded, and said
    card_line = next(line for line in bom.lines if line.item_id != WORKSTATION_ITEM)
    assert bom.capex == pytest.approx(card_line.total)  # the card alone: 150,740 CNY-class servers and racks gone
    assert cost.ranked_per_unit == pytest.approx(cost.tco_per_unit)  # ranked on the priced part


def test_two_cards_share_one_workstation_three_go_to_a_server(catalog):
    two, three = _cost(catalog, "rtx-4090", 2).bom, _cost(catalog, "rtx-4090", 3).bom
    assert two.host == "workstation" and two.servers == 1 and two.gpus_per_server == 2
    assert three.host == "server" and three.racks >= 1


def test_an_office_takes_no_pue_and_no_colocation(catalog):
    scenario = _scenario(catalog, "rtx-4090", 1, "--pue", "1.6")
    scenario = updated(scenario, economics={"colocation_per_kw_month": 150.0})
    card = catalog.get("rtx-4090")
    assert in_office(scenario, card)
    est = estimate(scenario, card)
    e = scenario.economics
    assert est.power.facility_watts == pytest.approx(450.0 * e.power_fraction)  # 450 W board, PUE 1 (not 1.6)
    own = deployment_cost(est).ownership
    assert own.colocation_per_year == 0.0
    server = _scenario(catalog, "rtx-4090", 3, "--pue", "1.6")
    assert estimate(server, card).power.facility_watts > 3 * 450.0 * e.power_fraction * 1.5  # a data hall's PUE


@pytest.mark.parametrize(("language", "said", "energy"), [
    ("en", "1 × GeForce RTX 4090, in 1 deskside workstation: no server, no rack", "Energy (office, no PUE"),
    ("zh_CN", "1 × GeForce RTX 4090，装在 1 台桌边工作站中：无需服务器，无需机柜", "办公室，不计 PUE"),
])
def test_the_report_says_the_workstation(capsys, tmp_path, language, said, energy):
    out = tmp_path / "summary.md"
    _run(capsys, "report", *LORA, "--card", "rtx-4090", "--count", "1", "--lang", language, "-o", str(out))
    text = out.read_text(encoding="utf-8")
    assert said in text and energy in text and WORKSTATION_ITEM in text
    assert "42U" not in text and "server-pcie" not in text


def test_recommend_json_says_the_rows_capex_excludes_the_workstation(capsys):
    data = json.loads(_run(capsys, "recommend", *LORA, "--classes", "graphics", "--json"))
    ranked = data["ranked"]
    desk = [r for r in ranked if r["count"] <= 2]
    # one card in the one-card box, two in the two-card box (workstation-2gpu; until December 2026 both 1gpu)
    assert desk and all(r["excludes"] == {"item": workstation_item(r["count"]), "count": 1} for r in desk)
    assert {r["excludes"]["item"] for r in desk} <= {WORKSTATION_ITEM, "workstation-2gpu"}


def test_what_a_data_hall_needs_is_said_set_aside(catalog):
    scenario = updated(_scenario(catalog, "rtx-4090", 1, "--pue", "1.6"),
                       economics={"colocation_per_kw_month": 150.0}, constraints={"rack_power_kw": 5.0})
    notes = {m.id for m in deployment_cost(estimate(scenario, catalog.get("rtx-4090"))).bom.notes}
    assert {"deskside-workstation", "desks-pue-not-applied", "desks-no-colocation", "desks-no-server-power"} <= notes
    plain = {m.id for m in _cost(catalog, "rtx-4090", 1).bom.notes}
    assert plain == {"deskside-workstation"}  # the defaults: nothing set aside to say


def test_a_flow_through_board_is_refused_in_a_server_not_at_a_workstation(catalog):
    """One or two RTX PRO 6000 Blackwell Workstation Edition go in a deskside workstation, where its fans belong:
    the bill can be built; eight need rack servers, which do not take them (host.refused_in_servers): the
    summary says it cannot be built; owned or rented boards are not refused (housed already, or by the
    provider)."""
    from configurator.core.architecture import preset
    from configurator.core.procurement.host import refused_in_servers
    from configurator.core.scenario import Scenario
    from configurator.report.summary import build_summary

    card = catalog.get("rtx-pro-6000-blackwell")

    def scenario(count: int, **more) -> Scenario:
        return Scenario(**{"model": preset("llama3-8b"), "card_id": card.id, "count": count, "workload": "render",
                           "graphics": {"frames": 2000}, **more})

    def status(count: int) -> str:
        return build_summary(estimate(scenario(count), card), catalog, "en").status

    assert "cannot be built" not in status(2) and "cannot be built" in status(8)
    assert refused_in_servers(scenario(8), card) and not refused_in_servers(scenario(2), card)
    assert not refused_in_servers(scenario(8, economics={"owned_cards": 8}), card)
    assert not refused_in_servers(scenario(8, constraints={"budget": 1e5, "budget_basis": "rent"}), card)
    assert not refused_in_servers(scenario(8, card_id="rtx-pro-6000-blackwell-server"),
                                  catalog.get("rtx-pro-6000-blackwell-server"))


def test_a_deskside_workstation_shows_no_colocation_row():
    """A deskside workstation is in an office (host.in_office): like the desks, its TCO has no colocation row
    (core.desks.charges_left_out, read by the bill panel and the summary's TCO table)."""
    from configurator.core.architecture import preset
    from configurator.core.desks import charges_left_out
    from configurator.core.scenario import Scenario

    scenario = Scenario(model=preset("llama3-8b"), card_id="rtx-4090", count=1, workload="lora")
    assert charges_left_out(scenario, 0.0) == frozenset()  # a data hall: every row
    assert charges_left_out(scenario, 0.0, office=True) == {"colocation", "licences"}
    assert charges_left_out(scenario, 120.0, office=True) == {"colocation"}
