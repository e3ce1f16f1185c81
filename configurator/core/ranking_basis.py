"""What a ranking says of how the buyer pays (``Constraints.budget_basis``) beside the objective it ranks by: ranked
by rent because the budget is rent and no objective was asked (message ``ranked-by-rent-basis``), or by ownership as
asked though the budget is rent (``ranked-against-basis``). The rule itself is
:func:`~configurator.core.scenario_ranking.objective_for`; this module only words it, once for every screen (the
command line's ``recommend`` and ``report``, the wizard's decision, the recommendation panel, the summary)."""

from __future__ import annotations

from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario
from configurator.core.scenario_ranking import Objective, against_basis, objective_for


def basis_said(asked: Objective | None, scenario: Scenario) -> Message | None:
    """The line saying how the budget basis of ``scenario`` bears on the ranking by ``asked`` (None: not asked):
    ranked by rent for a rent budget (``ranked-by-rent-basis``), by ownership as asked against it
    (``ranked-against-basis``); None where the basis says nothing the objective does not (buying, by ownership)."""
    basis = scenario.constraints.budget_basis
    if asked is None:
        return msg("ranked-by-rent-basis") if objective_for(None, basis) is Objective.CLOUD else None
    return msg("ranked-against-basis") if against_basis(asked, basis) else None


def ranked_said(objective: Objective, scenario: Scenario) -> Message | None:
    """:func:`basis_said` of a ranking by ``objective`` where whether it was asked is not known (the summary, the
    recommendation panel): the objective the budget basis gives read as not asked, any other as asked."""
    basis = scenario.constraints.budget_basis
    return basis_said(None if objective is objective_for(None, basis) else objective, scenario)


HEADED = {"ranked-by-rent-basis": "ranking-heading-by-rent-basis",
          "ranked-against-basis": "ranking-heading-against-basis"}
"""Each line of :func:`basis_said` -> the message that says it in the ranking's own heading ('Ranked by lowest cloud
cost (lower is better): the budget is rent …'), where a table follows: the command line said both headings, one over
the other, until December 2026 (persona50b)."""


def heading_said(heading: str, said: Message) -> Message:
    """The ranking's ``heading`` (in the reader's language) with what :func:`basis_said` says (``said``) in it, once:
    the command line's ``recommend``, whose table follows."""
    return msg(HEADED[said.id], heading=heading)
