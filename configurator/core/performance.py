"""Speed: FLOPs, communication, training step time and MFU; prefill and decode rooflines.

Every efficiency is a named field of :class:`~configurator.core.scenario.Assumptions`.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.collectives import (
    all_to_all_seconds,
    allreduce_seconds,
    point_to_point_seconds,
    reduce_scatter_seconds,
)
from configurator.core.engines import kv_read_share, layer_overhead_s
from configurator.core.formats import FORMATS
from configurator.core.memory import (
    ActivationLayout,
    expert_parallel_factor,
    routed_expert_params,
    stage_stored_bytes,
    kv_cache_bytes_per_token,
    kv_shards,
    layer_activation_bytes,
    logits_bytes_per_token,
    stage_layer_count,
    stage_params,
    training_states,
)
from configurator.core.load import PERCENTILES, StepCosts, capacity, closed_loop_rate, load_point, static_batch
from configurator.core.messages import Message, msg
from configurator.core.precision import PrecisionPlan, StateBytes, attention_precision, kv_element_bytes
from configurator.core.scenario import Assumptions, Recompute, Scenario
from configurator.core.units import GB, TERA, Precision

ACTIVATION_TRAFFIC_PASSES = 4
"""Times each saved activation crosses memory in a step: written in forward, read in
backward, its gradient written and read once."""


# ---- FLOPs ------------------------------------------------------------------------------


def model_flops_per_token(model: ModelArchitecture, seq_len: int) -> float:
    """Training FLOPs per token, forward + backward, no recomputation [FLOP].

    ``6·N + 12·L·H·Q·T`` (PaLM, Chowdhery et al. 2022, App. B) with N the active parameters
    in matrix products; the convention behind published MFU figures.
    """
    return 6.0 * model.matmul_params() + 12.0 * model.n_layers * model.q_dim * seq_len


def attention_flops_per_token(model: ModelArchitecture, seq_len: int, layers: int) -> float:
    """Causal attention FLOPs per token, forward + backward, over ``layers`` layers [FLOP].

    Half of PaLM's ``12·L·H·Q·T``: fused kernels skip the masked half of the score matrix.
    """
    return 6.0 * layers * model.q_dim * seq_len


def recompute_factors(recompute: Recompute) -> tuple[float, float]:
    """Multipliers on (matrix-product, attention) FLOPs: full recomputation repeats the
    forward pass (6N → 8N), selective repeats only attention (Korthikanti et al. 2022)."""
    if recompute is Recompute.FULL:
        return 8.0 / 6.0, 4.0 / 3.0
    if recompute is Recompute.SELECTIVE:
        return 1.0, 4.0 / 3.0
    return 1.0, 1.0


# ---- links ------------------------------------------------------------------------------

RACK_SCALE_DOMAIN = 8
"""Fast-link domains larger than this span servers (NVL72-class racks, CloudMatrix)."""


@dataclass(frozen=True)
class Fabric:
    """The two levels a collective crosses: a fast domain, then the scale-out network."""

    domain: int
    """Cards that share the fast level (a server, or an NVL72-class NVLink domain) [count]."""
    fast_gbps: float
    """Bandwidth per card inside the domain, one way [GB/s]."""
    fast_kind: str  # "link" (NVLink-class) or "pcie"
    network_gbps: float
    """Scale-out bandwidth per card, one way [GB/s]."""


def fabric(card: Card, cards_per_node: int, assumptions: Assumptions) -> Fabric:
    """The card's fast domain and scale-out bandwidth in servers of ``cards_per_node`` cards.

    The fast level is the server; a rack-scale NVLink domain (GB200 NVL72) extends it. A server
    whose cards have no fast link (or a link shared by fewer cards than the server holds) talks
    over PCIe. Scale-out is the card's own figure from the catalog (e.g. Gaudi 3's integrated
    RoCE ports) or the named default: one 400 Gb/s NIC per card on rail-optimised HGX fabrics.
    """
    ic = card.interconnect
    rack_scale = card.has_fast_link and ic.domain_size > RACK_SCALE_DOMAIN
    domain = ic.domain_size if rack_scale else cards_per_node
    linked = card.has_fast_link and ic.domain_size >= domain
    fast = ic.link_gbps_one_way if linked else (ic.pcie_gbps_one_way or 16.0)
    network = ic.scale_out_gbps or (
        assumptions.network_gbps_per_card if card.has_fast_link else assumptions.network_gbps_per_pcie_card)
    return Fabric(domain, fast, "link" if linked else "pcie", network)


def group_seconds(collective, n_bytes, ranks, per_domain, net: Fabric, a: Assumptions):
    """A collective (from :mod:`configurator.core.collectives`) over ``ranks`` cards of which
    ``per_domain`` share a fast domain [s]."""
    return collective(n_bytes, ranks, per_domain, net.fast_gbps, net.network_gbps, a.link_efficiency)


def tensor_parallel_messages(scenario: Scenario, card: Card, net: Fabric) -> list[Message]:
    """Warnings when tensor-parallel traffic leaves the fast link."""
    tp = scenario.parallelism.tp
    if tp <= 1:
        return []
    if tp > net.domain:
        return [msg("tp-across-nodes", tp=tp, per_node=net.domain)]
    if net.fast_kind == "pcie" and card.has_fast_link:
        return [msg("tp-beyond-link-domain", tp=tp, domain=card.interconnect.domain_size, card=card.name)]
    if net.fast_kind == "pcie":
        return [msg("tp-over-pcie", card=card.name)]
    return []


def tensor_parallel_seconds(tokens, hidden: int, math_bytes: float, tp, layers, collectives_per_layer: int,
                            net: Fabric, a: Assumptions):
    """Tensor-parallel traffic of ``tokens`` through ``layers`` layers [s].

    Megatron-LM with sequence parallelism: per layer and pass, two all-gathers and two
    reduce-scatters of the ``tokens × hidden`` activations, the volume of two all-reduces
    (Korthikanti et al. 2022 §4.2.2); ``collectives_per_layer`` counts all-reduce equivalents.
    """
    per_call = group_seconds(allreduce_seconds, tokens * hidden * math_bytes, tp, np.minimum(tp, net.domain), net, a)
    return collectives_per_layer * layers * per_call * (tp > 1)


def data_parallel_per_domain(dp, tp, domain: int):
    """Members of a data-parallel group inside one fast domain, with Megatron-LM's rank order
    (tensor parallel innermost, then data parallel, then pipeline stages)."""
    return np.maximum(1, np.minimum(dp, domain // np.maximum(tp, 1)))


def gradient_sync_seconds(params, grad_bytes: float, weight_bytes: float, zero, dp, per_domain, net: Fabric,
                          a: Assumptions):
    """Data-parallel traffic per synchronisation of ``params`` parameters per card [s].

    ZeRO 0: one all-reduce of the gradients. ZeRO 1–2 (distributed optimizer): reduce-scatter of
    the gradients, all-gather of the updated 16-bit weights. ZeRO 3 (FSDP): per micro-batch the
    weights are gathered for forward and again for backward and the gradients reduce-scattered
    (Rajbhandari et al. 2020 §7; Megatron-LM distributed optimizer docs).
    """
    grads = params * grad_bytes
    weights = params * weight_bytes
    rs = group_seconds(reduce_scatter_seconds, grads, dp, per_domain, net, a)
    gather = group_seconds(reduce_scatter_seconds, weights, dp, per_domain, net, a)
    allreduce = group_seconds(allreduce_seconds, grads, dp, per_domain, net, a)
    seconds = np.where(zero >= 3, rs + 2 * gather, np.where(zero >= 1, rs + gather, allreduce))
    return seconds * (dp > 1)


def pipeline_bubble(pp, micro_batches, virtual_stages):
    """Idle pipeline slots per useful slot: ``(p−1)/(v·m)`` (Narayanan et al. 2021 §2.2)."""
    return (pp - 1) / (virtual_stages * micro_batches)


def pipeline_p2p_seconds(tokens, hidden: int, math_bytes: float, tp, pp, virtual_stages, crosses_network,
                         net: Fabric, a: Assumptions):
    """Point-to-point traffic of one micro-batch on a pipeline stage [s].

    Each of the ``v`` model chunks sends its output activations forward and receives their
    gradient backward; with sequence parallelism the tensor is split over the ``tp`` ranks
    (Narayanan et al. 2021 §2.2, §4.1 scatter/gather).
    """
    gbps = np.where(crosses_network, net.network_gbps, net.fast_gbps)
    one = point_to_point_seconds(tokens * hidden * math_bytes / tp, gbps, a.link_efficiency)
    return 2 * virtual_stages * one * (pp > 1)


CP_EXCHANGES_PER_LAYER = 3
"""Key/value blocks each context-parallel rank passes on per ring step and layer: K and V in
forward, K and V again with their gradients in backward (Liu et al. 2023, Ring Attention;
Megatron-LM ``--context-parallel-size``)."""

EP_ALL_TO_ALLS_PER_LAYER = 4
"""All-to-alls per MoE layer per micro-batch: dispatch and combine in forward, and their
gradients in backward (Lepikhin et al. 2021, GShard §2.2)."""


def context_parallel_seconds(tokens, kv_dim: int, math_bytes: float, cp, layers, crosses_network,
                             attention_s, net: Fabric, a: Assumptions):
    """Exposed ring exchange of context parallelism for one micro-batch on a rank [s].

    Each rank holds ``tokens`` of every sequence; per layer it passes its key/value block
    ``cp − 1`` times around the ring, ``CP_EXCHANGES_PER_LAYER`` blocks per step, overlapped
    with the attention of the block it already has (Liu et al. 2023 §3).
    """
    gbps = np.where(crosses_network, net.network_gbps, net.fast_gbps)
    block = point_to_point_seconds(2 * tokens * kv_dim * math_bytes, gbps, a.link_efficiency)
    ring = CP_EXCHANGES_PER_LAYER * layers * (cp - 1) * block
    return exposed_seconds(ring, attention_s, a.comm_overlap) * (cp > 1)


def expert_parallel_seconds(tokens, hidden: int, math_bytes: float, top_k: int, ep, moe_layers,
                            per_domain, net: Fabric, a: Assumptions):
    """All-to-all traffic of expert parallelism for one micro-batch on a rank [s], not
    overlapped (the dispatch waits for the router and the experts for the dispatch).

    Each token goes to ``top_k`` experts and comes back: ``tokens × top_k × hidden`` elements
    per all-to-all, ``EP_ALL_TO_ALLS_PER_LAYER`` per MoE layer.
    """
    per_call = all_to_all_seconds(tokens * top_k * hidden * math_bytes, ep, per_domain, net.fast_gbps,
                                  net.network_gbps, a.link_efficiency)
    return EP_ALL_TO_ALLS_PER_LAYER * moe_layers * per_call * (ep > 1)


def host_link_gbps(card: Card) -> float:
    """The card's link to host memory, one way [GB/s] (PCIe; 16 GB/s, Gen4 x8, when unknown)."""
    return card.interconnect.pcie_gbps_one_way or 16.0


