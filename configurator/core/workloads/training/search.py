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
:func:`configurator.core.workloads.training.plan.planned_training`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from configurator.core.catalog import Card
from configurator.core.formulas.states import fit_bytes
from configurator.core.layout_json import searched_layout_to_dict
from configurator.core.memo import NOT_SEARCHED_FOR_TRAINING, LruMemo
from configurator.core.memory import TIGHT_FIT_HEADROOM, usable_capacity_bytes
from configurator.core.precision import plan_training
from configurator.core.scenario import Recompute, Scenario
from configurator.core.workloads.training.bounded import clear_bounds, fastest_speeds, joined_groups
from configurator.core.workloads.training.grid import (
    GridOrigin,
    batch_moves,
    clear_options,
    layout_grid_with_groups,
    nearest_batches,
    tried_axes,
)
from configurator.core.workloads.training.layout_speed import (
    PASS_FIELDS,
    RECOMPUTE,
    Tier,
    coded_tier,
    field_ranks,
    layout_speed,
    tier,
)
from configurator.core.workloads.training.stage_tables import (
    StageTable,
    clear_stage_tables,
    flat_places,
    in_flight_groups,
    layout_memory,
    stage_tables,
    stage_tables_cached,
)
from configurator.core.workloads.layout import global_batch_tokens, with_layout


@dataclass(frozen=True)
class Layout:
    """One evaluated layout with its predicted step and memory."""

    tp: int
    pp: int
    vp: int
    cp: int
    ep: int
    zero: int
    recompute: Recompute
    micro_batch: int
    grad_accum: int
    dp: int
    fits: bool
    memory_bytes: float
    step_s: float
    tokens_per_s: float
    mfu: float
    bubble_s: float
    exposed_comm_s: float
    recompute_s: float
    loses_by: str | None = None
    """Why it is slower than the winner (``bubble``, ``communication``, ``recomputation``,
    ``compute``, or ``tie`` when as fast but more complex), None for the winner."""

    def as_changes(self, global_batch_tokens: int | None) -> dict:
        """The layout as nested changes of a scenario (``global_batch_tokens`` None when the
        accumulation is pinned and the batch follows from it)."""
        return {"parallelism": {"tp": self.tp, "pp": self.pp, "virtual_stages": self.vp, "cp": self.cp, "ep": self.ep,
                                "zero": self.zero},
                "training": {"recompute": self.recompute.value, "micro_batch": self.micro_batch,
                             "grad_accum": self.grad_accum, "global_batch_tokens": global_batch_tokens}}


@dataclass(frozen=True)
class TrainingPlan:
    """The search's answer for one card and count."""

    layouts: tuple[Layout, ...]
    """Fitting layouts, fastest first (at most ``top``); empty when none fits."""
    global_batch_tokens: int
    candidates: int
    fitting: int
    problem: str | None = None
    """Why nothing could be planned: ``batch-does-not-divide``, ``no-layout-fits`` or ``no-rate``."""
    problem_values: dict = field(default_factory=dict)
    lightest_row: LightestRow | None = field(default=None, repr=False, compare=False)
    """When no layout fits: the grid row of :attr:`lightest`, timed when that is first read."""

    @cached_property
    def lightest(self) -> Layout | None:
        """When no layout fits: the one that needs the least memory per card (``fits`` False, timed),
        the closest to fitting; the estimate reports its shortfall rather than a plainer layout's.
        Timed when first read (:class:`LightestRow`): a catalog pass reads only its fields, through
        the estimate of the count (issue 28)."""
        return None if self.lightest_row is None else self.lightest_row.timed()

    @property
    def best(self) -> Layout | None:
        return self.layouts[0] if self.layouts else None

    def __eq__(self, other: object) -> bool:
        """Equal fields, the lightest layout's timing among them."""
        if not isinstance(other, TrainingPlan):
            return NotImplemented
        return (self.layouts, self.global_batch_tokens, self.candidates, self.fitting, self.problem,
                self.problem_values, self.lightest) == (other.layouts, other.global_batch_tokens, other.candidates,
                                                        other.fitting, other.problem, other.problem_values,
                                                        other.lightest)


