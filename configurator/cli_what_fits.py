"""``gpu-configurator what-fits --owned l40s:8``: which models fit on the cards you own — for
pre-training, fine-tuning (full, LoRA, QLoRA) and serving — at which precisions, with which
layout, and how fast (:mod:`configurator.core.what_fits`); ``what-fits --budget 50万元 --region cn``:
what a budget buys, card by card, and the largest model each task runs on it
(:mod:`configurator.core.what_fits_budget`). Text in English or Chinese, or JSON."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace

from pydantic import ValidationError

from configurator.cli_money import in_yuan_where_meant, typed_bare
from configurator.cli_flags import add_field_flags
from configurator.cli_scenario import in_range_as_typed, in_shown_currency, money_in
from configurator.cli_types import whole_number
from configurator.cli_usage import UsageError, listed
from configurator.core.bounds import error_message, field_bounds
from configurator.core.catalog import Catalog
from configurator.core.fields import BY_PATH
from configurator.core.languages import DEFAULT_LANGUAGE, LANGUAGES
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, Workload, updated
from configurator.core.what_fits import MAX_USERS, owned_scenario, what_fits, with_serving_load
from configurator.core.what_fits_types import INTERACTIVE_TARGETS, LADDER, TASKS, ServingTargets, WhatFits, model_choice
from configurator.core.what_fits_json import result_to_dict
from configurator.core.what_fits_budget import BudgetFits, budget_result_to_dict, budget_start, what_budget_fits

OFFLOAD_CHOICES = ("auto", "none")
"""``what-fits --offload``: the CPU offload left to the planner (as ``plan`` leaves it), or pinned off."""

QUESTION_PATHS = ("parallelism.cards_per_node", "training.seq_len", "training.tokens", "constraints.deadline_hours",
                  "serving.context", "serving.prompt_tokens", "serving.output_tokens", "serving.engine")
"""Scenario fields the question takes from the command line (their flags, ranges and help from
the field registry, ``core/fields.py``)."""

TARGET_PATHS = ("constraints.ttft_ms", "constraints.tpot_ms", "constraints.latency_percentile")
"""The latency targets a serving row's users must meet (default: interactive chat)."""


BUDGET_HELP = {
    "budget": "or: what a budget buys, card by card, and the largest model each task runs on it: the most whole "
              "servers (or cards sold singly) whose bill of materials (cards, servers, network, storage, racks) "
              "costs no more (2M is 2,000,000; 200万元, ¥200万 or 200000USD name their currency; a bare amount is "
              "in --currency, else yuan with --region cn, else USD, whatever --lang)",
    "region": "with --budget: where the cards are delivered ('cn': only the cards whose US export status for "
              "China is 'permitted' and that China's customs do not bar; status, not legal advice)",
    "currency": "with --budget: the currency amounts are shown in (default: the one the budget names, else the "
                "language's)",
    "deadline": "with --owned: a training row that does not finish its token budget within it reads 'fits, over "
                "the deadline', e.g. the largest model LoRA-tuned in a week: --tasks lora --deadline 1w",
}
"""The help of the flags ``what-fits`` shares with ``recommend`` where its use differs."""


def _dest(path: str) -> str:
    return BY_PATH[path].flag.removeprefix("--").replace("-", "_")


JSON_HELP = ("print one JSON object for scripts: its keys, ids and numbers are the contract; its texts, each "
             "beside its message id, are in English whatever --lang says")
"""The help of every command's ``--json``: the JSON is a machine contract in English (README, "--json for
scripts"); warnings and reasons are message ids, each with its English text, to be worded in any
language through ``configurator.core.messages``."""


