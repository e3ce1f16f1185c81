"""The wizard asks virtual-desktop buyers whether the monitors are cabled to the card (``graphics.local_display``,
``--local-display``): workstations at the users' desks. Until December 2026 only the editor asked it, though the
README said desks could be set in the wizard. Its text and tooltip are the editor's box's (the field registry's:
one declaration), in both languages, and its answer is the command line's
(``recommend --workload vdi --users 30 --user-class designer --local-display``)."""

from __future__ import annotations

import pytest
from test_same_answer import _cli_json, _to_result

from configurator.app.field_help import accessible_label, field_help
from configurator.app.i18n import install_language
from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_answers import answers_from
from configurator.core.desks import at_desks

DESKS_CLI = ("recommend", "--workload", "vdi", "--users", "30", "--user-class", "designer", "--local-display")
"""30 designers at their desks, as the command line asks it."""

SAID = {"en": ("Monitor attached", "a workstation at each user's desk"),
        "zh_CN": ("连接显示器", "每个用户工位一台工作站")}
"""The box's text and a part of its tooltip, by language."""


def _desktops_page(qtbot, controller, language: str = "en") -> WorkloadWizard:
    install_language(language)
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("vdi")
    wizard.next()
    return wizard


@pytest.mark.parametrize("language", ("en", "zh_CN"))
def test_the_desktops_question_asks_the_editors_monitor_attached(qtbot, controller, language):
    box = _desktops_page(qtbot, controller, language).load.graphics.local_display
    text, tip = SAID[language]
    assert box.isVisible() and not box.isChecked()
    assert box.text() == text == accessible_label("graphics.local_display")
    assert tip in box.toolTip() and box.toolTip() == field_help("graphics.local_display")


def test_the_wizard_at_the_desks_answers_as_the_command_line(qtbot, controller):
    cli = _cli_json(*DESKS_CLI)["ranked"][0]
    wizard = _desktops_page(qtbot, controller)
    g = wizard.load.graphics
    g.desktop_users.setValue(30)
    g.user_kind.setCurrentIndex(g.user_kind.findData("designer"))
    g.local_display.setChecked(True)
    assert wizard.answered.local_display and at_desks(wizard.answers_scenario())
    _to_result(wizard)
    decision = wizard.summary.decision
    assert at_desks(decision.scenario)
    assert (decision.estimate.card.id, decision.scenario.count) == (cli["card"]["id"], cli["count"])
    said = wizard.summary.text.toPlainText()  # workstations, not servers (until December 2026 "in 4 servers")
    assert f"in {cli['count']} deskside workstations, one card each" in said and "server" not in said.split("\n")[0]


def test_reopened_on_a_scenario_at_the_desks_the_box_is_checked(qtbot, controller):
    controller.apply_many({"workload": "vdi", "graphics.local_display": True})
    assert answers_from(controller.scenario, ("l40s",)).local_display
    wizard = _desktops_page(qtbot, controller)
    assert wizard.load.graphics.local_display.isChecked()
    wizard.load.graphics.local_display.setChecked(False)
    assert not wizard.answers_scenario().graphics.local_display


def test_another_workload_keeps_the_scenarios_own(qtbot, controller):
    """Rendering's workstation (the editor's box under the render group) is not the desktops' question."""
    controller.apply_many({"workload": "render", "graphics.local_display": True})
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("render")
    assert wizard.answers_scenario().graphics.local_display
