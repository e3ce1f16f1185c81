"""Weight formats a serving engine loads, as bits per weight, and the KV-cache precisions.

One declaration per format: its stored bits per weight (scales, zero points and block headers
included), the precision its matrix products run at, and where the figure comes from. The
bits are what the weights occupy in memory and what every decode step reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from configurator.core.units import BYTES_PER_ELEMENT, Precision


class WeightFormat(StrEnum):
    """How the weights are stored on the card."""

    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"
    INT8 = "int8"
    AWQ_INT4 = "awq-int4"
    GPTQ_INT4 = "gptq-int4"
    NVFP4 = "nvfp4"
    MXFP4 = "mxfp4"
    GGUF_F16 = "gguf-f16"
    Q8_0 = "q8_0"
    Q6_K = "q6_k"
    Q5_K_M = "q5_k_m"
    Q5_K_S = "q5_k_s"
    Q4_K_M = "q4_k_m"
    Q4_K_S = "q4_k_s"
    Q4_0 = "q4_0"
    Q3_K_L = "q3_k_l"
    Q3_K_M = "q3_k_m"
    Q3_K_S = "q3_k_s"
    Q2_K = "q2_k"
    EXL2 = "exl2"


@dataclass(frozen=True)
class FormatSpec:
    """One weight format: stored size, the math it runs at, and its source."""

    bits_per_weight: float
    """Stored bits per weight, quantisation scales and block headers included [bit]."""
    math: Precision
    """Precision of the matrix products (weight-only formats dequantise to 16-bit)."""
    family: str
    """``float``, ``int8``, ``awq``, ``gptq``, ``nvfp4``, ``mxfp4``, ``gguf`` or ``exl2``: what an engine must
    support."""
    source: str

    @property
    def bytes_per_weight(self) -> float:
        return self.bits_per_weight / 8.0


_GGUF_TABLE = ("llama.cpp tools/quantize/README.md, 'Bits per Weight (BPW)' for Llama 2 7B (whole model, "
               "k-quant mixes as llama-quantize assigns them)")

FORMATS: dict[WeightFormat, FormatSpec] = {
    WeightFormat.BF16: FormatSpec(16.0, Precision.BF16, "float", "IEEE bfloat16, 2 bytes"),
    WeightFormat.FP16: FormatSpec(16.0, Precision.FP16, "float", "IEEE half, 2 bytes"),
    WeightFormat.FP8: FormatSpec(8.0, Precision.FP8, "float",
                                 "E4M3 with one scale per tensor or channel (vLLM/TensorRT-LLM FP8 checkpoints)"),
    WeightFormat.INT8: FormatSpec(8.0, Precision.INT8, "int8",
                                  "W8A8 SmoothQuant, per-channel scales (Xiao et al. 2023)"),
    WeightFormat.AWQ_INT4: FormatSpec(4.0 + (16 + 4) / 128, Precision.FP16, "awq",
                                      "4-bit weights, fp16 scale and 4-bit zero point per group of 128 (AutoAWQ "
                                      "default q_group_size=128, zero_point=True; Lin et al. 2023)"),
    WeightFormat.GPTQ_INT4: FormatSpec(4.0 + (16 + 4) / 128, Precision.FP16, "gptq",
                                       "4-bit weights, fp16 scale and packed 4-bit zero per group of 128 "
                                       "(AutoGPTQ group_size=128; Frantar et al. 2023)"),
    WeightFormat.NVFP4: FormatSpec(4.0 + 8 / 16, Precision.FP4, "nvfp4",
                                   "E2M1 values with one FP8 E4M3 scale per block of 16 (NVIDIA Blackwell NVFP4)"),
    WeightFormat.MXFP4: FormatSpec(4.0 + 8 / 32, Precision.FP4, "mxfp4",
                                   "E2M1 values with one E8M0 (8-bit power-of-two) scale per block of 32: OCP "
                                   "Microscaling Formats (MX) Specification v1.0, 2023-09, §5 (MXFP4); AMD CDNA 4 "
                                   "(MI350X/MI355X) FP4, OpenAI gpt-oss checkpoints, Huawei Ascend 950 MXFP4"),
    WeightFormat.GGUF_F16: FormatSpec(16.0, Precision.FP16, "gguf", "GGUF F16"),
    WeightFormat.Q8_0: FormatSpec(8.5, Precision.FP16, "gguf",
                                  "ggml block_q8_0: 32 int8 values + one fp16 scale = 34 bytes per 32 weights"),
    WeightFormat.Q6_K: FormatSpec(6.56, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q5_K_M: FormatSpec(5.68, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q5_K_S: FormatSpec(5.52, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q4_K_M: FormatSpec(4.84, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q4_K_S: FormatSpec(4.58, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q4_0: FormatSpec(4.5, Precision.FP16, "gguf",
                                  "ggml block_q4_0: 32 4-bit values + one fp16 scale = 18 bytes per 32 weights"),
    WeightFormat.Q3_K_L: FormatSpec(4.27, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q3_K_M: FormatSpec(3.91, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q3_K_S: FormatSpec(3.50, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.Q2_K: FormatSpec(3.35, Precision.FP16, "gguf", _GGUF_TABLE),
    WeightFormat.EXL2: FormatSpec(4.0, Precision.FP16, "exl2",
                                  "ExLlamaV2 EXL2: the average bits per weight chosen at conversion (convert.py -b, "
                                  "2.0–8.0); set it with Serving.weight_bpw"),
}
"""Every weight format, declared once."""

DEFAULT_FORMAT: dict[Precision, WeightFormat] = {
    Precision.FP32: WeightFormat.BF16,
    Precision.TF32: WeightFormat.BF16,
    Precision.BF16: WeightFormat.BF16,
    Precision.FP16: WeightFormat.FP16,
    Precision.FP8: WeightFormat.FP8,
    Precision.INT8: WeightFormat.INT8,
    Precision.INT4: WeightFormat.AWQ_INT4,
    Precision.FP4: WeightFormat.NVFP4,
}
"""The format a precision choice stands for when no format is named (``--precision int4`` = AWQ); FP4 on
a card whose vendor's format is declared: :data:`FP4_BY_VENDOR`."""

