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
from configurator.core.view.words_export import ZH_CN_EXPORT_LABELS, ZH_CN_EXPORT_NOTES
from configurator.core.view.words_import import ZH_CN_IMPORT
from configurator.core.view.words_price import ZH_CN_PRICE
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
    "Time to first token": "首词元延迟（TTFT）",
    "Time per output token": "每输出词元时间（TPOT）",
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


ZH_CN.update({
    # the approval summary (issue 12)
    "TCO per million tokens": "每百万词元总拥有成本",
    "TCO per user-month": "每用户每月总拥有成本",
    "TCO per stream-hour": "每路每小时总拥有成本",
    "TCO per frame": "每帧总拥有成本",
    "Pre-train {model} on {tokens} tokens": "在 {tokens} 词元上预训练 {model}",
    "{method} {model} on {tokens} tokens": "用 {tokens} 词元对 {model} 进行 {method}",
    "Fine-tune": "全参数微调",
    "Serve {model} to {users}": "为 {users}提供 {model} 推理服务",
    "Virtual desktops for {users} users, {profile} vGPU each ({user_class}, {monitors}\u00a0×\u00a0{resolution})":
        "为 {users} 位用户提供虚拟桌面，每个 {profile} vGPU（{user_class}，{monitors}\u00a0×\u00a0{resolution}）",
    "Virtual desktops for {users} users, a whole card each in passthrough, no vGPU ({user_class}, "
    "{monitors}\u00a0×\u00a0{resolution})":
        "为 {users} 位用户提供虚拟桌面，每人独占一张卡（直通，无 vGPU；{user_class}，{monitors}\u00a0×\u00a0{resolution}）",
    "Transcode {streams} {resolution} video streams to {codec}": "将 {streams} 路 {resolution} 视频流转码为 {codec}",
    "Render {frames} frames": "渲染 {frames} 帧",
    " in {servers} ({per} cards each), {racks}":
        "，{servers}（每台 {per} 张卡），{racks}",
    " in {servers} (up to {per} cards each), {racks}": "，{servers}（每台最多 {per} 张卡），{racks}",
    ", {n} of them spare servers": "，其中 {n} 台为备用服务器",
    " in {servers} ({boards}, {per} {chip}s each), {racks}":
        "，{servers}（每台 {boards}，共 {per} 颗 {chip}），{racks}",
    " in {servers} (up to {boards}, {per} {chip}s each), {racks}":
        "，{servers}（每台最多 {boards}，共 {per} 颗 {chip}），{racks}",
    " in {servers} ({boards}, {per} {chip}s each; {spares} of them spare), {racks}":
        "，{servers}（每台 {boards}，共 {per} 颗 {chip}，其中 {spares} 台为备用），{racks}",
    " in {servers} ({per} cards each; {spares} of them spare), {racks}":
        "，{servers}（每台 {per} 张卡，其中 {spares} 台为备用），{racks}",
    " in {servers} (1 card each; {spares} of them spare), {racks}":
        "，{servers}（每台 1 张卡，其中 {spares} 台为备用），{racks}",
    "Your choice: {mine}. It cannot be ranked by {by}: it has no price on that basis — enter a quote.":
        "您的选择：{mine}。无法按{by}排名：缺少该口径的价格——请输入报价。",
    "Your choice, {mine}, is the recommended option by {by}.": "您的选择 {mine} 即按{by}的推荐方案。",
    "Your choice: {mine}. Recommended by {by}: {best}.": "您的选择：{mine}。按{by}推荐：{best}。",
    "It does the same work for {saving} less over {period}, at {share} of your choice's cost per unit of work.":
        "完成同样的工作量，{period}内节省 {saving}（单位工作量成本为您的选择的 {share}）。",
    "Its own total cost of ownership over {period} is {theirs}, your choice's {mine}: the saving is the cost per "
    "unit of work times the work your choice does.":
        "其自身 {period}总拥有成本为 {theirs}，您的选择为 {mine}：上述节省按单位工作量成本乘以您的选择的工作量计算。",
    "Delivery to China: {status} ({figures}) — status as of {date} from {source}; not legal advice.":
        "对华交付：{status}（{figures}）——截至 {date} 的状态，来源 {source}；不构成法律意见。",
    "Configuration": "配置",
    "Capex": "资本支出",
    "Total cost of ownership over {period}": "{period}总拥有成本",
    "New spend (capex)": "新增支出（资本支出）",
    "Already owned": "已拥有",
    "Bought used": "二手采购",
    "Owned cards alone": "仅用已拥有的卡",
    "yours, already owned": "您已拥有",
    "{owned}. New cards: {status}": "{owned}。新采购的卡：{status}",
    "Cloud rent": "云租金",
    "Buying instead: {what}": "改为购买：{what}",
    "{hourly} per hour · {month} a month · {total} over {period}, at {u} utilisation as the total cost of "
    "ownership counts it":
        "每小时 {hourly} · 每月 {month} · {period}共 {total}，按 {u} 利用率，与总拥有成本同一口径",
    "{job} for the job ({hours} at {hourly} per hour)": "整个作业 {job}（{hours}，每小时 {hourly}）",
    "{count} × {card}, rented by the card-hour": "{count} × {card}，按卡时租用",
    "Not priced": "未定价",
    "{n} servers": "{n} 台服务器", "{n} racks": "{n} 个机柜", "1 server": "1 台服务器", "1 rack": "1 个机柜",
    "no rack": "无需机柜",
    "{n} lines have no price — enter a quote; the totals leave them out": "{n} 项无价格——请输入报价；合计未计入这些项",
    "Export status": "出口管制状态",
    "Export status, if delivered to China": "出口管制状态（如交付到中国大陆）",
    "At a glance": "概览",
    "Kind": "类别",
    "Item": "项目",
    "Quantity": "数量",
    "Unit price": "单价",
    "Source": "来源",
    "year": "年",
    "no price — enter a quote": "无价格——请输入报价",
    "no price — enter a quote per board of {n} {chip}s": "无价格——请按每块板卡（{n} 颗 {chip}）输入报价",
    "card catalog": "加速卡目录",
    "your price": "您的价格",
    "your quote": "您的报价",
    "your quote: {vendor}": "您的报价：{vendor}",
    "{date}, with {n} of your quotes": "{date}，含您的 {n} 条报价",
    "Capex (sum of the priced purchases)": "资本支出（已定价采购项之和）",
    "Licences per year": "每年许可费",
    "IT load at full power {power}; {cooling}; prices dated {date}.":
        "满载 IT 负载 {power}；{cooling}；价格日期 {date}。",
    "liquid-cooled racks": "液冷机柜",
    "air-cooled racks": "风冷机柜",
    "Bill of materials": "物料清单",
    "Energy and cooling (PUE {pue}, {price})": "电力与制冷（PUE {pue}，{price}）",
    "Each amount is rounded as printed; the total is summed before rounding, so the printed figures can miss it by "
    "a few units of the last digit.": "各金额按所示位数取整；合计按取整前的金额计算，故所列金额相加可能与合计在末位相差几个单位。",
    "Support ({share} of capex a year)": "维保（每年为资本支出的 {share}）",
    "Licences": "软件许可",
    "Colocation": "机房托管",
    "Opex": "运营支出",
    "Residual value after {period}": "{period}后残值",
    "Renting the same cards, at {u} utilisation": "租用同样的卡（按 {u} 利用率）",
    "Renting the same cards over {period}, at {u} utilisation": "{period}租用同样的卡（按 {u} 利用率）",
    "Break-even utilisation": "盈亏平衡利用率",
    "none: renting costs less at every utilisation": "无：任何利用率下租用都更便宜",
    "no cloud price": "无云价格",
    "Rented and bought": "租用与购买均按",
    "Renting costs more than buying and running": "租用累计花费超过购买并运行",
    "from month {n}": "自第 {n} 个月起",
    "not within {period}": "{period}内不会",
    "only at the end of {period}, by the resale value": "仅在 {period}期满时，因残值",
    "Licences, renting": "租用一侧的软件许可",
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
    "TCO over {period}": "{period}总拥有成本",
    "Against your choice": "与您的选择相比",
    "Against the recommendation": "与推荐方案相比",
    "Against the nearest": "与最接近的方案相比",
    "your choice": "您的选择",
    "{config} (your choice)": "{config}（您的选择）",
    "{config} (recommended)": "{config}（推荐方案）",
    "{config} (nearest)": "{config}（最接近的方案）",
    "The recommended option, {config}: {caution}": "推荐方案 {config}：{caution}",
    "{paragraph}, TPP {tpp}": "{paragraph}，TPP {tpp}",
    "{x}× the cost per unit of work": "单位工作量成本为 {x} 倍",
    "cloud rent": "云租用价格",
    "cloud rent + vGPU licence": "云租用价格 + vGPU 许可",
    "cloud rent, vGPU licence included": "云租用价格（含 vGPU 许可）",
    "cloud rent, with each user's vGPU licence where the rent does not include it": "云租用价格，租用价未含 vGPU 许可的加上每用户许可",
    "the bill of materials, owned": "自购，按物料清单",
    "{short}: {full}.": "{short}：{full}。",
    "Ranked by {by}; every cost on one basis: {basis}, in {currency}.":
        "按{by}排名；所有成本同一口径：{basis}；单位：{currency}。",
    "Without a deadline, alternatives finish within {x}× your choice's time.":
        "未设截止时间：备选方案须在您的选择所需时间的 {x} 倍内完成。",
    "Only cards of vendors based in mainland China are compared ({vendors}).":
        "只比较中国大陆厂商的加速卡（{vendors}）。",
    "Only cards of {vendors} are compared.": "只比较以下厂商的加速卡：{vendors}。",
    "Only the cards named are compared: {cards}.": "只比较指定的加速卡：{cards}。",
    "Named cards not ranked, and why:": "未排名的指定卡及原因：",
    "Only these card classes are compared: {classes}.": "只比较以下类别的加速卡：{classes}。",
    "Only cards whose software runs {frameworks} are compared.": "只比较软件栈能运行 {frameworks} 的加速卡。",
    "{layers} layers, hidden size {hidden}, {heads} attention heads ({kv} KV), FFN {ffn}, vocabulary {vocab}":
        "{layers} 层，隐藏维度 {hidden}，{heads} 个注意力头（{kv} 个 KV 头），FFN {ffn}，词表 {vocab}",
    "{n} experts, {k} per token": "{n} 个专家，每词元激活 {k} 个",
    "{asked} asked, run in {math}": "要求 {asked}，按 {math} 运行",
    "{asked} asked, no published rate to run it": "要求 {asked}，无公开算力数据",
    "{total} B ({n} B active)": "{total} B（激活 {n} B）",
    "Token budget": "训练词元数",
    "{n} tokens": "{n} 词元",
    "users at once": "并发用户",
    "{n} usable": "可用 {n}",
    "dense": "稠密",
    "Power and energy": "功耗与能耗",
    "Each server besides its cards": "每台服务器（不含加速卡）",
    "Facility power (average, PUE {pue})": "机房平均功率（PUE {pue}）",
    "Electricity price": "电价",
    "PUE {pue}, average board power {share} of TDP, electricity {price}/kWh, {u} utilisation, {years} years":
        "PUE {pue}，平均板卡功耗为 TDP 的 {share}，电价 {price}/kWh，利用率 {u}，{years} 年",
    "Support per year": "每年维保",
    "Residual value": "残值",
    "Air-cooled rack": "风冷机柜上限",
    "Failure rate": "故障率",
    "{n} interruptions per million GPU-hours": "每百万卡时 {n} 次中断",
    "Exchange rate": "汇率",
    # calibration rows by name (core/view/rows.named_rows)
    "{name} ({n} rows)": "{name}（{n} 行）",
    "and {n} more rows": "另有 {n} 行",
    # a price source that records a search without a price (report/language.searched_note)
    "No price found; searched: {where}": "未找到价格；已查：{where}", "No price found (searched)": "未找到价格（已查找）",
    # the rate money is converted at (core/view/assumptions_view.exchange_rate)
    "{rate} {currency} per USD, the price file's rate of {date}": "{rate} {currency}/USD，价格文件 {date} 的汇率",
    "{rate} {currency} per USD, your rate": "{rate} {currency}/USD，您输入的汇率",
    "{rate} {currency} per USD, an approximate rate (the price file has none)":
        "{rate} {currency}/USD，近似汇率（价格文件中没有）",
    "framework context {ctx} GiB per card, allocator reserve {alloc} ({full} when layers are recomputed)":
        "框架上下文每卡 {ctx} GiB，分配器预留 {alloc}（重算各层时 {full}）",
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
    "cards": "张卡", "boards": "块板卡", "servers": "台", "ports": "个端口", "links": "条", "switches": "台", "racks": "个",
    "systems": "套", "workstations": "台",
    "users": "个用户", "user": "个用户", "stream": "路视频流", "frame": "帧", "GPU licences": "个 GPU 授权", "TB": "TB",
    "high": "高", "medium": "中", "low": "低", "preliminary": "初步", "estimate": "估计", "street": "市场价",
    "list": "目录价", "quote": "报价", "catalog": "目录",
    "licence required": "需要许可证", "not permitted": "不允许", "permitted": "允许", "unknown": "未知",
    "below 3A090": "低于 3A090 门槛",
    "3A090 class unknown": "3A090 分类未知",
    "NVLink": "NVLink", "NVLink bridge": "NVLink 桥接", "Infinity Fabric": "Infinity Fabric",
    "Ethernet (RoCE)": "以太网（RoCE）", "ICI": "ICI", "HCCS": "HCCS", "MLU-Link": "MLU-Link", "BLink": "BLink",
    "MTLink": "MTLink", "proprietary link": "专有互联", "no card-to-card link": "无卡间互联",
    "AdamW 8-bit": "8 位 AdamW",
    "selective": "选择性", "full": "完全", "none": "无",
    "frames": "帧",
    "GPUs per board": "颗 GPU/板",
})
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

