"""Command line: ``gpu-configurator [estimate|recommend|plan|report|catalog|what-fits] ...``; no arguments
opens the app."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from configurator.cli_catalog import run_catalog
from configurator.cli_money import typed_bare
from configurator.cli_filters import filters_from_args
from configurator.cli_parser import build_parser
from configurator.cli_ranking import asked_to_dict, print_from_file, ranking_asked
from configurator.cli_report import run_report
from configurator.cli_scenario import (  # noqa: F401 - quantity, duration_hours, the flag table: re-exported
    _FLAG_TO_FIELD,
    UsageError,
    duration_hours,
    quantity,
    scenario_from_args,
    typed_paths,
    with_constraints,
)
from configurator.cli_what_fits import run_what_fits
from configurator.core.architecture import ArchitectureError
from configurator.core.catalog import Catalog, CatalogError, load_catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.messages import msg
from configurator.core.messages_said import said_in
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.examples import examples_said
from configurator.core.recommend import Objective, recommend
from configurator.core.ranking_basis import basis_said
from configurator.core.recommend_json import load_to_dict, result_to_dict
from configurator.core.serving_use import estimate_load_note, users_read
from configurator.core.slow_end_count import with_slow_end_asked
from configurator.core.scenario import Scenario
from configurator.core.resources import MissingBundledFile
from configurator.core.scenario_io import ScenarioFileError
from configurator.core.view.job_view import budget_read_in, budget_read_in_to_dict, job_line, job_to_dict, \
    shown_estimate
from configurator.core.view.printable import printable_output, single_line
from configurator.report import text_wrap
from configurator.report.text import estimate_table, recommendation_table


def _print_json(obj: object) -> None:
    try:
        text = json.dumps(obj, indent=1, ensure_ascii=False, allow_nan=False)
    except ValueError:  # an infinite or undefined number: a bug, never printed as non-JSON `Infinity`
        raise UsageError(msg("cli-not-finite-json")) from None
    sys.stdout.write(text)
    sys.stdout.write("\n")


def _planned(scenario: Scenario, catalog: Catalog) -> Estimate:
    """The estimate of the planned layout. Pins that leave no layout that fits, or a count the
    global batch does not split over, are answered, not refused: the estimate of the layout
    closest to fitting (``fits`` false, the shortfall per card) or at the nearest batch that
    splits, with the reason among its warnings."""
    return estimate(scenario, catalog.get(scenario.card_id))


def _print_launch(result: Estimate, args: argparse.Namespace) -> int:
    """``--launch TARGET``: the launch script of the planned layout (:mod:`configurator.core.launch`)."""
    from configurator.core.launch import LaunchError, launch_text

    try:
        print(launch_text(result, args.launch, args.lang), end="")
    except LaunchError as error:
        raise UsageError(error.said) from None
    return 0


def _launch_json(result: Estimate, args: argparse.Namespace) -> dict:
    """``--launch TARGET`` with ``--json``: ``{"launch": ...}`` to add to the JSON printed (each
    command's ``argv``, the files, the whole text: :func:`~configurator.core.launch.launch_to_dict`);
    nothing without ``--launch``."""
    if not args.launch:
        return {}
    from configurator.core.launch import LaunchError, launch_to_dict

    try:
        return {"launch": launch_to_dict(result, args.launch, args.lang)}
    except LaunchError as error:
        raise UsageError(error.said) from None


def _run_estimate(args: argparse.Namespace, catalog: Catalog) -> int:
    """One configuration: its table, or with ``--json`` its JSON, each with the hand-picked card's mismatch
    (:func:`~configurator.core.mismatch.mismatch`: the table's first warning, the JSON's ``mismatch``, null
    where there is none, judged on the ranking question a scenario file saved: its cost, the cards it names),
    as the window and the summary say it; the warnings beside it less what it says in
    full (:func:`~configurator.core.mismatch.said_beside`), in the table and the JSON alike."""
    from configurator.core.fit_suggestions import suggestions_to_dict, what_would_fit

    scenario = with_constraints(scenario_from_args(args, catalog), args)
    result: Estimate = _planned(scenario, catalog)
    if args.launch and not args.json:
        return _print_launch(result, args)
    result = with_slow_end_asked(result)  # a deadline its slow end misses: the fewest cards that meet it there
    suggestions = what_would_fit(result, catalog)  # nothing to compute when it fits
    from configurator.core.mismatch import mismatch, said_beside  # it ranks the catalog: imported when asked
    from configurator.core.recommend_filters import asked_filters
    from configurator.core.scenario import RankingQuestion
    from configurator.core.scenario_ranking import objective_for

    saved = scenario.ranking  # the file's saved question (the window's): an estimate kept from before may hold none
    by = objective_for(saved.objective, scenario.constraints.budget_basis)  # none saved: how the budget pays
    filters = asked_filters(saved, result.scenario.workload) if saved != RankingQuestion() else None
    mismatched = mismatch(result.scenario, catalog, None, by, filters)
    read_in = typed_bare(getattr(args, "budget", None))  # --budget 5M: which currency, said
    if args.json:
        document = estimate_to_dict(result, deployment_cost(result))
        beside = said_beside(result, mismatched)  # less what the mismatch says, as the table
        _print_json({**document, "warnings": [m.text for m in beside], "warning_ids": [m.to_dict() for m in beside],
                     "load": load_to_dict(estimate_load_note(result)),
                     "mismatch": mismatched.to_dict() if mismatched else None,
                     "what_would_fit": suggestions_to_dict(suggestions), "budget_read_in": budget_read_in_to_dict(
                         read_in), **_launch_json(result, args)})
    else:
        _print_budget_read_in(result.scenario, read_in, args.lang)
        _print_load_note(result, args.lang)
        _print_examples(scenario, args.lang)
        print(estimate_table(result, args.lang, suggestions, mismatched))
        read = users_read(result.scenario, flags=True)  # last, as recommend says it: users at once, or a day
        if read is not None:  # folded to the terminal as the table above it is
            print(text_wrap.hanging(single_line(read.text_in(args.lang)), 0, text_wrap.terminal_columns()))
    return 0


def _print_examples(scenario: Scenario, language: str) -> None:
    """First, where the data to train on was given in examples: how many tokens they are
    (:func:`~configurator.core.examples.examples_said`); nothing otherwise."""
    t = scenario.training
    said = examples_said(t.examples, t.tokens_per_example, t.tokens) if scenario.workload.is_training else None
    if said is not None:
        print(single_line(said.text_in(language)))


def _print_budget_read_in(scenario: Scenario, read_in: tuple[str, str] | None, language: str) -> None:
    """First, where ``--budget`` named no currency and was read in one other than the results' (``read_in``:
    :func:`~configurator.cli_money.typed_bare`): the budget and the currency it was read in, as recommend's job
    line says it ('预算：3,509.85 万元（--budget 5M：未写币种，按 USD 读取）'; until December 2026 only the
    converted amount, in the table's budget verdict, words49); nothing otherwise."""
    read = budget_read_in(read_in, scenario.economics.currency)
    if read:
        said = msg("budget-said", budget=scenario.constraints.budget, currency=scenario.economics.currency, read=read)
        print(single_line(said.text_in(language)) + "\n")


def _print_load_note(result: Estimate, language: str) -> None:
    """First, set apart, where the serving question has no load: what was assumed and what to give
    (:func:`~configurator.core.serving_use.estimate_load_note`); nothing otherwise."""
    note = estimate_load_note(result)
    if note is not None:
        print(single_line(note.text_in(language)) + "\n")


MAX_LIMIT = 10_000
"""Most recommendations listed."""


def _run_recommend(args: argparse.Namespace, catalog: Catalog) -> int:
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    if not 1 <= args.limit <= MAX_LIMIT:
        raise UsageError(msg("cli-whole-range", flag="--limit", low=1, high=MAX_LIMIT, value=args.limit))
    asked = ranking_asked(args, scenario, catalog, filters_from_args(args, catalog))  # over the file's question
    result = recommend(scenario, catalog, asked.objective, asked.filters, args.limit)
    shown = shown_estimate(result)  # its verdicts: the constraints the ranking was checked against
    read_in = typed_bare(args.budget)  # --budget 5M: which currency, said
    if args.json:
        said = basis_said(asked.question.objective, scenario)  # ranked by rent as the budget is rent, or against it
        _print_json({**result_to_dict(result), "filters": asked_to_dict(asked),
                     "job": job_to_dict(scenario, shown, typed_paths(args), read_in),
                     "objective_said": None if said is None else said.to_dict()})
    else:
        typed = typed_paths(args)  # a default typed is the buyer's: never said as a default
        # first: the job every row answers
        print(single_line(job_line(scenario, shown, args.lang, typed, read_in)) + "\n")
        print_from_file(asked, args.lang)  # the budget basis is said in the ranking's heading
        if args.count is not None:  # typed, but every count is weighed: said, not silently dropped
            print(single_line(msg("cli-recommend-count-not-kept", count=args.count).text_in(args.lang)) + "\n")
        if args.card is not None and args.card_price is None and args.cloud_price is None:  # read as a filter
            print(single_line(msg("cli-recommend-card-not-kept", card=args.card).text_in(args.lang)) + "\n")
        _print_examples(scenario, args.lang)
        print(recommendation_table(result, args.lang, basis_said(asked.question.objective, scenario)))
        said = _rent_or_buy_line(result, args)
        if said is not None:
            print(said)
    return 0


def _rent_or_buy_line(result, args: argparse.Namespace) -> str | None:
    """Rent or buy for the first configuration (:func:`~configurator.core.recommend_costs.rent_or_buy`),
    where the question asked about renting (``--objective cloud``, ``--budget-basis rent``) or gave a
    term (``--years``); None otherwise, or without a ranked configuration."""
    asked = result.objective is Objective.CLOUD or args.budget_basis == "rent" or args.years is not None
    if not asked or result.best is None:
        return None
    from configurator.core.recommend_costs import ownership_cost, rack_edition_note, rack_edition_row, rent_or_buy

    est = result.best.estimate
    edition = rack_edition_note(est, rack_edition_row(est, result.ranked), result.book)  # where buying is refused
    return single_line(rent_or_buy(est, ownership_cost(est, result.book), edition).text_in(args.lang))


def _run_plan(args: argparse.Namespace, catalog: Catalog) -> int:
    from configurator.core.workloads.training.offload import OFFLOAD_PLANNED, OFFLOAD_PLANNED_PARAMS
    from configurator.core.workloads.training.plan import CP_FOR_BATCH, WIDENED, searched_scenario
    from configurator.core.workloads.training.search import plan_to_dict, plan_training_layout
    from configurator.report.text import plan_table

    scenario = with_constraints(scenario_from_args(args, catalog), args)
    if args.launch and not args.json:
        return _print_launch(_planned(scenario, catalog), args)
    from configurator.core.workloads import family_of

    if family_of(scenario.workload).name == "serving":  # the serving trade-off: part 1 of issue 29
        return _run_serving_plan(args, scenario, catalog)
    if not scenario.workload.is_training:
        raise UsageError(msg("cli-plan-training-only"))
    from configurator.core.fit_suggestions import suggestions_to_dict, what_would_fit

    card = catalog.get(scenario.card_id)
    chosen = _planned(scenario, catalog)
    plan = plan_training_layout(searched_scenario(scenario, chosen), card, top=max(1, args.top))
    suggestions = what_would_fit(chosen, catalog)
    if args.json:
        chosen_json = estimate_to_dict(chosen, deployment_cost(chosen))
        _print_json({**plan_to_dict(plan, chosen_json, chosen.fits),
                     "what_would_fit": suggestions_to_dict(suggestions), **_launch_json(chosen, args)})
    else:
        print(plan_table(plan, chosen, args.lang, suggestions))
        # the batch the layouts above split, the context parallelism it called for, and the optimizer in host
        # memory where nothing fit on the cards
        shown = (*WIDENED, CP_FOR_BATCH, OFFLOAD_PLANNED, OFFLOAD_PLANNED_PARAMS)
        for moved in (m for m in chosen.messages if m.id in shown):
            print("\n" + single_line(moved.text_in(args.lang)))
    return 0


def _run_serving_plan(args: argparse.Namespace, scenario: Scenario, catalog: Catalog) -> int:
    """The serving plan for one card and count and the trade-off the planner weighed (issue 29):
    the estimate, and every layout as tokens/s per GPU against tokens/s per user with its front."""
    from configurator.core.view.tradeoff_view import front_text
    from configurator.core.view.words import Words
    from configurator.core.workloads.serving.pareto import serving_tradeoff, tradeoff_to_dict

    card = catalog.get(scenario.card_id)
    chosen = _planned(scenario, catalog)
    tradeoff = serving_tradeoff(scenario, card, chosen)
    if args.json:
        _print_json({**estimate_to_dict(chosen, deployment_cost(chosen)),
                     "load": load_to_dict(estimate_load_note(chosen)), "serving_tradeoff": tradeoff_to_dict(tradeoff),
                     **_launch_json(chosen, args)})
    else:
        _print_load_note(chosen, args.lang)
        print(estimate_table(chosen, args.lang))
        print()
        print(front_text(tradeoff, Words(args.lang)))
    return 0


def _launch_app(argv: Sequence[str]) -> int:
    from configurator.app.main import run_app

    return run_app(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit status.

    Output that cannot be written (``> /dev/full``, a closed pipe) is one line on stderr and a
    non-zero status, not a traceback at exit. Control characters in what is printed (from a file
    name, a quote id, a card's name) are written as visible escapes
    (:func:`configurator.core.view.printable.printable`).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        with printable_output():  # a control character from a file or argument prints as \u001b
            status = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except MissingBundledFile as error:  # not the output's fault: a file of the installation is gone
        _say_error(error, _language_of(argv))
        return 2
    except OSError as error:
        _drop_stdout()
        _say_error(msg("cli-cannot-write-output", why=error.strerror or str(error)), _language_of(argv))
        return 1
    return status


def _language_of(argv: Sequence[str]) -> str:
    """The language ``--lang`` asks for ('en' unless it is 'zh_CN'), read from the arguments
    themselves: a refusal is said in it even when the arguments could not be parsed."""
    for index, token in enumerate(argv):
        value = token.removeprefix("--lang=") if token.startswith("--lang=") else (
            argv[index + 1] if token == "--lang" and index + 1 < len(argv) else None)
        if value is not None:
            return "zh_CN" if value == "zh_CN" else "en"
    return "en"


def _say_error(error: BaseException, language: str) -> None:
    """One line on stderr, in ``language`` where the error is a message of the catalogue;
    whatever it quotes (a file name, a card's name) kept on that line."""
    print(msg("cli-error", text=single_line(said_in(error, language))).text_in(language), file=sys.stderr)


def _drop_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _main(argv: list[str]) -> int:
    if not argv:
        return _launch_app(argv)
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            if args.catalog_overlay is not None:
                raise UsageError(msg("cli-overlay-needs-command"))
            return _launch_app([])
        catalog = load_catalog(args.catalog_overlay)
        for problem in catalog.problems:
            language = getattr(args, "lang", "en")
            print(msg("cli-warning", text=single_line(problem.text_in(language))).text_in(language), file=sys.stderr)
        if args.command == "estimate":
            return _run_estimate(args, catalog)
        if args.command == "report":
            return run_report(args, catalog)
        if args.command == "recommend":
            return _run_recommend(args, catalog)
        if args.command == "plan":
            return _run_plan(args, catalog)
        if args.command == "what-fits":
            return run_what_fits(args, catalog, _print_json)
        return run_catalog(args, catalog, _print_json)
    except (UsageError, ArchitectureError, CatalogError, ScenarioFileError) as error:
        _say_error(error, _language_of(argv))  # one line, whatever it quotes
        return 2


if __name__ == "__main__":
    sys.exit(main())
