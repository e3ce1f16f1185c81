"""Owned cards that do not fill a server (session 42, ownedsxm): SXM modules exist only on a server's
baseboard, so 4 owned H100 SXM are an 8-GPU HGX server of the buyer's with 4 empty places (the price
file lists no 4-GPU HGX server). Until then the bill bought an empty 50,000 USD server for them and drew
idle power for 4 modules that do not exist. PCIe cards owned go into the slots of the servers bought."""

from __future__ import annotations

import json

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost, deployment_cost_to_dict
from configurator.core.scenario import Scenario

CATALOG = load_bundled_catalog()
H100_TDP_W, HGX_HOST_W, IDLE_W = 700.0, 4600.0, 70.0  # the catalog's board power, the price file's host power


def _bill(card_id: str, count: int, owned: int):
    s = Scenario(model=preset("llama3-70b"), workload="inference", card_id=card_id, count=count,
                 economics={"owned_cards": owned})
    cost = deployment_cost(estimate(s, CATALOG.get(card_id)))
    return cost, deployment_cost_to_dict(cost)


def _lines(bill: dict, kind: str) -> dict[str, float]:
    return {line["role"]: line["quantity"] for line in bill["items"] if line["kind"] == kind}


def _notes(cost) -> list[str]:
    return [note.id for note in cost.bom.notes]


@pytest.mark.parametrize(("count", "owned", "cards", "servers", "notes"), [
    (8, 4, {"": 4, "owned": 4}, {"owned": 1}, ["bill-owned-server", "bill-owned-places-filled"]),
    (4, 4, {"owned": 4}, {"owned": 1}, ["bill-owned-server", "bill-owned-places-empty"]),
    (4, 8, {"owned": 8}, {"owned": 1}, ["bill-owned-server", "bill-owned-idle"]),
    (16, 4, {"": 12, "owned": 4}, {"": 1, "owned": 1}, ["bill-owned-server", "bill-owned-places-filled"]),
    (12, 4, {"": 8, "owned": 4}, {"": 1, "owned": 1}, ["bill-owned-server", "bill-owned-places-empty"]),
    (4, 16, {"owned": 8}, {"owned": 1}, ["bill-owned-server", "bill-owned-idle", "bill-owned-left-servers"]),
])
def test_owned_h100_sxm_come_with_their_server_and_the_rest_fill_it_first(count, owned, cards, servers, notes):
    """No server is bought for owned modules, none counted twice; cards still needed go into the owned
    server's empty places, then into whole servers; the bill's notes say which."""
    cost, bill = _bill("h100-sxm", count, owned)
    assert _lines(bill, "accelerator") == cards and _lines(bill, "server") == servers
    assert _notes(cost)[:len(notes)] == notes
    assert bill["owned"] == {"cards": cards["owned"], "servers": servers["owned"]}


@pytest.mark.parametrize(("count", "owned", "working", "idle", "servers"), [
    (4, 4, 4, 0, 1),  # 4 empty places draw nothing (until session 42: 4 × 70 W)
    (4, 8, 4, 4, 1),  # 4 owned given no work, in the server that runs: idle power
    (4, 16, 4, 4, 1),  # the second owned server is left off: not counted
    (12, 4, 12, 0, 2),
])
def test_the_it_load_counts_only_modules_that_are_there(count, owned, working, idle, servers):
    cost, bill = _bill("h100-sxm", count, owned)
    expected = (working * H100_TDP_W + idle * IDLE_W + servers * HGX_HOST_W) / 1000
    assert bill["it_kw"] == pytest.approx(expected, abs=1e-3)


def test_no_server_bought_for_4_owned_of_8_saves_the_server():
    bought, _ = _bill("h100-sxm", 8, 0)
    half, _ = _bill("h100-sxm", 8, 4)
    price = next(line.unit_price for line in bought.bom.lines if line.kind == "accelerator")
    server = next(line.unit_price for line in bought.bom.lines if line.kind == "server")
    assert bought.bom.capex - half.bom.capex == pytest.approx(4 * price + server)
    assert half.compared is None or half.compared.gpus == 4  # rent against buy: the 4 bought


def test_owned_pcie_cards_go_into_a_bought_servers_slots():
    cost, bill = _bill("l40s", 4, 2)
    assert _lines(bill, "accelerator") == {"": 2, "owned": 2} and _lines(bill, "server") == {"": 1}
    assert _notes(cost) [:1] == ["bill-owned-in-slots"]
    note = cost.bom.notes[0]
    assert note.text == "Already owned, cards sold singly: 2 × L40S, in the slots of the servers bought"
    assert note.text_in("zh_CN") == "已拥有的 2 × L40S 为单独销售的板卡，装入所购服务器的插槽"


@pytest.mark.parametrize(("count", "owned", "left"), [(8, 8, 0), (4, 8, 4)])
def test_owned_pcie_cards_come_with_no_server_even_as_many_as_it_holds(count, owned, left):
    """A PCIe card is sold singly: owning 8 L40S is not owning their 8-slot server (until session 42 owned
    PCIe cards as many as the layout's share of a server were read as a server owned)."""
    cost, bill = _bill("l40s", count, owned)
    assert _lines(bill, "server") == {"": 1} and bill["owned"] == {"cards": count, "servers": 0}
    assert _notes(cost)[:2] == ["bill-owned-in-slots"] + (["bill-owned-left"] if left else [])


def test_the_notes_say_which_server_in_both_languages():
    cost, _ = _bill("h100-sxm", 8, 4)
    first, filled = cost.bom.notes[:2]
    assert first.text.startswith("Already owned: 4 × H100 SXM5 80GB in one 8-GPU server of yours (server-hgx-8), "
                                 "not bought")
    assert filled.text == "Bought into empty places of the servers owned: 4 × H100 SXM5 80GB, no server bought for them"
    assert first.text_in("zh_CN").startswith("已拥有的 4 × H100 SXM5 80GB 装在您自有的 1 台 8 卡服务器（server-hgx-8）中")
    assert filled.text_in("zh_CN") == "另购的 4 × H100 SXM5 80GB 装入自有服务器的空位，无需为其购买服务器"
    idle, _ = _bill("h100-sxm", 4, 8)
    said = idle.bom.notes[1]
    assert "counted at idle power (70 W each), as the server they are in runs" in said.text
    assert "按空闲功耗（每个 70 W）计入，因其所在服务器在运行" in said.text_in("zh_CN")


def test_recommend_json_says_what_is_owned_and_the_row_no_whole_servers(capsys):
    """``recommend --owned h100-sxm:4``: the H100 row's bill owns the 4 cards and their server, buys 4
    modules (144,000 USD with the rack: no 50,000 USD server), and does not say "bought in whole servers"."""
    from configurator.cli import main

    assert main(["recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "64",
                 "--owned", "h100-sxm:4", "--limit", "10", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["ranked"]
    row = next(r for r in rows if r["card"]["id"] == "h100-sxm")
    assert row["bom"]["owned"] == {"cards": 4, "servers": 1}
    assert row["bom"]["capex"] == pytest.approx(4 * 33_500 + 10_000)
    assert not any(said["id"] == "whole-servers" for said in row["reason_ids"])
    assert row["reason_ids"][0]["id"] == "owned-row-some-places"  # the 4 bought go into the owned server
    other = next(r for r in rows if r["card"]["id"] != "h100-sxm")  # another class than owned: nothing owned
    assert other["bom"]["owned"] == {"cards": 0, "servers": 0}
