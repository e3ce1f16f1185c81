"""Message templates of graphics and video work (display outputs, video encoders, vGPU profiles,
ray-tracing cores, users and streams carried, a card of the wrong class for the work), in both
languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id."""

from __future__ import annotations

GRAPHICS_ENGLISH: dict[str, str] = {
    "no-encoder": "{card} has no video encoder (NVENC): it cannot encode streams",
    "no-av1-encoder": "{card} cannot encode AV1: choose H.264 or HEVC, or a card with AV1 encoders",
    "encoder-unknown": "{card}'s video engines are not verified: stream capacity cannot be estimated",
    "no-display-outputs": "{card} has no display outputs: a monitor cannot be connected to it",
    "passive-at-desk": (
        "{card} has a passive heatsink, cooled by a rack server's fans: a workstation at a desk needs a card with "
        "its own fans, or a chassis its vendor certifies for this card — quote it"
    ),
    "display-outputs-off": (
        "{card}'s display outputs ship switched off (set up for virtual desktops in a server): before the desks' "
        "monitors are cabled, switch them on with NVIDIA's Display Mode Selector tool (displaymodeselector), once "
        "per card"
    ),
    "no-graphics-vgpu": "{card} has no virtual-desktop vGPU profiles: one user per card (passthrough)",
    "vgpu-profile-rounded": (
        "{card} has no {asked:g} GiB vGPU profile (its profiles divide its {memory:g} GiB evenly): "
        "each desktop gets the next one, {profile:g} GiB, {users} desktops per card"
    ),
    "vgpu-profile-for-displays": (
        "Each desktop gets a vGPU profile of {profile:g} GiB, not {asked:g} GiB: NVIDIA's vPC and vWS sizing guides "
        "size a {user_class} on {monitors} × {resolution} {displays} at {profile:g} GiB"
    ),
    "vgpu-profile-of-displays": (
        "Each desktop gets a vGPU profile of {profile:g} GiB: NVIDIA's vPC and vWS sizing guides size a {user_class} "
        "on {monitors} × {resolution} {displays} at {profile:g} GiB"
    ),
    "desktop-load-of-office": (
        "Each {user_class} is counted at an office desktop's {load:g} TFLOP/s of FP32 shading: the starting point "
        "for the kind is {typical:g} TFLOP/s (an assumption, taken where no load is given) — set the shading per user "
        "to what the applications draw"
    ),
    "desktop-class-knowledge": "knowledge worker",
    "desktop-class-power": "power user",
    "desktop-class-designer": "designer",
    "displays-one": "display",  # a count's noun in the vGPU profile notes
    "displays-many": "displays",
    "desktop-class-heavy": "heavy 3D or VFX user",
    "vgpu-unknown": "{card}'s vGPU support is not verified: counted as one user per card (passthrough)",
    "consumer-card-datacenter": (
        "{card} is a consumer card: no ECC, no vGPU, and its licence restricts data-centre use"
    ),
    "consumer-encode-sessions": (
        "{card} is a consumer card: the driver allows {sessions} encode sessions per server, whatever the cards"
    ),
    "vdi-host-desktops": (
        "A server's processors and memory carry {desktops} desktops, limited by its {limit} ({vcpus} vCPU and "
        "{ram:g} GiB each: {cores} cores at {ratio:g} vCPU per core carry {by_cpu}, {host_ram:g} GiB of memory "
        "carry {by_memory}): {per:|card|cards} per server, the servers counted by desktops, not by card slots"
    ),
    "vdi-host-limit-processors": "processors",
    "vdi-host-limit-memory": "memory",
    "no-rt-cores": (
        "{card} has no ray-tracing cores: ray-traced renders run on shader cores, slower than FP32 scaling shows"
    ),
    "no-rt-cores-measured": (
        "{card} has no ray-tracing cores: measured (Blender Open Data), it renders at {share:.0%} of the speed its "
        "FP32 rate gives; the time here is the measured one"
    ),
    "rt-generation-differs": (
        "{card} has generation-{generation} RT cores, the reference {reference} generation {reference_generation}: "
        "ray-traced scenes scale differently from the FP32 ratio used here"
    ),
    "no-fp32-rate": "{card} has no published FP32 rate: shading load and render time cannot be estimated",
    "frame-beyond-deadline": (
        "One frame takes {frame:duration} on {card}, longer than the whole deadline ({deadline:duration}): a frame "
        "renders on one card, so no number of these cards meets it — a faster card, or a longer deadline"
    ),
    "vgpu-licence-in-bill": (
        "vGPU software is licensed per user (NVIDIA vPC / RTX vWS): the licences are in the bill of materials, "
        "the total cost of ownership and the rent per user-month (unless the rent includes them), not in the card "
        "price or the hourly cloud rent"
    ),
    "misses-users": "{count} cards serve {served:,.0f} of {demand:,.0f} users: {needed:,} cards are needed",
    "misses-streams": "{count} cards carry {served:,.0f} of {demand:,.0f} streams: {needed:,} cards are needed",
    "misses-users-at-any-count": "{count} cards serve {served:,.0f} of {demand:,.0f} users: no number of these "
                                 "cards serves them",
    "misses-users-one": "{count} card serves {served:,.0f} of {demand:,.0f} users: {needed:,} cards are needed",
    "misses-streams-one": "{count} card carries {served:,.0f} of {demand:,.0f} streams: {needed:,} cards are needed",
    "misses-users-at-any-count-one": "{count} card serves {served:,.0f} of {demand:,.0f} users: no number of these "
                                     "cards serves them",
    "misses-streams-at-any-count-one": "{count} card carries {served:,.0f} of {demand:,.0f} streams: no number of "
                                       "these cards carries them",
    "misses-streams-at-any-count": "{count} cards carry {served:,.0f} of {demand:,.0f} streams: no number of these "
                                   "cards carries them",
    "reason-graphics-limit": "{card}: {per_card:,.0f} {unit} per card, limited by {limit}",
    "reason-graphics-limit-engines": "{card}: {per_card:,.0f} {unit} per card, limited by {limit} ({engines} {engine})",
    "reason-graphics-desks": "{card}: one workstation per desk, its card driving the desk's "
                             "{monitors:|monitor|monitors} ({outputs} display outputs)",
    "reason-render-speed": "{card}: {minutes:sig} min per frame, {hours:duration} for the job on {count:|card|cards}",
    "reason-render-speed-h": "{card}: {minutes:sig} min per frame, {hours:sig} h for the job on {count:|card|cards}",
    "reason-render-speed-days": "{card}: {minutes:sig} min per frame, {days:days} for the job on {count:|card|cards}",
    "reason-job-alone": (
        "This job alone: {bought:sigmoney} per {unit} with {what} bought for it ({capex:.0money} "
        "+ {energy:money} of energy{owned}), {rented:sigmoney} per {unit} rented; the total cost "
        "of ownership per {unit} holds only if the cards {pace} at this pace all {years:g} years"
    ),
    "job-bought-cards-servers": "its cards and servers",  # {what} above: what the job's capex buys
    "job-bought-other-cards": "its other cards and its servers",  # some of its cards already owned
    "job-bought-servers": "its servers",  # every card already owned
    "job-bought-the-rest": "what else it needs",  # every card and some servers already owned
    "job-owned-cards": "; the {cards:,} cards already owned not counted",
    "job-owned-cards-one": "; the 1 card already owned not counted",
    "job-owned-cards-servers": "; the {cards:,} cards and {servers:,} servers already owned not counted",
    "job-owned-cards-server": "; the {cards:,} cards and the server they come in, already owned, not counted",
    "job-pace-train": "train",  # a job's pace ({pace} above), by its family's job_pace
    "job-pace-render": "render",
    "job-pace-work": "work",
    "reason-job-alone-no-rent": (
        "This job alone: {bought:sigmoney} per {unit} with {what} bought for it ({capex:.0money} "
        "+ {energy:money} of energy{owned}); the total cost of ownership per {unit} holds only if the "
        "cards {pace} at this pace all {years:g} years"
    ),
    "reason-render-no-rt-cores": "{reason} — no ray-tracing cores: it renders on its shader cores",
    "reason-render-speed-no-deadline": (
        "{card}: {minutes:sig} min per frame, {hours:duration} for the job on {count:|card|cards} — no deadline set, "
        "so at most one server; a deadline sizes it for time"
    ),
    "reason-class-cheaper-graphics": (
        "{card} ({category} card) is {cheaper:.0%} cheaper per {unit} than the best {other_category} card, {other}"
    ),
    "mismatch-wrong-class-for-graphics": (
        "{card} is in the {category} class: {count} × {other} does this work {cheaper:.0%} cheaper per {unit}"
    ),
    "mismatch-card-cannot-do-graphics": (
        "{card} is in the {category} class and cannot do {workload} work here; {count} × {other} can"
    ),
    "mismatch-wrong-class-for-graphics-lacks": (
        "{card} is in the {category} class ({lacks}): it costs {ratio:.1f}× as much per {unit} as {count} × {other}, "
        "which does the same work"
    ),
    "reason-training-card-costs": (
        "No training card is ranked for {workload} work, the costly mistake: the least costly, {count} × {card}, "
        "would cost {ratio:.1f}× as much per {unit} as {first} ({card}: {lacks})"
    ),
    "reason-training-card-cannot": (
        "No training card is ranked for {workload} work: none can do it at any count (e.g. {card}: {lacks})"
    ),
    "reason-training-card-not-delivered": (
        "No training card is ranked for {workload} work: {why}; where it can be delivered, it is the costly "
        "mistake ({card}: {lacks})"
    ),
    "reason-training-card-ruled-out": (
        "No training card is ranked for {workload} work: none meets the constraints set at any count; where they "
        "allow one, it is the costly mistake ({card}: {lacks})"
    ),
    "workstations-at-desks": (
        "The monitors are cabled to the card at each desk: {n:,} workstations, one {card} each, are bought — no rack "
        "server, rack, data-centre network, shared storage or vGPU licence; the workstation itself is not priced (no "
        "sourced price on file): a quote for {item} prices it"
    ),
    "deskside-workstation": (
        "{count:,} × {card} in one deskside workstation, not a rack server: no server, rack, data-centre network "
        "or colocation, and an office's power without PUE; the workstation itself is not priced (no sourced price "
        "on file): a quote for {item} prices it"
    ),
    "desks-not-ranked-by-rent": (
        "Desks cannot be ranked by cloud rent: the cards are bought into workstations cabled to each desk's "
        "monitors, never rented; rank by total cost of ownership instead"
    ),
    "desks-no-server-power": (
        "The power per server ({kw:g} kW) is not checked at the desks: there is no server, and a workstation's own "
        "power is not on file"
    ),
    "desks-no-rent": (
        "No cloud rent applies at the desks: the cards are bought into workstations cabled to each desk's monitors, "
        "so the cost is owning them, not renting"
    ),
    "desks-pue-not-applied": (
        "PUE {pue:g} not applied: the cards are under office desks, drawing from office sockets with no data hall's "
        "cooling or power conversion behind them"
    ),
    "desks-no-colocation": (
        "Colocation ({price:money} per kW-month) not charged: the cards are under office desks, not in a rented "
        "data hall"
    ),
    "total-excludes-workstation": "The total excludes 1 workstation (not priced: enter a quote for {item})",
    "total-excludes-workstations": "The total excludes {n:,} workstations (not priced: enter a quote for {item})",
    "totals-exclude-workstations": (
        "{rows}: capex, TCO and cost per unit exclude the deskside workstations (not priced: enter a quote "
        "for {item})"
    ),
    "total-excludes-items": "The total excludes {items} (not priced: enter a quote for {item})",
    "total-excludes-named": "The total excludes {items} (not priced: enter a quote)",
    "totals-exclude-items": (
        "{rows}: capex, TCO and cost per unit exclude the items without a price (enter a quote for {item})"
    ),
    "lacks-display-outputs": "no display outputs",
    "lacks-video-encoders": "no video encoders (NVENC)",
    "lacks-desktop-vgpu": "no virtual-desktop vGPU profiles, so one user per card",
    "lacks-rt-cores": "no ray-tracing cores",
}
"""English templates of graphics and video messages."""

