"""A model copy's decode step: the weight stream, the cache read, the products at their shapes and
the collectives of one step of ``batch`` sequences (:func:`decode_step_seconds`); the step table a
layout search reads at many batches of one copy is :mod:`configurator.core.decode_step_table`. Efficiencies
are named fields of :class:`~configurator.core.scenario.Assumptions` and of the engine profiles
(:mod:`configurator.core.engines`).

What does not depend on the batch — the card's bandwidths and peak, the bytes per cached token,
the FLOPs per sequence, the collectives' links — is worked out once per copy (:class:`DecodeStep`).
The rate of a prompt's products (and a decode step's, ``prompt=False``) is
:mod:`configurator.core.prompt_rate`.
"""

from __future__ import annotations

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.engines import Engine, decode_read_factor, kv_read_share, layer_overhead_s
from configurator.core.formulas import communication as comm
from configurator.core.formulas.collectives import at_least
from configurator.core.formulas.communication import EP_ALL_TO_ALLS_PER_LAYER, PCIE_RING_STEP_LATENCY_S
from configurator.core.formulas.flops import sustained_rate
from configurator.core.formulas.moe import busiest_rank_experts, experts_apart_seconds, experts_touched
from configurator.core.formulas.gemm_efficiency import EIGHT_BIT, M_SPLIT, STREAM_EXPOSED_SHARES, row_inverse
from configurator.core.matmul_shapes import forward_coefficients, matmul_efficiency_by_shape
from configurator.core.memo import LastAsked
from configurator.core.kv_memory import kv_cache_bytes_per_token, kv_shards
from configurator.core.precision import PrecisionPlan, kv_element_bytes, serving_dispatch_bytes
from configurator.core.scenario import Assumptions, Scenario
from configurator.core.training_speed import Fabric, card_fabric, expert_parallel_seconds, links
from configurator.core.units import GB, TERA


def decode_weight_bytes(model: ModelArchitecture, batch, weight_bytes: float, ep: int = 1, ranks: int | None = None):
    """Weight bytes one card group of a copy reads per decode step, before tensor parallelism [B];
    ``batch`` may be an array.

    MoE reads only the experts some token in the batch uses: of E experts with top-k routing,
    ``E·(1 − (1 − k/E)^b)`` are touched in expectation (uniform routing). With expert parallelism
    over ``ep`` copies the MoE layer routes all ``ep·b`` tokens of the group and each copy's cards
    hold (and read) ``1/ep`` of the experts (Lepikhin et al. 2021, GShard §2.2;
    :func:`~configurator.core.formulas.moe.experts_touched`); ``ranks``: :func:`touched_expert_params`'."""
    if not model.is_moe:
        return model.total_params() * weight_bytes
    all_experts = model.n_moe_layers * model.n_experts * model.mlp_params(model.routed_ffn)
    return (model.total_params() - all_experts + touched_expert_params(model, batch, ep, ranks)) * weight_bytes


def touched_expert_params(model: ModelArchitecture, batch, ep: int = 1, ranks: int | None = None):
    """Parameters of the routed experts one copy's cards read in a MoE decode step, before tensor
    parallelism [count]: over the MoE layers, the ``E·(1 − (1 − k/E)^b)`` experts the ``ep·b`` tokens
    of the group touch (:func:`~configurator.core.formulas.moe.experts_touched`), ``1/ep`` of them
    on this copy's cards (:func:`decode_weight_bytes`' expert term); ``batch`` may be an array. ``ranks``: the
    cards holding distinct experts (``ep·tp/expert_tp``), each read as many as the busiest of them
    (:func:`~configurator.core.formulas.moe.busiest_rank_experts`); not given, the mean."""
    touched = experts_touched(model.n_experts, model.experts_per_token, batch * ep) if ranks is None else \
        busiest_rank_experts(model.n_experts, model.experts_per_token, batch * ep, ranks) * ranks
    return model.n_moe_layers * touched * model.mlp_params(model.routed_ffn) / ep


SERVING_ALL_TO_ALLS_PER_LAYER = 2
"""All-to-alls per MoE layer in a forward pass: dispatch to the experts and combine back
(Lepikhin et al. 2021, GShard §2.2; training counts their gradients too)."""


