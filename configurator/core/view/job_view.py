"""The job a ranking answers, in one line: what the command line's ``recommend`` prints first and the
window's recommendation panel shows over its table (session 48, jobline48). Until December 2026 a ranking
headed "Time for the token budget" never said which budget (a fine-tune's default 1 B tokens when
``--tokens`` was not typed), nor the model, the load, the deadline, the budget or the region it ranked for.

The words are the summary's first page's, reused: the job as the summary's title says it
(:attr:`~configurator.core.view.family_view.FamilyView.job`: 'LoRA fine-tune Llama 3 8B on 1B tokens'), the
latency targets a serving deployment is held to (:func:`~configurator.core.view.constraints_view.
latency_targets_phrase`),
each constraint set as the first page's "Set" column writes it (:func:`~configurator.core.view.constraints_view.
target_phrase`, from the one checker's verdicts) and the budget, region and deadline left open as its "Not set"
row names them (:func:`~configurator.core.view.constraints_view.unset_constraints`). A default the job was asked
with is said as one: the model preset a scenario starts on, the token budget a training run goes through
(:mod:`configurator.core.default_job`). Qt-free.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from configurator.core.architecture import preset
from configurator.core.default_job import DEFAULT_MODEL, DEFAULT_TRAINING_TOKENS
from configurator.core.verdicts import CONSTRAINTS
from configurator.core.view.constraints_view import NO_BATCH_VOLUME, NO_TARGETS, latency_targets_phrase, \
    target_phrase, unset_constraints
from configurator.core.view.family_view import view_of
from configurator.core.view.names import CONSTRAINT_NAMES, REGIONS
from configurator.core.view.rows import Phrase, write
from configurator.core.view.words import words
from configurator.core.messages import Message, msg

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate
    from configurator.core.recommend import Result
    from configurator.core.scenario import Scenario

JOB_LINE = "Job: {parts}"
"""The line's template (a label id): the parts joined by '; '."""

DEFAULTS_SAID = {("model",): "(default model)", ("tokens",): "(default token budget)",
                 ("model", "tokens"): "(default model and token budget)"}
"""Label ids of the defaults a job was asked with, said after the job's words, by which are defaults."""

SAID_APART = frozenset({"region", "ttft", "tpot", "housing"})
"""Verdicts the line does not word one by one: the region is named from the scenario (:data:`REGIONS`: 'other'
has no verdict), the latency targets in one phrase (:func:`_latency_targets`)."""


def budget_read_in(read_in: tuple[str, str] | None, currency: str) -> Message | str:
    """Said after the budget where ``--budget`` named no currency and was read in one other than the results'
    ``currency`` (``--lang zh_CN --budget 5M``: 5M USD, shown as 3,509.85 万元): ' (--budget 5M names no currency:
    read in USD)', '（--budget 5M：未写币种，按 USD 读取）'; '' otherwise. ``read_in``: (the amount typed, the
    currency it was read in; :func:`~configurator.cli_money.typed_bare`). The one wording of the job line, the
    what-fits heading and ``estimate``'s budget line (words49; until December 2026 only the job line said it)."""
    if read_in is None or read_in[1] == currency:
        return ""
    return msg("budget-read-in", typed=read_in[0], currency=read_in[1])


def budget_read_in_to_dict(read_in: tuple[str, str] | None) -> dict | None:
    """A budget typed without a currency as the JSON says it (``budget_read_in``): the amount as typed and the
    currency it was read in (``{"typed": "5M", "currency": "USD"}``), whatever the currency shown; None where
    ``--budget`` named one, or none was given (``read_in``: :func:`~configurator.cli_money.typed_bare`). The one
    shape of ``recommend --json``'s ``job``, ``estimate --json`` and ``what-fits --budget --json`` (small50;
    until December 2026 only recommend's job said it, and only the currency)."""
    return None if read_in is None else {"typed": read_in[0], "currency": read_in[1]}