def offload_optimizer_seconds(params, grad_bytes: float, weight_bytes: float, cards_per_node: int,
                              compute_s, host_gbps: float, a: Assumptions):
    """Exposed time of ZeRO-Offload per step [s] (Ren et al. 2021 §4).

    The 16-bit gradients of ``params`` parameters go to the host during backward (hidden
    behind it), the host CPUs update them (shared by the server's cards, at
    ``cpu_optimizer_params_per_s``) and the 16-bit weights come back before the next forward.
    """
    link = host_gbps * GB * a.link_efficiency
    out = exposed_seconds(params * grad_bytes / link, compute_s * BACKWARD_SHARE, a.comm_overlap)
    update = params * cards_per_node / a.cpu_optimizer_params_per_s
    return out + update + params * weight_bytes / link


def offload_stream_seconds(n_bytes, compute_s, host_gbps: float, a: Assumptions):
    """Exposed time of streaming ``n_bytes`` between host and card per micro-batch, prefetched
    behind that micro-batch's compute (parameter or activation offload) [s]."""
    return exposed_seconds(n_bytes / (host_gbps * GB * a.link_efficiency), compute_s, a.comm_overlap)


TRAINING_PASSES = 3
"""Forward-pass equivalents of kernel launches in a training step (forward + backward)."""

