"""The window's part of a serving question asked without a load (session 35, noload;
tests/test_no_load_given.py has the command line's and the summary's): the recommendation panel says
over its table what was assumed and what to give, in either language, and applies an unsized batch
unsized; the wizard finishes a chat question with no load and its answer says so first."""

from __future__ import annotations

import pytest
from buyer_questions import question_scenario

from configurator.app.controller import ScenarioController
from configurator.app.i18n import language_for_a_while
from configurator.app.recommend_panel import RecommendationPanel
from configurator.app.wizard import WorkloadWizard
from configurator.core.catalog import load_catalog

CHAT = ("recommend", "--workload", "inference", "--model", "llama3-8b")


def _panel(qtbot, argv):
    controller = ScenarioController(load_catalog(), question_scenario(argv, load_catalog()))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    return panel


@pytest.mark.parametrize("language, start", [("en", "No load given: sized for 1 user at once"),
                                             ("zh_CN", "未给出负载：按同时 1 位用户规划")])
def test_the_panel_says_it_over_the_ranking(qtbot, language, start):
    with language_for_a_while(language):
        panel = _panel(qtbot, CHAT)
        assert panel.result.load is not None and panel.load_label.isVisibleTo(panel)
        assert panel.load_label.text().startswith(start)
        assert "--concurrency" in panel.load_label.toolTip()  # the note in full: flags and fields


def test_the_panel_says_nothing_where_a_load_is_given(qtbot):
    panel = _panel(qtbot, (*CHAT, "--requests-per-s", "2"))
    assert panel.result.load is None and not panel.load_label.isVisibleTo(panel)
    assert panel.load_label.text() == ""


def test_the_panel_says_how_users_given_alone_were_read(qtbot):
    """Users at once without a request rate: not a load assumed (``Result.load`` is None), but how they were read and
    how to give users a day instead (small51; tests/test_small51.py has the command line's and the summary's)."""
    panel = _panel(qtbot, (*CHAT, "--concurrency", "20"))
    assert panel.result.load is None and panel.load_label.isVisibleTo(panel)
    assert panel.load_label.text().startswith("20 users read as users at once")
    assert "requests a day instead (as the Request rate, per second)" in panel.load_label.text()


def test_an_unsized_batch_is_applied_unsized(qtbot):
    panel = _panel(qtbot, ("recommend", "--workload", "inference", "--model", "llama3-8b", "--use", "batch"))
    assert panel.result.load.id == "load-not-given-batch"
    assert panel.result.best.estimate.scenario.serving.concurrency is not None  # the planner filled it
    panel.table.selectRow(0)
    assert panel.use_selected()
    scenario = panel.controller.scenario
    assert scenario.serving.concurrency is None and scenario.card_id == panel.result.best.card.id


def test_the_wizard_finishes_a_chat_with_no_load_and_says_so(qtbot):
    controller = ScenarioController(load_catalog(), question_scenario(CHAT, load_catalog()))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    load = wizard.load
    load.users.setValue(load.users.minimum())  # 'from the request rate'
    load.rate.setValue(load.rate.minimum())  # 'not set'
    assert load.validatePage()  # a chat may be asked for one person
    while wizard.currentPage() is not wizard.summary:
        wizard.next()
    assert wizard.summary.wait(180_000)
    text = wizard.summary.text.toPlainText()
    assert text.startswith("No load given: sized for 1 user at once")  # first (after a card's past-support caution)
    assert "--concurrency" in text and "Users served together" in text


def test_the_windows_warnings_say_it_first(qtbot, window):
    controller = window.controller
    controller.apply_many({"workload": "inference", "card_id": "h100-sxm", "count": 1})
    controller.recompute()
    qtbot.waitUntil(lambda: window.results.warnings.count() > 0
                    and window.results.warnings.item(0).text().startswith("No load given"), timeout=60_000)
    controller.apply_many({"serving.concurrency": 16})
    controller.recompute()
    qtbot.waitUntil(lambda: not window.results.warnings.item(0).text().startswith("No load given"), timeout=60_000)


def test_the_windows_warnings_say_it_of_an_unsized_batch(qtbot, window):
    """An offline batch given no volume: the planner fills its users at once into the estimate's
    scenario, and the window's warnings still say first that no volume was given (as the command line
    and the summary do)."""
    controller = window.controller
    controller.apply_many({"workload": "inference", "card_id": "h100-sxm", "count": 1, "serving.use": "batch"})
    controller.recompute()
    qtbot.waitUntil(lambda: window.results.warnings.count() > 0
                    and window.results.warnings.item(0).text().startswith("No volume given"), timeout=60_000)
