"""Cards already owned that cannot carry the load alone (session 35, a mainland-China buyer with
8 × H20 and 200 users at once): the ranking says what the owned cards carry alone within the
latency targets, what all the users need of the same card (the owned and the top-up), and what
became of that top-up — its rank, or the constraint it breaks (a US export licence for the H20
still to buy)."""

from __future__ import annotations

import json

from summary_markdown import colon, headline_line

QWEN_72B_CN = ["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--limit", "3"]


def _run(capsys, *args: str) -> str:
    from configurator.cli import main

    assert main([*QWEN_72B_CN, *args]) == 0
    return capsys.readouterr().out


def test_owned_h20s_say_what_they_carry_alone_and_why_the_top_up_is_not_ranked(capsys):
    out = _run(capsys, "--concurrency", "200", "--owned", "h20:8", "--lang", "zh_CN")
    first = out.splitlines()[2]
    assert first.startswith("已拥有的 8 × H20 96GB（对华出口版）单独使用，在延迟目标（p90 首词元 ≤ 1,000 ms，每输出词元 ≤ 100 ms）内")
    assert "可服务 200 位同时在线用户中的 " in first
    assert "已拥有的 8 张加另购 " in first
    assert "未参与排名：" in first and "向中国大陆交付需要美国出口许可" in first


def test_the_json_gives_the_users_carried_the_cards_needed_and_the_top_ups_fate(capsys):
    data = json.loads(_run(capsys, "--concurrency", "200", "--owned", "h20:8", "--json"))
    note = data["owned_alone"]
    params = note["params"]
    assert note["id"] == "owned-alone"
    assert 1 <= params["users"] < 200 and params["load"] == 200 and params["owned"] == 8
    below = next(r for r in data["below_the_line"] if r["card"] == "h20")
    assert params["count"] == below["count"] and params["extra"] == below["count"] - 8
    why = params["then"]["params"]["why"]  # the US status first, then China's regulators' caution (china_import)
    assert why["id"] == "region-and-import" and why["params"]["then"]["id"] == "import-discouraged"
    status = why["params"]["first"]  # the status of the cards to buy, then the US licence fee (session 38)
    assert status["params"]["first"]["id"] == "export-licence-required-beyond-owned"
    assert status["params"]["then"]["id"] == "licence-fee-revenue-share"


def test_the_users_carried_alone_meet_the_targets_and_one_more_does_not():
    """Through the public planner: the owned cards at the users said meet the latency targets, and
    at one user more they miss one."""
    from configurator.cli import build_parser, scenario_from_args
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import estimate
    from configurator.core.recommend import Filters, Objective, recommend
    from configurator.core.scenario import updated

    catalog = load_catalog()
    args = build_parser().parse_args([*QWEN_72B_CN, "--concurrency", "200"])
    scenario = scenario_from_args(args, catalog)
    result = recommend(scenario, catalog, Objective.TCO, Filters(owned_card="h20", owned_count=8), 3)
    note = result.owned_alone
    users = note.params["users"]
    row = next(r for r in result.below_line if r.card.id == "h20")

    def latency_missed(n: int) -> bool:
        est = estimate(updated(row.estimate.scenario, count=8, serving={"concurrency": n}), row.card)
        return not est.fits or any(v.id in ("ttft", "tpot") and v.blocks for v in est.verdicts)

    assert not latency_missed(users)
    assert latency_missed(users + 1)


def test_an_owned_top_up_that_ranks_says_its_rank(capsys):
    out = _run(capsys, "--concurrency", "500", "--owned", "ascend-910b:16")
    first = out.splitlines()[2]
    assert first.startswith("The 16 × Ascend 910B already owned carry ")
    assert " of the 500 users at once alone, within the latency targets (p90 first token ≤ 1,000 ms" in first
    assert "the 16 owned and " in first and first.endswith("— ranked #1")


def test_owned_cards_that_carry_the_load_say_nothing_more(capsys):
    out = _run(capsys, "--concurrency", "100", "--owned", "a100-sxm-80gb:8")
    assert "already owned carry" not in out
    data = json.loads(_run(capsys, "--concurrency", "100", "--owned", "a100-sxm-80gb:8", "--json"))
    assert data["owned_alone"] is None


def test_a_summary_of_the_owned_card_chosen_by_hand_plans_the_cards_owned(tmp_path, capsys):
    """``report --card h20 --owned h20:8`` without ``--count`` summarised 1 × H20 ("not enough memory:
    131 GiB short per card") though the buyer owns 8: the count is the cards owned."""
    from configurator.cli import main

    path = tmp_path / "h20.md"
    args = ["report", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--concurrency", "200",
            "--card", "h20", "--owned", "h20:8", "-o", str(path)]
    assert main(args) == 0, capsys.readouterr().err
    page = path.read_text(encoding="utf-8")
    assert page.startswith("# Serve Qwen 2.5 72B to 200 users at once")
    assert headline_line("Configuration", "8 × H20 96GB (China export SKU)", "en") in page


def test_the_summarys_first_page_says_what_the_owned_cards_carry_alone(tmp_path, capsys):
    """``report --owned ascend-910b:16 --concurrency 500``: page 1 says, after the cards owned, the
    command line's own sentence of what they carry alone and what all the users need, in both
    languages (one message, no second wording)."""
    from configurator.cli import main

    said = _run(capsys, "--concurrency", "500", "--owned", "ascend-910b:16").splitlines()[2]
    said_zh = _run(capsys, "--concurrency", "500", "--owned", "ascend-910b:16", "--lang", "zh_CN").splitlines()[2]
    for language, label, sentence in (("en", "Owned cards alone", said), ("zh_CN", "仅用已拥有的卡", said_zh)):
        path = tmp_path / f"owned-{language}.md"
        args = ["report", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--concurrency", "500",
                "--owned", "ascend-910b:16", "--lang", language, "-o", str(path)]
        assert main(args) == 0, capsys.readouterr().err
        headline = path.read_text(encoding="utf-8").split("\n## ")[0]
        rows = [line for line in headline.splitlines() if line.startswith("- **")]
        owned = next(i for i, row in enumerate(rows) if "16 × " in row and f"**{colon(language)}" in row)
        assert rows[owned + 1] == headline_line(label, sentence, language)


def test_a_summary_whose_owned_cards_carry_the_load_has_no_such_row(tmp_path, capsys):
    from configurator.cli import main

    path = tmp_path / "a100.md"
    args = ["report", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn", "--concurrency", "100",
            "--owned", "a100-sxm-80gb:8", "-o", str(path)]
    assert main(args) == 0, capsys.readouterr().err
    assert "Owned cards alone" not in path.read_text(encoding="utf-8")
