"""The training layout chosen for a scenario with Auto fields: the vectorised search's best
layouts (:mod:`~configurator.core.workloads.training.search`) estimated exactly, the fastest that
fits kept; the global batch moved to the nearest that splits over the cards when it does not, or to
one within :data:`~configurator.core.workloads.training.grid.BATCH_ROUNDING` that splits over more
data-parallel ranks when that trains :data:`WIDER_BATCH_GAIN` faster."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from configurator.core.catalog import Card
from configurator.core.economics import job_costs, price_basis
from configurator.core.messages import Message, msg
from configurator.core.precision import plan_training
from configurator.core.scenario import Recompute, Scenario, updated_or_none
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.training_stage_memory import stage_memories, training_memory
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import global_batch_tokens, unplanned, with_layout
from configurator.core.workloads.memo import remembered
from configurator.core.workloads.training.estimate import (
    LayoutBasis,
    estimate_training,
    layout_basis,
    layout_outcome,
    training_basis,
)
from configurator.core.workloads.training.grid import BATCH_MOVE_LIMIT, batch_moves, wider_scenarios  # noqa: F401
from configurator.core.workloads.training.offload import host_fits, offload_planned, offload_planned_in, offloaded
from configurator.core.workloads.training.search import (
    Layout,
    TrainingPlan,
    plan_training_layout,
    plan_training_layouts,
)

PLANNED_CANDIDATES = 3
"""Layouts the planner ranks first that are re-estimated exactly before one is chosen."""


def assemble(scenario: Scenario, card: Card) -> Estimate:
    """The training estimate: of the planned layout when fields are Auto (a CPU offload the planner chose
    taken off first, :func:`offload_left_open`), else of the one stated."""
    if scenario.auto_layout:
        return planned_training(offload_left_open(scenario), card)
    return estimate_training(scenario, card, training_basis(scenario, card))


def offload_left_open(scenario: Scenario) -> Scenario:
    """``scenario`` with the CPU offload the planner chose taken off (the offload left to it, ``offload`` in
    ``auto_layout``, and its flags set: a planned scenario), so that planning it again puts the training
    states in host memory only where no layout fits on the cards alone (:func:`_offloaded`); ``scenario``
    itself otherwise. A planned scenario is planned again at other counts: the count search for a deadline
    from a one-card estimate offloaded there timed 56 H100 for Llama 3 8B with the states on the host (26.5
    days) where they fit on the cards (24.9 days)."""
    t = scenario.training
    if OFFLOAD_LAYOUT not in scenario.auto_layout or not (t.offload_optimizer or t.offload_params):
        return scenario
    return updated_or_none(scenario, training={"offload_optimizer": False, "offload_params": False}) or scenario


def estimated(scenario: Scenario, card: Card) -> Estimate:
    """:func:`assemble` through the shared memo (what :func:`configurator.core.estimate.estimate`
    gives for a training scenario)."""
    return remembered(scenario, card, assemble)


def search_counts(scenarios: Sequence[Scenario], card: Card) -> None:
    """The layout searches :func:`planned_training` reads for each of ``scenarios`` (one job at
    several card counts) done together (:func:`~configurator.core.workloads.training.search.
    plan_training_layouts`: one evaluation of every count's layouts, each count's plan kept for
    its estimate; a count already searched is not searched again), with those of the batches near
    each count's that split wider (:func:`_at_wider_batch` tries them): one evaluation for all."""
    planned = [s for s in scenarios if s.auto_layout]
    plan_training_layouts(planned + [n for s in planned for n in wider_scenarios(s, card)], card,
                          top=PLANNED_CANDIDATES, moved=True)


def estimated_counts(scenarios: Sequence[Scenario], card: Card) -> list[Estimate]:
    """:func:`estimated` of each of ``scenarios`` (one job at several card counts), their layout
    searches done together first (:func:`search_counts`)."""
    search_counts(scenarios, card)
    return [estimated(s, card) for s in scenarios]


def _layout_scenario(scenario: Scenario, layout: Layout, batch: int) -> Scenario:
    changes = layout.as_changes(None if "grad_accum" not in scenario.auto_layout else batch)
    training = {**changes["training"], "recompute": layout.recompute}
    return with_layout(scenario, changes["parallelism"], training)


