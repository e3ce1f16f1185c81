"""Words of the printed summary in English and Simplified Chinese.

Labels are keyed by their English text; core warnings are translated by message id
(:mod:`configurator.core.messages`). Terms follow the buyers' vocabulary (训练卡, 推理卡, 显存,
算力, 张量并行 …).
"""

from __future__ import annotations

from configurator.core.messages import CATALOGUES, Message, render

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
    "{n} tokens/s": "{n} 词元/秒",
    "{n} requests/s": "{n} 请求/秒",
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
        self._messages = CATALOGUES[language]

    def __call__(self, text: str, **params: object) -> str:
        return self._labels.get(text, text).format(**params)

    def message(self, message: Message) -> str:
        return render(message, self._messages)
