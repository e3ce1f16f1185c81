"""Prefill times of one model copy: a prompt's FLOPs and its time alone on an idle copy
(:func:`prefill_seconds`), and what the load model (:mod:`configurator.core.load`) reads of a prompt:
the time of one of its tokens inside an engine step, the weight read of the step carrying it, a
prefill pass of its own, a prefill pool's time per prompt. Each a function of the copy's scenario,
card and precision plan; those that do not depend on the batch per copy are kept for the next
copy that differs only in it (:func:`_batch_free`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.decode_step import (
    _bandwidth,
    _ep_all_to_all_s,
    _tp_allreduce_s,
    decode_weight_bytes,
)
from configurator.core.decode_step_table import same_but_batch
from configurator.core.engine_step import engine_step_tokens
from configurator.core.engines import decode_read_factor
from configurator.core.formulas.eager_layer import eager_elementwise_bytes_per_token, eager_layer_kernels
from configurator.core.memo import LastAsked
from configurator.core.precision import PrecisionPlan
from configurator.core.prompt_rate import prompt_dequantized, prompt_int8_quantized, serving_rate
from configurator.core.prefill_attention import prompt_attention_flops, prompt_compute_seconds
from configurator.core.prompt_conversions import conversion_bytes
from configurator.core.scenario import Scenario


def prefill_flops(model: ModelArchitecture, prompt_tokens: int, sampled: int = 1, attention: float | None = None
                  ) -> float:
    """Forward FLOPs of a prompt of ``P`` tokens whose logits are computed at ``sampled`` positions
    [FLOP]: ``2·(N − V·d)·P + 2·V·d·s`` for the products (``N`` the matrix-product parameters,
    :meth:`~configurator.core.architecture.ModelArchitecture.matmul_params`, of which the output
    head is ``V·d``, vocabulary × hidden) plus causal attention
    (:func:`~configurator.core.prefill_attention.prompt_attention_flops`).

    A serving engine runs the output head only where it samples, the last position of each
    request in the step, not at every prompt token: vLLM ``logits_indices = query_start_loc[1:] -
    1``, then ``compute_logits(hidden_states[logits_indices])`` (vllm-project/vllm 4e179065,
    vllm/v1/worker/gpu_model_runner.py, ``_prepare_inputs`` and ``execute_model``); SGLang "Prefill
    without input logprobs": ``hidden_states[cumsum(extend_seq_lens) - 1]`` (sgl-project/sglang
    5993251f, python/sglang/srt/layers/logits_processor.py); TensorRT-LLM only with
    ``gather_context_logits``, default False (tensorrt_llm.runtime.ModelConfig, nvidia.github.io/
    TensorRT-LLM/python-api/tensorrt_llm.runtime.html); llama.cpp "the output only for the last
    token" of a batch without per-token flags unless embeddings ask for all (ggml-org/llama.cpp
    21e9bbe2, src/llama-batch.cpp, ``llama_batch_allocr::init``). Prompt log-probabilities (none
    of the calibration rows ask for them) would put the head back at every token.

    ``sampled``: 1 for a prompt prefilled in one step. A prompt chunked over several steps is
    sampled in each (vLLM samples a partial request's last token and discards it, its comment in
    ``_prepare_inputs``; SGLang "we still need to sample 1 token"), so its caller passes the chunks
    it spans. Decode (every decoding token samples) and training (the loss reads every position)
    keep the head at every token (``matmul_params``).

    ``attention``: :func:`~configurator.core.prefill_attention.prompt_attention_flops` of the
    prompt, when the caller has worked it out already."""
    head = model.vocab * model.hidden
    return 2.0 * (model.matmul_params() - head) * prompt_tokens + 2.0 * head * sampled \
        + (prompt_attention_flops(model, prompt_tokens) if attention is None else attention)



def prefill_layer_overhead(scenario: Scenario) -> float:
    """Time per layer per prefill chunk beyond the roofline [s]: the engine's, else
    ``Assumptions.prefill_layer_overhead_s`` (prompt kernels run eagerly, without CUDA graphs, in
    every engine).

    The default, 154.3 µs, is **fitted** beside the prompt efficiency (``formulas/efficiency.py``,
    PREFILL_LAYER_OVERHEAD_S; 130 µs, informed, until session 49), not derived. A count
    of TensorRT-LLM's context layer gives 24-51 µs: 8-17 kernels at ≈3 µs each. Its measured kernel tables give
    ≈45 µs. vLLM with CUDA graphs needs at most 50 µs
    (``benchmarks/data/notes-informed-defaults-2026-12-06.md``). The default lies above all of these, because it
    also carries terms this function does not price. Since the prompt became a roofline, TensorRT-LLM's
    128-token rows leave 96-144 µs a layer beyond the counted 24 µs and the fused layer's elementwise traffic.
    Two unpriced terms are of that size: those rows ran eagerly, so the host launches every kernel; and FP8 weights
    stream at ≈0.55 of the bandwidth in TensorRT-LLM's GEMMs, not 0.85. Derived (24 µs, with or without that
    traffic), the held-out serving-latency median worsens by 13-21 points. Fitted (154 µs), held-out prefill
    worsens by 1.3 points (``benchmarks/data/notes-prefill-derived-2026-12-06.md``)."""
    own = scenario.serving.profile.prefill_layer_overhead_s
    return scenario.assumptions.prefill_layer_overhead_s if own is None else own


def prefill_seconds(
    scenario: Scenario, card: Card, plan: PrecisionPlan, prompt_tokens: int, sequences: int = 1, alone: bool = False
) -> float:
    """Prefill of ``sequences`` prompts, batched in chunks of ``max_batched_tokens`` [s].

    Per chunk: the FLOPs at the engine's share of the prefill efficiency (causal attention at the
    engine's attention kernel's share, where published: :mod:`configurator.core.prefill_attention`)
    plus one read of the
    weights (and, where quantized weights are dequantized before FP16 products,
    :func:`~configurator.core.prompt_rate.prompt_dequantized`, their FP16 copy written and read
    back), per-layer time, tensor-parallel all-reduces and, where the engine keeps FP32 activations and
    converts them to FP16 around its cuBLAS products, those conversions (:func:`prompt_conversion_seconds`,
    llama.cpp); where the engine runs its prompt layers op by op (Hugging Face transformers), their
    elementwise kernels' traffic (:func:`prompt_elementwise_seconds`) and, as a floor, the host's
    dispatch of their kernels (:mod:`configurator.core.formulas.eager_layer`). The dequantization is the engine's own
    memory-bound kernel (llama.cpp: ``dequantize_block_q4_K<<<nb, 32>>>``, one 32-thread block per
    256-weight block, ggml-org/ggml src/ggml-cuda/convert.cu): its traffic, the quantized blocks read
    and the copy written, runs at the engine's HBM factor as its decode kernels do
    (:func:`~configurator.core.engines.decode_read_factor`, an **assumption**: the same few reads in
    flight per SM); the product reads the copy back as it reads FP16 weights. The weight stream the products read
    and the products (attention apart) overlap, chunk by chunk (:func:`overlapped_seconds`,
    ``Assumptions.prompt_overlap``: 1, the roofline), and the products run at the prompt efficiency
    (``Assumptions.prompt_efficiency``: :func:`~configurator.core.prompt_rate.serving_rate` ``idle``);
    attention, the dequantization kernel, per-layer time and collectives are added. With one
    sequence: time to first token on an idle copy.

    ``alone``: the prompts are the only ones in flight, the other copies that share this copy's
    experts (attention data parallel, :attr:`~configurator.core.scenario.Scenario.expert_copies`)
    idle. Their cards then run this copy's tokens' experts beside it, so its cards spend
    ``1/copies`` of the routed products' time, at the rows per expert its own tokens give
    (:func:`~configurator.core.prompt_rate.serving_rate`'s ``alone``): each attention-DP rank
    prefills its own requests and the experts of every rank's tokens run on all the ranks. SGLang
    ``--enable-dp-attention``: a rank with no batch while another has tokens runs an empty one
    (sgl-project/sglang ``python/sglang/srt/managers/scheduler.py``: ``if local_batch is None and
    max(global_num_tokens) > 0: local_batch = self.get_idle_batch()``) to join the MoE layers' all-to-all;
    vLLM's data parallel for MoE models: "Execute a dummy pass when no ready requests ran"
    (vllm-project/vllm 00080ee ``vllm/v1/engine/core.py``, ``DPEngineCoreProc.run_busy_loop``:
    ``execute_dummy_batch``). Without ``alone`` (a copy's share of the routed products on its own
    cards, the load model's prompt token) the prompt is charged as if every copy prefilled one at once.
    """
    a, model = scenario.assumptions, scenario.model
    profile = scenario.serving.profile
    tokens = prompt_tokens * sequences
    step = engine_step_tokens(scenario, card)
    chunks = math.ceil(tokens / step)
    chunk = min(tokens, step)
    compute_s, products_s = _prompt_compute_s(scenario, card, plan, prompt_tokens, chunk, alone, idle=True)
    stream_s, kernel_s = _chunk_weight_parts(scenario, card, plan, chunk)
    chunk_s = overlapped_seconds(sequences * products_s / chunks, stream_s, a.prompt_overlap)
    overhead_s = chunks * (model.n_layers * prefill_layer_overhead(scenario) + profile.step_overhead_s + kernel_s)
    comm_s = _tp_allreduce_s(scenario, card, tokens, plan.math_bytes) + \
        _ep_all_to_all_s(scenario, card, tokens, plan.math_bytes)
    gpu_s = float(chunks * chunk_s + sequences * (compute_s - products_s) + overhead_s + comm_s
                  + prompt_conversion_seconds(scenario, card, plan, tokens)
                  + prompt_elementwise_seconds(scenario, card, plan, tokens))
    op_host_s = profile.prompt_eager_op_host_s
    if op_host_s is None:
        return gpu_s
    # op by op, the host launches every kernel of every layer of each chunk: the GPU waits on it when its work is shorter
    return max(gpu_s, chunks * model.n_layers * eager_layer_kernels(model.gated_mlp) * op_host_s)


def overlapped_seconds(products_s: float, stream_s: float, overlap: float) -> float:
    """Time of a prompt chunk's products and the weight stream they read, ``overlap`` of the shorter
    running under the longer [s]: ``p + s − overlap · min(p, s)``; at ``overlap`` 1 the roofline,
    ``max(p, s)`` (Williams, Waterman and Patterson, "Roofline", Commun. ACM 52(4), 2009: a kernel takes
    the longer of its arithmetic and its memory traffic; a GEMM's multistage mainloop streams the next
    k-tiles of the weights while the tensor cores work on the current ones, NVIDIA CUTLASS), at 0 their
    sum (``Assumptions.prompt_overlap``, :data:`~configurator.core.formulas.efficiency.PROMPT_OVERLAP`)."""
    return products_s + stream_s - overlap * min(products_s, stream_s)


def _chunk_weight_parts(scenario: Scenario, card: Card, plan: PrecisionPlan, chunk: int) -> tuple[float, float]:
    """:func:`prefill_seconds`' weight traffic for one chunk of ``chunk`` prompt tokens, in two parts [s]:
    the stream the products read (the weights, or where the engine dequantizes them first, the FP16
    copy read back), which runs under the products (:func:`overlapped_seconds`), and the engine's
    dequantization kernel (the quantized blocks read and the copy written at its HBM factor; 0 where
    none runs), added."""
    tp, model, profile = scenario.parallelism.tp, scenario.model, scenario.serving.profile
    weights = decode_weight_bytes(model, chunk, plan.weight_bytes, scenario.expert_copies) / tp
    bandwidth = _bandwidth(card, scenario.assumptions, profile.weight_stream_share)
    if prompt_dequantized(card, plan, profile):  # the engine's kernel reads the blocks, writes an FP16 copy
        copy = decode_weight_bytes(model, chunk, 2.0, scenario.expert_copies) / tp  # the product reads it back
        return copy / bandwidth, (weights + copy) / (bandwidth * decode_read_factor(profile, card.memory_type))
    return weights / bandwidth, 0.0


def _chunk_weights_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, chunk: int) -> float:
    """The whole weight traffic of one chunk of ``chunk`` prompt tokens, the two parts of
    :func:`_chunk_weight_parts` added (the load model's step carrying the chunk reads it beside its
    decodes: :func:`prompt_step_read_seconds`) [s]."""
    stream_s, kernel_s = _chunk_weight_parts(scenario, card, plan, chunk)
    return stream_s + kernel_s


def prompt_conversion_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, tokens: float) -> float:
    """The engine's FP16 conversions of activations around the cuBLAS products of ``tokens`` prompt
    tokens on one of ``tp`` cards [s]: :func:`~configurator.core.prompt_conversions.conversion_bytes`
    where the profile runs them (``prompt_fp16_conversions``) and the products are not its INT8
    kernels (:func:`~configurator.core.prompt_rate.prompt_int8_quantized`: MMQ writes FP32 itself),
    else 0. Like the dequantization kernel they are the engine's own memory-bound kernels, so
    their traffic runs at its HBM factor (:func:`~configurator.core.engines.decode_read_factor`,
    the same **assumption**)."""
    profile = scenario.serving.profile
    if not profile.prompt_fp16_conversions or prompt_int8_quantized(card, plan, profile):
        return 0.0
    bandwidth = _bandwidth(card, scenario.assumptions, profile.weight_stream_share) \
        * decode_read_factor(profile, card.memory_type)
    return conversion_bytes(scenario.model, tokens) / scenario.parallelism.tp / bandwidth


def prompt_elementwise_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan, tokens: float) -> float:
    """The elementwise kernels' traffic of ``tokens`` prompt tokens on one of ``tp`` cards where the
    engine runs its prompt layers op by op (``EngineProfile.prompt_eager_op_host_s`` set): every
    layer's :func:`~configurator.core.formulas.eager_layer.eager_elementwise_bytes_per_token` at the
    card's sustained bandwidth (``Assumptions.decode_bandwidth_efficiency``: plain elementwise kernels
    stream as a copy does), else 0 [s]."""
    if scenario.serving.profile.prompt_eager_op_host_s is None:
        return 0.0
    model, tp = scenario.model, scenario.parallelism.tp
    per_token = eager_elementwise_bytes_per_token(model.hidden, model.q_dim, model.kv_dim, model.mlp_token_width,
                                                  model.gated_mlp, plan.math_bytes, tp)
    return tokens * model.n_layers * per_token / _bandwidth(card, scenario.assumptions)


def _prompt_compute_s(scenario: Scenario, card: Card, plan: PrecisionPlan, prompt_tokens: int, chunk: int,
                      alone: bool = False, idle: bool = False) -> tuple[float, float]:
    """:func:`~configurator.core.prefill_attention.prompt_compute_seconds` of one prompt of
    ``prompt_tokens`` (:func:`prefill_flops`, sampled once in each chunk it spans) at the prompt
    rate of ``chunk`` tokens per step with one sampled position per prompt in it, at least one
    (:func:`~configurator.core.prompt_rate.serving_rate`), and of it the products' part (attention's
    FLOPs left out, at the same rate) [s, s]; the last answer given again for the same scenario, card
    and plan objects and numbers. ``alone``: :func:`prefill_seconds`'; ``idle``: the products at the
    prompt efficiency (:func:`prefill_seconds`), else the serving steps' (the load model's prompt token)."""
    alone = alone and scenario.expert_copies > 1  # else the same prompt as any other
    last = _LAST_PROMPT_COMPUTE.kept
    if last is not None and last[0] is scenario and last[1] is card and last[2] is plan \
            and last[3] == prompt_tokens and last[4] == (chunk, alone, idle):
        return last[5]
    rate = serving_rate(card, plan, scenario, chunk, head_rows=max(1.0, chunk / prompt_tokens), alone=alone,
                        idle=idle)
    model = scenario.model
    attention = prompt_attention_flops(model, prompt_tokens)  # in the FLOPs, and timed apart where a kernel says
    flops = prefill_flops(model, prompt_tokens, -(-prompt_tokens // chunk), attention)
    value = (prompt_compute_seconds(scenario, card, prompt_tokens, rate, flops, attention),
             (flops - attention) / scenario.parallelism.tp / rate)
    _LAST_PROMPT_COMPUTE.kept = (scenario, card, plan, prompt_tokens, (chunk, alone, idle), value)
    return value


_LAST_PROMPT_COMPUTE = LastAsked()
"""The last prompt compute time :func:`_prompt_compute_s` worked out: (scenario, card, plan, prompt
tokens, (chunk, alone, idle), (seconds, products' seconds)), the objects by identity (held here)."""


PrefillTime = Callable[[Scenario, Card, PrecisionPlan], float]
"""A prefill time of one copy of a scenario on a card with a precision plan [s]."""


def _batch_free(fn: PrefillTime) -> PrefillTime:
    """``fn``, a prefill time of one copy, with its last answer given again when asked for the same
    card, an equal precision plan and a scenario that provably differs from the last one only in
    :data:`~configurator.core.decode_step_table.NO_PREFILL_FIELDS`: every other field the same
    object (a search varies the batch and the pools by copying the scenario with those fields
    replaced, which shares the rest). Anything else is worked out afresh. The last answer is a
    :class:`~configurator.core.memo.LastAsked`, forgotten with every other function's
    (:func:`~configurator.core.memo.clear_last_asked`, with the estimate memo), and holds the
    scenario's model beside it: a new model object, a new question, is told apart without reading
    the last scenario (an object of the question before, no longer in the processor's caches)."""
    last = LastAsked((None, None, None, None, None))

    def remembered(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
        kept = last.kept  # (scenario, card, plan, value, the scenario's model)
        # a new model object tells a new question apart at once (same_but_batch's own first test, no call)
        if kept[4] is scenario.model and kept[1] is card and same_but_batch(kept[0], scenario) and kept[2] == plan:
            return kept[3]
        value = fn(scenario, card, plan)
        last.kept = (scenario, card, plan, value, scenario.model)
        return value

    remembered.__doc__, remembered.__name__ = fn.__doc__, fn.__name__
    return remembered


@_batch_free
def idle_ttft_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """Time to first token of one uncached prompt on an idle copy, the copies that share its experts
    idle too (:func:`prefill_seconds` ``alone``) [s]."""
    return prefill_seconds(scenario, card, plan, uncached_prompt_tokens(scenario), alone=True)


def uncached_prompt_tokens(scenario: Scenario) -> int:
    """Prompt tokens a request prefills: those not found in the prefix cache."""
    serving = scenario.serving
    return max(1, math.ceil(serving.prompt_tokens * (1.0 - serving.prefix_hit_rate)))


@_batch_free
def prompt_token_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """Compute time of one prompt token inside an engine step, its share of the prompt's products,
    collectives, activation conversions (:func:`prompt_conversion_seconds`) and an eager engine's
    elementwise traffic (:func:`prompt_elementwise_seconds`)
    (:attr:`~configurator.core.load.StepCosts.prompt_token_s`) [s]: of the prompt a request prefills,
    its tokens not found in the prefix cache (:func:`uncached_prompt_tokens`), as
    :func:`prefill_seconds` counts them for one prompt, so that its tokens' time is that prefill's."""
    return _prompt_token_s(scenario, card, plan)


@_batch_free
def alone_prompt_token_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """:func:`prompt_token_seconds` of the prompt's own tokens in the steps that carry it where other
    copies share its experts (attention data parallel): its routed products run on their cards too,
    as for a prompt :func:`prefill_seconds` ``alone`` (those copies' own prompts are in their steps'
    :func:`prompt_token_seconds`) [s]; the same number where no copy shares them
    (:attr:`~configurator.core.load.StepCosts.alone_token_s`)."""
    return _prompt_token_s(scenario, card, plan, scenario.expert_copies > 1)


def _prompt_token_s(scenario: Scenario, card: Card, plan: PrecisionPlan, alone: bool = False) -> float:
    """:func:`prompt_token_seconds` worked out; ``alone``: :func:`alone_prompt_token_seconds`'."""
    serving = scenario.serving
    profile = serving.profile
    p = uncached_prompt_tokens(scenario)
    per_token = _prompt_compute_s(scenario, card, plan, p, min(p, engine_step_tokens(scenario, card)), alone)[0] / p
    per_token += float(_tp_allreduce_s(scenario, card, p, plan.math_bytes)
                       + _ep_all_to_all_s(scenario, card, p, plan.math_bytes)) / p
    # each added only where its engine runs it: else its 0.0 (+ 0.0 / p leaves the positive sum as it is)
    if profile.prompt_fp16_conversions:
        per_token += prompt_conversion_seconds(scenario, card, plan, p) / p
    if profile.prompt_eager_op_host_s is not None:
        per_token += prompt_elementwise_seconds(scenario, card, plan, p) / p
    return per_token


@_batch_free
def prefill_pass_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """What a prompt's prefill pass adds to the running sequences' time where the engine runs it as a
    forward pass of its own (:attr:`~configurator.core.engines.EngineProfile.prefill_with_decodes`
    False, SGLang's default): the pass's read of the weights (:func:`prefill_seconds`' per chunk, at
    the copy's chunk of its prompt) and the host time of a step, which a decode step that carries the
    prompt shares with the decodes (:attr:`~configurator.core.load.StepCosts.own_pass_s`); 0 where the
    prompts ride in the decode steps [s]."""
    if scenario.serving.profile.prefill_with_decodes:
        return 0.0
    return prompt_step_read_seconds(scenario, card, plan)


@_batch_free
def prompt_step_read_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """The least a step carrying a prompt's chunk takes by the prompt's own count: :func:`prefill_seconds`'
    read of the weights per chunk (:func:`_chunk_weights_seconds`, at the copy's chunk of its prompt:
    a MoE's experts that chunk touches, a dequantized copy where the engine makes one) and the host
    time of a step (:attr:`~configurator.core.load.StepCosts.prompt_read_s`) [s]; the prompt's tokens
    not found in the prefix cache (:func:`uncached_prompt_tokens`), those its steps carry."""
    serving = scenario.serving
    chunk = min(uncached_prompt_tokens(scenario), engine_step_tokens(scenario, card))
    return _chunk_weights_seconds(scenario, card, plan, chunk) + serving.profile.step_overhead_s


@_batch_free
def prefill_pool_prompt_seconds(scenario: Scenario, card: Card, plan: PrecisionPlan) -> float:
    """Time a prefill copy of separate pools spends per prompt: as many uncached prompts as the
    chunk budget holds prefilled together, over their number [s]. Does not depend on the batch
    per copy."""
    prompt = uncached_prompt_tokens(scenario)
    together = max(1, engine_step_tokens(scenario, card) // prompt)
    return prefill_seconds(scenario, card, plan, prompt, together) / together
