"""What a ranking row and the summary say of delivery to mainland China: a card's US export status
(permitted, licence required, not permitted, unknown, each with its date; not legal advice), a
mainland-China vendor's card bought or rented in China (no export), and a card rented from a provider in
mainland China that already holds it (no export by the renter); and China's own import stance on a
card (customs barring its entry, regulators discouraging its purchase; each dated, as reported). Split from
:mod:`configurator.core.messages`, which merges these into its catalogues."""

from __future__ import annotations

REGION_ENGLISH: dict[str, str] = {
    "export-licence-required": "{card} needs a US export licence for delivery to mainland China (status as of "
                               "{date}; not legal advice)",
    "export-not-permitted": "{card} may not be exported to mainland China (status as of {date}; not legal advice)",
    "export-status-unknown": "{card}: export status for mainland China unknown — check before buying",
    "region-permitted": "{card} may be delivered to mainland China (US export status as of {date}; not legal advice)",
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
}
"""English templates: export status, China's import stance and the delivery region."""

REGION_CHINESE: dict[str, str] = {
    "export-licence-required": "{card} 向中国大陆交付需要美国出口许可（状态截至 {date}；不构成法律意见）",
    "export-not-permitted": "{card} 不得出口至中国大陆（状态截至 {date}；不构成法律意见）",
    "export-status-unknown": "{card}：对中国大陆的出口管制状态不明——购买前请核实",
    "region-permitted": "{card} 可交付至中国大陆（美国出口管制状态截至 {date}；不构成法律意见）",
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
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
