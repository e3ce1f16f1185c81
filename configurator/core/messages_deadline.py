"""Message templates of a deadline met at the estimate that the likely range's slow end misses
(training: the calibration band of the job's hours, :func:`configurator.core.uncertainty.band_for`),
in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id.
The other deadline verdicts (met, missed, unknown) are in :mod:`configurator.core.messages`; their
``-min`` variants, of a deadline under an hour said in minutes (:func:`configurator.core.messages.deadline_msg`:
"within the 0.0167 h deadline" until December 2026), are here, each time in them in its own unit
(``{hours:duration}``: "36.1 min", "2.00 h").

A deadline met at the estimate that the slow end misses goes on (``deadline-and-slow-end``) with the fewest
cards of the same card whose slow end meets it, their slow end and what they cost to own beyond the
configuration over the years owned (``slow-end-count``; ``-unpriced`` where a bill lacks a price), or that
no count tried meets it there (``slow-end-none``; ``-blocked`` where those that do break another
constraint): :func:`configurator.core.slow_end_count.with_slow_end` (session 49). Ranked by rent the cost is
the job's rent beyond the configuration's at the rent per card-hour (``slow-end-count-rent``, its ``cost``
``slow-end-rent-more``, ``-less`` where the count takes fewer card-hours, ``-unpriced``; slowend49b).

A serving deployment's request rate carried at the estimate that the slow end does not
(``meets-request-rate-at-estimate``) goes on in the same way with the fewest cards whose slow end carries it
(``slow-end-rate-count``, ``-unpriced``, ``-rent``; ``slow-end-rate-none``, ``-blocked``; ranked by
rent, a month's rent around the clock:
``slow-end-rent-more-month``, ``-less-month``, ``-unpriced-month``; slowend49c).

A question sized by its users at once alone (no request rate) has its latency targets met at the estimate that the
slow end misses (``meets-tpot-at-estimate``, ``meets-ttft-at-estimate``), going on with the users the cards
serve within the targets there (``slow-end-users``, ``-none``) and the fewest cards that serve them all there
(``slow-end-users-count``, ``-unpriced``, ``-rent``; ``slow-end-users-not-found``, ``-blocked``; small50).

Where the fewest count is the configuration's own, another layout of the same cards meeting the target there, each
case says so and names that layout, no cards more (``slow-end-same-count``, ``slow-end-rate-same-count``,
``slow-end-users-same-count``; the layout ``slow-end-layout-copies``, ``-pools``, ``-replicas`` and each setting
that differs, ``slow-end-layout-kv-precision`` …; slowendeq50: "8 cards (148 ms there), 0 USD more" read for the 8
held).

A rate's figures are written as the estimate's rows write them, to three significant digits (``{rate:sig}``):
"Requests 56.6 requests/s (likely 33.3–56.6)" stood beside "Carries up to 56.59 … slow end of the likely range
(33.28 requests/s)", one slow end read as two figures (session 51, chart51; persona50b #1)."""

from __future__ import annotations