@dataclass(frozen=True, eq=False)
class LightestRow:
    """The layout of a grid that needs the least memory, kept untimed (:attr:`TrainingPlan.lightest`):
    its one row of the grid (``grid``, ``at``: its place in ``table``) with what timing it reads."""

    scenario: Scenario
    card: Card
    grid: dict[str, np.ndarray]
    table: StageTable
    at: tuple[np.ndarray, np.ndarray]
    memory_bytes: float

    @cached_property
    def untimed(self) -> Layout:
        """The layout with its memory, not timed (its times NaN): what a scenario at it reads."""
        one, nan = self.grid, float("nan")
        return Layout(tp=int(one["tp"][0]), pp=int(one["pp"][0]), vp=int(one["vp"][0]), cp=int(one["cp"][0]),
                      ep=int(one["ep"][0]), zero=int(one["zero"][0]), recompute=RECOMPUTE[int(one["rc"][0])],
                      micro_batch=int(one["mb"][0]), grad_accum=int(one["accum"][0]), dp=int(one["dp"][0]),
                      fits=False, memory_bytes=self.memory_bytes, step_s=nan, tokens_per_s=nan, mfu=nan,
                      bubble_s=nan, exposed_comm_s=nan, recompute_s=nan)

    def timed(self) -> Layout:
        """The layout, timed (:func:`layout_speed` of its row alone: every array one element, the
        same operations on the same values as on the row within its whole grid), marked as not fitting."""
        speed = {k: float(v[0]) for k, v in layout_speed(self.scenario, self.card, self.grid, self.table, self.at,
                                                          np.array([0])).items()}
        return replace(self.untimed, step_s=speed["step_s"], tokens_per_s=speed["tokens_per_s"], mfu=speed["mfu"],
                       bubble_s=speed["bubble_s"], exposed_comm_s=speed["comm_s"], recompute_s=speed["recompute_s"])


def _loses_by(best: dict, other: dict) -> str:
    """The part of the step that makes ``other`` slower than ``best``."""
    gaps = {"bubble": other["bubble_s"] - best["bubble_s"],
            "communication": other["comm_s"] - best["comm_s"],
            "recomputation": other["recompute_s"] - best["recompute_s"]}
    if other["step_s"] <= best["step_s"] * 1.001:
        return "tie"
    reason, gap = max(gaps.items(), key=lambda kv: kv[1])
    return reason if gap > 0.25 * (other["step_s"] - best["step_s"]) else "compute"


PLAN_MEMO_SIZE = 1024
"""Searches kept for reuse by :func:`plan_training_layout`, least recently used dropped first
(a plan is five layouts: well under 1 MiB in all)."""

_PLANS: LruMemo[TrainingPlan] = LruMemo(PLAN_MEMO_SIZE)

SHARED_GRID_MEMO_SIZE = 256
"""Layout grids and their memory per card kept by :func:`_shared_grid` and
:func:`_shared_memory`: a whole catalog pass's, so that a later card at a count an earlier one
tried finds its grid (the README's 70B recommendation makes 182 grids, ~0.2 MiB each; at 64 kept,
24 were made twice: H200's probe of 224 cards again for MI300X, B200's 120 again for MI355X and
MI350X, H100's 128 to 512 again for MI350X; peak memory of the pass 144 -> 158 MiB)."""

_GRIDS: LruMemo[tuple[dict, dict]] = LruMemo(SHARED_GRID_MEMO_SIZE)  # each grid with its kept groups
_MEMORIES: LruMemo[np.ndarray] = LruMemo(SHARED_GRID_MEMO_SIZE)
_KEYS: LruMemo[SearchKey] = LruMemo(PLAN_MEMO_SIZE)
_JOINED: LruMemo[tuple] = LruMemo(16)  # a few counts' grids joined, ~2 MiB each: ~32 MiB at most

_stage_tables_cached = stage_tables_cached  # the kept tables, by their old name


def clear_plan_memo() -> None:
    """Forget every kept layout search, grid, grid memory and stage table."""
    _PLANS.clear()
    _GRIDS.clear()
    _MEMORIES.clear()
    _KEYS.clear()
    _JOINED.clear()
    clear_options()
    clear_bounds()
    clear_stage_tables()


def _shared_grid(cards_key: SearchKey, scenario: Scenario, card: Card,
                 sequences: int) -> tuple[tuple, dict[str, np.ndarray], dict]:
    """:func:`layout_grid`, kept for the cards that try the same values (a catalog pass searches ~70
    cards of five kinds of fabric: each grid is built once), with its key. ``cards_key``: the
    scenario's search key less the card; the grid reads the card only through :func:`tried_axes`.
    The arrays are read-only (shared). With the grid, what :func:`_shared_groups` keeps of it (its
    pass groups, from its making, to begin with)."""
    axes = tried_axes(scenario, card, sequences)
    key = (cards_key, sequences, tuple(tuple(values) for values in axes))
    kept = _GRIDS.get(key)
    if kept is None:
        g, passes, origin = layout_grid_with_groups(scenario, axes, sequences)
        for values in g.values():
            values.flags.writeable = False
        kept = _GRIDS.put(key, (g, {} if passes is None else {PASS_FIELDS: passes, ORIGIN: origin}))
    return key, *kept


