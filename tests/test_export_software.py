"""ECCN 3A090 parameters from catalog rates, export status per card, software stacks and the
software filter / porting risk in recommendations."""

from __future__ import annotations

import pytest

from configurator.core.export_control import (
    card_classification,
    case_by_case_eligible,
    classify_3a090,
    expected_china_status,
    performance_density,
    total_processing_performance,
)
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.scenario import Scenario
from configurator.core.software import software_gaps
from configurator.core.scenario import Workload

US_VENDORS = ("NVIDIA", "AMD", "Intel (Habana)", "Google")


def test_tpp_is_dense_rate_times_bit_length():
    # H100 SXM: 1,979 TFLOP/s dense FP8 -> TPP 15,832 (the figure commonly cited for the H100)
    assert total_processing_performance({"fp8_tflops": 1979, "bf16_tflops": 989.5}) == pytest.approx(15832)
    # the largest value over the supported operations counts: A100 INT8 624 TOPS -> 4,992
    assert total_processing_performance({"bf16_tflops": 312, "int8_tops": 624, "fp8_tflops": None}) == 4992
    assert total_processing_performance({"fp8_tflops": None}) is None
    assert performance_density(4992, 826) == pytest.approx(6.04, abs=0.01)
    assert performance_density(4992, None) is None


@pytest.mark.parametrize(("tpp", "density", "datacenter", "expected"), [
    (4800, None, True, "3A090.a"), (4799, None, False, "below 3A090"), (1600, 5.92, True, "3A090.a"),
    (2400, 1.6, True, "3A090.b"), (1600, 3.2, True, "3A090.b"), (2399, 3.19, True, "below 3A090"),
    (1599, 9.0, True, "below 3A090"), (2000, None, True, "unknown"), (None, None, True, "unknown"),
])
def test_3a090_thresholds(tpp, density, datacenter, expected):
    assert classify_3a090(tpp, density, datacenter) == expected


def test_case_by_case_limits_of_the_2026_rule():
    assert case_by_case_eligible(15832, 4800)  # H200
    assert not case_by_case_eligible(36000, 7700)  # B200
    assert not case_by_case_eligible(15832, 6500)
    assert not case_by_case_eligible(15832, None)


def test_known_classifications(catalog):
    assert card_classification(catalog.get("l4"))[2] == "3A090.a"  # TPP 1,940 on a 294.5 mm² die: density 6.6
    assert card_classification(catalog.get("l20"))[2] == "below 3A090"  # the China SKU of that class
    assert card_classification(catalog.get("rtx-4080"))[2] == "below 3A090"  # consumer, TPP < 4800
    assert card_classification(catalog.get("rtx-4090"))[2] == "3A090.a"  # TPP 5,285
    assert catalog.get("b200").export_control.china == "not-permitted"
    assert catalog.get("h200-sxm").export_control.china == "licence-required"
    assert catalog.get("h20").export_control.china == "licence-required"  # by letter, below 3A090 by the numbers


def test_the_h20_status_is_the_latest_sourced_one_and_names_both_governments(catalog):
    """Licence required since the 2025-04-09 letter; as of 2025-08-08 licences were issued (with the
    15 % revenue share): the US status with its note and sources (each dated). China's regulators
    discouraging purchases is China's own stance, held apart in ``china_import`` with its sources."""
    card = catalog.get("h20")
    h20 = card.export_control
    assert (h20.china, h20.date) == ("licence-required", "2025-08-08")
    assert "15 %" in h20.note and "2025-04-09" in h20.source and "hindustantimes.com" in h20.source
    assert "CAC" not in h20.note and "btimesonline.com" not in h20.source  # one fact, one place
    stance = card.china_import
    assert (stance.status, stance.date) == ("discouraged", "2025-08")
    assert "CAC" in stance.note and "btimesonline.com" in stance.source and "gmteight.com" in stance.source
    for card_id in ("h200-sxm", "h200-nvl"):  # the buyer's side of the 2026 rule: customs, none sold yet
        stance = catalog.get(card_id).china_import
        assert (stance.status, stance.date) == ("barred", "2026-01") and "Chinese customs" in stance.note
        assert "Chinese customs" not in catalog.get(card_id).export_control.note
    stance = catalog.get("rtx-6000d").china_import  # the CAC told firms to stop testing and ordering it
    assert (stance.status, stance.date) == ("discouraged", "2025-09-17") and "CAC" in stance.note


