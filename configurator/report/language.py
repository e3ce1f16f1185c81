"""Words of the printed summary in English and Simplified Chinese.

Labels are keyed by their English text; core warnings are translated by message id
(:mod:`configurator.core.messages`). Terms follow the buyers' vocabulary (训练卡, 推理卡, 显存,
算力, 张量并行 …).
"""

from __future__ import annotations

import re

from configurator.core.messages import CATALOGUES, TERMS, Message, render

LANGUAGES = ("en", "zh_CN")

ZH_CN: dict[str, str] = {
    "Configuration summary": "配置方案摘要",
    "(likely {range})": "（可能 {range}）",
    "How far the numbers can be trusted": "估算的可信范围",
    "Likely ranges": "可能范围",
    "No calibration data for this workload: its numbers carry no likely range":
        "该负载没有校准数据：其数字不给出可能范围",
    "{kind}, {scale}: {n} rows": "{kind}，{scale}：{n} 行",
    "only {n} at this scale: the range over all scales": "此规模仅 {n} 行：采用全部规模的范围",
    "few rows: the range itself is uncertain": "行数少：范围本身也不确定",
    "Calibration rows": "校准数据",
    "Numbers": "数字",
    "Rows": "数据行",
    "; ": "；",
    ", ": "、",
    ("Likely: 80 % of the calibration rows were measured within the range (10th to 90th percentile of "
     "measured / predicted; calibration data of {date}); where the rows were all off the same way, the "
     "range need not hold the estimate."):
        "可能范围：80 % 的校准数据行的实测值落在此范围内（实测值 / 估算值的第 10 至第 90 百分位；校准数据日期 "
        "{date}）；若各行偏差方向一致，范围可能不包含估算值本身。",
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
    "Virtual desktops": "虚拟桌面",
    "Video transcoding": "视频转码",
    "Offline rendering": "离线渲染",
    "Users": "用户数",
    "vGPU profile": "vGPU 配置（每用户显存）",
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
    "Boards needed": "所需板卡",
    "FP32 per user": "每用户 FP32 算力",
    "Per user-month": "每用户每月成本",
    "Per stream-hour": "每路每小时成本",
    "Per frame": "每帧成本",
    "{served} of {demand} {unit}, {per_card} per card (limited by {limit})":
        "承载 {demand} {unit}中的 {served}，每卡 {per_card}（瓶颈：{limit}）",
    "{minutes} per frame, {time} for {frames} frames": "每帧 {minutes}，{frames} 帧需 {time}",
    "{enc} 1080p frames/s per encoder at P4, {dec} per decoder, {n} surfaces per stream":
        "每个编码器 P4 预设 1080p {enc} 帧/秒，每个解码器 {dec} 帧/秒，每路 {n} 帧缓存",
    "at most {n} vGPUs per GPU; consumer cards {s} encode sessions per server":
        "每颗 GPU 最多 {n} 个 vGPU；消费级显卡每台服务器 {s} 路编码会话",
}


