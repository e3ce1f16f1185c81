"""Chinese names of the catalog's vendors (its ``vendor`` field, keyed by the exact English), merged
into :mod:`configurator.core.view.words`' catalogue: the one place a vendor is named in Chinese — the
card's "Vendor" row, and the note on which vendors a ranking compared (``--domestic-only``: a
zh_CN summary listed "Alibaba T-Head, Biren, Cambricon …" in English). Vendors known in China by
their English names (NVIDIA, AMD, AWS) are not listed: they stay as they are."""

from __future__ import annotations

ZH_CN_VENDORS: dict[str, str] = {
    "Alibaba T-Head": "阿里平头哥",
    "Biren": "壁仞",
    "Cambricon": "寒武纪",
    "Google": "谷歌",
    "Huawei": "华为昇腾",
    "Hygon": "海光",
    "Iluvatar CoreX": "天数智芯",
    "Intel (Habana)": "英特尔（Habana）",
    "MetaX": "沐曦",
    "Moore Threads": "摩尔线程",
}
"""A vendor's Chinese name, by the catalog's English (Huawei as its accelerator line, 华为昇腾)."""
