"""When the budget alone stands between the buyer and every configuration: nothing is ranked, and
the nearest configuration below the line breaks the budget and nothing else. Said plainly, with
what the budget covers, wherever the ranking is shown (the command line, its JSON, the
recommendation panel) and chosen as the summary's configuration when no card was named (session 38,
persona 6: Qwen2.5-72B for 500 users at once on 2,000,000 CNY in mainland China read "No card meets
the scenario's constraints." and a summary of 1 × H100 SXM5, a card she had not chosen and cannot
import). Qt-free."""

from __future__ import annotations

from configurator.core.budget_nearest import BUDGET, nearest_over_budget
from configurator.core.messages import Message, msg
from configurator.core.recommend import Recommendation, Result

__all__ = ["BUDGET", "budget_covered", "budget_short", "budget_short_message", "unranked_meeting_all"]


def _within_budget(rec: Recommendation) -> bool:
    """Whether ``rec``'s configuration is checked within the budget (its budget verdict met): one listed unranked
    for want of a figure (a board power: 16 × Ascend 910C at 414.88 万元 of a 500 万元 budget) is bought within it.
    Until December 2026 the ranking said "The budget is too small" beside it (small50)."""
    return any(v.id == BUDGET and v.met for v in rec.estimate.verdicts)


def unranked_meeting_all(result: Result) -> Recommendation | None:
    """Where nothing is ranked (and the objective can rank), the first configuration listed unranked for want of a
    figure (:attr:`~configurator.core.recommend.Result.unpriced`: a board power, a rent) that fits and meets every
    constraint set, each checked (a budget against a bill priced in full); None otherwise. What the summary and the
    wizard present then, as the ranking says "No card can be ranked: …" (small50): until December 2026 they showed
    the nearest configuration over the budget (48 × Ascend 910B at 816.79 万元 of 500 万元) beside 16 × Ascend 910C
    at 414.88 万元 that meets every constraint, its board power unpublished (users50)."""
    if result.ranked or result.not_ranked is not None:
        return None
    return next((rec for rec in result.unpriced if rec.estimate.usable and rec.estimate.verdicts
                 and all(v.met for v in rec.estimate.verdicts)), None)


def budget_short(result: Result) -> Recommendation | None:
    """The nearest configuration the budget alone keeps out where nothing is ranked: of every configuration
    below the line (:attr:`~configurator.core.recommend.Result.below_considered`, not only the rows a limit
    lists), the first that breaks the budget and nothing else and whose bill is priced in full, else the first
    that breaks the budget alone (:func:`~configurator.core.budget_nearest.nearest_over_budget`); None where a
    configuration is ranked or none breaks only the budget (then another constraint stands in the way too).
    The same row at any ``limit``: the command line, its JSON, the panel, the wizard and ``report`` (which ranks
    with ``limit=1``) name one configuration (nearest51)."""
    if result.ranked:
        return None
    return nearest_over_budget(result.below_considered or result.below_line)


def budget_covered(est) -> float | None:
    """The share of ``est``'s cost its budget covers, budget / cost [fraction], where the budget is
    the one constraint it breaks and its bill is priced in full; None otherwise (a cost with bill
    lines unpriced is a lower bound: no share)."""
    broken = est.violations
    if not broken or not est.usable or any(v.id != BUDGET or v.params.get("unpriced") for v in broken):
        return None
    verdict = broken[0]
    return float(verdict.target) / float(verdict.actual) if verdict.actual else None


def budget_short_message(result: Result) -> Message | None:
    """What :func:`budget_short` finds, in words: the budget is too small, the nearest configuration
    that meets every other constraint and what it costs against the budget (the verdict's own
    words), and the share of that cost the budget covers [fraction] where the cost is a figure
    (a lower bound, with bill lines unpriced, gives no share); None where it finds nothing, or where a
    configuration listed unranked for want of a figure keeps within the budget (:func:`_within_budget`: the budget
    is not what stands in the way; the wizard and the summary show that one, :func:`unranked_meeting_all`)."""
    rec = budget_short(result)
    if rec is None or any(_within_budget(r) for r in result.unpriced):
        return None
    verdict = next(v for v in rec.estimate.violations if v.id == BUDGET)
    said = {"count": rec.estimate.scenario.count, "card": rec.estimate.card.name, "breaks": verdict.message}
    covered = budget_covered(rec.estimate)
    if covered is None:
        return msg("budget-too-small-partly-priced", **said)
    return msg("budget-too-small", covered=covered, **said)
