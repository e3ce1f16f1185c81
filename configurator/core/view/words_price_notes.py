"""Chinese of the catalog's price notes (``Card.price_note``): why a card has no dated price, what was
searched and where to get one, keyed by the catalog's exact English text as
:mod:`configurator.core.view.words_catalog` keys the rest of the catalog's descriptive text (split out
of it in December 2026, when the notes of six more cards passed its 600 lines). Merged into
:data:`configurator.core.view.words_catalog.ZH_CN_CATALOG`."""

from __future__ import annotations

_SEARCHED = ("No dated public price found (searched 2026-12: web pages in English and Chinese, vendor docs, "
             "price indexes, Reuters/Tom's Hardware reports on China-market cards); ")
_SEARCHED_ZH = "未找到注明日期的公开价格（2026-12 检索：中英文网页、厂商文档、价格指数、路透社/Tom's Hardware 关于中国市场卡的报道）；"
_SECOND = (" Second pass 2026-12: the stored web pages and public GitHub research notes were searched again in English "
           "and Chinese (售价 / 价格 / 万元 with the card name; 36kr, 界面新闻, 财联社, IT之家 and 芯智讯 articles are not "
           "in the stored copies) — no dated price found.")
_SECOND_ZH = ("。2026-12 第二轮：再次以中英文检索所存网页与 GitHub 上的公开研究笔记（卡名加“售价 / 价格 / 万元”；36kr、"
              "界面新闻、财联社、IT之家与芯智讯的文章不在所存副本中）——仍未找到注明日期的价格。")
_CORPORA = "No dated public price found in the searched corpora (web pages, vendor docs, price indexes; 2026-12); "
_CORPORA_ZH = "在所检索的资料（网页、厂商文档、价格指数；2026-12）中未找到注明日期的公开价格；"
_LATER = (" {} pass 2026-12-03: street prices, distributor quotes, JD.com/Taobao listings, procurement notices "
          "(中标/成交公告 单价), prospectus selling prices and Chinese cloud-rental rates (元/小时) were searched in the "
          "stored web pages, docs and GitHub text — no dated price found")
_LATER_ZH = ("2026-12-03 {}：在所存网页、文档与 GitHub 文本中检索市场价、经销商报价、京东/淘宝商品页、采购公告"
             "（中标/成交公告中的单价）、招股书售价及国内云租用价（元/小时）——仍未找到注明日期的价格")
_THIRD, _THIRD_ZH = _LATER.format("Third"), _LATER_ZH.format("第三轮")
_MOORE = "; Moore Threads' prospectus as reported by Caixin (2025-09) gives revenue by product line, not card prices"
_MOORE_ZH = "；据财新（2025-09）报道，摩尔线程招股书只给出按产品线的收入，未给出单卡价格"
_BIREN = ("; its Hong Kong prospectus as summarised at https://www.laohunote.com/m/post/514809246666808 (2025-12) "
          "gives revenue and gross margin of its BR106 products, not unit prices")
_BIREN_ZH = ("；据 https://www.laohunote.com/m/post/514809246666808（2025-12）对其港股招股书的摘要，"
             "只披露 BR106 系列产品的收入与毛利率，未给出单价")
_FOURTH = (" Fourth pass 2026-12-03: a public daily Chinese compute-price tracker (github.com/Gavinzll/compute-market-report, "
           "2026-07/08: China Telecom Cloud, Volcano Engine, 胜算云 and 模力方舟 rate lists, ZOL/Taobao card listings) was read")
_FOURTH_ZH = ("。2026-12-03 第四轮：查阅了一个公开的国内算力价格日报（github.com/Gavinzll/compute-market-report，2026-07/08："
              "天翼云、火山引擎、胜算云与模力方舟的租用价目，中关村在线/淘宝的板卡报价）")
_FIFTH = (" Fifth pass 2026-12-05: the stored web pages, docs, GitHub code and issue threads were searched again "
          "(中标公告 / 八卡服务器报价 / 单卡售价 with the card name), and the same tracker's procurement table "
          "(scripts/generate_cmis_daily.py PROCUREMENT_INPUT, 2026-08) was read")
_FIFTH_ZH = ("。2026-12-05 第五轮：再次检索所存网页、文档、GitHub 代码与议题讨论（卡名加“中标公告 / 八卡服务器报价 / "
             "单卡售价”），并查阅该日报的采购价表（scripts/generate_cmis_daily.py 中的 PROCUREMENT_INPUT，2026-08）")
