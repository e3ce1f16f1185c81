"""The editor's serving group: the load, the engine and how it runs, and the latency targets.

Every control is named by its scenario field path and built from the field registry
(``core/fields.py``): range (the model's bounds), unit on screen, step, tooltip and name.
"""

from __future__ import annotations

from collections.abc import Generator

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from configurator.app import labels
from configurator.app.engine_profile_dialog import EngineProfileDialog
from configurator.app.field_help import field_help
from configurator.app.narrow_form import NarrowForm
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.engine_formats import serves, serves_kv
from configurator.core.engines import PROFILES, Engine, EngineProfile
from configurator.core.formats import FORMATS, WeightFormat
from configurator.core.load import MLPERF_SERVER_LIMITS
from configurator.core.published_format import published_default
from configurator.core.scenario import Scenario
from configurator.core.units import Precision
from configurator.core.view.constraints_view import latency_targets_phrase
from configurator.core.view.rows import write
from configurator.core.view.words import words

MLPERF_PERCENTILE = 99
"""MLPerf Inference's server-scenario limits hold for the 99th percentile (``core.load``)."""

KV_PRECISIONS = ("bf16", "fp16", "fp8", "int8", "int4", "fp32")
"""KV-cache precisions offered (``core.formats.KV_BYTES`` sizes each)."""


def format_label(fmt_id: str) -> str:
    """A weight format with its stored bits: ``GGUF Q4_K_M — 4.84 bit/weight``."""
    name = labels.weight_format_names()[fmt_id]
    if WeightFormat(fmt_id) is WeightFormat.EXL2:
        return _tc("ServingEditor", "{name} — bits per weight set below").format(name=name)
    bits = FORMATS[WeightFormat(fmt_id)].bits_per_weight
    return _tc("ServingEditor", "{name} — {bits} bit/weight").format(name=name, bits=f"{bits:.3g}")


def mlperf_label(key: str) -> str:
    """``Llama 2 70B server: TTFT 2 s, TPOT 200 ms (p99)`` from the core's limits."""
    limits = MLPERF_SERVER_LIMITS[key]
    return _tc("ServingEditor", "{name}: TTFT {ttft}, TPOT {tpot} (p{p})").format(
        name=labels.mlperf_names().get(key, key), ttft=_limit(limits.ttft_ms), tpot=_limit(limits.tpot_ms),
        p=MLPERF_PERCENTILE)


def _limit(ms: float) -> str:
    """A limit as the rules write it: ``2 s``, ``450 ms``."""
    if ms >= 1000:
        return _tc("format", "{0} s").format(f"{ms / 1000:g}")
    return _tc("format", "{0} ms").format(f"{ms:g}")