BACKWARD_SHARE = 2.0 / 3.0
"""Share of a training step's compute spent in the backward pass (4N of 6N FLOPs)."""


def exposed_seconds(comm_s, window_s, overlap: float):
    """Communication left after hiding behind ``overlap`` × the compute window [s]."""
    return np.maximum(0.0, comm_s - overlap * window_s)


def data_parallel_exposed_seconds(sync_s, micro_compute_s, micro_batches, zero, overlap: float):
    """Exposed data-parallel time per step [s].

    ZeRO 0–2 synchronise once per step, in buckets behind the last micro-batch (its backward for
    the gradients, the next forward for the weight gather): PyTorch DDP and Megatron-LM
    ``--overlap-grad-reduce`` / ``--overlap-param-gather``. ZeRO 3 repeats its gathers every
    micro-batch, each hidden behind that micro-batch's compute (FSDP prefetching).
    """
    window = micro_compute_s * np.where(zero >= 1, 1.0, BACKWARD_SHARE)
    per_sync = exposed_seconds(sync_s, window, overlap)
    return per_sync * np.where(zero >= 3, micro_batches, 1)


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
"""Share of a step in exposed communication above which a warning is shown."""


def optimizer_bytes_per_param(weights: float, gradients: float, optimizer: float) -> float:
    """Bytes an optimizer step moves per parameter: reads weights, gradients and states,
    writes weights and states."""
    return 2.0 * (weights + optimizer) + gradients


@dataclass(frozen=True)
class MicroBatchTiming:
    """Time of one micro-batch on one card; independent of the data-parallel width."""

    compute_s: float
    traffic_s: float
    tensor_parallel_s: float
    total_s: float
    peak_flops: float
    params_per_card: float
    """Trainable parameters on the fullest card before ZeRO sharding, experts split [count]."""
    states: StateBytes
    messages: tuple[Message, ...]
    context_parallel_s: float = 0.0
    expert_parallel_s: float = 0.0
    offload_s: float = 0.0
    """Exposed host-link streaming of offloaded weights or activations [s]."""


def matmul_params_per_stage(model: ModelArchitecture, layers: int) -> float:
    """Parameters in matrix products on the fullest pipeline stage: its layers and the output
    head (on every stage, the conservative choice for the fullest one) [count]."""
    per_layer = (model.matmul_params() - model.vocab * model.hidden) / model.n_layers
    return layers * per_layer + model.vocab * model.hidden


