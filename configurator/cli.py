"""Command line: ``gpu-configurator [estimate|recommend|plan|report|catalog|what-fits] ...``; no arguments
opens the app."""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from configurator import __version__
from configurator.cli_scenario import (  # noqa: F401 - quantity, duration_hours, the flag table: re-exported
    _FLAG_TO_FIELD,
    CommandParser,
    UsageError,
    add_constraint_flags,
    add_scenario_flags,
    duration_hours,
    listed,
    nearest,
    quantity,
    scenario_from_args,
    state_ranges,
    whole_number,
    with_constraints,
)
from configurator.cli_ranking import add_question_flags, asked_to_dict, print_from_file, ranking_asked
from configurator.cli_what_fits import JSON_HELP, add_what_fits_parser, run_what_fits
from configurator.core.architecture import ArchitectureError
from configurator.core.catalog import CARD_CLASSES, FRAMEWORKS, Card, Catalog, CatalogError, load_catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.languages import DEFAULT_LANGUAGE, LANGUAGES
from configurator.core.messages import Message, msg
from configurator.core.messages_said import said_in
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.examples import examples_said
from configurator.core.recommend import Filters, Objective, priced_for, recommend, rented_for
from configurator.core.recommend_json import load_to_dict, result_to_dict
from configurator.core.recommend_budget import budget_short
from configurator.core.serving_use import as_asked, estimate_load_note
from configurator.core.scenario import Scenario, updated
from configurator.core.resources import MissingBundledFile
from configurator.core.scenario_io import ScenarioFileError
from configurator.core.view.printable import printable_output, single_line
from configurator.report.text import catalog_table, card_details, estimate_table, recommendation_table


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
    suggestions = what_would_fit(result, catalog)  # nothing to compute when it fits
    from configurator.core.mismatch import mismatch, said_beside  # it ranks the catalog: imported when asked
    from configurator.core.recommend_filters import asked_filters
    from configurator.core.scenario import RankingQuestion

    saved = scenario.ranking  # the file's saved question (the window's): an estimate kept from before may hold none
    mismatched = mismatch(result.scenario, catalog, None, saved.objective, asked_filters(
        saved, result.scenario.workload)) if saved != RankingQuestion() else mismatch(result.scenario, catalog)
    if args.json:
        document = estimate_to_dict(result, deployment_cost(result))
        beside = said_beside(result, mismatched)  # less what the mismatch says, as the table
        _print_json({**document, "warnings": [m.text for m in beside], "warning_ids": [m.to_dict() for m in beside],
                     "load": load_to_dict(estimate_load_note(result)),
                     "mismatch": mismatched.to_dict() if mismatched else None,
                     "what_would_fit": suggestions_to_dict(suggestions), **_launch_json(result, args)})
    else:
        _print_load_note(result, args.lang)
        _print_examples(scenario, args.lang)
        print(estimate_table(result, args.lang, suggestions, mismatched))
    return 0


def _print_examples(scenario: Scenario, language: str) -> None:
    """First, where the data to train on was given in examples: how many tokens they are
    (:func:`~configurator.core.examples.examples_said`); nothing otherwise."""
    t = scenario.training
    said = examples_said(t.examples, t.tokens_per_example, t.tokens) if scenario.workload.is_training else None
    if said is not None:
        print(single_line(said.text_in(language)))


def _print_load_note(result: Estimate, language: str) -> None:
    """First, set apart, where the serving question has no load: what was assumed and what to give
    (:func:`~configurator.core.serving_use.estimate_load_note`); nothing otherwise."""
    note = estimate_load_note(result)
    if note is not None:
        print(single_line(note.text_in(language)) + "\n")


MAX_OWNED = 1_000_000
"""Most cards one may say are already owned (the scenario's own card-count bound)."""
MAX_LIMIT = 10_000
"""Most recommendations listed."""


