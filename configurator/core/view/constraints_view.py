"""The constraints a buyer set and whether a configuration meets each, as view rows (issue 24):
what the window's panel, the wizard, the command line and the summary's first page say about
budget, region, deadline, power and latency. Built from the one checker's verdicts
(``Estimate.verdicts``; :mod:`configurator.core.verdicts`), never from a check of its own.

* :func:`constraints_section` — one row per constraint the buyer set: its name, the verdict in
  words (what breaks and by how much, the margin left, or why it cannot be checked), and
  ``met`` / ``not met`` / ``cannot be checked`` as the note.
* :func:`verdict_line` — one such row as a line: its state, then its verdict.
* :func:`latency_targets_phrase` — the latency targets a serving scenario is held to and whose
  they are (shown for serving work only: :func:`targets_held` of an estimate says None for other work) ("first token ≤ 1,000 ms and ≤ 100 ms per token at p90 (default for interactive chat)").
* :func:`verdict_state` — ``met``, ``not met`` or ``cannot be checked`` (a label id);
  :func:`overall_state` the worst of them (a headline's colour).
* :func:`constraints_verdict` — the constraints in a headline's few words, each broken one by how
  much and each unchecked one and why (:func:`verdict_brief`): the window's, the command line's
  and the summary's status line (issue 24, part 4).
* :func:`constraints_columns` — the summary's first-page table: the use, then each constraint with
  what was set (:func:`target_phrase`), the verdict in words and its state;
  :func:`unset_constraints` the ones left open.
Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from configurator.core.message_numbers import latency_unit
from configurator.core.scenario import Scenario
from configurator.core.serving_use import SET, LatencyTargets, batch_filled, latency_targets, unsized_batch
from configurator.core.verdicts import ORIGIN_SET, Verdict
from configurator.core.view.family_view import view_of
from configurator.core.view.names import CONSTRAINT_NAMES, SERVING_USES
from configurator.core.view.rows import Amount, Columns, Phrase, Row, Section, label, write

if TYPE_CHECKING:  # the what-fits question loads the estimator: not at the editor's start
    from configurator.core.what_fits_types import ServingTargets

ORIGIN_LABELS = {"chat": "default for interactive chat", "api": "default for an API", SET: "your targets"}
"""Label ids of whose latency targets they are (``LatencyTargets.*_origin``)."""

ORIGIN_LABEL = {**ORIGIN_LABELS, SET: "your target"}
"""Label ids of whose one latency target it is."""


STATE_TITLES = {"met": "Meets what was asked", "cannot be checked": "Cannot be fully checked",
                "not met": "Does not meet what was asked"}
"""Label ids of a headline's state (:func:`overall_state` of the verdicts, with whether it fits), as a
summary titles its status line."""


def verdict_state(verdict: Verdict, runs: bool = True) -> str:
    """``met``, ``not met`` or ``cannot be checked`` (label ids); ``runs`` False (the configuration
    does not fit, :func:`does_not_run`): a speed constraint is not met, whatever speed the
    estimator still worked out for it."""
    met = shown_met(verdict, runs)
    if met is None:
        return "cannot be checked"
    return "met" if met else "not met"


def shown_met(verdict: Verdict, runs: bool = True) -> bool | None:
    """Whether ``verdict`` is met as the views say it: as the core found it, except a speed
    constraint of a configuration that does not run (``runs`` False), which is not met."""
    return False if not runs and verdict.id in BRIEF_DOES_NOT_RUN else verdict.met


def shown_result(verdict: Verdict, runs: bool = True):
    """The verdict in words (its core message), or :data:`DOES_NOT_RUN` for a speed constraint of
    a configuration that does not run."""
    if not runs and verdict.id in BRIEF_DOES_NOT_RUN:
        return Phrase(DOES_NOT_RUN, {"constraint": CONSTRAINT_NAMES[verdict.id]})
    return verdict.message


def overall_state(verdicts: Iterable[Verdict]) -> str | None:
    """The worst of the verdicts: ``not met`` when any constraint is broken, else ``cannot be
    checked`` when any is unknown, else ``met``; None when the buyer set none (a headline's
    colour: red, amber, green)."""
    states = {verdict_state(v) for v in verdicts}
    for state in ("not met", "cannot be checked", "met"):
        if state in states:
            return state
    return None


def constraints_section(verdicts: Iterable[Verdict], runs: bool = True) -> Section | None:
    """The constraints set, one row each (label: the constraint's name; value: the verdict in
    words; note: met / not met / cannot be checked; key: ``constraint.<id>``); None when the
    buyer set none. ``runs``: as :func:`verdict_state`."""
    rows = tuple(Row(CONSTRAINT_NAMES[v.id], shown_result(v, runs), verdict_state(v, runs), key=f"constraint.{v.id}")
                 for v in verdicts)
    return Section("constraints", "Constraints", rows) if rows else None


def verdict_line(row: Row, language: str) -> tuple[str, str]:
    """A row of :func:`constraints_section` as a line's two parts: its state in brackets ('[met]')
    and its verdict, which names what it measured ('Time to first token 254 ms at p90, within the
    2,000 ms target'). The constraint's name is left out: before the verdict it said the same
    thing twice ('First token: Time to first token …')."""
    return f"[{label(row.note, language)}]", write(row.value, language)


def targets_held(est) -> Phrase | str | None:
    """The latency targets an estimate's serving deployment is held to (:func:`latency_targets_phrase`);
    None for other work. An offline batch job the planner filled (its scenario holds the users it
    filled in) is said as the job without a volume it was asked as."""
    if not view_of(est.scenario.workload).ranking.latency_targets:
        return None
    if batch_filled(est):
        return NO_BATCH_VOLUME
    return latency_targets_phrase(est.scenario)


NO_BATCH_VOLUME = ("none (offline batch: ranked by cost per token); no volume given, so the batch is planned "
                   "full: the largest that fits in memory within the engine's default cap; give the requests a "
                   "day or the users at once to size it to your volume")
"""Label id of an offline batch given neither a request rate nor users at once: the planner then
fills its copies (:func:`~configurator.core.serving_use.unsized_batch`; before session 34 it served
one sequence at a time, Qwen 2.5 72B at 26.51 USD per million tokens against 0.631 USD at 256 at once)."""


NO_TARGETS = "none (offline batch: ranked by cost per token)"
"""Label id of the latency targets of an offline batch, which has none (:func:`latency_targets_phrase`; the
ranking's job line says it so where the batch has no volume either: the job's words say that)."""


def target_amounts(targets: LatencyTargets | ServingTargets) -> tuple[Amount | None, Amount | None]:
    """The time-to-first-token and time-per-output-token targets as every row that names them writes them: in
    ms, the unit of the rows saying what was set, of the verdicts and of the boxes they are typed in (a first
    page said "first token ≤ 1.00 s" over "p90 ≤ 1,000 ms" for one target until December 2026, the goodput
    row "1.00 s" beside "≤ 1,000 ms"; the what-fits question wrote its own until December 2026); None for a
    target not set. ``targets``: a scenario's (:func:`~configurator.core.serving_use.latency_targets`) or the
    what-fits question's (:class:`~configurator.core.what_fits.ServingTargets`) [ms]."""
    return (Amount(targets.ttft_ms / 1000, "ms") if targets.ttft_ms else None,
            Amount(targets.tpot_ms / 1000, "ms") if targets.tpot_ms else None)


def latency_targets_phrase(scenario: Scenario) -> Phrase | str:
    """The latency targets a serving scenario is held to, and whose (the buyer's or the use's
    default); a label id for a use without targets. The caller shows it for serving work only."""
    targets = latency_targets(scenario)
    if not targets.any:
        if unsized_batch(scenario):
            return NO_BATCH_VOLUME
        return NO_TARGETS
    ttft, tpot = target_amounts(targets)
    params = {"ttft": ttft, "tpot": tpot, "percentile": f"p{targets.percentile}",
              "ttft_origin": ORIGIN_LABEL.get(targets.ttft_origin, targets.ttft_origin),
              "tpot_origin": ORIGIN_LABEL.get(targets.tpot_origin, targets.tpot_origin)}
    if not targets.ttft_ms:
        return Phrase("≤ {tpot} per token at {percentile} ({origin})", {**params, "origin": params["tpot_origin"]})
    if not targets.tpot_ms:
        return Phrase("first token ≤ {ttft} at {percentile} ({origin})", {**params, "origin": params["ttft_origin"]})
    if targets.ttft_origin != targets.tpot_origin:  # one typed, the other the use's default: say whose each is
        return Phrase("first token ≤ {ttft} ({ttft_origin}) and ≤ {tpot} per token ({tpot_origin}) at {percentile}",
                      params)
    return Phrase("first token ≤ {ttft} and ≤ {tpot} per token at {percentile} ({origin})",
                  {**params, "origin": params["ttft_origin"]})


# ---- a headline's words and the summary's first page (issue 24, part 4) ----------------------

BRIEF_MISSED = {
    "budget": "over budget by {by}", "deadline": "misses the deadline by {by}",
    "power-cap": "over the power cap by {by}", "rack-power": "over the IT power per server by {by}",
    "throughput": "{by} short of the training throughput needed", "request-rate": "{by} short of the request rate",
    "ttft": "first token {by} over the {percentile} target", "tpot": "{by} per output token over the {percentile} target",
    "vendors": "not made by a vendor asked for",
    "housing": "a workstation board: none in a standard rack server",
}
"""Label ids of a broken constraint in a headline's few words, by verdict id (``{by}``: how far it
misses, with its unit); the region has its own (:func:`verdict_brief`)."""

BRIEF_UNKNOWN = {
    "budget": "budget ({n} items unpriced — enter quotes)", "deadline": "deadline (no time estimated)",
    "power-cap": "power cap (no published board power)", "rack-power": "power per server (no published board power)",
    "throughput": "training throughput (no speed estimated)", "request-rate": "request rate (no speed estimated)",
    "ttft": "first token (no latency estimated)", "tpot": "time per output token (no latency estimated)",
}
"""Label ids of a constraint that cannot be checked and why, in a headline's few words, by verdict id."""

BRIEF_DOES_NOT_RUN = {
    "deadline": "deadline (it does not run)", "throughput": "training throughput (it does not run)",
    "request-rate": "request rate (it does not run)", "ttft": "first token (it does not run)",
    "tpot": "time per output token (it does not run)",
}
"""Label ids of a speed constraint broken by a configuration that does not fit in memory, by verdict
id: it does not run, so the speed the estimator still works out for it (a first token of 16,758,566
ms, 0.07 requests/s for 1 × H100 with Llama 3 70B) is no figure to show a buyer."""

DOES_NOT_RUN = "{constraint}: it does not fit in memory, so it does not run"
"""The constraints table's result for such a constraint (label id; ``{constraint}``: its name)."""


def does_not_run(est) -> bool:
    """An AI configuration that does not fit in memory: it does not run, and its speed constraints
    are broken without a figure (graphics say how much of the load they carry instead)."""
    return est.graphics is None and not est.fits


REGION_BRIEF = {"export-licence-required": "needs a US export licence for mainland China",
                "export-not-permitted": "not permitted for delivery to mainland China",
                "export-status-unknown": "export status for mainland China unknown",
                "import-barred": "China's customs bar its entry"}
"""Label ids of a card that cannot be delivered to mainland China, by the region verdict's message id."""


def _by(verdict: Verdict) -> Amount:
    """How far ``verdict`` misses, in its unit (money, hours, watts, ms, a rate)."""
    unit = verdict.unit
    if verdict.id == "budget":
        return Amount(verdict.by, unit, money=True)
    if unit == "kW":
        return Amount(verdict.by * 1000, "W")
    if unit == "ms":  # seconds from 10 s up (message_numbers.latency_unit, the messages' rule)
        return Amount(verdict.by / 1000, latency_unit(verdict.by)[1])
    if verdict.id == "deadline" and verdict.by is not None:
        # a gap to the deadline in its own unit, as its warning says it (``gaps`` of
        # :func:`~configurator.core.messages.deadline_msg`, :func:`~configurator.core.view.numbers.duration`):
        # "by 1.32 h", not "by 0.055 days" beside a 3-day deadline (until December 2026 in the deadline's unit)
        return Amount(verdict.by, "h")
    return Amount(verdict.by, unit)


def shortfall(est) -> str:
    """Why an estimate that cannot be used is not an answer, as a words id: an AI configuration
    "does not fit" in memory, a graphics one "does not carry the whole load"."""
    return "does not fit" if est.graphics is None else "does not carry the whole load"


def verdict_brief(verdict: Verdict, runs: bool = True) -> Phrase | str | None:
    """A broken constraint in a headline's few words ("over budget by 6,163,077 CNY", "first token
    1,545 ms over the p90 target"), or one that cannot be checked and why ("budget (2 items
    unpriced — enter quotes)"); None for one that is met. ``runs`` False: the configuration does
    not fit (:func:`does_not_run`), and a speed constraint is named without its figure."""
    if not runs and verdict.id in BRIEF_DOES_NOT_RUN:
        return BRIEF_DOES_NOT_RUN[verdict.id]
    if verdict.met:
        return None
    if verdict.id == "region":
        return REGION_BRIEF.get(verdict.params.get("message", ""), "export status for mainland China unknown")
    if verdict.met is None:
        if verdict.id == "budget" and verdict.basis != "capex":
            return "budget (no cloud price)"
        unpriced = int(verdict.params.get("unpriced", 0))
        template = "budget (1 item unpriced — enter a quote)" if verdict.id == "budget" and unpriced == 1 \
            else BRIEF_UNKNOWN[verdict.id]
        return Phrase(template, {"n": unpriced})
    template = BRIEF_MISSED[verdict.id]
    if verdict.id == "budget" and verdict.params.get("unpriced"):
        template = "over budget by at least {by}"
    return Phrase(template, {"by": _by(verdict), "percentile": verdict.basis})


def _listed(parts: list) -> Phrase:
    """Phrases one after another with '; ' (a label id) between them."""
    return Phrase("{sep}".join(f"{{p{i}}}" for i in range(len(parts))),
                  {"sep": "; ", **{f"p{i}": part for i, part in enumerate(parts)}})


def constraints_verdict(verdicts: Iterable[Verdict], runs: bool = True) -> Phrase | None:
    """What the constraints checked come to, for a headline: how many are broken and each by how
    much, how many cannot be checked and why ("breaks 2 of 4 constraints: over budget by 6,163,077 CNY;
    needs a US export licence for mainland China"), else "meets all 4 constraints"; None when none was
    checked. The count is of one set whatever the outcome, the buyer's constraints and a serving use's
    default latency targets together, and where defaults are among them it says which ("breaks 1 of 4
    constraints (2 you set and the default latency targets for interactive chat)"; until December 2026
    the same estimate within budget read "meets both constraints", the defaults counted only when one
    broke: persona 45b). Every one broken is said as every one met is ("breaks both constraints", "breaks
    all 3 constraints", "breaks the default latency targets for interactive chat"; "breaks 2 of 2" and
    "违反 2 项约束中的 2 项" until session 48). A bill that cannot be built (the ``housing`` rule, no constraint
    the buyer set: :func:`~configurator.core.procurement.host.housing_verdict`) is said first, apart from the
    count ("cannot be built: a workstation board: none in a standard rack server; meets the one constraint set")."""
    verdicts = tuple(verdicts)
    built = [Phrase("cannot be built: {why}", {"why": verdict_brief(v, runs)}) for v in verdicts if v.id == "housing"]
    verdicts = tuple(v for v in verdicts if v.id != "housing")
    if built:
        counted = constraints_verdict(verdicts, runs)
        return _listed(built + ([counted] if counted is not None else []))
    if not verdicts:
        return None
    total = len(verdicts)
    broken = [verdict_brief(v, runs) for v in verdicts if shown_met(v, runs) is False]
    unknown = [verdict_brief(v) for v in verdicts if shown_met(v, runs) is None]
    checked = _checked(verdicts)
    if not broken and not unknown:
        return _all_met(verdicts, checked)
    parts = []
    for found, one, several in ((broken, "breaks", "breaks {n} of {total} constraints"),
                                (unknown, "cannot check", "cannot check {n} of {total} constraints")):
        if not found:
            continue
        if total == 1:
            template = f"{one} the one constraint set: {{list}}" if checked is None else f"{one} {{checked}}: {{list}}"
        elif found is broken and len(found) == total:  # "breaks both", not "breaks 2 of 2" (违反 2 项约束中的 2 项)
            every = "breaks both constraints" if total == 2 else "breaks all {n} constraints"
            template = f"{every}: {{list}}" if checked is None else "breaks {checked}: {list}" \
                if all(v.origin != ORIGIN_SET for v in verdicts) else f"{every} ({{checked}}): {{list}}"
        else:
            template = f"{several}: {{list}}" if checked is None else f"{several} ({{checked}}): {{list}}"
        parts.append(Phrase(template, {"n": len(found), "total": total, "list": _listed(found), "checked": checked}))
    return _listed(parts)


DEFAULT_TARGETS = {"chat": ("the default latency target for interactive chat",
                            "the default latency targets for interactive chat"),
                   "api": ("the default latency target for an API", "the default latency targets for an API")}
"""Label ids of the latency targets a serving use gives when the buyer set none (``Verdict.origin``), one
and several, as a headline says they were checked."""


def _checked(verdicts: tuple[Verdict, ...]) -> Phrase | str | None:
    """Which constraints a headline's count is of, where a serving use's default latency targets are
    among them ("2 you set and the default latency targets for interactive chat", or the defaults alone);
    None where the buyer set every one."""
    typed = sum(v.origin == ORIGIN_SET for v in verdicts)
    defaults = [v for v in verdicts if v.origin != ORIGIN_SET]
    if not defaults:
        return None
    one, several = DEFAULT_TARGETS.get(defaults[0].origin, DEFAULT_TARGETS["chat"])
    named = one if len(defaults) == 1 else several
    return named if not typed else Phrase("{n} you set and {defaults}", {"n": typed, "defaults": named})


def _all_met(verdicts: tuple[Verdict, ...], checked: Phrase | str | None) -> Phrase:
    """Every constraint met, counted as :func:`constraints_verdict` counts them ("meets both
    constraints", "meets all 4 constraints (2 you set and the default latency targets for interactive
    chat)"); the default latency targets alone named ("meets the default latency targets for interactive
    chat": session 42)."""
    total = len(verdicts)
    if checked is None:
        return Phrase({1: "meets the one constraint set", 2: "meets both constraints"}.get(  # not "all 2"
            total, "meets all {n} constraints"), {"n": total})
    if all(v.origin != ORIGIN_SET for v in verdicts):
        return Phrase("meets {defaults}", {"defaults": checked})
    return Phrase("meets both constraints ({checked})" if total == 2 else "meets all {n} constraints ({checked})",
                  {"n": total, "checked": checked})


def target_phrase(verdict: Verdict) -> Phrase | str:
    """What the buyer set, with its unit and what it caps ("3,000,000 CNY — capex ceiling (buying)",
    "≤ 1.00 s at p90 (default for interactive chat)", "Mainland China")."""
    v, target = verdict, verdict.target
    if v.id == "budget":
        return Phrase(BUDGET_CAPS[v.basis], {"budget": Amount(target, v.unit, money=True)})
    if v.id == "region":
        return "Mainland China"
    if v.id == "housing":  # a rule, not set: workstation boards (procurement/servers.py rack_server_boards)
        return Phrase("rule: up to {per} boards a deskside workstation, none in a standard rack server",
                      {"per": int(target)})
    if v.id in ("ttft", "tpot"):
        return Phrase("≤ {ms} at {percentile} ({origin})", {
            "ms": Amount(target / 1000, "ms"), "percentile": v.basis,
            "origin": ORIGIN_LABEL.get(v.origin, ORIGIN_LABEL[SET])})
    if v.id == "deadline":
        # the deadline messages' one rule (messages.DAYS_ABOVE_HOURS): 48 h is "within 48 h" beside
        # "within the 48 h deadline", not "within 2.00 days"; 30 days "within 30 days", not "30.0 days"
        return Phrase("within {time}", {"time": Amount(target, "h-set")})
    if v.id == "power-cap":
        return Phrase("≤ {power} power at the desks (average, no PUE)" if v.params.get("desks") else
                      "≤ {power} facility power (average, PUE included)", {"power": Amount(target * 1000, "W")})
    if v.id == "rack-power":
        return Phrase("≤ {power} IT power per server, at the rack's PDU", {"power": Amount(target * 1000, "W")})
    return Phrase("≥ {rate}", {"rate": Amount(target, v.unit)})


BUDGET_CAPS = {"capex": "{budget} — capex ceiling (buying)", "rent-month": "{budget} — rent ceiling, a month",
               "rent-job": "{budget} — rent ceiling, the whole job"}
"""Label ids of what a budget caps, by ``Verdict.basis``."""

CONSTRAINT_HEADINGS = ("Constraint", "Set", "Result", "State")
"""The columns of the first page's table of constraints (label ids)."""


def constraints_columns(est) -> Columns | None:
    """The constraints the buyer set as the summary's first page lists them: for serving work the
    use and the latency targets it holds to, then one row per verdict — its name, what was set
    (with its unit, its basis and whose it is), the verdict in words (by how much it misses, the
    margin left, or why it cannot be checked) and met / not met / cannot be checked; None when
    there is nothing to list."""
    rows = []
    targets = targets_held(est)
    if targets is not None:
        use = est.scenario.serving.use
        rows.append(("Serving use", SERVING_USES[use.value], Phrase("Latency targets: {targets}",
                                                                   {"targets": targets}), ""))
    runs = not does_not_run(est)
    rows += [(CONSTRAINT_NAMES[v.id], target_phrase(v), shown_result(v, runs), verdict_state(v, runs))
             for v in est.verdicts]
    return Columns(CONSTRAINT_HEADINGS, frozenset(), tuple(rows)) if rows else None


UNSET_CHECKED = ("budget", "region", "deadline", "power-cap", "rack-power")
"""Constraints a summary names as not set when the buyer left them open (the deadline only for a job
that ends)."""


def unset_constraints(est) -> tuple[str, ...]:
    """Names (label ids) of the constraints the buyer left open, of :data:`UNSET_CHECKED`: nothing
    was checked against them; at the users' desks or a deskside workstation not the power per server, which has
    no server to check (until December 2026 "Power per server" was listed there for 4 workstations)."""
    from configurator.core.procurement.host import in_office  # start-up deferral, as family_of
    from configurator.core.workloads import family_of  # start-up deferral: the editor imports this module before the estimator loads

    c = est.scenario.constraints
    set_values = {"budget": c.budget, "region": c.region, "deadline": c.deadline_hours,
                  "power-cap": c.power_cap_kw, "rack-power": c.rack_power_kw}
    one_off = family_of(est.scenario.workload).one_off_job
    desks = in_office(est.scenario, est.card)  # no server at a workstation: a power per server is never checked
    return tuple(CONSTRAINT_NAMES[k] for k in UNSET_CHECKED
                 if set_values[k] is None and (k != "deadline" or one_off) and (k != "rack-power" or not desks))
