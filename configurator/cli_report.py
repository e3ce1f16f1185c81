"""``gpu-configurator report``: the configuration summary (.pdf .md .csv .json) of a scenario file or of
the scenario flags, written by the one summary builder the window's export uses; without ``--card`` the
summary presents the configuration ``recommend`` ranks first with the same question."""

from __future__ import annotations

import argparse

from configurator.cli_filters import filters_from_args
from configurator.cli_ranking import print_from_file, ranking_asked
from configurator.cli_scenario import UsageError, scenario_from_args, with_constraints
from configurator.core.applied import applied
from configurator.core.catalog import Catalog
from configurator.core.estimate import estimate
from configurator.core.messages import Message, msg
from configurator.core.recommend import Filters, Objective, recommend
from configurator.core.recommend_pricing import priced_for, rented_for
from configurator.core.recommend_budget import budget_short, unranked_meeting_all
from configurator.core.resources import MissingBundledFile
from configurator.core.scenario import Scenario, updated


def run_report(args: argparse.Namespace, catalog: Catalog) -> int:
    """Write the summary ``-o`` names, in its format, and say so; the exit status."""
    if args.scenario_file is not None:
        if args.scenario is not None:
            raise UsageError(msg("cli-scenario-twice"))
        args.scenario = args.scenario_file
    scenario = with_constraints(scenario_from_args(args, catalog), args)  # in the language's currency
    from configurator.report.export import TEXT_FORMATS, export_format, summary_of, write_summary

    asked = ranking_asked(args, scenario, catalog, filters_from_args(args, catalog))  # over the file's question
    objective, filters = asked.objective, asked.filters
    print_from_file(asked, args.lang, scenario)
    recommended = _recommended_for_report(scenario, catalog, args, objective, filters)
    # the chosen card's owned count as the ranking sets it (--owned on another card: none owned)
    scenario = recommended or (priced_for(scenario, catalog.get(scenario.card_id), filters)
                               if filters.owned_card is not None else scenario)
    if (recommended is None and filters.owned_card == scenario.card_id and args.scenario is None
            and getattr(args, "count", None) is None):  # --card h20 --owned h20:8: the 8 owned, not 1 card
        scenario = updated(scenario, count=filters.owned_count)
    scenario = rented_for(scenario, objective)  # ranked by rent in mainland China: the cards rented, as ranked

    try:
        if export_format(args.output) in TEXT_FORMATS:  # the chosen card's estimate is all they need
            chosen, charts = estimate(scenario, catalog.get(scenario.card_id)), None
        else:  # a PDF also draws the memory curve and the sweep over card counts
            from configurator.core.analysis import analyse

            analysis = analyse(scenario, catalog)
            chosen, charts = analysis.estimate, lambda: _window_charts(analysis, args.lang)
        write_summary(summary_of(chosen, catalog, args.lang, recommended=recommended is not None,
                                 objective=objective, filters=filters), args.output, charts)
    except ValueError as error:  # its message (``said``) where it has one: in the language of --lang
        raise UsageError(error.said if isinstance(getattr(error, "said", None), Message) else str(error)) from None
    except MissingBundledFile:
        raise  # an installation problem, not the output's
    except OSError as error:
        why = error.said if isinstance(getattr(error, "said", None), Message) else error.strerror or str(error)
        raise UsageError(msg("cli-cannot-write", path=str(args.output), why=why)) from None
    print(msg("cli-wrote", path=str(args.output)).text_in(args.lang))
    return 0


def _recommended_for_report(scenario: Scenario, catalog: Catalog, args: argparse.Namespace,
                            objective: Objective = Objective.TCO, filters: Filters = Filters()  # noqa: B008 - frozen
                            ) -> Scenario | None:
    """Without ``--card`` (and without a scenario file, which names its card), the summary presents
    the recommendation, as the wizard's export does when the card is left to the recommender: the
    scenario of the configuration ``recommend`` ranks first with the same ``--objective`` and
    filters (``--domestic-only``, ``--vendor``, ``--software``, ``--classes``); None when a card was
    chosen, or nothing is ranked (then the default card's estimate says why) — unless a configuration listed unranked
    for want of a figure meets every constraint (:func:`unranked_meeting_all`: page 1 says why it is not ranked), or
    the budget alone keeps every configuration out: then the nearest (:func:`budget_short`), which page 1 calls so."""
    if getattr(args, "card", None) is not None or args.scenario is not None:
        return None
    result = recommend(scenario, catalog, objective, filters, limit=1)
    best = result.best or unranked_meeting_all(result) or budget_short(result)
    return None if best is None else applied(best.estimate, scenario)  # no load given: still unsized


def _window_charts(analysis, language: str) -> dict:
    """The charts a PDF summary places, drawn by the window's own chart widgets:
    the one use of the app's code besides opening the window (text formats load no Qt)."""
    from configurator.app.report_export import chart_images

    return chart_images(analysis, language)
