"""Message templates of a card of the wrong class for full training (an inference card bought to pre-train
or fully fine-tune: what it lacks, with its figures, and what it costs beside the training card a ranking
found), in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id."""

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
    "training-cost-basis-tco": "总拥有成本",
    "training-cost-basis-cloud": "云租用成本",
    "lacks-training-link": "无卡间高速互联：卡间通信走 PCIe，单向 {pcie:,.0f} GB/s，{other} 为 {link:,.0f} GB/s",
    "lacks-training-link-plain": "无卡间高速互联：卡间通信走 PCIe",
    "lacks-training-memory": "每卡显存 {memory:,g} GB，训练卡 {other_memory:,g} GB",
    "lacks-training-bf16": "BF16 稠密峰值 {tflops:,.0f} TFLOP/s，训练卡 {other_tflops:,.0f} TFLOP/s",
}
"""Simplified Chinese templates of a card of the wrong class for full training, in the vocabulary of
resources/i18n/glossary.json."""
