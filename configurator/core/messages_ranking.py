"""Messages of the ranking's first row comparing the winner with the best card of another class, and
saying that rents of different tiers are compared (English and Chinese; merged into
:mod:`configurator.core.messages`)."""

RANKING_ENGLISH: dict[str, str] = {
    "reason-class-cheaper": (
        "{card} ({category} card) is {cheaper:.0%} cheaper per token than the best {other_category} card, {other}"
    ),
    "reason-class-faster": (
        "{card} ({category} card) is {ratio:.1f}× faster than the best {other_category} card, {other}"
    ),
    "reason-class-close": (
        "The best {other_category} card, {other}, costs only {more:.0pct} more per unit of work than {card}"
    ),
    "reason-class-close-faster": "The best {other_category} card, {other}, is only {more:.0pct} slower than {card}",
    "reason-rent-tiers-differ": (
        "Rents of different tiers are compared: {card}'s rent is {tier} ({amount:.2money} per card-hour, {provider}, "
        "{date}), {other}'s {other_tier} ({other_amount:.2money} per card-hour, {other_provider}, {other_date}){also}: "
        "on-demand rents typically cost more than monthly or reserved ones"
    ),
    "rent-tier-also": " (the same for {cards})",
    "rent-tier-on-demand": "on demand",
    "rent-tier-monthly": "a monthly rental",
    "rent-tier-reserved": "a reservation",
}
RANKING_CHINESE: dict[str, str] = {
    "reason-class-cheaper": "{card}（{category}卡）每词元成本比最佳{other_category}卡 {other} 低 {cheaper:.0%}",
    "reason-class-faster": "{card}（{category}卡）比最佳{other_category}卡 {other} 快 {ratio:.1f} 倍",
    "reason-class-close": "最佳{other_category}卡 {other} 的单位工作量成本仅比 {card} 高 {more:.0pct}",
    "reason-class-close-faster": "最佳{other_category}卡 {other} 仅比 {card} 慢 {more:.0pct}",
    "reason-rent-tiers-differ": (
        "比较的是不同计费方式的租用价：{card} 的租用价为{tier}（每卡时 {amount:.2money}，{provider}，{date}），"
        "{other} 的为{other_tier}（每卡时 {other_amount:.2money}，{other_provider}，{other_date}）{also}：按需租用价通常高于包月或预留价"
    ),
    "rent-tier-also": "（{cards} 同样如此）",
    "rent-tier-on-demand": "按需计费",
    "rent-tier-monthly": "包月租用",
    "rent-tier-reserved": "预留实例",
}
