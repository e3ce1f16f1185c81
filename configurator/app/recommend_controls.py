"""The recommendation panel's left column: what the ranking is by, the buyer's constraints (the
deadline to the region, kept in the scenario itself) and filters (the cards named, domestic vendors, consumer cards),
and the button that applies the selected configuration."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel, QPushButton, QTableWidget

from configurator.app import format as fmt
from configurator.app.binders import NONE_DATA, ComboBinder, SpinBinder
from configurator.app.i18n import current_language
from configurator.app.inputs import DeadlineSpinBox, MagnitudeSpinBox, StrictDoubleSpinBox, money_hint
from configurator.app.i18n import tc as _tc
from configurator.app.labels import named, region_names
from configurator.app.recommend_cards import CardPicker
from configurator.core.fields import spec
from configurator.core.message_numbers import MINUTES_PER_HOUR
from configurator.core.messages import HOURS_PER_DAY
from configurator.core.view.numbers import deadline_unit
from configurator.core.recommend import Filters, Objective
from configurator.core.recommend_filters import asked_filters
from configurator.core.scenario import RankingQuestion, Scenario
from configurator.core.scenario_ranking import objective_for
from configurator.core.serving_use import latency_targets
from configurator.core.view.constraints_view import latency_targets_phrase
from configurator.core.view.family_view import view_of
from configurator.core.view.names import BUDGET_BASES
from configurator.core.view.rows import write
from configurator.core.view.words import words
from configurator.core.workloads import family_of


DEADLINE_BOX_UNITS = {"min": (1 / MINUTES_PER_HOUR, 0), "h": (1.0, 0), "days": (HOURS_PER_DAY, 1)}
"""The deadline box's scale [h per shown unit] and decimals, by the unit its deadline is said in
(:func:`~configurator.core.view.numbers.deadline_unit`)."""


def objective_names() -> dict[str, str]:
    from PySide6.QtCore import QCoreApplication

    return {
        Objective.TCO.value: QCoreApplication.translate(
            "recommend", "Lowest total cost of ownership (cards, servers, network, power, support)"),
        Objective.CLOUD.value: QCoreApplication.translate("recommend", "Lowest cloud cost"),
        Objective.FASTEST.value: QCoreApplication.translate("recommend", "Fastest"),
        Objective.ENERGY.value: QCoreApplication.translate("recommend", "Lowest energy"),
        Objective.FEWEST_CARDS.value: QCoreApplication.translate("recommend", "Fewest cards"),
    }


@dataclass(frozen=True)
class Ranking:
    """What the panel asks the recommender for beside the scenario (whose constraints, the
    deadline to the region, the panel edits in the scenario itself): the objective and the
    buyer's :class:`~configurator.core.recommend.Filters` (domestic vendors only, consumer cards); kept in the
    scenario as its :class:`~configurator.core.scenario.RankingQuestion` (:func:`ranking_of`,
    :func:`question_changes`)."""

    objective: Objective = Objective.TCO
    filters: Filters = field(default_factory=lambda: Filters(consumer=False))


def ranking_of(scenario: Scenario) -> Ranking:
    """The panel's :class:`Ranking` of ``scenario``'s ranking question (``Scenario.ranking``), its objective the one
    asked, else how the budget pays (:func:`~configurator.core.scenario_ranking.objective_for`: "Rank by" reads
    lowest cloud cost once the budget caps rent)."""
    asked = scenario.ranking
    return Ranking(objective_for(asked.objective, scenario.constraints.budget_basis),
                   Filters(domestic_only=asked.domestic_only, consumer=asked.consumer, cards=asked.cards))


def question_of(ranking: Ranking, scenario: Scenario | None = None) -> RankingQuestion:
    """The scenario's ranking question (``Scenario.ranking``) the panel's :class:`Ranking` asks: its objective left
    unasked (None) where ``scenario`` asked none and the panel ranks by the one its budget basis gives, so that the
    budget basis still decides (a filter changed does not fix "Rank by")."""
    chosen = ranking.filters
    unasked = scenario is not None and scenario.ranking.objective is None and ranking.objective is objective_for(
        None, scenario.constraints.budget_basis)
    return RankingQuestion(objective=None if unasked else ranking.objective, cards=tuple(chosen.cards),
                           domestic_only=chosen.domestic_only, consumer=bool(chosen.consumer))


def question_changes(ranking: Ranking, scenario: Scenario | None = None) -> dict[str, object]:
    """The scenario's changes (dotted paths) that keep ``ranking`` as its ranking question (:func:`question_of`)."""
    return {f"ranking.{key}": value for key, value in question_of(ranking, scenario).model_dump().items()}