DEADLINE_ENGLISH: dict[str, str] = {
    "job-outlasts-years": (  # core/job_horizon.py
        "The job takes {days:days} ({taken:.1f} years), longer than the {period} the hardware is owned "
        "and depreciated over: more cards, or a deadline, bring it within them"
    ),
    "meets-deadline-at-estimate": (
        "Takes {hours:sig} h, {margin:duration} within the {deadline:,g} h deadline at the estimate; may miss it "
        "at the slow end of the likely range ({slow:sig} h)"
    ),
    "meets-deadline-at-estimate-days": (
        "Takes {days:days}, {margin:duration} within the {deadline:,g}-day deadline at the estimate; may "
        "miss it at the slow end of the likely range ({slow:days})"
    ),
    "meets-deadline-at-estimate-min": (
        "Takes {hours:duration}, {margin:duration} within the {deadline:,g} min deadline at the estimate; may "
        "miss it at the slow end of the likely range ({slow:duration})"
    ),
    "meets-deadline-min": "Takes {hours:duration}, {margin:duration} within the {deadline:,g} min deadline",
    "misses-deadline-min": "Takes {hours:duration}: misses the {deadline:,g} min deadline by {over:duration} "
                           "({share:.0%})",
    "deadline-out-of-reach-min": "{card} cannot meet the {deadline:,g} min deadline at any count tried: even "
                                 "{count:,} cards at full peak need {hours:duration}",
    "deadline-unknown-min": "No time for the job could be estimated: the {deadline:,g} min deadline cannot be "
                            "checked",
    "misses-deadline-every-count-min": "misses the {deadline:,g} min deadline at every count tried: fastest "
                                       "{hours:duration} at {count:,} cards",
    "paced-energy-min": (
        "The job takes {hours:duration} of every {deadline:,g} min deadline, the pace asked; energy counts the "
        "time the cards wait at load power (no idle power on file: an upper bound)"
    ),
    "deadline-and-slow-end": "{first}; {then}",
    "slow-end-count": (
        "to meet it even at the slow end: {count:,} cards ({slow_hours:sig} h there), {extra:.0money} more to own "
        "over {period}"
    ),
    "slow-end-count-days": (
        "to meet it even at the slow end: {count:,} cards ({slow_days:days} there), {extra:.0money} more to own "
        "over {period}"
    ),
    "slow-end-count-min": (
        "to meet it even at the slow end: {count:,} cards ({slow_hours:duration} there), {extra:.0money} more to "
        "own over {period}"
    ),
    "slow-end-count-unpriced": (
        "to meet it even at the slow end: {count:,} cards ({slow_hours:sig} h there); what the extra cards cost to "
        "own is not priced"
    ),
    "slow-end-count-unpriced-days": (
        "to meet it even at the slow end: {count:,} cards ({slow_days:days} there); what the extra cards cost to "
        "own is not priced"
    ),
    "slow-end-count-unpriced-min": (
        "to meet it even at the slow end: {count:,} cards ({slow_hours:duration} there); what the extra cards cost "
        "to own is not priced"
    ),
    "slow-end-count-rent": "to meet it even at the slow end: {count:,} cards ({slow_hours:sig} h there), {cost}",
    "slow-end-count-rent-days": "to meet it even at the slow end: {count:,} cards ({slow_days:days} there), {cost}",
    "slow-end-count-rent-min": "to meet it even at the slow end: {count:,} cards ({slow_hours:duration} there), {cost}",
    "slow-end-rent-more": "{extra:.0money} more to rent for the job at {rate:.2money} per card-hour",
    "slow-end-rent-less": "{saved:.0money} less to rent for the job at {rate:.2money} per card-hour (fewer "
                          "card-hours)",
    "slow-end-rent-unpriced": "what renting them for the job costs is not priced",
    "slow-end-none": "no count of {card} tried meets it even at the slow end",
    "meets-request-rate-at-estimate": (
        "Carries up to {rate:sig} requests/s at full load, latency targets aside; at least the {target:sig} "
        "requests/s needed at the estimate; may miss it at the slow end of the likely range ({slow:sig} requests/s)"
    ),
    "slow-end-rate-count": (
        "to carry it even at the slow end: {count:,} cards ({slow_rate:sig} requests/s there), {extra:.0money} "
        "more to own over {period}"
    ),
    "slow-end-rate-count-unpriced": (
        "to carry it even at the slow end: {count:,} cards ({slow_rate:sig} requests/s there); what the extra "
        "cards cost to own is not priced"
    ),
    "slow-end-rate-count-rent": "to carry it even at the slow end: {count:,} cards ({slow_rate:sig} requests/s "
                                "there), {cost}",
    "slow-end-rent-more-month": "{extra:.0money} more to rent a month around the clock at {rate:.2money} per "
                                "card-hour",
    "slow-end-rent-less-month": "{saved:.0money} less to rent a month around the clock at {rate:.2money} per "
                                "card-hour (fewer cards)",
    "slow-end-rent-unpriced-month": "what renting them a month costs is not priced",
    "slow-end-rate-none": "no count of {card} tried carries it even at the slow end",
    "slow-end-rate-none-blocked": "no count of {card} tried carries it even at the slow end within the other "
                                  "constraints set",
    "slow-end-none-blocked": "no count of {card} tried meets it even at the slow end within the other constraints "
                             "set",
    "meets-tpot-at-estimate": (
        "Time per output token {ms:latency} at {percentile}, within the {target:latency} {what} at the estimate; "
        "may miss it at the slow end of the likely range ({slow:latency})"
    ),
    "meets-ttft-at-estimate": (
        "Time to first token {ms:latency} at {percentile}, within the {target:latency} {what} at the estimate; "
        "may miss it at the slow end of the likely range ({slow:latency})"
    ),
    "slow-end-users": "there these cards serve {slow_users:,} of the {users:,} users at once within the latency "
                      "targets",
    "slow-end-users-none": "there these cards serve none of the {users:,} users at once within the latency targets",
    "slow-end-users-count": (
        "to serve all {users:,} even at the slow end: {count:,} cards ({slow_ms:latency} there), {extra:.0money} "
        "more to own over {period}"
    ),
    "slow-end-users-count-unpriced": (
        "to serve all {users:,} even at the slow end: {count:,} cards ({slow_ms:latency} there); what the extra "
        "cards cost to own is not priced"
    ),
    "slow-end-users-count-rent": "to serve all {users:,} even at the slow end: {count:,} cards ({slow_ms:latency} "
                                 "there), {cost}",
    "slow-end-users-not-found": "no count of {card} tried serves all {users:,} even at the slow end",
    "slow-end-users-not-found-blocked": "no count of {card} tried serves all {users:,} even at the slow end within "
                                        "the other constraints set",
    "slow-end-same-count": "to meet it even at the slow end: the same {count:,} cards in another layout, {layout} "
                           "({slow_hours:sig} h there)",
    "slow-end-same-count-days": "to meet it even at the slow end: the same {count:,} cards in another layout, "
                                "{layout} ({slow_days:days} there)",
    "slow-end-same-count-min": "to meet it even at the slow end: the same {count:,} cards in another layout, "
                               "{layout} ({slow_hours:duration} there)",
    "slow-end-rate-same-count": "to carry it even at the slow end: the same {count:,} cards in another layout, "
                                "{layout} ({slow_rate:sig} requests/s there)",
    "slow-end-users-same-count": "to serve all {users:,} even at the slow end: the same {count:,} cards in another "
                                 "layout, {layout} ({slow_ms:latency} there)",
    "slow-end-layout-copies": "{parallel} × {copies:|copy|copies}",
    "slow-end-layout-pools": "{parallel}, prefill {prefill:,} + decode {decode:,} cards",
    "slow-end-layout-replicas": "{parallel} × DP {dp:,}",
    "slow-end-layout-and": "{first}, {then}",
    "slow-end-layout-kv-precision": "{value} KV cache",
    "slow-end-layout-kv-precision-default": "KV cache at the engine's default precision",
    "slow-end-layout-max-batch": "batch of {value:,}",
    "slow-end-layout-max-batch-default": "the engine's default batch",
    "slow-end-layout-micro-batch": "micro-batch {value:,}",
    "slow-end-layout-zero": "ZeRO stage {value}",
    "slow-end-layout-recompute-none": "no recomputation",
    "slow-end-layout-recompute-selective": "selective recomputation",
    "slow-end-layout-recompute-full": "full recomputation",
}

