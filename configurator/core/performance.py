"""Speed: FLOPs, communication, training step time and MFU; prefill and decode rooflines.

Every efficiency is a named field of :class:`~configurator.core.scenario.Assumptions`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.memory import (
    ActivationLayout,
    kv_cache_bytes_per_token,
    kv_shards,
    layer_activation_bytes,
    logits_bytes_per_token,
    stage_layer_count,
    stage_params,
    training_states,
)
from configurator.core.messages import Message, msg
from configurator.core.precision import PrecisionPlan, StateBytes
from configurator.core.scenario import Assumptions, Recompute, Scenario
from configurator.core.units import BYTES_PER_ELEMENT, GB, TERA

ACTIVATION_TRAFFIC_PASSES = 4
"""Times each saved activation crosses memory in a step: written in forward, read in
backward, its gradient written and read once."""

COLLECTIVE_LATENCY_S = 1e-5
"""Fixed cost of one small all-reduce inside a node [s] (NCCL tests, NVLink, ~10 µs)."""


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


@dataclass(frozen=True)
class Link:
    """The slowest link a collective crosses, one way [GB/s]."""

    gbps: float
    kind: str  # "link", "pcie" or "network"


def group_link(card: Card, group: int, spans_nodes: bool, assumptions: Assumptions) -> Link:
    """Bandwidth a group of ``group`` cards communicates over."""
    if spans_nodes:
        per_card = assumptions.network_gbps_per_card if card.has_fast_link else assumptions.network_gbps_per_pcie_card
        return Link(per_card, "network")
    fast = card.interconnect.link_gbps_one_way
    if fast is not None and group <= card.interconnect.domain_size:
        return Link(fast, "link")
    return Link(card.interconnect.pcie_gbps_one_way or 16.0, "pcie")


def allreduce_seconds(n_bytes: float, ranks: int, link: Link, assumptions: Assumptions) -> float:
    """Ring all-reduce time: ``2·(n−1)/n · bytes / bandwidth`` (Patarasuk & Yuan 2009)."""
    if ranks <= 1:
        return 0.0
    volume = 2.0 * (ranks - 1) / ranks * n_bytes
    return volume / (link.gbps * GB * assumptions.link_efficiency) + COLLECTIVE_LATENCY_S


def tensor_parallel_link(scenario: Scenario, card: Card) -> tuple[Link, list[Message]]:
    """The link tensor-parallel all-reduces cross, and warnings when it is slow."""
    par = scenario.parallelism
    tp, messages = par.tp, []
    link = group_link(card, tp, tp > par.cards_per_node, scenario.assumptions)
    if tp > par.cards_per_node:
        messages.append(msg("tp-across-nodes", tp=tp, per_node=par.cards_per_node))
    elif link.kind == "pcie" and card.has_fast_link:
        messages.append(msg("tp-beyond-link-domain", tp=tp, domain=card.interconnect.domain_size, card=card.name))
    elif link.kind == "pcie":
        messages.append(msg("tp-over-pcie", card=card.name))
    return link, messages


def data_parallel_seconds(
    params: float, grad_bytes: float, gathered_bytes: float, zero: int, dp: int, link: Link, a: Assumptions
) -> float:
    """Data-parallel traffic per step [s] (Rajbhandari et al. 2020 §7).

    ZeRO 0–2: one ring all-reduce of the gradients, ``2·(n−1)/n·Ψ·g``. ZeRO-3 adds the
    weight all-gathers in forward and backward: ``(n−1)/n·Ψ·(2·w₁₆ + g)``.
    """
    if zero >= 3:
        volume = (dp - 1) / dp * params * (2.0 * gathered_bytes + grad_bytes)
        return volume / (link.gbps * GB * a.link_efficiency) + COLLECTIVE_LATENCY_S
    return allreduce_seconds(params * grad_bytes, dp, link, a)


def pipeline_bubble(pp: int, micro_batches: int, virtual_stages: int) -> float:
    """Idle pipeline slots per useful slot: ``(p−1)/(v·m)`` (Narayanan et al. 2021 §2.2)."""
    return (pp - 1) / (virtual_stages * micro_batches) if pp > 1 else 0.0


TRAINING_PASSES = 3
"""Forward-pass equivalents of kernel launches in a training step (forward + backward)."""

BACKWARD_SHARE = 2.0 / 3.0
"""Share of a training step's compute spent in the backward pass (4N of 6N FLOPs)."""


def exposed_seconds(comm_s: float, backward_s: float, overlap: float) -> float:
    """Communication left after hiding behind ``overlap`` × the backward pass [s]."""
    return max(0.0, comm_s - overlap * backward_s)


# ---- training ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainingSpeed:
    """Training speed of the whole job."""

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


def _optimizer_bytes_per_param(weights: float, gradients: float, optimizer: float) -> float:
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
    """Trainable parameters on the fullest card before ZeRO sharding [count]."""
    states: StateBytes
    messages: tuple[Message, ...]


