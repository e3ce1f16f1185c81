"""Translated display names for the core's choices (workloads, precisions, classes...)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def _t(text: str) -> str:
    return QCoreApplication.translate("labels", text)


def workload_names() -> dict[str, str]:
    return {
        "pretrain": _t("Pre-train from scratch"),
        "finetune": _t("Full fine-tune"),
        "lora": _t("LoRA fine-tune"),
        "qlora": _t("QLoRA fine-tune (4-bit base)"),
        "inference": _t("Inference serving"),
    }


def precision_names() -> dict[str, str]:
    return {
        "fp32": "FP32", "tf32": "TF32", "bf16": "BF16", "fp16": "FP16",
        "fp8": "FP8", "int8": "INT8", "int4": "INT4", "fp4": "FP4",
    }


def recipe_names() -> dict[str, str]:
    return {
        "torch-amp": _t("PyTorch AMP (fp32 weights, 16-bit math)"),
        "megatron-mixed": _t("Megatron mixed (16-bit weights, fp32 master)"),
        "pure": _t("Pure (everything in the chosen precision)"),
    }


def optimizer_names() -> dict[str, str]:
    return {"adamw": "AdamW", "adamw-8bit": _t("AdamW 8-bit"), "sgd": _t("SGD with momentum")}


def recompute_names() -> dict[str, str]:
    return {"none": _t("None"), "selective": _t("Selective (attention)"), "full": _t("Full (every layer)")}


def zero_names() -> dict[int, str]:
    return {
        0: _t("0 — off (plain data parallel)"),
        1: _t("1 — shard optimizer states"),
        2: _t("2 — also gradients"),
        3: _t("3 — also weights (FSDP)"),
    }


def class_names() -> dict[str, str]:
    return {
        "training": _t("Training"),
        "inference": _t("Inference"),
        "graphics": _t("Graphics"),
        "workstation": _t("Workstation"),
        "edge": _t("Edge"),
    }


CLASS_COLOURS = {
    "training": "#1f77b4",
    "inference": "#2ca02c",
    "graphics": "#d62728",
    "workstation": "#9467bd",
    "edge": "#ff7f0e",
}
"""One colour per card class, used by every chart and table."""
