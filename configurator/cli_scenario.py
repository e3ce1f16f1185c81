"""The command line's scenario: the scenario, layout and goal flags read into the scenario they
build, validated, with refusals as one line (the flags themselves: :mod:`configurator.cli_flags`;
the argument types: :mod:`configurator.cli_types`; the usage errors: :mod:`configurator.cli_usage`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from configurator.cli_examples import tokens_of_examples
from configurator.cli_flags import (  # noqa: F401 - the flag table and flag groups, re-exported (cli.py, tests)
    _CONSTRAINT_FLAGS,
    _FIELD_TO_FLAG,
    _FLAG_TO_FIELD,
    _LAYOUT_FLAGS,
    _MONEY_FLAGS,
    GOAL_PATHS,
    READ_AS,
    _dest_of,
    add_constraint_flags,
    add_field_flags,
    add_scenario_flags,
    state_ranges,
)
from configurator.cli_model import model_from_args
from configurator.cli_money import (
    TypedMoney,
    bare_currency,
    in_currency,
    in_yuan_where_meant,
    named_currency,
    read_bare,
)
from configurator.cli_types import (  # noqa: F401 - the argument types, re-exported (cli.py, tests)
    AUTO,
    OFFLOAD_PARTS,
    auto_or,
    decimal_number,
    duration_hours,
    milliseconds,
    offload_parts,
    on_off,
    quantity,
    whole_number,
)
from configurator.cli_usage import CommandParser, UsageError, listed, nearest  # noqa: F401 - re-exported
from configurator.core.architecture import preset
from configurator.core.bounds import error_message
from configurator.core.fields import BY_PATH, REQUESTS_PER_DAY
from configurator.core.catalog import Catalog
from configurator.core.default_job import DEFAULT_MODEL
from configurator.core.currency import (
    CONVERTIBLE,
    PRICE_FILE_CURRENCY,
    CurrencyError,
    currency_code,
    dated_rate,
    shown_currency,
    with_currency,
)
from configurator.core.load import MLPERF_SERVER_LIMITS
from configurator.core.messages import Message, msg
from configurator.core.graphics import rt_generation
from configurator.core.formats import DEFAULT_FORMAT
from configurator.core.published_format import published_default
from configurator.core.scenario import Economics, Graphics, Scenario, Training, updated
from configurator.core.scenario_choices import OFFLOAD_LAYOUT, Workload
from configurator.core.view.names import model_name
from configurator.core.view.fields_read import instead, reads, work_kind
from configurator.core.procurement.prices import (PriceFileError, as_quotes, quote_problems, read_quotes,
                                                   skipped_quotes)
from configurator.core.scenario_io import read_scenario
from configurator.core.workloads import family_of
from configurator.core.workloads.job_defaults import default_card, with_class_load


def _daily_rate(args: argparse.Namespace) -> float | None:
    """``--requests-per-day`` as the request rate it comes to over 24 hours [1/s]; None where not
    given; refused beside ``--requests-per-s`` and outside the rate's range (87 a day at least, as
    the wizard's box)."""
    per_day = getattr(args, "requests_per_day", None)
    if per_day is None:
        return None
    if getattr(args, "requests_per_s", None) is not None:
        raise UsageError(f"argument {REQUESTS_PER_DAY.flag}: not allowed with argument --requests-per-s")
    low, high = REQUESTS_PER_DAY.display_range(with_none=False)
    if not low <= per_day <= high:
        raise UsageError(msg("cli-flag", flag=REQUESTS_PER_DAY.flag, problem=msg(
            "value-outside-range", value=f"{per_day:g}", range=msg("range-between", low=f"{low:,.0f}",
                                                                   high=f"{high:,.0f}"),
            unit=f" {REQUESTS_PER_DAY.unit}")))
    return per_day * REQUESTS_PER_DAY.scale


