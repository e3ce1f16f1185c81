"""What the summary says of a total ranked though partial: its cards priced, another line not (a deskside
workstation, a host node, a rack-scale system's infrastructure:
:func:`~configurator.core.procurement.partial.items_unpriced`, the one place that decides it), so its capex,
TCO and cost per unit exclude them, and a budget set cannot be confirmed (never said to be met). Split from
:mod:`configurator.report.summary`."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.procurement.partial import excluded_message, totals_note
from configurator.core.recommend_rows import budget_is_partial
from configurator.report.language import Words, sentence


def excluded_suffix(value: str, cost: DeploymentCost, w: Words) -> str:
    """``value`` (the first page's cost per unit) with what its total excludes: "31.28 USD — the total excludes
    1 workstation (not priced: enter a quote for workstation-1gpu)"; ``value`` alone for any other bill."""
    excluded = excluded_message(cost.bom)
    if excluded is None:
        return value
    said = w.message(excluded)  # mid-sentence after the figure: its capital lowered in English
    return w("{value} — {note}", value=value, note=said[:1].lower() + said[1:] if w.language == "en" else said)


def excluded_note(options: Sequence, w: Words) -> str | None:
    """The alternatives table's sentence where its totals exclude the deskside workstations (:func:`totals_note`)."""
    note = totals_note(o.cost.bom for o in options)
    return None if note is None else sentence(w, note)


def recommended_sentence(w: Words, by: str, best_text: str, best) -> str:
    """"Recommended by …: 8 × H100, which fits and meets every constraint set", or, ranked though its budget
    cannot be confirmed (its deskside workstations unpriced,
    :func:`~configurator.core.recommend_rows.budget_is_partial`), that it meets every other and the budget
    awaits a quote — never that it is within the budget."""
    if budget_is_partial(best.estimate):
        return w("Recommended by {by}: {best}, which fits and meets every other constraint set; the budget cannot be "
                 "confirmed until the workstations are quoted.", by=by, best=best_text)
    return w("Recommended by {by}: {best}, which fits and meets every constraint set.", by=by, best=best_text)
