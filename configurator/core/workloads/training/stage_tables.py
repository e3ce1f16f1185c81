"""The training search's stage tables: the memory of the first and the last pipeline stage for
each pipeline degree and recomputation, at tensor parallel 1, as lookup arrays, and the peak
memory per card of every layout of a grid read from them (:func:`layout_memory`). What the
tables hold depends on neither the card count nor the card beyond its training precision plan,
so they are kept (:func:`stage_tables_cached`, :func:`stage_row`) and shared by the cards and
counts of a search (:mod:`~configurator.core.workloads.training.search`)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from configurator.core.catalog import Card
from configurator.core.formulas.activations import activation_peak_bytes_per_token, transient_bytes_per_token
from configurator.core.formulas.dualpipe import dualpipe_in_flight, mirror_rank, runs_dualpipe
from configurator.core.formulas.parallelism import expert_parallel_factor
from configurator.core.formulas.states import (
    ddp_bucket_bytes,
    reserved_bytes,
    resident_bytes,
    training_peak_bytes,
    zero_shard,
    zero_sharded,
)
from configurator.core.memo import LruMemo
from configurator.core.memory import (
    activation_layout,
    gathered_layer_bytes,
    stage_stored_bytes,
    scenario_stage_layers,
    training_states,
)
from configurator.core.layer_activations import layer_traffic_bytes, logits_bytes_per_token, working_layer_bytes
from configurator.core.adapter_memory import gathered_element_bytes
from configurator.core.pipeline_schedule import PipelineSchedule, round_size, short_first_chunk_layers
from configurator.core.precision import plan_training
from configurator.core.scenario import Recompute, Scenario
from configurator.core.training_held_states import autocast_copy_held
from configurator.core.training_stage_memory import (fsdp_root_bytes, stage_basis, stage_memory_at,
                                                     stored_in_flight_bytes)
from configurator.core.training_rank_params import rank_params
from configurator.core.training_stage_work import (
    frozen_base_bytes,
    head_params_on_fullest_stage,
    matmul_params_on_fullest_stage,
    output_head_weight,
)
from configurator.core.workloads.training.layout_speed import RECOMPUTE, Tier, tier

__all__ = ["STAGE_ROW_MEMO_SIZE", "PlannedCard", "StageTable", "clear_stage_tables", "flat_places", "layout_memory",
           "stage_row", "stage_tables", "stage_tables_cached"]


@dataclass(frozen=True)
class StageTable:
    """Per (pipeline degree, recomputation) values before tensor parallelism, as lookup arrays."""

    weights: np.ndarray
    grads: np.ndarray
    optimizer: np.ndarray
    copies: np.ndarray
    stored_per_token: np.ndarray
    working_per_token: np.ndarray
    stored_per_token_16: np.ndarray
    """``stored_per_token`` with a 16-bit forward (ZeRO-3 gathers 16-bit weights: ``memory.sixteen_bit_forward``)."""
    working_per_token_16: np.ndarray
    logits_per_token: np.ndarray
    logits_per_token_tp: np.ndarray
    """``logits_per_token`` with the logits sharded over tensor-parallel ranks (``ActivationLayout.loss_parallel``)."""
    loss_per_token: np.ndarray
    loss_per_token_tp: np.ndarray
    """``loss_per_token`` on logits sharded over tensor-parallel ranks."""
    allocator: np.ndarray
    layer_bytes: np.ndarray
    layer_bytes_16: np.ndarray
    """``layer_bytes`` with a 16-bit forward (ZeRO-3 or parameter offload)."""
    layers: np.ndarray
    matmul_params: np.ndarray
    head_params: np.ndarray
    """The output head's passes within ``matmul_params`` (``training_stage_work.head_params_on_fullest_stage``):
    what no layer recomputation runs again [count]."""
    params_first: np.ndarray
    first_layers: np.ndarray
    """Layers on the first stage (``memory.training_stage_layers``): ZeRO-3's units (its per-unit
    collectives, ``formulas.communication.zero3_unit_latency_seconds``)."""
    frozen_first: np.ndarray  # the first stage's frozen adapter base as ZeRO-3 gathers it [B]
    expert_share: np.ndarray
    gathered: np.ndarray
    gathered_kept: np.ndarray
    root_gathered: np.ndarray  # PyTorch FSDP's root unit held gathered under ZeRO-3 (StageMemory.root_gathered) [B]
    short_first_layers: np.ndarray
    """The first (last) stage's layers when its first (last) chunk gave a layer to the embedding
    (the head), else 0 (``pipeline_schedule.short_first_chunk_layers``)."""
    mirror_stored_per_token: np.ndarray
    """Under DualPipe the mirror stage's ``stored_per_token`` (``formulas.dualpipe.mirror_rank``), else 0."""
    mirror_stored_per_token_16: np.ndarray
    """``mirror_stored_per_token`` with a 16-bit forward."""
    dualpipe: np.ndarray
    """1 where the pipeline runs DualPipe at this degree (``formulas.dualpipe.runs_dualpipe``), else 0."""
    step_copy: np.ndarray
    """The optimizer step's gradient copy before sharding (``StageMemory.step_copy``) [B]."""
    ddp: np.ndarray
    """1 where plain data parallelism runs through PyTorch DDP's buckets (``StageMemory.ddp``), else 0."""
    deferred: np.ndarray
    """1 where ZeRO 2/3 beside pipeline stages hold the gradients whole and reduce them once
    (``StageMemory.deferred``), else 0."""
    gradients_held: np.ndarray
    """1 where the recipe holds its gradients beside the activations whatever the micro-batches
    (``training_held_states.gradients_held`` at one micro-batch), else 0."""
    second: StageTable | None = None
    """The first table's: the second stage's (the fullest stage's layers, no embedding or head),
    zeros where there are at most two stages; None on the others."""


