"""Same question, same answer (issue: one planner, evidence): the wizard proposes the
configuration the recommendation ranks for that card, and `estimate` of it gives the same numbers."""

from __future__ import annotations

import pytest

from configurator.app.wizard import WorkloadWizard
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_card import suggest
from configurator.core.recommend_json import recommendation_to_dict
from configurator.core.scenario import LAYOUT_FIELDS
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


def _finish(wizard: WorkloadWizard) -> None:
    for _ in wizard.pageIds():
        if wizard.currentId() == wizard.pageIds()[-1]:
            break
        wizard.next()
    wizard.accept()


def test_wizard_proposes_what_the_recommendation_ranks(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("pretrain")
    wizard.next()
    rows = [wizard.model_page.presets.item(r).data(256) for r in range(wizard.model_page.presets.count())]
    wizard.model_page.presets.setCurrentRow(rows.index("llama2-7b") if "llama2-7b" in rows else 0)
    wizard.next()
    wizard.load.tokens.setValue(1000)  # 1 T tokens
    wizard.load.deadline.setValue(720)  # [h]: 30 days
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("a100-sxm-80gb"))
    _finish(wizard)
    proposed = controller.scenario
    card = controller.catalog.get("a100-sxm-80gb")
    assert set(LAYOUT_FIELDS) <= set(proposed.auto_layout) | set(proposed.pinned)
    ranked = suggest(proposed, card)
    assert proposed.count == ranked.count
    mine, theirs = estimate(proposed, card), estimate(ranked, card)
    assert mine.training.tokens_per_s == pytest.approx(theirs.training.tokens_per_s, rel=1e-9)
    assert mine.scenario.parallelism == theirs.scenario.parallelism


def test_recommendation_entry_is_what_estimate_says(controller):
    scenario = controller.scenario.model_copy(update={"auto_layout": tuple(LAYOUT_FIELDS)})
    result = recommend(scenario, controller.catalog, Objective.CLOUD, limit=3)
    for rank, rec in enumerate(result.ranked, start=1):
        again = estimate(rec.estimate.scenario, rec.card)
        entry = recommendation_to_dict(rec, rank)
        assert entry["layout"] == _json(again)["layout"]
        assert entry["performance"] == _json(again)["performance"]


# ---- the buyer's questions (issue 24): the CLI, the panel and the wizard give one answer ------------

DECIDE_MS = 180_000


def _cli_json(*argv) -> dict:
    import contextlib
    import io
    import json

    from configurator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())


def _cli_scenario(*argv):
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints
    from configurator.core.catalog import load_catalog

    args = build_parser().parse_args(list(argv))
    return with_constraints(scenario_from_args(args, load_catalog()), args)


def _preset_row(wizard: WorkloadWizard, preset_id: str) -> None:
    rows = [wizard.model_page.presets.item(r).data(256) for r in range(wizard.model_page.presets.count())]
    wizard.model_page.presets.setCurrentRow(rows.index(preset_id))


def _to_result(wizard: WorkloadWizard) -> None:
    while wizard.currentPage() is not wizard.summary:
        wizard.next()
    assert wizard.summary.wait(DECIDE_MS)


def test_the_500_user_budget_question_has_one_answer(qtbot):
    """The Chinese buyer's 500-user Qwen2.5-72B chat with a 3,000,000 CNY budget: the panel ranks
    what the command line ranks (nothing over budget, nothing slower than a reader) and lists the
    same configurations below the line; the wizard shows the closest of them and what it breaks."""
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.catalog import load_catalog
    from test_buyer_questions import BUYER_500_USERS

    cli = _cli_json(*BUYER_500_USERS, "--limit", "15")
    scenario = _cli_scenario(*BUYER_500_USERS)
    controller = ScenarioController(load_catalog(), scenario)
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    result = panel.refresh()
    assert [(r.card.id, r.count) for r in result.ranked] == [(e["card"]["id"], e["count"]) for e in cli["ranked"]]
    assert [(r.card.id, r.count) for r in result.below_line] == \
        [(b["card"], b["count"]) for b in cli["below_the_line"]]
    assert all(not r.estimate.violations for r in result.ranked)
    if not result.ranked:  # the cost chart says why it is empty rather than drawing bare axes
        assert "no ranked configuration to draw" in panel.chart.getPlotItem().titleLabel.text
    heading = panel.table.item(panel.below_line_row, 0).text()
    assert "Below the line" in heading
    over = next(i for i, r in enumerate(result.below_line) if any(v.id == "budget" for v in r.estimate.violations))
    row = panel.below_line_row + 1 + over
    limit = panel.table.item(row, 4)  # "Limited by · below the line: what it breaks": whole in the tooltip, and in
    assert "over budget by" in limit.toolTip() and limit.text().startswith("Budget")  # the cell where it fits
    assert panel.table.columnCount() - 1 == panel.PRICE_COLUMN  # the price column is last
    panel.table.selectRow(row)
    assert "over budget by" in panel.reasons.text()

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    _preset_row(wizard, "qwen2.5-72b")
    wizard.next()
    assert wizard.load.use.currentData() == "chat"
    wizard.load.users.setValue(500)
    wizard.next()
    assert wizard.limits.budget.value() == 3_000_000 and wizard.limits.region.currentData() == "cn"
    _to_result(wizard)
    decision = wizard.summary.decision
    if cli["ranked"]:
        assert (decision.estimate.card.id, decision.scenario.count) == (cli["ranked"][0]["card"]["id"],
                                                                         cli["ranked"][0]["count"])
    else:  # the budget alone short: the nearest priced in full, the command line's (budget_too_small)
        closest = cli["budget_too_small"] or cli["below_the_line"][0]
        assert not decision.meets_constraints
        assert decision.chosen_by == ("over-budget" if cli["budget_too_small"] else "closest")
        assert (decision.estimate.card.id, decision.scenario.count) == (closest["card"], closest["count"])
        text = wizard.summary.text.toPlainText()
        said = (closest["violations"][0] if "violations" in closest else closest["message"]["params"]["breaks"])[
            "text"].replace("\xa0", " ")  # toPlainText writes a no-break space plain
        assert "Nothing meets every constraint" in text and said in text


