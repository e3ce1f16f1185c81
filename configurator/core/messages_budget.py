"""The budget alone keeps every configuration out (:mod:`configurator.core.recommend_budget`): said
plainly under a ranking that has nothing to rank, with the nearest configuration and the share of
its cost the budget covers (session 38, persona 6: a Chinese buyer read only "没有满足方案约束的加速卡。")."""

from __future__ import annotations

BUDGET_ENGLISH: dict[str, str] = {
    "over-budget-cards-unpriced": "Capex at least {cost:.0money} without the cards ({card} has no price: enter a "
                                  "quote): over budget by at least {over:.0money} ({share:.0%}) of {budget:.0money}",
    "budget-too-small": "The budget is too small: every priced configuration that meets the other constraints "
                        "costs more. The nearest priced in full is {count} × {card}. {breaks}; the budget covers "
                        "{covered:.0%} of it. Raise the budget or lower the requirements.",
    "budget-too-small-partly-priced": "The budget is too small: every priced configuration that meets the other "
                                      "constraints costs more. The nearest, not priced in full, is {count} × "
                                      "{card}. {breaks}. Raise the budget or lower the requirements.",
    "budget-fits-not-deliverable": "{card}: cannot be delivered to the region",
    "budget-fits-cloud-only": "{card}: sold only as a cloud service: rented, never bought",
    "budget-fits-service-life": "Training: the largest model whose token budget is trained within the hardware's "
                                "{years:,g}-year service life (the years its cost is spread over)",
    "budget-fits-not-priced": "{card}: not priced (no purchase price for the card or its server; enter a quote)",
    "budget-fits-too-dear": "{card}: the smallest purchase ({unit:|card|cards}, {capex:.0money}) costs more than the "
                            "budget",
    "budget-read-in": " (--budget {typed} names no currency: read in {currency})",
    "budget-said": "Budget: {budget:.0money}{read}",
    "budget-fits-heading": "What a budget of {budget:.0money}{read} buys ({where}), bill of materials included where "
                           "priced (servers or workstations, network, storage)",
    "budget-fits-where-cn": "delivered to mainland China",
    "budget-fits-where-any": "any delivery region",
    "budget-fits-unit": "{card} ({unit:|card|cards}, {capex:.0money})",
    "budget-fits-too-dear-list": "Smallest purchase over the budget: {cards}",
    "budget-fits-not-priced-list": "Not priced (no purchase price for the card or its server; enter a quote): {cards}",
    "budget-fits-not-deliverable-list": "Cannot be delivered to the region: {cards}",
    "budget-fits-desk": "Bought as a desktop, one or two cards in a deskside workstation (not a rack server): "
                        "{cards}",
    "budget-fits-desk-unpriced": "Bought as a desktop, one or two cards in a deskside workstation (not a rack "
                                 "server): "
                                 "{cards}; their capex excludes the workstation (not priced: enter a quote for {item})",
    "cli-budget-only": "{flag}: only with --budget (the cards owned are neither bought nor delivered)",
    "cli-owned-or-budget": "give exactly one of --owned ID:COUNT and --budget AMOUNT",
    "cli-owned-only": "{flag}: only with --owned (a budget's answer names the largest model each task runs, untimed)",
}
"""English templates (``breaks``: the budget verdict's own message; ``covered``: budget / cost [fraction])."""

BUDGET_CHINESE: dict[str, str] = {
    "over-budget-cards-unpriced": "不含加速卡的资本支出至少 {cost:.0money}（{card} 无价格——请输入报价）：超出 "
                                  "{budget:.0money} 的预算至少 {over:.0money}（{share:.0%}）",
    "budget-too-small": "预算不足：满足其余全部约束且有价格的方案都超出预算。有完整报价的方案中最接近的是 "
                        "{count} × {card}。{breaks}；预算只够其费用的 {covered:.0%}。请提高预算，或降低需求。",
    "budget-too-small-partly-priced": "预算不足：满足其余全部约束且有价格的方案都超出预算。最接近的是报价不完整的 "
                                      "{count} × {card}。{breaks}。请提高预算，或降低需求。",
    "budget-fits-not-deliverable": "{card}：无法交付到该地区",
    "budget-fits-cloud-only": "{card}：仅以云服务提供：只能租用，不能购买",
    "budget-fits-service-life": "训练任务：取在硬件 {years:,g} 年使用期（成本分摊年限）内能训练完其词元预算的最大模型",
    "budget-fits-not-priced": "{card}：无价格（加速卡或其服务器没有采购价，请录入报价）",
    "budget-fits-too-dear": "{card}：最小采购单位（{unit} 张卡，{capex:.0money}）已超出预算",
    "budget-read-in": "（--budget {typed}：未写币种，按 {currency} 读取）",
    "budget-said": "预算：{budget:.0money}{read}",
    "budget-fits-heading": "预算 {budget:.0money}{read} 能买到什么（{where}），含物料清单中有价格的项（服务器或工作站、网络、存储）",
    "budget-fits-where-cn": "交付中国大陆",
    "budget-fits-where-any": "不限交付地区",
    "budget-fits-unit": "{card}（{unit} 张卡，{capex:.0money}）",
    "budget-fits-too-dear-list": "最小采购单位已超出预算：{cards}",
    "budget-fits-not-priced-list": "无价格（加速卡或其服务器没有采购价，请录入报价）：{cards}",
    "budget-fits-not-deliverable-list": "无法交付到该地区：{cards}",
    "budget-fits-desk": "按台式机购置，一至两张卡装在一台桌边工作站中（而非机架服务器）：{cards}",
    "budget-fits-desk-unpriced": "按台式机购置，一至两张卡装在一台桌边工作站中（而非机架服务器）：{cards}；"
                                 "其资本支出不含"
                                 "工作站（未定价：请为 {item} 输入报价）",
    "cli-budget-only": "{flag} 只能与 --budget 同用（已有的加速卡无需购买或交付）",
    "cli-owned-or-budget": "须且只须给出 --owned ID:COUNT 与 --budget 金额两者之一",
    "cli-owned-only": "{flag} 只能与 --owned 同用（预算的答案只列出各任务可运行的最大模型，不计时）",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
