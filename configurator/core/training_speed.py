"""Training speed: FLOPs, communication, step time and MFU (serving: :mod:`configurator.core.serving_speed`).

Thin adapters from a scenario and a card to the plain-number formulas of
:mod:`configurator.core.formulas`. Every efficiency is a named field of
:class:`~configurator.core.scenario.Assumptions`; :mod:`configurator.core.formulas.efficiency`
gives each default its source.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from configurator.core.attention_kernel import training_attention_efficiency
from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.fabric import (  # noqa: F401  (re-exported for callers)
    PCIE_FALLBACK_GBPS,
    Fabric,
    card_fabric,
    fabric,
    links,
)
from configurator.core.link_domains import RACK_SCALE_DOMAIN  # noqa: F401  (re-exported for callers)
from configurator.core.formulas import communication as comm
from configurator.core.formulas.communication import (  # noqa: F401  (the two counts re-exported for callers)
    CP_EXCHANGES_PER_LAYER,
    EP_ALL_TO_ALLS_PER_LAYER,
    TP_COLLECTIVES_PER_LAYER,
    offload_stream_bytes,
)
from configurator.core.formulas.host_offload import (
    cpu_update_seconds,
    gradients_out_seconds,
    hybrid_optimizer_seconds,
    shard_weight_bytes,
    zero_offload_seconds,
)
from configurator.core.formulas.flops import (
    causal_attention_flops_per_token,
    checkpointed_matmul_factor,
    executed_training_flops_per_token,
    flops_per_param,
    matmul_flops,
    model_flops_utilisation,
    recompute_factors,
    reruns_layer_products,
)
from configurator.core.formulas.parallelism import (  # noqa: F401  (pipeline_bubble re-exported for callers)
    bubble_share_of_step,
    data_parallel_per_domain,
    expert_parallel_factor,
    pipeline_bubble_fraction as pipeline_bubble,
    pipeline_crosses_network,
    pipeline_p2p_exposed_seconds,
    pipeline_slots,
)
from configurator.core.formulas.dualpipe import runs_dualpipe, schedule_bubble_fraction
from configurator.core.formulas.cp_comm import cp_comm_seconds, cp_link_ranks
from configurator.core.formulas.moe import (
    deduplicates_across_servers,
    expert_all_to_all_overlapped,
    expert_parallel_exposed_seconds,
    overlapped_expert_compute_seconds,
)
from configurator.core.formulas.states import optimizer_step_bytes_per_param
from configurator.core.formulas.timing import (
    micro_batch_seconds,
    overlap_window_seconds,
    roofline_seconds,
    training_step_seconds,
    training_tokens_per_second,
)
from configurator.core.pipeline_schedule import round_size
from configurator.core.memory import stage_stored_bytes, scenario_stage_layers, training_states
from configurator.core.layer_activations import ActivationLayout, recomputed_matmul_share
from configurator.core.adapter_speed import eager_host_floor_seconds
from configurator.core.messages import Message, msg
from configurator.core.precision import PrecisionPlan, StateBytes, attention_precision, training_dispatch_bytes
from configurator.core.scenario import Assumptions, Recompute, Scenario
from configurator.core.training_block_recompute import block_share, block_timing, with_every_layer, without_recompute
from configurator.core.training_data_parallel import data_parallel_step_seconds
from configurator.core.training_packing import attention_span
from configurator.core.training_rank_params import rank_params, rank_routed_params
from configurator.core.training_stage_work import (
    MicroBatchTiming,
    frozen_base_bytes,
    head_params_on_fullest_stage,
    matmul_params_on_fullest_stage,
    moe_layers_on_stage,
    output_head_weight,
    stage_overhead_seconds,
    stage_shape_efficiency,
    stage_traffic_seconds,
)
from configurator.core.training_tp_overlap import (
    all_gather_bytes,
    overlap_applies,
    overlapped_tensor_parallel_seconds,
    userbuffers_table,
)
from configurator.core.units import GB, TERA

# ---- FLOPs ------------------------------------------------------------------------------


def model_flops_per_token(model: ModelArchitecture, seq_len: int) -> float:
    """Training FLOPs per token of ``model`` at ``seq_len`` as executed, causal attention halved
    [FLOP] (:func:`executed_training_flops_per_token`), with N the active parameters in matrix
    products: the numerator of the estimate's MFU, the FLOPs its step time is made of."""
    return executed_training_flops_per_token(model.matmul_params(), model.n_layers, model.prompt_pair_flops, seq_len)