GRAPHICS_CHINESE: dict[str, str] = {
    "no-encoder": "{card} 没有视频编码器（NVENC）：无法编码视频流",
    "no-av1-encoder": "{card} 不能编码 AV1：请选 H.264 或 HEVC，或选带 AV1 编码器的卡",
    "encoder-unknown": "{card} 的视频引擎未经核实：无法估算视频流容量",
    "no-display-outputs": "{card} 没有显示输出：不能连接显示器",
    "passive-at-desk": "{card} 采用被动散热，靠机架服务器的风扇冷却：办公桌旁的工作站需选用自带风扇的卡，"
                       "或厂商认证可安装此卡的机箱——请为其询价",
    "display-outputs-off": "{card} 出厂时显示输出处于关闭状态（按服务器中的虚拟桌面配置）："
                           "连接工位显示器之前，需用 NVIDIA 的 Display Mode Selector 工具"
                           "（displaymodeselector）逐卡将其打开",
    "no-graphics-vgpu": "{card} 没有虚拟桌面 vGPU 配置：每卡一个用户（直通）",
    "vgpu-profile-rounded": "{card} 没有 {asked:g} GiB 的 vGPU 配置（其配置将 {memory:g} GiB 显存等分）："
                            "每个桌面使用更大一档的 {profile:g} GiB，每卡 {users} 个桌面",
    "vgpu-profile-for-displays": (
        "每个桌面使用 {profile:g} GiB 的 vGPU 配置，而非 {asked:g} GiB：按 NVIDIA vPC 与 vWS 选型指南，"
        "{monitors} 台 {resolution} {displays}的{user_class}需要 {profile:g} GiB"
    ),
    "vgpu-profile-of-displays": (
        "每个桌面使用 {profile:g} GiB 的 vGPU 配置：按 NVIDIA vPC 与 vWS 选型指南，"
        "{monitors} 台 {resolution} {displays}的{user_class}需要 {profile:g} GiB"
    ),
    "desktop-load-of-office": (
        "每位{user_class}按办公桌面的 {load:g} TFLOP/s FP32 着色负载计算：该类用户的起点为 {typical:g} TFLOP/s"
        "（假设值，未给出负载时采用）——请按应用实际负载设置每用户着色负载"
    ),
    "desktop-class-knowledge": "知识工作者",
    "desktop-class-power": "高级用户",
    "desktop-class-designer": "设计人员",
    "displays-one": "显示器",
    "displays-many": "显示器",
    "desktop-class-heavy": "重度三维或视效用户",
    "vgpu-unknown": "{card} 的 vGPU 支持未经核实：按每卡一个用户（直通）计算",
    "consumer-card-datacenter": "{card} 是消费级显卡：无 ECC、无 vGPU，许可协议限制数据中心使用",
    "consumer-encode-sessions": "{card} 是消费级显卡：驱动限制每台服务器 {sessions} 路编码会话，与卡数无关",
    "vdi-host-desktops": "一台服务器的处理器和内存可承载 {desktops} 个桌面，瓶颈在{limit}（每个 {vcpus} 个 vCPU、{ram:g} GiB："
                         "{cores} 个核心、每核 {ratio:g} 个 vCPU 可承载 {by_cpu} 个，{host_ram:g} GiB 内存可承载 "
                         "{by_memory} 个）：每台服务器 {per} 张卡，服务器数按桌面数而非卡槽数计算",
    "vdi-host-limit-processors": "处理器",
    "vdi-host-limit-memory": "内存",
    "no-rt-cores": "{card} 没有光线追踪核心：光线追踪渲染只能用着色核心，比按 FP32 推算的更慢",
    "no-rt-cores-measured": (
        "{card} 没有光线追踪核心：实测（Blender Open Data）其渲染速度只有按 FP32 算力推算的 {share:.0%}；此处用实测时间"
    ),
    "rt-generation-differs": (
        "{card} 的光线追踪核心为第 {generation} 代，参考卡 {reference} 为第 {reference_generation} 代："
        "光线追踪场景的速度差异与此处按 FP32 推算的不同"
    ),
    "no-fp32-rate": "{card} 无公开 FP32 算力：无法估算着色负载和渲染时间",
    "frame-beyond-deadline": (
        "{card} 渲染一帧需要 {frame:duration}，比整个期限（{deadline:duration}）还长：一帧只在一张卡上渲染，"
        "再多这种卡也赶不上——请选更快的卡，或放宽期限"
    ),
    "vgpu-licence-in-bill": (
        "vGPU 软件按用户授权（NVIDIA vPC / RTX vWS）：许可费已计入物料清单、总拥有成本和每用户·月租用成本（租用价已含许可的除外），"
        "未计入卡价和每小时云租金"
    ),
    "misses-users": "{count} 张卡可服务 {demand:,.0f} 个用户中的 {served:,.0f} 个：需要 {needed:,} 张卡",
    "misses-streams": "{count} 张卡可承载 {demand:,.0f} 路视频流中的 {served:,.0f} 路：需要 {needed:,} 张卡",
    "misses-users-at-any-count": "{count} 张卡可服务 {demand:,.0f} 个用户中的 {served:,.0f} 个：再多这种卡也无法服务",
    "misses-streams-at-any-count": "{count} 张卡可承载 {demand:,.0f} 路视频流中的 {served:,.0f} 路：再多这种卡也无法承载",
    "misses-users-one": "{count} 张卡可服务 {demand:,.0f} 个用户中的 {served:,.0f} 个：需要 {needed:,} 张卡",
    "misses-streams-one": "{count} 张卡可承载 {demand:,.0f} 路视频流中的 {served:,.0f} 路：需要 {needed:,} 张卡",
    "misses-users-at-any-count-one": "{count} 张卡可服务 {demand:,.0f} 个用户中的 {served:,.0f} 个：再多这种卡也无法服务",
    "misses-streams-at-any-count-one": "{count} 张卡可承载 {demand:,.0f} 路视频流中的 {served:,.0f} 路：再多这种卡也无法承载",
    "reason-graphics-limit": "{card}：每卡 {per_card:,.0f} {unit}，瓶颈在 {limit}",
    "reason-graphics-limit-engines": "{card}：每卡 {per_card:,.0f} {unit}，瓶颈在 {limit}（{engines} 个 {engine}）",
    "reason-graphics-desks": "{card}：每个工位一台工作站，其显卡驱动该工位的 {monitors} 台显示器（{outputs} 个显示输出）",
    "reason-render-speed": "{card}：每帧 {minutes:sig} 分钟，{count} 张卡完成任务需 {hours:duration}",
    "reason-render-speed-h": "{card}：每帧 {minutes:sig} 分钟，{count} 张卡完成任务需 {hours:sig} 小时",
    "reason-render-speed-days": "{card}：每帧 {minutes:sig} 分钟，{count} 张卡完成任务需 {days:days}",
    "reason-job-alone": (
        "仅此一项任务：为它购置{what}，每{unit} {bought:sigmoney}（{capex:.0money} + 电费 "
        "{energy:money}{owned}）；租用每{unit} {rented:sigmoney}；每{unit}总拥有成本仅在这些卡按此节奏{pace}满 "
        "{years:g} 年时成立"
    ),
    "job-bought-cards-servers": "加速卡和服务器",
    "job-bought-other-cards": "其余加速卡和服务器",
    "job-bought-servers": "服务器",
    "job-bought-the-rest": "其余所需",
    "job-owned-cards": "；已有的 {cards:,} 张卡未计入",
    "job-owned-cards-one": "；已有的 1 张卡未计入",
    "job-owned-cards-servers": "；已有的 {cards:,} 张卡和 {servers:,} 台服务器未计入",
    "job-owned-cards-server": "；已有的 {cards:,} 张卡及其所在的服务器未计入",
    "job-pace-train": "训练",
    "job-pace-render": "渲染",
    "job-pace-work": "工作",
    "reason-job-alone-no-rent": (
        "仅此一项任务：为它购置{what}，每{unit} {bought:sigmoney}（{capex:.0money} + 电费 "
        "{energy:money}{owned}）；每{unit}总拥有成本仅在这些卡按此节奏{pace}满 {years:g} 年时成立"
    ),
    "reason-render-no-rt-cores": "{reason}——没有光线追踪核心：只能用着色核心渲染",
    "reason-render-speed-no-deadline": (
        "{card}：每帧 {minutes:sig} 分钟，{count} 张卡完成任务需 {hours:duration}——未设期限，故至多一台服务器；"
        "设定期限可按时间配置卡数"
    ),
    "reason-class-cheaper-graphics": (
        "{card}（{category}卡）每{unit}成本比最佳{other_category}卡 {other} 低 {cheaper:.0%}"
    ),
    "mismatch-wrong-class-for-graphics": (
        "{card} 是{category}卡：{count} × {other} 完成同样工作，每{unit}成本低 {cheaper:.0%}"
    ),
    "mismatch-card-cannot-do-graphics": "{card} 是{category}卡，无法承担{workload}工作；{count} × {other} 可以",
    "mismatch-wrong-class-for-graphics-lacks": (
        "{card} 是{category}卡（{lacks}）：每{unit}成本是完成同样工作的 {count} × {other} 的 {ratio:.1f} 倍"
    ),
    "reason-training-card-costs": (
        "训练卡不参与{workload}排名，选它是代价高昂的错误：其中最省的 {count} × {card}，每{unit}成本是 {first} 的 "
        "{ratio:.1f} 倍（{card}：{lacks}）"
    ),
    "reason-training-card-cannot": "训练卡不参与{workload}排名：任何卡数下都无法承担这项工作（例如 {card}：{lacks}）",
    "reason-training-card-not-delivered": (
        "训练卡不参与{workload}排名：{why}；即使能交付，选它也是代价高昂的错误（{card}：{lacks}）"
    ),
    "reason-training-card-ruled-out": (
        "训练卡不参与{workload}排名：任何卡数下都不满足所设的约束；即使约束允许，选它也是代价高昂的错误（{card}：{lacks}）"
    ),
    "workstations-at-desks": (
        "显示器直接连接到每个工位的卡上：购买 {n:,} 台工作站，每台一张 {card}——无机架服务器、机柜、数据中心网络、共享存储或 vGPU "
        "许可；工作站本身未定价（无有来源的价格）：为 {item} 输入报价即可计价"
    ),
    "deskside-workstation": (
        "{count:,} × {card} 装在一台桌边工作站中，而非机架服务器：无服务器、机柜、数据中心网络或托管费用，"
        "按办公室用电计、不乘 PUE；"
        "工作站本身未定价（无有来源的价格）：为 {item} 输入报价即可计价"
    ),
    "desks-not-ranked-by-rent": "工位方案无法按云租用价格排名：加速卡装在连接每个工位显示器的工作站中，只能购置，不能租用；请按总拥有成本排名",
    "desks-no-server-power": "工位方案不核对单台服务器功率（{kw:g} kW）：没有服务器，且无工作站自身功耗数据",
    "desks-no-rent": "工位上不适用云租用价格：加速卡装在连接每个工位显示器的工作站中，成本按购置计，而非租用",
    "desks-pue-not-applied": "未计入 PUE {pue:g}：加速卡在办公室工位下，用办公室插座供电，背后没有机房的制冷和配电开销",
    "desks-no-colocation": "不计机房托管费（每 kW·月 {price:money}）：加速卡在办公室工位下，不在租用的机房里",
    "total-excludes-workstation": "总额不含 1 台工作站（未定价：请为 {item} 输入报价）",
    "total-excludes-workstations": "总额不含 {n:,} 台工作站（未定价：请为 {item} 输入报价）",
    "totals-exclude-workstations": "{rows}：资本支出、TCO 和单位成本均不含桌边工作站（未定价：请为 {item} 输入报价）",
    "total-excludes-items": "总额不含 {items}（未定价：请为 {item} 输入报价）",
    "total-excludes-named": "总额不含 {items}（未定价：请输入报价）",
    "totals-exclude-items": "{rows}：资本支出、TCO 和单位成本均不含无价格的项目（请为 {item} 输入报价）",
    "lacks-display-outputs": "无显示输出",
    "lacks-video-encoders": "无视频编码器（NVENC）",
    "lacks-desktop-vgpu": "无虚拟桌面 vGPU 配置，每卡只能一个用户",
    "lacks-rt-cores": "无光线追踪核心",
}
"""Simplified Chinese templates of graphics and video messages, in the vocabulary of
resources/i18n/glossary.json."""
