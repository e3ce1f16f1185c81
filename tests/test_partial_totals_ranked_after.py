"""A bill whose total leaves out an item without a price ranks after every complete total (desk47, found by
persona47): ``recommend --workload inference --model llama3-8b --concurrency 100`` put four workstation cards
first, each "The total excludes 1 workstation", and in mainland China within 200万元 2 × RTX A6000 stood first at
0.547 元/M tokens above the A10's 1.70 (whose total includes its server), its budget check "无法核对". One rule
(:func:`~configurator.core.recommend_rows.ranked_after_complete`) orders the ranking, and so the wizard's pick, the
command line and the summary (all read ``Result.best``); the rows it moves past the listed ranking stay in sight
under their own heading. Where every total is partial (workstations at the users' desks) the order is as before."""

from __future__ import annotations

import json

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.message_numbers import money_text
from configurator.core.recommend import recommend
from configurator.core.recommend_costs import partial_total

SERVING = ["--workload", "inference", "--model", "llama3-8b", "--concurrency", "100"]
"""persona47's question: Llama 3 8B for 100 users at once."""

IN_CHINA = [*SERVING, "--budget", "200万元", "--region", "cn"]
"""The same in mainland China within 2,000,000 CNY."""

DESKS = ["--workload", "vdi", "--users", "30", "--user-class", "designer", "--local-display"]
"""30 designers whose monitors are cabled to the card: every total leaves out its workstations."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _result(catalog, argv):
    return recommend(scenario_from_args(build_parser().parse_args(["recommend", *argv]), catalog), catalog)


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _complete_first(result) -> None:
    """Every complete total before every partial one, the first complete."""
    partial = [rec.card.id in result.ranked_after for rec in result.considered]
    assert partial == sorted(partial) and not partial[0]
    assert all((partial_total(rec.estimate, result.book) is not None) == flag
               for rec, flag in zip(result.considered, partial, strict=True))


def test_a_partial_total_ranks_after_every_complete_one(catalog):
    result = _result(catalog, SERVING)
    _complete_first(result)
    assert {"rtx-pro-6000-blackwell", "rtx-a6000"} <= set(result.ranked_after)
    # a host node or a rack-scale system's infrastructure without a price: the same rule, not left out
    assert {"mi250x", "gh200-96gb", "ascend-910c"} <= set(result.ranked_after)
    assert not {"mi250x", "gh200-96gb", "ascend-910c"} & {rec.card.id for rec in result.unpriced}
    assert partial_total(result.best.estimate, result.book) is None  # the pick's total is whole
    assert not set(result.ranked_after) & {rec.card.id for rec in result.pareto}  # a lower bound is no cheaper point
    unlisted = result.ranked_after_unlisted
    assert unlisted and all(rank > len(result.ranked) for rank, _ in unlisted)


def test_in_china_the_a10_is_first_and_the_a6000_after(catalog):
    result = _result(catalog, IN_CHINA)
    _complete_first(result)
    assert result.best.card.id == "a10" and "rtx-a6000" in result.ranked_after
    assert all(v.met is not None for v in result.best.estimate.verdicts if v.id == "budget")  # its budget checked


@pytest.mark.parametrize(("language", "heading", "excluded", "card"), [
    ("en", "Ranked after every complete total, each leaving out an unpriced item or the energy (no board power):",
     "The total excludes 1 workstation (not priced: enter a quote for workstation-1gpu)",
     "RTX PRO 6000 Blackwell Workstation Edition"),
    ("zh_CN", "排在所有总额完整的方案之后（总额不含某项无价格的项目，或因无公开的板卡功耗而不含电费）：",
     "总额不含 1 台工作站（未定价：请为 workstation-1gpu 输入报价）", "RTX PRO 6000 Blackwell 工作站版"),
])
def test_the_command_line_still_shows_them_with_what_they_exclude(capsys, language, heading, excluded, card):
    out = _run(capsys, "recommend", *SERVING, "--lang", language)
    first = out.splitlines()[4]
    assert "H100 NVL 94GB" in first and "workstation" not in first
    after = out.split(heading)[1]
    assert excluded in after and card in after


def test_the_json_names_them(capsys):
    said = json.loads(_run(capsys, "recommend", *SERVING, "--json"))
    assert said["ranked"][0]["excludes"] is None and "rtx-a6000" in said["ranked_after"]
    unlisted = said["ranked_after_unlisted"]
    assert unlisted and unlisted[0]["rank"] > len(said["ranked"]) and unlisted[0]["excludes"]["count"] == 1


def test_where_every_total_is_partial_the_order_stands(catalog):
    result = _result(catalog, DESKS)
    assert result.best.card.id == "rtx-a6000" and result.ranked_after_unlisted == ()
    assert [rec.card.id for rec in result.ranked] == list(result.ranked_after)[:len(result.ranked)]
    scores = [rec.score for rec in result.considered]
    assert scores == sorted(scores)  # by the priced part, as before the rule


@pytest.mark.parametrize(("language", "written"), [("zh_CN", "0\u00a0元"), ("en", "0\u00a0CNY")])
def test_nothing_is_written_0_in_units(language, written):
    # not "0.00 万元 / 年" (persona47) nor "0 万元 / 年": nothing needs no 万 (persona48)
    assert money_text(0.0, "CNY", language, like=351_000.0) == written