COLUMNS = tuple(name for name in StageTable.__dataclass_fields__ if name != "second")
"""The per-stage lookup arrays of a :class:`StageTable`."""


@dataclass(frozen=True)
class PlannedCard:
    """The card the stage tables are computed for, kept by its training precision plan: the tables
    read the card through that plan alone (the stage's capacity, which :func:`stage_memory` also
    gives, is not in them), so cards of one plan — ``(requested, math, weights, head weight)``, the
    last ``training_stage_work.output_head_weight`` — share them."""

    precisions: tuple
    card: Card = field(compare=False, hash=False)


def stage_tables(scenario: Scenario, card: Card, pipelines: tuple[int, ...], search_key: Hashable | None = None
                 ) -> tuple[np.ndarray, StageTable, StageTable]:
    """Stage memory of the first (with the second's, ``StageTable.second``) and last stage for each pipeline degree (``pipelines`` and the
    pinned one) and each recomputation, from :func:`configurator.core.training_stage_memory.stage_memory` at
    tensor parallel 1 (every part of it scales as ``1/tp``), with the index from pipeline degree
    to table row. Independent of the card count, the other layout fields and the card beyond its
    precision plan, so cached; ``search_key``: the scenario less the card (the search's key,
    ``search._search_key``; less the count too when the search has it, so every count finds them), under which the
    tables are also kept for the cards of one precision plan (a lookup without building the
    cache's key scenario)."""
    plan = plan_training(card, scenario.precision)
    precisions = (plan.requested, plan.math, plan.weights, output_head_weight(scenario, card, plan))
    if search_key is not None:
        kept = _BY_SEARCH.get((search_key, precisions, pipelines))
        if kept is not None:
            return kept
    t = scenario.training
    key = scenario.model_copy(update={
        "count": 1, "card_id": "", "constraints": scenario.constraints.__class__(),
        "economics": scenario.economics.__class__(),
        "auto_layout": (), "parallelism": scenario.parallelism.__class__(pp=scenario.parallelism.pp),
        "training": t.model_copy(update={"micro_batch": 1, "grad_accum": 1, "recompute": Recompute.NONE,
                                         "global_batch_tokens": None, "tokens": 1.0})})
    found = stage_tables_cached(key, PlannedCard(precisions, card), pipelines)
    return found if search_key is None else _BY_SEARCH.put((search_key, precisions, pipelines), found)


_BY_SEARCH: LruMemo[tuple] = LruMemo(256)
"""The tables :func:`stage_tables` gave, by the search's key (a finer key than the cache's: every
field but the card)."""


