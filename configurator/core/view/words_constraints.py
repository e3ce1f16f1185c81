"""Chinese labels of the constraints a buyer sets and of the serving uses (issue 24): the names of
the verdicts (:mod:`configurator.core.verdicts`), the uses (``Serving.use``), what a budget caps,
and the headings of the ranking's below-the-line list. Merged into the one catalogue by
:mod:`configurator.core.view.words`; keyed by the English label id."""

from __future__ import annotations

ZH_CN_CONSTRAINTS: dict[str, str] = {
    # the constraints (verdicts.CONSTRAINTS) by name
    "Budget": "预算",
    "Delivery region": "交付地区",
    "Deadline": "期限",
    "Power cap": "功率上限",
    "Power per server": "单台服务器功率",
    "Training throughput": "训练吞吐量",
    "Request rate": "请求率",
    "First token": "首词元延迟",
    "Time per output token": "每输出词元时间",
    "Constraints": "约束条件",
    ": ": "：",
    "met": "满足",
    "not met": "未满足",
    "cannot be checked": "无法核对",
    # the serving uses (names.SERVING_USES)
    "Interactive chat or assistant": "交互式对话 / 助手",
    "API for other programs": "供其他程序调用的 API",
    "Offline batch": "离线批处理",
    # what a budget caps (names.BUDGET_BASES)
    "Capex (buying: cards, servers, network, storage, racks)": "资本支出（购买：加速卡、服务器、网络、存储、机柜）",
    "Rent (a month of service, or the whole job)": "租金（每月服务，或整个作业）",
    # the ranking's list of configurations that break a constraint
    "Below the line: each breaks a constraint you set (never ranked)": "基准线以下：每项都违反了您设定的约束（不参与排名）",
    "Breaks": "违反的约束",
    "{first} (and {n} more)": "{first}（另有 {n} 项）",
    "{first}; {cooler}": "{first}；{cooler}",
    "{n} more below the line; the recommendation panel lists them all.": "基准线以下另有 {n} 项；推荐面板列出全部。",
    # the summary's serving load (family_view._serving_rows)
    "{n} users at once": "{n} 位同时在线用户",
    "1 user at once": "1 位同时在线用户",
    "users from the request rate, {rate} requests/s": "用户数按请求率推算（{rate} 请求/秒）",
    "Not rated: the catalog lacks a figure their speed needs (never ranked)": "未评估：目录缺少计算速度所需的数据（不参与排名）",
    "{n} below the line, {m} left out; see --json for why.": "{n} 种配置在基准线以下，{m} 种卡被排除；原因见 --json。",
    "Latency targets: {targets}": "延迟目标：{targets}",
    "first token ≤ {ttft} and ≤ {tpot} per token at {percentile} ({origin})":
        "{percentile} 首词元 ≤ {ttft}、每词元 ≤ {tpot}（{origin}）",
    "none (offline batch: ranked by cost per token)": "无（离线批处理：按每词元成本排名）",
    "none (offline batch: ranked by cost per token); no volume given, so the batch is planned full: the largest "
    "that fits in memory within the engine's default cap; give the requests a day or the users at once to size it "
    "to your volume":
        "无（离线批处理：按每词元成本排名）；未给出处理量，因此按满批规划：内存能容纳、且不超过引擎默认上限的最大批量；"
        "填写每天请求数或同时服务的用户数，可按实际用量规划",
    "default for interactive chat": "交互式对话的默认值",
    "default for an API": "API 服务的默认值",
    "your targets": "您设定的目标",
    "your target": "您设定的目标",
    "Use's default": "按用途的默认值",
    "Serve {model} at {rate} requests/s": "以每秒 {rate} 个请求提供 {model} 推理服务",
    "Serve {model}: no load given, sized for 1 user at once": "提供 {model} 推理服务：未给出负载，按同时 1 位用户规划",
    "Serve {model}: no volume given, one full batch per model copy": "提供 {model} 推理服务：未给出处理量，每个模型副本一个满批次",
    "Load assumed": "假设的负载",
    # a headline's few words on the constraints (constraints_view.constraints_verdict, issue 24 part 4)
    "over budget by {by}": "超出预算 {by}",
    "over budget by at least {by}": "超出预算至少 {by}",
    "misses the deadline by {by}": "超出期限 {by}",
    "over the power cap by {by}": "超出功率上限 {by}",
    "over the IT power per server by {by}": "超出单台服务器 IT 功率上限 {by}",
    "{by} short of the training throughput needed": "训练吞吐量比所需少 {by}",
    "{by} short of the request rate": "请求率比所需少 {by}",
    "first token {by} over the {percentile} target": "{percentile} 首词元延迟超出目标 {by}",
    "{by} per output token over the {percentile} target": "{percentile} 每输出词元时间超出目标 {by}",
    "deadline (it does not run)": "期限（无法运行）",
    "training throughput (it does not run)": "训练吞吐量（无法运行）",
    "request rate (it does not run)": "请求率（无法运行）",
    "first token (it does not run)": "首词元延迟（无法运行）",
    "time per output token (it does not run)": "每输出词元时间（无法运行）",
    "{constraint}: it does not fit in memory, so it does not run": "{constraint}：显存不足，无法运行",
    "budget ({n} items unpriced — enter quotes)": "预算（{n} 项无价格——请输入报价）",
    "budget (1 item unpriced — enter a quote)": "预算（1 项无价格——请输入报价）",
    "budget (no cloud price)": "预算（无云租用价）",
    "deadline (no time estimated)": "期限（未能估算时间）",
    "power cap (no published board power)": "功率上限（无公开的板卡功耗）",
    "power per server (no published board power)": "单台服务器功率（无公开的板卡功耗）",
    "training throughput (no speed estimated)": "训练吞吐量（未能估算速度）",
    "request rate (no speed estimated)": "请求率（未能估算速度）",
    "first token (no latency estimated)": "首词元延迟（未能估算延迟）",
    "time per output token (no latency estimated)": "每输出词元时间（未能估算延迟）",
    "needs a US export licence for mainland China": "交付中国大陆需要美国出口许可证",
    "not permitted for delivery to mainland China": "不允许交付至中国大陆",
    "export status for mainland China unknown": "对中国大陆的出口管制状态未知",
    "meets the one constraint set": "满足所设的 1 项约束",
    "meets all {n} constraints": "满足全部 {n} 项约束",
    "breaks the one constraint set: {list}": "违反所设的 1 项约束：{list}",
    "breaks {n} of {total} constraints: {list}": "违反 {total} 项约束中的 {n} 项：{list}",
    "cannot check the one constraint set: {list}": "无法核对所设的 1 项约束：{list}",
    "cannot check {n} of {total} constraints: {list}": "{total} 项约束中有 {n} 项无法核对：{list}",
    "{fit} — {constraints}": "{fit}——{constraints}",
    "{value} — {note}": "{value}——{note}",  # a card page's value and its note (report.text.card_details)
    # what the buyer set, on the summary's first page (constraints_view.constraints_columns)
    "≤ {ms} at {percentile} ({origin})": "{percentile} ≤ {ms}（{origin}）",
    "within {time}": "{time}之内",
    "≤ {power} facility power (average, PUE included)": "机房功率（平均，含 PUE）≤ {power}",
    "≤ {power} IT power per server, at the rack's PDU": "每台服务器在机架 PDU 处的 IT 功率 ≤ {power}",
    "{budget} — capex ceiling (buying)": "{budget}——资本支出上限（购买）",
    "{budget} — rent ceiling, a month": "{budget}——租金上限（每月）",
    "{budget} — rent ceiling, the whole job": "{budget}——租金上限（整个作业）",
    "Constraint": "约束",
    "Set": "设定值",
    "Result": "结果",
    "State": "状态",
    "Serving use": "服务用途",
    # the summary's first page (report.summary: the verdict, the capex, the constraints table)
    "does not carry the whole load": "无法承载全部负载",
    "Your choice, {mine}, cannot be recommended: {problems}.": "您的选择 {mine} 不能推荐：{problems}。",
    "No configuration meets every constraint set. The nearest, {mine}, breaks: {problems}.":
        "没有满足所设全部约束的配置。最接近的方案 {mine} 未满足：{problems}。",
    "The budget covers {share} of it: raise the budget or lower the requirements.":
        "预算只够其费用的 {share}：请提高预算，或降低需求。",
    "No other card's configuration meets every constraint set either.": "也没有其他卡的配置能满足所设的全部约束。",
    "No other card that can be ranked meets every constraint set either.":
        "也没有其他可参与排名的卡能满足所设的全部约束。",
    "Recommended by {by}: {best}, which fits and meets every constraint set.":
        "按{by}推荐：{best}，显存可容纳且满足所设的全部约束。",
    "{capex} — {covers}": "{capex}——含{covers}",
    "{capex}; {n} items unpriced — enter quotes (not in the total)": "{capex}；{n} 项无价格——请输入报价（未计入合计）",
    "{capex}; 1 item unpriced — enter a quote (not in the total)": "{capex}；1 项无价格——请输入报价（未计入合计）",
    "Your constraints": "您的约束条件",
    "{tco} — without the unpriced items": "{tco}——未含无价格的项",
    "Not set": "未设定",
    "nothing checked against them": "未据此核对",
    "{names} — nothing checked against them": "{names}——未据此核对",
    "Meets what was asked": "满足要求",
    "Cannot be fully checked": "无法完全核对",
    "Does not meet what was asked": "不满足要求",
    " in {servers} (1 card each), {racks}": "，{servers}（每台 1 张卡），{racks}",
    "first token ≤ {ttft} ({ttft_origin}) and ≤ {tpot} per token ({tpot_origin}) at {percentile}":
        "{percentile} 首词元 ≤ {ttft}（{ttft_origin}）、每词元 ≤ {tpot}（{tpot_origin}）",
    "first token ≤ {ttft} at {percentile} ({origin})": "{percentile} 首词元 ≤ {ttft}（{origin}）",
    "≤ {tpot} per token at {percentile} ({origin})": "{percentile} 每词元 ≤ {tpot}（{origin}）",
}
