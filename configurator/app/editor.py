"""The scenario editor: every choice of the scenario, with units, ranges and explanations."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QFileDialog,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from configurator.app.examples_binder import ExamplesBinder
from configurator.app import labels
from configurator.app.binders import StepSliderBinder, fill_combo, name_control, spin_refusal
from configurator.app.controller import ScenarioController
from configurator.app.currency_box import currency_combo
from configurator.app.editor_controls import BoundControls, dspin
from configurator.app.editor_graphics import GraphicsEditorMixin
from configurator.app.editor_serving import ServingEditorMixin
from configurator.app.field_help import field_help
from configurator.app.i18n import current_language
from configurator.app.narrow_form import NarrowForm
from configurator.core.architecture import ArchitectureError, load_presets
from configurator.core.model_size import model_for_size
from configurator.core.view.fields_read import VDI_HOST_FIELDS, reads
from configurator.core.view.names import model_name
from configurator.core.hf_config import load_hf_config
from configurator.core.scenario import COUNT_SWEEP, Scenario, Workload
from configurator.core.view.card_names import card_name

CUSTOM_MODEL = "__custom__"


def model_summary(model) -> str:
    """One translated line describing an architecture."""
    from PySide6.QtCore import QCoreApplication

    text = QCoreApplication.translate(
        "ScenarioEditor", "{layers} layers, hidden {hidden}, {heads} heads ({kv} KV), FFN {ffn}, vocabulary {vocab}"
    ).format(layers=model.n_layers, hidden=model.hidden, heads=model.n_heads, kv=model.kv_heads, ffn=model.ffn,
             vocab=f"{model.vocab:,}")  # grouped, as the summary's model row writes it ("152,064")
    if model.is_moe:
        moe = QCoreApplication.translate("ScenarioEditor", ", {experts} experts (top {k}), {active:.1f} B active")
        text += moe.format(experts=model.n_experts, k=model.experts_per_token, active=model.active_params() / 1e9)
    return text


class ScenarioEditor(ServingEditorMixin, GraphicsEditorMixin, BoundControls, QScrollArea):
    """Left-hand panel of the main window."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None, staged: bool = False) -> None:
        """The editor of ``controller``'s scenario; ``staged``: only begun — :meth:`build_step`
        builds one group of controls per call (a language switch builds the new editor in pieces,
        the window painting between them, issue 28)."""
        super().__init__(parent)
        self.controller = controller
        self._binders: list = []
        self.auto_checks: dict[str, QCheckBox] = {}
        self._own_tips: dict[QWidget, dict[QWidget, str]] = {}
        self._steps = self._build()
        if not staged:
            while self.build_step():
                pass

    def build_step(self) -> bool:
        """Build the next group of controls; False once the editor is complete."""
        if next(self._steps, False):
            return True
        self._steps = iter(())  # the finished generator's frame (which holds the editor) let go
        return False

    def _build(self) -> Iterator[bool]:
        """Build the editor, a group of controls at a time (True after each but the last)."""
        controller = self.controller
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self._workload_group())
        self.model_group = self._model_group()
        layout.addWidget(self.model_group)
        yield True
        layout.addWidget(self._hardware_group())
        yield True
        self.training_group = self._training_group()
        yield True
        self.serving_group = yield from self._serving_group()
        yield True
        self.desktops_group = self._desktops_group()
        self.video_group = self._video_group()
        self.render_group = self._render_group()
        for group in (self.training_group, self.serving_group, self.desktops_group, self.video_group,
                      self.render_group):
            layout.addWidget(group)
        yield True
        layout.addWidget(self._prices_group())
        layout.addWidget(self._assumptions_group())
        yield True
        layout.addStretch(1)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error_label.setAccessibleName(self.tr("Input problem"))
        layout.addWidget(self.error_label)
        for box in body.findChildren(QComboBox):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(10)
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(350)
        controller.error_changed.connect(self.error_label.setText)
        # a refused input is named next to its control (the message at the bottom may be scrolled away)
        self.problem_label = QLabel(body)
        self.problem_label.setObjectName("input-problem")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("QLabel { color: #b00020; background: #fff4f4; border: 1px solid #b00020;"
                                         " padding: 2px; }")
        self.problem_label.setAccessibleName(self.tr("Input problem"))
        self.problem_label.hide()
        controller.problem.connect(self.show_problem)
        controller.error_changed.connect(self._hide_problem)  # a method: disconnected with the editor
        controller.catalog_changed.connect(self._on_catalog_changed)
        controller.scenario_changed.connect(self._on_scenario_changed)
        self._on_scenario_changed(controller.scenario)

    def control_for(self, path: str) -> QWidget | None:
        """The control of the scenario field at ``path`` (controls are named by their path)."""
        return self.widget().findChild(QWidget, path) if path else None

    def _hide_problem(self, message: str) -> None:
        if not message:  # the next valid change clears the callout
            self.problem_label.hide()

    def show_problem(self, path: str, message: str) -> None:
        """Show ``message`` just below the control of ``path``, scrolled into view."""
        control = self.control_for(path)
        self.reveal(control)
        if control is None or not control.isVisibleTo(self):
            return  # the message stays at the bottom of the panel and in the status bar
        body = self.widget()
        self.ensureWidgetVisible(control, 10, 60)
        label = self.problem_label
        label.setText(message)
        width = max(200, body.width() - 16)
        label.setFixedWidth(width)
        label.adjustSize()
        below = control.mapTo(body, control.rect().bottomLeft())
        label.move(8, below.y() + 2)
        label.show()
        label.raise_()

    # ---- groups ---------------------------------------------------------------------
    def _workload_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Workload"))
        form = NarrowForm(group)
        self.workload = self._combo(labels.workload_names(), "workload")
        self._row(form, "workload", self.workload)
        return group

    def _model_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Model"))
        form = NarrowForm(group)
        self.model_combo = QComboBox()
        self.model_combo.setToolTip(field_help("model"))
        preset = self.tr("{name} ({size:.1f} B)")  # the size as the Chinese window says it, '（8.0 B 参数）'
        items = [(preset.format(name=model_name(pid), size=m.total_params() / 1e9), pid)
                 for pid, m in load_presets().items()]
        fill_combo(self.model_combo, items)
        self.model_combo.currentIndexChanged.connect(self._on_model_chosen)
        self._row(form, "model", self.model_combo)
        self.import_button = QPushButton(self.tr("Import config.json…"))
        self.import_button.setToolTip(self.tr("Read the architecture from a local Hugging Face config.json"))
        self.import_button.clicked.connect(self._import_config)
        # not a scenario field: the range is what model_size.model_for_size accepts (1e6 to 1e13 parameters)
        self.params_spin = dspin(0.001, 10000, 3, self.tr(" B params"), self.tr(
            "About this many billion parameters: the preset within 10 % of that size, else a Llama-shaped model "
            "of it that tensor parallel 1, 2, 4 or 8 splits (as the wizard and the command line take a size)"), 1.0)
        self.params_spin.setKeyboardTracking(False)
        self.params_spin.valueChanged.connect(self._on_params_entered)
        self.params_spin.refused.connect(lambda text: self.controller.refuse("model:params", spin_refusal(  # was silent
            self.params_spin, text, self.tr("model size"))))
        self._add_row(form, self.tr("Or si&ze"), self.params_spin)
        form.addRow("", self.import_button)
        # the model's three controls, named like the bound ones (by the field they edit)
        name_control(self.model_combo, "model")
        self.params_spin.setObjectName("model:params")
        self.params_spin.setAccessibleName(self.tr("Model size in billions of parameters"))
        self.import_button.setObjectName("model:import")
        self.import_button.setAccessibleName(self.tr("Import the model from a config.json"))
        self.model_summary = QLabel()
        self.model_summary.setWordWrap(True)
        self.model_summary.setStyleSheet("color: palette(mid);")
        form.addRow(self.model_summary)
        self.precision = self._combo(labels.precision_names(), "precision")
        self._row(form, "precision", self.precision)
        return group

    def _hardware_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Cards"))
        form = NarrowForm(group)
        self.card_combo = QComboBox()
        self.card_combo.setEditable(True)
        self.card_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.card_combo.setToolTip(self.tr("Type to search by name, vendor or class"))
        self._fill_cards()
        completer = QCompleter(self.card_combo.model(), self.card_combo)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.card_combo.setCompleter(completer)
        self._bind_combo(self.card_combo, "card_id")
        self._row(form, "card_id", self.card_combo)
        self.count_spin = self._number("count")
        self.count_slider = QSlider(Qt.Orientation.Horizontal)
        self.count_slider.setToolTip(self.tr("Drag to change the card count (1 to 1024)"))
        self._binders.append(StepSliderBinder(self.count_slider, self.controller, "count", COUNT_SWEEP))
        self._row(form, "count", self.count_spin)
        form.addRow("", self.count_slider)
        self.per_node = self._number("parallelism.cards_per_node")
        self._row(form, "parallelism.cards_per_node", self.per_node)
        self.per_node_used = QLabel()  # what the answer uses where a server's processors carry fewer (_show_used)
        self.per_node_used.setObjectName("cards-per-node-used")
        self.per_node_used.setWordWrap(True)
        form.addRow("", self.per_node_used)
        self.cards_form = form
        self.tp = self._number("parallelism.tp")
        self.tp_row = self._auto_field(form, self.tp, "parallelism.tp")
        self.pp = self._number("parallelism.pp")
        self.pp_row = self._auto_field(form, self.pp, "parallelism.pp")
        self.vp = self._number("parallelism.virtual_stages")
        self.vp_row = self._auto_field(form, self.vp, "parallelism.virtual_stages")
        self.pipeline_schedule = self._combo(labels.pipeline_schedule_names(), "parallelism.pipeline_schedule")
        self._row(form, "parallelism.pipeline_schedule", self.pipeline_schedule)
        self.tp_comm_overlap = self._check(self.tr("Tensor-parallel traffic overlapped with &compute"),
                                           "parallelism.tp_comm_overlap")
        form.addRow(self.tp_comm_overlap)
        self.tp_comm_overlap_cfg = self._combo(labels.tp_comm_overlap_cfg_names(), "parallelism.tp_comm_overlap_cfg")
        tables = self.tp_comm_overlap_cfg
        for index in range(1, tables.count()):  # a tuned table's tooltip: the name its recipe's YAML gives it
            tables.setItemData(index, tables.itemData(index), Qt.ItemDataRole.ToolTipRole)
        self._row(form, "parallelism.tp_comm_overlap_cfg", self.tp_comm_overlap_cfg)
        self.cp = self._number("parallelism.cp")
        self.cp_row = self._auto_field(form, self.cp, "parallelism.cp")
        self.cp_comm_type = self._combo(labels.cp_comm_type_names(), "parallelism.cp_comm_type")
        self._row(form, "parallelism.cp_comm_type", self.cp_comm_type)
        self.ep = self._number("parallelism.ep")
        self.ep_row = self._auto_field(form, self.ep, "parallelism.ep")
        self.zero = self._combo(labels.zero_names(), "parallelism.zero")
        self.zero_row = self._auto_field(form, self.zero, "parallelism.zero")
        self.cards_form = form
        self.layout_rows = {"parallelism.tp": self.tp_row, "parallelism.pp": self.pp_row,
                            "parallelism.virtual_stages": self.vp_row,
                            "parallelism.pipeline_schedule": self.pipeline_schedule,
                            "parallelism.tp_comm_overlap": self.tp_comm_overlap,
                            "parallelism.tp_comm_overlap_cfg": self.tp_comm_overlap_cfg,
                            "parallelism.cp": self.cp_row, "parallelism.cp_comm_type": self.cp_comm_type,
                            "parallelism.ep": self.ep_row,
                            "parallelism.zero": self.zero_row}
        """The layout rows, shown only for the work that reads them (:mod:`configurator.core.view.fields_read`)."""
        return group

    def _training_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Training"))
        form = NarrowForm(group)
        self.recipe = self._combo(labels.recipe_names(), "training.recipe")
        self._row(form, "training.recipe", self.recipe)
        self.optimizer = self._combo(labels.optimizer_names(), "training.optimizer")
        self._row(form, "training.optimizer", self.optimizer)
        self.loss = self._combo(labels.loss_names(), "training.loss")
        self._row(form, "training.loss", self.loss)
        self.activation_kernels = self._combo(labels.activation_kernels_names(), "training.activation_kernels")
        self._row(form, "training.activation_kernels", self.activation_kernels)
        self.attention_kernel = self._combo(labels.attention_kernel_names(), "training.attention_kernel")
        self._row(form, "training.attention_kernel", self.attention_kernel)
        self.recompute = self._combo(labels.recompute_names(), "training.recompute")
        self._auto_field(form, self.recompute, "training.recompute")
        self.recompute_layers = self._number("training.recompute_layers")
        self._row(form, "training.recompute_layers", self.recompute_layers)
        self.selective_policy = self._combo(labels.selective_policy_names(), "training.selective_policy")
        self._row(form, "training.selective_policy", self.selective_policy)
        offload = QWidget()
        offload_box = QVBoxLayout(offload)
        offload_box.setContentsMargins(0, 0, 0, 0)
        offload_box.setSpacing(2)
        self.offload_checks: dict[str, QCheckBox] = {}
        for name, text in labels.offload_names().items():
            path = f"training.{name}"
            check = self._check(text[:1].upper() + text[1:], path)
            offload_box.addWidget(check)
            self.offload_checks[path] = check
        self._add_row(form, self.tr("&CPU offload"), offload)
        self.expert_overlap = self._check(self.tr("E&xpert all-to-all overlapped with compute"),
                                          "training.expert_overlap")
        form.addRow(self.expert_overlap)
        self.moe_dispatcher = self._combo(labels.moe_dispatcher_names(), "training.moe_dispatcher")
        self._row(form, "training.moe_dispatcher", self.moe_dispatcher)
        self.grad_reduce = self._combo(labels.grad_reduce_names(), "training.grad_reduce")
        self._row(form, "training.grad_reduce", self.grad_reduce)
        self.train_cuda_graphs = self._check(self.tr("Layers replayed from C&UDA graphs"), "training.cuda_graphs")
        form.addRow(self.train_cuda_graphs)
        self.optimizer_in_backward = self._check(self.tr("Optimizer step in back&ward (each gradient freed at once)"),
                                                 "training.optimizer_in_backward")
        form.addRow(self.optimizer_in_backward)
        self.micro_batch = self._number("training.micro_batch")
        self._auto_field(form, self.micro_batch, "training.micro_batch")
        self.seq_len = self._number("training.seq_len")
        self._row(form, "training.seq_len", self.seq_len)
        self.grad_accum = self._number("training.grad_accum")
        self._auto_field(form, self.grad_accum, "training.grad_accum")
        self.global_batch = self._number("training.global_batch_tokens")
        self._binders[-1].auto_none = True  # None: the planner's batch, shown while Auto
        self._binders[-1]._show(self.controller.scenario)
        self._auto_field(form, self.global_batch, "training.global_batch_tokens")
        self.lora_rank = self._number("training.lora_rank")
        self._row(form, "training.lora_rank", self.lora_rank)
        self.lora_targets = self._combo(labels.lora_targets_names(), "training.lora_targets")
        self._row(form, "training.lora_targets", self.lora_targets)
        self.tokens = self._number("training.tokens")
        self._row(form, "training.tokens", self.tokens)
        self.examples = self._number("training.examples", ExamplesBinder)  # sets the budget: examples × tokens each
        self._row(form, "training.examples", self.examples)
        self.tokens_per_example = self._number("training.tokens_per_example", ExamplesBinder)
        self._row(form, "training.tokens_per_example", self.tokens_per_example)
        self.packed = self._check(self.tr("Pac&ked examples, attention within each"), "training.packed")
        form.addRow(self.packed)
        return group

    def _prices_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Prices"))
        form = NarrowForm(group)
        self.currency = currency_combo(self.controller, self._binders)  # a change converts the money
        self._row(form, "economics.currency", self.currency)
        self.usd_rate = self._number("economics.usd_to_currency")
        self._row(form, "economics.usd_to_currency", self.usd_rate)
        self.card_price = self._number("economics.card_price")
        self._row(form, "economics.card_price", self.card_price)
        self.cloud_price = self._number("economics.cloud_price_per_hour")
        self._row(form, "economics.cloud_price_per_hour", self.cloud_price)
        self.electricity = self._number("economics.electricity_per_kwh")
        self._row(form, "economics.electricity_per_kwh", self.electricity)
        self.pue = self._number("economics.pue")
        self._row(form, "economics.pue", self.pue)
        self.accept_used = self._check(self.tr("Accept used cards"),
                                       "economics.accept_used")
        form.addRow("", self.accept_used)
        return group

    def _assumptions_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Assumptions"))
        group.setToolTip(self.tr("Editable defaults; every result lists all of them"))
        form = NarrowForm(group)
        self.matmul = self._number("assumptions.matmul_efficiency")
        self._row(form, "assumptions.matmul_efficiency", self.matmul)
        self.decode_bw = self._number("assumptions.decode_bandwidth_efficiency")
        self._row(form, "assumptions.decode_bandwidth_efficiency", self.decode_bw)
        self.prompt_eff = self._number("assumptions.prompt_efficiency")  # sets the time to first token
        self._row(form, "assumptions.prompt_efficiency", self.prompt_eff)
        self.step_eff = self._number("assumptions.prefill_efficiency")  # sets a serving step's products: throughput
        self._row(form, "assumptions.prefill_efficiency", self.step_eff)
        self.network = self._number("assumptions.network_gbps_per_card")
        self._row(form, "assumptions.network_gbps_per_card", self.network)
        self.encoder_fps = self._number("assumptions.encoder_fps_1080p")
        self._row(form, "assumptions.encoder_fps_1080p", self.encoder_fps)
        self.decoder_fps = self._number("assumptions.decoder_fps_1080p")
        self._row(form, "assumptions.decoder_fps_1080p", self.decoder_fps)
        self.max_vgpus = self._number("assumptions.max_vgpus_per_gpu")
        self._row(form, "assumptions.max_vgpus_per_gpu", self.max_vgpus)
        self.sessions = self._number("assumptions.consumer_encode_sessions")
        self._row(form, "assumptions.consumer_encode_sessions", self.sessions)
        self.desktop_host: dict[str, QWidget] = {}
        """The desktop's vCPUs and memory and the CPU overcommit, which size a VDI host, by field path."""
        for path in VDI_HOST_FIELDS:
            self.desktop_host[path] = self._number(path)
            self._row(form, path, self.desktop_host[path])
        self.assumptions_form = form
        self.ai_assumptions = (self.matmul, self.decode_bw, self.prompt_eff, self.step_eff, self.network)
        self.graphics_assumptions = (self.encoder_fps, self.decoder_fps, self.max_vgpus, self.sessions)
        return group

    # ---- model choices --------------------------------------------------------------
    def _fill_cards(self) -> None:
        names = labels.class_names()
        items = [(f"{card_name(c.name, current_language())} · {names[c.category]} · {c.memory_gb:g} GB", c.id)
                 for c in self.controller.catalog.cards]
        fill_combo(self.card_combo, items)

    def _on_catalog_changed(self, _catalog) -> None:
        self._fill_cards()
        self._fill_references()
        self._show_reference(self.controller.scenario)
        self.card_combo.blockSignals(True)
        self.card_combo.setCurrentIndex(self.card_combo.findData(self.controller.scenario.card_id))
        self.card_combo.blockSignals(False)

    def _on_model_chosen(self, index: int) -> None:
        preset_id = self.model_combo.itemData(index)
        if preset_id in load_presets():
            self._apply_model(load_presets()[preset_id])

    def _on_params_entered(self, billions: float) -> None:
        try:
            model = model_for_size(billions * 1e9).model  # the wizard's and the CLI's model for a size
        except ArchitectureError as error:
            self.error_label.setText(str(error))
            return
        self._apply_model(model)

    def _apply_model(self, model) -> bool:
        """Use ``model``; a dense one also resets expert parallelism to 1 (it has no experts to split)."""
        changes = {"model": model.model_dump()}
        if not model.is_moe:
            changes["parallelism.ep"] = 1
        return self.controller.apply_many(changes, label="model")

    def _import_config(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import Hugging Face config.json"), "",
                                              self.tr("Model config (config.json *.json)"))
        if path:
            self.import_config(Path(path))

    def import_config(self, path: Path) -> bool:
        """Use the architecture in a local config.json; shows the problem if it is unreadable."""
        try:
            model = load_hf_config(path)
        except ArchitectureError as error:
            from configurator.app.i18n import current_language
            from configurator.app.labels import non_decoder_text
            from configurator.core.messages_said import said_in

            # next to the button and in the status bar, not only at the foot of the panel; in the window's language
            self.controller.refuse("model:import", non_decoder_text(path) or said_in(error, current_language()))
            return False
        return self._apply_model(model)

    def _on_scenario_changed(self, scenario: Scenario) -> None:
        model = scenario.model
        preset_id = next((pid for pid, m in load_presets().items() if m == model), None)
        self.model_combo.blockSignals(True)
        custom = self.model_combo.findData(CUSTOM_MODEL)
        if preset_id is None:
            label = self.tr("{name} (custom, {size:.1f} B)").format(name=model_name(model.name), size=model.total_params() / 1e9)
            if custom < 0:
                self.model_combo.addItem(label, CUSTOM_MODEL)
            else:
                self.model_combo.setItemText(custom, label)
            self.model_combo.setCurrentIndex(self.model_combo.findData(CUSTOM_MODEL))
        else:
            self.model_combo.setCurrentIndex(self.model_combo.findData(preset_id))
        self.model_combo.blockSignals(False)
        self.params_spin.blockSignals(True)
        self.params_spin.setValue(model.total_params() / 1e9)
        self.params_spin.blockSignals(False)
        self.model_summary.setText(model_summary(model))
        self.card_combo.lineEdit().setCursorPosition(0)
        self._name_currency({"economics.card_price": self.card_price, "economics.cloud_price_per_hour": self.cloud_price,
                             "economics.electricity_per_kwh": self.electricity}, scenario.economics.currency)
        self._name_measure(self.per_node, scenario)  # '8 颗/服务器' for the 910C server, '8 张/服务器' otherwise
        workload = scenario.workload
        graphics = workload.is_graphics
        self.model_group.setVisible(not graphics)
        for widget in (self.tp_row, self.pp_row, self.vp_row, self.zero_row):
            widget.setEnabled(not graphics)
        serving_reason = self.tr("Used in training only: serving splits a model by tensor and pipeline stages")
        self._enable_row(self.cp_row, workload.is_training, serving_reason)
        self._enable_row(self.cp_comm_type, workload.is_training, serving_reason)
        self.tp_comm_overlap.setEnabled(workload.is_training)
        self.tp_comm_overlap.setToolTip(field_help("parallelism.tp_comm_overlap") if workload.is_training
                                        else serving_reason)
        overlap_on = workload.is_training and scenario.parallelism.tp_comm_overlap
        self.tp_comm_overlap_cfg.setEnabled(overlap_on)
        self.tp_comm_overlap_cfg.setToolTip(field_help("parallelism.tp_comm_overlap_cfg") if overlap_on else (
            self.tr("Counts only with tensor-parallel traffic overlapped with compute") if workload.is_training
            else serving_reason))
        # experts are split in training and in serving (a copy's experts spread over its cards)
        dense = self.tr("Expert parallelism needs a mixture-of-experts model; {0} is dense").format(model_name(model.name))
        self._enable_row(self.ep_row, model.is_moe, dense)
        self.expert_overlap.setEnabled(model.is_moe)
        self.expert_overlap.setToolTip(field_help("training.expert_overlap") if model.is_moe else dense)
        self._enable_row(self.moe_dispatcher, model.is_moe, dense)
        par, auto = scenario.parallelism, scenario.auto_layout  # the planner may choose ZeRO 2/3 beside stages
        staged = (par.pp > 1 or "pp" in auto) and (par.zero >= 2 or "zero" in auto)
        self._enable_row(self.grad_reduce, staged, self.tr(
            "Counts only with ZeRO 2 or 3 beside pipeline stages"))
        for path, row in self.layout_rows.items():  # a field the work does not read is not shown
            shown = reads(workload, path)
            if self.cards_form.isRowVisible(row) != shown:  # only where it changes: each call lays the form out
                self.cards_form.setRowVisible(row, shown)
        self.training_group.setVisible(workload.is_training)
        self.serving_group.setVisible(workload is Workload.INFERENCE)
        self.desktops_group.setVisible(workload is Workload.VDI)
        self.video_group.setVisible(workload is Workload.TRANSCODE)
        self.render_group.setVisible(workload is Workload.RENDER)
        self._place_shared_rows()
        adapters_only = self.tr("Used only in LoRA and QLoRA fine-tuning (the Task above)")  # greyed said why
        for widget in (self.lora_rank, self.lora_targets):
            self._enable_row(widget, workload.is_adapter, adapters_only)
        self._enable_row(self.optimizer_in_backward, reads(workload, "training.optimizer_in_backward"), self.tr(
            "Used only when the whole model is trained: LoRA and QLoRA step only their adapters"))
        examples_only = self.tr("Used only in fine-tuning: pre-training concatenates documents into each sequence, "
                                "attention across all of it")
        examples_rows = {"training.examples": self.examples, "training.tokens_per_example": self.tokens_per_example,
                         "training.packed": self.packed}
        for path, widget in examples_rows.items():
            self._enable_row(widget, reads(workload, path), examples_only)
        for widget in self.ai_assumptions:
            self.assumptions_form.setRowVisible(widget, not graphics)
        for widget in self.graphics_assumptions:
            self.assumptions_form.setRowVisible(widget, graphics)
        for path, widget in self.desktop_host.items():
            self.assumptions_form.setRowVisible(widget, reads(workload, path))
        self._show_desks(scenario)  # the desks' workstations, a deskside workstation: no vGPU, no server, no PUE
        self._show_used(scenario)  # the cards a server holds in the answer, where fewer than the box says
        self._show_profile_used(scenario)  # the vGPU profile the answer uses, where larger than the box says
        self._show_reference(scenario)