_SIXTH = (" Sixth pass 2026-12-05: searched again in English and Chinese (多少钱 / 中标 / 成交公告 / 采购结果 with the "
          "card name, analysts' selling-price estimates, press summaries of the 2025 prospectuses of Chinese GPU "
          "makers) — no dated purchase price")
_SIXTH_ZH = ("2026-12-05 第六轮：再次以中英文检索（卡名加“多少钱 / 中标 / 成交公告 / 采购结果”、分析师的售价估计、"
             "媒体对国产 GPU 厂商 2025 年招股书的摘要）——仍无注明日期的购买价")
_SIXTH_END, _SIXTH_END_ZH = _SIXTH + ". Enter a quote.", _SIXTH_ZH + "。请输入报价。"
_NOT_LISTED, _NOT_LISTED_ZH = " — it lists no price for this card.", "——其中没有此卡的价格。"
_STILL, _STILL_ZH = "; still no purchase price.", "；仍无购买价。"
_A2_AGAIN = (" Searched again 2026-12-03 (retailer and spec-database pages, The Next Platform's launch article): "
             "no dated price.")
_A2_AGAIN_ZH = "2026-12-03 再次检索（零售商与规格数据库页面、The Next Platform 的发布文章）：无注明日期的价格。"
_PPU_AGAIN = (" Searched again 2026-12-03: public GitHub notes show PPU-ZW810E (96 GB) nodes in Alibaba Cloud PAI, "
              "with no price.")
_PPU_AGAIN_ZH = "2026-12-03 再次检索：GitHub 上的公开笔记显示阿里云 PAI 中有 PPU-ZW810E（96 GB）节点，未见价格。"