DEADLINE_CHINESE: dict[str, str] = {
    "job-outlasts-years": "作业需要 {days:days}（{taken:.1f} 年），超过硬件使用和折旧的 {period}："
                          "增加卡数或设定期限可使其在此年限内完成",
    "meets-deadline-at-estimate": (
        "按估算需要 {hours:sig} 小时，在 {deadline:,g} 小时的期限内，余 {margin:duration}；"
        "按可能范围的慢端（{slow:sig} 小时）可能超出期限"
    ),
    "meets-deadline-at-estimate-days": (
        "按估算需要 {days:days}，在 {deadline:,g} 天的期限内，余 {margin:duration}；"
        "按可能范围的慢端（{slow:days}）可能超出期限"
    ),
    "meets-deadline-at-estimate-min": (
        "按估算需要 {hours:duration}，在 {deadline:,g} 分钟的期限内，余 {margin:duration}；"
        "按可能范围的慢端（{slow:duration}）可能超出期限"
    ),
    "meets-deadline-min": "需要 {hours:duration}，在 {deadline:,g} 分钟的期限内，余 {margin:duration}",
    "misses-deadline-min": "需要 {hours:duration}：超出 {deadline:,g} 分钟的期限 {over:duration}（{share:.0%}）",
    "deadline-out-of-reach-min": "{card} 在所试的任何卡数下都无法满足 {deadline:,g} 分钟的期限：即使 {count:,} 张卡按峰值算力"
                                 "运行也需要 {hours:duration}",
    "deadline-unknown-min": "无法估算作业时间：无法核对 {deadline:,g} 分钟的期限",
    "misses-deadline-every-count-min": "在尝试过的所有卡数下都赶不上 {deadline:,g} 分钟的期限：最快 {hours:duration}，"
                                       "需 {count:,} 张卡",
    "paced-energy-min": (
        "作业在每个 {deadline:,g} 分钟的期限内需要 {hours:duration}，即所要求的进度；卡等待的时间按满载功率计入能耗"
        "（无空闲功耗数据：为上限）"
    ),
    "deadline-and-slow-end": "{first}；{then}",
    "slow-end-count": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_hours:sig} 小时），{period}的拥有成本多 {extra:.0money}",
    "slow-end-count-days": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_days:days}），{period}的拥有成本多 {extra:.0money}",
    "slow-end-count-min": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_hours:duration}），{period}的拥有成本多 "
                          "{extra:.0money}",
    "slow-end-count-unpriced": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_hours:sig} 小时）；多出的卡的拥有成本没有价格",
    "slow-end-count-unpriced-days": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_days:days}）；多出的卡的拥有成本没有价格",
    "slow-end-count-unpriced-min": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_hours:duration}）；多出的卡的拥有成本没有价格",
    "slow-end-count-rent": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_hours:sig} 小时），{cost}",
    "slow-end-count-rent-days": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_days:days}），{cost}",
    "slow-end-count-rent-min": "若按慢端也要满足期限：{count:,} 张卡（慢端 {slow_hours:duration}），{cost}",
    "slow-end-rent-more": "按每卡每小时 {rate:.2money} 计，作业的租金多 {extra:.0money}",
    "slow-end-rent-less": "按每卡每小时 {rate:.2money} 计，作业的租金少 {saved:.0money}（卡时更少）",
    "slow-end-rent-unpriced": "作业租用这些卡的费用没有价格",
    "slow-end-none": "{card} 在所试的任何卡数下按慢端都无法满足期限",
    "meets-request-rate-at-estimate": (
        "满载时最多可处理 {rate:sig} 请求/秒（不计延迟目标），按估算达到所需的 {target:sig} 请求/秒；"
        "按可能范围的慢端（{slow:sig} 请求/秒）可能达不到"
    ),
    "slow-end-rate-count": "若按慢端也要达到：{count:,} 张卡（慢端 {slow_rate:sig} 请求/秒），{period}的拥有成本多 "
                           "{extra:.0money}",
    "slow-end-rate-count-unpriced": "若按慢端也要达到：{count:,} 张卡（慢端 {slow_rate:sig} 请求/秒）；"
                                    "多出的卡的拥有成本没有价格",
    "slow-end-rate-count-rent": "若按慢端也要达到：{count:,} 张卡（慢端 {slow_rate:sig} 请求/秒），{cost}",
    "slow-end-rent-more-month": "按每卡每小时 {rate:.2money} 计，全天候租用一个月的租金多 {extra:.0money}",
    "slow-end-rent-less-month": "按每卡每小时 {rate:.2money} 计，全天候租用一个月的租金少 {saved:.0money}（卡更少）",
    "slow-end-rent-unpriced-month": "租用这些卡一个月的费用没有价格",
    "slow-end-rate-none": "{card} 在所试的任何卡数下按慢端都无法达到所需请求率",
    "slow-end-rate-none-blocked": "{card} 在所试的任何卡数下按慢端都无法在满足其他约束的同时达到所需请求率",
    "slow-end-none-blocked": "{card} 在所试的任何卡数下按慢端都无法在满足其他约束的同时满足期限",
    "meets-tpot-at-estimate": (
        "{percentile} 每输出词元 {ms:latency}，按估算在 {target:latency} 的{what}之内；"
        "按可能范围的慢端（{slow:latency}）可能超出"
    ),
    "meets-ttft-at-estimate": (
        "{percentile} 首词元延迟 {ms:latency}，按估算在 {target:latency} 的{what}之内；"
        "按可能范围的慢端（{slow:latency}）可能超出"
    ),
    "slow-end-users": "按慢端这些卡在延迟目标内可同时服务 {users:,} 位用户中的 {slow_users:,} 位",
    "slow-end-users-none": "按慢端这些卡在延迟目标内一位用户也服务不了（共 {users:,} 位）",
    "slow-end-users-count": "若按慢端也要服务全部 {users:,} 位用户：{count:,} 张卡（慢端 {slow_ms:latency}），"
                            "{period}的拥有成本多 {extra:.0money}",
    "slow-end-users-count-unpriced": "若按慢端也要服务全部 {users:,} 位用户：{count:,} 张卡（慢端 {slow_ms:latency}）；"
                                     "多出的卡的拥有成本没有价格",
    "slow-end-users-count-rent": "若按慢端也要服务全部 {users:,} 位用户：{count:,} 张卡（慢端 {slow_ms:latency}），{cost}",
    "slow-end-users-not-found": "{card} 在所试的任何卡数下按慢端都无法服务全部 {users:,} 位用户",
    "slow-end-users-not-found-blocked": "{card} 在所试的任何卡数下按慢端都无法在满足其他约束的同时服务全部 {users:,} 位用户",
    "slow-end-same-count": "若按慢端也要满足期限：同样 {count:,} 张卡换一种布局即可，{layout}（慢端 {slow_hours:sig} 小时）",
    "slow-end-same-count-days": "若按慢端也要满足期限：同样 {count:,} 张卡换一种布局即可，{layout}（慢端 {slow_days:days}）",
    "slow-end-same-count-min": "若按慢端也要满足期限：同样 {count:,} 张卡换一种布局即可，{layout}（慢端 {slow_hours:duration}）",
    "slow-end-rate-same-count": "若按慢端也要达到：同样 {count:,} 张卡换一种布局即可，{layout}（慢端 {slow_rate:sig} 请求/秒）",
    "slow-end-users-same-count": "若按慢端也要服务全部 {users:,} 位用户：同样 {count:,} 张卡换一种布局即可，{layout}"
                                 "（慢端 {slow_ms:latency}）",
    "slow-end-layout-copies": "{parallel} × {copies:,} 个副本",
    "slow-end-layout-pools": "{parallel}，预填充 {prefill:,} 张卡 + 解码 {decode:,} 张卡",
    "slow-end-layout-replicas": "{parallel} × DP {dp:,}",
    "slow-end-layout-and": "{first}，{then}",
    "slow-end-layout-kv-precision": "{value} KV 缓存",
    "slow-end-layout-kv-precision-default": "KV 缓存用推理引擎默认精度",
    "slow-end-layout-max-batch": "批大小 {value:,}",
    "slow-end-layout-max-batch-default": "推理引擎默认批大小",
    "slow-end-layout-micro-batch": "微批次 {value:,}",
    "slow-end-layout-zero": "ZeRO 阶段 {value}",
    "slow-end-layout-recompute-none": "不做重计算",
    "slow-end-layout-recompute-selective": "选择性重计算",
    "slow-end-layout-recompute-full": "完全重计算",
}