def moe_layers_on_stage(model: ModelArchitecture, layers):
    """MoE layers on a stage of ``layers`` layers, in the model's proportion [count]."""
    return layers * model.n_moe_layers / model.n_layers


def offload_stream_bytes(weights_bytes, stored_bytes, offload_params: bool, offload_activations: bool):
    """Bytes crossing the host link per micro-batch: offloaded weights fetched for forward and
    again for backward, offloaded activations written out and read back [B]."""
    return 2.0 * weights_bytes * offload_params + 2.0 * stored_bytes * offload_activations


def micro_batch_timing(
    scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout
) -> MicroBatchTiming | None:
    """Roofline sum for one micro-batch (forward + backward) on the fullest stage [s].

    ``t_mb = matmul/(peak·η_mm) + attention/(peak_attn·η_attn) + traffic/(bw·η_bw)
    + passes·L·t_layer + TP, CP and EP collectives + offload streams``; each rank computes
    ``1/cp`` of every sequence. None when the card lacks a rate or bandwidth.
    """
    peak = card.peak_tflops(plan.math) if plan.math else None
    if not peak or not card.bandwidth_gbps:
        return None
    model, par, train, a = scenario.model, scenario.parallelism, scenario.training, scenario.assumptions
    peak_flops, bandwidth = peak * TERA, card.bandwidth_gbps * GB
    attention_peak = card.peak_tflops(attention_precision(card, plan)) * TERA
    tp, cp, layers = par.tp, par.cp, stage_layer_count(model, par.pp)
    tokens = train.micro_batch * train.seq_len / cp
    mm_factor, attn_factor = recompute_factors(train.recompute)
    matmul = _pass_factor(scenario) * matmul_params_per_stage(model, layers) * mm_factor * tokens / tp
    attention = attention_flops_per_token(model, train.seq_len, layers) * attn_factor * tokens / tp
    passes = ACTIVATION_TRAFFIC_PASSES + (1 if train.recompute is Recompute.FULL else 0)
    act_bytes = layers * layer_activation_bytes(model, layout, train.seq_len) + logits_bytes_per_token(model, layout)
    attention_s = attention / (attention_peak * a.attention_efficiency)
    compute_s = matmul / (peak_flops * a.matmul_efficiency) + attention_s
    traffic_s = passes * act_bytes * tokens / tp / (bandwidth * a.bandwidth_efficiency)
    net = fabric(card, par.cards_per_node, a)
    tp_s = float(tensor_parallel_seconds(tokens, model.hidden, layout.math_bytes, tp, layers,
                                         TP_COLLECTIVES_PER_LAYER, net, a))
    cp_s = float(context_parallel_seconds(tokens, model.kv_dim, layout.math_bytes, cp, layers, tp * cp > net.domain,
                                          attention_s, net, a))
    ep_s = float(expert_parallel_seconds(tokens, model.hidden, layout.math_bytes, model.experts_per_token, par.ep,
                                         moe_layers_on_stage(model, layers),
                                         data_parallel_per_domain(par.ep, tp * cp, net.domain), net, a))
    stage = 0.0 if scenario.workload.is_adapter else stage_params(model, par.pp, True) / tp
    split = expert_parallel_factor(routed_expert_params(model, layers) / stage_params(model, par.pp, True), par.ep)
    stream = offload_stream_bytes(stage * layout.math_bytes, stage_stored_bytes(scenario, layout, layers) * tokens / tp,
                                  train.offload_params, train.offload_activations)
    offload_s = float(offload_stream_seconds(stream, compute_s, host_link_gbps(card), a))
    forward_passes = TRAINING_PASSES + (1 if train.recompute is Recompute.FULL else 0)
    total_s = compute_s + traffic_s + tp_s + cp_s + ep_s + offload_s + layers * a.layer_overhead_s * forward_passes
    # adapters are tiny next to the frozen base: their optimizer step and traffic are ignored
    return MicroBatchTiming(compute_s, traffic_s, tp_s, total_s, peak_flops, stage * split,
                            training_states(scenario, plan), tuple(tensor_parallel_messages(scenario, card, net)),
                            cp_s, ep_s, offload_s)


TP_COLLECTIVES_PER_LAYER = 4
"""All-reduce equivalents per layer per micro-batch: two in forward, two in backward
(Shoeybi et al. 2019 §3, Fig. 4)."""


def _pass_factor(scenario: Scenario) -> float:
    """FLOPs per parameter per token: 6 (2 forward + 4 backward); 4 for frozen weights,
    which need no weight gradient (LoRA)."""
    return 4.0 if scenario.workload.is_adapter else 6.0


def pipeline_crosses_network(tp: int, dp: int, pp: int, domain: int) -> bool:
    """Whether pipeline stages talk over the network: unless the whole job sits in one fast
    domain, consecutive stages (``tp × dp`` ranks apart in Megatron-LM's order) do."""
    return tp * dp * pp > domain