def _validation_line(error: ValidationError, currency: str | None = None) -> Message:
    """The first problem of ``error`` as one line naming the flag ('--count: 0 is outside the
    range 1 to 1,000,000'), a message to be said in the user's language; an amount's range in
    ``currency``, the scenario's, where given ('--budget: 0 is outside the range 1 to 1e12 [CNY]',
    '[CNY/kWh]': they read '[currency]' until December 2026)."""
    loc, problem = error_message(error, Scenario)
    if currency and problem.id == "value-outside-range" and "[currency" in problem.params["unit"]:
        problem = msg(problem.id, **{**problem.params, "unit": problem.params["unit"].replace("currency", currency)})
    entry = BY_PATH.get(".".join(loc))
    if entry is not None and entry.unit and problem.id == "value-outside-range" and not problem.params["unit"]:
        # the unit the registry states where the model's description has none
        problem = msg(problem.id, **{**problem.params, "unit": f" {entry.unit}"})
    flag = _FIELD_TO_FLAG.get((loc[0], loc[1]) if len(loc) >= 2 else (None, loc[0] if loc else ""))
    if flag is None and len(loc) == 2 and loc[0] == "constraints":
        flag = next((f"--{k.replace('_', '-')}" for k, v in _CONSTRAINT_FLAGS.items() if v == loc[1]), None)
    where = flag or ".".join(loc) or "scenario"
    return msg("cli-flag", flag=where, problem=problem)


def scenario_from_args(args: argparse.Namespace, catalog: Catalog) -> Scenario:
    """Build and validate the scenario from a file and/or flags."""
    notes: list[Message] = []
    data = read_scenario(args.scenario, notes, answers=True).model_dump() if args.scenario else {}
    for note in notes:  # a name cut to the bound, an older file's value changed: said, not silent
        print(msg("cli-warning", text=note).text_in(getattr(args, "lang", "en")), file=sys.stderr)
    model = model_from_args(args)
    if model is not None:
        data["model"] = model.model_dump()
    data.setdefault("model", preset(DEFAULT_MODEL).model_dump())
    # the planner may put the optimizer in host memory where nothing fits on the cards, unless --offload pins it
    auto = set(data.get("auto_layout", ())) if args.scenario else {*_LAYOUT_FLAGS.values(), OFFLOAD_LAYOUT}
    for flag, field in _LAYOUT_FLAGS.items():
        value = getattr(args, flag, None)
        if value == AUTO:
            auto.add(field)
        elif value is not None:
            auto.discard(field)
    _read_as_the_works_own(args, data)
    if getattr(args, "offload", None) is not None:
        auto.discard(OFFLOAD_LAYOUT)
        training = data.setdefault("training", {})
        for part in OFFLOAD_PARTS:
            training[f"offload_{part}"] = part in args.offload
    data["auto_layout"] = sorted(auto)
    if getattr(args, "global_batch", None) is not None:
        args.global_batch = int(args.global_batch)  # a quantity: 4M is 4,000,000 tokens
    region = getattr(args, "region", None) or data.get("constraints", {}).get("region")
    for dest in _MONEY_FLAGS:  # --region cn --budget 300万: yuan, as 300万元
        if getattr(args, dest, None) is not None:
            setattr(args, dest, in_yuan_where_meant(getattr(args, dest), region))
    data = in_shown_currency(data, args)
    desktops_before = Graphics.model_validate(data.get("graphics", {}))  # the file's (or default) user class and load
    for flag, (section, field) in _FLAG_TO_FIELD.items():
        value = getattr(args, flag, None)
        if value is None or value == AUTO:
            continue
        if hasattr(value, "value"):
            value = value.value
        if isinstance(value, TypedMoney):  # --card-price 12万元: in the scenario's currency
            if (so_far := _valid_or_none(data)) is not None:  # else an earlier flag's value is refused below, one line
                in_range_as_typed(so_far, section, field, value)
            value = money_in(Economics.model_validate(data["economics"]), value, _MONEY_FLAGS[flag],
                              getattr(args, "lang", "en"))
        if section is None:
            data[field] = value
        else:
            data.setdefault(section, {})[field] = value
    reference = getattr(args, "reference_card", None)
    if reference is not None:
        if reference not in catalog:
            raise UsageError(msg("cli-flag", flag="--reference-card", problem=catalog.unknown_message(reference)))
        tflops = catalog.get(reference).fp32_tflops
        if tflops is None:
            raise UsageError(msg("cli-no-fp32-rate", card=reference))
        data.setdefault("graphics", {}).update(reference_card=reference, reference_fp32_tflops=tflops,
                                               reference_rt_generation=rt_generation(catalog.get(reference)))
    spelled = {card_id.lower(): card_id for card_id in catalog.ids()}  # --card H100-SXM: the catalog's h100-sxm
    if isinstance(data.get("card_id"), str) and data["card_id"] not in catalog:
        data["card_id"] = spelled.get(data["card_id"].strip().lower(), data["card_id"])
    if (refused := tokens_of_examples(data, args)) is not None:
        raise UsageError(refused)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise UsageError(_validation_line(error, data.get("economics", {}).get("currency"))) from None
    refuse_unread_flags(scenario.workload, _scenario_flags_given(args))
    refuse_dense_moe_flags(scenario, _scenario_flags_given(args))
    scenario = with_class_load(scenario, desktops_before,  # --user-class designer: a designer's load
                               typed=getattr(args, "shading", None) is not None)
    if not args.scenario and getattr(args, "seq", None) is None:  # the family's default for this model
        seq_len = family_of(scenario.workload).default_seq_len(scenario)
        if seq_len != scenario.training.seq_len:
            scenario = updated(scenario, training={"seq_len": seq_len})
    if not args.scenario and getattr(args, "card", None) is None and default_card(scenario) in catalog:
        scenario = updated(scenario, card_id=default_card(scenario))  # the work's own: desktops an L40S
    if scenario.card_id not in catalog:
        raise UsageError(catalog.unknown_message(scenario.card_id))
    if getattr(args, "precision", None) is not None and published_default(scenario) is not None:
        # --precision bf16 typed for a model published in fewer bits (DeepSeek's FP8): served as typed
        scenario = updated(scenario, serving={"weight_format": DEFAULT_FORMAT[scenario.precision].value})
    language = getattr(args, "lang", "en")
    if getattr(args, "quotes", None) is not None:
        scenario = _with_quotes(scenario, args.quotes, language)
    for problem in quote_problems(scenario.economics):  # the file's quotes or --quotes'
        print(msg("cli-warning", text=problem).text_in(language), file=sys.stderr)
    return scenario


