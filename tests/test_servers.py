"""Which server a card is bought in, checked against the rule it stands for (tools/mutate.py
found the boundary unpinned): an HGX/DGX baseboard server holds 8 NVLink-connected GPUs (NVIDIA
DGX H100 User Guide, "Hardware Overview"), so a fast-link domain of more than 8 cards spans
servers and is bought as a rack-scale system (NVL72-class)."""

from __future__ import annotations

import pytest

from configurator.core.training_speed import fabric
from configurator.core.procurement.servers import server_type, servers_needed
from configurator.core.scenario import Assumptions
from golden_scenarios import GOLDEN


def _with_domain(card, size: int):
    data = card.model_dump()
    data["interconnect"]["domain_size"] = size
    return type(card).model_validate(data)


def test_an_eight_card_nvlink_domain_is_one_baseboard_server(catalog):
    h100 = catalog.get("h100-sxm")
    assert h100.interconnect.domain_size == 8
    kind = server_type(h100, 8, 64)
    assert (kind.item_id, kind.gpus, kind.rack_scale) == ("server-hgx-8", 8, False)
    assert servers_needed(h100, 8, 64) == 8
    assert fabric(h100, 8, Assumptions()).domain == 8  # the server is the fast domain


@pytest.mark.parametrize("size", [9, 16, 72])
def test_a_fast_link_domain_of_more_than_eight_cards_is_a_rack_scale_system(catalog, size):
    card = _with_domain(catalog.get("h100-sxm"), size)
    kind = server_type(card, 8, 2 * size)
    assert kind.rack_scale and kind.gpus == size and kind.item_id == "rack-system"  # no rack of its own on file
    assert servers_needed(card, 8, 2 * size) == 2
    assert fabric(card, 8, Assumptions()).domain == size  # the rack's NVLink domain, not the server


def test_the_nvl72_racks_of_the_catalog_are_rack_scale(catalog):
    for card_id in ("gb200", "gb300"):
        kind = server_type(catalog.get(card_id), 4, 72)
        assert kind.rack_scale and kind.gpus == 72


@pytest.mark.parametrize(("cards_per_node", "count", "slots"), [(1, 8, 2), (2, 2, 2), (3, 3, 4), (8, 64, 8),
                                                                  (16, 64, 8)])
def test_a_pcie_card_gets_the_smallest_server_of_2_4_or_8_slots(catalog, cards_per_node, count, slots):
    """server_type: a PCIe server with 2, 4 or 8 slots, the smallest that holds a server's share
    of the cards (``cards_per_node``, at most 8: the largest PCIe GPU servers hold 8 double-width cards);
    a double-width card's share of one in the two-slot 2U, not the 1U (until December 2026: server-pcie-1)."""
    kind = server_type(catalog.get("l40s"), cards_per_node, count)
    assert (kind.item_id, kind.gpus, kind.rack_scale) == (f"server-pcie-{slots}", slots, False)


def test_ten_cards_at_three_per_server_are_four_servers_in_the_bill_and_the_view(catalog):
    """One count of servers (issue 26): 10 PCIe cards at 3 per server are 4 servers (3 + 3 + 3 + 1;
    the layout, and a driver's per-server session limit, are for 3 per server; the L4's are its
    eight-place 2U), in the bill of materials and in the graphics capacity view alike."""
    from configurator.core.estimate import estimate
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import updated
    from configurator.core.view.estimate_view import estimate_view

    l4 = catalog.get("l4")
    kind = server_type(l4, 3, 10)
    assert (kind.item_id, kind.gpus, kind.cards_each) == ("server-slim-2u-8", 8, 3)
    assert servers_needed(l4, 3, 10) == 4
    base = GOLDEN["transcode-300-streams-l4"]
    one = estimate(base, l4).graphics.per_card
    scenario = updated(base, count=10, parallelism={"cards_per_node": 3}, graphics={"streams": 10 * int(one)})
    est = estimate(scenario, l4)
    assert est.graphics.cards_needed == 10
    bom = bill_of_materials(scenario, l4, bundled_price_book())
    assert (bom.servers, bom.gpus_per_server) == (4, 3)
    row = estimate_view(est).rows_of(("servers_needed",))[0]
    assert row.value.params == {"n": 4, "per": 3}
    assert (servers_needed(l4, 3, 8), servers_needed(l4, 4, 8)) == (3, 2)


