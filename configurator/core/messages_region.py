"""What a ranking row and the summary say of delivery to mainland China: a card's US export status
(permitted, licence required, not permitted, unknown, each with its date; not legal advice), a
mainland-China vendor's card bought or rented in China (no export), and a card rented from a provider in
mainland China that already holds it (no export by the renter); and China's own import stance on a
card (customs barring its entry, regulators discouraging its purchase; each dated, as reported); the fee
the US government takes on licensed sales, a card no longer made, and a barred card rented where a provider
holds it (session 38). Split from
:mod:`configurator.core.messages`, which merges these into its catalogues."""

from __future__ import annotations

REGION_ENGLISH: dict[str, str] = {
    "export-licence-required": "{card} needs a US export licence for delivery to mainland China (status as of "
                               "{date}; not legal advice)",
    "export-not-permitted": "{card} may not be exported to mainland China (status as of {date}; not legal advice)",
    "export-status-unknown": "{card}: export status for mainland China unknown — check before buying",
    "region-permitted": "{card} may be delivered to mainland China (US export status as of {date}; not legal advice)",
    "vendors-met": "{card} is made by {vendor}, a vendor asked for",
    "vendors-not-met": "{card} is made by {vendor}, not a vendor asked for",
    "region-domestic": "{card} is a mainland-China vendor's card, bought in China: not an export to China (not legal "
                       "advice)",
    "region-domestic-rented": (
        "{card} is a mainland-China vendor's card, rented in mainland China from {provider}: not an export to China "
        "(not legal advice)"),
    "region-rented-licence-required": (
        "{card} rented in mainland China from {provider}, which holds the cards there: renting them is no export by "
        "the renter (delivering new ones needs a US export licence, status as of {date}; not legal advice)"),
    "region-rented-status-unknown": (
        "{card} rented in mainland China from {provider}, which holds the cards there: renting them is no export by "
        "the renter (US export status of new ones for mainland China unknown; not legal advice)"),
    "import-barred": (
        "{card} may not enter mainland China: China's customs told importers so (reported {import_date}; not legal "
        "advice)"),
    "import-barred-beyond-owned": (
        "{card}: {owned} already owned and delivered; the {extra} more to buy may not enter mainland China: China's "
        "customs told importers so (reported {import_date}; not legal advice)"),
    "import-discouraged": (
        "Chinese regulators told firms not to buy {card} (reported {import_date}) — not a bar on its entry, but weigh "
        "it before buying (not legal advice)"),
    "region-and-import": "{first}; {then}",
    "licence-fee-revenue-share": (
        "licences come with a {share:.0%} share of the sales to the US government, since {since}: {payer} (not added "
        "to the prices here)"),
    "licence-fee-import-tariff": (
        "licences come with a {share:.0%} US import tariff on the chips' value, levied on their detour through a US "
        "test laboratory, since {since}: {payer} (not added to the prices here)"),
    "licence-fee-size-unknown": (
        "licences come with a share of the sales to the US government, its size not reported, since {since}: {payer} "
        "(not added to the prices here)"),
    "fee-paid-by-vendor": "paid by the vendor",
    "fee-paid-by-buyer": "paid by the buyer",
    "fee-payer-unknown": "who pays it not reported",
    "region-rented-import-barred": (
        "{card} rented in mainland China from {provider}, which holds cards that came in before China's customs "
        "barred its entry (reported {import_date}): renting them imports nothing, but no new supply comes in (not "
        "legal advice)"),
    "import-held-outside-licences": (
        "the {card} cards {provider} holds in mainland China came in outside the US licences (reported {held_date}): "
        "renting them is refused too (not legal advice)"),
    "supply-production-halted": (
        "{card}: production halted (reported {date}) — new cards may be hard to obtain; check supply before buying"),
    "supply-end-of-life": (
        "{card}: end of life (reported {date}) — new cards may be hard to obtain; check supply before buying"),
    "supply-announced": "{card}: announced, not yet shipping (as of {date}) — check delivery dates before buying",
}
"""English templates: export status, China's import stance and the delivery region."""

REGION_CHINESE: dict[str, str] = {
    "export-licence-required": "{card} 向中国大陆交付需要美国出口许可（状态截至 {date}；不构成法律意见）",
    "export-not-permitted": "{card} 不得出口至中国大陆（状态截至 {date}；不构成法律意见）",
    "export-status-unknown": "{card}：对中国大陆的出口管制状态不明——购买前请核实",
    "region-permitted": "{card} 可交付至中国大陆（美国出口管制状态截至 {date}；不构成法律意见）",
    "vendors-met": "{card} 由{vendor}生产，属于所选厂商",
    "vendors-not-met": "{card} 由{vendor}生产，不属于所选厂商",
    "region-domestic": "{card} 为中国大陆厂商的产品，在中国境内购买，不属于对华出口（不构成法律意见）",
    "region-domestic-rented": "{card} 为中国大陆厂商的产品，在中国境内向{provider}租用，不属于对华出口（不构成法律意见）",
    "region-rented-licence-required": "{card} 在中国大陆向已持有该卡的{provider}租用：租用方不构成出口（新卡交付至中国大陆需要美国出口许可，状态截至 {date}；不构成法律意见）",
    "region-rented-status-unknown": "{card} 在中国大陆向已持有该卡的{provider}租用：租用方不构成出口（新卡对中国大陆的美国出口管制状态不明；不构成法律意见）",
    "import-barred": "{card} 不得进入中国大陆：中国海关已告知进口方（报道于 {import_date}；不构成法律意见）",
    "import-barred-beyond-owned": (
        "{card}：已拥有并已交付 {owned} 张；另需采购的 {extra} 张不得进入中国大陆：中国海关已告知进口方"
        "（报道于 {import_date}；不构成法律意见）"),
    "import-discouraged": "中国监管部门已要求企业不要采购 {card}（报道于 {import_date}）——并非禁止入境，但购买前请权衡（不构成法律意见）",
    "region-and-import": "{first}；{then}",
    "licence-fee-revenue-share": "许可附带条件：销售额的 {share:.0%} 交给美国政府（自 {since} 起）：{payer}（未计入此处价格）",
    "licence-fee-import-tariff": (
        "许可附带条件：芯片价值的 {share:.0%} 作为美国进口关税，在芯片绕道美国检测实验室时征收（自 {since} 起）：{payer}"
        "（未计入此处价格）"),
    "licence-fee-size-unknown": "许可附带条件：部分销售额交给美国政府，比例未见报道（自 {since} 起）：{payer}（未计入此处价格）",
    "fee-paid-by-vendor": "由厂商支付",
    "fee-paid-by-buyer": "由买方支付",
    "fee-payer-unknown": "支付方未见报道",
    "region-rented-import-barred": (
        "{card} 在中国大陆向{provider}租用，该方持有的卡在中国海关禁止其入境之前已运入（报道于 {import_date}）：租用不涉及进口，"
        "但不会再有新的供货（不构成法律意见）"),
    "import-held-outside-licences": "{provider}在中国大陆持有的 {card} 未经美国出口许可运入（报道于 {held_date}）：同样不能租用（不构成法律意见）",
    "supply-production-halted": "{card}：已停产（报道于 {date}）——新卡可能难以购得；购买前请核实供货",
    "supply-end-of-life": "{card}：已停售（报道于 {date}）——新卡可能难以购得；购买前请核实供货",
    "supply-announced": "{card}：已发布、尚未出货（截至 {date}）——购买前请核实交付日期",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