def typed_paths(args: argparse.Namespace) -> tuple[str, ...]:
    """The dotted field paths the command line's flags gave (``training.tokens`` for ``--tokens 1B``, ``model`` for
    ``--model``, ``--model-config`` or ``--params``, ``training.tokens`` for ``--examples`` too): what the job line
    never calls a default (:func:`~configurator.core.view.job_view.asked_defaults`)."""
    paths = [path for _, path in _scenario_flags_given(args)]
    if any(getattr(args, flag, None) is not None for flag in ("model", "model_config", "params")):
        paths.append("model")
    if getattr(args, "examples", None) is not None:
        paths.append("training.tokens")
    return tuple(paths)


def _scenario_flags_given(args: argparse.Namespace) -> list[tuple[str, str]]:
    """(flag, field path) of each scenario flag given a value on the command line ('auto' leaves a
    field to the planner: not a value), ``--offload`` and ``--reference-card`` included."""
    given = []
    for flag, (section, field) in _FLAG_TO_FIELD.items():
        value = getattr(args, flag, None)
        if value is not None and value != AUTO:
            path = f"{section}.{field}" if section else field
            given.append((BY_PATH[path].flag, path))
    if getattr(args, "offload", None) is not None:
        given.append(("--offload", "training.offload_optimizer"))
    if getattr(args, "reference_card", None) is not None:
        given.append(("--reference-card", "graphics.reference_card"))
    return given


def _read_as_the_works_own(args: argparse.Namespace, data: dict) -> None:
    """Move each flag value the work reads as another field (:data:`~configurator.cli_flags.READ_AS`: ``--users``
    for a service) to that field's flag, checked against the range the flag's help states; a usage error where
    both flags are given different values. ``data``: the scenario so far (a file's workload where no
    ``--workload`` is given)."""
    chosen = getattr(args, "workload", None) or data.get("workload") or Scenario.model_fields["workload"].default
    workload = Workload(getattr(chosen, "value", chosen))
    for (path, work), field_path in READ_AS.items():
        entry, other = BY_PATH[path], BY_PATH[field_path]
        value = getattr(args, _dest_of(entry), None)
        if work != work_kind(workload) or value is None:
            continue
        bounds = entry.bounds
        if not bounds.contains(value):
            raise UsageError(msg("cli-flag", flag=entry.flag, problem=msg(
                "value-outside-range", value=f"{value:,}", range=bounds.span(),
                unit=f" {bounds.unit}".rstrip() if bounds.unit else "")))
        given = getattr(args, _dest_of(other), None)
        if given is not None and given != value:
            raise UsageError(msg("cli-flags-same-quantity", flag=entry.flag, value=value, other=other.flag,
                                 given=given, work=f"--workload {workload.value}"))
        setattr(args, _dest_of(other), value)
        setattr(args, _dest_of(entry), None)