def add_what_fits_parser(sub) -> argparse.ArgumentParser:
    """The ``what-fits`` command and its flags."""
    parser = sub.add_parser("what-fits", help="what models fit on the cards you own (training, fine-tuning, "
                                              "serving), with layout and speed")
    asked = parser.add_argument_group("the cards: exactly one of --owned and --budget")
    asked.add_argument("--owned", metavar="ID:COUNT",
                       help="the cards you own, e.g. l40s:8 (see 'catalog list')")
    add_field_flags(asked, "constraints.budget", "constraints.region", "economics.currency")
    asked.add_argument("--users", metavar="N", type=_users,
                       help="with --budget: serving counts where the cards hold at least N users within the "
                            "latency targets (default 1)")
    parser.add_argument("--models", metavar="LIST",
                        help="comma-separated model presets or sizes, e.g. llama3-8b,qwen2.5-72b,32B (default: "
                             + ", ".join(c.size for c in LADDER) + ")")
    parser.add_argument("--tasks", metavar="LIST",
                        help="comma-separated: " + ", ".join(t.value for t in TASKS) + " (default: all)")
    parser.add_argument("--offload", choices=OFFLOAD_CHOICES, default=OFFLOAD_CHOICES[0],
                        help="with --owned: 'auto' (default): a training row that fits only with the optimizer "
                             "(and parameters) in host memory, as 'plan' and 'estimate' plan it, says so and the "
                             "host RAM per server; 'none': the cards' memory alone ('does not fit')")
    question = parser.add_argument_group("the question (training sequence and token budget, serving load)")
    add_field_flags(question, *QUESTION_PATHS)
    for action in (*asked._group_actions, *question._group_actions):  # this command's own words for
        action.help = BUDGET_HELP.get(action.dest, action.help)  # the recommendation's flags
    targets = parser.add_argument_group(
        "latency targets of a served user (default: interactive chat, first token "
        f"{INTERACTIVE_TARGETS.ttft_ms:g} ms, each next {INTERACTIVE_TARGETS.tpot_ms:g} ms, "
        f"p{INTERACTIVE_TARGETS.percentile})")
    add_field_flags(targets, *TARGET_PATHS)
    defaults = {_dest(path): value for path, value in zip(TARGET_PATHS, (
        f"{INTERACTIVE_TARGETS.ttft_ms:,g}", f"{INTERACTIVE_TARGETS.tpot_ms:,g}", INTERACTIVE_TARGETS.percentile))}
    for action in targets._group_actions:  # this command's defaults, not the scenario field's
        if action.dest in defaults:
            action.help = f"{action.help.split(' (default')[0]} (default here: {defaults[action.dest]})"
    parser.add_argument("--json", action="store_true", help=JSON_HELP)
    parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="language of the tables")
    return parser


def _users(text: str) -> int:
    value = whole_number(text)
    if not 1 <= value <= MAX_USERS:
        raise argparse.ArgumentTypeError(f"{value}: 1 to {MAX_USERS:,} users")
    return value


def owned_cards(text: str, catalog: Catalog) -> tuple[str, int]:
    """'l40s:8' -> ('l40s', 8); a usage error for another form or an unknown card."""
    card_id, colon, count_text = text.partition(":")
    if not colon or not count_text.isascii() or not count_text.isdigit():
        raise UsageError(msg("cli-owned-form", example="l40s:8", text=text))
    if card_id not in catalog:
        raise UsageError(msg("cli-flag", flag="--owned", problem=catalog.unknown_message(card_id)))
    count, bounds = int(count_text), field_bounds(Scenario, "count")
    if not bounds.contains(count):
        raise UsageError(msg("cli-cards-range", flag="--owned", count=count, low=int(bounds.low), high=int(bounds.high)))
    return card_id, count


def _question(args: argparse.Namespace, catalog: Catalog) -> tuple[Scenario, float | None, ServingTargets]:
    """The question's scenario, the budget in the scenario's currency (None for ``--owned``) and the
    latency targets."""
    if (args.owned is None) == (args.budget is None):
        raise UsageError(msg("cli-owned-or-budget"))
    for flag in ("users", "region", "currency"):
        if args.budget is None and getattr(args, flag) is not None:
            raise UsageError(msg("cli-budget-only", flag=f"--{flag}"))
    if args.budget is not None and args.deadline is not None:
        raise UsageError(msg("cli-owned-only", flag="--deadline"))
    sections: dict[str, dict] = {}
    for path in QUESTION_PATHS:
        value = getattr(args, _dest(path), None)
        if value is not None:
            section, _, field = path.partition(".")
            sections.setdefault(section, {})[field] = getattr(value, "value", value)
    given = {k: getattr(args, _dest(p)) for k, p in (("ttft_ms", "constraints.ttft_ms"),
                                                     ("tpot_ms", "constraints.tpot_ms"),
                                                     ("percentile", "constraints.latency_percentile"))}
    targets = ServingTargets(**{k: INTERACTIVE_TARGETS.__dict__[k] if v is None else v for k, v in given.items()})
    serving = sections.pop("serving", {})
    load = {k: serving.pop(k, None) for k in ("context", "prompt_tokens", "output_tokens")}
    if serving:
        sections["serving"] = serving
    if args.region is not None:
        sections.setdefault("constraints", {})["region"] = args.region
    try:
        start = owned_scenario(*owned_cards(args.owned, catalog), offload=args.offload == "auto") \
            if args.owned is not None else budget_start(catalog)
        base = with_serving_load(updated(start, **sections), **load)
        updated(base, constraints={"ttft_ms": targets.ttft_ms, "tpot_ms": targets.tpot_ms,
                                   "latency_percentile": targets.percentile})
    except ValidationError as error:
        raise UsageError(_flag_line(error)) from None
    if args.budget is None:
        return base, None, targets
    return *_with_budget(base, args), targets


def _with_budget(base: Scenario, args: argparse.Namespace) -> tuple[Scenario, float]:
    """``base`` in the currency results are shown in and the budget in it, read as ``recommend
    --budget`` reads it (``--region cn --budget 50万``: yuan; ``200,000 USD``: dollars)."""
    args.budget = in_yuan_where_meant(args.budget, args.region)
    base = Scenario.model_validate(in_shown_currency(base.model_dump(), args))
    in_range_as_typed(base, "constraints", "budget", args.budget)
    budget = money_in(base.economics, args.budget, "--budget", args.lang)
    try:
        updated(base, constraints={"budget": budget})  # its range, as the scenario's check names it
    except ValidationError as error:
        raise UsageError(_flag_line(error)) from None
    return base, budget


