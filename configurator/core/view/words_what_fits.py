"""Chinese labels of the "what fits on the cards I own" view
(:mod:`configurator.core.view.what_fits_view`), merged into the one catalogue by
:mod:`configurator.core.view.words`. Keyed by the English label id."""

from __future__ import annotations

ZH_CN_WHAT_FITS: dict[str, str] = {
    "What fits on {count} × {card}": "{count} × {card} 能运行什么",
    "{usable} usable per card, {total} in all": "每卡可用 {usable}，合计 {total}",
    ("Training: {seq}-token sequences, the planner's layout; pre-training timed for {ratio} tokens per parameter "
     "(compute-optimal, Hoffmann et al. 2022), fine-tuning for {tokens} tokens"):
        "训练：序列长度 {seq} 词元，并行布局由规划器选择；"
        "从头预训练按每个参数 {ratio} 个词元计时（算力最优，Hoffmann 等 2022），微调按 {tokens} 词元计时",
    ("Serving with {engine}: {context}-token context ({prompt}-token prompts, {output}-token answers), prefill and "
     "decode on the same copies, users asking back to back"):
        "推理服务使用 {engine}：上下文 {context} 词元（提示 {prompt} 词元，回答 {output} 词元），预填充与解码在同一副本上，"
        "用户连续提问",
    ("A user counts while the first token comes within {ttft} and each next one within {tpot} for {p} of requests "
     "({basis})"):
        "计入的用户须满足：{p} 的请求首词元在 {ttft} 内返回，其后每输出词元在 {tpot} 内返回（{basis}）",
    "default for interactive chat: MLPerf's server limits, faster than a person reads":
        "交互式对话的默认目标：MLPerf 服务器场景限值，快于人的阅读速度",
    "the targets given": "所给目标",
    "Training and fine-tuning": "训练与微调",
    "Largest model per task": "各任务可运行的最大模型",
    "What the budget buys, card by card": "预算逐卡能买到什么",
    "Marked *: {notes}": "标 * 的价格：{notes}",
    "Largest model": "最大模型",
    "{precision} (no published {wanted} rate)": "{precision}（无公开 {wanted} 速率）",
    "NF4 base, {used} adapters": "NF4 基座，{used} 适配器",
    "none fits": "无可运行模型",
    "{n} users within the targets": "满足目标的用户 {n} 个",
    "1 user within the targets": "满足目标的用户 1 个",
    "Serving": "推理服务",
    "Task": "任务",
    "Layout": "并行布局",
    "Users within the targets": "满足目标的用户数",
    "Per user": "每用户",
    "All users": "全部用户",
    "First token (p{p})": "首词元（p{p}）",
    "Per token (p{p})": "每输出词元（p{p}）",
    "{n}, {active} active": "{n}，激活 {active}",
    "fits, too slow": "可容纳，但太慢",
    "fits, over the deadline": "可容纳，但超出期限",
    "{p0}, {p1}": "{p0}、{p1}",  # what a CPU offload keeps in host memory: the plan table, the layout line
    "{p0}, {p1}, {p2}": "{p0}、{p1}、{p2}",
    "fits only with the optimizer in host memory: {host} of host RAM per server; slower":
        "仅在优化器放入主机内存时可容纳：每台服务器需 {host} 主机内存；较慢",
    "fits only with the optimizer and parameters in host memory: {host} of host RAM per server; slower":
        "仅在优化器和参数放入主机内存时可容纳：每台服务器需 {host} 主机内存；较慢",
    ("Deadline: {deadline}; a training row that takes longer for its token budget reads "
     "\"fits, over the deadline\""): "期限：{deadline}；完成其词元预算所需时间更长的训练行标为“可容纳，但超出期限”",
    "no published rate": "无公开算力数据",
    "FP4 (4-bit float weights)": "FP4（4 位浮点权重）",
    "most users tried": "已试最多用户数",
    "FP8 (linear layers)": "FP8（线性层）",
    "NF4 base, BF16 adapters": "NF4 基座，BF16 适配器",
    "time per output token": "每输出词元时间",
    "time to first token": "首词元延迟",
    "on {used} of the cards": "用其中 {used} 张卡",
}
"""The heading, the question's sentences, the two tables' titles and headings, the verdicts and
what limits a serving row."""