def _flag_readers(path: str) -> tuple[Workload, ...]:
    """The workloads that read the flag of the field at ``path``: those that read the field, and those that read
    the flag as another field (:data:`~configurator.cli_flags.READ_AS`: ``--users``, desktops' and services')."""
    return tuple(w for w in Workload if reads(w, path) or (path, work_kind(w)) in READ_AS)


def refuse_unread_flags(workload: Workload, given: list[tuple[str, str]]) -> None:
    """Raise :class:`UsageError` for the first of ``given`` ((flag, field path) pairs) that ``workload``
    does not read (:func:`~configurator.core.view.fields_read.reads`): the answer would silently
    ignore it (``--users 100`` for a chat service sized it for one user: the flag is the virtual
    desktops'); the flag that work reads for the same thing is named where there is one."""
    for flag, path in given:
        if reads(workload, path):
            continue
        work, others = f"--workload {workload.value}", "--workload " + ", ".join(w.value for w in _flag_readers(path))
        better = instead(workload, path)
        if better is not None:
            raise UsageError(msg("cli-flag-not-read-instead", flag=flag, work=work, others=others,
                                 instead=BY_PATH[better].flag))
        raise UsageError(msg("cli-flag-not-read", flag=flag, work=work, others=others))


def refuse_dense_moe_flags(scenario: Scenario, given: list[tuple[str, str]]) -> None:
    """Raise :class:`UsageError` for a mixture-of-experts flag of ``given`` set off its default for a dense model:
    the answer would ignore it, as the editor greys it (``--moe-dispatcher hybridep`` on Llama 3 8B was taken
    without a word, persona44b)."""
    if scenario.model.is_moe:
        return
    for flag, path in given:
        field = path.partition(".")[2]
        if path in _MOE_ONLY and getattr(scenario.training, field) != Training.model_fields[field].default:
            raise UsageError(msg("cli-flag-needs-moe", flag=flag, model=model_name(scenario.model.name)))


_MOE_ONLY = ("training.moe_dispatcher", "training.expert_overlap")


def _with_quotes(scenario: Scenario, path: Path, language: str) -> Scenario:
    """``scenario`` with the quotes of the file at ``path`` (``--quotes``) in its economics, in
    place of any it held: its bills are priced from them. Rows skipped for a problem are named on
    stderr in ``language`` (the others are used); a file with no usable row is refused."""
    try:
        rows = read_quotes(path)
        quotes = as_quotes(rows)
    except PriceFileError as error:
        raise UsageError(msg("cli-flag", flag="--quotes", problem=getattr(error, "said", str(error)))) from None
    skipped = skipped_quotes(path, rows)
    if skipped is not None:  # the rest are used: each row left out is named, on stderr
        for problem in (skipped, *rows.skipped):
            print(msg("cli-warning", text=msg("cli-flag", flag="--quotes", problem=problem)).text_in(language),
                  file=sys.stderr)
    try:
        return updated(scenario, economics={"quotes": quotes})
    except ValidationError as error:
        raise UsageError(_validation_line(error)) from None


def in_shown_currency(data: dict, args: argparse.Namespace) -> dict:
    """The scenario (a file's, or the defaults) with its money in the currency results are shown
    in — ``--currency``, else the file's own when the user chose it, else the language's
    (core/currency.py ``shown_currency``: CNY with ``--lang zh_CN``) — at ``--usd-rate`` or the
    price file's dated rate; every amount and default converted (``with_currency``). A money flag that names no
    currency is read in the question's (:func:`~configurator.cli_money.bare_currency`: ``--currency``, else the one
    the other money flags name, else CNY with ``--region cn``, else the file's, else USD; never the language's) and
    converted with the rest."""
    try:
        base = Scenario.model_validate(data)
    except ValidationError as error:
        raise UsageError(_validation_line(error)) from None
    rate = getattr(args, "usd_rate", None)
    chosen = getattr(args, "currency", None)
    if chosen is not None:
        chosen = args.currency = currency_code(chosen)  # cny and RMB are CNY
    elif base.economics.currency in CONVERTIBLE and dated_rate(named_currency(_money_values(args)) or "") is not None:
        chosen = named_currency(_money_values(args))  # --budget 200万元: the money is yuan, shown in yuan
    try:  # a rate or code out of range is named with its range first
        updated(base, economics={k: v for k, v in (("usd_to_currency", rate), ("currency", chosen)) if v is not None})
    except ValidationError as error:
        raise UsageError(_validation_line(error)) from None
    if rate is not None and chosen is None and base.economics.currency not in CONVERTIBLE:
        chosen = base.economics.currency  # a new rate for the file's own currency
    bare = bare_currency(chosen, getattr(args, "region", None) or base.constraints.region, base.economics.currency)
    for dest in _MONEY_FLAGS:  # --budget 5M: in the question's currency, never the language's
        if getattr(args, dest, None) is not None:
            setattr(args, dest, read_bare(getattr(args, dest), bare))
    target = shown_currency(base.economics.currency, getattr(args, "lang", "en"), chosen)
    if rate is not None and target == PRICE_FILE_CURRENCY:
        raise UsageError(msg("cli-usd-rate-needs-currency", base=PRICE_FILE_CURRENCY))
    if rate is None and target != base.economics.currency and dated_rate(target) is None:
        raise UsageError(msg("cli-currency-needs-rate", code=target))
    try:
        return with_currency(base, target, rate).model_dump()
    except (CurrencyError, ValidationError) as error:
        problem = getattr(error, "said", None) or str(error)  # a currency's refusal said in --lang
        raise UsageError(msg("cli-flag", flag=f"--currency {target}", problem=problem)) from None