@pytest.mark.parametrize("card_id", ["tpu-v5e", "tpu-v6e", "tpu-v7"])
def test_a_cloud_only_pod_is_not_bought_as_racks(catalog, card_id):
    """A cloud TPU's interconnect spans its pod (256 or 9,216 chips) but it is rented by the
    slice: no NVL72 rack in its bill and any count may be planned (before: one 'rack' of 9,216
    chips, so 10 requests/s of Llama 3 70B listed 9,216 TPU7x)."""
    from configurator.core.workloads.layout import whole_system_counts

    card = catalog.get(card_id)
    kind = server_type(card, 8, 16)
    assert kind.item_id is None and not kind.rack_scale
    assert whole_system_counts(card, (1, 2, 4, 8)) == (1, 2, 4, 8)


def test_an_oam_module_with_a_pcie_sibling_named_aside_is_bought_on_a_baseboard(catalog):
    """Gaudi 3's form factor reads "OAM (HL-338 PCIe card also offered)": the aside names another
    product, so the module is housed in an 8-way baseboard server, not a PCIe one (persona check)."""
    kind = server_type(catalog.get("gaudi3"), 8, 64)
    assert (kind.item_id, kind.gpus, kind.rack_scale) == ("server-hgx-8", 8, False)


@pytest.mark.parametrize(("card_id", "cards_per_node", "count", "item", "places"), [
    ("t4", 8, 38, "server-slim-2u-8", 8), ("l4", 8, 19, "server-slim-2u-8", 8), ("a2", 4, 4, "server-slim-2u-8", 8),
    ("t4", 1, 8, "server-pcie-1", 1), ("l4", 2, 8, "server-pcie-2", 2),
    ("l40s", 8, 16, "server-pcie-8", 8), ("l40s", 4, 16, "server-pcie-4", 4)])
def test_low_profile_single_slot_cards_are_housed_eight_to_a_2u_server(catalog, card_id, cards_per_node, count, item,
                                                                      places):
    """A T4, A2 or L4 (low-profile, single slot, 60-72 W) is bought eight to a general-purpose 2U
    server (Lenovo SR650 V2/V3: 8 single-wide low-profile GPUs; the price file's server-slim-2u-8),
    not as a double-width GPU in a 4U eight-GPU server (USD 11,500 against 40,000 a server); a share
    of 1 or 2 in the 1- and 2-slot servers; double-width cards as before (the full-length A10: below)."""
    kind = server_type(catalog.get(card_id), cards_per_node, count)
    assert (kind.item_id, kind.gpus) == (item, places)


@pytest.mark.parametrize(("cards_per_node", "count", "item", "places", "servers"), [
    (8, 38, "server-pcie-2", 8, 5), (4, 4, "server-pcie-2", 8, 1), (16, 64, "server-pcie-4", 16, 4),
    (32, 64, "server-pcie-8", 32, 2), (64, 64, "server-pcie-8", 32, 2)])
def test_an_a16_board_of_four_gpus_takes_one_slot(catalog, cards_per_node, count, item, places, servers):
    """The catalog lists the A16 per GPU (4 on a dual-slot board): a server's slots hold boards, so
    8 A16 GPUs are two boards in a two-slot server, not a whole eight-slot server."""
    a16 = catalog.get("a16-gpu")
    kind = server_type(a16, cards_per_node, count)
    assert (kind.item_id, kind.gpus) == (item, places)
    assert servers_needed(a16, cards_per_node, count) == servers


@pytest.mark.parametrize(("cards_per_node", "count", "item", "places"), [
    (1, 8, "server-pcie-2", 2), (2, 8, "server-pcie-2", 2), (3, 3, "server-fhfl-2u-4", 4), (4, 16, "server-fhfl-2u-4", 4),
    (8, 16, "server-pcie-8", 8), (16, 64, "server-pcie-8", 8)])
