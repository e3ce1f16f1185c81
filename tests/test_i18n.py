"""Chinese and English interface: every string translated, runtime switching, glossary."""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
import typing
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QListWidget,
    QWidget,
)

from configurator.app import i18n
from configurator.core.architecture import load_presets
from configurator.core.catalog import load_catalog
from configurator.core.engines import PROFILES
from configurator.core.formats import FORMATS
from configurator.core.messages import CATALOGUES, ENGLISH
from configurator.core.uncertainty import error_bands
from configurator.core.view.card_view import FRAMEWORK_NAMES
from configurator.core.view.names import model_name
from configurator.report.language import ZH_CN

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "gpu_configurator_zh_CN.ts"
GLOSSARY = json.loads((ROOT / "resources" / "i18n" / "glossary.json").read_text(encoding="utf-8"))["terms"]

ALLOWED = {
    "GPU", "NVLink", "ZeRO", "FSDP", "LoRA", "QLoRA", "FFN", "PUE", "MFU", "TFLOP", "TOPS", "GiB", "BF16", "FP8",
    "FLOP", "GFLOP",  # a training job's model FLOPs and per token: written so in Chinese papers too
    "FP16", "FP32", "TF32", "INT8", "INT4", "FP4", "FP64", "ECC", "PCIe", "AMP", "Megatron", "PyTorch", "AdamW",
    "SGD", "Hugging", "Face", "config", "json", "USD", "CNY", "EUR", "MSRP", "CSV", "PDF", "JSON", "Markdown",
    "GeForce", "TTFT", "TPOT", "kWh", "NIC", "Gb", "URL", "YYYY", "GPU-h", "llama", "Untitled", "INT",
    "English", "Llama", "RT", "vGPU", "NVENC", "NVDEC", "HEVC", "AV1", "CAD", "AOV", "RGBA", "ffmpeg", "Ada", "RTX",
    "CPU", "Offload", "Infinity",  # ZeRO-Offload and ZeRO-Infinity are product names
    "torchtitan",  # a training framework, named as Megatron is (what selective recomputation keeps)
    "Core", "Transformer", "Engine",  # Megatron-Core and NVIDIA Transformer Engine, product names (layer kernels)
    "Bridge",  # Megatron-Bridge, a product name (the recipes whose userbuffers tables the overlap can run)
    "NeMo",  # NVIDIA NeMo, a product name (its LoRA default targets: q, k, v only)
    "FlashAttention", "flash", "attn", "SDPA", "cuDNN",  # attention kernels and libraries, product names
    "API",  # an interface other programs call: written so in Chinese too (供其他程序调用的 API)
    "PDU", "TDP",  # a rack's power distribution unit, a card's thermal design power: so in Chinese data centres too
    "vPC", "vWS",  # NVIDIA Virtual PC and RTX Virtual Workstation, product names (vGPU licences, sizing guides)
    "vCPU",  # a virtual machine's virtual CPU: so in Chinese virtualisation documents too (虚拟机的 vCPU)
    # serving engines, weight formats and benchmarks are product names
    "vLLM", "SGLang", "TensorRT", "LLM", "transformers", "CUDA", "AWQ", "GPTQ", "GGUF", "EXL", "NVFP", "MLPerf",
    "MLCommons", "DeepSeek", "EAGLE", "MTP", "RadixAttention", "DistServe", "Splitwise", "Mooncake",
    "Zhong", "Patel", "Qin",  # cited authors
    "DeepEP", "HybridEP",  # MoE token dispatchers (DeepSeek's and NVIDIA's libraries), product names
}


def english_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z]{2,}", text))


def allowed_words() -> set[str]:
    catalog = load_catalog()
    words = set(ALLOWED)
    for card in catalog.cards:
        words |= english_words(f"{card.name} {card.vendor} {card.id} {card.architecture or ''}")
        words |= english_words(card.interconnect.link)
        if card.software:  # framework and stack names (vLLM, SGLang, ROCm, CANN …) are not translated
            words |= english_words(f"{card.software.stack} {' '.join(card.software.frameworks)}")
    words |= english_words(" ".join(FRAMEWORK_NAMES.values()))  # as the projects write them (DeepSpeed …)
    from configurator.core.launch import TARGET_NAMES

    words |= english_words(" ".join(TARGET_NAMES.values()))  # engine and trainer names (the launch row)
    for preset_id in load_presets():
        words |= english_words(preset_id) | english_words(model_name(preset_id))  # its id and name: product names
    for spec in (*PROFILES.values(), *FORMATS.values()):  # citations (papers, docs, benchmarks) stay as written
        words |= english_words(spec.source)
    return words


