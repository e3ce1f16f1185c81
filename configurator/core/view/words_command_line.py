"""Chinese labels of the command line's tables (core/view: assumptions_view, ranking_view,
card_view.catalog_columns) and of the recommend text around them; merged into the one catalogue in
:mod:`configurator.core.view.words`; keyed by the English label id."""

from __future__ import annotations

ZH_CN_COMMAND_LINE: dict[str, str] = {
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
    "No card can be ranked: those no constraint rules out lack a figure the ranking needs (listed as not ranked).":
        "无法排名任何加速卡：未被约束排除的方案缺少排名所需的数据（列为未参与排名）。",
    "{n} cards left out; see --json for why.": "{n} 种卡被排除；原因见 --json。",
    # the cards a buyer in the region weighs, left out (core/view/region_left_out_view.py)
    "Cards of mainland-China vendors left out, and why:": "被排除的国产卡及原因：",
    "{cards}: {why}": "{cards}：{why}",
    "its class ({card_class}) is not ranked for this work; --classes adds it":
        "其类别（{card_class}）不参与此项工作的排名；加 --classes 即可纳入",
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
}
