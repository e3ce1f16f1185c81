"""The ranking's own first beside the summary's recommendation, where the two answer different questions.

A training job with no deadline is compared in the summary with options that finish within
:data:`~configurator.core.training_mistake.TRAINING_TIME_SLACK` × the buyer's own time
(:func:`~configurator.core.training_mistake.comparable_scenario`): the buyer's card count sets the pace.
The ``recommend`` command and the window's Recommendation panel rank the same scenario with no time
limit, so for 64 × H100 pre-training Llama 2 13B on 300B tokens the PDF recommended 32 × Gaudi 3
(10.7 days) while both ranked 8 × Gaudi 3 (42.5 days) first, and page 1 did not say why (December
2026). The first page now names the ranking's first beside its own, with both times.
"""

from __future__ import annotations

from collections.abc import Callable

from configurator.core.catalog import Catalog
from configurator.core.estimate import Estimate
from configurator.core.recommend import Filters, Objective, Recommendation, recommend
from configurator.core.serving_use import asked_scenario
from configurator.core.training_mistake import TRAINING_TIME_SLACK, comparable_scenario
from configurator.core.view.card_names import card_name
from configurator.core.workloads.layout import unpinned
from configurator.report.language import Words
from configurator.report.parts import count


def open_ranking_first(chosen: Estimate, catalog: Catalog, objective: Objective = Objective.TCO,
                       filters: Filters | None = None) -> Recommendation | None:
    """The first of the ranking the ``recommend`` command and the window's Recommendation panel give for
    ``chosen``'s scenario (each card unpinned, no time limit), where the summary's own ranking bounds the
    job's time (:func:`~configurator.core.training_mistake.comparable_scenario` set a deadline); None where
    the two rankings ask the same question or nothing is ranked."""
    asked = asked_scenario(chosen)
    if comparable_scenario(chosen).constraints.deadline_hours == asked.constraints.deadline_hours:
        return None
    ranked = recommend(unpinned(asked), catalog, objective, filters or Filters(), limit=1).ranked
    return ranked[0] if ranked else None


def open_ranking_sentence(first: Recommendation | None, named: Estimate, w: Words,
                          speed: Callable[[Estimate, Words], str]) -> str | None:
    """Why the summary's recommendation ``named`` (the buyer's own choice where it is the recommended one)
    is not the ranking's ``first`` (:func:`open_ranking_first`), both with their times as the alternatives
    table writes them (``speed``); None where they are the same configuration or there is no such first."""
    if first is None or (first.card.id, first.count) == (named.card.id, named.scenario.count):
        return None
    return w("With no deadline set, this summary compares options that finish within {x}× your choice's time; ranked with "
             "no time limit, as the recommend command and the window's Recommendation panel rank, {first} comes first "
             "({first_time}, against {named_time} for {named}). Set a deadline to rank on the time you need.", x=f"{TRAINING_TIME_SLACK:g}",
             first=f"{count(first.count)} × {card_name(first.card.name, w.language)}",
             first_time=speed(first.estimate, w), named_time=speed(named, w),
             named=f"{count(named.scenario.count)} × {card_name(named.card.name, w.language)}")