ZH_CN.update({
    # the approval summary (issue 12)
    "TCO per million tokens": "每百万词元总拥有成本",
    "TCO per user-month": "每用户每月总拥有成本",
    "TCO per stream-hour": "每路每小时总拥有成本",
    "TCO per frame": "每帧总拥有成本",
    "Pre-train {model} on {tokens} tokens": "在 {tokens} 词元上预训练 {model}",
    "{method} {model} on {tokens} tokens": "用 {tokens} 词元{method} {model}",
    "Fine-tune": "全参数微调",
    "Serve {model} to {users} users": "为 {users} 位用户提供 {model} 推理服务",
    "Virtual desktops for {users} users": "为 {users} 位用户提供虚拟桌面",
    "Transcode {streams} {resolution} video streams": "转码 {streams} 路 {resolution} 视频流",
    "Render {frames} frames": "渲染 {frames} 帧",
    " in {servers} ({per} cards each), {racks}":
        "，{servers}（每台 {per} 张卡），{racks}",
    ", {n} of them spare servers": "，其中 {n} 台为备用服务器",
    "Your choice: {mine}. It cannot be ranked by {by}: it has no price on that basis — enter a quote.":
        "您的选择：{mine}。无法按{by}排名：缺少该口径的价格——请输入报价。",
    "Your choice, {mine}, is the recommended option by {by}.": "您的选择 {mine} 即按{by}的推荐方案。",
    "Your choice: {mine}. Recommended by {by}: {best}.": "您的选择：{mine}。按{by}推荐：{best}。",
    "It does the same work for {saving} less over {years} years ({share} of your choice's cost).":
        "完成同样的工作量，{years} 年内节省 {saving}（成本为您的选择的 {share}）。",
    "Delivery to China: {status} ({figures}) — status as of {date} from {source}; not legal advice.":
        "对华交付：{status}（{figures}）——截至 {date} 的状态，来源 {source}；不构成法律意见。",
    "Configuration": "配置",
    "Capex": "资本支出",
    "Total cost of ownership over {years} years": "{years} 年总拥有成本",
    "Not priced": "未定价",
    "{n} servers": "{n} 台服务器", "{n} racks": "{n} 个机柜", "1 server": "1 台服务器", "1 rack": "1 个机柜",
    "{n} lines have no price — enter a quote; the totals leave them out": "{n} 项无价格——请输入报价；合计未计入这些项",
    "Export status": "出口管制状态",
    "At a glance": "概览",
    "Kind": "类别",
    "Item": "项目",
    "Quantity": "数量",
    "Unit price": "单价",
    "Source": "来源",
    "year": "年",
    "no price — enter a quote": "无价格——请输入报价",
    "card catalog": "加速卡目录",
    "your price": "您的价格",
    "Capex (sum of the priced purchases)": "资本支出（已定价采购项之和）",
    "Licences per year": "每年许可费",
    "IT load at full power {power}; {cooling}; prices dated {date}.":
        "满载 IT 负载 {power}；{cooling}；价格日期 {date}。",
    "liquid-cooled racks": "液冷机柜",
    "air-cooled racks": "风冷机柜",
    "Bill of materials": "物料清单",
    "Energy and cooling (PUE {pue})": "电力与制冷（PUE {pue}）",
    "Support ({share} of capex a year)": "维保（每年为资本支出的 {share}）",
    "Licences": "软件许可",
    "Colocation": "机房托管",
    "Opex": "运营支出",
    "Residual value after {years} years": "{years} 年后残值",
    "Renting the same cards": "租用同样的卡",
    "Break-even utilisation": "盈亏平衡利用率",
    "none: renting costs less at every utilisation": "无：任何利用率下租用都更便宜",
    "no cloud price": "无云价格",
    "At {u} utilisation; straight-line depreciation to the residual value.": "按 {u} 利用率；直线折旧至残值。",
    "Total cost of ownership": "总拥有成本",
    "Cost per year against utilisation": "每年成本与利用率",
    "Utilisation [%]": "利用率 [%]",
    "Cost per year [{currency}]": "每年成本 [{currency}]",
    "Own": "自购",
    "Rent": "租用",
    "break-even {u}": "盈亏平衡 {u}",
    "token": "词元",
    "card": "卡",
    "Speed": "速度",
    "TCO over {years} years": "{years} 年总拥有成本",
    "Against your choice": "与您的选择相比",
    "your choice": "您的选择",
    "{x}× the cost per unit of work": "单位工作量成本为 {x} 倍",
    "cloud rent": "云租用价格",
    "the bill of materials, owned": "自购，按物料清单",
    "Ranked by {by}; every cost on one basis: {basis}, in {currency}.":
        "按{by}排名；所有成本同一口径：{basis}，单位 {currency}。",
    "Without a deadline, alternatives finish within {x}× your choice's time.":
        "未设截止时间：备选方案须在您的选择所需时间的 {x} 倍内完成。",
    "{layers} layers, hidden size {hidden}, {heads} attention heads ({kv} KV), FFN {ffn}, vocabulary {vocab}":
        "{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头（{kv} 个 KV 头），FFN {ffn}，词表 {vocab}",
    "{n} experts, {k} per token": "{n} 个专家，每词元激活 {k} 个",
    "{n} B active": "激活 {n} B",
    "Token budget": "训练词元数",
    "{n} tokens": "{n} 词元",
    "users at once": "并发用户",
    "{n} usable": "可用 {n}",
    "dense": "稠密",
    "Power and energy": "功耗与能耗",
    "Each server besides its cards": "每台服务器（不含加速卡）",
    "Facility power (average, PUE {pue})": "机房平均功率（PUE {pue}）",
    "Electricity price": "电价",
    "PUE {pue}, average board power {share} of TDP, electricity {price} {currency}/kWh, {u} utilisation, {years} years":
        "PUE {pue}，平均板卡功耗为 TDP 的 {share}，电价 {price} {currency}/kWh，利用率 {u}，{years} 年",
    "Support per year": "每年维保",
    "Residual value": "残值",
    "Air-cooled rack": "风冷机柜上限",
    "Failure rate": "故障率",
    "{n} interruptions per million GPU-hours": "每百万 GPU 时 {n} 次中断",
    "Exchange rate": "汇率",
    "matrix products {mm}, attention {att}, decode bandwidth {dec}, prefill {pre}, links {links}":
        "矩阵运算 {mm}，注意力 {att}，解码带宽 {dec}，预填充 {pre}，互联 {links}",
    "framework context {ctx} GiB per card, allocator reserve {alloc} ({full} with full recomputation)":
        "框架上下文每卡 {ctx} GiB，分配器预留 {alloc}（完全重计算时 {full}）",
    "Prepared by": "编制人",
    "Approved by": "审批人",
    "Signature": "签字",
    "Approval": "审批",
    "Currency": "货币",
    "Sources": "数据来源",
    "Page {page} of {pages}": "第 {page} 页，共 {pages} 页",
    "lowest total cost of ownership": "总拥有成本最低",
    "lowest cloud cost": "云租用成本最低",
    "fastest": "速度最快",
    "lowest energy": "能耗最低",
    "fewest cards": "卡数最少",
    "Accelerators": "加速卡",
    "Servers": "服务器",
    "Network": "网络",
    "Storage": "存储",
    "Racks": "机柜",
    "Software": "软件",
    "cards": "张卡", "servers": "台", "ports": "个端口", "links": "条", "switches": "台", "racks": "个",
    "users": "个用户", "GPU licences": "个 GPU 授权", "TB": "TB",
    "high": "高", "medium": "中", "low": "低", "preliminary": "初步", "estimate": "估计", "street": "市场价",
    "list": "目录价", "quote": "报价", "catalog": "目录",
    "licence required": "需要许可证", "not permitted": "不允许", "permitted": "允许", "unknown": "未知",
    "below 3A090": "低于 3A090 门槛",
    "NVLink": "NVLink", "NVLink bridge": "NVLink 桥接", "Infinity Fabric": "Infinity Fabric",
    "Ethernet (RoCE)": "以太网（RoCE）", "ICI": "ICI", "HCCS": "HCCS", "MLU-Link": "MLU-Link", "BLink": "BLink",
    "MTLink": "MTLink", "proprietary link": "专有互联", "no card-to-card link": "无卡间互联",
    "PyTorch AMP mixed precision": "PyTorch AMP 混合精度", "Megatron mixed precision": "Megatron 混合精度",
    "one precision throughout": "全程单一精度", "AdamW 8-bit": "8 位 AdamW",
    "selective": "选择性", "full": "完全", "none": "无",
    "frames": "帧",
    "GPUs per board": "颗 GPU/板",
    "Accelerator cards": "加速卡",
    "Accelerator cards (spares)": "加速卡（备件）",
    "Accelerators included in the system price": "加速卡（已含在整机价格中）",
    "8-GPU baseboard server (CPUs, memory, NVMe; no GPUs)": "8 卡基板服务器（含 CPU、内存、NVMe，不含 GPU）",
    "8-GPU baseboard server for 1 kW modules (no GPUs)": "8 卡基板服务器（1 kW 模组，不含 GPU）",
    "{n}-slot PCIe GPU server (no GPUs)": "{n} 槽 PCIe GPU 服务器（不含 GPU）",
    "Rack-scale NVL72 system (72 GPUs, liquid-cooled)": "机柜级 NVL72 系统（72 颗 GPU，液冷）",
    "Spare servers": "备用服务器",
    "400 Gb/s network adapters": "400 Gb/s 网卡",
    "800 Gb/s network adapters": "800 Gb/s 网卡",
    "Scale-out leaf switches": "横向扩展叶交换机",
    "Scale-out spine switches": "横向扩展脊交换机",
    "Scale-out core switches": "横向扩展核心交换机",
    "400 Gb/s links (optics and fibre)": "400 Gb/s 链路（光模块与光纤）",
    "Storage and in-band management switches": "存储与带内管理交换机",
    "Out-of-band management switches": "带外管理交换机",
    "Shared all-flash storage": "共享全闪存储",
    "Air-cooled racks with PDUs": "风冷机柜（含 PDU）",
    "Liquid-cooled racks (cooling)": "液冷机柜（冷却）",
    "Network racks (air-cooled)": "网络机柜（风冷）",
    "Installation and cabling": "安装与布线",
    "NVIDIA AI Enterprise licences": "NVIDIA AI Enterprise 许可",
    "vGPU licences (RTX vWS, per user)": "vGPU 许可（RTX vWS，按用户）",
    "vGPU licences (vPC, per user)": "vGPU 许可（vPC，按用户）",
})