def attention_flops_per_token(model: ModelArchitecture, seq_len: int, layers):
    """Causal attention FLOPs per token over ``layers`` layers [FLOP]
    (:func:`causal_attention_flops_per_token`), each pair counted as a prompt runs it
    (:attr:`ModelArchitecture.prompt_pair_flops`: MLA decompressed, as training runs it)."""
    return causal_attention_flops_per_token(layers, model.prompt_pair_flops, seq_len)


# ---- links ------------------------------------------------------------------------------


def tensor_parallel_messages(scenario: Scenario, card: Card, net: Fabric) -> list[Message]:
    """Warnings when tensor-parallel traffic leaves the fast link (and so cannot be overlapped,
    :func:`~configurator.core.training_tp_overlap.overlap_applies`)."""
    tp = scenario.parallelism.tp
    if tp <= 1:
        return []
    unlinked = [msg("tp-overlap-not-applied", tp=tp)] if scenario.parallelism.tp_comm_overlap else []
    if tp > net.domain:
        return [msg("tp-across-nodes", tp=tp, per_node=net.domain), *unlinked]
    if tp <= net.link_group:  # on one bridged pair (or four): over the bridge
        return unlinked
    if net.fast_kind == "pcie" and card.has_fast_link:
        return [msg("tp-beyond-link-domain", tp=tp, domain=card.interconnect.domain_size, card=card.name), *unlinked]
    if net.fast_kind == "pcie":
        return [msg("tp-over-pcie", card=card.name), *unlinked]
    return []


def tensor_parallel_seconds(tokens, hidden: int, math_bytes: float, tp, layers, collectives_per_layer: int,
                            net: Fabric, a: Assumptions):
    """Tensor-parallel traffic of ``tokens`` through ``layers`` layers on ``net`` [s]
    (:func:`configurator.core.formulas.communication.tensor_parallel_seconds`)."""
    return comm.tensor_parallel_seconds(tokens, hidden, math_bytes, tp, layers, collectives_per_layer, net.domain,
                                        *links(net, a), 0.0, net.link_group, net.link_gbps, net.library, net.link_mesh)


RECOMPUTED_TP_COLLECTIVES_PER_LAYER = 2
"""All-reduce equivalents per layer that full recomputation adds to the
:data:`~configurator.core.formulas.communication.TP_COLLECTIVES_PER_LAYER`: the layer's forward, run
again in backward, re-does its forward's two (Megatron-LM ``megatron/core/tensor_parallel/random.py``
``CheckpointFunction.backward`` calls ``ctx.run_function`` on the saved input, the column-parallel
linears' all-gather and the row-parallel linears' reduce-scatter or all-reduce with it; Korthikanti et
al. 2022 Table 4: the 22B layer's backward 13.1 ms with selective recomputation, 19.5 ms with full)."""


def recomputed_tensor_parallel_seconds(tensor_parallel_s, full):
    """A stage's tensor-parallel time with a fully recomputed layer's forward collectives added [s]:
    ``t_TP·(C + C_re·full)/C``, ``C`` :data:`~configurator.core.formulas.communication.TP_COLLECTIVES_PER_LAYER`,
    ``C_re`` :data:`RECOMPUTED_TP_COLLECTIVES_PER_LAYER`, each at the time the others take (in series, or
    overlapped alike where Transformer Engine's overlap applies: the recomputed forward runs the same
    overlapped linears). ``full``: whole layers recomputed (bool or bool array)."""
    return tensor_parallel_s * (TP_COLLECTIVES_PER_LAYER + RECOMPUTED_TP_COLLECTIVES_PER_LAYER * full) \
        / TP_COLLECTIVES_PER_LAYER


def context_parallel_seconds(tokens, kv_dim: int, math_bytes: float, cp, layers, crosses_network,
                             attention_s, net: Fabric, a: Assumptions):
    """Exposed ring exchange of context parallelism on ``net`` [s]
    (:func:`configurator.core.formulas.communication.context_parallel_seconds`)."""
    return comm.context_parallel_seconds(tokens, kv_dim, math_bytes, cp, layers, crosses_network, attention_s,
                                         *links(net, a, 2), a.comm_overlap)


