"""The analysis the window shows, for the commands built from it (summary, launch commands).

A module of its own, light to import: the window's Export, Print Preview and launch row ask for it
on the GUI thread at a click, before the summary's modules may be loaded (issue 28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from configurator.core.analysis import Analysis


def shown_analysis(controller) -> Analysis:
    """The complete analysis of the controller's current scenario, the one the window shows: the
    controller's own, waited for if it is still being computed (never computed a second time).
    RuntimeError if the analysis failed (the window then shows no results either)."""
    analysis = controller.analysis
    if analysis is None or controller.busy:
        analysis = controller.wait()
    if analysis is None:
        raise RuntimeError("the results of the current scenario could not be computed")
    return analysis