def test_export_status_of_us_cards_follows_the_rule_or_says_why(catalog):
    for card in catalog.cards:
        if card.vendor not in US_VENDORS:
            continue
        expected = expected_china_status(card)
        if card.export_control.china != expected:
            assert card.export_control.note and card.export_control.rule, card.id
            assert card.id in ("h20", "tpu-v5e", "tpu-v6e", "tpu-v7", "rtx-6000d", "vera-rubin"), (card.id, expected)


def test_software_gaps_by_workload(catalog):
    assert software_gaps(catalog.get("h100-sxm"), Workload.PRETRAIN) == ()
    assert software_gaps(catalog.get("ascend-910b"), Workload.PRETRAIN) == ("megatron / deepspeed",)
    assert software_gaps(catalog.get("mtt-s4000"), Workload.INFERENCE) == ("vllm / sglang / tensorrt-llm",)
    assert software_gaps(catalog.get("ascend-910b"), Workload.INFERENCE) == ()
    assert software_gaps(catalog.get("mtt-s80"), Workload.VDI) == ()


def test_software_filter_keeps_only_cards_the_software_runs_on(catalog, inference_scenario):
    result = recommend(inference_scenario, catalog, Objective.FASTEST, Filters(software=("tensorrt-llm",)), limit=50)
    assert result.ranked
    assert all(r.card.software.support("tensorrt-llm") != "none" for r in result.ranked)
    assert all(r.card.vendor == "NVIDIA" for r in result.ranked)
    assert result.rejected["mi300x"] == "filtered out"


def test_porting_risk_is_flagged_in_the_reasons(catalog, llama8b):
    scenario = Scenario(model=llama8b, card_id="ascend-910b", count=8, workload="finetune",
                        training={"seq_len": 2048, "tokens": 1e9})
    result = recommend(scenario, catalog, Objective.FASTEST, Filters(vendors=("Huawei",)), limit=5)
    assert result.ranked
    risks = [m for r in result.ranked for m in r.reasons if m.id == "porting-risk"]
    assert risks and "Megatron-LM" in risks[0].text  # as the project writes it (cnserve46: was the id "megatron")
    assert "移植风险" in risks[0].text_in("zh_CN")
    nvidia = recommend(scenario, catalog, Objective.FASTEST, Filters(vendors=("NVIDIA",)), limit=3)
    assert not [m for r in nvidia.ranked for m in r.reasons if m.id == "porting-risk"]


def _cli(capsys, *argv):
    from configurator.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_software_filter(capsys):
    code, out, _ = _cli(capsys, "catalog", "list", "--software", "tensorrt-llm")
    assert code == 0 and "h100-sxm" in out and "mi300x" not in out
    code, out, _ = _cli(capsys, "recommend", "--workload", "inference", "--model", "llama3-8b", "--concurrency", "16",
                        "--software", "llama.cpp,vllm", "--objective", "fastest", "--json")
    import json

    ranked = json.loads(out)["ranked"]
    assert code == 0 and ranked
    code, _, err = _cli(capsys, "catalog", "list", "--software", "cuda")
    assert code != 0 and "unknown framework 'cuda'" in err


def test_catalog_list_json_carries_prices_software_and_export_status(capsys):
    import json

    code, out, _ = _cli(capsys, "catalog", "list", "--json")
    cards = json.loads(out)
    assert code == 0 and len(cards) >= 60
    for card in cards:
        assert card["prices"] or card["price_note"], card["id"]
        assert card["software"]["stack"] and set(card["software"]["frameworks"]) >= {"pytorch", "vllm"}, card["id"]
        if card["vendor"] in US_VENDORS:
            assert card["export_control"]["china"] in ("licence-required", "not-permitted", "permitted", "unknown")
        assert "tpp" in card["export_control_computed"]
    h100 = next(c for c in cards if c["id"] == "h100-sxm")
    assert h100["export_control_computed"] == {"tpp": 15832.0, "performance_density": pytest.approx(19.45, abs=0.01),
                                               "eccn_3a090": "3A090.a"}
    code, out, _ = _cli(capsys, "catalog", "show", "mi300x")
    assert "Software stack: ROCm" in out and "Export to China: licence required" in out and "confidence: medium" in out
