"""What an estimate says of weights served as their makers publish them (session 41, ds3fp8):
DeepSeek-V3 asked at the default BF16 is served from its FP8 release
(:func:`configurator.core.published_format.published_default`), and a card without FP8 math
serves those weights upcast to 16 bits, as their makers and SGLang do there; and 4-bit float weights in a
block format the card's FP4 products do not take (NVFP4 on AMD, session 42: ``formats.FP4_BY_VENDOR``)."""

from __future__ import annotations

WEIGHTS_ENGLISH: dict[str, str] = {
    "weights-published": (
        "{model} is published as {format} weights ({source}): served as published; name a weight format "
        "(--weight-format, the editor's Weight format) to serve another"
    ),
    "weights-published-upcast": (
        "{card} has no {format} math: {model}'s published {format} weights are upcast to {used} to serve, as its "
        "makers and SGLang do there (twice the memory); vLLM can keep them in {format}, multiplied at 16-bit "
        "(FP8 Marlin, NVIDIA Ampere): --weight-format {fmt_id}"
    ),
    "fp4-format-not-native": (
        "{card}'s FP4 products take {native} (its maker's block scaling), not {format}: {format} weights are "
        "sized as asked and run at the card's FP4 rate as if a kernel took them; {native}: --weight-format {fmt_id} "
        "(the editor's Weight format)"
    ),
}
"""English templates."""

WEIGHTS_CHINESE: dict[str, str] = {
    "weights-published": "{model} 官方发布的是 {format} 权重（{source}）：按发布格式部署；如需其他格式，请指定权重格式"
                         "（--weight-format；编辑器的“权重格式”）",
    "weights-published-upcast": "{card} 不支持 {format} 运算：{model} 官方发布的 {format} 权重需转换为 {used} 部署，与模型发布方和 "
                                "SGLang 在此类卡上的做法相同（显存占用翻倍）；vLLM 可保留 {format} 存储、以 16 位计算（FP8 Marlin，"
                                "NVIDIA Ampere）：--weight-format {fmt_id}",
    "fp4-format-not-native": "{card} 的 FP4 运算采用 {native}（其厂商的块缩放格式），而非 {format}：{format} 权重按所选格式计算"
                             "显存，并按该卡的 FP4 算力估算，相当于假定有内核支持它；如用 {native}：--weight-format {fmt_id}"
                             "（编辑器的“权重格式”）",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
