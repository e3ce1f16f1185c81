"""The Chinese buyer's own Ascend cards can be costed (session 19).

Before, the 910B had no board power (no energy, so no total cost of ownership), no BF16 rate (BF16
work ran at the FP16 rate with a warning) and no HCCS figure (gradients went over PCIe); the 910C
had no chip-to-chip figure either. Each figure now carries the source its notes and sources name;
the 910C's board power stays unknown and its notes say where it was looked for.
"""

from __future__ import annotations

import pytest

from configurator import cli
from configurator.core.catalog import load_bundled_catalog
from configurator.core.recommend import Objective, recommend

CHINA_FINETUNE = ("--workload", "finetune", "--model", "llama3-8b", "--count", "8", "--region", "cn",
                  "--currency", "CNY", "--tokens", "2e9", "--seq", "4096")
"""The brief's scenario: fine-tuning Llama 3 8B on 2 B tokens for a buyer in mainland China."""


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_the_910b_has_a_board_power_a_bf16_rate_and_an_hccs_link(catalog):
    card = catalog.get("ascend-910b")
    assert card.tdp_w == 350  # Huawei's Ascend 910 module design power (Hot Chips 31, 2019)
    assert card.bf16_tflops == card.fp16_tflops == 320  # one BF16/FP16 rate per 910B-class die
    assert card.has_fast_link and card.interconnect.link == "hccs" and card.interconnect.domain_size == 8
    assert card.interconnect.link_gbps == 392 and card.interconnect.link_gbps_one_way == 196  # 7 × 224 Gbit/s
    assert card.confidence == "low"


def test_each_new_910b_figure_names_its_source(catalog):
    card = catalog.get("ascend-910b")
    sources = " ".join(card.sources)
    assert "2506.12708" in sources and "HC31" in sources and "hukeji.com" in sources
    for said in ("board power 350 W", "Hot Chips 31", "BF16 320 = the FP16 rate", "HCCS 392 GB/s",
                 "not a server's power divided by its cards"):
        assert said in card.notes, said


def test_the_910c_link_is_huaweis_784_gbps_and_its_power_says_where_it_was_sought(catalog):
    chip, die = catalog.get("ascend-910c"), catalog.get("ascend-910b")
    assert chip.interconnect.link_gbps == 2 * die.interconnect.link_gbps == 784  # two 910B-class dies
    assert chip.has_fast_link and chip.interconnect.domain_size == 384
    assert chip.tdp_w is None
    assert "Board power left null" in chip.notes and "searched" in chip.notes


def test_a_chinese_finetune_ranks_the_910b_on_its_total_cost(catalog):
    args = cli.build_parser().parse_args(["recommend", *CHINA_FINETUNE])
    scenario = cli.with_constraints(cli.scenario_from_args(args, catalog), args)
    result = recommend(scenario, catalog, Objective.TCO, limit=5)
    ranked = {rec.card.id: rec for rec in result.ranked}
    assert "ascend-910b" in ranked and ranked["ascend-910b"].ownership_per_unit is not None
    assert "ascend-910b" not in {rec.card.id for rec in result.unpriced}
    assert "ascend-910b" not in result.rejected
