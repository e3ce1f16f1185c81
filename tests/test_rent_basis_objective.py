"""A buyer who says she rents is ranked by rent (session 50, persona50's finding, the lead's decision): with the
budget basis "rent" and no objective asked, every surface ranks by rent (``Objective.CLOUD``) and says why — the
command line's ``recommend`` (text and JSON), the wizard's decision, the recommendation panel and the summary; an
objective asked still wins, and by ownership against a rent budget it is said once; a purchase budget ranks as
before. The rule is :func:`~configurator.core.scenario_ranking.objective_for`.

Before: ``--budget-basis rent`` (or the wizard's "budget limits: Rent") for a 2B-token Llama 3 70B fine-tune in
48 h told the renter to buy 8 × Instinct MI350X, a card with no rent in the catalog."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from configurator.cli import main
from configurator.core.catalog import load_catalog
from configurator.core.ranking_basis import basis_said, ranked_said
from configurator.core.scenario import Scenario, updated
from configurator.core.scenario_ranking import Objective, RankingQuestion, objective_for

RENTER = ("recommend", "--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B", "--deadline", "48h",
          "--cards", "mi325x,mi350x", "--limit", "3")
"""persona50's renter, over two cards: the MI325X has a rent and no purchase price, the MI350X the reverse."""


def _run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(list(argv)) == 0, err.getvalue()
    return out.getvalue()


def _scenario() -> Scenario:
    """The window's default scenario (a Llama fine-tune), as a buyer starts from it."""
    from configurator.app.defaults import default_scenario

    return default_scenario("en")


def test_the_budget_basis_decides_only_where_no_objective_is_asked():
    assert objective_for(None, "rent") is Objective.CLOUD
    assert objective_for(None, "capex") is Objective.TCO
    for asked in Objective:
        assert objective_for(asked, "rent") is asked and objective_for(asked, "capex") is asked
    assert RankingQuestion().objective is None  # a new question asks none: the basis decides
    base = _scenario()
    rent = updated(base, constraints={"budget_basis": "rent"})
    assert basis_said(None, rent).id == "ranked-by-rent-basis"
    assert basis_said(Objective.TCO, rent).id == "ranked-against-basis"
    assert basis_said(Objective.FASTEST, rent) is None and basis_said(None, base) is None
    assert ranked_said(Objective.CLOUD, rent).id == "ranked-by-rent-basis"
    assert ranked_said(Objective.TCO, rent).id == "ranked-against-basis" and ranked_said(Objective.TCO, base) is None


def test_a_rent_budget_ranks_by_rent_on_the_command_line():
    document = json.loads(_run(*RENTER, "--budget-basis", "rent", "--json"))
    assert document["objective"] == "cloud" and document["filters"]["objective"] == "cloud"
    assert document["objective_said"]["id"] == "ranked-by-rent-basis"
    assert document["ranked"][0]["card"]["id"] == "mi325x"  # rented; the MI350X has no rent: not ranked by it
    assert "mi350x" not in {r["card"]["id"] for r in document["ranked"]}
    assert "mi350x" in {r["card"] for r in document["unpriced"]}
    for language, said in (("en", "Ranked by lowest cloud cost (lower is better): the budget is rent (pick another"),
                           ("zh_CN", "按云租用成本最低排名（越低越好）：预算为租金（选择其他目标则按其排名）")):
        text = _run(*RENTER, "--budget-basis", "rent", "--lang", language)
        job, rest = text.split("\n\n", 1)
        assert rest.startswith(said), rest[:200]  # said once, in the ranking's heading (two headings until persona50b)
        assert rest.count("the budget is rent" if language == "en" else "预算为租金") == 1


def test_an_objective_typed_wins_and_against_the_basis_is_said():
    document = json.loads(_run(*RENTER, "--budget-basis", "rent", "--objective", "tco", "--json"))
    assert document["objective"] == "tco" and document["objective_said"]["id"] == "ranked-against-basis"
    assert document["ranked"][0]["card"]["id"] == "mi350x"  # bought, as asked
    text = _run(*RENTER, "--budget-basis", "rent", "--objective", "tco")
    assert "Ranked by lowest total cost of ownership (lower is better), as asked, though the budget is rent" in text
    assert text.count("though the budget is rent") == 1
    fastest = json.loads(_run(*RENTER, "--budget-basis", "rent", "--budget", "100k", "--objective", "fastest",
                              "--json"))  # a rent budget the MI350X's missing rent cannot be checked against
    assert [r["card"]["id"] for r in fastest["ranked"]] == ["mi325x"] and fastest["objective_said"] is None
    assert [r["card"] for r in fastest["unpriced"]] == ["mi350x"]  # listed, never within the budget


def test_a_purchase_budget_ranks_as_before():
    document = json.loads(_run(*RENTER, "--json"))
    assert document["objective"] == "tco" and document["objective_said"] is None
    assert document["ranked"][0]["card"]["id"] == "mi350x"
    assert "Ranked by rent" not in _run(*RENTER)