copy_fabric = card_fabric
"""A copy's prefill, prompt token, decode step and messages ask for the same fabric in turn: the one
:func:`~configurator.core.fabric.card_fabric` keeps (one memo for training and serving alike)."""

_LAST_EP_ARGS = LastAsked()
_LAST_TP_ARGS = LastAsked()
"""The last arguments :func:`_ep_all_to_all_args` and :func:`_tp_allreduce_args` worked out:
(scenario, card, math bytes, arguments), the objects by identity (held here)."""


_LAST_EP_SECONDS = LastAsked()
_LAST_TP_SECONDS = LastAsked()
"""The last collectives of a whole number of tokens :func:`_ep_all_to_all_s` and :func:`_tp_allreduce_s`
worked out: (arguments, tokens, seconds), the arguments (kept above) by identity."""


def _ep_all_to_all_args(scenario: Scenario, card: Card, math_bytes: float) -> tuple | None:
    """What :func:`_ep_all_to_all_s` passes to the training formula besides the tokens, None where
    it is 0 (no expert parallelism between copies, or a dense model); the last answer given again
    for the same scenario and card objects and math bytes (a copy's prefill, prompt token and
    decode step ask in turn)."""
    last = _LAST_EP_ARGS.kept
    if last is not None and last[0] is scenario and last[1] is card and last[2] == math_bytes:
        return last[3]
    args = _ep_args(scenario, card, math_bytes)
    _LAST_EP_ARGS.kept = (scenario, card, math_bytes, args)
    return args


