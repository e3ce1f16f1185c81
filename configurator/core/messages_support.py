"""Message templates of the caution a buyer is given for a card whose vendor software is past its
support (the toolkit no longer builds for its architecture: Volta after CUDA 13.0), in both
languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id.

The parts of ``stack-past-support-means`` (``stack-last-driver`` … ``stack-module``) are each
written with their own separator at the end, so that a part left out leaves no gap."""

from __future__ import annotations

SUPPORT_ENGLISH: dict[str, str] = {
    "stack-past-support": (
        "Past vendor support: {last_release} is the last toolkit for {card} — {dropped_in} dropped its architecture "
        "({date})"
    ),
    "stack-past-support-then": "{caution}; {alternative}",
    "stack-supported-alternative": (
        "the best-ranked card with no end of support on record is #{rank}, {other}, costing {ratio:.2f}× as much "
        "per unit of work"
    ),
    "stack-supported-alternative-unpriced": "the best-ranked card with no end of support on record is #{rank}, {other}",
    "stack-past-support-means": (
        "What past support means for {card}: {driver}{dropped}{precision}{module}its software stays built with "
        "{last_release} or older for the {period} the cards are owned"
    ),
    "stack-last-driver": "{driver} is the last driver branch for it; ",
    "stack-dropped-by": "newer releases drop or deprecate it ({releases}); ",
    "stack-release": "{release}, {date}",
    "stack-no-bf16-fp8": "no BF16 or FP8 math (FP16 only); ",
    "stack-no-fp8": "no FP8 math; ",
    "stack-module": "{form} modules fit only an {form} baseboard server of their own generation; ",
}

SUPPORT_CHINESE: dict[str, str] = {
    "stack-past-support": "已过厂商支持期：{card} 的最后一个工具包为 {last_release}——{dropped_in} 已不再支持其架构（{date}）",
    "stack-past-support-then": "{caution}；{alternative}",
    "stack-supported-alternative": "无支持终止记录的最优卡为第 {rank} 名 {other}，单位工作量成本为前者的 {ratio:.2f} 倍",
    "stack-supported-alternative-unpriced": "无支持终止记录的最优卡为第 {rank} 名 {other}",
    "stack-past-support-means": (
        "过支持期对 {card} 意味着：{driver}{dropped}{precision}{module}在持有这批卡的 {period}里，软件只能用 "
        "{last_release} 或更早的版本构建"
    ),
    "stack-last-driver": "{driver} 是支持它的最后一个驱动分支；",
    "stack-dropped-by": "新版本已放弃或弃用它（{releases}）；",
    "stack-release": "{release}，{date}",
    "stack-no-bf16-fp8": "不支持 BF16 与 FP8 运算（仅 FP16）；",
    "stack-no-fp8": "不支持 FP8 运算；",
    "stack-module": "{form} 模组只能装在同代的 {form} 基板服务器上；",
}
