"""The command line's parser: the six commands (``estimate``, ``recommend``, ``plan``, ``report``,
``catalog``, ``what-fits``) with their flags, ranges, units and help, built once a process."""

from __future__ import annotations

import argparse
import functools
from pathlib import Path

from configurator import __version__
from configurator.cli_ranking import add_question_flags
from configurator.cli_flags import add_constraint_flags, add_scenario_flags, state_ranges
from configurator.cli_types import whole_number
from configurator.cli_usage import CommandParser
from configurator.cli_what_fits import JSON_HELP, add_what_fits_parser
from configurator.core.catalog import CARD_CLASSES, FRAMEWORKS
from configurator.core.languages import DEFAULT_LANGUAGE, LANGUAGES


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


def add_launch_flag(parser: argparse.ArgumentParser) -> None:
    """``--launch ENGINE`` (``estimate`` and ``plan``)."""
    from configurator.core.launch import LAUNCH_TARGETS

    parser.add_argument("--launch", choices=LAUNCH_TARGETS, metavar="ENGINE",
                        help="print the planned layout as that engine's launch command instead: "
                             + ", ".join(LAUNCH_TARGETS) + " (serving engines for inference, trainers for training,"
                             " torchtune for LoRA and QLoRA only);"
                             " with --json, the JSON carries it under \"launch\" (each command's argv, the files,"
                             " the whole text)")


def add_ranking_flags(parser: argparse.ArgumentParser) -> None:
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
    add_launch_flag(est)
    est.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    rec = sub.add_parser("recommend", help="rank every card (and count) for a scenario")
    add_scenario_flags(rec)
    add_ranking_flags(rec)
    rec.add_argument("--limit", type=whole_number, default=10, help="how many to list")
    rec.add_argument("--json", action="store_true", help=JSON_HELP)
    rec.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    pln = sub.add_parser("plan", help="the best training layouts for one card and count, and why the others lose; for "
                         "serving, every layout weighed and its Pareto front")
    add_scenario_flags(pln)
    add_constraint_flags(pln)  # its serving plan is checked at --ttft-ms / --tpot-ms, which --use's help names
    pln.add_argument("--top", type=whole_number, default=5, help="how many layouts to list")
    pln.add_argument("--json", action="store_true", help=JSON_HELP)
    add_launch_flag(pln)
    pln.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the table")
    rep = sub.add_parser("report", help="write the configuration summary (.pdf .md .csv .json)")
    rep.add_argument("scenario_file", nargs="?", type=Path, metavar="SCENARIO.gpuconf.json",
                     help="scenario file (or give the scenario flags)")
    rep.add_argument("-o", "--output", type=Path, required=True, help="output file; format from the extension")
    rep.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the summary")
    add_scenario_flags(rep)
    add_ranking_flags(rep)
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