OBJECTIVE_LABELS = {"tco": "lowest total cost of ownership", "cloud": "lowest cloud cost", "fastest": "fastest",
                    "energy": "lowest energy", "fewest-cards": "fewest cards"}
KIND_LABELS = {"accelerator": "Accelerators", "server": "Servers", "network": "Network", "storage": "Storage",
               "rack": "Racks", "facility": "Facility", "software": "Software"}
EXPORT_LABELS = {"licence-required": "licence required", "not-permitted": "not permitted", "permitted": "permitted",
                 "unknown": "unknown"}
LINK_LABELS = {"nvlink": "NVLink", "nvlink-bridge": "NVLink bridge", "infinity-fabric": "Infinity Fabric",
               "ethernet-roce": "Ethernet (RoCE)", "ici": "ICI", "hccs": "HCCS", "mlu-link": "MLU-Link",
               "blink": "BLink", "mtlink": "MTLink", "proprietary": "proprietary link",
               "none": "no card-to-card link"}
RECIPE_LABELS = {"torch-amp": "PyTorch AMP mixed precision", "megatron-mixed": "Megatron mixed precision",
                 "pure": "one precision throughout"}
OPTIMIZER_LABELS = {"adamw": "AdamW", "adamw-8bit": "AdamW 8-bit", "sgd": "SGD"}
RECOMPUTE_LABELS = {"none": "none", "selective": "selective", "full": "full"}

