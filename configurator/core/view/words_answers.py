"""Chinese for the labels of issue 24's answers (what would fit, the closest layout, like-for-like
comparisons, the basis of a cost per unit): an overflow table of :mod:`words`, merged into its
catalogue. Keyed by the English label id."""

from __future__ import annotations

ZH_CN_ANSWERS: dict[str, str] = {
    "not estimated — see the warnings": "未估算——原因见警告",
    "Alternatives are laid out by the planner; your pinned {pins} apply to your choice only.":
        "备选方案的并行布局由规划器选择；您固定的 {pins} 只用于您的方案。",
}
