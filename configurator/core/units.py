"""Byte sizes of numeric formats and unit constants.

Memory capacities are binary (GiB = 2**30 bytes); bandwidths and FLOP rates are decimal
(GB/s = 1e9 B/s, TFLOP/s = 1e12 FLOP/s), as vendors quote them.
"""

from __future__ import annotations

from enum import StrEnum

GIB = 2**30
"""Bytes in one GiB [B]."""
GB = 10**9
"""Bytes in one decimal GB [B]."""
TERA = 10**12
"""FLOP in one TFLOP [FLOP]."""


class Precision(StrEnum):
    """Numeric formats a card may support for matrix math or storage."""

    FP32 = "fp32"
    TF32 = "tf32"
    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"
    INT8 = "int8"
    INT4 = "int4"
    FP4 = "fp4"


BYTES_PER_ELEMENT: dict[Precision, float] = {
    Precision.FP32: 4.0,
    Precision.TF32: 4.0,  # TF32 is a math mode; values are stored as fp32
    Precision.BF16: 2.0,
    Precision.FP16: 2.0,
    Precision.FP8: 1.0,
    Precision.INT8: 1.0,
    Precision.INT4: 0.5,
    Precision.FP4: 0.5,
}
"""Storage size of one value [B]."""

QUANT_SCALE_OVERHEAD: dict[Precision, float] = {
    Precision.INT4: 1 / 64,  # 0.125 bit: NF4 with double quantisation (Dettmers et al. 2023, QLoRA §2: 0.127)
    Precision.FP4: 1 / 16,  # 0.5 bit: one FP8 E4M3 scale (1 B) per block of 16 (NVFP4; MXFP4's 0.25 in formats.py)
    Precision.INT8: 0.0,
    Precision.FP8: 0.0,
}
"""Extra bytes per weight for quantisation scales where no weight format is named (training, QLoRA's
base) [B]; serving formats carry their own bits (core/formats.py: FP4 there is the card maker's,
NVFP4 or MXFP4, ``formats.FP4_BY_VENDOR``)."""


def weight_bytes_per_param(precision: Precision) -> float:
    """Storage per weight including quantisation scales [B/param]."""
    return BYTES_PER_ELEMENT[precision] + QUANT_SCALE_OVERHEAD.get(precision, 0.0)