ITEM_LABELS = {
    "server-hgx-8": "8-GPU baseboard server (CPUs, memory, NVMe; no GPUs)",
    "server-hgx-8-b200": "8-GPU baseboard server for 1 kW modules (no GPUs)",
    "rack-nvl72": "Rack-scale NVL72 system (72 GPUs, liquid-cooled)",
    "nic-400g": "400 Gb/s network adapters",
    "nic-800g": "800 Gb/s network adapters",
    "link-400g": "400 Gb/s links (optics and fibre)",
    "switch-storage-eth": "Storage and in-band management switches",
    "switch-mgmt-48": "Out-of-band management switches",
    "storage-nvme-per-tb": "Shared all-flash storage",
    "rack-air": "Air-cooled racks with PDUs",
    "rack-liquid": "Liquid-cooled racks (cooling)",
    "installation": "Installation and cabling",
    "software-nvaie": "NVIDIA AI Enterprise licences",
    "software-vgpu": "vGPU licences (RTX vWS, per user)",
    "software-vgpu-vpc": "vGPU licences (vPC, per user)",
}
"""Short names of the price file's items, in the summary's words (the file's own names are
long English descriptions)."""

UNIT_NOUNS = {"per card": "cards", "per server": "servers", "per port": "ports", "per link": "links",
              "per switch": "switches", "per rack": "racks", "per TB": "TB", "per user-year": "users",
              "per GPU-year": "GPU licences", "per deployment": ""}


TIER_LABELS = {"leaf": "Scale-out leaf switches", "spine": "Scale-out spine switches",
               "core": "Scale-out core switches"}


