"""What a ranking row says of a fleet sized by a latency target rather than by the load (session
34: "4,096 × L4 … first token 551 ms: 51.1 ms (10%) over" below the line and "1,240 × Tesla V100"
without a price read as fleets offered; each carries many times the requests needed, the latency
target, met barely or not at all, setting the count). The rule is
:data:`configurator.core.recommend.OVERSIZED_FLEET`."""

from __future__ import annotations

FLEET_ENGLISH: dict[str, str] = {
    "below-line-oversized": "Even {count} × {card}, carrying {ratio:,.1f}× the {needed:,.2f} requests/s needed, "
                            "miss: {miss}",
    "unpriced-oversized": "{why} (at this count it carries {ratio:,.1f}× the {needed:,.2f} requests/s needed: the "
                          "latency targets, not the load, set the count — not a fleet to buy for this load)",
    "unpriced-oversized-cell": "not ranked, and no fleet to buy: it carries {ratio:,.1f}× the {needed:,.2f} "
                               "requests/s needed (the latency targets, not the load, set the count)",
}
"""English templates: a row below the line, a row without a price (in full, and the summary's cell)."""

FLEET_CHINESE: dict[str, str] = {
    "below-line-oversized": "即使 {count} × {card}（可承载所需 {needed:,.2f} 请求/秒的 {ratio:,.1f} 倍）仍未达标：{miss}",
    "unpriced-oversized": "{why}（此卡数可承载所需 {needed:,.2f} 请求/秒的 {ratio:,.1f} 倍：决定卡数的是延迟目标"
                          "而非负载——不宜为此负载采购）",
    "unpriced-oversized-cell": "未排名，且不宜采购：可承载所需 {needed:,.2f} 请求/秒的 {ratio:,.1f} 倍（卡数由延迟目标而非负载决定）",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
