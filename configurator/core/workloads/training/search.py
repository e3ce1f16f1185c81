"""Training layout search: every tensor × pipeline × interleaving × ZeRO × recomputation ×
micro-batch layout of a model on ``count`` cards, evaluated as numpy arrays.

The heuristics practitioners state (Narayanan et al. 2021 §3: tensor parallel inside a server,
pipeline across servers, data parallel for the rest; the global batch fixed by the recipe) bound
the search; within them every combination is costed with the estimator's own formulas — the
array-friendly functions of :mod:`configurator.core.formulas` that the single estimate
(:mod:`configurator.core.memory`, :mod:`configurator.core.training_speed`) runs too — and the
fastest that fits wins. The layouts tried are :mod:`~configurator.core.workloads.training.grid`'s;
here they are kept, costed and ranked. The search is a pure
function of (scenario, card); the winner and the runners-up are re-estimated exactly by
:func:`configurator.core.workloads.training.plan.planned_training`. The grids and their memory
shared across the cards and counts of a pass are
:mod:`~configurator.core.workloads.training.shared_grids`'; the answer (:class:`TrainingPlan`, its
layouts) is :mod:`~configurator.core.workloads.training.search_answer`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from configurator.core.catalog import Card
from configurator.core.formulas.states import fit_bytes
from configurator.core.memo import NOT_SEARCHED_FOR_TRAINING, LruMemo
from configurator.core.memory import TIGHT_FIT_HEADROOM, usable_capacity_bytes
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario
from configurator.core.workloads.training.bounded import clear_bounds, fastest_speeds
from configurator.core.workloads.training.grid import batch_moves, clear_options, nearest_batches
from configurator.core.workloads.training.search_answer import (  # noqa: F401 - the answer, re-exported (plan, cli)
    Layout,
    TrainingPlan,
    fastest_layouts,
    lightest_row,
    plan_to_dict,
)
from configurator.core.workloads.training.shared_grids import (
    ORIGIN,
    clear_shared_grids,
    joined_grids,
    shared_grid,
    shared_groups,
    shared_memory,
)
from configurator.core.workloads.training.stage_tables import (
    StageTable,
    clear_stage_tables,
    flat_places,
    stage_tables,
    stage_tables_cached,
)
from configurator.core.workloads.layout import global_batch_tokens, with_layout


PLAN_MEMO_SIZE = 1024
"""Searches kept for reuse by :func:`plan_training_layout`, least recently used dropped first
(a plan is five layouts: well under 1 MiB in all)."""

_PLANS: LruMemo[TrainingPlan] = LruMemo(PLAN_MEMO_SIZE)
_KEYS: LruMemo[SearchKey] = LruMemo(PLAN_MEMO_SIZE)

_stage_tables_cached = stage_tables_cached  # the kept tables, by their old name


def clear_plan_memo() -> None:
    """Forget every kept layout search, grid, grid memory and stage table."""
    _PLANS.clear()
    _KEYS.clear()
    clear_shared_grids()
    clear_options()
    clear_bounds()
    clear_stage_tables()


def plan_training_layout(scenario: Scenario, card: Card, top: int = 5) -> TrainingPlan:
    """The fastest layouts that fit ``scenario.count`` × ``card`` with the global batch kept.

    Pinned fields (those not in ``scenario.auto_layout``) keep the scenario's values. The search
    is a pure function of the scenario less
    :data:`~configurator.core.memo.NOT_SEARCHED_FOR_TRAINING` and the card, so the last
    :data:`PLAN_MEMO_SIZE` are kept: a recommendation with a power cap, a budget or a deadline
    added, or an estimate in another currency, searches each layout grid once.
    """
    return plan_training_layouts([scenario], card, top)[0]


def plan_training_layouts(scenarios: Sequence[Scenario], card: Card, top: int = 5, moved: bool = False
                          ) -> list[TrainingPlan]:
    """:func:`plan_training_layout` of each of ``scenarios`` (the same job at several card counts:
    a sweep over counts, the counts a recommendation tries, and batches near the job's), in their
    order. The searches not kept yet of scenarios that differ by the count and the batch alone
    (:func:`_job_key`) are done together: one memory and one
    step-time evaluation of all their layouts as arrays (issue 28: a count does not re-plan the
    layout family from scratch); each count's answer is what it gets searched alone, and is kept.
    ``moved``: with them, where a scenario's batch does not split over its cards, the search at the
    first batch it is moved to (:func:`~.grid.batch_moves`: what its estimate plans next), kept too."""
    keys = [_search_key(s) for s in scenarios]
    plans = [_PLANS.get((key, s.card_id, top), (card,)) for key, s in zip(keys, scenarios, strict=True)]
    together: dict[str, list[int]] = {}  # the job (less count and batch) -> the places of those to search
    for i, s in enumerate(scenarios):
        if plans[i] is None:
            job = keys[i][0] if len(scenarios) > 1 or moved else ""
            together.setdefault(job, []).append(i)
    for job, places in together.items():
        asked = [scenarios[i] for i in places]
        searched = _plan_counts(asked, card, top, [keys[i] for i in places], job, moved)
        for i, found in zip(places, searched[:len(places)], strict=True):
            plans[i] = _PLANS.put((keys[i], scenarios[i].card_id, top), found, (card,))
        for extra, found in zip(asked[len(places):], searched[len(places):], strict=True):  # the batches moved to
            _PLANS.put((_search_key(extra), extra.card_id, top), found, (card,))
    return plans


def _job_key(scenario: Scenario) -> str:
    """The search key less the count and the global batch: the searches of one job at several
    counts and batches (the planner's batches near the stated one, ``plan.search_counts``) are
    done together, as nothing shared among them reads either — the grid and the speed read each
    row's width and accumulation, the stage tables neither (:func:`~.stage_tables.stage_tables`)."""
    fields = {name: True for name in _NOT_SEARCHED_PER_CARD | {"count"}}
    return scenario.model_dump_json(warnings=False, exclude={**fields, "training": {"global_batch_tokens"}})


SearchKey = tuple[str, str, str]
"""A search's key (:func:`_search_key`): the job's (:func:`_job_key`), the count and the global batch
stated (each as its ``repr``: ``1`` and ``1.0`` differ, as in the scenario's JSON)."""


def _search_key(scenario: Scenario) -> SearchKey:
    """The scenario less :data:`_NOT_SEARCHED_PER_CARD` as a key: :func:`_job_key` with the count and
    the global batch stated, the two fields it leaves out (the same scenarios share it as share
    :func:`~configurator.core.memo.scenario_key` less those fields; one JSON text a scenario, where
    the search key and the job's were two: issue 28), kept for the scenario object (frozen: a
    count's scenario is keyed when the counts are searched together and again when its estimate
    reads its plan)."""
    kept = _KEYS.get("search", (scenario,))
    if kept is None:
        kept = _KEYS.put("search", (_job_key(scenario), repr(scenario.count),
                                    repr(scenario.training.global_batch_tokens)), (scenario,))
    return kept


def _plan_counts(scenarios: list[Scenario], card: Card, top: int, cards_keys: list[SearchKey],
                 job: str = "", moved: bool = False) -> list[TrainingPlan]:
    """The searches of ``scenarios`` (one job at several counts) without the memo (``job``: their
    search key less the count, "" when not written); ``moved``: :func:`plan_training_layouts`',
    the scenarios at the batches moved to appended to ``scenarios`` with their plans."""
    plan = plan_training(card, scenarios[0].precision)
    if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return [TrainingPlan((), global_batch_tokens(s), 0, 0, "no-rate") for s in scenarios]  # nothing to search
    return _search(scenarios, card, top, cards_keys, job, moved)


def _search(scenarios: list[Scenario], card: Card, top: int, cards_keys: list[SearchKey],
            job: str = "", moved: bool = False) -> list[TrainingPlan]:
    """:func:`plan_training_layouts` without the memo, for a card with a rate and one job at
    several counts (the grids and their memory shared with the cards of the same fabric and
    precision plan: :func:`~.shared_grids.shared_grid`, :func:`~.shared_grids.shared_memory`; ``cards_keys``: each
    scenario's search key less the card; ``job``: theirs less the count too, "" when not written,
    under which the stage tables, which read no count, are kept for every count). ``moved``: a
    scenario whose batch does not split is followed by the one at the first batch it is moved
    to (:func:`_moved_to`), appended to ``scenarios`` (a list the caller reads them from) and
    searched with them, its plan after theirs."""
    plans: list[TrainingPlan | None] = [None] * len(scenarios)
    grids = []  # (place, global batch, grid key, grid) of each count with layouts to try
    shared: dict[tuple, dict] = {}  # each grid's kept groups, by its key (:func:`~.shared_grids.shared_groups`)
    asked = len(scenarios)
    for i, (scenario, cards_key) in enumerate(zip(scenarios, cards_keys)):  # grows by the batches moved to
        batch = global_batch_tokens(scenario)
        sequences = batch // scenario.training.seq_len
        grid_key, g, shared[grid_key] = shared_grid(cards_key, scenario, card, sequences)
        if g:
            grids.append((i, batch, grid_key, g))
            continue
        plans[i] = TrainingPlan((), batch, 0, 0, "batch-does-not-divide",
                                {"batch": batch, "count": scenario.count,
                                 "nearest": nearest_batches(scenario, card, sequences)})
        to = _moved_to(scenario, card, top, plans[i]) if moved and i < asked else None
        if to is not None:
            scenarios.append(to)
            cards_keys.append(_search_key(to))
            plans.append(None)
    if not grids:
        return plans
    base = scenarios[grids[0][0]]
    pipelines = tuple(sorted({p for _, _, key, _ in grids for p in shared[key][ORIGIN].pipelines}))
    index, first_table, last_table = stage_tables(base, card, pipelines, job or cards_keys[grids[0][0]])
    memories = shared_memory([key for _, _, key, _ in grids], base, card, [g for *_, g in grids], index,
                             first_table, last_table, [shared[key].get(ORIGIN) for _, _, key, _ in grids])
    capacity = usable_capacity_bytes(card, base.assumptions)  # a stage's capacity (stage_memory)
    context, floor = base.assumptions.cuda_context_gib * 2**30, base.assumptions.allocator_overhead
    largest = max(base.assumptions.allocator_overhead, base.assumptions.allocator_overhead_recompute)
    reach = (capacity - context) * (1 + largest) / (1 + floor) + context  # the most reserved memory that may fit
    timed = []  # (place, batch, grid key, grid, memory, the rows that may be chosen, how many fit)
    for (i, batch, grid_key, g), memory in zip(grids, memories, strict=True):
        fits = memory <= capacity
        # judged again on the peak with the reserve the allocator keeps near the limit: the rows over the card by
        # less than the largest reserve could give back
        over = np.flatnonzero(~fits & (memory <= reach))
        if len(over):
            reserve = first_table.allocator.take(flat_places(first_table, (index.take(g["pp"].take(over)),
                                                                           g["rc"].take(over))))
            fits[over] = fit_bytes(memory.take(over), reserve, floor, context) <= capacity
        if not fits.any():
            smallest = int(np.argmin(memory))
            plans[i] = TrainingPlan((), batch, len(memory), 0, "no-layout-fits",
                                    {"need_gib": memory[smallest] / 2**30, "capacity_gib": capacity / 2**30,
                                     "pinned": ", ".join(scenarios[i].pinned) or "none"},
                                    lightest_row=lightest_row(scenarios[i], card, g, first_table,
                                                              (index[g["pp"]], g["rc"]), memory, smallest))
            continue
        # preferred: the layouts whose usual reserve fits with room (the shown figure), before those that fit only
        # because the allocator gives its cache back near the limit
        comfortable = memory <= capacity * (1 - TIGHT_FIT_HEADROOM)
        ranked = np.flatnonzero(comfortable if comfortable.any() else fits)  # only these can be chosen: timed alone
        timed.append((i, batch, grid_key, g, memory, ranked, int(fits.sum())))
    speeds = _speeds(base, card, timed, [scenarios[t[0]].count for t in timed], index, first_table, top, shared)
    for (i, batch, _, g, memory, ranked, fitting), (kept, speed) in zip(timed, speeds, strict=True):
        plans[i] = TrainingPlan(fastest_layouts(g, memory, ranked[kept], speed, top), batch, len(memory), fitting)
    return plans


def _moved_to(scenario: Scenario, card: Card, top: int, plan: TrainingPlan) -> Scenario | None:
    """``scenario`` at the first batch its estimate moves it to when its batch does not split
    (``plan``: its search's answer; :func:`~.grid.batch_moves`, as the estimate's plan reads
    them), when that search is not kept yet; else None."""
    batch, nearest = plan.problem_values["batch"], plan.problem_values["nearest"]
    for used in batch_moves(batch, nearest)[:1]:
        to = with_layout(scenario, {}, {"global_batch_tokens": used})
        if _PLANS.get((_search_key(to), to.card_id, top), (card,)) is None:
            return to
    return None


def _speeds(scenario: Scenario, card: Card, timed: list[tuple], counts: list[int], index: np.ndarray,
            table: StageTable, top: int, shared: dict[tuple, dict]) -> list[tuple[np.ndarray, dict[str, np.ndarray]]]:
    """:func:`~.bounded.fastest_speeds` of the rows that may be chosen of each count's grid
    (``timed``: :func:`_search`'s, at ``counts`` cards), one evaluation for all the counts: their
    grids joined, with each row's count as the column ``n``: per count, the places in its rows
    of those timed and their speed. ``shared``: each grid's kept groups by its key."""
    if not timed:
        return []
    if len(timed) == 1:
        _, _, grid_key, g, _, ranked, _ = timed[0]
        at = (index.take(g["pp"]), g["rc"])
        return fastest_speeds(scenario, card, g, table, at, [ranked], shared_groups(shared[grid_key], g), top)
    g, starts, groups = joined_grids(timed, counts, shared)
    at = (index.take(g["pp"]), g["rc"])
    return fastest_speeds(scenario, card, g, table, at, [t[5] + start for t, start in zip(timed, starts, strict=True)],
                          groups, top)


_NOT_SEARCHED_PER_CARD = NOT_SEARCHED_FOR_TRAINING | {"card_id"}
"""The scenario fields the grid and its memory do not read: the card is read through its own
object (its fabric and precision plan)."""
