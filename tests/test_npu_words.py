"""An Ascend card's chips are NPUs wherever a text counts the chosen card's chips (``Card.chip_word``,
session 46, npu46): the job's chip-hours, the card's architecture row, the serving trade-off's
throughput axis, table and hover, and the rent-against-buy sentence; an NVIDIA card keeps GPU, and the
Chinese keeps its 卡 (卡时, 每卡, 张卡)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.estimate import estimate
from configurator.core.messages import msg
from configurator.core.recommend_costs import rented_message
from configurator.core.procurement.tco import RentAgainstBuy
from configurator.core.scenario import Scenario
from configurator.core.view.card_view import card_view
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write
from configurator.core.view.tradeoff_view import chart_text, front_table, hover_text
from configurator.core.view.words import Words
from configurator.core.workloads.serving.pareto import ServingTradeoff, TradeoffPoint


def rows(view):
    return {r.key: r for section in view.sections for r in section.rows}


@pytest.mark.parametrize(("card_id", "word"), [("ascend-910b", "NPU"), ("h100-sxm", "GPU")])
def test_the_chip_hours_row_says_the_cards_word(catalog, llama8b, card_id, word):
    scenario = Scenario(model=llama8b, card_id=card_id, count=8, workload="finetune", parallelism={"zero": 3},
                        training={"micro_batch": 2, "seq_len": 2048})
    row = rows(estimate_view(estimate(scenario, catalog.get(card_id))))["gpu_hours"]
    assert write(row.label, "en") == f"{word}-hours"
    assert write(row.value, "en").endswith(f"\xa0{word}-h)")
    assert write(row.label, "zh_CN") == "卡时" and "卡时" in write(row.value, "zh_CN")
    assert "GPU" not in write(row.value, "zh_CN") and "NPU" not in write(row.value, "zh_CN")


@pytest.mark.parametrize(("card_id", "word"), [("atlas-300i-duo", "NPU"), ("l40s", "GPU")])
def test_the_architecture_row_says_the_cards_word(catalog, card_id, word):
    row = rows(card_view(catalog.get(card_id)))["architecture"]
    assert write(row.label, "en") == f"{word} architecture" and write(row.label, "zh_CN") == "架构"


def _tradeoff(card) -> ServingTradeoff:
    point = TradeoffPoint(tp=2, pp=1, ep=1, batch=8, tokens_per_step=8192, kv_precision=None, disaggregated=False,
                          prefill_cards=0, per_gpu=120.0, per_user=30.0, ttft_s=0.2, meets_targets=True,
                          on_front=True, chosen=True)
    return ServingTradeoff(card_id=card.id, card_name=card.name, count=4, points=(point,), not_fitting=0,
                           tpot_target_ms=50.0, ttft_target_ms=1000.0, percentile=90, chosen_on_front=True,
                           why_off_front=None, chip_word=card.chip_word)


@pytest.mark.parametrize(("card_id", "word"), [("atlas-300i-duo", "NPU"), ("h100-sxm", "GPU")])
def test_the_tradeoff_counts_per_chip(catalog, card_id, word):
    t = _tradeoff(catalog.get(card_id))
    en, zh = Words("en"), Words("zh_CN")
    assert chart_text(t, en).y_axis == f"Per card [tokens/s per {word}]"
    assert front_table(t, en)[0][1] == f"tokens/s per {word}"
    assert f"120 tokens/s per {word}" in hover_text(t.points[0], t.count, en, t.chip_word)
    assert front_table(t, zh)[0][1] == "每卡词元/秒" and chart_text(t, zh).y_axis == "每卡 [词元/秒/卡]"


def test_the_rented_chips_are_npus_on_an_ascend_card():
    compared = RentAgainstBuy(8, 4, "server", 1e5, 0.0, 0.0, None, 0.5, 20.0, chip_word="NPU")
    assert rented_message(compared).text.startswith("the 8 NPUs the bill buys in whole servers")
    assert rented_message(replace(compared, gpus=1, used=1, unit="server")).text == "the same 1 card"
    gpu = rented_message(replace(compared, chip_word="GPU"))
    assert gpu.text.startswith("the 8 GPUs the bill buys")
    assert "张卡" in gpu.text_in("zh_CN") and "NPU" not in rented_message(compared).text_in("zh_CN")
    assert msg("rent-only-used", used=1, rent=10.0, currency="USD", chip="NPU").text.startswith(
        "renting only the 1 NPU the configuration")