def _flag_line(error: ValidationError) -> Message:
    """A refusal that names the field's flag where the registry has one ('--seq: …')."""
    loc, problem = error_message(error, Scenario)
    entry = BY_PATH.get(".".join(loc))
    return msg("cli-flag", flag=entry.flag if entry is not None else ".".join(loc) or "scenario", problem=problem)


def _choices(args: argparse.Namespace) -> tuple[tuple, tuple[Workload, ...]]:
    models = LADDER
    if args.models is not None:
        try:
            models = tuple(model_choice(t) for t in args.models.split(",") if t.strip())
        except ValueError as error:
            raise UsageError(msg("cli-flag", flag="--models", problem=str(error))) from None
        if not models:
            raise UsageError(msg("cli-models-empty"))
    tasks = TASKS
    if args.tasks is not None:
        names = listed("--tasks", args.tasks, tuple(t.value for t in TASKS), "cli-unknown-task")
        tasks = tuple(t for t in TASKS if t.value in names)
    return models, tasks


def _with_deadline(out: dict, answer: WhatFits) -> dict:
    """The JSON answer with the deadline asked (``--deadline``, hours) and each training row's
    ``within_deadline`` (:func:`configurator.core.view.what_fits_view.within_deadline`; null where it
    does not fit); the answer unchanged without one."""
    from configurator.core.view.what_fits_view import within_deadline

    deadline = answer.base.constraints.deadline_hours
    if deadline is None:
        return out
    out["training"]["deadline_hours"] = deadline
    for row, entry in zip(answer.rows, out["rows"], strict=True):
        if row.task.is_training:
            entry["within_deadline"] = within_deadline(row, answer)
    return out


def what_fits_text(answer: WhatFits, language: str = "en") -> str:
    """The answer as text: the heading, the question, then the training and serving tables."""
    from configurator.core.view.printable import single_line
    from configurator.core.view.rows import label, write
    from configurator.core.view.what_fits_view import SECTIONS, heading, question
    from configurator.report.text import columns_text

    lines = [single_line(write(heading(answer), language)),
             *("  " + single_line(write(p, language)) for p in question(answer))]
    for title, columns in SECTIONS:
        table = columns(answer)
        if table.rows:
            lines += ["", label(title, language), *columns_text(table, language)]
    return "\n".join(lines)


def what_budget_fits_text(answer: BudgetFits, language: str = "en", read_in: tuple[str, str] | None = None) -> str:
    """The budget's answer as text: the heading (with the currency a ``--budget`` typed without one was read in:
    ``read_in``, :func:`~configurator.cli_money.typed_bare`), the largest model per task, every card bought, then
    the cards left out."""
    from configurator.core.view.printable import single_line
    from configurator.core.view.rows import label, write
    from configurator.core.view.what_fits_budget_view import SECTIONS, heading, left_out, price_marks
    from configurator.report.text import columns_text

    lines = [single_line(write(heading(answer, read_in), language))]
    for title, columns in SECTIONS:
        lines += ["", label(title, language), *columns_text(columns(answer), language)]
    marks = price_marks(answer)
    lines += ["", *([single_line(write(marks, language))] if marks is not None else []),
              *(single_line(write(m, language)) for m in left_out(answer))]
    return "\n".join(lines)


def run_what_fits(args: argparse.Namespace, catalog: Catalog, print_json: Callable[[object], None]) -> int:
    """Answer the question; print a table (``--lang``) or JSON (``--json``, through the command
    line's one JSON writer ``print_json``; a budget's with ``budget_read_in``, the amount typed without a currency
    and the one it was read in, null where it named one: :func:`~configurator.core.view.job_view.
    budget_read_in_to_dict`)."""
    base, budget, targets = _question(args, catalog)
    models, tasks = _choices(args)
    if budget is not None:
        answer = what_budget_fits(base, catalog, budget, targets, models, tasks, users=args.users or 1)
        if args.json:  # --budget 2M: which currency, said (as recommend's job and estimate say it)
            from configurator.core.view.job_view import budget_read_in_to_dict

            read_in = budget_read_in_to_dict(typed_bare(args.budget))
            print_json({**budget_result_to_dict(answer), "budget_read_in": read_in})
        else:
            print(what_budget_fits_text(answer, args.lang, typed_bare(args.budget)))
        return 0
    # the deadline is the question's (its base's), not the rows': a kept answer for the same rows may
    # hold another deadline (what_fits keeps answers for bases that differ only in their constraints)
    answer = replace(what_fits(base, catalog, targets, models, tasks), base=base)
    if args.json:
        print_json(_with_deadline(result_to_dict(answer), answer))
    else:
        print(what_fits_text(answer, args.lang))
    return 0
