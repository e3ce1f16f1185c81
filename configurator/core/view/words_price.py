"""Chinese labels of prices (issue 25): the price a ranking uses, its kind and flags, whose it is,
cards without a price, when price decides. Merged into :mod:`configurator.core.view.words`; keyed
by the English label id."""

from __future__ import annotations

ZH_CN_PRICE: dict[str, str] = {
    "launch": "发布价",
    "rent": "租用价",
    "list price": "目录价",
    "launch price": "发布价",
    "{amount}/h": "{amount}/小时",
    "{amount}, your price": "{amount}，您的价格",
    "{amount}, {kind} {date}{user}{mark}": "{amount}，{kind} {date}{user}{mark}",
    ", yours": "，用户",
    "{amount}, {kind} {date}, {market}{user}{mark}": "{amount}，{kind} {date}，{market}{user}{mark}",
    "sold in mainland China": "仅在中国大陆销售",
    "sold outside mainland China": "在中国大陆以外销售",
    "vGPU licence included": "含 vGPU 许可",
    "vGPU licence not included": "不含 vGPU 许可",
    "yours": "用户",
    "{kind} {amount}, {date}, confidence: {confidence}": "{kind} {amount}，{date}，可信度：{confidence}",
    "the price you entered in the scenario": "您在方案中输入的价格",
    "* {card}: {flags}": "* {card}：{flags}",
    "{count} × {card}: {what}": "{count} × {card}：{what}",
    "{count} × {what}": "{count} × {what}",
    "in the system price: {amount} per system, {date}{mark}": "含在整机价格中：每套 {amount}，{date}{mark}",
    "{per_card}, system {date}: {amount} ÷ {cards} cards{mark}": "{per_card}，整机价格 {date}：{amount} ÷ {cards} 张卡{mark}",
    "{per_card}, system {date}: {amount} ÷ {cards} {chip}s{mark}":
        "{per_card}，整机价格 {date}：{amount} ÷ {cards} 颗 {chip}{mark}",
    "{amount} ({conversion})": "{amount}（{conversion}）",
    "{condition}: {price}": "{condition}：{price}",
    "already owned, not bought (new: {price})": "已拥有，不再采购（新购价：{price}）",
    "{price}; {owned} of {count} already owned": "{price}；{count} 张中已拥有 {owned} 张",
    "converted from {quoted} at {rate} {currency}/USD, {date}": "由 {quoted} 按 {rate} {currency}/USD（{date}）换算",
    "undated": "未注明日期",
    "the cards come with the system, priced whole: {source}": "加速卡随整机供货，按整机计价：{source}",
    # cards a summary cannot rank for want of a price (report/summary_unpriced.py)
    "{cards} and {n} more": "{cards} 及另外 {n} 种",
    "1 other card that meets every constraint is not ranked: {cards}.": "另有 1 种满足全部约束的加速卡未参与排名：{cards}。",
    "{n} other cards that meet every constraint are not ranked: {cards}.":
        "另有 {n} 种满足全部约束的加速卡未参与排名：{cards}。",
    "1 other card that breaks no constraint is not ranked (without a price the budget cannot be checked): {cards}.":
        "另有 1 种未违反任何约束的加速卡未参与排名（无价格则无法核对预算）：{cards}。",
    "{n} other cards that break no constraint are not ranked (without a price the budget cannot be checked): "
    "{cards}.": "另有 {n} 种未违反任何约束的加速卡未参与排名（无价格则无法核对预算）：{cards}。",
    "Enter a quote to rank it.": "输入报价即可参与排名。",
    "Enter quotes to rank those without a price.": "为无价格的卡输入报价即可参与排名。",
    "{card} ({why})": "{card}（{why}）",
    "no price": "无价格",
    "no price for {items}": "{items} 无价格",
    "no price for the rack-scale system": "机柜级系统无价格",
    "no cloud rent": "无云租用价",
    "no cloud rent — enter a quote of its rent": "无云租用价——请输入其租用报价",
    "rent only in mainland China": "仅有中国大陆的租用价",
    "rent only outside mainland China": "仅有中国大陆以外的租用价",
    "only a used card's price": "仅有二手卡价格",
    "no price for new cards — enter a quote": "无全新卡价格——请输入报价",
    "not ranked: enter a quote": "未排名：请输入报价",
    "not ranked: {why}": "未排名：{why}",
    "A row without a rank (—) is not ranked (its last column says why): its count is one configuration of that "
    "card that meets every constraint, not a recommended purchase.":
        "无排名（—）的行未参与排名（原因见最后一列）：其数量只是该卡满足全部约束的一种配置，并非推荐的采购数量。",
    "A row without a rank (—) is not ranked (its last column says why): its count is one configuration of that "
    "card that breaks no constraint, not a recommended purchase.":
        "无排名（—）的行未参与排名（原因见最后一列）：其数量只是该卡未违反任何约束的一种配置，并非推荐的采购数量。",
    "Price per card": "每卡价格",
    "Rent per card-hour": "每卡每小时租用价",
    "Rent per card": "每卡租用价",
    "Price decides?": "价格是否决定排名？",
    "Prices the ranking uses": "排名所用价格",
    "What to know": "须知",
    "card price: {flags}": "卡价：{flags}",
    "cloud price: {flags}": "云租用价：{flags}",
    "No dated public price: ask the vendor or a distributor for a quote": "没有公开的有日期价格：请向厂商或经销商询价",
    "When price decides": "价格何时决定排名",
    "{origin}: {price}{mark}": "{origin}：{price}{mark}",
    "{name} [{id}] — yours": "{name} [{id}]（用户）",
    "{name} — yours": "{name}（用户）",
    "Your card (from your own catalog file)": "用户自定义卡（来自您自己的目录文件）",
    "{name} (mine)": "{name}（自定义）",
    "A card of your own gets an id of its own: the bundled card stays as it is.":
        "自定义卡使用自己的编号：内置卡保持不变。",
    "Cloud prices: who rents the card": "云价格：出租该卡的服务商",
    "Cloud prices: on-demand, 1-year reserved, spot …": "云价格：按需、一年预留、竞价……",
    "Provider": "服务商",
    "Offer": "方案",
    "vGPU licence in the rent": "租用价含 vGPU 许可",
    "Not stated: the bill's vGPU licences count on the rent too": "未说明：账单中的 vGPU 许可也计入租用",
    "Included: the provider says the rent holds the NVIDIA vGPU licence": "已含：服务商说明租用价含 NVIDIA vGPU 许可",
    "Not included: the provider says the licence is bought apart": "不含：服务商说明许可须另购",
    "Cloud prices: whether the GPU-hour includes the NVIDIA vGPU licence (RTX vWS, vPC) a virtual desktop "
    "needs; included, the bill's vGPU licences count on buying only":
        "云价格：每卡时租用价是否含虚拟桌面所需的 NVIDIA vGPU 许可（RTX vWS、vPC）；含许可时，账单中的 vGPU 许可只计入购买",
    "Purchase price used in rankings": "排名所用采购价",
    "Rent used in rankings": "排名所用租用价",
    "{kind}, {date} — yours": "{kind}，{date}（用户）",
    "Card price": "卡价",
    "Without a price (enter a quote):": "无价格（请输入报价）：",
    "Not ranked for want of a figure (a price, a rent where you are):":
        "未参与排名（缺少价格或本地区租用价）：",
    "Ranked after every complete total, each leaving out an unpriced item or the energy (no board power):":
        "排在所有总额完整的方案之后（总额不含某项无价格的项目，或因无公开的板卡功耗而不含电费）：",
    "Marked *:": "标 * 的价格：",
    "When price decides:": "价格何时决定排名：",
    "Cards without a price are listed after the ranked ones: enter a quote to rank them.":
        "无价格的卡列在已排名的卡之后：输入报价即可参与排名。",
}
"""Labels of the price view (:mod:`configurator.core.view.price_view`), the card view's price rows,
the recommendation panel's price column and the summary's price notes."""
