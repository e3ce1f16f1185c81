"""The recommendation panel's question (what it ranks by, the cards named, domestic vendors only, consumer cards)
is part of the scenario (``Scenario.ranking``): a buyer who filters, saves and opens the file again finds the
panel as they left it, and the window's summary ranks by it before the panel is opened; the change is an undoable
step that marks the file changed; an older file (schema 4, no ranking part) opens ranking by total cost of
ownership over every card."""

from __future__ import annotations

import json

from configurator.core.recommend import Objective
from configurator.core.recommend_filters import asked_filters
from configurator.core.scenario import RankingQuestion
from configurator.core.scenario_ranking import objective_for
from configurator.core.scenario_io import read_scenario, scenario_to_document, write_scenario


def _recommendations(window, qtbot):
    window.toggle_recommendations(True)
    qtbot.waitUntil(lambda: window.recommend_panel is not None, timeout=10_000)
    return window.recommend_panel


def test_filters_saved_with_the_scenario_come_back_when_it_is_opened(window, qtbot, tmp_path):
    panel = _recommendations(window, qtbot)
    panel.objective.setCurrentIndex(panel.objective.findData(Objective.FASTEST.value))
    panel.cards_picker.set_picked(("h100-sxm", "mi300x"))
    panel.cards_picker.picked.emit(("h100-sxm", "mi300x"))  # as the list sends a card checked
    panel.domestic.setChecked(True)
    assert window.controller.is_modified  # a changed question is a change to save
    asked = window.controller.scenario.ranking
    assert asked == RankingQuestion(objective="fastest", cards=("h100-sxm", "mi300x"), domestic_only=True)
    path = tmp_path / "filtered.gpuconf.json"
    assert window.save_to(path)
    assert json.loads(path.read_text())["scenario"]["ranking"]["cards"] == ["h100-sxm", "mi300x"]

    window.new_scenario()  # another question first: every card again
    assert panel.ranking.value.filters.cards == () and panel.cards_picker.button.text() == "All cards"
    assert window.open_path(path)
    chosen = panel.ranking.value
    assert chosen.objective is Objective.FASTEST and chosen.filters.cards == ("h100-sxm", "mi300x")
    assert chosen.filters.domestic_only and panel.domestic.isChecked()
    assert panel.objective.currentData() == Objective.FASTEST.value
    assert panel.cards_picker.ids() == ("h100-sxm", "mi300x") and "2" in panel.cards_picker.button.text()
    assert not window.controller.is_modified


def test_a_filter_is_undone_as_any_change(window, qtbot):
    panel = _recommendations(window, qtbot)
    panel.domestic.setChecked(True)
    panel.consumer.setChecked(True)
    assert window.controller.scenario.ranking.consumer
    window.controller.undo_stack.undo()  # the last filter only: each is its own step
    assert window.controller.scenario.ranking.domestic_only
    assert not window.controller.scenario.ranking.consumer and not panel.consumer.isChecked()
    assert not panel.ranking.value.filters.consumer


def test_an_older_file_ranks_by_tco_over_every_card(tmp_path, training_scenario):
    document = scenario_to_document(training_scenario)
    body = {k: v for k, v in document["scenario"].items() if k != "ranking"}
    document.update(version=4, scenario={**body, "schema_version": 4})
    path = tmp_path / "old.gpuconf.json"
    path.write_text(json.dumps(document))
    assert read_scenario(path).ranking == RankingQuestion()


def test_the_question_round_trips_through_the_file(tmp_path, training_scenario):
    asked = RankingQuestion(objective="energy", cards=("l40s",), consumer=True)
    scenario = training_scenario.model_validate({**training_scenario.model_dump(), "ranking": asked.model_dump()})
    path = tmp_path / "asked.gpuconf.json"
    write_scenario(path, scenario)
    assert read_scenario(path) == scenario


def test_the_summary_ranks_by_the_saved_question_before_the_panel_is_opened(window):
    from configurator.core.recommend import DEFAULT_CLASSES

    assert getattr(window, "recommend_panel", None) is None
    assert window.summary_ranked_by() == ()  # every card by TCO
    window.controller.apply_many({"ranking.objective": "energy", "ranking.domestic_only": True})
    objective, filters = window.summary_ranked_by()
    assert objective is Objective.ENERGY and filters.domestic_only
    assert filters.classes == DEFAULT_CLASSES[window.controller.scenario.workload] and not filters.consumer


def test_the_panel_ranks_with_the_rule_the_summary_reads(window, qtbot):
    panel = _recommendations(window, qtbot)
    panel.consumer.setChecked(True)
    objective, filters = panel.ranking.value.objective, panel.filters()
    assert "graphics" in filters.classes and filters.consumer  # consumer cards: their class let in
    scenario = window.controller.scenario
    asked = objective_for(scenario.ranking.objective, scenario.constraints.budget_basis)  # none asked: the basis's
    assert (asked, asked_filters(scenario.ranking, scenario.workload)) == (objective, filters)
