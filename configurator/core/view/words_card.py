"""Chinese labels of the card's view model added after :mod:`configurator.core.view.words` was
full (issue 14, part 5): merged into its catalogue there. Keyed by the English label id."""

from __future__ import annotations

ZH_CN_CARD: dict[str, str] = {
    "Encoders and decoders": "编码器与解码器",
    "{enc} NVENC, {dec} NVDEC": "{enc} 个 NVENC，{dec} 个 NVDEC",
}
"""The video engines' counts, from the catalog's fields (the printed summary's card table)."""

ZH_CN_CARD.update({
    "Cooling": "散热方式",
    "Cooling source": "散热方式来源",
    "passive (server airflow)": "被动散热（靠服务器风道）",
    "blower": "涡轮散热",
    "flow-through (workstation)": "穿透式散热（工作站）",
    "fan": "风扇散热",
    "liquid": "液冷",
    "not published": "未公开",
})
"""The cooler a card is sold with (:data:`configurator.core.view.card_view.COOLERS`), and "not
published" where the catalog leaves it unknown."""
