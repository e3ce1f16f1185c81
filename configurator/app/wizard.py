"""The workload wizard: plain-language questions, then a decision — card, count, layout and
cost — that the window takes as one undoable step.

The pages live in ``wizard_pages`` (task, model, work), ``wizard_graphics`` (graphics work),
``wizard_result`` (limits and the decision page); the decision itself, Qt-free, in
``wizard_decide``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget, QWizard

from configurator.app.controller import ScenarioController
from configurator.app.error_boundary import guarded
from configurator.app.wizard_decide import decide
from configurator.app.wizard_graphics import DESKTOP_USERS  # noqa: F401 - re-exported (tests)
from configurator.app.wizard_pages import GoalPage, LoadPage, ModelPage
from configurator.app.wizard_result import ConstraintsPage, SummaryPage
from configurator.core.scenario import Scenario, Workload, updated

WIZARD_SIZE = (720, 620)
"""Opening size [px]: the longest page (serving questions) without a scroll bar at 96 dpi."""


class WorkloadWizard(QWizard):
    """Questions → a decided scenario (card, count, layout), applied with "Use this"."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Workload wizard"))
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setButtonText(QWizard.WizardButton.FinishButton, self.tr("&Use this"))
        self.goal = GoalPage()
        self.model_page = ModelPage()
        self.load = LoadPage(self.goal, controller.catalog)
        self.limits = ConstraintsPage(controller)
        self.summary = SummaryPage(self)
        for page in (self.goal, self.model_page, self.load, self.limits, self.summary):
            self.addPage(page)
        self._prefill(controller.scenario)
        self.resize(*WIZARD_SIZE)

    def _prefill(self, scenario: Scenario) -> None:
        """Start from the current scenario, so the wizard can be reopened to adjust it."""
        self.goal.set_workload(scenario.workload.value)
        self.model_page.select_model(scenario.model)
        load = self.load
        load.tokens.setValue(scenario.training.tokens / 1e9)
        deadline = scenario.constraints.deadline_hours
        load.deadline.setValue(deadline / 24 if deadline else 0)
        batch = scenario.training.global_batch_tokens
        load.global_batch.setValue(batch / 1e6 if batch else 0)
        load.users.setValue(scenario.serving.concurrency)
        load.context.setValue(scenario.serving.context)
        load.prompt.setValue(scenario.serving.prompt_tokens)
        load.answer.setValue(scenario.serving.output_tokens)
        c = scenario.constraints
        load.rate.setValue(c.requests_per_s or 0)
        load.latency.setValue(c.tpot_ms or 0)
        load.ttft.setValue(c.ttft_ms or 0)
        load.graphics.prefill(scenario.graphics)
        if scenario.workload is Workload.RENDER and deadline:
            load.graphics.render_deadline.setValue(deadline / 24)
        self.limits.per_node.setValue(scenario.parallelism.cards_per_node)
        self.limits.budget.setValue(c.budget or 0)
        self.limits.power.setValue(c.power_cap_kw or 0)
        self.limits.region.setCurrentIndex(max(0, self.limits.region.findData(c.region)))

    def chosen_precision(self) -> str | None:
        """The precision the buyer picked for this task (None = Auto)."""
        serving = self.goal.workload() == "inference"
        combo = self.load.serving_precision if serving else self.load.training_precision
        return None if self.goal.workload() in ("vdi", "transcode", "render") else combo.currentData()

    def answers_scenario(self) -> Scenario:
        """The answers as a scenario, before the planner and the recommender decide."""
        workload = self.goal.workload()
        current = self.controller.scenario
        load, limits = self.load, self.limits
        owned = limits.owned.isChecked()
        deadline_days = load.graphics.render_deadline.value() if workload == "render" else load.deadline.value()
        batch = round(load.global_batch.value() * 1e6) or None
        return updated(
            current,
            workload=workload,
            model=self.model_page.model().model_dump(),
            card_id=limits.card.currentData() or current.card_id,
            count=limits.owned_count.value() if owned else current.count,
            precision=self.chosen_precision() or "bf16",
            parallelism={"cards_per_node": limits.per_node.value(), "tp": 1, "pp": 1, "zero": 0},
            training={"tokens": load.tokens.value() * 1e9, "global_batch_tokens": batch},
            serving={"concurrency": load.users.value(), "prompt_tokens": load.prompt.value(),
                     "output_tokens": load.answer.value(), "context": load.context.value()},
            graphics=load.graphics_changes(),
            constraints={
                "deadline_hours": deadline_days * 24 or None,
                "budget": limits.budget.value() or None,
                "power_cap_kw": limits.power.value() or None,
                "requests_per_s": load.rate.value() or None,
                "tpot_ms": load.latency.value() or None,
                "ttft_ms": load.ttft.value() or None,
                "region": limits.region.currentData(),
            },
        )

    def decision_job(self):
        """A function deciding on the current answers (pure: for the worker thread)."""
        answers, catalog = self.answers_scenario(), self.controller.catalog
        card_id = self.limits.card.currentData()
        owned = self.limits.owned_count.value() if self.limits.owned.isChecked() else None
        given = self.chosen_precision() is not None
        return lambda: decide(answers, catalog, card_id, owned, given)

    def suggested_scenario(self) -> Scenario:
        """The decided scenario, worked out here (when the result page has not)."""
        return self.decision_job()().scenario

    def _decided(self) -> Scenario:
        ready = self.summary.suggestion
        if ready is not None and ready[0] == self.answers_scenario():
            return ready[1]  # decided while the result page was shown
        return self.suggested_scenario()

    @guarded
    def accept(self) -> None:
        """"Use this": the decision into the window as one undoable edit."""
        self.controller.replace_undoable(self._decided(), self.tr("Workload wizard"))
        super().accept()

    @guarded
    def show_alternatives(self) -> None:
        """Take the decision and open the recommendation panel, every card ranked for it."""
        self.accept()
        window = self.parent()
        if window is not None and hasattr(window, "toggle_recommendations"):
            window.toggle_recommendations(True)