def micro_batch_timing(
    scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout
) -> MicroBatchTiming | None:
    """Roofline sum for one micro-batch (forward + backward) on the fullest stage [s].

    ``t_mb = matmul/(peak·η_mm) + attention/(peak·η_attn) + traffic/(bw·η_bw)
    + passes·L·t_layer + TP all-reduces``; None when the card lacks a rate or bandwidth.
    """
    peak = card.peak_tflops(plan.math) if plan.math else None
    if not peak or not card.bandwidth_gbps:
        return None
    model, par, train, a = scenario.model, scenario.parallelism, scenario.training, scenario.assumptions
    peak_flops, bandwidth = peak * TERA, card.bandwidth_gbps * GB
    tp, layers = par.tp, stage_layer_count(model, par.pp)
    tokens = train.micro_batch * train.seq_len
    per_layer_matmul = (model.matmul_params() - model.vocab * model.hidden) / model.n_layers
    head = model.vocab * model.hidden
    mm_factor, attn_factor = recompute_factors(train.recompute)
    matmul = _pass_factor(scenario) * (layers * per_layer_matmul + head) * mm_factor * tokens / tp
    attention = attention_flops_per_token(model, train.seq_len, layers) * attn_factor * tokens / tp
    passes = ACTIVATION_TRAFFIC_PASSES + (1 if train.recompute is Recompute.FULL else 0)
    act_bytes = layers * layer_activation_bytes(model, layout, train.seq_len) + logits_bytes_per_token(model)
    compute_s = matmul / (peak_flops * a.matmul_efficiency) + attention / (peak_flops * a.attention_efficiency)
    traffic_s = passes * act_bytes * tokens / tp / (bandwidth * a.bandwidth_efficiency)
    tp_s, messages = 0.0, []
    if tp > 1:
        tp_link, messages = tensor_parallel_link(scenario, card)
        tp_s = 4 * layers * allreduce_seconds(tokens * model.hidden * layout.math_bytes, tp, tp_link, a)
    forward_passes = TRAINING_PASSES + (1 if train.recompute is Recompute.FULL else 0)
    total_s = compute_s + traffic_s + tp_s + layers * a.layer_overhead_s * forward_passes
    # adapters are tiny next to the frozen base: their optimizer step and traffic are ignored
    params_card = 0.0 if scenario.workload.is_adapter else stage_params(model, par.pp, True) / tp
    return MicroBatchTiming(compute_s, traffic_s, tp_s, total_s, peak_flops, params_card,
                            training_states(scenario, plan), tuple(messages))


def _pass_factor(scenario: Scenario) -> float:
    """FLOPs per parameter per token: 6 (2 forward + 4 backward); 4 for frozen weights,
    which need no weight gradient (LoRA)."""
    return 4.0 if scenario.workload.is_adapter else 6.0


def training_speed(
    scenario: Scenario, card: Card, plan: PrecisionPlan, layout: ActivationLayout,
    timing: MicroBatchTiming | None = None,
) -> TrainingSpeed | None:
    """Step time: micro-batches through the 1F1B pipeline, plus the optimizer and the
    exposed data-parallel traffic.

    step = ``m·(1 + bubble)·t_mb + t_optimizer + t_dp,exposed`` (Narayanan et al. 2021);
    ``timing`` may be passed in when only the card count changes (sweeps).
    """
    timing = timing or micro_batch_timing(scenario, card, plan, layout)
    if timing is None:
        return None
    model, par, train, a = scenario.model, scenario.parallelism, scenario.training, scenario.assumptions
    pp, dp, m = par.pp, scenario.data_parallel, train.grad_accum
    messages = list(timing.messages)
    bubble = pipeline_bubble(pp, m, par.virtual_stages)
    if bubble > 0.25:
        messages.append(msg("pipeline-bubble", bubble=100 * bubble / (1 + bubble), pp=pp, m=m))
    slots = m * (1 + bubble)

    states, params_card = timing.states, timing.params_per_card
    opt_params = params_card / (dp if par.zero >= 1 else 1)
    optimizer_s = opt_params * _optimizer_bytes_per_param(states.weights, states.gradients, states.optimizer)
    optimizer_s /= card.bandwidth_gbps * GB * a.bandwidth_efficiency

    dp_s = 0.0
    if dp > 1 and params_card:
        dp_link = group_link(card, dp, scenario.count > par.cards_per_node, a)
        if dp_link.kind == "pcie":
            messages.append(msg("dp-over-pcie", card=card.name))
        comm_s = data_parallel_seconds(params_card, states.gradients, layout.math_bytes, par.zero, dp, dp_link, a)
        window = timing.compute_s * m * (1.0 if par.zero >= 3 else BACKWARD_SHARE)
        dp_s = exposed_seconds(comm_s, window, a.comm_overlap)
    if par.zero and dp == 1:
        messages.append(msg("zero-without-dp", zero=par.zero))
    if model.is_moe and scenario.count > 1:
        messages.append(msg("moe-expert-parallel-ignored"))

    step_s = timing.total_s * slots + optimizer_s + dp_s
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
    tp = scenario.parallelism.tp
    if tp == 1:
        return 0.0
    link, _ = tensor_parallel_link(scenario, card)
    per_call = allreduce_seconds(tokens * scenario.model.hidden * math_bytes, tp, link, scenario.assumptions)
    return 2 * scenario.model.n_layers * per_call


