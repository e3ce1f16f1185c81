"""Words of the printed summary in English and Simplified Chinese.

Labels are keyed by their English text; core warnings are translated by message id
(:mod:`configurator.core.messages`). Terms follow the buyers' vocabulary (训练卡, 推理卡, 显存,
算力, 张量并行 …).
"""

from __future__ import annotations

from configurator.core.messages import Message, render

LANGUAGES = ("en", "zh_CN")

ZH_CN: dict[str, str] = {
    "Configuration summary": "配置方案摘要",
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
    "Total": "合计",
    "Allowed": "可用上限",
    "Speed and time": "速度与时间",
    "Throughput": "吞吐量",
    "Per card": "每卡",
    "Step time": "单步时间",
    "MFU": "算力利用率 (MFU)",
    "Time for the token budget": "完成训练所需时间",
    "GPU-hours": "GPU 时",
    "Time to first token": "首词元延迟 (TTFT)",
    "Time per output token": "每输出词元时间 (TPOT)",
    "Requests": "请求速率",
    "Power, energy and cost": "功耗、能耗与成本",
    "Facility power": "机房总功率",
    "Energy": "能耗",
    "Purchase (cards only)": "采购价（仅加速卡）",
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
    "Pre-training": "从头预训练",
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
    "concurrency": "并发序列",
    "prompt": "提示长度",
    "answer": "回答长度",
    "tokens": "词元",
    "days": "天",
    "h": "小时",
    "min": "分钟",
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
    "Page {page}": "第 {page} 页",
}

ZH_CN_MESSAGES: dict[str, str] = {
    "precision-fallback": "{card} 不支持 {requested}：改用 {used}",
    "precision-emulated": (
        "{card} 不支持 {requested} 运算：权重以 {requested} 存储，以 {used} 计算（模拟，只省显存不省算力）"
    ),
    "precision-not-for-training": "{requested} 不是训练精度：改用 {used}",
    "no-compute-rate": "{card} 无公开算力数据：无法估算速度、时间和成本",
    "no-bandwidth": "{card} 无公开显存带宽：无法估算解码速度",
    "no-tdp": "{card} 无公开功耗：无法估算功率和能耗",
    "does-not-fit": "显存不足：每卡需要 {need:.1f} GiB，{card} 可用 {budget:.1f} GiB（缺 {short:.1f} GiB）",
    "tight-fit": "余量仅 {headroom:.0f} %：内存碎片或更长序列可能溢出",
    "tp-over-pcie": "{card} 无 NVLink：张量并行经由 PCIe",
    "tp-across-nodes": "张量并行度 {tp} 超过每台服务器 {per_node} 张卡：张量并行流量经过网络",
    "tp-beyond-link-domain": "张量并行度 {tp} 超过 {card} 高速互联域的 {domain} 张卡：部分经由 PCIe",
    "dp-over-pcie": "{card} 无卡间互联：梯度交换经由 PCIe",
    "pipeline-bubble": "流水线空泡：{pp} 级、{m} 个微批时每步 {bubble:.0f} % 时间空闲；请增加梯度累积",
    "zero-without-dp": "只有一个数据并行副本时 ZeRO 阶段 {zero} 不起作用",
    "no-purchase-price": "目录中没有 {card} 的采购价：请输入价格以计算采购成本",
    "no-cloud-price": "目录中没有 {card} 的云租用价：请输入价格以计算云成本",
    "low-confidence": "{card} 规格数据可信度低：采购前请核对厂商规格书",
    "class-mismatch": "{card} 是{category}类卡；{workload} 通常应使用{expected}类卡",
    "no-display-no-encoder": "{card} 没有显示输出和视频编码器",
    "consumer-card-training": "{card} 是消费级显卡：无 ECC、无 NVLink，许可协议限制数据中心使用",
    "moe-expert-parallel-ignored": "未计入混合专家模型的 all-to-all 通信：多卡时间偏乐观",
    "misses-deadline": "需要 {hours:,.0f} 小时，超出 {deadline:,.0f} 小时的期限 {over:,.0f} 小时",
    "over-budget": "成本 {cost:,.0f} {currency}（{basis}），超出预算 {budget:,.0f} 达 {over:,.0f} {currency}",
    "over-power-cap": "机房功率 {kw:,.1f} kW，超过 {cap:,.1f} kW 的上限",
    "over-rack-power": "单台服务器机房功率 {kw:,.1f} kW，超过机架允许的 {cap:,.1f} kW",
    "misses-throughput": "训练吞吐 {rate:,.0f} 词元/秒，低于所需的 {target:,.0f} 词元/秒",
    "misses-request-rate": "可处理 {rate:,.2f} 请求/秒，低于所需的 {target:,.2f} 请求/秒",
    "misses-tpot": "每输出词元 {ms:,.1f} ms，超过 {target:,.1f} ms 的目标",
    "misses-ttft": "首词元延迟 {ms:,.0f} ms，超过 {target:,.0f} ms 的目标",
    "prompt-exceeds-batch": "{prompt} 词元的提示按每块 {chunk} 词元分块预填充",
    "reason-decode-bound": "{card} 同时解码 {concurrency} 条序列，瓶颈在 {bound}",
    "reason-comm-bound": "{card}：每步 {share:.0f} % 时间用于通信，更快的互联会有帮助",
    "reason-compute-bound": "{card} 算力利用率 {mfu:.0f} %，显存余量 {headroom:.0f} %",
    "reason-class-cheaper": "{card}（{category}）每词元成本比最好的{other_category}卡 {other} 低 {ratio:.1f} 倍",
    "reason-class-faster": "{card}（{category}）比最好的{other_category}卡 {other} 快 {ratio:.1f} 倍",
    "reason-deadline-changes": "若期限短于 {hours:,.0f} 小时，{count} × {card} 会胜出（最快方案）",
    "reason-latency-changes": "若每词元延迟目标低于 {ms:,.1f} ms，{count} × {card} 会胜出",
    "mismatch-training-card-for-serving": (
        "{card} 是训练卡：{count} × {other} 以低 {ratio:.1f} 倍的每词元成本承载同样负载"
        "（每百万词元节省 {saving:,.2f} {currency}）"
    ),
    "mismatch-pcie-card-for-training": (
        "{card} 没有卡间高速互联：本次训练需 {hours:,.0f} 小时；{count} × {other}（NVLink）只需 {other_hours:,.0f} 小时"
    ),
    "inference-batch-compute-bound": "{card} 同时解码 {concurrency} 条序列时受算力限制：更高并发会增加延迟",
}


CLASS_LABELS = {"training": "Training card", "inference": "Inference card", "graphics": "Graphics card",
                "workstation": "Workstation card", "edge": "Edge card"}
WORKLOAD_LABELS = {"pretrain": "Pre-training", "finetune": "Full fine-tune", "lora": "LoRA fine-tune",
                   "qlora": "QLoRA fine-tune", "inference": "Inference serving"}


class Words:
    """Translator for one language: labels by English text, warnings by message id."""

    def __init__(self, language: str = "en") -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language '{language}'; use one of {', '.join(LANGUAGES)}")
        self.language = language
        self._labels = ZH_CN if language == "zh_CN" else {}
        self._messages = ZH_CN_MESSAGES if language == "zh_CN" else {}

    def __call__(self, text: str, **params: object) -> str:
        return self._labels.get(text, text).format(**params)

    def message(self, message: Message) -> str:
        return render(message, self._messages)
