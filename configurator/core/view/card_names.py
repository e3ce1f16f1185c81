"""A card's name as a reader of each language sees it (session 25): the product name as the vendor
writes it, the descriptive part around it in the reader's language.

The catalog names a card in English, with a descriptive part beside the product name: an aside in
brackets ("H800 SXM5 80GB (China export SKU)"), a dash ("GB200 NVL72 — per Blackwell GPU") or an
edition ("RTX PRO 6000 Blackwell Workstation Edition"). In Chinese the product name stays (model
names are not translated: GB200, Gaudi 3, Instinct MI300X), the descriptive part is written in
Chinese with Chinese punctuation (full-width brackets and comma, the Chinese dash "——"):
"GB200 NVL72——每颗 Blackwell GPU", "H800 SXM5 80GB（对华出口版）". A product whose vendor sells it
under a Chinese name is named so: Huawei's Ascend is 昇腾 on its Chinese pages and in the Chinese
press ("昇腾910C", "昇腾超节点 CloudMatrix 384"; e.g. https://www.hiascend.com/zh/), Biren's
Bili 壁砺, Iluvatar CoreX's Tiangai 天垓, T-Head's Zhenwu 真武; NVIDIA's Chinese pages call an edition
工作站版 / 服务器版 and a Superchip 超级芯片.

:data:`ZH_CN_CARD_NAMES` is keyed by the catalog's exact English name and merged into the word
terms of the core's messages (:data:`configurator.core.messages.TERMS`), and so into the one label
catalogue (:mod:`configurator.core.view.words`): a card name passed as a message's parameter, a
phrase's field or a row's value is written in the reader's language by the one lookup; text put
together outside them (the summary's "4 × {card}", a table cell, a combo box) calls
:func:`card_name`. A card the table does not list (a user's own card, a plain model name such as
"H100 SXM5 80GB") keeps its name. ``tests/test_card_names.py`` holds every catalog name to
:data:`PRODUCT_WORDS` in Chinese.
"""

from __future__ import annotations

import re

CHIP_MEASURE = "颗"
"""The Chinese measure word of a chip (a GPU of a board or rack, a module of a server: 'A16（4 颗 GPU 之一）'); a card
whose Chinese name holds it is counted in it where a line counts it ('16 颗昇腾 910C 服务器……（每台 8 颗）'), every
other card in 张, one measure word a line (persona49b) and one for the same count on a page (the bill's "按整台服务器
购买，共 72 颗" beside the ranking's "72 张昇腾 910B" until December 2026, persona50b): what the catalog prices one by
one, a board or a module on a baseboard, is a card, 张, as the Chinese trade counts them ("8张NVIDIA A100或国产寒武纪
思元370加速卡", "800T A2有八张昇腾910处理模块": http://www.ruibaoantu.com/article/detail.html?id=3643395, 2025-09-18;
https://blog.haoyuanyu.icu/2025/08/18/华为算力卡, 2025-08-18); a processor inside a product is a chip, 颗, as Huawei
counts its own ("数千颗昇腾910 AI处理器", the Atlas 900 launch, 2019-09-18, relayed at
http://www.hxnews.com/news/itkj/kjqy/201909/18/1806187_3.shtml). :func:`counts_chips` is the rule."""