def visible_texts(root: QWidget) -> list[str]:
    texts = [root.windowTitle()]
    for widget in root.findChildren(QWidget):
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QComboBox) and not widget.isEditable():
            if widget.objectName() not in ("model",):
                texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QListWidget):
            texts += [widget.item(i).text() for i in range(widget.count())]
        texts.append(widget.toolTip())
    return [t for t in texts if t]


CALIBRATION_ROWS = sorted({row for kind in error_bands()["kinds"].values() for row in kind["all"]["row_ids"]}
                          | set(error_bands()["row_names"].values()), key=len, reverse=True)


def untranslated(texts: list[str]) -> dict[str, set[str]]:
    allowed = allowed_words()
    found = {}
    for text in filter(None, texts):
        plain = re.sub(r"<[^>]+>|&\w+;", " ", text)
        for row in CALIBRATION_ROWS:  # calibration rows (model and cards) behind a likely range: not text
            plain = plain.replace(row, " ")
        plain = re.sub(r"--[\w-]+|\S*_\S*", " ", plain)  # option names (max_num_seqs, --chunked-prefill-size)
        words = english_words(plain) - allowed
        if words:
            found[text] = words
    return found


def test_every_source_string_has_a_chinese_translation():
    tree = ET.parse(TS)
    missing = [m.find("source").text for m in tree.getroot().iter("message")
               if m.find("translation").get("type") == "unfinished" or not (m.find("translation").text or "")]
    assert missing == []


def test_translation_sources_are_up_to_date(tmp_path):
    fresh = tmp_path / "fresh.ts"
    lupdate = str(Path(sys.executable).with_name("pyside6-lupdate"))
    sources = sorted(str(p) for p in (ROOT / "configurator" / "app").glob("*.py"))
    subprocess.run([lupdate, "-tr-function-alias", "translate+=_tc", *sources, "-ts", str(fresh)], check=True,
                   capture_output=True)
    strings = lambda path: {m.find("source").text for m in ET.parse(path).getroot().iter("message")}  # noqa: E731
    assert strings(fresh) <= strings(TS), "run python tools/build_translations.py"


def test_placeholders_survive_translation():
    tree = ET.parse(TS)
    fields = lambda s: sorted(f for _, f, _, _ in string.Formatter().parse(s) if f is not None)  # noqa: E731
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        texts = [form.text for form in translation.iter("numerusform")] or [translation.text]  # each plural form
        for text in texts:
            assert fields(message.find("source").text) == fields(text), message.find("source").text
    for message_id, english in ENGLISH.items():
        assert fields(english) == fields(CATALOGUES["zh_CN"][message_id]), message_id


def test_names_the_view_models_write_come_from_the_core_catalogue(monkeypatch):
    """Issue 14 part 5: the editor's and recommendation panel's names of engines, batching, weight formats,
    limits, limiting factors, kinds of communication and offloaded states are the core catalogue's, in the
    window's language; the .ts holds no second copy of them."""
    from configurator.app import labels
    from configurator.core.view import estimate_view as view
    from configurator.core.view.words import words

    from configurator.core.view import bom_names, names

    tables = {labels.engine_names: view.ENGINES, labels.batching_names: view.BATCHING, labels.limit_names: view.LIMITS,
              labels.factor_names: view.FACTORS, labels.comm_kind_names: view.COMM_KINDS,
              labels.offload_names: view.OFFLOADED, labels.workload_names: names.WORKLOADS,
              labels.recipe_names: names.RECIPES, labels.optimizer_names: names.OPTIMIZERS,
              labels.recompute_names: names.RECOMPUTE, labels.loss_names: names.LOSS, labels.zero_names: names.ZERO,
              labels.cuda_graph_names: names.CUDA_GRAPHS, labels.percentile_names: names.PERCENTILES,
              labels.mlperf_names: names.MLPERF, labels.region_names: names.REGIONS,
              labels.preset_names: names.ENCODER_PRESETS, labels.unit_names: names.WORK_UNITS,
              labels.class_names: names.CLASSES, labels.vgpu_names: names.VGPU,
              labels.bill_kind_names: bom_names.KINDS}
    qt_sources = {m.find("source").text for c in ET.parse(TS).getroot().iter("context")
                  if c.findtext("name") == "labels" for m in c.iter("message")}  # the combo boxes' Qt strings
    for language in ("en", "zh_CN"):
        monkeypatch.setitem(i18n._state, "language", language)
        for names, ids in tables.items():
            assert names() == {key: words(language).label(text) for key, text in ids.items()}
            assert not set(ids.values()) & qt_sources, names.__name__
    assert labels.factor_names()["bandwidth"] == "显存带宽" and labels.weight_format_names()["int8"] == "INT8（W8A8）"
    assert labels.workload_names()["pretrain"] == "从头预训练" and labels.region_names()["cn"] == "中国大陆"


