"""The budget alone keeps every configuration out (:mod:`configurator.core.recommend_budget`): said
plainly under a ranking that has nothing to rank, with the nearest configuration and the share of
its cost the budget covers (session 38, persona 6: a Chinese buyer read only "没有满足方案约束的加速卡。")."""

from __future__ import annotations

BUDGET_ENGLISH: dict[str, str] = {
    "budget-too-small": "The budget is too small: every priced configuration that meets the other constraints "
                        "costs more. The nearest priced in full is {count} × {card}. {breaks}; the budget covers "
                        "{covered:.0%} of it. Raise the budget or lower the requirements.",
    "budget-too-small-partly-priced": "The budget is too small: every priced configuration that meets the other "
                                      "constraints costs more. The nearest is {count} × {card}. {breaks}. Raise "
                                      "the budget or lower the requirements.",
}
"""English templates (``breaks``: the budget verdict's own message; ``covered``: budget / cost [fraction])."""

BUDGET_CHINESE: dict[str, str] = {
    "budget-too-small": "预算不足：满足其余全部约束且有价格的方案都超出预算。有完整报价的方案中最接近的是 "
                        "{count} × {card}。{breaks}；预算只够其费用的 {covered:.0%}。请提高预算，或降低需求。",
    "budget-too-small-partly-priced": "预算不足：满足其余全部约束且有价格的方案都超出预算。最接近的是 "
                                      "{count} × {card}。{breaks}。请提高预算，或降低需求。",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