WIDER_BATCH_GAIN = 0.05
"""Least a batch moved within :data:`~configurator.core.workloads.training.grid.BATCH_ROUNDING`
to one that splits over more ranks must speed the job [share of tokens per second]: below it the
batch stated is kept (a move the speed barely repays would change the recipe for nothing)."""


def planned_training(scenario: Scenario, card: Card, plan: TrainingPlan | None = None) -> Estimate:
    """The fastest fitting layout of the planner, estimated exactly. When no layout fits, the plan
    with the optimizer in host memory where the planner may put it there and a layout then fits
    (:func:`_offloaded`), else the lightest (the closest to fitting: its shortfall is the one to
    report) with the reason; when
    the global batch does not split over the cards, the plan at the nearest batch that does; when
    a batch within :data:`~configurator.core.workloads.training.grid.BATCH_ROUNDING` of it splits
    over more data-parallel ranks and trains :data:`WIDER_BATCH_GAIN` faster, the plan there, said."""
    est = _made(_at_wider_batch(scenario, card, _planned_at_batch(scenario, card, plan)), card)
    reason = context_parallel_for_batch(scenario, est.scenario)
    return est if reason is None else replace(est, messages=(*est.messages, reason))


CP_FOR_BATCH = "cp-for-batch"
"""The message of a layout whose context parallelism the batch, not the sequence, called for
(:func:`context_parallel_for_batch`) [message id]."""


def context_parallel_for_batch(asked: Scenario, chosen: Scenario) -> Message | None:
    """Why the planner split each sequence over several cards where the global batch, not the sequence's
    memory, left it no wider data parallelism: ``chosen`` (the layout planned for ``asked``) runs context
    parallelism the planner picked while its batch's sequences do not split over the ``count / (tp·pp)``
    data-parallel ranks of its tensor and pipeline degrees, with the nearest batches that do [message]; None
    otherwise, or where fewer sequences than those ranks leave no batch below. At 56 H100 a Llama 3 8B batch of
    252 sequences of 8,192 tokens splits over at most 28 ranks, and the fastest layout is CP 4 · DP 14; MLPerf
    Training v5.1 runs Llama 3.1 8B as TP 2 · CP 4 on 512 GB200 for the same reason, 64 sequences a step
    (benchmarks/data/held-out.json ``mlperf-training-v5.1-llama31-8b-512xgb200``)."""
    par, seq = chosen.parallelism, chosen.training.seq_len
    if "cp" not in chosen.auto_layout or par.cp <= 1 or not chosen.workload.is_training:
        return None
    ranks = chosen.count // (par.tp * par.pp)
    sequences = global_batch_tokens(chosen) // seq
    low, high = sequences // ranks * ranks, -(-sequences // ranks) * ranks
    if ranks <= 1 or sequences % ranks == 0 or low == 0:
        return None
    batch = global_batch_tokens(asked)
    return msg(CP_FOR_BATCH, cp=par.cp, seq=seq, sequences=sequences, ranks=ranks, count=chosen.count, tp=par.tp,
               pp=par.pp, dp=chosen.data_parallel, low=low * seq, high=high * seq, low_moved=low * seq / batch - 1,
               high_moved=high * seq / batch - 1)


@dataclass(frozen=True)
class Chosen:
    """The layout :func:`_planned_at_batch` chose, its estimate not made yet: what choosing among
    batches reads of that estimate (:func:`_at_wider_batch`, :func:`_at_nearest_batch`) — its
    scenario, its fit (its memory's) and its speed before goodput (goodput moves the hours alone:
    the tokens per second are the estimate's) — with the messages to put first; made
    (:func:`_made`) only when kept (the estimate at the job's batch was made and dropped when a
    batch that splits wider won: 54 of the 189 estimates of the README's 70B question)."""

    scenario: Scenario
    laid: LayoutBasis
    outcome: tuple
    messages: tuple[Message, ...] = ()
    """The messages put first (:func:`_with_first`): the estimate's own follow them once made."""

    @property
    def fits(self) -> bool:
        return self.outcome[0].fits

    @property
    def training(self):
        """The speed before goodput (None without a rate): its tokens per second are the estimate's."""
        return self.outcome[2]


