"""Why a full fine-tune is split with tensor parallelism over PCIe rather than sharded with FSDP
(session 49, l40sft49; benchmarks/data/notes-l40s-finetune-2026-12-06.md)."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.sharded_alternative import sharded_alternative, sharded_scenario

FINETUNE_8B = ("--workload", "finetune", "--model", "llama3-8b", "--tokens", "1e9")


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _estimate(catalog, card: str, count: int, *argv: str):
    args = build_parser().parse_args(["estimate", *FINETUNE_8B, "--card", card, "--count", str(count), *argv])
    return estimate(scenario_from_args(args, catalog), catalog.get(card))


def test_the_planned_tp_over_pcie_says_what_fsdp_would_take(catalog):
    est = _estimate(catalog, "l40s", 4)
    assert est.scenario.parallelism.tp > 1  # the planner's choice on 4 × L40S
    line = sharded_alternative(est)
    assert line is not None and line.id == "sharded-over-pcie-slower"
    p = line.params
    alt = estimate(sharded_scenario(est), est.card)  # the same figures as the sharded layout's own estimate
    assert alt.scenario.parallelism.zero == 3 and alt.scenario.parallelism.tp == alt.scenario.parallelism.pp == 1
    assert alt.scenario.global_batch_tokens == est.scenario.global_batch_tokens
    assert p["alt_step_s"] == pytest.approx(alt.training.step_time_s) and p["alt_step_s"] > p["step_s"]
    assert p["alt_dp_s"] > p["tp_s"] > 0 and p["alt_hours"] > p["hours"]


def test_nothing_is_said_of_a_pinned_layout_or_a_card_with_a_link(catalog):
    assert sharded_alternative(_estimate(catalog, "l40s", 4, "--tp", "2", "--pp", "2")) is None
    assert sharded_alternative(_estimate(catalog, "h100-sxm", 8)) is None  # NVLink: no tensor parallel over PCIe


def test_the_why_line_of_the_first_in_both_languages(capsys):
    # on the cards alone: else one H100 PCIe with the optimizer in host memory ranks first (offload50)
    argv = ["recommend", *FINETUNE_8B, "--deadline", "48h", "--budget", "200000 USD", "--offload", "none"]
    assert main(argv) == 0
    english = capsys.readouterr().out
    assert "Why not FSDP (ZeRO 3 over the 4 cards, no tensor parallel)" in english
    assert main([*argv, "--lang", "zh_CN"]) == 0
    assert "为何不用 FSDP（ZeRO 3 分片到 4 张卡，不用张量并行）" in capsys.readouterr().out
