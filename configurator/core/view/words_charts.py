"""Chinese labels of the family views (:mod:`configurator.core.view.family_view`): the window's
charts, the recommendation panel's speed column and Pareto chart (issue 26, part 2). Merged into
the one catalogue in :mod:`configurator.core.view.words`; keyed by the English label id. The
texts are those the window showed through Qt's translations before the views moved to the core."""

from __future__ import annotations

ZH_CN_CHARTS: dict[str, str] = {
    # the scaling chart
    "Throughput [tokens/s]": "吞吐量 [词元/秒]",
    "Throughput [frames/h]": "吞吐量 [帧/小时]",
    "Users carried": "服务用户数",
    "Streams carried": "承载视频流",
    "Time to finish [h]": "完成时间 [小时]",
    "Time to finish": "完成时间",
    "Time per output token [ms]": "每输出词元时间 [ms]",
    "Time per token": "每词元时间",
    "Rate not carried": "承载不了请求率",
    "Own layout at that count": "按该卡数另行规划的布局",
    "Lines: this scenario's layout ({layout}) with more or fewer copies": "曲线：当前场景的布局（{layout}），副本数随卡数增减",
    "Per token": "每词元时间",
    "Facility power [kW]": "机房功率 [kW]",
    "Power at the desks [kW]": "工位功率 [kW]",
    "Power at the desks": "工位功率",
    # the memory curve
    "Memory against micro-batch": "显存与微批大小",
    "Micro-batch [sequences]": "微批 [序列]",
    "Memory against context": "显存与上下文长度",
    "Context [tokens]": "上下文 [词元]",
    "Memory against users on a card": "显存与每卡用户数",
    "Users per card": "每卡用户数",
    "Memory against streams on a card": "显存与每卡视频流路数",
    "Streams per card": "每卡视频流",
    "Memory against scene size": "显存与场景大小",
    "Scene [GiB]": "场景 [GiB]",
    "Load per card": "每卡负载",
    # the cost chart
    "Cost against time, every card that fits": "成本与时间：所有可容纳的加速卡",
    "Cost against latency, every card that fits": "成本与延迟：所有可容纳的加速卡",
    "Cost per user against cards needed": "每用户成本与所需卡数",
    "Cards for all users": "服务全部用户所需卡数",
    "Cost per stream against cards needed": "每路成本与所需卡数",
    "Cards for all streams": "承载全部视频流所需卡数",
    "Cost, every card that fits": "成本：所有可容纳的加速卡",
    # the recommendation panel
    "Cost against time: the Pareto front": "成本与时间：帕累托前沿",
    "Cost against latency: the Pareto front": "成本与延迟：帕累托前沿",
    "Cost against FP32 per user: the Pareto front": "成本与每用户 FP32 算力：帕累托前沿",
    "Cost against cards: the Pareto front": "成本与卡数：帕累托前沿",
    "Time per token [ms]": "每词元时间 [ms]",
    "FP32 per user [TFLOP/s]": "每用户 FP32 算力 [TFLOP/s]",
    "{tflops} TFLOP/s": "{tflops} TFLOP/s",
    "{n} {unit}": "{n} {unit}",
}
"""Axes, titles and series of each family's charts and ranking column. "Facility power" (the
desktops' and streams' right-axis series), "FP32 per user", "Per card" and "Cards" were in the
catalogue already. Every axis names its unit: in brackets ("Throughput [frames/h]", once "Frames per
hour" without one), or, for a count, as the thing counted ("Users carried", "Cards")."""
