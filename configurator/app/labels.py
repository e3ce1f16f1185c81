"""Display names of the core's choices (workloads, recipes, classes, engines …) in the window's
language: label ids of the core's one catalogue (:mod:`configurator.core.view.names`, translated by
:mod:`configurator.core.view.words`), the same names the command line and the printed summary
write. Only precisions (symbols) and the class colours are the window's own.
"""

from __future__ import annotations

from pathlib import Path

from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.formats import WeightFormat
from configurator.core.formulas.graphics import DESKTOP_CLASS_MESSAGES, DESKTOP_CLASS_PROFILE_GIB
from configurator.core.messages import msg
from configurator.core.formulas.tp_overlap_tables import TUNED_TABLES
from configurator.core.view import bom_names as _bom
from configurator.core.view import names as _view
from configurator.core.view import numbers as _numbers
from configurator.core.view.words import words


def named(label_ids: dict) -> dict:
    """The core catalogue's label ids in the window's language, by the same keys."""
    w = words(current_language())
    return {key: w.label(text) for key, text in label_ids.items()}


def bill_kind_names() -> dict[str, str]:
    """The kinds a bill of materials names its lines by (:data:`~configurator.core.view.bom_names.KINDS`, which
    the printed summary's bill reads too)."""
    return named(_bom.KINDS)


def workload_names() -> dict[str, str]:
    return named(_view.WORKLOADS)


def desktop_class_names() -> dict[str, str]:
    """The desktop user classes (``Graphics.user_class``) by the messages that name them, each with
    the vGPU profile it needs on one HD display, written from
    :data:`~configurator.core.formulas.graphics.DESKTOP_CLASS_PROFILE_GIB` (the field's tooltip
    names no figure): 'knowledge worker (1 GiB)', in Chinese in full-width brackets, '知识工作者（1 GiB）' (as the
    wizard's '按主窗口的设置（每人 1 GiB，…）' beside it; read '知识工作者 (1 GiB)' until December 2026)."""
    language = current_language()
    opening, closing = ("（", "）") if language == "zh_CN" else (" (", ")")
    return {key: f"{msg(message_id).text_in(language)}{opening}"
                 f"{_numbers.with_unit(_numbers.number(DESKTOP_CLASS_PROFILE_GIB[key], 0, language), 'GiB', language)}"
                 f"{closing}" for key, message_id in DESKTOP_CLASS_MESSAGES.items()}


def codec_names() -> dict[str, str]:
    return dict(_view.CODECS)


def preset_names() -> dict[str, str]:
    return named(_view.ENCODER_PRESETS)


def limit_names() -> dict[str, str]:
    """What can cap users or streams per card."""
    return named(_view.LIMITS)


def factor_names() -> dict[str, str]:
    """What limits a configuration (core.limiting.limiting_factor), in one or two words."""
    return named(_view.FACTORS)


def vgpu_names() -> dict[str | None, str]:
    return named(_view.VGPU)


def unit_names() -> dict[str, str]:
    return named(_view.WORK_UNITS)


def precision_names() -> dict[str, str]:
    return {
        "fp32": "FP32", "tf32": "TF32", "bf16": "BF16", "fp16": "FP16",
        "fp8": "FP8", "int8": "INT8", "int4": "INT4", "fp4": "FP4",
    }


def recipe_names() -> dict[str, str]:
    return named(_view.RECIPES)


def optimizer_names() -> dict[str, str]:
    return named(_view.OPTIMIZERS)


def recompute_names() -> dict[str, str]:
    return named(_view.RECOMPUTE)


def selective_policy_names() -> dict[str, str]:
    return named(_view.SELECTIVE_POLICY)


def moe_dispatcher_names() -> dict[str, str]:
    return named(_view.MOE_DISPATCHER)


def grad_reduce_names() -> dict[str, str]:
    return named(_view.GRAD_REDUCE)