ZH_CN_PRICE_NOTE: dict[str, str] = {
    ("Purchase: the used-card street figure carried until 2026-12-04 (USD 6,800, 2026-03) came only from a research "
     "note with no address and was removed (searched 2026-12-04: the stored web pages for used and reseller L40 prices "
     "— none found); the list price (CDW/Cisco, Lenovo) remains, flagged as a list price. Enter a quote."):
        "购买：2026-12-04 之前沿用的二手卡街价（USD 6,800，2026-03）仅出自一份没有网址的研究笔记，已删除（2026-12-04 "
        "检索所存网页中的二手与经销商 L40 价格——未找到）；保留服务器厂商标价（CDW/Cisco、Lenovo），并标为标价。请输入报价。",
    ("Purchase: the used-card street figure carried until 2026-12-04 (USD 5,000, 2026-03) came only from a research "
     "note with no address and was removed (searched 2026-12-04: the stored web pages for used and reseller A40 prices "
     "— none found); the list price (Cisco GPL, Lenovo) remains, flagged as a list price. Enter a quote."):
        "购买：2026-12-04 之前沿用的二手卡街价（USD 5,000，2026-03）仅出自一份没有网址的研究笔记，已删除（2026-12-04 "
        "检索所存网页中的二手与经销商 A40 价格——未找到）；保留服务器厂商标价（Cisco 全球价目表、Lenovo），并标为标价。请输入报价。",
    (_SEARCHED + "Biren sells to selected customers; no price published" + _SECOND + _THIRD + _BIREN + "." + _FOURTH
     + " — no card price; its BR100 8-card monthly rent (CNY 38–48k) is the tracker's own estimate, not used."
     + _SIXTH_END):
        _SEARCHED_ZH + "壁仞只向特定客户销售；未公布价格" + _SECOND_ZH + _THIRD_ZH + _BIREN_ZH + _FOURTH_ZH
        + "——无单卡价格；其中 BR100 的 8 卡月租（3.8–4.8 万元）是该日报自己的估算，未采用。" + _SIXTH_END_ZH,
    (_SEARCHED + "Cambricon sells through partners; MLU590 street claims (CNY 60–90k) have no vendor datasheet"
     + _SECOND + _THIRD + "." + _FOURTH + " — its 'MLU370' rate (China Telecom Cloud PCH1, 13.00 CNY per card-hour) is the "
     "MLU370-S4's, a smaller card; not used." + _FIFTH + " — its MLU370-X8 8-card server figure (CNY 200,000–400,000) "
     "is the tracker's own estimate (confidence 40 of 100), not used." + _SIXTH_END):
        _SEARCHED_ZH + "寒武纪经合作伙伴销售；MLU590 的市场价传言（6–9 万元）没有厂商资料佐证" + _SECOND_ZH + _THIRD_ZH
        + _FOURTH_ZH + "——其中“MLU370”的租价（天翼云 PCH1，每卡每小时 13.00 元）属于另一款较小的卡 MLU370-S4，未采用"
        + _FIFTH_ZH + "——其中 MLU370-X8 的 8 卡整机价（200,000–400,000 元）是该日报自己的估算（置信度 40/100），未采用。"
        + _SIXTH_END_ZH,
    (_SEARCHED + "Moore Threads sells through KUAE cluster deals; no card price published" + _SECOND + _THIRD + _MOORE
     + "." + _FOURTH + _NOT_LISTED + _SIXTH + "; Moore Threads' reply to the exchange's inquiry (2025-09, as "
     "reported at fx168news.com/article/942294) says only that its Chunxiao boards, the S3000's chip, sold in 2025 H1 "
     "at 2024 prices, without the price." + " Enter a quote."):
        _SEARCHED_ZH + "摩尔线程通过 KUAE 集群项目销售；未公布单卡价格" + _SECOND_ZH + _THIRD_ZH + _MOORE_ZH + _FOURTH_ZH
        + _NOT_LISTED_ZH + _SIXTH_ZH + "；据 fx168news.com/article/942294 报道，摩尔线程对交易所问询的回复（2025-09）"
        "只说其春晓板卡（S3000 所用芯片）2025 年上半年售价与 2024 年相近，未给出价格。请输入报价。",
    (_SEARCHED + "listed 'coming soon' by a retailer in 2024 (Tom's Hardware, 2024-02), no price since" + _SECOND
     + _THIRD + "." + _FOURTH + _NOT_LISTED + _FIFTH + " — it has no L2 row" + _STILL + _SIXTH_END):
        _SEARCHED_ZH + "2024 年曾有零售商标为“即将上市”（Tom's Hardware，2024-02），此后无价格" + _SECOND_ZH + _THIRD_ZH
        + _FOURTH_ZH + _NOT_LISTED_ZH.rstrip("。") + _FIFTH_ZH + "——其中没有 L2" + _STILL_ZH
        + _SIXTH_END_ZH,
    (_SEARCHED + "no card price published" + _SECOND + _THIRD
     + "; offered as a cluster service at https://ai.gitee.com/docs/compute/clusters_gpu/moore_gpu, no price in the "
     "part read." + _FOURTH + " — rent found (模力方舟 8.00 CNY per card-hour, 2026-08; see its cloud price)" + _STILL
     + _SIXTH_END):
        _SEARCHED_ZH + "未公布单卡价格" + _SECOND_ZH + _THIRD_ZH
        + "；https://ai.gitee.com/docs/compute/clusters_gpu/moore_gpu 以集群服务形式提供，所读部分未见价格" + _FOURTH_ZH
        + "——找到租价（模力方舟每卡每小时 8.00 元，2026-08；见其云价格）" + _STILL_ZH + _SIXTH_END_ZH,
    (_CORPORA + "get an Iluvatar CoreX quote." + _LATER.format("Second")
     + "; coverage of its Hong Kong listing (https://news.lavx.hu/article/shanghai-iluvatar-corex-targets-nvidia-rubin-"
     "supremacy-in-aggressive-2027-gpu-roadmap, 2026-01) gives shipments (about 52,000 general-purpose GPUs in 1H 2025), "
     "not selling prices." + _FOURTH + " — rent found (胜算云 1.49 CNY per card-hour for its 天垓100, 2026-08; see its "
     "cloud price)" + _STILL):
        _CORPORA_ZH + "请向天数智芯询价。" + _LATER_ZH.format("第二轮")
        + "；其港股上市报道（https://news.lavx.hu/article/shanghai-iluvatar-corex-targets-nvidia-rubin-"
        "supremacy-in-aggressive-2027-gpu-roadmap，2026-01）只给出出货量（2025 年上半年约 52,000 颗通用 GPU），未给出售价"
        + _FOURTH_ZH + "——找到租价（胜算云上的天垓100 每卡每小时 1.49 元，2026-08；见其云价格）" + _STILL_ZH,
    _CORPORA + "not in the cloud price indexes read." + _A2_AGAIN + _SIXTH + ".":
        _CORPORA_ZH + "所读的云价格指数中也没有。" + _A2_AGAIN_ZH + _SIXTH_ZH + "。",
    _CORPORA + "used inside Alibaba Cloud, not sold as a card." + _PPU_AGAIN + _SIXTH + ".":
        _CORPORA_ZH + "在阿里云内部使用，不作为板卡出售。" + _PPU_AGAIN_ZH + _SIXTH_ZH + "。",
    "Not on sale at catalog date (announced, 2H 2026); no price announced.":
        "截至目录日期尚未上市（已发布，2026 年下半年）；未公布价格。",
    ("Rented only as AWS EC2 Trn2 instances (16 chips per trn2.48xlarge), through Capacity Blocks or savings plans; "
     "no on-demand rate is published."):
        "仅以 AWS EC2 Trn2 实例租用（每个 trn2.48xlarge 16 个芯片），通过 Capacity Blocks 或节省计划；未公布按需价格。",
    ("Rented only from Google Cloud (Compute Engine / GKE); check cloud.google.com/tpu/pricing for the region and "
     "commitments."):
        "仅从 Google Cloud 租用（Compute Engine / GKE）；区域与承诺用量价格见 cloud.google.com/tpu/pricing。",
    "Rented only from Google Cloud per chip-hour; other regions and commitments: cloud.google.com/tpu/pricing.":
        "仅从 Google Cloud 按芯片小时租用；其他区域与承诺用量：cloud.google.com/tpu/pricing。",
    ("No dated public purchase price for the A16 board found (searched 2026-12-04: the stored web pages and "
     "docs for NVIDIA A16 64GB price, buy, CDW, Newegg, Amazon and used listings, 英伟达 A16 价格, and the server "
     "part numbers HPE P55123-B21 and Lenovo BQZU; GitHub text; and a public daily Chinese compute-price "
     "tracker, github.com/Gavinzll/compute-market-report, 2026-08, which lists no A16). Found only rents (see "
     "its cloud prices) and spec pages without a launch price. This entry is one of the board's 4 GPUs: divide "
     "a board quote by 4." + _SIXTH_END):
        "未找到 A16 板卡注明日期的公开购买价（2026-12-04 检索："
        "所存网页与文档中 NVIDIA A16 64GB 的价格、购买、CDW、Newegg、"
        "Amazon 与二手商品页，“英伟达 A16 价格”，"
        "以及服务器配件号 HPE P55123-B21 与联想 BQZU；GitHub 文本；"
        "以及一个公开的国内算力价格日报 github.com/Gavinzll/compute-market-report，"
        "2026-08，其中没有 A16）。只找到租用价（见其云价格）和未列发布价的规格页面。"
        "此条目是该板卡 4 个 GPU 之一：整板报价须除以 4。" + _SIXTH_END_ZH,
    ("No dated public purchase price found; AMD publishes no list price (searched 2026-12-04: the stored web "
     "pages and docs for MI325X price, cost and average selling price — analysts' estimates found name the "
     "MI300X and the MI350 series, not the MI325X (HSBC, 2025-07 and 2025-09) — and GitHub text). Found only "
     "rents (see its cloud prices) and one spec page showing 'MSRP $20,000' with no date or source, which also "
     "calls the chip CDNA 4 (https://willitrunai.com/gpus/instinct-mi325x-256gb) — not used. Sold in 8-GPU "
     "platforms. Searched again 2026-12-06: the stored web pages for MI325X price per GPU, average "
     "selling price and 8-GPU server prices (Supermicro, ASUS ESC A8A-E12U) and GitHub text — rents, specs and "
     "reviews only. Third search 2026-12-06: GitHub text for MI325X prices (rents only: DigitalOcean, "
     "TensorWave, Vultr, https://gpuperhour.com/rent/mi325x) and the stored web pages for AMD Instinct purchase prices; still none. "
     "Enter a quote."):
        "未找到注明日期的公开购买价；AMD 不公布标价（2026-12-04 检索："
        "所存网页与文档中 MI325X 的价格、"
        "成本与平均售价——所见分析师估计只涉及 MI300X 与 MI350 系列，未涉及 MI325X（汇丰，"
        "2025-07 与 2025-09）——以及 GitHub 文本）。只找到租用价（见其云价格）"
        "和一个规格页面所示“MSRP $20,000”，无日期也无出处，"
        "且把该芯片写成 CDNA 4（https://willitrunai.com/gpus/instinct-mi325x-256gb）"
        "——未采用。以 8 GPU 平台形式销售。2026-12-06 再次检索：所存网页中 MI325X 的单 GPU 价格、"
        "平均售价与 8 GPU 服务器（Supermicro、ASUS ESC A8A-E12U）价格，以及 GitHub 文本——只有租用价、"
        "规格与评测。2026-12-06 第三次检索：GitHub 文本中的 MI325X 价格（只有租用价：DigitalOcean、"
        "TensorWave、Vultr、https://gpuperhour.com/rent/mi325x）与所存网页中 AMD Instinct 的购买价——仍未找到。请输入报价。",
}
"""The note on a card's prices (``Card.price_note``): why it has no dated price, where to get one."""