ORIGIN = "origin"
"""The key of a grid's :class:`~configurator.core.workloads.training.grid.GridOrigin` among what
:func:`_shared_grid` keeps with it."""


def _joined(grids: list[dict[str, np.ndarray]]) -> Mapping[str, np.ndarray]:
    """The rows of ``grids`` one after the other (one grid: itself), each column joined when first
    read (:class:`JoinedGrid`)."""
    if len(grids) == 1:
        return grids[0]
    return JoinedGrid(grids)


class JoinedGrid(Mapping):
    """Layout grids joined one after the other, read as one grid: a column is joined when it is
    first read and kept (issue 28: the memory of several counts' grids reads four of their eleven
    columns whole, the speed a few more; the others only at the rows of its groups)."""

    def __init__(self, grids: list[dict[str, np.ndarray]], **columns: np.ndarray):
        self._grids, self._columns = grids, columns
        self._names = tuple(dict.fromkeys([*grids[0], *columns]))

    def __getitem__(self, name: str) -> np.ndarray:
        found = self._columns.get(name)
        if found is None:
            if name not in self._grids[0]:
                raise KeyError(name)
            found = self._columns[name] = np.concatenate([g[name] for g in self._grids])
            found.flags.writeable = False
        return found

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _shared_memory(grid_keys: list[tuple], scenario: Scenario, card: Card, grids: list[dict[str, np.ndarray]],
                   index: np.ndarray, first_table: StageTable, last_table: StageTable,
                   origins: list[GridOrigin | None] | None = None) -> list[np.ndarray]:
    """The peak bytes per card of every layout of each of ``grids`` (the larger of the first and
    last stage), kept for the cards that share a grid and the training precision plan (the tables
    read the card through that plan alone, :class:`~.stage_tables.PlannedCard`; the memory reads
    the card through the tables alone); the grids not kept are worked out together, as one array
    (every layout's memory is its own row's: the same to the last bit). ``index``: pipeline
    degree to the tables' row; ``origins``: each grid's :class:`~.grid.GridOrigin` (what reads no
    micro-batch worked out once per row of the grids before the micro-batch, and the micro-batches
    in flight once per group of its rows: the same numbers)."""
    plan = plan_training(card, scenario.precision)
    precisions = (plan.requested, plan.math, plan.weights)
    found = [_MEMORIES.get((key, precisions)) for key in grid_keys]
    missing = [i for i, kept in enumerate(found) if kept is None]
    if not missing:
        return found
    g = _joined([grids[i] for i in missing])
    joined = _joined_origin([origins[i] for i in missing], index) if origins is not None else None
    if joined is None:
        at, flight, origin = (index.take(g["pp"]), g["rc"]), in_flight_groups(g), None
    else:
        at, (flight, origin) = None, joined
    context = scenario.assumptions.cuda_context_gib * 2**30
    seq, offload = scenario.training.seq_len, scenario.training.offload_params
    schedule = scenario.parallelism.pipeline_schedule
    memory = layout_memory(g, first_table, at, True, seq, context, offload, schedule, flight, origin)
    memory = np.maximum(memory, np.where(g["pp"] > 1, layout_memory(g, last_table, at, False, seq, context, offload,
                                                                     schedule, flight, origin),
                                         0.0))
    ends = np.cumsum([len(grids[i]["tp"]) for i in missing])[:-1]
    for i, part in zip(missing, np.split(memory, ends), strict=True):
        part.flags.writeable = False
        found[i] = _MEMORIES.put((grid_keys[i], precisions), part)
    return found