def pipeline_schedule_names() -> dict[str, str]:
    return named(_view.PIPELINE_SCHEDULE)


def cp_comm_type_names() -> dict[str, str]:
    return named(_view.CP_COMM_TYPE)


def tp_comm_overlap_cfg_names() -> dict[str | None, str]:
    """The userbuffers tables the tensor-parallel overlap can run (``Parallelism.tp_comm_overlap_cfg``):
    Transformer Engine's default (None), then each recipe's tuned table by what its name states."""
    w = words(current_language())
    labels = {name: _view.tp_overlap_table_label(name) for name in (None, *TUNED_TABLES)}
    return {name: w(template, **fields) for name, (template, fields) in labels.items()}


def lora_targets_names() -> dict[str, str]:
    return named(_view.LORA_TARGETS)


def loss_names() -> dict[str | None, str]:
    return named(_view.LOSS)


def activation_kernels_names() -> dict[str | None, str]:
    return named(_view.ACTIVATION_KERNELS)


def attention_kernel_names() -> dict[str | None, str]:
    return named(_view.ATTENTION_KERNEL)


def offload_names() -> dict[str, str]:
    """What CPU offload can move to host memory, keyed by the training field."""
    return named(_view.OFFLOADED)


def comm_kind_names() -> dict[str, str]:
    """The kinds of exposed communication (``TrainingSpeed.exposed_comm_seconds_by_kind``)."""
    return named(_view.COMM_KINDS)


def zero_names() -> dict[int, str]:
    return named(_view.ZERO)


def engine_names() -> dict[str, str]:
    """The serving engines (``core.engines.Engine``)."""
    return named(_view.ENGINES)


def weight_format_names() -> dict[str, str]:
    """The stored weight formats (``core.formats.WeightFormat``) by their usual names."""
    return named({f.value: _view.WEIGHT_FORMATS.get(f.value, f.value.upper()) for f in WeightFormat})


def batching_names() -> dict[str | None, str]:
    return named(_view.BATCHING)


def cuda_graph_names() -> dict[bool | None, str]:
    return named(_view.CUDA_GRAPHS)


def percentile_names() -> dict[int | None, str]:
    return named(_view.PERCENTILES)


def serving_use_names() -> dict[str, str]:
    """What a serving deployment is for (``Serving.use``)."""
    return named(_view.SERVING_USES)


def mlperf_names() -> dict[str, str]:
    """The MLPerf Inference benchmarks whose server-scenario limits can be targets (``core.load``)."""
    return named(_view.MLPERF)


def region_names() -> dict[str | None, str]:
    """Where the cards are delivered (``Constraints.region``): the recommendation panel's and the
    wizard's list, in the model's order after "anywhere"."""
    return named(_view.REGIONS)


def class_names() -> dict[str, str]:
    return named(_view.CLASSES)


CLASS_COLOURS = {
    "training": "#1f77b4",
    "inference": "#2ca02c",
    "graphics": "#d62728",
    "workstation": "#9467bd",
    "edge": "#ff7f0e",
}
"""One colour per card class, used by every chart and table."""


def non_decoder_text(path: Path) -> str | None:
    """'config.json is a BERT encoder …' when the file describes a model that is not a
    decoder-only language model (core/model_kind.py), in the interface language; else None."""
    from configurator.core.model_kind import non_decoder_file

    found = non_decoder_file(path)
    if found is None:
        return None
    family, kind = found
    kinds = {"encoder": _tc("ModelImport", "an encoder-only model (no text generation, no KV cache)"),
             "encoder-decoder": _tc("ModelImport", "an encoder-decoder model (sequence to sequence)"),
             "vision": _tc("ModelImport", "a vision model (images in, no tokens out)")}
    return _tc("ModelImport", "Not imported: {file} describes {kind}, family “{family}”. Only decoder-only "
                              "language models (GPT, Llama, Mistral, Qwen …) can be sized.").format(
        file=Path(path).name, kind=kinds[kind], family=family)