def expert_parallel_seconds(tokens, hidden: int, math_bytes: float, top_k: int, ep, moe_layers,
                            per_domain, net: Fabric, a: Assumptions, groups: int = 0, groups_per_token: int = 0,
                            dispatch_bytes: float | None = None, n_experts: int = 0, deduplicated: bool = False):
    """All-to-all traffic of expert parallelism on ``net`` [s], group-limited routing as the
    model has it, the dispatch at ``dispatch_bytes`` per element (None: ``math_bytes``, as the
    combine), once per remote server where the dispatcher ``deduplicated`` (``n_experts`` routed experts)
    (:func:`configurator.core.formulas.communication.expert_parallel_seconds`)."""
    return comm.expert_parallel_seconds(tokens, hidden, math_bytes, top_k, ep, moe_layers, per_domain,
                                        *links(net, a, per_domain), groups, groups_per_token, dispatch_bytes, n_experts,
                                        deduplicated)


def host_link_gbps(card: Card) -> float:
    """The card's link to host memory, one way [GB/s] (PCIe; :data:`PCIE_FALLBACK_GBPS` when unknown)."""
    return card.interconnect.pcie_gbps_one_way or PCIE_FALLBACK_GBPS


# ---- training ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainingSpeed:
    """Training speed of the whole job. Communication times are what is left exposed on the
    critical path after overlap [s per step]."""

    step_time_s: float
    tokens_per_s: float
    tokens_per_s_per_card: float
    mfu: float
    compute_s: float
    memory_traffic_s: float
    tensor_parallel_s: float
    data_parallel_s: float
    optimizer_s: float
    bubble_fraction: float
    hours: float
    gpu_hours: float
    messages: tuple[Message, ...]
    pipeline_p2p_s: float = 0.0
    context_parallel_s: float = 0.0
    expert_parallel_s: float = 0.0
    offload_s: float = 0.0
    """Exposed host-link traffic and host optimizer time of CPU offload [s per step]."""
    goodput: float = 1.0
    """Share of wall-clock time that trains; ``hours`` and ``gpu_hours`` include the rest
    (interruptions, checkpoints, restarts: :mod:`configurator.core.procurement.goodput`)."""

    @property
    def exposed_comm_s(self) -> float:
        """Communication on the critical path per step [s]."""
        return sum(self.exposed_comm_seconds_by_kind.values())

    @property
    def exposed_comm_seconds_by_kind(self) -> dict[str, float]:
        """Exposed communication per kind [s per step]."""
        return {"tensor_parallel": self.tensor_parallel_s, "data_parallel": self.data_parallel_s,
                "pipeline_p2p": self.pipeline_p2p_s, "context_parallel": self.context_parallel_s,
                "expert_parallel": self.expert_parallel_s, "offload": self.offload_s}

    @property
    def exposed_comm_fraction(self) -> float:
        """Share of a step spent in exposed communication."""
        return self.exposed_comm_s / self.step_time_s

    @property
    def exposed_comm_by_kind(self) -> dict[str, float]:
        """Share of a step per kind of exposed communication."""
        return {kind: seconds / self.step_time_s for kind, seconds in self.exposed_comm_seconds_by_kind.items()}


EXPOSED_COMM_WARNING = 0.25
"""Share of a step in exposed communication above which a warning is shown. **Assumption**: a
judgement of when communication, not compute, sets the speed."""

BUBBLE_WARNING = 0.25
"""Pipeline bubble (idle per useful time, :func:`pipeline_bubble`) above which a warning is
shown. **Assumption**: Narayanan et al. 2021 §2.2.1 ask for ``m ≫ p``; a quarter is where the
warning starts."""

def expert_overlap_in_force(scenario: Scenario) -> bool:
    """Whether the scenario's schedule runs its expert all-to-all under another micro-batch's compute
    (:func:`~configurator.core.formulas.moe.expert_all_to_all_overlapped`): DualPipe always, Megatron-LM's
    ``--overlap-moe-expert-parallel-comm`` (``training.expert_overlap``) without full recomputation."""
    t = scenario.training
    return expert_all_to_all_overlapped(t.expert_overlap, runs_dualpipe(t.pipeline_algorithm, scenario.parallelism.pp),
                                        t.recompute is Recompute.FULL)


