"""The Ascend 910C as a Chinese buyer buys it: eight to an Atlas 800T/800I A3 server (session 22).

Before, the catalog held the 910C only as a module of the 384-chip CloudMatrix supernode, so every
answer bought 384 of them (the buyer's question with a 3,000,000 CNY budget: 384 x Ascend 910C,
23,866,980 CNY, over budget 696 %). The server form is a sibling entry, the way the catalog holds one
chip in two housings (h100-sxm / h100-nvl): the same chip figures, the server's HCCS domain of 8 and
its per-chip price reused; it is bought by the server, not by the supernode.
"""

from __future__ import annotations

import math

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import load_bundled_catalog
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.card_price import purchase_entry
from configurator.core.procurement.prices import price_book_for
from configurator.core.procurement.servers import server_type, servers_needed
from configurator.core.recommend import Filters, Objective
from configurator.core.recommend_card import rank_card
from configurator.core.workloads.layout import whole_system_counts

SERVER, SUPERNODE = "ascend-910c-a3-server", "ascend-910c"
CHINA_70B = ("--workload", "inference", "--model", "llama3-70b", "--requests-per-s", "10", "--region", "cn",
             "--budget", "3000000", "--currency", "CNY")
"""The Chinese buyer's question of the brief: Llama 3 70B at 10 requests/s within 3,000,000 CNY."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_the_server_form_is_the_same_chip_in_an_hccs_domain_of_eight(catalog):
    server, supernode = catalog.get(SERVER), catalog.get(SUPERNODE)
    for field in ("memory_gb", "bandwidth_gbps", "bf16_tflops", "fp16_tflops", "tdp_w"):
        assert getattr(server, field) == getattr(supernode, field), field
    assert server.interconnect.link == "hccs" and server.interconnect.link_gbps == supernode.interconnect.link_gbps
    assert server.has_fast_link and server.interconnect.domain_size == 8  # eight HiAM modules per server
    assert server.interconnect.scale_out_gbps == 50  # the NPUs' own 400 Gbit/s RoCE ports, one way
    assert supernode.interconnect.domain_size == 384  # the supernode entry is unchanged


def test_the_server_form_is_bought_in_units_of_its_eight_module_server(catalog):
    server, supernode = catalog.get(SERVER), catalog.get(SUPERNODE)
    kind = server_type(server, 8, 6)
    assert not kind.rack_scale and kind.gpus == 8 and kind.cards_each == 8 and kind.item_id == "server-atlas-800-a3"
    assert [servers_needed(server, 8, n) for n in (1, 6, 8, 9, 16, 17)] == [1, 1, 1, 2, 2, 3]
    assert whole_system_counts(server, (2, 6, 24)) == (8, 24)  # no 384-chip floor; whole 8-module servers
    # (until December 2026 2 and 6 were ranked, as if 1/4 of an Atlas 800T A3 could be bought)
    assert server_type(supernode, 8, 6).gpus == 384  # the supernode is still sold whole
    assert whole_system_counts(supernode, (6,)) == (384,)


def test_its_price_is_the_910c_per_chip_entry_and_its_notes_say_what_was_not_found(catalog):
    server, supernode = catalog.get(SERVER), catalog.get(SUPERNODE)
    assert purchase_entry(server).amount == purchase_entry(supernode).amount == 28000
    assert purchase_entry(server).currency == "USD" and purchase_entry(server).confidence == "low"
    assert server.tdp_w is None and "Board power left null" in server.notes and "searched 2026-12" in server.notes
    assert "no server price was found" in server.notes
    sources = " ".join(server.sources)
    assert "dl_affinity_0040" in sources and "vllm-ascend" in sources and "2506.12708" in sources


def test_the_chinese_buyer_gets_the_910c_by_the_server_not_by_the_supernode(catalog):
    args = build_parser().parse_args(["recommend", *CHINA_70B])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    book = price_book_for(scenario.economics)
    ranking = rank_card(scenario, catalog.get(SERVER), Objective.TCO, Filters(), book)
    rec = ranking.ranked or ranking.unpriced or ranking.below_line
    assert rec is not None
    count = rec.estimate.scenario.count
    assert count < 384
    bom = bill_of_materials(rec.estimate.scenario, catalog.get(SERVER), book)
    servers = [line for line in bom.lines if line.kind in ("server", "rack") and line.item_id != "rack-air"]
    assert [line.item_id for line in servers] == ["server-atlas-800-a3"]  # an 8-module server, no NVL72-class rack
    # (until December 2026 the line was the HGX host, server-hgx-8, with no word that it stood in)
    assert bom.servers == math.ceil(count / 8)
    assert bom.capex is not None and bom.capex < 3_000_000  # within the buyer's budget; the supernode is not
