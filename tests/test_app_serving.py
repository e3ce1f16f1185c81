"""The editor's serving settings and the serving key numbers, with real widgets (issue 16)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QMessageBox

from configurator.app.binders import field_value
from configurator.app.controller import field_name
from configurator.app.editor_serving import MLPERF_PERCENTILE
from configurator.app.field_help import field_description, field_range
from configurator.app.main_window import MainWindow
from configurator.core.architecture import preset
from configurator.core.engines import PROFILES, Engine
from configurator.core.formats import FORMATS, WeightFormat
from configurator.core.load import MLPERF_SERVER_LIMITS

ANALYSIS_WAIT_MS = 30_000
"""The analysis runs on a worker thread: on a loaded 2-core machine a big one takes seconds."""

SERVING = {"workload": "inference", "card_id": "h100-sxm", "count": 1, "parallelism.zero": 0,
           "serving.concurrency": 16, "serving.context": 4096, "precision": "bf16"}


@pytest.fixture
def window(qtbot, controller, tmp_path, monkeypatch):
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)  # on close
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    controller.apply_many(SERVING)
    controller.recompute()
    w.editor.engine_settings_button.setChecked(True)  # the advanced settings, open
    return w


def analysed(qtbot, controller, action):
    with qtbot.waitSignal(controller.analysis_changed, timeout=ANALYSIS_WAIT_MS) as blocker:
        action()
    return blocker.args[0]


def set_control(box, shown) -> None:
    """Choose the item whose data is ``shown`` (a combo) or type-free set the number shown."""
    if isinstance(box, QCheckBox):
        box.setChecked(shown)
    elif isinstance(box, QComboBox):
        index = box.findData(shown)
        assert index >= 0, f"{box.objectName()} has no item {shown!r}"
        box.setCurrentIndex(index)
    else:
        box.setValue(shown)


# (path, what the control is set to, the field's value then)
CONTROLS = [
    ("serving.engine", "sglang", Engine.SGLANG.value),
    ("serving.cuda_graphs", False, False),
    ("serving.weight_format", "q4_k_m", WeightFormat.Q4_K_M.value),
    ("serving.weight_bpw", 2.5, 2.5),
    ("serving.kv_precision", "fp8", "fp8"),
    ("serving.batching", "static", "static"),
    ("serving.prefix_hit_rate", 50, 0.5),
    ("serving.speculative_tokens", 3, 3),
    ("serving.speculative_acceptance", 70, 0.7),
    ("serving.speculative_draft_cost", 10, 0.1),
    ("serving.max_batch", 32, 32),
    ("serving.max_batched_tokens", 2048, 2048),
    ("serving.engine_memory_fraction", 80, 0.8),
    ("serving.disaggregated", True, True),
    ("serving.prefill_cards", 4, 4),
    ("constraints.ttft_ms", 500, 500),
    ("constraints.tpot_ms", 50, 50),
    ("constraints.requests_per_s", 2, 2),
    ("constraints.latency_percentile", 90, 90),
]


@pytest.mark.parametrize(("path", "shown", "value"), CONTROLS, ids=[c[0] for c in CONTROLS])
def test_each_serving_control_changes_its_field_and_undo_restores_it(window, path, shown, value):
    editor, controller = window.editor, window.controller
    box = editor.control_for(path)
    assert box is not None, path
    assert box.accessibleName() and box.toolTip()
    before = field_value(controller.scenario, path)
    set_control(box, shown)
    assert field_value(controller.scenario, path) == pytest.approx(value)
    assert controller.undo_stack.undoText() == f"Change {field_name(path)}" and "_" not in field_name(path)
    window.undo_action.trigger()
    assert field_value(controller.scenario, path) == before
    window.redo_action.trigger()
    assert field_value(controller.scenario, path) == pytest.approx(value)


OWN_TIPS = ("serving.kv_precision", "serving.max_batched_tokens")
"""Fields whose declared description is a note for programmers; the editor explains them itself."""


@pytest.mark.parametrize("path", [p for p, *_ in CONTROLS])
def test_tooltips_and_ranges_come_from_the_field(window, path):
    window.controller.apply("serving.speculative_tokens", 2)  # the draft settings on: their own tooltips
    box = window.editor.control_for(path)
    description = field_description(path)
    assert description[:20].lower() in box.toolTip().lower() or path in OWN_TIPS
    if hasattr(box, "maximum") and not isinstance(box, QCheckBox):
        bounds = field_range(path)
        scale = 0.01 if box.suffix().strip().startswith("%") else 1.0
        assert box.maximum() == pytest.approx(bounds.high / scale)
        assert "Accepted range" in box.toolTip()
        unit = box.suffix().strip()
        assert not unit or path in OWN_TIPS or f"[{unit}]" in box.toolTip()  # the unit the box shows


def test_none_is_a_choice_where_the_field_allows_it(window):
    editor, controller = window.editor, window.controller
    editor.weight_bpw.setValue(3.0)
    assert controller.scenario.serving.weight_bpw == 3.0
    editor.weight_bpw.setValue(editor.weight_bpw.minimum())
    assert controller.scenario.serving.weight_bpw is None and editor.weight_bpw.text() == "format's own"
    editor.ttft_target.setValue(800)
    editor.ttft_target.setValue(editor.ttft_target.minimum())
    assert controller.scenario.constraints.ttft_ms is None
    assert editor.weight_format.itemData(0) == "" and editor.cuda_graphs.itemData(0) == ""


def test_combos_show_bits_per_weight_and_sources(window):
    editor = window.editor
    q4 = editor.weight_format.findData("q4_k_m")
    bits = FORMATS[WeightFormat.Q4_K_M].bits_per_weight
    assert editor.weight_format.itemText(q4) == f"GGUF Q4_K_M — {bits:.3g} bit/weight"
    assert FORMATS[WeightFormat.Q4_K_M].source in editor.weight_format.itemData(q4, Qt.ItemDataRole.ToolTipRole)
    vllm = editor.engine.findData("vllm")
    assert PROFILES[Engine.VLLM].source in editor.engine.itemData(vllm, Qt.ItemDataRole.ToolTipRole)
    window.controller.apply("serving.engine", "llama.cpp")
    assert PROFILES[Engine.LLAMA_CPP].source in editor.engine.toolTip()
    awq = editor.weight_format.findData("awq-int4")  # llama.cpp loads float and GGUF weights only
    assert "llama.cpp does not load this format" in editor.weight_format.itemData(awq, Qt.ItemDataRole.ToolTipRole)
    assert "does not load" not in editor.weight_format.itemData(q4, Qt.ItemDataRole.ToolTipRole)
    fp8 = editor.weight_format.findData("fp8")  # a "float" format, but ggml has no FP8 type
    assert "llama.cpp does not load this format" in editor.weight_format.itemData(fp8, Qt.ItemDataRole.ToolTipRole)
    bf16 = editor.weight_format.findData("bf16")
    assert "does not load" not in editor.weight_format.itemData(bf16, Qt.ItemDataRole.ToolTipRole)
    kv_fp8, kv_int8 = editor.kv_precision.findData("fp8"), editor.kv_precision.findData("int8")  # q8_0, no FP8
    assert "llama.cpp does not load" in editor.kv_precision.itemData(kv_fp8, Qt.ItemDataRole.ToolTipRole)
    assert not editor.kv_precision.itemData(kv_int8, Qt.ItemDataRole.ToolTipRole)
    mx = editor.weight_format.findData("mxfp4")  # session 42: OCP MXFP4 beside NVFP4
    assert editor.weight_format.itemText(mx) == "MXFP4 — 4.25 bit/weight"


@pytest.mark.parametrize(("path", "typed"), [("serving.prefix_hit_rate", "150"),
                                             ("serving.engine_memory_fraction", "5"),
                                             ("serving.speculative_tokens", "40")])
def test_values_out_of_bounds_are_refused_with_a_message(qtbot, window, path, typed):
    editor, controller = window.editor, window.controller
    editor.engine_settings_button.setChecked(False)  # a refused value opens the settings it is in
    box = editor.control_for(path)
    before = controller.scenario
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), typed)
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert controller.scenario == before
    assert editor.problem_label.isVisible() and f"“{typed}”" in editor.problem_label.text()
    assert editor.engine_settings.isVisible()


def test_mlperf_preset_fills_the_targets_as_one_step(window):
    editor, controller = window.editor, window.controller
    actions = editor.mlperf_button.menu().actions()
    assert [a.data() for a in actions] == list(MLPERF_SERVER_LIMITS)
    assert "2 s" in actions[0].text() and "200 ms" in actions[0].text()
    actions[0].trigger()
    limits, c = MLPERF_SERVER_LIMITS[actions[0].data()], controller.scenario.constraints
    assert (c.ttft_ms, c.tpot_ms, c.latency_percentile) == (limits.ttft_ms, limits.tpot_ms, MLPERF_PERCENTILE)
    assert editor.latency_percentile.currentData() == MLPERF_PERCENTILE
    assert controller.undo_stack.undoText() == "Use the Llama 2 70B server latency limits"
    window.undo_action.trigger()
    c = controller.scenario.constraints
    assert (c.ttft_ms, c.tpot_ms, c.latency_percentile) == (None, None, None)  # the use's defaults again


def test_speculative_settings_are_enabled_with_draft_tokens(window):
    editor = window.editor
    assert not editor.acceptance.isEnabled()
    assert "draft tokens above 0" in editor.acceptance.toolTip()
    editor.draft_tokens.setValue(2)
    assert editor.acceptance.isEnabled() and editor.draft_cost.isEnabled()
    assert "draft token is accepted" in editor.acceptance.toolTip()


def test_engine_settings_open_and_close(window):
    editor = window.editor
    editor.engine_settings_button.setChecked(False)
    assert not editor.prefill_chunk.isVisible()
    editor.engine_settings_button.setChecked(True)
    assert editor.prefill_chunk.isVisible()


def test_results_show_engine_weights_and_tail_latency(qtbot, window):
    controller, results = window.controller, window.results
    analysis = analysed(qtbot, controller, lambda: controller.apply_many(
        {"constraints.requests_per_s": 2.0, "serving.weight_format": "awq-int4", "serving.engine": "vllm",
         "serving.use": "batch"}))  # no use default percentile: the median and MLPerf's tail shown
    i = analysis.estimate.serving
    assert i.ttft_percentiles_s and i.tpot_percentiles_s
    values = {label: (widget.text(), widget.toolTip()) for label, widget in results.values.items()}
    assert values["Engine"][0] == "vLLM" and PROFILES[Engine.VLLM].source in values["Engine"][1]
    assert values["Weights"][0].startswith("AWQ INT4 · 4.16 bit/weight")
    ttft, tpot = values["Time to first token"][0], values["Time per output token"][0]
    assert "p50" in ttft and "p99" in ttft and "p99" in tpot
    assert "p90" not in ttft
    controller.apply("constraints.latency_percentile", 90)  # the percentile the targets hold for is shown too
    controller.recompute()
    assert "p90" in results.values["Time to first token"].text()
    assert "requests/s" in values["Time to first token"][1]
    tip = values["Output capacity"][1]  # under a stated request rate the figure is the capacity, and says so
    assert "peak memory bandwidth" in tip and PROFILES[Engine.VLLM].source in tip
    a = analysis.estimate.scenario.assumptions
    share = a.decode_bandwidth_efficiency * PROFILES[Engine.VLLM].weight_stream_share
    assert f"{100 * share:.1f}\u00a0%" in tip  # a no-break space between number and unit


def test_pools_and_expert_parallel_for_serving(qtbot, window, controller):
    editor = window.editor
    assert not editor.ep_row.isEnabled()  # a dense model has no experts to split
    analysis = analysed(qtbot, controller, lambda: controller.apply_many(
        {"count": 8, "parallelism.tp": 1, "auto_layout": ("pp", "vp", "cp", "ep", "zero", "max_batch"),
         "serving.disaggregated": True, "serving.prefill_cards": 2, "serving.max_batched_tokens": 4096}))
    assert analysis.estimate.scenario.prefill_copies == 2
    assert "2 prefill + 6 decode copies" in window.results.layout_label.text()
    assert "step 4,096 tokens" in window.results.layout_label.text()  # grouped, as every count
    assert editor.disaggregated.isChecked() and not editor.auto_checks["serving.disaggregated"].isChecked()
    assert editor.prefill_cards.isEnabled() and editor.prefill_cards.value() == 2
    controller.apply("model", preset("mixtral-8x7b").model_dump())
    assert editor.ep_row.isEnabled()


def test_engine_profile_dialog_edits_the_profile_in_use(qtbot, window):
    editor, controller = window.editor, window.controller
    button = editor.control_for("serving.engine_profile")
    assert button is editor.profile_button and button.accessibleName()
    dialog = editor.edit_engine_profile()
    qtbot.addWidget(dialog)
    box = dialog.boxes["weight_stream_share"]
    assert box.value() == pytest.approx(100 * PROFILES[Engine.VLLM].weight_stream_share)
    assert box.maximum() == pytest.approx(100 * field_range("serving.engine_profile.weight_stream_share").high)
    assert dialog.boxes["prefill_layer_overhead_s"].text() == "default figure"  # None: Assumptions' figure
    overhead = dialog.boxes["prefill_layer_overhead_s"].toolTip()
    assert overhead.endswith("[µs]") and "[s]" not in overhead  # the unit the box shows, not the stored one
    assert dialog.boxes["weight_stream_share"].toolTip().endswith("[%]")
    tips = " ".join(w.toolTip() for w in [*dialog.boxes.values(), *dialog.checks.values()])
    tips = tips.replace("CUBLAS_COMPUTE_16F", "")  # cuBLAS's own name of the mode, which its users search for
    assert "_" not in tips and "None" not in tips and "Assumptions." not in tips  # user words, no code names
    assert dialog.boxes["kv_half_context"].text() == "no short-sequence penalty"  # vLLM's 0: the effect off
    assert dialog.boxes["max_seqs"].value() == 256 and dialog.boxes["max_seqs_large_card"].value() == 1024
    assert dialog.boxes["large_card_gib"].value() == 70 and dialog.boxes["large_card_gib"].suffix() == " GiB"
    dialog.boxes["max_seqs_large_card"].setValue(512)
    box.setValue(50)
    dialog.boxes["step_overhead_s"].setValue(1000)
    dialog.accept()
    own = controller.scenario.serving.engine_profile
    assert own.weight_stream_share == pytest.approx(0.5) and own.step_overhead_s == pytest.approx(1e-3)
    assert own.prefill_layer_overhead_s is None and own.formats == PROFILES[Engine.VLLM].formats
    assert own.kv_half_context == 0  # the box's special text at 0 is a value, not "unset"
    assert own.max_seqs_large_card == 512 and own.max_seqs == 256 and own.large_card_not_named == ("a100",)
    assert editor.profile_button.text() == "Yours…"
    window.undo_action.trigger()
    assert controller.scenario.serving.engine_profile is None
    window.redo_action.trigger()
    dialog = editor.edit_engine_profile()
    qtbot.addWidget(dialog)
    assert dialog.boxes["weight_stream_share"].value() == pytest.approx(50)
    dialog.use_published()
    assert controller.scenario.serving.engine_profile is None


def test_engine_profile_dialog_keeps_unedited_figures_and_stores_edited_ones_as_shown(qtbot, window):
    """A box left alone keeps its field's own figure, even one the box cannot show (0.7515 in a box of
    one decimal, 75.2 %); an edited box stores what it shows (72.7 % -> 0.727, not 0.7270000000000001)."""
    controller = window.controller
    controller.apply("serving.engine", "llama.cpp")
    published = PROFILES[Engine.LLAMA_CPP]
    controller.apply("serving.engine_profile", {**published.model_dump(), "weight_stream_share": 0.7515})
    dialog = window.editor.edit_engine_profile()
    qtbot.addWidget(dialog)
    dialog.boxes["prefill_share"].setValue(72.7)
    dialog.accept()
    own = controller.scenario.serving.engine_profile
    assert own.weight_stream_share == 0.7515
    assert own.prefill_share == 0.727


def test_engine_profile_dialog_shows_and_edits_the_prompt_path_flags(qtbot, window, tmp_path):
    """llama.cpp's prompt path (FP16 accumulate, INT8 tensor cores for quantized weights) is shown as two
    checkboxes with their descriptions as tooltips; unticking one makes your own profile (one undo step)."""
    editor, controller = window.editor, window.controller
    controller.apply("serving.engine", "llama.cpp")
    dialog = editor.edit_engine_profile()
    qtbot.addWidget(dialog)
    fp16, int8 = dialog.checks["prompt_fp16_accumulate"], dialog.checks["prompt_int8_quantized"]
    assert fp16.isChecked() and int8.isChecked()
    assert "CUBLAS_COMPUTE_16F" in fp16.toolTip() and "MMQ" in int8.toolTip()
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.grab().save(str(tmp_path / "engine-profile-llama-cpp.png"))
    int8.setChecked(False)
    dialog.accept()
    own = controller.scenario.serving.engine_profile
    assert own.prompt_fp16_accumulate and not own.prompt_int8_quantized
    assert own.prefill_share == PROFILES[Engine.LLAMA_CPP].prefill_share
    window.undo_action.trigger()
    assert controller.scenario.serving.engine_profile is None


def test_the_weight_format_default_names_the_models_published_checkpoint(window):
    """DeepSeek-V3 is published in FP8 (ds3fp8): the unnamed format says it serves that, with its source."""
    editor, controller = window.editor, window.controller
    controller.apply_many({"workload": "inference", "model": preset("deepseek-v3").model_dump()})
    assert editor.weight_format.itemText(0) == "As published: FP8 — 8 bit/weight (the model's checkpoint)"
    assert "quantization_config" in editor.weight_format.itemData(0, Qt.ItemDataRole.ToolTipRole)
    controller.apply("model", preset("llama3-8b").model_dump())
    assert editor.weight_format.itemText(0) == "Usual for the precision"
