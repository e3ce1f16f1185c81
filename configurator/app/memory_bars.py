"""The memory chart's bars: the stack of parts each is drawn as, and the count written over it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QFontMetricsF

from configurator.app.i18n import current_language

COUNT_GAP_PX = 6
"""Least space kept between the counts over two bars side by side [px]."""


SHORT_COUNT = "×{n}"
"""The count over a bar where its words would run into the next bar's: '×16' ('16 张' in Chinese), the count
with its unit still (ui46 wrote the bare '16' there, a number a reader could take for GiB)."""


def bar_count_text(est, short: bool = False) -> str:
    """The count a memory bar is drawn at ('16 cards'; ``short``: :data:`SHORT_COUNT`, '×16', where the words
    would run into the next bar's): compared cards are drawn at the count each needs for the job
    (core.analysis.like_for_like), not always the chosen one's. A card whose Chinese name counts chips
    (:func:`~configurator.core.view.card_names.counts_chips`, the configuration line's rule) is counted in
    them: '8 NPUs', '8 颗 NPU' ('8 颗' short; the chart read '8 张卡' over 昇腾 910C 服务器 until December 2026,
    persona50)."""
    from configurator.core.messages import msg
    from configurator.core.view.card_names import counts_chips
    from configurator.core.view.rows import Amount, Phrase, write

    if counts_chips(est.card.name):
        return write(msg("bar-count-chips-short" if short else "bar-count-chips", n=est.scenario.count,
                         chip=est.card.chip_word), current_language())
    count = Amount(est.scenario.count, "count")
    template = SHORT_COUNT if short else "1 card" if est.scenario.count == 1 else "{n} cards"
    return write(Phrase(template, {"n": count}), current_language())


def counts_fit(estimates: Sequence, items: Sequence, slot_px: float) -> bool:
    """Whether each bar's count in words (:func:`bar_count_text`) fits the ``slot_px`` a bar has [px] with
    :data:`COUNT_GAP_PX` to spare, in the font of its text item (``items``: the chart's, one per bar): at
    1280 × 720 with a dock open, four bars' '1,024 cards' ran into each other."""
    if not items or slot_px <= 0:
        return True
    metrics = QFontMetricsF(items[0].textItem.font())
    return all(metrics.horizontalAdvance(bar_count_text(e)) + COUNT_GAP_PX <= slot_px for e in estimates)


def stack_layers(memory) -> dict[str, tuple[float, float]]:
    """(bottom, height) of each part [B]. Gradients and activations are not alive at the same
    time (activations are freed as gradients appear): the activations' band is that shared
    memory, and the gradients' band what the peak holds beyond it (no gap under the overhead);
    the peak's top is the peak the total counts. The overhead's band reaches what the run needs
    (``fit_total``); the allocator's usual cache beyond it, given back near the card's limit, is
    the ``cache`` band, up to the total (none where the run needs its whole total)."""
    base = memory.weights + memory.optimizer
    shared = max(0.0, memory.total - memory.overhead - memory.kv_cache - memory.graphics - base)
    top = base + shared + memory.kv_cache
    held = min(memory.activations, shared)
    overhead_top = max(top + memory.graphics, memory.fit_total)
    return {
        "weights": (0.0, memory.weights),
        "optimizer": (memory.weights, memory.optimizer),
        "activations": (base, held),
        "gradients": (base + held, shared - held),
        "kv_cache": (base + shared, memory.kv_cache),
        "graphics": (top, memory.graphics),
        "overhead": (top + memory.graphics, overhead_top - top - memory.graphics),
        "cache": (overhead_top, max(0.0, memory.total - overhead_top)),
    }
