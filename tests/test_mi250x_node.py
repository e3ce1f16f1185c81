"""The MI250X and the GH200 are bought as the 4-card nodes they are sold in (session 28).

The MI250X is sold only in HPE Cray EX235a nodes of four liquid-cooled modules with one EPYC 7A53
host (CSCS Alps docs, eth-cscs/cscs-docs docs/alps/hardware.md @1690357c; OLCF Frontier user guide;
LUMI-G), not in an 8-GPU HGX-class server; the GH200 in nodes of 1, 2 or 4 superchips. A layout of
8 cards a server (the default) is two such nodes joined by the scale-out network: the fabric, the
servers a scenario needs, the launch scripts and the bill say so. Before: 8 MI250X were one 8-GPU
server at 4,600 W besides its cards, with an 8-card Infinity Fabric domain of 800 GB/s a card."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.architecture import preset
from configurator.core.economics import deployment_power
from configurator.core.estimate import estimate
from configurator.core.launch import launch_text
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.nodes import cards_in_node, largest_node
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.procurement.servers import server_type, servers_needed
from configurator.core.scenario import Scenario, updated
from configurator.core.training_speed import fabric

NODE = "server-mi250x-4"


def _pretrain(card_id: str, count: int, per_node: int = 8) -> Scenario:
    scenario = Scenario(model=preset("llama3-70b"), workload="pretrain", card_id=card_id, count=count)
    return updated(scenario, parallelism={"cards_per_node": per_node})


def _planned(catalog, argv: str):
    scenario = scenario_from_args(build_parser().parse_args(["estimate", *argv.split()]), catalog)
    return estimate(scenario, catalog.get(scenario.card_id))


def test_the_mi250x_node_item_is_sourced_unpriced_and_its_power_flagged_as_our_estimate():
    node = bundled_price_book().item(NODE)
    assert node is not None and node.kind == "server" and node.for_cards == ("mi250x",) and node.gpus == 4
    assert node.unit_price is None and not node.includes_accelerators  # no price found: the buyer quotes it
    assert node.cooling == "liquid" and "1690357c" in node.source and "EX235A" in node.source
    assert node.confidence == "estimate" and node.date == "2026-12"
    assert node.power_w == 440 and "OUR ESTIMATE" in node.note  # 280 + 40 + 20 + 100 W, no published figure
    assert node.rack_units is None  # sold inside HPE Cray EX cabinets, not as rack servers


@pytest.mark.parametrize("card_id, per_node, largest, held", [
    ("mi250x", 8, 4, 4), ("mi250x", 2, 4, 2), ("gh200-144gb", 8, 4, 4), ("gh200-96gb", 16, 4, 4),
    ("h100-sxm", 8, None, 8), ("h100-sxm", 16, None, 16), ("gb200", 8, None, 8)])
def test_a_server_holds_at_most_the_largest_node_the_card_is_sold_in(card_id, per_node, largest, held):
    assert largest_node(card_id) == largest
    assert cards_in_node(card_id, per_node) == held


@pytest.mark.parametrize("count, nodes, each", [(64, 16, 4), (8, 2, 4), (4, 1, 4), (2, 1, 2), (6, 2, 4)])
def test_mi250x_modules_are_bought_in_four_module_nodes(catalog, count, nodes, each):
    card = catalog.get("mi250x")
    kind = server_type(card, 8, count)
    assert (kind.item_id, kind.gpus, kind.cards_each, kind.rack_scale) == (NODE, 4, each, False)
    assert servers_needed(card, 8, count) == nodes


@pytest.mark.parametrize("card_id, count, nodes", [("mi250x", 8, 2), ("gh200-144gb", 8, 2), ("mi250x", 64, 16),
                                                   ("h100-sxm", 8, 1), ("h100-sxm", 64, 8)])
def test_the_scenario_counts_the_nodes_the_cards_are_sold_in(card_id, count, nodes):
    scenario = _pretrain(card_id, count)
    assert scenario.nodes == nodes and scenario.cards_in_node == min(count, cards_in_node(card_id, 8))


@pytest.mark.parametrize("card_id, link_group", [("mi250x", 1), ("gh200-144gb", 4)])
def test_eight_cards_are_two_linked_nodes_joined_by_the_network(catalog, card_id, link_group):
    """The fast domain is the 4-card node (Infinity Fabric, NVLink), not an 8-card server whose two
    groups of four talk over PCIe; the rest crosses the scale-out network. The GH200 node's four
    superchips are a board without a switch (mesh45: JUPITER's node page, pairs of GPUs linked), so a
    group rides its pairs' links (``link_group`` 4); the MI250X's uneven links are not marked."""
    scenario = _pretrain(card_id, 8)
    net = fabric(catalog.get(card_id), scenario.parallelism.cards_per_node, scenario.assumptions)
    assert (net.domain, net.fast_kind, net.link_group) == (4, "link", link_group)


def test_the_mi250x_link_is_a_modules_infinity_fabric_to_the_other_three(catalog):
    """5 links of 50 GB/s one way from a module to the other three modules of its node (ROCm MI250
    page: 25 GT/s x16 links; rocm-smi --shownodesbw on a 4-module node: 3 + 2 links from its two
    GCDs), both directions added as the catalog's unit says; before: 800 GB/s over 8 cards."""
    card = catalog.get("mi250x")
    ic = card.interconnect
    assert (ic.domain_size, ic.link_gbps, ic.link_gbps_one_way) == (4, 500, 250)
    assert any("frontier_user_guide" in s for s in card.sources) and any("optimum-amd" in s for s in card.sources)


@pytest.mark.parametrize("card_id", ["mi250x", "gh200-144gb"])
def test_torchrun_launches_four_processes_on_each_of_two_nodes(catalog, card_id):
    est = _planned(catalog, f"--model llama3-8b --card {card_id} --count 8 --tokens 10B")
    text = " ".join(launch_text(est, "megatron").replace("\\\n", " ").split())  # the command on one line
    assert "--nproc-per-node 4 --nnodes 2" in text
    assert "--nproc-per-node 8" not in text


def test_a_serving_copy_larger_than_a_node_spans_two_nodes(catalog):
    est = _planned(catalog, "--workload inference --model llama3-70b --card gh200-144gb --count 8 --tp 8 "
                            "--concurrency 16")
    text = " ".join(launch_text(est, "sglang").replace("\\\n", " ").split())
    assert "--nnodes 2" in text


def test_sixty_four_mi250x_draw_the_power_of_their_own_nodes(catalog):
    """70B pretraining on 64 MI250X: 16 nodes at 440 W besides the modules, not 8 HGX-class servers
    at 4,600 W (facility power 84.8 kW before, 48.1 kW now at the default share and PUE)."""
    card = catalog.get("mi250x")
    scenario = _pretrain("mi250x", 64)
    e = scenario.economics
    power = deployment_power(card, scenario, bundled_price_book())
    assert power.facility_watts == pytest.approx((64 * 500 + 16 * 440) * e.power_fraction * e.pue)
    bom = bill_of_materials(scenario, card, bundled_price_book())
    servers = [line for line in bom.lines if line.kind == "server" and line.item_id == NODE]
    assert servers and servers[0].quantity == 16 and servers[0].unit_price is None
    assert bom.liquid_cooled is True


@pytest.mark.parametrize("card_id, count", [("h100-sxm", 1), ("h100-sxm", 12), ("a100-sxm-80gb", 1), ("mi250x", 3),
                                            ("mi250x", 6), ("gh200-144gb", 3), ("h100-sxm", 16), ("mi250x", 8)])
def test_idle_modules_draw_idle_power_on_every_baseboard_alike(catalog, card_id, count):
    """One rule for the modules a server is bought full of but the layout leaves unused: each draws
    IDLE_MODULE_SHARE of its board power (70 W of an H100 SXM's 700 W), on an HGX server as on an MI250X
    or GH200 node, in the bill's IT load, a server's power at the PDU and the estimate's facility power.
    Before: 1 H100 SXM's HGX server counted 8 × 700 W, 3 MI250X's node no power for its fourth module."""
    from configurator.core.economics import host_watts, node_power_kw
    from configurator.core.procurement.servers import IDLE_MODULE_SHARE, cards_bought, idle_modules
    card = catalog.get(card_id)
    s = updated(Scenario(model=preset("llama3-8b"), workload="inference", card_id=card_id, count=count),
                economics={"power_fraction": 1.0, "pue": 1.0})
    book = bundled_price_book()
    kind = server_type(card, 8, count)
    servers = servers_needed(card, 8, count)
    idle = cards_bought(card, count, servers, kind) - count
    assert idle_modules(card, count, servers, kind) == idle and idle == servers * kind.gpus - count
    host = host_watts(card, s, book)
    working = card.tdp_w * count + IDLE_MODULE_SHARE * card.tdp_w * idle + host * servers
    assert bill_of_materials(s, card, book, spares=False).it_kw == pytest.approx(working / 1000)
    assert deployment_power(card, s, book).facility_watts == pytest.approx(working)
    fullest = min(kind.cards_each, count)
    assert node_power_kw(card, s, book) == pytest.approx(
        (card.tdp_w * fullest + IDLE_MODULE_SHARE * card.tdp_w * (kind.gpus - fullest) + host) / 1000)
    if card_id == "h100-sxm" and count == 1:
        assert working == pytest.approx(700 + 7 * 70 + 4600)
