"""Message templates of what a buyer is told about a price, and when price decides a ranking
(issue 25), in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by
message id."""

from __future__ import annotations

PRICE_ENGLISH: dict[str, str] = {
    "price-list": "list price, street typically lower",
    "price-launch": "launch price",
    "price-stale": "price from {date}, older than {months} months",
    "price-stale-beside-date": "older than {months} months",
    "price-user": "your price",
    "price-market-unknown": "where this rent can be bought is not known",
    "price-used": "price of a used card",
    "price-refurbished": "price of a refurbished card",
    "price-used-current": "the only current price is for {condition} cards: {amount} ({source}, {date})",
    "price-newer-less-sure": "a newer but less sure price: {amount} ({source}, {date})",
    "price-quoted-by": "{quoted} quoted by {source}",
    "price-used-bought": "{condition} price, {date}, {source} — no warranty from the maker",
    "purchase-price-used-bought": (
        "{card}: priced as a {condition} card, as you accept used cards: {amount} ({source}, {date}) — no warranty "
        "from the maker"
    ),
    "condition-used": "used",
    "condition-refurbished": "refurbished",
    "used-price-amount": "{amount:money}",
    "used-price-range": "{low:money–high}",
    "used-price-only": "only a price for {condition} cards is published: {amount} ({source}, {date})",
    "purchase-price-used-only": (
        "{card}: {what}; a purchase is of new cards, so it is not ranked on price — enter a quote for new cards"
    ),
    "cloud-price-china-only": (
        "{card}: its rents in the catalog are sold in mainland China only ({provider}, {amount:.2money}/h): not ranked "
        "unless the cards are delivered to mainland China"
    ),
    "cloud-price-abroad-only": (
        "{card}: its rents in the catalog are sold outside mainland China only ({provider}, {amount:.2money}/h): not "
        "ranked for delivery to mainland China"
    ),
    "user-card-shadows": (
        "Your card '{id}' has the id of the bundled card {name} and is not used: a card of your own needs an id "
        "of its own (e.g. '{suggestion}')"
    ),
    "user-price-future": (
        "Your price for {card} is dated {date}, after today ({today}), and is not used: enter the date of the quote"
    ),
    "price-decides": (
        "Price decides: {card} is first while its own price is below {price:money} {per}; with {card} above "
        "it, {other} is first ({card}'s price range {low:money–high} {per})"
    ),
    "price-holds": (
        "Price does not decide the winner: {card} stays first across every priced card's price range (its own up "
        "to {high:money} {per}); only with {card} above {price:money} {per} would {other} be first"
    ),
    "price-holds-fixed": "Price does not decide the winner: {card} stays first across every priced card's price range",
    "price-decides-challenger": (
        "Price decides: {card} would be first below {price:money} {per}, inside its price range "
        "{low:money–high} {per}"
    ),
    "price-winner-limit": "{card} stays first while its own price is at most {price:money} {per}; with {card} "
                          "above it, {other} is first",
    "price-decides-ends": (
        "Price decides: with {card} at the high end of its price range and {other} at the low end of its own, "
        "{other} is first"
    ),
    "price-decides-ends-limit": (
        "Price decides: with {card} at the high end of its price range ({high:money} {per}) and {rival} at the low "
        "end of its own, {rival} is first; with only {card}'s own price varied, it stays first up to "
        "{price:money} {per}; with {card} above it, {other} is first"
    ),
    "price-challenger": (
        "{card} would be first below {price:money} {per} (its price range {low:money–high} {per})"
    ),
    "price-order-changes": (
        "Below first place the order can change within the price ranges ({n} of the listed configurations)"
    ),
    "price-range-assumption": (
        "Price ranges: a quoted low–high range as given, else ±{high:.0pct} (high confidence), ±{medium:.0pct} "
        "(medium), ±{low:.0pct} (low); one card's price varied at a time, its configuration and everything else fixed"
    ),
    "no-spare-server": (
        "No spare server: a server that fails stops the job until it is repaired (up to {hours:,.0f} h), about "
        "{pct:.1pct} of the time; a spare would cost more than the waiting it saves"
    ),
    "spare-servers-bought": (
        "{n:|spare server|spare servers}, so that the job waits for a repair (up to {hours:,.0f} h) about {pct:.2pct} of the time; "
        "no more spares than the waiting they save repays"
    ),
    "spare-servers-cold": (
        "The {n:|spare server stands|spare servers stand} racked and powered off until one replaces a failed server: the IT load, "
        "its energy and its colocation count no spare"
    ),
    "storage-direct-attach": (
        "No storage switch: each of the {servers} servers is cabled straight to each of the {nodes} storage "
        "servers, one port to each; a storage switch pair is bought when their ports run out"
    ),
    "desktop-storage-clones": (
        "Storage for the desktops: {tb:,.1f} TB, {users:|non-persistent desktop|non-persistent desktops} "
        "(instant clones, reset at log-off) at {gb:,.0f} GB each for their writes and kept profile, and {versions} versions of the "
        "{image:,.0f} GB desktop image they share"
    ),
    "desktop-storage-persistent": (
        "Storage for the desktops: {tb:,.1f} TB, {users:|persistent desktop|persistent desktops} (full clones "
        "that keep their applications and profile) at {gb:,.0f} GB each, and {versions} versions of the {image:,.0f} GB desktop image"
    ),
    "scale-out-back-to-back": (
        "No scale-out switch: the {servers} servers are cabled back to back, {links} cables, one per rail (port i of "
        "one server to port i of the other); a switch is bought from three servers on"
    ),
    "scale-out-back-to-back-ib": (
        "No InfiniBand switch: the {servers} servers are cabled back to back, {links} cables, one per rail (port i of "
        "one server to port i of the other), the subnet manager (OpenSM) running on a server, one instance per rail; "
        "a switch is bought from three servers on"
    ),
    "rent-or-buy": "Rent or buy: over {years:g} years at {u:.0%} utilisation, renting {rented} costs "
                   "{rent:.0money}, buying {tco:.0money}; buying pays off above {break_even:.0%} "
                   "utilisation",
    "rent-or-buy-rent-cheaper": "Rent or buy: over {years:g} years at {u:.0%} utilisation, renting {rented} "
                                "costs {rent:.0money}, buying {tco:.0money}; renting is cheaper at "
                                "any utilisation",
    "rent-or-buy-then": "{said}; {notes}",
    "rent-or-buy-month": "from month {month} renting has cost more than buying and running them",
    "rent-or-buy-resale": "within the {years:g} years renting costs less than buying and running them: buying comes "
                          "out cheaper only by its resale value at the end",
    "rented-same": "the same {gpus:|card|cards}",
    "rented-same-chips": "the same {gpus:|{chip}|{chip}s}",
    "rented-system": "the {gpus:|{chip}|{chip}s} the bill buys in whole rack-scale systems "
                     "(the configuration uses {used})",
    "rented-server": "the {gpus:|{chip}|{chip}s} the bill buys in whole servers (the configuration uses {used})",
    "rented-board": "the {gpus:|{chip}|{chip}s} the bill buys in whole boards (the configuration uses {used})",
    "rent-only-used": "renting only the {used:|{chip}|{chip}s} the configuration uses costs {rent:.0money}",
    "rent-only-used-cheaper": "renting only the {used:|{chip}|{chip}s} the configuration uses costs "
                              "{rent:.0money}, less than buying: for this job alone renting is cheaper",
    "rent-licences-added": "the bill's licences, {licences:.0money} a year, are counted on the rent too: "
                           "the cloud price's source does not say it includes them",
    "rent-licences-included": "the cloud price includes the NVIDIA vGPU licence ({provider}): the bill's "
                              "{licences:.0money} a year of licences count on buying only",
    "rent-or-buy-no-rent": "Rent or buy: no cloud price for {card} to rent it by; buying costs {tco:.0money} "
                           "over {years:g} years at {u:.0%} utilisation",
    "rent-or-buy-no-price": "Rent or buy: {card} has no purchase price, so buying cannot be compared "
                            "(enter a quote); over {years:g} years at {u:.0%} utilisation, renting {rented} "
                            "costs {rent:.0money}",
    "rent-or-buy-no-energy": "Rent or buy: over {years:g} years at {u:.0%} utilisation, renting {rented} costs "
                             "{rent:.0money}, buying {tco:.0money} without energy; {card} has no published board "
                             "power, so no break-even utilisation is given",
    "rent-or-buy-no-figures": "Rent or buy: {card} has neither a purchase price nor a cloud price to compare "
                              "(enter a quote)",
    "rent-or-buy-refused": "Rent or buy: {count} × {card} can be rented but not bought for rack servers (a workstation "
                           "board, its fans blowing into the case: none in a standard rack server); over {years:g} "
                           "years at {u:.0%} utilisation renting them costs {rent:.0money}",
    "rent-or-buy-refused-no-rent": "Rent or buy: {count} × {card} cannot be bought for rack servers (a workstation "
                                   "board, its fans blowing into the case: none in a standard rack server), and has "
                                   "no cloud price to rent it by",
    "rent-or-buy-edition": "to buy, rack servers take the {edition}",
    "rent-or-buy-edition-ranked": "to buy, rack servers take the {edition}: its {count} cards (#{rank} above) cost "
                                  "{tco:.0money} to buy and run, {rent:.0money} to rent; buying them pays off above "
                                  "{break_even:.0%} utilisation",
    "rent-or-buy-edition-ranked-rent-cheaper": "to buy, rack servers take the {edition}: its {count} cards (#{rank} "
                                               "above) cost {tco:.0money} to buy and run, {rent:.0money} to rent; "
                                               "renting them is cheaper at any utilisation",
    "rent-or-buy-edition-ranked-no-rent": "to buy, rack servers take the {edition}: its {count} cards (#{rank} above) "
                                          "cost {tco:.0money} to buy and run",
    "rent-or-buy-all-owned": "Rent or buy: the {owned:|card the configuration needs is|cards the configuration needs are} "
                             "already owned, so no card is left to rent instead of buying; the total cost of "
                             "ownership is {tco:.0money} over {years:g} years at {u:.0%} utilisation",
    "rented-beyond-owned": "the {gpus:|{chip}|{chip}s} the bill buys beyond the {owned} already owned (those work "
                           "either way: only the others are rented, and the owned cards' power and colocation count "
                           "on both sides)",
    "rent-only-used-beyond-owned": "renting only the {used:|{chip}|{chip}s} the configuration uses beyond the "
                                   "{owned} owned costs {rent:.0money}",
    "rent-only-used-beyond-owned-cheaper": "renting only the {used:|{chip}|{chip}s} the configuration uses beyond "
                                           "the {owned} owned costs {rent:.0money}, less than buying: for this job "
                                           "alone renting is cheaper",
    "rent-none-beyond-owned": "the {used:|card the configuration uses is|cards the configuration uses are} among the "
                              "{owned} already owned: it needs none rented",
}

