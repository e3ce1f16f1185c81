"""The bill of materials' TCO says, as the summary does, that a job paced to its deadline has its
waiting hours counted at load energy (message ``paced-energy``)."""

from __future__ import annotations

from configurator.app.bom_panel import BomPanel, paced_energy_note
from configurator.app.controller import ScenarioController
from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

PACED = Scenario(model=preset("llama2-7b"), card_id="a100-sxm-80gb", count=128, workload="pretrain",
                 auto_layout=LAYOUT_FIELDS, training={"seq_len": 4096, "tokens": 1e11, "recipe": "megatron-mixed"},
                 constraints={"deadline_hours": 720})
"""A pre-training job of a few days given a month."""


def test_a_paced_job_says_its_waiting_hours_count_at_load_energy(qtbot, catalog):
    controller = ScenarioController(catalog, PACED)
    controller.recompute()
    qtbot.waitUntil(lambda: controller.analysis is not None, timeout=60_000)
    panel = BomPanel(controller)
    qtbot.addWidget(panel)
    panel.update_from(controller.analysis)
    est = controller.analysis.estimate
    assert est.hours < 720
    assert "load power" in panel.paced_note.text() and panel.paced_note.text() == paced_energy_note(est)
    assert not panel.paced_note.isHidden()
    controller.apply("constraints.deadline_hours", None)
    qtbot.waitUntil(lambda: controller.analysis.estimate.scenario.constraints.deadline_hours is None, timeout=60_000)
    panel.update_from(controller.analysis)
    assert panel.paced_note.text() == "" and panel.paced_note.isHidden()