class ServingEditorMixin:
    """Builds the serving group of :class:`configurator.app.editor.ScenarioEditor` (with the
    builders of :class:`configurator.app.editor_controls.BoundControls`)."""

    def _serving_group(self) -> Generator[bool, None, QGroupBox]:
        """The serving group, built in three steps (``yield``: the rest in a later pass of the event
        loop; the group is the generator's value): its form, its latency targets, its engine settings.
        Built in one step, it was the longest pass of a language switch (60-80 ms of the GUI thread,
        session 22)."""
        group = QGroupBox(_tc("ServingEditor", "Serving"))
        outer = QVBoxLayout(group)
        form = NarrowForm()
        outer.addLayout(form)
        self.context = self._number("serving.context")
        self._row(form, "serving.context", self.context)
        self.concurrency = self._number("serving.concurrency")
        self._row(form, "serving.concurrency", self.concurrency)
        self.prompt = self._number("serving.prompt_tokens")
        self._row(form, "serving.prompt_tokens", self.prompt)
        self.output = self._number("serving.output_tokens")
        self._row(form, "serving.output_tokens", self.output)
        self.engine = self._combo(labels.engine_names(), "serving.engine")
        for index in range(self.engine.count()):  # each profile says where its numbers come from
            source = PROFILES[Engine(self.engine.itemData(index))].source
            self.engine.setItemData(index, _tc("ServingEditor", "Source: {0}").format(source),
                                    Qt.ItemDataRole.ToolTipRole)
        self.profile_button = QPushButton(_tc("ServingEditor", "Profile…"))
        self.profile_button.setObjectName("serving.engine_profile")
        self.profile_button.setAccessibleName(_tc("ServingEditor", "Edit the engine profile"))
        self.profile_button.setToolTip(field_help("serving.engine_profile"))
        self.profile_button.clicked.connect(self.edit_engine_profile)
        engine_row = QWidget()
        row = QHBoxLayout(engine_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.engine, 1)
        self.engine.setMinimumWidth(64)  # the button beside it must not widen the editor
        row.addWidget(self.profile_button)
        engine_row.setFocusProxy(self.engine)
        self._row(form, "serving.engine", engine_row)
        formats = {None: _tc("ServingEditor", "Usual for the precision"),
                   **{f.value: format_label(f.value) for f in WeightFormat}}
        self.weight_format = self._combo(formats, "serving.weight_format")
        self._row(form, "serving.weight_format", self.weight_format)
        self.weight_bpw = self._number("serving.weight_bpw")
        self._row(form, "serving.weight_bpw", self.weight_bpw)
        kv_names = {None: _tc("ServingEditor", "Engine's default"),
                    **{k: v for k, v in labels.precision_names().items() if k in KV_PRECISIONS}}
        self.kv_precision = self._combo(kv_names, "serving.kv_precision")
        self._row(form, "serving.kv_precision", self.kv_precision)
        yield True
        outer.addWidget(self._latency_targets())
        yield True
        self.engine_settings_button, self.engine_settings = self._collapsible(
            _tc("ServingEditor", "Engine settings"), self._engine_settings(), "serving:engine-settings")
        outer.addWidget(self.engine_settings_button)
        outer.addWidget(self.engine_settings)
        self.controller.scenario_changed.connect(self._on_serving_changed)
        self._on_serving_changed(self.controller.scenario)
        return group

    def _latency_targets(self) -> QWidget:
        box = QGroupBox(_tc("ServingEditor", "Latency targets"))
        box.setFlat(True)  # a titled line, no side frame: a second frame inside Serving took 24 px of 272
        # a plain form: its boxes fit beside its labels, and held labels (NarrowForm) left its word-wrapped
        # note laid out a line short when the engine settings opened
        form = QFormLayout(box)
        margins = form.contentsMargins()
        form.setContentsMargins(0, margins.top(), 0, margins.bottom())
        self.use = self._combo(labels.serving_use_names(), "serving.use")  # what the service is for: its targets
        self._row(form, "serving.use", self.use)
        self.ttft_target = self._number("constraints.ttft_ms")
        self._row(form, "constraints.ttft_ms", self.ttft_target)
        self.tpot_target = self._number("constraints.tpot_ms")
        self._row(form, "constraints.tpot_ms", self.tpot_target)
        self.request_rate = self._number("constraints.requests_per_s")
        self._row(form, "constraints.requests_per_s", self.request_rate)
        self.latency_percentile = self._combo(labels.percentile_names(), "constraints.latency_percentile")
        self._row(form, "constraints.latency_percentile", self.latency_percentile)
        self.mlperf_button = QPushButton()  # a push button leaves room for its menu's arrow
        self.mlperf_button.setText(_tc("ServingEditor", "MLPerf server limits"))
        self.mlperf_button.setObjectName("constraints:mlperf")
        self.mlperf_button.setAccessibleName(_tc("ServingEditor",
                                                 "Fill the latency targets from MLPerf's server-scenario limits"))
        self.mlperf_button.setToolTip(_tc(
            "ServingEditor", "MLPerf Inference's server scenario: the 99th-percentile TTFT and TPOT limits of each LLM "
            "benchmark (MLCommons inference_policies, inference_rules.adoc, LLM latency constraints)"))
        menu = QMenu(self.mlperf_button)
        for key in MLPERF_SERVER_LIMITS:
            action = QAction(mlperf_label(key), menu)
            action.setData(key)
            action.triggered.connect(lambda _checked=False, k=key: self.use_mlperf_limits(k))
            menu.addAction(action)
        self.mlperf_button.setMenu(menu)
        form.addRow("", self.mlperf_button)
        self.targets_note = QLabel()
        self.targets_note.setObjectName("serving:targets-held")
        self.targets_note.setWordWrap(True)
        self.targets_note.setStyleSheet("color: palette(mid);")
        form.addRow(self.targets_note)
        return box

    def edit_engine_profile(self) -> EngineProfileDialog:
        """Open the dialog that edits the engine profile in use (returned, for tests)."""
        dialog = EngineProfileDialog(self.controller, self)
        dialog.setModal(True)
        dialog.show()
        return dialog

    def use_mlperf_limits(self, key: str) -> bool:
        """Set the TTFT and TPOT targets to an MLPerf benchmark's server limits, at p99 (one undo step)."""
        limits = MLPERF_SERVER_LIMITS[key]
        return self.controller.apply_many(
            {"constraints.ttft_ms": limits.ttft_ms, "constraints.tpot_ms": limits.tpot_ms,
             "constraints.latency_percentile": MLPERF_PERCENTILE},
            text=lambda: _tc("ServingEditor", "Use the {0} latency limits").format(labels.mlperf_names().get(key, key)),
            merge=False)

    def _engine_settings(self) -> QWidget:
        body = QWidget()
        form = NarrowForm(body)
        form.setContentsMargins(0, 0, 0, 0)
        self.cuda_graphs = self._combo(labels.cuda_graph_names(), "serving.cuda_graphs")
        self._row(form, "serving.cuda_graphs", self.cuda_graphs)
        self.batching = self._combo(labels.batching_names(), "serving.batching")
        self._row(form, "serving.batching", self.batching)
        self.max_batch = self._number("serving.max_batch")
        planner = _tc("ServingEditor", "Auto: chosen by the planner — the most requests carried within the latency "
                                       "targets. Uncheck, or edit the value, to pin it.")
        self._auto_field(form, self.max_batch, "serving.max_batch", planner)
        self.prefill_chunk = self._number("serving.max_batched_tokens")
        self._auto_field(form, self.prefill_chunk, "serving.max_batched_tokens", planner)
        self.disaggregated = self._check(_tc("ServingEditor", "Separate pools"), "serving.disaggregated")
        self._auto_field(form, self.disaggregated, "serving.disaggregated", planner)
        self.prefill_cards = self._number("serving.prefill_cards")
        self._row(form, "serving.prefill_cards", self.prefill_cards)
        self.memory_fraction = self._number("serving.engine_memory_fraction")
        self._row(form, "serving.engine_memory_fraction", self.memory_fraction)
        self.prefix_hit = self._number("serving.prefix_hit_rate")
        self._row(form, "serving.prefix_hit_rate", self.prefix_hit)
        self.draft_tokens = self._number("serving.speculative_tokens")
        self._row(form, "serving.speculative_tokens", self.draft_tokens)
        self.acceptance = self._number("serving.speculative_acceptance")
        self._row(form, "serving.speculative_acceptance", self.acceptance)
        self.draft_cost = self._number("serving.speculative_draft_cost")
        self._row(form, "serving.speculative_draft_cost", self.draft_cost)
        return body

    def _collapsible(self, title: str, body: QWidget, name: str) -> tuple[QToolButton, QWidget]:
        """A header button that shows or hides ``body`` (closed at first: the panel fits at 1280×800)."""
        button = QToolButton()
        button.setObjectName(name)
        button.setText(title)
        button.setAccessibleName(title)
        button.setCheckable(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setArrowType(Qt.ArrowType.RightArrow)
        button.setStyleSheet("QToolButton { border: none; font-weight: bold; }")
        body.setVisible(False)

        def toggled(shown: bool) -> None:
            button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
            body.setVisible(shown)

        button.toggled.connect(toggled)
        return button, body

    def reveal(self, control: QWidget | None) -> None:
        """Open the engine settings when ``control`` is in them (a refusal is shown beside it)."""
        if control is not None and self.engine_settings.isAncestorOf(control):
            self.engine_settings_button.setChecked(True)

    def _mark_served_formats(self, engine: Engine, profile: EngineProfile) -> None:
        """Grey the weight formats and KV-cache precisions ``engine`` does not load, and say so in their tooltips (the
        estimate warns when one is chosen anyway)."""
        name = labels.engine_names().get(engine.value, engine.value)
        palette = self.weight_format.palette()
        for index in range(1, self.weight_format.count()):
            fmt = WeightFormat(self.weight_format.itemData(index))
            spec = FORMATS[fmt]
            served = serves(profile, fmt)
            tip = spec.source if served else _tc("ServingEditor", "{engine} does not load this format.").format(
                engine=name) + "\n" + spec.source
            self.weight_format.setItemData(index, tip, Qt.ItemDataRole.ToolTipRole)
            colour = palette.color(palette.ColorGroup.Active if served else palette.ColorGroup.Disabled,
                                   palette.ColorRole.Text)
            self.weight_format.setItemData(index, colour, Qt.ItemDataRole.ForegroundRole)
        for index in range(1, self.kv_precision.count()):  # the KV-cache types it has (llama.cpp: no FP8)
            served = serves_kv(profile, Precision(self.kv_precision.itemData(index)))
            refused = _tc("ServingEditor", "{engine} does not load this format.").format(engine=name)
            self.kv_precision.setItemData(index, None if served else refused, Qt.ItemDataRole.ToolTipRole)
            self.kv_precision.setItemData(index, palette.color(palette.ColorGroup.Active if served else
                                                               palette.ColorGroup.Disabled, palette.ColorRole.Text),
                                          Qt.ItemDataRole.ForegroundRole)

    def _on_serving_changed(self, scenario: Scenario) -> None:
        serving = scenario.serving
        profile = serving.profile
        self.engine.setToolTip(field_help("serving.engine") + "\n\n"
                               + _tc("ServingEditor", "Source: {0}").format(profile.source))
        off = _tc("ServingEditor", "Used with speculative decoding: set the draft tokens above 0 first")
        for box in (self.acceptance, self.draft_cost):
            self._enable_row(box, serving.speculative_tokens > 0, off)
        self._mark_served_formats(serving.engine, profile)
        self._show_format_default(scenario)
        own = serving.engine_profile is not None
        self.profile_button.setText(_tc("ServingEditor", "Yours…") if own else _tc("ServingEditor", "Profile…"))
        pools = serving.disaggregated or "disaggregated" in scenario.auto_layout
        self._enable_row(self.prefill_cards, pools, _tc(
            "ServingEditor", "Used with separate prefill and decode pools (or Auto, which may choose them)"))
        default_graphs = labels.cuda_graph_names()[profile.cuda_graphs]
        self.cuda_graphs.setItemText(0, _tc("ServingEditor", "Engine's default: {0}").format(default_graphs))
        self._show_use_defaults(scenario)

    def _show_format_default(self, scenario: Scenario) -> None:
        """The weight format left unnamed: the precision's usual one, or the model's published checkpoint's
        where it serves from that (DeepSeek-V3's FP8, :func:`~configurator.core.published_format.published_default`)."""
        published = published_default(scenario)
        if published is None:
            self.weight_format.setItemText(0, _tc("ServingEditor", "Usual for the precision"))
            self.weight_format.setItemData(0, None, Qt.ItemDataRole.ToolTipRole)
            return
        self.weight_format.setItemText(0, _tc("ServingEditor", "As published: {0} (the model's checkpoint)").format(
            format_label(published.weight_format.value)))
        self.weight_format.setItemData(0, _tc("ServingEditor", "The model's makers publish its weights in this "
                                              "format; cards without its math serve them upcast to 16-bit.")
                                       + "\n" + published.source, Qt.ItemDataRole.ToolTipRole)

    def _show_use_defaults(self, scenario: Scenario) -> None:
        """The latency targets held — typed, or the serving use's defaults, named (issue 24, part 2):
        a target box left at its lowest stands for the use's default."""
        language = current_language()
        self.targets_note.setText(words(language)("Latency targets: {targets}",
                                                  targets=write(latency_targets_phrase(scenario), language)))
