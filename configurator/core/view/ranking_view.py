"""Views of the recommendation's ranking and of the training planner's layouts, as columns of
label ids and rows of values (issue 14, part 5): the command line's ``recommend`` and ``plan``
tables, in English or Chinese. Qt-free.
"""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.procurement.servers import FLOW_THROUGH_IN_SERVER
from configurator.core.desks import PASSIVE_AT_DESK, at_desks
from configurator.core.messages import Message
from configurator.core.recommend import Objective, Recommendation, Result
from configurator.core.view.cost_bases import LICENSED_UNITS, column_per_unit_label, per_unit_label
from configurator.core.view.card_classes_view import class_label
from configurator.core.view.numbers import column_top
from configurator.core.view.price_view import PRICE_HEADING, price_top, price_value
from configurator.core.view.estimate_view import estimate_view, plain, speed_heading, speed_row
from configurator.core.view.latency_column import column_percentile
from configurator.core.view.names import CONSTRAINT_NAMES, OFFLOADED
from configurator.core.view.rows import Amount, Columns, Phrase, Row, Section, Value
from configurator.core.workloads import family_of


def _scored_on_ownership(objective: Objective) -> bool:
    """Whether :func:`_score` shows the cost of ownership per unit of work rather than the score (ranked by speed)."""
    return objective not in (Objective.TCO, Objective.CLOUD, Objective.ENERGY, Objective.FEWEST_CARDS)


def _score(objective: Objective, est: Estimate, value: float, ownership: float | None,
           like: float | None = None) -> Value:
    """The number the ranking minimised, with its unit; ranked by speed (shown in its own column),
    the total cost of ownership per unit of work (``ownership``; None: a price is missing), so that
    the fastest answer is never read without what it costs. ``like``: a cost's column top, its unit."""
    if objective in (Objective.TCO, Objective.CLOUD):  # a cost per unit of work: told apart below one unit
        return Amount(value, est.costs.currency, money=True, per_unit=True, like=like)
    if objective is Objective.ENERGY:
        return Amount(value, "kWh")
    if objective is Objective.FEWEST_CARDS:
        return int(value)
    return None if ownership is None else Amount(ownership, est.costs.currency, money=True, per_unit=True, like=like)


def ranking_cost_label(objective: Objective, scenario) -> Phrase:
    """What the ranking's cost per unit of work is, named: the TCO of the whole bill of materials
    over the scenario's years, or the cloud rent (the panel's column and chart, the command line)."""
    family = family_of(scenario.workload)
    if objective is Objective.CLOUD:
        return per_unit_label(family.cost_unit, "cloud-licences" if family.cost_unit in LICENSED_UNITS else "cloud")
    return per_unit_label(family.cost_unit, "tco", scenario.economics.amortisation_years, family.pace,
                          desks=at_desks(scenario))


def ranking_cost_heading(objective: Objective, scenario) -> Phrase:
    """:func:`ranking_cost_label` short enough for a table column ('TCO/M tokens', 'Rent/M tokens');
    the column's tooltip holds the full label."""
    unit = family_of(scenario.workload).cost_unit
    return column_per_unit_label(unit, "cloud" if objective is Objective.CLOUD else "tco")


def _score_heading(objective: Objective, est: Estimate) -> Value:
    unit = family_of(est.scenario.workload).cost_unit
    if objective in (Objective.TCO, Objective.CLOUD):
        return ranking_cost_label(objective, est.scenario)
    if objective is Objective.FASTEST:  # the speed has its own column: what the speed costs instead
        return ranking_cost_label(Objective.TCO, est.scenario)
    if objective is Objective.ENERGY:
        return Phrase("Energy per {period}", {"period": unit})
    if objective is Objective.FEWEST_CARDS:
        return "Cards"
    row = speed_row(est)
    return "Speed" if row is None else row.label