def _made(chosen: Chosen | Estimate, card: Card) -> Estimate:
    """The estimate of ``chosen`` (made at its layout with its messages first; an estimate: itself)."""
    if isinstance(chosen, Estimate):
        return chosen
    c = chosen.scenario
    est = estimate_training(c, card, training_basis(c, card, laid=chosen.laid), chosen.outcome)
    return _with_first(est, *chosen.messages) if chosen.messages else est


def _at_wider_batch(scenario: Scenario, card: Card, est: Chosen | Estimate) -> Chosen | Estimate:
    """``est`` (the plan at the scenario's batch, or at the nearest that splits when it does not),
    or the plan at a batch near the scenario's that splits over more ranks
    (:func:`~configurator.core.workloads.training.grid.wider_batches`) when both run and that one
    trains :data:`WIDER_BATCH_GAIN` faster, with the reason first: 4,000,000 tokens of 8,192 are
    488 sequences, which 1,024 cards split over 8 ranks at most (a 32-stage pipeline idle a third
    of each step), where 512 sequences (4,194,304 tokens) split over 32."""
    if not est.fits or est.training is None:
        return est  # nothing runs at the batch: its plan says why, not a speed-up
    batch = global_batch_tokens(scenario)
    best, used = est, batch
    for nearby in wider_scenarios(scenario, card):
        if searched_no_faster(nearby, card, best.training.tokens_per_s * (1 + WIDER_BATCH_GAIN)):
            continue  # its estimate would be one of these layouts, none faster: not made only to be dropped
        other = _planned_at_batch(nearby, card)
        asked = global_batch_tokens(nearby)
        if other.scenario.global_batch_tokens != asked or not other.fits or other.training is None:
            continue  # moved again, or no layout fits it: not a batch to offer
        if other.training.tokens_per_s > best.training.tokens_per_s * (1 + WIDER_BATCH_GAIN):
            best, used = other, asked
    if best is est:
        return est
    faster = best.training.tokens_per_s / est.training.tokens_per_s - 1
    moved = next((m for m in est.messages if m.id == "batch-moved"), None)
    if moved is not None:  # the batch did not split: the nearest that does is the one to compare with
        return _with_first(best, msg("batch-moved-wider", count=scenario.count, batch=batch, used=used,
                                     moved=used / batch - 1, dp_used=best.scenario.data_parallel,
                                     nearest=moved.params["used"], dp_nearest=est.scenario.data_parallel,
                                     faster=faster))
    return _with_first(best, msg("batch-widened", count=scenario.count, batch=batch, used=used, moved=used / batch - 1,
                                 dp_asked=est.scenario.data_parallel, dp_used=best.scenario.data_parallel,
                                 faster=faster))


def searched_no_faster(scenario: Scenario, card: Card, bar: float) -> bool:
    """Whether the plan of ``scenario`` (a batch near the job's) is known to train no faster than
    ``bar`` [tokens/s] without estimating it (issue 28): its batch splits, layouts fit, and none of
    the candidates it would re-estimate (:func:`_planned_at_batch`) is searched faster. Their
    searched speeds are their exact estimates' to the last bit (the search runs the estimate's
    formulas on arrays, element by element: what :func:`_as_searched` checks of the first), so
    the estimate made at that batch would be one of them. False when it may be faster, or the
    plan has no layout to compare (then its estimate says)."""
    plan = plan_training_layout(scenario, card, top=PLANNED_CANDIDATES)
    return plan.problem is None and bool(plan.layouts) and not any(x.tokens_per_s > bar for x in plan.layouts)


WIDENED = ("batch-widened", "batch-moved-wider")
"""Messages of an estimate planned at a batch near the scenario's that splits wider (:func:`_at_wider_batch`)."""


def searched_scenario(scenario: Scenario, est: Estimate) -> Scenario:
    """The scenario whose layout search ``est`` (:func:`planned_training` of ``scenario``) chose its
    layout from: ``scenario`` with the training states in host memory where the planner put them there
    (:func:`_offloaded`: its recipe's offload, at its ZeRO stage), at the batch it was planned at when a
    batch that splits wider was taken (the search a table of the layouts weighed should show)."""
    searched = scenario
    if offload_planned_in(est):
        searched = offloaded(searched) or searched
    if not any(m.id in WIDENED for m in est.messages):
        return searched
    return with_layout(searched, {}, {"global_batch_tokens": est.scenario.global_batch_tokens})


