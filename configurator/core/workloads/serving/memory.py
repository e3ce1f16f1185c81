"""Serving memory per card (the serving family's): weights, the KV cache of every sequence, the
prefill working set of one engine step and each sequence's sampling buffers, as a function of
concurrency and context (:class:`ServingMemoryModel`). Moved out of :mod:`configurator.core.memory`,
which keeps what training and serving share (usable capacity, stage parameters, the KV cache per
token, :class:`~configurator.core.memory.MemoryBreakdown`)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.parallelism import expert_parallel_factor
from configurator.core.frozen_record import fast_init
from configurator.core.memory import (
    MemoryBreakdown,
    routed_expert_params,
    stage_layer_count,
    stage_params,
    usable_capacity_bytes,
)
from configurator.core.decode_step import copy_kv_bytes
from configurator.core.engine_step import engine_step_tokens
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario
from configurator.core.units import GIB


MLP_WORKING_WIDTHS = 3
"""ffn-wide tensors a prompt token holds at once in the MLP [count]: the gate and up projections' output
(one ``[tokens, 2·ffn]`` tensor where the engine fuses them) and the activation's product of the two, which the
kernel writes beside its input (vLLM ``SiluAndMul``: ``out = torch.empty(..., d)`` from an input of ``2·d``;
plain PyTorch ``silu(gate(x)) * up(x)`` likewise holds three at the product). Two were counted before the H200
grid of 2026-12-04, whose eager Llama 3 8B forward held 28 % more than that per token (benchmarks/data)."""


def serving_token_working_bytes(model: ModelArchitecture, math_bytes: float) -> float:
    """Transient bytes per token in flight through one layer during prefill [B]:
    residual and normed input, q/k/v, attention output and the MLP's :data:`MLP_WORKING_WIDTHS`
    ffn-wide tensors."""
    widths = 2 * model.hidden + model.q_dim + 2 * model.kv_dim + model.attn_out_dim \
        + MLP_WORKING_WIDTHS * model.mlp_token_width
    return math_bytes * widths


@fast_init
@dataclass(frozen=True)
class ServingMemoryModel:
    """Serving memory as a function of concurrency and context: weights, the KV cache of every
    sequence, the prefill working set of one engine step (its tokens grow with the sequences up to
    the step's budget) and each sequence's sampling buffers."""

    weights: float
    kv_per_token_per_sequence: float
    working_per_token: float
    """Prefill working set per token of the engine step on one card [B]."""
    step_tokens: int
    """Tokens one engine step prefills at most (``max_batched_tokens``) [tokens]."""
    prompt_tokens: int
    """Prompt of one sequence [tokens]."""
    activations_per_sequence: float
    context: float
    capacity: float
    budget: float
    window: int | None = None
    """Tokens a sliding-window layer keeps (None: every layer keeps the whole context) [tokens]."""
    sliding_share: float = 0.0
    """Share of the layers that keep only the window."""

    def cached_tokens(self, context_tokens: float) -> float:
        """Cache entries per layer of one sequence at ``context_tokens``, averaged over the layers:
        ``(1 − s)·c + s·min(c, w)`` (ModelArchitecture.attended_tokens) [tokens]."""
        if not self.sliding_share:
            return context_tokens
        return (1 - self.sliding_share) * context_tokens + self.sliding_share * min(context_tokens, self.window)

    def _context_for(self, cached: float) -> int:
        """The longest context whose cache is ``cached`` entries per layer (the inverse of
        ``cached_tokens``; unbounded when every layer slides: the Serving context's limit)."""
        if not self.sliding_share or cached <= self.window:
            return int(cached)
        if self.sliding_share >= 1:
            return 2_097_152
        return int((cached - self.sliding_share * self.window) / (1 - self.sliding_share))

    def step_prefill_tokens(self, concurrency: int) -> int:
        """Tokens one engine step prefills with ``concurrency`` sequences: their prompts, at most
        the step's budget, ``min(step, prompt·n)`` [tokens]."""
        return min(self.step_tokens, self.prompt_tokens * concurrency)

    def working_set(self, concurrency: int) -> float:
        """The prefill working set of one engine step with ``concurrency`` sequences [B]."""
        return self.step_prefill_tokens(concurrency) * self.working_per_token

    def _parts(self, concurrency: int, context_tokens: int) -> tuple[float, float, float]:
        """The KV cache, the activations and the total of :meth:`breakdown` [B] (:meth:`cached_tokens`
        and :meth:`working_set` written out, the same operations: no call each)."""
        share = self.sliding_share
        cached = (1 - share) * context_tokens + share * min(context_tokens, self.window) if share else context_tokens
        kv = self.kv_per_token_per_sequence * cached * concurrency
        step, prompts = self.step_tokens, self.prompt_tokens * concurrency  # step_prefill_tokens: the smaller
        activations = (prompts if prompts < step else step) * self.working_per_token \
            + self.activations_per_sequence * concurrency
        return kv, activations, self.weights + kv + activations + self.context

    def fits(self, concurrency: int, context_tokens: int) -> bool:
        """Whether :meth:`breakdown` at ``concurrency`` and ``context_tokens`` fits (its total within
        the budget, :attr:`MemoryBreakdown.fits`), without making the breakdown (the serving search's
        rate probe asks thousands of times)."""
        return self._parts(concurrency, context_tokens)[2] <= self.budget

    def breakdown(self, concurrency: int, context_tokens: int) -> MemoryBreakdown:
        kv, activations, total = self._parts(concurrency, context_tokens)
        # by position (weights, gradients, optimizer, activations, kv_cache, overhead, not_concurrent, total,
        # capacity, budget): no keywords bound for the record every copy makes
        return MemoryBreakdown(self.weights, 0.0, 0.0, activations, kv, self.context, 0.0, total, self.capacity,
                               self.budget)

    def _room(self) -> float:
        """The budget less weights and the CUDA context [B]."""
        return self.budget - self.weights - self.context

    def max_concurrency(self, context_tokens: int) -> int:
        """The most sequences at ``context_tokens`` whose :meth:`breakdown` fits [sequences].

        The step's working set is ``min(S, P·n)·w``, so the total is the smaller of two lines in
        ``n``: ``S·w + n·q`` (the step full) and ``n·(P·w + q)`` (the prompts short of it), with
        ``q`` the cache and sampling buffers of one sequence; ``n`` fits when either line is within
        the room, and the largest such ``n`` is the larger of the two lines' own largest."""
        per_sequence = self.kv_per_token_per_sequence * self.cached_tokens(context_tokens) + \
            self.activations_per_sequence
        room = self.budget - self.weights - self.context  # _room(), no call
        full_step = (room - self.step_tokens * self.working_per_token) // per_sequence
        short_step = room // (self.prompt_tokens * self.working_per_token + per_sequence)
        most = max(0, int(max(full_step, short_step)))
        while most > 0 and not self._parts(most, context_tokens)[2] <= self.budget:  # .fits (the sums' last rounding)
            most -= 1
        return most

    def max_context(self, concurrency: int) -> int:
        step, prompts = self.step_tokens, self.prompt_tokens * concurrency  # _room() and working_set(), no call
        room = self.budget - self.weights - self.context \
            - (prompts if prompts < step else step) * self.working_per_token \
            - self.activations_per_sequence * concurrency
        return max(0, self._context_for(room // (self.kv_per_token_per_sequence * concurrency)))


def _serving_stage_params(model: ModelArchitecture, pp: int, first: bool, ep: int) -> float:
    """Parameters of a serving stage on one tensor-parallel group [count]: with expert
    parallelism over ``ep`` copies, the dense part whole and ``1/ep`` of the routed experts
    (``expert_parallel_factor``)."""
    stage = stage_params(model, pp, first)
    if ep <= 1 or not model.is_moe:
        return stage
    share = routed_expert_params(model, stage_layer_count(model, pp) if pp > 1 else model.n_layers) / stage
    return stage * expert_parallel_factor(share, ep)


def serving_memory_model(scenario: Scenario, card: Card, plan: PrecisionPlan) -> ServingMemoryModel:
    """Weights, KV cache, prefill working set and sampling buffers per card.

    Serving engines reserve ``engine_memory_fraction`` of the card up front (vLLM
    ``gpu_memory_utilization``, default 0.9); the model must fit inside that budget.
    """
    model, par, serving = scenario.model, scenario.parallelism, scenario.serving
    tp, pp = par.tp, par.pp
    ep = scenario.expert_copies
    if pp == 1:  # one stage: the first is the last
        stage = _serving_stage_params(model, pp, True, ep)
    else:
        stage = max(_serving_stage_params(model, pp, first, ep) for first in (True, False))
    weights = stage * plan.weight_bytes / tp
    kv_per_token, shards = copy_kv_bytes(scenario, plan)  # kept for the copy's decode step, which asks next
    kv_per_token = kv_per_token / shards / pp
    sampling = 2 * 4 * model.vocab  # fp32 logits and probabilities of one position
    capacity = usable_capacity_bytes(card, scenario.assumptions)
    return ServingMemoryModel(  # by position, in the order of its fields (no keywords bound)
        weights,  # weights
        kv_per_token,  # kv_per_token_per_sequence
        serving_token_working_bytes(model, plan.math_bytes) / tp,  # working_per_token
        engine_step_tokens(scenario, card),  # step_tokens
        serving.prompt_tokens,  # prompt_tokens
        sampling,  # activations_per_sequence
        scenario.assumptions.cuda_context_gib * GIB,  # context
        capacity,  # capacity
        capacity * serving.engine_memory_fraction,  # budget
        model.sliding_window,  # window
        model.n_sliding_layers / model.n_layers,  # sliding_share
    )
