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
    "{n} below the line, {m} left out; see --json for why.": "{n} 张卡在基准线以下，{m} 张卡被排除；原因见 --json。",
    "Latency targets: {targets}": "延迟目标：{targets}",
    "first token ≤ {ttft} and ≤ {tpot} per token at {percentile} ({origin})":
        "{percentile} 首词元 ≤ {ttft}、每词元 ≤ {tpot}（{origin}）",
    "none (offline batch: ranked by cost per token)": "无（离线批处理：按每词元成本排名）",
    "default for interactive chat": "交互式对话的默认值",
    "default for an API": "API 服务的默认值",
    "your targets": "您设定的目标",
    "Use's default": "按用途的默认值",
    "Serve {model} at {rate} requests/s": "以每秒 {rate} 个请求提供 {model} 推理服务",
}
