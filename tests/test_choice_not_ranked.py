"""The summary's alternatives number only the configurations that can be ranked: the buyer's choice that breaks a
constraint is listed with no rank and why (persona44b: 8 × H20 for delivery to mainland China stood '#1 … (your
choice)' under page 1's 'cannot be recommended', the recommended 8 × Ascend 910B numbered 2; the command line's
recommend lists the H20 below the line). A choice that meets every constraint keeps its rank."""

from __future__ import annotations

import pytest

from configurator.cli import main

SERVE = ["--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--concurrency", "50",
         "--cards", "h20,ascend-910b,l20,rtx-4090d", "--count", "8"]


def _alternatives(tmp_path, capsys, card: str, language: str) -> list[list[str]]:
    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), "--lang", language, *SERVE, "--card", card]) == 0
    capsys.readouterr()
    table = out.read_text(encoding="utf-8").split("## " + ("备选方案" if language == "zh_CN" else "Alternatives"))[1]
    lines = [line for line in table.split("\n\n## ")[0].splitlines() if line.startswith("|")][2:]  # no heading
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines]


@pytest.mark.parametrize(("language", "mine", "why"), [
    ("en", "(your choice)", "not ranked: needs a US export licence for mainland China"),
    ("zh_CN", "（您的选择）", "未排名：交付中国大陆需要美国出口许可证"),
])
def test_a_choice_that_breaks_a_constraint_is_listed_without_a_rank(tmp_path, capsys, language, mine, why):
    rows = _alternatives(tmp_path, capsys, "h20", language)
    chosen = next(r for r in rows if mine in r[1])
    assert chosen[0] == "—" and chosen[-1] == why
    ranked = [r for r in rows if r[0] != "—"]
    assert [r[0] for r in ranked] == [str(i) for i in range(1, len(ranked) + 1)]
    assert "910B" in ranked[0][1]


def test_a_choice_that_meets_every_constraint_keeps_its_rank(tmp_path, capsys):
    rows = _alternatives(tmp_path, capsys, "ascend-910b", "en")
    assert rows[0][0] == "1" and "(your choice)" in rows[0][1] and rows[0][-1] == "—"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_whether_price_decides_is_the_rankings_as_recommend_says_it(tmp_path, capsys, language):
    """The choice below the line does not take part: 'Price decides the winner: H20 ... below 7.79 万元 ranks
    first' stood on page 1 beside recommend's 'Price does not decide the winner: Ascend 910B stays first'."""
    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), "--lang", language, *SERVE, "--card", "h20"]) == 0
    assert main(["recommend", *SERVE[:-2], "--lang", language]) == 0
    said = capsys.readouterr().out
    summary = out.read_text(encoding="utf-8")
    sentence = ("价格不改变第一名：在每种有价卡的价格范围内昇腾 910B 均排第一" if language == "zh_CN" else
                "Price does not decide the winner: Ascend 910B stays first")
    assert sentence in said and sentence in summary