def _joined_origin(origins: list[GridOrigin | None], index: np.ndarray) -> tuple[Tier, tuple] | None:
    """The :class:`~.grid.GridOrigin` of grids joined one after the other, as
    :func:`~.stage_tables.layout_memory` reads it: the layouts grouped by their micro-batches in
    flight (a group never spans two grids), and the grids before the micro-batch joined (each
    once, however many batches share it) with their places in the tables (``index``: pipeline
    degree to the tables' row) and each layout's row of them. None when a grid has none."""
    if any(o is None for o in origins):
        return None
    places: dict[int, int] = {}  # each distinct grid before the micro-batch (by object) -> its place
    distinct = []
    for o in origins:
        if id(o.before) not in places:
            places[id(o.before)] = len(distinct)
            distinct.append(o.before)
    if len(origins) == 1:
        rows, code, size = origins[0].rows, origins[0].flight, origins[0].flight_groups
    else:
        starts = np.cumsum([0, *(len(b["tp"]) for b in distinct[:-1])]).tolist()
        offsets = np.cumsum([0, *(o.flight_groups for o in origins[:-1])]).tolist()
        rows = np.concatenate([o.rows + starts[places[id(o.before)]] for o in origins])
        code = np.concatenate([o.flight + at for o, at in zip(origins, offsets, strict=True)])
        size = sum(o.flight_groups for o in origins)
    before = _joined(distinct)
    return coded_tier(code, size), (before, (index.take(before["pp"]), before["rc"]), rows)


