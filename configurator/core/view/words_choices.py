"""Chinese labels of the scenario's choices (:mod:`configurator.core.view.names`: workloads,
recipes, optimizers, recomputation, loss, ZeRO, CUDA graphs, percentiles, MLPerf benchmarks,
delivery regions, encoder presets), merged into the one catalogue by
:mod:`configurator.core.view.words`. They were the window's Qt translations (context ``labels``)
and are the same words here, now shared by the window, the command line and the printed summary.
Keyed by the English label id."""

from __future__ import annotations

ZH_CN_CHOICES: dict[str, str] = {
    "Pre-train from scratch": "从头预训练",
    "QLoRA fine-tune (4-bit base)": "QLoRA 微调（4 位基座）",
    "Virtual desktops / cloud workstations": "虚拟桌面 / 云工作站",
    "Offline 3D rendering": "离线三维渲染",
    "PyTorch AMP (fp32 weights, 16-bit math)": "PyTorch AMP（fp32 权重，16 位运算）",
    "Megatron mixed (16-bit weights, fp32 master)": "Megatron 混合精度（16 位权重，fp32 主副本）",
    "Pure (everything in the chosen precision)": "纯精度（全部使用所选精度）",
    "SGD with momentum": "带动量的 SGD",
    "Selective": "选择性",
    "Full (every layer)": "完全（每一层）",
    "Recomputation": "激活重计算",
    "Megatron-LM: all but the attention core": "Megatron-LM：除注意力核心外全部保留",
    "torchtitan per-op: every other matmul output": "torchtitan 逐算子：每隔一个矩阵乘保留输出",
    "DeepSeek-V3: linear inputs in FP8, norms and MLA up-projections recomputed":
        "DeepSeek-V3：线性层输入以 FP8 缓存，重计算归一化和多头潜在注意力上投影",
    "Auto (by workload)": "自动（按工作负载）",
    "Eager (fp32 upcast)": "常规（上转为 fp32）",
    "Fused kernel": "融合算子",
    "Chunked (16-bit logits kept)": "分块计算（仅保留 16 位词表输出）",
    "Auto (by recipe)": "自动（按精度方案）",
    "Eager PyTorch (fp32 norms, separate SwiGLU tensors)": "常规 PyTorch（fp32 归一化，门控前馈层各张量分别保存）",
    "Fused (Megatron-Core + Transformer Engine)": "融合算子（Megatron-Core + Transformer Engine）",
    "0 — off (plain data parallel)": "0 — 关闭（普通数据并行）",
    "1 — shard optimizer states": "1 — 切分优化器状态",
    "2 — also gradients": "2 — 再切分梯度",
    "3 — also weights (FSDP)": "3 — 再切分权重 (FSDP)",
    "Engine's default": "引擎默认",
    "On": "开",
    "Off (eager)": "关（逐个启动内核）",
    "p50 (median)": "p50（中位数）",
    "Llama 2 70B server": "Llama 2 70B 服务器",
    "Llama 2 70B interactive": "Llama 2 70B 交互式",
    "Llama 3.1 405B server": "Llama 3.1 405B 服务器",
    "Llama 3.1 8B server": "Llama 3.1 8B 服务器",
    "Mixtral 8x7B server": "Mixtral 8x7B 服务器",
    "Anywhere (no export rule)": "任意地区（不套用出口规则）",
    "Mainland China": "中国大陆",
    "Elsewhere": "其他地区",
    "P1 — fastest": "P1 — 最快",
    "P4 — medium (default)": "P4 — 中等（默认）",
    "P5 — better quality": "P5 — 画质更好",
    "streams": "路视频流",
}