def test_the_rate_without_users_question_has_one_answer(qtbot):
    """10 requests/s of Llama 3 70B FP8 on TensorRT-LLM, no users given: the wizard on H200 asks for
    the cards the command line ranks for H200 (at most 16; main: 84), the users left to the rate."""
    from configurator.app.controller import ScenarioController
    from configurator.core.catalog import load_catalog
    from test_buyer_questions import RATE_WITHOUT_USERS

    cli = _cli_json(*RATE_WITHOUT_USERS, "--vendor", "NVIDIA", "--limit", "40")
    h200 = next(e for e in cli["ranked"] if e["card"]["id"] == "h200-sxm")
    assert h200["count"] <= 16
    controller = ScenarioController(load_catalog(), _cli_scenario(*RATE_WITHOUT_USERS))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    _preset_row(wizard, "llama3-70b")
    wizard.next()
    load = wizard.load
    assert load.users.value() == load.users.minimum()  # "from the request rate"
    assert (load.rate.value(), load.prompt.value(), load.answer.value()) == (10, 4000, 500)
    assert load.context.value() == load.context.minimum()  # the question and the answer need
    load.serving_precision.setCurrentIndex(load.serving_precision.findData("fp8"))
    wizard.next()
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("h200-sxm"))
    _to_result(wizard)
    decision = wizard.summary.decision
    assert decision.scenario.count == h200["count"]
    assert decision.scenario.serving.concurrency is None
    assert decision.estimate.serving.requests_per_s >= 10


# ---- one answer everywhere (session 44): the CLI, its JSON, the window and the summary name one first ------

PRETRAIN_64_H100 = ("--workload", "pretrain", "--model", "llama2-13b", "--card", "h100-sxm", "--count", "64",
                    "--tokens", "300B")
"""persona44's engineer: 64 × H100 fixed for Llama 2 13B on 300B tokens, no deadline."""
MIXTRAL_10_RPS = ("--workload", "inference", "--model", "mixtral-8x7b", "--requests-per-s", "10", "--ttft-ms", "2s",
                  "--latency-percentile", "99")
"""persona44's engineer: Mixtral 8x7B at 10 requests/s, p99 first token 2 s (1 × H200 NVL ranks first)."""
LORA_70B_3_DAYS = ("--workload", "lora", "--model", "llama3.1-70b", "--tokens", "50M", "--deadline", "3d")
"""A LoRA fine-tune with a deadline: the summary's ranking asks what the command line asks."""


def _ranked_first_everywhere(qtbot, argv) -> tuple[str, int]:
    """The first (card id, count) of ``recommend``'s text, its JSON and the window's panel, checked to be one."""
    import contextlib
    import io

    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.cli import main
    from configurator.core.catalog import load_catalog

    first = _cli_json("recommend", *argv)["ranked"][0]
    card_id, cards = first["card"]["id"], first["count"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["recommend", *argv]) == 0
    row = next(line for line in out.getvalue().splitlines() if line.strip().startswith("1 "))
    assert row.split()[1] == str(cards) and first["card"]["name"] in row  # the text's first row
    panel = RecommendationPanel(ScenarioController(load_catalog(), _cli_scenario("recommend", *argv)))
    qtbot.addWidget(panel)
    shown = panel.refresh().ranked[0]
    assert (shown.card.id, shown.count) == (card_id, cards)
    return card_id, cards


@pytest.mark.parametrize("argv, chosen", [(PRETRAIN_64_H100, None), (MIXTRAL_10_RPS, ("h200-nvl", "1")),
                                          (MIXTRAL_10_RPS, ("l40s", "8")), (LORA_70B_3_DAYS, ("h100-sxm", "8"))],
                         ids=["pretrain-64-h100", "mixtral-h200-nvl", "mixtral-l40s", "lora-deadline"])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_names_the_rankings_first(qtbot, tmp_path, argv, chosen, language):
    """The summary's page-1 verdict names the configuration ``recommend`` and the window rank first. For the
    pre-training with 64 × H100 and no deadline the summary compares options within 1.25 × the buyer's time
    (32 × Gaudi 3) while the ranking, with no time limit, puts 8 × Gaudi 3 first: page 1 names both and
    says why (it named only 32 × Gaudi 3 until December 2026)."""
    import json

    from configurator.cli import main
    from configurator.core.catalog import load_catalog
    from configurator.core.view.card_names import card_name

    card_id, cards = _ranked_first_everywhere(qtbot, argv)
    if chosen is not None:
        argv = (*argv, "--card", chosen[0], "--count", chosen[1])
    path = tmp_path / "summary.json"
    assert main(["report", "-o", str(path), "--lang", language, *argv]) == 0
    said = json.loads(path.read_text(encoding="utf-8"))["recommendation"]
    name = card_name(load_catalog().get(card_id).name, language)
    assert f"{cards:,} × {name}" in said, said
    if argv is PRETRAIN_64_H100:  # the summary's own first differs by design, and page 1 says why
        assert ("1.25× your choice's time" if language == "en" else "1.25 倍以内") in said
        assert ("recommend command" if language == "en" else "推荐命令") in said
