"""Message templates of cards the buyer already owns (``--owned ID:COUNT``, ``Economics.owned_cards``),
in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id.

Two facts are said here: the US export status governs delivering *new* cards, so cards already
owned and delivered in mainland China need no licence to be used (the cards bought beyond them
still do: a status to show, not legal advice); and what a ranked row with owned cards counts —
no purchase price for the owned cards (already paid: a sunk cost), their power still paid, the
support and resale value of what is bought only — with the new spend, the capex still to pay."""

from __future__ import annotations

OWNED_ENGLISH: dict[str, str] = {
    "region-owned": (
        "{card}: the {count} used are among the {owned} already owned, already delivered — no new card to deliver "
        "to mainland China (not legal advice)"
    ),
    "export-licence-required-beyond-owned": (
        "{card}: {owned} already owned and delivered; the {extra} more to buy need a US export licence for delivery "
        "to mainland China (status as of {date}; not legal advice)"
    ),
    "export-not-permitted-beyond-owned": (
        "{card}: {owned} already owned and delivered; the {extra} more to buy may not be exported to mainland China "
        "(status as of {date}; not legal advice)"
    ),
    "export-status-unknown-beyond-owned": (
        "{card}: {owned} already owned and delivered; the {extra} more to buy have an unknown export status for "
        "mainland China — check before buying"
    ),
    "owned-left-idle": (
        "{idle} of the {have} × {card} already owned are not used: this configuration is ranked at {count} cards"
    ),
    "owned-row-all": (
        "Uses the {owned} × {card} already owned, in their servers: new capex {capex:.0money} (network, "
        "storage, racks, installation); the TCO counts their power, not their price"
    ),
    "owned-row-all-servers-bought": (
        "Uses the {owned} × {card} already owned, no card bought: new capex {capex:.0money} (servers, "
        "network, storage, racks, installation); the TCO counts their power, not their price"
    ),
    "owned-row-some": (
        "Uses the {owned} × {card} already owned and buys {extra} more: new capex {capex:.0money} (the "
        "{extra} cards and their servers, network, storage, racks, installation); the TCO counts the power of all "
        "{count}, the price of the {extra} bought"
    ),
    "owned-row-some-places": (
        "Uses the {owned} × {card} already owned, in their servers, and buys {extra} more for the empty places of "
        "those: new capex {capex:.0money} (the {extra} cards, network, storage, racks, installation); the TCO counts "
        "the power of all {count}, the price of the {extra} bought"
    ),
    "owned-tco-basis": (
        "What the TCO counts with owned cards: no purchase price for the {owned} × {card} already owned nor for the "
        "servers they come in (already paid), their energy in full; support and resale value on what is bought only"
    ),
    "summary-owned": (
        "{owned} × {card}, not bought: the capex is the new spend; the TCO counts their energy, not their price"
    ),
    "summary-owned-servers": (
        "{owned} × {card} and the {servers:|server|servers} they come in, not bought: the capex is the new spend; the TCO "
        "counts their energy, not their price"
    ),
    "owned-row-rent": (
        "Rents all {count} × {card} by the card-hour: the {owned} already owned are not used (one deployment does not "
        "run across owned and rented cards); {instead}"
    ),
    "owned-rent-using-some": "your {owned} and {extra} bought",
    "owned-rent-using-all": "your {owned}, no card bought",
    "owned-rent-instead": (
        "using them instead ({using}) has a TCO of {tco:sigmoney} per {unit}, new capex {capex:.0money}"
    ),
    "owned-rent-instead-unpriced": "using them instead ({using}): new capex {capex:.0money}",
    "owned-rent-cheaper": (
        "Renting all {count} × {card} costs {rent:sigmoney} per {unit}, less than the {tco:sigmoney} of "
        "using the {owned} already owned (owned: their energy, not their price): renting leaves them idle; rank by "
        "the TCO to rank with them counted"
    ),
    "owned-rent-dearer": (
        "Renting all {count} × {card} costs {rent:sigmoney} per {unit}, more than the {tco:sigmoney} of "
        "using the {owned} already owned (owned: their energy, not their price): rank by the TCO to rank with them "
        "counted"
    ),
    "owned-rent-basis": (
        "Ranked by rent, the {owned} × {card} already owned are not used: the rent is for all {count} cards; rank by "
        "the TCO to rank with them counted"
    ),
    "summary-owned-rented": (
        "{owned} × {card}: not used when renting (one deployment does not run across owned and rented cards); buying "
        "instead uses them ({using}), its new spend below"
    ),
    "owned-alone": (
        "The {owned} × {card} already owned carry {users:,} of the {load:,} users at once alone, within the latency "
        "targets ({targets}); all {load:,} need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-none": (
        "The {owned} × {card} already owned alone do not serve one user within the latency targets ({targets}); all "
        "{load:,} users at once need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-none-memory": (
        "The {owned} × {card} already owned alone do not hold the model in memory; all {load:,} users at once within "
        "the latency targets ({targets}) need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-rate": (
        "The {owned} × {card} already owned carry {carried:sig} of the {rate:sig} requests/s alone, within the latency "
        "targets ({targets}); all {rate:sig} need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-rate-enough": (
        "The {owned} × {card} already owned carry the {rate:sig} requests/s alone, within the latency targets "
        "({targets}): up to {carried:sig} requests/s, no card bought; {count:,} × {card}, the {owned} owned and "
        "{extra:,} more, cost less per token at full use — {then}"
    ),
    "owned-alone-rate-slow": (
        "The {owned} × {card} already owned alone miss the latency targets ({targets}) at {rate:sig} requests/s; "
        "all {rate:sig} within them need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-rate-none": (
        "The {owned} × {card} already owned alone do not hold the model in memory; all {rate:sig} requests/s within "
        "the latency targets ({targets}) need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-job": (
        "The {owned} × {card} already owned take {alone:duration} alone for the job; {count:,} × {card}, the {owned} "
        "owned and {extra:,} more, take {time:duration} — {then}"
    ),
    "owned-alone-job-late": (
        "The {owned} × {card} already owned take {alone:duration} alone for the job, {over:duration} past the "
        "deadline; {count:,} × {card}, the {owned} owned and {extra:,} more, take {time:duration} — {then}"
    ),
    "owned-alone-job-memory": (
        "The {owned} × {card} already owned alone do not hold the job in memory; {count:,} × {card}, the {owned} "
        "owned and {extra:,} more, take {time:duration} — {then}"
    ),
    "owned-alone-carried": (
        "The {owned} × {card} already owned carry {served:,.0f} of the {demand:,.0f} {unit} alone; all {demand:,.0f} "
        "need {count:,} × {card}: the {owned} owned and {extra:,} more — {then}"
    ),
    "owned-alone-targets": "{basis} first token ≤ {ttft:,.0f} ms, each next token ≤ {tpot:,.0f} ms",
    "owned-topup-ranked": "ranked #{rank}",
    "owned-topup-unranked": "not ranked: {why}",
    "owned-topup-meets": "meets every constraint set",
    "owned-topup-breaks": "does not meet what was set: {why}",
    "bill-owned-server": (
        "Already owned: {owned} × {card} in one {places}-GPU server of yours ({item}), not bought — modules are sold "
        "only on a server's baseboard"
    ),
    "bill-owned-servers": (
        "Already owned: {owned} × {card} in {servers} {places}-GPU servers of yours ({item}), not bought — modules "
        "are sold only on a server's baseboard"
    ),
    "bill-owned-places-filled": (
        "Bought into empty places of the servers owned: {filled} × {card}, no server bought for them"
    ),
    "bill-owned-places-empty": "Places of the servers owned left empty: {empty} (no card, no power)",
    "bill-owned-idle": (
        "Owned modules given no work by the layout: {idle}, counted at idle power ({watts:,.0f} W each), as the "
        "server they are in runs"
    ),
    "bill-owned-left-servers": (
        "Already owned and not used: {left} × {card}, in {servers:|more server|more servers} of yours — not counted, "
        "neither power nor price"
    ),
    "bill-owned-left": "Already owned and not used: {left} × {card} — not counted, neither power nor price",
    "bill-owned-in-slots": "Already owned, cards sold singly: {owned} × {card}, in the slots of the servers bought",
    "job-bought-other-cards-rest": "its other cards and what else it needs",  # {what}: the servers all owned
    "job-owned-card-server": "; the 1 card and the server it comes in, already owned, not counted",
}

OWNED_CHINESE: dict[str, str] = {
    "region-owned": "{card}：所用 {count} 张均在已拥有、已交付的 {owned} 张之内——无需向中国大陆交付新卡（不构成法律意见）",
    "export-licence-required-beyond-owned": (
        "{card}：已拥有并已交付 {owned} 张；另需采购的 {extra} 张向中国大陆交付需要美国出口许可（状态截至 {date}；不构成法律意见）"
    ),
    "export-not-permitted-beyond-owned": (
        "{card}：已拥有并已交付 {owned} 张；另需采购的 {extra} 张不得出口至中国大陆（状态截至 {date}；不构成法律意见）"
    ),
    "export-status-unknown-beyond-owned": (
        "{card}：已拥有并已交付 {owned} 张；另需采购的 {extra} 张对中国大陆的出口管制状态不明——购买前请核实"
    ),
    "owned-left-idle": "已拥有的 {have} × {card} 中有 {idle} 张未使用：此配置按 {count} 张卡排名",
    "owned-row-all": (
        "使用已拥有的 {owned} × {card}（连同其服务器）：新增资本支出 {capex:.0money}（网络、存储、机柜、安装）；"
        "总拥有成本计入其电费，不计其购价"
    ),
    "owned-row-all-servers-bought": (
        "使用已拥有的 {owned} × {card}，不再采购加速卡：新增资本支出 {capex:.0money}（服务器、网络、存储、机柜、安装）；"
        "总拥有成本计入其电费，不计其购价"
    ),
    "owned-row-some": (
        "使用已拥有的 {owned} × {card}，另购 {extra} 张：新增资本支出 {capex:.0money}（另购的 {extra} 张卡及其"
        "服务器、网络、存储、机柜、安装）；总拥有成本计入全部 {count} 张的电费、另购 {extra} 张的购价"
    ),
    "owned-row-some-places": (
        "使用已拥有的 {owned} × {card}（连同其服务器），另购 {extra} 张装入这些服务器的空位：新增资本支出 {capex:.0money}"
        "（另购的 {extra} 张卡、网络、存储、机柜、安装）；总拥有成本计入全部 {count} 张的电费、另购 {extra} 张的购价"
    ),
    "owned-tco-basis": (
        "含已拥有加速卡时总拥有成本的计法：已拥有的 {owned} × {card} 及其所在服务器不计购价（已付），电费全额计入；"
        "维保与残值只按新采购部分计算"
    ),
    "summary-owned": "{owned} × {card}，不再采购：资本支出即新增支出；总拥有成本计入其电费，不计其购价",
    "summary-owned-servers": (
        "{owned} × {card} 及其所在的 {servers} 台服务器，不再采购：资本支出即新增支出；总拥有成本计入其电费，不计其购价"
    ),
    "owned-row-rent": (
        "按卡时租用全部 {count} × {card}：已拥有的 {owned} 张不使用（同一部署不会横跨自有卡与租用卡）；{instead}"
    ),
    "owned-rent-using-some": "已拥有的 {owned} 张加另购 {extra} 张",
    "owned-rent-using-all": "已拥有的 {owned} 张，不再采购加速卡",
    "owned-rent-instead": (
        "改用已拥有的卡（{using}）按拥有计每{unit} {tco:sigmoney}，新增资本支出 {capex:.0money}"
    ),
    "owned-rent-instead-unpriced": "改用已拥有的卡（{using}）：新增资本支出 {capex:.0money}",
    "owned-rent-cheaper": (
        "租用全部 {count} × {card} 每{unit} {rent:sigmoney}，低于使用已拥有的 {owned} 张的 {tco:sigmoney}"
        "（按拥有计：计其电费，不计其购价）：租用时已拥有的卡闲置；如需计入已拥有的卡，请按总拥有成本排名"
    ),
    "owned-rent-dearer": (
        "租用全部 {count} × {card} 每{unit} {rent:sigmoney}，高于使用已拥有的 {owned} 张的 {tco:sigmoney}"
        "（按拥有计：计其电费，不计其购价）：如需计入已拥有的卡，请按总拥有成本排名"
    ),
    "owned-rent-basis": (
        "按租金排名时不使用已拥有的 {owned} × {card}：租金按全部 {count} 张计；如需计入已拥有的卡，请按总拥有成本排名"
    ),
    "summary-owned-rented": (
        "{owned} × {card}：租用时不使用（同一部署不会横跨自有卡与租用卡）；改为购买时使用这些卡（{using}），新增支出见下"
    ),
    "owned-alone": (
        "已拥有的 {owned} × {card} 单独使用，在延迟目标（{targets}）内可服务 {load:,} 位同时在线用户中的 {users:,} 位；"
        "全部 {load:,} 位需要 {count:,} × {card}：已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-none": (
        "已拥有的 {owned} × {card} 单独使用，在延迟目标（{targets}）内连 1 位用户也无法服务；全部 {load:,} 位同时在线用户需要 "
        "{count:,} × {card}：已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-none-memory": (
        "已拥有的 {owned} × {card} 单独使用，显存放不下该模型；在延迟目标（{targets}）内服务全部 {load:,} 位同时在线用户需要 "
        "{count:,} × {card}：已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-rate": (
        "已拥有的 {owned} × {card} 单独使用，在延迟目标（{targets}）内可承载每秒 {rate:sig} 个请求中的 {carried:sig} 个；"
        "全部 {rate:sig} 个需要 {count:,} × {card}：已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-rate-enough": (
        "已拥有的 {owned} × {card} 单独使用，即可在延迟目标（{targets}）内承载每秒 {rate:sig} 个请求：最多每秒 "
        "{carried:sig} 个，无需购卡；{count:,} × {card}（已拥有的 {owned} 张加另购 {extra:,} 张）满负荷时每词元成本更低——{then}"
    ),
    "owned-alone-rate-slow": (
        "已拥有的 {owned} × {card} 单独使用，在每秒 {rate:sig} 个请求下达不到延迟目标（{targets}）；在目标内承载全部 "
        "{rate:sig} 个需要 {count:,} × {card}：已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-rate-none": (
        "已拥有的 {owned} × {card} 单独使用，显存放不下该模型；在延迟目标（{targets}）内承载每秒 {rate:sig} 个请求需要 "
        "{count:,} × {card}：已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-job": (
        "已拥有的 {owned} × {card} 单独完成此任务需要 {alone:duration}；{count:,} × {card}（已拥有的 {owned} 张加另购 "
        "{extra:,} 张）需要 {time:duration}——{then}"
    ),
    "owned-alone-job-late": (
        "已拥有的 {owned} × {card} 单独完成此任务需要 {alone:duration}，超出期限 {over:duration}；{count:,} × {card}"
        "（已拥有的 {owned} 张加另购 {extra:,} 张）需要 {time:duration}——{then}"
    ),
    "owned-alone-job-memory": (
        "已拥有的 {owned} × {card} 单独使用，显存放不下此任务；{count:,} × {card}（已拥有的 {owned} 张加另购 {extra:,} 张）"
        "需要 {time:duration}——{then}"
    ),
    "owned-alone-carried": (
        "已拥有的 {owned} × {card} 单独使用，可承载 {demand:,.0f} {unit}中的 {served:,.0f}；全部 {demand:,.0f} 需要 {count:,} × {card}："
        "已拥有的 {owned} 张加另购 {extra:,} 张——{then}"
    ),
    "owned-alone-targets": "{basis} 首词元 ≤ {ttft:,.0f} ms，每输出词元 ≤ {tpot:,.0f} ms",
    "owned-topup-ranked": "排名第 {rank}",
    "owned-topup-unranked": "未参与排名：{why}",
    "owned-topup-meets": "满足所设的全部约束",
    "owned-topup-breaks": "未满足所设的要求：{why}",
    "bill-owned-server": (
        "已拥有的 {owned} × {card} 装在您自有的 1 台 {places} 卡服务器（{item}）中，不再采购：模块只随服务器基板销售"
    ),
    "bill-owned-servers": (
        "已拥有的 {owned} × {card} 装在您自有的 {servers} 台 {places} 卡服务器（{item}）中，不再采购：模块只随服务器基板销售"
    ),
    "bill-owned-places-filled": "另购的 {filled} × {card} 装入自有服务器的空位，无需为其购买服务器",
    "bill-owned-places-empty": "自有服务器有 {empty} 个空位不装卡：不计卡，不计功耗",
    "bill-owned-idle": "已拥有的模块中有 {idle} 个未被布局使用：按空闲功耗（每个 {watts:,.0f} W）计入，因其所在服务器在运行",
    "bill-owned-left-servers": (
        "已拥有的另 {left} × {card}（在您自有的另 {servers} 台服务器中）不使用：不计入，既不计功耗，也不计购价"
    ),
    "bill-owned-left": "已拥有的另 {left} × {card} 不使用：不计入，既不计功耗，也不计购价",
    "bill-owned-in-slots": "已拥有的 {owned} × {card} 为单独销售的板卡，装入所购服务器的插槽",
    "job-bought-other-cards-rest": "其余加速卡和其余所需",
    "job-owned-card-server": "；已有的 1 张卡及其所在的服务器未计入",
}
