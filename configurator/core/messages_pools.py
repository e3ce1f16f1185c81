"""What a serving plan says of separate prefill and decode pools against prefill and decode sharing every
model copy (``serving.disaggregated``; :mod:`configurator.core.workloads.serving.plan` chooses): the pools
chosen, which layout carries more within the latency targets or serves a token faster, the cards the count
search saves with them (and that a slow end's count is in pools), and that pools need two copies or more (two groups of the copies that share one set
of experts). Moved from :mod:`configurator.core.messages` (December 2026), which merges them in."""

from __future__ import annotations

BOUGHT_NOTES = frozenset({"serving-pools-fewer-cards"})
"""An estimate's notes that say what the count search bought (separate pools on fewer cards than shared copies
need): the recommendation panel says them beside the selected row's reasons and layout."""

POOLS_ENGLISH: dict[str, str] = {
    "serving-disaggregated": (
        "Disaggregated: {prefill} model copies prefill and {decode} decode; each prompt's key/value cache takes "
        "{transfer_ms:,.1f} ms to reach its decode copy"
    ),
    "serving-disaggregated-chosen": (
        "Separate prefill and decode pools chosen ({prefill} + {decode} copies): up to {rate:,.2f} requests/s within "
        "the targets, against {other:,.2f} with prefill and decode sharing every copy"
    ),
    "serving-colocated-chosen": (
        "Prefill and decode share every copy: up to {rate:,.2f} requests/s within the targets, against {other:,.2f} "
        "with separate pools"
    ),
    "serving-colocated-chosen-other-short": (
        "Prefill and decode share every copy: up to {rate:,.2f} requests/s within the targets; separate pools would "
        "carry {other:,.2f} but miss the latency targets"
    ),
    "serving-colocated-chosen-other-unfit": (
        "Prefill and decode share every copy: up to {rate:,.2f} requests/s within the targets; separate pools do not "
        "fit in memory"
    ),
    "serving-colocated-chosen-both-short": (
        "Prefill and decode share every copy: both layouts miss the latency targets, this one by less "
        "({rate:,.2f} requests/s; separate pools {other:,.2f})"
    ),
    "serving-disaggregated-chosen-faster": (
        "Separate prefill and decode pools chosen ({prefill} + {decode} copies): {ms:,.1f} ms per token against "
        "{other_ms:,.1f} ms with prefill and decode sharing every copy, carrying about as much within the targets "
        "({rate:,.2f} requests/s; {other:,.2f} requests/s)"
    ),
    "serving-colocated-chosen-faster": (
        "Prefill and decode share every copy: {ms:,.1f} ms per token against {other_ms:,.1f} ms with separate pools, "
        "carrying about as much within the targets ({rate:,.2f} requests/s; {other:,.2f} requests/s)"
    ),
    "serving-disaggregated-chosen-other-short": (
        "Separate prefill and decode pools chosen ({prefill} + {decode} copies): up to {rate:,.2f} requests/s within "
        "the targets; sharing every copy would carry {other:,.2f} but miss the latency targets"
    ),
    "serving-disaggregated-chosen-other-unfit": (
        "Separate prefill and decode pools chosen ({prefill} + {decode} copies): up to {rate:,.2f} requests/s within "
        "the targets; sharing every copy does not fit in memory"
    ),
    "serving-disaggregated-chosen-both-short": (
        "Separate prefill and decode pools chosen ({prefill} + {decode} copies): both layouts miss the latency "
        "targets, this one by less ({rate:,.2f} requests/s; sharing every copy {other:,.2f})"
    ),
    "serving-pools-fewer-cards": (
        "Separate prefill and decode pools: {prefill_cards:,} of the {count:,} cards prefill and {decode_cards:,} "
        "decode; with prefill and decode sharing every copy the load within the targets takes {shared:,} cards"
    ),
    "slow-end-count-in-pools": "{first}, in separate prefill and decode pools: {layout}",
    "disaggregation-needs-copies": (
        "Separate prefill and decode pools need two model copies or more; {count} cards hold one: prefill and "
        "decode share it"
    ),
    "disaggregation-needs-expert-groups": (
        "Separate prefill and decode pools need two groups of copies that each hold every expert; the {copies} "
        "copies on {count} cards share one set of experts (EP {ep}): prefill and decode share them"
    ),
}
"""English templates."""