def _why(reasons: tuple) -> object:
    """A ranked row's "Why": its first reason, and a workstation card's flow-through cooler in a rack
    server after it where the row has one (:func:`~configurator.core.procurement.servers.flow_through_reason`:
    the render farm's RTX PRO 6000 Blackwell Workstation Edition, whichever its rank), or a passive board at a desk
    (``passive-at-desk``: an A40 in a desk's workstation, below the first, whose warnings say it)."""
    if not reasons:
        return ""
    cooler = next((m for m in reasons[1:] if m.id in (FLOW_THROUGH_IN_SERVER, PASSIVE_AT_DESK)), None)
    return reasons[0] if cooler is None else Phrase("{first}; {cooler}", {"first": reasons[0], "cooler": cooler})


def ranking_columns(result: Result, rows_of: tuple[tuple[int, Recommendation], ...] | None = None) -> Columns:
    """The ranked configurations: rank, card count, card, class, how fast, the number ranked on and
    the first reason (a core message); ``rows_of``: other ranked configurations with their ranks (None: the
    listed ranking's, from 1)."""
    listed = tuple(enumerate(result.ranked, 1)) if rows_of is None else rows_of
    if not listed:
        return Columns((), frozenset(), ())
    first = listed[0][1].estimate
    speed, percentile = speed_row(first), column_percentile(first.scenario)
    priced = result.objective in PRICED
    headings = ("#", "Cards", "Card", "Class", "Speed" if speed is None else speed_heading(speed, percentile),
                _score_heading(result.objective, first), *((PRICED[result.objective],) if priced else ()), "Why")
    rows = []
    ests = [rec.estimate for _, rec in listed]  # each column of money in one unit (万元 or 元 in Chinese)
    like = price_top(ests, result.objective)
    score_top = column_top(rec.ownership_per_unit if _scored_on_ownership(result.objective) else rec.score
                           for _, rec in listed)
    for rank, rec in listed:
        est = rec.estimate
        row = speed_row(est, estimate_view(est))
        price = (price_value(est, result.objective, like),) if priced else ()
        rows.append((rank, rec.count, rec.card.name, class_label(rec.card),
                     None if row is None else plain(row.value, percentile=percentile),
                     _score(result.objective, est, rec.score, rec.ownership_per_unit, score_top), *price,
                     _why(rec.reasons)))
    return Columns(headings, frozenset({0, 1, 4, 5}), tuple(rows))


PRICED = {Objective.TCO: PRICE_HEADING[False], Objective.CLOUD: PRICE_HEADING[True]}
"""The column of the price each configuration is ranked at (issue 25), by the objective that ranks on it."""


def below_line_columns(result: Result) -> Columns:
    """The configurations below the line (``Result.below_line``): card count, card, class, how fast,
    and what it breaks — the first broken constraint's verdict in words (which, and by how much),
    with how many more it breaks."""
    if not result.below_line:
        return Columns((), frozenset(), ())
    first = result.below_line[0].estimate
    speed, percentile = speed_row(first), column_percentile(first.scenario)
    headings = ("Cards", "Card", "Class", "Speed" if speed is None else speed_heading(speed, percentile), "Breaks")
    rows = []
    for rec in result.below_line:
        est = rec.estimate
        row = speed_row(est, estimate_view(est))
        rows.append((rec.count, rec.card.name, class_label(rec.card),
                     None if row is None else plain(row.value, percentile=percentile), breaks_cell(rec)))
    return Columns(headings, frozenset({0, 3}), tuple(rows))


TARGETS_NO_COUNT_MEETS = frozenset({"ttft", "tpot", "request-rate"})
"""Serving targets that a row below the line misses only where no count of its card meets them: the count search
returns the fewest cards that meet every target, else the count closest to meeting them
(:func:`~configurator.core.workloads.serving.deployment.closest_serving_deployment`). Such a miss is said before
the budget, which money would meet: until December 2026 (cnserve46) a Chinese buyer's row "256 × Atlas 300I Duo …
Capex 5,392,094 CNY: over budget … (and 1 more)" read as a fleet to buy, the 122 ms a token that no count of
the card gets under 100 ms hidden in the "1 more"."""


