"""The wizard's budget, region and cards page: what the buyer cannot exceed, where the cards go, and
whether the card is theirs to choose."""

from __future__ import annotations


from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QWizardPage,
)

from configurator.app.error_boundary import guarded
from configurator.app.i18n import current_language
from configurator.app.inputs import money_hint
from configurator.app.labels import class_names, named, region_names
from configurator.app.field_help import field_help
from configurator.app.wizard_boxes import (PROBLEM_STYLE, decimal_box, field_row_label, held_refusal, whole_box,
                                           years_box)
from configurator.app.wizard_pages import GRAPHICS
from configurator.core.scenario_ranking import Objective, objective_for
from configurator.core.scenario import Constraints, Parallelism, Scenario
from configurator.core.view.card_names import card_name
from configurator.core.view.names import BUDGET_BASES

DEFAULT_GRAPHICS_CARD = "l40s"
"""Card offered for graphics work when a training card is picked."""

RECOMMENDER = None
"""Data of the card choice that leaves the card to the recommender."""


class ConstraintsPage(QWizardPage):
    def __init__(self, controller) -> None:
        super().__init__()
        self.setTitle(self.tr("Budget, region and cards"))
        self.setSubTitle(self.tr("What you cannot exceed, where the cards go, and whether the card is yours to "
                                 "choose. Leave a limit at 'none' if there is none."))
        form = QFormLayout(self)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        self.card = QComboBox()
        self.card.setObjectName("wizard:card_id")
        self.card.addItem("", RECOMMENDER)  # its words follow the budget's basis (_update_recommender_words)
        names = class_names()
        for card in controller.catalog.cards:
            self.card.addItem(f"{card_name(card.name, current_language())} · {names[card.category]} · "
                              f"{card.memory_gb:g} GB", card.id)
        form.addRow(self.tr("&Card"), self.card)
        self.owned = QCheckBox(self.tr("I already own cards:"))
        self.owned_count = whole_box(Scenario, "count", lambda n: self.tr(" card(s)", "", n), self.problem)
        self.owned_count.setValue(8)
        form.addRow(self.owned, self.owned_count)
        self.per_node = whole_box(Parallelism, "cards_per_node", self.tr(" per server"), self.problem)
        form.addRow(self.tr("Cards per &server"), self.per_node)
        currency = controller.scenario.economics.currency
        self.budget = decimal_box(Constraints, "budget", f" {currency}", 0, 1.0, self.problem, self.tr("none"),
                                  magnitudes=True)
        self.budget.set_currency(currency)  # its unit word: 元 in Chinese
        self.budget.economics_of = lambda: controller.scenario.economics  # '120k USD' in a yuan window converted
        self.budget.setToolTip(self.tr("Buying: a ceiling on the capex of the bill of materials (cards, servers, "
                                       "network, storage, racks). Renting: on the rent for a month of service, or "
                                       "for the whole job. What is over it is never recommended.")
                               + " " + money_hint())
        form.addRow(self.tr("Bu&dget"), self.budget)  # Alt+B is Back
        self.budget_basis = QComboBox()
        self.budget_basis.setObjectName("wizard:constraints.budget_basis")
        for value, text in named(BUDGET_BASES).items():
            self.budget_basis.addItem(text, value)
        form.addRow(self.tr("The budget &limits"), self.budget_basis)
        self.budget_basis.currentIndexChanged.connect(lambda _: self._update_recommender_words())
        self._update_recommender_words()
        self.years = years_box(self.problem)
        form.addRow(field_row_label("economics.amortisation_years", "y"), self.years)
        self.budget.setGroupSeparatorShown(True)
        self.power = decimal_box(Constraints, "power_cap_kw", self.tr(" kW"), 1, 1.0, self.problem, self.tr("none"))
        self.power.setToolTip(field_help("constraints.power_cap_kw"))
        form.addRow(field_row_label("constraints.power_cap_kw", "p"), self.power)
        self.rack_power = decimal_box(Constraints, "rack_power_kw", self.tr(" kW"), 1, 1.0, self.problem,
                                      self.tr("none"))
        self.rack_power.setToolTip(field_help("constraints.rack_power_kw"))
        form.addRow(field_row_label("constraints.rack_power_kw", "i"), self.rack_power)
        self.region = QComboBox()
        self.region.setObjectName("wizard:constraints.region")
        for value, label in region_names().items():
            self.region.addItem(label, value)
        self.region.setToolTip(self.tr("Mainland China: only cards whose US export status for China is "
                                       "'permitted' are ranked; those needing a licence, or of unknown status, are "
                                       "listed below the line; those not permitted are left out. A status with its "
                                       "date and source, not legal advice. Rents: delivered to mainland China, only "
                                       "those sold there are ranked; elsewhere or anywhere, only those sold outside "
                                       "it"))
        form.addRow(self.tr("Deliver &to"), self.region)
        self.class_note = QLabel()
        self.class_note.setWordWrap(True)
        self.class_note.setStyleSheet(PROBLEM_STYLE)
        form.addRow(self.class_note)
        form.addRow(self.problem)
        self.catalog = controller.catalog
        self.card.currentIndexChanged.connect(self._explain_class)

    @guarded
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        """Graphics work on a training card is the costly mistake: offer a graphics-capable card."""
        card_id = self.card.currentData()
        if card_id is not None and self.wizard().goal.workload() in GRAPHICS and \
                self.catalog.get(card_id).category == "training":
            self.card.setCurrentIndex(self.card.findData(DEFAULT_GRAPHICS_CARD))
        # desktops at the users' desks: one workstation each, no server and no rack to size (the answer buys
        # "4 deskside workstations, one card each"); the page asked for cards and power per server regardless
        wizard = self.wizard()
        deskside = wizard.goal.workload() == "vdi" and bool(wizard.load.graphics.local_display.currentData())
        for box in (self.per_node, self.rack_power):
            self.layout().setRowVisible(box, not deskside)
        self._explain_class()

    @guarded
    def _update_recommender_words(self) -> None:
        """The card choice left to the recommender says what it ranks by: rent where the budget limits rent
        (the wizard asks no objective: :func:`~configurator.core.scenario_ranking.objective_for`), else cost of
        ownership (until December 2026 'ranked by cost of ownership' whatever the budget limited)."""
        by_rent = objective_for(None, self.budget_basis.currentData() or "capex") is Objective.CLOUD
        self.card.setItemText(0, self.tr("Let the recommender choose (every card ranked by rent)") if by_rent
                              else self.tr("Let the recommender choose (every card ranked by cost of ownership)"))

    def validatePage(self) -> bool:  # noqa: N802 - Qt's name
        if held_refusal(self.problem):
            return False
        if self.owned.isChecked() and self.card.currentData() is None:
            self.problem.setText(self.tr("Say which card you own: pick it in the list above."))
            return False
        self.problem.clear()
        return True

    def _explain_class(self) -> None:
        card_id = self.card.currentData()
        wizard = self.wizard()
        if card_id is None or card_id not in self.catalog or wizard is None:
            self.class_note.clear()
            return
        card = self.catalog.get(card_id)
        graphics = wizard.goal.workload() in GRAPHICS
        if graphics and card.category == "training":
            text = self.tr("{card} is a training card: no video encoders, no display outputs and no desktop vGPU. "
                           "Graphics work belongs on graphics cards.").format(
                card=card_name(card.name, current_language()))
        elif graphics and card.is_consumer:
            text = self.tr("{card} is a consumer card: no ECC, no vGPU, and its licence restricts data-centre "
                           "use.").format(card=card_name(card.name, current_language()))
        else:
            text = ""
        self.class_note.setText(text)