@lru_cache(maxsize=256)
def stage_tables_cached(scenario: Scenario, planned: PlannedCard, pipelines: tuple[int, ...]
                         ) -> tuple[np.ndarray, StageTable, StageTable]:
    model = scenario.model
    pipelines = sorted({*pipelines, scenario.parallelism.pp})
    index = np.full(max(pipelines) + 1, -1, dtype=np.int64)
    index[pipelines] = np.arange(len(pipelines))
    kept = _ROWS.get((scenario, planned))  # the rows of every degree tried so far: hashed once, not per degree
    if kept is None:
        kept = _ROWS.put((scenario, planned), {})
    rows = []
    for pp in pipelines:
        row = kept.get(pp)
        if row is None:
            row = kept[pp] = stage_row(scenario, planned, pp) if pp <= model.n_layers else _NO_STAGE
        rows.append(row)
    # every column of the three tables at once: [side, column, degree, recomputation], each table's
    # column a (degree, recomputation) block of it
    values = np.ascontiguousarray(np.stack(rows, axis=2))
    first, second, last = (StageTable(**dict(zip(COLUMNS, values[side], strict=True)))
                           for side in (0, 1, 2))  # the first stage, the second, the last
    return index, replace(first, second=second), last


STAGE_ROW_MEMO_SIZE = 256
"""Scenarios and precision plans whose stage-table rows (:func:`stage_row`, one per pipeline degree
tried: a few hundred bytes each) are kept for the tables of other pipeline degrees."""

_ROWS: LruMemo[dict[int, np.ndarray]] = LruMemo(STAGE_ROW_MEMO_SIZE)
"""The rows :func:`stage_row` gave, by (scenario, precision plan) and then pipeline degree."""

_NO_STAGE = np.zeros((3, len(COLUMNS), len(RECOMPUTE)))
"""The row of a degree past the model's layers: no stage, zeros."""
_NO_STAGE.flags.writeable = False


