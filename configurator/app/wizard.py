"""The workload wizard: plain-language questions that fill in the scenario."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from configurator.app import format as fmt
from configurator.app.controller import ScenarioController
from configurator.app.editor import model_summary
from configurator.app.i18n import message_text
from configurator.app.labels import class_names
from configurator.core.architecture import (
    ArchitectureError,
    ModelArchitecture,
    from_param_count,
    load_hf_config,
    load_presets,
)
from configurator.core.defaults import suggest
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario, Workload, updated

DEFAULT_DEADLINE_DAYS = {"pretrain": 30.0, "finetune": 2.0, "lora": 1.0, "qlora": 1.0}


def _spin(minimum: int, maximum: int, value: int, suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(minimum, maximum)
    box.setValue(value)
    box.setSuffix(suffix)
    return box


def _dspin(minimum: float, maximum: float, value: float, decimals: int, suffix: str = "",
           none_text: str = "") -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(minimum, maximum)
    box.setDecimals(decimals)
    box.setValue(value)
    box.setSuffix(suffix)
    if none_text:
        box.setSpecialValueText(none_text)
    return box


class GoalPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle(self.tr("What do you want to do?"))
        self.setSubTitle(self.tr("This decides which kind of card fits: training cards, inference cards or "
                                 "graphics cards."))
        layout = QVBoxLayout(self)
        self.group = QButtonGroup(self)
        choices = [
            ("pretrain", self.tr("&Train a model from scratch"),
             self.tr("Weeks on many cards; needs training cards with fast card-to-card links.")),
            ("finetune", self.tr("&Fine-tune all of a model's weights"),
             self.tr("Adapts a model to your data; needs memory for weights, gradients and optimizer states.")),
            ("lora", self.tr("Fine-tune with &LoRA adapters"),
             self.tr("Trains small adapters on a frozen model; far less memory than a full fine-tune.")),
            ("qlora", self.tr("Fine-tune on a &small card (QLoRA)"),
             self.tr("LoRA on a 4-bit copy of the model: large models on one card, a little slower.")),
            ("inference", self.tr("&Serve a model to users"),
             self.tr("Answers requests; limited by memory bandwidth and by the memory the KV cache needs.")),
        ]
        self.buttons: dict[str, QRadioButton] = {}
        for key, label, explanation in choices:
            button = QRadioButton(label)
            self.group.addButton(button)
            self.buttons[key] = button
            note = QLabel(explanation)
            note.setWordWrap(True)
            note.setStyleSheet("margin-left: 24px; color: palette(mid);")
            layout.addWidget(button)
            layout.addWidget(note)
        graphics = QRadioButton(self.tr("&Graphics: rendering, virtual desktops, video (coming in a later version)"))
        graphics.setEnabled(False)
        layout.addWidget(graphics)
        layout.addStretch(1)

    def workload(self) -> str:
        return next(key for key, button in self.buttons.items() if button.isChecked())

    def set_workload(self, workload: str) -> None:
        self.buttons[workload].setChecked(True)


class ModelPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle(self.tr("Which model?"))
        self.setSubTitle(self.tr("Pick a known model, import a Hugging Face config.json, or give its size."))
        layout = QVBoxLayout(self)
        self.preset_choice = QRadioButton(self.tr("A &known model"))
        self.presets = QListWidget()
        for preset_id, model in load_presets().items():
            item = QListWidgetItem(self.tr("{name} — {size} billion parameters").format(
                name=preset_id, size=fmt.significant(model.total_params() / 1e9)))
            item.setData(256, preset_id)
            self.presets.addItem(item)
        self.presets.currentRowChanged.connect(lambda _: self.preset_choice.setChecked(True))
        self.import_choice = QRadioButton(self.tr("&Import a config.json"))
        self.import_button = QPushButton(self.tr("Choose file…"))
        self.import_button.clicked.connect(self._choose_file)
        self.import_label = QLabel()
        self.size_choice = QRadioButton(self.tr("About this &many billion parameters:"))
        self.size = _dspin(0.01, 10000, 7.0, 2, self.tr(" B"))
        self.size.valueChanged.connect(lambda _: self.size_choice.setChecked(True))
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b00020;")
        for widget in (self.preset_choice, self.presets, self.import_choice, self.import_button, self.import_label,
                       self.size_choice, self.size, self.problem):
            layout.addWidget(widget)
        self.imported: ModelArchitecture | None = None

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import config.json"), "", "config.json (*.json)")
        if path:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> bool:
        try:
            self.imported = load_hf_config(path)
        except ArchitectureError as error:
            self.problem.setText(str(error))
            return False
        self.problem.clear()
        self.import_label.setText(f"{path.name}: {model_summary(self.imported)}")
        self.import_choice.setChecked(True)
        return True

    def select_model(self, model: ModelArchitecture) -> None:
        for row in range(self.presets.count()):
            if load_presets()[self.presets.item(row).data(256)] == model:
                self.presets.setCurrentRow(row)
                self.preset_choice.setChecked(True)
                return
        self.imported = model
        self.import_label.setText(model_summary(model))
        self.import_choice.setChecked(True)

    def model(self) -> ModelArchitecture:
        if self.import_choice.isChecked() and self.imported is not None:
            return self.imported
        if self.size_choice.isChecked():
            return from_param_count(self.size.value() * 1e9)
        item = self.presets.currentItem() or self.presets.item(0)
        return load_presets()[item.data(256)]

    def validatePage(self) -> bool:  # noqa: N802 - Qt's name
        if self.import_choice.isChecked() and self.imported is None:
            self.problem.setText(self.tr("Choose a config.json first, or pick another option"))
            return False
        return True


class LoadPage(QWizardPage):
    """How much data (training) or traffic (serving)."""

    def __init__(self, goal: GoalPage) -> None:
        super().__init__()
        self.goal = goal
        self.setTitle(self.tr("How much work?"))
        layout = QVBoxLayout(self)
        self.training_box = QGroupBox(self.tr("Training"))
        form = QFormLayout(self.training_box)
        self.tokens = _dspin(0.001, 1e6, 10.0, 3, self.tr(" billion tokens"))
        self.tokens.setToolTip(self.tr("How much text the model trains on (1 token ≈ ¾ of an English word)"))
        form.addRow(self.tr("&Data to train on"), self.tokens)
        self.deadline = _dspin(0, 3650, 30, 1, self.tr(" days"), self.tr("no deadline"))
        form.addRow(self.tr("Finish &within"), self.deadline)
        self.serving_box = QGroupBox(self.tr("Serving"))
        form = QFormLayout(self.serving_box)
        self.users = _spin(1, 65536, 16, self.tr(" at once"))
        self.users.setToolTip(self.tr("Requests answered at the same time on one copy of the model"))
        form.addRow(self.tr("&Users served together"), self.users)
        self.rate = _dspin(0, 1e6, 0, 2, self.tr(" requests/s"), self.tr("not set"))
        form.addRow(self.tr("&Requests per second"), self.rate)
        self.prompt = _spin(1, 1_000_000, 1024, self.tr(" tokens"))
        form.addRow(self.tr("&Question length"), self.prompt)
        self.answer = _spin(1, 1_000_000, 256, self.tr(" tokens"))
        form.addRow(self.tr("&Answer length"), self.answer)
        self.latency = _dspin(0, 10000, 50, 0, self.tr(" ms per token"), self.tr("no target"))
        self.latency.setToolTip(self.tr("Reading speed is about 5 tokens per second; chat feels fast under 50 ms"))
        form.addRow(self.tr("&Latency target"), self.latency)
        layout.addWidget(self.training_box)
        layout.addWidget(self.serving_box)
        layout.addStretch(1)

    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        serving = self.goal.workload() == "inference"
        self.training_box.setVisible(not serving)
        self.serving_box.setVisible(serving)
        self.setSubTitle(self.tr("Traffic, prompt and answer lengths, and how fast answers must come.") if serving
                         else self.tr("How much data, and by when the training must be done."))
        if not serving and self.deadline.value() == 0:
            self.deadline.setValue(DEFAULT_DEADLINE_DAYS[self.goal.workload()])


class ConstraintsPage(QWizardPage):
    def __init__(self, controller: ScenarioController) -> None:
        super().__init__()
        self.setTitle(self.tr("Cards and limits"))
        self.setSubTitle(self.tr("Which card, and what you cannot exceed. Leave a limit at 'none' if there is none."))
        form = QFormLayout(self)
        self.card = QComboBox()
        names = class_names()
        for card in controller.catalog.cards:
            self.card.addItem(f"{card.name} · {names[card.category]} · {card.memory_gb:g} GB", card.id)
        self.card.setCurrentIndex(self.card.findData(controller.scenario.card_id))
        form.addRow(self.tr("&Card"), self.card)
        self.owned = QCheckBox(self.tr("I already own cards:"))
        self.owned_count = _spin(1, 1_000_000, 8, self.tr(" cards"))
        form.addRow(self.owned, self.owned_count)
        self.per_node = _spin(1, 1024, 8, self.tr(" per server"))
        form.addRow(self.tr("Cards per &server"), self.per_node)
        self.budget = _dspin(0, 1e12, 0, 0, f" {controller.scenario.economics.currency}", self.tr("none"))
        form.addRow(self.tr("&Budget"), self.budget)
        self.power = _dspin(0, 1e6, 0, 1, self.tr(" kW"), self.tr("none"))
        form.addRow(self.tr("&Power available"), self.power)


class SummaryPage(QWizardPage):
    def __init__(self, wizard: WorkloadWizard) -> None:
        super().__init__()
        self.wizard_ref = wizard
        self.setTitle(self.tr("Suggested configuration"))
        self.setSubTitle(self.tr("Finish puts this into the main window, where every setting can be changed."))
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        layout.addWidget(self.text)

    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        scenario = self.wizard_ref.suggested_scenario()
        result = estimate(scenario, self.wizard_ref.controller.catalog.get(scenario.card_id))
        par, lines = scenario.parallelism, []
        lines.append(self.tr("<b>{count} × {card}</b> ({nodes} server(s)), {precision}").format(
            count=scenario.count, card=result.card.name, nodes=scenario.nodes,
            precision=result.plan.math.value.upper() if result.plan.math else "—"))
        if scenario.workload.is_training:
            lines.append(self.tr("Tensor parallel {tp}, pipeline {pp}, ZeRO {zero}, recomputation {rc}, "
                                 "micro-batch {mb}").format(tp=par.tp, pp=par.pp, zero=par.zero,
                                                            rc=scenario.training.recompute.value,
                                                            mb=scenario.training.micro_batch))
            lines.append(self.tr("Time: {time}; memory per card {mem}").format(
                time=fmt.duration(result.hours), mem=fmt.gib(result.memory.total)))
        else:
            lines.append(self.tr("Tensor parallel {tp}, {replicas} copies of the model, {c} sequences each").format(
                tp=par.tp, replicas=scenario.data_parallel, c=scenario.serving.concurrency))
            if result.inference:
                lines.append(self.tr("Time per output token {tpot}; {rps} requests/s").format(
                    tpot=fmt.seconds(result.inference.tpot_s),
                    rps=fmt.significant(result.inference.requests_per_s)))
        verdict = self.tr("fits") if result.fits else self.tr("does NOT fit")
        lines.append(self.tr("Memory: {verdict}").format(verdict=verdict))
        warnings = "".join(f"<li>{message_text(m)}</li>" for m in result.messages)
        self.text.setHtml("<p>" + "</p><p>".join(lines) + "</p>" + (f"<ul>{warnings}</ul>" if warnings else ""))


class WorkloadWizard(QWizard):
    """Questions → a scenario with sensible parallelism and precision, applied on Finish."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(self.tr("Workload wizard"))
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.goal = GoalPage()
        self.model_page = ModelPage()
        self.load = LoadPage(self.goal)
        self.limits = ConstraintsPage(controller)
        self.summary = SummaryPage(self)
        for page in (self.goal, self.model_page, self.load, self.limits, self.summary):
            self.addPage(page)
        self._prefill(controller.scenario)
        self.resize(640, 520)

    def _prefill(self, scenario: Scenario) -> None:
        """Start from the current scenario, so the wizard can be reopened to adjust it."""
        self.goal.set_workload(scenario.workload.value)
        self.model_page.select_model(scenario.model)
        self.load.tokens.setValue(scenario.training.tokens / 1e9)
        deadline = scenario.constraints.deadline_hours
        self.load.deadline.setValue(deadline / 24 if deadline else 0)
        self.load.users.setValue(scenario.serving.concurrency)
        self.load.prompt.setValue(scenario.serving.prompt_tokens)
        self.load.answer.setValue(scenario.serving.output_tokens)
        self.load.rate.setValue(scenario.constraints.requests_per_s or 0)
        self.load.latency.setValue(scenario.constraints.tpot_ms or 0)
        self.limits.per_node.setValue(scenario.parallelism.cards_per_node)
        self.limits.budget.setValue(scenario.constraints.budget or 0)
        self.limits.power.setValue(scenario.constraints.power_cap_kw or 0)

    def answers_scenario(self) -> Scenario:
        """The answers as a scenario, before defaults are worked out."""
        workload = self.goal.workload()
        current = self.controller.scenario
        prompt, answer = self.load.prompt.value(), self.load.answer.value()
        owned = self.limits.owned.isChecked()
        return updated(
            current,
            workload=workload,
            model=self.model_page.model().model_dump(),
            card_id=self.limits.card.currentData(),
            count=self.limits.owned_count.value() if owned else 1,
            parallelism={"cards_per_node": self.limits.per_node.value(), "tp": 1, "pp": 1, "zero": 0},
            training={"tokens": self.load.tokens.value() * 1e9},
            serving={"concurrency": self.load.users.value(), "prompt_tokens": prompt, "output_tokens": answer,
                     "context": max(current.serving.context, prompt + answer)},
            constraints={
                "deadline_hours": self.load.deadline.value() * 24 or None,
                "budget": self.limits.budget.value() or None,
                "power_cap_kw": self.limits.power.value() or None,
                "requests_per_s": self.load.rate.value() or None,
                "tpot_ms": self.load.latency.value() or None,
            },
        )

    def suggested_scenario(self) -> Scenario:
        """The answers with precision, parallelism and (unless cards are owned) count chosen."""
        answers = self.answers_scenario()
        card = self.controller.catalog.get(answers.card_id)
        if self.limits.owned.isChecked() and answers.workload is not Workload.INFERENCE:
            from configurator.core.defaults import best_training_layout, default_precision

            fixed = updated(answers, precision=default_precision(card, answers.workload))
            return best_training_layout(fixed, card)
        return suggest(answers, card)

    def accept(self) -> None:
        self.controller.replace_undoable(self.suggested_scenario(), self.tr("Workload wizard"))
        super().accept()
