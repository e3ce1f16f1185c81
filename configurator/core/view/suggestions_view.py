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
         "weight-format": "Fewer bits per weight", "offload": "Host memory", "fewer-users": "Fewer users",
         "other-card": "Another card", "cards-needed": "Cards for the whole load",
         "meets-deadline": "Cards for the deadline", "deadline-out-of-reach": "Fastest found",
         "meets-serving-targets": "Cards for the targets"}
"""What each kind of change is called (label ids)."""


def suggestions_section(suggestions: Iterable[Suggestion]) -> Section | None:
    """"What would fit": a row per suggestion, or None when there is none."""
    rows = tuple(Row(KINDS[s.kind], s.message, key=f"what_would_fit.{s.kind}") for s in suggestions)
    return Section("what_would_fit", "What would fit", rows) if rows else None