def test_the_full_length_single_slot_a10_is_housed_four_to_a_2u_server(catalog, cards_per_node, count, item, places):
    """The A10 (single-slot, full-height full-length, 150 W) goes four to a general-purpose 2U
    server (Lenovo SR650 V2: 4 single-wide FHFL 150 W GPUs; the price file's server-fhfl-2u-4,
    USD 11,500), not in the GPU-optimised 2U for four double-width cards (server-pcie-4, 15,700);
    eight in a 4U eight-GPU server (MLPerf v1.1: Supermicro 4029GP-TRT with 8 A10), never more."""
    a10 = catalog.get("a10")
    assert "single-slot FHFL" in a10.form_factor
    kind = server_type(a10, cards_per_node, count)
    assert (kind.item_id, kind.gpus, kind.cards_each) == (item, places, min(cards_per_node, count, 8))
    assert servers_needed(a10, cards_per_node, count) == -(-count // min(cards_per_node, count, 8))


def test_sixteen_a10_for_inference_are_four_2u_servers_or_two_4u_servers(catalog):
    """The bill of 16 A10 serving Llama 3 8B: at 4 a server, four 2U servers of USD 11,500 and
    730 W each besides the cards (was four GPU-optimised 2U of 15,700 and 930 W); at the default
    8 a server, two 4U eight-GPU servers, whose fabric the estimate keeps (8 cards a server)."""
    from configurator.core.architecture import preset
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import Scenario

    a10, book = catalog.get("a10"), bundled_price_book()

    def bill(per_node):
        scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="a10", count=16,
                            parallelism={"cards_per_node": per_node}, serving={"concurrency": 200})
        return scenario, bill_of_materials(scenario, a10, book)

    scenario, four = bill(4)
    servers = [line for line in four.lines if line.kind == "server"]
    assert [(line.item_id, line.quantity, line.unit_price) for line in servers] == [("server-fhfl-2u-4", 4, 11_500)]
    assert (four.servers, four.gpus_per_server, four.unpriced) == (4, 4, ())
    assert four.it_kw == pytest.approx(4 * (4 * a10.tdp_w + 730) / 1000)
    assert scenario.nodes == four.servers  # one count of servers: the scenario's and the bill's
    scenario, eight = bill(8)
    assert [(line.item_id, line.quantity) for line in eight.lines if line.kind == "server"] == [("server-pcie-8", 2)]
    assert scenario.nodes == eight.servers == 2


def test_forty_t4_transcoding_stay_in_eight_place_2u_servers_and_the_unpriced_dense_chassis_is_not_chosen(catalog):
    """40 T4 transcoding (38 needed for 300 streams) are five 2U servers of 8; the 4U chassis for
    20 single-slot cards (Supermicro 6049GP-TRT) has no sourced price, so no card is bought in it
    (an unpriced server would leave the bill incomplete), and no card names it."""
    from configurator.core.architecture import preset
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.nodes import card_nodes
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import Scenario

    book = bundled_price_book()
    dense = book.item("server-dense-4u-20")
    assert dense is not None and dense.unit_price is None and dense.note
    assert not dense.for_cards
    t4 = catalog.get("t4")
    scenario = Scenario(model=preset("llama3-8b"), workload="transcode", card_id="t4", count=40,
                        graphics={"streams": 300})
    bom = bill_of_materials(scenario, t4, book)
    assert [(line.item_id, line.quantity) for line in bom.lines if line.kind == "server"] == [("server-slim-2u-8", 5)]
    assert bom.unpriced == ()
    for card_id in ("t4", "l4", "a2", "a10"):
        assert "server-dense-4u-20" not in {item for _, item in card_nodes(card_id)}


@pytest.mark.parametrize(("card_id", "item", "places"), [
    ("t4", "server-pcie-1", 1), ("l4", "server-pcie-1", 1), ("a2", "server-pcie-1", 1),
    ("a10", "server-pcie-2", 2), ("l40s", "server-pcie-2", 2), ("h100-pcie", "server-pcie-2", 2)])
def test_only_a_low_profile_card_is_bought_alone_in_a_1u_server(catalog, card_id, item, places):
    """A 1U general-purpose server (server-pcie-1, Dell R660 class) takes a low-profile single-width
    card of 70-75 W (T4, L4, A2) and no full-length 150 W A10 or double-width card: one of those is
    bought in the two-place 2U (server-pcie-2). Until December 2026 one A10 (and one L40S) was priced
    in the 1U."""
    from configurator.core.procurement.prices import bundled_price_book

    kind = server_type(catalog.get(card_id), 8, 1)
    assert (kind.item_id, kind.gpus, kind.cards_each) == (item, places, 1)
    assert set(bundled_price_book().item("server-pcie-1").for_cards) == {"t4", "l4", "a2"}


@pytest.mark.parametrize(("card_id", "unit"), [
    ("h100-sxm", 8), ("b200", 8), ("mi300x", 8), ("gaudi3", 8), ("ascend-910b", 8), ("ascend-910c-a3-server", 8),
    ("mi250x", 4), ("gh200-144gb", 1), ("gb200", 72), ("l40s", 1), ("a10", 1), ("tpu-v7", 1)])
