"""Step time of every layout of the training search's grid
(:mod:`~configurator.core.workloads.training.search`): ``micro_batch_timing`` + ``training_speed``
with the same formulas, on numpy arrays.

Most parts of a step read a few of the layout's fields: the micro-batch's compute and its
tensor-, context- and expert-parallel collectives read the tensor, pipeline, context and expert
degrees, the micro-batch and the recomputation, not the ZeRO stage or the interleaving; the
data-parallel synchronisation reads no micro-batch; the pipeline schedule no recomputation. Each
part is evaluated once per distinct value of the fields it reads (a grid of thousands of layouts
holds a few hundred of each) and spread over the layouts: every layout's numbers are those of the
same expressions on the same operands, element by element, so the same to the last bit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from configurator.core.adapter_speed import adapter_layer_seconds, eager_host_floor_seconds
from configurator.core.attention_kernel import training_attention_efficiency
from configurator.core.catalog import Card
from configurator.core.formulas import communication as comm
from configurator.core.formulas.dualpipe import runs_dualpipe, schedule_bubble_fraction
from configurator.core.formulas.expert_data_parallel import data_parallel_groups
from configurator.core.formulas.gemm_efficiency import gemm_family, product_precision
from configurator.core.formulas.cp_comm import cp_comm_seconds, cp_link_ranks
from configurator.core.formulas.flops import (
    checkpointed_matmul_factor,
    flops_per_param,
    matmul_flops,
    model_flops_utilisation,
    recompute_factors,
    reruns_layer_products,
)
from configurator.core.formulas.moe import (
    deduplicates_across_servers,
    expert_all_to_all_overlapped,
    expert_parallel_exposed_seconds,
    overlapped_expert_compute_seconds,
)
from configurator.core.formulas.parallelism import (
    data_parallel_per_domain,
    expert_parallel_factor,
    pipeline_crosses_network,
    pipeline_p2p_exposed_seconds,
    pipeline_slots,
)
from configurator.core.formulas.states import optimizer_step_bytes_per_param
from configurator.core.formulas.zero_accumulation import (
    accumulation_reduce_scatter_seconds,
    gradient_reduce_scatter_seconds,
    gradient_reduce_seconds,
    zero0_reduces_every_micro_batch,
)
from configurator.core.formulas.zero_pipeline import micro_batch_reduce_scatter_seconds, reduced_every_micro_batch
from configurator.core.formulas.timing import (
    ACTIVATION_TRAFFIC_PASSES,
    TRAINING_PASSES,
    activation_traffic_seconds,
    layer_overhead_seconds,
    micro_batch_seconds,
    overlap_window_seconds,
    recomputed_seconds,
    roofline_seconds,
    training_step_seconds,
    training_tokens_per_second,
)
from configurator.core.matmul_shapes import matmul_efficiency_by_shape
from configurator.core.memory import training_states
from configurator.core.layer_activations import recomputed_matmul_share
from configurator.core.precision import attention_precision, plan_training, training_dispatch_bytes
from configurator.core.pipeline_schedule import round_size
from configurator.core import training_zero3
from configurator.core.training_graphs import training_layer_seconds
from configurator.core.training_packing import attention_span
from configurator.core.training_held_states import defers_gradient_reduction
from configurator.core.training_tp_overlap import (
    all_gather_bytes,
    overlap_applies,
    overlapped_tensor_parallel_seconds,
    userbuffers_table,
)
from configurator.core.scenario import Recompute, Scenario, SelectivePolicy
from configurator.core.training_speed import (
    attention_flops_per_token,
    card_fabric,
    links,
    micro_batch_offload_seconds,
    model_flops_per_token,
    moe_layers_on_stage,
    offload_optimizer_seconds,
    recomputed_tensor_parallel_seconds,
)
from configurator.core.units import GB, TERA

RECOMPUTE = (Recompute.NONE, Recompute.SELECTIVE, Recompute.FULL)
"""The recomputation settings in the order of the grid's ``rc`` index."""