def training_speed(
    scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout,
    timing: MicroBatchTiming | None = None,
) -> TrainingSpeed | None:
    """Step time: micro-batches through the 1F1B pipeline, plus the optimizer, the exposed
    data-parallel traffic and the pipeline's point-to-point sends.

    step = ``m·(1 + bubble)·(t_mb + t_p2p) + t_optimizer + t_dp,exposed`` (Narayanan et al.
    2021); ``timing`` may be passed in when only the card count changes (sweeps).
    """
    timing = timing or micro_batch_timing(scenario, card, plan, layout)
    if timing is None:
        return None
    model, par, train, a = scenario.model, scenario.parallelism, scenario.training, scenario.assumptions
    pp, dp, m, replicas = par.pp, scenario.data_parallel, train.grad_accum, scenario.replicas
    messages = list(timing.messages)
    bubble = pipeline_bubble(pp, m, par.virtual_stages)
    if bubble > 0.25:
        messages.append(msg("pipeline-bubble", bubble=100 * bubble / (1 + bubble), pp=pp, m=m))
    slots = m * (1 + bubble)
    net = fabric(card, par.cards_per_node, a)
    tokens = train.micro_batch * train.seq_len / par.cp
    p2p_s = float(pipeline_p2p_seconds(tokens, model.hidden, layout.math_bytes, par.tp, pp, par.virtual_stages,
                                       pipeline_crosses_network(par.tp * par.cp, dp, pp, net.domain), net, a)) * slots

    states, params_card = timing.states, timing.params_per_card
    opt_params = params_card / (replicas if par.zero >= 1 else 1)
    optimizer_s = opt_params * optimizer_bytes_per_param(states.weights, states.gradients, states.optimizer)
    optimizer_s /= card.bandwidth_gbps * GB * a.bandwidth_efficiency
    offload_s = timing.offload_s * slots
    if train.offload_optimizer and params_card:
        optimizer_s = 0.0
        offload_s += float(offload_optimizer_seconds(opt_params, layout.math_bytes, layout.math_bytes,
                                                     min(par.cards_per_node, scenario.count), timing.compute_s,
                                                     host_link_gbps(card), a))

    dp_s = 0.0
    if replicas > 1 and params_card:
        if net.fast_kind == "pcie" and scenario.count > 1:
            messages.append(msg("dp-over-pcie", card=card.name))
        per_domain = data_parallel_per_domain(replicas, par.tp, net.domain)
        sync_s = gradient_sync_seconds(params_card, states.gradients, layout.math_bytes, par.zero, replicas,
                                       per_domain, net, a)
        dp_s = float(data_parallel_exposed_seconds(sync_s, timing.compute_s, m, par.zero, a.comm_overlap))
    if par.zero and replicas == 1:
        messages.append(msg("zero-without-dp", zero=par.zero))

    step_s = timing.total_s * slots + p2p_s + optimizer_s + dp_s + (offload_s - timing.offload_s * slots)
    kinds = {"tp": timing.tensor_parallel_s * slots, "dp": dp_s, "p2p": p2p_s, "cp": timing.context_parallel_s * slots,
             "ep": timing.expert_parallel_s * slots, "offload": offload_s}
    exposed = sum(kinds.values())
    if exposed / step_s > EXPOSED_COMM_WARNING:
        messages.append(msg("comm-exposed", share=100 * exposed / step_s,
                            **{k: 100 * v / step_s for k, v in kinds.items()}))
    tokens_per_s = train.micro_batch * train.seq_len * m * dp / step_s
    mfu = model_flops_per_token(model, train.seq_len) * tokens_per_s / (scenario.count * timing.peak_flops)
    mfu *= _pass_factor(scenario) / 6.0
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
        bubble_fraction=bubble / (1 + bubble),
        hours=hours,
        gpu_hours=hours * scenario.count,
        messages=tuple(messages),
        pipeline_p2p_s=p2p_s,
        context_parallel_s=timing.context_parallel_s * slots,
        expert_parallel_s=timing.expert_parallel_s * slots,
        offload_s=offload_s,
    )


# ---- inference --------------------------------------------------------------------------


@dataclass(frozen=True)
class InferenceSpeed:
    """Latency and throughput of a serving deployment."""

    ttft_s: float
    tpot_s: float
    tokens_per_s: float
    tokens_per_s_per_card: float
    requests_per_s: float
    decode_bound: str  # "memory" or "compute"
    messages: tuple[Message, ...]
    ttft_percentiles_s: dict[int, float] = field(default_factory=dict)
    """Time to first token at the operating load by percentile (50, 90, 99) [s]."""
    tpot_percentiles_s: dict[int, float] = field(default_factory=dict)
    """Time per output token at the operating load by percentile [s]."""
    batching: str = "continuous"
    load_per_s: float | None = None
    """Requests per second of the whole deployment the latencies are for [1/s]."""
    idle_ttft_s: float | None = None
    """Time to first token of one prompt on an idle copy [s]."""

    def ttft_at(self, percentile: int) -> float:
        """TTFT at ``percentile`` (the median when not known) [s]."""
        return self.ttft_percentiles_s.get(percentile, self.ttft_s)

    def tpot_at(self, percentile: int) -> float:
        """TPOT at ``percentile`` (the median when not known) [s]."""
        return self.tpot_percentiles_s.get(percentile, self.tpot_s)


