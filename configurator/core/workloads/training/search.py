"""Training layout search: every tensor × pipeline × interleaving × ZeRO × recomputation ×
micro-batch layout of a model on ``count`` cards, evaluated as numpy arrays.

The heuristics practitioners state (Narayanan et al. 2021 §3: tensor parallel inside a server,
pipeline across servers, data parallel for the rest; the global batch fixed by the recipe) bound
the search; within them every combination is costed with the estimator's own formulas — the
array-friendly functions of :mod:`configurator.core.formulas` that the single estimate
(:mod:`configurator.core.memory`, :mod:`configurator.core.training_speed`) runs too — and the
fastest that fits wins. The search is a pure
function of (scenario, card); the winner and the runners-up are re-estimated exactly by
:func:`configurator.core.workloads.training.plan.planned_training`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from configurator.core.batch import nearest_reachable_batches, nearest_splitting_batches
from configurator.core.catalog import Card
from configurator.core.layout_json import searched_layout_to_dict
from configurator.core.memo import NOT_SEARCHED_FOR_TRAINING, LruMemo, scenario_key
from configurator.core.formulas.parallelism import expert_parallel_factor
from configurator.core.formulas.states import reserved_bytes, training_peak_bytes, zero_sharded
from configurator.core.formulas.activations import activation_peak_bytes_per_token
from configurator.core.memory import (
    TIGHT_FIT_HEADROOM,
    activation_layout,
    gathered_element_bytes,
    gathered_layer_bytes,
    layer_activation_bytes,
    logits_bytes_per_token,
    stage_memory,
    stage_params,
    stage_stored_bytes,
    stored_in_flight_bytes,
    training_stage_layers,
    training_states,
    usable_capacity_bytes,
    working_layer_bytes,
)
from configurator.core.pipeline_schedule import (PipelineSchedule, most_model_chunks, round_size,
                                                 short_first_chunk_layers)
from configurator.core.training_speed import fabric, frozen_base_bytes, matmul_params_on_fullest_stage
from configurator.core.precision import plan_training
from configurator.core.scenario import Recompute, Scenario
from configurator.core.workloads.training.layout_speed import (
    MEMORY_FIELDS,
    RECOMPUTE,
    Tier,
    field_ranks,
    layout_speed,
    tier,
)
from configurator.core.workloads.layout import global_batch_tokens

TENSOR_PARALLEL = (1, 2, 4, 8, 16, 32, 64)
PIPELINE = (1, 2, 4, 8, 16, 32, 64, 128)
VIRTUAL_STAGES = (1, 2, 3, 4)
ZERO_STAGES = (0, 1, 2, 3)
MICRO_BATCHES = (1, 2, 4, 8, 16, 32, 64)
CONTEXT_PARALLEL = (1, 2, 4, 8, 16, 32)
EXPERT_PARALLEL = (1, 2, 4, 8, 16, 32, 64)
"""Values the search tries for each layout field that is not pinned; beyond them
:func:`virtual_stage_options` and :func:`micro_batch_options`."""


def virtual_stage_options(n_layers: int, pipelines) -> tuple[int, ...]:
    """Virtual stages tried: :data:`VIRTUAL_STAGES`, and every divisor of a stage's layers up to
    one layer per model chunk (Megatron-LM's interleaved schedule splits a stage's layers into
    ``v`` equal chunks; Calculon's GPT-3 175B layout on 4,096 A100 runs 24 of them, Isaev et al.
    2023, "Calculon", SC'23), for each pipeline degree tried [count]."""
    found = set(VIRTUAL_STAGES)
    for pp in pipelines:
        per_stage = -(-n_layers // pp)
        if pp > 1:
            found.update(v for v in range(1, per_stage + 1) if per_stage % v == 0
                         and pp * v <= most_model_chunks(n_layers, pp))
    return tuple(sorted(found))


def micro_batch_options(sequences: int) -> tuple[int, ...]:
    """Micro-batches tried: every divisor of the global batch's ``sequences`` up to the largest
    of :data:`MICRO_BATCHES` (a micro-batch must divide each rank's share, so it divides the
    batch; 3, 6, 12, 24 and 48 split the 1,536-sequence GPT-3 batch as powers of two do not) [count]."""
    most = max(MICRO_BATCHES)
    return tuple(b for b in range(1, most + 1) if sequences % b == 0) or (1,)

CP_MIN_SEQUENCE = 8192
"""Shortest sequence for which the search tries context parallelism: below it each rank's block
is too small to hide the ring exchange (Megatron-LM and NeMo enable CP for 8k+ contexts)."""


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
    lightest: Layout | None = None
    """When no layout fits: the one that needs the least memory per card (``fits`` False, timed),
    the closest to fitting; the estimate reports its shortfall rather than a plainer layout's."""

    @property
    def best(self) -> Layout | None:
        return self.layouts[0] if self.layouts else None


def pipeline_options(count: int) -> tuple[int, ...]:
    """Pipeline degrees tried: powers of two and every divisor of the card count up to the
    largest in ``PIPELINE`` (Megatron-LM's 530B run uses 35 stages on 280 cards)."""
    return tuple(sorted({*PIPELINE, *(d for d in range(3, max(PIPELINE) + 1) if count % d == 0)}))


def _options(scenario: Scenario, name: str, choices: tuple, current) -> tuple:
    return choices if name in scenario.auto_layout else (current,)


def _axes(scenario: Scenario, card: Card, sequences: int | None = None) -> tuple[list, ...]:
    """The values tried for (tp, pp, vp, cp, ep, zero, recompute index, micro-batch): the pinned
    value alone, or the search's choices that suit the model, the card, the sequence and the
    batch of ``sequences`` (None: the powers of two of :data:`MICRO_BATCHES`)."""
    model, par, train, count = scenario.model, scenario.parallelism, scenario.training, scenario.count
    auto = scenario.auto_layout
    net = fabric(card, par.cards_per_node, scenario.assumptions)
    tp_limit = max(1, min(net.domain, count)) if card.has_fast_link else 1
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
    return (tps, pps, list(_options(scenario, "vp", virtual_stage_options(model.n_layers, pps), par.virtual_stages)),
            cps, eps, list(_options(scenario, "zero", ZERO_STAGES, par.zero)),
            [RECOMPUTE.index(r) for r in _options(scenario, "recompute", RECOMPUTE, Recompute(train.recompute))],
            list(_options(scenario, "micro_batch", micro, train.micro_batch)))


def data_parallel_widths(scenario: Scenario, card: Card) -> tuple[int, ...]:
    """The data-parallel widths the search can give ``scenario.count`` cards: the count over every
    tensor × pipeline × context product of the values tried that divides it, kept where the
    expert degree tried divides the width [count]."""
    tps, pps, _vps, cps, eps, *_ = _axes(scenario, card)
    count = scenario.count
    widths = {count // (t * p * c) for t in tps for p in pps for c in cps if count % (t * p * c) == 0}
    return tuple(sorted(dp for dp in widths if any(dp % e == 0 for e in eps)))


def nearest_batches(scenario: Scenario, card: Card, sequences: int) -> tuple[int, ...]:
    """The global batches [tokens] nearest below and above ``sequences`` that the layouts tried
    can split: with the accumulation left to the planner any multiple of a data-parallel width ×
    micro-batch; with it pinned only width × micro-batch × accumulation (the accumulation is not
    changed to reach a batch, and no automatic width may change the batch it gives).
    Never ``sequences`` itself."""
    train, auto = scenario.training, scenario.auto_layout
    widths = data_parallel_widths(scenario, card) or (scenario.count,)
    micro = MICRO_BATCHES if "micro_batch" in auto else (train.micro_batch,)
    if "grad_accum" in auto:
        per_rank = 1 if "micro_batch" in auto else train.micro_batch
        found = nearest_splitting_batches(sequences, train.seq_len, tuple(dp * per_rank for dp in widths))
        return tuple(b for b in found if b != sequences * train.seq_len)
    reachable = tuple(sorted({dp * mb * train.grad_accum for dp in widths for mb in micro}))
    return nearest_reachable_batches(sequences, train.seq_len, reachable)


def _grid(scenario: Scenario, card: Card, sequences: int) -> dict[str, np.ndarray]:
    """Every combination of the unpinned fields that divides the cards and the batch, in
    ``np.meshgrid(indexing="ij")`` order over (tp, pp, vp, cp, ep, zero, recompute, micro-batch),
    built one field at a time with the rows that cannot divide dropped on the way."""
    return _grid_of_axes(scenario, _axes(scenario, card, sequences), sequences)


def _grid_of_axes(scenario: Scenario, axes: tuple[list, ...], sequences: int) -> dict[str, np.ndarray]:
    """:func:`_grid` over the values ``axes`` tries (the card enters the grid through them alone)."""
    train, count, auto = scenario.training, scenario.count, scenario.auto_layout
    if not all(axes):
        return {}
    names = ("tp", "pp", "vp", "cp", "ep", "zero", "rc", "mb")
    g = {"tp": np.asarray(axes[0], dtype=np.int64)}
    for name, values in zip(names[1:], axes[1:]):
        g = _widen(g, name, np.asarray(values, dtype=np.int64))
        keep = _prefix_keep(g, scenario, sequences, name)
        if keep is None:  # no rule reads this field last: every row can still be completed
            continue
        if not keep.any():
            return {}
        g = {k: v[keep] for k, v in g.items()}
    dp = count // (g["tp"] * g["cp"] * g["pp"])
    if "grad_accum" in auto:
        accum = sequences // np.maximum(dp * g["mb"], 1)
    else:
        accum = np.full_like(g["tp"], train.grad_accum)
    return {**g, "accum": accum, "dp": dp}


def _widen(g: dict[str, np.ndarray], name: str, values: np.ndarray) -> dict[str, np.ndarray]:
    """Every row of ``g`` with every value of one more field, in ``np.meshgrid(indexing="ij")``
    order (the rows of ``g`` outermost)."""
    rows = len(next(iter(g.values())))
    widened = {k: np.repeat(v, len(values)) for k, v in g.items()}
    widened[name] = np.tile(values, rows)
    return widened


def _prefix_keep(g: dict[str, np.ndarray], scenario: Scenario, sequences: int, added: str) -> np.ndarray | None:
    """Which rows of a partly built grid can still be completed: each rule of :func:`_grid`
    applied as soon as the fields it reads are present, so the full product is never built —
    once, when ``added`` (the field just added) is the last of them: the rows an earlier rule
    dropped are gone, so it would keep every row left. None when no rule reads ``added`` last.

    Interleaved stages (``vp`` > 1) need micro-batches in multiples of the pipeline degree: the
    interleaved 1F1B schedule refuses others ("number of microbatches is not divisible by
    pipeline-parallel size when using interleaved schedule", NVIDIA Apex
    ``apex.transformer.pipeline_parallel.schedules.get_forward_backward_func``, as Megatron-LM's
    schedule it was taken from), and its bubble ``(p − 1)/(m·v)`` assumes ``m ≥ p``; Llama 3's
    flexible schedule needs ``m`` a multiple of its rounds (``pipeline_schedule.round_size``). A
    layout has at most ``pipeline_schedule.most_model_chunks`` chunks."""
    model, auto, count = scenario.model, scenario.auto_layout, scenario.count

    def last(*fields: str) -> bool:  # the rule reading ``fields`` is applied now: all present, ``added`` among them
        return added in fields and all(f in g for f in fields)

    if not any(last(*fields) for fields in _RULE_FIELDS):
        return None
    keep = np.ones(len(g["tp"]), dtype=bool)
    if last("tp", "pp", "vp"):
        chunks = np.array([0] + [most_model_chunks(model.n_layers, p) for p in range(1, int(g["pp"].max()) + 1)])
        keep &= g["pp"] * g["vp"] <= chunks[g["pp"]]
        if "vp" in auto:
            keep &= (g["pp"] > 1) | (g["vp"] == 1)
            per_stage = -(-model.n_layers // g["pp"])  # beyond VIRTUAL_STAGES: equal chunks only
            keep &= (g["vp"] <= max(VIRTUAL_STAGES)) | (per_stage % g["vp"] == 0)
    if "cp" in g:
        if last("tp", "pp", "cp"):
            keep &= count % (g["tp"] * g["cp"] * g["pp"]) == 0
        dp = count // (g["tp"] * g["cp"] * g["pp"])
        if last("tp", "pp", "cp", "ep"):
            keep &= dp % g["ep"] == 0
        if last("tp", "pp", "cp", "zero") and "zero" in auto:
            keep &= (g["zero"] == 0) | (dp * g["cp"] > 1)  # sharding over one replica changes nothing
        if last("tp", "pp", "cp", "mb") and "grad_accum" in auto:
            keep &= sequences % np.maximum(dp * g["mb"], 1) == 0
            keep &= sequences // np.maximum(dp * g["mb"], 1) >= 1
        elif last("tp", "pp", "cp", "mb"):  # a pinned accumulation: only the widths and micro-batches that keep the batch
            keep &= dp * g["mb"] * scenario.training.grad_accum == sequences
        if last("tp", "pp", "cp", "vp", "mb") and "vp" in auto:
            accum = sequences // np.maximum(dp * g["mb"], 1) if "grad_accum" in auto else scenario.training.grad_accum
            keep &= (g["vp"] == 1) | (accum % round_size(scenario.parallelism.pipeline_schedule, g["pp"], accum) == 0)
    return keep


_RULE_FIELDS = (("tp", "pp", "vp"), ("tp", "pp", "cp"), ("tp", "pp", "cp", "ep"), ("tp", "pp", "cp", "zero"),
                ("tp", "pp", "cp", "mb"), ("tp", "pp", "cp", "vp", "mb"))
"""The fields each rule of :func:`_prefix_keep` reads."""


@dataclass(frozen=True)
class _StageTable:
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
    params_first: np.ndarray
    frozen_first: np.ndarray  # the first stage's frozen adapter base as ZeRO-3 gathers it [B]
    expert_share: np.ndarray
    gathered: np.ndarray
    gathered_kept: np.ndarray
    stored_fullest_per_token: np.ndarray
    stored_fullest_per_token_16: np.ndarray
    """``stored_fullest_per_token`` with a 16-bit forward."""
    short_first_layers: np.ndarray
    """The first stage's layers when its first chunk gave a layer to the embedding, else 0
    (``pipeline_schedule.short_first_chunk_layers``)."""


@dataclass(frozen=True)
class _PlannedCard:
    """The card the stage tables are computed for, kept by its training precision plan: the tables
    read the card through that plan alone (the stage's capacity, which :func:`stage_memory` also
    gives, is not in them), so cards of one plan — ``(requested, math, weights)`` — share them."""

    precisions: tuple
    card: Card = field(compare=False, hash=False)


def _stage_tables(scenario: Scenario, card: Card) -> tuple[np.ndarray, _StageTable, _StageTable]:
    """Stage memory of the first and last stage for each pipeline degree (``PIPELINE`` and the
    pinned one) and each recomputation, from :func:`configurator.core.memory.stage_memory` at
    tensor parallel 1 (every part of it scales as ``1/tp``), with the index from pipeline degree
    to table row. Independent of the card count, the other layout fields and the card beyond its
    precision plan, so cached."""
    t = scenario.training
    key = scenario.model_copy(update={
        "count": 1, "card_id": "", "constraints": scenario.constraints.__class__(),
        "economics": scenario.economics.__class__(),
        "auto_layout": (), "parallelism": scenario.parallelism.__class__(pp=scenario.parallelism.pp),
        "training": t.model_copy(update={"micro_batch": 1, "grad_accum": 1, "recompute": Recompute.NONE,
                                         "global_batch_tokens": None, "tokens": 1.0})})
    plan = plan_training(card, scenario.precision)
    return _stage_tables_cached(key, _PlannedCard((plan.requested, plan.math, plan.weights), card),
                                pipeline_options(scenario.count))


@lru_cache(maxsize=256)
def _stage_tables_cached(scenario: Scenario, planned: _PlannedCard, pipelines: tuple[int, ...]
                         ) -> tuple[np.ndarray, _StageTable, _StageTable]:
    model = scenario.model
    pipelines = sorted({*pipelines, scenario.parallelism.pp})
    index = np.full(max(pipelines) + 1, -1, dtype=np.int64)
    index[pipelines] = np.arange(len(pipelines))
    tables = []
    for side in (0, 1):  # the first stage, then the last
        parts = {k: np.zeros((len(pipelines), len(RECOMPUTE))) for k in _StageTable.__dataclass_fields__}
        for i, pp in enumerate(pipelines):
            if pp > model.n_layers:
                continue
            for name, values in _stage_row(scenario, planned, pp)[side].items():
                parts[name][i] = values
        tables.append(_StageTable(**parts))
    return index, tables[0], tables[1]


STAGE_ROW_MEMO_SIZE = 4096
"""Rows of the stage tables kept by :func:`_stage_row` (one per scenario, precision plan and
pipeline degree: a few hundred bytes each)."""


@lru_cache(maxsize=STAGE_ROW_MEMO_SIZE)
def _stage_row(scenario: Scenario, planned: _PlannedCard, pp: int) -> tuple[dict[str, tuple[float, ...]], ...]:
    """One pipeline degree's row of the first and the last stage's tables (a value per
    recomputation): a row reads no other degree, so the tables of counts with other pipeline
    degrees to try (the sweep over counts) share it."""
    card = planned.card
    model, plan = scenario.model, plan_training(card, scenario.precision)
    states = training_states(scenario, plan)
    rows = []
    for first in (True, False):
        parts = {k: [0.0] * len(RECOMPUTE) for k in _StageTable.__dataclass_fields__}
        for j, rc in enumerate(RECOMPUTE):
            probe = scenario.model_copy(update={
                "parallelism": scenario.parallelism.model_copy(update={"tp": 1, "pp": pp}),
                "training": scenario.training.model_copy(update={"recompute": rc, "grad_accum": 1})})
            stage = stage_memory(probe, card, plan, first)
            layout = activation_layout(probe, plan, states)
            first_layers, layers, last_layers = training_stage_layers(model, pp)
            own = first_layers if first else last_layers
            parts["weights"][j] = stage.weights
            parts["grads"][j] = stage.gradients
            parts["optimizer"][j] = stage.optimizer
            parts["copies"][j] = stage.weight_copies
            parts["stored_per_token"][j] = stage_stored_bytes(probe, layout, own)
            parts["stored_fullest_per_token"][j] = stage_stored_bytes(probe, layout, layers)
            parts["working_per_token"][j] = working_layer_bytes(model, layout, probe.training.seq_len)
            probe16 = probe.model_copy(update={"parallelism": probe.parallelism.model_copy(update={"zero": 3})})
            layout16 = activation_layout(probe16, plan, states)
            parts["stored_per_token_16"][j] = stage_stored_bytes(probe16, layout16, own)
            parts["stored_fullest_per_token_16"][j] = stage_stored_bytes(probe16, layout16, layers)
            parts["working_per_token_16"][j] = working_layer_bytes(model, layout16, probe.training.seq_len)
            parts["loss_per_token"][j] = logits_bytes_per_token(model, layout)
            parts["logits_per_token"][j] = parts["loss_per_token"][j] if (not first or pp == 1) else 0.0
            sharded = logits_bytes_per_token(model, replace(layout, loss_parallel=True))
            parts["loss_per_token_tp"][j] = sharded
            parts["logits_per_token_tp"][j] = sharded if (not first or pp == 1) else 0.0
            parts["allocator"][j] = stage.allocator
            parts["layer_bytes"][j] = layer_activation_bytes(model, layout, probe.training.seq_len)
            parts["layer_bytes_16"][j] = layer_activation_bytes(model, layout16, probe.training.seq_len)
            parts["layers"][j] = layers
            parts["short_first_layers"][j] = short_first_chunk_layers(model.n_layers, pp)
            parts["matmul_params"][j] = matmul_params_on_fullest_stage(model, pp)
            params_first = stage_params(model, pp, True, first_layers)
            parts["params_first"][j] = 0.0 if scenario.workload.is_adapter else params_first
            parts["frozen_first"][j] = frozen_base_bytes(scenario, plan, params_first, first_layers)
            parts["expert_share"][j] = stage.expert_share
            parts["gathered"][j] = gathered_layer_bytes(model, own, plan.math_bytes) \
                if not scenario.workload.is_adapter else 0.0
            parts["gathered_kept"][j] = gathered_layer_bytes(model, own, gathered_element_bytes(scenario, plan),
                                                             kept=pp > 1)
        rows.append({k: tuple(v) for k, v in parts.items()})
    return tuple(rows)


def _memory(g: dict, table: _StageTable, at, first: bool, seq_len: int, context: float,
            offload_params: bool, schedule: PipelineSchedule) -> np.ndarray:
    """Peak bytes on the stage for every layout (``TrainingMemoryModel.breakdown`` as arrays)."""
    tp, zero, cp = g["tp"], g["zero"], g["cp"]
    replicas = g["dp"] * cp
    split = expert_parallel_factor(table.expert_share[at], g["ep"])
    gathered = table.gathered[at] if offload_params else table.gathered_kept[at] * (zero >= 3)
    weights, grads, optimizer = (x / tp for x in zero_sharded(table.weights[at], table.grads[at],
                                                               table.optimizer[at], zero, replicas, split))
    weights = weights + gathered / tp
    copies = zero_sharded(table.copies[at], 0.0, 0.0, zero, replicas, split)[0] / tp
    sixteen = (zero >= 3) | offload_params
    own = np.where(sixteen, table.stored_per_token_16[at], table.stored_per_token[at])
    fullest = np.where(sixteen, table.stored_fullest_per_token_16[at], table.stored_fullest_per_token[at])
    stored = stored_in_flight_bytes(own, fullest, g["pp"], g["accum"], first, g["vp"],
                                    round_size(schedule, g["pp"], g["accum"]), table.short_first_layers[at])
    working = np.where(sixteen, table.working_per_token_16[at], table.working_per_token[at])
    loss = np.where(tp > 1, table.logits_per_token_tp[at], table.logits_per_token[at])
    per_sequence = activation_peak_bytes_per_token(stored, 1, working, loss) * seq_len / (tp * cp)
    activations = copies + g["mb"] * per_sequence
    peak = training_peak_bytes(weights, grads, optimizer, activations)
    return reserved_bytes(peak, table.allocator[at], context)


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

SHARED_GRID_MEMO_SIZE = 64
"""Layout grids and their memory per card kept by :func:`_shared_grid` and
:func:`_shared_memory` (a grid of a few thousand rows is ~0.5 MiB: ~30 MiB at most)."""

_GRIDS: LruMemo[dict] = LruMemo(SHARED_GRID_MEMO_SIZE)
_MEMORIES: LruMemo[tuple] = LruMemo(SHARED_GRID_MEMO_SIZE)
_GROUPS: LruMemo[dict] = LruMemo(SHARED_GRID_MEMO_SIZE)


def clear_plan_memo() -> None:
    """Forget every kept layout search, grid, grid memory and stage table."""
    _PLANS.clear()
    _GRIDS.clear()
    _MEMORIES.clear()
    _GROUPS.clear()
    _stage_tables_cached.cache_clear()
    _stage_row.cache_clear()


def _shared_grid(cards_key: str, scenario: Scenario, card: Card,
                 sequences: int) -> tuple[tuple, dict[str, np.ndarray]]:
    """:func:`_grid`, kept for the cards that try the same values (a catalog pass searches ~70
    cards of five kinds of fabric: each grid is built once), with its key. ``cards_key``: the
    scenario's search key less the card; the grid reads the card only through :func:`_axes`.
    The arrays are read-only (shared)."""
    axes = _axes(scenario, card, sequences)
    key = (cards_key, sequences, tuple(tuple(values) for values in axes))
    kept = _GRIDS.get(key)
    if kept is None:
        kept = _grid_of_axes(scenario, axes, sequences)
        for values in kept.values():
            values.flags.writeable = False
        kept = _GRIDS.put(key, kept)
    return key, kept


def _shared_memory(grid_key: tuple, scenario: Scenario, card: Card, g: dict[str, np.ndarray], groups) -> tuple:
    """The stage tables of ``card``, the rows of ``g`` in them and the peak bytes per card of
    every layout of ``g`` (the larger of the first and last stage), kept for the cards that share
    the grid and the training precision plan (the tables read the card through that plan alone,
    :class:`_PlannedCard`; the memory reads the card through the tables alone); ``groups``: the
    grid's :func:`_shared_groups`."""
    plan = plan_training(card, scenario.precision)
    key = (grid_key, (plan.requested, plan.math, plan.weights))
    kept = _MEMORIES.get(key)
    if kept is not None:
        return kept
    index, first_table, last_table = _stage_tables(scenario, card)
    at = (index[g["pp"]], g["rc"])
    context = scenario.assumptions.cuda_context_gib * 2**30
    seq, offload = scenario.training.seq_len, scenario.training.offload_params
    # once per distinct (tp, pp, cp, ep, micro-batch, recomputation, ZeRO, interleaving): the
    # interleaving sets how many micro-batches a stage holds (formulas.parallelism.
    # micro_batches_in_flight); the data-parallel width and accumulation follow from these
    micro = groups(MEMORY_FIELDS)
    sub = {k: micro.column(g, k) for k in ("tp", "pp", "vp", "cp", "dp", "ep", "zero", "mb", "accum")}
    place = (at[0][micro.rows], at[1][micro.rows])
    schedule = scenario.parallelism.pipeline_schedule
    memory = _memory(sub, first_table, place, True, seq, context, offload, schedule)
    memory = np.maximum(memory, np.where(sub["pp"] > 1, _memory(sub, last_table, place, False, seq, context, offload,
                                                                schedule), 0.0))[micro.group]
    for values in (*at, memory):
        values.flags.writeable = False
    return _MEMORIES.put(key, (first_table, at, memory))


def _shared_groups(grid_key: tuple, g: dict[str, np.ndarray]):
    """The grid's :data:`~configurator.core.workloads.training.layout_speed.Groups`, each tier of
    fields (and each field's ranks) worked out once for the cards that share the grid
    (:func:`_shared_grid`)."""
    kept = _GROUPS.get(grid_key)
    if kept is None:
        kept = _GROUPS.put(grid_key, {})

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
    plan = plan_training(card, scenario.precision)
    if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return TrainingPlan((), global_batch_tokens(scenario), 0, 0, "no-rate")  # nothing to search or keep
    # the scenario's text less the card (the grid's key, :func:`_shared_grid`) and the card: the
    # search key, written once
    cards_key = scenario_key(scenario, _NOT_SEARCHED_PER_CARD)
    key = (cards_key, scenario.card_id, top)
    kept = _PLANS.get(key, (card,))
    return kept if kept is not None else _PLANS.put(key, _search(scenario, card, top, cards_key), (card,))


def _search(scenario: Scenario, card: Card, top: int, cards_key: str) -> TrainingPlan:
    """:func:`plan_training_layout` without the memo, for a card with a rate (the grid and its
    memory shared with the cards of the same fabric and precision plan: :func:`_shared_grid`,
    :func:`_shared_memory`; ``cards_key``: the scenario's search key less the card)."""
    batch = global_batch_tokens(scenario)
    sequences = batch // scenario.training.seq_len
    grid_key, g = _shared_grid(cards_key, scenario, card, sequences)
    if not g:
        return TrainingPlan((), batch, 0, 0, "batch-does-not-divide",
                            {"batch": batch, "count": scenario.count,
                             "nearest": nearest_batches(scenario, card, sequences)})
    groups = _shared_groups(grid_key, g)
    first_table, at, memory = _shared_memory(grid_key, scenario, card, g, groups)
    capacity = usable_capacity_bytes(card, scenario.assumptions)  # a stage's capacity (stage_memory)
    fits = memory <= capacity
    if not fits.any():
        smallest = int(np.argmin(memory))
        return TrainingPlan((), batch, len(memory), 0, "no-layout-fits",
                            {"need_gib": memory[smallest] / 2**30, "capacity_gib": capacity / 2**30,
                             "pinned": ", ".join(scenario.pinned) or "none"},
                            lightest=_lightest(scenario, card, g, first_table, at, memory, smallest))
    comfortable = memory <= capacity * (1 - TIGHT_FIT_HEADROOM)
    ranked = np.flatnonzero(comfortable if comfortable.any() else fits)  # only these can be chosen: timed alone
    speed = layout_speed(scenario, card, g, first_table, at, ranked, groups)
    chosen = _fastest_rows(g, ranked, -speed["tokens_per_s"], top)
    row = {k: v[chosen[0]] for k, v in speed.items()}
    layouts = []
    for n, i in enumerate(chosen):
        other = {k: v[i] for k, v in speed.items()}
        j = ranked[i]
        layouts.append(Layout(
            tp=int(g["tp"][j]), pp=int(g["pp"][j]), vp=int(g["vp"][j]), cp=int(g["cp"][j]), ep=int(g["ep"][j]),
            zero=int(g["zero"][j]),
            recompute=RECOMPUTE[int(g["rc"][j])], micro_batch=int(g["mb"][j]), grad_accum=int(g["accum"][j]),
            dp=int(g["dp"][j]), fits=True, memory_bytes=float(memory[j]), step_s=float(other["step_s"]),
            tokens_per_s=float(other["tokens_per_s"]), mfu=float(other["mfu"]), bubble_s=float(other["bubble_s"]),
            exposed_comm_s=float(other["comm_s"]), recompute_s=float(other["recompute_s"]),
            loses_by=None if n == 0 else _loses_by(row, other)))
    return TrainingPlan(tuple(layouts), batch, len(memory), int(fits.sum()))


_NOT_SEARCHED_PER_CARD = NOT_SEARCHED_FOR_TRAINING | {"card_id"}
"""The scenario fields the grid and its memory do not read: the card is read through its own
object (its fabric and precision plan)."""


def _fastest_rows(g: dict, ranked: np.ndarray, slowness: np.ndarray, top: int) -> list[int]:
    """The first ``top`` of the grid rows ``ranked`` (their places in it) in the order of
    ``np.lexsort((ep, cp, pp, tp, rc, zero, slowness))`` (the least ``slowness``, one per row of
    ``ranked``, first, ties to fewer ZeRO stages, less recomputation, narrower layouts, then the
    grid's order): sorted among the rows no slower than the ``top``-th alone, which give the same
    first rows as sorting them all."""
    keys = lambda rows: (*(g[k][ranked[rows]] for k in ("ep", "cp", "pp", "tp", "rc", "zero")),  # noqa: E731
                         slowness[rows])
    n = min(top, len(slowness))
    if n < len(slowness):
        bound = np.partition(slowness, n - 1)[n - 1]
        rows = np.flatnonzero(slowness <= bound)  # ascending: the grid's order kept for full ties
        if len(rows) >= n:  # else a NaN among the fastest: sorted whole below
            return rows[np.lexsort(keys(rows))[:top]].tolist()
    return np.lexsort(keys(slice(None)))[:top].tolist()


def _lightest(scenario: Scenario, card: Card, g: dict, table: _StageTable, at, memory: np.ndarray,
              row: int) -> Layout:
    """The layout of grid row ``row`` (the one needing the least memory), timed, marked as not fitting."""
    one = {k: v[row:row + 1] for k, v in g.items()}
    speed = {k: float(v[0]) for k, v in layout_speed(scenario, card, g, table, at, np.array([row])).items()}
    return Layout(tp=int(one["tp"][0]), pp=int(one["pp"][0]), vp=int(one["vp"][0]), cp=int(one["cp"][0]),
                  ep=int(one["ep"][0]), zero=int(one["zero"][0]), recompute=RECOMPUTE[int(one["rc"][0])],
                  micro_batch=int(one["mb"][0]), grad_accum=int(one["accum"][0]), dp=int(one["dp"][0]), fits=False,
                  memory_bytes=float(memory[row]), step_s=speed["step_s"], tokens_per_s=speed["tokens_per_s"],
                  mfu=speed["mfu"], bubble_s=speed["bubble_s"], exposed_comm_s=speed["comm_s"],
                  recompute_s=speed["recompute_s"])


def plan_to_dict(plan: TrainingPlan, chosen_json: dict, chosen_fits: bool) -> dict:
    """The search and the exact estimate of the layout chosen (``chosen_json``: that estimate's
    JSON, :func:`configurator.core.estimate_json.estimate_to_dict`)."""
    return {"global_batch_tokens": plan.global_batch_tokens, "candidates": plan.candidates, "fitting": plan.fitting,
            "problem": plan.problem, "layouts": [searched_layout_to_dict(x) for x in plan.layouts],
            "lightest": None if plan.lightest is None else searched_layout_to_dict(plan.lightest),
            "chosen": chosen_json, "chosen_fits": chosen_fits}