def micro_batch_timing(
    scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout
) -> MicroBatchTiming | None:
    """Roofline sum for one micro-batch (forward + backward) on the fullest stage [s].

    ``t_mb = max(matmul/(peak·η_mm·η_shape) + attention/(peak_attn·η_attn) + traffic/(bw·η_bw)
    + passes·L·t_layer + L·t_adapters + TP, CP and EP collectives + offload streams, t_host)``, ``t_host``
    the host's launches of an eager step's kernels (:func:`~configurator.core.adapter_speed.eager_host_floor_seconds`:
    small models at short sequences wait on the host, not on the GPU), ``t_adapters``
    the LoRA adapters' kernels and rank-r products (:func:`~configurator.core.adapter_speed.adapter_layer_seconds`,
    counted with the per-layer time); each rank computes
    ``1/cp`` of every sequence; ``η_shape`` is the stage's products at the micro-batch's tokens
    and the tensor-parallel split (:func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape`).
    Each term is one named step: :func:`_stage_compute_seconds`, :func:`.stage_traffic_seconds`,
    :func:`_stage_tensor_parallel_seconds`, :func:`_stage_context_parallel_seconds`,
    :func:`_stage_expert_parallel_seconds`, :func:`_stage_offload_seconds`, :func:`.stage_overhead_seconds`.
    None when the card lacks a rate or bandwidth.
    """
    peak = card.peak_tflops(plan.math) if plan.math else None
    if not peak or not card.bandwidth_gbps:
        return None
    par, train = scenario.parallelism, scenario.training
    peak_flops = peak * TERA
    first_layers, layers, _ = scenario_stage_layers(scenario, par.pp)
    if (share := block_share(scenario, layers)) < 1.0:  # the first N layers recomputed: training_block_recompute
        none = micro_batch_timing(without_recompute(scenario), card, plan, replace(layout, recompute=Recompute.NONE))
        return block_timing(none, micro_batch_timing(with_every_layer(scenario), card, plan, layout), share)
    tokens = train.micro_batch * train.seq_len / par.cp
    full = layout.recomputes_layers  # the forward's element-wise kernels run again in backward
    net = card_fabric(card, par.cards_per_node, scenario.assumptions)
    shape = stage_shape_efficiency(scenario, card, plan, tokens, layers)
    compute_s, attention_s = _stage_compute_seconds(scenario, card, plan, tokens, layers, peak_flops, shape)
    traffic_s = stage_traffic_seconds(scenario, card, layout, tokens, layers, full)
    tp_s = _stage_tensor_parallel_seconds(scenario, plan, layout, net, tokens, layers, peak_flops, shape)
    cp_s = _stage_context_parallel_seconds(scenario, card, layout, net, tokens, layers, attention_s)
    compute_s, ep_s = _stage_expert_parallel_seconds(scenario, plan, layout, net, tokens, layers, compute_s)
    first_params = rank_params(scenario, 0, first_layers)
    stage = 0.0 if scenario.workload.is_adapter else first_params / par.tp
    routed = rank_routed_params(scenario, 0, first_layers) / first_params
    offload_s = _stage_offload_seconds(scenario, card, plan, layout, stage, tokens, layers, compute_s)
    overhead_s = stage_overhead_seconds(scenario, card, plan, tokens, layers, full)
    gpu_s = micro_batch_seconds(compute_s, traffic_s, tp_s, cp_s, ep_s, offload_s, overhead_s)
    host_s = eager_host_floor_seconds(scenario, plan, layers, full)
    messages = tensor_parallel_messages(scenario, card, net)
    if host_s > gpu_s:
        messages.append(msg("host-bound", host_ms=1e3 * host_s, gpu_ms=1e3 * gpu_s))
    # adapters are tiny next to the frozen base: their optimizer step and traffic are ignored
    return MicroBatchTiming(compute_s, traffic_s, tp_s, max(gpu_s, host_s), peak_flops,
                            stage * expert_parallel_factor(routed, par.ep), training_states(scenario, plan),
                            tuple(messages), cp_s, ep_s, offload_s,
                            frozen_base_bytes(scenario, plan, first_params, first_layers) / par.tp, routed,
                            float(overlap_window_seconds(compute_s, gpu_s, host_s)))