def test_every_choice_of_the_scenario_has_its_name():
    """The name tables cover exactly the values the model allows (a new enum member needs its name)."""
    from configurator.core.catalog import Card
    from configurator.core.fields import BY_PATH
    from configurator.core.load import MLPERF_SERVER_LIMITS
    from configurator.core.view import names

    by_field = {"workload": names.WORKLOADS, "training.recipe": names.RECIPES, "training.optimizer": names.OPTIMIZERS,
                "training.recompute": names.RECOMPUTE, "training.loss": names.LOSS, "parallelism.zero": names.ZERO,
                "serving.cuda_graphs": names.CUDA_GRAPHS, "constraints.latency_percentile": names.PERCENTILES,
                "constraints.region": names.REGIONS, "graphics.preset": names.ENCODER_PRESETS,
                "graphics.codec": names.CODECS, "training.moe_dispatcher": names.MOE_DISPATCHER,
                "training.selective_policy": names.SELECTIVE_POLICY, "training.lora_targets": names.LORA_TARGETS,
                "training.activation_kernels": names.ACTIVATION_KERNELS,
                "training.attention_kernel": names.ATTENTION_KERNEL,
                "parallelism.pipeline_schedule": names.PIPELINE_SCHEDULE, "training.grad_reduce": names.GRAD_REDUCE,
                "parallelism.cp_comm_type": names.CP_COMM_TYPE, "serving.use": names.SERVING_USES,
                "serving.engine": names.ENGINES, "serving.batching": names.BATCHING}
    for path, table in by_field.items():
        entry = BY_PATH[path]
        allowed = set(entry.choices) or {0, 1, 2, 3}  # ZeRO: a bounded int
        if entry.kind.value == "check" or path == "serving.cuda_graphs":
            allowed = {True, False}
        optional = type(None) in typing.get_args(entry.model_field[0].model_fields[entry.model_field[1]].annotation)
        assert set(table) == allowed | ({None} if optional else set()), path
    assert set(names.MLPERF) == set(MLPERF_SERVER_LIMITS)
    categories = typing.get_args(Card.model_fields["category"].annotation)
    assert set(names.CLASSES) == set(categories or names.CLASSES)


def test_every_core_message_has_chinese():
    assert set(CATALOGUES["zh_CN"]) == set(ENGLISH)


def test_glossary_terms_are_used_consistently():
    pairs = [(m.find("source").text, m.find("translation").text) for m in ET.parse(TS).getroot().iter("message")]
    pairs += list(ZH_CN.items())
    pairs += [(ENGLISH[k], v) for k, v in CATALOGUES["zh_CN"].items()]
    wrong = []
    for english, chinese in pairs:
        words = re.sub(r"\{[^}]*\}", "", english).lower()
        wrong += [(english, chinese, zh) for term, zh in GLOSSARY.items()
                  if term.lower() in words and zh not in chinese]
    assert wrong == []


def settle() -> None:
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def menu_texts(window) -> list[str]:
    texts = []
    for action in window.menuBar().actions():
        texts.append(action.text())
        if action.menu():
            for sub in action.menu().actions():
                texts += [sub.text(), sub.statusTip()]
                if sub.menu():
                    texts += [a.text() for a in sub.menu().actions()]
    texts += [a.text() for a in window.toolbar.actions()]
    return texts