def _planned_at_batch(scenario: Scenario, card: Card, plan: TrainingPlan | None = None) -> Chosen | Estimate:
    """:func:`planned_training` at the scenario's batch (moved only when it does not split), the
    fastest fitting candidate's estimate not made yet (:class:`Chosen`)."""
    plan = plan or plan_training_layout(scenario, card, top=PLANNED_CANDIDATES)
    if plan.problem == "batch-does-not-divide":
        return _at_nearest_batch(scenario, card, plan)
    if plan.best is None:
        est = _closest(scenario, card, plan)
        if plan.problem == "no-layout-fits":
            # the lightest layout's exact estimate may fit where the search's did not: then it is the answer
            if not est.fits and (offloaded := _offloaded(scenario, card)) is not None:
                return offloaded
            est = _with_first(est, msg(plan.problem, **plan.problem_values))
        return est
    candidates = [_candidate(scenario, card, plan.layouts[0], plan.global_batch_tokens)]
    if not _as_searched(plan.layouts[0], candidates[0][2]):  # else the first is the fastest that fits
        candidates += [_candidate(scenario, card, layout, plan.global_batch_tokens)
                       for layout in plan.layouts[1:PLANNED_CANDIDATES]]
    # an estimate's fit and tokens per second are its memory's and its speed's (goodput moves the
    # hours alone): the fastest fitting is chosen on them and only it is estimated in full, once kept
    fitting = [c for c in candidates if c[2][0].fits and c[2][2] is not None]
    return Chosen(*(max(fitting, key=lambda c: c[2][2].tokens_per_s) if fitting else candidates[0]))


def _offloaded(scenario: Scenario, card: Card) -> Chosen | Estimate | None:
    """No layout of ``scenario`` fits on the cards: its plan with the training states in host memory as its
    recipe's trainer offloads them (:func:`~.offload.offloaded`) when the planner may put them there and a
    layout then fits, said first with the host memory each server needs (:func:`~.offload.offload_planned`); else None."""
    other = offloaded(scenario)
    if other is None:
        return None
    chosen = _planned_at_batch(other, card)
    if not chosen.fits or not host_fits(chosen.scenario, card):  # no server holds more host memory
        return None
    # the ZeRO stage the offload set stays the planner's (not shown as pinned)
    chosen = replace(chosen, scenario=chosen.scenario.model_copy(update={"auto_layout": scenario.auto_layout}))
    return _with_first(chosen, offload_planned(chosen.scenario, card))


def _candidate(scenario: Scenario, card: Card, layout: Layout, batch: int) -> tuple:
    """``scenario`` at a layout the search ranked, with its layout basis and exact memory, largest
    micro-batch and speed (:func:`layout_outcome`)."""
    candidate = _layout_scenario(scenario, layout, batch)
    laid = layout_basis(candidate, card)
    return candidate, laid, layout_outcome(candidate, card, laid)


def _as_searched(layout: Layout, outcome: tuple) -> bool:
    """Whether the exact estimate of the search's fastest layout fits and has the search's own
    memory [B] and tokens per second to the last bit: the search evaluates the estimate's
    formulas on arrays, element by element (:mod:`~configurator.core.workloads.training.
    layout_speed`), so the runners-up's exact speeds are their searched ones, no faster than the
    first's: re-estimating them cannot change the choice (the fastest fitting, the first on a
    tie). When they differ (a formula the search does not follow), every candidate is re-estimated."""
    memory, _, speed = outcome
    return (memory.fits and speed is not None and speed.tokens_per_s == layout.tokens_per_s
            and memory.total == layout.memory_bytes)


def _with_first(est: Chosen | Estimate, *messages: Message) -> Chosen | Estimate:
    return replace(est, messages=(*messages, *est.messages))


def _closest(scenario: Scenario, card: Card, plan: TrainingPlan) -> Estimate:
    """Nothing fits: the lightest layout the search found, estimated exactly; nothing could be
    searched (no rate): the plainest layout."""
    chosen = _closest_scenario(scenario, plan)
    return estimate_training(chosen, card, training_basis(chosen, card))


def _closest_scenario(scenario: Scenario, plan: TrainingPlan) -> Scenario:
    """``scenario`` at the lightest layout of a plan none of whose layouts fits (its fields alone:
    the layout is not timed for it), or at the plainest when nothing could be searched."""
    return unplanned(scenario) if plan.lightest_row is None else \
        _layout_scenario(scenario, plan.lightest_row.untimed, plan.global_batch_tokens)