def none_spin(path: str, decimals: int, suffix: str, tip: str, box: QDoubleSpinBox | None = None) -> QDoubleSpinBox:
    """A box for the constraint at ``path`` (``box``, else a new QDoubleSpinBox): the model's range
    through the field registry, in the panel's decimals, its minimum (0, shown "—") standing for None; a new
    box writes its value with the decimals it needs ("2 requests/s", where it read "2.00 requests/s" until
    December 2026; :attr:`~configurator.app.inputs.StrictDoubleSpinBox.trimmed`)."""
    if box is None:
        box = StrictDoubleSpinBox()
        box.trimmed = True
        box.setGroupSeparatorShown(True)  # "1,000 ms" as the editor writes it ("1000 ms" until session 49)
    box.setRange(*spec(path).display_range(decimals=decimals, with_none=True))
    box.setDecimals(decimals)
    box.setSuffix(suffix)
    box.setSpecialValueText("—")
    box.setToolTip(tip)
    return box


class RankingControls:
    """Mixed into :class:`~configurator.app.recommend_panel.RecommendationPanel` (it brings
    ``controller``, ``ranking``, ``_schedule`` and ``use_selected``); the strings keep the panel's
    translation context."""

    def _controls(self) -> QFormLayout:
        form = QFormLayout()
        self.objective = QComboBox()
        for key, name in objective_names().items():
            self.objective.addItem(name, key)
        self.ranking.bind_combo(self.objective, "objective", Objective)
        self.ranking.changed.connect(self._schedule)
        form.addRow(_tc("RecommendationPanel", "&Rank by"), self.objective)
        self.deadline = none_spin("constraints.deadline_hours", 0, _tc("RecommendationPanel", " h"), _tc(
            "RecommendationPanel", "The training or render job must finish within (— = no deadline)"), DeadlineSpinBox())
        self.deadline.trimmed = True  # "2 days", "2.5 days"
        self.deadline.in_unit = self._deadline_in
        self._deadline_tip = self.deadline.toolTip()
        self._deadline_binder = SpinBinder(self.deadline, self.controller, "constraints.deadline_hours")
        form.addRow(_tc("RecommendationPanel", "&Deadline"), self.deadline)
        self.controller.scenario_changed.connect(self._show_deadline_unit)
        self._show_deadline_unit(self.controller.scenario)
        self.rate = none_spin("constraints.requests_per_s", 2, _tc("RecommendationPanel", " requests/s"),
                              _tc("RecommendationPanel", "Requests per second to serve (— = not set)"))
        SpinBinder(self.rate, self.controller, "constraints.requests_per_s")
        form.addRow(_tc("RecommendationPanel", "Re&quests"), self.rate)
        self.tpot = none_spin("constraints.tpot_ms", 1, _tc("RecommendationPanel", " ms/token"),
                              _tc("RecommendationPanel", "Time per output token target"))
        SpinBinder(self.tpot, self.controller, "constraints.tpot_ms")
        form.addRow(_tc("RecommendationPanel", "&Latency"), self.tpot)
        self._latency_controls(form)
        self.budget = none_spin("constraints.budget", 0, "", _tc(
            "RecommendationPanel",
            "Budget in the scenario currency. Buying: a ceiling on the capex of the bill of materials (cards, "
            "servers, network, storage, racks). Renting: a ceiling on the rent for a month of service, or for "
            "the whole job. An option over it is never ranked: it is listed below the line with how much it is "
            "over.") + " " + money_hint(), MagnitudeSpinBox())
        SpinBinder(self.budget, self.controller, "constraints.budget")
        form.addRow(_tc("RecommendationPanel", "&Budget"), self.budget)
        self._budget_basis_control(form)
        self.power = none_spin("constraints.power_cap_kw", 1, _tc("RecommendationPanel", " kW"),
                               _tc("RecommendationPanel", "Facility power available: the average draw × PUE"))
        SpinBinder(self.power, self.controller, "constraints.power_cap_kw")
        form.addRow(_tc("RecommendationPanel", "&Power cap"), self.power)
        self.region = QComboBox()
        for value, label in region_names().items():
            self.region.addItem(label, NONE_DATA if value is None else value)
        self.region.setToolTip(_tc("RecommendationPanel",
                                   "Mainland China: only cards whose US export status for China is "
                                   "'permitted' are ranked; those needing a licence, or of unknown status, are "
                                   "listed below the line; those not permitted are left out. A status with its "
                                   "date and source, not legal advice. Rents: delivered to mainland China, only those "
                                   "sold there are ranked; elsewhere or anywhere, only those sold outside it"))
        ComboBinder(self.region, self.controller, "constraints.region")
        form.addRow(_tc("RecommendationPanel", "Deliver &to"), self.region)
        self.cards_picker = CardPicker(self.controller.catalog)
        self.ranking.bind("filters.cards", self.cards_picker.picked, tuple, self.cards_picker.set_picked)
        form.addRow(_tc("RecommendationPanel", "C&ards"), self.cards_picker)
        self.controller.catalog_changed.connect(self._show_catalog_cards)
        self.domestic = self.ranking.bind_check(
            QCheckBox(_tc("RecommendationPanel", "Domestic (China) vendors only")), "filters.domestic_only")
        form.addRow(self.domestic)
        self.consumer = QCheckBox(_tc("RecommendationPanel", "Include consumer graphics cards"))
        self.consumer.setToolTip(_tc("RecommendationPanel",
                                     "GeForce-class cards: cheap, but no ECC, no NVLink and licence limits "
                                     "in data centres"))
        self.ranking.bind_check(self.consumer, "filters.consumer")
        self.ranking.changed.connect(lambda value: self.consumer.setEnabled(not value.filters.cards))
        form.addRow(self.consumer)
        self.ranking.replace(ranking_of(self.controller.scenario))
        self.ranking.changed.connect(self._save_ranking)
        self.controller.scenario_changed.connect(self._show_ranking_question)
        self.use_button = QPushButton(_tc("RecommendationPanel", "&Use this configuration"))
        self.use_button.setToolTip(_tc("RecommendationPanel", "Make the selected row the scenario (undoable); in the "
                                                              "table: Enter, or a double-click"))
        self.use_button.clicked.connect(self.use_selected)
        form.addRow(self.use_button)
        self._ranking_form = form
        self.controller.scenario_changed.connect(self._show_family_controls)
        return form  # its rows shown for the family once it has a widget (:meth:`_show_family_controls`)

    def _use_row_by_keys(self, table: QTableWidget) -> QAction:
        """Enter (or Return) on a row of ``table`` does what the button and a double-click do (``use_selected``):
        the mouse alone applied a row from the table (session 48, ui48). The action, with its key, is the table's
        context menu."""
        action = QAction(self.use_button.text(), table)
        action.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # the table's focus: not a field's Enter
        action.setShortcutVisibleInContextMenu(True)
        action.triggered.connect(self.use_selected)
        table.addAction(action)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        return action

    def _save_ranking(self, ranking: Ranking) -> None:
        """The objective or a filter changed: kept in the scenario (``Scenario.ranking``), an undoable step that
        marks the file changed, so it is saved, autosaved and opened again with the scenario."""
        if ranking_of(self.controller.scenario) != ranking:
            changes = question_changes(ranking, self.controller.scenario)
            self.controller.apply_many(changes, "ranking.objective",  # one step each: not merged
                                       lambda: _tc("RecommendationPanel", "Change the ranking's question"), merge=False)

    def _show_ranking_question(self, scenario: Scenario) -> None:
        """The scenario's ranking question shown (a file opened, an undo): the objective and filters it holds."""
        if ranking_of(scenario) != self.ranking.value:
            self.ranking.replace(ranking_of(scenario))

    def _show_family_controls(self, scenario: Scenario) -> None:
        """Only the constraints the job's family is checked on (core/constraints.py): a deadline for
        work that ends (training, rendering), a request rate and latency targets for serving. Called once
        the form is set on its widget: a row shown while the form had none was a window of its own, which
        flashed up and took the keyboard focus from the main window as the panel opened (Ctrl+R)."""
        family = family_of(scenario.workload)
        ends, serving = family.one_off_job, family.runs_model and not family.one_off_job  # serving: a model that runs on
        for box, shown in ((self.deadline, ends), (self.rate, serving), (self.tpot, serving), (self.ttft, serving),
                           (self.targets_label, serving)):
            self._ranking_form.setRowVisible(box, shown)

    def _show_deadline_unit(self, scenario: Scenario) -> None:
        """The deadline in the unit its verdicts are said in (:func:`~configurator.core.messages.deadline_msg`):
        (:func:`~configurator.core.view.numbers.deadline_unit`): hours up to two days, days above (a 30-day
        deadline read "720 h" until December 2026), minutes under an hour (a 1-minute deadline read "—", no
        deadline, until December 2026: the hours, whole, rounded it to 0)."""
        hours = scenario.constraints.deadline_hours
        unit = "h" if hours is None else deadline_unit(hours)[1]
        if self._deadline_binder.scale == DEADLINE_BOX_UNITS[unit][0]:
            return
        self._deadline_in(unit)
        self._deadline_binder._show(scenario)

    def _deadline_in(self, unit: str) -> float:
        """The deadline box turned to ``unit`` ("min", "h", "days": its range, decimals, suffix and its
        binder's scale), its value left as the caller sets it; the hours per unit [h]."""
        scale, decimals = DEADLINE_BOX_UNITS[unit]
        binder, box = self._deadline_binder, self.deadline
        box.blockSignals(True)
        box.setDecimals(decimals)
        box.setRange(*spec("constraints.deadline_hours").display_range(scale=scale, decimals=decimals, with_none=True))
        box.setSuffix({"days": _tc("RecommendationPanel", " days"), "h": _tc("RecommendationPanel", " h"),
                       "min": _tc("RecommendationPanel", " min")}[unit])
        box.blockSignals(False)
        binder.scale = box.hours_per_unit = scale
        box.setToolTip(self._deadline_tip)
        binder._state_range()  # the accepted range in the unit now shown
        return scale

    def _latency_controls(self, form: QFormLayout) -> None:
        """The first-token target beside the time per token, and what the latency targets are when
        none is typed: the serving use's defaults, named (issue 24)."""
        self.ttft = none_spin("constraints.ttft_ms", 0, _tc("RecommendationPanel", " ms"),
                              _tc("RecommendationPanel", "Time to first token target"))
        SpinBinder(self.ttft, self.controller, "constraints.ttft_ms")
        form.addRow(_tc("RecommendationPanel", "First to&ken"), self.ttft)
        self.targets_label = QLabel()
        self.targets_label.setObjectName("recommend-targets")
        self.targets_label.setWordWrap(True)
        self.targets_label.setStyleSheet("color: #555;")
        form.addRow(self.targets_label)
        self.controller.scenario_changed.connect(self._show_targets)
        self._show_targets(self.controller.scenario)

    def _show_targets(self, scenario: Scenario) -> None:
        """The latency targets held (the buyer's, else the use's default, named), and each box's
        'not typed' text showing the default it stands for."""
        language = current_language()
        targets = latency_targets(scenario)
        phrase = latency_targets_phrase(scenario) if view_of(scenario.workload).ranking.latency_targets else None
        self.targets_label.setText("" if phrase is None else words(language)(
            "Latency targets: {targets}", targets=write(phrase, language)))
        for box, default, suffix in ((self.tpot, targets.tpot_ms if targets.tpot_origin != "set" else None,
                                      _tc("RecommendationPanel", " ms/token")),
                                     (self.ttft, targets.ttft_ms if targets.ttft_origin != "set" else None,
                                      _tc("RecommendationPanel", " ms"))):
            # grouped as the targets line under the boxes writes it: "default: 1,000 ms" (was "1000 ms")
            written = fmt.whole(default) if float(default or 0).is_integer() else fmt.number(default, 1)
            shown = _tc("RecommendationPanel", "default: {0}").format(f"{written}{suffix}") if default else "—"
            box.setSpecialValueText(shown)

    def _budget_basis_control(self, form: QFormLayout) -> None:
        """What the budget caps: capex when buying, rent when renting."""
        self.budget_basis = QComboBox()
        self.budget_basis.setObjectName("constraints.budget_basis")
        for value, text in named(BUDGET_BASES).items():
            self.budget_basis.addItem(text, value)
        ComboBinder(self.budget_basis, self.controller, "constraints.budget_basis")
        form.addRow(_tc("RecommendationPanel", "Budget &caps"), self.budget_basis)
        self.controller.scenario_changed.connect(self._show_budget_unit)
        self._show_budget_unit(self.controller.scenario)

    def _show_budget_unit(self, scenario: Scenario) -> None:
        """The budget in the scenario's currency (its unit word: 元 in Chinese), with its thousands grouped."""
        self.budget.set_currency(scenario.economics.currency)
        self.budget.setGroupSeparatorShown(True)

    def _show_catalog_cards(self, *_changed) -> None:
        """The card list of the catalog now (a card of the user's added or removed); a card named that the
        catalog no longer has is named no more."""
        self.cards_picker.set_catalog(self.controller.catalog)
        self.ranking.set("filters.cards", self.cards_picker.ids())

    def filters(self) -> Filters:
        """The filters of the request: the buyer's (:attr:`ranking`, kept in the scenario) over the workload's
        card classes (:func:`~configurator.core.recommend_filters.asked_filters`, the one rule the summary reads
        too)."""
        return asked_filters(question_of(self.ranking.value), self.controller.scenario.workload)