PASS_FIELDS = ("tp", "pp", "cp", "ep", "mb", "rc")
"""The fields one micro-batch's compute and its tensor-, context- and expert-parallel time read."""
MICRO_FIELDS = (*PASS_FIELDS, "zero")
"""... with its activation traffic and host streams (ZeRO 3 gathers 16-bit weights) and the
exposed data-parallel time."""
MEMORY_FIELDS = (*PASS_FIELDS, "zero", "vp")
"""The fields a stage's peak memory reads (the interleaving through the micro-batches in flight)."""
SYNC_FIELDS = ("tp", "pp", "cp", "ep", "zero", "rc")
"""The fields the data-parallel synchronisation reads (the stage tables by recomputation too)."""
SCHEDULE_FIELDS = ("tp", "pp", "vp", "cp", "mb")
"""The fields the pipeline schedule (bubble, slots, point-to-point sends) reads."""

@dataclass(frozen=True)
class Tier:
    """The layouts of a grid grouped by the values of some of their fields: one row of the grid
    per distinct value, each row's group, and the fields' values of the groups (read once)."""

    rows: np.ndarray
    """One row of the grid per group [index]."""
    group: np.ndarray
    """Each row's group, an index into :attr:`rows` (-1: a row not grouped)."""
    values: dict = field(default_factory=dict, compare=False)
    """Columns of the grid at :attr:`rows`, by field name, kept as they are first read (and what
    the layouts' speed keeps per group for the cards that share it, under tuple keys)."""

    def of(self, grid_rows: np.ndarray) -> np.ndarray:
        """The groups of ``grid_rows`` [index into :attr:`rows`]."""
        return self.group.take(grid_rows)

    def column(self, g: dict[str, np.ndarray], name: str) -> np.ndarray:
        """The grid's column ``name`` at the groups' rows."""
        kept = self.values.get(name)
        return kept if kept is not None else self.values.setdefault(name, g[name].take(self.rows))


Groups = Callable[[tuple[str, ...]], Tier]
"""The grid's layouts grouped by the values of a tuple of field names (:func:`tier`)."""


