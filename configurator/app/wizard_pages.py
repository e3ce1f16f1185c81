"""The wizard's question pages: the task, the model, and the work (data or traffic)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWizardPage,
)

from configurator.app import format as fmt
from configurator.app.editor import model_summary
from configurator.app.error_boundary import guarded
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.app.inputs import StrictDoubleSpinBox, magnitude_hint
from configurator.app.field_help import accessible_label, field_help
from configurator.app.labels import named, non_decoder_text, percentile_names, precision_names
from configurator.app.wizard_answers import SECONDS_PER_DAY, SERVING_PRECISIONS, TRAINING_PRECISIONS  # noqa: F401 - re-exported
from configurator.app.wizard_boxes import (PROBLEM_STYLE, SCALE, deadline_box, decimal_box, field_range, held_refusal,
                                           say_refusals, tokens_box, whole_box)
from configurator.app.wizard_graphics import GraphicsQuestions
from configurator.core.architecture import ArchitectureError, ModelArchitecture, load_presets
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.hf_config import load_hf_config
from configurator.core.catalog import Catalog
from configurator.core.examples import DEFAULT_TOKENS_PER_EXAMPLE, example_tokens
from configurator.core.messages_said import said_in
from configurator.core.model_size import SizedModel, model_for_size
from configurator.core.published_format import published_format
from configurator.core.scenario import Constraints, Serving, ServingUse, Training
from configurator.core.serving_use import USE_TARGETS
from configurator.core.view.names import SERVING_USES, model_name

GRAPHICS = ("vdi", "transcode", "render")


AUTO = None
"""Data of the 'Auto' item of a choice: the planner decides."""

def precision_combo(keys: tuple[str, ...], auto_text: str) -> QComboBox:
    combo = QComboBox()
    combo.addItem(auto_text, AUTO)
    names = precision_names()
    for key in keys:
        combo.addItem(names.get(key, key.upper()), key)
    return combo


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
            ("qlora", self.tr("Fine-tune on a small card (&QLoRA)"),
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
            button.setObjectName(f"wizard:workload:{key}")
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
    model_changed = Signal()
    """The model chosen (:meth:`model`) may have changed: a preset, an import or a size picked."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle(self.tr("Which model?"))
        self.setSubTitle(self.tr("Pick a known model, import a Hugging Face config.json, or give its size."))
        layout = QVBoxLayout(self)
        self.preset_choice = QRadioButton(self.tr("A &known model"))
        self.presets = QListWidget()
        for preset_id, model in load_presets().items():
            item = QListWidgetItem(self.tr("{name} — {size} billion parameters").format(
                name=model_name(preset_id), size=fmt.significant(model.total_params() / 1e9)))
            item.setData(256, preset_id)
            self.presets.addItem(item)
        self.presets.currentRowChanged.connect(lambda _: self.preset_choice.setChecked(True))
        self.import_choice = QRadioButton(self.tr("&Import a config.json"))
        self.import_button = QPushButton(self.tr("Choose file…"))
        self.import_button.clicked.connect(self._choose_file)
        self.import_label = QLabel()
        self.import_label.setWordWrap(True)
        self.size_choice = QRadioButton(self.tr("About this &many billion parameters:"))
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        self.size = StrictDoubleSpinBox()
        self.size.setObjectName("wizard:model:params")
        self.size.setRange(0.01, 10000)  # from_param_count's 1e6 … 1e13 parameters, in billions
        self.size.setDecimals(2)
        self.size.trimmed = True  # "7 B", not "7.00 B"
        self.size.setValue(7.0)
        self.size.setSuffix(self.tr(" B"))
        say_refusals(self.size, self.problem)
        self.size.valueChanged.connect(self._on_size_changed)
        self.size.lineEdit().textEdited.connect(lambda _: self.size_choice.setChecked(True))
        self.size_note = QLabel()
        self.size_note.setObjectName("wizard:model:picked")
        self.size_note.setWordWrap(True)
        for widget in (self.preset_choice, self.presets, self.import_choice, self.import_button, self.import_label,
                       self.size_choice, self.size, self.size_note, self.problem):
            layout.addWidget(widget)
        self.imported: ModelArchitecture | None = None
        self._sized: SizedModel | None = None
        self._describe_size()
        self.presets.currentRowChanged.connect(lambda _row: self.model_changed.emit())
        self.size.valueChanged.connect(lambda _value: self.model_changed.emit())
        for choice in (self.preset_choice, self.import_choice, self.size_choice):
            choice.toggled.connect(lambda checked: checked and self.model_changed.emit())

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import config.json"), "", "config.json (*.json)")
        if path:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> bool:
        try:
            self.imported = load_hf_config(path)
        except ArchitectureError as error:
            self.problem.setText(non_decoder_text(path) or said_in(error, current_language()))
            return False
        self.problem.clear()
        self.import_label.setText(f"{path.name}: {model_summary(self.imported)}")
        self.import_choice.setChecked(True)
        self.model_changed.emit()  # another file while the import was chosen already
        return True

    def _on_size_changed(self, _value: float) -> None:
        self.size_choice.setChecked(True)
        self._describe_size()

    def sized(self) -> SizedModel:
        """The model used for the size typed in (the closest preset, or a shape built for it)."""
        wanted = self.size.value() * 1e9
        if self._sized is None or self._sized.requested_params != wanted:
            self._sized = model_for_size(wanted)
        return self._sized

    def _describe_size(self) -> None:
        """Say which model a size stands for, before Next: never a silent pick."""
        self.size_note.setText(sized_text(self.sized()))

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
            return self.sized().model
        item = self.presets.currentItem() or self.presets.item(0)
        return load_presets()[item.data(256)]

    @guarded
    def validatePage(self) -> bool:  # noqa: N802 - Qt's name
        if self.import_choice.isChecked() and self.imported is None:
            self.problem.setText(self.tr("Choose a config.json first, or pick another option"))
            return False
        return True


