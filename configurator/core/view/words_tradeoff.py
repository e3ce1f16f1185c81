"""Chinese labels of the serving trade-off chart and table (:mod:`configurator.core.view.tradeoff_view`),
merged into the one catalogue in :mod:`configurator.core.view.words`; keyed by the English label id."""

from __future__ import annotations

ZH_CN_TRADEOFF: dict[str, str] = {
    "Serving trade-off": "推理部署权衡",
    "Cost and speed": "成本与速度",
    "{title} — no ranked configuration to draw": "{title}——没有可绘制的已排名方案",
    "{count} × {card}: every layout weighed": "{count} × {card}：评估过的每种布局",
    "Per card [tokens/s per {chip}]": "每卡 [词元/秒/卡]",
    "Per user [tokens/s = 1 / TPOT p{p}]": "每用户 [词元/秒 = 1 / TPOT p{p}]",
    "Aggregated (shared copies)": "聚合（共用副本）",
    "Disaggregated (prefill + decode pools)": "分离（预填充池 + 解码池）",
    "Pareto front": "帕累托前沿",
    "The {n} layouts weighed lie within 2 % of one another: at this load there is nothing to trade.":
        "评估过的 {n} 种布局彼此相差不到 2%：此负载下没有可权衡的余地。",
    "One layout weighed: the layout is set, or no other fits this card and load.":
        "只评估了一种布局：布局已固定，或此卡在此负载下没有其他布局。",
    "Chosen layout": "所选布局",
    "TPOT target {ms} ms (p{p})": "TPOT 目标 {ms} ms（p{p}）",
    "TTFT target {ms} ms (p{p}) has no axis here: layouts that miss it, the TPOT target or the request rate "
    "are drawn hollow.":
        "TTFT 目标 {ms} ms（p{p}）不在坐标轴上：未达到它、TPOT 目标或请求速率的布局画成空心。",
    "TTFT target {ms} ms (p{p}) has no axis here: the last column says whether a layout meets it, the TPOT target "
    "and the request rate.":
        "TTFT 目标 {ms} ms（p{p}）不在坐标轴上：最后一列说明各布局是否达到它、TPOT 目标和请求速率。",
    "No TTFT target: the last column says whether a layout meets the TPOT target and the request rate.":
        "无 TTFT 目标：最后一列说明各布局是否达到 TPOT 目标和请求速率。",
    "No TTFT target: layouts that miss the TPOT target or the request rate are drawn hollow.":
        "无 TTFT 目标：未达到 TPOT 目标或请求速率的布局画成空心。",
    "Layouts weighed that do not fit in memory (not drawn): {n}.": "评估过但显存放不下的布局（未画出）：{n} 种。",
    " (chosen)": "（已选）",
    " (chosen, off the front)": "（已选，不在前沿上）",
    "Layouts weighed that do not fit in memory (not listed): {n}.": "评估过但显存放不下的布局（未列出）：{n} 种。",
    " (+{n} alike on both axes)": "（另有 {n} 种两轴相同）",
    "The chosen layout is off the front: no layout meets the targets, and the planner chose the one that "
    "misses them least (TTFT has no axis here).":
        "所选布局不在前沿上：没有布局达到目标，规划器选了偏差最小的一个（TTFT 不在坐标轴上）。",
    "The chosen layout is off the front: every layout that beats it on both axes misses a target it meets.":
        "所选布局不在前沿上：在两个坐标上都更优的布局都未达到它所满足的某个目标。",
    "The chosen layout is off the front: with users alone (no request rate) the planner keeps its first layout "
    "that meets every target; the layouts beyond it were weighed here only.":
        "所选布局不在前沿上：只给用户数（无请求速率）时，规划器保留第一个满足全部目标的布局；其后的布局仅在此评估。",
    "The chosen layout is off the front: the planner ranks by requests carried within the targets.":
        "所选布局不在前沿上：规划器按满足目标时承载的请求数排序。",
    "The chosen layout was not among those weighed (no speed, or it does not fit).":
        "所选布局不在评估过的布局中（无速度数据或显存放不下）。",
    "{parallel}, batch {batch}, {chunk} tokens/step, KV {kv}, {pools}":
        "{parallel}，批 {batch}，每步 {chunk} 词元，KV {kv}，{pools}",
    "engine default": "引擎默认",
    "aggregated": "聚合",
    "prefill {prefill} + decode {decode} cards": "预填充 {prefill} 卡 + 解码 {decode} 卡",
    "tokens/s per {chip}": "每卡词元/秒",
    "tokens/s per user": "每用户词元/秒",
    "TTFT p{p} [ms]": "TTFT p{p} [ms]",
    "Meets targets": "满足目标",
    "{per_gpu} tokens/s per {chip}, {per_user} tokens/s per user":
        "每卡 {per_gpu} 词元/秒，每用户 {per_user} 词元/秒",
    "TTFT {ttft} · meets targets: {answer}": "TTFT {ttft} · 满足目标：{answer}",
    "{ms} ms": "{ms} ms",
    "queue grows without bound (rate over capacity)": "排队无限增长（请求速率超过承载能力）",
    "Serving trade-off: the Pareto front": "推理部署权衡：帕累托前沿",
    "Misses a target (hollow)": "未达到某项目标（空心）",
    "at least {rate} tokens/s per user": "每用户至少 {rate} 词元/秒",
    "{chosen}: {parallel}, batch {batch}, {pools}": "{chosen}：{parallel}，批 {batch}，{pools}",
    "None of the {n} layouts weighed for {count} × {card} fits in memory: more cards, or a card with more memory, "
    "would.":
        "为 {count} × {card} 评估的 {n} 种布局都放不进显存：增加卡数，或换显存更大的卡，才能放下。",
    "No layout was weighed for {count} × {card}: there is nothing to draw.":
        "没有为 {count} × {card} 评估任何布局：无可绘制的内容。",
    "No configuration meets the constraints you set, so there is no layout to draw. The closest, {config}, "
    "breaks: {reason}. Select it below the line to see its layouts, or loosen that constraint.":
        "没有方案满足您设定的约束，因此没有可绘制的布局。最接近的方案 {config} 未满足：{reason}。"
        "在“基准线以下”部分选中它即可查看其布局，或放宽该约束。",
    "No card carries this load within the constraints you set, so there is no layout to draw: loosen a "
    "constraint, or lighten the load.":
        "在您设定的约束内没有卡能承载此负载，因此没有可绘制的布局：请放宽某项约束，或减轻负载。",
    "Select a configuration in the table to see the layouts weighed for it.":
        "在表格中选中一个方案，即可查看为它评估的布局。",
}