FP4_BY_VENDOR: dict[str, tuple[WeightFormat, ...]] = {
    "NVIDIA": (WeightFormat.NVFP4, WeightFormat.MXFP4),
    "AMD": (WeightFormat.MXFP4,),
    "Huawei": (WeightFormat.MXFP4,),
}
"""The 4-bit float weight formats a card's FP4 products take, by ``Card.vendor``, the first the usual one.
NVIDIA: NVFP4, and MXFP4 (Blackwell's tensor cores take both block scalings: PTX ``mma`` kinds ``mxf4nvf4``
and ``mxf4``; NVIDIA's FP4 checkpoints, ModelOpt's, are NVFP4). AMD: MXFP4 (CDNA 4 matrix cores take the OCP
MX formats, E8M0 scales per 32, not NVFP4's E4M3 scales per 16; AMD's MLPerf
Inference v5.1 MI355X Llama 2 70B ran "models in MXFP4 datatype", ROCm blogs, 2025-09-09, quantised with
AMD Quark). Huawei: MXFP4 (Ascend 950PR's low-precision rates at Huawei Connect, 2025-09-18: "FP8/MXFP8/
HiF8 1 PFLOPS, MXFP4 2 PFLOPS", the catalog's note; Huawei's own HiF4, HiFloat4, arXiv 2604.08826, has no
published rate, so the FP4 rate and format read here are MXFP4's).
Any other vendor: no published FP4 format, so :data:`DEFAULT_FORMAT`'s NVFP4 (4.5 bits) is kept and
named '4-bit float' (``view.names.FP4_ELSEWHERE``); no such card in the catalog has an FP4 rate."""


def default_format(precision: Precision, vendor: str | None = None) -> WeightFormat:
    """The format ``precision`` stands for on a card made by ``vendor`` when no format is named:
    :data:`DEFAULT_FORMAT`, FP4 by :data:`FP4_BY_VENDOR` where the vendor's format is declared."""
    if precision is Precision.FP4 and vendor in FP4_BY_VENDOR:
        return FP4_BY_VENDOR[vendor][0]
    return DEFAULT_FORMAT[precision]


def fp4_not_taken(fmt: WeightFormat, vendor: str | None) -> WeightFormat | None:
    """The format a card of ``vendor`` takes instead where ``fmt`` is a 4-bit float format its FP4
    products do not take (NVFP4 on an AMD card: MXFP4), else None (also for an undeclared vendor)."""
    taken = FP4_BY_VENDOR.get(vendor or "")
    if FORMATS[fmt].math is not Precision.FP4 or taken is None or fmt in taken:
        return None
    return taken[0]


def format_bits(fmt: WeightFormat, bpw_override: float | None = None) -> float:
    """Stored bits per weight of ``fmt``; an EXL2 (or any) bpw the user gives wins [bit]."""
    return bpw_override if bpw_override is not None else FORMATS[fmt].bits_per_weight


KV_BYTES: dict[Precision, float] = {
    Precision.FP32: 4.0, Precision.TF32: 4.0, Precision.BF16: 2.0, Precision.FP16: 2.0,
    Precision.FP8: 1.0, Precision.INT8: 1.0 + 4 / 128, Precision.INT4: 0.5 + 2 / 32, Precision.FP4: 0.5 + 1 / 16,
}
"""KV-cache bytes per element [B]: FP8 E4M3 with a per-tensor scale (vLLM ``kv_cache_dtype=fp8``);
INT8 with an fp32 scale per 128-element head vector (TensorRT-LLM INT8 KV); INT4 as llama.cpp's
``q4_0`` cache type (fp16 scale per 32); FP4 with an FP8 scale per 16 (NVFP4 KV)."""


def kv_bytes(precision: Precision) -> float:
    """Bytes per cached key or value element at ``precision`` [B]."""
    return KV_BYTES.get(precision, BYTES_PER_ELEMENT[precision])