def prefill_flops(model: ModelArchitecture, prompt_tokens: int) -> float:
    """Forward FLOPs of a prompt: ``2·N·P`` plus causal attention ``2·L·H·Q·P²``."""
    return 2.0 * model.matmul_params() * prompt_tokens + 2.0 * model.n_layers * model.q_dim * prompt_tokens**2


def decode_weight_bytes(model: ModelArchitecture, batch: int, weight_bytes: float) -> float:
    """Weight bytes one decode step reads [B].

    MoE reads only the experts some sequence in the batch uses: of E experts with top-k
    routing, ``E·(1 − (1 − k/E)^b)`` are touched in expectation (uniform routing).
    """
    if not model.is_moe:
        return model.total_params() * weight_bytes
    expert = model.mlp_params(model.routed_ffn)
    all_experts = model.n_moe_layers * model.n_experts * expert
    touched = model.n_experts * (1.0 - (1.0 - model.experts_per_token / model.n_experts) ** batch)
    return (model.total_params() - all_experts + model.n_moe_layers * touched * expert) * weight_bytes


def _tp_allreduce_s(scenario: Scenario, card: Card, tokens: int, math_bytes: float) -> float:
    """Two all-reduces per layer in a forward pass (Shoeybi et al. 2019 §3)."""
    a = scenario.assumptions
    net = fabric(card, scenario.parallelism.cards_per_node, a)
    return float(tensor_parallel_seconds(tokens, scenario.model.hidden, math_bytes, scenario.parallelism.tp,
                                         scenario.model.n_layers, 2, net, a))


def _bandwidth(card: Card, a: Assumptions) -> float:
    """Achievable memory bandwidth of the card [B/s]."""
    return card.bandwidth_gbps * GB * a.decode_bandwidth_efficiency


FP8_GEMM_RELATIVE = (1419.0 / 1979.0) / (777.6 / 989.5)
"""Share of its peak an FP8 product reaches relative to a 16-bit one: on the H200, 8192³ products
ran at 1,419 of 1,979 TFLOP/s in FP8 and 778 of 989.5 in BF16 (h200-calibration.jsonl, 'matmul')."""


def _serving_peak(card: Card, plan: PrecisionPlan, scenario: Scenario) -> float:
    """Sustained FLOP rate of serving kernels: peak × prefill efficiency × the engine's share,
    × ``FP8_GEMM_RELATIVE`` for FP8 math [FLOP/s]."""
    relative = FP8_GEMM_RELATIVE if plan.math is Precision.FP8 else 1.0
    return card.peak_tflops(plan.math) * TERA * scenario.assumptions.prefill_efficiency * \
        scenario.serving.profile.prefill_share * relative


def decode_step_seconds(
    scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int, kv_tokens: int, tokens_per_sequence: int = 1
) -> tuple[float, str]:
    """One decode step for ``batch`` sequences of ``kv_tokens`` cached tokens, each computing
    ``tokens_per_sequence`` positions (speculative verification) [s].

    Roofline with the engine's profile (:mod:`configurator.core.engines`):
    ``max(W/(B·c·s_w) + KV/(B·c·s_kv(ctx)), F/(P·e·s_p)) + L·t_layer + t_step`` plus the
    tensor-parallel all-reduces; W and KV are the weight and cache bytes per card (estimator.md,
    Inference), split by tensor parallelism.
    """
    model, a, tp, serving = scenario.model, scenario.assumptions, scenario.parallelism.tp, scenario.serving
    profile = serving.profile
    kv_b = kv_element_bytes(scenario, plan)
    weights = decode_weight_bytes(model, batch, plan.weight_bytes) / tp
    kv = batch * kv_tokens * kv_cache_bytes_per_token(model, kv_b) / kv_shards(model, tp)
    flops = (2.0 * model.matmul_params() + 4.0 * model.n_layers * model.q_dim * kv_tokens) * batch / tp
    flops *= tokens_per_sequence
    bandwidth = _bandwidth(card, a)
    memory_s = weights / (bandwidth * profile.weight_stream_share)
    if kv:
        memory_s += kv / (bandwidth * kv_read_share(profile, kv_tokens))
    compute_s = flops / _serving_peak(card, plan, scenario)
    comm_s = _tp_allreduce_s(scenario, card, batch * tokens_per_sequence, plan.math_bytes)
    overhead_s = model.n_layers * layer_overhead_s(profile, serving.cuda_graphs) + profile.step_overhead_s
    bound = "memory" if memory_s >= compute_s else "compute"
    return max(memory_s, compute_s) + comm_s + overhead_s, bound