def test_the_panel_ranks_by_rent_until_another_objective_is_picked(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel

    scenario = updated(_scenario(), workload="finetune", constraints={"budget_basis": "rent"},
                       ranking={"cards": ("mi325x", "mi350x")})
    controller = ScenarioController(load_catalog(), scenario)
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    assert panel.ranking.value.objective is Objective.CLOUD
    assert panel.objective.currentData() == Objective.CLOUD.value  # "Rank by" reads lowest cloud cost
    result = panel.refresh()
    assert result.objective is Objective.CLOUD
    assert "Ranked by rent: the budget is rent" in panel.job_label.text()
    panel.domestic.setChecked(True)  # a filter changed does not fix the objective: the basis still decides
    panel.domestic.setChecked(False)
    assert controller.scenario.ranking.objective is None
    panel.objective.setCurrentIndex(panel.objective.findData(Objective.TCO.value))  # picked: it wins
    assert controller.scenario.ranking.objective is Objective.TCO
    assert panel.refresh().objective is Objective.TCO
    assert "though the budget is rent" in panel.job_label.text()
    controller.undo_stack.undo()  # the pick undone: by rent again, the combo following the scenario
    assert controller.scenario.ranking.objective is None and panel.objective.currentData() == Objective.CLOUD.value
    controller.apply("constraints.budget_basis", "capex")  # a purchase budget: by ownership, nothing said
    assert panel.objective.currentData() == Objective.TCO.value
    assert panel.refresh().objective is Objective.TCO and "Ranked by rent" not in panel.job_label.text()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_summary_says_it_ranked_by_rent(language):
    from configurator.core.estimate import estimate
    from configurator.report.summary import build_summary

    catalog = load_catalog()
    scenario = updated(_scenario(), workload="finetune", card_id="mi325x", count=32,
                       constraints={"budget_basis": "rent"})
    summary = build_summary(estimate(scenario, catalog.get("mi325x")), catalog, language, objective=Objective.CLOUD)
    said = {"en": "Ranked by rent: the budget is rent", "zh_CN": "按租金排名：预算为租金"}[language]
    assert any(said in (table.note or "") for table in summary.tables if table.key == "alternatives")


def test_the_wizard_rents_for_a_buyer_whose_budget_is_rent(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("finetune")
    wizard.next()
    presets = wizard.model_page.presets
    wizard.model_page.presets.setCurrentRow([presets.item(r).data(256) for r in range(presets.count())]
                                            .index("llama3-70b"))
    wizard.next()
    wizard.load.deadline.setValue(48)
    wizard.next()
    limits = wizard.limits
    limits.budget_basis.setCurrentIndex(limits.budget_basis.findData("rent"))
    wizard.next()
    assert wizard.summary.wait(120_000)
    decision = wizard.summary.decision
    text = wizard.summary.text.toPlainText()
    assert decision.objective is Objective.CLOUD and decision.chosen_by == "recommender"
    assert decision.estimate.costs.prices.cloud_per_hour is not None  # a card with a rent, never one without
    assert text.startswith("Ranked by rent: the budget is rent")
    assert "Rent: " in text and "Buy: " not in text and "per card-hour" in text
    wizard.accept()
    assert controller.scenario.ranking.objective is None  # the window ranks as the wizard did: by rent
    assert objective_for(controller.scenario.ranking.objective, controller.scenario.constraints.budget_basis) \
        is Objective.CLOUD


def test_an_older_files_default_objective_is_read_as_not_asked():
    from configurator.core.scenario_io import scenario_from_document, scenario_to_document

    rent = updated(_scenario(), constraints={"budget_basis": "rent"})
    for written, read in (("tco", None), ("fastest", Objective.FASTEST), ("cloud", Objective.CLOUD)):
        document = scenario_to_document(rent)
        body = {**document["scenario"], "schema_version": 6, "ranking": {**document["scenario"]["ranking"],
                                                                        "objective": written}}
        opened = scenario_from_document({**document, "version": 6, "scenario": body})
        assert opened.ranking.objective is read, written  # version 6 wrote 'tco' into every file: not asked
    assert scenario_from_document(scenario_to_document(updated(rent, ranking={"objective": "tco"}))) \
        .ranking.objective is Objective.TCO  # a version 7 file's 'tco' was asked: kept


def test_the_windows_cost_chart_is_on_the_rankings_basis_by_rent():
    from configurator.core.analysis import chart_basis, ranking_basis
    from configurator.core.view.cost_bases import chart_basis_note
    from configurator.core.view.rows import write

    rent = updated(_scenario(), constraints={"budget_basis": "rent"})
    assert ranking_basis(rent) == "cloud" and ranking_basis(_scenario()) == "tco"
    assert ranking_basis(updated(rent, ranking={"objective": "tco"})) == "tco"  # asked: it wins
    assert chart_basis(None, "cloud", "cloud") == "cloud"  # a rented card's chart is on rent, the ranking's basis
    assert chart_basis_note("cloud", 4, "cloud") is None and chart_basis_note("tco", 4) is None
    note = chart_basis_note("tco", 4, "cloud")  # a card picked without a rent: its chart is not the ranking's
    assert "The ranking: cloud rent; a card below yours here may cost more to rent." in write(note, "en")
    assert "租用成本可能更高" in write(note, "zh_CN")