def _shared_groups(kept: dict, g: dict[str, np.ndarray]):
    """The grid's :data:`~configurator.core.workloads.training.layout_speed.Groups`, each tier of
    fields (and each field's ranks) worked out once for the cards that share the grid and kept in
    ``kept``, kept with it (:func:`_shared_grid`)."""

    def positions(name: str) -> tuple[np.ndarray, int]:
        found = kept.get(name)
        return found if found is not None else kept.setdefault(name, field_ranks(g[name]))

    def groups(fields: tuple[str, ...]) -> Tier:
        found = kept.get(fields)
        return found if found is not None else kept.setdefault(fields, tier(g, fields, positions))

    return groups


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
    precision plan: :func:`_shared_grid`, :func:`_shared_memory`; ``cards_keys``: each
    scenario's search key less the card; ``job``: theirs less the count too, "" when not written,
    under which the stage tables, which read no count, are kept for every count). ``moved``: a
    scenario whose batch does not split is followed by the one at the first batch it is moved
    to (:func:`_moved_to`), appended to ``scenarios`` (a list the caller reads them from) and
    searched with them, its plan after theirs."""
    plans: list[TrainingPlan | None] = [None] * len(scenarios)
    grids = []  # (place, global batch, grid key, grid) of each count with layouts to try
    shared: dict[tuple, dict] = {}  # each grid's kept groups, by its key (:func:`_shared_groups`)
    asked = len(scenarios)
    for i, (scenario, cards_key) in enumerate(zip(scenarios, cards_keys)):  # grows by the batches moved to
        batch = global_batch_tokens(scenario)
        sequences = batch // scenario.training.seq_len
        grid_key, g, shared[grid_key] = _shared_grid(cards_key, scenario, card, sequences)
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
    memories = _shared_memory([key for _, _, key, _ in grids], base, card, [g for *_, g in grids], index,
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
                                    lightest_row=_lightest(scenarios[i], card, g, first_table,
                                                           (index[g["pp"]], g["rc"]), memory, smallest))
            continue
        # preferred: the layouts whose usual reserve fits with room (the shown figure), before those that fit only
        # because the allocator gives its cache back near the limit
        comfortable = memory <= capacity * (1 - TIGHT_FIT_HEADROOM)
        ranked = np.flatnonzero(comfortable if comfortable.any() else fits)  # only these can be chosen: timed alone
        timed.append((i, batch, grid_key, g, memory, ranked, int(fits.sum())))
    speeds = _speeds(base, card, timed, [scenarios[t[0]].count for t in timed], index, first_table, top, shared)
    for (i, batch, _, g, memory, ranked, fitting), (kept, speed) in zip(timed, speeds, strict=True):
        plans[i] = TrainingPlan(_layouts(g, memory, ranked[kept], speed, top), batch, len(memory), fitting)
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
        return fastest_speeds(scenario, card, g, table, at, [ranked], _shared_groups(shared[grid_key], g), top)
    keys = ("joined", tuple(t[2] for t in timed))  # the grids' keys (one count each): kept for the cards sharing them
    joined = _JOINED.get(keys)
    if joined is None:
        grids = [t[3] for t in timed]
        g = JoinedGrid(grids, n=np.repeat(np.array(counts, dtype=np.int64), [len(x["tp"]) for x in grids]))
        starts = np.cumsum([0, *(len(x["tp"]) for x in grids[:-1])])
        each = [_shared_groups(shared[t[2]], t[3]) for t in timed]
        joined = _JOINED.put(keys, (g, starts, joined_groups(each, starts)))
    g, starts, groups = joined
    at = (index.take(g["pp"]), g["rc"])
    return fastest_speeds(scenario, card, g, table, at, [t[5] + start for t, start in zip(timed, starts, strict=True)],
                          groups, top)


def _layouts(g: dict[str, np.ndarray], memory: np.ndarray, ranked: np.ndarray, speed: dict[str, np.ndarray],
             top: int) -> tuple[Layout, ...]:
    """The ``top`` fastest of the grid rows ``ranked`` (``speed``: theirs, in their order)."""
    chosen = np.array(_fastest_rows(g, ranked, -speed["tokens_per_s"], top), dtype=np.int64)
    rows = ranked.take(chosen)  # the chosen rows' fields and speeds read as Python numbers at once
    f = {k: g[k].take(rows).tolist() for k in ("tp", "pp", "vp", "cp", "ep", "zero", "rc", "mb", "accum", "dp")}
    s = {k: v.take(chosen).tolist() for k, v in speed.items()}
    held = memory.take(rows).tolist()
    best = {k: v[0] for k, v in s.items()}
    layouts = []
    for n in range(len(chosen)):
        other = {k: v[n] for k, v in s.items()}
        layouts.append(Layout(
            tp=f["tp"][n], pp=f["pp"][n], vp=f["vp"][n], cp=f["cp"][n], ep=f["ep"][n], zero=f["zero"][n],
            recompute=RECOMPUTE[f["rc"][n]], micro_batch=f["mb"][n], grad_accum=f["accum"][n], dp=f["dp"][n],
            fits=True, memory_bytes=held[n], step_s=other["step_s"], tokens_per_s=other["tokens_per_s"],
            mfu=other["mfu"], bubble_s=other["bubble_s"], exposed_comm_s=other["comm_s"],
            recompute_s=other["recompute_s"], loses_by=None if n == 0 else _loses_by(best, other)))
    return tuple(layouts)


_NOT_SEARCHED_PER_CARD = NOT_SEARCHED_FOR_TRAINING | {"card_id"}
"""The scenario fields the grid and its memory do not read: the card is read through its own
object (its fabric and precision plan)."""


def _fastest_rows(g: dict, ranked: np.ndarray, slowness: np.ndarray, top: int) -> list[int]:
    """The first ``top`` of the grid rows ``ranked`` (their places in it) in the order of
    ``np.lexsort((ep, cp, pp, tp, rc, zero, slowness))`` (the least ``slowness``, one per row of
    ``ranked``, first, ties to fewer ZeRO stages, less recomputation, narrower layouts, then the
    grid's order): sorted among the rows no slower than the ``top``-th alone, which give the same
    first rows as sorting them all."""
    keys = lambda rows: (*(g[k].take(ranked[rows]) for k in ("ep", "cp", "pp", "tp", "rc", "zero")),  # noqa: E731
                         slowness[rows])
    n = min(top, len(slowness))
    if n < len(slowness):
        bound = np.partition(slowness, n - 1)[n - 1]
        rows = np.flatnonzero(slowness <= bound)  # ascending: the grid's order kept for full ties
        if len(rows) >= n:  # else a NaN among the fastest: sorted whole below
            return rows[np.lexsort(keys(rows))[:top]].tolist()
    return np.lexsort(keys(slice(None)))[:top].tolist()


def _lightest(scenario: Scenario, card: Card, g: dict, table: StageTable, at, memory: np.ndarray,
              row: int) -> LightestRow:
    """The layout of grid row ``row`` (the one needing the least memory), to be timed when read,
    marked as not fitting (its row alone kept: the grid's other rows are not read)."""
    return LightestRow(scenario, card, {k: v[row:row + 1] for k, v in g.items()}, table,
                       (at[0][row:row + 1], at[1][row:row + 1]), float(memory[row]))


def plan_to_dict(plan: TrainingPlan, chosen_json: dict, chosen_fits: bool) -> dict:
    """The search and the exact estimate of the layout chosen (``chosen_json``: that estimate's
    JSON, :func:`configurator.core.estimate_json.estimate_to_dict`)."""
    return {"global_batch_tokens": plan.global_batch_tokens, "candidates": plan.candidates, "fitting": plan.fitting,
            "problem": plan.problem, "layouts": [searched_layout_to_dict(x) for x in plan.layouts],
            "lightest": None if plan.lightest is None else searched_layout_to_dict(plan.lightest),
            "chosen": chosen_json, "chosen_fits": chosen_fits}