def prefill_layer_overhead(scenario: Scenario) -> float:
    """Time per layer per prefill chunk beyond the roofline [s]: the engine's, else the
    training figure (prompt kernels run eagerly, without CUDA graphs, in every engine)."""
    own = scenario.serving.profile.prefill_layer_overhead_s
    return scenario.assumptions.layer_overhead_s if own is None else own


def prefill_seconds(
    scenario: Scenario, card: Card, plan: PrecisionPlan, prompt_tokens: int, sequences: int = 1
) -> float:
    """Prefill of ``sequences`` prompts, batched in chunks of ``max_batched_tokens`` [s].

    Per chunk: the FLOPs at the engine's share of the prefill efficiency plus one read of the
    weights, per-layer time and tensor-parallel all-reduces. The weight stream and the products
    are added, not overlapped: at the chunk sizes where both matter (100–500 tokens) GEMM tiles
    neither saturate the bandwidth nor the tensor cores (TensorRT-LLM's 128-token TTFT rows sit
    at the sum, not the maximum); for long chunks the sum adds a few per cent. With one
    sequence: time to first token on an idle copy.
    """
    a, tp, model = scenario.assumptions, scenario.parallelism.tp, scenario.model
    profile = scenario.serving.profile
    tokens = prompt_tokens * sequences
    chunks = math.ceil(tokens / scenario.serving.max_batched_tokens)
    compute_s = sequences * prefill_flops(model, prompt_tokens) / tp / _serving_peak(card, plan, scenario)
    weights_s = chunks * model.total_params() * plan.weight_bytes / tp
    weights_s /= _bandwidth(card, a) * profile.weight_stream_share
    overhead_s = chunks * (model.n_layers * prefill_layer_overhead(scenario) + profile.step_overhead_s)
    return compute_s + weights_s + overhead_s + _tp_allreduce_s(scenario, card, tokens, plan.math_bytes)


@dataclass(frozen=True)
class ReplicaSpeed:
    """Latency and request rate of one serving replica (tp × pp cards)."""

    ttft_s: float
    tpot_s: float
    requests_per_s: float
    decode_bound: str
    messages: tuple[Message, ...]
    ttft_percentiles_s: dict[int, float] = field(default_factory=dict)
    """Time to first token at the operating load, by percentile [s]."""
    tpot_percentiles_s: dict[int, float] = field(default_factory=dict)
    batching: str = "continuous"
    load_per_s: float | None = None
    """Requests per second the latencies are for (the target rate, or what the users send)."""
    idle_ttft_s: float | None = None
    """Time to first token of one prompt on an idle copy [s]."""


def serving_batching(scenario: Scenario) -> str:
    """``continuous`` or ``static``: as asked, else the engine's way."""
    chosen = scenario.serving.batching
    if chosen is not None:
        return chosen
    return "continuous" if scenario.serving.profile.continuous_batching else "static"


def uncached_prompt_tokens(scenario: Scenario) -> int:
    """Prompt tokens a request prefills: those not found in the prefix cache."""
    serving = scenario.serving
    return max(1, math.ceil(serving.prompt_tokens * (1.0 - serving.prefix_hit_rate)))


def speculative_tokens_per_step(scenario: Scenario) -> float:
    """Output tokens a sequence gains per verified step with ``k`` draft tokens accepted with
    probability ``α`` each: ``(1 − α^(k+1)) / (1 − α)`` (Leviathan et al. 2023, eq. 1)."""
    serving = scenario.serving
    k, alpha = serving.speculative_tokens, serving.speculative_acceptance
    return (1.0 - alpha ** (k + 1)) / (1.0 - alpha) if k else 1.0


def speculative_step_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, batch: float,
                             kv_tokens: int) -> float:
    """A decode step with speculative decoding: the target verifies ``k + 1`` positions per
    sequence in one pass (same weights and KV read, ``k + 1``× the products), after ``k`` draft
    tokens at ``speculative_draft_cost`` of a plain step each [s]."""
    k = scenario.serving.speculative_tokens
    plain = decode_step_seconds(scenario, card, plan, batch, kv_tokens)[0]
    if not k:
        return plain
    verify = decode_step_seconds(scenario, card, plan, batch, kv_tokens, k + 1)[0]
    return verify + k * scenario.serving.speculative_draft_cost * plain


def step_costs(scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int) -> StepCosts:
    """The decode step, the prompt token and the chunk overhead of one copy, for the load model."""
    serving, model, tp = scenario.serving, scenario.model, scenario.parallelism.tp
    mean_kv = serving.prompt_tokens + serving.output_tokens // 2
    p = serving.prompt_tokens
    uncached = uncached_prompt_tokens(scenario)
    per_token = prefill_flops(model, p) / p / tp / _serving_peak(card, plan, scenario)
    per_token += _tp_allreduce_s(scenario, card, p, plan.math_bytes) / p

    # The step time is a maximum of affine functions of n (MoE: concave in n): exact on a grid
    # of √2 steps up to the batch, linear between.
    grid = {round(2 ** (k / 2)) for k in range(2, int(2 * math.log2(batch + 1)) + 2)}
    nodes = sorted({0, 1, 2, batch, batch + 1} | grid)
    times = [speculative_step_seconds(scenario, card, plan, k, mean_kv) for k in nodes]

    def decode_s(n: float) -> float:
        i = min(max(bisect.bisect_right(nodes, n), 1), len(nodes) - 1)
        low, high = nodes[i - 1], nodes[i]
        return times[i - 1] + (n - low) * (times[i] - times[i - 1]) / (high - low)

    return StepCosts(decode_s, per_token, model.n_layers * prefill_layer_overhead(scenario), uncached,
                     serving.output_tokens, batch, serving.max_batched_tokens, speculative_tokens_per_step(scenario))


