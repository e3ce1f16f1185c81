"""Translated display names for the core's choices (workloads, precisions, classes...).

Names the core's view models also write (engines, batching, weight formats, what limits a card or
a configuration, the kinds of exposed communication, what CPU offload moves) are label ids of the
core's one catalogue (:mod:`configurator.core.view.words`), read here in the window's language;
the rest are the editor's own, translated through Qt.
"""

from __future__ import annotations

from pathlib import Path

from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.formats import WeightFormat
from configurator.core.view import names as _view
from configurator.core.view.words import words


def named(label_ids: dict) -> dict:
    """The core catalogue's label ids in the window's language, by the same keys."""
    w = words(current_language())
    return {key: w.label(text) for key, text in label_ids.items()}


def workload_names() -> dict[str, str]:
    return {
        "pretrain": _tc("labels", "Pre-train from scratch"),
        "finetune": _tc("labels", "Full fine-tune"),
        "lora": _tc("labels", "LoRA fine-tune"),
        "qlora": _tc("labels", "QLoRA fine-tune (4-bit base)"),
        "inference": _tc("labels", "Inference serving"),
        "vdi": _tc("labels", "Virtual desktops / cloud workstations"),
        "transcode": _tc("labels", "Video transcoding"),
        "render": _tc("labels", "Offline 3D rendering"),
    }


def codec_names() -> dict[str, str]:
    return {"h264": "H.264", "hevc": "HEVC (H.265)", "av1": "AV1"}


def preset_names() -> dict[str, str]:
    return {
        "p1": _tc("labels", "P1 — fastest"),
        "p2": "P2",
        "p3": "P3",
        "p4": _tc("labels", "P4 — medium (default)"),
        "p5": _tc("labels", "P5 — better quality"),
    }


def limit_names() -> dict[str, str]:
    """What can cap users or streams per card."""
    return named(_view.LIMITS)


def factor_names() -> dict[str, str]:
    """What limits a configuration (core.limiting.limiting_factor), in one or two words."""
    return named(_view.FACTORS)


def vgpu_names() -> dict[str | None, str]:
    return {
        "graphics": _tc("labels", "desktops and workstations"),
        "compute": _tc("labels", "compute only"),
        "none": _tc("labels", "passthrough only"),
    }


def unit_names() -> dict[str, str]:
    return {"users": _tc("labels", "users"), "streams": _tc("labels", "streams"), "frames": _tc("labels", "frames")}


def precision_names() -> dict[str, str]:
    return {
        "fp32": "FP32", "tf32": "TF32", "bf16": "BF16", "fp16": "FP16",
        "fp8": "FP8", "int8": "INT8", "int4": "INT4", "fp4": "FP4",
    }


def recipe_names() -> dict[str, str]:
    return {
        "torch-amp": _tc("labels", "PyTorch AMP (fp32 weights, 16-bit math)"),
        "megatron-mixed": _tc("labels", "Megatron mixed (16-bit weights, fp32 master)"),
        "pure": _tc("labels", "Pure (everything in the chosen precision)"),
    }


def optimizer_names() -> dict[str, str]:
    return {"adamw": "AdamW", "adamw-8bit": _tc("labels", "AdamW 8-bit"), "sgd": _tc("labels", "SGD with momentum")}


def recompute_names() -> dict[str, str]:
    return {"none": _tc("labels", "None"), "selective": _tc("labels", "Selective (attention)"),
            "full": _tc("labels", "Full (every layer)")}


def loss_names() -> dict[str | None, str]:
    return {None: _tc("labels", "Auto (by workload)"), "eager": _tc("labels", "Eager (fp32 upcast)"),
            "fused": _tc("labels", "Fused kernel")}


def offload_names() -> dict[str, str]:
    """What CPU offload can move to host memory, keyed by the training field."""
    return named(_view.OFFLOADED)


def comm_kind_names() -> dict[str, str]:
    """The kinds of exposed communication (``TrainingSpeed.exposed_comm_seconds_by_kind``)."""
    return named(_view.COMM_KINDS)


def zero_names() -> dict[int, str]:
    return {
        0: _tc("labels", "0 — off (plain data parallel)"),
        1: _tc("labels", "1 — shard optimizer states"),
        2: _tc("labels", "2 — also gradients"),
        3: _tc("labels", "3 — also weights (FSDP)"),
    }


def engine_names() -> dict[str, str]:
    """The serving engines (``core.engines.Engine``)."""
    return named(_view.ENGINES)


def weight_format_names() -> dict[str, str]:
    """The stored weight formats (``core.formats.WeightFormat``) by their usual names."""
    return named({f.value: _view.WEIGHT_FORMATS.get(f.value, f.value.upper()) for f in WeightFormat})


def batching_names() -> dict[str | None, str]:
    return named(_view.BATCHING)


def cuda_graph_names() -> dict[bool | None, str]:
    return {None: _tc("labels", "Engine's default"), True: _tc("labels", "On"), False: _tc("labels", "Off (eager)")}


def percentile_names() -> dict[int, str]:
    return {50: _tc("labels", "p50 (median)"), 90: "p90", 99: "p99"}


def mlperf_names() -> dict[str, str]:
    """The MLPerf Inference benchmarks whose server-scenario limits can be targets (``core.load``)."""
    return {
        "llama2-70b": _tc("labels", "Llama 2 70B server"),
        "llama2-70b-interactive": _tc("labels", "Llama 2 70B interactive"),
        "llama3.1-405b": _tc("labels", "Llama 3.1 405B server"),
        "llama3.1-8b": _tc("labels", "Llama 3.1 8B server"),
    }


def class_names() -> dict[str, str]:
    return {
        "training": _tc("labels", "Training"),
        "inference": _tc("labels", "Inference"),
        "graphics": _tc("labels", "Graphics"),
        "workstation": _tc("labels", "Workstation"),
        "edge": _tc("labels", "Edge"),
    }


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
