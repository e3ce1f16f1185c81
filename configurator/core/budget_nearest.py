"""The nearest configuration over budget: of every configuration below the line, the first that breaks the
budget and nothing else, priced in full where one is. Chosen from every configuration the ranking
considered, never from the rows a listing shows: until December 2026 it was picked from
``Result.below_line``, which the listing cuts to ``limit``, so the answer depended on how many rows were
asked for (Llama 3 8B pre-training on 1T tokens in 30 days under 300,000 USD: ``recommend --limit 10``, the
panel and the wizard named 32 × Gaudi 3 at 859,392 USD, ``--limit 6`` and ``report``, which ranks with
``limit=1``, named 32 × Cloud TPU7x Ironwood, not priced in full; persona51). Below the ranking
(:mod:`configurator.core.recommend` lists it), above the records it reads. Qt-free."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.recommend_record import Recommendation

BUDGET = "budget"
"""The id of the budget's verdict (:class:`~configurator.core.verdicts.Verdict`)."""


def budget_only(rec: Recommendation) -> bool:
    """Whether the budget is every constraint ``rec``'s configuration breaks (it fits: a
    configuration that does not fit breaks more than the budget)."""
    broken = rec.estimate.violations
    return bool(broken) and rec.estimate.usable and all(v.id == BUDGET for v in broken)


def fully_priced(rec: Recommendation) -> bool:
    """Whether every line of ``rec``'s bill has a price (its cost is a figure, not a lower bound)."""
    return not any(v.params.get("unpriced") for v in rec.estimate.violations)


def nearest_over_budget(below: Sequence[Recommendation]) -> Recommendation | None:
    """Of ``below`` (every configuration below the line, closest first, in the order the listing shows
    them: :func:`~configurator.core.recommend.listed_below_line` at no limit), those that break the budget
    and nothing else: the first whose bill is priced in full, else the first; None where none breaks the
    budget alone."""
    only = [rec for rec in below if budget_only(rec)]
    return next((rec for rec in only if fully_priced(rec)), only[0] if only else None)
