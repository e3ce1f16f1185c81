"""Persona check, December 2026 (a graphics buyer and an ML engineer with a deadline): a render job
is never offered on more cards than frames; a deadline under a day is written as given, not rounded
to whole hours ("misses the 0 h deadline"); a row says it counts whole servers only where it does —
not "rented in whole servers, 2 cards", nor "bought in whole servers" of cards already owned."""

from __future__ import annotations

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.messages import msg
from configurator.core.procurement.servers import whole_servers_reason
from configurator.core.recommend import Objective, recommend
from configurator.core.workloads import family_of

MINUTE = 1 / 60


def _scenario(catalog, *argv: str):
    args = build_parser().parse_args(["recommend", *argv])
    return with_constraints(scenario_from_args(args, catalog), args)


def _render(catalog, deadline: str):
    return _scenario(catalog, "--workload", "render", "--frames", "20", "--deadline", deadline,
                     "--reference-card", "rtx-4090", "--minutes-per-frame", "1.2")


def test_a_render_job_is_tried_on_no_more_cards_than_frames(catalog):
    scenario = _render(catalog, "0.0167")
    family = family_of(scenario.workload)
    for card_id in ("l40s", "rtx-6000-ada", "rtx-pro-6000-blackwell"):
        counts = [e.scenario.count for e in family.deployments(scenario, catalog.get(card_id))]
        assert counts and max(counts) == 20


def test_below_the_line_a_render_job_is_a_card_a_frame_at_most(catalog):
    result = recommend(_render(catalog, "0.0167"), catalog, Objective.TCO)
    assert result.below_line
    assert all(r.estimate.scenario.count <= 20 for r in (*result.ranked, *result.below_line))
    missed = next(r for r in result.below_line if r.card.id == "l40s")
    assert "misses the 1 min deadline" in missed.reasons[0].text
    assert "超出 1 分钟的期限" in missed.reasons[0].text_in("zh_CN")


def test_a_deadline_in_hours_is_written_as_given():
    said = msg("misses-deadline", hours=41.0, deadline=40.5, over=0.5, share=0.0123)
    assert "misses the 40.5 h deadline" in said.text and "超出 40.5 小时的期限" in said.text_in("zh_CN")
    whole = msg("misses-deadline-every-count", deadline=40, hours=41.0, days=41 / 24, count=8)
    assert "misses the 40 h deadline" in whole.text and "40 小时的期限" in whole.text_in("zh_CN")
    out = msg("deadline-out-of-reach", card="L4", deadline=2.5, count=1024, hours=3.0)
    assert "the 2.5 h deadline" in out.text and "2.5 小时的期限" in out.text_in("zh_CN")


def test_whole_servers_are_said_only_of_whole_servers(catalog):
    card = catalog.get("h100-sxm")
    assert whole_servers_reason(card, 2, rented=True) is None
    assert whole_servers_reason(card, 12) is None
    eight = whole_servers_reason(card, 8, rented=True)
    assert "rented in whole servers, 8 cards" in eight.text and "按整台服务器租用" in eight.text_in("zh_CN")


def test_a_rented_row_of_two_modules_does_not_say_whole_servers(catalog):
    scenario = _scenario(catalog, "--workload", "finetune", "--model", "llama3-8b", "--tokens", "1B",
                         "--deadline", "5d")
    ranked = recommend(scenario, catalog, Objective.CLOUD).ranked
    for row in ranked:
        ids = {m.id for m in row.reasons}
        if "whole-servers-rented" in ids:
            assert row.estimate.scenario.count % 8 == 0


def test_cards_already_owned_are_not_said_bought_in_whole_servers(capsys):
    from configurator.cli import main

    lora = ["recommend", "--workload", "lora", "--model", "qwen2.5-72b", "--tokens", "50M",
            "--owned", "h100-sxm:8", "--deadline", "2d", "--limit", "1", "--classes", "training"]
    # training cards only: 2 × RTX PRO 6000 Blackwell in a deskside workstation (desk1) ranks above the owned H100s
    assert main(lora) == 0
    out = capsys.readouterr().out
    assert "Uses the 8 × H100 SXM5 80GB already owned" in out and "bought in whole servers" not in out
    assert main([*lora, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "使用已拥有的 8 × H100" in out and "按整台服务器购买" not in out


FINE_TUNE_RENTED = ["--workload", "finetune", "--model", "llama3-8b", "--tokens", "1B", "--deadline", "5d",
                    "--objective", "cloud", "--currency", "USD"]


def test_the_summary_says_the_rent_per_token_the_ranking_ranks_on(tmp_path, capsys):
    """Rented cards are paid while the job runs: page 1 said 0.468 USD per million tokens (the rent of
    all 5 days of the deadline for a 12.9 h job) where ``recommend`` ranked the row at 0.0504, and the
    summary's alternatives came in another order."""
    import json

    from configurator.cli import main

    assert main(["recommend", *FINE_TUNE_RENTED, "--json"]) == 0
    ranked = json.loads(capsys.readouterr().out)["ranked"]
    rent = ranked[0]["cloud_per_million_tokens"]
    assert main(["report", *FINE_TUNE_RENTED, "-o", str(tmp_path / "s.json")]) == 0
    capsys.readouterr()
    summary = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert summary["estimate"]["card"]["id"] == ranked[0]["card"]["id"]
    assert [a["card"]["id"] for a in summary["alternatives"][:4]] == [r["card"]["id"] for r in ranked[1:5]]
    said = f"{rent:.3g} USD"
    # named short on the first page, its basis beside the figure (session 47, look)
    for language, label, basis in (("en", "**Cost per million tokens**: ", " — cloud rent"),
                                   ("zh_CN", "**每百万词元成本**：", "——云租用价格")):
        path = tmp_path / f"s-{language}.md"
        assert main(["report", *FINE_TUNE_RENTED, "--lang", language, "-o", str(path)]) == 0
        capsys.readouterr()
        text = path.read_text(encoding="utf-8").replace("\xa0", " ")
        assert label + said + basis in text, [line for line in text.splitlines() if label[:12] in line]


def test_a_frame_longer_than_the_deadline_says_no_count_meets_it(catalog):
    from configurator.core.estimate import estimate

    scenario = _render(catalog, "0.0167")
    slow = estimate(scenario.model_copy(update={"card_id": "l40s", "count": 20}), catalog.get("l40s"))
    said = next(m for m in slow.messages if m.id == "frame-beyond-deadline")
    en, zh = said.text.replace("\xa0", " "), said.text_in("zh_CN").replace("\xa0", " ")
    assert en.startswith("One frame takes 1.42 min on L40S, longer than the whole deadline (1.00 min)")
    assert "L40S 渲染一帧需要 1.42 分钟，比整个期限（1.00 分钟）还长" in zh
    fast = estimate(scenario.model_copy(update={"card_id": "rtx-pro-6000-blackwell", "count": 20}),
                    catalog.get("rtx-pro-6000-blackwell"))
    assert "frame-beyond-deadline" not in {m.id for m in fast.messages}