def _stage_compute_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, tokens: float, layers,
                           peak_flops: float, shape: float) -> tuple[float, float]:
    """Matrix products and attention of one micro-batch on the fullest stage, and attention alone [s]:
    ``matmul/(peak·η_mm·η_shape) + attention/(peak_attn·η_attn)``, ``peak_flops`` [FLOP/s] and ``shape``
    (:func:`.stage_shape_efficiency`) the products'; the products of the slowest rank
    (:func:`.matmul_params_on_fullest_stage`, a 16-bit head at its own rate: :func:`.output_head_weight`)
    and ``layers`` layers' attention, each with the forward recomputation runs again
    (:func:`~configurator.core.formulas.flops.recompute_factors`), the output head's products
    (:func:`.head_params_on_fullest_stage`) once, outside every checkpointed layer
    (:func:`~configurator.core.formulas.flops.checkpointed_matmul_factor`), over ``tokens`` tokens per rank."""
    model, par, train, a = scenario.model, scenario.parallelism, scenario.training, scenario.assumptions
    attention_peak = card.peak_tflops(attention_precision(card, plan)) * TERA
    pass_factor = _pass_factor(scenario)
    mm_factor, attn_factor = recompute_factors(train.recompute, train.selective_policy, recomputed_matmul_share(model),
                                               pass_factor)
    dualpipe = runs_dualpipe(train.pipeline_algorithm, par.pp)
    head_weight = output_head_weight(scenario, card, plan)
    stage_params = matmul_params_on_fullest_stage(model, par.pp, dualpipe, head_weight)
    if reruns_layer_products(train.recompute, train.selective_policy):  # the output head is in no checkpointed layer
        head = head_params_on_fullest_stage(model, par.pp, dualpipe, head_weight)
        mm_factor = checkpointed_matmul_factor(mm_factor, stage_params - head, head)
    matmul = matmul_flops(pass_factor, stage_params, mm_factor, tokens, par.tp)
    attention = attention_flops_per_token(model, attention_span(scenario), layers) * attn_factor * tokens / par.tp
    attention_s = roofline_seconds(attention, attention_peak, training_attention_efficiency(scenario, card))
    return roofline_seconds(matmul, peak_flops, a.matmul_efficiency * shape) + attention_s, attention_s


def _stage_tensor_parallel_seconds(scenario: Scenario, plan: PrecisionPlan, layout: ActivationLayout, net: Fabric,
                                   tokens: float, layers, peak_flops: float, shape: float) -> float:
    """Tensor-parallel collectives of one micro-batch on the stage [s]: ``layers`` layers'
    :data:`TP_COLLECTIVES_PER_LAYER` over ``net`` (:func:`tensor_parallel_seconds`), overlapped with the
    products (at ``peak_flops`` [FLOP/s] × ``matmul_efficiency`` × ``shape``) where Transformer Engine's
    overlap is asked for and applies (:mod:`configurator.core.training_tp_overlap`), and a fully
    recomputed layer's forward collectives added (:func:`recomputed_tensor_parallel_seconds`)."""
    model, par, a = scenario.model, scenario.parallelism, scenario.assumptions
    tp = par.tp
    tp_s = float(tensor_parallel_seconds(tokens, model.hidden, layout.math_bytes, tp, layers,
                                         TP_COLLECTIVES_PER_LAYER, net, a))
    if par.tp_comm_overlap:
        gathered_s = tensor_parallel_seconds(tokens, model.hidden, all_gather_bytes(plan), tp, layers,
                                             TP_COLLECTIVES_PER_LAYER, net, a)
        tp_s = float(overlapped_tensor_parallel_seconds(
            tp_s, model, tokens, tp, layers, peak_flops * a.matmul_efficiency * shape,
            not scenario.workload.is_adapter, overlap_applies(tp, net.domain, net.fast_kind == "link"),
            userbuffers_table(par.tp_comm_overlap_cfg), gathered_s))
    return float(recomputed_tensor_parallel_seconds(tp_s, scenario.training.recompute is Recompute.FULL))