def item_name(line, w: Words) -> str:
    """What a bill-of-materials line is called in the summary's language (by its item and role)."""
    role = getattr(line, "role", "")
    spare = role == "spare" or line.name.endswith("(spares)") or line.name.startswith("spare servers")
    if line.kind == "accelerator":
        if line.unit_price == 0.0 and line.source.startswith("included"):
            return f"{line.name} — {w('Accelerators included in the system price')}"
        card = line.name.removesuffix(" (spares)")
        return f"{card} — {w('Accelerator cards (spares)') if spare else w('Accelerator cards')}"
    if spare:
        return w("Spare servers")
    tier = re.match(r"scale-out (leaf|spine|core) switches \((\d+) × 400G ports\)", line.name)
    if role in TIER_LABELS or tier:
        label = w(TIER_LABELS[role if role in TIER_LABELS else tier.group(1)])
        return f"{label} ({tier.group(2)} × 400 Gb/s)" if tier else label
    if role == "network-rack" or line.name.startswith("network racks"):
        return w("Network racks (air-cooled)")
    pcie = re.match(r"server-pcie-(\d+)$", line.item_id)
    if pcie:
        return w("{n}-slot PCIe GPU server (no GPUs)", n=pcie.group(1))
    label = ITEM_LABELS.get(line.item_id)
    return w(label) if label else line.item_id


SINGULAR = {"cards": "card", "servers": "server", "ports": "port", "links": "link", "switches": "switch",
            "racks": "rack", "users": "user", "GPU licences": "GPU licence"}
"""English nouns for a quantity of one."""


def quantity_unit(unit: str, w: Words, quantity: float = 2) -> str:
    """The noun a quantity counts ('per server' -> 'servers', one 'server')."""
    noun = UNIT_NOUNS.get(unit, unit.removeprefix("per "))
    if not noun:
        return ""
    return SINGULAR.get(noun, noun) if quantity == 1 and w.language == "en" else w(noun)


_ADDRESS = re.compile(r"(?:https?://)?(?:[\w-]+\.)+[a-z]{2,}(?:/[\w./%#?=&+~-]*)?|arXiv:\d{4}\.\d{4,5}", re.IGNORECASE)
_INTERNAL = re.compile(r"(?:^|[\s(;])(?:shared|reference|resources|docs|tests|configurator)/\S*")


def reference(text: str, language: str) -> str:
    """A source as the summary cites it: without paths inside this project; in Chinese by its
    addresses (web addresses, arXiv ids), which need no translation."""
    text = _INTERNAL.sub("", text or "").strip(" ;,")
    if not text or text.lower().startswith(("searched", "search")):
        return ""
    if language == "en":
        return text
    found = []
    for match in _ADDRESS.finditer(text):
        address = match.group(0).rstrip(".)").removeprefix("https://").removeprefix("http://")
        if re.search(r"\.(json|py|md|csv)$", address) and "/" not in address:
            continue
        if address not in found:
            found.append(address)
    return "; ".join(found[:3])


CLASS_LABELS = {"training": "Training card", "inference": "Inference card", "graphics": "Graphics card",
                "workstation": "Workstation card", "edge": "Edge card"}
WORKLOAD_LABELS = {"pretrain": "Pre-training", "finetune": "Full fine-tune", "lora": "LoRA fine-tune",
                   "qlora": "QLoRA fine-tune", "inference": "Inference serving", "vdi": "Virtual desktops",
                   "transcode": "Video transcoding", "render": "Offline rendering"}
VGPU_LABELS = {"graphics": "Virtual desktops and workstations", "compute": "Compute profiles only",
               "none": "Passthrough only"}
BAND_KIND_LABELS = {"train-throughput": "training throughput", "memory": "memory per card",
                    "prefill": "prefill (time to first token)", "decode": "decode (time per output token)",
                    "serving-throughput": "serving throughput"}
"""Kinds of calibration rows behind the likely ranges (benchmarks/accuracy.py, core/uncertainty.py)."""
BAND_SCALE_LABELS = {"1": "one card", "2-64": "2 to 64 cards", ">64": "more than 64 cards"}


class Words:
    """Translator for one language: labels by English text, warnings by message id."""

    def __init__(self, language: str = "en") -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language '{language}'; use one of {', '.join(LANGUAGES)}")
        self.language = language
        self._labels = {**TERMS.get(language, {}), **ZH_CN} if language == "zh_CN" else {}
        self._messages = CATALOGUES[language]

    def __call__(self, text: str, **params: object) -> str:
        return self._labels.get(text, text).format(**params)

    def message(self, message: Message) -> str:
        return render(message, self._messages)