def fits_nowhere(scenario: Scenario, card: Card) -> bool:
    """Whether :func:`estimated` of ``scenario`` is known not to fit without making it (issue 28: a
    catalog pass made such estimates in full only to drop them): its layouts are planned, none fits,
    and the exact memory of the lightest — the estimate's own memory (:func:`_closest`: the same
    scenario, its stage memories and ``training_memory``, which is all an estimate's fit reads) —
    does not fit either, nor with the training states in host memory where the planner may put it there
    (:func:`_offloaded`). False when it may fit (then only the estimate says)."""
    if not scenario.auto_layout:
        return False
    plan = plan_training_layout(scenario, card, top=PLANNED_CANDIDATES)
    if plan.problem != "no-layout-fits" or plan.lightest_row is None:
        return False
    chosen = _closest_scenario(scenario, plan)
    memory, _ = training_memory(chosen, stage_memories(chosen, card, plan_training(card, chosen.precision)))
    offloaded_too = None if memory.fits else offloaded(scenario)  # what the estimate plans next
    return not memory.fits and (offloaded_too is None or fits_nowhere(offloaded_too, card))


def batch_message(values: dict) -> Message:
    """The global batch does not split over the cards: the nearest batches that do (one or two;
    none: the batch alone, with no nearest to name)."""
    nearest = values["nearest"]
    if not nearest:
        return msg("batch-does-not-divide-none", batch=values["batch"], count=values["count"])
    if len(nearest) == 1:
        return msg("batch-does-not-divide-one", batch=values["batch"], count=values["count"], nearest=nearest[0])
    return msg("batch-does-not-divide", batch=values["batch"], count=values["count"], low=nearest[0],
               high=nearest[-1])


def _at_nearest_batch(scenario: Scenario, card: Card, plan: TrainingPlan) -> Chosen | Estimate:
    """The plan at the global batch nearest the recipe's that splits over the cards, when it is
    within :data:`BATCH_MOVE_LIMIT` of it (the nearest on the other side when no layout fits the
    nearer and one fits that); else the memory of one sequence per rank with the
    lightest settings left to the planner (ZeRO 3, full recomputation), untimed (a speed at a recipe
    nobody chose would mislead), with the reason."""
    values = plan.problem_values
    batch = values["batch"]
    pinned = () if "grad_accum" in scenario.auto_layout else \
        (msg("batch-accumulation-pinned", accum=scenario.training.grad_accum),)
    if not values["nearest"]:  # nothing the layouts tried can split: the lightest, untimed, with why
        return _untimed_lightest(scenario, card, values, pinned)
    near = batch_moves(batch, values["nearest"])
    moved = [(b, _planned_at_batch(with_layout(scenario, {}, {"global_batch_tokens": b}), card)) for b in near[:1]]
    if moved and not moved[0][1].fits and len(near) > 1:  # the other side, when the nearer has no fitting layout
        moved.append((near[1], _planned_at_batch(with_layout(scenario, {}, {"global_batch_tokens": near[1]}),
                                                 card)))
    if moved:
        used, chosen = next((pair for pair in moved if pair[1].fits), moved[0])
        return _with_first(chosen, msg("batch-moved", batch=batch, count=scenario.count, used=used), *pinned)
    return _untimed_lightest(scenario, card, values, pinned)


def _untimed_lightest(scenario: Scenario, card: Card, values: dict, pinned: tuple[Message, ...]) -> Estimate:
    """The memory of one sequence per rank (the pinned micro-batch and accumulation kept) with the
    lightest settings left to the planner, untimed, with the reason the batch cannot be planned."""
    auto = scenario.auto_layout
    lightest = with_layout(unplanned(scenario), {"zero": 3} if "zero" in auto else {},
                           {**{f: 1 for f in ("micro_batch", "grad_accum") if f in auto},
                            **({"recompute": Recompute.FULL} if "recompute" in auto else {})})
    est = estimate_training(lightest, card, training_basis(lightest, card))
    prices = price_basis(card, lightest.economics, lightest.constraints.region)
    costs = job_costs(lightest, prices, est.power, None, None)
    return _with_first(replace(est, training=None, energy_kwh=None, costs=costs), batch_message(values), *pinned)