def test_a_module_is_ordered_by_its_whole_server(catalog, card_id, unit):
    """The fewest cards a buyer can order: SXM/OAM modules come on a full baseboard (HGX 8-GPU, the
    8-OAM MI300X platform, Gaudi 3's baseboard, Huawei's Atlas 800T/800I A2 with 8 Ascend 910B), the
    MI250X in HPE's 4-module node, a GH200 in a node of one; an NVL72 rack whole; a PCIe card singly."""
    from configurator.core.procurement.servers import purchase_unit
    from configurator.core.workloads.layout import whole_system_counts

    card = catalog.get(card_id)
    assert purchase_unit(card) == unit
    if unit <= 8:
        assert whole_system_counts(card, (1, 2, 4, 8, 16)) == tuple(dict.fromkeys(-(-n // unit) * unit
                                                                                   for n in (1, 2, 4, 8, 16)))


@pytest.mark.parametrize(("card_id", "count", "used", "idle", "servers"), [
    ("h100-sxm", 1, 1, 7, 1), ("ascend-910b", 2, 2, 6, 1), ("mi300x", 12, 12, 4, 2), ("h100-sxm", 16, 16, 0, 2),
    ("mi250x", 6, 6, 2, 2)])
def test_a_bill_buys_every_module_of_its_servers(catalog, card_id, count, used, idle, servers):
    """A buyer of 1 H100 SXM (or 2 Ascend 910B) cannot buy 1/8 of a baseboard: the bill buys the
    whole server, its modules all priced — the layout's cards and the rest on a line of their own,
    "sold with the server, not used by the layout". Until December 2026 it bought 1 module and an
    8-GPU server host with 7 empty places, which no vendor sells."""
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import updated

    card = catalog.get(card_id)
    scenario = updated(GOLDEN["serve-70b-8xh100"], card_id=card_id, count=count)
    bom = bill_of_materials(scenario, card, bundled_price_book())
    cards = [line for line in bom.lines if line.kind == "accelerator" and line.role in ("", "idle")]
    assert [(line.role, line.quantity) for line in cards] == [("", used)] + ([("idle", idle)] if idle else [])
    assert all(line.unit_price == cards[0].unit_price for line in cards)
    assert bom.servers == servers


def test_an_sxm_module_whose_aside_names_pcie_versions_is_bought_on_a_baseboard(catalog):
    """The A800's form factor reads "SXM4 (also PCIe 40/80GB versions)": the "/" inside the aside
    cut it to "SXM4 (also PCIe 40" until December 2026, so one A800 SXM was priced in a PCIe
    server; it is an SXM4 module on an 8-GPU baseboard, ordered by the whole server."""
    from configurator.core.procurement.servers import purchase_unit

    a800 = catalog.get("a800-sxm")
    kind = server_type(a800, 8, 1)
    assert (kind.item_id, kind.gpus, kind.cards_each) == ("server-hgx-8", 8, 8)
    assert purchase_unit(a800) == 8


def test_a_ranked_row_of_modules_says_it_is_bought_in_whole_servers(catalog):
    """The recommendation ranks 8 × H100 SXM where one card would do the work, and says why, in both
    languages; a PCIe card's row, a rack-scale system's and a one-superchip GH200 node's say nothing."""
    from configurator.core.procurement.servers import whole_servers_reason

    said = whole_servers_reason(catalog.get("ascend-910b"), 8)
    assert said.text == "Ascend 910B modules are sold 8 to a server, on its baseboard: bought in whole servers, 8 cards"
    # counted in the card's own measure word, 张 for a module (zhcli51: "共 8 张" beside the ranking's "8 张昇腾
    # 910B"), 颗 for a product counted by the chip (the 910C server)
    assert "按整机销售" in said.text_in("zh_CN") and "共 8 张" in said.text_in("zh_CN")
    chips = whole_servers_reason(catalog.get("ascend-910c-a3-server"), 16)
    assert "共 16 颗" in chips.text_in("zh_CN") and "bought in whole servers, 16 cards" in chips.text
    assert all(whole_servers_reason(catalog.get(c), 72) is None for c in ("l40s", "gb200", "gh200-144gb"))


def test_a_workstation_card_with_a_flow_through_cooler_is_flagged_in_a_rack_server(catalog):
    """The render farm's winner was 48 × RTX PRO 6000 Blackwell Workstation Edition (600 W, flow-through
    fans) housed eight to a PCIe rack server with no word: its row now says the passive Server Edition
    is the card for a rack server, in both languages; passive and blower cards say nothing."""
    from configurator.core.procurement.servers import flow_through_reason

    said = flow_through_reason(catalog.get("rtx-pro-6000-blackwell"), 48)
    assert said.text == ("RTX PRO 6000 Blackwell Workstation Edition is a workstation card with a flow-through "
                         "cooler, here 48 cards in rack servers: NVIDIA's Server Edition (passive) is the card "
                         "for a rack server — quote it")
    assert "穿透式" in said.text_in("zh_CN") and "48 张" in said.text_in("zh_CN")
    assert all(flow_through_reason(catalog.get(c), 8) is None for c in (
        "rtx-pro-6000-blackwell-server", "rtx-pro-6000-blackwell-maxq", "rtx-6000-ada", "rtx-a6000", "l40s",
        "h100-sxm"))


def test_the_render_farm_answer_refuses_workstation_boards_in_rack_servers(catalog):
    """The render farm's winner was 48 × RTX PRO 6000 Blackwell Workstation Edition (600 W, flow-through fans)
    housed eight to a rack server with a caution; since the housing rule (procurement/servers.py
    rack_server_boards) it is not ranked when bought, its reason naming the Server Edition, in both languages;
    one card (a deskside workstation) is still ranked, and the Server Edition is not refused."""
    from configurator.core.architecture import preset
    from configurator.core.recommend import Objective, recommend
    from configurator.core.scenario import Scenario

    scenario = Scenario(model=preset("llama3-8b"), card_id="rtx-pro-6000-blackwell", count=8, workload="render",
                        graphics={"frames": 20000}, constraints={"deadline_hours": 24.0})  # a farm: 48 cards
    alone = Scenario(model=preset("llama3-8b"), card_id="rtx-pro-6000-blackwell", count=8, workload="render",
                     graphics={"frames": 2000})  # no deadline: 1 card, in a deskside workstation (desk1): ranked
    assert "rtx-pro-6000-blackwell" in {r.card.id for r in recommend(alone, catalog).ranked}
    result = recommend(scenario, catalog, Objective.TCO, limit=60)
    assert "rtx-pro-6000-blackwell" not in {r.card.id for r in result.considered}
    why = result.left_out["rtx-pro-6000-blackwell"]
    assert "none in a standard rack server" in why.text and "RTX PRO 6000 Blackwell Server Edition" in why.text
    assert "标准机架服务器不装" in why.text_in("zh_CN") and "服务器版" in why.text_in("zh_CN")
    assert "rtx-pro-6000-blackwell-server" not in result.left_out or "rack server" not in \
        result.left_out["rtx-pro-6000-blackwell-server"].text


@pytest.mark.parametrize("language, word", [("en", "cannot be built"), ("zh_CN", "无法装配")])
def test_the_summary_says_workstation_boards_in_rack_servers_cannot_be_built(catalog, language, word):
    """The summary of 8 × RTX PRO 6000 Blackwell Workstation Edition (rack servers) says it cannot be built and why,
    in the reader's language, with no second caution for the same fact; 8 of the Server Edition say neither."""
    from configurator.core.architecture import preset
    from configurator.core.estimate import estimate
    from configurator.core.scenario import Scenario
    from configurator.report.summary import build_summary

    def summary(card_id):
        scenario = Scenario(model=preset("llama3-8b"), card_id=card_id, count=8, workload="render",
                            graphics={"frames": 2000})
        return build_summary(estimate(scenario, catalog.get(card_id)), catalog, language)

    refused, server = summary("rtx-pro-6000-blackwell"), summary("rtx-pro-6000-blackwell-server")
    assert word in refused.status and not refused.cautions
    assert word not in server.status and not any("flow-through" in line or "穿透式" in line for line in server.cautions)


def test_a_part_filled_pcie_server_powers_the_cards_it_holds_not_empty_slots(catalog):
    """10 A10 at 4 a server are 4 + 4 + 2 in three servers: the bill's IT load is 10 cards' board
    power and three servers' own power, as the estimate's facility power counts them (it powered 12
    cards until December 2026: the third server's empty slots drew a card's power each)."""
    from configurator.core.architecture import preset
    from configurator.core.procurement.bom import bill_of_materials
    from configurator.core.procurement.prices import bundled_price_book
    from configurator.core.scenario import Scenario

    a10, book = catalog.get("a10"), bundled_price_book()
    scenario = Scenario(model=preset("llama3-8b"), workload="inference", card_id="a10", count=10,
                        parallelism={"cards_per_node": 4}, serving={"concurrency": 200})
    bill = bill_of_materials(scenario, a10, book, spares=False)
    assert bill.servers == 3
    assert bill.it_kw == pytest.approx((10 * a10.tdp_w + 3 * 730) / 1000)