def _ep_args(scenario: Scenario, card: Card, math_bytes: float) -> tuple | None:
    """:func:`_ep_all_to_all_args` worked out: the share of a copy's tokens each of its cards
    dispatches, then the training formula's arguments, over the ``copies × tp`` cards that share
    one set of experts, ``tp`` times the copies per fast domain of them in one domain."""
    model = scenario.model
    if not model.is_moe:  # a dense model first: its expert copies (a property of the layout) not read
        return None
    par, copies = scenario.parallelism, scenario.expert_copies
    if copies <= 1:
        return None
    net = copy_fabric(card, par.cards_per_node, scenario.assumptions)
    per_domain = max(1, min(copies, net.domain // (par.tp * par.pp)))
    return (1.0 / par.tp, model.hidden, math_bytes, model.experts_per_token, copies * par.tp, model.n_moe_layers,
            per_domain * par.tp, net, scenario.assumptions, model.expert_groups, model.expert_groups_per_token,
            serving_dispatch_bytes(scenario, math_bytes))


def _ep_seconds(tokens, args: tuple):
    """The serving all-to-alls of ``tokens`` per copy with :func:`_ep_all_to_all_args`' ``args`` [s]:
    one dispatch (at the engine's dispatch bytes, :func:`~configurator.core.precision.serving_dispatch_bytes`)
    and one combine (at the math bytes), half the training formula's four. Each of a copy's ``tp``
    cards dispatches its own ``1/tp`` of the copy's tokens, every card of the expert group a rank of
    the all-to-all: the attention's all-reduce leaves every tensor-parallel rank all the tokens, and
    the engines split them before the dispatch rather than send each ``tp`` times — vLLM's
    sequence-parallel MoE, on with expert parallelism, TP > 1 and DP > 1 (vllm-project/vllm
    ``vllm/config/parallel.py``, ``ParallelConfig.use_sequence_parallel_moe``: "replicated tokens
    results in useless duplicate computation and communication"), SGLang's ``ScatterMode.SCATTERED``
    input to a sparse MLP with an all-to-all backend (sgl-project/sglang
    ``python/sglang/srt/layers/communicator.py``, ``sparse_mlp_scatter_mode``, 0090b34)."""
    share, *rest = args
    if share != 1.0:  # × 1.0 is the same number
        tokens = tokens * share
    return expert_parallel_seconds(tokens, *rest) * SERVING_ALL_TO_ALLS_PER_LAYER / EP_ALL_TO_ALLS_PER_LAYER


def _ep_all_to_all_s(scenario: Scenario, card: Card, tokens, math_bytes: float):
    """Expert-parallel dispatch and combine of ``tokens`` per copy over the copies that share their
    experts (:attr:`~configurator.core.scenario.Scenario.expert_copies`), through the fast domain
    where the copies fit in it [s]; 0 without EP or when the experts are split within one copy's
    tensor-parallel group (TP × EP with one copy: the tensor-parallel all-reduce carries it)."""
    args = _ep_all_to_all_args(scenario, card, math_bytes)
    if args is None:
        return 0.0
    if type(tokens) is not int:
        return _ep_seconds(tokens, args)
    last = _LAST_EP_SECONDS.kept  # a copy's prompt: its idle first token and its prompt token ask alike
    if last is not None and last[0] is args and last[1] == tokens:
        return last[2]
    value = _ep_seconds(tokens, args)
    _LAST_EP_SECONDS.kept = (args, tokens, value)
    return value


def _tp_allreduce_args(scenario: Scenario, card: Card, math_bytes: float) -> tuple | None:
    """What :func:`_tp_allreduce_s` passes to the formula besides the tokens, None with one card
    per copy (no all-reduce); the last answer given again for the same scenario and card objects
    and math bytes."""
    if scenario.parallelism.tp <= 1:  # one card per copy: no all-reduce (the formula's own zero, not computed)
        return None
    last = _LAST_TP_ARGS.kept
    if last is not None and last[0] is scenario and last[1] is card and last[2] == math_bytes:
        return last[3]
    a = scenario.assumptions
    net = copy_fabric(card, scenario.parallelism.cards_per_node, a)
    step_latency = PCIE_RING_STEP_LATENCY_S if net.fast_kind == "pcie" else 0.0
    args = (scenario.model.hidden, math_bytes, scenario.parallelism.tp, scenario.model.n_layers, 2, net.domain,
            *links(net, a), step_latency, net.link_group, net.link_gbps, net.library, net.link_mesh)
    _LAST_TP_ARGS.kept = (scenario, card, math_bytes, args)
    return args


def _tp_allreduce_s(scenario: Scenario, card: Card, tokens, math_bytes: float):
    """Two all-reduces per layer in a forward pass (Shoeybi et al. 2019 §3) [s]; ``tokens`` may be
    an array. Between cards without a GPU-to-GPU link each ring step also pays PCIe's latency
    (:data:`~configurator.core.formulas.communication.PCIE_RING_STEP_LATENCY_S`): a decode step's
    all-reduces are a few kilobytes, so their latency, not the link's bandwidth, is what they cost."""
    args = _tp_allreduce_args(scenario, card, math_bytes)
    if args is None:
        return 0.0
    if type(tokens) is not int:
        return comm.tensor_parallel_seconds(tokens, *args)
    last = _LAST_TP_SECONDS.kept  # a copy's prompt: its idle first token and its prompt token ask alike
    if last is not None and last[0] is args and last[1] == tokens:
        return last[2]
    value = _tp_seconds_of(args)(tokens)
    _LAST_TP_SECONDS.kept = (args, tokens, value)
    return value


def _tp_seconds_of(args: tuple):
    """:func:`~configurator.core.formulas.communication.tensor_parallel_seconds_of` of
    :func:`_tp_allreduce_args`' ``args`` (the formula as a function of plain-number tokens, the same
    numbers), the last one made given again for the same ``args`` object: a copy's decode step
    (:meth:`DecodeStep._forward`) and its prompt's all-reduces ask in turn."""
    last = _LAST_TP_OF.kept
    if last is not None and last[0] is args:
        return last[1]
    seconds = comm.tensor_parallel_seconds_of(*args)
    _LAST_TP_OF.kept = (args, seconds)
    return seconds


_LAST_TP_OF = LastAsked()
"""The last :func:`_tp_seconds_of` made: (arguments, function), the arguments (kept by
:func:`_tp_allreduce_args`) by identity (held here)."""


def copy_kv_bytes(scenario: Scenario, plan: PrecisionPlan) -> tuple[float, int]:
    """One copy's KV cache per token over all layers at its element size (:func:`~configurator.core.memory.
    kv_cache_bytes_per_token` at :func:`~configurator.core.precision.kv_element_bytes`) [B] and the ways
    tensor parallelism splits it (:func:`~configurator.core.kv_memory.kv_shards`) [count]; the last answer
    given again for the same scenario and plan objects (a copy's memory model, then its decode step,
    ask alike)."""
    last = _LAST_KV_BYTES.kept
    if last is not None and last[0] is scenario and last[1] is plan:
        return last[2]
    model = scenario.model
    value = kv_cache_bytes_per_token(model, kv_element_bytes(scenario, plan)), kv_shards(model, scenario.parallelism.tp)
    _LAST_KV_BYTES.kept = (scenario, plan, value)
    return value


_LAST_KV_BYTES = LastAsked()
"""The last copy's KV bytes per token and shards (:func:`copy_kv_bytes`): (scenario, plan, (bytes, shards)),
the objects by identity (held here)."""


def _bandwidth(card: Card, a: Assumptions, share=1.0):
    """Memory bandwidth the card sustains at an engine's ``share`` of the achievable one [B/s]:
    datasheet × decode bandwidth efficiency × share, the product at most the datasheet
    (:func:`~configurator.core.formulas.flops.sustained_rate`; a profile may allow shares up to
    1.2, an efficiency up to 1). ``share`` may be an array."""
    return sustained_rate(card.bandwidth_gbps * GB, a.decode_bandwidth_efficiency, share)


STREAM_EXPOSED_ENGINES = frozenset({Engine.TENSORRT_LLM, Engine.VLLM, Engine.SGLANG})
"""Engines whose decode products are charged the growth under the weight stream (γ): the three whose measured
GEMM tables (aiconfigurator-core 0.12.0, H100/H200) the γ fit read (tools/fit_stream_exposed.py). Not Hugging
Face transformers, whose H200-rig decode rows then ask for a KV read share above 1 (its profile's fit finds no
solution under the ceiling, session 48), nor llama.cpp's own quantized kernels, which no table holds."""


class DecodeStep:
    """One copy's decode step at ``kv_tokens`` cached tokens per sequence (:func:`decode_step_seconds`'s
    formula), what does not depend on the batch worked out once: :meth:`seconds` at a batch (a
    number or an array) does only the batch's arithmetic, with the same functions and in the same
    order as the whole step, so it gives the same numbers."""

    __slots__ = ("scenario", "card", "plan", "model", "tp", "ep", "kv_tokens", "attended", "kv_per_token",
                 "shards", "flops_per_sequence", "weight_bandwidth", "kv_bandwidth", "weights_s", "peak_flops",
                 "math", "expert_tp", "prefill_efficiency", "tp_args", "ep_args", "overhead_s", "forward", "made",
                 "matmul_share", "ranks", "exposed")

    def __init__(self, scenario: Scenario, card: Card, plan: PrecisionPlan, kv_tokens: int) -> None:
        model, serving, a = scenario.model, scenario.serving, scenario.assumptions
        profile, tp, layers, math = serving.profile, scenario.parallelism.tp, model.n_layers, plan.math
        self.scenario, self.card, self.plan, self.model, self.tp = scenario, card, plan, model, tp
        self.ep = ep = scenario.expert_copies
        self.kv_tokens = kv_tokens
        self.attended = attended = model.attended_tokens(kv_tokens)  # sliding-window layers read at most their window
        self.kv_per_token, self.shards = copy_kv_bytes(scenario, plan)  # the copy's memory model asked first
        self.flops_per_sequence = 2.0 * model.matmul_params() + layers * model.decode_pair_flops * attended
        self.matmul_share = 2.0 * model.matmul_params() / self.flops_per_sequence  # the products' share, not attention's
        factor = decode_read_factor(profile, card.memory_type)  # 1 but for HBM cards of an engine that sets it
        self.weight_bandwidth = weight_bandwidth = _bandwidth(card, a, profile.weight_stream_share * factor)
        self.kv_bandwidth = _bandwidth(card, a, kv_read_share(profile, kv_tokens) * factor) if kv_tokens else None
        self.weights_s = None if model.is_moe else \
            decode_weight_bytes(model, 1, plan.weight_bytes, ep) / tp / weight_bandwidth  # no batch in it
        # the products' rate as serving_rate(prompt=False) has it
        peak = card.peak_tflops(math) if math is not None else None
        self.math, self.peak_flops = math, (peak * TERA if peak is not None else None)
        self.expert_tp, self.prefill_efficiency = scenario.expert_tensor_parallel, a.prefill_efficiency
        self.ranks = ep * tp // (self.expert_tp or tp)  # cards holding distinct experts: the busiest sets the step
        self.exposed = 0.0 if math is None or serving.engine not in STREAM_EXPOSED_ENGINES else \
            STREAM_EXPOSED_SHARES["8" if str(math) in EIGHT_BIT else "16"]
        """The share of the products' time not hidden under the weight stream (:func:`~configurator.core.formulas.
        gemm_efficiency.streamed_seconds`' γ) [-]; 0 for an engine whose kernels the fit did not read
        (:data:`STREAM_EXPOSED_ENGINES`) and for the ideal engine, the roofline's perfect overlap."""
        math_bytes = plan.math_bytes
        self.tp_args = _tp_allreduce_args(scenario, card, math_bytes)
        self.ep_args = _ep_all_to_all_args(scenario, card, math_bytes)
        self.overhead_s = layers * layer_overhead_s(profile, serving.cuda_graphs) + profile.step_overhead_s
        self.forward: tuple | None = None
        """The products' efficiency coefficients (:func:`~configurator.core.matmul_shapes.forward_coefficients`),
        read by :meth:`plain_steps` when first asked."""
        self.made: dict = {}
        """:meth:`plain_step`'s functions by positions per sequence."""

    def rate(self, tokens):
        """:func:`~configurator.core.prompt_rate.serving_rate` of a decode step's ``tokens`` (``prompt=False``) [FLOP/s]."""
        shape = matmul_efficiency_by_shape(self.model, self.card, self.math, tokens, self.tp, self.ep,
                                           training=False, expert_tp=self.expert_tp)
        return sustained_rate(self.peak_flops, shape, self.prefill_efficiency)

    def roofline(self, batch, tokens_per_sequence: int = 1):
        """The weight stream, the cache read and the products of a step of ``batch`` sequences [s]
        (:func:`_decode_roofline`)."""
        model, tp = self.model, self.tp
        if self.weights_s is None:  # MoE: the experts some token of the batch touches
            weights_s = decode_weight_bytes(model, batch, self.plan.weight_bytes, self.ep, self.ranks) / tp \
                / self.weight_bandwidth
        else:
            weights_s = self.weights_s
        kv = batch * self.attended * self.kv_per_token
        if self.shards != 1:  # ÷ 1 is the same number (an array's operation costs more than its numbers)
            kv = kv / self.shards
        flops = self.flops_per_sequence * batch
        if tp != 1:
            flops = flops / tp
        tokens = batch
        if tokens_per_sequence != 1:  # × 1 is the same number
            flops *= tokens_per_sequence
            tokens = batch * tokens_per_sequence
        kv_s = kv / self.kv_bandwidth if self.kv_tokens else 0.0
        return weights_s, kv_s, flops / self.rate(tokens)

    def seconds(self, batch, tokens_per_sequence: int = 1):
        """The step [s] and its roofline parts (:meth:`roofline`) at ``batch`` (:func:`_decode_step`)."""
        weights_s, kv_s, compute_s = self.roofline(batch, tokens_per_sequence)
        tokens = batch * tokens_per_sequence if tokens_per_sequence != 1 else batch  # × 1 is the same number
        comm_s = (0.0 if self.tp_args is None else comm.tensor_parallel_seconds(tokens, *self.tp_args)) + \
            (0.0 if self.ep_args is None else _ep_seconds(tokens, self.ep_args))
        if self.weights_s is None:  # MoE: the routed experts' grouped GEMM apart from the other products
            # γ on the other products only: the routed experts' grouped GEMM is no kernel of the fitted tables
            routed_w, routed_c = self.routed(batch, tokens, compute_s)
            step = experts_apart_seconds(weights_s + self.exposed * (self.matmul_share * compute_s - routed_c),
                                         compute_s, routed_w, routed_c) + kv_s
        else:  # streamed_seconds of the products' share of compute_s (attention reads no weights)
            step = at_least(weights_s + self.exposed * self.matmul_share * compute_s, compute_s) + kv_s
        if not (type(comm_s) is float and comm_s == 0.0):  # + 0.0 before a positive overhead changes nothing
            step = step + comm_s
        step = step + self.overhead_s
        if type(step) is not float and not (type(step) is np.ndarray and step.ndim):  # a number, as a float
            step = float(step)
        return step, (weights_s, kv_s, compute_s)

    def routed(self, batch, tokens, compute_s):
        """A MoE step's routed-expert part of :meth:`roofline`'s weight stream and products [s]: the
        experts some token of the ``batch`` touches (:func:`touched_expert_params`) at the
        weight bandwidth, and of the products' time ``compute_s`` the share of the step's matrix
        products (not attention's FLOPs) that the routed experts' products take at ``tokens`` (their
        ``Σ w/η`` terms, :func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape`)."""
        weights_s = touched_expert_params(self.model, batch, self.ep, self.ranks) * self.plan.weight_bytes / self.tp / \
            self.weight_bandwidth
        forward = self.forward
        if forward is None:
            forward = self.forward = self._forward()
        dense_m, routed_m, head_m, _, _, routed_share, m_half, layers = forward[:8]
        t = np.maximum(tokens, 1.0) if np.ndim(tokens) else max(float(tokens), 1.0)
        r = t * routed_share
        r = np.maximum(r, 1.0) if np.ndim(r) else max(r, 1.0)
        routed = routed_m * row_inverse(r, m_half)
        rows_t = row_inverse(t, m_half)
        share = layers * routed / (layers * (dense_m * rows_t + routed) + head_m * rows_t)
        return weights_s, compute_s * self.matmul_share * share

    def plain_steps(self, batches: list[float], tokens_per_sequence: int = 1) -> list[tuple[float, tuple]]:
        """:meth:`seconds` at each plain-number batch of ``batches`` [s] with its roofline parts
        (:meth:`plain_step`), so the same numbers: a step table asks for a dozen batches of one copy."""
        at = self.plain_step(tokens_per_sequence)
        return [at(batch) for batch in batches]

    def plain_step(self, tokens_per_sequence: int = 1):
        """A function of one plain-number batch giving :meth:`seconds` there [s] with its roofline
        parts, the same operations in the same order (:meth:`roofline`, :meth:`rate`,
        :func:`~configurator.core.matmul_shapes.matmul_efficiency_by_shape` of a forward pass and
        :func:`~configurator.core.formulas.flops.sustained_rate` written out with the copy's
        coefficients and fields read once for all the batches): made once per copy and positions
        per sequence (kept), so a step table pays its set-up once, not per batch asked."""
        made = self.made.get(tokens_per_sequence)
        if made is not None:
            return made
        forward = self.forward
        if forward is None:
            forward = self.forward = self._forward()
        dense_m, routed_m, head_m, layer_w, head_w, routed_share, m_half, layers, moe, tp_seconds = forward
        tp, shards, attended, kv_per_token = self.tp, self.shards, self.attended, self.kv_per_token
        flops_per_sequence, kv_bandwidth, kv_tokens = self.flops_per_sequence, self.kv_bandwidth, self.kv_tokens
        peak, prefill_efficiency, overhead_s = self.peak_flops, self.prefill_efficiency, self.overhead_s
        ep_args, matmul_share, gamma = self.ep_args, self.matmul_share, self.exposed
        exposed = gamma * matmul_share  # streamed_seconds' γ on the products' share of compute_s
        communicates = self.tp_args is not None or ep_args is not None
        work = 1.0 * (layers * layer_w + head_w)  # the efficiency's numerator (matmul_efficiency_by_shape)
        fixed_weights_s = self.weights_s
        if fixed_weights_s is None:  # MoE: decode_weight_bytes' parts that do not depend on the batch
            model, ep, weight_bytes, weight_bandwidth = self.model, self.ep, self.plan.weight_bytes, \
                self.weight_bandwidth
            expert = model.mlp_params(model.routed_ffn)
            n_moe, n_experts, top_k = model.n_moe_layers, model.n_experts, model.experts_per_token
            dense_params = model.total_params() - n_moe * n_experts * expert
            missed, ranks = 1.0 - top_k / n_experts, self.ranks  # experts_touched's share an expert misses

        def at(batch: float) -> tuple[float, tuple]:
            if fixed_weights_s is None:  # decode_weight_bytes: the experts some token of the batch touches
                touched = n_experts * (1.0 - missed ** (batch * ep)) if ranks == 1 else \
                    busiest_rank_experts(n_experts, top_k, batch * ep, ranks) * ranks  # touched_expert_params
                weights_s = (dense_params + n_moe * touched * expert / ep) * weight_bytes / tp / weight_bandwidth
            else:
                weights_s = fixed_weights_s
            kv = batch * attended * kv_per_token
            if shards != 1:
                kv = kv / shards
            flops = flops_per_sequence * batch
            if tp != 1:
                flops = flops / tp
            tokens = batch
            if tokens_per_sequence != 1:
                flops *= tokens_per_sequence
                tokens = batch * tokens_per_sequence
            kv_s = kv / kv_bandwidth if kv_tokens else 0.0
            # the forward products' efficiency at ``tokens`` (matmul_efficiency_by_shape, row_inverse)
            t = tokens if tokens >= 1.0 else 1.0
            rows_t = 1.0 + m_half / t if t >= m_half else (1.0 + M_SPLIT / t) * 2.0 * m_half / (m_half + M_SPLIT)
            per_layer = dense_m * rows_t
            if moe:
                r = t * routed_share
                r = r if r >= 1.0 else 1.0
                routed = 1.0 + m_half / r if r >= m_half else (1.0 + M_SPLIT / r) * 2.0 * m_half / (m_half + M_SPLIT)
                per_layer = per_layer + routed_m * routed
            rate = peak * (work / (layers * per_layer + head_m * rows_t)) * prefill_efficiency
            compute_s = flops / (rate if rate < peak else peak)
            if fixed_weights_s is None:  # MoE: the routed experts' grouped GEMM apart (experts_apart_seconds)
                routed_w = n_moe * touched * expert / ep * weight_bytes / tp / weight_bandwidth
                routed_c = compute_s * matmul_share * (layers * routed_m * routed / (layers * per_layer + head_m * rows_t))
                rest_w, rest_c = weights_s - routed_w + exposed * compute_s - gamma * routed_c, \
                    compute_s - routed_c  # γ on the other products only (seconds)
                step = (routed_w if routed_w >= routed_c else routed_c) + (rest_w if rest_w >= rest_c else rest_c) + kv_s
            else:
                streamed = weights_s + exposed * compute_s
                step = (streamed if streamed >= compute_s else compute_s) + kv_s
            if communicates:
                comm_s = (0.0 if tp_seconds is None else tp_seconds(tokens)) + \
                    (0.0 if ep_args is None else _ep_seconds(tokens, ep_args))
                if not (type(comm_s) is float and comm_s == 0.0):
                    step = step + comm_s
            return float(step + overhead_s), (weights_s, kv_s, compute_s)

        self.made[tokens_per_sequence] = at
        return at

    def _forward(self) -> tuple:
        """:meth:`plain_steps`' coefficients: :func:`~configurator.core.matmul_shapes.forward_coefficients`,
        the layers, whether the model routes tokens to experts, and the tensor-parallel all-reduces
        as a function of the tokens (:func:`~configurator.core.formulas.communication.tensor_parallel_seconds_of`)."""
        expert_tp = self.tp if self.expert_tp is None else self.expert_tp
        return (*forward_coefficients(self.model, self.card, self.math, self.tp, self.ep, expert_tp),
                self.model.n_layers, self.model.is_moe,
                None if self.tp_args is None else _tp_seconds_of(self.tp_args))


def decode_step_seconds(
    scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int, kv_tokens: int, tokens_per_sequence: int = 1
) -> tuple[float, str]:
    """One decode step for ``batch`` sequences of ``kv_tokens`` cached tokens, each computing
    ``tokens_per_sequence`` positions (speculative verification) [s]; ``batch`` may be an array.

    Roofline with the engine's profile (:mod:`configurator.core.engines`):
    ``max(W/(B·c·s_w) + γ·F_mm/(P·e·s_p), F/(P·e·s_p)) + KV/(B·c·s_kv(ctx)) + L·t_layer + t_step`` plus the
    tensor-parallel all-reduces, γ the share of the matrix products' time ``F_mm/(P·e·s_p)`` that does not hide
    under their weight stream (:func:`~configurator.core.formulas.gemm_efficiency.streamed_seconds`); W and KV
    are the weight and cache bytes per card (estimator.md, Inference), split by tensor parallelism. A mixture of
    experts takes its routed experts' grouped GEMM and its other products each at its own roofline, one after the
    other, in place of the ``max`` (:func:`~configurator.core.formulas.moe.experts_apart_seconds`,
    :meth:`DecodeStep.routed`).
    The batched products read the weights once (their
    own roofline), while attention reads each sequence's cache in a kernel of its own, after them:
    Orca's selective batching runs attention per request apart from the batched operations (Yu et
    al. 2022, §4.2), vLLM's PagedAttention is a separate kernel over the cache blocks (Kwon et al.
    2023, §4.1). So the cache read adds to a compute-bound step instead of hiding under it; in a
    memory-bound step the two sums are the same.
    """
    step, parts = _decode_step(scenario, card, plan, batch, kv_tokens, tokens_per_sequence)
    return step, _bound(*parts)


def _decode_step(scenario: Scenario, card: Card, plan: PrecisionPlan, batch, kv_tokens: int,
                 tokens_per_sequence: int = 1):
    """:func:`decode_step_seconds`'s step [s] and its roofline parts (weights, cache, products [s])."""
    return DecodeStep(scenario, card, plan, kv_tokens).seconds(batch, tokens_per_sequence)


def _decode_roofline(scenario: Scenario, card: Card, plan: PrecisionPlan, batch, kv_tokens: int,
                     tokens_per_sequence: int = 1):
    """The roofline parts of a decode step (:func:`decode_step_seconds`): the weight stream, the
    cache read and the products [s]; ``batch`` may be an array."""
    return DecodeStep(scenario, card, plan, kv_tokens).roofline(batch, tokens_per_sequence)


def _bound(weights_s, kv_s, compute_s) -> str:
    """``memory`` where reading the weights and the cache takes at least as long as the products
    (at every batch of an array), else ``compute``."""
    memory_bound = weights_s + kv_s >= compute_s
    if type(memory_bound) is bool:  # plain numbers (a step table's): no array function asked
        return "memory" if memory_bound else "compute"
    return "memory" if (memory_bound if np.ndim(memory_bound) == 0 else np.all(memory_bound)) else "compute"


def decode_bound(scenario: Scenario, card: Card, plan: PrecisionPlan, batch: int, kv_tokens: int) -> str:
    """What bounds a decode step (:func:`decode_step_seconds`'s second answer), without its
    collectives and overheads."""
    return _bound(*_decode_roofline(scenario, card, plan, batch, kv_tokens))


def with_drafts(verify, plain, k: int, draft_cost: float):
    """A speculative step: the verifying pass of ``k + 1`` positions per sequence after ``k`` draft
    tokens at ``draft_cost`` of a plain step each [s] (:func:`speculative_step_seconds`)."""
    return verify + k * draft_cost * plain


def speculative_step_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, batch: float,
                             kv_tokens: int, plain: float | None = None) -> float:
    """A decode step with speculative decoding: the target verifies ``k + 1`` positions per
    sequence in one pass (same weights and KV read, ``k + 1``× the products), after ``k`` draft
    tokens at ``speculative_draft_cost`` of a plain step each [s]. ``plain``: the plain step
    (:func:`decode_step_seconds`) when the caller has it already."""
    k = scenario.serving.speculative_tokens
    if plain is None:
        plain = _decode_step(scenario, card, plan, batch, kv_tokens)[0]
    if not k:
        return plain
    verify = _decode_step(scenario, card, plan, batch, kv_tokens, k + 1)[0]
    return with_drafts(verify, plain, k, scenario.serving.speculative_draft_cost)
