"""One question, one answer (session 24 persona finding): the command line, the window's first
start and the workload wizard start from the same default job (core.default_job), the wizard says
the sequence it keeps, puts no deadline the buyer never typed, and the recommendation panel shows
a family's constraints only, a deadline of days in days, and counts what it lists."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from configurator.core.default_job import DEFAULT_MODEL, DEFAULT_SEQ_LEN, DEFAULT_TRAINING_TOKENS
from configurator.core.scenario import Training, updated

FINE_TUNE = ("recommend", "--workload", "finetune", "--model", "llama2-7b", "--tokens", "1e12", "--deadline", "30d")
"""The persona's question: fine-tune Llama 2 7B on 1T tokens in 30 days (wizard 32 × Gaudi 3, CLI 32 × MI300X before)."""


def test_the_command_line_and_the_first_start_share_the_default_job():
    from buyer_questions import question_scenario

    from configurator.app.defaults import default_scenario
    from configurator.core.catalog import load_catalog

    catalog = load_catalog()
    cli = question_scenario(FINE_TUNE, catalog)
    first = default_scenario("en", catalog)
    assert Training().seq_len == cli.training.seq_len == first.training.seq_len == DEFAULT_SEQ_LEN
    assert question_scenario(("recommend",), catalog).model.name == first.model.name == DEFAULT_MODEL


def test_the_command_line_the_first_start_and_what_fits_share_the_token_budget():
    """Session 42: the what-fits dialog timed the window's fine-tune for 2 B tokens (its first job's), the
    command line's ``what-fits --budget`` for 1 B (the scenario's default), and neither said why."""
    from buyer_questions import question_scenario

    from configurator.app.defaults import default_scenario
    from configurator.core.catalog import load_catalog
    from configurator.core.what_fits import owned_scenario

    catalog = load_catalog()
    first = default_scenario("zh_CN", catalog)
    assert Training().tokens == first.training.tokens == DEFAULT_TRAINING_TOKENS
    assert question_scenario(("recommend",), catalog).training.tokens == DEFAULT_TRAINING_TOKENS
    dialog, command_line = owned_scenario("l40s", 4, like=first), owned_scenario("l40s", 4)
    assert dialog.training.tokens == command_line.training.tokens == DEFAULT_TRAINING_TOKENS


def test_the_wizard_asks_the_command_lines_question(qtbot, controller):
    """The wizard's scenario for the persona's answers is the command line's, but for the layout the
    planner chooses in both (the wizard leaves every layout field Auto)."""
    import dataclasses

    from buyer_questions import question_scenario

    from configurator.app.wizard_answers import answers_from, answers_scenario
    from configurator.core.architecture import preset

    catalog = controller.catalog
    answers = dataclasses.replace(answers_from(controller.scenario, ("rtx-4090",)), workload="finetune",
                                  model=preset("llama2-7b"), tokens=1e12, deadline_hours=720.0)
    wizard = answers_scenario(answers, controller.scenario, catalog)
    cli = question_scenario(FINE_TUNE, catalog)
    assert wizard.training.seq_len == cli.training.seq_len
    assert (wizard.training.tokens, wizard.constraints.deadline_hours) == (cli.training.tokens, 720.0)


@pytest.fixture
def wizard(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    widget = WorkloadWizard(controller)
    qtbot.addWidget(widget)
    widget.show()
    return widget


@pytest.mark.parametrize("workload", ["pretrain", "finetune", "lora", "render"])
def test_the_wizard_sets_no_deadline_the_buyer_did_not_type(wizard, workload):
    wizard.goal.set_workload(workload)
    for _ in range(2):  # goal, model (graphics work has none)
        if wizard.currentPage() is not wizard.load:
            wizard.next()
    assert wizard.currentPage() is wizard.load
    box = wizard.load.render_deadline if workload == "render" else wizard.load.deadline
    assert box.value() == 0 and box.text() == box.specialValueText()  # "no deadline"
    assert wizard.answered.deadline_hours is None and wizard.answered.render_deadline_hours is None


@pytest.fixture
def panel(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    widget = RecommendationPanel(controller)
    qtbot.addWidget(widget)
    return widget


def test_a_deadline_of_days_shows_in_days(panel, controller):
    from configurator.core.messages import DAYS_ABOVE_HOURS

    controller.replace(updated(controller.scenario, constraints={"deadline_hours": 720.0}))
    assert panel.deadline.suffix().strip() == "days" and panel.deadline.value() == pytest.approx(30.0)
    panel.deadline.setValue(14)  # typed in days: kept in hours
    assert controller.scenario.constraints.deadline_hours == pytest.approx(336.0)
    controller.replace(updated(controller.scenario, constraints={"deadline_hours": DAYS_ABOVE_HOURS}))
    assert panel.deadline.suffix().strip() == "h" and panel.deadline.value() == DAYS_ABOVE_HOURS
    controller.replace(updated(controller.scenario, constraints={"deadline_hours": None}))
    assert panel.deadline.text() == "—"


def test_the_panel_shows_the_constraints_of_the_jobs_family(panel, controller):
    form = panel._ranking_form
    serving_only = (panel.rate, panel.tpot, panel.ttft, panel.targets_label)
    assert controller.scenario.workload.is_training
    assert form.isRowVisible(panel.deadline) and not any(form.isRowVisible(w) for w in serving_only)
    controller.replace(updated(controller.scenario, workload="inference"))
    assert not form.isRowVisible(panel.deadline) and all(form.isRowVisible(w) for w in serving_only)
    controller.replace(updated(controller.scenario, workload="vdi"))
    assert not form.isRowVisible(panel.deadline) and not any(form.isRowVisible(w) for w in serving_only)
    assert form.isRowVisible(panel.budget) and form.isRowVisible(panel.region)


def test_nothing_ranked_counts_the_cards_it_lists(panel):
    """70 cards not ranked, 23 listed below the line: '23 listed … 47 other cards left out', not '70 left out';
    the count of those left out is :attr:`Result.unlisted`, as the command line says it."""
    from configurator.core.messages import msg
    from configurator.core.recommend import Objective, Result

    why = {str(i): msg("no-price-cloud", card=str(i)) for i in range(70)}
    listed = tuple(SimpleNamespace(card=SimpleNamespace(id=str(i)),  # not only the budget broken
                                   estimate=SimpleNamespace(violations=(), usable=True)) for i in range(23))
    result = Result(Objective.TCO, ranked=(), pareto=(), left_out=why, below_line=listed)
    text = panel._none_meets_text(result)
    assert len(result.unlisted) == 47
    assert "23 card" in text and "47 other card" in text  # "card(s)" until the English plural forms are translated
    none_listed = Result(Objective.TCO, ranked=(), pareto=(), left_out=why)
    assert "70 card" in panel._none_meets_text(none_listed)


def test_nothing_ranked_says_no_zero_left_out(panel):
    """Every card compared listed below the line (the three cards a filter names, delivered where none
    may go): the text says '3 cards listed below' and stops, not '0 other cards left out' (look45)."""
    from configurator.core.messages import msg
    from configurator.core.recommend import Objective, Result

    why = {str(i): msg("no-price-cloud", card=str(i)) for i in range(3)}
    listed = tuple(SimpleNamespace(card=SimpleNamespace(id=str(i)),
                                   estimate=SimpleNamespace(violations=(), usable=True)) for i in range(3))
    text = panel._none_meets_text(Result(Objective.TCO, ranked=(), pareto=(), left_out=why, below_line=listed))
    assert "3 card" in text and "left out" not in text