def _stage_context_parallel_seconds(scenario: Scenario, card: Card, layout: ActivationLayout, net: Fabric,
                                    tokens: float, layers, attention_s: float) -> float:
    """Exposed context-parallel exchange of one micro-batch on the stage [s]: the scenario's
    ``cp_comm_type`` over ``net`` for ``layers`` layers at ``tokens`` tokens per rank, hidden behind
    ``attention_s`` [s] as far as it overlaps (:func:`~configurator.core.formulas.cp_comm.cp_comm_seconds`)."""
    model, par, a = scenario.model, scenario.parallelism, scenario.assumptions
    return float(cp_comm_seconds(par.cp_comm_type, tokens, model.q_dim, model.kv_dim, model.kv_heads,
                                 model.attn_out_dim, layout.math_bytes, par.cp, par.tp, layers, net.domain,
                                 attention_s, *links(net, a, cp_link_ranks(par.cp_comm_type, par.cp, par.tp,
                                                                           net.domain)),
                                 a.comm_overlap, card.bandwidth_gbps * GB, a.bandwidth_efficiency))


def _stage_expert_parallel_seconds(scenario: Scenario, plan: PrecisionPlan, layout: ActivationLayout, net: Fabric,
                                   tokens: float, layers, compute_s: float) -> tuple[float, float]:
    """The stage's compute with the expert all-to-all overlapped where the schedule overlaps it, and
    the all-to-all left exposed [s]: the dispatch and combine of ``tokens`` tokens per rank through
    the MoE layers of ``layers`` layers over ``net`` (:func:`expert_parallel_seconds`), the dispatch at
    the recipe's bytes (:func:`~configurator.core.precision.training_dispatch_bytes`), once per remote
    server where the dispatcher deduplicates; ``compute_s`` [s] the stage's compute without it
    (:func:`expert_overlap_in_force`, :mod:`configurator.core.formulas.moe`)."""
    model, par, a = scenario.model, scenario.parallelism, scenario.assumptions
    all_to_all_s = expert_parallel_seconds(tokens, model.hidden, layout.math_bytes, model.experts_per_token, par.ep,
                                           moe_layers_on_stage(model, layers),
                                           data_parallel_per_domain(par.ep, par.tp * par.cp, net.domain), net, a,
                                           model.expert_groups, model.expert_groups_per_token,
                                           training_dispatch_bytes(scenario, plan), model.n_experts,
                                           deduplicates_across_servers(scenario.training.moe_dispatcher))
    overlapped = expert_overlap_in_force(scenario)
    compute_s = float(overlapped_expert_compute_seconds(compute_s, all_to_all_s, overlapped))
    return compute_s, float(expert_parallel_exposed_seconds(all_to_all_s, compute_s, overlapped))


def _stage_offload_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout,
                           stage_params: float, tokens: float, layers, compute_s: float) -> float:
    """Exposed host-link time of one micro-batch's offloaded weights or activations [s]
    (:func:`micro_batch_offload_seconds`): the stage's ``stage_params`` trainable parameters per card
    [count], sharded over the replicas at ZeRO 3, and its kept activations of ``tokens`` tokens per rank
    (:func:`~configurator.core.memory.stage_stored_bytes`), hidden behind ``compute_s`` [s]."""
    par = scenario.parallelism
    shard = scenario.replicas if par.zero >= 3 else 1
    stored = stage_stored_bytes(scenario, layout, layers) * tokens / par.tp
    return float(micro_batch_offload_seconds(scenario, card, stage_params, shard, stored, layout.math_bytes,
                                             training_states(scenario, plan), compute_s))