def test_main_window_in_chinese_has_no_untranslated_text(qtbot, window):
    window.set_language("zh_CN")
    window.controller.recompute()
    settle()
    texts = visible_texts(window) + menu_texts(window)
    texts += [chart.getPlotItem().titleLabel.text for chart in window.charts]
    assert untranslated(texts) == {}


def test_wizard_browser_and_panel_in_chinese(qtbot, window):
    window.set_language("zh_CN")
    settle()
    wizard = window.open_wizard()
    qtbot.addWidget(wizard)
    pages = [wizard.page(i) for i in wizard.pageIds()]
    texts = [p.title() for p in pages] + [p.subTitle() for p in pages] + visible_texts(wizard)
    browser = window.open_browser()
    texts += visible_texts(browser)
    texts += [browser.model.headerData(c, 1) for c in range(browser.model.columnCount())]
    panel = window.toggle_recommendations(True)
    panel.refresh()
    texts += visible_texts(panel)
    assert untranslated(texts) == {}


def test_switching_updates_open_windows_charts_and_summary(qtbot, window):
    browser = window.open_browser()
    window.toggle_recommendations(True)
    assert browser.windowTitle() == "Card browser"
    window.set_language("zh_CN")
    assert window._browser.windowTitle() == "加速卡浏览器"
    assert window.recommend_dock.windowTitle() == "推荐"
    assert window.memory_chart.getPlotItem().titleLabel.text.split("<br>")[0] == "每卡显存"  # a key may follow
    assert "配置方案摘要" in window.summary_document().toPlainText()
    assert window.controller.scenario.economics.currency == "CNY"
    assert window.settings.value("language") == "zh_CN"
    window.set_language("en")
    assert window.memory_chart.getPlotItem().titleLabel.text.split("<br>")[0] == "Memory per card"
    assert window.controller.scenario.economics.currency == "USD"


def test_language_is_remembered(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "remember.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "zh_CN")
    from configurator.app.main import build_main_window

    w = build_main_window(settings)
    qtbot.addWidget(w)
    try:
        assert i18n.current_language() == "zh_CN"
        assert "配置器" in w.windowTitle()
    finally:
        w.controller.undo_stack.setClean()
        i18n.install_language("en")


def test_numbers_follow_the_locale(qtbot, window):
    from configurator.app import format as fmt

    window.set_language("zh_CN")
    assert fmt.duration(100.0).endswith("天")
    window.set_language("en")
    assert fmt.number(1234567, 0) == "1,234,567"


def test_chinese_text_typed_through_an_input_method(qtbot, window):
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    browser = window.open_browser()
    browser.search.setFocus()
    event = QInputMethodEvent()
    event.setCommitString("昇腾")
    QApplication.sendEvent(browser.search, event)
    assert browser.search.text() == "昇腾"


def test_field_descriptions_shown_as_tooltips_are_translated():
    from configurator.app.field_help import CONTEXT, DESCRIBED_PATHS, field_description

    translated = {m.find("source").text: m.find("translation").text for c in ET.parse(TS).getroot().iter("context")
                  if c.find("name").text == CONTEXT for m in c.iter("message")}
    missing = [p for p in DESCRIBED_PATHS if not translated.get(field_description(p))]
    assert missing == [], "run python tools/build_translations.py and translate the new descriptions"


def test_the_charts_line_labels_follow_a_language_switch(qtbot):
    """The charts are retranslated in place on a language switch: the labels of their marker
    lines ('this scenario', 'stops scaling', 'needed') are worded again too (before: they kept
    the language the charts were made in)."""
    from configurator.app.memory_charts import MemoryCurveChart
    from configurator.app.scaling_chart import ScalingChart

    i18n.install_language("en")
    try:
        scaling, curve = ScalingChart(), MemoryCurveChart()
        qtbot.addWidget(scaling)
        qtbot.addWidget(curve)
        assert scaling.chosen.label.format == "this scenario"
        i18n.install_language("zh_CN")
        scaling.retranslate()
        curve.retranslate()
        assert scaling.chosen.label.format == "当前场景" and scaling.demand.label.format == "需求"
        assert scaling.limit.label.format != "stops scaling"
        assert curve.chosen.label.format == "当前场景"
    finally:
        i18n.install_language("en")
