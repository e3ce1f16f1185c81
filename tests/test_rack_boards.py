"""The one rule for workstation boards in rack servers (procurement/servers.py ``rack_server_boards``,
procurement/host.py ``refused_in_servers`` / ``housing_verdict``): a board whose fans blow its heat into the case
(the RTX PRO 6000 Blackwell Workstation Edition, 600 W, flow-through) goes only in a deskside workstation, up to
two; none in a standard rack server. Through public names: the catalog's cooler field, an estimate's verdicts and
JSON, and the chatbot's ranking (persona51, "seen and left" 4)."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.procurement.servers import CARDS_PER_DESKSIDE, rack_server_boards
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_budget import budget_short
from configurator.core.scenario import Scenario


def test_only_boards_with_fans_into_the_case_are_kept_out_of_rack_servers(catalog):
    """The rule reads the catalog's sourced cooler: flow-through and active-fan PCIe boards take none; passive,
    blower, liquid and unstated coolers (GeForce cards in their partners' designs) leave it to the slots."""
    refused = {c.id for c in catalog.cards if rack_server_boards(c) == 0}
    assert refused == {c.id for c in catalog.cards if c.cooling is not None
                       and c.cooling.kind in ("flow-through", "active-fan")}
    assert "rtx-pro-6000-blackwell" in refused
    assert not refused & {"rtx-pro-6000-blackwell-server", "rtx-pro-6000-blackwell-maxq", "rtx-a6000",
                          "rtx-6000-ada", "l40s", "rtx-4090", "rtx-5090", "h100-sxm"}


def test_a_rack_edition_named_by_the_catalog_is_a_passive_card_of_it(catalog):
    """``cooling.rack_edition`` names a card of the catalog whose cooler a rack server takes."""
    named = {c.id: c.cooling.rack_edition for c in catalog.cards if c.cooling is not None and c.cooling.rack_edition}
    assert named == {"rtx-pro-6000-blackwell": "rtx-pro-6000-blackwell-server"}
    for edition in named.values():
        assert catalog.get(edition).cooling.kind == "passive" and rack_server_boards(catalog.get(edition)) is None


def _chat(card_id: str, count: int) -> Scenario:
    return Scenario(model=preset("llama3.1-8b"), card_id=card_id, count=count, workload="inference",
                    serving={"concurrency": 200})


def test_eight_workstation_boards_break_the_housing_rule_two_do_not(catalog):
    """8 × RTX PRO 6000 Blackwell Workstation Edition in rack servers: a ``housing`` verdict, not met, in the
    estimate's violations and JSON, worded in both languages; 2 of them (one deskside workstation) and 8 of the
    Server Edition: none."""
    card = catalog.get("rtx-pro-6000-blackwell")
    eight = estimate(_chat(card.id, 8), card)
    housing = [v for v in eight.violations if v.id == "housing"]
    assert len(housing) == 1 and housing[0].target == CARDS_PER_DESKSIDE and housing[0].actual == 8
    assert housing[0].to_dict()["id"] == "housing" and housing[0].kind == "rule"
    assert housing[0].message.text == (
        "RTX PRO 6000 Blackwell Workstation Edition is a workstation board, its fans blowing into the case: up to 2 "
        "in a deskside workstation, none in a standard rack server — 8 cards need rack servers, which take the "
        "RTX PRO 6000 Blackwell Server Edition")
    zh = housing[0].message.text_in("zh_CN")
    assert "最多装 2 张" in zh and "服务器版" in zh and "毫秒" not in zh
    assert not [v for v in estimate(_chat(card.id, 2), card).verdicts if v.id == "housing"]
    server = catalog.get("rtx-pro-6000-blackwell-server")
    assert not [v for v in estimate(_chat(server.id, 8), server).verdicts if v.id == "housing"]


def test_the_chatbot_nearest_over_budget_is_not_a_bill_that_cannot_be_built(catalog):
    """Llama 3.1 8B for 2,000 users at once, 100,000 USD: the nearest over budget was 8 × RTX PRO 6000 Blackwell
    Workstation Edition in one 8-slot server (118,800 USD); now a card a server takes, and the Workstation
    Edition is left out with the rule's words."""
    scenario = Scenario(model=preset("llama3.1-8b"), card_id="h100-sxm", count=1, workload="inference",
                        serving={"concurrency": 2000}, constraints={"budget": 100_000.0})
    result = recommend(scenario, catalog, Objective.TCO, limit=10)
    nearest = budget_short(result)
    assert nearest is not None and nearest.card.id != "rtx-pro-6000-blackwell"
    assert "none in a standard rack server" in result.left_out["rtx-pro-6000-blackwell"].text


def test_a_ranking_by_rent_keeps_the_workstation_board_a_provider_rents(catalog):
    """A rent is no bill: ranked by rent with no budget set, 48 × RTX PRO 6000 Blackwell Workstation Edition (RunPod
    rents it by the GPU-hour) is ranked again, as before the rule (first, 0.0956 USD a frame); bought, refused."""
    from configurator.core.recommend import Filters

    scenario = Scenario(model=preset("llama3-8b"), card_id="rtx-pro-6000-blackwell", count=8, workload="render",
                        graphics={"frames": 20000}, constraints={"deadline_hours": 24.0})
    named = Filters(cards=("rtx-pro-6000-blackwell", "rtx-pro-6000-blackwell-server"))
    by_rent = recommend(scenario, catalog, Objective.CLOUD, named)
    assert by_rent.ranked[0].card.id == "rtx-pro-6000-blackwell" and by_rent.ranked[0].count == 48
    bought = recommend(scenario, catalog, Objective.TCO, named)
    assert [r.card.id for r in bought.ranked] == ["rtx-pro-6000-blackwell-server"]