def field_ranks(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Each value's rank among the distinct non-negative integers of ``values``, and how many
    there are."""
    used = np.zeros(int(values.max()) + 1 if len(values) else 1, dtype=bool)
    used[values] = True
    return (np.cumsum(used) - 1).take(values), int(used.sum())


def tier(g: dict[str, np.ndarray], fields: tuple[str, ...],
         positions: Callable[[str], tuple[np.ndarray, int]] | None = None) -> Tier:
    """The rows of the grid ``g`` grouped by the values of ``fields`` (non-negative integer
    columns); ``positions``: each field's :func:`field_ranks`, when kept."""
    positions = positions or (lambda name: field_ranks(g[name]))
    code, size = np.zeros(len(g[fields[0]]), dtype=np.int64), 1
    for name in fields:
        rank, radix = positions(name)
        if size * radix > 1 << 20:  # a dense table too large: sorted instead
            _, first, inverse = np.unique(np.stack([g[f] for f in fields]), axis=1, return_index=True,
                                          return_inverse=True)
            return Tier(first, inverse.reshape(-1))
        code = code * radix + rank
        size *= radix
    return coded_tier(code, size)


def coded_tier(code: np.ndarray, size: int) -> Tier:
    """The rows grouped by ``code`` (each row's, in ``range(size)``: equal where, and only where,
    the rows' grouped fields are): the groups in the order of their codes, each with its first row."""
    used = np.zeros(size, dtype=bool)
    used[code] = True
    group = (np.cumsum(used) - 1).take(code)
    first = np.empty(int(used.sum()), dtype=np.int64)
    first[group[::-1]] = np.arange(len(code) - 1, -1, -1)  # the first row of each group
    return Tier(first, group)


def own_rows(rows: np.ndarray) -> Tier:
    """``rows`` each a group of its own."""
    group = np.full(int(rows.max()) + 1, -1, dtype=np.int64)
    group[rows] = np.arange(len(rows))
    return Tier(rows, group)


SPLIT_LAYOUTS = 8
"""Most distinct (tensor, expert) degrees among the layouts for which the products' efficiency is
worked out one pair at a time (each pair's coefficients kept: :func:`_shape_efficiency`)."""


def _shape_efficiency(model, card: Card, precision: str, tokens: np.ndarray, tp: np.ndarray, ep: np.ndarray,
                      layers: np.ndarray) -> np.ndarray:
    """:func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape` of each layout [-]: one
    call per distinct (tp, ep) pair with the pair as numbers, whose token-free coefficients the
    shapes module keeps (the same operations on the same values as the arrays' call, element by
    element), or one call on the arrays when the pairs are many."""
    pair = tp * (int(ep.max()) + 1) + ep
    pairs = np.unique(pair)
    if len(pairs) > SPLIT_LAYOUTS:
        return matmul_efficiency_by_shape(model, card, precision, tokens, tp, ep, layers)
    shape = np.empty(len(tokens))
    for value in pairs.tolist():
        rows = pair == value
        first = int(np.argmax(rows))
        shape[rows] = matmul_efficiency_by_shape(model, card, precision, tokens[rows], int(tp[first]),
                                                 int(ep[first]), layers[rows])
    return shape


def pass_seconds(scenario: Scenario, card: Card, g: dict[str, np.ndarray], table,
                  at: tuple[np.ndarray, np.ndarray], one: Tier) -> dict:
    """One micro-batch's compute and its tensor-, context- and expert-parallel collectives and
    per-layer overhead [s] (with what :func:`layout_speed` reads of them) for each group of
    ``one`` (the grid's rows by :data:`PASS_FIELDS`)."""
    model, train, a = scenario.model, scenario.training, scenario.assumptions
    plan = plan_training(card, scenario.precision)
    peak_flops = card.peak_tflops(plan.math) * TERA
    attention_peak = card.peak_tflops(attention_precision(card, plan)) * TERA
    net = card_fabric(card, scenario.parallelism.cards_per_node, a)
    link = links(net, a)
    pass_factor = flops_per_param(scenario.workload.is_adapter)
    seq = train.seq_len
    r = one.rows
    tp, cp, ep, mb, rc = (one.column(g, k) for k in ("tp", "cp", "ep", "mb", "rc"))
    place = at[0].take(r) * len(RECOMPUTE) + at[1].take(r)  # flat: np.take(column, place) is column[at0, at1]
    full = (rc == RECOMPUTE.index(Recompute.FULL)) | ((rc == RECOMPUTE.index(Recompute.SELECTIVE))
                                                     & (train.selective_policy is SelectivePolicy.PER_OP))
    share = recomputed_matmul_share(scenario.model)
    factors = np.array([recompute_factors(x, train.selective_policy, share, pass_factor) for x in RECOMPUTE])
    reruns = np.array([reruns_layer_products(x, train.selective_policy) for x in RECOMPUTE])
    mm_factor, attn_factor = factors[rc, 0], factors[rc, 1]
    layers = table.layers.take(place)
    tokens = mb * seq / cp
    stage_params, head = table.matmul_params.take(place), table.head_params.take(place)
    mm_factor = np.where(reruns[rc], checkpointed_matmul_factor(mm_factor, stage_params - head, head), mm_factor)
    matmul = matmul_flops(pass_factor, stage_params, mm_factor, tokens, tp)
    attention = attention_flops_per_token(model, attention_span(scenario), layers) * attn_factor * tokens / tp
    attention_s = roofline_seconds(attention, attention_peak, training_attention_efficiency(scenario, card))
    # the products' efficiency reads the card through its GEMM family alone: kept with the tier for
    # the cards of the grid that share the family, the precision and the stage layers
    products = product_precision(plan.math.value, scenario.training.fp8_scaling)
    shape_key = ("shape", gemm_family(card.architecture, card.is_consumer, card.id), products, layers.tobytes())
    shape = one.values.get(shape_key)
    if shape is None:
        shape = one.values.setdefault(shape_key, _shape_efficiency(model, card, products, tokens, tp, ep, layers))
    matmul_s = roofline_seconds(matmul, peak_flops, a.matmul_efficiency * shape)
    compute_s = matmul_s + attention_s
    recompute_s = recomputed_seconds(matmul_s, attention_s, mm_factor, attn_factor)
    tp_s = comm.tensor_parallel_seconds(tokens, model.hidden, plan.math_bytes, tp, layers,
                                        comm.TP_COLLECTIVES_PER_LAYER, net.domain, *link, 0.0, net.link_group,
                                        net.link_gbps, net.library, net.link_mesh)
    if scenario.parallelism.tp_comm_overlap:  # the user's choice, kept for every layout planned
        gathered_s = comm.tensor_parallel_seconds(tokens, model.hidden, all_gather_bytes(plan), tp, layers,
                                                  comm.TP_COLLECTIVES_PER_LAYER, net.domain, *link, 0.0,
                                                  net.link_group, net.link_gbps, net.library, net.link_mesh)
        tp_s = overlapped_tensor_parallel_seconds(tp_s, model, tokens, tp, layers,
                                                  peak_flops * a.matmul_efficiency * shape,
                                                  not scenario.workload.is_adapter,
                                                  overlap_applies(tp, net.domain, net.fast_kind == "link"),
                                                  userbuffers_table(scenario.parallelism.tp_comm_overlap_cfg),
                                                  gathered_s)
    tp_s = recomputed_tensor_parallel_seconds(tp_s, rc == RECOMPUTE.index(Recompute.FULL))
    cp_type = scenario.parallelism.cp_comm_type
    cp_s = cp_comm_seconds(cp_type, tokens, model.q_dim, model.kv_dim, model.kv_heads, model.attn_out_dim,
                           plan.math_bytes, cp, tp, layers, net.domain, attention_s,
                           *links(net, a, cp_link_ranks(cp_type, cp, tp, net.domain)),
                           a.comm_overlap, card.bandwidth_gbps * GB, a.bandwidth_efficiency)
    ep_per_domain = data_parallel_per_domain(ep, tp * cp, net.domain)
    all_to_all_s = comm.expert_parallel_seconds(tokens, model.hidden, plan.math_bytes, model.experts_per_token, ep,
                                                moe_layers_on_stage(model, layers), ep_per_domain,
                                                *links(net, a, ep_per_domain),
                                                model.expert_groups, model.expert_groups_per_token,
                                                training_dispatch_bytes(scenario, plan), model.n_experts,
                                                deduplicates_across_servers(train.moe_dispatcher))
    overlapped = expert_all_to_all_overlapped(train.expert_overlap,
                                              runs_dualpipe(train.pipeline_algorithm, one.column(g, "pp")),
                                              rc == RECOMPUTE.index(Recompute.FULL))
    compute_s = overlapped_expert_compute_seconds(compute_s, all_to_all_s, overlapped)
    ep_s = expert_parallel_exposed_seconds(all_to_all_s, compute_s, overlapped)
    overhead_s = layer_overhead_seconds(layers, training_layer_seconds(scenario), TRAINING_PASSES + full) \
        + layers * adapter_layer_seconds(scenario, card, plan, tokens, tp, full)
    return {"plan": plan, "states": training_states(scenario, plan), "net": net,
            "peak_flops": peak_flops, "pass_factor": pass_factor, "full": full, "tokens": tokens, "layers": layers,
            "compute_s": compute_s, "tp_s": tp_s, "cp_s": cp_s, "ep_s": ep_s, "overhead_s": overhead_s,
            "recompute_s": recompute_s, "floor_s": np.zeros_like(layers, dtype=float) + eager_host_floor_seconds(scenario, plan, layers, full)}


def layout_speed(scenario: Scenario, card: Card, g: dict[str, np.ndarray], table, at: tuple[np.ndarray, np.ndarray],
                 rows: np.ndarray, groups: Groups | None = None, passes: dict | None = None) -> dict[str, np.ndarray]:
    """Step time and its parts [s], tokens per second and MFU of the layouts ``rows`` of the grid
    ``g`` (``micro_batch_timing`` + ``training_speed`` with the same formulas, on arrays), in
    the order of ``rows``.

    ``table``: the first stage's ``StageTable`` of the search, ``at`` every grid row's place in
    it (pipeline row, recomputation); a column ``n`` in ``g``: each row's card count (the grids
    of several counts joined), else every row is at ``scenario.count``; ``groups``: the grid's
    :data:`Groups` (each part evaluated once per distinct value of the fields it reads among all
    the grid's layouts, those of ``rows`` then read from them), None to evaluate the layouts
    ``rows`` alone, one by one; ``passes``: :func:`pass_seconds` of the groups ``groups`` gives
    for :data:`PASS_FIELDS`, when already worked out.
    """
    model, train, a = scenario.model, scenario.training, scenario.assumptions
    own = None if groups is not None else own_rows(rows)
    part = groups if groups is not None else (lambda fields: own)
    counted = ("n",) if "n" in g else ()  # several counts' grids joined: what reads the count is per count
    one = part(PASS_FIELDS)
    c = passes if passes is not None else pass_seconds(scenario, card, g, table, at, one)
    plan, states, net, seq = c["plan"], c["states"], c["net"], train.seq_len
    peak_flops, bandwidth, pass_factor = c["peak_flops"], card.bandwidth_gbps * GB, c["pass_factor"]
    full, tokens, layers, compute_s = c["full"], c["tokens"], c["layers"], c["compute_s"]
    tp_s, cp_s, ep_s, overhead_s, recompute_s = c["tp_s"], c["cp_s"], c["ep_s"], c["overhead_s"], c["recompute_s"]

    # the data-parallel synchronisation and the optimizer's parameters: per (tp, pp, cp, ep, zero, rc)
    sync = part(SYNC_FIELDS + counted)
    r = sync.rows
    tp, cp, ep, zero, pp, dp = (sync.column(g, k) for k in ("tp", "cp", "ep", "zero", "pp", "dp"))
    replicas = dp * cp
    place = at[0].take(r) * len(RECOMPUTE) + at[1].take(r)
    share = table.expert_share.take(place)
    params = table.params_first.take(place) / tp * expert_parallel_factor(share, ep)
    opt_params = params / np.where(zero >= 1, replicas, 1)
    # the routed experts synchronise over their own data-parallel group, the rest over all the replicas
    dense, experts = data_parallel_groups(params, share, ep, replicas, tp, net.domain)
    units, frozen = table.first_layers.take(place), table.frozen_first.take(place) / tp
    sync_s = comm.data_parallel_sync_seconds(*dense[:1], frozen, states.gradients, plan.math_bytes, zero, *dense[1:],
                                             *links(net, a, dense[2]), pp=pp, units=units)
    if np.any(experts[0]):
        sync_s = sync_s + comm.data_parallel_sync_seconds(experts[0], 0.0, states.gradients, plan.math_bytes, zero,
                                                          *experts[1:], *links(net, a, experts[2]), pp=pp,
                                                          units=units)
    every0 = zero0_reduces_every_micro_batch(train.recipe)  # ZeRO 2's (and 0's) accumulated micro-batches
    deferred = defers_gradient_reduction(scenario)  # and ZeRO 2/3's beside pipeline stages (Training.grad_reduce)
    rs_s = None
    if np.any(zero == 2) or (every0 and np.any(zero == 0)) or np.any(reduced_every_micro_batch(zero, pp, deferred)):
        rs_s = sum(_gradient_reduce(part, states.gradients, zero, ranks, domain, *links(net, a, domain), every0)
                   * (part > 0)
                   for part, ranks, domain in ((dense, experts) if np.any(experts[0]) else (dense,)))
    ds_s = ds_applies = None
    if scenario.parallelism.zero3_implementation == training_zero3.DEEPSPEED_2021:  # per sync row, one micro-batch
        ds_s, ds_applies = training_zero3.micro_batch_seconds(
            model, table.first_layers.take(place), tp, at[1].take(r) == RECOMPUTE.index(Recompute.FULL),
            params, states.gradients, plan.math_bytes, zero, pp, replicas, dense[2], *links(net, a, dense[2]))
        ds_applies = ds_applies & (table.frozen_first.take(place) == 0)

    # the micro-batch with its traffic and host streams, the exposed synchronisation: per (… , zero)
    micro = part(MICRO_FIELDS + counted)
    r = micro.rows
    tp, zero, m, pp = (micro.column(g, k) for k in ("tp", "zero", "accum", "pp"))
    place = at[0].take(r) * len(RECOMPUTE) + at[1].take(r)
    at_one, at_sync = one.of(r), sync.of(r)
    full, tokens, layers = full.take(at_one), tokens.take(at_one), layers.take(at_one)
    compute_s = compute_s.take(at_one)
    sixteen = (zero >= 3) | train.offload_params
    act_bytes = layers * np.where(sixteen, table.layer_bytes_16.take(place), table.layer_bytes.take(place)) \
        + np.where(tp > 1, table.loss_per_token_tp.take(place), table.loss_per_token.take(place))
    traffic_s = activation_traffic_seconds(ACTIVATION_TRAFFIC_PASSES + full, act_bytes, tokens, tp, bandwidth,
                                           a.bandwidth_efficiency)
    stage = table.params_first.take(place) / tp
    stored = np.where(sixteen, table.stored_per_token_16.take(place), table.stored_per_token.take(place))
    shard = np.where(zero >= 3, micro.column(g, "dp") * micro.column(g, "cp"), 1)  # FSDP2's shards at ZeRO 3
    offload_mb_s = micro_batch_offload_seconds(scenario, card, stage, shard, stored * tokens / tp, plan.math_bytes,
                                               states, compute_s)
    tp_s, cp_s, ep_s = tp_s.take(at_one), cp_s.take(at_one), ep_s.take(at_one)
    gpu_s = micro_batch_seconds(compute_s, traffic_s, tp_s, cp_s, ep_s, offload_mb_s, overhead_s.take(at_one))
    floor_s = c["floor_s"].take(at_one)
    micro_s = np.maximum(gpu_s, floor_s)
    window_s = overlap_window_seconds(compute_s, gpu_s, floor_s)  # what the data-parallel traffic hides behind
    params, opt_params = params.take(at_sync), opt_params.take(at_sync)
    if train.offload_optimizer:
        optimizer_s = np.zeros_like(compute_s)
        per_node = np.minimum(scenario.parallelism.cards_per_node, micro.column(g, "n")) if counted else \
            min(scenario.parallelism.cards_per_node, scenario.count)
        host_s = offload_optimizer_seconds(scenario, opt_params, per_node, compute_s, card, plan.math_bytes)
        host_s = host_s * (params > 0)
    else:
        optimizer_s = roofline_seconds(
            opt_params * optimizer_step_bytes_per_param(states.weights, states.gradients, states.optimizer),
            bandwidth, a.bandwidth_efficiency)
        host_s = 0.0
    dp_s = comm.data_parallel_exposed_seconds(sync_s.take(at_sync), window_s, m, zero, a.comm_overlap, pp)
    if rs_s is not None:
        dp_s = dp_s + accumulation_reduce_scatter_seconds(rs_s.take(at_sync), window_s, m, zero, pp,
                                                          a.comm_overlap, every0) \
            + micro_batch_reduce_scatter_seconds(rs_s.take(at_sync), window_s, m, zero, pp, deferred, a.comm_overlap)
    if ds_s is not None:
        dp_s = np.where(ds_applies.take(at_sync), ds_s.take(at_sync) * m, dp_s)
    collectives_s = tp_s + cp_s + ep_s + offload_mb_s

    # the pipeline schedule: per (tp, pp, vp, cp, mb)
    schedule = part(SCHEDULE_FIELDS + counted)
    tp, pp, vp, cp, mb, m, dp = (schedule.column(g, k) for k in ("tp", "pp", "vp", "cp", "mb", "accum", "dp"))
    tokens = mb * seq / cp
    bubble = schedule_bubble_fraction(scenario.training.pipeline_algorithm, pp, m, vp,
                                      round_size(scenario.parallelism.pipeline_schedule, pp, m))
    slots = pipeline_slots(m, bubble)
    crosses = pipeline_crosses_network(tp * cp, dp, pp, net.domain)
    p2p_s = pipeline_p2p_exposed_seconds(comm.pipeline_p2p_seconds(tokens, model.hidden, plan.math_bytes, tp, pp, vp,
                                                                    crosses, *links(net, a, 2)), vp) * slots

    # every layout timed
    at_micro, at_one, at_schedule = micro.of(rows), one.of(rows), schedule.of(rows)
    micro_s, slots, p2p_s = micro_s.take(at_micro), slots.take(at_schedule), p2p_s.take(at_schedule)
    dp_s = dp_s.take(at_micro)
    if not np.isscalar(host_s):
        host_s = host_s.take(at_micro)
    step_s = training_step_seconds(micro_s, slots, p2p_s, optimizer_s.take(at_micro), dp_s, host_s)
    mb, m, dp = g["mb"].take(rows), g["accum"].take(rows), g["dp"].take(rows)
    tokens_per_s = training_tokens_per_second(mb, seq, m, dp, step_s)
    mfu = model_flops_utilisation(model_flops_per_token(model, attention_span(scenario)), tokens_per_s,
                                  g["n"].take(rows) if counted else scenario.count, peak_flops, pass_factor)
    return {"step_s": step_s, "tokens_per_s": tokens_per_s, "mfu": mfu,
            "bubble_s": micro_s * m * bubble.take(at_schedule),
            "comm_s": collectives_s.take(at_micro) * slots + p2p_s + dp_s + host_s,
            "recompute_s": recompute_s.take(at_one) * slots}


def _gradient_reduce(params, grad_bytes, zero, dp, per_domain, fast_gbps, network_gbps, efficiency, every0: bool):
    """:func:`~configurator.core.formulas.zero_accumulation.gradient_reduce_seconds` of the sync rows
    where :func:`layout_speed` reads it [s]: with ``every0`` (the recipe all-reduces ZeRO 0's
    gradients every micro-batch) that function itself; else its reduce-scatter alone, the number it
    gives every row but ZeRO 0's, whose reduction only ever enters a step times a mask that is False
    there (``accumulation_reduce_scatter_seconds`` without ``every0``,
    ``micro_batch_reduce_scatter_seconds`` below ZeRO 2): a finite non-negative time times False,
    +0.0 either way, so the same step to the last bit without the all-reduce worked out for every
    row. Issue 28 (speed46): the same for a routed-expert group with no parameters, left out by the
    caller (its term is +0.0 on every row, and ``x + 0.0`` is ``x`` for the +0.0 or positive dense
    term)."""
    if every0:
        return gradient_reduce_seconds(params, grad_bytes, zero, dp, per_domain, fast_gbps, network_gbps, efficiency)
    return gradient_reduce_scatter_seconds(params, grad_bytes, dp, per_domain, fast_gbps, network_gbps, efficiency)


def step_slots(scenario: Scenario, g: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Each row's pipeline slots ``m·(1+b)`` of the grid ``g`` [count] and its tokens per step
    ``micro-batch × sequence × accumulation × data-parallel width`` [tokens]: what
    :func:`speed_bound` reads of the schedule (the same operations as :func:`layout_speed`'s)."""
    pp, vp, mb, m, dp = g["pp"], g["vp"], g["mb"], g["accum"], g["dp"]
    bubble = schedule_bubble_fraction(scenario.training.pipeline_algorithm, pp, m, vp,
                                      round_size(scenario.parallelism.pipeline_schedule, pp, m))
    return pipeline_slots(m, bubble), mb * scenario.training.seq_len * m * dp


def speed_bound(rows: np.ndarray, one: Tier, passes: dict, steps: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """An upper bound on :func:`layout_speed`'s tokens per second of the layouts ``rows`` of a
    grid [tokens/s], in their order, from one micro-batch's compute, tensor-, context- and
    expert-parallel time and overhead alone (``passes``: :func:`pass_seconds` of ``one``, the
    grid's rows grouped by :data:`PASS_FIELDS`, a few hundred groups) and the pipeline's slots
    (``steps``: :func:`step_slots` of the grid).

    No smaller than the exact figure, to the last bit: the micro-batch is the same sum with the
    parts left out (activation traffic, host streams: times, none negative) put at zero, the
    step its first term alone (the micro-batch times the slots; the pipeline's sends, the
    optimizer step and the exposed synchronisation added to it are times, none negative), and a
    floating-point sum or product of non-negative terms never falls when a term grows (rounding
    is monotone); the tokens are the same integer numerator over that shorter step."""
    c = passes
    least_micro_s = micro_batch_seconds(c["compute_s"], 0.0, c["tp_s"], c["cp_s"], c["ep_s"], 0.0, c["overhead_s"])
    slots, tokens = steps
    least_step_s = least_micro_s.take(one.of(rows)) * slots.take(rows)  # training_step_seconds' first term
    return tokens.take(rows) / least_step_s  # training_tokens_per_second over the shorter step
