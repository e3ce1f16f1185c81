"""One answer on every surface (session 51, nearest51; persona51's "Seen and left" 1 and 2).

1. The nearest configuration over budget does not depend on how many rows are listed: it is chosen from every
   configuration below the line (``Result.below_considered``), and the listing shows it at any limit. Llama 3 8B
   pre-training on 1T tokens in 30 days under 300,000 USD named 32 × Gaudi 3 at ``--limit 10``, the panel and the
   wizard, and 32 × Cloud TPU7x Ironwood at ``--limit 6`` and in ``report`` (which ranks with ``limit=1``).
2. What applying a ranked configuration carries into the buyer's scenario (:func:`~configurator.core.applied.applied`)
   keeps the cards a server may hold the buyer asked: the summary's alternatives were ranked at the RTX A6000's
   4 cards a server (40 designers, 86 万元, mainland China): 7 × A10 497 元 before 10 × T4 505 元 a user-month, where
   ``recommend`` ranks 10 × T4 450 元 before 7 × A10 456 元.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from types import SimpleNamespace

import pytest

from configurator.cli import main

PRETRAIN = ["--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T", "--deadline", "30d",
            "--budget", "300k"]
"""Nothing ranked, the budget alone keeps the nearest priced in full (32 × Gaudi 3) past the sixth row."""

DESIGNERS = ["--workload", "vdi", "--users", "40", "--user-class", "designer", "--budget", "86万元", "--region", "cn"]
"""40 CAD designers on virtual desktops for a 设计院: 4 × RTX A6000 first, in one 4-slot server."""


def _json(*argv: str) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def nearest_at_limits() -> dict[int, dict]:
    """``recommend --json`` of :data:`PRETRAIN` at two limits, one that lists the nearest priced in full and one
    that cut it off until December 2026."""
    return {limit: _json("recommend", *PRETRAIN, "--limit", str(limit), "--json") for limit in (3, 10)}


def test_the_nearest_over_budget_is_one_row_at_every_limit(nearest_at_limits):
    named = {limit: (data["budget_too_small"]["card"], data["budget_too_small"]["count"])
             for limit, data in nearest_at_limits.items()}
    assert len(set(named.values())) == 1, named
    card, count = named[10]
    assert nearest_at_limits[10]["budget_too_small"]["message"]["id"] == "budget-too-small"  # priced in full
    for data in nearest_at_limits.values():  # the row the sentence names is a row of the table under it
        assert [(r["card"], r["count"]) for r in data["below_the_line"]].count((card, count)) == 1
    assert len(nearest_at_limits[3]["below_the_line"]) == 4  # the three listed, and the nearest after them


def test_the_report_presents_that_nearest(nearest_at_limits, tmp_path, capsys):
    """``report`` without ``--card`` ranks with ``limit=1``: its first page is the same nearest configuration."""
    short = nearest_at_limits[10]["budget_too_small"]
    path = tmp_path / "summary.json"
    assert main(["report", *PRETRAIN, "-o", str(path)]) == 0, capsys.readouterr().err
    summary = json.loads(path.read_text(encoding="utf-8"))
    assert (summary["estimate"]["card"]["id"], summary["estimate"]["count"]) == (short["card"], short["count"])


def _below(card: str, *verdicts: SimpleNamespace) -> SimpleNamespace:
    estimate = SimpleNamespace(violations=verdicts, usable=True, card=SimpleNamespace(id=card))
    return SimpleNamespace(estimate=estimate, card=estimate.card)


def test_the_nearest_is_the_first_priced_in_full_that_breaks_the_budget_alone():
    from configurator.core.budget_nearest import nearest_over_budget
    from configurator.core.recommend import with_nearest

    over = SimpleNamespace(id="budget", params={})
    unpriced = SimpleNamespace(id="budget", params={"unpriced": ("tpu",)})
    late = SimpleNamespace(id="deadline", params={})
    rows = (_below("tpu", unpriced), _below("mi355x", late), _below("gaudi3", over), _below("b200", over))
    assert nearest_over_budget(rows) is rows[2]
    assert nearest_over_budget(rows[:2]) is rows[0]  # none priced in full: the first the budget alone keeps out
    assert nearest_over_budget(rows[1:2]) is None
    assert with_nearest(rows[:1], rows, ranked=False) == (rows[0], rows[2])
    assert with_nearest(rows[:3], rows, ranked=False) == rows[:3]  # listed already: once
    assert with_nearest(rows[:1], rows, ranked=True) == rows[:1]  # something ranked: no nearest


@pytest.fixture(scope="module")
def designers_ranked() -> list[tuple[str, int]]:
    return [(r["card"]["id"], r["count"]) for r in _json("recommend", *DESIGNERS, "--json")["ranked"]]


def test_the_summary_ranks_the_alternatives_as_recommend_does(designers_ranked, tmp_path, capsys):
    path = tmp_path / "summary.json"
    assert main(["report", *DESIGNERS, "-o", str(path)]) == 0, capsys.readouterr().err
    summary = json.loads(path.read_text(encoding="utf-8"))
    chosen = (summary["estimate"]["card"]["id"], summary["estimate"]["count"])
    alternatives = [(a["card"]["id"], a["count"]) for a in summary["alternatives"]]
    assert chosen == designers_ranked[0] == ("rtx-a6000", 4)
    assert alternatives == designers_ranked[1:1 + len(alternatives)] and alternatives[:2] == [("t4", 10), ("a10", 7)]
    servers = {a["card"]["id"]: a["bom"]["items"][1]["quantity"] for a in summary["alternatives"]}
    assert servers["t4"] == 2  # 8 cards a server, as recommend buys them (the A6000's 4 gave 3)


def _question(argv: list[str], catalog):
    from configurator.cli_parser import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints

    args = build_parser().parse_args(["recommend", *argv])
    return with_constraints(scenario_from_args(args, catalog), args)


def test_applied_keeps_the_cards_a_server_may_hold_asked_and_the_same_bill(catalog):
    from configurator.core.applied import applied
    from configurator.core.estimate import estimate
    from configurator.core.recommend import recommend
    from configurator.core.recommend_costs import ownership_cost

    question = _question(DESIGNERS, catalog)
    result = recommend(question, catalog, limit=1)
    found = result.best.estimate
    assert found.scenario.parallelism.cards_per_node == 4  # the deployment's: 48 desktops a host, 12 a card
    scenario = applied(found, question)
    assert scenario.parallelism.cards_per_node == question.parallelism.cards_per_node == 8
    again = estimate(scenario, found.card)
    mine, ranked = ownership_cost(again, result.book), ownership_cost(found, result.book)
    assert [(line.item_id, line.quantity) for line in mine.bom.lines] == [
        (line.item_id, line.quantity) for line in ranked.bom.lines]
    assert mine.bom.servers == ranked.bom.servers == 1 and again.graphics.cards_per_server == 4


def test_applied_keeps_a_cards_per_server_the_card_itself_sets(catalog):
    """A consumer card's encode sessions count per server: the deployment puts one card in each, which the
    question's 8 would not give again."""
    from configurator.core.applied import cards_per_server_asked
    from configurator.core.estimate import estimate
    from configurator.core.scenario import updated

    card = next(c for c in catalog.cards if c.is_consumer and c.video.nvenc)
    question = _question(["--workload", "transcode", "--card", card.id], catalog)
    one = updated(question, count=4, parallelism={"cards_per_node": 1})
    found = estimate(one, card)
    assert cards_per_server_asked(found, one, question) is one


def test_use_this_keeps_the_cards_a_server_may_hold(qtbot, controller, catalog):
    """The window's "Use this configuration" applies the row as ``report`` does: the summary's alternatives,
    ranked on the scenario it leaves, are the panel's own ranking."""
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.report.summary import ranked_options

    controller.replace_undoable(_question(DESIGNERS, catalog), lambda: "designers")
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    result = panel.refresh()
    panel.table.selectRow(0)
    assert panel.recommendation_at(0) is result.ranked[0] and panel.use_selected()
    assert controller.scenario.parallelism.cards_per_node == 8
    _, others, _ = ranked_options(controller.recompute().estimate, controller.catalog)
    assert [(o.estimate.card.id, o.estimate.scenario.count) for o in others] == [
        (r.card.id, r.count) for r in result.ranked[1:1 + len(others)]]