NOT_SET_NAMED = ("budget", "region", "deadline")
"""The constraints the line names as not set when the buyer left them open (a power cap, a power per server or a
throughput left open is every ranking's case, not news)."""


def shown_estimate(result: Result) -> Estimate | None:
    """The first configuration ``result`` lists (ranked, without a price, or below the line), whose verdicts
    hold the constraints the ranking was checked against; None where it lists none."""
    return next((r.estimate for r in (*result.ranked, *result.unpriced, *result.below_line)), None)


def _job_figures(scenario: Scenario) -> tuple[str | None, float | None]:
    """The model preset the work runs (None: graphics work, whose family's view reads the graphics specifications,
    runs none) and the training token budget (None: work that does not train, or a budget given in examples)
    [tokens]."""
    t = scenario.training
    return (scenario.model.name if view_of(scenario.workload).card_specs == "compute" else None,
            t.tokens if scenario.workload.is_training and t.examples is None else None)


TYPED_PATHS = {"model": "model", "tokens": "training.tokens"}
"""The dotted field path whose typing makes each of the job's figures the buyer's own, never a default: a path
typed, or one under it (``model.layers``)."""


def asked_defaults(scenario: Scenario, typed: Collection[str] | None = None) -> tuple[str, ...]:
    """Which of the job's figures are the defaults a scenario starts on: ``model`` (the preset
    :data:`~configurator.core.default_job.DEFAULT_MODEL`, for work that runs a model) and ``tokens`` (the training
    budget :data:`~configurator.core.default_job.DEFAULT_TRAINING_TOKENS`, not given in examples) — each left as it
    started, not typed: ``typed`` the dotted field paths the buyer gave (the command line's flags, the window's
    edits, :data:`TYPED_PATHS`); None where not known, the value alone deciding. Until December 2026 ``--tokens 1B``
    typed read "(default token budget)", the value being the default's (persona49b)."""
    model, tokens = _job_figures(scenario)
    given = () if typed is None else tuple(typed)

    def was_typed(name: str) -> bool:
        path = TYPED_PATHS[name]
        return any(p == path or p.startswith(path + ".") for p in given)

    return tuple(name for name, default in (("model", model is not None and scenario.model == preset(DEFAULT_MODEL)),
                                            ("tokens", tokens == DEFAULT_TRAINING_TOKENS))
                 if default and not was_typed(name))


def _constraints_set(scenario: Scenario, shown: Estimate | None) -> list:
    """(name, what was set) of each constraint the ranking was checked against, in the checker's order
    (:data:`~configurator.core.verdicts.CONSTRAINTS`): the verdicts of ``shown`` (none without a configuration
    listed) and the region where one is set."""
    region = scenario.constraints.region
    named = [("region", REGIONS[region])] if region is not None else []
    verdicts = () if shown is None else shown.verdicts
    rate_in_job = scenario.serving.concurrency is None  # 'Serve … at 5 requests/s': the job says the rate
    named += [(v.id, target_phrase(v)) for v in verdicts
              if v.id not in SAID_APART and not (v.id == "request-rate" and rate_in_job)]
    return [(CONSTRAINT_NAMES[i], value) for i, value in sorted(named, key=lambda kept: CONSTRAINTS.index(kept[0]))]


def _latency_targets(scenario: Scenario) -> Phrase | str:
    """The latency targets the scenario asked, as the first page names them; an offline batch without a volume
    has none (:data:`NO_TARGETS`: the job's words say it has no volume, the first page's phrase says it again)."""
    targets = latency_targets_phrase(scenario)
    return NO_TARGETS if targets == NO_BATCH_VOLUME else targets


