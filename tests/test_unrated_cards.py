"""A card the catalog cannot rate (no published memory bandwidth or compute rate) is rejected in those
words, not as 'cannot carry the load' (the RTX 6000D for DeepSeek-V3 in mainland China, session 38),
keeps its region caution, and is listed under its own heading on the command line and in the window."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.recommend import Objective
from configurator.core.recommend_card import rank_card
from configurator.core.scenario import Scenario


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _question(card_id: str = "rtx-6000d") -> Scenario:
    return Scenario.model_validate({
        "workload": "inference", "model": preset("qwen2.5-72b").model_dump(), "card_id": card_id, "count": 8,
        "serving": {"concurrency": 50}, "economics": {"currency": "CNY", "usd_to_currency": 7.1},
        "constraints": {"region": "cn"}})


def test_a_card_without_bandwidth_is_said_unrated_with_its_china_caution(catalog):
    one = rank_card(_question(), catalog.get("rtx-6000d"), Objective.TCO)
    assert one.ranked is None and one.unrated is not None
    assert "no published memory bandwidth: cannot be rated" in one.rejected
    assert "cannot carry the load" not in one.rejected
    assert "Chinese regulators told firms not to buy" in one.rejected
    zh = one.unrated.text_in("zh_CN")
    assert "无公开显存带宽" in zh and "中国监管部门" in zh


def test_a_card_without_a_compute_rate_is_said_unrated(catalog):
    one = rank_card(_question(card_id="mtt-s5000"), catalog.get("mtt-s5000"), Objective.TCO)
    assert one.unrated is not None and "no published BF16 compute rate: cannot be rated" in one.rejected
    assert "无公开 BF16 算力数据" in one.unrated.text_in("zh_CN")


def test_a_rated_card_is_not_unrated(catalog):
    one = rank_card(_question(card_id="h20"), catalog.get("h20"), Objective.TCO)
    assert one.unrated is None


def test_the_command_line_lists_unrated_cards_in_both_languages(capsys):
    args = ["recommend", "--workload", "inference", "--model", "deepseek-v3", "--concurrency", "50",
            "--region", "cn", "--budget", "800万元"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Not rated: the catalog lacks a figure their speed needs" in out
    line = next(x for x in out.splitlines() if x.startswith("  - RTX 6000D"))
    assert "no published memory bandwidth: cannot be rated" in line and "Chinese regulators" in line
    assert main([*args, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "未评估" in out and "无公开显存带宽，无法评估" in out


def test_the_training_family_says_the_same(catalog):
    """One rule for every family that times work: a training question says it in the same words."""
    question = Scenario.model_validate({
        "workload": "pretrain", "model": preset("llama2-7b").model_dump(), "card_id": "mtt-s5000", "count": 8,
        "training": {"tokens": 1e11}})
    one = rank_card(question, catalog.get("mtt-s5000"), Objective.TCO)
    assert one.unrated is not None and one.rejected == "MTT S5000: no published BF16 compute rate: cannot be rated"
    held = rank_card(question, catalog.get("ppu-zhenwu"), Objective.TCO)
    assert held.unrated is not None and "no published memory bandwidth" in held.rejected


def test_the_json_lists_unrated_cards_with_their_reason(capsys):
    import json
    args = ["recommend", "--workload", "inference", "--model", "deepseek-v3", "--concurrency", "50",
            "--region", "cn", "--budget", "800万元", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    unrated = {u["card"]: u["reason"] for u in out["unrated"]}
    assert "no published memory bandwidth: cannot be rated" in unrated["rtx-6000d"]
    assert unrated["rtx-6000d"] == out["rejected"]["rtx-6000d"]
    assert not {e["card"]["id"] for e in out["ranked"]} & set(unrated)
