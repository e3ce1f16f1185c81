"""A Chinese buyer serving on domestic inference cards (cnserve46, session 46): the Atlas 300I Duo is housed in
Huawei's own inference server (Atlas 800 model 3000: four Duo boards, 8 NPUs), marked as an estimate where
its price and power stand in; a ranking by rent names no inference card that no cloud rents beside a rented
Ascend 910B; and serving in mainland China starts on the 910B, which meets the chat default on the default
job where the Duo does not."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.mismatch import mismatch
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import bundled_price_book, price_book_for
from configurator.core.procurement.servers import host_power_w, server_type, servers_needed
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.recommend_filters import asked_filters
from configurator.core.scenario import RankingQuestion, Scenario, Workload
from configurator.core.view.bom_names import item_label
from configurator.core.view.words import Words
from configurator.core.workloads.job_defaults import region_default_card

DUO, SERVER = "atlas-300i-duo", "server-atlas-800-3000"


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _scenario(catalog, *argv: str) -> Scenario:
    return scenario_from_args(build_parser().parse_args(["estimate", *argv]), catalog)


# ---- 1. the host: Huawei's Atlas 800 inference server (model 3000) --------------------------------------


def test_the_duo_is_housed_in_the_atlas_800_inference_server_of_8_npus(catalog):
    card, book = catalog.get(DUO), bundled_price_book()
    for count, each in ((2, 2), (8, 8), (16, 8), (32, 8)):
        kind = server_type(card, 8, count)
        assert (kind.item_id, kind.gpus, kind.cards_each, kind.rack_scale) == (SERVER, 8, each, False)
    assert servers_needed(card, 16, 32) == 4  # 4 boards a server, whatever the layout asks: 16 boards, 4 servers
    item = book.item(SERVER)
    assert item.gpus == 8 and item.for_cards == (DUO,)
    assert "maximum of four Atlas 300I Duo" in item.source and "dl_affinity_0009" in item.source


def test_its_price_and_power_are_an_estimate_at_the_named_stand_in(catalog):
    book = bundled_price_book()
    item, stand_in = book.item(SERVER), book.item("server-pcie-4")
    assert item.confidence == "estimate" and "ESTIMATE" in item.name and "server-pcie-4" in item.name
    assert (item.unit_price, item.power_w, item.rack_units) == (stand_in.unit_price, stand_in.power_w, 2)
    assert "searched 2026-12-06" in item.source
    assert host_power_w(catalog.get(DUO), 8, 8, book) == stand_in.power_w


@pytest.mark.parametrize("language, words", [
    ("en", "Atlas 800 inference server (model 3000) for 4 Atlas 300I Duo, 8 NPUs"),
    ("zh_CN", "可装 4 张 Atlas 300I Duo（8 颗 NPU）的 Atlas 800 推理服务器（型号 3000）")])
def test_the_bill_names_the_atlas_server_in_both_languages(catalog, language, words):
    scenario = _scenario(catalog, "--workload", "inference", "--model", "qwen2.5-32b", "--concurrency", "20",
                         "--region", "cn", "--card", DUO, "--count", "16")
    bom = bill_of_materials(scenario, catalog.get(DUO), price_book_for(scenario.economics))
    servers = [line for line in bom.lines if line.kind == "server"]
    assert [(line.item_id, line.quantity) for line in servers] == [(SERVER, 2)]
    assert servers[0].confidence == "estimate"
    assert item_label(SERVER, Words(language)).startswith(words)


# ---- 2. ranked by rent: no rival that no cloud rents ------------------------------------------------------


@pytest.fixture(scope="module")
def serving_910b_cn(catalog):
    return _scenario(catalog, "--workload", "inference", "--model", "qwen2.5-32b", "--concurrency", "20",
                     "--region", "cn", "--card", "ascend-910b", "--count", "8")


def test_a_rented_910b_ranked_by_rent_is_not_told_of_a_card_no_cloud_rents(catalog, serving_910b_cn):
    domestic = asked_filters(RankingQuestion(domestic_only=True), serving_910b_cn.workload)
    assert not any(p.kind == "cloud-hourly" for p in catalog.get(DUO).prices)  # no cloud rents it
    assert mismatch(serving_910b_cn, catalog, {}, Objective.CLOUD, domestic) is None
    owned = mismatch(serving_910b_cn, catalog, {}, Objective.TCO, domestic)  # bought, it is the cheaper card
    assert owned is not None and owned.id == "mismatch-training-card-for-serving"
    assert owned.params["other"] == catalog.get(DUO).name


def test_ranked_by_rent_a_card_without_a_rent_price_is_still_compared_on_ownership(catalog):
    """The fallback stays where the hand-picked card has no rent price itself: both are compared as bought."""
    scenario = _scenario(catalog, "--workload", "inference", "--model", "llama3-8b", "--card", "ascend-910b",
                         "--count", "1")
    domestic = asked_filters(RankingQuestion(domestic_only=True), scenario.workload)
    said = mismatch(scenario, catalog, {}, Objective.CLOUD, domestic)
    assert said is not None and said.id == "mismatch-training-card-for-serving"
    assert "total cost of ownership" in said.text and "总拥有成本" in said.text_in("zh_CN")


# ---- 3. the card serving starts on in mainland China ------------------------------------------------------


def test_serving_in_china_starts_on_the_910b_which_meets_the_chat_default(catalog):
    on = {card_id: _scenario(catalog, "--workload", "inference", "--region", "cn", "--card", card_id)
          for card_id in ("ascend-910b", DUO)}  # the default serving job: Llama 3 8B, one user
    assert region_default_card(on[DUO]) == "ascend-910b" and on[DUO].workload is Workload.INFERENCE
    estimates = {card_id: estimate(scenario, catalog.get(card_id)) for card_id, scenario in on.items()}
    assert estimates["ascend-910b"].fits and all(v.met for v in estimates["ascend-910b"].verdicts)
    assert estimates[DUO].fits and not all(v.met for v in estimates[DUO].verdicts)  # 105 ms a token at p90


# ---- 4. the words a procurement officer reads ---------------------------------------------------------------


@pytest.mark.parametrize("language, words", [("en", "in 2 servers (4 boards, 8 NPUs each), 1 rack"),
                                             ("zh_CN", "，2 台服务器（每台 4 块板卡，共 8 颗 NPU），1 个机柜")])
def test_the_summary_counts_a_servers_boards_not_8_cards(tmp_path, language, words):
    """16 NPUs are 8 Duo boards in 2 servers of 4: '(8 cards each)' read as eight boards a server."""
    out = tmp_path / "summary.md"
    argv = ["report", "--workload", "inference", "--model", "qwen2.5-32b", "--concurrency", "20", "--region", "cn",
            "--card", DUO, "--count", "16", "--lang", language, "-o", str(out)]
    assert main(argv) == 0
    text = out.read_text(encoding="utf-8")
    assert words in text and "8 cards each" not in text and "每台 8 张卡" not in text


def test_the_porting_risk_names_the_engines_as_their_projects_write_them(catalog):
    scenario = _scenario(catalog, "--workload", "inference", "--model", "qwen2.5-32b", "--concurrency", "20",
                         "--region", "cn", "--card", DUO, "--count", "8")
    result = recommend(scenario, catalog, Objective.TCO, Filters(cards=(DUO,)), limit=1)
    risk = next(m for m in result.best.reasons if m.id == "porting-risk")
    for language in ("en", "zh_CN"):
        text = risk.text_in(language)
        assert "vLLM / SGLang / TensorRT-LLM" in text and "vllm" not in text and "tensorrt-llm" not in text
    said = estimate(scenario, catalog.get(DUO)).warnings
    assert any("has no card-to-card link: tensor parallel over PCIe" in w for w in said)
    assert not any("NVLink" in w for w in said)


def test_a_row_no_count_of_which_meets_the_target_says_the_target_before_the_budget():
    """256 × Atlas 300I Duo serving Qwen2.5 72B misses 100 ms a token at every count and is over the budget: the cell
    leads with the target (money does not meet it); a budget alone, or with a licence, reads as before."""
    from types import SimpleNamespace

    from configurator.core.messages import msg
    from configurator.core.view.ranking_view import breaks_cell
    from configurator.core.view.rows import write

    budget = msg("over-budget", covers="cards", cost=5392094.0, over=4892094.0, share=9.78, currency="CNY",
                 budget=5e5)
    slow = msg("tp-over-pcie", card="X")  # any message stands for the target's words here
    rec = SimpleNamespace(reasons=(budget, slow), estimate=SimpleNamespace(violations=(
        SimpleNamespace(id="budget", message=budget), SimpleNamespace(id="tpot", message=slow))))
    assert breaks_cell(rec).params["first"] is slow
    capped = SimpleNamespace(reasons=(budget, slow), estimate=SimpleNamespace(violations=(
        SimpleNamespace(id="budget", message=budget), SimpleNamespace(id="power-cap", message=slow))))
    assert breaks_cell(capped).params["first"] is budget  # a power cap is no count-search target
    assert write(breaks_cell(rec), "en").endswith("(and 1 more)")
