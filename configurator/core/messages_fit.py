"""Message templates of what would fit (core.fit_suggestions; issue 24, part 5) and of a training run that fits
only because the caching allocator gives its cache back near the limit, in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id."""

from __future__ import annotations

# '{count} × {card}: …' with no verb to agree: one card read "1 × H100 SXM5 80GB need" (persona51)
FIT_ENGLISH: dict[str, str] = {
    "fits-as": "{count:,} × {card}: {need:,.1f} GiB per card of {budget:,.1f} GiB — fits",
    "fits-unpinned": "The layout left to the planner (your pinned {pins} freed) on {count:,} × {card}: "
                     "{need:,.1f} GiB per card of {budget:,.1f} GiB — fits",
    "fits-with-lora": "LoRA adapters instead of full fine-tuning: {need:,.1f} GiB per card of {budget:,.1f} GiB — fits",
    "fits-with-qlora": "QLoRA (4-bit base, LoRA adapters): {need:,.1f} GiB per card of {budget:,.1f} GiB — fits",
    "short-with-qlora": "QLoRA (4-bit base, LoRA adapters): {need:,.1f} GiB per card of {budget:,.1f} GiB — still "
                        "{short:,.1f} GiB short",
    "fits-with-shorter-sequence": "Sequences of {length:,} tokens instead of {now:,}: {need:,.1f} GiB per card of "
                                  "{budget:,.1f} GiB — fits",
    "fits-with-shorter-context": "A context of {length:,} tokens instead of {now:,}: {need:,.1f} GiB per card of "
                                 "{budget:,.1f} GiB — fits",
    "fits-with-offload-optimizer": "Optimizer states in host memory (ZeRO-Offload; each step waits on the host): "
                                   "{need:,.1f} GiB per card of {budget:,.1f} GiB — fits",
    "fits-with-offload-all": "Optimizer states and weights in host memory (ZeRO-Infinity; much slower): "
                             "{need:,.1f} GiB per card of {budget:,.1f} GiB — fits",
    "fits-with-weight-format": "Weights in {format} ({bits:.3g} bit/weight): {need:,.1f} GiB per card of "
                               "{budget:,.1f} GiB — fits",
    "meets-targets-with-weight-format": "Weights in {format} ({bits:.3g} bit/weight): these {count:,} × {card} meet "
                                        "every target set, {need:,.1f} GiB per card of {budget:,.1f} GiB",
    "fits-fewer-users": "{users:,} users instead of all on {count:,} × {card}: {need:,.1f} GiB per card of "
                        "{budget:,.1f} GiB — fits",
    "fits-cards-needed": "{count:,} × {card} carry all {demand:,.0f} {unit}",
    "meets-deadline-with": "{count:,} × {card} meet the {deadline:,g} h deadline: {hours:duration} (TP {tp} · "
                           "CP {cp} · PP {pp} · DP {dp})",
    "meets-deadline-with-days": "{count:,} × {card} meet the {deadline:,g}-day deadline: {days:days} (TP {tp} · "
                                "CP {cp} · PP {pp} · DP {dp})",
    "meets-deadline-with-min": "{count:,} × {card} meet the {deadline:,g} min deadline: {hours:duration} (TP {tp} · "
                               "CP {cp} · PP {pp} · DP {dp})",
    "meets-deadline-cards": "{count:,} × {card} meet the {deadline:,g} h deadline: {hours:duration}",
    "meets-deadline-cards-days": "{count:,} × {card} meet the {deadline:,g}-day deadline: {days:days}",
    "meets-deadline-cards-min": "{count:,} × {card} meet the {deadline:,g} min deadline: {hours:duration}",
    "meets-serving-targets": "{count:,} × {card} carry the stated load within its targets: {copies:|copy|copies} of "
                             "TP {tp} · PP {pp}",
    "misses-deadline-every-count": "misses the {deadline:,g} h deadline at every count tried: fastest "
                                   "{hours:sig} h ({days:sig} days) at {count:,} cards",
    "misses-deadline-every-count-days": "misses the {deadline:,g}-day deadline at every count tried: fastest "
                                        "{days:days} at {count:,} cards",
    "meets-throughput-with": "{count:,} × {card} reach the {floor:,.0f} tokens/s floor: {rate:,.0f} tokens/s "
                             "(TP {tp} · CP {cp} · PP {pp} · DP {dp})",
    "misses-throughput-every-count": "misses the {floor:,.0f} tokens/s floor at every count tried: fastest "
                                     "{rate:,.0f} tokens/s at {count:,} × {card}",
    "misses-serving-targets-every-count": "no count tried carries the load within its targets; closest {count:,} × "
                                          "{card} ({copies:|copy|copies} of TP {tp} · PP {pp}): {missed}",
    "suggestion-costs": "{said} — {costs}",
    "suggestion-capex": "capex {cost:.0money}",
    "suggestion-capex-partly-priced": "capex at least {cost:.0money} ({unpriced:|bill line|bill lines} without a "
                                      "price: enter quotes)",
    "suggestion-breaks": "breaks the stated limits: {broken}",
    "misses-streams-per-server": "{count:,} cards carry {served:,.0f} of {demand:,.0f} streams: {needed:,} cards are "
                                 "needed, {per:,} per server (the driver's session limit is per server)",
    "fits-cache-given-back": (
        "Fits: the run needs {need:.1f} GiB per card; the allocator's cache would usually hold {total:.1f} GiB, more "
        "than {card}'s {budget:.1f} GiB, but gives it back near the limit (PyTorch frees its cached blocks and "
        "retries before it runs out of memory)"
    ),
    "reason-compute-bound-cache": (  # a ranked configuration that fits as above: its headroom on what it needs
        "{card} computes at {mfu:.0pct} MFU and fits with {headroom:.1pct} memory headroom at its peak, the "
        "allocator giving its usual cache back near the limit"
    ),
}
FIT_CHINESE: dict[str, str] = {
    "fits-as": "{count:,} × {card}：每卡 {need:,.1f} GiB，可用 {budget:,.1f} GiB——可容纳",
    "fits-unpinned": "并行布局交给规划器（放开您固定的 {pins}）：{count:,} × {card} 每卡需要 {need:,.1f} GiB，"
                     "可用 {budget:,.1f} GiB——可容纳",
    "fits-with-lora": "用 LoRA 适配器代替全参数微调：每卡 {need:,.1f} GiB，可用 {budget:,.1f} GiB——可容纳",
    "fits-with-qlora": "QLoRA（4 位基座 + LoRA 适配器）：每卡 {need:,.1f} GiB，可用 {budget:,.1f} GiB——可容纳",
    "short-with-qlora": "QLoRA（4 位基座 + LoRA 适配器）：每卡 {need:,.1f} GiB，可用 {budget:,.1f} GiB——仍缺 "
                        "{short:,.1f} GiB",
    "fits-with-shorter-sequence": "序列长度改为 {length:,} 词元（现为 {now:,}）：每卡 {need:,.1f} GiB，可用 "
                                  "{budget:,.1f} GiB——可容纳",
    "fits-with-shorter-context": "上下文改为 {length:,} 词元（现为 {now:,}）：每卡 {need:,.1f} GiB，可用 "
                                 "{budget:,.1f} GiB——可容纳",
    "fits-with-offload-optimizer": "优化器状态放到主机内存（ZeRO-Offload；每步等待主机）：每卡 {need:,.1f} GiB，"
                                   "可用 {budget:,.1f} GiB——可容纳",
    "fits-with-offload-all": "优化器状态和权重放到主机内存（ZeRO-Infinity；慢得多）：每卡 {need:,.1f} GiB，"
                             "可用 {budget:,.1f} GiB——可容纳",
    "fits-with-weight-format": "权重改用 {format}（每权重 {bits:.3g} 位）：每卡 {need:,.1f} GiB，可用 "
                               "{budget:,.1f} GiB——可容纳",
    "meets-targets-with-weight-format": "权重改用 {format}（每权重 {bits:.3g} 位）：现有 {count:,} × {card} 即可满足所设的全部目标，"
                                        "每卡 {need:,.1f} GiB，可用 {budget:,.1f} GiB",
    "fits-fewer-users": "只服务 {users:,} 个用户：{count:,} × {card} 每卡需要 {need:,.1f} GiB，可用 "
                        "{budget:,.1f} GiB——可容纳",
    "fits-cards-needed": "{count:,} × {card} 可承载全部 {demand:,.0f} {unit}",
    "meets-deadline-with": "{count:,} × {card} 可满足 {deadline:,g} 小时的期限：{hours:duration}（TP {tp} · CP {cp} · PP {pp} "
                           "· DP {dp}）",
    "meets-deadline-with-days": "{count:,} × {card} 可满足 {deadline:,g} 天的期限：{days:days}（TP {tp} · CP {cp} · PP {pp} "
                                "· DP {dp}）",
    "meets-deadline-with-min": "{count:,} × {card} 可满足 {deadline:,g} 分钟的期限：{hours:duration}（TP {tp} · CP {cp} · "
                               "PP {pp} · DP {dp}）",
    "meets-deadline-cards": "{count:,} × {card} 可满足 {deadline:,g} 小时的期限：{hours:duration}",
    "meets-deadline-cards-days": "{count:,} × {card} 可满足 {deadline:,g} 天的期限：{days:days}",
    "meets-deadline-cards-min": "{count:,} × {card} 可满足 {deadline:,g} 分钟的期限：{hours:duration}",
    "meets-serving-targets": "{count:,} × {card} 可在目标之内承载所述负载：{copies:,} 个副本，每个 TP {tp} · PP {pp}",
    "misses-deadline-every-count": "在尝试过的所有卡数下都赶不上 {deadline:,g} 小时的期限：最快 {hours:sig} 小时"
                                   "（{days:sig} 天），需 {count:,} 张卡",
    "misses-deadline-every-count-days": "在尝试过的所有卡数下都赶不上 {deadline:,g} 天的期限：最快 {days:days}，"
                                        "需 {count:,} 张卡",
    "meets-throughput-with": "{count:,} × {card} 可达到每秒 {floor:,.0f} 词元的下限：每秒 {rate:,.0f} 词元（TP {tp} · CP {cp} · "
                             "PP {pp} · DP {dp}）",
    "misses-throughput-every-count": "在尝试过的所有卡数下都达不到每秒 {floor:,.0f} 词元的下限：最快每秒 {rate:,.0f} 词元，"
                                     "需 {count:,} × {card}",
    "misses-serving-targets-every-count": "在尝试过的所有卡数下都无法在目标之内承载所述负载；最接近的是 {count:,} × {card}"
                                          "（{copies:,} 个副本，每个 TP {tp} · PP {pp}）：{missed}",
    "suggestion-costs": "{said}——{costs}",
    "suggestion-capex": "资本支出 {cost:.0money}",
    "suggestion-capex-partly-priced": "资本支出至少 {cost:.0money}（{unpriced} 项无价格——请输入报价）",
    "suggestion-breaks": "超出所设限制：{broken}",
    "misses-streams-per-server": "{count:,} 张卡可承载 {demand:,.0f} 路视频流中的 {served:,.0f} 路：需要 {needed:,} 张卡，"
                                 "每台服务器 {per:,} 张（驱动的编码会话上限按服务器计）",
    "fits-cache-given-back": "放得下：运行每卡需要 {need:.1f} GiB；分配器缓存通常会占到 {total:.1f} GiB，超过 {card} 的 "
                             "{budget:.1f} GiB，但接近上限时会归还（PyTorch 在显存不足前先释放缓存块并重试）",
    "reason-compute-bound-cache": "{card} 算力利用率 {mfu:.0pct}，峰值时显存余量 {headroom:.1pct}（接近上限时分配器归还其常规缓存）",
}