ZH_CN.update({
    # the command line's tables (core/view: assumptions_view, ranking_view, card_view.catalog_columns)
    ("matrix products {mm} (training), {pre} (serving steps) and {prompt} (a prompt alone, to its first token) of "
     "the measured GEMM rate at their shapes, attention {att}, bandwidth {bw}, decode bandwidth {dec}, links {links}"):
        "矩阵运算达到按形状实测矩阵乘速率的 {mm}（训练）、{pre}（推理服务各步）和 {prompt}（单独预填充一个提示至首词元），"
        "注意力 {att}，带宽 {bw}，解码带宽 {dec}，互联 {links}",
    "card {card} ({card_date}), cloud {cloud} per card-hour ({cloud_date}); midpoints of quoted price ranges":
        "加速卡 {card}（{card_date}），云租用每卡每小时 {cloud}（{cloud_date}）；价格区间取中值",
    ("board of {n} {chip}s {card} ({card_date}), cloud {cloud} per card-hour ({cloud_date}); midpoints of "
     "quoted price ranges"):
        "板卡（每块 {n} 颗 {chip}）{card}（{card_date}），云租用每卡每小时 {cloud}（{cloud_date}）；价格区间取中值",
    "card {card} ({card_date}), no cloud price; midpoints of quoted price ranges":
        "加速卡 {card}（{card_date}），无云租用价格；价格区间取中值",
    "board of {n} {chip}s {card} ({card_date}), no cloud price; midpoints of quoted price ranges":
        "板卡（每块 {n} 颗 {chip}）{card}（{card_date}），无云租用价格；价格区间取中值",
    "no date": "无日期", "Catalog {version} ({date})": "硬件目录 {version}（{date}）",
    "— = not published or not supported": "— 表示未公布或不支持",
    "Ranked by {by} (lower is better)": "按{by}排名（越低越好）", "Cards": "卡数", "Why": "理由",
    "Left out to fit the terminal's {n} columns: {columns}; a wider terminal or --json shows them":
        "为适应终端的 {n} 列宽未显示：{columns}；终端更宽或用 --json 时显示",
    "The first against the constraints you set:": "排名第一的方案对照您设定的约束：",
    "{config} against the constraints you set:": "{config} 对照您设定的约束：",
    "Why the first:": "排名第一的理由：", "Warnings on the first:": "排名第一的方案的注意事项：", "No card meets the scenario's constraints.": "没有满足方案约束的加速卡。",
    "{n} cards left out; see --json for why.": "{n} 种卡被排除；原因见 --json。",
    ("{n} consumer graphics cards among them (no ECC; their licence restricts data-centre use): "
     "--consumer ranks them"):
        "其中 {n} 种为消费级图形卡（无 ECC；其许可协议限制数据中心使用）：加 --consumer 即可参与排名",
    "{n} cards without an AV1 encoder among them ({cards}): their encoders do H.264 and HEVC only; --codec hevc ranks them":
        "其中 {n} 种卡没有 AV1 编码器（{cards}）：其编码器只支持 H.264 和 HEVC；用 --codec hevc 即可参与排名",
    "Cloud per million tokens": "每百万词元云租用成本", "Cloud per user-month": "每用户每月云租用成本",
    "Cloud per stream-hour": "每路每小时云租用成本", "Cloud per frame": "每帧云租用成本", "million tokens": "百万词元",
    "{count} × {card}: global batch {tokens} tokens, {tried} layouts tried, {fit} fit":
        "{count} × {card}：全局批量 {tokens} 词元，尝试 {tried} 种布局，{fit} 种可容纳",
    "Loses by": "落后原因", "chosen": "已选",
    "as fast; the simpler layout is preferred": "一样快；优先更简单的布局", "more pipeline bubble": "流水线气泡更多",
    "more exposed communication": "未被掩盖的通信更多", "recomputes more": "重计算更多",
    "slower kernels (smaller micro-batch or more overhead)": "内核更慢（微批更小或开销更大）",
    "Chosen layout, step-time breakdown (exact estimate)": "所选布局的单步时间分解（精确估算）", ":": "：",
    "memory traffic": "显存访问", "tensor parallel (exposed)": "张量并行（未被掩盖）",
    "data parallel (exposed)": "数据并行（未被掩盖）", "context parallel ring (exposed)": "上下文并行环（未被掩盖）",
    "expert parallel all-to-all": "专家并行 all-to-all", "CPU offload (exposed)": "CPU 卸载（未被掩盖）",
    "optimizer": "优化器", "Software stack": "软件栈", "Export to China": "对华出口", "Notes": "备注",
})
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
