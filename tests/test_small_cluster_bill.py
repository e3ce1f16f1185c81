"""A small cluster's bill as a practitioner buys it (persona check, session 36: 16 × Ascend 910B
fine-tuning Qwen2.5 32B in two servers billed a third, spare server with 8 spare cards and a
128-port switch for 16 ports): spares only where they repay the waiting they save, the smallest
priced switch that holds the fabric's ports, and no NIC where the cards have their own ports."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.procurement.bom import bill_of_materials, scale_out_switch
from configurator.core.procurement.goodput import (
    FAILURES_PER_GPU_HOUR,
    poisson_tail,
    servers_out_at_once,
    spare_servers,
    spares_that_pay,
    waiting_share,
)
from configurator.core.procurement.prices import bundled_price_book, price_book_for
from configurator.core.scenario import Scenario, Workload


def _bill(card_id: str, count: int, model: str = "llama3-70b", workload=Workload.FINETUNE):
    s = Scenario(model=preset(model), workload=workload, card_id=card_id, count=count)
    return bill_of_materials(s, load_catalog().get(card_id), price_book_for(s.economics))


def _lines(bom, item_id):
    return [line for line in bom.lines if line.item_id == item_id]


def test_poisson_tail_against_the_sum_of_its_terms():
    assert poisson_tail(1.0, 0) == 1.0
    assert poisson_tail(1.0, 1) == pytest.approx(1 - 0.36787944, abs=1e-8)
    assert poisson_tail(1.0, 2) == pytest.approx(1 - 2 * 0.36787944, abs=1e-8)


def test_servers_out_at_once_is_little_s_law():
    """16 GPUs × 1.97e-5 per GPU-hour × 48 h: 0.0152 servers out for repair on average."""
    assert servers_out_at_once(2, 8, FAILURES_PER_GPU_HOUR, 48) == pytest.approx(0.01515, rel=1e-3)


def test_a_two_server_job_buys_no_spare_it_would_not_repay():
    """A 50 % spare (1 of 2 servers) against waiting 1.5 % of the time: none."""
    mean = servers_out_at_once(2, 8, FAILURES_PER_GPU_HOUR, 48)
    assert spares_that_pay(2, mean) == 0
    assert spare_servers(2, 8, FAILURES_PER_GPU_HOUR, 48) == 0
    assert waiting_share(mean, 0) == pytest.approx(0.01504, rel=1e-2)


def test_the_first_spare_pays_from_twelve_eight_card_servers():
    rate = FAILURES_PER_GPU_HOUR
    assert spare_servers(11, 8, rate, 48) == 0
    assert spare_servers(12, 8, rate, 48) == 1


def test_large_clusters_keep_the_99_percent_spares():
    """128 HGX servers (1,024 H100) and 2,048 (16,384): the 99 % Poisson quantile as before (4, 25);
    the cost rule would buy as many or more there."""
    rate = FAILURES_PER_GPU_HOUR
    assert spare_servers(128, 8, rate, 48) == 4
    assert spare_servers(2048, 8, rate, 48) == 25
    assert spares_that_pay(2048, servers_out_at_once(2048, 8, rate, 48)) >= 25


def test_the_smallest_priced_switch_that_holds_the_ports():
    book = bundled_price_book()
    assert scale_out_switch(book, "ethernet", 16) == ("switch-eth-400g-32", 32)
    assert scale_out_switch(book, "ethernet", 32) == ("switch-eth-400g-32", 32)
    assert scale_out_switch(book, "ethernet", 33) == ("switch-eth-800g-64", 128)
    assert scale_out_switch(book, "ethernet", 4096) == ("switch-eth-800g-64", 128)  # a fat tree of the largest
    assert scale_out_switch(book, "infiniband", 16) == ("switch-ib-ndr-64", 64)
    item = book.item("switch-eth-400g-32")
    assert item.unit_price and item.source and item.date and item.confidence == "estimate"


def test_sixteen_ascend_910b_fine_tuning_in_two_servers():
    """The persona's bill: 2 servers and no spare, cabled back to back (no switch since session 37's
    smallfabric, test_small_fabric.py), the note says why no spare."""
    bom = _bill("ascend-910b", 16, model="qwen2.5-32b")
    assert bom.servers == 2 and bom.spare_servers == 0
    assert not [line for line in bom.lines if line.role == "spare"]
    assert not [line for line in bom.lines if line.role == "leaf"]
    note, fabric, storage = bom.notes  # why no spare; no switch; the storage cabled straight (s37)
    assert note.id == "no-spare-server" and storage.id == "storage-direct-attach"
    assert fabric.id == "scale-out-back-to-back"  # RoCE: no subnet manager to run
    english, chinese = note.text_in("en"), note.text_in("zh_CN")
    assert "48 h" in english and "1.5\u00a0%" in english
    assert "48 小时" in chinese and "1.5%" in chinese


def test_a_superpod_keeps_its_spares_and_says_so():
    bom = _bill("h100-sxm", 1024, workload=Workload.PRETRAIN)
    assert bom.spare_servers == 4
    assert [note.id for note in bom.notes] == ["spare-servers-bought", "spare-servers-cold"]


def test_the_atlas_800t_a2_uses_its_npus_own_200ge_ports_not_a_connectx_per_card():
    """Huawei configures the Atlas 800T A2's 8 parameter-plane ports as the NPUs' own (hccn_tool), 200GE
    each: no nic-400g line, and 16 × 200 GbE take 8 ports of 400 Gb/s (2 × 200G breakout)."""
    card = load_catalog().get("ascend-910b")
    assert card.interconnect.scale_out_gbps == 25  # one 200 GbE port, one way [GB/s]
    bom = _bill("ascend-910b", 16, model="qwen2.5-32b")
    assert not _lines(bom, "nic-400g")
    assert sum(line.quantity for line in _lines(bom, "link-400g")) == 8


def test_the_summary_says_why_no_spare_in_both_languages(tmp_path):
    from configurator.cli import main

    for language, words in (("en", "No spare server"), ("zh_CN", "不配备用服务器")):
        out = tmp_path / f"{language}.md"
        assert main(["report", "--workload", "finetune", "--model", "qwen2.5-32b", "--card", "ascend-910b",
                     "--count", "16", "--region", "cn", "--lang", language, "-o", str(out)]) == 0
        assert words in out.read_text(encoding="utf-8")
