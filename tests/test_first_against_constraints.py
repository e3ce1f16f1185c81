"""The ranking text shows what the first configuration costs and takes against every constraint the
buyer set: a Chinese buyer with a 50万 budget saw the winner's cost per million tokens and its price
per card, but not its capex against the budget."""

from __future__ import annotations


def test_the_first_is_shown_against_the_budget_the_deadline_and_the_region(capsys):
    from configurator.cli import main

    assert main(["recommend", "--workload", "lora", "--model", "qwen2.5-7b", "--deadline", "7d", "--budget", "50万",
                 "--region", "cn", "--domestic-only", "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    held = out.split("排名第一的方案对照您设定的约束：")[1].split("\n无价格")[0]
    assert "[满足] 资本支出" in held and "低于 50.00 万元的预算" in held.replace("\xa0", " ")
    assert "不属于对华出口" in held and "在 7 天的期限内" in held  # a domestic card: no export (session 34)


def test_no_constraint_set_no_lines(capsys):
    from configurator.cli import main

    assert main(["recommend", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T"]) == 0
    assert "against the constraints you set" not in capsys.readouterr().out