ZH_CN_CARD_NAMES: dict[str, str] = {
    "H800 SXM5 80GB (China export SKU)": "H800 SXM5 80GB（对华出口版）",
    "H20 96GB (China export SKU)": "H20 96GB（对华出口版）",
    "A800 SXM4 80GB (China export SKU)": "A800 SXM4 80GB（对华出口版）",
    "L20 48GB (China SKU)": "L20 48GB（中国特供版）",
    "L2 24GB (China SKU)": "L2 24GB（中国特供版）",
    "RTX 6000D (China-market Blackwell, 84 GB)": "RTX 6000D（中国市场版 Blackwell，84 GB）",
    "B200 (HGX B200, SXM)": "B200（HGX B200，SXM）",
    "B300 / Blackwell Ultra (HGX B300, SXM)": "B300 / Blackwell Ultra（HGX B300，SXM）",
    "GB200 NVL72 — per Blackwell GPU": "GB200 NVL72——每颗 Blackwell GPU",
    "GB300 NVL72 — per Blackwell Ultra GPU": "GB300 NVL72——每颗 Blackwell Ultra GPU",
    "Vera Rubin NVL72 — per Rubin GPU (announced)": "Vera Rubin NVL72——每颗 Rubin GPU（已宣布）",
    "GH200 Grace Hopper Superchip 96 GB (per Hopper GPU)": "GH200 Grace Hopper 超级芯片 96 GB（每颗 Hopper GPU）",
    "GH200 Grace Hopper Superchip 144 GB HBM3e (per Hopper GPU)":
        "GH200 Grace Hopper 超级芯片 144 GB HBM3e（每颗 Hopper GPU）",
    "DGX Spark (GB10 Grace Blackwell superchip)": "DGX Spark（GB10 Grace Blackwell 超级芯片）",
    "A16 (one of its 4 GPUs)": "A16（4 颗 GPU 之一）",
    "GeForce RTX 4080 (16GB)": "GeForce RTX 4080（16GB）",
    "RTX 6000 Ada Generation": "RTX 6000 Ada",
    "RTX PRO 6000 Blackwell Workstation Edition": "RTX PRO 6000 Blackwell 工作站版",
    "RTX PRO 6000 Blackwell Max-Q Workstation Edition": "RTX PRO 6000 Blackwell Max-Q 工作站版",
    "RTX PRO 6000 Blackwell Server Edition": "RTX PRO 6000 Blackwell 服务器版",
    "Gaudi 2 (HL-225H)": "Gaudi 2（HL-225H）",
    "Gaudi 3 (HL-325L OAM)": "Gaudi 3（HL-325L OAM）",
    "Cloud TPU v5e (per chip, reference)": "Cloud TPU v5e（单芯片，仅供参考）",
    "Cloud TPU v6e Trillium (per chip, reference)": "Cloud TPU v6e Trillium（单芯片，仅供参考）",
    "Cloud TPU7x Ironwood (per chip, reference)": "Cloud TPU7x Ironwood（单芯片，仅供参考）",
    "AWS Trainium2 (per chip, reference)": "AWS Trainium2（单芯片，仅供参考）",
    "Ascend 910B": "昇腾 910B",
    "Ascend 910C CM384 — CloudMatrix 384 supernode (per 910C)": "昇腾 910C CM384——CloudMatrix 384 超节点（每颗 910C）",
    "Ascend 910C server — Atlas 800T/800I A3 (8 per server)": "昇腾 910C 服务器——Atlas 800T/800I A3（每台 8 颗）",
    "Ascend 950PR (Atlas 350)": "昇腾 950PR（Atlas 350）",
    "Atlas 300I Duo (one of its 2 Ascend 310P)": "Atlas 300I Duo（2 颗昇腾 310P 之一）",
    "BR100 (Bili 100P OAM)": "BR100（壁砺 100P OAM）",
    "BR104 (Bili 104P PCIe)": "BR104（壁砺 104P PCIe）",
    "BI-V100 (Tiangai 100)": "BI-V100（天垓 100）",
    "PPU (Zhenwu) AI accelerator": "PPU（真武）AI 加速器",
}
"""Chinese of the catalog's card names that hold more than the product name, keyed by the
catalog's English name (``Card.name``); every other name is the product name alone, the same in
Chinese."""

PRODUCT_WORDS = frozenset({
    "GeForce", "Tesla", "Instinct", "Gaudi", "Cloud", "Trillium", "Ironwood", "Grace", "Hopper", "Blackwell",
    "Ultra", "Vera", "Rubin", "Ada", "Max-Q", "Spark", "CloudMatrix", "Atlas", "Duo", "PCIe"})
"""The words without a digit and not in capitals that a card's Chinese name may keep: parts of
product names (brands, architectures, editions the vendor names in Chinese too: "GeForce RTX 4090",
"Grace Hopper", "Max-Q", "CloudMatrix 384") and the one unit so spelt (PCIe). A word with a digit
(H800, SXM5, 80GB, v5e, 910C) or in capitals (GPU, HGX, OAM, AI, GB) is a model name, a part
number, an acronym or a unit; any other Latin word is English left untranslated."""

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+-]*")


def card_name(name: str, language: str = "en") -> str:
    """The card named ``name`` (the catalog's English ``Card.name``) as a reader of ``language``
    reads it: 'GB200 NVL72 — per Blackwell GPU' -> 'GB200 NVL72——每颗 Blackwell GPU' in
    ``zh_CN``; a name not in :data:`ZH_CN_CARD_NAMES`, and every name in English, as it is."""
    return ZH_CN_CARD_NAMES.get(name, name) if language.startswith("zh") else name


def counts_chips(name: str) -> bool:
    """Whether the card named ``name`` (the catalog's English name, or its Chinese one) is counted in chips
    (:data:`CHIP_MEASURE`: its Chinese name counts them, 'A16（4 颗 GPU 之一）', 'GB200 NVL72——每颗 Blackwell GPU'):
    a line that counts it counts in the same word (persona49b)."""
    return CHIP_MEASURE in card_name(name, "zh_CN")


def foreign_words(text: str) -> set[str]:
    """The Latin words of a Chinese ``text`` that are neither a model name, a part number, an
    acronym or a unit (a digit, or capitals) nor in :data:`PRODUCT_WORDS`: what a card's Chinese
    name should not hold ('per', 'Edition', 'Superchip')."""
    return {word for word in _WORD.findall(text)
            if not any(ch.isdigit() for ch in word) and not word.isupper() and word not in PRODUCT_WORDS}
