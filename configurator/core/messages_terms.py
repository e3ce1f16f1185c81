"""Word-valued parameters of the messages (a limit, a card class, a workload, a unit; a price file's
item, a provider, a card's name) in each language: :data:`TERMS`, which
:func:`configurator.core.messages.render` looks a word parameter up in (re-exported there)."""

from __future__ import annotations

from configurator.core.messages_bands import BANDS_TERMS_CHINESE
from configurator.core.messages_items import ITEM_CHINESE
from configurator.core.messages_json import JSON_TERMS_CHINESE
from configurator.core.messages_offers import OFFER_CHINESE
from configurator.core.view.card_names import ZH_CN_CARD_NAMES

TERMS: dict[str, dict[str, str]] = {
    "en": {"vdi": "virtual-desktop", "transcode": "transcoding", "render": "rendering",
           # a workload said in words, not its id ("finetune work usually belongs on training cards"; session 40)
           "pretrain": "pre-training", "finetune": "full fine-tuning"},
    "zh_CN": {
        "target": "目标",
        "default for interactive chat": "交互式对话的默认值",
        "default for an API": "API 服务的默认值",
        "a month": "每月",
        "a month around the clock": "每月（全天候租用）",  # a rent budget's month (the summary's rent: at the TCO's utilisation)
        "for the whole job": "（整个作业）",
        "memory bandwidth": "显存带宽",
        "compute": "算力",
        "training": "训练",
        "inference": "推理",
        "graphics": "图形",
        "workstation": "工作站",
        "edge": "边缘",
        "framebuffer": "帧缓冲",
        "vGPU instances": "vGPU 实例数上限",
        "shading load": "着色负载",
        "passthrough": "直通",
        "encoders": "编码器",
        "decoders": "解码器",
        "encode sessions": "编码会话数上限",
        "display outputs": "显示输出",
        "users": "个用户",
        "streams": "路视频流",
        "user": "个用户",  # one of them (core/view/names.py work_unit: "1 user per card")
        "stream": "路视频流",
        "pretrain": "预训练",
        "finetune": "全参数微调",
        "lora": "LoRA",
        "qlora": "QLoRA",
        "vdi": "虚拟桌面",
        "user-month": "用户·月",
        "million tokens": "百万词元",
        "stream-hour": "路·小时",
        "frame": "帧",
        "frames": "帧",
        "unknown": "未知",
        "transcode": "视频转码",
        "render": "离线渲染",
        "per card": "每卡",
        "per board": "每块板卡",  # a multi-GPU board's price (A16: 4 GPUs; Card.priced_per)
        "per card-hour": "每卡每小时",
        "days": "天",  # the units of a job's time ({hours:duration}; the screen's unit words, core/view/words.py)
        "h": "小时",
        "min": "分钟",
        "s": "秒",  # a latency of 10 s and more ({ms:latency})
    },
}
TERMS["zh_CN"].update({"none": "无",  # "pinned: none" (no-layout-fits); then core/files.py's kinds of path
                       "a folder": "文件夹", "a named pipe (FIFO)": "命名管道（FIFO）", "a socket": "套接字",
                       "a device": "设备", "not a regular file": "非普通文件", "quotes file": "报价文件", "file": "文件"})
TERMS["zh_CN"].update(ITEM_CHINESE)  # the price file's item names a warning names (core/messages_items.py)
TERMS["zh_CN"].update(OFFER_CHINESE)  # a price's provider and tier a warning names (core/messages_offers.py)
TERMS["zh_CN"].update(JSON_TERMS_CHINESE)  # kinds of JSON value, the JSON decoder's reasons (core/messages_json.py)
TERMS["zh_CN"].update(ZH_CN_CARD_NAMES)  # a card's name beside its product name (core/view/card_names.py)
RANGE_UNITS_CHINESE = {f" [{en}]": f" [{zh}]" for en, zh in (
    ("tokens", "词元"), ("tokens/s", "词元/秒"), ("parameters", "参数"), ("sequences", "序列"), ("examples", "样本"),
    ("cards", "张卡"), ("count", "个"), ("share", "比例"), ("ratio", "比值"), ("pixels", "像素"), ("years", "年"),
    ("h", "小时"), ("min", "分钟"), ("s", "秒"), ("bit", "位"), ("vCPU/core", "vCPU/核"), ("requests a day", "请求/天"))}
"""The unit after a range a value is outside of ('--seq: 0 超出范围 1 至 2,097,152 [词元]'; the field's declared
unit, bounds.field_bounds), in Chinese words: the command line's zh refusal read '[tokens]' and '[parameters]'
until December 2026. Symbols (GiB, W, ms, TFLOP/s) and currency codes stay as they are."""
TERMS["zh_CN"].update(RANGE_UNITS_CHINESE)
TERMS["zh_CN"].update(BANDS_TERMS_CHINESE)  # the kind a grouped likely range's note names (core/messages_bands.py)
"""Word-valued parameters (a limit, a card class, a workload) in each language."""
