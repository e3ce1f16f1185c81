"""Session 51 (buyer51, persona50b #13): a training job asked in BF16 on a card without BF16 says on its ranked row
why its numbers are riskier (:func:`~configurator.core.precision_risk.precision_risk`), and a card whose host link
cannot feed the default 400 Gb/s NIC is timed on what its PCIe carries
(:func:`~configurator.core.fabric.host_bus_capped`). ``recommend --workload finetune --model llama3-70b --tokens 2B
--deadline 48h --budget-basis rent`` put 256 × Tesla V100 SXM2 16GB third, its row saying only its CUDA support."""

from __future__ import annotations

import pytest
from buyer_questions import cli_text, question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.fabric import fabric, host_bus_capped
from configurator.core.precision_risk import precision_risk
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.scenario import updated

QUESTION = ("recommend", "--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B", "--deadline", "48h",
            "--budget-basis", "rent")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def rent_ranking(catalog):
    scenario = question_scenario(QUESTION, catalog)
    return recommend(scenario, catalog, Objective.CLOUD, Filters(cards=("v100-sxm-16gb", "mi300x", "h100-sxm")))


def test_the_v100_row_says_first_that_the_bf16_job_runs_in_fp16(rent_ranking):
    v100 = next(r for r in rent_ranking.ranked if r.card.id == "v100-sxm-16gb")
    assert v100.estimate.plan.math.value == "fp16"  # timed at the rate it runs at: the FP16 tensor peak
    assert v100.reasons[0].id == "precision-risk-fp16"
    assert "65,504" in v100.reasons[0].text and "FP16" in v100.reasons[0].text_in("zh_CN")


def test_a_card_with_bf16_says_no_precision_risk_and_serving_says_none(rent_ranking, catalog):
    others = [r for r in rent_ranking.ranked if r.card.id != "v100-sxm-16gb"]
    assert others and all(precision_risk(r.estimate) is None for r in others)
    served = question_scenario(("recommend", "--workload", "inference", "--model", "llama3-8b"), catalog)
    card = catalog.get("v100-sxm-16gb")
    assert precision_risk(estimate(updated(served, card_id=card.id, count=1), card)) is None


def test_the_rule_does_not_reorder_the_ranking(rent_ranking):
    """The objective orders the rows; the precision risk is said, not ranked on (precision_risk's docstring)."""
    scores = [r.score for r in rent_ranking.ranked]
    assert scores == sorted(scores)


def test_a_pcie_gen3_card_takes_no_more_network_than_its_host_link(catalog):
    v100, h100 = catalog.get("v100-sxm-16gb"), catalog.get("h100-sxm")
    scenario = question_scenario(QUESTION, catalog)
    assert fabric(v100, 8, scenario.assumptions).network_gbps == pytest.approx(0.985 * 16)  # PCIe 3.0 x16, one way
    assert fabric(h100, 8, scenario.assumptions).network_gbps == scenario.assumptions.network_gbps_per_card
    assert host_bus_capped(50.0, v100) == pytest.approx(15.76)


def test_the_v100_fleet_ranks_below_the_mi300x_by_rent(rent_ranking):
    """At 50 GB/s a card the 256 × V100 fleet took 19.2 h and 0.565 USD per million tokens, level with 32 ×
    MI300X; on its PCIe 3.0 link's 15.8 GB/s it takes about 20.9 h (ZeRO-3 traffic over 128 data-parallel ranks)."""
    ids = [r.card.id for r in rent_ranking.ranked]
    assert ids.index("mi300x") < ids.index("v100-sxm-16gb")
    v100 = next(r for r in rent_ranking.ranked if r.card.id == "v100-sxm-16gb")
    assert v100.count == 256 and v100.estimate.memory.fits


@pytest.mark.parametrize(("language", "said"), [("en", "No BF16 on Tesla V100 SXM2 16GB"),
                                                 ("zh_CN", "Tesla V100 SXM2 16GB 不支持 BF16")])
def test_the_command_line_row_says_it_in_both_languages(language, said):
    text = cli_text(*QUESTION, "--cards", "v100-sxm-16gb,mi300x", "--lang", language)
    assert said in text


def test_a_card_with_network_ports_on_the_chip_is_not_capped_by_its_pcie(catalog):
    gaudi2 = catalog.get("gaudi2")  # 24 × 100 GbE RoCE on die, PCIe Gen4 x16 to the host
    assert host_bus_capped(50.0, gaudi2) == 50.0