def micro_batch_offload_seconds(scenario: Scenario, card: Card, stage_params, shard, stored_bytes, math_bytes: float,
                                states: StateBytes, compute_s):
    """Exposed host-link time of one micro-batch [s]: offloaded activations (``stored_bytes`` [B]) written out
    and read back, and with the parameters on the host, FSDP2's ``CPUOffloadPolicy``
    (:mod:`configurator.core.formulas.host_offload`): each rank's shard of the stage's ``stage_params``
    [count] over ``shard`` ranks fetched in its stored dtype (``states.weights`` [B]) for forward and again
    for backward, hidden behind ``compute_s`` [s]
    (:func:`~configurator.core.formulas.communication.offload_stream_seconds`), and its gradient shard sent to
    the host in the parameter's dtype (``states.gradients`` [B]) during backward
    (:func:`~configurator.core.formulas.host_offload.gradients_out_seconds`). The estimate and the search
    (``workloads.training.layout_speed``) both call it."""
    train, a = scenario.training, scenario.assumptions
    host = host_link_gbps(card)
    weights = shard_weight_bytes(stage_params, shard, states.weights) if train.offload_params \
        else stage_params * math_bytes
    stream = offload_stream_bytes(weights, stored_bytes, train.offload_params, train.offload_activations)
    stream_s = comm.offload_stream_seconds(stream, compute_s, host, a.link_efficiency, a.comm_overlap)
    if not train.offload_params:
        return stream_s
    return stream_s + gradients_out_seconds(stage_params / shard, states.gradients, compute_s,
                                            host * GB * a.link_efficiency, a.comm_overlap)


def _pass_factor(scenario: Scenario) -> float:
    """FLOPs per parameter per token (:func:`flops_per_param`): 6, or 4 for the frozen weights
    of an adapter workload (LoRA)."""
    return flops_per_param(scenario.workload.is_adapter)


def offload_optimizer_seconds(scenario: Scenario, params, cards_per_node, compute_s, card: Card, math_bytes: float):
    """Exposed host part of a step whose optimizer is in host memory, ``params`` parameters per card [count],
    as the trainer that offloads it runs it (:mod:`configurator.core.formulas.host_offload`) [s]: with the
    parameters on the host too (FSDP2's ``CPUOffloadPolicy``) the CPU update alone (the gradients left per
    micro-batch, :func:`micro_batch_offload_seconds`; the next forward fetches the weights); under
    Megatron-Core's recipes ``HybridDeviceOptimizer``'s fp32 copies out and back and the update, one after the
    other; else ZeRO-Offload's 16-bit gradients out during backward, update and 16-bit weights back
    (:func:`~configurator.core.formulas.host_offload.zero_offload_seconds`). The estimate and the search
    (``workloads.training.layout_speed``) both call it."""
    train, a = scenario.training, scenario.assumptions
    rate = a.cpu_optimizer_params_per_s
    if train.offload_params:
        return cpu_update_seconds(params, cards_per_node, rate)
    link = host_link_gbps(card) * GB * a.link_efficiency
    if train.recipe.runs_megatron_core:
        return hybrid_optimizer_seconds(params, cards_per_node, link, rate)
    return zero_offload_seconds(params, math_bytes, math_bytes, cards_per_node, compute_s, link, a.comm_overlap, rate)


def optimizer_seconds(params, states: StateBytes, bandwidth_gbps: float, a: Assumptions):
    """Memory-bound optimizer step of ``params`` parameters on one card [s]
    (:func:`optimizer_step_bytes_per_param` at ``bandwidth_efficiency``)."""
    return roofline_seconds(params * optimizer_step_bytes_per_param(states.weights, states.gradients, states.optimizer),
                            bandwidth_gbps * GB, a.bandwidth_efficiency)


