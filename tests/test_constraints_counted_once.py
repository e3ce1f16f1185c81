"""A headline counts the same constraints whether they are met or one breaks (persona 45b, defect 4):
an estimate within budget read "meets both constraints" and the same one over budget "breaks 1 of 4",
the serving use's default latency targets counted only when something broke. Both now count them and
say which were checked, in English and Chinese."""

from __future__ import annotations

import pytest

from configurator.cli import main

SERVING = ["estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "h100-sxm", "--concurrency", "16",
           "--power-cap", "50"]
SAID = {("en", "within"): "meets all 4 constraints (2 you set and the default latency targets for interactive chat)",
        ("en", "over"): "breaks 1 of 4 constraints (2 you set and the default latency targets for interactive chat): "
                        "over budget by",
        ("zh_CN", "within"): "满足全部 4 项约束（您所设的 2 项及交互式对话的默认延迟目标）",
        ("zh_CN", "over"): "违反 4 项约束（您所设的 2 项及交互式对话的默认延迟目标）中的 1 项：超出预算"}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize(("case", "budget"), [("within", "5000万"), ("over", "1k")])
def test_met_and_broken_count_the_same_constraints(capsys, language, case, budget):
    assert main([*SERVING, "--budget", budget, "--lang", language]) == 0
    lines = capsys.readouterr().out.replace("\u00a0", " ").splitlines()
    headline = next(line for line in lines if "constraint" in line or "约束" in line)  # after the job's lines (a bare
    # budget read in another currency than the one shown is said first since session 49, words49)
    assert SAID[language, case] in headline


def test_constraints_all_set_by_the_buyer_keep_their_plain_count(capsys):
    assert main(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8",
                 "--deadline", "1h", "--power-cap", "1"]) == 0
    assert "breaks both constraints: misses the deadline" in capsys.readouterr().out.replace("\u00a0", " ")


@pytest.mark.parametrize("flags, said", [
    ([], "两项约束均未满足：超出期限"),
    (["--rack-power", "1"], "全部 3 项约束均未满足：超出期限")])
def test_every_constraint_broken_is_said_as_every_one_met(capsys, flags, said):
    """"违反 2 项约束中的 2 项" (session 48, persona: a procurement officer's render job that misses its deadline
    on cards that need a licence): every constraint broken reads as every one met does ("两项约束均满足")."""
    assert main(["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8",
                 "--deadline", "1h", "--power-cap", "1", *flags, "--lang", "zh_CN"]) == 0
    assert said in capsys.readouterr().out
