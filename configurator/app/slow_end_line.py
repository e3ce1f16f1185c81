"""The estimate panel's line of a deadline met (a request rate carried, slowend49c) at the estimate that the
slow end of the likely range misses (session 49, slowend49b): under the verdict, in amber, the verdict in
full words with the fewest cards of the hand-picked card that meet it even at the slow end and what they
cost beyond the configuration (:func:`configurator.core.slow_end_count.with_slow_end_asked`: on the
scenario's ranking question's basis, the extra rent where it ranks by rent, else the extra cost of owning
them) — the command line's ``estimate`` and the summary say the same. Hidden, and nothing searched, where
the slow end meets the target or none was set."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate

CAUTION_COLOUR = "#9a5800"
"""The line's colour: the amber of a verdict to watch (:data:`configurator.app.results_panel.CAUTION`)."""


def slow_end_label(panel: QWidget) -> QLabel:
    """The panel's slow-end line (made once, under its ``verdict`` label in the same layout)."""
    line = getattr(panel, "slow_end", None)
    if line is None:
        line = QLabel(panel.verdict.parentWidget())
        line.setObjectName("slowEndLine")
        line.setWordWrap(True)
        line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        line.setStyleSheet(f"color: {CAUTION_COLOUR};")
        line.setVisible(False)
        layout = panel.verdict.parentWidget().layout()
        layout.insertWidget(layout.indexOf(panel.verdict) + 1, line)
        panel.slow_end = line
    return line


def with_slow_end_line(panel: QWidget, est: Estimate, language: str) -> Estimate:
    """``est`` with its deadline (request-rate) verdict's slow-end count
    (:func:`~configurator.core.slow_end_count.with_slow_end_asked`; ``est`` itself where the slow end meets),
    its line shown on ``panel`` in ``language`` (hidden otherwise)."""
    from configurator.core.slow_end_count import slow_end_verdict, with_slow_end_asked

    held = with_slow_end_asked(est)
    verdict = slow_end_verdict(held)
    text = verdict.message.text_in(language) if verdict is not None and "slow_count" in verdict.params else ""
    line = slow_end_label(panel)
    if line.text() != text:
        line.setText(text)
    line.setVisible(bool(text))
    return held