def training_speed(
    scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout,
    timing: MicroBatchTiming | None = None,
) -> TrainingSpeed | None:
    """Step time: micro-batches through the 1F1B pipeline, plus the optimizer, the exposed
    data-parallel traffic and the pipeline's point-to-point sends.

    step = ``m·(1 + bubble)·(t_mb + t_p2p) + t_optimizer + t_dp,exposed`` (Narayanan et al.
    2021, :func:`training_step_seconds`), the bubble 1F1B's or, where the scenario runs it,
    DualPipe's (:func:`~configurator.core.formulas.dualpipe.schedule_bubble_fraction`); ``timing``
    may be passed in when only the card count changes (sweeps). Under DualPipe the mirror copies'
    gradient exchange and the mirror stage's optimizer step are not counted (DeepSeek-V3: the optimizer
    0.5 ms of a 20.5 s step; the mirror's 16-bit gradients, about 10 GB a rank over a 50 GB/s link,
    0.2 s if none of it overlapped, 1 %).
    """
    timing = timing or micro_batch_timing(scenario, card, plan, layout)
    if timing is None:
        return None
    model, par, train, a = scenario.model, scenario.parallelism, scenario.training, scenario.assumptions
    pp, dp, m, replicas = par.pp, scenario.data_parallel, train.grad_accum, scenario.replicas
    messages = list(timing.messages)
    bubble = float(schedule_bubble_fraction(train.pipeline_algorithm, pp, m, par.virtual_stages,
                                            round_size(par.pipeline_schedule, pp, m)))
    if bubble > BUBBLE_WARNING:
        messages.append(msg("pipeline-bubble", bubble=100 * bubble_share_of_step(bubble), pp=pp, m=m))
    slots = pipeline_slots(m, bubble)
    net = card_fabric(card, par.cards_per_node, a)
    tokens = train.micro_batch * train.seq_len / par.cp
    p2p_s = float(pipeline_p2p_exposed_seconds(comm.pipeline_p2p_seconds(
        tokens, model.hidden, layout.math_bytes, par.tp, pp, par.virtual_stages,
        pipeline_crosses_network(par.tp * par.cp, dp, pp, net.domain), *links(net, a, 2)), par.virtual_stages)) * slots

    states, params_card = timing.states, timing.params_per_card
    opt_params = params_card / (replicas if par.zero >= 1 else 1)
    optimizer_s = optimizer_seconds(opt_params, states, card.bandwidth_gbps, a)
    host_s = 0.0
    if train.offload_optimizer and params_card:
        optimizer_s = 0.0
        host_s = float(offload_optimizer_seconds(scenario, opt_params, min(par.cards_per_node, scenario.count),
                                                 timing.compute_s, card, layout.math_bytes))
    offload_s = timing.offload_s * slots + host_s

    dp_s = 0.0
    frozen = timing.frozen_bytes_per_card if par.zero >= 3 else 0.0
    if replicas > 1 and (params_card or frozen):
        if net.fast_kind == "pcie" and scenario.count > 1 and params_card:  # the warning speaks of gradients
            messages.append(msg("dp-over-pcie", card=card.name))
        dp_s = data_parallel_step_seconds(scenario, timing, frozen, layout.math_bytes, net)
    if par.zero and replicas == 1 and not (train.offload_optimizer and train.recipe.runs_megatron_core):
        messages.append(msg("zero-without-dp", zero=par.zero))
    elif par.zero >= 3 and pp > 1 and not train.offload_params:
        messages.append(msg("zero3-with-pipeline", pp=pp))

    step_s = training_step_seconds(timing.total_s, slots, p2p_s, optimizer_s, dp_s, host_s)
    kinds = {"tp": timing.tensor_parallel_s * slots, "dp": dp_s, "p2p": p2p_s, "cp": timing.context_parallel_s * slots,
             "ep": timing.expert_parallel_s * slots, "offload": offload_s}
    exposed = sum(kinds.values())
    if exposed / step_s > EXPOSED_COMM_WARNING:
        messages.append(msg("comm-exposed", share=100 * exposed / step_s,
                            **{k: 100 * v / step_s for k, v in kinds.items()}))
    tokens_per_s = training_tokens_per_second(train.micro_batch, train.seq_len, m, dp, step_s)
    mfu = model_flops_utilisation(model_flops_per_token(model, attention_span(scenario)), tokens_per_s, scenario.count,
                                  timing.peak_flops, _pass_factor(scenario))
    hours = train.tokens / tokens_per_s / 3600.0
    return TrainingSpeed(
        step_time_s=step_s,
        tokens_per_s=tokens_per_s,
        tokens_per_s_per_card=tokens_per_s / scenario.count,
        mfu=mfu,
        compute_s=timing.compute_s * slots,
        memory_traffic_s=timing.traffic_s * slots,
        tensor_parallel_s=timing.tensor_parallel_s * slots,
        data_parallel_s=dp_s,
        optimizer_s=optimizer_s,
        bubble_fraction=bubble_share_of_step(bubble),
        hours=hours,
        gpu_hours=hours * scenario.count,
        messages=tuple(messages),
        pipeline_p2p_s=p2p_s,
        context_parallel_s=timing.context_parallel_s * slots,
        expert_parallel_s=timing.expert_parallel_s * slots,
        offload_s=offload_s,
    )