def breaks_cell(rec) -> object:
    """What a configuration below the line breaks, in one cell: its first broken constraint's words, with
    how many more it breaks; an export licence it needs first, as the list is ordered by it
    (:func:`~configurator.core.recommend_rows.miss_size`: session 36's 32 × H20 for a buyer in China read
    "Capex 4,572,193 CNY: over budget … (and 1 more)", the licence it needs hidden in the "1 more"); a serving
    latency or load target it misses before the budget (:data:`TARGETS_NO_COUNT_MEETS`).
    """
    reasons = list(rec.reasons)
    if not reasons:
        return ""
    budget = next((v.message for v in rec.estimate.violations if v.id == "budget"), None)
    if budget in reasons[:-1] and any(v.id in TARGETS_NO_COUNT_MEETS for v in rec.estimate.violations):
        reasons.remove(budget)
        reasons.append(budget)
    region = next((v.message for v in rec.estimate.violations if v.id == "region"), None)
    if region is not None and region in reasons[1:]:
        reasons.remove(region)
        reasons.insert(0, region)
    return reasons[0] if len(reasons) == 1 else Phrase("{first} (and {n} more)", {"first": reasons[0],
                                                                                   "n": len(reasons) - 1})


BREAKS_BRIEF = {"ceiling": "{constraint} +{share}", "floor": "{constraint} −{share}"}
"""A broken constraint briefly, by its kind (``Verdict.kind``): its name and by how much it misses, over a ceiling
or short of a floor ('Budget +149 %', '预算超出 149%'; 'Request rate −30 %', '请求率不足 30%'); a rule (the
delivery region) or a miss of no known size is its name alone."""


def breaks_brief(rec) -> object:
    """What a configuration below the line breaks, briefly (:func:`breaks_cell`'s first constraint,
    :data:`BREAKS_BRIEF`; the others it breaks in the tooltip): the limit column's text where its whole words do
    not fit, whole in the cell's tooltip. The recommendation panel's column showed '…' alone for every row below
    the line at 1280 px in Chinese (persona50); None where the first reason is no constraint's verdict."""
    first = breaks_cell(rec)
    first = first.params["first"] if isinstance(first, Phrase) else first
    verdict = next((v for v in rec.estimate.violations if v.message == first), None)
    if verdict is None or verdict.id not in CONSTRAINT_NAMES:
        return None
    name = CONSTRAINT_NAMES[verdict.id]
    return name if verdict.share is None or verdict.kind not in BREAKS_BRIEF else Phrase(
        BREAKS_BRIEF[verdict.kind], {"constraint": name, "share": Amount(verdict.share, "share-whole")})


LOSES_BY = {"tie": "as fast; the simpler layout is preferred", "bubble": "more pipeline bubble",
            "communication": "more exposed communication", "recomputation": "recomputes more",
            "compute": "slower kernels (smaller micro-batch or more overhead)"}
"""Why a layout loses to the planner's choice (``PlannedLayout.loses_by``), as label ids."""


def plan_offload(chosen: Estimate) -> Phrase | None:
    """What the layouts of ``chosen``'s search keep in host memory ('optimizer states, parameters': the CPU
    offload the planner put them to where nothing fit on the cards, or the one pinned), as the estimate's layout
    line names them (``names.OFFLOADED``); None without an offload."""
    t = chosen.scenario.training
    parts = [name for field, name in OFFLOADED.items() if getattr(t, field, False)]
    if not parts:
        return None
    return Phrase(", ".join(f"{{p{i}}}" for i in range(len(parts))), {f"p{i}": n for i, n in enumerate(parts)})


def plan_columns(plan, offload: Value = None) -> Columns:
    """The planner's best layouts for one card and count (``TrainingPlan.layouts``), the chosen one first;
    when none fits, the lightest (the closest to fitting), marked as not fitting. With ``offload``
    (:func:`plan_offload`: every layout searched keeps it), a "CPU offload" column after the ZeRO stage: the
    table read as though 8B full fine-tuning fit 2 × RTX 4090 on the cards alone (persona50b)."""
    shown = plan.layouts or ((plan.lightest,) if plan.lightest is not None else ())
    extra = () if offload is None else (offload,)
    headings = ("tp", "pp", "vp", "cp", "ep", "dp", "zero", *(("CPU offload",) if extra else ()), "recomputation",
                "micro-batch", "gradient accumulation", "Memory per card", "Step time", "MFU", "Loses by")
    rows = tuple((x.tp, x.pp, x.vp, x.cp, x.ep, x.dp, x.zero, *extra, x.recompute.value, x.micro_batch, x.grad_accum,
                  Amount(x.memory_bytes, "B"), Amount(x.step_s, "s"), Amount(x.mfu, "share"),
                  "closest — does not fit" if not x.fits else LOSES_BY.get(x.loses_by, "chosen") if x.loses_by
                  else "chosen") for x in shown)
    text = {7, 8} if extra else {7}  # the offload and the recomputation are words
    return Columns(headings, frozenset(range(13 + len(extra))) - text, rows)


