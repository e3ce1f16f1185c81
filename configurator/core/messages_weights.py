"""What an estimate says of weights served as their makers publish them (session 41, ds3fp8):
DeepSeek-V3 asked at the default BF16 is served from its FP8 release
(:func:`configurator.core.published_format.published_default`), and a card without FP8 math
serves those weights as the engine's fallback does."""

from __future__ import annotations

WEIGHTS_ENGLISH: dict[str, str] = {
    "weights-published": (
        "{model} is published as {format} weights ({source}): served as published; name a weight format "
        "(--weight-format, the editor's Weight format) to serve another"
    ),
    "weights-published-emulated": (
        "{card} has no {format} math: {model}'s published {format} weights are kept in {format} and multiplied "
        "at {used}, as vLLM's FP8 Marlin kernels do (saves memory, not compute); SGLang upcasts them to BF16 "
        "instead (--weight-format bf16)"
    ),
}
"""English templates."""

WEIGHTS_CHINESE: dict[str, str] = {
    "weights-published": "{model} 官方发布的是 {format} 权重（{source}）：按发布格式部署；如需其他格式，请指定权重格式"
                         "（--weight-format；编辑器的“权重格式”）",
    "weights-published-emulated": "{card} 不支持 {format} 运算：{model} 官方发布的 {format} 权重仍以 {format} 存储，以 {used} "
                                  "计算，与 vLLM 的 FP8 Marlin 内核相同（只省显存不省算力）；SGLang 则将其转换为 BF16"
                                  "（--weight-format bf16）",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