POOLS_CHINESE: dict[str, str] = {
    "serving-disaggregated": "预填充与解码分离：{prefill} 个模型副本做预填充，{decode} 个做解码；每个提示的 KV 缓存传到解码副本需 {transfer_ms:,.1f} ms",
    "serving-disaggregated-chosen": (
        "已选择预填充与解码分池（{prefill} + {decode} 个副本）：在目标内最多每秒 {rate:,.2f} 个请求，"
        "预填充与解码共用每个副本时为 {other:,.2f}"
    ),
    "serving-colocated-chosen": (
        "预填充与解码共用每个副本：在目标内最多每秒 {rate:,.2f} 个请求，分池时为 {other:,.2f}"
    ),
    "serving-colocated-chosen-other-short": (
        "预填充与解码共用每个副本：在目标内最多每秒 {rate:,.2f} 个请求；分池时可达 {other:,.2f}，但达不到延迟目标"
    ),
    "serving-colocated-chosen-other-unfit": (
        "预填充与解码共用每个副本：在目标内最多每秒 {rate:,.2f} 个请求；分池时显存放不下"
    ),
    "serving-colocated-chosen-both-short": (
        "预填充与解码共用每个副本：两种布局都达不到延迟目标，此布局差得更少"
        "（每秒 {rate:,.2f} 个请求；分池时为 {other:,.2f}）"
    ),
    "serving-disaggregated-chosen-faster": (
        "已选择预填充与解码分池（{prefill} + {decode} 个副本）：每个词元 {ms:,.1f} ms，"
        "预填充与解码共用每个副本时为 {other_ms:,.1f} ms，在目标内承载相近（每秒 {rate:,.2f} 个请求；每秒 {other:,.2f} 个请求）"
    ),
    "serving-colocated-chosen-faster": (
        "预填充与解码共用每个副本：每个词元 {ms:,.1f} ms，分池时为 {other_ms:,.1f} ms，"
        "在目标内承载相近（每秒 {rate:,.2f} 个请求；每秒 {other:,.2f} 个请求）"
    ),
    "serving-disaggregated-chosen-other-short": (
        "已选择预填充与解码分池（{prefill} + {decode} 个副本）：在目标内最多每秒 {rate:,.2f} 个请求；"
        "共用每个副本时可达 {other:,.2f}，但达不到延迟目标"
    ),
    "serving-disaggregated-chosen-other-unfit": (
        "已选择预填充与解码分池（{prefill} + {decode} 个副本）：在目标内最多每秒 {rate:,.2f} 个请求；"
        "共用每个副本时显存放不下"
    ),
    "serving-disaggregated-chosen-both-short": (
        "已选择预填充与解码分池（{prefill} + {decode} 个副本）：两种布局都达不到延迟目标，此布局差得更少"
        "（每秒 {rate:,.2f} 个请求；共用每个副本时为 {other:,.2f}）"
    ),
    "serving-pools-fewer-cards": (
        "预填充与解码分池：{count:,} 张卡中 {prefill_cards:,} 张做预填充、{decode_cards:,} 张做解码；"
        "预填充与解码共用每个副本时，要在目标内承载这一负载需 {shared:,} 张卡"
    ),
    "slow-end-count-in-pools": "{first}，按预填充与解码分池：{layout}",
    "disaggregation-needs-copies": "预填充与解码分池至少需要两个模型副本；{count} 张卡只容纳一个：预填充与解码共用它",
    "disaggregation-needs-expert-groups": (
        "预填充与解码分池至少需要两组各自容纳全部专家的副本；{count} 张卡上的 {copies} 个副本共享一套专家"
        "（专家并行 {ep}）：预填充与解码共用它们"
    ),
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
