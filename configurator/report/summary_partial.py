"""What the summary says of a total ranked though partial: its cards priced, another line not (a deskside
workstation, a host node, a rack-scale system's infrastructure:
:func:`~configurator.core.procurement.partial.items_unpriced`, the one place that decides it), so its capex,
TCO and cost per unit exclude them, and a budget set cannot be confirmed (never said to be met). Split from
:mod:`configurator.report.summary`."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.messages import msg
from configurator.core.procurement.partial import ENERGY_EXCLUDED, excluded_message, totals_note, unpriced_item
from configurator.core.procurement.prices import PriceBook
from configurator.core.recommend_rows import budget_is_partial, ranked_after_complete
from configurator.core.scenario_ranking import Objective
from configurator.core.view.card_names import card_name
from configurator.report.language import Words, sentence, sentences
from configurator.report.parts import count


def excluded_suffix(value: str, cost: DeploymentCost, w: Words) -> str:
    """``value`` (the first page's cost per unit) with what its total excludes: "31.28 USD — the total excludes
    1 workstation (not priced: enter a quote for workstation-1gpu)", or its energy where the board power is not
    published; ``value`` alone for any other bill."""
    excluded = excluded_message(cost.bom, cost.ownership.energy_per_year is not None)
    if excluded is None:
        return value
    said = w.message(excluded)  # mid-sentence after the figure: its capital lowered in English
    return w("{value} — {note}", value=value, note=said[:1].lower() + said[1:] if w.language == "en" else said)


INCOMPLETE_TOTAL = "incomplete total: ranked after every complete one"
"""The alternatives' "Against" cell of a total that leaves out an item without a price (:func:`incomplete`), in
place of a ratio to a complete total that it is not comparable with (a label id)."""


def incomplete(option, objective: Objective, book: PriceBook | None = None) -> bool:
    """Whether ``option``'s total is ranked after every complete one, its capex leaving out an item without a price
    (:func:`~configurator.core.recommend_rows.ranked_after_complete`, the ranking's one rule)."""
    return option.score is not None and ranked_after_complete(option.estimate, objective, book)


def in_ranking_order(mine, priced: Sequence, objective: Objective, book: PriceBook | None = None) -> list:
    """The buyer's option ``mine`` among ``priced`` (the other configurations, in the ranking's order: never sorted
    again) at the place the ranking gives it: before the first whose total ranks after its own — a partial total
    after every complete one (:func:`incomplete`), then the lower score — and last without a score. Until December
    2026 the summary sorted its alternatives, its prices and its "Price decides?" on the score alone: a render
    farm recommended as 8 × L40 listed 1 × RTX PRO 6000 Blackwell Workstation Edition first, its workstation
    unpriced, where the command line ranked it after every complete total (persona49b)."""
    if mine.score is None:
        return [*priced, mine]
    key = (incomplete(mine, objective, book), mine.score)
    at = next((i for i, o in enumerate(priced) if (incomplete(o, objective, book), o.score) >= key), len(priced))
    return [*priced[:at], mine, *priced[at:]]


def configuration(est, w: Words) -> str:
    """A configuration as the alternatives table's row names it: '1 × RTX PRO 6000 Blackwell Workstation Edition'."""
    return f"{count(est.scenario.count)} × {card_name(est.card.name, w.language)}"


def excluded_note(options: Sequence, w: Words) -> str | None:
    """The alternatives table's sentence where some of its totals exclude an item without a price (the deskside
    workstations: :func:`~configurator.core.procurement.partial.totals_note`), naming the rows it is said of
    ('1 × RTX PRO 6000 Blackwell Workstation Edition: capex, TCO and cost per unit exclude …'; until December
    2026 it named none and read as if of every row, words49); and the rows whose TCO excludes energy, their board
    power unpublished (:func:`~configurator.core.procurement.partial.excluded_message`, buyer51)."""
    partial = [configuration(o.estimate, w) for o in options if unpriced_item(o.cost.bom)]
    note = totals_note((o.cost.bom for o in options), w.label("; ").join(partial))
    powerless = [configuration(o.estimate, w) for o in options if _without_energy(o.cost)]
    energy = msg("totals-exclude-energy", rows=w.label("; ").join(powerless)) if powerless else None
    said = [sentence(w, m) for m in (note, energy) if m is not None]
    return sentences(w, *said) if said else None


def _without_energy(cost: DeploymentCost) -> bool:
    """Whether ``cost``'s total leaves out its energy, the board power unpublished (the ranking's one rule,
    :func:`~configurator.core.procurement.partial.excluded_message`)."""
    excluded = excluded_message(cost.bom, cost.ownership.energy_per_year is not None)
    return excluded is not None and excluded.id == ENERGY_EXCLUDED.id


def recommended_sentence(w: Words, by: str, best_text: str, best) -> str:
    """"Recommended by …: 8 × H100, which fits and meets every constraint set", or, ranked though its budget
    cannot be confirmed (its deskside workstations unpriced,
    :func:`~configurator.core.recommend_rows.budget_is_partial`), that it meets every other and the budget
    awaits a quote — never that it is within the budget."""
    if budget_is_partial(best.estimate):
        return w("Recommended by {by}: {best}, which fits and meets every other constraint set; the budget cannot be "
                 "confirmed until the workstations are quoted.", by=by, best=best_text)
    return w("Recommended by {by}: {best}, which fits and meets every constraint set.", by=by, best=best_text)
