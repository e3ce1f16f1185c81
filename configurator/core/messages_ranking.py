"""Messages of the ranking's first row comparing the winner with the best card of another class, and
saying that rents of different tiers are compared, and the command line's line naming the ranking filters a scenario
file's question set (:mod:`configurator.cli_ranking`) (English and Chinese; merged into
:mod:`configurator.core.messages`)."""

RANKING_ENGLISH: dict[str, str] = {
    "precision-risk-fp16": (
        "No BF16 on {card}: the BF16 job runs in FP16 with loss scaling, timed at its FP16 rate — numerically "
        "riskier for a model trained in BF16 (FP16 overflows above 65,504)"
    ),
    "precision-risk-fp32": (
        "No BF16 or FP16 on {card}: the BF16 job runs at FP32 rates, timed so"
    ),
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
    "cli-ranking-from-file": (  # cli_ranking.py: recommend/report --scenario F with a saved ranking question
        "Ranked as the scenario file asks: {asked}. A flag typed on the command line overrides each."
    ),
    "ranking-asked-objective": "by {objective} (--objective {value})",
    "ranking-asked-cards": "only the cards named (--cards {cards})",
    "ranking-asked-domestic": "domestic (China) vendors only (--domestic-only)",
    "ranking-asked-consumer": "consumer graphics cards included (--consumer)",
    "cli-ranking-cards-unknown": "The scenario file names cards the catalog does not list: {cards} (not compared)",
    "ranked-by-rent-basis": "Ranked by rent: the budget is rent (pick another objective to rank otherwise)",
    "ranked-against-basis": (
        "Ranked by total cost of ownership, as asked, though the budget is rent: the budget is checked against "
        "the rent, and a card without a rent is not within it"
    ),
    # the same, said in the ranking's heading where a table follows it (the command line's recommend: two headings,
    # 'Ranked by rent: …' over 'Ranked by lowest cloud cost …', until December 2026, persona50b)
    "ranking-heading-by-rent-basis": "{heading}: the budget is rent (pick another objective to rank otherwise)",
    "ranking-heading-against-basis": (
        "{heading}, as asked, though the budget is rent: the budget is checked against the rent, and a card without "
        "a rent is not within it"
    ),
    # cards sold only as a cloud service, left out where the buyer buys (core/cloud_only.py)
    "also-to-rent": "Also available to rent, not sold: {cards}",
}
RANKING_CHINESE: dict[str, str] = {
    "precision-risk-fp16": (
        "{card} 不支持 BF16：该 BF16 作业以 FP16 加损失缩放运行，按 FP16 算力计时——对以 BF16 训练的模型数值风险更高"
        "（FP16 超过 65,504 即溢出）"
    ),
    "precision-risk-fp32": "{card} 不支持 BF16 与 FP16：该 BF16 作业以 FP32 算力运行，按此计时",
    "reason-class-cheaper": "{card}（{category}卡）每词元成本比最佳{other_category}卡 {other} 低 {cheaper:.0%}",
    "reason-class-faster": "{card}（{category}卡）比最佳{other_category}卡 {other} 快 {ratio:.1f} 倍",
    "reason-class-close": "最佳{other_category}卡 {other} 的单位工作量成本仅比 {card} 高 {more:.0pct}",
    "reason-class-close-faster": "最佳{other_category}卡 {other} 仅比 {card} 慢 {more:.0pct}",
    "reason-rent-tiers-differ": (
        "比较的是不同计费方式的租用价：{card} 的租用价为{tier}（每卡时 {amount:.2money}，{provider}，{date}），"
        "{other} 的为{other_tier}（每卡时 {other_amount:.2money}，{other_provider}，{other_date}）{also}："
        "按需租用价通常高于包月或预留价"
    ),
    "rent-tier-also": "（{cards} 同样如此）",
    "rent-tier-on-demand": "按需计费",
    "rent-tier-monthly": "包月租用",
    "rent-tier-reserved": "预留实例",
    "cli-ranking-from-file": "按方案文件保存的排名条件：{asked}。命令行输入的选项优先。",
    "ranking-asked-objective": "按{objective}排名（--objective {value}）",
    "ranking-asked-cards": "只比较指定的加速卡（--cards {cards}）",
    "ranking-asked-domestic": "仅国产厂商（--domestic-only）",
    "ranking-asked-consumer": "包括消费级图形卡（--consumer）",
    "cli-ranking-cards-unknown": "方案文件指定的加速卡不在硬件目录中：{cards}（不参与比较）",
    "ranked-by-rent-basis": "按租金排名：预算为租金（选择其他目标则按其排名）",
    "ranked-against-basis": "按要求以总拥有成本排名，但预算为租金：预算按租金核对，无租金的加速卡不算在预算内",
    "ranking-heading-by-rent-basis": "{heading}：预算为租金（选择其他目标则按其排名）",
    "ranking-heading-against-basis": "{heading}——按您的要求；但预算为租金：预算按租金核对，无租金的加速卡不算在预算内",
    "also-to-rent": "另有仅供租用、不单独出售的卡：{cards}",
}
