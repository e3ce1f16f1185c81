"""Chinese of a card's export history, licence fee, production status and the cards held in mainland
China (session 38): the card page's labels (:mod:`configurator.core.view.card_view`) and the catalog's
notes on those entries (``ExportControl.licence_fee``, ``ExportControl.history``, ``Card.availability``,
``ChinaImport.held_in_country``), each clause keyed by its exact English text as
:func:`~configurator.core.view.card_view.clauses` splits it. Merged into
:data:`configurator.core.view.words.ZH_CN`; their sources are quoted as written, untranslated."""

from __future__ import annotations

ZH_CN_EXPORT_LABELS: dict[str, str] = {
    "Licence fee": "许可费用",
    "Status history": "状态沿革",
    "{date}: {status}": "{date}：{status}",
    "{date}: {status} (current)": "{date}：{status}（当前）",
    "Production: {status}": "生产状态：{status}",
    "in production": "在产",
    "production halted": "已停产",
    "end of life": "已停售",
    "announced, not yet shipping": "已发布，尚未出货",
    "Held in mainland China": "中国大陆境内存量",
    "came in lawfully, before the bar": "在禁止入境前合法运入",
    "came in outside the US licences": "未经美国出口许可运入",
}
"""The card page's labels: the rows of the export section, the production section's heading and
its statuses (:data:`~configurator.core.view.card_view.PRODUCTION`), how held cards came in
(:data:`~configurator.core.view.card_view.HELD`)."""

ZH_CN_EXPORT_NOTES: dict[str, str] = {
    "announced 2025-12-08 as a 25 % share of the sales": "2025-12-08 宣布为销售额的 25%",
    ("levied from 2026-01-15 as a tariff on the chips' value when they enter the US for testing, paid by the "
     "importer (the vendor)"): "自 2026-01-15 起，在芯片进入美国接受检测时按芯片价值征收关税，由进口方（厂商）支付",
    "not added to the prices here": "未计入此处价格",
    "a share of the vendor's China sales revenue, paid by the vendor": "厂商在华销售收入的一部分，由厂商支付",
    "not codified in a regulation as of 2025-08-27": "截至 2025-08-27 尚未写入法规",
    "3A090.a from its launch (announced 2023-11-13): presumption of denial until 2026-01-15":
        "自发布（2023-11-13 宣布）起属 3A090.a：2026-01-15 之前推定拒绝",
    "3A090.a from its launch (2024-11): presumption of denial until 2026-01-15":
        "自发布（2024-11）起属 3A090.a：2026-01-15 之前推定拒绝",
    "3A090.a from its launch (2024-10): presumption of denial until 2026-01-15":
        "自发布（2024-10）起属 3A090.a：2026-01-15 之前推定拒绝",
    "designed to the thresholds of the 2023-10 rule": "按 2023-10 规则的阈值设计",
    "shipped from 2024": "2024 年起出货",
    "no licence issued until 2025-08-08": "2025-08-08 之前未签发任何许可",
    "as reported": "据报道",
    "not announced by NVIDIA": "NVIDIA 未正式宣布",
    "the rent is credible as an offer, but the H200s held in mainland China came in while the US status was "
    "'not permitted' (2023-11-17 to 2026-01-15) and none under licence by 2026-02-24: diverted cards":
        "该租用报价作为报价可信，但中国大陆境内的 H200 是在美国出口状态为“不得出口”期间（2023-11-17 至 2026-01-15）"
        "运入的，且截至 2026-02-24 没有一张经许可交付：属转运流入的卡",
    "using them with that knowledge is barred by General Prohibition 10 (15 CFR 736.2(b)(10)): renting them is "
    "refused, as buying is":
        "明知如此仍使用这些卡受一般禁令第 10 条（15 CFR 736.2(b)(10)）禁止：与购买一样，不予租用",
}
"""The catalog's notes on the new entries, clause by clause."""