def _filters_from_args(args: argparse.Namespace, catalog: Catalog) -> Filters:
    owned_card, owned_count = None, 0
    if args.owned is not None:
        owned_card, colon, count = args.owned.partition(":")
        if not colon or not re.fullmatch(r"-?[0-9]+", count.strip()):
            raise UsageError(msg("cli-owned-form", example="h100-sxm:16", text=args.owned))
        owned_count = int(count)
        if owned_card not in catalog:
            raise UsageError(msg("cli-flag", flag="--owned", problem=catalog.unknown_message(owned_card)))
        if not 1 <= owned_count <= MAX_OWNED:
            raise UsageError(msg("cli-cards-range", flag="--owned", count=owned_count, low=1, high=MAX_OWNED))
    classes = listed("--classes", args.classes, CARD_CLASSES, "cli-unknown-class") if args.classes is not None else ()
    return Filters(vendors=_vendors_from_args(args.vendor, catalog), domestic_only=bool(args.domestic_only),
                   classes=classes, owned_card=owned_card, owned_count=owned_count,
                   software=_software_from_args(args.software), cards=_cards_from_args(args.cards, catalog))


def _cards_from_args(text: str | None, catalog: Catalog) -> tuple[str, ...]:
    """'h20, Ascend-910B' -> ('h20', 'ascend-910b'): the catalog ids of ``--cards``, each once, in the order
    given; an id the catalog lacks is a usage error naming the nearest ids (none given: no filter)."""
    if not (text or "").strip(", "):
        return ()
    spelled = {card_id.lower(): card_id for card_id in catalog.ids()}
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    for name in names:
        if name.lower() not in spelled:
            raise UsageError(msg("cli-flag", flag="--cards", problem=catalog.unknown_message(name)))
    return tuple(dict.fromkeys(spelled[n.lower()] for n in names))


def _vendors_from_args(given: list[str], catalog: Catalog) -> tuple[str, ...]:
    """The vendors of ``--vendor`` as the catalog spells them ('nvidia' is NVIDIA); one that makes
    no card of the catalog is a usage error naming those that do."""
    vendors = sorted({c.vendor for c in catalog.cards})
    spelled = {v.lower(): v for v in vendors}
    unknown = [v for v in given if v.strip().lower() not in spelled]
    if unknown:
        raise UsageError(msg("cli-unknown-vendor", flag="--vendor", names=", ".join(f"'{v}'" for v in unknown),
                             hint=nearest(unknown[0], vendors), choices=", ".join(vendors)))
    return tuple(spelled[v.strip().lower()] for v in given)


def _software_from_args(text: str | None) -> tuple[str, ...]:
    """'vllm,megatron' -> ('vllm', 'megatron'); an unknown framework is a usage error (none
    given, or an empty value: no filter)."""

    if not (text or "").strip(", "):
        return ()
    return listed("--software", text, FRAMEWORKS, "cli-unknown-framework")


def _run_recommend(args: argparse.Namespace, catalog: Catalog) -> int:
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    if not 1 <= args.limit <= MAX_LIMIT:
        raise UsageError(msg("cli-whole-range", flag="--limit", low=1, high=MAX_LIMIT, value=args.limit))
    asked = ranking_asked(args, scenario, catalog, _filters_from_args(args, catalog))  # over the file's question
    result = recommend(scenario, catalog, asked.objective, asked.filters, args.limit)
    if args.json:
        _print_json({**result_to_dict(result), "filters": asked_to_dict(asked)})
    else:
        print_from_file(asked, args.lang)
        if args.count is not None:  # typed, but every count is weighed: said, not silently dropped
            print(single_line(msg("cli-recommend-count-not-kept", count=args.count).text_in(args.lang)) + "\n")
        if args.card is not None and args.card_price is None and args.cloud_price is None:  # read as a filter
            print(single_line(msg("cli-recommend-card-not-kept", card=args.card).text_in(args.lang)) + "\n")
        _print_examples(scenario, args.lang)
        print(recommendation_table(result, args.lang))
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
    from configurator.core.recommend_costs import ownership_cost, rent_or_buy

    est = result.best.estimate
    return single_line(rent_or_buy(est, ownership_cost(est, result.book)).text_in(args.lang))


def _run_plan(args: argparse.Namespace, catalog: Catalog) -> int:
    from configurator.core.workloads.training.plan import WIDENED, searched_scenario
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
        for moved in (m for m in chosen.messages if m.id in WIDENED):  # the batch the layouts above split
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