def sized_text(sized: SizedModel) -> str:
    """'mistral-7b (7.24 B parameters) — the closest preset to 7 B' or the shape built."""
    asked = f"{sized.requested_params / 1e9:.4g}"  # as typed: 7, not 7.00
    used = fmt.significant(sized.params / 1e9)
    if sized.preset_id is not None:
        return _tc(
            "ModelPage", "Uses {name} ({used} B parameters) — the closest preset to {asked} B.").format(
            name=model_name(sized.preset_id), used=used, asked=asked)
    m = sized.model
    return _tc(
        "ModelPage", "No preset is within 10 % of {asked} B: uses a Llama-like shape of {used} B parameters — "
                     "{layers} layers, hidden {hidden}, {heads} heads ({kv} KV), so tensor parallel 1, 2, 4 or 8 "
                     "and 1, 2 or 4 pipeline stages split it evenly.").format(
        asked=asked, used=used, layers=m.n_layers, hidden=m.hidden, heads=m.n_heads, kv=m.kv_heads)


class LoadPage(QWizardPage):
    """How much data (training) or traffic (serving), and how fast."""

    def __init__(self, goal: GoalPage, catalog: Catalog) -> None:
        super().__init__()
        self.goal, self.catalog = goal, catalog
        self.setTitle(self.tr("How much work?"))
        layout = QVBoxLayout(self)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        layout.addWidget(self._training_box())
        layout.addWidget(self._serving_box())
        self.graphics = GraphicsQuestions(catalog, self.problem, self)
        for box in self.graphics.boxes:
            layout.addWidget(box)
        layout.addWidget(self.problem)
        layout.addStretch(1)

    def _training_box(self):
        self.training_box = QGroupBox(self.tr("Training"))
        form = QFormLayout(self.training_box)
        self.tokens = tokens_box(self.problem)  # billions in English, 亿 in Chinese
        self.tokens.setToolTip(self.tr("How much text the model trains on (1 token ≈ ¾ of an English word)"))
        form.addRow(self.tr("&Data to train on"), self.tokens)
        self.examples = whole_box(Training, "examples", self.tr(" examples"), self.problem, self.tr("given in tokens"))
        self.examples.setToolTip(self.tr("Fine-tuning data as examples (10万条 is 100,000): the data to train on "
                                         "becomes examples × {0} tokens, the Alpaca fine-tune's maximum length"
                                         ).format(DEFAULT_TOKENS_PER_EXAMPLE))
        self.examples.valueChanged.connect(self._examples_to_tokens)
        form.addRow(self.tr("Or in &examples"), self.examples)
        self.deadline = deadline_box(self.problem)  # in hours, the render deadline's rule (was days to a tenth)
        form.addRow(self.tr("Finish &within"), self.deadline)
        self.global_batch = decimal_box(Training, "global_batch_tokens", self.tr(" million tokens"), 3, 1e6,
                                        self.problem, self.tr("the published default for the size"))
        self.global_batch.setToolTip(self.tr("Tokens per optimizer step. Left at the default, the planner takes "
                                             "the batch published for models of this size"))
        form.addRow(self.tr("&Global batch"), self.global_batch)
        self.training_precision = precision_combo(TRAINING_PRECISIONS, self.tr("Auto (BF16 where the card has it)"))
        self.training_precision.setObjectName("wizard:training.precision")
        self.training_precision.setToolTip(self.tr("LoRA and QLoRA (a 4-bit frozen copy) are chosen on the first "
                                                   "page"))
        form.addRow(self.tr("&Precision"), self.training_precision)
        return self.training_box

    def _examples_to_tokens(self, examples: int) -> None:
        """The data to train on as examples × tokens per example (the one conversion); 0: not set."""
        if examples:
            self.tokens.setValue(example_tokens(examples) / self.tokens.property(SCALE))

    def _serving_box(self):
        self.serving_box = QGroupBox(self.tr("Serving"))
        form = QFormLayout(self.serving_box)
        self._use_question(form)
        self.users = whole_box(Serving, "concurrency", lambda n: self.tr(" user(s) at once", "", n),
                               self.problem, self.tr("from the request rate"))
        self.users.setToolTip(self.tr("Users (sequences) answered at the same time by the whole deployment; "
                                      "left at 'from the request rate', the planner sizes the batch for the rate "
                                      "(Little's law)"))
        form.addRow(self.tr("&Users served together"), self.users)
        self.rate = decimal_box(Constraints, "requests_per_s", self.tr(" requests/s"), 2, 1.0, self.problem,
                                self.tr("not set"))
        form.addRow(self.tr("&Requests per second"), self.rate)
        self._daily_question(form)
        self.prompt = whole_box(Serving, "prompt_tokens", lambda n: self.tr(" token(s)", "", n), self.problem)
        form.addRow(self.tr("Pr&ompt length"), self.prompt)  # the editor's word (session 40: it read "问题长度")
        self.answer = whole_box(Serving, "output_tokens", lambda n: self.tr(" token(s)", "", n), self.problem)
        form.addRow(self.tr("&Answer length"), self.answer)
        self.context = whole_box(Serving, "context", lambda n: self.tr(" token(s)", "", n), self.problem,
                                 self.tr("prompt + answer"))
        self.context.setToolTip(self.tr("The longest sequence one request may reach: prompt and answer together"))
        form.addRow(self.tr("&Context length"), self.context)
        self.ttft = decimal_box(Constraints, "ttft_ms", self.tr(" ms to the first token"), 0, 1.0, self.problem,
                                self.tr("no target"))
        form.addRow(self.tr("&First-token target"), self.ttft)
        # tenths of a ms, as the editor takes them: 30 tokens/s per user is 33.3 ms (whole ms until session 49)
        self.latency = decimal_box(Constraints, "tpot_ms", self.tr(" ms per token"), 1, 1.0, self.problem,
                                   self.tr("no target"))
        self.latency.setToolTip(self.tr("People read 175–300 words a minute, about 4–7 tokens a second: an "
                                        "interactive chat needs each token within about 100 ms"))
        self.percentile = QComboBox()  # the window's, asked: never kept unsaid
        self.percentile.setObjectName("wizard:constraints.latency_percentile")
        for value, text in percentile_names().items():
            self.percentile.addItem(text, value)
        self.percentile.setToolTip(field_help("constraints.latency_percentile"))
        self.percentile.setAccessibleName(accessible_label("constraints.latency_percentile"))
        self.use.currentIndexChanged.connect(lambda _index: self._show_use_defaults())
        for box in (self.daily, self.prompt, self.answer):
            box.valueChanged.connect(lambda _value: self._show_daily_tokens())
        self._show_use_defaults()
        form.addRow(self.tr("&Latency target"), self.latency)
        form.addRow(self.tr("Targets &held for"), self.percentile)
        self.serving_precision = precision_combo(SERVING_PRECISIONS, self.tr("Auto (BF16 where the card has it)"))
        self.serving_precision.setObjectName("wizard:serving.precision")
        self.serving_precision.setToolTip(self.tr("Weights stored and computed at this precision; INT4 is AWQ with "
                                                  "groups of 128"))
        form.addRow(self.tr("&Precision or quantisation"), self.serving_precision)
        return self.serving_box

    def _use_question(self, form: QFormLayout) -> None:
        """What the service is for: each use brings its latency targets (issue 24, part 2)."""
        self.use = QComboBox()
        self.use.setObjectName("wizard:serving.use")
        for value, text in named(SERVING_USES).items():
            self.use.addItem(text, value)
        self.use.setToolTip(field_help("serving.use"))
        self.use.setAccessibleName(accessible_label("serving.use"))
        form.addRow(self.tr("&What is it for?"), self.use)

    def _daily_question(self, form: QFormLayout) -> None:
        """Offline batch work is sized by what it processes a day: the request rate asked per day
        (the same answer as the rate, in the unit a batch buyer counts), with the tokens it comes to."""
        self.daily = decimal_box(Constraints, "requests_per_s", self.tr(" requests a day"), 0, 1 / SECONDS_PER_DAY,
                                 self.problem, self.tr("not set"), magnitudes=True)
        self.daily.setToolTip(self.tr("Documents or prompts the batch processes a day, spread over 24 hours; "
                                      "each one is a prompt and an answer of the lengths below.") + " "
                              + magnitude_hint())
        form.addRow(self.tr("Requests a &day"), self.daily)
        self.daily_tokens = QLabel()
        self.daily_tokens.setWordWrap(True)
        form.addRow("", self.daily_tokens)

    def _show_daily_tokens(self) -> None:
        """The tokens a day the batch's requests come to, prompt and answer together."""
        per_day = self.daily.value()
        tokens = float(f"{per_day * (self.prompt.value() + self.answer.value()):.3g}")  # 3 significant digits
        said = self.tr("About {tokens} tokens a day, prompt and answer together").format(
            tokens=fmt.token_count(tokens))
        self.daily_tokens.setText(cjk_joined(said, current_language()) if per_day else "")  # '每天约 10 亿个词元'

    def _batch(self) -> bool:
        """Whether the service asked about is offline batch work."""
        return self.use.currentData() == ServingUse.BATCH.value

    def _show_use_defaults(self) -> None:
        """The target boxes left empty stand for the use's defaults: say which, with the numbers;
        offline batch work is asked its requests a day, other uses their requests per second."""
        use = self.use.currentData() or ServingUse.CHAT.value
        form = self.serving_box.layout()
        form.setRowVisible(self.rate, not self._batch())
        form.setRowVisible(self.daily, self._batch())
        form.setRowVisible(self.daily_tokens, self._batch())
        defaults = USE_TARGETS[ServingUse(use)]
        for box, default in ((self.ttft, defaults.ttft_ms), (self.latency, defaults.tpot_ms)):
            box.setSpecialValueText(self.tr("default for this use: {0} ms").format(fmt.whole(default)) if default
                                    else self.tr("no target"))
        self.percentile.setItemText(self.percentile.findData(None), self.tr(
            "default for this use: {0}").format(percentile_names()[defaults.percentile]))

    @guarded
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        workload = self.goal.workload()
        serving = workload == "inference"
        self.training_box.setVisible(workload not in GRAPHICS and not serving)
        self.serving_box.setVisible(serving)
        self._show_auto_precision()
        self.graphics.show_for(workload)
        if workload in GRAPHICS:
            self.setSubTitle(self.tr("How many users or streams, or how big a render job."))
        else:
            self.setSubTitle(self.tr("Traffic, prompt and answer lengths, and how fast answers must come.")
                             if serving else self.tr("How much data, and by when the training must be done."))

    def _show_auto_precision(self) -> None:
        """What Auto serves: BF16 where the card has it, or the model's published checkpoint's format
        (DeepSeek-V3's FP8, :func:`~configurator.core.published_format.published_format`)."""
        page = getattr(self.wizard(), "model_page", None)
        published = published_format(page.model()) if page is not None else None
        if published is None:
            self.serving_precision.setItemText(0, self.tr("Auto (BF16 where the card has it)"))
            return
        self.serving_precision.setItemText(0, self.tr("Auto ({0}, as the model is published, where the card has "
                                                      "it)").format(published.weight_format.value.upper()))

    @guarded
    def validatePage(self) -> bool:  # noqa: N802 - Qt's name
        """Prompt and answer must fit the context: say so here rather than change a number."""
        if held_refusal(self.problem):
            return False
        smallest = field_range(Constraints, "requests_per_s", 1 / SECONDS_PER_DAY)[0]  # [requests a day]
        if self.goal.workload() == "inference" and 0 < self.daily.value() < smallest:
            self.problem.setText(self.tr("{typed} requests a day ({rate} requests/s) is below the smallest request "
                                         "rate the planner takes, {smallest} a day: give at least that, or the "
                                         "users served together.").format(
                typed=fmt.whole(self.daily.value()), rate=fmt.significant(self.daily.value() / SECONDS_PER_DAY, 2),
                smallest=fmt.whole(smallest)))
            return False
        if self.goal.workload() == "inference" and self._batch() and not self.daily.value() \
                and not self.users.value():
            self.problem.setText(self.tr("Offline batch work is sized by how much it processes: give the requests "
                                         "a day (or the users served together). Without either, a full batch would "
                                         "be planned on the fewest cards that hold the model, whatever your "
                                         "volume."))
            return False
        if self.goal.workload() == "inference" and self.context.value() and \
                self.prompt.value() + self.answer.value() > self.context.value():
            self.problem.setText(self.tr("The prompt ({prompt} tokens) and the answer ({answer} tokens) do not "
                                         "fit a context of {context} tokens: make the context longer or the "
                                         "lengths shorter.").format(prompt=fmt.whole(self.prompt.value()),
                                                                    answer=fmt.whole(self.answer.value()),
                                                                    context=fmt.whole(self.context.value())))
            return False
        self.problem.clear()
        return True

    def __getattr__(self, name: str):
        """The graphics questions' boxes by name (``page.streams``), as before they moved."""
        if name != "graphics" and "graphics" in self.__dict__:
            return getattr(self.__dict__["graphics"], name)
        raise AttributeError(name)
