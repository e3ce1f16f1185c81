"""The window and the planner's CPU optimizer offload (offload50): the "CPU offload of optimizer states" check
box shows the planner's choice once the estimate comes, the layout line says it, and clicking the box pins it
(real widgets, offscreen)."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

PATH = "training.offload_optimizer"


def test_the_check_box_shows_the_planners_offload_and_pins_it(window):
    window.controller.replace(Scenario(model=preset("llama3-8b"), workload="finetune", card_id="rtx-4090", count=2,
                                       auto_layout=LAYOUT_FIELDS))
    analysis = window.controller.recompute()
    assert analysis.estimate.scenario.training.offload_optimizer and analysis.estimate.fits
    check = window.editor.offload_checks[PATH]
    assert check.isChecked()  # the planner's choice, not the scenario's False
    assert "CPU offload: optimizer states" in window.results.layout_label.text()
    check.click()  # unchecked: pinned off
    scenario = window.controller.scenario
    assert "offload" not in scenario.auto_layout and not scenario.training.offload_optimizer
    assert not window.controller.recompute().estimate.fits
    assert not check.isChecked()
