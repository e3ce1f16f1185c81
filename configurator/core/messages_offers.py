"""Chinese of a price's offer: its provider (``PriceEntry.provider``, e.g. "median of 3 providers")
and tier (``PriceEntry.tier``), as the catalog and ``resources/procurement_prices.json`` spell them.
Declared once here and used twice: merged into :data:`configurator.core.messages.TERMS`, so a
message that names the provider (``cloud-price-abroad-only``: "median of 3 providers") says it in
Chinese, and into the catalog's words (:data:`configurator.core.view.words_catalog.ZH_CN_OFFER`), so
the card's price rows do too."""

from __future__ import annotations

OFFER_CHINESE: dict[str, str] = {
    "{provider}, {tier}": "{provider}，{tier}",
    "assumed rental price (DeepSeek-V3 report)": "假定的租用价格（DeepSeek-V3 报告）",
    "lowest of 20 providers": "20 家服务商中的最低价",
    "median of 10 providers": "10 家服务商的中位数",
    "median of 11 providers": "11 家服务商的中位数",
    "median of 3 providers": "3 家服务商的中位数",
    "median of 37 providers": "37 家服务商的中位数",
    "median of 5 providers": "5 家服务商的中位数",
    "median of 6 providers": "6 家服务商的中位数",
    "median of providers (TensorWave … Azure, Oracle)": "各服务商的中位数（TensorWave … Azure、Oracle）",
    "range across providers": "各服务商的价格区间",
    # mainland-China providers: their Chinese name, the English in full-width brackets ('向云擎天下（Omniyq）租用',
    # not '云擎天下 (Omniyq)租用', session 36)
    "云擎天下 (Omniyq)": "云擎天下（Omniyq）",
    "天翼云 (China Telecom Cloud)": "天翼云（China Telecom Cloud）",
    "模力方舟 (Gitee AI)": "模力方舟（Gitee AI）",
    "火山引擎 (Volcano Engine)": "火山引擎（Volcano Engine）",
    "胜算云 (Shengsuanyun)": "胜算云（Shengsuanyun）",
    "华为云 (Huawei Cloud)": "华为云（Huawei Cloud）",
    "腾讯云 (Tencent Cloud)": "腾讯云（Tencent Cloud）",
    "极智算 (JYGPU)": "极智算（JYGPU）",
    # a market sample: the publisher a proper noun, what it publishes (a sample, an average) in Chinese ('（SMM (上海有色网)
    # market sample, industry average，1.53 USD/小时）' in a Chinese sentence until December 2026, persona50b)
    "SMM (上海有色网) market sample, industry average": "上海有色网（SMM）市场样本，行业均价",
    "on-demand": "按需",
    "on-demand (marketplace)": "按需（市场平台）",
    "on-demand (as the index labels it)": "按需（按该指数的标注）",
    "not stated": "未说明",
    "monthly, 8-GPU bare-metal machine": "包月，8 卡裸金属整机",
    "monthly, one-card instance": "包月，单卡实例",
    "monthly, 8-card machine": "包月，8 卡整机",
    "EC2 Capacity Block (US East, Ohio)": "EC2 Capacity Block（美国东部，俄亥俄）",
}
"""A price's offer (provider and tier) in Chinese, keyed by the catalog's exact English."""