def stage_row(scenario: Scenario, planned: PlannedCard, pp: int) -> np.ndarray:
    """One pipeline degree's row of the first, the second and the last stage's tables, as
    ``[side, column (COLUMNS), recomputation]`` (the second's zeros where there are at most two
    stages): a row reads no other degree, so the tables of counts with other pipeline degrees to
    try (the sweep over counts) share it. What no rank reads (a layout's working and loss bytes per
    token, the layer activations, the degree's layers and products) is worked out once per
    recomputation for the three stages; one stage alone (``pp`` 1) is the first and the last."""
    card = planned.card
    model, plan = scenario.model, plan_training(card, scenario.precision)
    states = training_states(scenario, plan)
    first_layers, layers, last_layers = scenario_stage_layers(scenario, pp)
    seq = scenario.training.seq_len
    probes, bases = [], []  # per recomputation: the probe scenario, its activation layout, and with a 16-bit forward
    for rc in RECOMPUTE:
        probe = scenario.model_copy(update={
            "parallelism": scenario.parallelism.model_copy(update={"tp": 1, "pp": pp}),
            "training": scenario.training.model_copy(update={"recompute": rc, "grad_accum": 1})})
        probe16 = probe.model_copy(update={"parallelism": probe.parallelism.model_copy(update={"zero": 3})})
        basis = stage_basis(probe, card, plan)  # what the ranks read alike (its layout the probe's: the same states)
        bases.append(basis)
        probes.append((probe, basis.layout, probe16, activation_layout(probe16, plan, states)))
    params_first = rank_params(probes[0][0], 0, first_layers)
    adapter = scenario.workload.is_adapter
    dualpipe = bool(runs_dualpipe(scenario.training.pipeline_algorithm, pp))
    matmul_params = matmul_params_on_fullest_stage(model, pp, dualpipe, planned.precisions[3])
    head_params = head_params_on_fullest_stage(model, pp, dualpipe, planned.precisions[3])
    frozen_first = frozen_base_bytes(scenario, plan, params_first, first_layers)
    every_rank = [{  # per recomputation, what each stage reads alike
        "working_per_token": working_layer_bytes(model, layout, seq),
        "working_per_token_16": working_layer_bytes(model, layout16, seq),
        "loss_per_token": logits_bytes_per_token(model, layout),
        "loss_per_token_tp": logits_bytes_per_token(model, replace(layout, loss_parallel=True)),
        "layer_bytes": layer_traffic_bytes(model, layout, seq),
        "layer_bytes_16": layer_traffic_bytes(model, layout16, seq),
    } for _, layout, _, layout16 in probes]
    rows = []
    for side, rank in enumerate((0, 1, pp - 1)):  # the first stage's table, the second's, the last's
        parts = {k: [0.0] * len(RECOMPUTE) for k in COLUMNS}
        if side == 1 and pp <= 2:  # no second stage beside the first and the last: zeros
            rows.append(parts)
            continue
        if side == 2 and pp == 1:  # the last stage is the first
            rows.append(rows[0])
            continue
        first, last = rank == 0, rank == pp - 1
        own = first_layers if first else last_layers if last else layers
        # DualPipe: the mirror stage's layers, read as the own stage's are, at the mirror's rank
        mirrored = mirror_rank(rank, pp)
        mirror = first_layers if mirrored == 0 else last_layers if mirrored == pp - 1 else layers
        holds_head = last or (first and dualpipe)  # under DualPipe rank 0 holds the last stage too
        for j, (probe, layout, probe16, layout16) in enumerate(probes):
            alike = every_rank[j]
            stage = stage_memory_at(probe, card, plan, rank, activations=False, basis=bases[j])  # activations below
            parts["weights"][j] = stage.weights
            parts["grads"][j] = stage.gradients
            parts["optimizer"][j] = stage.optimizer
            parts["copies"][j] = stage.weight_copies
            parts["stored_per_token"][j] = stage_stored_bytes(probe, layout, own)
            parts["working_per_token"][j] = alike["working_per_token"]
            parts["stored_per_token_16"][j] = stage_stored_bytes(probe16, layout16, own)
            parts["working_per_token_16"][j] = alike["working_per_token_16"]
            parts["loss_per_token"][j] = alike["loss_per_token"]
            parts["logits_per_token"][j] = parts["loss_per_token"][j] if holds_head else 0.0
            sharded = alike["loss_per_token_tp"]
            parts["loss_per_token_tp"][j] = sharded
            parts["logits_per_token_tp"][j] = sharded if holds_head else 0.0
            parts["mirror_stored_per_token"][j] = stage_stored_bytes(probe, layout, mirror) if dualpipe else 0.0
            parts["mirror_stored_per_token_16"][j] = stage_stored_bytes(probe16, layout16, mirror) if dualpipe else 0.0
            parts["dualpipe"][j] = float(dualpipe)
            parts["allocator"][j] = stage.allocator
            parts["layer_bytes"][j] = alike["layer_bytes"]
            parts["layer_bytes_16"][j] = alike["layer_bytes_16"]
            parts["layers"][j] = layers
            parts["short_first_layers"][j] = short_first_chunk_layers(model.n_layers, pp) if first or last else 0
            parts["gradients_held"][j] = float(stage.gradients_held)
            parts["step_copy"][j] = stage.step_copy
            parts["ddp"][j] = float(stage.ddp)
            parts["deferred"][j] = float(stage.deferred)
            parts["matmul_params"][j] = matmul_params
            parts["head_params"][j] = head_params
            parts["params_first"][j] = 0.0 if adapter else params_first
            parts["first_layers"][j] = first_layers
            parts["frozen_first"][j] = frozen_first
            parts["expert_share"][j] = stage.expert_share
            parts["gathered"][j] = gathered_layer_bytes(model, own, plan.math_bytes) if not adapter else 0.0
            parts["gathered_kept"][j] = gathered_layer_bytes(model, own, gathered_element_bytes(scenario, plan),
                                                             kept=pp > 1)
            parts["root_gathered"][j] = fsdp_root_bytes(scenario, plan, first, last)
        rows.append(parts)
    row = np.array([[parts[k] for k in COLUMNS] for parts in rows], dtype=np.float64)
    row.flags.writeable = False
    return row


