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
        assert box.minimum() == 0 and box.specialValueText() == "—", path  # 0: not set
        assert bounds.high - 10.0 ** -box.decimals() <= box.maximum() <= bounds.high, path
        assert box.objectName() == path
