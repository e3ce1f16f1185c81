"""An ML engineer's latency targets as typed in the window (session 49, mleng49): a per-user rate of
30 tokens/s is 33.3 ms per token in the wizard as in the editor, and a first-token target reads
"1,000 ms" in the wizard and the recommendation panel as every other number there (real widgets)."""

from __future__ import annotations

from configurator.app.wizard import WorkloadWizard
from configurator.core.scenario import updated


def _load_page(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    return wizard.load


def test_the_wizard_takes_a_tenth_of_a_ms_per_token(qtbot, controller):
    load = _load_page(qtbot, controller)
    load.latency.setFocus()
    load.latency.lineEdit().selectAll()
    qtbot.keyClicks(load.latency.lineEdit(), "33.3")
    load.latency.interpretText()
    assert load.latency.value() == 33.3  # was 33: whole ms only
    assert load.latency.text() == "33.3 ms per token"
    load.latency.setValue(50)
    assert load.latency.text() == "50 ms per token"  # no trailing zeros


def test_the_wizard_groups_a_first_token_target(qtbot, controller):
    load = _load_page(qtbot, controller)
    load.ttft.setValue(1000)
    assert load.ttft.text() == "1,000 ms to the first token"  # was "1000 ms"


def test_the_panel_groups_a_first_token_target(qtbot, controller):
    from configurator.app.recommend_panel import RecommendationPanel

    controller.replace_undoable(updated(controller.scenario, workload="inference"), "serving")
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.ttft.setValue(1500)
    assert controller.scenario.constraints.ttft_ms == 1500
    assert panel.ttft.text() == "1,500 ms"  # was "1500 ms"
