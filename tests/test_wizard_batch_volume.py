"""Offline batch serving in the wizard is asked its volume a day, as a batch buyer counts it
(persona s34: "document processing of T tokens a day"), and is not sized for one request at a
time: left without a volume, the wizard planned Qwen 2.5 72B at 1 sequence per copy (0.064
requests/s, about 26 USD per million tokens where a full batch costs well under 1 USD)."""

from __future__ import annotations

import pytest

from configurator.app.wizard import WorkloadWizard
from configurator.core.architecture import load_presets
from configurator.core.scenario import ServingUse

DECIDE_MS = 120_000
SECONDS_PER_DAY = 86_400


@pytest.fixture
def batch_wizard(qtbot, controller):
    """The wizard on its serving questions, the service an offline batch."""
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    w.show()
    w.goal.set_workload("inference")
    w.next()
    w.next()
    w.load.use.setCurrentIndex(w.load.use.findData(ServingUse.BATCH.value))
    assert w.currentPage() is w.load
    return w


def test_batch_without_a_volume_is_refused_and_said(batch_wizard):
    load = batch_wizard.load
    load.users.setValue(0)  # 'from the request rate'
    load.daily.setValue(0)  # 'not set'
    assert not load.validatePage()
    assert "requests a day" in load.problem.text() and "full batch" in load.problem.text()
    load.users.setValue(64)  # a batch size is a volume too
    assert load.validatePage()
    assert load.problem.text() == ""


def test_requests_a_day_are_the_request_rate(batch_wizard):
    load = batch_wizard.load
    assert load.daily.isVisibleTo(batch_wizard) and not load.rate.isVisibleTo(batch_wizard)
    load.prompt.setValue(2000)
    load.answer.setValue(500)
    load.daily.lineEdit().setText("400k")  # typed as buyers write it
    load.daily.interpretText()
    assert batch_wizard.answered.requests_per_s == pytest.approx(400_000 / SECONDS_PER_DAY)
    assert "About 1B tokens a day" in load.daily_tokens.text()  # numbers.token_count, as the layout's batch
    assert load.validatePage()
    assert batch_wizard.answers_scenario().constraints.requests_per_s == pytest.approx(400_000 / SECONDS_PER_DAY)
    load.use.setCurrentIndex(load.use.findData(ServingUse.API.value))  # other uses are asked per second
    assert load.rate.isVisibleTo(batch_wizard) and not load.daily.isVisibleTo(batch_wizard)
    assert load.rate.value() == pytest.approx(4.63)


def test_reopened_on_a_batch_scenario_shows_its_requests_a_day(qtbot, controller):
    controller.apply_many({"workload": "inference", "serving.use": "batch", "constraints.requests_per_s": 2.5})
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    assert wizard.load.daily.value() == pytest.approx(2.5 * SECONDS_PER_DAY)


def test_batch_is_planned_for_its_volume_not_one_request(batch_wizard):
    load = batch_wizard.load
    batch_wizard.model_page.select_model(load_presets()["qwen2.5-72b"])
    load.prompt.setValue(2000)
    load.answer.setValue(500)
    load.daily.setValue(400_000)
    batch_wizard.next()
    batch_wizard.limits.card.setCurrentIndex(batch_wizard.limits.card.findData("h100-sxm"))
    batch_wizard.next()
    assert batch_wizard.summary.wait(DECIDE_MS)
    decision = batch_wizard.summary.decision
    serving = decision.estimate.serving
    assert decision.estimate.fits and serving.requests_per_s >= 400_000 / SECONDS_PER_DAY
    assert decision.scenario.serving.max_batch > 1  # many sequences at once, as a batch runs


def test_reopened_wizard_keeps_the_windows_precision(qtbot, controller):
    """The window set FP8: the wizard reopened on it answered with Auto (BF16) and proposed another
    count or card than the recommendation panel and the command line, saying 'None: every number
    you gave is used as given' (persona s34: panel 2 x RTX PRO 6000 Max-Q, wizard 3 of them; in
    Chinese 2 x Ascend 950PR against 8 x RTX A6000)."""
    controller.apply_many({"workload": "inference", "precision": "fp8"})
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    assert wizard.load.serving_precision.currentData() == "fp8" and wizard.chosen_precision() == "fp8"
    assert wizard.answers_scenario().precision.value == "fp8"
    controller.apply_many({"precision": "bf16"})  # the default stays Auto (BF16 where the card has it)
    again = WorkloadWizard(controller)
    qtbot.addWidget(again)
    assert again.chosen_precision() is None
    controller.apply_many({"workload": "finetune", "precision": "fp8"})
    training = WorkloadWizard(controller)
    qtbot.addWidget(training)
    assert training.load.training_precision.currentData() == "fp8"
    assert training.load.serving_precision.currentData() is None


def test_fewer_requests_a_day_than_the_smallest_rate_are_refused_not_crashed(batch_wizard):
    """The request rate's floor, 0.001 requests/s, is 86.4 a day: 50 a day fits the box (0 is 'not
    set') but no scenario; the page says so and stays, in either use."""
    load = batch_wizard.load
    load.daily.setValue(50)
    assert not load.validatePage()
    assert "50 requests a day" in load.problem.text() and "87 a day" in load.problem.text()
    load.use.setCurrentIndex(load.use.findData(ServingUse.API.value))  # the same answer, shown per second
    assert not load.validatePage()
    load.use.setCurrentIndex(load.use.findData(ServingUse.BATCH.value))
    load.daily.setValue(87)
    assert load.validatePage()
    assert batch_wizard.answers_scenario().constraints.requests_per_s == pytest.approx(87 / SECONDS_PER_DAY)
