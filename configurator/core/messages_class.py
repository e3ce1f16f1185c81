"""Message templates of a card of the wrong class for full training (an inference card bought to pre-train
or fully fine-tune: what it lacks, with its figures, and what it costs beside the training card a ranking
found), and of every class check where the buyer's filters allow no card of the right class (the filters said
in words, ``filters-said-*``), in both languages; merged into :mod:`configurator.core.messages`' catalogues,
keyed by message id."""

from __future__ import annotations

CLASS_ENGLISH: dict[str, str] = {
    "mismatch-class-for-training": (
        "{card} is in the {category} class: this training costs {ratio:.1f}× as much per million tokens {basis} as "
        "on {count} × {other}, a training card ({mine:sigmoney} against {theirs:sigmoney}), and takes "
        "{hours:duration} against {other_hours:duration@hours}"
    ),
    "mismatch-class-for-training-lacks": (
        "{card} is in the {category} class ({lacks}): this training costs {ratio:.1f}× as much per million tokens "
        "{basis} as on {count} × {other}, a training card ({mine:sigmoney} against {theirs:sigmoney}), and takes "
        "{hours:duration} against {other_hours:duration@hours}"
    ),
    "mismatch-class-for-training-late": (
        "{card} is in the {category} class: this training takes {hours:sig} h, past its {deadline:,g} h "
        "deadline; {count} × {other}, a training card, takes {other_hours:duration} at "
        "{theirs:sigmoney} per million tokens {basis}"
    ),
    "mismatch-class-for-training-late-days": (
        "{card} is in the {category} class: this training takes {days:days}, past its {deadline:,g}-day "
        "deadline; {count} × {other}, a training card, takes {other_days:days} at "
        "{theirs:sigmoney} per million tokens {basis}"
    ),
    "mismatch-class-for-training-late-min": (
        "{card} is in the {category} class: this training takes {hours:duration}, past its {deadline:,g} min "
        "deadline; {count} × {other}, a training card, takes {other_hours:duration} at "
        "{theirs:sigmoney} per million tokens {basis}"
    ),
    "mismatch-class-for-training-late-lacks": (
        "{card} is in the {category} class ({lacks}): this training takes {hours:sig} h, past its {deadline:,g} h "
        "deadline; {count} × {other}, a training card, takes {other_hours:duration} at "
        "{theirs:sigmoney} per million tokens {basis}"
    ),
    "mismatch-class-for-training-late-lacks-days": (
        "{card} is in the {category} class ({lacks}): this training takes {days:days}, past its {deadline:,g}-day "
        "deadline; {count} × {other}, a training card, takes {other_days:days} at "
        "{theirs:sigmoney} per million tokens {basis}"
    ),
    "mismatch-class-for-training-late-lacks-min": (
        "{card} is in the {category} class ({lacks}): this training takes {hours:duration}, past its "
        "{deadline:,g} min deadline; {count} × {other}, a training card, takes {other_hours:duration} at "
        "{theirs:sigmoney} per million tokens {basis}"
    ),
    "mismatch-class-for-training-none-allowed": (
        "{card} is in the {category} class: this training costs {ratio:.1f}× as much per million tokens {basis} as "
        "on a training card, but your filters ({filters}) leave no training card in the ranking"
    ),
    "mismatch-class-for-training-late-none-allowed": (
        "{card} is in the {category} class: this training misses its deadline, which a training card meets, but "
        "your filters ({filters}) leave no training card in the ranking"
    ),
    "mismatch-pcie-card-for-training-none-allowed": (
        "{card} has no card-to-card link: this training takes {hours:,.0f} h; {count} NVLink training cards "
        "would take {other_hours:,.0f} h, but your filters ({filters}) leave none of them"
    ),
    "mismatch-training-card-for-serving-none-allowed": (
        "{card} is a training card: an inference card carries the same load {cheaper:.0%} cheaper per token in "
        "total cost of ownership, but your filters ({filters}) leave no inference card in the ranking"
    ),
    "mismatch-training-card-for-serving-rent-none-allowed": (
        "{card} is a training card: an inference card carries the same load {cheaper:.0%} cheaper per token on "
        "cloud rent, but your filters ({filters}) leave no inference card in the ranking"
    ),
    "mismatch-wrong-class-for-graphics-none-allowed": (
        "{card} is in the {category} class: a data-centre graphics card does this work {cheaper:.0%} cheaper per "
        "{unit}, but your filters ({filters}) leave no such card in the ranking"
    ),
    "mismatch-card-cannot-do-graphics-none-allowed": (
        "{card} is in the {category} class and cannot do {workload} work here; a data-centre graphics card can, "
        "but your filters ({filters}) leave none in the ranking"
    ),
    "filters-said-cards": "the cards named",
    "filters-said-vendors": "{vendors} only",
    "filters-said-domestic": "domestic vendors only",
    "filters-said-software": "running {software}",
    "filters-said-classes": "the classes {classes}",
    "training-cost-basis-tco": "in total cost of ownership",
    "training-cost-basis-cloud": "on cloud rent",
    "lacks-training-link": (
        "no card-to-card link: the traffic between the cards crosses PCIe at {pcie:,.0f} GB/s a direction against "
        "{link:,.0f} GB/s on {other}"
    ),
    "lacks-training-link-plain": "no card-to-card link: the traffic between the cards crosses PCIe",
    "lacks-training-memory": "{memory:,g} GB per card against {other_memory:,g} GB",
    "lacks-training-bf16": "{tflops:,.0f} TFLOP/s of dense BF16 against {other_tflops:,.0f}",
}
"""English templates of a card of the wrong class for full training."""

