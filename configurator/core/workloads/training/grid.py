"""The layouts the training search tries (:mod:`configurator.core.workloads.training.search`): the
values of each layout field not pinned (:func:`tried_axes`), and the grid of their combinations
that divide the cards and the global batch and that the pipeline schedules accept
(:func:`layout_grid`, built one field at a time with each rule applied as soon as it can be), and
the batches nearest a global batch no layout splits (:func:`nearest_batches`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from configurator.core.catalog import Card
from configurator.core.formulas.states import optimizer_in_backward_runs
from configurator.core.formulas.cp_comm import a2a_heads_divide
from configurator.core.formulas.zero_pipeline import refused_by_deepspeed_pipeline
from configurator.core.memo import LruMemo
from configurator.core.pipeline_schedule import most_model_chunks, round_size
from configurator.core.scenario import Recompute, Scenario
from configurator.core.training_speed import card_fabric
from configurator.core.training_held_states import in_backward
from configurator.core.training_zero3 import DEEPSPEED_2021
from configurator.core.workloads.layout import global_batch_tokens, with_layout
from configurator.core.workloads.training.layout_speed import PASS_FIELDS, RECOMPUTE, Tier, coded_tier, tier

TENSOR_PARALLEL = (1, 2, 4, 8, 16, 32, 64)
PIPELINE = (1, 2, 4, 8, 16, 32, 64, 128)
VIRTUAL_STAGES = (1, 2, 3, 4)
ZERO_STAGES = (0, 1, 2, 3)
MICRO_BATCHES = (1, 2, 4, 8, 16, 32, 64)
CONTEXT_PARALLEL = (1, 2, 4, 8, 16, 32)
EXPERT_PARALLEL = (1, 2, 4, 8, 16, 32, 64)
"""Values the search tries for each layout field that is not pinned; beyond them
:func:`virtual_stage_options` and :func:`micro_batch_options`."""


@lru_cache(maxsize=256)
def virtual_stage_options(n_layers: int, pipelines: tuple[int, ...]) -> tuple[int, ...]:
    """Virtual stages tried: :data:`VIRTUAL_STAGES`, and every divisor of a stage's layers up to
    one layer per model chunk (Megatron-LM's interleaved schedule splits a stage's layers into
    ``v`` equal chunks; Calculon's GPT-3 175B layout on 4,096 A100 runs 24 of them, Isaev et al.
    2023, "Calculon", SC'23), for each pipeline degree tried [count]."""
    found = set(VIRTUAL_STAGES)
    for pp in pipelines:
        per_stage = -(-n_layers // pp)
        if pp > 1:
            most = most_model_chunks(n_layers, pp) // pp  # the most chunks a stage may hold
            found.update(v for v in range(1, min(per_stage, most) + 1) if per_stage % v == 0)
    return tuple(sorted(found))


@lru_cache(maxsize=256)
def micro_batch_options(sequences: int) -> tuple[int, ...]:
    """Micro-batches tried: every divisor of the global batch's ``sequences`` up to the largest
    of :data:`MICRO_BATCHES` (a micro-batch must divide each rank's share, so it divides the
    batch; 3, 6, 12, 24 and 48 split the 1,536-sequence GPT-3 batch as powers of two do not) [count]."""
    most = max(MICRO_BATCHES)
    return tuple(b for b in range(1, most + 1) if sequences % b == 0) or (1,)

CP_MIN_SEQUENCE = 8192
"""Shortest sequence for which the search tries context parallelism: below it each rank's block
is too small to hide the ring exchange (Megatron-LM and NeMo enable CP for 8k+ contexts)."""


@lru_cache(maxsize=256)
def pipeline_options(count: int) -> tuple[int, ...]:
    """Pipeline degrees tried: powers of two and every divisor of the card count up to the
    largest in ``PIPELINE`` (Megatron-LM's 530B run uses 35 stages on 280 cards)."""
    return tuple(sorted({*PIPELINE, *(d for d in range(3, max(PIPELINE) + 1) if count % d == 0)}))


def _options(scenario: Scenario, name: str, choices: tuple, current) -> tuple:
    return choices if name in scenario.auto_layout else (current,)


def tried_axes(scenario: Scenario, card: Card, sequences: int | None = None) -> tuple[list, ...]:
    """The values tried for (tp, pp, vp, cp, ep, zero, recompute index, micro-batch): the pinned
    value alone, or the search's choices that suit the model, the card, the sequence and the
    batch of ``sequences`` (None: the powers of two of :data:`MICRO_BATCHES`)."""
    model, par, train, count = scenario.model, scenario.parallelism, scenario.training, scenario.count
    auto = scenario.auto_layout
    net = card_fabric(card, par.cards_per_node, scenario.assumptions)
    # tensor parallel inside the server: over the fast link, else over PCIe (the estimate times either, and the
    # serving search tries the same degrees); TP 1 alone on PCIe cards left 72B LoRA on 8 x RTX 4090 D unfitted
    # where TP 8 fits (finds44)
    tp_limit = max(1, min(net.domain, count))
    tps = [t for t in _options(scenario, "tp", TENSOR_PARALLEL, par.tp)
           if "tp" not in auto or (t <= tp_limit and model.n_heads % t == 0)]
    pps = [p for p in _options(scenario, "pp", pipeline_options(count), par.pp) if p <= model.n_layers]
    if scenario.workload.is_adapter and "pp" in auto:
        pps = [1]
    cps = [c for c in _options(scenario, "cp", CONTEXT_PARALLEL, par.cp)
           if "cp" not in auto or c == 1 or (train.seq_len >= CP_MIN_SEQUENCE and train.seq_len % (2 * c) == 0)]
    eps = [e for e in _options(scenario, "ep", EXPERT_PARALLEL, par.ep)
           if "ep" not in auto or e == 1 or (model.is_moe and model.n_experts % e == 0)]
    micro = MICRO_BATCHES if sequences is None else micro_batch_options(sequences)
    return (tps, pps, list(_options(scenario, "vp", virtual_stage_options(model.n_layers, tuple(pps)), par.virtual_stages)),
            cps, eps, list(_options(scenario, "zero", ZERO_STAGES, par.zero)),
            [RECOMPUTE.index(r) for r in _options(scenario, "recompute", RECOMPUTE, Recompute(train.recompute))
             if not (train.cuda_graphs and r is Recompute.FULL)],  # per-layer graphs refuse it (training_graphs)
            list(_options(scenario, "micro_batch", micro, train.micro_batch)))


def data_parallel_widths(scenario: Scenario, card: Card) -> tuple[int, ...]:
    """The data-parallel widths the search can give ``scenario.count`` cards: the count over every
    tensor × pipeline × context product of the values tried that divides it, kept where the
    expert degree tried divides the width [count]."""
    tps, pps, _vps, cps, eps, *_ = tried_axes(scenario, card)
    count = scenario.count
    widths = {count // (t * p * c) for t in tps for p in pps for c in cps if count % (t * p * c) == 0}
    return tuple(sorted(dp for dp in widths if any(dp % e == 0 for e in eps)))


NEAREST_BATCH_TRIES = 16
"""Batches tried on each side of one the layouts cannot split before that side is given up
[count]: a batch a data-parallel width × micro-batch × accumulation reaches may still have no
layout (interleaved stages pinned need a pipeline degree whose chunks the model's layers allow;
a pinned tensor degree may leave only widths the other pins refuse), and is passed over."""


def nearest_batches(scenario: Scenario, card: Card, sequences: int) -> tuple[int, ...]:
    """The global batches [tokens] nearest below and above ``sequences`` that the layouts tried
    can split: with the accumulation left to the planner any multiple of a data-parallel width ×
    micro-batch; with it pinned only width × micro-batch × accumulation (the accumulation is not
    changed to reach a batch, and no automatic width may change the batch it gives). Each is
    one the search can plan (its layout grid is not empty: :func:`layout_grid`), so a batch moved
    there is planned there, not moved again; a side with none within
    :data:`NEAREST_BATCH_TRIES` candidates names none. Never ``sequences`` itself."""
    train, auto = scenario.training, scenario.auto_layout
    widths = data_parallel_widths(scenario, card) or (scenario.count,)
    if "grad_accum" in auto:
        per_rank = 1 if "micro_batch" in auto else train.micro_batch
        grains = sorted({dp * per_rank for dp in widths})

        def step(at: int, side: int) -> int:  # the next multiple of a grain past ``at`` on ``side``
            if side < 0:
                return max((at - 1) // g * g for g in grains)
            return min((at // g + 1) * g for g in grains)
    else:
        micro = MICRO_BATCHES if "micro_batch" in auto else (train.micro_batch,)
        reachable = sorted({dp * mb * train.grad_accum for dp in widths for mb in micro})

        def step(at: int, side: int) -> int:  # the next reachable count past ``at`` on ``side`` (0: none)
            return max((n for n in reachable if n < at), default=0) if side < 0 else \
                min((n for n in reachable if n > at), default=0)
    found = []
    for side in (-1, 1):
        at = sequences
        for _ in range(NEAREST_BATCH_TRIES):
            at = step(at, side)
            if at <= 0:
                break
            if layout_grid(scenario, card, at):
                found.append(at * train.seq_len)
                break
    return tuple(found)


BATCH_ROUNDING = 0.05
"""Most a global batch is moved, either way, to one that splits over more data-parallel ranks
[share of the batch]. A batch is stated to about a value: "4M tokens" in the papers that state
it is 2^22 (Llama 3 report §3.4.1: "an initial batch size of 4M tokens and sequences of length
4,096", 1,024 sequences), 4.9 % above the 4,000,000 the same words parse as here (2^20 / 10^6 =
1.0486); within that no recipe changes, while a batch of 488 sequences (4,000,000 tokens of
8,192) splits over at most 8 data-parallel ranks of 1,024 cards."""


def wider_batches(scenario: Scenario, card: Card, sequences: int) -> tuple[int, ...]:
    """The global batches [sequences] within :data:`BATCH_ROUNDING` of ``sequences`` that split over
    more data-parallel ranks than ``sequences`` itself can: the one below and the one above that
    split the widest (the nearer on a tie), nearer first; none when the accumulation is pinned
    (then the batch follows from it) or no wider split lies that near.

    A split is a data-parallel width × micro-batch (one sequence per rank when the micro-batch is
    left to the planner) that divides the batch; the widths are those the layouts tried can give
    the cards (:func:`data_parallel_widths`)."""
    train, auto = scenario.training, scenario.auto_layout
    if "grad_accum" not in auto or sequences < 1:
        return ()
    per_rank = 1 if "micro_batch" in auto else train.micro_batch
    grains = sorted({dp * per_rank for dp in data_parallel_widths(scenario, card)})
    widest_now = max((g for g in grains if sequences % g == 0), default=0)
    low, high = sequences * (1 - BATCH_ROUNDING), sequences * (1 + BATCH_ROUNDING)
    found: dict[int, int] = {}  # batch -> the widest grain that splits it
    for g in grains:
        if g <= widest_now:
            continue
        for n in (sequences // g * g, -(-sequences // g) * g):
            if n > 0 and n != sequences and low <= n <= high:
                found[n] = max(found.get(n, 0), g)
    sides = ([n for n in found if n < sequences], [n for n in found if n > sequences])
    chosen = [max(side, key=lambda n: (found[n], -abs(n - sequences))) for side in sides if side]
    return tuple(sorted(chosen, key=lambda n: (abs(n - sequences), n)))


BATCH_MOVE_LIMIT = 2.0
"""Most a global batch that does not split over the cards is moved, either way, to the nearest
that does [×]. The batch is the training recipe's; past this factor it is the card count that
does not suit the job, and the estimate says so instead of timing another recipe."""


def batch_moves(batch: int, nearest: Sequence[int]) -> list[int]:
    """The batches [tokens] a global batch ``batch`` that does not split over the cards is moved to,
    in the order tried: those of ``nearest`` (:func:`nearest_batches`, in tokens) within
    :data:`BATCH_MOVE_LIMIT` of it, the nearer by that ratio first (the smaller on a tie)."""
    return sorted((b for b in nearest if max(b / batch, batch / b) <= BATCH_MOVE_LIMIT),
                  key=lambda b: (max(b / batch, batch / b), b))


def wider_scenarios(scenario: Scenario, card: Card) -> tuple[Scenario, ...]:
    """``scenario`` at each of its :func:`wider_batches`, kept for the scenario and card objects:
    a recommendation asks for each count's when its searches are done (several times: each
    search of counts names every count again) and when its estimate is made, and the same
    objects find their searches kept (the search keys a scenario by its object)."""
    kept = _WIDER.get("wider", (scenario, card))
    if kept is None:
        seq = scenario.training.seq_len
        sequences = global_batch_tokens(scenario) // seq
        kept = _WIDER.put("wider", tuple(with_layout(scenario, {}, {"global_batch_tokens": n * seq})
                                         for n in wider_batches(scenario, card, sequences)), (scenario, card))
    return kept


_WIDER: LruMemo[tuple[Scenario, ...]] = LruMemo(1024)
""":func:`wider_scenarios` by the scenario and card objects."""


def layout_grid(scenario: Scenario, card: Card, sequences: int) -> dict[str, np.ndarray]:
    """Every combination of the unpinned fields that divides the cards and the batch, in
    ``np.meshgrid(indexing="ij")`` order over (tp, pp, vp, cp, ep, zero, recompute, micro-batch),
    built one field at a time with the rows that cannot divide dropped on the way."""
    return layout_grid_of_axes(scenario, tried_axes(scenario, card, sequences), sequences)


def layout_grid_of_axes(scenario: Scenario, axes: tuple[list, ...], sequences: int) -> dict[str, np.ndarray]:
    """:func:`layout_grid` over the values ``axes`` tries (the card enters the grid through them alone)."""
    return layout_grid_with_groups(scenario, axes, sequences)[0]


@dataclass(frozen=True)
class GridOrigin:
    """Where each row of a layout grid comes from (:func:`layout_grid_with_groups`): its row of the
    grid before the micro-batch (:func:`_before_micro_batch`, shared by the batches at one count)
    and its micro-batch's place among those tried, so that what reads no micro-batch or
    accumulation is worked out once per row of that smaller grid (issue 28)."""

    before: dict[str, np.ndarray]
    """The grid of every field but the micro-batch, with the data-parallel width ``dp`` (read-only)."""
    rows: np.ndarray
    """Each row's row of :attr:`before` [index]."""
    flight: np.ndarray
    """Each row's (width, pipeline degree, interleaving, micro-batch) group [index in
    ``range(flight_groups)``]: rows of one group hold the same pipeline degree, interleaving and
    accumulation, all a stage's micro-batches in flight read besides its place."""
    flight_groups: int
    pipelines: tuple[int, ...]
    """The pipeline degrees the rows of :attr:`before` hold (a superset of the grid's): the search builds
    its stage tables for these alone (a table's row reads its own degree alone,
    ``stage_tables.stage_row``), not for every degree tried at the count — a LoRA search holds pipeline
    degree 1 alone, where its tables had a row for each of ~10 degrees (speed45)."""


def layout_grid_with_groups(scenario: Scenario, axes: tuple[list, ...], sequences: int
                            ) -> tuple[dict[str, np.ndarray], Tier | None, GridOrigin | None]:
    """:func:`layout_grid_of_axes` with its rows grouped by
    :data:`~configurator.core.workloads.training.layout_speed.PASS_FIELDS` (None without rows):
    from the grid before the micro-batch, whose groups are kept with it (shared by the batches at
    one count), and each row's micro-batch, instead of ranking the fields of every row (issue 28:
    the groups of each count's grid cost as much again as building it); with the rows'
    :class:`GridOrigin` (None without rows)."""
    train, auto = scenario.training, scenario.auto_layout
    if not all(axes):
        return {}, None, None
    before = _before_micro_batch(scenario, axes)
    kept = _before_kept(before) if before else None
    built = _with_micro_batches(before, kept, scenario, axes[7], sequences) if before else None
    if not built:
        return {}, None, None
    g, rows, mbi = built
    dp = g.pop("dp")
    if "grad_accum" in auto:
        accum = sequences // np.maximum(dp * g["mb"], 1)
    else:
        accum = np.full_like(g["tp"], train.grad_accum)
    if "pass" not in kept:
        kept["pass"] = tier(before, BEFORE_PASS_FIELDS)
    width = len(axes[7])
    groups = coded_tier(kept["pass"].group.take(rows) * width + mbi, len(kept["pass"].rows) * width)
    first, distinct = kept["distinct"]  # each row of ``before``'s (width, pipeline, interleaving)
    flight = kept.get(("flight", width))
    if flight is None:
        flight = kept[("flight", width)] = distinct.reshape(-1) * width
    if "pipelines" not in kept:
        kept["pipelines"] = tuple(np.unique(before["pp"]).tolist())
    origin = GridOrigin(before, rows, flight.take(rows) + mbi, len(first) * width, kept["pipelines"])
    return {**g, "accum": accum, "dp": dp}, groups, origin


BEFORE_PASS_FIELDS = tuple(f for f in PASS_FIELDS if f != "mb")
"""The fields of :data:`~configurator.core.workloads.training.layout_speed.PASS_FIELDS` the grid before
the micro-batch holds: with the micro-batch, a grid row's pass group."""


def _before_kept(before: dict[str, np.ndarray]) -> dict:
    """What is kept with a grid before the micro-batch (:func:`_before_micro_batch`'s, by the object):
    its rows' distinct (width, pipeline, interleaving) and its pass groups, as first worked out."""
    kept = _BEFORE_KEPT.get("before", (before,))
    return kept if kept is not None else _BEFORE_KEPT.put("before", {}, (before,))


def _grown(g: dict[str, np.ndarray], scenario: Scenario, names: tuple[str, ...], axes: tuple[list, ...],
           sequences: int) -> dict[str, np.ndarray]:
    """``g`` widened by each field of ``names`` in turn (its values from ``axes``), the rows that
    cannot divide dropped on the way (:func:`_prefix_keep`); {} when none is left."""
    for name, values in zip(names, axes):
        g = _widen(g, name, np.asarray(values, dtype=np.int64))
        keep = _prefix_keep(g, scenario, sequences, name)
        if keep is None:  # no rule reads this field last: every row can still be completed
            continue
        if not keep.any():
            return {}
        g = {k: v[keep] for k, v in g.items()}
        if name == "cp":  # the data-parallel width, carried along as the grid widens (read by the rules)
            g["dp"] = scenario.count // (g["tp"] * g["cp"] * g["pp"])
    return g


def _with_micro_batches(before: dict[str, np.ndarray], kept_with: dict, scenario: Scenario, values: list,
                        sequences: int) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray] | None:
    """``_grown(before, scenario, ("mb",), (values,), sequences)``: the same rows in the same order,
    built without widening every column first (issue 28: the micro-batch step of a job's grids
    at each count and batch was a fifth of the layout search), with each row's row of ``before``
    and place in ``values``; None when no row is left (``kept_with``: :func:`_before_kept` of
    ``before``). The rules that read the
    micro-batch (:func:`_prefix_keep`) read a row's width, pipeline degree and interleaving
    besides, so they are applied once for each distinct three of those and each micro-batch, and
    every column is gathered once, at the rows kept."""
    mbs = np.asarray(values, dtype=np.int64)
    dp = before["dp"]
    if "distinct" not in kept_with:  # the same for every batch at the count: worked out once
        pp, vp = before["pp"], before["vp"]
        code = (dp * (int(pp.max()) + 1) + pp) * (int(vp.max()) + 1) + vp
        kept_with["distinct"] = np.unique(code, return_index=True, return_inverse=True)[1:]
    first, inverse = kept_with["distinct"]
    distinct = {k: before[k].take(first) for k in ("tp", "pp", "vp", "cp", "dp")}
    keep = _prefix_keep(_widen(distinct, "mb", mbs), scenario, sequences, "mb")
    if keep is None:
        kept = np.arange(len(dp) * len(mbs))
    else:
        kept = np.flatnonzero(keep.reshape(len(first), len(mbs)).take(inverse.reshape(-1), axis=0))
        if not len(kept):
            return None
    rows, at = kept // len(mbs), kept % len(mbs)
    return {**{k: v.take(rows) for k, v in before.items()}, "mb": mbs.take(at)}, rows, at


def _before_micro_batch(scenario: Scenario, axes: tuple[list, ...]) -> dict[str, np.ndarray]:
    """The grid of every field but the micro-batch (with the data-parallel width ``dp``), the rules
    that read no batch applied: kept by the values tried, the count, the layers and the fields
    left to the planner, all it reads, so a job's batches at one count (the planner's batches near
    the stated one, ``plan.search_counts``) build it once (issue 28). Read-only (shared)."""
    key = (scenario.model.n_layers, tuple(scenario.auto_layout), scenario.count, tuple(tuple(v) for v in axes[:7]),
           _runs_deepspeed(scenario), in_backward(scenario), scenario.parallelism.cp_comm_type,
           scenario.model.n_heads, scenario.model.n_kv_heads)
    kept = _BEFORE_MICRO_BATCH.get(key)
    if kept is None:
        kept = _grown({"tp": np.asarray(axes[0], dtype=np.int64)}, scenario,
                      ("pp", "vp", "cp", "ep", "zero", "rc"), axes[1:7], 0)
        for values in kept.values():
            values.flags.writeable = False
        kept = _BEFORE_MICRO_BATCH.put(key, kept)
    return kept


_BEFORE_MICRO_BATCH: LruMemo[dict] = LruMemo(64)
_BEFORE_KEPT: LruMemo[dict] = LruMemo(64)
""":func:`_before_kept`'s, by the grid object (kept while the grid is)."""
""":func:`_before_micro_batch`'s grids (at most 0.25 MiB each in a recommendation of the README's
training questions, which fill the 64: ~7 MiB in all)."""


def _widen(g: dict[str, np.ndarray], name: str, values: np.ndarray) -> dict[str, np.ndarray]:
    """Every row of ``g`` with every value of one more field, in ``np.meshgrid(indexing="ij")``
    order (the rows of ``g`` outermost)."""
    rows = len(next(iter(g.values())))
    widened = {k: np.repeat(v, len(values)) for k, v in g.items()}
    widened[name] = np.tile(values, rows)
    return widened


def _prefix_keep(g: dict[str, np.ndarray], scenario: Scenario, sequences: int, added: str) -> np.ndarray | None:
    """Which rows of a partly built grid can still be completed: each rule of :func:`layout_grid`
    applied as soon as the fields it reads are present, so the full product is never built —
    once, when ``added`` (the field just added) is the last of them: the rows an earlier rule
    dropped are gone, so it would keep every row left. None when no rule reads ``added`` last.

    Interleaved stages (``vp`` > 1) need micro-batches in multiples of the pipeline degree: the
    interleaved 1F1B schedule refuses others ("number of microbatches is not divisible by
    pipeline-parallel size when using interleaved schedule", NVIDIA Apex
    ``apex.transformer.pipeline_parallel.schedules.get_forward_backward_func``, as Megatron-LM's
    schedule it was taken from), and its bubble ``(p − 1)/(m·v)`` assumes ``m ≥ p``; Llama 3's
    flexible schedule needs ``m`` a multiple of its rounds (``pipeline_schedule.round_size``). A
    layout has at most ``pipeline_schedule.most_model_chunks`` chunks. The schedule's rules hold
    wherever the planner picks a field they read: interleaved stages pinned with the pipeline
    degree or the accumulation left to it too (it picked 24 stages at 4 micro-batches for a
    pinned ``vp`` 2, which the schedule refuses); a layout pinned whole is the user's. A scenario
    that names DeepSpeed (``zero3_implementation`` ``"deepspeed-2021"``) is given no ZeRO 2 or 3
    beside pipeline stages when the planner picks either, which its pipeline engine refuses
    (:func:`~configurator.core.formulas.zero_pipeline.refused_by_deepspeed_pipeline`). Under the
    optimizer step in backward only the layouts that run it are kept: one micro-batch a step, one
    replica or ZeRO-3 (:func:`~configurator.core.formulas.states.optimizer_in_backward_runs`)."""
    model, auto, count = scenario.model, scenario.auto_layout, scenario.count
    schedule_chosen = bool({"vp", "pp", "grad_accum"} & set(auto))  # the planner picks a field the schedule reads

    def last(*fields: str) -> bool:  # the rule reading ``fields`` is applied now: all present, ``added`` among them
        return added in fields and all(f in g for f in fields)

    if not any(last(*fields) for fields in _RULE_FIELDS):
        return None
    keep = np.ones(len(g["tp"]), dtype=bool)
    if last("tp", "pp", "vp"):
        degrees = np.unique(g["pp"])  # each degree's chunks worked out once, for the degrees present alone
        chunks = np.zeros(int(degrees[-1]) + 1, dtype=np.int64)
        chunks[degrees] = [most_model_chunks(model.n_layers, p) for p in degrees.tolist()]
        keep &= g["pp"] * g["vp"] <= chunks.take(g["pp"])
        if "vp" in auto or "pp" in auto:
            keep &= (g["pp"] > 1) | (g["vp"] == 1)
        if "vp" in auto:
            per_stage = -(-model.n_layers // g["pp"])  # beyond VIRTUAL_STAGES: equal chunks only
            keep &= (g["vp"] <= max(VIRTUAL_STAGES)) | (per_stage % g["vp"] == 0)
    if "cp" in g:
        if last("tp", "pp", "cp"):
            keep &= count % (g["tp"] * g["cp"] * g["pp"]) == 0
            if scenario.parallelism.cp_comm_type == "a2a":  # Ulysses splits whole heads (formulas/cp_comm.py)
                keep &= (g["cp"] == 1) | a2a_heads_divide(model.n_heads, model.n_kv_heads, g["tp"], g["cp"])
        dp = g["dp"] if "dp" in g else count // (g["tp"] * g["cp"] * g["pp"])  # carried by layout_grid_of_axes
        if last("tp", "pp", "cp", "ep"):
            keep &= dp % g["ep"] == 0
        if last("tp", "pp", "cp", "zero") and "zero" in auto:
            keep &= (g["zero"] == 0) | (dp * g["cp"] > 1)  # sharding over one replica changes nothing
        if last("tp", "pp", "cp", "zero") and {"zero", "pp"} & set(auto) and _runs_deepspeed(scenario):
            keep &= ~refused_by_deepspeed_pipeline(g["zero"], g["pp"])
        per_step = np.maximum(dp * g["mb"], 1) if "mb" in g and "grad_accum" in auto else None
        if last("tp", "pp", "cp", "mb") and "grad_accum" in auto:
            keep &= sequences % per_step == 0
            keep &= sequences // per_step >= 1
        elif last("tp", "pp", "cp", "mb"):  # a pinned accumulation: only the widths and micro-batches that keep the batch
            keep &= dp * g["mb"] * scenario.training.grad_accum == sequences
        if in_backward(scenario):  # the optimizer step in backward: one micro-batch a step, one replica or ZeRO-3
            if last("tp", "pp", "cp", "mb") and "grad_accum" in auto:
                keep &= sequences // per_step == 1
            if last("tp", "pp", "cp", "zero"):
                keep &= optimizer_in_backward_runs(1, g["zero"], dp * g["cp"])
        if last("tp", "pp", "cp", "vp", "mb") and schedule_chosen:
            accum = sequences // per_step if "grad_accum" in auto else scenario.training.grad_accum
            # a round of 0 micro-batches where accum is 0: those rows are kept out above
            size = round_size(scenario.parallelism.pipeline_schedule, g["pp"], accum)
            keep &= (g["vp"] == 1) | ((size > 0) & (accum % np.maximum(size, 1) == 0))
    return keep


def _runs_deepspeed(scenario: Scenario) -> bool:
    """Whether the scenario names DeepSpeed as its framework (``parallelism.zero3_implementation``
    ``"deepspeed-2021"``), whose pipeline engine refuses ZeRO 2 and 3
    (:func:`~configurator.core.formulas.zero_pipeline.refused_by_deepspeed_pipeline`)."""
    return scenario.parallelism.zero3_implementation == DEEPSPEED_2021


_RULE_FIELDS = (("tp", "pp", "vp"), ("tp", "pp", "cp"), ("tp", "pp", "cp", "ep"), ("tp", "pp", "cp", "zero"),
                ("tp", "pp", "cp", "mb"), ("tp", "pp", "cp", "vp", "mb"))
"""The fields each rule of :func:`_prefix_keep` reads."""


def clear_options() -> None:
    """Forget the kept option lists (:func:`virtual_stage_options`, :func:`micro_batch_options`,
    :func:`pipeline_options`)."""
    for options in (virtual_stage_options, micro_batch_options, pipeline_options):
        options.cache_clear()
    _WIDER.clear()
    _BEFORE_MICRO_BATCH.clear()
    _BEFORE_KEPT.clear()
