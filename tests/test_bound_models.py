"""The recommendation panel's and the wizard's inputs are bound to models (issue 14 part 4):
the value lives in a model and the widgets show and edit it, not state that lives only in widgets."""

from __future__ import annotations

import pytest


@pytest.fixture
def panel(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    widget = RecommendationPanel(controller)
    qtbot.addWidget(widget)
    return widget


def test_the_panels_choices_are_a_filters_model(panel):
    from configurator.app.recommend_panel import Ranking
    from configurator.core.recommend import Filters, Objective

    assert panel.ranking.value == Ranking() and panel.ranking.value.filters == Filters(consumer=False)
    panel.domestic.setChecked(True)  # the widget edits the model
    assert panel.ranking.value.filters.domestic_only is True
    panel.ranking.set("filters.consumer", True)  # the model shows in the widget
    assert panel.consumer.isChecked()
    panel.objective.setCurrentIndex(panel.objective.findData("cloud"))
    assert panel.ranking.value.objective is Objective.CLOUD
    panel.ranking.set("objective", Objective.FASTEST)
    assert panel.objective.currentData() == "fastest"
    request = panel.filters()  # the request: the model's filters over the workload's classes
    assert request.domestic_only and request.consumer and "graphics" in request.classes


def test_a_model_change_ranks_again(panel, qtbot):
    panel._timer.stop()
    panel.ranking.set("filters.domestic_only", True)
    assert panel._timer.isActive()
    panel._timer.stop()
    panel.ranking.set("filters.domestic_only", True)  # no change, no new ranking
    assert not panel._timer.isActive()


def test_the_panels_constraint_boxes_offer_the_models_range(panel):
    from configurator.core.fields import spec

    for box, path in ((panel.deadline, "constraints.deadline_hours"), (panel.rate, "constraints.requests_per_s"),
                      (panel.tpot, "constraints.tpot_ms"), (panel.budget, "constraints.budget"),
                      (panel.power, "constraints.power_cap_kw")):
        bounds = spec(path).bounds
        assert box.minimum() == 0, path  # 0: not set ...
        assert box.specialValueText() == "—" or box.specialValueText().startswith("default: "), path  # or the use's
        assert bounds.high - 10.0 ** -box.decimals() <= box.maximum() <= bounds.high, path
        assert box.objectName() == path


@pytest.fixture
def wizard(qtbot, controller):
    from configurator.app.wizard import WorkloadWizard

    widget = WorkloadWizard(controller)
    qtbot.addWidget(widget)
    return widget


def test_the_wizards_answers_are_a_model(wizard, controller):
    from configurator.app.wizard_answers import WizardAnswers, answers_from

    references = tuple(wizard.load.reference.itemData(i) for i in range(wizard.load.reference.count()))
    assert isinstance(wizard.answered, WizardAnswers)
    assert wizard.answered == answers_from(controller.scenario, references)  # reopened: the scenario's answers
    wizard.load.tokens.setValue(2000)  # a box edits the model, in its own unit (billion tokens)
    assert wizard.answered.tokens == pytest.approx(2e12)
    wizard.load.deadline.setValue(720)  # [h], shown as 30 days
    assert wizard.answered.deadline_hours == pytest.approx(720)
    wizard.load.deadline.setValue(0)  # 'no deadline'
    assert wizard.answered.deadline_hours is None
    wizard.answers.set("context", 16384)  # the model shows in the box
    assert wizard.load.context.value() == 16384
    wizard.answers.set("workload", "inference")
    assert wizard.goal.workload() == "inference"
    wizard.answers.set("serving_precision", "fp8")
    assert wizard.load.serving_precision.currentData() == "fp8" and wizard.chosen_precision() == "fp8"
    scenario = wizard.answers_scenario()  # built from the model
    assert scenario.workload.value == "inference" and scenario.serving.context == 16384
    assert scenario.precision.value == "fp8"


def test_every_wizard_input_edits_the_answers(wizard):
    """No answer lives only in a widget: each number box, list and check box of the pages changes
    the model when edited (the model size too: the model it stands for)."""
    from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox

    for box in wizard.findChildren(QAbstractSpinBox):
        before = wizard.answered
        box.setValue(box.maximum() if box.value() != box.maximum() else box.minimum())
        assert wizard.answered != before, box.objectName()
    for combo in (c for c in wizard.findChildren(QComboBox) if c.count() > 1):
        before = wizard.answered
        combo.setCurrentIndex((combo.currentIndex() + 1) % combo.count())
        assert wizard.answered != before, combo.objectName() or combo.toolTip()
    for check in wizard.findChildren(QCheckBox):
        before = wizard.answered
        check.toggle()
        assert wizard.answered != before, check.text()


def test_the_model_page_edits_the_answers_model(wizard):
    from configurator.core.architecture import load_presets

    page = wizard.model_page
    row = next(r for r in range(page.presets.count()) if page.presets.item(r).data(256) == "llama3-70b")
    page.presets.setCurrentRow(row)
    assert wizard.answered.model == load_presets()["llama3-70b"]
    page.size.setValue(13)  # a size: the model it stands for
    assert wizard.answered.model == page.sized().model
    wizard.answers.set("model", load_presets()["llama3-8b"])  # the model shows on the page
    assert page.preset_choice.isChecked() and page.presets.currentItem().data(256) == "llama3-8b"
    assert wizard.answers_scenario().model == load_presets()["llama3-8b"]