CLASS_CHINESE: dict[str, str] = {
    "mismatch-class-for-training": (
        "{card} 是{category}类卡：本次训练每百万词元的{basis}是训练卡 {count} × {other} 的 {ratio:.1f} 倍"
        "（{mine:sigmoney}，对方 {theirs:sigmoney}），用时 {hours:duration}，对方 {other_hours:duration@hours}"
    ),
    "mismatch-class-for-training-lacks": (
        "{card} 是{category}类卡（{lacks}）：本次训练每百万词元的{basis}是训练卡 {count} × {other} 的 "
        "{ratio:.1f} 倍（{mine:sigmoney}，对方 {theirs:sigmoney}），用时 {hours:duration}，"
        "对方 {other_hours:duration@hours}"
    ),
    "mismatch-class-for-training-late": (
        "{card} 是{category}类卡：本次训练需 {hours:sig} 小时，超出 {deadline:,g} 小时的期限；训练卡 {count} × {other} "
        "只需 {other_hours:duration}，每百万词元的{basis}为 {theirs:sigmoney}"
    ),
    "mismatch-class-for-training-late-days": (
        "{card} 是{category}类卡：本次训练需 {days:days}，超出 {deadline:,g} 天的期限；训练卡 {count} × {other} "
        "只需 {other_days:days}，每百万词元的{basis}为 {theirs:sigmoney}"
    ),
    "mismatch-class-for-training-late-min": (
        "{card} 是{category}类卡：本次训练需 {hours:duration}，超出 {deadline:,g} 分钟的期限；训练卡 {count} × {other} "
        "只需 {other_hours:duration}，每百万词元的{basis}为 {theirs:sigmoney}"
    ),
    "mismatch-class-for-training-late-lacks": (
        "{card} 是{category}类卡（{lacks}）：本次训练需 {hours:sig} 小时，超出 {deadline:,g} 小时的期限；"
        "训练卡 {count} × {other} 只需 {other_hours:duration}，每百万词元的{basis}为 {theirs:sigmoney}"
    ),
    "mismatch-class-for-training-late-lacks-days": (
        "{card} 是{category}类卡（{lacks}）：本次训练需 {days:days}，超出 {deadline:,g} 天的期限；"
        "训练卡 {count} × {other} 只需 {other_days:days}，每百万词元的{basis}为 {theirs:sigmoney}"
    ),
    "mismatch-class-for-training-late-lacks-min": (
        "{card} 是{category}类卡（{lacks}）：本次训练需 {hours:duration}，超出 {deadline:,g} 分钟的期限；"
        "训练卡 {count} × {other} 只需 {other_hours:duration}，每百万词元的{basis}为 {theirs:sigmoney}"
    ),
    "mismatch-class-for-training-none-allowed": (
        "{card} 是{category}类卡：本次训练每百万词元的{basis}是训练卡的 {ratio:.1f} 倍，但在您的筛选条件"
        "（{filters}）下排名中没有训练卡"
    ),
    "mismatch-class-for-training-late-none-allowed": (
        "{card} 是{category}类卡：本次训练超出期限，训练卡可按期完成，但在您的筛选条件（{filters}）下排名中没有训练卡"
    ),
    "mismatch-pcie-card-for-training-none-allowed": (
        "{card} 没有卡间高速互联：本次训练需 {hours:,.0f} 小时；{count} 张 NVLink 训练卡只需 {other_hours:,.0f} 小时，"
        "但在您的筛选条件（{filters}）下没有这样的卡"
    ),
    "mismatch-training-card-for-serving-none-allowed": (
        "{card} 是训练卡：推理卡承载同样负载，每词元总拥有成本低 {cheaper:.0%}，但在您的筛选条件"
        "（{filters}）下排名中没有推理卡"
    ),
    "mismatch-training-card-for-serving-rent-none-allowed": (
        "{card} 是训练卡：推理卡承载同样负载，每词元云租用成本低 {cheaper:.0%}，但在您的筛选条件"
        "（{filters}）下排名中没有推理卡"
    ),
    "mismatch-wrong-class-for-graphics-none-allowed": (
        "{card} 是{category}卡：数据中心图形卡完成同样工作，每{unit}成本低 {cheaper:.0%}，但在您的筛选条件"
        "（{filters}）下排名中没有这类卡"
    ),
    "mismatch-card-cannot-do-graphics-none-allowed": (
        "{card} 是{category}卡，无法承担{workload}工作；数据中心图形卡可以，但在您的筛选条件"
        "（{filters}）下排名中没有这类卡"
    ),
    "filters-said-cards": "所列的卡",
    "filters-said-vendors": "仅 {vendors}",
    "filters-said-domestic": "仅国产厂商",
    "filters-said-software": "支持 {software}",
    "filters-said-classes": "类别 {classes}",
    "training-cost-basis-tco": "总拥有成本",
    "training-cost-basis-cloud": "云租用成本",
    "lacks-training-link": "无卡间高速互联：卡间通信走 PCIe，单向 {pcie:,.0f} GB/s，{other} 为 {link:,.0f} GB/s",
    "lacks-training-link-plain": "无卡间高速互联：卡间通信走 PCIe",
    "lacks-training-memory": "每卡显存 {memory:,g} GB，训练卡 {other_memory:,g} GB",
    "lacks-training-bf16": "BF16 稠密峰值 {tflops:,.0f} TFLOP/s，训练卡 {other_tflops:,.0f} TFLOP/s",
}
"""Simplified Chinese templates of a card of the wrong class for full training, in the vocabulary of
resources/i18n/glossary.json."""
