"""Chinese for the labels of issue 24's answers (what would fit, the closest layout, like-for-like
comparisons, the basis of a cost per unit): an overflow table of :mod:`words`, merged into its
catalogue. Keyed by the English label id."""

from __future__ import annotations

ZH_CN_ANSWERS: dict[str, str] = {
    ("With no deadline set, this summary compares options that finish within {x}× your choice's time; ranked with "
     "no time limit, as the recommend command and the window's Recommendation panel rank, {first} comes first "
     "({first_time}, against {named_time} for {named}). Set a deadline to rank on the time you need."):
        "未设期限，本摘要只比较在您所选方案用时 {x} 倍以内完成的方案；不限时间排名时（命令行的推荐命令与窗口的推荐面板），"
        "{first} 排第一（{first_time}，{named} 为 {named_time}）。设定期限即可按您需要的时间排名。",
    "not estimated — see the warnings": "未估算——原因见警告",
    "none — it does not fit in memory, so it does not run": "无——显存放不下，无法运行",
    "{count} × {card} fits, but is not timed — see the warnings": "{count} × {card} 显存可容纳，但无法估算速度——原因见警告",
    "{count} × {card}: global batch {tokens} tokens, {tried} layouts tried, none fits":
        "{count} × {card}：全局批量 {tokens} 词元，尝试 {tried} 种布局，没有一种可容纳",
    ("No layout fits {count} × {card}. Shown: the closest (least memory per card), {need} of {allowed}, "
     "{short} short per card."): "{count} × {card} 没有能放下的布局。下面是最接近的布局（每卡显存最少）：需要 {need}，"
                                 "可用 {allowed}，每卡缺 {short}。",
    "closest — does not fit": "最接近——放不下",
    "Closest layout (does not fit), step-time breakdown if it ran (exact estimate)":
        "最接近的布局（放不下），假如运行时的单步时间分解（精确估算）",
    "total cost of ownership: cards, servers, network, power, support — over {period}":
        "总拥有成本：加速卡、服务器、网络、电力、维保——{period}",
    "total cost of ownership: cards, servers, network, storage, power, support, vGPU licences — over {period}":
        "总拥有成本：加速卡、服务器、网络、存储、电力、维保、vGPU 许可——{period}",
    "total cost of ownership: cards, workstations, power, support — over {period}":
        "总拥有成本：加速卡、工作站、电力、维保——{period}",
    "{tco}, if the cards {pace} at this pace all {period}": "{tco}，假设这些卡在 {period}内一直按此节奏{pace}",
    "cards and electricity, owned": "自购加速卡与电费",
    "This chart: {basis}. The ranking: {tco}; a card below yours here may cost more to own.":
        "本图：{basis}。排名依据：{tco}；图中低于您的选择的卡，自购总成本可能更高。",
    "This chart: {basis}. The ranking: {rent}; a card below yours here may cost more to rent.":
        "本图：{basis}。排名依据：{rent}；图中低于您的选择的卡，租用成本可能更高。",
    "TCO": "总拥有成本", "{basis}/M tokens": "{basis}/百万词元", "{basis}/user-month": "{basis}/用户·月",
    "{basis}/stream-hour": "{basis}/路·小时", "{basis}/frame": "{basis}/帧", "{basis}/job": "{basis}/任务",
    "per million tokens": "每百万词元", "per user-month": "每用户·月",
    "per stream-hour": "每路·小时", "per frame": "每帧", "per job": "每项任务", "Cost {per}": "{per}成本", "Cost {per} — {basis}": "{per}成本——{basis}", "{basis}, {per}": "{basis}，{per}",
    "1 card": "1 张卡", "{n} cards": "{n} 张卡", "×{n}": "{n} 张",
    "Per user": "每用户速度", "Output capacity": "输出能力（满载）",
    ("Three request rates, one setup: this row is the capacity, the most requests a second the deployment "
     "completes at its planned batch, latencies aside (the figure the request-rate check compares with the rate "
     "you state); Goodput, where a target is set, is the part of the rate served whose requests stay within the "
     "latency targets; the owned-cards line of a recommendation names the rate the cards carry within them."):
        "同一配置的三个请求速率：本行是容量，即部署在规划批量下每秒可完成的最多请求数，不计延迟"
        "（请求速率检查拿它与您给出的速率比较）；有效吞吐（设有目标时）是所服务的速率中请求满足延迟目标的部分；"
        "推荐结果中关于已有卡的那一行给出这些卡在目标内承载的速率。",
    ("What one user reads at this load: one token every {tpot} (the median time per output token), after the "
     "first token."): "此负载下单个用户看到的速度：首词元之后每 {tpot} 一个词元（每输出词元时间的中位数）。",
    "What would fit": "怎样才能放下", "More cards": "增加卡数", "Fewer cards": "减少卡数", "Free the pinned layout": "放开固定的并行设置",
    "LoRA": "LoRA", "QLoRA": "QLoRA", "Shorter sequences": "缩短序列", "Shorter context": "缩短上下文",
    "Fewer bits per weight": "降低权重位宽", "Host memory": "卸载到主机内存", "Fewer users": "减少用户数",
    "Another card": "换一种卡", "Cards for the whole load": "承载全部负载所需卡数",
    "What would meet the targets": "怎样才能满足目标", "Cards for the deadline": "满足期限所需卡数", "Fastest found": "找到的最快配置", "Cards for the targets": "满足目标所需卡数", "Closest found": "找到的最接近配置", "Cards for the throughput": "满足吞吐量所需卡数",
    "Nothing tried fits: raise the count a lot, or choose a card with more memory.":
        "尝试过的改动都放不下：请大幅增加卡数，或选用显存更大的卡。",
    "{count} × {card} carries {served} of {demand} {unit}: {n} cards needed, {per} per server":
        "{count} × {card} 承载 {served}/{demand} {unit}：需要 {n} 张卡，每台服务器 {per} 张",
    "Alternatives are laid out by the planner; your pinned {pins} apply to your choice only.":
        "备选方案的并行布局由规划器选择；您固定的 {pins} 只用于您的方案。",
}
