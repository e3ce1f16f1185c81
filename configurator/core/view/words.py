"""The one catalogue of labels in both languages (issue 14, part 5): every label, heading and
unit word the screen, the command line and the printed summary write, keyed by its English
text (the label id). The core's warnings and reasons keep their id-keyed catalogue
(:mod:`configurator.core.messages`); its word-valued parameters (:data:`TERMS`) are merged in.

Terms follow the buyers' vocabulary (训练卡, 推理卡, 显存, 算力, 张量并行 …). Moved here from
``report/language.py`` so that the core's view models and number formatter, the report and
the window all translate through it. Qt-free.
"""

from __future__ import annotations

from configurator.core.messages import CATALOGUES, TERMS, Message, finished, render
from configurator.core.view.words_answers import ZH_CN_ANSWERS
from configurator.core.view.words_bom import ZH_CN_BOM
from configurator.core.view.words_card import ZH_CN_CARD
from configurator.core.view.words_catalog import ZH_CN_CATALOG
from configurator.core.view.words_catalog_notes import ZH_CN_NOTES
from configurator.core.view.words_charts import ZH_CN_CHARTS
from configurator.core.view.words_choices import ZH_CN_CHOICES
from configurator.core.view.words_command_line import ZH_CN_COMMAND_LINE
from configurator.core.view.words_export import ZH_CN_EXPORT_LABELS, ZH_CN_EXPORT_NOTES
from configurator.core.view.words_import import ZH_CN_IMPORT
from configurator.core.view.words_price import ZH_CN_PRICE
from configurator.core.view.words_summary import ZH_CN_SUMMARY
from configurator.core.view.words_vendors import ZH_CN_VENDORS
from configurator.core.view.words_what_fits import ZH_CN_WHAT_FITS
from configurator.core.view.words_constraints import ZH_CN_CONSTRAINTS
from configurator.core.view.words_estimate import ZH_CN_ESTIMATE
from configurator.core.view.words_tradeoff import ZH_CN_TRADEOFF

LANGUAGES = ("en", "zh_CN")
"""The languages of the catalogue: English (the ids themselves) and Simplified Chinese."""

