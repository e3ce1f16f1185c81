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
    return (editor.profile, editor.per_node, editor.max_vgpus, *editor.desktop_host.values(), editor.cloud_price,
            editor.pue)


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


def test_the_desktops_group_has_the_monitor_attached_box_and_the_greyed_fields_follow_it(editor):
    """The "monitor attached" box (``graphics.local_display``) is in the virtual-desktops group (until December 2026
    only the rendering group had it: desks were set from the command line alone); ticking it is the desks, live."""
    box = editor.control_for("graphics.local_display")
    assert box is editor.local_display and editor.desktops_group.isAncestorOf(box)
    assert box.text() == "Monitor attached" and "a workstation at each user's desk" in box.toolTip()
    assert not box.isChecked() and all(c.isEnabled() for c in _controls(editor))
    box.click()
    assert editor.controller.scenario.graphics.local_display is True
    assert not any(c.isEnabled() for c in _controls(editor))
    box.click()
    assert editor.controller.scenario.graphics.local_display is False and all(c.isEnabled() for c in _controls(editor))


def test_the_one_box_moves_to_the_rendering_group_and_back(editor):
    editor.controller.apply("workload", "render")
    box = editor.control_for("graphics.local_display")
    assert editor.render_group.isAncestorOf(box) and not editor.desktops_group.isAncestorOf(box)
    assert len([w for w in editor.widget().findChildren(type(box)) if w.objectName() == "graphics.local_display"]) == 1
    editor.controller.apply("workload", "vdi")
    assert editor.desktops_group.isAncestorOf(box)


def test_the_box_is_translated(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.editor import ScenarioEditor
    from configurator.app.i18n import install_language
    from configurator.core.catalog import load_catalog

    install_language("zh_CN")
    try:
        controller = ScenarioController(load_catalog(), Scenario(workload="vdi", model=preset("llama3-8b"),
                                                                 card_id="rtx-a6000", count=4))
        controller.hold_first_analysis()
        widget = ScenarioEditor(controller)
        qtbot.addWidget(widget)
        box = widget.local_display
        assert box.text() == "连接显示器" and "每个用户工位一台工作站" in box.toolTip()
        controller.apply("graphics.local_display", True)
        assert "不计机房附加能耗" in widget.pue.toolTip()
    finally:
        install_language("en")