def job_parts(scenario: Scenario, shown: Estimate | None, language: str,
              typed: Collection[str] | None = None, read_in: tuple[str, str] | None = None) -> tuple[str, ...]:
    """The job line's parts in ``language``: the job (with the defaults it was asked with, none typed:
    :func:`asked_defaults`), the latency targets of a serving deployment, each constraint set, and the budget, region
    and deadline left open. ``read_in``: (the amount typed, the currency it was read in) of a budget that named
    none, said where that is not the scenario's (:func:`budget_read_in`)."""
    w = words(language)
    job = view_of(scenario.workload).job(scenario, w)
    defaults = asked_defaults(scenario, typed)
    if defaults:
        job = f"{job}{'' if language == 'zh_CN' else ' '}{w(DEFAULTS_SAID[defaults])}"
    parts = [job]
    if view_of(scenario.workload).ranking.latency_targets:
        parts.append(w("Latency targets: {targets}", targets=write(_latency_targets(scenario), language)))
    colon = w.label(": ")
    read_in = budget_read_in(read_in, scenario.economics.currency)
    for name, value in _constraints_set(scenario, shown):
        said = f"{w.label(name)}{colon}{write(value, language)}"
        if read_in and name == CONSTRAINT_NAMES["budget"]:
            said += read_in.text_in(language)
        parts.append(said)
    open_names = {CONSTRAINT_NAMES[k] for k in NOT_SET_NAMED}
    unset = [name for name in (unset_constraints(shown) if shown is not None else ()) if name in open_names]
    if unset:
        parts.append(f"{w.label('Not set')}{colon}{w.label(', ').join(w.label(n) for n in unset)}")
    return tuple(parts)


def job_line(scenario: Scenario, shown: Estimate | None, language: str = "en",
             typed: Collection[str] | None = None, budget_read_in: tuple[str, str] | None = None) -> str:
    """The job a ranking answers, in one line ('Job: LoRA fine-tune Llama 3 8B on 1B tokens (default token
    budget); Budget: 300,000 USD — capex ceiling (buying); Not set: Delivery region, Deadline'): ``scenario`` the
    question asked, ``shown`` the first configuration the ranking lists (:func:`shown_estimate`), whose verdicts
    are the constraints it was checked against; ``typed``: the field paths the buyer gave (:func:`asked_defaults`);
    ``budget_read_in``: a budget typed without a currency and the one it was read in (:func:`job_parts`)."""
    w = words(language)
    return w(JOB_LINE, parts=w.label("; ").join(job_parts(scenario, shown, language, typed, budget_read_in)))


def job_to_dict(scenario: Scenario, shown: Estimate | None, typed: Collection[str] | None = None,
                budget_read_in: tuple[str, str] | None = None) -> dict:
    """The job of :func:`job_line` as ``recommend --json``'s ``job``: the workload, the model and whether it is the
    default, the training token budget and whether it is the default, the serving load given (users at once, a
    request rate; null where not given), the delivery region, each constraint checked (id, target, unit, basis,
    origin: the verdicts' own fields), the budget, region and deadline left open, the currency a budget typed without
    one was read in with the amount as typed (``budget_read_in``, :func:`budget_read_in_to_dict`; null where it named
    one, or none was given), and the line in English."""
    s, c = scenario, scenario.constraints
    defaults, (model, tokens) = asked_defaults(s, typed), _job_figures(s)
    verdicts = () if shown is None else shown.verdicts
    open_names = {CONSTRAINT_NAMES[k]: k for k in NOT_SET_NAMED}
    unset = [open_names[n] for n in (unset_constraints(shown) if shown is not None else ()) if n in open_names]
    return {"text": job_line(s, shown, "en", typed, budget_read_in), "workload": s.workload.value,
            "model": model, "model_default": "model" in defaults,
            "tokens": tokens, "tokens_default": "tokens" in defaults,
            "users_at_once": s.serving.concurrency, "requests_per_s": c.requests_per_s, "region": c.region,
            "constraints": [{"id": v.id, "target": v.target, "unit": v.unit, "basis": v.basis, "origin": v.origin}
                            for v in verdicts],
            "not_set": unset, "budget_read_in": budget_read_in_to_dict(budget_read_in)}