def decode_step_seconds(
    scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int, kv_tokens: int
) -> tuple[float, str]:
    """One decode step for ``batch`` sequences of ``kv_tokens`` cached tokens [s].

    Roofline: ``max(bytes/(bw·η), FLOPs/(peak·η))`` per card; bytes are the weights plus
    every sequence's KV cache (estimator.md, Inference), split by tensor parallelism.
    """
    model, a, tp = scenario.model, scenario.assumptions, scenario.parallelism.tp
    kv_precision = scenario.serving.kv_precision
    kv_bytes = BYTES_PER_ELEMENT[kv_precision] if kv_precision is not None else plan.math_bytes
    read = decode_weight_bytes(model, batch, plan.weight_bytes) / tp
    read += batch * kv_tokens * kv_cache_bytes_per_token(model, kv_bytes) / kv_shards(model, tp)
    flops = (2.0 * model.matmul_params() + 4.0 * model.n_layers * model.q_dim * kv_tokens) * batch / tp
    memory_s = read / (card.bandwidth_gbps * GB * a.decode_bandwidth_efficiency)
    compute_s = flops / (card.peak_tflops(plan.math) * TERA * a.prefill_efficiency)
    comm_s = _tp_allreduce_s(scenario, card, batch, plan.math_bytes)
    bound = "memory" if memory_s >= compute_s else "compute"
    return max(memory_s, compute_s) + comm_s, bound


def prefill_seconds(
    scenario: Scenario, card: Card, plan: PrecisionPlan, prompt_tokens: int, sequences: int = 1
) -> float:
    """Prefill of ``sequences`` prompts, batched in chunks of ``max_batched_tokens`` [s].

    Per chunk: compute-bound FLOPs, floored by one read of the weights, plus per-layer
    launch overhead and tensor-parallel all-reduces. With one sequence: time to first token.
    """
    a, tp, model = scenario.assumptions, scenario.parallelism.tp, scenario.model
    tokens = prompt_tokens * sequences
    chunks = math.ceil(tokens / scenario.serving.max_batched_tokens)
    compute_s = sequences * prefill_flops(model, prompt_tokens) / tp
    compute_s /= card.peak_tflops(plan.math) * TERA * a.prefill_efficiency
    weights_s = chunks * model.total_params() * plan.weight_bytes / tp
    weights_s /= card.bandwidth_gbps * GB * a.decode_bandwidth_efficiency
    overhead_s = chunks * model.n_layers * a.layer_overhead_s
    return max(compute_s, weights_s) + overhead_s + _tp_allreduce_s(scenario, card, tokens, plan.math_bytes)


@dataclass(frozen=True)
class ReplicaSpeed:
    """Latency and request rate of one serving replica (tp × pp cards)."""

    ttft_s: float
    tpot_s: float
    requests_per_s: float
    decode_bound: str
    messages: tuple[Message, ...]


def replica_speed(scenario: Scenario, card: Card, plan: PrecisionPlan) -> ReplicaSpeed | None:
    """TTFT, TPOT and request rate of one replica under continuous batching.

    Serving ``c`` requests takes their batched prefill plus ``O`` decode steps, so
    requests/s = ``c / (t_prefill(c) + O·t_decode)``. None without a rate or bandwidth.
    """
    if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
        return None
    serving = scenario.serving
    messages: list[Message] = []
    ttft = prefill_seconds(scenario, card, plan, serving.prompt_tokens)
    mean_kv = serving.prompt_tokens + serving.output_tokens // 2
    tpot, bound = decode_step_seconds(scenario, card, plan, serving.concurrency, mean_kv)
    if bound == "compute" and serving.concurrency > 1:
        messages.append(msg("inference-batch-compute-bound", concurrency=serving.concurrency, card=card.name))
    if scenario.parallelism.tp > 1:
        messages.extend(tensor_parallel_link(scenario, card)[1])
    if serving.prompt_tokens > serving.max_batched_tokens:
        messages.append(msg("prompt-exceeds-batch", prompt=serving.prompt_tokens, chunk=serving.max_batched_tokens))
    c, out = serving.concurrency, serving.output_tokens
    rps = c / (prefill_seconds(scenario, card, plan, serving.prompt_tokens, c) + out * tpot)
    return ReplicaSpeed(ttft, tpot, rps, bound, tuple(messages))


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
    )
