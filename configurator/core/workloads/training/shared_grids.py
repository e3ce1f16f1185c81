"""The training search's layout grids and their memory per card, shared across the cards and
counts of one pass (:mod:`~configurator.core.workloads.training.search`): a grid is built once for
the cards that try the same values, its memory worked out once for the cards of the same precision
plan, several counts' grids joined into one (:class:`JoinedGrid`), and each grid's groups of
fields kept with it. Kept in least-recently-used memos, forgotten by :func:`clear_shared_grids`."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from configurator.core.catalog import Card
from configurator.core.memo import LruMemo
from configurator.core.precision import plan_training
from configurator.core.scenario import Scenario
from configurator.core.workloads.training.bounded import joined_groups
from configurator.core.workloads.training.grid import GridOrigin, layout_grid_with_groups, tried_axes
from configurator.core.workloads.training.layout_speed import PASS_FIELDS, Tier, coded_tier, field_ranks, tier
from configurator.core.workloads.training.stage_tables import StageTable, in_flight_groups, layout_memory


SHARED_GRID_MEMO_SIZE = 256
"""Layout grids and their memory per card kept by :func:`shared_grid` and
:func:`shared_memory`: a whole catalog pass's, so that a later card at a count an earlier one
tried finds its grid (the README's 70B recommendation makes 182 grids, ~0.2 MiB each; at 64 kept,
24 were made twice: H200's probe of 224 cards again for MI300X, B200's 120 again for MI355X and
MI350X, H100's 128 to 512 again for MI350X; peak memory of the pass 144 -> 158 MiB)."""

_GRIDS: LruMemo[tuple[dict, dict]] = LruMemo(SHARED_GRID_MEMO_SIZE)  # each grid with its kept groups
_MEMORIES: LruMemo[np.ndarray] = LruMemo(SHARED_GRID_MEMO_SIZE)
_JOINED: LruMemo[tuple] = LruMemo(16)  # a few counts' grids joined, ~2 MiB each: ~32 MiB at most


def clear_shared_grids() -> None:
    """Forget every kept grid, grid memory and joined grids (part of
    :func:`~configurator.core.workloads.training.search.clear_plan_memo`)."""
    _GRIDS.clear()
    _MEMORIES.clear()
    _JOINED.clear()


def shared_grid(cards_key: tuple[str, str, str], scenario: Scenario, card: Card,
                 sequences: int) -> tuple[tuple, dict[str, np.ndarray], dict]:
    """:func:`layout_grid`, kept for the cards that try the same values (a catalog pass searches ~70
    cards of five kinds of fabric: each grid is built once), with its key. ``cards_key``: the
    scenario's search key less the card (:data:`~.search.SearchKey`); the grid reads the card only
    through :func:`tried_axes`. The arrays are read-only (shared). With the grid, what
    :func:`shared_groups` keeps of it (its pass groups, from its making, to begin with)."""
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
:func:`shared_grid` keeps with it."""


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


def shared_memory(grid_keys: list[tuple], scenario: Scenario, card: Card, grids: list[dict[str, np.ndarray]],
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


def shared_groups(kept: dict, g: dict[str, np.ndarray]):
    """The grid's :data:`~configurator.core.workloads.training.layout_speed.Groups`, each tier of
    fields (and each field's ranks) worked out once for the cards that share the grid and kept in
    ``kept``, kept with it (:func:`shared_grid`)."""

    def positions(name: str) -> tuple[np.ndarray, int]:
        found = kept.get(name)
        return found if found is not None else kept.setdefault(name, field_ranks(g[name]))

    def groups(fields: tuple[str, ...]) -> Tier:
        found = kept.get(fields)
        return found if found is not None else kept.setdefault(fields, tier(g, fields, positions))

    return groups


def joined_grids(timed: list[tuple], counts: list[int], shared: dict[tuple, dict]
                 ) -> tuple[JoinedGrid, np.ndarray, object]:
    """The grids of ``timed`` (:func:`~.search._search`'s, one count each, at ``counts`` cards) joined
    one after the other (:class:`JoinedGrid`) with each row's count as the column ``n``, the place of
    each grid's first row, and the grids' kept groups joined (:func:`~.bounded.joined_groups`;
    ``shared``: each grid's kept groups by its key), kept for the cards sharing the grids."""
    keys = ("joined", tuple(t[2] for t in timed))  # the grids' keys (one count each): kept for the cards sharing them
    joined = _JOINED.get(keys)
    if joined is None:
        grids = [t[3] for t in timed]
        g = JoinedGrid(grids, n=np.repeat(np.array(counts, dtype=np.int64), [len(x["tp"]) for x in grids]))
        starts = np.cumsum([0, *(len(x["tp"]) for x in grids[:-1])])
        each = [shared_groups(shared[t[2]], t[3]) for t in timed]
        joined = _JOINED.put(keys, (g, starts, joined_groups(each, starts)))
    return joined
