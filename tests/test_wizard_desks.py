"""The wizard asks virtual-desktop buyers whether the monitors are cabled to the card (``graphics.local_display``,
``--local-display``): workstations at the users' desks. Until December 2026 only the editor asked it, though the
README said desks could be set in the wizard. Its question, answers and tooltip are the field registry's (one
declaration: the tooltip the editor's box's), in both languages — a question a buyer understands, where a box
said "Monitor attached" (session 45) — and its answer is the command line's
(``recommend --workload vdi --users 30 --user-class designer --local-display``)."""

from __future__ import annotations

import pytest
from test_same_answer import _cli_json, _to_result

from configurator.app.field_help import field_help, field_question
from configurator.app.i18n import install_language
from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_answers import answers_from
from configurator.core.desks import at_desks

DESKS_CLI = ("recommend", "--workload", "vdi", "--users", "30", "--user-class", "designer", "--local-display")
"""30 designers at their desks, as the command line asks it."""

SAID = {"en": ("Do the users &sit at the machine with a monitor attached (deskside), or connect remotely?",
               ("Remotely: virtual desktops on servers",
                "At the machine: monitors cabled to its card (deskside workstation)"),
               "a workstation at each user's desk"),
        "zh_CN": ("用户是坐在连接了显示器的机器旁（桌边工作站），还是远程连接？(&S)",
                  ("远程连接：服务器上的虚拟桌面", "在机器旁：显示器直接连接到其加速卡（桌边工作站）"),
                  "每个用户工位一台工作站")}
"""The question, its answers (remotely first) and a part of the tooltip, by language."""


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
    page = _desktops_page(qtbot, controller, language).load.graphics
    box, question = page.local_display, page.local_display_question
    text, answers, tip = SAID[language]
    assert box.isVisible() and box.currentData() is False  # remotely, until the buyer says otherwise
    assert (question.text(), tuple(box.itemText(i) for i in range(box.count()))) == (text, answers) \
        == field_question("graphics.local_display")
    assert question.isVisible() and question.buddy() is box
    assert tip in box.toolTip() and box.toolTip() == field_help("graphics.local_display")


def test_the_wizard_at_the_desks_answers_as_the_command_line(qtbot, controller):
    cli = _cli_json(*DESKS_CLI)["ranked"][0]
    wizard = _desktops_page(qtbot, controller)
    g = wizard.load.graphics
    g.desktop_users.setValue(30)
    g.user_kind.setCurrentIndex(g.user_kind.findData("designer"))
    g.local_display.setCurrentIndex(g.local_display.findData(True))
    assert wizard.answered.local_display and at_desks(wizard.answers_scenario())
    _to_result(wizard)
    decision = wizard.summary.decision
    assert at_desks(decision.scenario)
    assert (decision.estimate.card.id, decision.scenario.count) == (cli["card"]["id"], cli["count"])
    said = wizard.summary.text.toPlainText()  # workstations, not servers (until December 2026 "in 4 servers")
    assert f"in {cli['count']} deskside workstations, one card each" in said and "server" not in said.split("\n")[0]


def test_reopened_on_a_scenario_at_the_desks_the_answer_is_at_the_machine(qtbot, controller):
    controller.apply_many({"workload": "vdi", "graphics.local_display": True})
    assert answers_from(controller.scenario, ("l40s",)).local_display
    wizard = _desktops_page(qtbot, controller)
    box = wizard.load.graphics.local_display
    assert box.currentData() is True
    box.setCurrentIndex(box.findData(False))
    assert not wizard.answers_scenario().graphics.local_display


def test_another_workload_keeps_the_scenarios_own(qtbot, controller):
    """Rendering's workstation (the editor's box under the render group) is not the desktops' question."""
    controller.apply_many({"workload": "render", "graphics.local_display": True})
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("render")
    assert wizard.answers_scenario().graphics.local_display


@pytest.mark.parametrize("at_the_machine", (False, True))
def test_the_limits_page_asks_no_server_questions_at_the_desks(qtbot, controller, at_the_machine):
    """Desks buy one workstation each, no server and no rack: the limits page after the deskside answer
    hides 'Cards per server' and 'Power per server'; remote desktops on servers keep them (look45)."""
    wizard = _desktops_page(qtbot, controller)
    box = wizard.load.graphics.local_display
    box.setCurrentIndex(box.findData(at_the_machine))
    wizard.next()
    limits = wizard.limits
    assert wizard.currentPage() is limits
    form = limits.layout()
    assert form.isRowVisible(limits.per_node) is not at_the_machine
    assert form.isRowVisible(limits.rack_power) is not at_the_machine
    assert form.isRowVisible(limits.power) and form.isRowVisible(limits.budget)
