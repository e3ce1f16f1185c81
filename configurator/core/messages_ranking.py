"""Messages of the ranking's first row comparing the winner with the best card of another class
(English and Chinese; merged into :mod:`configurator.core.messages`)."""

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
}
RANKING_CHINESE: dict[str, str] = {
    "reason-class-cheaper": "{card}（{category}卡）每词元成本比最佳{other_category}卡 {other} 低 {cheaper:.0%}",
    "reason-class-faster": "{card}（{category}卡）比最佳{other_category}卡 {other} 快 {ratio:.1f} 倍",
    "reason-class-close": "最佳{other_category}卡 {other} 的单位工作量成本仅比 {card} 高 {more:.0pct}",
    "reason-class-close-faster": "最佳{other_category}卡 {other} 仅比 {card} 慢 {more:.0pct}",
}
