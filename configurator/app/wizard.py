"""The workload wizard: plain-language questions, then a decision — card, count, layout and
cost — that the window takes as one undoable step.

The pages live in ``wizard_pages`` (task, model, work), ``wizard_graphics`` (graphics work),
``wizard_constraints`` (limits) and ``wizard_result`` (the decision page, its sentences on numbers
taken differently in ``wizard_changes``); the decision itself, Qt-free, in ``wizard_decide``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget, QWizard

from configurator.app.binders import ValueModel
from configurator.app.controller import ScenarioController
from configurator.app.error_boundary import guarded
from configurator.app.wizard_answers import AS_SET, WizardAnswers, answers_from, bind_answers
from configurator.app.wizard_answers import answers_scenario as scenario_of
from configurator.app.wizard_answers import chosen_precision as precision_of
from configurator.app.wizard_decide import decide, decide_steps
from configurator.app.wizard_graphics import DESKTOP_USERS  # noqa: F401 - re-exported (tests)
from configurator.app.wizard_pages import GoalPage, LoadPage, ModelPage
from configurator.app.wizard_constraints import ConstraintsPage
from configurator.app.wizard_result import SummaryPage
from configurator.app.i18n import tc as _tc
from configurator.core.graphics_desktops import desktop_profile_gib
from configurator.core.scenario import Scenario

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
        references = tuple(self.load.reference.itemData(i) for i in range(self.load.reference.count()))
        self.answers = ValueModel(answers_from(controller.scenario, references), self)
        """The answers (:class:`~configurator.app.wizard_answers.WizardAnswers`), which the pages' widgets
        show and edit."""
        if self.answered.user_kind == AS_SET:  # the window's vGPU profile and load, none of the starting points
            # the profile each desktop gets (the window's, raised for its kind of user and displays), as the
            # window's "Kind of user" says it: a designer set at 1 GiB read "As set in the main window (1 GiB, …)"
            # and got 4 GiB (persona49)
            scenario = controller.scenario
            self.load.graphics.offer_as_set(AS_SET, desktop_profile_gib(scenario),
                                            scenario.graphics.shading_tflops_per_user)
        bind_answers(self.answers, self.goal, self.model_page, self.load, self.limits)
        self.currentIdChanged.connect(lambda _id: self._focus_shown_field())
        self.resize(*WIZARD_SIZE)

    def _focus_shown_field(self) -> None:
        """Keyboard focus on the page's first question shown: QWizard picks the page's first field
        before the page hides the questions of other tasks, and the serving page's focus sat in the
        hidden training box (typing went nowhere on screen)."""
        page = self.currentPage()
        focus = self.focusWidget()
        if page is None or (focus is not None and focus.isVisible() and page.isAncestorOf(focus)):
            return
        child = page.nextInFocusChain()
        while child is not page and page.isAncestorOf(child):  # the Tab order, which follows the reading order
            if child.isVisible() and child.isEnabled() and child.focusPolicy() & Qt.FocusPolicy.TabFocus:
                child.setFocus(Qt.FocusReason.TabFocusReason)
                return
            child = child.nextInFocusChain()

    @property
    def answered(self) -> WizardAnswers:
        """The answers as they stand."""
        return self.answers.value

    def chosen_precision(self) -> str | None:
        """The precision the buyer picked for this task (None = Auto)."""
        return precision_of(self.answered)

    def answers_scenario(self) -> Scenario:
        """The answers as a scenario, before the planner and the recommender decide."""
        return scenario_of(self.answered, self.controller.scenario, self.controller.catalog)

    def decision_job(self):
        """A function deciding on the current answers (pure: for the worker thread)."""
        answers, catalog, answered = self.answers_scenario(), self.controller.catalog, self.answered
        card_id = answered.card
        owned = answered.owned_count if answered.owned else None
        given = self.chosen_precision() is not None
        return lambda: decide(answers, catalog, card_id, owned, given)

    def decision_steps(self):
        """A function of ``cancelled`` deciding on the current answers, the best so far first
        (:func:`decide_steps`; pure: for the worker thread)."""
        answers, catalog, answered = self.answers_scenario(), self.controller.catalog, self.answered
        card_id = answered.card
        owned = answered.owned_count if answered.owned else None
        given = self.chosen_precision() is not None
        return lambda cancelled: decide_steps(answers, catalog, card_id, owned, given, cancelled)

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
        self.controller.replace_undoable(self._decided(), lambda: _tc("WorkloadWizard", "Workload wizard"))
        super().accept()

    @guarded
    def show_alternatives(self) -> None:
        """Take the decision and open the recommendation panel, every card ranked for it."""
        self.accept()
        window = self.parent()
        if window is not None and hasattr(window, "toggle_recommendations"):
            window.toggle_recommendations(True)