PRICE_CHINESE: dict[str, str] = {
    "price-list": "目录标价，实际成交价通常更低",
    "price-launch": "发布价",
    "price-stale": "{date} 的价格，已超过 {months} 个月",
    "price-stale-beside-date": "已超过 {months} 个月",
    "price-user": "用户价格",
    "price-market-unknown": "不清楚此租用价在哪个市场可购买",
    "price-used": "二手卡价格",
    "price-refurbished": "翻新卡价格",
    "price-used-current": "当前仅有{condition}卡的价格：{amount}（{source}，{date}）",
    "price-newer-less-sure": "另有较新但可信度较低的价格：{amount}（{source}，{date}）",
    "price-quoted-by": "{source} 报价 {quoted}",
    "price-used-bought": "{condition}卡价格，{date}，{source}——无原厂保修",
    "purchase-price-used-bought": "{card}：您接受二手卡，按{condition}卡计价：{amount}（{source}，{date}）——无原厂保修",
    "condition-used": "二手",
    "condition-refurbished": "翻新",
    "used-price-amount": "{amount:money}",
    "used-price-range": "{low:money–high}",
    "used-price-only": "仅公开了{condition}卡的价格：{amount}（{source}，{date}）",
    "purchase-price-used-only": "{card}：{what}；采购按全新卡计，故不按价格排名——请输入全新卡的报价",
    "cloud-price-china-only": "{card}：目录中的云租用价仅在中国大陆销售（{provider}，{amount:.2money}/小时）：交付地区不是中国大陆时不参与排名",
    "cloud-price-abroad-only": "{card}：目录中的云租用价仅在中国大陆以外销售（{provider}，{amount:.2money}/小时）：交付到中国大陆时不参与排名",
    "user-card-shadows": "您的卡“{id}”与内置卡 {name} 的编号相同，未被采用：自定义卡需使用自己的编号（例如“{suggestion}”）",
    "user-price-future": "您为 {card} 输入的价格日期为 {date}，晚于今天（{today}），未被采用：请输入报价的日期",
    "price-decides": (
        "价格决定排名：{card} 自身{per}价格低于 {price:money} 时排第一；{card} 高于此价则 {other} 排第一"
        "（{card} 的{per}价格范围 {low:money–high}）"
    ),
    "price-holds": (
        "价格不改变第一名：在每种有价卡的价格范围内 {card} 均排第一（其自身{per}价格最高 {high:money}）；"
        "只有 {card} {per}价格高于 {price:money} 时，{other} 才会排第一"
    ),
    "price-holds-fixed": "价格不改变第一名：在每种有价卡的价格范围内 {card} 均排第一",
    "price-decides-challenger": "价格决定排名：{card} {per}低于 {price:money} 时会排第一，这在其{per}价格范围 {low:money–high} 之内",
    "price-winner-limit": "{card} 自身{per}价格不高于 {price:money} 时排第一；{card} 高于此价则 {other} 排第一",
    "price-decides-ends": "价格决定排名：{card} 取其价格范围的高端、{other} 取其价格范围的低端时，{other} 排第一",
    "price-decides-ends-limit": (
        "价格决定排名：{card} 取其价格范围的高端（{per} {high:money}）、{rival} 取其价格范围的低端时，{rival} 排第一；"
        "只变动 {card} 自身价格时，其{per}价格不高于 {price:money} 仍排第一，{card} 高于此价则 {other} 排第一"
    ),
    "price-challenger": "{card} {per}低于 {price:money} 时会排第一（其{per}价格范围 {low:money–high}）",
    "price-order-changes": "第一名之后的先后顺序可能在价格范围内变化（所列配置中有 {n} 个）",
    "price-range-assumption": (
        "价格范围：有报价区间的按区间，否则按可信度高 ±{high:.0pct}、中 ±{medium:.0pct}、低 ±{low:.0pct}；"
        "每次只改变一种卡的价格，其配置及其余各项不变"
    ),
    "no-spare-server": (
        "不配备用服务器：一台服务器故障时作业停下，直到修复（最长 {hours:,.0f} 小时），约占 {pct:.1pct} 的时间；"
        "备用服务器的价格高于它省下的等待时间所值"
    ),
    "spare-servers-bought": (
        "备用服务器 {n} 台：作业因等待修复（最长 {hours:,.0f} 小时）而停下的时间约占 {pct:.2pct}；"
        "所配备用服务器不多于其省下的等待时间所值"
    ),
    "spare-servers-cold": "{n} 台备用服务器已上架但不通电，直到替换故障服务器：满载 IT 负载及其电费、托管费均不计入",
    "storage-direct-attach": (
        "不配存储交换机：{servers} 台服务器各用一个端口直连 {nodes} 台存储服务器中的每一台；"
        "端口不够用时才购买一对存储交换机"
    ),
    "desktop-storage-clones": (
        "桌面存储：{tb:,.1f} TB，{users:,} 个非持久桌面（即时克隆，注销即还原），每个 {gb:,.0f} GB 存放其写入和保留的"
        "用户配置文件，另加共用的 {image:,.0f} GB 桌面镜像的 {versions} 个版本"
    ),
    "desktop-storage-persistent": (
        "桌面存储：{tb:,.1f} TB，{users:,} 个持久桌面（完整克隆，保留其应用和用户配置文件），每个 {gb:,.0f} GB，"
        "另加 {image:,.0f} GB 桌面镜像的 {versions} 个版本"
    ),
    "scale-out-back-to-back": (
        "不配横向扩展交换机：{servers} 台服务器背靠背直连，共 {links} 根线缆，每条轨道一根（一台服务器的第 i 个端口连另一台的"
        "第 i 个端口）；三台服务器起才购买交换机"
    ),
    "scale-out-back-to-back-ib": (
        "不配 InfiniBand 交换机：{servers} 台服务器背靠背直连，共 {links} 根线缆，每条轨道一根（一台服务器的第 i 个端口连另一台的"
        "第 i 个端口），子网管理器（OpenSM）运行在服务器上，每条轨道一个实例；三台服务器起才购买交换机"
    ),
    "rent-or-buy": "租还是买：{years:g} 年内按 {u:.0%} 利用率，租用{rented}需 {rent:.0money}，购买需 "
                   "{tco:.0money}；利用率高于 {break_even:.0%} 时购买更划算",
    "rent-or-buy-rent-cheaper": "租还是买：{years:g} 年内按 {u:.0%} 利用率，租用{rented}需 {rent:.0money}，"
                                "购买需 {tco:.0money}；任何利用率下租用都更便宜",
    "rent-or-buy-then": "{said}；{notes}",
    "rent-or-buy-month": "从第 {month} 个月起，租用的累计花费超过购买并运行",
    "rent-or-buy-resale": "{years:g} 年内租用的花费低于购买并运行：购买更便宜只因期末的残值",
    "rented-same": "同样的 {gpus} 张卡",
    "rented-same-chips": "同样的 {gpus:|颗 {chip}|颗 {chip}}",
    "rented-system": "账单按整套机柜级系统购买的 {gpus} 张卡（配置使用其中 {used} 张）",
    "rented-server": "物料清单按整台服务器采购的 {gpus} 张卡（配置使用其中 {used} 张）",
    "rented-board": "账单按整块板卡购买的 {gpus} 张卡（配置使用其中 {used} 张）",
    "rent-only-used": "只租用配置实际使用的 {used} 张卡需 {rent:.0money}",
    "rent-only-used-cheaper": "只租用配置实际使用的 {used} 张卡需 {rent:.0money}，低于购买：仅就此作业而言租用更便宜",
    "rent-licences-added": "账单中的许可证（每年 {licences:.0money}）也计入租用：云租用价的来源未说明已含许可证",
    "rent-licences-included": "云租用价已含 NVIDIA vGPU 许可证（{provider}）：账单中每年 {licences:.0money} 的许可证只计入购买",
    "rent-or-buy-no-rent": "租还是买：{card} 无云租用价格，无法比较；{years:g} 年内按 {u:.0%} 利用率，购买需 "
                           "{tco:.0money}",
    "rent-or-buy-no-price": "租还是买：{card} 无购买价格，无法比较购买（请输入报价）；"
                            "{years:g} 年内按 {u:.0%} 利用率，租用{rented}需 {rent:.0money}",
    "rent-or-buy-no-energy": "租还是买：{years:g} 年内按 {u:.0%} 利用率，租用{rented}需 {rent:.0money}，购买需 "
                             "{tco:.0money}（不含电费）；{card} 无公开的板卡功耗，因此不给出盈亏平衡利用率",
    "rent-or-buy-no-figures": "租还是买：{card} 既无购买价格也无云租用价格，"
                              "无法比较（请输入报价）",
    "rent-or-buy-refused": "租还是买：{count} 张 {card} 只能租用，不能购买装入机架服务器（工作站显卡，风扇向机箱内排热：标准机架"
                           "服务器不装）；{years:g} 年内按 {u:.0%} 利用率，租用需 {rent:.0money}",
    "rent-or-buy-refused-no-rent": "租还是买：{count} 张 {card} 不能购买装入机架服务器（工作站显卡，风扇向机箱内排热：标准机架"
                                   "服务器不装），也无云租用价格可供租用",
    "rent-or-buy-edition": "如需购买，机架服务器应选 {edition}",
    "rent-or-buy-edition-ranked": "如需购买，机架服务器应选 {edition}：其 {count} 张卡（上表第 {rank} 名）购买并运行需 "
                                  "{tco:.0money}，租用需 {rent:.0money}；利用率高于 {break_even:.0%} 时购买更划算",
    "rent-or-buy-edition-ranked-rent-cheaper": "如需购买，机架服务器应选 {edition}：其 {count} 张卡（上表第 {rank} 名）购买并"
                                               "运行需 {tco:.0money}，租用需 {rent:.0money}；任何利用率下租用都更便宜",
    "rent-or-buy-edition-ranked-no-rent": "如需购买，机架服务器应选 {edition}：其 {count} 张卡（上表第 {rank} 名）购买并运行需 "
                                          "{tco:.0money}",
    "rent-or-buy-all-owned": "租还是买：配置所需的 {owned} 张卡均已拥有，没有可用租用代替购买的卡；{years:g} 年内按 "
                             "{u:.0%} 利用率，总拥有成本为 {tco:.0money}",
    "rented-beyond-owned": "账单在已拥有的 {owned} 张之外购买的 {gpus} 张卡（已拥有的卡两种方式下都会使用：只租用其余的卡，"
                           "已拥有卡的电费与托管费两边都计入）",
    "rent-only-used-beyond-owned": "只租用配置在已拥有的 {owned} 张之外实际使用的 {used} 张卡需 {rent:.0money}",
    "rent-only-used-beyond-owned-cheaper": "只租用配置在已拥有的 {owned} 张之外实际使用的 {used} 张卡需 "
                                           "{rent:.0money}，低于购买：仅就此作业而言租用更便宜",
    "rent-none-beyond-owned": "配置使用的 {used} 张卡都在已拥有的 {owned} 张之内：无需租用",
}