def _money_values(args: argparse.Namespace) -> list:
    """The values of the money flags given (``--budget``, ``--card-price``, ``--cloud-price``)."""
    return [getattr(args, dest, None) for dest in _MONEY_FLAGS]


def _valid_or_none(data: dict) -> Scenario | None:
    """The scenario ``data`` holds so far, or None where a value already in it is out of its range (the final
    validation of :func:`scenario_from_args` refuses it in one line)."""
    try:
        return Scenario.model_validate(data)
    except ValidationError:
        return None


def in_range_as_typed(scenario: Scenario, section: str, field: str, value: TypedMoney) -> None:
    """Refuse a money flag's amount outside its field's range as typed, before any conversion: the refusal names
    what was typed in the currency it was read in ('--budget: -5 is outside the range 1 to 10¹² [USD]', not the
    -35.1 yuan a bare -5 becomes with ``--lang zh_CN``)."""
    try:
        updated(scenario, **{section: {field: value.amount}})
    except ValidationError as error:
        raise UsageError(_validation_line(error, value.currency or scenario.economics.currency)) from None


def money_in(economics: Economics, value: TypedMoney, flag: str, language: str) -> float:
    """An amount flag's value in the scenario's currency (:func:`~configurator.cli_money.in_currency`);
    refused where it names a currency the scenario has no rate for."""
    amount = in_currency(economics, value, flag, language)
    if amount is None:
        raise UsageError(msg("cli-money-currency-needs-rate", flag=flag, code=value.currency,
                             currency=economics.currency))
    return amount


def with_constraints(scenario: Scenario, args: argparse.Namespace) -> Scenario:
    """The scenario with the goal and limit flags given (``--deadline``, ``--tpot-ms`` …)."""
    constraints = {}
    if getattr(args, "mlperf", None):
        limits = MLPERF_SERVER_LIMITS[args.mlperf]
        constraints = {"ttft_ms": limits.ttft_ms, "tpot_ms": limits.tpot_ms, "latency_percentile": 99}
    typed = {field: getattr(args, flag) for flag, field in _CONSTRAINT_FLAGS.items()
             if getattr(args, flag, None) is not None}
    for dest, flag in _MONEY_FLAGS.items():
        field = _CONSTRAINT_FLAGS.get(dest)
        if isinstance(typed.get(field), TypedMoney):
            in_range_as_typed(scenario, "constraints", field, typed[field])
            typed[field] = money_in(scenario.economics, typed[field], flag, getattr(args, "lang", "en"))
    constraints |= typed
    given = [(BY_PATH[f"constraints.{field}"].flag, f"constraints.{field}") for field in typed]
    daily = _daily_rate(args)
    if daily is not None:
        constraints["requests_per_s"] = daily
        given.append((REQUESTS_PER_DAY.flag, REQUESTS_PER_DAY.path))
    if getattr(args, "mlperf", None):
        given.append(("--mlperf", "constraints.ttft_ms"))
    refuse_unread_flags(scenario.workload, given)
    if not constraints:
        return scenario
    try:
        return updated(scenario, constraints=constraints)
    except ValidationError as error:
        raise UsageError(_validation_line(error, scenario.economics.currency)) from None
