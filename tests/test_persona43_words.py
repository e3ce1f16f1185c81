"""What a buyer reads, checked the way session 43's personas asked: a suggested count whose bill
has a line without a price (an L2 has no price in the catalog) says its capex is a floor, in both
languages; the summary's serving layout names model copies as ``estimate`` does, never a ZeRO
stage or "data parallel" a serving engine does not have, and groups the token counts."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.view.family_view import view_of
from configurator.core.view.words import Words


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _qwen72b_for_50_users(card_id: str, count: int, **constraints) -> Scenario:
    return Scenario(auto_layout=LAYOUT_FIELDS, model=preset("qwen2.5-72b"), workload="inference", card_id=card_id,
                    count=count, serving={"concurrency": 50}, constraints=constraints)


def test_a_suggested_count_with_an_unpriced_card_says_at_least(catalog):
    est = estimate(_qwen72b_for_50_users("l2", 8, region="cn"), catalog.get("l2"))
    costed = [s for s in what_would_fit(est, catalog) if s.capex is not None]
    assert costed, "the count that meets the latency targets is costed"
    for found in costed:
        assert "capex at least" in found.message.text and "without a price" in found.message.text
        assert "资本支出至少" in found.message.text_in("zh_CN") and "项无价格" in found.message.text_in("zh_CN")


@pytest.mark.parametrize("language, copies, absent", [("en", "copies", ("ZeRO", "data parallel")),
                                                      ("zh_CN", "个副本", ("ZeRO", "数据并行"))])
def test_the_summary_lays_out_serving_in_copies(catalog, language, copies, absent):
    est = estimate(_qwen72b_for_50_users("rtx-a6000", 16), catalog.get("rtx-a6000"))
    rows = dict(view_of(est.scenario.workload).workload_rows(est, Words(language)))
    parallelism = next(v for k, v in rows.items() if k in ("Parallelism", "并行方式"))
    assert copies in parallelism and not any(word in parallelism for word in absent)
    load = next(v for k, v in rows.items() if k in ("Serving load", "推理负载"))
    assert "1,024" in load and "1,280" in load


def test_the_summary_still_lays_out_training_with_zero(catalog):
    s = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm",
                 count=8, training={"tokens": 1e12})
    est = estimate(s, catalog.get("h100-sxm"))
    rows = dict(view_of(est.scenario.workload).workload_rows(est, Words("en")))
    assert "ZeRO stage" in rows["Parallelism"] and "data parallel 8" in rows["Parallelism"]


def test_a_budgets_largest_pretraining_is_done_within_the_service_life(capsys):
    """80万元 in mainland China: the largest model to pre-train was Mixtral 8x7B on 9 DGX Spark, 10,004
    days for its token budget; a run longer than the hardware's 4 years does not count, and the answer
    says so in both languages."""
    import json

    from configurator.cli import main
    from configurator.core.durations import HOURS_PER_YEAR

    argv = ["what-fits", "--budget", "80万元", "--region", "cn", "--tasks", "pretrain"]
    assert main([*argv, "--json"]) == 0
    best = json.loads(capsys.readouterr().out)["best"]["pretrain"]["row"]
    assert 0 < best["training"]["hours"] <= 4 * HOURS_PER_YEAR
    assert main([*argv, "--lang", "zh_CN"]) == 0
    assert "4 年使用期（成本分摊年限）内能训练完其词元预算的最大模型" in capsys.readouterr().out


@pytest.mark.parametrize("n, said", [(1, "bill lines without a price: 1"), (3, "bill lines without a price: 3")])
def test_a_budget_checked_on_the_priced_items_counts_the_rest_in_english(n, said):
    from configurator.core.messages import msg

    text = msg("budget-partly-priced", cost=350_985.0, unpriced=n, budget=5e5, currency="CNY").text
    assert said in text and "within" not in text  # the window said "1 items have no price", "within the budget"


def test_the_json_says_a_suggested_capex_is_a_floor(capsys):
    import json

    from configurator.cli import main

    assert main(["estimate", "--workload", "inference", "--model", "qwen2.5-72b", "--concurrency", "50", "--card",
                 "l2", "--count", "8", "--region", "cn", "--json"]) == 0
    found = [f for f in json.loads(capsys.readouterr().out)["what_would_fit"] if "capex" in f]
    assert found and all(f["capex_unpriced_lines"] >= 1 for f in found)


def test_the_summary_says_serving_copies_share_their_experts(catalog):
    s = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("deepseek-v3"), workload="inference", card_id="h200-sxm",
                 count=8, serving={"concurrency": 64})
    est = estimate(s, catalog.get("h200-sxm"))
    assert est.scenario.expert_copies > 1  # attention data parallel: 8 copies of the attention, one set of experts
    zh = dict(view_of(est.scenario.workload).workload_rows(est, Words("zh_CN")))["并行方式"]
    assert "个副本共享专家（注意力数据并行）" in zh


def test_what_fits_states_the_first_token_target_in_ms(capsys):
    from configurator.cli import main

    assert main(["what-fits", "--owned", "h20:8", "--models", "qwen2.5-7b", "--tasks", "inference",
                 "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out.replace("\xa0", " ")
    assert "首词元在 1,000 ms 内返回" in out and "1.00 秒" not in out


def test_a_short_graphics_load_is_counted_with_its_measure_word_in_chinese(capsys):
    """"8 × L4 承载 200 路视频流中的 136" dropped the measure word the notes below it keep ("136 路")."""
    from configurator.cli import main

    assert main(["estimate", "--workload", "transcode", "--streams", "200", "--card", "l4", "--count", "8",
                 "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out.replace("\xa0", " ")
    assert "8 × L4 承载 136/200 路视频流：需要 12 张卡" in out and "视频流中的 136：" not in out
