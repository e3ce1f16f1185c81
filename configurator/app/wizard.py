"""The workload wizard: plain-language questions that fill in the scenario."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
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
from configurator.app.error_boundary import guarded
from configurator.app.i18n import message_text
from configurator.app.i18n import tc as _tc
from configurator.app.labels import class_names, limit_names, unit_names
from configurator.app.worker import LatestJob
from configurator.core.architecture import (
    ArchitectureError,
    ModelArchitecture,
    from_param_count,
    load_hf_config,
    load_presets,
)
from configurator.core.catalog import Catalog
from configurator.core.plan.deployment import plannable
from configurator.core.precision import default_precision
from configurator.core.recommend import suggest
from configurator.core.graphics import rt_generation
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, RESOLUTIONS, Scenario, Workload, updated

DEFAULT_DEADLINE_DAYS = {"pretrain": 30.0, "finetune": 2.0, "lora": 1.0, "qlora": 1.0, "render": 2.0}

GRAPHICS = ("vdi", "transcode", "render")

DESKTOP_USERS = {
    "knowledge": (1, 0.25),
    "power": (2, 0.5),
    "designer": (4, 2.0),
    "engineer": (8, 6.0),
}
"""Starting points per kind of desktop user: (vGPU profile [GiB], FP32 load [TFLOP/s]). Profiles
follow NVIDIA's B-series (office) and Q-series (professional) sizes; the loads are assumptions
to adjust (only the knowledge-worker load is derived from a published density, the A16's 64
desktops per board)."""

DEFAULT_GRAPHICS_CARD = "l40s"
"""Card offered for graphics work when the current card is a training card."""


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
        self._add_choices(layout, choices)
        graphics = QLabel(self.tr("<b>Graphics</b> — needs graphics cards (display engines, video encoders, "
                                  "vGPU), not training cards:"))
        graphics.setWordWrap(True)
        layout.addWidget(graphics)
        graphics_choices = [
            ("vdi", self.tr("&Virtual desktops or cloud workstations"),
             self.tr("Many users share each card through vGPU; the framebuffer per user and the shading load "
                     "decide how many fit.")),
            ("transcode", self.tr("Trans&code video streams"),
             self.tr("Limited by the card's video encoders and decoders (NVENC/NVDEC), not by its AI compute.")),
            ("render", self.tr("&Render 3D scenes offline"),
             self.tr("The scene must fit in each card's memory; time scales with FP32 shading speed.")),
        ]
        self._add_choices(layout, graphics_choices)
        layout.addStretch(1)

    def _add_choices(self, layout: QVBoxLayout, choices: list[tuple[str, str, str]]) -> None:
        """A radio button per (workload, label, explanation), the explanation indented below it."""
        for key, label, explanation in choices:
            button = QRadioButton(label)
            self.group.addButton(button)
            self.buttons[key] = button
            note = QLabel(explanation)
            note.setWordWrap(True)
            note.setStyleSheet("margin-left: 24px; color: palette(mid);")
            layout.addWidget(button)
            layout.addWidget(note)

    @guarded
    def nextId(self) -> int:  # noqa: N802 - Qt's name
        """Graphics work has no model: skip the model page."""
        return 2 if self.workload() in GRAPHICS else 1

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

    @guarded
    def validatePage(self) -> bool:  # noqa: N802 - Qt's name
        if self.import_choice.isChecked() and self.imported is None:
            self.problem.setText(self.tr("Choose a config.json first, or pick another option"))
            return False
        return True


class LoadPage(QWizardPage):
    """How much data (training) or traffic (serving)."""

    def __init__(self, goal: GoalPage, catalog: Catalog) -> None:
        super().__init__()
        self.goal, self.catalog = goal, catalog
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
        layout.addWidget(self._desktops_box())
        layout.addWidget(self._video_box())
        layout.addWidget(self._render_box())
        layout.addStretch(1)

    def _desktops_box(self) -> QGroupBox:
        self.desktops_box = QGroupBox(self.tr("Virtual desktops"))
        form = QFormLayout(self.desktops_box)
        self.desktop_users = _spin(1, 1_000_000, 100, self.tr(" users"))
        form.addRow(self.tr("&Users at the same time"), self.desktop_users)
        self.user_kind = QComboBox()
        kinds = {
            "knowledge": self.tr("Office, web and video (1 GiB, 0.25 TFLOP/s each)"),
            "power": self.tr("Power users, light CAD (2 GiB, 0.5 TFLOP/s each)"),
            "designer": self.tr("Designers, CAD (4 GiB, 2 TFLOP/s each)"),
            "engineer": self.tr("3D engineering, visualisation (8 GiB, 6 TFLOP/s each)"),
        }
        for key, label in kinds.items():
            self.user_kind.addItem(label, key)
        self.user_kind.setToolTip(self.tr("Starting points: adjust the profile and load in the main window"))
        form.addRow(self.tr("&Kind of user"), self.user_kind)
        return self.desktops_box

    def _video_box(self) -> QGroupBox:
        self.video_box = QGroupBox(self.tr("Video"))
        form = QFormLayout(self.video_box)
        self.streams = _spin(1, 1_000_000, 100, self.tr(" streams"))
        form.addRow(self.tr("&Streams at the same time"), self.streams)
        self.resolution = QComboBox()
        for name in RESOLUTIONS:
            self.resolution.addItem(name, name)
        self.resolution.setCurrentIndex(self.resolution.findData("1080p"))
        form.addRow(self.tr("&Resolution"), self.resolution)
        self.fps = _dspin(1, 240, 30, 0, self.tr(" fps"))
        form.addRow(self.tr("&Frame rate"), self.fps)
        self.codec = QComboBox()
        for key, label in (("h264", "H.264"), ("hevc", "HEVC (H.265)"), ("av1", "AV1")):
            self.codec.addItem(label, key)
        form.addRow(self.tr("&Codec"), self.codec)
        return self.video_box

    def _render_box(self) -> QGroupBox:
        self.render_box = QGroupBox(self.tr("Rendering"))
        form = QFormLayout(self.render_box)
        self.scene = _dspin(0.1, 4096, 8, 1, self.tr(" GiB"))
        self.scene.setToolTip(self.tr("Geometry and textures; the whole scene must fit in each card's memory"))
        form.addRow(self.tr("&Scene size"), self.scene)
        self.frames = _spin(1, 10_000_000, 1000, self.tr(" frames"))
        form.addRow(self.tr("&Frames"), self.frames)
        self.minutes = _dspin(0.01, 100_000, 5, 2, self.tr(" min per frame"))
        self.minutes.setToolTip(self.tr("Measured with your renderer and scene on the card below"))
        form.addRow(self.tr("&Time per frame"), self.minutes)
        self.reference = QComboBox()
        for card in self.catalog.cards:
            if card.fp32_tflops:
                self.reference.addItem(f"{card.name} · {card.fp32_tflops:g} TFLOP/s", card.id)
        self.reference.setToolTip(self.tr("Other cards' times scale from this one by their FP32 rate"))
        form.addRow(self.tr("Measured &on"), self.reference)
        self.render_deadline = _dspin(0, 3650, 2, 1, self.tr(" days"), self.tr("no deadline"))
        form.addRow(self.tr("Finish &within"), self.render_deadline)
        return self.render_box

    @guarded
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        workload = self.goal.workload()
        serving = workload == "inference"
        self.training_box.setVisible(workload not in GRAPHICS and not serving)
        self.serving_box.setVisible(serving)
        self.desktops_box.setVisible(workload == "vdi")
        self.video_box.setVisible(workload == "transcode")
        self.render_box.setVisible(workload == "render")
        if workload in GRAPHICS:
            self.setSubTitle(self.tr("How many users or streams, or how big a render job."))
        else:
            self.setSubTitle(self.tr("Traffic, prompt and answer lengths, and how fast answers must come.")
                             if serving else self.tr("How much data, and by when the training must be done."))
        if workload not in GRAPHICS and not serving and self.deadline.value() == 0:
            self.deadline.setValue(DEFAULT_DEADLINE_DAYS[workload])

    def graphics_changes(self) -> dict:
        """The graphics section of the scenario from the answers."""
        profile, load = DESKTOP_USERS[self.user_kind.currentData()]
        reference = self.catalog.get(self.reference.currentData())
        return {"reference_card": reference.id, "reference_fp32_tflops": reference.fp32_tflops,
                "reference_rt_generation": rt_generation(reference), "users": self.desktop_users.value(),
                "profile_gib": profile, "shading_tflops_per_user": load,
                "streams": self.streams.value(), "resolution": self.resolution.currentData(),
                "fps": self.fps.value(), "codec": self.codec.currentData(), "scene_gib": self.scene.value(),
                "frames": self.frames.value(), "reference_minutes_per_frame": self.minutes.value()}


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
        self.class_note = QLabel()
        self.class_note.setWordWrap(True)
        self.class_note.setStyleSheet("color: #b00020;")
        form.addRow(self.class_note)
        self.catalog = controller.catalog
        self.card.currentIndexChanged.connect(self._explain_class)

    @guarded
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        """Graphics work on a training card is the costly mistake: offer a graphics-capable card."""
        card = self.catalog.get(self.card.currentData())
        if self.wizard().goal.workload() in GRAPHICS and card.category == "training":
            self.card.setCurrentIndex(self.card.findData(DEFAULT_GRAPHICS_CARD))
        self._explain_class()

    def _explain_class(self) -> None:
        card_id = self.card.currentData()
        wizard = self.wizard()
        if card_id not in self.catalog or wizard is None:
            return
        card = self.catalog.get(card_id)
        graphics = wizard.goal.workload() in GRAPHICS
        if graphics and card.category == "training":
            text = self.tr("{card} is a training card: no video encoders, no display outputs and no desktop vGPU. "
                           "Graphics work belongs on graphics cards.").format(card=card.name)
        elif graphics and card.is_consumer:
            text = self.tr("{card} is a consumer card: no ECC, no vGPU, and its licence restricts data-centre "
                           "use.").format(card=card.name)
        else:
            text = ""
        self.class_note.setText(text)


class SummaryPage(QWizardPage):
    def __init__(self, wizard: WorkloadWizard) -> None:
        super().__init__()
        self.wizard_ref = wizard
        self.setTitle(self.tr("Suggested configuration"))
        self.setSubTitle(self.tr("Finish puts this into the main window, where every setting can be changed."))
        layout = QVBoxLayout(self)
        self.busy_label = QLabel()
        self.busy_label.setObjectName("wizard-busy")
        layout.addWidget(self.busy_label)
        self.text = QTextBrowser()
        layout.addWidget(self.text)
        self.suggestion: tuple[Scenario, Scenario] | None = None
        """(answers, suggested scenario) once worked out; Finish waits for it."""
        self._job = LatestJob(self)
        self._job.finished.connect(self._show_suggestion)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self._show_busy)

    @guarded
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        """Work out the configuration on a worker thread (the planner's search can take seconds)."""
        self.suggestion = None
        self.text.clear()
        answers, owned = self.wizard_ref.answers_scenario(), self.wizard_ref.limits.owned.isChecked()
        catalog = self.wizard_ref.controller.catalog

        def job(_context):
            scenario = suggest_for(answers, catalog, owned)
            return answers, scenario, estimate(scenario, catalog.get(scenario.card_id))

        self._job.submit(job)
        self.completeChanged.emit()

    def cleanupPage(self) -> None:  # noqa: N802 - Qt's name
        self._job.cancel()  # Back: the answers are about to change
        self.suggestion = None

    def isComplete(self) -> bool:  # noqa: N802 - Qt's name
        return self.suggestion is not None

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Wait (processing events) until the suggestion is shown (tests)."""
        return self._job.wait(timeout_ms)

    def _show_busy(self, busy: bool) -> None:
        self.busy_label.setText(self.tr("Working out the configuration: the planner tries every layout…")
                                if busy else "")
        if busy:
            self.setCursor(Qt.CursorShape.BusyCursor)
        else:
            self.unsetCursor()

    def _on_failed(self, error: Exception) -> None:
        from configurator.app.error_boundary import report

        report(error, "SummaryPage.initializePage", _tc("ErrorBoundary", "Preparing this page of the wizard"), self)

    @guarded
    def _show_suggestion(self, found: tuple[Scenario, Scenario, object]) -> None:
        answers, scenario, result = found
        self.suggestion = answers, scenario
        self.completeChanged.emit()
        par, lines = scenario.parallelism, []
        g = result.graphics
        if g is not None:
            lines.append(self.tr("<b>{count} × {card}</b> ({nodes} server(s))").format(
                count=scenario.count, card=result.card.name, nodes=scenario.nodes))
            if g.workload.value == "render":
                lines.append(self.tr("{minutes} per frame; {time} for the job").format(
                    minutes=fmt.duration(g.minutes_per_frame / 60) if g.minutes_per_frame else "—",
                    time=fmt.duration(g.hours)))
            else:
                lines.append(self.tr("{per_card} {unit} per card ({limit}); carries {served} of {demand}").format(
                    per_card=fmt.whole(g.per_card), unit=unit_names()[g.unit],
                    limit=limit_names().get(g.limiting, g.limiting),
                    served=fmt.whole(g.served), demand=fmt.whole(g.demand)))
        else:
            lines.append(self.tr("<b>{count} × {card}</b> ({nodes} server(s)), {precision}").format(
                count=scenario.count, card=result.card.name, nodes=scenario.nodes,
                precision=result.plan.math.value.upper() if result.plan.math else "—"))
        if g is None:  # say which model the numbers are for (a size typed in picks a preset)
            model = scenario.model
            lines.append(self.tr("Model: {name}, {params} B parameters ({shape})").format(
                name=model.name, params=fmt.significant(model.total_params() / 1e9), shape=model_summary(model)))
        if g is not None:
            pass
        elif scenario.workload.is_training:
            lines.append(self.tr("Tensor parallel {tp}, pipeline {pp}, ZeRO {zero}, recomputation {rc}, "
                                 "micro-batch {mb}").format(tp=par.tp, pp=par.pp, zero=par.zero,
                                                            rc=scenario.training.recompute.value,
                                                            mb=scenario.training.micro_batch))
            lines.append(self.tr("Time: {time}; memory per card {mem}").format(
                time=fmt.duration(result.hours), mem=fmt.gib(result.memory.total)))
        else:
            lines.append(self.tr("Tensor parallel {tp}, {replicas} copies of the model, {c} sequences each").format(
                tp=par.tp, replicas=scenario.data_parallel, c=scenario.sequences_per_replica))
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
        self.load = LoadPage(self.goal, controller.catalog)
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
        g = scenario.graphics
        self.load.desktop_users.setValue(g.users)
        kind = next((k for k, v in DESKTOP_USERS.items() if v == (g.profile_gib, g.shading_tflops_per_user)), None)
        if kind is not None:
            self.load.user_kind.setCurrentIndex(self.load.user_kind.findData(kind))
        self.load.streams.setValue(g.streams)
        self.load.resolution.setCurrentIndex(self.load.resolution.findData(g.resolution))
        self.load.fps.setValue(g.fps)
        self.load.codec.setCurrentIndex(self.load.codec.findData(g.codec.value))
        self.load.scene.setValue(g.scene_gib)
        self.load.frames.setValue(g.frames)
        self.load.minutes.setValue(g.reference_minutes_per_frame)
        self.load.reference.setCurrentIndex(max(0, self.load.reference.findData(g.reference_card)))
        if scenario.workload is Workload.RENDER and deadline:
            self.load.render_deadline.setValue(deadline / 24)
        self.limits.per_node.setValue(scenario.parallelism.cards_per_node)
        self.limits.budget.setValue(scenario.constraints.budget or 0)
        self.limits.power.setValue(scenario.constraints.power_cap_kw or 0)

    def answers_scenario(self) -> Scenario:
        """The answers as a scenario, before defaults are worked out."""
        workload = self.goal.workload()
        current = self.controller.scenario
        prompt, answer = self.load.prompt.value(), self.load.answer.value()
        owned = self.limits.owned.isChecked()
        deadline_days = self.load.render_deadline.value() if workload == "render" else self.load.deadline.value()
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
            graphics=self.load.graphics_changes(),
            constraints={
                "deadline_hours": deadline_days * 24 or None,
                "budget": self.limits.budget.value() or None,
                "power_cap_kw": self.limits.power.value() or None,
                "requests_per_s": self.load.rate.value() or None,
                "tpot_ms": self.load.latency.value() or None,
            },
        )

    def suggested_scenario(self) -> Scenario:
        """The answers with precision, parallelism and (unless cards are owned) count chosen."""
        return suggest_for(self.answers_scenario(), self.controller.catalog, self.limits.owned.isChecked())

    @guarded
    def accept(self) -> None:
        ready = self.summary.suggestion
        if ready is not None and ready[0] == self.answers_scenario():
            scenario = ready[1]  # worked out while the summary page was shown
        else:
            scenario = self.suggested_scenario()
        self.controller.replace_undoable(scenario, self.tr("Workload wizard"))
        super().accept()


def suggest_for(answers: Scenario, catalog: Catalog, owned: bool) -> Scenario:
    """The wizard's answers with precision, parallelism and (unless the cards are ``owned``) count
    chosen by the planner. Pure: runs on a worker thread."""
    card = catalog.get(answers.card_id)
    # the layout and the global batch (published default by model size) are left to the planner
    answers = updated(answers, precision=default_precision(card), auto_layout=LAYOUT_FIELDS,
                      training={"global_batch_tokens": None}, serving={"max_batch": None})
    if answers.workload is Workload.PRETRAIN:
        answers = updated(answers, training={"recipe": "megatron-mixed"})
    if owned and not answers.workload.is_graphics:
        return estimate(plannable(answers, card), card).scenario  # the cards owned, laid out by the planner
    return suggest(answers, card)