def plan_heading(plan, chosen: Estimate) -> Phrase:
    """'8 × H100 SXM5 80GB: global batch 4,194,304 tokens, 5,120 layouts tried, 1,204 fit' (none fits: said so)."""
    template = "{count} × {card}: global batch {tokens} tokens, {tried} layouts tried, {fit} fit" if plan.fitting \
        else "{count} × {card}: global batch {tokens} tokens, {tried} layouts tried, none fits"
    return Phrase(template, {"count": chosen.scenario.count, "card": chosen.card.name,
                             "tokens": Amount(plan.global_batch_tokens, "count"),
                             "tried": Amount(plan.candidates, "count"), "fit": Amount(plan.fitting, "count")})


def plan_verdict(plan, chosen: Estimate) -> Phrase | None:
    """When no layout fits: that the layout shown is the closest, and how far it misses."""
    if plan.fitting:
        return None
    return Phrase("No layout fits {count} × {card}. Shown: the closest (least memory per card), {need} of {allowed}, "
                  "{short} short per card.",
                  {"count": chosen.scenario.count, "card": chosen.card.name, "need": Amount(chosen.memory.fit_total, "B"),
                   "allowed": Amount(chosen.memory.budget, "B"),
                   "short": Amount(max(0.0, chosen.memory.shortfall), "B")})  # on what the run needs


def step_breakdown(chosen: Estimate) -> Section | None:
    """Where the chosen layout's step goes (the exact estimate), or None for work without steps."""
    t = chosen.training
    if t is None:
        return None
    seconds = (("Step time", t.step_time_s, "step"), ("compute", t.compute_s, "compute"),
               ("memory traffic", t.memory_traffic_s, "memory_traffic"),
               ("tensor parallel (exposed)", t.tensor_parallel_s, "tensor_parallel"),
               ("data parallel (exposed)", t.data_parallel_s, "data_parallel"),
               ("pipeline point-to-point", t.pipeline_p2p_s, "pipeline_p2p"),
               ("context parallel ring (exposed)", t.context_parallel_s, "context_parallel"),
               ("expert parallel all-to-all", t.expert_parallel_s, "expert_parallel"),
               ("CPU offload (exposed)", t.offload_s, "offload"), ("optimizer", t.optimizer_s, "optimizer"))
    rows = [Row(name, Amount(value, "s"), key=key) for name, value, key in seconds]
    rows += [Row("pipeline bubble", Amount(t.bubble_fraction, "share"), key="bubble"),
             Row("MFU", Amount(t.mfu, "share"), key="mfu"),
             Row("Time for the token budget", Amount(t.hours, "h"), key="hours")]
    title = "Chosen layout, step-time breakdown (exact estimate)" if chosen.fits else \
        "Closest layout (does not fit), step-time breakdown if it ran (exact estimate)"
    return Section("step", title, tuple(rows))


RANKED_AFTER_HEADING = ("Ranked after every complete total, each leaving out an unpriced item or the energy "
                        "(no board power):")
"""The heading over the configurations ranked after every complete total that the listed ranking does not reach
(:attr:`~configurator.core.recommend.Result.ranked_after_unlisted`), on every screen that lists them: the command
line's recommendation and the window's table. It names both things a partial total may leave out
(:func:`~configurator.core.procurement.partial.excluded_message`): until December 2026 it named only an item
without a price over 16 × Ascend 910C server, whose total leaves out its energy (buyer51b)."""

