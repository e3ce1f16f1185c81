"""The buyer's constraints in the window (issue 24): the serving use in the editor and the wizard,
the default targets shown and named, what the budget caps in the panel (real widgets)."""

from __future__ import annotations

import pytest

from configurator.app.wizard import WorkloadWizard
from configurator.core.scenario import updated


@pytest.fixture
def serving(controller):
    controller.replace_undoable(updated(controller.scenario, workload="inference"), "serving")
    return controller


def test_the_editor_asks_the_use_and_names_its_targets(qtbot, serving):
    from configurator.app.editor import ScenarioEditor

    editor = ScenarioEditor(serving)
    qtbot.addWidget(editor)
    assert editor.use.currentData() == "chat"
    assert "default for interactive chat" in editor.targets_note.text()
    assert "100\u00a0ms" in editor.targets_note.text() and "p90" in editor.targets_note.text()
    editor.use.setCurrentIndex(editor.use.findData("batch"))
    assert serving.scenario.serving.use.value == "batch"
    assert "offline batch" in editor.targets_note.text()
    editor.use.setCurrentIndex(editor.use.findData("api"))
    assert "p99" in editor.targets_note.text() and "default for an API" in editor.targets_note.text()
    editor.tpot_target.setValue(40)
    assert serving.scenario.constraints.tpot_ms == 40
    assert "40.0\u00a0ms per token (your target)" in editor.targets_note.text()
    assert "2,000\u00a0ms (default for an API)" in editor.targets_note.text()  # ms, as the box it is typed in


def test_the_panel_says_what_the_budget_caps_and_the_defaults(qtbot, serving):
    from configurator.app.recommend_panel import RecommendationPanel

    panel = RecommendationPanel(serving)
    qtbot.addWidget(panel)
    assert panel.budget_basis.currentData() == "capex"
    assert "capex" in panel.budget.toolTip() and "rent" in panel.budget.toolTip()
    assert "100" in panel.tpot.specialValueText() and "1,000 ms" in panel.ttft.specialValueText()
    assert "default for interactive chat" in panel.targets_label.text()
    panel.budget_basis.setCurrentIndex(panel.budget_basis.findData("rent"))
    assert serving.scenario.constraints.budget_basis == "rent"
    panel.ttft.setValue(500)
    assert serving.scenario.constraints.ttft_ms == 500 and panel.ttft.specialValueText() == "—"


def test_the_wizard_asks_the_use_and_shows_its_defaults(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    load = wizard.load
    assert load.use.currentData() == "chat"
    assert "1,000 ms" in load.ttft.specialValueText() and "100 ms" in load.latency.specialValueText()
    load.use.setCurrentIndex(load.use.findData("api"))
    assert "2,000 ms" in load.ttft.specialValueText()
    assert wizard.answers_scenario().serving.use.value == "api"
    load.use.setCurrentIndex(load.use.findData("batch"))
    assert load.latency.specialValueText() == "no target"
    assert wizard.answers_scenario().constraints.tpot_ms is None
    load.daily.setValue(10_000)  # an offline batch is sized by its requests a day (refused without a volume)
    load.context.setValue(load.context.minimum())
    load.prompt.setValue(6000)
    load.answer.setValue(1000)
    assert load.validatePage()  # the context follows the question and the answer
    assert wizard.answers_scenario().serving.context_tokens == 7000