ZH_CN: dict[str, str] = {
    "Configuration summary": "配置方案摘要",
    "(likely {range})": "（可能 {range}）",
    "{label} (median)": "{label}（中位数）",
    "{label} ({percentile})": "{label}（{percentile}）",
    "How far the numbers can be trusted": "估算的可信范围",
    "Likely ranges": "可能范围",
    "No calibration data for this workload: its numbers carry no likely range":
        "该负载没有校准数据：其数字不给出可能范围",
    "{kind}, {scale}: {n} rows ({held} held out)": "{kind}，{scale}：{n} 行（{held} 行留出）",
    "only {n} at this scale: the range over all scales": "此规模仅 {n} 行：采用全部规模的范围",
    "none at this scale: the range over all scales": "此规模无校准行：采用全部规模的范围",
    "few rows: the range itself is uncertain": "行数少：范围本身也不确定",
    "Rows behind the range": "范围所依据的数据",
    "Numbers": "数字",
    "Rows": "数据行",
    "; ": "；",
    ", ": "、",
    ("Likely: 80 % of the rows were measured within the range, each predicted out of sample (a "
     "calibration row with the defaults set without its own source, a held-out row as shipped; 10th to "
     "90th percentile of measured / predicted; data of {date}); where the rows were all off the same way, "
     "the range is widened to hold the estimate."):
        "可能范围：80% 的数据行的实测值落在此范围内，每行均为样本外预测（校准数据行用不含其自身来源所定的默认值，"
        "留出数据行用发布的默认值；实测值 / 估算值的第 10 至第 90 百分位；数据日期 {date}）；若各行偏差方向一致，"
        "范围放宽到包含估算值本身。",
    "training throughput": "训练吞吐量",
    "memory per card": "每卡显存",
    "prefill (time to first token)": "预填充（首词元延迟）",
    "decode (time per output token)": "解码（每输出词元时间）",
    "serving throughput": "推理吞吐量",
    "one card": "单卡",
    "2 to 64 cards": "2–64 卡",
    "more than 64 cards": "64 卡以上",
    "Date": "日期",
    "App version": "软件版本",
    "Catalog": "硬件目录",
    "Scenario": "方案",
    "Recommendation": "结论",
    "fits with {headroom} headroom": "显存可容纳，余量 {headroom}",
    "does NOT fit: {short} short per card": "显存不足：每卡缺 {short}",
    "{time} for {tokens} tokens": "训练 {tokens} 词元需 {time}",
    "{rps} requests/s, {tpot} per output token": "{rps} 请求/秒，每输出词元 {tpot}",
    "{count} × {card} ({nodes} node(s))": "{count} × {card}（{nodes} 台服务器）",
    "Workload and model": "负载与模型",
    "Workload": "负载",
    "Model": "模型",
    "Parameters": "参数量",
    "Architecture": "结构",
    "Precision": "精度",
    "Recipe": "训练精度方案",
    "Parallelism": "并行方式",
    "Batch": "批大小",
    "Serving load": "推理负载",
    "Card": "加速卡",
    "Class": "类别",
    "Memory": "显存",
    "Memory bandwidth": "显存带宽",
    "Peak at {precision}": "{precision} 峰值算力",
    "Board power": "板卡功耗",
    "Card-to-card link": "卡间互联",
    "Confidence": "数据可信度",
    "Sources": "数据来源",
    "Memory per card": "每卡显存",
    "Weights": "权重",
    "Gradients": "梯度",
    "Optimizer states": "优化器状态",
    "Activations": "激活值",
    "KV cache": "KV 缓存",
    "Overhead": "框架开销",
    "Not at the same time": "不同时占用（扣除）",
    "Not at the same time, or paged to host memory": "不同时占用或分页至主机内存（扣除）",
    "Total": "合计",
    "Allowed": "可用上限",
    "Speed and time": "速度与时间",
    "Throughput": "吞吐量",
    "Per card": "每卡",
    "Step time": "单步时间",
    "MFU": "算力利用率（MFU）",
    "Time for the token budget": "完成训练所需时间",
    "GPU-hours": "卡时",
    "{chip}-hours": "卡时",
    "Time to first token": "首词元延迟",  # no "（TTFT）": a heading adds its percentile in brackets ("（p90）"), and
    "Time per output token": "每输出词元时间",  # the pair reads alike (persona51: "（TTFT）" beside no "（TPOT）")
    "Requests": "请求速率",
    "Power, energy and cost": "功耗、能耗与成本",
    "Facility power": "机房总功率",
    "Energy": "能耗",
    "Purchase (cards only)": "采购价（仅加速卡）",
    "Purchase (boards only)": "采购价（仅板卡）",
    "{price}, per board of {n} {chip}s": "{price}，每块板卡（{n} 颗 {chip}）",
    "{price}/{n} {chip}s": "{price}/{n} 颗 {chip}",
    "Cloud": "云租用",
    "Electricity": "电费",
    "Per million tokens": "每百万词元成本",
    "Prices": "价格依据",
    "per job": "每个任务",
    "per hour": "每小时",
    "Alternatives": "备选方案",
    "Time": "时间",
    "Cost": "成本",
    "Power": "功率",
    "Assumptions": "计算假设",
    "Warnings": "注意事项",
    "None": "无",
    "yes": "是",
    "no": "否",
    "Fits": "可容纳",
    "{x}× the time": "耗时为 {x} 倍",
    "{x}× the cost": "成本为 {x} 倍",
    "no price known": "无价格数据",
    "does not fit": "显存不足",
    "slower per token": "单词元更慢",
    "low-confidence specifications": "规格数据可信度低",
    "Memory per card against capacity": "每卡显存与容量对比",
    "Throughput against card count": "吞吐量随卡数变化",
    "Training card": "训练卡",
    "Inference card": "推理卡",
    "Graphics card": "图形卡",
    "Workstation card": "工作站卡",
    "Edge card": "边缘卡",
    "Full fine-tune": "全参数微调",
    "LoRA fine-tune": "LoRA 微调",
    "QLoRA fine-tune": "QLoRA 微调",
    "Inference serving": "推理服务",
    "Compared with the recommendation": "与推荐方案相比",
    "no comparable price": "无可比价格",
    "tensor parallel": "张量并行",
    "pipeline parallel": "流水线并行",
    "data parallel": "数据并行",
    "ZeRO stage": "ZeRO 阶段",
    "recomputation": "激活重计算",
    "micro-batch": "微批",
    "sequence": "序列长度",
    "gradient accumulation": "梯度累积",
    "context": "上下文长度",
    "concurrency": "并发用户数",
    "prompt": "提示长度",
    "answer": "回答长度",
    "tokens": "词元",
    "Efficiencies": "效率假设",
    "Facility": "机房参数",
    "matrix products": "矩阵运算",
    "decode bandwidth": "解码带宽",
    "prefill": "预填充",
    "links": "互联",
    "average board power": "平均板卡功耗",
    "amortised over {years} years": "按 {years} 年折旧",
    "midpoints of quoted price ranges": "价格区间取中值",
    "card {card}, cloud {cloud}": "加速卡 {card}，云 {cloud}",
    "{n} tokens/s": "{n} 词元/秒",
    "{n} requests/s": "{n} 请求/秒",
    "Video transcoding": "视频转码",
    "Users": "用户数",
    "vGPU profile": "vGPU 配置（每用户显存）",
    "{gib} GiB ({monitors} × {resolution})": "{gib} GiB（{monitors} × {resolution}）",
    "Shading load per user": "每用户着色负载",
    "Streams": "视频流路数",
    "Video": "视频格式",
    "Decoded on the card": "在卡上解码",
    "Scene": "场景大小",
    "Frames": "帧数",
    "Reference": "参考测量",
    "{minutes} per frame on {card} ({tflops} TFLOP/s FP32)": "{card}（FP32 {tflops} TFLOP/s）上每帧 {minutes}",
    "Output": "输出",
    "layers": "层",
    "gen.": "代",
    "encode": "编码",
    "GPUs per board": "颗 GPU/板",
    "FP32 shading": "FP32 着色算力",
    "Ray-tracing cores": "光线追踪核心",
    "Video engines": "视频引擎",
    "Display outputs": "显示输出",
    "vGPU": "vGPU",
    "ECC": "ECC",
    "Virtual desktops and workstations": "虚拟桌面与工作站",
    "Compute profiles only": "仅计算配置",
    "Passthrough only": "仅直通",
    "vGPU frame buffers": "vGPU 帧缓冲",
    "Video surfaces": "视频帧缓存",
    "Scene and output": "场景与输出",
    "Capacity": "容量",
    "Time per frame": "每帧时间",
    "Frames per hour": "每小时帧数",
    "Time for the job": "完成任务所需时间",
    "Limited by": "瓶颈",
    "Carried": "承载",
    "Cards needed": "所需卡数",
    "Servers needed": "所需服务器",
    "{n} at {per} cards each": "{n} 台（每台 {per} 张卡）",
    "{n} at up to {per} cards each": "{n} 台（每台最多 {per} 张卡）",
    "Boards needed": "所需板卡",
    "FP32 per user": "每用户 FP32 算力",
    "Per user-month": "每用户每月成本",
    "Per stream-hour": "每路每小时成本",
    "Per frame": "每帧成本",
    "{served} of {demand} {unit}, {per_card} per card (limited by {limit})":
        "承载 {served}/{demand} {unit}，每卡 {per_card}（瓶颈：{limit}）",
    "{minutes} per frame, {time} for {frames} frames": "每帧 {minutes}，{frames} 帧需 {time}",
    "{enc} 1080p frames/s per encoder at P4, {dec} per decoder, {n} surfaces per stream":
        "每个编码器 P4 预设 1080p {enc} 帧/秒，每个解码器 {dec} 帧/秒，每路 {n} 帧缓存",
    "at most {n} vGPUs per GPU": "每颗 GPU 最多 {n} 个 vGPU",
    "Encode sessions": "编码会话",
    "consumer cards {s} per server": "消费级显卡每台服务器 {s} 路",
    "Render speed": "渲染速度",
    ("from {reference}'s time per frame by measured speed: Blender Open Data medians (Cycles, OptiX, Blender "
     "{version}), {card} {score} and {reference} {ref} samples/min"):
        "由 {reference} 的每帧时间按实测速度换算：Blender Open Data 中位数（Cycles，OptiX，Blender {version}），"
        "{card} {score}、{reference} {ref} 采样/分钟",
    ("from {reference}'s time per frame by FP32 rate: on {n} cards measured, off by a median {median}, "
     "up to {worst}"):
        "由 {reference} 的每帧时间按 FP32 算力换算：对照 {n} 款实测显卡，误差中位数 {median}，最大 {worst}",
    "framework context {ctx} GiB per card": "每卡框架上下文 {ctx} GiB",
    "Desktop host": "桌面主机",
    "{desktops} desktops a server: {vcpus} vCPU and {ram} GiB each, {ratio} vCPU per core on {cores} cores and "
    "{host_ram} GiB":
        "每台服务器 {desktops} 个桌面：每个 {vcpus} 个 vCPU、{ram} GiB，{cores} 个核心每核 {ratio} 个 vCPU，"
        "内存 {host_ram} GiB",
}


