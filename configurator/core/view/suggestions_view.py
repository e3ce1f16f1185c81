"""The view of "what would fit" (:mod:`configurator.core.fit_suggestions`): one row per change,
its kind as a label and the change in words with its number. Rendered by the command line's
``estimate`` and ``plan``, the window's results panel and the summary. Qt-free."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from configurator.core.view.rows import Row, Section

if TYPE_CHECKING:
    from configurator.core.fit_suggestions import Suggestion

KINDS = {"more-cards": "More cards", "fewer-cards": "Fewer cards", "free-pins": "Free the pinned layout", "lora": "LoRA", "qlora": "QLoRA",
         "shorter-sequence": "Shorter sequences", "shorter-context": "Shorter context",
         "weight-format": "Fewer bits per weight", "targets-weight-format": "Fewer bits per weight", "offload": "Host memory", "fewer-users": "Fewer users",
         "other-card": "Another card", "cards-needed": "Cards for the whole load",
         "meets-deadline": "Cards for the deadline", "deadline-out-of-reach": "Fastest found",
         "meets-serving-targets": "Cards for the targets", "serving-targets-out-of-reach": "Closest found",
         "meets-throughput": "Cards for the throughput", "throughput-out-of-reach": "Fastest found"}
"""What each kind of change is called (label ids)."""

TARGET_KINDS = frozenset({"meets-deadline", "deadline-out-of-reach", "meets-serving-targets",
                          "serving-targets-out-of-reach", "meets-throughput", "throughput-out-of-reach",
                          "targets-weight-format"})
"""The kinds that answer a missed deadline, tokens/s floor, request rate or latency target rather than
memory (each says what its count costs and the stated limits it breaks)."""


def suggestions_section(suggestions: Iterable[Suggestion]) -> Section | None:
    """"What would fit": a row per suggestion, or None when there is none; "What would meet the
    targets" when every one answers a missed time or load target (the job fits: "what would fit"
    read as if it did not)."""
    rows = tuple(Row(KINDS[s.kind], s.message, key=f"what_would_fit.{s.kind}") for s in suggestions)
    if not rows:
        return None
    targets_only = all(r.key.removeprefix("what_would_fit.") in TARGET_KINDS for r in rows)
    return Section("what_would_fit", "What would meet the targets" if targets_only else "What would fit", rows)