def replica_speed(scenario: Scenario, card: Card, plan: PrecisionPlan) -> ReplicaSpeed | None:
    """TTFT, TPOT and request rate of one replica, with latency percentiles at its load.

    Continuous batching (:mod:`configurator.core.load`): prompts are prefilled in the steps that
    decode the running sequences, so TPOT carries the prefill chunks; the load is the target
    request rate per copy (``constraints.requests_per_s``), else what the copy's users send back to
    back; the request rate reported is the copy's capacity when a target is given. Static
    batching (Hugging Face ``generate``): ``c`` prompts prefilled together, then ``O − 1`` decode
    steps, ``c / (t_prefill(c) + (O − 1)·t_decode)`` requests/s. None without a rate or bandwidth.
    """
    if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return None
    serving, constraints = scenario.serving, scenario.constraints
    messages: list[Message] = []
    prompt = uncached_prompt_tokens(scenario)
    idle_ttft = prefill_seconds(scenario, card, plan, prompt)
    mean_kv = serving.prompt_tokens + serving.output_tokens // 2
    c = scenario.sequences_per_replica
    _, bound = decode_step_seconds(scenario, card, plan, c, mean_kv)
    tpot = speculative_step_seconds(scenario, card, plan, c, mean_kv) / speculative_tokens_per_step(scenario)
    if bound == "compute" and c > 1:
        messages.append(msg("inference-batch-compute-bound", concurrency=c, card=card.name))
    if scenario.parallelism.tp > 1:
        messages.extend(tensor_parallel_messages(scenario, card, fabric(card, scenario.parallelism.cards_per_node,
                                                                         scenario.assumptions)))
    if serving.prompt_tokens > serving.max_batched_tokens:
        messages.append(msg("prompt-exceeds-batch", prompt=serving.prompt_tokens, chunk=serving.max_batched_tokens))
    if plan.weight_format is not None and FORMATS[plan.weight_format].family not in serving.profile.formats:
        messages.append(msg("format-not-served", engine=serving.engine.value, format=plan.weight_format.value))
    target = constraints.requests_per_s / scenario.data_parallel if constraints.requests_per_s else None
    if serving_batching(scenario) == "static":
        batch_s, first = static_batch(prefill_seconds(scenario, card, plan, prompt, c), tpot, serving.output_tokens)
        rps = c / batch_s
        wait = {k: (k / 100) * batch_s if target else 0.0 for k in PERCENTILES}
        ttft = {k: first + wait[k] for k in PERCENTILES}
        return ReplicaSpeed(ttft[50], tpot, rps, bound, tuple(messages), ttft, dict.fromkeys(PERCENTILES, tpot),
                            "static", min(target, rps) if target else rps, idle_ttft)
    costs = step_costs(scenario, card, plan, c)
    limit = capacity(costs)
    users = -(-serving.concurrency // scenario.data_parallel)
    rate = target if target else closed_loop_rate(costs, users, limit)
    point = load_point(costs, rate, limit, closed=not target)
    if point.overloaded:
        messages.append(msg("serving-overloaded", rate=rate, capacity=point.capacity))
    rps = point.capacity if target else point.rate
    return ReplicaSpeed(point.ttft_s[50], point.tpot_s[50], rps, bound, tuple(messages), point.ttft_s,
                        point.tpot_s, "continuous", point.rate, idle_ttft)


def inference_speed(scenario: Scenario, replica: ReplicaSpeed | None) -> InferenceSpeed | None:
    """The deployment: ``count / (tp × pp)`` replicas serving side by side."""
    if replica is None:
        return None
    requests_per_s = replica.requests_per_s * scenario.data_parallel
    tokens_per_s = requests_per_s * scenario.serving.output_tokens
    return InferenceSpeed(
        ttft_s=replica.ttft_s,
        tpot_s=replica.tpot_s,
        tokens_per_s=tokens_per_s,
        tokens_per_s_per_card=tokens_per_s / scenario.count,
        requests_per_s=requests_per_s,
        decode_bound=replica.decode_bound,
        messages=replica.messages,
        ttft_percentiles_s=replica.ttft_percentiles_s,
        tpot_percentiles_s=replica.tpot_percentiles_s,
        batching=replica.batching,
        load_per_s=replica.load_per_s * scenario.data_parallel if replica.load_per_s is not None else None,
        idle_ttft_s=replica.idle_ttft_s,
    )