ZH_CN.update(ZH_CN_SUMMARY)  # the approval summary (core/view/words_summary.py)
ZH_CN.update(ZH_CN_BOM)  # the bill of materials' items (core/view/words_bom.py)


ZH_CN.update({
    # unit words (configurator.core.view.numbers); symbols such as GiB, ms, W, kW and % are the same
    "s": "秒",
    "kWh": "kWh",  # as "kW" and "CNY/kWh" beside it (a page read "870 千瓦时" above "0.630 CNY/kWh")
    "tokens/s": "词元/秒",
})

ZH_CN.update(ZH_CN_ESTIMATE)  # the view model of an estimate: window, CLI and summary

ZH_CN.update({
    # what limits a configuration (estimate_view.FACTORS; core.limiting.limiting_factor)
    "memory": "显存",
    "network": "网络",
    "pipeline bubble": "流水线气泡",
    "host link (CPU offload)": "主机链路（CPU 卸载）",
    "video engines": "视频引擎",
    "vGPU limit": "vGPU 限制",
    "driver limit": "驱动限制",
})

ZH_CN.update(ZH_CN_COMMAND_LINE)  # the command line's tables (core/view/words_command_line.py)
ZH_CN.update(ZH_CN_CARD)
ZH_CN.update(ZH_CN_CHARTS)
ZH_CN.update(ZH_CN_CHOICES)
ZH_CN.update(ZH_CN_IMPORT)  # China's own import stance on a card (core/view/words_import.py)
ZH_CN.update(ZH_CN_EXPORT_LABELS)  # export history, licence fee, production (core/view/words_export.py)
ZH_CN.update(ZH_CN_EXPORT_NOTES)
ZH_CN.update(ZH_CN_PRICE)
ZH_CN.update(ZH_CN_WHAT_FITS)
ZH_CN.update(ZH_CN_ANSWERS)
ZH_CN.update(ZH_CN_CONSTRAINTS)
ZH_CN.update(ZH_CN_TRADEOFF)
ZH_CN.update(ZH_CN_CATALOG)
ZH_CN.update(ZH_CN_NOTES)
ZH_CN.update(ZH_CN_VENDORS)  # a vendor's Chinese name (core/view/words_vendors.py)

class Words:
    """Translator for one language: labels by their English text, warnings by message id."""

    def __init__(self, language: str = "en") -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language '{language}'; use one of {', '.join(LANGUAGES)}")
        self.language = language
        self._labels = {**TERMS.get(language, {}), **ZH_CN} if language == "zh_CN" else {}
        self._messages = CATALOGUES[language]

    def __call__(self, text: str, **params: object) -> str:
        return finished(self._labels.get(text, text).format(**params), self.language)

    def label(self, text: str) -> str:
        """``text`` (a label id) in the language, unformatted: a name not in the catalogue as it is."""
        return self._labels.get(text, text)

    def message(self, message: Message) -> str:
        return render(message, self._messages)


def words(language: str) -> Words:
    """The (shared, stateless) translator of ``language``."""
    if language not in _WORDS:
        _WORDS[language] = Words(language)
    return _WORDS[language]


_WORDS: dict[str, Words] = {}
