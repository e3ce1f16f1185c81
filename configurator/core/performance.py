"""Speed: FLOPs, communication, training step time and MFU (serving: :mod:`configurator.core.serving_speed`).

Every efficiency is a named field of :class:`~configurator.core.scenario.Assumptions`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.collectives import (
    all_to_all_seconds,
    allreduce_seconds,
    point_to_point_seconds,
    reduce_scatter_seconds,
)
from configurator.core.memory import (
    ActivationLayout,
    expert_parallel_factor,
    routed_expert_params,
    stage_stored_bytes,
    layer_activation_bytes,
    logits_bytes_per_token,
    stage_layer_count,
    stage_params,
    training_states,
)
from configurator.core.messages import Message, msg
from configurator.core.precision import PrecisionPlan, StateBytes, attention_precision
from configurator.core.scenario import Assumptions, Recompute, Scenario
from configurator.core.units import GB, TERA

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