def flat_places(table: StageTable, at: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The places ``at`` (pipeline row, recomputation) in ``table`` as indices into its flattened
    arrays: ``np.take(column, flat)`` is ``column[at]``, read as one gather rather than a two-array
    index (a quarter of the search's time was those)."""
    return at[0] * len(RECOMPUTE) + at[1]


IN_FLIGHT_FIELDS = ("pp", "accum", "vp", "rc")
"""The grid's fields a stage's micro-batches in flight read (``rc`` for the table's place, with
``pp``): grouped by them (:func:`in_flight_groups`), the count is worked out once a group."""


def in_flight_groups(g: dict) -> Tier:
    """The layouts of the grid ``g`` grouped by :data:`IN_FLIGHT_FIELDS`, for :func:`layout_memory`."""
    return tier(g, IN_FLIGHT_FIELDS)


def layout_memory(g: dict, table: StageTable, at, first: bool, seq_len: int, context: float,
                  offload_params: bool, schedule: PipelineSchedule, flight: Tier | None = None,
                  origin: tuple | None = None) -> np.ndarray:
    """Peak bytes on the first stage (and the second, ``table.second``, where there are more than
    two: the larger) or on the last for every layout (``TrainingMemoryModel.breakdown`` as arrays);
    ``at``: each layout's place in ``table`` (pipeline row, recomputation); ``flight``: the grid's
    :func:`in_flight_groups`, or any grouping of its layouts by (pipeline degree, accumulation,
    interleaving) (None: the micro-batches in flight worked out for every layout, the same
    numbers); ``origin``: when the layouts are rows of a grid before the micro-batch
    (:class:`~configurator.core.workloads.training.grid.GridOrigin`), that grid, its rows' places
    in ``table`` and each layout's row of it: then every part of the peak that reads no
    micro-batch or accumulation is worked out once per row of it (the same operations on the same
    values, element by element) and ``at`` is not read (issue 28)."""
    if origin is None:
        flat = flat_places(table, at)
        places = flat.take
        across = g["tp"] * g["cp"]
    else:
        flat = flat_places(table, origin[1])
        places = lambda rows: flat.take(origin[2].take(rows))  # noqa: E731
        across = (origin[0]["tp"] * origin[0]["cp"]).take(origin[2])
    # what every stage reads alike: the ranks an activation is split over and the micro-batch, as
    # the floats the arithmetic casts them to (exactly: integers far below 2**53), and whether a step
    # runs more than one micro-batch (its gradients held beside the activations, ``gradients_held``)
    alike = (across.astype(np.float64), g["mb"].astype(np.float64), g["accum"] > 1)
    if not first:
        return _stage_memory(g, table, flat, places, g["pp"] - 1, seq_len, context, offload_params, schedule,
                             flight, origin, alike)
    memory = _stage_memory(g, table, flat, places, 0, seq_len, context, offload_params, schedule, flight, origin,
                           alike)
    if table.second is None:
        return memory
    second = _stage_memory(g, table.second, flat, places, 1, seq_len, context, offload_params, schedule, flight,
                           origin, alike)
    return np.maximum(memory, np.where(g["pp"] > 2, second, 0.0))


def _in_flight(g: dict, table: StageTable, places, rank, schedule: PipelineSchedule, flight: Tier | None):
    """Micro-batches in flight on stage ``rank`` for every layout (``stored_in_flight_bytes`` per
    byte), once a group of ``flight`` (each layout's own when None), element by element the same;
    ``places``: the table's flat places of grid rows."""
    if flight is None:
        rows = np.arange(len(g["pp"]))
        pp, accum, vp = g["pp"], g["accum"], g["vp"]
    else:
        rows = flight.rows
        pp, accum, vp = (g[k].take(rows) for k in ("pp", "accum", "vp"))
        rank = rank if np.isscalar(rank) else rank.take(rows)
    short = table.short_first_layers.take(places(rows))
    count = stored_in_flight_bytes(1.0, pp, accum, rank, vp, round_size(schedule, pp, accum), short)
    return count if flight is None else count.take(flight.group)


def _held_parts(g: dict, table: StageTable, flat: np.ndarray, offload_params: bool) -> dict:
    """The parts of a stage's peak (:func:`_stage_memory`) that read no micro-batch or accumulation,
    for every layout of ``g`` (its rows' places ``flat`` in ``table``) [B, B per token]."""
    tp, zero, cp = g["tp"], g["zero"], g["cp"]
    replicas = g["dp"] * cp
    split = expert_parallel_factor(table.expert_share.take(flat), g["ep"])
    gathered = table.gathered.take(flat) if offload_params else table.gathered_kept.take(flat) * (zero >= 3)
    weights, grads, optimizer = (x / tp for x in zero_sharded(table.weights.take(flat), table.grads.take(flat),
                                                               table.optimizer.take(flat), zero, replicas, split,
                                                               g["pp"], table.deferred.take(flat) > 0))
    weights = weights + gathered * split / tp + table.root_gathered.take(flat) * (zero >= 3) / tp
    # a column of zeros adds nothing (every recipe but megatron-bf16-grads makes no step copy, Megatron
    # and offload no DDP buckets, every recipe but torch-amp no autocast copies): skipped, exactly
    step_copy = zero_shard(table.step_copy.take(flat), 1, zero, replicas, split) / tp \
        if table.step_copy.any() else 0.0
    buffers = ddp_bucket_bytes(grads, zero, replicas) * table.ddp.take(flat) if table.ddp.any() else 0.0
    copies = zero_shard(table.copies.take(flat), 3, zero, replicas, split) * autocast_copy_held(zero) / tp \
        if table.copies.any() else 0.0
    sixteen = (zero >= 3) | offload_params
    parts = {
        "resident": resident_bytes(weights, optimizer, buffers), "grads": grads, "step_copy": step_copy,
        "copies": copies,
        "own": np.where(sixteen, table.stored_per_token_16.take(flat), table.stored_per_token.take(flat)),
        "transient": transient_bytes_per_token(
            np.where(sixteen, table.working_per_token_16.take(flat), table.working_per_token.take(flat)),
            np.where(tp > 1, table.logits_per_token_tp.take(flat), table.logits_per_token.take(flat))),
        "gradients_held": table.gradients_held.take(flat) > 0, "allocator": table.allocator.take(flat)}
    if table.dualpipe.any():
        parts["dualpipe"] = table.dualpipe.take(flat) > 0
        parts["mirror"] = np.where(sixteen, table.mirror_stored_per_token_16.take(flat),
                                   table.mirror_stored_per_token.take(flat))
    return parts


def _stage_memory(g: dict, table: StageTable, flat: np.ndarray, places, rank, seq_len: int, context: float,
                  offload_params: bool, schedule: PipelineSchedule, flight: Tier | None, origin: tuple | None,
                  alike: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    """Peak bytes on pipeline stage ``rank`` (its row of ``table`` at ``flat``: each layout's place,
    or with ``origin`` each row's of the grid before the micro-batch, :func:`layout_memory`) for
    every layout; ``places``: the flat places of grid rows; ``alike``: every layout's tensor ×
    context ranks and micro-batch [float] and whether it accumulates more than one micro-batch."""
    across, micro_batch, many = alike
    held = _held_parts(g if origin is None else origin[0], table, flat, offload_params)
    always = held.pop("gradients_held")  # the recipe holds the gradients whatever the micro-batches: often all or none
    if origin is not None:
        held = {k: v.take(origin[2]) if isinstance(v, np.ndarray) else v for k, v in held.items()}
    gradients_held = True if always.all() else many if not always.any() else \
        many | (always if origin is None else always.take(origin[2]))
    in_flight = _in_flight(g, table, places, rank, schedule, flight)
    if "dualpipe" in held:  # the own stage's and the mirror stage's micro-batches in flight, PP + 1 together
        own_in_flight, mirrored = dualpipe_in_flight(g["pp"], g["accum"], rank)
        stored = held["own"] * np.where(held["dualpipe"], own_in_flight, in_flight) + held["mirror"] * mirrored
        per_token = activation_peak_bytes_per_token(stored, 1, None, None, held["transient"])
    else:
        per_token = activation_peak_bytes_per_token(held["own"], in_flight, None, None, held["transient"])
    per_sequence = per_token * seq_len / across
    activations = held["copies"] + micro_batch * per_sequence
    peak = training_peak_bytes(None, held["grads"], None, activations, gradients_held, None, held["step_copy"],
                               held["resident"])
    return reserved_bytes(peak, held["allocator"], context)


def clear_stage_tables() -> None:
    """Forget every kept stage table and row."""
    stage_tables_cached.cache_clear()
    _ROWS.clear()
    _BY_SEARCH.clear()