def _run_report(args: argparse.Namespace, catalog: Catalog) -> int:
    if args.scenario_file is not None:
        if args.scenario is not None:
            raise UsageError(msg("cli-scenario-twice"))
        args.scenario = args.scenario_file
    scenario = with_constraints(scenario_from_args(args, catalog), args)  # in the language's currency
    from configurator.report.export import TEXT_FORMATS, export_format, summary_of, write_summary

    asked = ranking_asked(args, scenario, catalog, _filters_from_args(args, catalog))  # over the file's question
    objective, filters = asked.objective, asked.filters
    print_from_file(asked, args.lang)
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
    chosen, or nothing is ranked (then the default card's estimate says why) — unless the budget alone
    keeps every configuration out: then the nearest (:func:`budget_short`), which page 1 calls so."""
    if getattr(args, "card", None) is not None or args.scenario is not None:
        return None
    result = recommend(scenario, catalog, objective, filters, limit=1)
    best = result.best or budget_short(result)
    return None if best is None else as_asked(best.estimate.scenario, scenario)  # no load given: still unsized


def _card_json(card: Card) -> dict:
    """A card as the catalog holds it, plus the ECCN 3A090 figures computed from its rates, whether
    it is the user's own, and the purchase price and rent a ranking uses with their flags (issue 25)."""
    from configurator.core.export_control import card_classification
    from configurator.core.procurement.card_price import cloud_price, price_to_dict, purchase_price

    tpp, density, paragraph = card_classification(card)
    return {**card.model_dump(mode="json"),
            "export_control_computed": {"tpp": tpp, "performance_density": density, "eccn_3a090": paragraph},
            "user": card.is_user, "ranked_price": price_to_dict(purchase_price(card)),
            "ranked_rent": price_to_dict(cloud_price(card))}


def _run_catalog(args: argparse.Namespace, catalog: Catalog) -> int:
    if args.catalog_command == "list":
        from configurator.core.software import runs_software

        software = _software_from_args(args.software)
        cards = [c for c in catalog.cards if (args.card_class is None or c.positioned_for((args.card_class,)))
                 and runs_software(c, software)]
        if args.json:
            _print_json([_card_json(c) for c in cards])
        else:
            print(catalog_table(cards, catalog, args.lang))
        return 0
    if args.catalog_command == "models":
        from configurator.core.architecture import load_presets

        for preset_id, model in load_presets().items():
            print(f"{preset_id:16} {model.total_params() / 1e9:8.2f} B params  {model.summary()}")
        return 0
    if args.card_id not in catalog:
        fake = catalog.not_a_product(args.card_id)
        if fake is None:
            raise UsageError(catalog.unknown_message(args.card_id))
        print(catalog.unknown_message(args.card_id).text_in(args.lang))
        return 1
    card: Card = catalog.get(args.card_id)
    if args.json:
        _print_json(_card_json(card))
    else:
        print(card_details(card, args.lang))
    return 0


DESCRIPTION = ("Which accelerator cards, and how many, for an AI or graphics workload, and what it costs.\n"
               "Without arguments it opens the desktop app; the six commands answer on the command line:")
EPILOG = """examples:
  gpu-configurator estimate --model llama3-70b --card h100-sxm --count 64 --tokens 1T
  gpu-configurator recommend --workload inference --model llama3-70b --concurrency 200 --tpot-ms 50
  gpu-configurator recommend --workload inference --model qwen2.5-72b --region cn --cards h20,ascend-910b,l20
  gpu-configurator plan --workload pretrain --model llama3-70b --card h100-sxm --count 1024 --tokens 2T
  gpu-configurator report docs/examples/serve-llama3-70b.gpuconf.json -o summary.pdf --lang zh_CN
  gpu-configurator catalog list --class inference
  gpu-configurator what-fits --budget 50万元 --region cn --lang zh_CN

gpu-configurator COMMAND --help lists a command's flags with their ranges and units."""

SOFTWARE_HELP = ("only cards whose software stack runs these frameworks (fully or in part), comma separated: "
                 + ", ".join(FRAMEWORKS))


def _add_launch_flag(parser: argparse.ArgumentParser) -> None:
    from configurator.core.launch import LAUNCH_TARGETS

    parser.add_argument("--launch", choices=LAUNCH_TARGETS, metavar="ENGINE",
                        help="print the planned layout as that engine's launch command instead: "
                             + ", ".join(LAUNCH_TARGETS) + " (serving engines for inference, trainers for training);"
                             " with --json, the JSON carries it under \"launch\" (each command's argv, the files,"
                             " the whole text)")


def _add_ranking_flags(parser: argparse.ArgumentParser) -> None:
    """The goals and limits, what the ranking minimises and which cards it may list: one set for
    ``recommend`` and ``report`` (whose summary ranks its alternatives, and without ``--card`` its
    recommendation, as ``recommend`` does with the same flags)."""
    add_question_flags(parser)  # --objective, --domestic-only, --cards, --consumer: over a scenario file's
    add_constraint_flags(parser)
    parser.add_argument("--vendor", action="append", default=[], help="only this vendor (repeatable)")
    parser.add_argument("--software", metavar="FRAMEWORKS", help=SOFTWARE_HELP)
    parser.add_argument("--classes", help="card classes to consider, comma separated (default: by workload)")
    parser.add_argument("--owned", metavar="ID:COUNT",
                        help="cards already owned, e.g. h100-sxm:16: not bought (nor the servers SXM/OAM modules "
                             "come in), already delivered")


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, built once a process (about 30 ms: every registry flag with its
    range and help); parsing does not change it."""
    parser = CommandParser(prog="gpu-configurator", description=DESCRIPTION, epilog=EPILOG,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"gpu-configurator {__version__}")
    parser.add_argument("--catalog-overlay", type=Path, help="user catalog file (default: user data dir)")
    sub = parser.add_subparsers(dest="command", parser_class=CommandParser)
    est = sub.add_parser("estimate", help="memory, speed, power and cost of one configuration")
    add_scenario_flags(est)
    add_constraint_flags(est)
    est.add_argument("--json", action="store_true", help=JSON_HELP)
    _add_launch_flag(est)
    est.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    rec = sub.add_parser("recommend", help="rank every card (and count) for a scenario")
    add_scenario_flags(rec)
    _add_ranking_flags(rec)
    rec.add_argument("--limit", type=whole_number, default=10, help="how many to list")
    rec.add_argument("--json", action="store_true", help=JSON_HELP)
    rec.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    pln = sub.add_parser("plan", help="the best training layouts for one card and count, and why the others lose; for "
                         "serving, every layout weighed and its Pareto front")
    add_scenario_flags(pln)
    add_constraint_flags(pln)  # its serving plan is checked at --ttft-ms / --tpot-ms, which --use's help names
    pln.add_argument("--top", type=whole_number, default=5, help="how many layouts to list")
    pln.add_argument("--json", action="store_true", help=JSON_HELP)
    _add_launch_flag(pln)
    pln.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    rep = sub.add_parser("report", help="write the configuration summary (.pdf .md .csv .json)")
    rep.add_argument("scenario_file", nargs="?", type=Path, metavar="SCENARIO.gpuconf.json",
                     help="scenario file (or give the scenario flags)")
    rep.add_argument("-o", "--output", type=Path, required=True, help="output file; format from the extension")
    rep.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the summary")
    add_scenario_flags(rep)
    _add_ranking_flags(rep)
    cat = sub.add_parser("catalog", help="list or show cards")
    cat_sub = cat.add_subparsers(dest="catalog_command", required=True, parser_class=CommandParser)
    lst = cat_sub.add_parser("list", help="all cards")
    lst.add_argument("--class", dest="card_class", choices=CARD_CLASSES,
                     help="cards of this class, or that their vendor also positions for it (the catalog's also_classes)")
    lst.add_argument("--software", metavar="FRAMEWORKS", help=SOFTWARE_HELP)
    lst.add_argument("--json", action="store_true", help=JSON_HELP)
    lst.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    show = cat_sub.add_parser("show", help="one card with its sources")
    show.add_argument("card_id", metavar="ID")
    show.add_argument("--json", action="store_true", help=JSON_HELP)
    show.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    cat_sub.add_parser("models", help="model presets")
    add_what_fits_parser(sub)
    for scenario_parser in (est, rec, pln, rep):
        state_ranges(scenario_parser)
    return parser


def _window_charts(analysis, language: str) -> dict:
    """The charts a PDF summary places, drawn by the window's own chart widgets:
    the one use of the app's code besides opening the window (text formats load no Qt)."""
    from configurator.app.report_export import chart_images

    return chart_images(analysis, language)


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
            return _run_report(args, catalog)
        if args.command == "recommend":
            return _run_recommend(args, catalog)
        if args.command == "plan":
            return _run_plan(args, catalog)
        if args.command == "what-fits":
            return run_what_fits(args, catalog, _print_json)
        return _run_catalog(args, catalog)
    except (UsageError, ArchitectureError, CatalogError, ScenarioFileError) as error:
        _say_error(error, _language_of(argv))  # one line, whatever it quotes
        return 2


if __name__ == "__main__":
    sys.exit(main())
