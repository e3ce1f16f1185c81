"""Chinese for the labels of issue 24's answers (what would fit, the closest layout, like-for-like
comparisons, the basis of a cost per unit): an overflow table of :mod:`words`, merged into its
catalogue. Keyed by the English label id."""

from __future__ import annotations

ZH_CN_ANSWERS: dict[str, str] = {
    "not estimated — see the warnings": "未估算——原因见警告",
}
