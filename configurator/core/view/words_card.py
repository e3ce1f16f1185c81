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

ZH_CN_CARD.update({
    "Vendor": "厂商",
    "GPU architecture": "架构",
    "{chip} architecture": "架构",
    "Year": "年份",
    "Form factor": "外形规格",
    "Usable memory": "可用显存",
    "{n} (measured)": "{n}（实测）",
    "Dense peak rates": "稠密峰值算力",
    "{precision} dense": "{precision} 稠密",
    "Power and links": "功耗与互联",
    "Link bandwidth": "互联带宽",
    "Cards per link domain": "每个互联域的卡数",
    "Graphics and video": "图形与视频",
    "Encoder generation": "编码器代次",
    "Decoder generation": "解码器代次",
    "AV1 encode": "AV1 编码",
    "{chip}s on the board": "每板 {chip} 数",
    "Logic die area": "逻辑芯片面积",
    "Dated prices": "价格（注明日期）",
    "{kind}, {date}": "{kind}，{date}",
    "{amount}; confidence: {confidence}": "{amount}；可信度：{confidence}",
    "list price (MSRP)": "厂商建议零售价（MSRP）",
    "street price": "市场价",
    "cloud, per card-hour": "云租用（每卡每小时）",
    "Price": "价格",
    "none known": "暂无",
    "Note": "备注",
    "Software stack: {stack}": "软件栈：{stack}",
    "not rated": "未评级",
    "supported": "支持",
    "partial": "部分支持",
    "{status} ({note})": "{status}（{note}）",
    "TPP {tpp}, performance density {density} → {paragraph} (computed from the rates)":
        "TPP {tpp}，性能密度 {density} → {paragraph}（由算力数据计算）",
    "Export to China: {status}": "对华出口：{status}",
    "Rule": "规则",
    "Status as of": "状态日期",
    "Low confidence: check a vendor datasheet before buying": "可信度低：采购前请核对厂商规格书",
    "Specification confidence: {level}": "规格数据可信度：{level}",
    "preliminary (announced, not shipping)": "初步（已发布未上市）",
    "not verified": "未核实",
})
"""The view model of a card (:mod:`configurator.core.view.card_view`): the browser's details, ``catalog show``
(moved from :mod:`configurator.core.view.words`, December 2026)."""

ZH_CN_CARD.update({
    "{gpu} per {chip} ({board} the board of {n})": "每颗 {chip} {gpu}（每块板卡 {n} 颗，共 {board}）",
})
"""The power of a board of several chips (an Atlas 300I Duo, an A16): one chip's share and the board's."""

ZH_CN_CARD.update({
    "{card_class} (also {classes})": "{card_class}（也定位于{classes}）",
    "{card_class} …": "{card_class}…",
    "{one}, {other}": "{one}、{other}",
    "training": "训练",
    "inference": "推理",
    "graphics": "图形",
    "workstation": "工作站",
    "edge": "边缘",
    "fine-tuning": "微调",
    "Vendor also positions it for": "厂商也定位于",
})
"""A card's class with the classes its vendor also positions it for
(:mod:`configurator.core.view.card_classes_view`)."""
