"""Message templates of rack-scale systems as the buyer's answer says them (how many systems and
racks, the count over a memory bar of a card counted in chips ('8 颗 NPU', not '8 张卡'), which item id
a quote prices, a TCO without energy and why, cooling that is not published; modules bought in whole
servers; a workstation card's flow-through cooler in a rack server, and the rule that refuses such boards there),
in both languages; merged into
:mod:`configurator.core.messages`' catalogues, keyed by message id."""

from __future__ import annotations

SYSTEMS_ENGLISH: dict[str, str] = {
    "in-system": " as 1 rack-scale system of {per} cards, {racks}",
    "in-systems": " as {n} rack-scale systems of {per} cards each, {racks}",
    "in-system-chips": " as 1 rack-scale system of {per} {chip}s, {racks}",
    "in-systems-chips": " as {n} rack-scale systems of {per} {chip}s each, {racks}",
    "bar-count-chips": "{n:|{chip}|{chip}s}",
    "bar-count-chips-short": "×{n}",
    "quote-item": "no price — enter a quote for item {item}",
    "quote-how": (
        "Your quote replaces a line's price, entered by its item id ({items}) in a CSV file with the columns "
        "{columns} — File ▸ Load Price Quotes… in the window, --quotes FILE on the "
        "command line"
    ),
    "energy-unknown-system": (
        "unknown: neither {card} nor its rack-scale system ({item}) has a published power — the total leaves "
        "energy out"
    ),
    "energy-unknown": "unknown: {card} has no published board power — the total leaves energy out",
    "tco-without-energy": "{tco} — without energy (no published power)",
    "tco-without-energy-unpriced": "{tco} — without energy (no published power) and the unpriced items",
    "cooling-unpublished": "cooling not published",
    "whole-servers": (
        "{card} modules are sold {unit} to a server, on its baseboard: bought in whole servers, {count} cards"
    ),
    "whole-servers-rented": (
        "{card} modules come {unit} to a server, on its baseboard: rented in whole servers, {count} cards"
    ),
    # the same of a product counted by the chip (its Chinese name counts 颗: the 910C server), in Chinese in 颗
    "whole-servers-chips": (
        "{card} modules are sold {unit} to a server, on its baseboard: bought in whole servers, {count} cards"
    ),
    "whole-servers-rented-chips": (
        "{card} modules come {unit} to a server, on its baseboard: rented in whole servers, {count} cards"
    ),
    "flow-through-in-server": (
        "{card} is a workstation card with a flow-through cooler, here {count} cards in rack servers: "
        "{vendor}'s Server Edition (passive) is the card for a rack server — quote it"
    ),
    "housing-not-met": (
        "{card} is a workstation board, its fans blowing into the case: up to {per} in a deskside workstation, "
        "none in a standard rack server — {count} cards need rack servers, which take the {edition}"
    ),
    "housing-not-met-any": (
        "{card} is a workstation board, its fans blowing into the case: up to {per} in a deskside workstation, "
        "none in a standard rack server — {count} cards need rack servers, which take a passive or blower board"
    ),
}

SYSTEMS_CHINESE: dict[str, str] = {
    "in-system": "，1 套机柜级系统（{per} 张卡），{racks}",
    "in-systems": "，{n} 套机柜级系统（每套 {per} 张卡），{racks}",
    "in-system-chips": "，1 套机柜级系统（{per} 颗 {chip}），{racks}",
    "in-systems-chips": "，{n} 套机柜级系统（每套 {per} 颗 {chip}），{racks}",
    "bar-count-chips": "{n:|颗 {chip}|颗 {chip}}",
    "bar-count-chips-short": "{n} 颗",
    "quote-item": "无价格——请为报价项 {item} 输入报价",
    "quote-how": (
        "您的报价按报价项编号（{items}）替换该项价格：CSV 文件，列为 {columns}——"
        "窗口中用“文件 ▸ 载入报价…”，命令行用 --quotes FILE"
    ),
    "energy-unknown-system": "未知：{card} 及其机柜级系统（{item}）均无公开功率——总额未计入电费",
    "energy-unknown": "未知：{card} 无公开板卡功耗——总额未计入电费",
    "tco-without-energy": "{tco}——未含电费（无公开功率）",
    "tco-without-energy-unpriced": "{tco}——未含电费（无公开功率）及无价格的项",
    "cooling-unpublished": "冷却方式未公开",
    # counted in the card's measure word, as the ranking counts the same cards (card_names.measure_word): '购买：72 张
    # 昇腾 910B' beside '共 72 颗' until December 2026 (persona50b)
    "whole-servers": "{card} 模组按整机销售（每台服务器基板 {unit} 张）：按整台服务器购买，共 {count} 张",
    "whole-servers-rented": "{card} 模组装在服务器基板上（每台 {unit} 张）：按整台服务器租用，共 {count} 张",
    "whole-servers-chips": "{card} 模组按整机销售（每台服务器基板 {unit} 颗）：按整台服务器购买，共 {count} 颗",
    "whole-servers-rented-chips": "{card} 模组装在服务器基板上（每台 {unit} 颗）：按整台服务器租用，共 {count} 颗",
    "flow-through-in-server": (
        "{card} 是采用穿透式风扇散热器的工作站显卡，此处 {count} 张装在机架服务器中："
        "机架服务器应选 {vendor} 的服务器版（被动散热）——请为其询价"
    ),
    "housing-not-met": (
        "{card} 是工作站显卡，风扇向机箱内排热：一台桌边工作站最多装 {per} 张，标准机架服务器不装——"
        "{count} 张卡需要机架服务器，机架服务器应选 {edition}"
    ),
    "housing-not-met-any": (
        "{card} 是工作站显卡，风扇向机箱内排热：一台桌边工作站最多装 {per} 张，标准机架服务器不装——"
        "{count} 张卡需要机架服务器，机架服务器应选被动散热或涡轮风扇散热的卡"
    ),
}