TOTAL_EXCLUDES = "total-excludes-"
"""The start of the ids of the sentences saying what a partial total leaves out
(:func:`~configurator.core.procurement.partial.excluded_message`: 'total-excludes-workstation(s)', '-items',
'-named')."""


def total_excludes(rec: Recommendation) -> Message | None:
    """What ``rec``'s total leaves out, as its reasons say it ("The total excludes 1 workstation (not priced: enter
    a quote for workstation-1gpu)", :func:`~configurator.core.recommend_costs.partial_total`); None for a complete
    total. The window's row ranked after every complete total shows it in place of its limit, whatever reason comes
    first (an import stance, a support caution: the command line's "Why" shows the first)."""
    return next((m for m in rec.reasons if m.id.startswith(TOTAL_EXCLUDES)), None)

PARTIAL_TOTAL_BRIEF = "Partial total"
"""The limit column's words for a ranked row whose total leaves something out (:func:`total_excludes` whole in the
cell's tooltip): the ranked rows' limits stay whole in the column (a label id)."""

UNRATED_HEADING = "Not rated: the catalog lacks a figure their speed needs (never ranked)"
"""The heading over the cards the catalog cannot rate (``Result.unrated``) on every screen that
lists them: the command line's recommendation and the window's table."""

NONE_MEETS = "No card meets the scenario's constraints."
"""What a ranking that lists no card says first where its objective can rank (a label id)."""


NONE_RANKED_FOR_FIGURES = "No card can be ranked: those no constraint rules out lack a figure the ranking needs " \
    "(listed as not ranked)."
"""What a ranking that ranks no card says first where some configuration no constraint rules out is listed without
a figure the objective needs (:attr:`~configurator.core.recommend.Result.unpriced`: a price, a rent where the
buyer is, a board power; a label id). Until December 2026 it said :data:`NONE_MEETS` over a 16 × Ascend 910C
server within the 5,000,000 CNY budget and every constraint, its board power unpublished (small50)."""


def none_ranked(result: Result) -> Message | str:
    """Why ``result`` ranks no card, said first by the command line's recommendation and the window's panel
    alike: the objective's own refusal (:attr:`~configurator.core.recommend.Result.not_ranked`: desks by cloud
    rent), else :data:`NONE_RANKED_FOR_FIGURES` where configurations no constraint rules out lack a figure,
    else :data:`NONE_MEETS`."""
    if result.not_ranked is not None:
        return result.not_ranked
    return NONE_RANKED_FOR_FIGURES if result.unpriced else NONE_MEETS


BELOW_LINE_HEADING = "Below the line: each breaks a constraint you set (never ranked)"
"""The heading over the configurations below the line (``Result.below_line``), each breaking a constraint the buyer
set (:func:`below_line_heading`)."""

BELOW_LINE_HEADING_UNBUILT = "Below the line: each breaks a constraint you set or cannot be built (never ranked)"
"""The heading where a row under it breaks only a rule the buyer did not set (:data:`NOT_SET_BY_BUYER`)."""

NOT_SET_BY_BUYER = frozenset({"housing"})
"""Verdicts (``Verdict.id``) that keep a configuration from being ranked though the buyer set no such constraint:
the housing rule (:func:`~configurator.core.procurement.host.housing_verdict`, a workstation board in no standard
rack server)."""


def below_line_heading(result: Result) -> str:
    """The heading over ``result``'s rows below the line, true for every row under it (label id): "each breaks a
    constraint you set", or "… or cannot be built" where a row breaks only a rule the buyer did not set
    (:data:`NOT_SET_BY_BUYER`). The render farm's 48 × RTX PRO 6000 Blackwell Workstation Edition, refused by the
    housing rule alone, sat under "each breaks a constraint you set" until December 2026 (rackboard51's notes)."""
    unbuilt = any(rec.estimate.violations and all(v.id in NOT_SET_BY_BUYER for v in rec.estimate.violations)
                  for rec in result.below_line)
    return BELOW_LINE_HEADING_UNBUILT if unbuilt else BELOW_LINE_HEADING
