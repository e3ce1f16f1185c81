"""Chinese labels of the view model of an estimate (:mod:`configurator.core.view.estimate_view`):
what the window, the command line and the summary write of one configuration; merged into the one
catalogue in :mod:`configurator.core.view.words`, keyed by the English label id."""

from __future__ import annotations

ZH_CN_ESTIMATE: dict[str, str] = {
    # the work as the editor names it first, then the model and the cards
    "{workload} on {count} × {card} ({card_class})": "{workload}，{count} × {card}（{card_class}）",
    "{workload}: {model} ({params} B parameters) on {count} × {card} ({card_class}), {math} math":
        "{workload}：{model}（{params} B 参数），{count} × {card}（{card_class}），{math} 运算",
    "a training-class card": "训练卡",  # the class as the tables name it (CLASSES)
    "an inference-class card": "推理卡",
    "a graphics-class card": "图形卡",
    "a workstation-class card": "工作站卡",
    "an edge-class card": "边缘卡",
    "Assumptions (editable defaults)": "计算假设（可编辑的默认值）",
    "Layout: {layout}": "并行布局：{layout}",
    "{label}: {value}": "{label}：{value}",
    "TP {n}": "张量并行 {n}",
    "PP {n}": "流水线并行 {n}",
    "interleave {n}": "交错 {n}",
    "CP {n}": "上下文并行 {n}",
    "EP {n}": "专家并行 {n}",
    "{share} of the {peak} {math} dense peak": "{math} 稠密峰值 {peak} 的 {share}",
    "Model FLOPs for the token budget": "词元预算的模型浮点运算量",
    "{total} ({per_token} per token)": "{total}（每词元 {per_token}）",
    "EP {n}, experts shared by {k} copies (attention data parallel)": "专家并行 {n}，{k} 个副本共享专家（注意力数据并行）",
    "DP {n}": "数据并行 {n}",
    "ZeRO {n}": "ZeRO {n}",
    "CPU offload: {what}": "CPU 卸载：{what}",
    "parameters": "参数",
    "activations": "激活",
    "optimizer states": "优化器状态",
    "full recomputation": "完全重计算",
    "full recomputation of {n} layers a stage": "每个阶段完全重计算 {n} 层",
    "expert all-to-all overlapped": "专家全对全通信与计算重叠",
    "layers replayed from CUDA graphs": "以 CUDA 图重放各层",
    "packed examples of {n} tokens": "打包样本，每条 {n} 词元",
    "Expert all-to-all": "专家全对全通信",
    "MoE token dispatcher": "混合专家词元分发器",
    "Gradient reduction": "梯度归约",
    "{how} ({said})": "{how}（{said}）",
    "once a step, each card holding its stage's gradients whole": "每步一次，每张卡保留其流水线阶段的完整梯度",
    "after every micro-batch's backward, each rank keeping its share": "每个微批次反向传播之后，每个进程只保留自己的分片",
    "as the scenario states": "按场景设定",
    "as the recipe's framework does it": "按配方所用框架的做法",
    "overlapped with another micro-batch's compute (DualPipe)": "与另一微批的计算重叠（DualPipe）",
    "overlapped with another micro-batch's compute (Megatron-LM --overlap-moe-expert-parallel-comm)":
        "与另一微批的计算重叠（Megatron-LM --overlap-moe-expert-parallel-comm）",
    "exposed: Megatron-LM does not overlap it under full recomputation": "未隐藏：完全重计算时 Megatron-LM 不重叠此通信",
    "exposed: the schedule runs it on the critical path": "未隐藏：调度将其置于关键路径上",
    "TP traffic overlapped": "张量并行通信与计算重叠",
    "TP traffic overlapped ({table})": "张量并行通信与计算重叠（{table}）",
    "Tensor-parallel overlap": "张量并行通信重叠",
    "userbuffers table {table}": "用户缓冲区表 {table}",
    "selective recomputation": "选择性重计算",
    "micro-batch {mb} × 1 accumulation step": "微批 {mb} × 梯度累积 1 步",
    "micro-batch {mb} × {accum} accumulation steps": "微批 {mb} × 梯度累积 {accum} 步",
    "global batch {n} tokens": "全局批量 {n} 词元",
    "{prefill} prefill + {decode} decode copies": "{prefill} 个预填充副本 + {decode} 个解码副本",
    "1 copy": "1 个副本",
    "{n} copies": "{n} 个副本",
    "batch {n} per copy": "每副本批量 {n}",
    "step {n} tokens": "每步 {n} 词元",
    "{count} × {card} fits, {headroom} headroom": "{count} × {card} 可容纳，显存余量 {headroom}",
    "{count} × {card} fits, {headroom} headroom at its peak: {note}": "{count} × {card} 按峰值可容纳，显存余量 {headroom}：{note}",
    "given room, the allocator would hold {total}; near the card's limit it gives its cache back":
        "显存充裕时分配器会占用 {total}；接近显存上限时会归还其缓存",
    "{headroom} — {note}": "{headroom} — {note}",
    "{need} of {allowed}; given room, the allocator would hold {total}": "{need} / {allowed}；显存充裕时分配器会占用 {total}",
    "Needed to run": "运行所需",
    "Its peak with the reserve the allocator keeps near the card's limit, and the CUDA context":
        "峰值加上分配器在接近显存上限时保留的余量，以及 CUDA 上下文",
    "{count} × {card} does not fit: {short} short per card": "{count} × {card} 显存不足：每卡缺 {short}",
    "{count} × {card} carries {served} of {demand} {unit}: {n} cards needed":
        "{count} × {card} 承载 {served}/{demand} {unit}：需要 {n} 张卡",
    "{count} × {card} carries {served} of {demand} {unit}: 1 card needed":
        "{count} × {card} 承载 {served}/{demand} {unit}：需要 1 张卡",
    "{count} × {card} carries {served} of {demand} {unit}: no number of these cards carries it":
        "{count} × {card} 承载 {served}/{demand} {unit}：再多此卡也无法承载",
    "{count} × {card} carries the load: {per_card} per card": "{count} × {card} 可承担负载：每卡 {per_card}",
    "{need} of {allowed}": "{need} / {allowed}",
    "{need} of {allowed}; fits at its {peak} peak, the cache given back near the limit":
        "{need} / {allowed}；峰值 {peak} 放得下：分配器接近上限时归还缓存",
    "{budget} — {verdict}": "{budget} — {verdict}",
    "fits": "可容纳",
    "Headroom": "余量",
    "short {short}": "缺 {short}",
    "{n}\u00a0{unit}": "{n}\u00a0{unit}",
    "{n}\u00a0{unit} ({engines} {engine})": "{n}\u00a0{unit}（{engines} 个 {engine}）",
    "{limit} ({engines} {engine})": "{limit}（{engines} 个 {engine}）",
    "{served} of {demand} {unit}": "{served}/{demand} {unit}",
    "— {limit}": "— {limit}",
    "· {kind}": "· {kind}",
    "{time} ({share})": "{time}（{share}）",
    "p{p} {time}": "p{p} {time}",
    "{load}\n\n{decode}": "{load}\n\n{decode}",
    "Exposed communication": "未被掩盖的通信占比",
    "Largest micro-batch that fits": "可容纳的最大微批",
    "Largest concurrency that fits": "可容纳的最大并发",
    "Largest context that fits": "可容纳的最长上下文",
    "Output throughput": "输出吞吐量",
    "Engine": "推理引擎",
    "{engine} (your profile)": "{engine}（您的参数）",
    "{format} · {bits} bit/weight": "{format} · {bits} 位/权重",
    "Under a load of {rate} requests/s (Poisson arrivals); batching: {batching}":
        "负载 {rate} 请求/秒（泊松到达）；批处理：{batching}",
    "On an idle copy": "在空闲的模型副本上",
    "Goodput": "有效吞吐",
    "{rate} — {share} of requests within {targets}": "{rate}——{share} 的请求满足{targets}",
    "TTFT {ttft} and TPOT {tpot}": "首词元时间 {ttft}、每输出词元时间 {tpot}",
    "TTFT {ttft}": "首词元时间 {ttft}",
    "TPOT {tpot}": "每输出词元时间 {tpot}",
    ("Goodput: the requests served each second whose time to first token and time per output token both stay "
     "within the targets (DistServe, Zhong et al., OSDI 2024) — the rate served (Poisson arrivals, queueing "
     "counted) times the share of its requests within them, read off the latency distributions the percentiles "
     "come from (first token and time per token taken as independent). The verdict checks the p{p} figures "
     "against the targets."):
        "有效吞吐（goodput）：每秒服务的请求中首词元时间与每输出词元时间均满足目标的请求数（DistServe，Zhong 等，"
        "OSDI 2024）——服务速率（泊松到达，计入排队）乘以其中满足目标的请求占比；占比取自给出各百分位数的同一时延分布"
        "（首词元时间与每词元时间视为相互独立）。结论按 p{p} 数值与目标比较。",
    ("Decode reads the weights at {share} of the card's peak memory bandwidth ({peak} GB/s): {engine}'s kernels "
     "reach {stream} of the {achievable} a streaming copy achieves on the card (assumption 'Decode bandwidth'); "
     "long KV caches are read at {kv}.\nEngine profile source: {source}"):
        "解码以该卡峰值显存带宽（{peak} GB/s）的 {share} 读取权重：{engine} 的内核达到该卡流式拷贝可达带宽 "
        "{achievable}（假设项“解码带宽”）的 {stream}；长 KV 缓存以 {kv} 读取。\n引擎参数来源：{source}",
    "Energy per {period}": "能耗（{period}）",
    "Cloud per {period}": "云租用（{period}）",
    "Electricity per {period}": "电费（{period}）",
    "job": "每个任务",
    "hour": "每小时",
    "Prices dated": "价格日期",
    "Per user-month": "每用户每月成本",
    "Per stream-hour": "每路每小时成本",
    "Per frame": "每帧成本",
    "ownership": "自有成本（购置摊销加电费）",
    "cloud": "云租用价",
    "Cost {per} — this job alone, its cards and servers bought for it (capex + its energy)":
        "{per}成本——仅此一项任务，为其购置加速卡与服务器（购置成本 + 本任务电费）",
    "Cost {per} — this job alone": "{per}成本——仅本任务",
    "its cards and servers bought for it (capex + its energy)": "为其购置加速卡与服务器（购置成本 + 本任务电费）",
    "{codec} on this card's engines: {default} for H.264 on a Turing/Ampere engine × {factor} from NVIDIA's table":
        "本卡编码器的 {codec}：Turing/Ampere 编码器 H.264 的 {default} × NVIDIA 性能表系数 {factor}",
    "{enc} 1080p frames/s per encoder at P4 ({why}), {dec} per decoder, {n} surfaces per stream":
        "每个编码器 P4 预设 1080p {enc} 帧/秒（{why}），每个解码器 {dec} 帧/秒，每路 {n} 帧缓存",
    "{n} at 1 card each": "{n} 台（每台 1 张卡）",
    # local-display desktops (--local-display): a workstation at each desk, its card driving the desk's monitors
    "one workstation per desk": "每个工位一台工作站",
    "{outputs} on the card, {monitors} {monitor_word} a desk": "卡上 {outputs} 个，每个工位 {monitors} {monitor_word}",
    "monitor": "台显示器",
    "monitors": "台显示器",
    "Workstations": "工作站",
    "{n}, one card each": "{n} 台，每台 1 张卡",
    "Frame buffer for the desk's monitors": "工位显示器的帧缓冲",
    "Workstation power besides its card": "工作站功耗（不含加速卡）",
    "office: no facility overhead (PUE) applied, average board power {share} of TDP, electricity {price}/kWh, "
    "{u} utilisation, {years} years":
        "办公室：不计机房附加能耗（PUE），平均板卡功耗为 TDP 的 {share}，电价 {price}/kWh，利用率 {u}，{years} 年",
    "Site": "场所",
    "Power at the desks (average)": "工位平均功率",
    "Power at the desks (average, no PUE)": "工位平均功率（不计 PUE）",
    "Energy (office, no PUE, {price})": "电力（办公室，不计 PUE，{price}）",
    "not counted: no figure on file for a workstation without its card; energy is the cards' alone":
        "未计入：无不含加速卡的工作站功耗数据；能耗仅计加速卡",
    "{n} at 1 board (1 {chip} used) each": "{n} 台（每台 1 块板卡，使用 1 个 {chip}）",
    "{n} at 1 board ({per} {chip}s used) each": "{n} 台（每台 1 块板卡，使用 {per} 个 {chip}）",
    "{n} at {boards} boards ({per} {chip}s used) each": "{n} 台（每台 {boards} 块板卡，使用 {per} 个 {chip}）",
    "1 board": "1 块板卡",
    "{n} boards": "{n} 块板卡",
    "framebuffer": "帧缓冲",
    "vGPU instance limit": "vGPU 实例数上限",
    "shading load": "着色负载",
    "passthrough (one user per card)": "直通（每卡一个用户）",
    "video encoders": "视频编码器",
    "video decoders": "视频解码器",
    "display outputs": "显示输出",
    "driver's encode-session limit": "驱动的编码会话数上限",
    "unknown (video engines not verified)": "未知（视频引擎未经核实）",
    "pipeline point-to-point": "流水线点对点",
    "context parallel": "上下文并行",
    "expert parallel": "专家并行",
    "CPU offload": "CPU 卸载",
    "Ideal (roofline, no overheads)": "理想（屋顶线，无开销）",
    "INT8 (W8A8)": "INT8（W8A8）",
    "Engine's way": "按引擎的方式",
    "Continuous (chunked prefill)": "连续批处理（分块预填充）",
    "Static (batch runs to its end)": "静态（整批运行到结束）",
    "(likely {low} to {high} of each)": "（各值可能为其 {low} 至 {high}）",
    ("Likely range: {n} rows ({kind}, {scale}), {held} of them held out, the others calibration rows "
     "predicted with the defaults set without their own source; 80 % of them were measured within it "
     "(10th to 90th percentile of measured / predicted)."):
        "可能范围：{n} 行数据（{kind}，{scale}），其中 {held} 行为留出数据，其余为用不含其自身来源所定默认值预测的"
        "校准数据；其中 80% 的实测值落在此范围内（实测值 / 估算值的第 10 至第 90 百分位）。",
    "Only {n} rows at this scale: the range is the one over all scales.": "此规模仅 {n} 行：采用全部规模的范围。",
    "Few rows: the range itself is uncertain.": "行数少：范围本身也不确定。",
    "Rows: {rows}": "数据行：{rows}",
    "requests/s": "请求/秒",
    "frames/h": "帧/小时",
    "GPU-h": "卡时",
    "NPU-h": "卡时",  # an Ascend card's chip-hours (Card.chip_word)
    "{budget} ({share} of the card's {capacity}: the serving engine's share)":
        "{budget}（卡上 {capacity} 的 {share}：推理引擎预留的份额）",
}
