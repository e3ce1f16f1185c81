"""Session 44 persona findings (a Chinese procurement officer, an ML engineer with a deadline), in
both languages: the words they would not sign."""

from __future__ import annotations

import re

import pytest

from configurator.cli import main
from configurator.core.architecture import ArchitectureError, preset, shared_architectures
from configurator.core.view.words import Words


@pytest.mark.parametrize("typed, model, preset_id", [
    ("deepseek-r1-distill-qwen-32b", "DeepSeek-R1-Distill-Qwen-32B", "qwen2.5-32b"),
    ("deepseek-ai/DeepSeek-R1-Distill-Qwen-14B", "DeepSeek-R1-Distill-Qwen-14B", "qwen2.5-14b"),
])
def test_a_model_of_a_preset_s_architecture_is_pointed_to_that_preset(typed, model, preset_id):
    """'serve DeepSeek-R1-Distill-Qwen-32B' was told only 'unknown model preset' and 26 ids, though the
    preset's source said the distilled model shares Qwen 2.5 32B's config."""
    with pytest.raises(ArchitectureError) as raised:
        preset(typed)
    said = raised.value.said
    assert said.text == (f"unknown model preset '{typed}' ({model} has the architecture of preset '{preset_id}': "
                         "use that preset); presets: " + said.params["choices"])
    assert Words("zh_CN").message(said).startswith(f"未知的模型预设 '{typed}'（{model} 与预设 '{preset_id}' 架构相同：请用该预设）")
    assert preset(preset_id).total_params() > 0  # the preset it names exists


def test_every_shared_architecture_names_a_preset_and_a_repository():
    presets = shared_architectures()
    assert {"qwen2.5-14b", "qwen2.5-32b"} <= set(presets)
    assert all(repositories and all("/" in r for r in repositories) for repositories in presets.values())


@pytest.mark.parametrize("language, expected", [
    ("en", r"for [\d,]+ USD less over 4 years, at \d+ % of your choice's cost per unit of work\. Its own total "),
    ("zh_CN", r"4 年内节省 [\d,.]+ 万元（单位工作量成本为您的选择的 \d+%）。其自身 4 年总拥有成本为"),
])
def test_the_saving_s_share_is_said_of_the_cost_per_unit_of_work(tmp_path, capsys, language, expected):
    """64 × H100 pre-training a 13B model: "It does the same work for 2,015,662 USD less over 4 years (40 % of
    your choice's cost)" read as a saving of 40 % where it was 60 %; the share is of the cost per unit of
    work. In Chinese "其自身4 年" wrote no space before the number, as nowhere else on the page."""
    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), "--lang", language, "--workload", "pretrain", "--model", "llama2-13b",
                 "--card", "h100-sxm", "--count", "64", "--tokens", "300B"]) == 0
    capsys.readouterr()
    text = out.read_text(encoding="utf-8").replace("\u00a0", " ")
    assert re.search(expected, text), text[:3000]


def test_rent_or_buy_names_the_bill_of_materials_not_a_rent_bill_in_chinese():
    """'租用账单按整台服务器购买的 8 张卡' read as a rent bill that buys cards; the cards are those the bill of
    materials buys in whole servers (English: 'the 8 GPUs the bill buys in whole servers')."""
    from configurator.core.messages import msg

    said = Words("zh_CN").message(msg("rented-server", gpus=8, used=4, chip="GPU"))
    assert said == "物料清单按整台服务器采购的 8 张卡（配置使用其中 4 张）"


SMALL_BUDGET = ("recommend", "--workload", "inference", "--model", "qwen2.5-32b", "--concurrency", "100",
                "--region", "cn", "--budget", "5万元", "--lang", "zh_CN")
"""The procurement officer's 100 users of Qwen 2.5 32B with 5万元, delivered in mainland China: nothing fits."""


def test_the_wizard_names_the_nearest_priced_configuration_the_command_line_names():
    """The wizard showed 4 × BR104, whose card has no price (capex "at least 18.04 万元", the cards not in it),
    as the closest of those below the line; the command line and the summary named 48 × T4, the nearest
    priced in full (budget_too_small). One question, one answer."""
    from configurator.app.wizard_decide import decide
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints
    from configurator.core.catalog import load_catalog
    from test_same_answer import _cli_json

    cli = _cli_json(*SMALL_BUDGET)
    nearest = cli["budget_too_small"]
    assert nearest is not None and not cli["ranked"]
    args = build_parser().parse_args(list(SMALL_BUDGET))
    catalog = load_catalog()
    decision = decide(with_constraints(scenario_from_args(args, catalog), args), catalog, None, None, False)
    assert decision.chosen_by == "over-budget" and not decision.meets_constraints
    assert (decision.estimate.card.id, decision.scenario.count) == (nearest["card"], nearest["count"])
    assert [v.id for v in decision.estimate.violations] == ["budget"]  # the budget alone


@pytest.mark.parametrize("typed, ms", [("2s", 2000.0), ("1.5 s", 1500.0), ("2秒", 2000.0), ("1500ms", 1500.0),
                                       ("2000", 2000.0), ("2,000", 2000.0)])
def test_a_latency_target_may_name_its_unit(typed, ms):
    """The engineer's "p99 TTFT 2 s" typed as --ttft-ms 2s was refused as "not a number"; a bare number is
    still milliseconds."""
    from configurator.cli import build_parser

    args = build_parser().parse_args(["recommend", "--workload", "inference", "--ttft-ms", typed, "--tpot-ms", typed])
    assert (args.ttft_ms, args.tpot_ms) == (ms, ms)


def test_a_latency_that_is_not_one_says_so_in_both_languages(capsys):
    assert main(["recommend", "--workload", "inference", "--ttft-ms", "xs", "--lang", "zh_CN"]) == 2
    assert "'xs' 不是时延（示例：2000、2000ms、2s）" in capsys.readouterr().err
