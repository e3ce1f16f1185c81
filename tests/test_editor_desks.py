"""At the users' desks (``--local-display``) the editor's data-centre fields — vGPU profile, vGPUs per GPU,
cards per server, the desktop host's vCPUs, memory and overcommit — are disabled, each tooltip saying why;
off the desks (remote virtual desktops) they are editable with their own help. Until December 2026 they stayed
editable at the desks ("8 per server" beside 4 workstations)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.scenario import Scenario

pytestmark = pytest.mark.gui

WHY = "Not used at the desks"


@pytest.fixture
def editor(editor_on):
    return editor_on(Scenario(workload="vdi", model=preset("llama3-8b"), card_id="rtx-a6000", count=4))


def _controls(editor):
    return (editor.profile, editor.per_node, editor.max_vgpus, *editor.desktop_host.values(), editor.cloud_price)


def test_the_data_centre_fields_are_disabled_at_the_desks_with_why(editor):
    assert all(c.isEnabled() and WHY not in c.toolTip() for c in _controls(editor))
    editor.controller.apply("graphics.local_display", True)
    assert not any(c.isEnabled() for c in _controls(editor))
    assert all(WHY in c.toolTip() for c in _controls(editor))
    editor.controller.apply("graphics.local_display", False)
    assert all(c.isEnabled() and WHY not in c.toolTip() for c in _controls(editor))


def test_the_panel_says_desks_cannot_be_ranked_by_rent(qtbot, editor):
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.recommend import Objective, recommend

    controller = editor.controller
    controller.apply("graphics.local_display", True)
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    result = recommend(controller.scenario, controller.catalog, Objective.CLOUD)
    text = panel._none_meets_text(result)
    assert text.startswith("Desks cannot be ranked by cloud rent") and "No card meets" not in text
